"""The xlwings Lite workbook's code under real WebAssembly Python (issue 17): the `main.py`
that `workbook/torneo-lite.xlsx` carries, run as the add-in runs it
(tests/support/lite_probe.py) under Pyodide in Node.js, offline, with only what the
workbook's `requirements.txt` names installed (`make wasm`: build/wasm/lite-wheels, not
our wheel): the package comes from main.py itself. Through xlwings' own entry points the
custom functions and scripts are listed, worksheet functions give the regulations' worked
values, and the draw, the standings and the check sent the same actions and lines as on
CPython, byte for byte.

The add-in path needs an xlwings licence key: under Lite `XLWINGS_ON_SERVER=true` makes
`import xlwings` import `xlwings.server`, which validates one (xlwings/pro/__init__.py);
the add-in brings its own (xlwings-server's WebAssembly runtime reads it from its `.env`),
the workbook none. Here the test-only noncommercial key stands for it.

Without Node or `make wasm` the tests skip locally; under CI=true they fail.
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.demo import DEMO_SEED, DEMO_SETTINGS
from risiko_xl.draw.model import SEARCH_ONLY_VERSION
from risiko_xl.excel.ribbon import BUTTONS
from risiko_xl.workbooks.lite import new_lite, workbook_code
from tests.support import programs, webassembly
from tests.support.excel_standin import LICENSE, payload_from_file

pytestmark = [pytest.mark.lento, pytest.mark.wasm]

# worked values of the regulations, as Office.js sends a cell (a 1×1 block), a column and
# an empty cell ("")
CALLS = [  # 001 §7 «Punteggio finale partita e classifica torneo», first example: A 23, B 0
    # eliminated, C winner with 48, D 39 → C first, D, A, B last
    {"func_name": "RISIKO_POSIZIONE",
     "args": [[[1]] * 4, [[23], [0], [48], [39]], [[0]] * 4, [[1], [2], [3], [4]], [[""]] * 4,
              [[""], ["S"], [""], [""]]]},
    # 001 §7, third example (a table of 5): 18 → 0,023; 20 → 0,025; 8 → 0,010;
    # the winner's 28 → 1,035; 19 → 0,024
    {"func_name": "RISIKO_PUNTI_TORNEO",
     "args": [[[18], [20], [8], [28], [19]], [[5]], [[4], [2], [5], [1], [3]]]},
    # 003 Art. 23: «se un giocatore vince una partita con il punteggio di 42 punti,
    # riceverà un punteggio classifica pari a 1,042»
    {"func_name": "RISIKO_PUNTI_TORNEO", "args": [[[42]], [[4]], [[1]]]},
]
EXPECTED = [[[3], [4], [1], [2]], [[0.023], [0.025], [0.01], [1.035], [0.024]], [[1.042]]]
# each script on the workbook data Excel sends: (payload, script, the form's values)
SCRIPTS = {"script-sorteggio": ("iscritti", "sorteggia_turno", []),
           "script-classifica": ("demo", "aggiorna_classifica", []),
           "script-verifica": ("demo", "verifica", []),
           # the finished demo into a new season in xlwings Lite's Files folder (issue 29)
           "script-stagione": ("demo", "aggiungi_alla_stagione", ["stagione-2026.xlsx", True])}


def _need_pyodide() -> None:
    why = webassembly.missing_lite()
    if why is not None:
        if programs.IN_CI:
            pytest.fail(f"CI=true e Pyodide non si avvia: {why}")
        pytest.skip(why)


def _payload(path: Path) -> dict[str, Any]:
    payload = payload_from_file(path)
    payload["book"]["name"] = path.name  # under Lite a book's name is its file's
    return payload


@pytest.fixture(scope="module")
def probed(tmp_path_factory, demo) -> dict[str, tuple[Path, dict[str, Any]]]:
    """The probe's folder and results on CPython and under Pyodide."""
    _need_pyodide()
    folder = webassembly.lite_folder(tmp_path_factory.mktemp("lite-in"))
    (folder / "funzioni.json").write_text(json.dumps(CALLS), encoding="utf-8")
    registered = new_lite(tmp_path_factory.mktemp("iscritti") / "torneo-lite.xlsx",
                          DEMO_SETTINGS, keep_backup=False)
    rows = simulate.players(37, 9, DEMO_SEED)
    rows[-1]["Dal turno"] = 2  # as in the demo
    book = OpenpyxlBook(registered)
    simulate.register(book, rows)
    book.save()
    payloads = {"iscritti": _payload(registered), "demo": _payload(demo)}
    for name, (payload, script, args) in SCRIPTS.items():
        request = {"script": script, "args": args, "payload": payloads[payload]}
        (folder / f"{name}.json").write_text(json.dumps(request), encoding="utf-8")
    found = {}
    for name, under_pyodide in (("CPython", False), ("Pyodide", True)):
        out = tmp_path_factory.mktemp(name)
        done = webassembly.probe_lite(folder, out, under_pyodide)
        assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
        found[name] = out, json.loads((out / "risultati.json").read_text(encoding="utf-8"))
    return found


