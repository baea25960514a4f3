"""The book interface over a workbook open in Excel, with xlwings (the ribbon's actions).

`XlwingsBook` mirrors `OpenpyxlBook` (same tables, same semantics) over a live
workbook. It is made for one action: the first `read_table` of a table reads it from
Excel in one block and keeps it; writes change that copy; `flush()` (called by `save()`)
writes each changed table back in one block, then draws the charts. So a service reads
and writes each table at most once in Excel, sees its own writes, and an error before
`flush()` leaves the workbook untouched, as the CLI leaves the file untouched.

Only this subset of the xlwings API is used (`XLWINGS_API`, checked by the tests):

- `Book`: `sheets`, `app`, `fullname`, `selection`, `save()`;
  `App`: `alert(prompt, title=, buttons=, mode=)`, `status_bar`;
- `Sheets`: iteration, `len()`, `[i]`, `add(name=, after=)`;
  `Sheet`: `name`, `tables`, `charts`, `range(...)`, `clear_contents()`, `visible` (write),
  `page_setup`, `used_range` (read: what is typed beside a table);
  `PageSetup`: `print_area` (write);
- `Tables`: iteration; `Table`: `name`, `range`, `resize(range)`;
  `Range`: `row`, `column`, `shape`, `sheet`, `last_cell`, `options(ndim=2).value` (read),
  `value` (write),
  `formula` (read, where the engine can: the formulas the user typed in a table),
  `formula2` (write: a formula that spills, for the `Calcoli` sheet), `number_format` and
  `column_width` (write: the workbook's look, `layout`; widths in characters, as desktop
  Excel measures them);
- `Charts`: iteration, `add(name=, chart_type=, anchor=, width=, height=)`; `Chart`: `name`,
  `title`, `delete()`, `set_source_data(range, plot_by=)`, `set_x_axis_values(range)`,
  `legend.position`, `category_axis` / `value_axis` (`title`, `reverse_order`, `crosses`).

Values come as xlwings gives them (numbers as floats, dates as datetimes, empty cells as
None). Text that Excel would turn into something else when written (a formula, a number,
a date, TRUE, an error) is written with Excel's text prefix `'`, so it stays text, as
`openpyxl_book.put` keeps it text in a file.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

from risiko_xl.books.book import checked_table, header_names, missing_table
from risiko_xl.books.canvas import Look
from risiko_xl.books.charts import STACKED_BARS, ChartSpec
from risiko_xl.books.excel_text import excel_value
from risiko_xl.books.formula_cells import SheetFormula
from risiko_xl.books.replaced_formulas import Replaced, keep_typed, typed_formulas
from risiko_xl.books.schema import SETTINGS
from risiko_xl.books.settings import setting_row, settings_of
from risiko_xl.books.table import Row, Table
from risiko_xl.books.xlwings_charts import LiveChart, draw
from risiko_xl.cells import column_letter
from risiko_xl.errors import RisikoError

XLWINGS_API: dict[str, frozenset[str]] = {
    "Book": frozenset({"sheets", "app", "fullname", "selection", "save"}),
    "App": frozenset({"alert", "status_bar"}),
    "Sheets": frozenset({"__iter__", "__len__", "__getitem__", "add"}),
    "Sheet": frozenset({"name", "tables", "charts", "range", "clear_contents", "visible",
                        "page_setup", "used_range"}),
    "PageSetup": frozenset({"print_area"}),
    "Tables": frozenset({"__iter__"}),
    "Table": frozenset({"name", "range", "resize"}),
    "Range": frozenset({"row", "column", "shape", "sheet", "last_cell", "options", "value",
                        "formula",
                        "formula2",
                        "number_format", "column_width"}),
    "Charts": frozenset({"__iter__", "add"}),
    "Chart": frozenset({"name", "title", "delete", "set_source_data", "set_x_axis_values",
                        "legend", "category_axis", "value_axis"}),
    "ChartLegend": frozenset({"position"}),
    "ChartAxis": frozenset({"title", "reverse_order", "crosses"}),
}



@dataclass
class _Grid:
    """One Excel table as read: header row and body rows, where it sits, and what
    changed since (the whole table, or only some cells)."""

    sheet: Any
    table: Any
    top: int
    left: int
    headers: list[Any]
    body: list[list[Any]]
    width: int  # the table's extent in Excel (columns, body rows)
    rows: int
    dirty: bool = False
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    read: tuple[list[Any], list[list[Any]], Any] = field(  # headers, body, formulas
        default_factory=lambda: ([], [], None))


class XlwingsBook:
    """A tournament workbook open in Excel (`xw.Book`), for the length of one action.
    Worksheet functions (UDFs) run only in Excel for Windows: `live_functions`.
    `replaced`: the formulas typed by the user that `flush` wrote values over."""

    live_functions = sys.platform == "win32"

    def __init__(self, book: Any) -> None:
        self.book = book
        fullname = PurePath(str(book.fullname))
        self.path: Path | None = Path(fullname) if fullname.is_absolute() else None
        self._grids: dict[str, _Grid] = {}
        self._table_list: list[tuple[Any, Any]] | None = None
        self._charts: dict[tuple[str, str], LiveChart] = {}
        self._formulas: dict[str, tuple[str, list[SheetFormula]]] = {}
        self._look: Look | None = None
        self.generation = 0  # writes so far; `loaded`: `state.load`'s result meanwhile
        self.loaded: tuple[int, Any] | None = None
        self.replaced: list[Replaced] = []
        self.dropped: list[str] = []  # Excel keeps every part of its file

    @property
    def folder(self) -> Path | None:
        """The workbook's folder (None for a workbook never saved)."""
        return None if self.path is None else self.path.parent

    # --- tables ---------------------------------------------------------------------
    def _tables(self) -> list[tuple[Any, Any]]:
        """(sheet, table) for every Excel table, listed once per action."""
        if self._table_list is None:
            self._table_list = [(sheet, table) for sheet in self.book.sheets
                                for table in sheet.tables]
        return self._table_list

    def table_names(self) -> list[str]:
        return [table.name for _, table in self._tables()]

    def _grid(self, name: str) -> _Grid:
        grid = self._grids.get(name)
        if grid is not None:
            return grid
        found = next(((s, t) for s, t in self._tables() if t.name == name), None)
        if found is None:
            raise missing_table(name, [s.name for s in self.book.sheets], self.table_names())
        sheet, table = found
        where = table.range
        rows = [list(row) for row in where.options(ndim=2).value]  # the one read
        height, width = where.shape
        grid = _Grid(sheet, table, where.row, where.column, rows[0], rows[1:], width,
                     height - 1)
        grid.read = (list(rows[0]), [list(r) for r in rows[1:]], _formulas(where))
        self._grids[name] = grid
        return grid

    def read_table(self, name: str) -> Table:
        """All columns of table `name` (user columns too), each row with its sheet row."""
        grid = self._grid(name)
        headers = header_names(grid.headers)
        return Table(headers, [Row(dict(zip(headers, row)), r)
                               for r, row in enumerate(grid.body, start=grid.top + 1)
                               if any(v is not None and v != "" for v in row)],
                     grid.sheet.name, grid.top, name)

    def beside(self, name: str) -> list[tuple[int, int, Any]]:
        grid = self._grid(name)
        right = grid.left + grid.width  # the first column after the table
        last = grid.sheet.used_range.last_cell.column
        if last < right or not grid.rows:
            return []
        block = grid.sheet.range((grid.top + 1, right), (grid.top + grid.rows, last))
        return [(grid.top + 1 + i, right + j, value)
                for i, row in enumerate(block.options(ndim=2).value)
                for j, value in enumerate(row) if value is not None and value != ""]

    def write_table(self, name: str, table: Table, replace_headers: bool = False) -> None:
        """Replace the body of table `name` with `table`'s rows (columns matched by header;
        the sheet's columns missing from `table` are left blank, its extra columns are
        appended). With `replace_headers` the columns become exactly `table.headers`.
        Written to Excel by `flush()`."""
        grid = self._grid(name)
        self.generation += 1
        headers = list(table.headers) if replace_headers else list(grid.headers)
        for column in table.headers:
            if column not in headers:
                headers.append(column)
        offsets = [(headers.index(c), c) for c in table.headers]
        body = []
        for record in table.rows:
            values: list[Any] = [None] * len(headers)
            for offset, header in offsets:
                values[offset] = record.values.get(header)
            body.append(values)
        grid.headers = headers
        grid.body = body or [[None] * len(headers)]
        grid.dirty = True
        grid.cells.clear()

    # --- settings -------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        return settings_of(checked_table(self, SETTINGS))  # Voce, Valore checked

    def set_setting(self, key: str, value: Any) -> None:
        settings = checked_table(self, SETTINGS)  # Voce, Valore checked
        row = setting_row(settings, key)
        if row is not None:
            grid = self._grid(SETTINGS.name)
            self.generation += 1
            offset, column = row - grid.top - 1, settings.headers.index("Valore")
            grid.body[offset][column] = value
            grid.cells[offset, column] = value
        else:
            settings.append({"Voce": key, "Valore": value})
            self.write_table(SETTINGS.name, settings)

    # --- charts ---------------------------------------------------------------------
    def set_chart(self, spec: ChartSpec) -> None:
        """Draw `spec` to the right of its table (one gap column), replacing the chart
        named or titled `spec.title` on that sheet; an empty spec only removes it. Drawn
        by `flush()`, after the tables."""
        if spec.kind != STACKED_BARS:
            raise RisikoError("tipo di grafico non previsto", valore=spec.kind)
        grid = self._grid(spec.table)
        columns = {header: grid.left + offset for offset, header in enumerate(grid.headers)}
        if not spec.empty:
            missing = [h for h in (spec.category, *spec.series) if h not in columns]
            if missing:
                raise RisikoError(f"manca la colonna «{missing[0]}» nella tabella "
                                  f"«{spec.table}»", foglio=grid.sheet.name,
                                  valore=missing[0])
        right = grid.left + len(grid.headers) - 1
        self._charts[grid.sheet.name, spec.title] = LiveChart(
            spec, grid.sheet, (grid.top, right + 2), columns.get(spec.category, 0),
            tuple(columns[s] for s in spec.series if s in columns), grid.top)

    def set_sheet_formulas(self, sheet: str, note: str,
                           formulas: Sequence[SheetFormula]) -> None:
        """Empty `sheet` (created at the end if missing), `note` in A1, each formula in its
        top-left cell as a dynamic array formula that spills over its block. By `flush()`."""
        self._formulas[sheet] = (note, list(formulas))

    def apply_look(self, look: Look) -> None:
        """Number formats and widths of our tables, technical sheets hidden, the print
        area of a sheet with a chart beside its table (see `layout`); written by
        `flush()` after the tables. The rest of the print setup is the template's."""
        self._look = look

    # --- writing to Excel -----------------------------------------------------------
    @property
    def pending(self) -> bool:
        """Whether there are changes not yet written to Excel."""
        return bool(self._charts or self._formulas) or any(
            g.dirty or g.cells for g in self._grids.values())

    def flush(self) -> None:
        """Write every changed table to Excel (one block each), then draw the charts and
        give the workbook the look handed to it (`sheets.look.dress`, run by the face
        before, when anything is `pending`)."""
        for grid in self._grids.values():
            headers, body, formulas = grid.read
            if formulas and (grid.dirty or grid.cells):  # the user's formulas: kept or told
                if not grid.dirty:
                    formulas = [[f if (r, c) in grid.cells else None for c, f in enumerate(row)]
                                for r, row in enumerate(formulas)]
                self.replaced += keep_typed(body, formulas, headers, grid.headers, grid.body,
                                            (grid.sheet.name, grid.top + 1, grid.left))
                grid.cells.update({key: grid.body[key[0]][key[1]] for key in grid.cells})
            if grid.dirty:
                _write_grid(grid)
            elif grid.cells:
                for (row, column), value in grid.cells.items():
                    grid.sheet.range((grid.top + 1 + row, grid.left + column)).value = (
                        excel_value(value))
                grid.cells.clear()
        for name, (note, formulas) in self._formulas.items():
            sheet = self._sheet(name)
            sheet.clear_contents()
            sheet.range((1, 1)).value = excel_value(note)
            for f in formulas:
                sheet.range((f.row, f.column)).formula2 = f.text
        self._formulas.clear()
        for chart in self._charts.values():
            draw(chart)
        self._charts.clear()
        if self._look is not None:
            self._write_look(self._look)
            self._look = None

    def _write_look(self, look: Look) -> None:
        for name, dressed in look.tables.items():
            grid = self._grid(name)
            columns = {h: grid.left + i for i, h in enumerate(grid.headers)}
            last = grid.top + max(grid.rows, 1)
            for header, fmt in dressed.formats.items():
                if header in columns:
                    grid.sheet.range((grid.top + 1, columns[header]),
                                     (last, columns[header])).number_format = fmt
            for (offset, header), fmt in dressed.cells.items():
                if header in columns:
                    grid.sheet.range((grid.top + 1 + offset, columns[header])
                                     ).number_format = fmt
            for header, size in dressed.widths.items():
                if header in columns:
                    grid.sheet.range((grid.top, columns[header])).column_width = size
        for sheet in self.book.sheets:
            if sheet.name in look.hidden or sheet.name in look.shown:
                sheet.visible = sheet.name in look.shown
        for name in look.tables:
            grid = self._grid(name)
            if grid.sheet.name in look.bounded:
                right = grid.left + len(grid.headers) - 1
                grid.sheet.page_setup.print_area = (
                    f"A{grid.top}:{column_letter(right)}{grid.top + max(grid.rows, 1)}")

    def save(self) -> None:
        """Write pending changes, then save the workbook in place (Excel keeps it open)."""
        self.flush()
        self.book.save()

    # --- the Excel face (used by the actions) ---------------------------------------
    def alert(self, text: str, buttons: str = "ok", mode: str | None = None) -> str | None:
        """A message box titled «RisiKo!»; returns the button pressed ("ok", "yes",
        "no", …) or None where xlwings cannot tell (xlwings Server)."""
        pressed: str | None = self.book.app.alert(text, title="RisiKo!", buttons=buttons,
                                                  mode=mode)
        return pressed

    def status(self, text: str | None) -> None:
        """Show `text` in Excel's status bar (None gives it back to Excel)."""
        self.book.app.status_bar = False if text is None else text

    def selected_cell(self) -> tuple[str, int] | None:
        """(sheet name, row) of the active cell, or None."""
        selection = self.book.selection
        if selection is None:
            return None
        return selection.sheet.name, int(selection.row)

    def _sheet(self, name: str) -> Any:
        """Sheet `name`, added after the last one if missing."""
        sheets = self.book.sheets
        sheet = next((s for s in sheets if s.name == name), None)
        return sheet if sheet is not None else sheets.add(name=name,
                                                          after=sheets[len(sheets) - 1])

    def write_lines(self, sheet_name: str, lines: list[str]) -> None:
        """Sheet `sheet_name` (created at the end if missing) emptied and filled with
        `lines`, one per row in column A, in one write, and shown (the template hides
        `Post` while it holds only its note: no printed page of a title alone)."""
        sheet = self._sheet(sheet_name)
        sheet.clear_contents()
        if lines:
            sheet.range((1, 1), (len(lines), 1)).value = [[excel_value(line)] for line in lines]
        sheet.visible = True


