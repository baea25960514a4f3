"""The book interface over a workbook file read for its values only (python-calamine).

The read-only commands (`verifica`, `pubblica`, `referti`, `esporta`) need the values of
our tables, nothing of the file's formatting: python-calamine reads a 1,000-player
tournament in a tenth of the time openpyxl takes to load it whole. The tables read
exactly as `OpenpyxlBook` reads them (`book.body_table`, rows typed below a table taken
in by `book.last_typed_row`, numbers and dates as openpyxl gives them). A file holding
what this reading cannot give exactly — a formula or an error value on a sheet of our
tables (calamine returns the saved value, or nothing, without telling), a merged cell
over a table, a table without a header row or with a totals row, no table of a
tournament — is opened with `OpenpyxlBook` instead (`read_only`), which reads it or says
what is wrong: the reading rules have one definition, the fast reading only the plain
case. Long texts are read whole from their sheet (`long_text`), as `OpenpyxlBook` does.
"""

from __future__ import annotations

import datetime
import re
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from risiko_xl.books.book import (
    CORE_TABLES,
    TYPED_TABLES,
    Book,
    body_table,
    checked_table,
    last_typed_row,
    missing_table,
)
from risiko_xl.books.long_text import SHEET as LONG_SHEET
from risiko_xl.books.long_text import LongTexts
from risiko_xl.books.schema import SETTINGS
from risiko_xl.books.settings import settings_of
from risiko_xl.books.table import Table
from risiko_xl.errors import RisikoError
from risiko_xl.files import safe_open

if TYPE_CHECKING:
    from python_calamine import CalamineWorkbook

    from risiko_xl.books.replaced_formulas import Replaced

# what calamine reads otherwise than openpyxl, on a sheet of our tables or of the long
# texts, or in the shared strings (any namespace prefix, either quote): a formula (its
# saved value, without telling) or an error value (nothing); an escaped character
# «_x000D_» (decoded); spaces at a text's ends without xml:space (trimmed); two texts in
# one string (joined, where openpyxl keeps the last); and a cell beyond column ZZ or row
# 99,999, for which calamine would allocate the whole rectangle up to it (a blank typed in
# XFD1048576 asks for 512 GB and aborts the process): openpyxl reads only the cells there
_NOT_PLAIN = re.compile(
    rb"<(?:\w+:)?f[ >/]|<(?:\w+:)?c [^>]*\bt=[\"']e[\"']|_x[0-9A-Fa-f]{4}_"
    rb"|<(?:\w+:)?t>(?:\s[^<]*|[^<]*\s)</|</(?:\w+:)?t>\s*<(?:\w+:)?t[ >]")
_FAR = re.compile(rb"<(?:\w+:)?(?:c|row) [^>]*\br=[\"'](?:[A-Za-z]{3}|[A-Za-z]{0,2}[0-9]{6})")
# a table without a header row, or with a totals row: its range is not header + body
_NOT_PLAIN_TABLE = re.compile(rb"headerRowCount=[\"']0|totalsRowCount=[\"'][1-9]")
# where an XML part's prolog ends (a DTD, which openpyxl refuses, comes before)
_ROOT = re.compile(rb"<[A-Za-z_]")
PROLOG = 65_536
# openpyxl reads a number saved without a decimal point or an exponent as int: it saves
# floats as "%.16g" (a whole number below 10^16 without either), Excel below 10^15
_WHOLE = 1e16
Bounds = tuple[int, int, int, int]  # first column, header row, last column, last row (1-based)


def read_only(path: Path) -> Book:
    """The book of the workbook at `path` for a command that does not write it: a
    `ValuesBook` where the file is plain (see the module docstring), else `OpenpyxlBook`."""
    book = ValuesBook.read(path)
    if book is not None:
        return book
    from risiko_xl.books.openpyxl_book import OpenpyxlBook

    return OpenpyxlBook(path)


def _value(value: Any) -> Any:
    """A calamine value as openpyxl gives it: None for an empty cell, a whole number as
    int, a date as a datetime at midnight."""
    if value == "":
        return None
    if type(value) is float and value.is_integer() and abs(value) < _WHOLE:
        return int(value)
    if type(value) is datetime.date:
        return datetime.datetime(value.year, value.month, value.day)
    return value


