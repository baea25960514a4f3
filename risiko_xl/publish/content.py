"""What a results post says, as plain data built from the tournament workbook.

One `Post` feeds every format (vBulletin/phpBB BBCode, Markdown, plain text, HTML): the
round's results table by table, the standings (or the final ranking once the final is
played), the next round's tables, the qualifiers of the next phase and how each
qualified, the draw certificates (so anyone can replay a draw), the publication time and
appeal deadline (seeds 000/003 Art. 2), and the trademark line seed 004 requires in any
communication. Numbers stay exact here; `Post.show` prints them the Italian way.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from fractions import Fraction

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.settings import setting_rows
from risiko_xl.cells import to_text
from risiko_xl.clock import italian_time
from risiko_xl.errors import RisikoError
from risiko_xl.names import FORMS, FULL, NAME
from risiko_xl.publish.numbers import italian
from risiko_xl.services.audit import procedure_text
from risiko_xl.services.finals_sheet import phase_title, stage_title
from risiko_xl.services.standings_sheet import (
    MEDAL_COLUMNS,
    column_value,
    position_text,
    recorded_lotteries,
    round_values,
    standings_columns,
    standings_seed,
)
from risiko_xl.standings import compute_standings, final_ranking
from risiko_xl.standings.model import DISQUALIFIED, FINAL, QUALIFYING, WITHDRAWN
from risiko_xl.tournament.loading import Tournament
from risiko_xl.tournament.scoring import group_tables

TRADEMARK = ("RisiKo! è un marchio registrato ® Editrice Giochi Srl - Tutti i diritti "
             "riservati.")  # seed 004, "Diciture legali"
PHASE_TITLES = {"Qualificazione": "Turno {n}", "Spareggio": "Spareggio (turno {n})",
                "Ripescaggio": "Ripescaggio (turno {n})",  # the playoff as 003 Art. 2 says
                "Semifinale": "Semifinali (turno {n})", "Finale": "Finale (turno {n})"}

Number = Fraction | int | None
NAMES_KEY = "Nomi nei post"  # how posts show players (`names.FORMS`; default FULL)
SEAT_HEADERS = ("Pos.", "Giocatore", "Club", "Punti tavolo", "Punti torneo", "Note")
RANKING_HEADERS = ("Pos.", "Giocatore", "Club")
QUALIFIED_HEADERS = ("Fase", "Tavolo", "Giocatore", "Club", "Qualificazione")


@dataclass(frozen=True)
class Seat:
    """One player at a table. `points`/`table_points` are None before the result."""

    position: str
    player: str
    name: str
    club: str
    table_points: int | None = None
    points: Fraction | None = None
    risiko: bool = False
    eliminated: bool = False
    order: int | None = None  # Ordine (turn order at the table), when typed

    @property
    def marks(self) -> str:
        return "RisiKo!" if self.risiko else "eliminato" if self.eliminated else ""


@dataclass(frozen=True)
class Table:
    phase: str
    round_no: int
    number: int
    seats: tuple[Seat, ...]

    @property
    def title(self) -> str:
        return f"Tavolo {self.number}" + ("" if self.phase == QUALIFYING else f" ({self.phase})")


@dataclass(frozen=True)
class Dropped:
    """A round's result the standings do not count (003 Art. 2: the worst is dropped):
    shown in parentheses, as the workbook shows it."""

    value: Number


@dataclass(frozen=True)
class Standing:
    """One ranking line: `values` in the order of the ranking's `columns`."""

    position: str
    player: str
    name: str
    club: str
    values: tuple[Number | str | Dropped, ...]


@dataclass(frozen=True)
class Ranking:
    title: str
    columns: tuple[str, ...]
    rows: tuple[Standing, ...]
    total: int  # lines in the whole ranking (rows may hold only the first N)
    rounds: int = 0  # the first `rounds` columns are T1, T2, …


@dataclass(frozen=True)
class Qualified:
    phase: str
    round_no: int
    table: str
    name: str
    club: str
    reason: str


