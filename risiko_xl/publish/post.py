"""What a results post says, as plain data (built by `building` from the tournament).

One `Post` feeds every format (vBulletin/phpBB BBCode, Markdown, plain text, HTML): the
round's results table by table, the standings (or the final ranking once the final is
played), the next round's tables, the qualifiers of the next phase and how each
qualified, the draw certificates (so anyone can replay a draw), the publication time and
appeal deadline (seeds 000/003 Art. 2), and the trademark line seed 004 requires in any
communication. Numbers stay exact here; `Post.show` prints them the Italian way.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from risiko_xl.clock import italian_time
from risiko_xl.formulas.cells import decimal_text
from risiko_xl.publish.numbers import italian
from risiko_xl.standings.model import DISQUALIFIED, QUALIFYING, WITHDRAWN

TRADEMARK = ("RisiKo! è un marchio registrato ® Editrice Giochi Srl - Tutti i diritti "
             "riservati.")  # seed 004, "Diciture legali"
SEASON = "Stagione"  # the season's post (`season_post`): a ranking after n tournaments
PHASE_TITLES = {"Qualificazione": "Turno {n}", "Spareggio": "Spareggio (turno {n})",
                SEASON: "Tornei giocati: {n}",
                "Ripescaggio": "Ripescaggio (turno {n})",  # the playoff as 003 Art. 2 says
                "Semifinale": "Semifinali (turno {n})", "Finale": "Finale (turno {n})"}

Number = Fraction | int | Decimal | None
PLAYER_HEADERS = ("Pos.", "Giocatore", "Club", "Punti tavolo", "Punti torneo", "Note")
RANKING_HEADERS = ("Pos.", "Giocatore", "Club")
QUALIFIED_HEADERS = ("Fase", "Tavolo", "Giocatore", "Club", "Qualificazione")
STAGE_COLUMN, TOTAL_COLUMN = "Fase raggiunta", "Punti torneo"  # of the final ranking


@dataclass(frozen=True)
class PlayerLine:
    """One player's line in a game table of a post. `points`/`table_points` are None
    before the result."""

    position: str
    player: str
    name: str
    club: str
    table_points: Fraction | None = None
    points: Fraction | None = None
    risiko: bool = False
    eliminated: bool = False
    order: int | None = None  # Ordine (turn order at the table), when typed
    tie_break: str = ""  # what broke a tie on the table's value (GameResult.tie_break)
    penalty: int = 0  # table points the referee took (GameResult.penalty)

    @property
    def marks(self) -> str:
        """RisiKo! or eliminated, and a penalty («penalità 5»: the table points taken,
        003 Art. 26, which is why the tournament points are fewer than the table's)."""
        return "; ".join(m for m in (
            "RisiKo!" if self.risiko else "eliminato" if self.eliminated else "",
            f"penalità {self.penalty}" if self.penalty else "") if m)


@dataclass(frozen=True)
class GameTable:
    """A game table as a post shows it: its players, in place or turn order."""

    phase: str
    round_no: int
    number: int
    players: tuple[PlayerLine, ...]
    factor: Fraction = Fraction(1)  # the table-size factor of its points (×1,25 at 5)

    @property
    def title(self) -> str:
        """«Tavolo 4», its phase, and once played at a table whose points are scaled, by
        how much: the referee wrote 82 and the post says 103 (001 §7: «un giocatore
        arrivato secondo con 21 punti tavolo totalizzerà 21 x 1,25 / 1.000»)."""
        parts = [] if self.phase == QUALIFYING else [self.phase]
        if self.factor != 1 and all(p.table_points is not None for p in self.players):
            parts.append(f"{len(self.players)} giocatori: punti tavolo = punti obiettivo × "
                         f"{decimal_text(self.factor)}")
        return f"Tavolo {self.number}" + (f" ({', '.join(parts)})" if parts else "")


@dataclass(frozen=True)
class Dropped:
    """A round's result the standings do not count (003 Art. 2: the worst is dropped):
    shown in parentheses, as the workbook shows it; an absence dropped is «(–)» (001 §7:
    an absence counts 0 and is the first result dropped)."""

    value: Number | str | None  # a place («1°») with the medal table; None: not played


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
    note: str | None = None  # why its order is what it is (RankList.note)
    wide_only: tuple[str, ...] = ()  # more columns a phone held upright leaves out


@dataclass(frozen=True)
class Qualified:
    phase: str
    round_no: int
    game_table: str
    name: str
    club: str
    reason: str
    direct: bool = False  # straight to the final, listed with the phase before it


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
    `after`: the last round he played (one who never played has no scores to leave out
    and is not listed: «Partecipa Torneo» NO in GestioneTorneo is not a withdrawal)."""

    player: str
    name: str
    state: str
    after: int

    @property
    def text(self) -> str:
        return f"{self.name} ({self.player}), dopo il turno {self.after}"


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
    table_decimals: int = 0  # of the table points (GestioneTorneo's decimals: 2)
    results: tuple[GameTable, ...] = ()
    ranking: Ranking | None = None
    next_tables: tuple[GameTable, ...] = ()
    qualified: tuple[Qualified, ...] = ()
    certificates: tuple[Certificate, ...] = ()
    withdrawals: tuple[Withdrawal, ...] = ()
    trademark: str | None = TRADEMARK
    chart: str | None = None  # the HTML page's standings chart, an <svg> element
    address: str | None = None  # «Indirizzo pubblicazione»: the room screen's QR code
    # (read and checked only for the room screen: a bad address never stops a forum post)
    # the formula in words (`formulas.words.announce`), heading the first round's post and
    # room screen: 003 Art. 2, the formulation «sarà comunicata» before play
    formula: tuple[str, ...] = ()

    @property
    def scored(self) -> tuple[GameTable, ...]:
        """The round's tables whose every result is typed: a post never shows a result
        that does not exist yet."""
        return tuple(t for t in self.results if all(p.points is not None for p in t.players))

    @property
    def announced(self) -> bool:
        """True for a round drawn but not yet played: the post announces its tables (a
        post of no round, the season's, announces nothing)."""
        return bool(self.results) and not self.scored

    @property
    def in_play(self) -> bool:
        """True for a round whose results are coming in: some tables typed, not all."""
        return bool(self.scored) and len(self.scored) < len(self.results)

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
        return italian_time(self.published.astimezone(dt.UTC)
                            + dt.timedelta(hours=self.appeal_hours))

    @property
    def next_title(self) -> str:
        if not self.next_tables:
            return ""
        return PHASE_TITLES.get(self.next_tables[0].phase, "{n}").format(n=self.round_no + 1)

    # Rows of cells as every format prints them (headers in the *_HEADERS constants).
    def player_rows(self, game_table: GameTable) -> list[tuple[str, ...]]:
        return [(p.position, p.name, p.club, self.show(p.table_points, self.table_decimals),
                 self.show(p.points), self.note(p)) for p in game_table.players]

    def note(self, line: PlayerLine) -> str:
        """The «Note» cell: RisiKo! or eliminated, and what placed the player among those
        of equal table points (001 §7): «pari a 44: punti fuori obiettivo 2»."""
        tie = (f"pari a {self.show(line.table_points, self.table_decimals)}: "
               f"{line.tie_break}") if line.tie_break else ""
        return "; ".join(m for m in (line.marks, tie) if m)

    def ranking_rows(self) -> list[tuple[str, ...]]:
        assert self.ranking is not None
        return [(s.position, s.name, s.club, *map(self.show, s.values))
                for s in self.ranking.rows]

    def ranking_headers(self) -> tuple[str, ...]:
        assert self.ranking is not None
        return (*RANKING_HEADERS, *self.ranking.columns)

    def ranking_wide_only(self) -> tuple[int, ...]:
        """Indices of the ranking's columns a phone held upright leaves out (the club and
        each round's points), so the position, the name and every total fit its width."""
        assert self.ranking is not None
        return tuple(i for i, h in enumerate(self.ranking_headers())
                     if h == "Club" or re.fullmatch(r"T[0-9]+", h)
                     or h in self.ranking.wide_only)

    def ranking_right(self) -> tuple[int, ...]:
        """Indices of the ranking's number columns (right-aligned where tables align)."""
        assert self.ranking is not None
        first = self.ranking.rows[0].values if self.ranking.rows else ()
        return tuple(len(RANKING_HEADERS) + i for i, v in enumerate(first)
                     if not isinstance(v, str))

    def qualified_rows(self) -> list[tuple[str, ...]]:
        return [(q.phase, q.game_table, q.name, q.club, q.reason) for q in self.qualified]

    def seating_rows(self, tables: tuple[GameTable, ...] | None = None) -> list[tuple[str, str]]:
        """(table number, its players) for `tables` (default: the next round's): each
        player «Nome (Club)», preceded by the turn order «1°» where Ordine is typed."""
        return [(str(t.number), ", ".join(player_text(p) for p in t.players))
                for t in (self.next_tables if tables is None else tables)]

    @staticmethod
    def announce_headers(game_table: GameTable) -> tuple[str, ...]:
        """The columns of an announced table: Ordine only where the turn order is typed."""
        ordered = any(p.order is not None for p in game_table.players)
        return ("Ordine", "Giocatore", "Club") if ordered else ("Giocatore", "Club")

    def announce_rows(self, game_table: GameTable) -> list[tuple[str, ...]]:
        """One line per player of an announced table (the HTML page's small tables)."""
        ordered = len(self.announce_headers(game_table)) == 3
        return [((f"{p.order}°" if p.order is not None else "",) if ordered else ())
                + (p.name, p.club) for p in game_table.players]

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

    def ranking_note(self) -> str | None:
        """One line under a final ranking where a player has more tournament points than
        one placed above him (001 §7: «dal 1° al 4° posto … in base all'esito della/e
        finale/i; dal 5° … in base alla somma dei singoli punti-torneo»): the order, and
        the first such pair, one of different phases reached where there is one. None
        where the order follows the points. A ranking's own note (a tie at the final
        table the standings broke) comes first."""
        ranking = self.ranking
        if ranking is not None and ranking.note:
            return ranking.note
        if ranking is None or not {STAGE_COLUMN, TOTAL_COLUMN} <= set(ranking.columns):
            return None
        stage_at, total_at = map(ranking.columns.index, (STAGE_COLUMN, TOTAL_COLUMN))

        def total(line: Standing) -> Fraction | int:
            value = line.values[total_at]
            return value if isinstance(value, (Fraction, int)) else 0

        lowest: dict[object, Standing] = {}  # stage → the line above of fewest points
        first = None
        for line in ranking.rows:
            stage = line.values[stage_at]
            if any(s != stage and total(a) < total(line) for s, a in lowest.items()):
                above = next(a for a in ranking.rows if a.values[stage_at] != stage
                             and total(a) < total(line))  # the best placed of them
                return _order_note(line, above, stage_at)
            if first is None and stage in lowest and total(lowest[stage]) < total(line):
                first = (line, next(a for a in ranking.rows if total(a) < total(line)))
            if stage not in lowest or total(line) < total(lowest[stage]):
                lowest[stage] = line
        return None if first is None else _order_note(*first, stage_at)

    @property
    def subset(self) -> str:
        """' (primi 10 di 37)' when only the first lines of the ranking are shown."""
        if self.ranking is None or len(self.ranking.rows) == self.ranking.total:
            return ""
        return f" (primi {len(self.ranking.rows)} di {self.ranking.total})"

    def show(self, value: Number | str | Dropped, decimals: int | None = None) -> str:
        """A value as Italian readers expect it: points with the formula's decimals (or
        `decimals`: the table points')."""
        if value is None:
            return "–"
        if isinstance(value, Dropped):
            return f"({self.show(value.value)})"
        if isinstance(value, Fraction):
            return italian(value, self.decimals if decimals is None else decimals)
        if isinstance(value, Decimal):  # its own decimals (the season's «254,4»)
            return italian(value, max(0, -int(value.as_tuple().exponent)))
        if isinstance(value, int):
            return italian(value)
        return str(value)


def player_text(line: PlayerLine) -> str:
    """«2° Mario Rossi (Club)»: the turn order when typed, the name, the club when set."""
    text = f"{line.name} ({line.club})" if line.club else line.name
    return f"{line.order}° {text}" if line.order is not None else text


def _order_note(below: Standing, above: Standing, stage_at: int) -> str:
    """«… per questo Mario Rossi, 5° (Semifinale), ha più punti torneo di …»."""
    def who(line: Standing) -> str:
        return f"{line.name}, {line.position.rstrip('=')}° ({line.values[stage_at]})"
    return ("La classifica finale va prima per fase raggiunta (in finale per il risultato "
            f"della finale), poi per punti torneo: per questo {who(below)}, ha più punti "
            f"torneo di {who(above)}.")