class ValuesBook:
    """A tournament workbook file's tables, read-only (see the module docstring)."""

    live_functions = False

    def __init__(self, path: Path, sheets: list[str], grids: dict[str, list[list[Any]]],
                 tables: dict[str, tuple[str, Bounds]]) -> None:
        self.path = path
        self._sheets = sheets
        self._long = LongTexts(lambda: [list(map(_value, row))  # read-only
                                        for row in grids.get(LONG_SHEET, [])[1:]])
        self._grids = grids  # sheet title -> its cells from A1, as calamine gives them
        self._places = tables  # table name -> (sheet title, bounds)
        self._tables: dict[str, Table] = {}
        self.generation = 0  # never written: what `load` reads stays valid
        self.loaded: tuple[int, Any] | None = None
        self.replaced: list[Replaced] = []
        self.dropped: list[str] = []

    @classmethod
    def read(cls, path: Path) -> ValuesBook | None:
        """The book of `path`, or None where the file is not plain (the module docstring);
        RisikoError for a file that is not a usable workbook (`safe_open`)."""
        try:
            from python_calamine import CalamineWorkbook
        except ImportError:  # WebAssembly: not installed there
            return None
        package = safe_open.read_package(path)
        source = package.fp
        assert source is not None
        try:
            if not _plain_parts(package):
                return None
            parts = safe_open.sheet_parts(package)
            xml = {title: package.read(part) for title, part in parts.items()}
            if any(_FAR.search(data) for data in xml.values()):
                return None  # calamine loads a table's whole sheet to find the table
            source.seek(0)
            workbook = CalamineWorkbook.from_filelike(source, load_tables=True)
            tables = _tables(workbook)
            if tables is None:
                return None
            titles = {sheet for sheet, _ in tables.values()}
            titles |= {LONG_SHEET} & set(workbook.sheet_names)
            grids = {}
            for title in titles:
                if title not in xml or _NOT_PLAIN.search(xml[title]):
                    return None
                sheet = workbook.get_sheet_by_name(title)
                if any(_overlap(merged, bounds) for merged in sheet.merged_cell_ranges or ()
                       for on, bounds in tables.values() if on == title):
                    return None
                grids[title] = sheet.to_python(skip_empty_area=False)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException:  # calamine panics (a BaseException) on a broken table range
            return None  # openpyxl reads it, or says what is wrong
        return cls(path, list(workbook.sheet_names), grids, tables)

    def table_names(self) -> list[str]:
        return list(self._places)

    def read_table(self, name: str) -> Table:
        """All columns of table `name`, as `OpenpyxlBook.read_table` gives them."""
        if name not in self._tables:
            self._tables[name] = self._read(name)
        return self._tables[name].copy()

    def _read(self, name: str) -> Table:
        if name not in self._places:
            raise missing_table(name, self._sheets, self.table_names())
        title, (left, top, right, bottom) = self._places[name]
        grid = self._grids[title]

        def cells(row: int) -> list[Any]:
            values = grid[row - 1] if row <= len(grid) else []
            return [_value(values[c - 1]) if c <= len(values) else None
                    for c in range(left, right + 1)]

        if name in TYPED_TABLES:
            stops = [b[1] for other, (on, b) in self._places.items()
                     if on == title and other != name and b[1] > bottom
                     and b[0] <= right and b[2] >= left]
            bottom = last_typed_row(
                name, title, bottom, min([len(grid) + 1, *stops]),
                lambda row: next((v for v in cells(row) if v is not None and v != ""), None))
        self._places[name] = title, (left, top, right, bottom)  # `beside` sees them too
        rows = [cells(row) for row in range(top, bottom + 1)]
        self._long.resolve_rows(rows, top, title)  # long texts whole (`long_text`)
        return body_table(rows, top, title, name)

    def beside(self, name: str) -> list[tuple[int, int, Any]]:
        title, (_, top, right, bottom) = self._places[name]
        grid = self._grids[title]
        return [(row, column, value)
                for row in range(top + 1, min(bottom, len(grid)) + 1)
                for column, value in enumerate(map(_value, grid[row - 1][right:]),
                                               start=right + 1)
                if value is not None]

    def settings(self) -> dict[str, Any]:
        return settings_of(checked_table(self, SETTINGS))  # Voce, Valore checked

    def write_table(self, name: str, table: Table, replace_headers: bool = False) -> None:
        raise RisikoError("comando di sola lettura: la cartella di lavoro non si modifica")

    def set_setting(self, key: str, value: Any) -> None:
        raise RisikoError("comando di sola lettura: la cartella di lavoro non si modifica")

    def save(self) -> None:
        raise RisikoError("comando di sola lettura: la cartella di lavoro non si modifica")


def _plain_parts(package: zipfile.ZipFile) -> bool:
    """Whether no XML part declares a DTD (openpyxl refuses the file), no table lacks a
    header row or has a totals row, and the shared strings are plain (`_NOT_PLAIN`)."""
    for name in package.namelist():
        lower = name.lower()
        if not lower.endswith((".xml", ".rels", ".vml")):
            continue
        with package.open(name) as part:
            head = part.read(PROLOG)
        root = _ROOT.search(head)
        if root is None or b"<!DOCTYPE" in head[:root.start()]:
            return False
        if lower.startswith("xl/tables/") and _NOT_PLAIN_TABLE.search(package.read(name)):
            return False
        if lower.endswith("sharedstrings.xml") and _NOT_PLAIN.search(package.read(name)):
            return False
    return True


def _tables(workbook: CalamineWorkbook) -> dict[str, tuple[str, Bounds]] | None:
    """Each table's sheet and bounds (None: not a tournament's file, left to openpyxl)."""
    found = {}
    for name in workbook.table_names or ():
        table = workbook.get_table_by_name(name)
        if table.start is None or table.end is None:
            return None
        (first_row, first_column), (last_row, last_column) = table.start, table.end
        # calamine: 0-based, from the first row below the header
        found[name] = (table.sheet, (first_column + 1, first_row, last_column + 1,
                                     last_row + 1))
    return found if set(CORE_TABLES) & set(found) else None


def _overlap(merged: tuple[tuple[int, int], tuple[int, int]], bounds: Bounds) -> bool:
    (top, left), (bottom, right) = merged
    return (left + 1 <= bounds[2] and right + 1 >= bounds[0]
            and top + 1 <= bounds[3] and bottom + 1 >= bounds[1])