@dataclass(frozen=True)
class Certificate:
    """A draw's public certificate: replaying it needs only these and the inputs."""

    round_no: int
    phase: str
    seed: str
    fingerprint: str
    engine: str
    procedure: str
    quality: str
    note: str = ""  # Sorteggi «Note»: the cinquisti drawn, why a figure is above its minimum


@dataclass(frozen=True)
class Withdrawal:
    """A player withdrawn or disqualified: 000 Art. 4 recompiles the classification
    without him, so a post says who left and when rather than dropping him silently.
    `after`: the last round he played (None: he never played)."""

    player: str
    name: str
    state: str
    after: int | None

    @property
    def text(self) -> str:
        when = f"dopo il turno {self.after}" if self.after else "prima di giocare"
        return f"{self.name} ({self.player}), {when}"


@dataclass(frozen=True)
class Post:
    tournament: str
    club: str
    venue: str
    round_no: int
    phase: str
    published: dt.datetime
    appeal_hours: int | None
    decimals: int
    results: tuple[Table, ...] = ()
    ranking: Ranking | None = None
    next_tables: tuple[Table, ...] = ()
    qualified: tuple[Qualified, ...] = ()
    certificates: tuple[Certificate, ...] = ()
    withdrawals: tuple[Withdrawal, ...] = ()
    trademark: str | None = TRADEMARK
    chart: bytes | None = None
    address: str | None = None  # «Indirizzo pubblicazione»: the room screen's QR code
    # (read and checked only for the room screen: a bad address never stops a forum post)

    @property
    def scored(self) -> tuple[Table, ...]:
        """The round's tables whose every result is typed: a post never shows a result
        that does not exist yet."""
        return tuple(t for t in self.results if all(s.points is not None for s in t.seats))

    @property
    def announced(self) -> bool:
        """True for a round drawn but not yet played: the post announces its tables."""
        return not self.scored

    @property
    def title(self) -> str:
        return PHASE_TITLES.get(self.phase, "{n}").format(n=self.round_no)

    @property
    def appeal_deadline(self) -> dt.datetime | None:
        """Publication plus the hours of 000/003 Art. 2 («entro 2 ore dalla
        pubblicazione»), counted in real time and shown on the Italian clock (a night the
        clocks change has an hour more or less on the wall)."""
        if not self.appeal_hours:
            return None
        return italian_time(self.published.astimezone(dt.timezone.utc)
                            + dt.timedelta(hours=self.appeal_hours))

    @property
    def next_title(self) -> str:
        if not self.next_tables:
            return ""
        return PHASE_TITLES.get(self.next_tables[0].phase, "{n}").format(n=self.round_no + 1)

    # Rows of cells as every format prints them (headers in the *_HEADERS constants).
    def seat_rows(self, table: Table) -> list[tuple[str, ...]]:
        return [(s.position, s.name, s.club, self.show(s.table_points), self.show(s.points),
                 s.marks) for s in table.seats]

    def ranking_rows(self) -> list[tuple[str, ...]]:
        assert self.ranking is not None
        return [(s.position, s.name, s.club, *map(self.show, s.values))
                for s in self.ranking.rows]

    def ranking_headers(self) -> tuple[str, ...]:
        assert self.ranking is not None
        return (*RANKING_HEADERS, *self.ranking.columns)

    def ranking_right(self) -> tuple[int, ...]:
        """Indices of the ranking's number columns (right-aligned where tables align)."""
        assert self.ranking is not None
        first = self.ranking.rows[0].values if self.ranking.rows else ()
        return tuple(len(RANKING_HEADERS) + i for i, v in enumerate(first)
                     if not isinstance(v, str))

    def qualified_rows(self) -> list[tuple[str, ...]]:
        return [(q.phase, q.table, q.name, q.club, q.reason) for q in self.qualified]

    def seating_rows(self, tables: tuple[Table, ...] | None = None) -> list[tuple[str, str]]:
        """(table number, its players) for `tables` (default: the next round's): each
        player «Nome (Club)», preceded by the turn order «1°» where Ordine is typed."""
        return [(str(t.number), ", ".join(seat_text(s) for s in t.seats))
                for t in (self.next_tables if tables is None else tables)]

    @staticmethod
    def announce_headers(table: Table) -> tuple[str, ...]:
        """The columns of an announced table: Ordine only where the turn order is typed."""
        ordered = any(s.order is not None for s in table.seats)
        return ("Ordine", "Giocatore", "Club") if ordered else ("Giocatore", "Club")

    def announce_rows(self, table: Table) -> list[tuple[str, ...]]:
        """One line per player of an announced table (the HTML page's small tables)."""
        ordered = len(self.announce_headers(table)) == 3
        return [((f"{s.order}°" if s.order is not None else "",) if ordered else ())
                + (s.name, s.club) for s in table.seats]

    def withdrawal_lines(self) -> list[str]:
        """«Ritirati: Mario Rossi (G06), dopo il turno 3» (and «Squalificati: …»): one
        line per state, none when nobody left."""
        lines = []
        for state, title in ((WITHDRAWN, "Ritirati"), (DISQUALIFIED, "Squalificati")):
            gone = [w.text for w in self.withdrawals if w.state == state]
            if gone:
                lines.append(f"{title}: " + "; ".join(gone))
        return lines

    def withdrawals_in(self, sections: tuple[str, ...]) -> str | None:
        """The section that says who withdrew: the standings when shown, else the tables
        of the round, else the next round's; None when no line is due."""
        if not self.withdrawals:
            return None
        shown = {"classifica": self.ranking, "tavoli": self.results,
                 "prossimo": self.next_tables}
        return next((s for s in shown if s in sections and shown[s]), None)

    def draw_notes(self, round_no: int) -> list[str]:
        """The Sorteggi notes of the draws of `round_no` (cinquisti, figures above their
        minimum), for a post that shows the tables without the certificate."""
        return [c.note for c in self.certificates if c.round_no == round_no and c.note]

    @property
    def subset(self) -> str:
        """' (primi 10 di 37)' when only the first lines of the ranking are shown."""
        if self.ranking is None or len(self.ranking.rows) == self.ranking.total:
            return ""
        return f" (primi {len(self.ranking.rows)} di {self.ranking.total})"

    def show(self, value: Number | str) -> str:
        """A value as Italian readers expect it: points with the formula's decimals."""
        if value is None:
            return "–"
        if isinstance(value, Dropped):
            return f"({self.show(value.value)})"
        if isinstance(value, Fraction):
            return italian(value, self.decimals)
        if isinstance(value, int):
            return italian(value)
        return str(value)


