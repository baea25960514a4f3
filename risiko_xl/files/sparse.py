"""The cells of a spreadsheet file that hold something, read sparsely: time and memory
follow those cells, never the size a sheet declares or reaches. A space typed at
XFD1048576 (what Ctrl+End and a space leave behind) is one cell, not the 17 billion of
the rectangle it closes, and holds nothing: a text of only spaces is blank.

`open_sheets(path)` tells the file by its content, not by its name:
- an .xls (an OLE2 file with a workbook stream): xlrd, each row only as long as its last
  cell (`ragged_rows`), one sheet at a time;
- an .ods (a zip whose mimetype is an OpenDocument spreadsheet): `content.xml` streamed
  through defusedxml, a repeated empty row or cell counted, never expanded;
- anything else goes to `safe_open`, which opens an .xlsx/.xlsm checked (zip-bomb limits,
  defusedxml) and names what any other file really is; its sheets are streamed by
  openpyxl's own parser (`WorkSheetParser`, as its read-only worksheets use it), row
  element by row element, without the padding of `iter_rows`.

A value is what the spreadsheet saved for the cell: a text, a number, a date or date-time,
a boolean; `ErrorValue` for an error value (#N/A), `Unsaved` for a formula whose value
was never saved (a file written by a program that does not compute, as openpyxl). Each
carries the Italian `problem` a reader states on the cell. At most
`safe_open.MAX_CELLS` cells of a file hold something (a few repeated cells of an .ods
can stand for millions)."""

from __future__ import annotations

import datetime as dt
import warnings
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from defusedxml import ElementTree as DefusedElementTree
from openpyxl.worksheet._read_only import ReadOnlyWorksheet
from openpyxl.worksheet._reader import FORMULA_TAG, VALUE_TAG, WorkSheetParser

from risiko_xl.errors import RisikoError, excel_error
from risiko_xl.files import safe_open

UNSAVED = (
    "formula senza valore salvato: aprire e salvare il file in Excel o LibreOffice, "
    "o scrivere il valore"
)
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"


@dataclass(frozen=True)
class ErrorValue:
    """An error value the spreadsheet shows in the cell (#N/A, #DIV/0!)."""

    shown: str

    @property
    def problem(self) -> str:
        return excel_error(self.shown)


@dataclass(frozen=True)
class Unsaved:
    """A formula the file keeps no value of."""

    formula: str

    @property
    def problem(self) -> str:
        return UNSAVED


class Grid:
    """One sheet's cells that hold something: row -> column -> value, 1-based, in order."""

    def __init__(self, cells: dict[int, dict[int, Any]]) -> None:
        self.rows = {r: dict(sorted(cells[r].items())) for r in sorted(cells)}

    def get(self, row: int, column: int) -> Any:
        """The value at (row, column); None where the cell holds nothing."""
        found = self.rows.get(row)
        return None if found is None else found.get(column)

    def __iter__(self) -> Iterator[tuple[int, int, Any]]:
        """(row, column, value) of every cell holding something, row by row."""
        for row, cells in self.rows.items():
            for column, value in cells.items():
                yield row, column, value


class _Counter:
    """The cells of a file holding something, put in their sheet's rows; refused beyond
    `safe_open.MAX_CELLS`."""

    def __init__(self, path: Path) -> None:
        self.path, self.count = path, 0

    def put(self, cells: dict[int, dict[int, Any]], row: int, column: int, value: Any) -> None:
        if value is None or (isinstance(value, str) and not value.strip()):
            return  # blank: nothing typed
        self.count += 1
        if self.count > safe_open.MAX_CELLS:
            raise safe_open.too_many_cells(self.path)
        cells.setdefault(row, {})[column] = value


class SheetFile:
    """A spreadsheet file's sheets: `names` in order, `visible` among them, the `active`
    one (None when the format keeps none we read), and each one's `grid`."""

    names: list[str]
    visible: list[str]
    active: str | None

    def grid(self, name: str) -> Grid:
        raise NotImplementedError


def open_sheets(path: str | Path) -> SheetFile:
    """The spreadsheet at `path`, told by its content; RisikoError (Italian) when it is
    none this module reads."""
    path = Path(path)
    head = safe_open.read_head(path)
    if head.startswith(safe_open.OLE2) and _is_xls(path):
        return _Xls(path)
    if head.startswith(b"PK\x03\x04"):
        ods = _ods_package(path)
        if ods is not None:
            return _Ods(path, ods)
    return _Xlsx(path)


def _is_xls(path: Path) -> bool:
    import olefile

    try:
        with olefile.OleFileIO(str(path)) as ole:
            return any(s[0].casefold() in ("workbook", "book") for s in ole.listdir())
    except Exception:  # a damaged compound file: safe_open says what it looks like
        return False


