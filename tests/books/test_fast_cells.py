"""The save's text writer of rows and plain cells gives the file openpyxl's own writer
gives, to the byte (issue 28: a save of 1,000 players was two thirds cell writing)."""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.comments import Comment
from openpyxl.styles import Font

from risiko_xl import simulate
from risiko_xl.books.fast_cells import plain_cells
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.sheets.look import save
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbooks.template import formula_settings, write_new

STAMP = dt.datetime(2020, 1, 1)


def parts(book: openpyxl.Workbook, fast: bool) -> dict[str, bytes]:
    """Every part of `book` saved (its save time fixed), with or without the text writer."""
    book.properties.created = STAMP
    out = io.BytesIO()
    if fast:
        with plain_cells():
            book.save(out)
    else:
        book.save(out)
    with zipfile.ZipFile(out) as zipped:
        return {name: zipped.read(name) for name in zipped.namelist()
                if name != "docProps/core.xml"}  # the save's own time


def same_both_ways(path: Path) -> None:
    # two loads: openpyxl's save changes a workbook it saves (a second save differs)
    assert parts(openpyxl.load_workbook(path), False) == \
        parts(openpyxl.load_workbook(path), True)


def test_a_played_tournament_is_saved_the_same(tmp_path: Path) -> None:
    """A tournament of 60 players, three rounds typed and ranked, with live formulas
    («Calcolo»: formule) and the sheets dressed: every part the same."""
    path = tmp_path / "torneo.xlsx"
    write_new(path, {**formula_settings("nazionale"), "Seme sorteggio": "byte",
                     "Calcolo": "formule"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(60, 4, "byte"))
    for round_no in (1, 2, 3):
        draw_round(book, round_no)
        simulate.play(book, round_no, QUALIFYING, "byte")
    update_standings(book)
    save(book)
    same_both_ways(path)


# (a carriage return: `test_a_carriage_return_stays_one`)
TEXT = st.text(max_size=30).map(lambda s: ILLEGAL_CHARACTERS_RE.sub("", s).replace("\r", ""))
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**15, 10**15),
    # a number 16 digits keep (the others: `test_every_digit_of_a_number_is_kept`)
    st.floats(allow_nan=True, allow_infinity=True).filter(
        lambda x: x != x or float(f"{x:.16g}") == x), TEXT,
    TEXT.map(lambda s: " " + s + "\t"), st.sampled_from(["&<>\"'", "", "   ", "#N/A"]),
    TEXT.map(lambda s: "=LEN(\"" + s.replace('"', '""') + "\")"),
    st.decimals(allow_nan=False, allow_infinity=False, places=3),
    st.datetimes(min_value=dt.datetime(1901, 1, 1), max_value=dt.datetime(2100, 1, 1)),
    st.dates(min_value=dt.date(1901, 1, 1)), st.times())


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cells=st.lists(st.tuples(st.integers(1, 12), st.integers(1, 6), VALUES,
                                st.booleans(), st.booleans()), max_size=40),
       heights=st.dictionaries(st.integers(1, 14), st.floats(1, 200), max_size=4))
def test_any_cell_is_saved_the_same(tmp_path: Path, cells: list, heights: dict) -> None:
    """Any value a cell takes (texts with spaces around, markup characters, formulas,
    errors, NaN, decimals, dates), styled or not, with comments, links and row heights."""
    def built() -> openpyxl.Workbook:
        book = openpyxl.Workbook()
        sheet = book.active
        for row, column, value, bold, extra in cells:
            cell = sheet.cell(row, column)
            cell.value = value
            if bold:
                cell.font = Font(bold=True)
            if extra and column % 2:
                cell.comment = Comment("nota & <x>", "arbitro")
            elif extra:
                cell.hyperlink = "https://example.org/?a=1&b=2"
        for row, height in heights.items():
            sheet.row_dimensions[row].height = height
        sheet.row_dimensions[3].hidden = True
        return book

    assert parts(built(), False) == parts(built(), True)
    path = tmp_path / "celle.xlsx"  # and read back, as a command reads what it saved
    built().save(path)
    same_both_ways(path)


def test_nothing_changes_when_openpyxl_writes_fast_itself() -> None:
    """With lxml openpyxl's own writer is already fast: the text writer stays out."""
    from openpyxl.worksheet import _writer as sheet_writer

    original = sheet_writer.write_cell
    sheet_writer.write_cell = lambda *args: None  # not the tree writer
    try:
        with plain_cells():
            assert sheet_writer.write_cell.__name__ == "<lambda>"
    finally:
        sheet_writer.write_cell = original
    with plain_cells():
        assert sheet_writer.write_cell is not original
    assert sheet_writer.write_cell is original


def test_a_decimal_goes_through_openpyxl() -> None:
    """A number type other than int and float is left to openpyxl's formatting."""
    from risiko_xl.books.fast_cells import cell_text

    sheet = openpyxl.Workbook().active
    sheet["A1"] = Decimal("1.5")
    sheet["A2"] = 1.5
    assert cell_text(sheet["A1"], False) is None
    assert cell_text(sheet["A2"], False) == '<c r="A2" t="n"><v>1.5</v></c>'


@pytest.mark.parametrize("number", [0.1 + 0.2, 1.7976931348623157e308, 123456789.12345679,
                                    5e-324])
def test_every_digit_of_a_number_is_kept(tmp_path: Path, number: float) -> None:
    """openpyxl's own writer keeps 16 digits: 0.30000000000000004 came back 0.3, and the
    largest number as infinity (LibreOffice: INF). Read back, the number is the one typed."""
    book = openpyxl.Workbook()
    book.active["A1"] = number
    with plain_cells():
        book.save(tmp_path / "n.xlsx")
    again = openpyxl.load_workbook(tmp_path / "n.xlsx").active["A1"].value
    assert again == number and str(again) == str(number)


def test_a_carriage_return_stays_one(tmp_path: Path) -> None:
    """Adversary 30: LibreOffice saves a typed carriage return as `&#13;`; openpyxl's own
    writer put it back bare, which every reader takes for a line feed."""
    book = openpyxl.Workbook()
    book.active["A1"] = "prima\rdopo\r\n"
    with plain_cells():
        book.save(tmp_path / "cr.xlsx")
    assert openpyxl.load_workbook(tmp_path / "cr.xlsx").active["A1"].value == "prima\rdopo\r\n"
