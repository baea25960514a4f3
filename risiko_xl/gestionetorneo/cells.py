"""Reading the cells of GestioneTorneo's workbook (`.xls`, `.xlsx` or `.ods`) sparsely,
through `files.sparse` (time and memory follow the cells that hold something, never a
sheet's size): its sheets (`Sheets`), each one's cells (`Sheet`), a cell's text, whole
number, decimal or date. Every refusal is one line naming the file's sheet, row, column
and the value found; a cell holding an error value or a formula without a saved value is
refused where it is read."""

from __future__ import annotations

import math
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from risiko_xl.errors import RisikoError
from risiko_xl.files.sparse import ErrorValue, Grid, Unsaved, open_sheets

WHOLE_DIGITS = 9  # an ID, a number of rounds: beyond it a typing slip, never a value
POINTS_DIGITS = 4  # the points typed at a table stay far below 10 000 (a RisiKo! is 100)
PRINTABLE = ("nome", "cognome", "nickname", "club", "regione")  # Iscritti: names, as iscrivi
NOT_READ = object()  # no value to show in the message (an error value: the message says it)


def column_name(column: int) -> str:
    """1 → «A», 27 → «AA»."""
    name = ""
    while column:
        column, rest = divmod(column - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


class Sheets:
    """The workbook's sheets, each read when asked for (`sheet`)."""

    def __init__(self, path: Path) -> None:
        self.file = path.name
        if path.is_dir():
            raise RisikoError("questa è una cartella, non un file: indicare il file di "
                              "GestioneTorneo (ModuloTorneo.xls)", valore=str(path))
        if not path.is_file():
            raise RisikoError("file non trovato", valore=str(path))
        self.book = open_sheets(path)  # what a file that is no workbook is, said by safe_open
        self.names = list(self.book.names)

    def sheet(self, name: str) -> Sheet:
        if name not in self.names:
            raise RisikoError(f"manca il foglio «{name}» in {self.file} (fogli presenti: "
                              + ", ".join(self.names) + ")")
        return Sheet(name, self.file, self.book.grid(name))


class Sheet:
    """One sheet's cells that hold something (`rows`: row -> column -> value), read one at
    a time by `cell`."""

    def __init__(self, name: str, file: str, grid: Grid) -> None:
        self.name, self.file, self.grid, self.rows = name, file, grid, grid.rows

    def raw(self, row: int, column: int) -> Any:
        """What the cell holds, an error value or a formula without value included."""
        return self.grid.get(row, column)

    def cell(self, row: int, column: int, header: str = "") -> Any:
        """The value at 1-based (row, column); None for a blank cell (the grid holds no
        text of only spaces); an error value or a formula without a saved value refused on
        its cell (`header` names its column)."""
        value = self.raw(row, column)
        if isinstance(value, ErrorValue):
            raise self.error(value.problem, row, column, NOT_READ, header)
        if isinstance(value, Unsaved):
            raise self.error(value.problem, row, column, value.formula, header)
        return value

    def error(self, text: str, row: int, column: int | None = None, value: Any = None,
              header: str = "") -> RisikoError:
        """`value` NOT_READ: the message shows no value found."""
        where = None if column is None else column_name(column) + (f" ({header})"
                                                                     if header else "")
        if isinstance(value, float) and value.is_integer() and abs(value) < 10 ** 15:
            value = int(value)  # an .xls keeps every number as a float: 77, not 77.0
        found = {} if value is NOT_READ else {"valore": value}
        return RisikoError(text, foglio=f"{self.name} di {self.file}", riga=row,
                           colonna=where, **found)


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
