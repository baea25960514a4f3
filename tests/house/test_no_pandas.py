"""The package runs without pandas and numpy (issue 16, «No pandas»): the next step runs
it under WebAssembly Python, with pure-Python wheels only.

Each check runs in a fresh interpreter. openpyxl imports numpy by itself when it is
installed (`openpyxl.compat.numbers`), and so does xlwings (pandas too), so «without»
is checked the strict way: numpy and pandas are made impossible to import
(`sys.modules[name] = None`), and the package must import and every command run all the
same. matplotlib (which needs numpy) is not even installed: the HTML page's standings
chart is an SVG written in plain Python, and the PDF score sheets' DejaVu Sans is shipped
with the package; the HTML page is published with matplotlib blocked as well.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

FAKE_XLWINGS = """
import types
def _decorator(*args, **kwargs):  # @xw.func and @xw.arg(...) alike: the function itself
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda f: f
fake = types.ModuleType("xlwings")
fake.__getattr__ = lambda name: _decorator
sys.modules["xlwings"] = fake
"""
BLOCK = "sys.modules['pandas'] = None\nsys.modules['numpy'] = None\n"
LOADED = ("print('CARICATI', sorted(m for m in ('numpy', 'pandas', 'matplotlib')\n"
          "                         if sys.modules.get(m)))\n")
RUN_CLI = "from risiko_xl.cli import main\ncode = main(sys.argv[1:])\n" + LOADED + \
    "sys.exit(code)\n"


def python(code: str, *args: str, cwd=None) -> str:
    done = subprocess.run([sys.executable, "-c", "import sys\n" + code, *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_importing_the_cli_imports_neither_pandas_nor_numpy():
    assert "CARICATI []" in python("import risiko_xl.cli\n" + LOADED)


def test_the_excel_faces_import_without_pandas_and_numpy():
    python(FAKE_XLWINGS + BLOCK + "import risiko_xl.udfs, risiko_xl.actions\n"
           "import risiko_xl.books.xlwings_book\n")


@pytest.mark.lento
def test_every_command_runs_without_pandas_and_numpy(tmp_path):
    assert "CARICATI []" in python(BLOCK + RUN_CLI, "demo", "demo", cwd=tmp_path)
    book = "demo/torneo-demo.xlsx"
    commands = [
        ("classifica", book), ("verifica", book), ("finali", book),
        ("referti", book, "--turno", "4", "--out", "r.pdf"),
        ("referti", book, "--turno", "4", "--out", "r.html"),
        *(("pubblica", book, "--formato", fmt, "--out", f"post-{fmt}.txt")
          for fmt in ("testo", "markdown", "bbcode-vb", "bbcode-phpbb", "schermo")),
        ("esporta", book, "copia.xlsx"), ("ritira", book, "G003"), ("ripristina", book),
        ("nuovo", "nuovo.xlsx", "--formula", "master"),
        *(("iscrivi", "nuovo.xlsx", f"Giocatore {n}") for n in range(1, 10)),
        ("sorteggia", "nuovo.xlsx"),
    ]
    for command in commands:
        assert "CARICATI []" in python(BLOCK + RUN_CLI, *command, cwd=tmp_path), command
    assert "CARICATI []" in python(BLOCK + RUN_CLI, "pubblica", book, "--formato", "tutti",
                                   "--out", "tutti", cwd=tmp_path)
    python(BLOCK + "sys.modules['matplotlib'] = None\n" + RUN_CLI, "pubblica", book,
           "--formato", "html", "--turno", "2", "--out", "pagina.html", cwd=tmp_path)
    assert '<svg class="grafico"' in (tmp_path / "pagina.html").read_text(encoding="utf-8")