def names_form(t: Tournament) -> str:
    """The setting «Nomi nei post»: `nome e soprannome` (blank), `nome` or `soprannome`;
    anything else is refused, located on its `Impostazioni` row."""
    value = t.settings.get(NAMES_KEY)
    text = to_text(value)
    if text is None:
        return FULL
    found = {f.casefold(): f for f in FORMS}.get(" ".join(text.split()).casefold())
    if found is None:
        raise RisikoError(f"impostazione «{NAMES_KEY}»: valore non ammesso (ammessi: "
                          f"{', '.join(FORMS)})", foglio=schema.SETTINGS.sheet,
                          riga=setting_rows(t.book).get(NAMES_KEY), colonna="Valore",
                          valore=value)
    return found


def post_name(t: Tournament, player: str, identity: bool = False) -> str:
    """How posts name `player` (setting «Nomi nei post»). With `identity` (the final
    ranking, where identity matters) the real name is always shown: `soprannome` then
    gives the full form."""
    entrant = t.by_id.get(player)
    if entrant is None:
        return player
    form = names_form(t)
    return entrant.shown(form if not identity or form in (FULL, NAME) else FULL)


def seat_text(seat: Seat) -> str:
    """«2° Mario Rossi (Club)»: the turn order when typed, the name, the club when set."""
    text = f"{seat.name} ({seat.club})" if seat.club else seat.name
    return f"{seat.order}° {text}" if seat.order is not None else text