def test_only_what_the_workbook_requires_is_installed():
    _need_pyodide()
    wheels = {parse_wheel_filename(p.name)[0]: p.name
              for p in webassembly.LITE_WHEELS.glob("*.whl")}
    text = workbook_code(webassembly.LITE_WORKBOOK)["requirements.txt"]
    named = [Requirement(line.split("#")[0]) for line in text.splitlines() if line.strip()]
    assert [r.name for r in named if canonicalize_name(r.name) not in wheels] == []
    assert "risiko-xl" not in wheels
    assert [w for w in wheels.values() if not w.endswith("-none-any.whl")] == []
    assert wheels["xlwings"].startswith("xlwings-0.37.")


def test_main_py_from_the_workbook_ran_under_webassembly(probed):
    for name, (_out, found) in probed.items():
        assert found["package"].startswith(found["temp"]), name  # unpacked from main.py
        assert found["requirements"] == workbook_code(webassembly.LITE_WORKBOOK)[
            "requirements.txt"]
    assert probed["Pyodide"][1]["platform"] == ["emscripten", "wasm32"]
    assert "site-packages" in probed["Pyodide"][1]["xlwings"][1]


def _described(meta: dict[str, Any]) -> dict[str, Any]:
    """Custom-function metadata with each description as Python 3.13+ compiles
    docstrings (common indentation stripped): the CPython tests run on 3.11."""
    return {**meta, "functions": [{**f, "description": inspect.cleandoc(f["description"])}
                                  for f in meta["functions"]]}


def test_functions_and_scripts_are_listed_as_lite_lists_them(probed):
    import risiko_xl.udfs as udfs

    cpython, pyodide = probed["CPython"][1], probed["Pyodide"][1]
    assert _described(pyodide["functions"]) == _described(cpython["functions"])
    assert pyodide["scripts"] == cpython["scripts"]
    assert sorted(f["name"] for f in pyodide["functions"]["functions"]) == \
        sorted(n for n in dir(udfs) if n.startswith("RISIKO_"))
    assert {s["function_name"]: s["name"] for s in pyodide["scripts"]} == \
        {**{b.action: b.label for b in BUTTONS}, "iscrivi_giocatore": "Iscrivi giocatore"}


def test_worksheet_functions_give_the_regulations_values(probed):
    assert probed["Pyodide"][1]["calls"] == EXPECTED
    assert probed["CPython"][1]["calls"] == EXPECTED


def test_scripts_send_the_same_actions_byte_for_byte(probed):
    (cpython, ours), (pyodide, theirs) = probed["CPython"], probed["Pyodide"]
    for name in SCRIPTS:
        assert (pyodide / f"{name}.json").read_bytes() == (cpython / f"{name}.json").read_bytes()
    assert theirs["printed"] == ours["printed"]
    drawn = json.loads((pyodide / "script-sorteggio.json").read_text(encoding="utf-8"))
    assert "setValues" in [a["func"] for a in drawn["actions"]]
    assert "Tavolo 1" in theirs["printed"]["script-sorteggio"]
    assert f"risiko_xl.draw {SEARCH_ONLY_VERSION} " in json.dumps(drawn, ensure_ascii=False)
    ranked = json.loads((pyodide / "script-classifica.json").read_text(encoding="utf-8"))
    assert len(ranked["actions"]) > 10
    assert "nessuna differenza" in theirs["printed"]["script-verifica"]
    checked = json.loads((pyodide / "script-verifica.json").read_text(encoding="utf-8"))
    assert checked["actions"] == []  # the check writes nothing
    season = theirs["printed"]["script-stagione"]
    assert "Creata la stagione" in season and "aggiunto" in season, season
    assert "Classifica della stagione: 1 torneo" in season


def test_what_main_py_leaves_out_is_refused_in_italian_there_too(probed):
    cpython, pyodide = probed["CPython"][1], probed["Pyodide"][1]
    assert pyodide["refused"] == cpython["refused"]
    assert list(pyodide["refused"]) == ["risiko_xl.publish.referti_pdf", "risiko_xl.cli"]
    assert all(text.startswith("RisikoError: Non disponibile con xlwings Lite: ")
               for text in pyodide["refused"].values())


def test_load_times_are_recorded(probed):
    """The figures are printed by benchmarks/lite_import.py."""
    for _out, found in probed.values():
        assert len(found["load_seconds"]) >= 3 and min(found["load_seconds"]) > 0


def test_xlwings_under_lite_needs_a_licence_key(tmp_path):
    """`XLWINGS_ON_SERVER=true`, as under Lite: without a key `import xlwings` fails; with
    the add-in's (here the noncommercial one) it imports."""
    command = [sys.executable, "-c", "import xlwings"]
    env = {"PATH": "/usr/bin:/bin", "XLWINGS_ON_SERVER": "true", "HOME": str(tmp_path)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode != 0 and "LicenseError" in done.stderr
    done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                          env={**env, "XLWINGS_LICENSE_KEY": LICENSE})
    assert done.returncode == 0, done.stderr
