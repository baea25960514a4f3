"""Property-based fuzzing (issue 7, "Scale"): random cell contents in a real workbook and
random worksheet-function arguments never let an exception other than ours escape.

(a) A small played tournament (template, 17 players, both `master` rounds drawn, typed and
ranked) gets random values in random cells of Iscritti, Risultati and Impostazioni (text,
numbers of any size and sign, booleans, dates, error values, real formulas,
formula-looking text, None; now and then a header); load, the text post, the score
sheets, standings, verify, the final phases and a redraw of round 2 then either work or
raise RisikoError.
(b) Every `RISIKO_…` function of risiko_xl.udfs gets random arguments as Excel passes
them (scalars: float, str, bool, None, datetime; columns as lists; blocks as lists of
rows; lengths that disagree): it returns a value or a block of values, never raises.
"""

from __future__ import annotations

import datetime as dt
import functools
import inspect
import io
import math
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook
from openpyxl.utils import range_boundaries

from risiko_xl import simulate, udfs
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.services.finals_sheet import run_finals
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.services.verify import verify
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import load
from risiko_xl.workbooks.template import formula_settings, write_new
from tests.support.publishing import publish, score_sheets

SEED = "fuzz"
# Modest by default (the suite stays fast); RISIKO_FUZZ=N runs N times as many examples.
SCALE = int(os.environ.get("RISIKO_FUZZ", "1"))
WORKBOOK_EXAMPLES, UDF_EXAMPLES = 35 * SCALE, 60 * SCALE
NOW = dt.datetime(2026, 11, 21, 21, 0)
WORDS = ("", " ", "#N/A", "#DIV/0!", "#VALUE!", "#REF!", "#RISIKO! prima", "=1+1", "@x",
         "-", "S", "N", "X", "sì", "no", "1", "2=", "0", "-1", "1,5", "23.0", " 12 ",
         "NaN", "nan", "inf", "-inf", "1e309", "Qualificazione", "Spareggio", "Semifinale",
         "Finale", "Attivo", "Ritirato", "Squalificato", "master", "nazionale", "eagles",
         "millesimi", "bonus_50_15_5", "000", "001", "003", "a", "G001", "G002", "G009",
         "Alaska", "Kamchatka", "Asia", "fante, fante, jolly", "21/11/2026", "TRUE")
TEXT = st.one_of(st.sampled_from(WORDS),
                 st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=10))
SMALL = st.integers(-2, 8).map(float)
NUMBER = st.one_of(SMALL, st.integers(0, 200).map(float), st.integers(-10**18, 10**18),
                   st.floats(-1e300, 1e300, allow_nan=False, allow_infinity=False))
DATE = st.datetimes(dt.datetime(1900, 3, 1), dt.datetime(2100, 1, 1))
SCALAR = st.one_of(st.none(), NUMBER, TEXT, st.booleans(), DATE)


# --- (a) the workbook readers -----------------------------------------------------------