def _order(t: Tournament, row: int) -> int | None:
    """Ordine of a Risultati row, typed before the game (the turn order drawn at the
    table) or with its result; None when blank. Anything else than a whole number from 1
    to 6 is refused on its row (as `classifica` refuses it): an announcement never shows
    a turn order it could not read."""
    value = to_text(t.frame.at[row, "Ordine"]) if "Ordine" in t.frame.columns else None
    if value is None:
        return None
    number = value[:-2] if value.endswith(".0") else value
    if not (number.isdigit() and 1 <= int(number) <= 6):
        raise RisikoError("ordine di gioco: serve un numero intero da 1 a 6",
                          foglio=schema.RESULTS.sheet, riga=row, colonna="Ordine", valore=value)
    return int(number)


def _decimals(t: Tournament) -> int:
    return t.formula.scoring.decimals


def _tables(t: Tournament, keys: list[tuple[int, str, int]]) -> tuple[Table, ...]:
    groups = group_tables(t.rows)
    scored = {(g.round_no, g.phase, g.player): g for g in t.results}
    out = []
    for round_no, phase, number in keys:
        seats = []
        for r in groups[round_no, phase, number]:
            game = scored.get((round_no, phase, r.player))
            entrant = t.by_id[r.player]
            position = to_text(t.computed.get(r.row, {}).get("Posizione")) or ""
            seats.append(Seat(position, r.player, post_name(t, r.player), entrant.club or "",
                              game.table_points if game else None,
                              game.points if game else None,
                              bool(game and game.risiko), bool(game and game.eliminated),
                              _order(t, r.row)))
        if all(s.points is not None for s in seats):  # a played table: by place; the
            # turn order belongs to the announcement, not to the results
            seats = [replace(s, order=None) for s in seats]
            seats.sort(key=lambda s: (int(s.position.rstrip("=") or 99), s.name))
        elif all(s.order is not None for s in seats):  # announced: in turn order
            orders = sorted(s.order or 0 for s in seats)
            if orders != list(range(1, len(seats) + 1)):
                raise RisikoError(f"ordine di gioco al tavolo {number} del turno {round_no}: "
                                  f"servono i numeri da 1 a {len(seats)}, una volta "
                                  "ciascuno", foglio=schema.RESULTS.sheet, colonna="Ordine",
                                  valore=", ".join(map(str, orders)))
            seats.sort(key=lambda s: s.order or 0)
        else:  # an order typed for some players only is not shown yet
            seats = [replace(s, order=None) for s in seats]
        out.append(Table(phase_title(t, phase), round_no, number, tuple(seats)))
    return tuple(out)


def played_round(t: Tournament) -> int | None:
    """The last round whose every table has its results."""
    done = [n for n in sorted({r.round_no for r in t.rows})
            if all(r.seat is not None for r in t.rows if r.round_no == n)]
    return done[-1] if done else None


def default_round(t: Tournament) -> int | None:
    """The round a post speaks of when none is named: the last round drawn when none of
    its results is typed yet (its tables are announced; a final-phase round too) — or,
    when several rounds were drawn at once (`sorteggia --tutti`), the first of the last
    rounds with no result typed, the next to play — else the last round whose every
    result is in."""
    drawn = sorted({r.round_no for r in t.rows})
    blank = {n for n in drawn if all(r.seat is None for r in t.rows if r.round_no == n)}
    if drawn and drawn[-1] in blank:
        first = len(drawn) - 1
        while first > 0 and drawn[first - 1] in blank:
            first -= 1
        return drawn[first]
    return played_round(t)


