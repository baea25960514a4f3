"""openpyxl loaded without numpy (issue 28: numpy's import, which openpyxl makes whenever
OR-Tools has installed it, was a twentieth of a command at 400 players), numpy still there
for the draw's exact solver."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def python(code: str, cwd: Path) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=cwd,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_a_command_never_imports_numpy_and_the_solver_still_can(tmp_path: Path) -> None:
    out = python("""
        import sys
        from risiko_xl import cli
        cli.main(["nuovo", "t.xlsx", "--formula", "master"])
        print("numpy" in sys.modules)
        import openpyxl.compat.numbers as numbers
        print(numbers.NUMPY)
        from ortools.sat.python import cp_model  # imports numpy itself
        print("numpy" in sys.modules, sys.modules["numpy"] is not None)
    """, tmp_path)
    assert out.splitlines()[-3:] == ["False", "False", "True True"]


def test_numpy_imported_first_stays_imported(tmp_path: Path) -> None:
    """Whatever imported numpy before (a notebook, xlwings' pandas): it is still there
    after openpyxl is loaded, the same module."""
    out = python("""
        import sys
        import numpy
        import risiko_xl.books.openpyxl_book
        print(sys.modules["numpy"] is numpy)
    """, tmp_path)
    assert out == "True"
