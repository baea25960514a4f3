"""A table's result sent from the venue (issue 30): the cells the table's referee would
type in `Risultati`, checked by the very rules `classifica` applies to typed rows (the
map's points, one winner, the order of elimination: `tournament.scoring`), and written
into the table's rows when the organiser confirms it — never over a result already
typed, never into a table that changed since.

The paper score sheet, signed, stays the authority: what the phone sends is a copy the
organiser accepts."""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.cells import is_blank, to_int
from risiko_xl.errors import RisikoError
from risiko_xl.rules.placement import SEAT_FIELDS, chain
from risiko_xl.services.phase_check import check_seatings
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.records import Record, ResultRow, parse_seat
from risiko_xl.tournament.scoring import score_game

# what the table types, in the order of the score sheet; the optional tie-break columns
# (Art. 26 counts, S.P.Q.RisiKo!'s) when the tournament's Risultati has them
BASE_COLUMNS = ("Ordine", "Punti obiettivo", "Punti fuori obiettivo", "RisiKo!", "Eliminato")
FLAG_COLUMNS = ("RisiKo!",)  # a mark, not a number
Key = tuple[int, str, int]  # round, phase, table
WRITTEN = "scritto in Risultati"


@dataclass(frozen=True)
class Report:
    """One table's result as sent: `players` in the table's seat order, `values` the
    typed cells of each (column → value, as a referee types them)."""

    round_no: int
    phase: str
    table: int
    players: tuple[str, ...]
    values: tuple[dict[str, Any], ...]

    @property
    def key(self) -> Key:
        return self.round_no, self.phase, self.table


@dataclass(frozen=True)
class Placed:
    """One seat of a checked result: the player, the place and the tournament points."""

    player: str
    position: str
    points: Fraction


def columns(t: Tournament) -> tuple[str, ...]:
    """The columns a table's form asks for in this tournament: the base ones, and the
    optional tie-break counts its placement chain reads (000 Art. 26, 004)."""
    read = {SEAT_FIELDS[c] for c in chain(t.formula.placement_chain) if c in SEAT_FIELDS}
    optional = tuple(h for h, (field, _) in schema.ART26_FIELDS.items() if field in read)
    return (*BASE_COLUMNS, *optional)


def seats(t: Tournament, key: Key) -> list[ResultRow]:
    """The rows of table `key`, in sheet order (the seat order), as the reading grouped
    them (`Tournament.games`: no scan of every row per table)."""
    game = t.games.get(key)
    return [] if game is None else list(game[0])


def typed(t: Tournament, key: Key) -> bool:
    """Whether any row of the table holds a result (typed by hand or confirmed)."""
    return any(r.seat is not None for r in seats(t, key))


def as_typed(t: Tournament, key: Key) -> tuple[dict[str, Any], ...]:
    """The table's cells of `columns` as the sheet holds them (for a comparison)."""
    by_row = t.results_table.by_sheet_row()
    return tuple({c: by_row[r.row].get(c) for c in columns(t)} for r in seats(t, key))


def check(t: Tournament, report: Report) -> list[Placed]:
    """The places and points the sent result gives, by the rules of `classifica`;
    RisikoError naming the player (and the column) otherwise."""
    rows = seats(t, report.key)
    if not rows:
        raise RisikoError(f"il tavolo {report.table} non c'è nel turno {report.round_no} "
                          f"({report.phase})")
    if tuple(r.player for r in rows) != report.players:
        raise RisikoError("il tavolo è cambiato dopo l'invio (un nuovo sorteggio o un "
                          "cambio di giocatore): il risultato va mandato di nuovo")
    try:
        sent = [ResultRow(r.row, r.round_no, r.phase, r.table, r.player,
                          parse_seat(Record(schema.RESULTS.sheet, r.row, dict(values))),
                          r.penalty) for r, values in zip(rows, report.values)]
        blank = next((r for r in sent if r.seat is None), None)
        if blank is not None:
            raise RisikoError("manca il risultato: scrivere i punti obiettivo (anche 0) o "
                              "l'eliminazione", riga=blank.row, colonna="Punti obiettivo")
        results, computed = score_game(report.key, sent, t.formula.scoring,
                                       chain(t.formula.placement_chain))
    except RisikoError as err:
        raise _for_the_table(err, rows, t) from None
    points = {g.player: g.points for g in results}
    placed = [Placed(r.player, str(computed[r.row]["Posizione"]), points[r.player])
              for r in rows]
    return sorted(placed, key=lambda p: int(p.position.rstrip("=")))  # by place