def _standings(t: Tournament, round_no: int, top: int | None) -> Ranking:
    rules = t.formula.standings
    standings = compute_standings(t.entrants, t.results, rules, standings_seed(t),
                                  upto_round=round_no,
                                  recorded=[o for _, o in recorded_lotteries(t.book)])
    columns = standings_columns(rules)
    lines = []
    for row in standings.rows[:top]:
        entrant = t.by_id[row.player]
        position = str(position_text(row))
        rounds = [Dropped(v) if n in row.dropped and v is not None else v
                  for n, v in enumerate(round_values(rules, row, round_no), start=1)]
        values = (*rounds, *(column_value(row, c) for c in columns))
        lines.append(Standing(position, row.player, post_name(t, row.player),
                              entrant.club or "", values))
    dropped = any(row.dropped for row in standings.rows[:top])
    return Ranking(f"Classifica dopo il turno {round_no}"
                   + (" (tra parentesi il risultato scartato)" if dropped else ""),
                   (*(f"T{n}" for n in range(1, round_no + 1)), *columns),
                   tuple(lines), len(standings.rows), round_no)


def _final(t: Tournament, top: int | None) -> Ranking:
    seed = standings_seed(t)
    standings = compute_standings(t.entrants, t.results, t.formula.standings, seed,
                                  recorded=[o for _, o in recorded_lotteries(t.book)])
    ranking = final_ranking(t.entrants, t.results, standings, t.formula.phases,
                            t.formula.standings, seed)
    if t.formula.standings.medals:  # seed 004: the medals of the whole tournament
        medals = _medals(t)
        columns: tuple[str, ...] = ("Fase raggiunta", *MEDAL_COLUMNS)
        values = {r.player: (stage_title(t, r.stage), *medals.get(r.player, (0,) * 4))
                  for r in ranking}
    else:  # the final's points and the tournament total in their own columns, as in
        # ClassificaFinale (the finalists are ordered by the final, not by the total)
        columns = ("Fase raggiunta", "Punti finale", "Punti torneo")
        values = {r.player: (stage_title(t, r.stage), r.final_points,
                             r.points if r.total is None else r.total) for r in ranking}
    rows = tuple(Standing(f"{r.position}{'=' if r.shared else ''}", r.player,
                          post_name(t, r.player, identity=True),
                          t.by_id[r.player].club or "",
                          values[r.player]) for r in ranking[:top])
    return Ranking("Classifica finale", columns, rows, len(ranking))


def _medals(t: Tournament) -> dict[str, tuple[int, ...]]:
    """1st, 2nd, 3rd and 4th places of each player over every game played (seed 004
    «medagliere … realizzati durante l'intero torneo»)."""
    out: dict[str, list[int]] = {}
    for g in t.results:
        if 1 <= g.position <= 4:
            out.setdefault(g.player, [0] * 4)[g.position - 1] += 1
    return {pid: tuple(counts) for pid, counts in out.items()}


def _ranking(t: Tournament, book: Book, round_no: int, phase: str,
             top: int | None) -> Ranking | None:
    last = max(r.round_no for r in t.rows)
    if round_no == last and len(book.read_table(schema.FINAL_RANKING.name)):
        return _final(t, top)
    if phase == QUALIFYING:
        return _standings(t, round_no, top)
    return None


