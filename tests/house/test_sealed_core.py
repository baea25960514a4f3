"""The core knows no workbook: its errors carry domain facts, the faces place them.

Issue 16 «A sealed core»: no sheet names or sheet headers in `rules/`, `standings/`,
`draw/`, `formulas/`; no `foglio=`/`colonna=`/`riga=`/`tavolo=` there. A `RuleError` names the
record's field, the seat, the round and table; `tournament.sheet_errors.on_sheet` turns
them into the sheet, row and column the organiser reads, word for word as before.
"""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from risiko_xl.books import schema
from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.rules.games import GAMES
from risiko_xl.rules.placement import CRITERIA, validate_table
from risiko_xl.rules.seat import Seat
from risiko_xl.standings import StandingsRules, compute_standings
from risiko_xl.standings.model import FINAL, PLAYOFF, QUALIFYING, SEMIFINAL, Entrant, GameResult
from risiko_xl.standings.teams import check_composition
from risiko_xl.tournament.sheet_errors import CELLS, on_sheet

CORE = [Path(__file__).parents[2] / "risiko_xl" / pkg
        for pkg in ("rules", "standings", "draw", "formulas")]
SPECS = [v for v in vars(schema).values() if isinstance(v, schema.TableSpec)]
SHEETS = {s.sheet for s in SPECS} | {s.name for s in SPECS} | {"Classifica"}
HEADERS = ({h for s in SPECS for h in s.headers}
           | set(schema.standings_spec(1, schema.STANDINGS_EXTRA).headers))
# domain words a header reuses: the phases, the game's title, the placement criteria's
# labels (the workbook named those columns after them)
DOMAIN_WORDS = ({QUALIFYING, PLAYOFF, SEMIFINAL, FINAL} | {g.title for g in GAMES.values()}
                | {label for _, label in CRITERIA.values()})


def core_trees() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8")))
            for root in CORE for path in sorted(root.rglob("*.py"))]


def _exported(tree: ast.Module) -> set[int]:
    """The ids of the string constants of `__all__` (Python names, not sheet names)."""
    return {id(c) for node in ast.walk(tree) if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            for c in ast.walk(node.value)}


def test_the_core_names_no_sheet_and_no_header():
    found = []
    for path, tree in core_trees():
        exported = _exported(tree)
        for node in ast.walk(tree):
            if id(node) in exported:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and (
                    node.value in SHEETS
                    or (node.value in HEADERS and node.value not in DOMAIN_WORDS)):
                found.append(f"{path.name}:{node.lineno} {node.value!r}")
    assert not found, found


def test_the_core_locates_no_cell():
    found = []
    for path, tree in core_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                found += [f"{path.name}:{node.lineno} {k.arg}=" for k in node.keywords
                          if k.arg in ("foglio", "colonna", "riga", "tavolo")]
    assert not found, found


def test_every_field_the_core_names_has_its_cell():
    fields = set()
    for _, tree in core_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for k in node.keywords:
                    if k.arg == "field":
                        fields |= {c.value for c in ast.walk(k.value)
                                   if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    assert fields and fields <= set(CELLS), fields - set(CELLS)
    by_sheet: dict[str, set[str]] = {}
    for s in SPECS:
        by_sheet.setdefault(s.sheet, set()).update(s.headers)
    for field, (sheet, header) in CELLS.items():
        assert header is None or header in by_sheet[sheet], field


def test_a_result_error_reads_as_before_once_on_the_sheet():
    with pytest.raises(RuleError) as caught:
        compute_standings([Entrant("A")], [GameResult("ZZ", 1, QUALIFYING, 1, 1, Fraction(1),
                                                      row=7)], StandingsRules(rounds=1), 1)
    err = caught.value
    assert (err.field, err.player, err.riga) == ("result.player", "ZZ", 7)
    assert str(on_sheet(err)) == ("Foglio Risultati, riga 7, colonna ID: risultato di un "
                                  "giocatore non iscritto (valore trovato: 'ZZ')")


def test_an_entrant_error_reads_as_before_once_on_the_sheet():
    people = [Entrant(f"C{i}", club="C", row=i + 2) for i in range(4)]
    with pytest.raises(RuleError) as caught:
        check_composition(people, [])
    assert str(on_sheet(caught.value)) == (
        "Foglio Iscritti, riga 2, colonna Club: la squadra «C» ha 4 iscritti: una squadra "
        "ne ha da 5 a 15 (valore trovato: 'C')")


def test_a_seat_error_names_the_seat_and_the_face_its_row():
    seats = [Seat(20, risiko=True), Seat(30, risiko=True), Seat(1), Seat(2)]
    with pytest.raises(RuleError) as caught:
        validate_table(seats)
    err = caught.value
    assert (err.seat, err.field) == (2, "seat.risiko")
    assert str(err).startswith("Posto 2: due RisiKo!")
    assert str(on_sheet(err, [11, 12, 13, 14], 3)) == (
        "Foglio Risultati, tavolo 3, riga 12, colonna RisiKo!: due RisiKo! allo stesso "
        "tavolo: solo uno può completare l'obiettivo")
    # a worksheet function's range: no sheet, and its placement names no column
    assert str(on_sheet(err, [2, 3, 4, 5], "A", sheet=False, column=False)) == (
        "Tavolo A, riga 3: due RisiKo! allo stesso tavolo: solo uno può completare "
        "l'obiettivo")


def test_other_errors_pass_unchanged():
    err = RisikoError("x", foglio="Torneo", riga=3)
    assert on_sheet(err) is err
