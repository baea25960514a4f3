"""The xlwings Lite scripts on CPython: `risiko_xl/lite/main.py` run against the Book
xlwings Lite hands a script — xlwings' remote engine, `xw.Book(json=…)`, played by
`ExcelStandIn` and held to `XLWINGS_API` by `Guarded` — gives the CLI's workbook on the
demo tournament; the form fields are the documented types; and the workbook's own
`main.py` (the package inside) loads and answers through xlwings' Lite entry points."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import sysconfig
import typing
from pathlib import Path

import pytest
import xlwings as xw

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.demo import DEMO_SEED, DEMO_SETTINGS
from risiko_xl.excel.ribbon import BUTTONS
from risiko_xl.formulas.loader import names
from risiko_xl.lite import main, steps
from risiko_xl.publish import POST_FORMATS
from risiko_xl.publish.posts import publish
from risiko_xl.services import standings_sheet
from risiko_xl.services.publication import post_source
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbooks.lite import new_lite
from risiko_xl.workbooks.lite_code import workbook_main
from tests.support.excel_standin import ExcelStandIn, Guarded, payload_from_file
from tests.support.frames import book_differences

pytestmark = pytest.mark.lento  # the scripts on an xlwings stand-in

# the actions the scripts send Excel: those xlwings Server's open Office.js client applies
# (docs/XLWINGS-LITE.md), and the chart and layout ones that come after them
VALUE_ACTIONS = {"setValues", "resizeTable", "addSheet", "sheetClearContents", "setNumberFormat"}
LAYOUT_ACTIONS = {"addChart", "deleteChart", "setChartTitle", "setChartLegend", "setChartAxis",
                  "setChartXAxisValues", "setColumnWidth", "setPrintArea", "setSheetVisibility"}
SCRIPTS = ("nuovo_torneo", "iscrivi_giocatore", "ritira_giocatore", "verifica", "sorteggia_turno",
           "aggiorna_classifica", "fasi_finali", "post_forum", "stampa_referti",
           "aggiungi_alla_stagione")

LITE_ONLY = "iscrivi_giocatore"  # the ribbon has no button for it: Iscritti is typed into


@pytest.fixture
def lite(tmp_path, monkeypatch):
    """make(players=0) → an ExcelStandIn on a new xlwings Lite workbook (demo settings)."""
    monkeypatch.setattr(steps, "FILES", tmp_path)

    def make(players: int = 0):
        path = new_lite(tmp_path / "torneo-lite.xlsx", DEMO_SETTINGS)
        return ExcelStandIn.with_players(path, monkeypatch, players)

    return make


def run(stand_in: ExcelStandIn, script, *args, violations: list[str] | None = None):
    """Run `script` as xlwings Lite does: a fresh book from the payload, the form's values
    after it, the recorded actions applied; returns them."""
    book = stand_in.book()
    script(Guarded(book, violations if violations is not None else []), *args)
    return stand_in.apply(book)


def printed(capsys) -> str:
    return capsys.readouterr().out


def play(stand_in: ExcelStandIn, round_no: int, phase: str = QUALIFYING) -> None:
    with stand_in.session() as xl:
        simulate.play(xl, round_no, phase, DEMO_SEED)


# --- the scripts and their form fields ------------------------------------------------------

def test_one_script_per_ribbon_button():
    assert set(SCRIPTS) == {b.action for b in BUTTONS} | {LITE_ONLY}
    assert all(callable(getattr(main, name)) for name in SCRIPTS)


def test_form_fields_are_the_types_app_mode_draws():
    allowed = (int, str, bool)
    for name in SCRIPTS:
        function = getattr(main, name)
        hints = typing.get_type_hints(function)
        parameters = list(inspect.signature(function).parameters.values())
        assert hints[parameters[0].name] is xw.Book, name
        for parameter in parameters[1:]:
            hint = hints[parameter.name]
            assert hint in allowed or typing.get_origin(hint) is typing.Literal, (name, hint)
            assert parameter.default is not inspect.Parameter.empty, (name, parameter.name)
    assert typing.get_args(main.Formula) == tuple(names())
    assert set(typing.get_args(main.PostFormat)) == set(steps.LITE_FORMATS) < set(POST_FORMATS)


# --- the demo: the scripts = the CLI ---------------------------------------------------------

def play_demo_with_scripts(stand_in: ExcelStandIn, violations: list[str]) -> None:
    """`demo.play_tournament`, each service call replaced by its xlwings Lite script."""
    run(stand_in, main.nuovo_torneo, "master", violations=violations)
    rows = simulate.players(37, 9, DEMO_SEED)
    rows[-1]["Dal turno"] = 2
    with stand_in.session() as xl:
        simulate.register(xl, rows)
    for round_no in (1, 2):
        run(stand_in, main.sorteggia_turno, violations=violations)
        play(stand_in, round_no)
        run(stand_in, main.aggiorna_classifica, violations=violations)
    with stand_in.session() as xl:
        leaving = xl.read_table("Classifica").rows[4]["ID"]
    run(stand_in, main.ritira_giocatore, leaving, True, violations=violations)
    run(stand_in, main.aggiorna_classifica, violations=violations)
    for _ in range(6):
        run(stand_in, main.fasi_finali, violations=violations)
        if not stand_in.play_next_phase():
            break
    run(stand_in, main.aggiorna_classifica, violations=violations)


def test_demo_through_the_scripts_gives_the_cli_workbook(lite, demo, capsys):
    stand_in = lite()
    violations: list[str] = []
    play_demo_with_scripts(stand_in, violations)
    assert "non eseguito" not in printed(capsys)
    assert run(stand_in, main.verifica, violations=violations) == []  # writes nothing
    assert "nessuna differenza" in printed(capsys)
    assert violations == []
    kinds = {a["func"] for batch in stand_in.batches for a in batch}
    assert kinds <= VALUE_ACTIONS | LAYOUT_ACTIONS  # no message box, no save, no formula
    for batch in stand_in.batches:  # every value first (docs/XLWINGS-LITE.md)
        funcs = [a["func"] for a in batch]
        layout = [i for i, f in enumerate(funcs) if f in LAYOUT_ACTIONS]
        assert not layout or max((i for i, f in enumerate(funcs)
                                  if f in VALUE_ACTIONS - {"setNumberFormat"}), default=-1) \
            < layout[0]
    cli = OpenpyxlBook(demo)
    xl = XlwingsBook(stand_in.book())
    assert book_differences(cli, xl) == []
    assert xl.read_table("Iscritti").column("Stato").count("Ritirato") == 1


# --- each script's inputs, messages and refusals ----------------------------------------------

def test_post_goes_to_the_post_sheet_in_the_chosen_format(lite, capsys):
    stand_in = lite(players=12)
    run(stand_in, main.sorteggia_turno)
    play(stand_in, 1)
    run(stand_in, main.aggiorna_classifica)
    run(stand_in, main.post_forum, 0, "markdown")
    assert "foglio Post" in printed(capsys)
    text = "\n".join(str(v) for v in stand_in.column("Post"))
    assert "|" in text and "[table" not in text
    run(stand_in, main.post_forum, 1, "bbcode-vb")
    expected = publish(post_source(XlwingsBook(stand_in.book())), "bbcode-vb", 1)
    assert [str(v) for v in stand_in.column("Post")] == [
        line for line in expected.splitlines()][:len(stand_in.column("Post"))]
    assert "[B]" in expected


def test_score_sheets_are_an_html_page_in_the_files_folder(lite, tmp_path, capsys):
    stand_in = lite(players=12)
    run(stand_in, main.stampa_referti)
    assert "nessun turno sorteggiato" in printed(capsys)
    run(stand_in, main.sorteggia_turno)
    run(stand_in, main.stampa_referti)
    page = tmp_path / "torneo-lite-referti-turno-1.html"
    assert page.name in printed(capsys)
    assert page.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


def test_a_redraw_and_a_withdrawal_need_the_confirm_box(lite, capsys):
    stand_in = lite(players=12)
    run(stand_in, main.sorteggia_turno)
    before = stand_in.column("Risultati", 1)
    assert run(stand_in, main.sorteggia_turno, 1) == []
    assert "spuntare «conferma»" in printed(capsys)
    run(stand_in, main.sorteggia_turno, 1.0, "true")  # a form may send JSON numbers, text
    assert "Archivio" in printed(capsys) and stand_in.column("Archivio")
    assert len(stand_in.column("Risultati", 1)) == len(before)
    stand_in.select("Iscritti", "B3")
    assert run(stand_in, main.ritira_giocatore) == []
    assert "(G002)" in printed(capsys)
    run(stand_in, main.ritira_giocatore, "", True)
    with stand_in.session() as xl:
        state = {r["ID"]: r["Stato"] for r in xl.read_table("Iscritti")}
    assert state["G002"] == "Ritirato"


def test_iscrivi_giocatore_adds_a_player_with_the_next_free_id(lite, capsys):
    stand_in = lite(players=12)
    assert run(stand_in, main.iscrivi_giocatore, "Anna", "De Luca", "", "RC Test", 0)
    assert "Iscritto G013 Anna De Luca (RC Test) dal turno 1." in printed(capsys)
    with stand_in.session() as xl:
        added = [r for r in xl.read_table("Iscritti") if r["ID"] == "G013"]
    assert [(r["Nome"], r["Cognome"], r["Club"]) for r in added] == [
        ("Anna", "De Luca", "RC Test")]
    assert run(stand_in, main.iscrivi_giocatore) == []
    assert "«nome»" in printed(capsys)


def test_bad_input_is_one_italian_message_and_nothing_written(lite, capsys):
    stand_in = lite(players=12)
    run(stand_in, main.sorteggia_turno)
    play(stand_in, 1)
    assert run(stand_in, main.nuovo_torneo, "master") == []
    out = printed(capsys)
    assert "«Nuovo torneo» non eseguito" in out and "contiene già un torneo" in out
    assert run(stand_in, main.ritira_giocatore, "G99", True) == []
    assert "non eseguito" in printed(capsys)
    assert run(stand_in, main.post_forum, -1) == []
    assert "«turno»" in printed(capsys)


def test_an_internal_error_is_raised_after_an_italian_line(lite, monkeypatch, capsys):
    stand_in = lite(players=12)
    monkeypatch.setattr(standings_sheet, "update_standings", lambda xl, finals: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        run(stand_in, main.aggiorna_classifica)
    assert "Errore interno durante «Aggiorna classifica»" in printed(capsys)


# --- the workbook's main.py under xlwings' Lite entry points ----------------------------------

PROBE = r"""
import asyncio, importlib.util, json, sys, tempfile
sys.path[:0] = [SITE]
import xlwings as xw, xlwings.server as server
spec = importlib.util.spec_from_loader("main", loader=None)
module = importlib.util.module_from_spec(spec)
exec(open("main.py", encoding="utf-8").read(), module.__dict__)  # as xlwings Lite does
import risiko_xl
from risiko_xl.publish.render import TEMPLATES
functions = [f["name"] for f in server.custom_functions_meta(module)["functions"]]
scripts = {s["function_name"]: s["name"] for s in server.custom_scripts_meta(module)}
call = {"func_name": "RISIKO_PUNTI_TAVOLO", "args": [[[71], [60], [45], [30], [20]], [[5]], None],
        "version": xw.__version__, "client": "Office.js", "runtime": "1.4",
        "culture_info_name": "it-IT", "date_format": "dd/mm/yyyy"}
