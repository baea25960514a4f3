"""Reading the cells of GestioneTorneo's workbook (`.xls`, `.xlsx` or `.ods`) with
python-calamine: its sheets as rows (`Sheets`, with openpyxl/xlrd to see the error cells
calamine hides), a cell's text, whole number, decimal or date, each refused with one line
naming the file's sheet, row, column and the value found."""

from __future__ import annotations

import datetime as dt
import math
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl

from risiko_xl.errors import RisikoError

Rows = list[list[Any]]

WHOLE_DIGITS = 9  # an ID, a number of rounds: beyond it a typing slip, never a value
POINTS_DIGITS = 4  # the points typed at a table stay far below 10 000 (a RisiKo! is 100)
PRINTABLE = ("nome", "cognome", "nickname", "club", "regione")  # Iscritti: names, as iscrivi
NOT_READ = object()  # a cell read as blank: no value to show in the message
UNREAD = ("la cella è vuota, contiene un errore (#N/A, #RIF!, …) o una formula senza valore "
          "calcolato")


def column_name(column: int) -> str:
    """1 → «A», 27 → «AA»."""
    name = ""
    while column:
        column, rest = divmod(column - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


class Sheets:
    """The workbook's sheets as rows of values, and errors located in them."""

    def __init__(self, path: Path) -> None:
        try:
            from python_calamine import CalamineWorkbook  # binary wheels: not in WebAssembly
        except ImportError:
            raise RisikoError("per leggere la cartella di lavoro di GestioneTorneo serve il "
                              "pacchetto python-calamine, che manca in questa installazione "
                              "(pip install python-calamine)") from None
        self.file = path.name
        if path.is_dir():
            raise RisikoError("questa è una cartella, non un file: indicare il file di "
                              "GestioneTorneo (ModuloTorneo.xls)", valore=str(path))
        if not path.is_file():
            raise RisikoError("file non trovato", valore=str(path))
        try:
            self.book = CalamineWorkbook.from_path(str(path))
        except Exception:  # calamine's errors have no common type (and speak English)
            raise RisikoError(f"il file {self.file} non si legge come cartella di lavoro di "
                              "GestioneTorneo: serve un .xls, .xlsx o .ods non danneggiato né "
                              "protetto da password", valore=str(path)) from None
        self.names = list(self.book.sheet_names)
        self.errors = _error_cells(path)
        self.path = path

    def unsaved(self, sheet: str, cells: list[tuple[int, int]]) -> dict[tuple[int, int], str]:
        """The formulas without a saved value among `cells` (1-based) of an .xlsx's
        `sheet`, which python-calamine reads as blank (an .xls always saves the value)."""
        if self.path.suffix.lower() not in (".xlsx", ".xlsm"):
            return {}
        out: dict[tuple[int, int], str] = {}
        formulas = openpyxl.load_workbook(self.path, read_only=True)
        values = openpyxl.load_workbook(self.path, read_only=True, data_only=True)
        try:
            for row, column in cells:
                typed = formulas[sheet].cell(row, column).value
                if isinstance(typed, str) and typed.startswith("=") \
                        and values[sheet].cell(row, column).value is None:
                    out[row, column] = typed
        finally:
            formulas.close()
            values.close()
        return out

    def check(self, sheet: str, rows: range, columns: range) -> None:
        """Refuse the first Excel error value (#N/A, #DIV/0!, …) in the cells read."""
        for (row, column), shown in sorted(self.errors.get(sheet, {}).items()):
            if row in rows and column in columns:
                raise self.error(f"la cella contiene l'errore {shown}: correggere la formula "
                                 "o scrivere il valore", sheet, row, column, NOT_READ)

    def rows(self, name: str) -> Rows:
        if name not in self.names:
            raise RisikoError(f"manca il foglio «{name}» in {self.file} (fogli presenti: "
                              + ", ".join(self.names) + ")")
        return self.book.get_sheet_by_name(name).to_python(skip_empty_area=False)

    def error(self, text: str, sheet: str, row: int, column: int | None = None,
              value: Any = None, header: str = "") -> RisikoError:
        """`value` NOT_READ: the message says why no value was read."""
        where = None if column is None else column_name(column) + (f" ({header})"
                                                                     if header else "")
        if isinstance(value, float) and value.is_integer() and abs(value) < 10 ** 15:
            value = int(value)  # calamine reads every number as a float: 77, not 77.0
        found = {} if value is NOT_READ else {"valore": value}
        return RisikoError(text, foglio=f"{sheet} di {self.file}", riga=row, colonna=where,
                           **found)


def _error_cells(path: Path) -> dict[str, dict[tuple[int, int], str]]:
    """Excel's error values by sheet and 1-based (row, column), which python-calamine reads
    as blank cells: an .xlsx through openpyxl, an .xls through xlrd (an .ods is not looked
    into). Only asked of a file python-calamine has already opened."""
    found: dict[str, dict[tuple[int, int], str]] = {}
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        try:
            for sheet in book.worksheets:
                for line in sheet.iter_rows():
                    for value in line:
                        if getattr(value, "data_type", None) == "e":
                            found.setdefault(sheet.title, {})[value.row, value.column] = \
                                str(value.value)
        finally:
            book.close()
    elif suffix == ".xls":
        import xlrd  # the .xls only, and not in WebAssembly

        old = xlrd.open_workbook(str(path), on_demand=True)
        for sheet in old.sheets():
            for r in range(sheet.nrows):
                for c, kind in enumerate(sheet.row_types(r)):
                    if kind == xlrd.XL_CELL_ERROR:
                        code = sheet.cell_value(r, c)
                        found.setdefault(sheet.name, {})[r + 1, c + 1] = \
                            xlrd.error_text_from_code.get(code, f"#{code}")
    return found


def cell(rows: Rows, row: int, column: int) -> Any:
    """The value at 1-based (row, column); None for a blank or missing cell."""
    if row > len(rows) or column > len(rows[row - 1]):
        return None
    value = rows[row - 1][column - 1]
    return None if isinstance(value, str) and not value.strip() else value


def text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def whole(value: Any) -> int | None:
    """An ID or a count typed as a number (7, 7.0, «7»: ASCII digits only); None when it is
    not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return int(value) if value.is_integer() else None  # nan and ±inf are not
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        typed = value.strip()
        digits = typed[1:] if typed.startswith("-") else typed
        if digits.isascii() and digits.isdigit() and len(digits) <= WHOLE_DIGITS:
            return int(typed)
    return None


def decimal(value: Any) -> Decimal | None:
    """A typed number as an exact decimal (44.1 stays 44.1; «44,1» typed as text too);
    None for anything else, `nan`, `inf` and numbers of more than POINTS_DIGITS digits."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        found = Decimal(int(value)) if value.is_integer() else Decimal(repr(value))
    elif isinstance(value, int):
        found = Decimal(value)
    elif isinstance(value, str) and re.fullmatch(r"-?[0-9]+([.,][0-9]+)?", value.strip()):
        found = Decimal(value.strip().replace(",", "."))
    else:
        return None
    return found if found.adjusted() < POINTS_DIGITS else None


def as_date(value: Any) -> dt.date | None:
    """A date cell's day (a date-time's date, a date typed as text «01/03/2025»); None for
    anything else."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, str):
        try:
            return dt.datetime.strptime(value.strip(), "%d/%m/%Y").date()
        except ValueError:
            return None
    return value if isinstance(value, dt.date) else None
