"""What a results post says, as plain data built from the tournament workbook.

One `Post` feeds every format (vBulletin/phpBB BBCode, Markdown, plain text, HTML): the
round's results table by table, the standings, the next round's tables, the qualifiers
of the final phases and how each qualified, the draw certificate (so anyone can replay
the draw), the publication time and appeal deadline, and the trademark line seed 004
requires in any communication. Numbers stay exact here; formats print them Italian.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

from risiko_xl.cells import to_text
from risiko_xl.standings import compute_standings
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbook import schema
from risiko_xl.workbook.book import Book
from risiko_xl.workbook.scoring import group_tables
from risiko_xl.workbook.standings_sheet import COLUMN_FIELDS, standings_columns, standings_seed
from risiko_xl.workbook.state import Tournament, load

TRADEMARK = ("RisiKo! è un marchio registrato ® Editrice Giochi Srl - Tutti i diritti "
             "riservati.")  # seed 004, "Diciture legali"
SECTIONS = ("risultati", "classifica", "prossimo", "qualificati", "certificato")


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


@dataclass(frozen=True)
class Table:
    phase: str
    round_no: int
    number: int
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class Standing:
    """One Classifica line: `values` in the order of `Post.standings_columns`."""

    position: str
    player: str
    name: str
    club: str
    values: tuple[Fraction | int | None, ...]


@dataclass(frozen=True)
class Qualified:
    phase: str
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
    quality: str


@dataclass(frozen=True)
class Post:
    tournament: str
    club: str
    venue: str
    round_no: int | None
    phase: str
    published: dt.datetime
    appeal_deadline: dt.datetime | None
    results: tuple[Table, ...] = ()
    standings_columns: tuple[str, ...] = ()
    standings: tuple[Standing, ...] = ()
    next_tables: tuple[Table, ...] = ()
    qualified: tuple[Qualified, ...] = ()
    certificates: tuple[Certificate, ...] = ()
    trademark: str | None = TRADEMARK
    sections: tuple[str, ...] = field(default=SECTIONS)


def _tables(t: Tournament, keys: list[tuple[int, str, int]]) -> tuple[Table, ...]:
    groups = group_tables(t.rows)
    scored = {g.row: g for g in t.results}
    out = []
    for round_no, phase, number in keys:
        seats = []
        for r in groups[round_no, phase, number]:
            game = scored.get(r.row)
            entrant = t.by_id[r.player]
            computed = t.computed.get(r.row, {})
            seats.append(Seat(str(computed.get("Posizione", "")), r.player, entrant.name,
                              entrant.club or "", game and game.table_points,
                              game and game.points, bool(game and game.risiko),
                              bool(game and game.eliminated)))
        if all(s.points is not None for s in seats):
            seats.sort(key=lambda s: (int(s.position.rstrip("=") or 99), s.name))
        out.append(Table(phase, round_no, number, tuple(seats)))
    return tuple(out)


def _played(t: Tournament) -> tuple[int, str] | None:
    """The last (round, phase) whose every table has its results."""
    done = [key for key in sorted({(r.round_no, r.phase) for r in t.rows})
            if all(r.seat is not None for r in t.rows if (r.round_no, r.phase) == key)]
    return done[-1] if done else None


def build_post(book: Book, round_no: int | None = None, top: int | None = None,
               now: dt.datetime | None = None,
               sections: tuple[str, ...] = SECTIONS) -> Post:
    """The post after round `round_no` (default: the last one fully typed)."""
    t = load(book)
    settings = t.settings
    last = _played(t)
    if round_no is None and last is not None:
        round_no = last[0]
    phases = sorted({r.phase for r in t.rows if r.round_no == round_no})
    phase = phases[0] if phases else QUALIFYING
    keys = sorted(k for k in group_tables(t.rows) if k[0] == round_no)
    upcoming = sorted(k for k in group_tables(t.rows)
                      if round_no is not None and k[0] == round_no + 1)
    seed = standings_seed(t)
    standings = compute_standings(t.entrants, t.results, t.formula.standings, seed,
                                  upto_round=min(round_no or 1, t.formula.standings.rounds))
    columns = standings_columns(t.formula.standings)
    rounds = t.formula.standings.rounds
    lines = []
    for row in standings.rows[:top]:
        entrant = t.by_id[row.player]
        position = "rit." if row.withdrawn else f"{row.position}{'=' if row.shared else ''}"
        values = (*row.rounds[:rounds], *(getattr(row, COLUMN_FIELDS[c]) for c in columns))
        lines.append(Standing(position, row.player, entrant.name, entrant.club or "", values))
    published = now or dt.datetime.now().replace(microsecond=0)
    hours = t.formula.appeal_hours
    return Post(
        tournament=to_text(settings.get("Nome torneo")) or "Torneo di RisiKo!",
        club=to_text(settings.get("Club organizzatore")) or "",
        venue=to_text(settings.get("Sede")) or "",
        round_no=round_no, phase=phase, published=published,
        appeal_deadline=published + dt.timedelta(hours=hours) if hours else None,
        results=_tables(t, keys),
        standings_columns=(*(f"T{n}" for n in range(1, rounds + 1)), *columns),
        standings=tuple(lines), next_tables=_tables(t, upcoming),
        qualified=_qualified(book), certificates=_certificates(book, round_no),
        sections=sections)


def _qualified(book: Book) -> tuple[Qualified, ...]:
    frame = book.read_table(schema.QUALIFIERS.name)
    return tuple(Qualified(str(r["Fase"]), str(r["Giocatore"]), to_text(r["Club"]) or "",
                           str(r["Qualificazione"])) for _, r in frame.iterrows())


def _certificates(book: Book, round_no: int | None) -> tuple[Certificate, ...]:
    log = book.read_table(schema.DRAWS.name)
    out = []
    for _, r in log.iterrows():
        text = to_text(r.get("Turno")) or ""
        number = int(text) if text.isdigit() else None
        if number is not None and round_no is not None and number in (round_no, round_no + 1) \
                and to_text(r.get("Impronta")):
            out.append(Certificate(number, to_text(r.get("Fase")) or QUALIFYING,
                                   to_text(r.get("Seme")) or "", to_text(r.get("Impronta")),
                                   to_text(r.get("Versione motore")) or "",
                                   to_text(r.get("Qualità")) or ""))
    return tuple(out)