points = asyncio.run(server.custom_functions_call(call, module))
book = xw.Book(json=json.load(open("payload.json", encoding="utf-8")))
book = asyncio.run(server.custom_scripts_call(module, "nuovo_torneo",
                   typehint_to_value={xw.Book: book}, args=["lu_castidduzzu"]))
actions = [a["func"] for a in book.json()["actions"]]
print(json.dumps({"functions": functions, "scripts": scripts, "points": points,
                  "actions": actions, "package": risiko_xl.__file__,
                  "templates": str(TEMPLATES),
                  "temp": tempfile.gettempdir()}))
"""


def test_the_workbooks_main_py_runs_under_xlwings_lites_entry_points(tmp_path):
    """The workbook's `main.py`, exec'd as xlwings Lite does with `XLWINGS_ON_SERVER=true`
    (xlwings' Office.js decorators), in a Python that sees only site-packages (no
    risiko_xl there: the package must come from the file itself)."""
    (tmp_path / "main.py").write_text(workbook_main(), encoding="utf-8")
    workbook = new_lite(tmp_path / "torneo-lite.xlsx")
    (tmp_path / "payload.json").write_text(json.dumps(payload_from_file(workbook)),
                                           encoding="utf-8")
    site = sysconfig.get_paths()["purelib"]
    env = {"XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial",
           "TMPDIR": str(tmp_path / "tmp"), "PATH": "/usr/bin:/bin"}
    (tmp_path / "tmp").mkdir()
    done = subprocess.run([sys.executable, "-S", "-c", PROBE.replace("SITE", repr(site))],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["package"].startswith(found["temp"])  # unpacked from main.py
    assert (Path(found["templates"]) / "referti.html.j2").is_file()
    assert found["templates"].startswith(found["temp"])
    import risiko_xl.udfs as udfs

    assert sorted(found["functions"]) == sorted(n for n in dir(udfs) if n.startswith("RISIKO_"))
    assert found["scripts"] == {**{b.action: b.label for b in BUTTONS},
                                LITE_ONLY: "Iscrivi giocatore"}
    assert found["points"] == [[89], [75], [57], [38], [25]]
    assert "setValues" in found["actions"]