class _Xlsx(SheetFile):
    def __init__(self, path: Path) -> None:
        # read whole into memory by safe_open: nothing stays open on the file
        self.book = safe_open.load(path, read_only=True, data_only=True)
        self.names = list(self.book.sheetnames)
        self.visible = [s.title for s in self.book.worksheets if s.sheet_state == "visible"]
        self.active = getattr(self.book.active, "title", None)
        self.counter = _Counter(path)

    def grid(self, name: str) -> Grid:
        sheet = self.book[name]
        if not isinstance(sheet, ReadOnlyWorksheet):  # a chart sheet: no cells
            return Grid({})
        return _xlsx_grid(sheet, self.counter)


class _Parser(WorkSheetParser):  # type: ignore[misc]
    """openpyxl's sheet parser keeping the saved value of every formula (data only), and
    telling an error value and a formula without a saved value apart from a blank."""

    def parse_cell(self, element: Any) -> dict[str, Any]:
        cell: dict[str, Any] = super().parse_cell(element)
        if element.find(FORMULA_TAG) is not None:
            formula = self.parse_formula(element)  # also keeps a shared formula's master
            # openpyxl writes an empty <v/>; a formula whose value is empty text is «str»
            if not element.findtext(VALUE_TAG) and element.get("t", "n") == "n":
                cell["value"] = Unsaved(str(getattr(formula, "text", formula)))
                return cell
        if cell["data_type"] == "e" and cell["value"] is not None:
            cell["value"] = ErrorValue(str(cell["value"]))
        return cell


def _xlsx_grid(sheet: ReadOnlyWorksheet, counter: _Counter) -> Grid:
    """A read-only openpyxl worksheet's cells that hold something, streamed."""
    book = sheet.parent
    cells: dict[int, dict[int, Any]] = {}
    with sheet._get_source() as source, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # openpyxl's notes on dates out of range, extensions
        parser = _Parser(
            source,
            sheet._shared_strings,
            data_only=True,
            epoch=book.epoch,
            date_formats=book._date_formats,
            timedelta_formats=book._timedelta_formats,
        )
        for _, row in parser.parse():
            for cell in row:
                counter.put(cells, cell["row"], cell["column"], cell["value"])
    return Grid(cells)


class _Xls(SheetFile):
    def __init__(self, path: Path) -> None:
        try:
            import xlrd  # the .xls only: a binary-free wheel, left out in WebAssembly
        except ImportError:
            raise RisikoError(
                f"per leggere il file .xls «{path.name}» serve il pacchetto "
                "xlrd, che manca in questa installazione (pip install xlrd); "
                "altrimenti salvarlo in formato .xlsx"
            ) from None
        self.path = path
        try:
            self.book = xlrd.open_workbook(
                file_contents=safe_open.read_file(path), on_demand=True, ragged_rows=True
            )
        except Exception:  # xlrd's errors have no common type (and speak English)
            raise safe_open.file_error(
                path,
                "è un file .xls danneggiato o che non si legge: "
                "aprirlo in Excel o LibreOffice e salvarlo di nuovo",
            ) from None
        self.names = list(self.book.sheet_names())
        self.visible = [
            name for name, hidden in zip(self.names, self.book._sheet_visibility) if not hidden
        ]
        self.active = None
        self.counter = _Counter(path)

    def grid(self, name: str) -> Grid:
        import xlrd

        sheet = self.book.sheet_by_name(name)
        cells: dict[int, dict[int, Any]] = {}
        for r in range(sheet.nrows):
            for c, kind in enumerate(sheet.row_types(r)):
                value = sheet.cell_value(r, c)
                if kind == xlrd.XL_CELL_ERROR:
                    value = ErrorValue(xlrd.error_text_from_code.get(value, f"#{value}"))
                elif kind == xlrd.XL_CELL_BOOLEAN:
                    value = bool(value)
                elif kind == xlrd.XL_CELL_DATE:
                    try:
                        value = xlrd.xldate.xldate_as_datetime(value, self.book.datemode)
                    except (ValueError, OverflowError):
                        value = ErrorValue("#VALORE!")  # a date Excel cannot show either
                elif kind in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK):
                    continue
                self.counter.put(cells, r + 1, c + 1, value)
        self.book.unload_sheet(name)
        return Grid(cells)


# OpenDocument's namespaces
TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
CALCEXT = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"
CELLS = (f"{TABLE}table-cell", f"{TABLE}covered-table-cell")


