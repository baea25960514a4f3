"""Live worksheet functions (setting «Calcolo»): the workbook's computed cells as
`RISIKO_*` formulas agree with the values the CLI writes, every formula names a function
we define with a valid argument count, and the ribbon writes the CLI's formulas.

Excel is not available here: `formula_eval.Evaluator` reads the formulas from the file,
resolves ranges and table references as Excel does and calls our worksheet functions with
the values Excel would pass them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import range_boundaries

from risiko_xl import actions, cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.demo import DEMO_SEED, DEMO_SETTINGS, play_tournament
from risiko_xl.services.verify import same
from risiko_xl.sheets import live_formulas
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbooks.template import formula_settings, write_new
from tests.support.excel_standin import ExcelStandIn
from tests.support.formula_eval import Evaluator, arity, calls, formulas_of
from tests.support.frames import differences
from tests.support.preset_cases import CASES

pytestmark = pytest.mark.lento  # every shipped formula played and evaluated

ROOT = Path(__file__).parents[2]
STANDINGS = schema.standings_spec(0).name


def table_cells(workbook, name: str) -> dict[tuple[int, int], tuple[str, int, int]]:
    """(row, column) inside table `name` → (sheet, sheet row, sheet column)."""
    for ws in workbook.worksheets:
        if name in ws.tables:
            min_col, min_row, max_col, max_row = range_boundaries(ws.tables[name].ref)
            return {(r - min_row, c - min_col): (ws.title, r, c)
                    for r in range(min_row, max_row + 1) for c in range(min_col, max_col + 1)}
    raise AssertionError(f"tabella {name} assente")


def agree(formulas: Path, values: Path) -> tuple[list[str], int]:
    """Every cell of Risultati and Classifica: the evaluated formula workbook against the
    values workbook. Returns the differences and the worksheet function calls made."""
    live_book, plain = load_workbook(formulas), load_workbook(values)
    evaluator = Evaluator(live_book)
    found = []
    for name in (schema.RESULTS.name, STANDINGS):
        ours, theirs = table_cells(live_book, name), table_cells(plain, name)
        assert ours.keys() == theirs.keys(), name
        for key, (sheet, row, col) in ours.items():
            got = evaluator.cell(sheet, row, col)
            want = plain[theirs[key][0]].cell(*theirs[key][1:]).value
            if not same(got, want):
                found.append(f"{name} {sheet}!{row},{col}: formula {got!r}, valore {want!r}")
    return found, evaluator.udf_calls


@pytest.mark.parametrize("name", sorted(CASES))
def test_formulas_and_values_agree_for_every_shipped_formula(name, tmp_path):
    players, late, settings = CASES[name]
    paths = {}
    for mode in live_formulas.MODES:
        paths[mode] = tmp_path / f"{mode}.xlsx"
        lines = play_tournament(paths[mode], formula=name, players=players, clubs=6,
                                seed=f"live-{name}", late=late,
                                settings={**settings, live_formulas.MODE_KEY: mode})
        assert lines[-2].endswith("nessuna differenza."), lines
    found, udf_calls = agree(paths[live_formulas.FORMULAS], paths[live_formulas.VALUES])
    assert found == []
    assert udf_calls == 2  # the whole workbook: RISIKO_RISULTATI and RISIKO_CLASSIFICA once
    computed = [f for f in formulas_of(load_workbook(paths[live_formulas.FORMULAS]))
                if f[0] == schema.RESULTS.sheet]
    values = OpenpyxlBook(paths[live_formulas.VALUES])
    assert len(computed) == 3 * len(values.read_table("Risultati"))


def _every_call_is_valid(workbook) -> list[str]:
    checked = []
    for sheet, cell, formula in formulas_of(workbook):
        for name, count in calls(formula):
            low, high = arity(name)  # AssertionError for a function we do not allow
            assert low <= count <= high, f"{sheet}!{cell}: {name} con {count} argomenti"
            checked.append(name)
    return checked


def test_shipped_workbooks_name_only_defined_functions_with_valid_arguments(tmp_path):
    checked = _every_call_is_valid(load_workbook(ROOT / "workbook" / "torneo.xlsm",
                                                 keep_vba=True))
    assert sorted(checked) == ["RISIKO_CLASSIFICA", "RISIKO_RISULTATI"]
    assert _every_call_is_valid(load_workbook(ROOT / "workbook" / "torneo.xlsx")) == []
    path = tmp_path / "t.xlsx"
    play_tournament(path, players=14, clubs=4, seed="arity", late=0,
                    settings={live_formulas.MODE_KEY: live_formulas.FORMULAS})
    assert {"INDEX", "ROW", "RISIKO_RISULTATI", "RISIKO_CLASSIFICA"} == set(
        _every_call_is_valid(load_workbook(path)))


def test_the_checker_rejects_unknown_functions_and_wrong_argument_counts():
    with pytest.raises(AssertionError, match="RISIKO_NULLA"):
        arity("RISIKO_NULLA")
    assert calls("=RISIKO_RISULTATI(A1:B2,C1)") == [("RISIKO_RISULTATI", 2)]
    low, _ = arity("RISIKO_RISULTATI")
    assert low == 3  # so a two-argument call above fails the shipped-workbook check
    assert calls("=INDEX(A1:A3,ROW()-1,2)") == [("ROW", 0), ("INDEX", 3)]


def _tournament(tmp_path: Path, mode: str, name: str = "t.xlsx") -> Path:
    path = tmp_path / name
    play_tournament(path, players=14, clubs=4, seed="modo", late=0,
                    settings={live_formulas.MODE_KEY: mode})
    return path


def test_blank_setting_gives_values_in_the_cli_and_a_setting_can_switch_back(tmp_path):
    formulas = _tournament(tmp_path, live_formulas.FORMULAS)
    book = OpenpyxlBook(formulas)
    assert all(isinstance(v, live_formulas.Formula) and v.startswith("=INDEX(")
               for v in book.read_table(STANDINGS).column("Totale"))
    values = _tournament(tmp_path, live_formulas.VALUES, "v.xlsx")
    for setting in ("", "Valori"):  # blank: what the CLI supports; case does not matter
        book = OpenpyxlBook(formulas)
        book.set_setting(live_formulas.MODE_KEY, setting)
        book.save()
        assert cli.main(["standings", str(formulas)]) == 0
        assert formulas_of(load_workbook(formulas)) == []
        found, _ = agree(formulas, values)
        assert found == []
    assert load_workbook(formulas)[live_formulas.SHEET]["A1"].value == live_formulas.NOTE


def test_a_bad_setting_is_a_located_error(tmp_path, capsys):
    path = _tournament(tmp_path, live_formulas.VALUES)
    book = OpenpyxlBook(path)
    book.set_setting(live_formulas.MODE_KEY, "sì")
    book.save()
    before = path.read_bytes()
    assert cli.main(["standings", str(path)]) == 2
    message = capsys.readouterr().err
    assert "«Calcolo»" in message and "Foglio Torneo" in message and "'sì'" in message
    assert path.read_bytes() == before


def test_a_bad_cell_shows_its_located_message_in_every_computed_cell(tmp_path):
    path = _tournament(tmp_path, live_formulas.FORMULAS)
    workbook = load_workbook(path)
    sheet = workbook[schema.RESULTS.sheet]
    column = schema.RESULTS.headers.index("Punti obiettivo") + 1
    sheet.cell(5, column).value = "tanti"  # what a referee might type
    workbook.save(path)
    evaluator = Evaluator(load_workbook(path))
    computed = [where for (row, col), where in table_cells(workbook, schema.RESULTS.name).items()
                if row and schema.RESULTS.headers[col] in schema.RESULTS.computed]
    assert computed
    for name, r, c in computed:
        value = evaluator.cell(name, r, c)
        assert value.startswith("#RISIKO!"), value
        assert "riga 5" in value and "Punti obiettivo" in value and "'tanti'" in value


def test_the_ribbon_writes_the_formulas_the_cli_writes(tmp_path, monkeypatch):
    settings = {**formula_settings("master"), **DEMO_SETTINGS,
                live_formulas.MODE_KEY: live_formulas.FORMULAS}
    cli_path = write_new(tmp_path / "cli.xlsx", settings)
    rows = simulate.players(12, 9, DEMO_SEED)
    book = OpenpyxlBook(cli_path)
    simulate.register(book, rows)
    book.save()
    excel_path = tmp_path / "excel.xlsx"
    shutil.copy(cli_path, excel_path)

    assert cli.main(["draw", str(cli_path)]) == 0
    book = OpenpyxlBook(cli_path)
    simulate.play(book, 1, QUALIFYING, DEMO_SEED)
    book.save()
    assert cli.main(["standings", str(cli_path)]) == 0

    stand_in = ExcelStandIn(excel_path, monkeypatch)
    stand_in.formulas = True
    stand_in.run(actions.sorteggia_turno)
    with stand_in.session() as xl:
        simulate.play(xl, 1, QUALIFYING, DEMO_SEED)
    batch = stand_in.run(actions.aggiorna_classifica)
    assert stand_in.alerts[-1].mode == "info", stand_in.alerts[-1].prompt

    written = {(a["start_row"] + 1, a["start_column"] + 1): a["values"][0][0]
               for a in batch if a["func"] == "setFormula"}
    in_file = {(int(cell[1:]), ord(cell[0]) - 64): text
               for sheet, cell, text in formulas_of(load_workbook(cli_path))
               if sheet == live_formulas.SHEET}
    assert written == in_file and len(written) == 2
    cli_book, xl = OpenpyxlBook(cli_path), XlwingsBook(stand_in.book())
    for name in (schema.RESULTS.name, STANDINGS):
        assert differences(cli_book.read_table(name), xl.read_table(name)) == []
    assert any(str(v).startswith("=INDEX(") for v in xl.read_table(STANDINGS).column("ID"))


def test_the_arguments_follow_the_typed_columns_the_table_really_has():
    """A workbook made before the optional Coefficiente / Valore esercito columns keeps a
    valid range; columns appended after the computed ones are left out of it."""
    from risiko_xl.sheets import live_formulas

    old = [h for h in schema.RESULTS.headers if h not in ("Coefficiente", "Valore esercito")]
    assert live_formulas.arguments(old).endswith("Risultati[[#All],[Turno]:[Territori fuori]]")
    appended = [*old, "Coefficiente"]
    assert live_formulas.arguments(appended) == live_formulas.arguments(old)
    assert live_formulas.arguments().endswith(f"[Turno]:[{schema.RESULTS.headers[-4]}]]")
