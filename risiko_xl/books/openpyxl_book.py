"""The book interface over a workbook file, with openpyxl (CLI, LibreOffice users, tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.table import Table as ExcelTable
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.books import dropped_parts, formula_cache, schema, web_extension
from risiko_xl.books.book import (
    TOURNAMENT,
    TYPED_TABLES,
    BookKind,
    body_table,
    checked_table,
    header_names,
    missing_table,
)
from risiko_xl.books.canvas import Look
from risiko_xl.books.charts import STACKED_BARS, ChartSpec
from risiko_xl.books.fast_cells import plain_cells
from risiko_xl.books.formula_cells import Formula, SheetFormula, ours
from risiko_xl.books.long_text import LongTexts
from risiko_xl.books.openpyxl_look import chart_title, dress_table, print_setup, stacked_bars
from risiko_xl.books.openpyxl_ranges import (
    cell_value,
    check_merged,
    read_back,
    refuse_covering,
    resize,
    take_rows_below,
    unchanged,
)
from risiko_xl.books.replaced_formulas import Replaced
from risiko_xl.books.schema import SETTINGS
from risiko_xl.books.settings import setting_row, settings_of
from risiko_xl.books.table import Table
from risiko_xl.errors import RisikoError
from risiko_xl.files import safe_open
from risiko_xl.files.writes import atomic_write
from risiko_xl.typed import CELL_LIMIT

FORMULA_STARTS = ("=", "+", "-", "@")
# our audit, which must replay exactly: its texts are never cut (a cell typed in Excel
# cannot hold more than 32,767 characters anyway; the seed is a setting, see set_setting)
LONG_TEXT_TABLES = (schema.DRAWS.name,)


def put(cell: Any, value: Any) -> None:
    """Write a value; text that Excel would take for a formula stays text, unless it is
    a `Formula` (ours, or one read from the file)."""
    if isinstance(value, Formula):
        cell.value = str(value)
        return
    cell.value = value
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        cell.data_type = "s"
        cell.quotePrefix = True


class OpenpyxlBook:
    """A tournament workbook file opened with openpyxl (which computes no formula).
    `generation` counts the writes; `loaded` keeps `state.load`'s result meanwhile;
    `replaced`: the formulas typed by the user that the writes replaced with values;
    `dropped`: what of the file a save leaves out (`dropped_parts`)."""

    live_functions = False

    def __init__(self, path: str | Path, workbook: Workbook | None = None,
                 kind: BookKind = TOURNAMENT) -> None:
        """`kind`: a tournament's workbook, or the season's (`season_schema.SEASON`)."""
        self.path = Path(path)
        self.kind = kind
        self._read_as: tuple[int, int] | None = None  # the file as read (changed since?)
        self._add_ins: web_extension.WebExtensions | None = None  # dropped by openpyxl
        self._custom_xml: web_extension.KeptParts | None = None  # dropped by openpyxl too
        self.dropped: list[str] = []
        if workbook is None:
            self._read_as = _stamp(self.path)
            workbook = _load(self.path, kind)
            self._add_ins = web_extension.read(self.path)
            self._custom_xml = web_extension.read_custom_xml(self.path)
            self.dropped = dropped_parts.found(
                self.path, kept=[web_extension.CUSTOM_FOLDER] if self._custom_xml else [])
        self.workbook = workbook
        self.generation = 0
        self.loaded: tuple[int, Any] | None = None
        self._tables: dict[str, Table] = {}
        # each table's rows as last written (layout, rows): a row written again the same
        # is left alone, its cells not compared one by one (`write_table`)
        self._rows: dict[str, tuple[tuple[Any, ...], list[list[Any]]]] = {}
        self._pending: dict[str, Callable[[], Table | None]] = {}  # written, not read yet
        self._saved_values: Workbook | None = None  # data-only copy, loaded when needed
        self._formulas_read: dict[tuple[str, int, int], Any] = {}  # cell -> value it counts
        self._long = LongTexts.of(workbook)  # texts longer than a cell holds
        self._written: set[tuple[str, int, int]] = set()  # cells the command changed
        self._rewritten: set[str] = set()  # sheets it wrote anew (`set_sheet_formulas`)
        self._computed: dict[tuple[str, int, int], Any] = {}  # our formulas' known values
        self.replaced: list[Replaced] = []

    def _changed(self, name: str) -> None:
        self.generation += 1
        self._tables.pop(name, None)
        self._rows.pop(name, None)
        self._pending.pop(name, None)

    # --- tables ---------------------------------------------------------------------
    def _find(self, name: str) -> tuple[Worksheet, ExcelTable]:
        for sheet in self.workbook.worksheets:
            if name in sheet.tables:
                return sheet, sheet.tables[name]
        raise missing_table(name, self.workbook.sheetnames, self.table_names(), self.kind)

    def table_names(self) -> list[str]:
        return [name for sheet in self.workbook.worksheets for name in sheet.tables]

    def read_table(self, name: str) -> Table:
        """All columns of table `name` (user columns too), each row with its sheet row.
        Read once and kept until the table is written (a copy is returned)."""
        if name not in self._tables:
            pending = self._pending.pop(name, None)
            again = pending() if pending is not None else None
            self._tables[name] = again if again is not None else self._read(name)
        return self._tables[name].copy()

    def _read(self, name: str) -> Table:
        sheet, table = self._find(name)
        min_col, min_row, max_col, max_row = range_boundaries(table.ref)
        cells = sheet._cells  # openpyxl's (row, column) -> Cell, read without creating cells
        if name in TYPED_TABLES:
            max_row = take_rows_below(sheet, table)
        rows = [[cell_value(cells.get((r, c))) for c in range(min_col, max_col + 1)]
                for r in range(min_row, max_row + 1)]
        self._long.resolve_rows(rows, min_row, sheet.title)
        if name in TYPED_TABLES:
            headers = header_names(rows[0])
            self._use_saved_values(sheet, name, rows, headers, min_row, min_col)
        return body_table(rows, min_row, sheet.title, name)

    def _use_saved_values(self, sheet: Worksheet, name: str, rows: list[list[Any]],
                          headers: list[str], min_row: int, min_col: int) -> None:
        """In a typed table, a cell computed by the user's own formula (an ID
        `="G"&"001"`, a name `=MAIUSC(...)`) counts with the value the spreadsheet saved
        for it; RisikoError where none was saved (openpyxl computes no formula). A write
        that leaves that value keeps the formula, and a save its value (`_cached`)."""
        computed = set(schema.RESULTS.computed)
        for r, row in enumerate(rows[1:], start=min_row + 1):
            for c, value in enumerate(row):
                if not isinstance(value, Formula) or headers[c] in computed:
                    continue
                saved = self._saved_value(sheet.title, r, min_col + c)
                if saved is None or saved == "":
                    raise RisikoError(
                        "cella calcolata da una formula senza valore salvato: apri e salva "
                        "il file in Excel o LibreOffice", foglio=sheet.title, riga=r,
                        colonna=headers[c], valore=str(value))
                row[c] = saved
                self._formulas_read[(sheet.title, r, min_col + c)] = saved

    def _saved_value(self, sheet: str, row: int, column: int) -> Any:
        if self._saved_values is None:
            self._saved_values = safe_open.load(self.path, data_only=True, keep_links=False,
                                                rich_text=False)
        return self._saved_values[sheet].cell(row, column).value

    def write_table(self, name: str, table: Table, replace_headers: bool = False) -> None:
        """Replace the body of table `name` with `table`'s rows (columns matched by header;
        the sheet's columns missing from `table` are left blank, its extra columns are
        appended). With `replace_headers` the columns become exactly `table.headers`."""
        sheet, found = self._find(name)
        self._changed(name)
        min_col, min_row, max_col, max_row = range_boundaries(found.ref)
        headers = [sheet.cell(min_row, c).value for c in range(min_col, max_col + 1)]
        if replace_headers:
            for col in range(min_col, max_col + 1):
                sheet.cell(min_row, col).value = None
            for col, header in enumerate(table.headers, start=min_col):
                put(sheet.cell(min_row, col), header)
            max_col = max(max_col, min_col + len(table.headers) - 1)
            headers = list(table.headers)
        for column in table.headers:
            if column not in headers:
                headers.append(column)
                put(sheet.cell(min_row, min_col + len(headers) - 1), column)
        last_col = min_col + len(headers) - 1
        last_row = max(min_row + max(len(table), 1), min_row + 1)
        width = max(max_col, last_col) - min_col + 1
        offsets = [(headers.index(c), c) for c in table.headers]
        records = iter(table.rows)
        cells = sheet._cells  # openpyxl's (row, column) -> Cell: skip what does not change
        refuse_covering(sheet, name, min_col, max_col, max_row, last_row)
        layout, before = self._rows.pop(name, ((), []))
        before = before if layout == (min_row, min_col, *headers) else []
        written: list[list[Any]] = []
        long_texts = name in LONG_TEXT_TABLES
        for index, row in enumerate(range(min_row + 1, max(max_row, last_row) + 1)):
            values: list[Any] = [None] * width  # every cell written once; old rows cleared
            written.append(values)
            record = next(records, None)
            if record is not None:
                got = record.values.get
                for offset, header in offsets:
                    values[offset] = got(header)
            if index < len(before) and before[index] == values and not any(
                    isinstance(v, Formula) for v in values):  # (a formula: its value too)
                continue
            for col, value in enumerate(values, start=min_col):
                if long_texts and isinstance(value, str) and len(value) > CELL_LIMIT:
                    value = self._long.marker(value)  # whole, never cut (long_text)
                cell = cells.get((row, col))
                if not unchanged(cell, value) and not self._keeps_formula(cell, name, value):
                    self._put(sheet.cell(row, col), value)
        ref = f"{get_column_letter(min_col)}{min_row}:{get_column_letter(last_col)}{last_row}"
        resize(found, ref, headers)
        self._rows[name] = ((min_row, min_col, *headers), written)
        # read back from what was written, when next read (`read_back`)
        self._pending[name] = lambda: read_back(sheet, found, name in TYPED_TABLES,
                                                name not in LONG_TEXT_TABLES, written)

    def beside(self, name: str) -> list[tuple[int, int, Any]]:
        sheet, found = self._find(name)
        _, top, right, bottom = range_boundaries(found.ref)
        return sorted((row, col, cell.value) for (row, col), cell in sheet._cells.items()
                      if top < row <= bottom and col > right
                      and cell.value is not None and cell.value != "")

    def _put(self, cell: Any, value: Any) -> None:
        """`put`, noting the cell as changed and a formula the user typed there as
        replaced (our own formulas are not the user's)."""
        old = cell._value
        if cell.data_type == "f" and (not isinstance(value, Formula) or ours(value)):
            text = getattr(old, "text", None) or str(old)  # an ArrayFormula: its text
            if not ours(text):
                self.replaced.append(Replaced(cell.parent.title, cell.coordinate, text, value))
        where = (cell.parent.title, cell.row, cell.column)
        self._written.add(where)
        self._computed.pop(where, None)
        if isinstance(value, Formula) and value.value is not None:
            self._computed[where] = value.value
        put(cell, value)

    def _keeps_formula(self, cell: Any, table: str, value: Any) -> bool:
        """Whether `cell` holds a formula typed in `table` whose value is `value`: the
        formula stays (what the user typed is never lost)."""
        if cell is None or cell.data_type != "f" or table not in TYPED_TABLES:
            return False
        read = self._formulas_read.get((cell.parent.title, cell.row, cell.column), None)
        return read is not None and type(read) is type(value) and read == value

    # --- settings -------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        return settings_of(checked_table(self, SETTINGS))  # Voce, Valore checked

    def set_setting(self, key: str, value: Any) -> None:
        sheet, table = self._find(SETTINGS.name)
        settings = checked_table(self, SETTINGS)  # Voce, Valore checked
        self._changed(SETTINGS.name)
        if isinstance(value, str) and len(value) > CELL_LIMIT:
            value = self._long.marker(value)
        row = setting_row(settings, key)
        if row is not None:
            column = settings.headers.index("Valore") + range_boundaries(table.ref)[0]
            self._put(sheet.cell(row, column), value)
        else:
            settings.append({"Voce": key, "Valore": value})
            self.write_table(SETTINGS.name, settings)

    # --- charts ---------------------------------------------------------------------
    def set_chart(self, spec: ChartSpec) -> None:
        """Draw `spec` to the right of its table (one gap column), replacing the chart
        with the same title on that sheet; an empty spec only removes it."""
        if spec.kind != STACKED_BARS:
            raise RisikoError("tipo di grafico non previsto", valore=spec.kind)
        sheet, table = self._find(spec.table)
        sheet._charts = [c for c in sheet._charts if chart_title(c) != spec.title]
        if not spec.empty:
            _, top, right, _ = range_boundaries(table.ref)
            sheet.add_chart(stacked_bars(sheet, table, spec),
                            f"{get_column_letter(right + 2)}{top}")

    def set_sheet_formulas(self, sheet: str, note: str,
                           formulas: Sequence[SheetFormula]) -> None:
        """Empty `sheet` (created at the end if missing), `note` in A1, then each formula
        as an array formula over its block (one cell: a plain formula), with its values
        where known: the first saved with the formula, the others in their cells, as
        Excel saves an array formula's results."""
        target = (self.workbook[sheet] if sheet in self.workbook.sheetnames
                  else self.workbook.create_sheet(sheet))
        target.delete_rows(1, target.max_row)
        self._rewritten.add(target.title)
        self._computed = {k: v for k, v in self._computed.items() if k[0] != target.title}
        put(target.cell(1, 1), note)
        for f in formulas:
            for r, row in enumerate(f.values[:f.rows]):
                for c, value in enumerate(row[:f.columns]):
                    put(target.cell(f.row + r, f.column + c), value)
            first = f"{get_column_letter(f.column)}{f.row}"
            last = f"{get_column_letter(f.column + f.columns - 1)}{f.row + f.rows - 1}"
            target[first] = (f.text if first == last
                             else ArrayFormula(f"{first}:{last}", f.text))
            if f.values and f.values[0]:
                self._computed[target.title, f.row, f.column] = f.values[0][0]

    # --- look -------------------------------------------------------------------------
    def apply_look(self, look: Look) -> None:
        """Number formats and widths of our tables, hidden technical sheets, and each
        user sheet's print setup: its tables as print area, landscape where wide."""
        for name, dressed in look.tables.items():
            dress_table(*self._find(name), dressed)
        ours = set(self.kind.sheet_of.values())  # print setup: never the organiser's sheets
        for sheet in self.workbook.worksheets:
            if sheet.title in look.hidden:
                if sheet.sheet_state == "visible":
                    sheet.sheet_state = "hidden"
            elif sheet.title in look.shown:
                sheet.sheet_state = "visible"
            if sheet.title in ours and sheet.tables and sheet.sheet_state == "visible":
                print_setup(sheet, sheet.title in look.landscape,
                            bounded=sheet.title in look.bounded, title=look.title)

    def _cached(self) -> formula_cache.Cached:
        """The value the file saved for each formula, where the writes left it right
        (see `formula_cache.cached`; none for a workbook not read from a file), and the
        value of each formula of ours written with its value."""
        found = ({} if self._read_as is None else
                 formula_cache.cached(self.workbook, self.path, self._written,
                                      self._rewritten))
        for (title, row, column), value in self._computed.items():
            found.setdefault(self.workbook[title].path.lstrip("/"), {})[
                f"{get_column_letter(column)}{row}"] = value
        return found

    def save(self, path: str | Path | None = None) -> None:
        """Atomic save; the previous file is kept as the backup."""
        target = Path(path) if path else self.path
        if target == self.path and self._read_as is not None \
                and _stamp(target) != self._read_as:
            raise RisikoError("il file è stato salvato da un altro programma mentre il "
                              "comando lavorava: per non perdere quel salvataggio non è stato "
                              "scritto niente; ripetere il comando", valore=str(target))

        def write(temp: Path) -> None:
            with plain_cells():
                self.workbook.save(temp)
            formula_cache.put_back(temp, self._cached())  # sheet parts named by the save
            if self.workbook.vba_archive is not None:
                web_extension.keep_ribbon(self.workbook.vba_archive, temp)
            if self._add_ins is not None:  # xlwings Lite's code, say
                web_extension.add(temp, self._add_ins)
            if self._custom_xml is not None:
                web_extension.add(temp, self._custom_xml)

        atomic_write(target, write)
        if target == self.path and self._read_as is not None:
            self._read_as = _stamp(target)


def _stamp(path: Path) -> tuple[int, int] | None:
    """When and how big the file was (None: missing)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def _load(path: Path, kind: BookKind) -> Workbook:
    """The workbook at `path`, opened safely (see `safe_open`) and checked: it has the
    tables of its `kind` (a tournament's, a season's), and no merged cells inside them
    (openpyxl cannot write those)."""
    workbook = safe_open.load(path, keep_vba=path.suffix.lower() == ".xlsm",
                              keep_links=False, rich_text=False)
    if not set(kind.tables) & {name for sheet in workbook.worksheets for name in sheet.tables}:
        raise safe_open.file_error(path, f"non è {kind.what} (non ha nessuna delle tabelle "
                                   f"{', '.join(kind.tables)}): crearla con «{kind.made_by}»")
    for sheet in workbook.worksheets:
        check_merged(sheet)
    return workbook