def _formulas(where: Any) -> list[list[Any]] | None:
    """The body's formulas (None: the engine cannot read them synchronously, as xlwings
    Lite's and Server's; then formulas typed in tables are written over without a word)."""
    try:
        return typed_formulas(where.formula)
    except (NotImplementedError, AttributeError):
        return None


def _write_grid(grid: _Grid) -> None:
    """Resize the table first (so Excel never names an emptied header cell), then write
    header and body in one block that also blanks the cells the table no longer covers."""
    sheet, width, rows = grid.sheet, len(grid.headers), len(grid.body)
    if (width, rows) != (grid.width, grid.rows):
        grid.table.resize(sheet.range((grid.top, grid.left),
                                      (grid.top + rows, grid.left + width - 1)))
    span = max(width, grid.width)
    block = [[excel_value(v) for v in grid.headers] + [None] * (span - width)]
    block += [[excel_value(v) for v in row] + [None] * (span - width) for row in grid.body]
    block += [[None] * span for _ in range(grid.rows - rows)]
    sheet.range((grid.top, grid.left), (grid.top + len(block) - 1,
                                        grid.left + span - 1)).value = block
    grid.width, grid.rows, grid.dirty = width, rows, False
    grid.cells.clear()


__all__ = ["XLWINGS_API", "XlwingsBook"]
