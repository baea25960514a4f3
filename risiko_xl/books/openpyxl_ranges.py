"""Where a table sits on its sheet, with openpyxl: the cells it reads, the rows typed
right below it (Excel would have extended it), the cells it would cover when it grows,
and its range and columns once written."""

from __future__ import annotations

from typing import Any

from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.worksheet.table import Table as ExcelTable
from openpyxl.worksheet.table import TableColumn
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.books.book import body_table, last_typed_row
from risiko_xl.books.formula_cells import Formula
from risiko_xl.books.table import Table
from risiko_xl.errors import RisikoError
from risiko_xl.typed import CELL_LIMIT


def cell_value(cell: Any) -> Any:
    """A cell's value (None: no cell); a formula as `Formula` (an array formula, as Excel
    365 saves a dynamic one, by its text)."""
    if cell is None:
        return None
    value = cell._value
    if cell.data_type != "f":
        return value
    return Formula(value if isinstance(value, str) else str(getattr(value, "text", value)))


def first_filled(cells: dict[tuple[int, int], Any], row: int, first: int,
                 last: int) -> Any:
    """The first non-empty value of `row` between columns `first` and `last` (or None)."""
    for column in range(first, last + 1):
        value = cell_value(cells.get((row, column)))
        if value is not None and value != "":
            return value
    return None


def take_rows_below(sheet: Worksheet, table: ExcelTable) -> int:
    """Extend `table` over the rows typed right below it (`book.last_typed_row`): its
    new last row."""
    min_col, min_row, max_col, max_row = range_boundaries(table.ref)
    cells = sheet._cells
    below = [top for left, top, right, _ in (range_boundaries(t.ref) for t in
                                              sheet.tables.values() if t.name != table.name)
             if top > max_row and left <= max_col and right >= min_col]
    last = last_typed_row(table.name, sheet.title, int(max_row),
                          min([sheet.max_row + 1, *below]),
                          lambda row: first_filled(cells, row, min_col, max_col))
    if last != max_row:
        headers = [sheet.cell(min_row, c).value for c in range(min_col, max_col + 1)]
        resize(table, f"{get_column_letter(min_col)}{min_row}:"
                       f"{get_column_letter(max_col)}{last}", headers)
    return last


def refuse_covering(sheet: Worksheet, name: str, first: int, last_col: int, max_row: int,
                     last_row: int) -> None:
    """RisikoError when a table growing to `last_row` would write over a non-empty cell
    below it (something typed outside the table is never overwritten)."""
    cells = sheet._cells
    for row in range(max_row + 1, last_row + 1):
        value = first_filled(cells, row, first, last_col)
        if value is not None:
            raise RisikoError(
                f"la tabella {name} deve allungarsi fino alla riga {last_row}, ma sotto di "
                "essa ci sono dati scritti fuori dalla tabella: spostarli altrove",
                foglio=sheet.title, riga=row, valore=value)


def unchanged(cell: Any, value: Any) -> bool:
    """Whether writing `value` would leave `cell` (None: not created) as it is."""
    if cell is None:
        return value is None
    old = cell._value
    return type(old) is type(value) and old == value and (
        not isinstance(value, str) or cell.data_type == ("f" if isinstance(value, Formula)
                                                          else "s"))


def resize(table: ExcelTable, ref: str, headers: list[Any]) -> None:
    table.ref = ref
    if table.autoFilter is not None:
        table.autoFilter.ref = ref
    if [c.name for c in table.tableColumns] != [str(h) for h in headers]:
        table.tableColumns = [TableColumn(id=i, name=str(h)) for i, h in
                              enumerate(headers, start=1)]


def add_table(sheet: Worksheet, name: str, headers: list[str], style: Any) -> ExcelTable:
    """An empty Excel table `name` of `headers` from A1 of a new `sheet` (one blank row,
    as Excel keeps it); the rows are written afterwards like any table's."""
    for column, header in enumerate(headers, start=1):
        sheet.cell(1, column).value = header
    ref = f"A1:{get_column_letter(len(headers))}2"
    table = ExcelTable(displayName=name, ref=ref, tableStyleInfo=style)
    table._initialise_columns()
    for column, header in zip(table.tableColumns, headers):
        column.name = header
    sheet.add_table(table)
    return table


def read_back(sheet: Worksheet, table: ExcelTable, typed: bool, cut: bool,
              written: list[list[Any]]) -> Table | None:
    """Table `table` as reading it again would give it, from the values `written` in its
    body rows (by row, from its first column): what openpyxl keeps of each, a formula as
    its text, empty rows left out. None where reading again could differ: a text longer
    than a cell that openpyxl cuts (`cut`), a formula in a table people type into (read
    as its saved value), a row typed right below a table people type into (`typed`), a
    text looking like a long text's marker."""
    min_col, min_row, max_col, max_row = range_boundaries(table.ref)
    rows = [[cell_value(sheet._cells.get((min_row, c))) for c in range(min_col, max_col + 1)]]
    for values in written[:max_row - min_row]:
        row = values[:max_col - min_col + 1]
        for c, value in enumerate(row):
            if isinstance(value, Formula):
                if typed:
                    return None
                row[c] = Formula(str(value))  # read as its text, nothing more
            elif isinstance(value, str) and (value.startswith("[testo lungo: ") or (
                    cut and len(value) > CELL_LIMIT)):
                return None  # a marker is read as its text (`long_text`), a long text cut
        rows.append(row)
    if typed:
        try:
            if take_rows_below(sheet, table) != max_row:
                return None
        except RisikoError:
            return None  # said when the table is read
    return body_table(rows, min_row, sheet.title, table.name)


def check_merged(sheet: Worksheet) -> None:
    """RisikoError at a table whose range is not a block of cells (`A:I`, `I13:A1`, as a
    program other than Excel may write it), or at the first merged range overlapping one
    of the sheet's tables."""
    for table in sheet.tables.values():
        try:
            left, top, right, bottom = range_boundaries(table.ref)
        except ValueError:
            left = None
        if None in (left, top, right, bottom) or left > right or top > bottom:
            raise RisikoError(f"la tabella {table.name} ha un intervallo non valido: in "
                              "Excel, Progettazione tabella > Ridimensiona tabella, o "
                              "ricrearla", foglio=sheet.title, valore=table.ref)
    for table in sheet.tables.values():
        left, top, right, bottom = range_boundaries(table.ref)
        for merged in sheet.merged_cells.ranges:
            if (merged.min_col <= right and merged.max_col >= left and merged.min_row <= bottom
                    and merged.max_row >= top):
                column = max(merged.min_col, left)
                header = sheet.cell(top, column).value
                raise RisikoError(
                    f"celle unite ({merged.coord}) nella tabella {table.name}: separarle "
                    "(Home > Unisci e allinea al centro) e scrivere un valore per cella",
                    foglio=sheet.title, riga=merged.min_row,
                    colonna=str(header) if header is not None else get_column_letter(column),
                    valore=sheet.cell(merged.min_row, merged.min_col).value)