def same_result(t: Tournament, report: Report) -> bool:
    """Whether the table's rows hold the very result `report` sends (typed by hand the
    same, or confirmed already)."""
    rows = seats(t, report.key)
    with contextlib.suppress(RisikoError):
        return tuple(r.player for r in rows) == report.players and all(
            r.seat == parse_seat(Record(schema.RESULTS.sheet, r.row, dict(values)))
            for r, values in zip(rows, report.values))
    return False  # a cell sent that the rules refuse: not the sheet's result


def over_typed(t: Tournament, report: Report) -> Report:
    """The sent values over the cells of the table typed by hand before its result (an
    order of play written at the table's start): a cell left blank on the phone keeps
    what is typed, one sent otherwise is a conflict, never overwritten (adversary 32: a
    typed Ordine was replaced by the phone's)."""
    by_row = t.results_table.by_sheet_row()
    merged = []
    for r, values in zip(seats(t, report.key), report.values):
        cells = dict(values)
        for column in columns(t):
            here = by_row[r.row].get(column)
            if is_blank(here):
                continue
            if is_blank(values.get(column)):
                cells[column] = here
            elif not _same_cell(here, values[column], column):
                raise RisikoError(f"{t.by_id[r.player].name or r.player}, {column}: nel "
                                  f"foglio c'è {here}, dal tavolo {values[column]}: "
                                  "conflitto, niente sovrascritto")
        merged.append(cells)
    return dataclasses.replace(report, values=tuple(merged))


def _same_cell(typed: Any, sent: Any, column: str) -> bool:
    """Whether two cells say the same (4 and 4.0 alike, text as written)."""
    with contextlib.suppress(RisikoError):
        return to_int(typed, column, minimum=None) == to_int(sent, column, minimum=None)
    return str(typed).strip() == str(sent).strip()


def _for_the_table(err: RisikoError, rows: Sequence[ResultRow], t: Tournament) -> RisikoError:
    """The error as the table reads it: players by name, never a sheet's row or an ID; a
    cell's error prefixed with its player and column, a table's (the map's total, a tie)
    not; a tie the rules cannot break sent to the organiser, whose referee decides."""
    names = {r.row: t.by_id[r.player].name or r.player for r in rows}
    ids = {r.player: names[r.row] for r in rows}
    said = re.sub(r"righe ((?:\d+ \(\d+\)(?:, )?)+)", lambda m: ", ".join(
        f"{names.get(int(row), row)} {value}" for row, value in
        re.findall(r"(\d+) \((\d+)\)", m[1])), err.messaggio)
    said = re.sub(r"\b[^\s,:]+\b", lambda m: ids.get(m[0], m[0]), said)
    if "pari su tutti i criteri" in said:
        said += ": se il referto è giusto, avvisare l'organizzatore (decide l'arbitro)"
    if err.colonna and err.riga in names:
        said = f"{names[err.riga]}, {err.colonna}: {said}"
    if err.has_value and err.valore is not None:  # an empty field needs no «trovato»
        return RisikoError(said, valore=err.valore)
    return RisikoError(said)


def write(book: Book, reports: Sequence[Report]) -> list[tuple[bool, str]]:
    """Each report's values typed into its table's rows (the command path holds the lock
    and saves); a table typed meanwhile or changed is refused, never overwritten. For
    each report: whether it was written, and the line saying so (or why not)."""
    try:
        t = load(book)
        check_seatings(t)  # the tables as drawn, as `classifica` refuses them otherwise
    except RisikoError as err:  # a cell typed wrong elsewhere: nothing can be checked
        return [(False, f"Tavolo {r.table}: il foglio ha un errore da correggere prima di "
                        f"confermare ({err})") for r in reports]
    table = book.read_table(schema.RESULTS.name)
    by_row = table.by_sheet_row()
    said: list[tuple[bool, str]] = []
    for report in reports:
        name = f"Tavolo {report.table} ({report.phase}, turno {report.round_no})"
        try:
            if typed(t, report.key):
                raise RisikoError("nel foglio c'è già un risultato: conflitto, niente "
                                  "sovrascritto")
            report = over_typed(t, report)
            check(t, report)
        except RisikoError as err:
            said.append((False, f"{name}: {err.messaggio}"))
            continue
        for r, values in zip(seats(t, report.key), report.values):
            by_row[r.row].values.update(values)
        said.append((True, f"{name}: {WRITTEN}"))
    if any(done for done, _ in said):
        book.write_table(schema.RESULTS.name, table)
    return said