def post_from(t: Tournament, round_no: int | None = None, top: int | None = None,
              now: dt.datetime | None = None, trademark: bool = True) -> Post:
    """The post of round `round_no`. By default the last round drawn when none of its
    results is typed yet (the post announces its tables), else the last round whose
    results are all in. Results are shown only for tables whose results are all typed,
    the standings only once the whole round is played: a post never shows what does not
    exist yet."""
    book = t.book
    if round_no is None:
        round_no = default_round(t)
    drawn = sorted({r.round_no for r in t.rows})
    if round_no is None or round_no not in drawn:
        shown = "nessuno" if not drawn else ", ".join(map(str, drawn))
        what = f"per il turno {round_no}" if round_no else "(nessun turno sorteggiato)"
        raise RisikoError(f"niente da pubblicare {what}: turni presenti in Risultati: "
                          f"{shown}", foglio="Risultati", colonna="Turno",
                          **({} if round_no is None else {"valore": round_no}))
    keys = sorted(k for k in group_tables(t.rows) if k[0] == round_no)
    upcoming = sorted(k for k in group_tables(t.rows) if k[0] == round_no + 1)
    phase = keys[0][1]
    names_form(t)  # a bad «Nomi nei post» is refused even before any name is shown
    tables = _tables(t, keys)
    played = all(s.points is not None for table in tables for s in table.seats)
    return Post(
        tournament=t.name,
        club=to_text(t.settings.get("Club organizzatore")) or "",
        venue=to_text(t.settings.get("Sede")) or "",
        round_no=round_no, phase=phase_title(t, phase),
        published=italian_time(now).replace(second=0, microsecond=0),
        appeal_hours=t.formula.appeal_hours, decimals=_decimals(t),
        results=tables, ranking=_ranking(t, book, round_no, phase, top) if played else None,
        next_tables=_tables(t, upcoming),
        # announced: how this round's players qualified; played: the next phase's
        qualified=_qualified(t, round_no + (1 if played else 0)),
        certificates=_certificates(book, round_no),
        withdrawals=_withdrawals(t),
        trademark=TRADEMARK if trademark else None)


def _qualified(t: Tournament, round_no: int) -> tuple[Qualified, ...]:
    """The `Qualificati` rows of round `round_no`, each named as posts name players; when
    that round is the phase before the final, also the direct finalists, listed under the
    final's round (as qualified, without the final's table)."""
    frame = t.book.read_table(schema.QUALIFIERS.name)
    here = [r for r in t.rows if r.round_no == round_no]
    seated = {r.player for r in here}
    before_final = bool(here) and here[0].phase not in (QUALIFYING, FINAL)
    final = phase_title(t, FINAL)
    out = []
    for _, r in frame.iterrows():
        turn, pid = to_text(r["Turno"]), to_text(r["ID"])
        ahead = (before_final and turn == str(round_no + 1) and str(r["Fase"]) == final
                 and pid not in seated)
        if turn != str(round_no) and not ahead:
            continue
        out.append(Qualified(str(r["Fase"]), round_no,
                             "" if ahead else to_text(r["Tavolo"]) or "",
                             post_name(t, pid or "") if pid in t.by_id
                             else str(r["Giocatore"]), to_text(r["Club"]) or "",
                             str(r["Qualificazione"])))
    return tuple(out)


def _certificates(book: Book, round_no: int) -> tuple[Certificate, ...]:
    """The engine draws that seated round `round_no` and the next one."""
    out = []
    for _, r in book.read_table(schema.DRAWS.name).iterrows():
        number = to_text(r.get("Turno")) or ""
        if number in (str(round_no), str(round_no + 1)) and to_text(r.get("Impronta")):
            out.append(Certificate(int(number), to_text(r.get("Fase")) or QUALIFYING,
                                   to_text(r.get("Seme")) or "", to_text(r.get("Impronta")),
                                   to_text(r.get("Versione motore")) or "",
                                   procedure_text(to_text(r.get("Procedura")) or ""),
                                   to_text(r.get("Qualità")) or "",
                                   to_text(r.get("Note")) or ""))
    return tuple(out)


def _withdrawals(t: Tournament) -> tuple[Withdrawal, ...]:
    """Players withdrawn or disqualified (000 Art. 4), in ID order, each with the last
    round in which he has a result."""
    out = []
    for e in sorted(t.entrants, key=lambda e: e.id):
        if e.state in (WITHDRAWN, DISQUALIFIED):
            played = [r.round_no for r in t.rows if r.player == e.id and r.seat is not None]
            out.append(Withdrawal(e.id, post_name(t, e.id), e.state, max(played, default=None)))
    return tuple(out)