def _ods_package(path: Path) -> zipfile.ZipFile | None:
    """The zip at `path` when it is an OpenDocument spreadsheet (checked against the
    zip-bomb limits), else None."""
    try:
        package = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        return None  # safe_open says what it is
    try:
        if package.read("mimetype")[: len(ODS_MIMETYPE) + 20].strip() != ODS_MIMETYPE:
            package.close()
            return None
    except (KeyError, zipfile.BadZipFile, OSError, ValueError, EOFError):
        package.close()
        return None
    try:
        safe_open.check_limits(path, package)
    except RisikoError:
        package.close()
        raise
    return package


class _Ods(SheetFile):
    def __init__(self, path: Path, package: zipfile.ZipFile) -> None:
        self.path = path
        counter = _Counter(path)
        try:
            with package, package.open("content.xml") as content:
                self.grids = _ods_grids(content, counter)
        except (
            KeyError,
            zipfile.BadZipFile,
            OSError,
            EOFError,
            DefusedElementTree.ParseError,
            ValueError,
        ):
            raise safe_open.file_error(
                path,
                "è un foglio di calcolo .ods danneggiato: aprirlo "
                "in LibreOffice e salvarlo di nuovo",
            ) from None
        self.names = list(self.grids)
        self.visible = list(self.names)
        self.active = None

    def grid(self, name: str) -> Grid:
        return self.grids[name]


def _ods_grids(content: IO[bytes], counter: _Counter) -> dict[str, Grid]:
    """Every table of `content.xml`: rows and cells repeated by `number-rows-repeated`
    and `number-columns-repeated` are counted, and expanded only when they hold
    something (then each repetition is a cell that holds it)."""
    grids: dict[str, dict[int, dict[int, Any]]] = {}
    cells: dict[int, dict[int, Any]] = {}
    row = column = 0
    rows_repeated = 1
    depth = 0  # inside a cell: its text elements end before it
    for event, element in DefusedElementTree.iterparse(
        content, events=("start", "end"), forbid_dtd=True
    ):
        tag = element.tag
        if event == "start":
            if tag == f"{TABLE}table":
                cells = grids.setdefault(element.get(f"{TABLE}name", ""), {})
                row = 0
            elif tag == f"{TABLE}table-row":
                rows_repeated = int(element.get(f"{TABLE}number-rows-repeated", "1"))
                row, column = row + 1, 0
            elif tag in CELLS:
                depth += 1
            continue
        if tag in CELLS:
            depth -= 1
            repeated = int(element.get(f"{TABLE}number-columns-repeated", "1"))
            value = _ods_value(element)
            if value is not None and not (isinstance(value, str) and not value.strip()):
                for r in range(row, row + rows_repeated):
                    for c in range(column + 1, column + repeated + 1):
                        counter.put(cells, r, c, value)
            column += repeated
            element.clear()
        elif tag == f"{TABLE}table-row":
            row += rows_repeated - 1
            element.clear()
        elif depth == 0:
            element.clear()
    return {name: Grid(found) for name, found in grids.items()}


def _ods_value(cell: Any) -> Any:
    kind = cell.get(f"{OFFICE}value-type")
    if cell.get(f"{CALCEXT}value-type") == "error":
        return ErrorValue(_ods_text(cell) or "#VALORE!")
    if kind is None:
        formula = cell.get(f"{TABLE}formula")
        return Unsaved(formula.split(":", 1)[-1]) if formula else None
    if kind in ("float", "percentage", "currency"):
        number = cell.get(f"{OFFICE}value", "")
        return float(number) if any(c in number for c in ".eE") else int(number)
    if kind == "date":
        return dt.datetime.fromisoformat(cell.get(f"{OFFICE}date-value", ""))
    if kind == "boolean":
        return cell.get(f"{OFFICE}boolean-value") == "true"
    if kind == "string" and cell.get(f"{OFFICE}string-value") is not None:
        return cell.get(f"{OFFICE}string-value")
    return _ods_text(cell)  # a string, or a time shown as typed


def _ods_text(cell: Any) -> str:
    """A cell's text as shown: its paragraphs one per line (a note attached to the cell,
    `office:annotation`, is not its text)."""
    return "\n".join(_paragraph(p) for p in cell if p.tag in (f"{TEXT}p", f"{TEXT}h"))


def _paragraph(element: Any) -> str:
    out = [element.text or ""]
    for child in element:
        if child.tag == f"{TEXT}s":
            out.append(" " * int(child.get(f"{TEXT}c", "1")))
        elif child.tag == f"{TEXT}tab":
            out.append("\t")
        elif child.tag == f"{TEXT}line-break":
            out.append("\n")
        elif child.tag != f"{OFFICE}annotation":
            out.append(_paragraph(child))
        out.append(child.tail or "")
    return "".join(out)
