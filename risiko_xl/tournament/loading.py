"""A tournament as read from its workbook: settings, formula, players, typed results.

`load(book)` reads and validates everything once; the services (draw, standings,
finals, verify) work from this state and write back through the same book.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from risiko_xl.books.book import Book
from risiko_xl.books.table import Table
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.formulas.model import Formula
from risiko_xl.sheets.formula_sheet import book_formula, sync_sheet
from risiko_xl.standings.model import QUALIFYING, Entrant, GameResult
from risiko_xl.tournament.records import ResultRow, read_entrants, read_results
from risiko_xl.tournament.rulings import read_rulings, with_rulings
from risiko_xl.tournament.scoring import Game, group_tables, score_results


@dataclass
class Tournament:
    """Everything read from the workbook, validated, with every typed game scored."""

    book: Book
    settings: dict[str, Any]
    formula: Formula
    entrants: list[Entrant]
    results_table: Table  # Risultati as read
    rows: list[ResultRow]
    results: list[GameResult]
    computed: dict[int, dict[str, Any]]
    games: dict[tuple[int, str, int], Game] = field(default_factory=dict)  # by game

    @property
    def name(self) -> str:
        """This tournament's name, as headers, footers and posts print it: the setting
        «Nome torneo», else the formula's title (never another event's name by default)."""
        return to_text(self.settings.get("Nome torneo")) or self.formula.title

    @cached_property
    def by_id(self) -> dict[str, Entrant]:
        return {e.id: e for e in self.entrants}

    def rounds_drawn(self, phase: str = QUALIFYING) -> list[int]:
        return sorted({r.round_no for r in self.rows if r.phase == phase})

    def untyped(self, round_no: int, phase: str = QUALIFYING) -> list[ResultRow]:
        return [r for r in self.rows
                if r.round_no == round_no and r.phase == phase and r.seat is None]


def load(book: Book) -> Tournament:
    """Read and score the whole tournament (RisikoError on the first bad cell), kept in
    the book's `loaded` until its next write (`generation`)."""
    known = book.loaded
    if known is not None and known[0] == book.generation:
        cached: Tournament = known[1]
        return cached
    t = _load(book, None if known is None else known[1])
    book.loaded = (book.generation, t)
    return t


def _load(book: Book, before: Tournament | None = None) -> Tournament:
    """The tournament as `book` now holds it; `before`: as it was read before the last
    writes, whose rows and games left as they were are not parsed and scored again (a
    draw reads the tournament again after appending its tables)."""
    settings = book.settings()
    sync_sheet(book, settings)  # a preset chosen in Impostazioni: its rules in the sheet
    entrants = read_entrants(book)
    ids = [e.id for e in entrants]
    same_ids = before is not None and [e.id for e in before.entrants] == ids
    results_table, rows = read_results(
        book, ids, (before.results_table, before.rows) if before and same_ids else None)
    first_round = {r.player for r in rows if r.round_no == 1 and r.phase == QUALIFYING}
    formula = with_rulings(book_formula(book, len(first_round) or None, settings),
                           read_rulings(book))
    check_tables(rows)
    if formula.teams is not None:
        check_teams(formula, entrants, rows)
    games: dict[tuple[int, str, int], Game] = {}
    earlier = before.games if before is not None and same_ids and (
        before.formula.scoring, before.formula.placement_chain) == (
        formula.scoring, formula.placement_chain) else None
    try:
        results, computed = score_results(rows, formula.scoring, formula.placement_chain,
                                          games, earlier)
    except RisikoError as err:  # a rule broken at a table: show the cell as typed
        typed = next((r for r in results_table if r.sheet_row == err.riga), None)
        if not err.has_value and typed is not None and err.colonna in results_table.headers:
            raise err.located(valore=typed[err.colonna]) from None
        raise
    return Tournament(book, settings, formula, entrants, results_table, rows, results,
                      computed, games)


def check_teams(formula: Formula, entrants: list[Entrant], rows: list[ResultRow]) -> None:
    """A team championship's teams and drawn rounds as the formula allows (seed 004 CNS)."""
    from risiko_xl.standings.teams import check_composition

    teams = formula.teams
    if teams is None:
        return
    tables = [(round_no, table, [(r.player, r.row) for r in seats])
              for (round_no, phase, table), seats in group_tables(rows).items()
              if phase == QUALIFYING]
    check_composition(entrants, tables, teams.players_per_round, teams.members,
                      teams.table_size)


def check_tables(rows: list[ResultRow]) -> None:
    """Every game has 3 to 5 players (3 to 6 in a final phase), as any draw seats them."""
    for (round_no, phase, table), seats in group_tables(rows).items():
        most = 5 if phase == QUALIFYING else 6
        if not 3 <= len(seats) <= most:
            count = f"{len(seats)} giocator{'e' if len(seats) == 1 else 'i'}"
            raise RisikoError(f"il tavolo {table} del turno {round_no} ({phase}) ha {count}: "
                              f"un tavolo ha da 3 a {most} giocatori", foglio="Risultati",
                              tavolo=table, riga=seats[0].row, colonna="Tavolo", valore=table)