@functools.cache
def small_workbook() -> bytes:
    """The base workbook's bytes (built once; not a fixture, so that hypothesis never
    prints it in a failing example)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "piccolo.xlsx"
        write_new(path, {**formula_settings("master"), "Seme sorteggio": SEED})
        book = OpenpyxlBook(path)
        simulate.register(book, simulate.players(17, 4, SEED))
        for round_no in (1, 2):
            draw_round(book, round_no, now=NOW)
            simulate.play(book, round_no, QUALIFYING, SEED)
        update_standings(book, NOW)
        book.save()
        return path.read_bytes()


# A cell's new content: a value as openpyxl holds it after reading a file. Text starting
# with '=' is a real formula (openpyxl reads formulas as their text); "#N/A" an error.
CELL = st.one_of(SCALAR, SMALL, st.integers(0, 200).map(float),
                 st.sampled_from(("=1/0", "=NA()", '=RISIKO_TAVOLI("x")', "=A1+1")))
TABLES = (schema.PLAYERS, schema.RESULTS, schema.SETTINGS)
EDIT = st.tuples(st.sampled_from(TABLES), st.integers(0, 40), st.integers(0, 30),
                 st.sampled_from(range(30)), CELL)  # uniform: a header 1 time in 30


def edit(book: OpenpyxlBook, spec: schema.TableSpec, row: int, column: int,
         header_roll: int, value: Any) -> None:
    """Put `value` in a cell of table `spec`: a body cell (row and column modulo the
    table's size), or, one time in thirty, a header."""
    sheet = book.workbook[spec.sheet]
    min_col, min_row, max_col, max_row = range_boundaries(sheet.tables[spec.name].ref)
    col = min_col + column % (max_col - min_col + 1)
    if header_roll == 0:
        sheet.cell(min_row, col).value = value if isinstance(value, str) else None
        return
    sheet.cell(min_row + 1 + row % max(max_row - min_row, 1), col).value = value


def ours_or_nothing(work: Any) -> None:
    try:
        work()
    except RisikoError as err:
        assert str(err)  # an Italian message


@settings(max_examples=WORKBOOK_EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(EDIT, min_size=1, max_size=6))
@example(edits=[(schema.SETTINGS, 0, 0, 0, None)])  # found: Voce renamed → KeyError
@example(edits=[(schema.RESULTS, 0, 11, 0, None), (schema.RESULTS, 0, 12, 0, None)])
@example(edits=[(schema.RESULTS, 0, 11, 0, "Turno")])  # found: repeated headers
@pytest.mark.lento
def test_random_cells_only_raise_our_errors(edits):
    book = OpenpyxlBook("fuzz.xlsx", load_workbook(io.BytesIO(small_workbook())))
    for spec, row, column, header_roll, value in edits:
        edit(book, spec, row, column, header_roll, value)
    ours_or_nothing(lambda: load(book))
    ours_or_nothing(lambda: publish(book, "testo", now=NOW))
    ours_or_nothing(lambda: score_sheets(book, 2))
    ours_or_nothing(lambda: update_standings(book, NOW))
    ours_or_nothing(lambda: verify(book))
    ours_or_nothing(lambda: run_finals(book, NOW))
    ours_or_nothing(lambda: draw_round(book, 2, force=True, now=NOW))


# --- (b) the worksheet functions --------------------------------------------------------

FUNCTIONS = sorted(name for name in dir(udfs) if name.startswith("RISIKO_"))
PLAUSIBLE = st.one_of(SMALL, st.integers(0, 90).map(float),
                      st.sampled_from((None, "S", "1", "2=", "G001", "Alaska", "#RISIKO! x")))
CELLS = st.one_of(PLAUSIBLE, SCALAR)


def argument(n: int) -> st.SearchStrategy[Any]:
    """One argument as Excel passes it: a cell, a column of `n` (or of another length)
    as a list, the same as an n×1 block, a row, or any block."""
    column = st.lists(CELLS, min_size=n, max_size=n)
    other = st.lists(CELLS, min_size=1, max_size=9)
    return st.one_of(
        CELLS, column, column.map(lambda values: [[v] for v in values]),
        other, other.map(lambda values: [values]),
        st.integers(1, 5).flatmap(lambda width: st.lists(
            st.lists(CELLS, min_size=width, max_size=width), min_size=1, max_size=6)))


def is_excel_value(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    return value is None or isinstance(value, (bool, int, str, dt.datetime))


def check_result(name: str, result: Any) -> None:
    """A value, or a non-empty block of rows of values (what xlwings can write)."""
    if isinstance(result, list):
        assert result and all(isinstance(row, list) and row for row in result), (name, result)
        bad = [v for row in result for v in row if not is_excel_value(v)]
        assert not bad, (name, bad)
    else:
        assert is_excel_value(result), (name, result)


@pytest.mark.parametrize("name", FUNCTIONS)
@settings(max_examples=UDF_EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_worksheet_functions_never_raise(name, data):
    func = getattr(udfs, name)
    parameters = list(inspect.signature(func).parameters.values())
    required = sum(p.default is inspect.Parameter.empty for p in parameters)
    count = data.draw(st.integers(required, len(parameters)), label="argomenti")
    n = data.draw(st.integers(1, 12), label="righe")
    args = [data.draw(argument(n), label=p.name) for p in parameters[:count]]
    check_result(name, func(*args))


def test_every_worksheet_function_is_fuzzed():
    assert len(FUNCTIONS) >= 10 and "RISIKO_SORTEGGIO" in FUNCTIONS


@pytest.mark.parametrize("formula", ["a\\" * 200, "x\x00.json", "~nessunutente/f.json"])
def test_a_formula_path_that_cannot_exist_is_a_message(formula):
    """Found by the fuzzer: text taken for a formula file's path that the system refuses
    (too long, a NUL byte, an unknown ~user) raised OSError/ValueError/RuntimeError."""
    out = udfs.RISIKO_SORTEGGIO(["A", "B", "C"], None, None, None, "seme", formula)
    assert isinstance(out, str) and out.startswith("#RISIKO!") and "non trovato" in out
