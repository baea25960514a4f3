"""Proved under real WebAssembly Python (issue 17): Pyodide, CPython compiled to
WebAssembly, started offline by Node.js, installs our wheel and its pure-Python
requirements from a local folder (`make wasm`, tests/support/webassembly.py) and plays the demo
tournament through the services the CLI uses (tests/support/wasm_scenario.py, the same
script CPython runs here): every cell of the workbook, the lines printed (draws with their
fingerprints and certificates, standings, finals), each round's post in every format of
`pubblica --formato tutti` and the score sheets equal CPython's, byte for byte.

Without Node or `make wasm` the tests skip locally; under CI=true they fail.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from risiko_xl.publish import ALL, FORMAT_CHOICES
from tests.support import programs, webassembly

pytestmark = [pytest.mark.lento, pytest.mark.wasm]

SCENARIO = Path(__file__).parents[1] / "support" / "wasm_scenario.py"
WORKBOOK = "torneo-demo.xlsx"


def _need_pyodide() -> None:
    why = webassembly.missing()
    if why is not None:
        if programs.IN_CI:
            pytest.fail(f"CI=true e Pyodide non si avvia: {why}")
        pytest.skip(why)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> tuple[Path, Path, str]:
    """The scenario's folder from CPython and from Pyodide, and what Pyodide printed."""
    _need_pyodide()
    cpython, wasm = tmp_path_factory.mktemp("cpython"), tmp_path_factory.mktemp("pyodide")
    done = subprocess.run([sys.executable, str(SCENARIO), str(cpython)], capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    done = webassembly.run(SCENARIO, str(wasm))
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    return cpython, wasm, done.stdout


def _files(folder: Path) -> dict[str, Path]:
    return {p.name: p for p in sorted(folder.iterdir()) if p.is_file()}


def _cells(path: Path) -> dict[str, list[tuple[str, object, str]]]:
    book = openpyxl.load_workbook(path)
    return {sheet.title: [(cell.coordinate, cell.value, cell.number_format)
                          for row in sheet.iter_rows() for cell in row
                          if cell.value is not None]
            for sheet in book.worksheets}


def test_only_pure_wheels_are_installed():
    _need_pyodide()
    wheels = sorted(p.name for p in webassembly.WHEELS.glob("*.whl"))
    assert [w for w in wheels if not w.endswith("-none-any.whl")] == []
    assert any(w.startswith("markupsafe-") for w in wheels)  # Jinja2's, built without C


def test_it_ran_under_webassembly(outputs):
    assert outputs[2].split() == ["emscripten", "wasm32"]


def test_the_same_files(outputs):
    cpython, wasm, _printed = outputs
    names = list(_files(cpython))
    assert names == list(_files(wasm))
    rounds = {name.split("-")[2] for name in names if name.startswith("post-turno-")}
    for fmt in (f for f in FORMAT_CHOICES if f != ALL):  # `pubblica --formato`, every round
        assert len([n for n in names if f"-{fmt}." in n]) == len(rounds) >= 4, fmt


def test_every_cell_of_the_workbook(outputs):
    cpython, wasm, _printed = outputs
    for name in (n for n in _files(cpython) if n.endswith(".xlsx")):
        ours, theirs = _cells(cpython / name), _cells(wasm / name)
        assert list(ours) == list(theirs), name
        for sheet, cells in ours.items():
            assert theirs[sheet] == cells, f"{name}: {sheet}"
        if name == WORKBOOK:  # a whole tournament was compared
            assert sum(map(len, ours.values())) > 2000


def test_every_post_score_sheet_and_line_byte_for_byte(outputs):
    cpython, wasm, _printed = outputs
    texts = [n for n in _files(cpython) if not n.endswith(".xlsx")]
    assert [n for n in texts if (cpython / n).read_bytes() != (wasm / n).read_bytes()] == []
    lines = (cpython / "righe.txt").read_text(encoding="utf-8")
    assert "Tavolo 1:" in lines and "impronta" in lines  # the draws are in the comparison
