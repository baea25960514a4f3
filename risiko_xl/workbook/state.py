"""A tournament as read from its workbook: settings, formula, players, typed results.

`load(book)` reads and validates everything once; the services (draw, standings,
finals, verify) work from this state and write back through the same book.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pandas as pd

from risiko_xl.cells import is_blank, to_int, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.formulas import load as load_formula
from risiko_xl.formulas import resolve
from risiko_xl.formulas.model import Formula
from risiko_xl.rules.methods import method
from risiko_xl.standings.model import QUALIFYING, Entrant, GameResult
from risiko_xl.workbook import schema
from risiko_xl.workbook.book import Book
from risiko_xl.workbook.records import ResultRow, read_entrants, read_results
from risiko_xl.workbook.scoring import group_tables, score_results

VARIANT_KEY = "Variante formula"
MEDALS = "medagliere"  # the scoring method whose standings are a medal table


def _setting_error(key: str, message: str, value: Any,
                   rows: dict[str, int] | None = None) -> RisikoError:
    return RisikoError(f"impostazione «{key}»: {message}", foglio=schema.SETTINGS.sheet,
                       riga=(rows or {}).get(key), colonna="Valore", valore=value)


def setting_rows(book: Book) -> dict[str, int]:
    """Sheet row of each `Impostazioni` key (for messages)."""
    frame = book.read_table(schema.SETTINGS.name)
    return {str(k).strip(): row for row, k in zip(frame.index, frame["Voce"]) if k}


def tournament_formula(settings: dict[str, Any], players: int | None = None,
                       rows: dict[str, int] | None = None) -> Formula:
    """The formula the settings name, with their overrides (method, rounds, drops) applied.
    A formula with variants needs `Variante formula` or the player count to choose one.
    `rows` (key -> sheet row) locate the errors."""
    name = to_text(settings.get("Formula")) or "master"
    try:
        formula = load_formula(name)
    except RisikoError as err:
        raise err.located(foglio=schema.SETTINGS.sheet, riga=(rows or {}).get("Formula"),
                          colonna="Valore") from None
    if formula.variants:
        key = to_text(settings.get(VARIANT_KEY))
        if key is not None:
            chosen = {v.key: v.formula for v in formula.variants}.get(key)
            if chosen is None:
                raise _setting_error(VARIANT_KEY, "variante sconosciuta (ammesse: " + ", ".join(
                    v.key for v in formula.variants) + ")", key, rows)
            formula = chosen
        elif players is not None:
            formula, _ = resolve(formula, players)
    return _overridden(formula, settings, rows)


def variant_for(settings: dict[str, Any], players: int) -> str | None:
    """The variant key to record at the first draw (None when the formula has none)."""
    formula = load_formula(to_text(settings.get("Formula")) or "master")
    return resolve(formula, players)[1] if formula.variants else None


def _overridden(formula: Formula, settings: dict[str, Any],
                rows: dict[str, int] | None) -> Formula:
    changes: dict[str, Any] = {}
    wanted = to_text(settings.get("Metodo punteggio"))
    if wanted and wanted.casefold() != formula.scoring.name:
        if formula.methods_allowed and wanted.casefold() not in formula.methods_allowed:
            raise _setting_error("Metodo punteggio", "metodo non previsto dalla formula "
                                 f"(ammessi: {', '.join(formula.methods_allowed)})", wanted,
                                 rows)
        try:
            changes["scoring"] = method(wanted)
        except RisikoError as err:
            raise _setting_error("Metodo punteggio", err.messaggio, wanted, rows) from None
    standings = {}
    for key, field, minimum in (("Turni preliminari", "rounds", 1), ("Scarti", "drops", 0)):
        value = settings.get(key)
        if not is_blank(value):
            try:
                standings[field] = to_int(value, key, minimum=minimum, maximum=30)
            except RisikoError as err:
                raise _setting_error(key, err.messaggio, value, rows) from None
    if standings:
        changes["standings"] = dataclasses.replace(formula.standings, **standings)
        rules = changes["standings"]
        if rules.drops >= rules.rounds:
            raise _setting_error("Scarti", f"gli scarti devono essere meno dei turni "
                                 f"({rules.rounds})", rules.drops, rows)
    scoring = changes.get("scoring", formula.scoring)
    if scoring.name == MEDALS:
        # seed 004: the medal table counts the places «realizzati durante l'intero torneo»:
        # no result is ever dropped, whatever «Scarti» says
        changes["standings"] = dataclasses.replace(
            changes.get("standings", formula.standings), medals=True, drops=0, best_of=None)
    return dataclasses.replace(formula, **changes) if changes else formula


@dataclass
class Tournament:
    """Everything read from the workbook, validated, with every typed game scored."""

    book: Book
    settings: dict[str, Any]
    formula: Formula
    entrants: list[Entrant]
    frame: pd.DataFrame
    rows: list[ResultRow]
    results: list[GameResult]
    computed: dict[int, dict[str, Any]]

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
    """Read and score the whole tournament (RisikoError on the first bad cell). A book
    that counts its writes (`generation`) keeps the result in `loaded` until a write."""
    generation = getattr(book, "generation", None)
    known = getattr(book, "loaded", None)
    if generation is not None and known is not None and known[0] == generation:
        return known[1]
    t = _load(book)
    if generation is not None:
        book.loaded = (generation, t)  # type: ignore[attr-defined]
    return t


def _load(book: Book) -> Tournament:
    settings = book.settings()
    entrants = read_entrants(book)
    frame, rows = read_results(book, [e.id for e in entrants])
    first_round = {r.player for r in rows if r.round_no == 1 and r.phase == QUALIFYING}
    formula = tournament_formula(settings, len(first_round) or None, setting_rows(book))
    check_tables(rows)
    if formula.teams is not None:
        check_teams(formula, entrants, rows)
    try:
        results, computed = score_results(rows, formula.scoring, formula.placement_chain)
    except RisikoError as err:  # a rule broken at a table: show the cell as typed
        if not err.has_value and err.riga in frame.index and err.colonna in frame.columns:
            raise err.located(valore=frame.at[err.riga, err.colonna]) from None
        raise
    return Tournament(book, settings, formula, entrants, frame, rows, results, computed)


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
