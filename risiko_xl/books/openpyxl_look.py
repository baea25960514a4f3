"""How a workbook file looks, with openpyxl: our tables dressed (number formats, widths,
bold wrapped headers), the print setup of a sheet, and the charts drawn beside a table."""

from __future__ import annotations

from typing import Any

from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.table import Table
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.books.canvas import TableLook, header_lines, text_lines
from risiko_xl.books.charts import ChartSpec
from risiko_xl.errors import RisikoError

# headers in the body's font (a bare bold falls back to a serif in LibreOffice)
BOLD = Font(name="Calibri", size=11, bold=True)
# long text on more lines, indented clear of the number before it, at the bottom of its
# row as every other cell of it (a wrapped cell on top sat a line above the others)
WRAP = Alignment(horizontal="left", wrap_text=True, vertical="bottom", indent=1)
WRAP_HEADER = Alignment(wrap_text=True, vertical="bottom")
CENTRE = Alignment(horizontal="center")
LINE_HEIGHT = 15  # points per line of wrapped text
TALLEST_ROW = 409  # points: the tallest row Excel allows

def dress_table(sheet: Worksheet, table: Table, dressed: TableLook) -> None:
    """One table's number formats, widths, bold wrapped headers, wrapped long text (its
    rows made tall enough: spreadsheets do not grow them) and centred columns."""
    left, top, right, bottom = range_boundaries(table.ref)
    headers = {sheet.cell(top, c).value: c for c in range(left, right + 1)}
    body = range(top + 1, bottom + 1)
    for header, fmt in dressed.formats.items():
        for row in body if header in headers else ():
            _style(sheet.cell(row, headers[header]), "number_format", fmt)
    for (offset, header), fmt in dressed.cells.items():
        if header in headers:
            _style(sheet.cell(top + 1 + offset, headers[header]), "number_format", fmt)
    for header, size in dressed.widths.items():
        if header in headers:
            dimension = sheet.column_dimensions[get_column_letter(headers[header])]
            dimension.width, dimension.hidden = (size, False) if size else (dimension.width,
                                                                            True)
    for column in headers.values():
        sheet.cell(top, column).font = BOLD
        sheet.cell(top, column).alignment = WRAP_HEADER
    sheet.row_dimensions[top].height = LINE_HEIGHT * max(
        [header_lines(str(h), size) for h, size in dressed.widths.items() if size] + [1])
    alignments = sheet.parent._alignments  # openpyxl's registry: compare ids, not objects
    lines = dict.fromkeys(body, 1) if dressed.wrap else {}
    for header in (*dressed.wrap, *dressed.centred):
        align = WRAP if header in dressed.wrap else CENTRE
        wanted = alignments.add(align)
        for row in body if header in headers else ():
            cell = sheet.cell(row, headers[header])
            if not cell.has_style or cell._style.alignmentId != wanted:
                cell.alignment = align
            if header in dressed.wrap:  # the row as tall as its longest wrapped text
                lines[row] = max(lines[row], text_lines(cell.value, dressed.widths[header]))
    for row, count in lines.items():
        sheet.row_dimensions[row].height = min(LINE_HEIGHT * count, TALLEST_ROW)
    if dressed.choices:
        _choices(sheet, table, headers, top, dressed.choices)


def _choices(sheet: Worksheet, table: Table, headers: dict[Any, int], top: int,
             choices: dict[tuple[int, str], tuple[str, ...]]) -> None:
    """The table's drop-downs, each list once over its cells; ours made again, the
    sheet's other validations kept. A suggestion only: any text may be typed."""
    left, _, right, bottom = range_boundaries(table.ref)
    inside = f"{get_column_letter(left)}{top + 1}:{get_column_letter(right)}{bottom}"
    kept = [v for v in sheet.data_validations.dataValidation
            if not (v.promptTitle == CHOICE_TITLE and _overlaps(v, inside))]
    sheet.data_validations.dataValidation = kept
    cells: dict[tuple[str, ...], list[str]] = {}
    for (offset, header), words in choices.items():
        if header in headers:
            cells.setdefault(words, []).append(
                f"{get_column_letter(headers[header])}{top + 1 + offset}")
    for words, refs in cells.items():
        validation = DataValidation(type="list", formula1='"' + ",".join(words) + '"',
                                    allow_blank=True, showErrorMessage=False,
                                    showInputMessage=True, promptTitle=CHOICE_TITLE,
                                    prompt="Scegliere dall'elenco (o scrivere)")
        for ref in refs:
            validation.add(ref)
        sheet.add_data_validation(validation)


CHOICE_TITLE = "Valori ammessi"


def _overlaps(validation: DataValidation, ref: str) -> bool:
    left, top, right, bottom = range_boundaries(ref)
    for part in str(validation.sqref).split():
        c1, r1, c2, r2 = range_boundaries(part)
        if c1 <= right and c2 >= left and r1 <= bottom and r2 >= top:
            return True
    return False


def _style(cell: Any, name: str, value: Any) -> None:
    """Set a style attribute of `cell` unless it already has it (setting is slow)."""
    if getattr(cell, name) != value:
        setattr(cell, name, value)


def print_setup(sheet: Worksheet, landscape: bool = False, bounded: bool = False,
                title: str = "") -> None:
    """A4, fit to the page width (as many pages down as needed), the header row on every
    page, grid lines; `landscape` for a wide sheet; `bounded`: the sheet's tables as
    print area (else none: the used range, which follows rows typed later); the page
    header names the tournament `title`, the footer the sheet and «Pagina N di M»."""
    sheet.oddHeader.center.text = title.replace("&", "&&") or None  # & starts a code
    sheet.oddFooter.left.text = "&A"  # the sheet's name
    sheet.oddFooter.right.text = "Pagina &P di &N"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.orientation = "landscape" if landscape else "portrait"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.print_title_rows = "1:1"
    sheet.print_options.gridLines = True
    sheet.print_area = None
    if bounded and sheet.tables:  # one print area per table, left to right
        sheet.print_area = [t.ref for t in sorted(
            sheet.tables.values(), key=lambda t: range_boundaries(t.ref)[:2])]


def chart_title(chart: Any) -> str:
    """The plain text of a chart's title ("" when it has none)."""
    rich = getattr(getattr(chart.title, "tx", None), "rich", None)
    if rich is None:
        return ""
    return "\n".join("".join(run.t or "" for run in paragraph.r or ())
                     for paragraph in rich.paragraphs)


def stacked_bars(sheet: Worksheet, table: Table, spec: ChartSpec) -> Any:
    """An openpyxl stacked horizontal bar chart over the first `spec.rows` table rows."""
    from openpyxl.chart import BarChart, Reference
    from openpyxl.chart.data_source import AxDataSource, NumDataSource, NumRef, StrRef
    from openpyxl.chart.series import Series, SeriesLabel

    min_col, header, max_col, _ = range_boundaries(table.ref)
    columns = {sheet.cell(header, c).value: c for c in range(min_col, max_col + 1)}
    missing = [h for h in (spec.category, *spec.series) if h not in columns]
    if missing:
        raise RisikoError(f"manca la colonna «{missing[0]}» nella tabella «{spec.table}»",
                          foglio=sheet.title, valore=missing[0])
    first, last = header + 1, header + spec.rows
    category = Reference(sheet, min_col=columns[spec.category], min_row=first, max_row=last)
    chart = BarChart()
    chart.type, chart.grouping, chart.overlap, chart.gapWidth = "bar", "stacked", 100, 60
    chart.title = spec.title
    chart.style = 10
    for index, name in enumerate(spec.series):
        column = columns[name]
        title = Reference(sheet, min_col=column, min_row=header)
        values = Reference(sheet, min_col=column, min_row=first, max_row=last)
        chart.series.append(Series(
            idx=index, order=index, tx=SeriesLabel(strRef=StrRef(f=str(title))),
            cat=AxDataSource(strRef=StrRef(f=str(category))),
            val=NumDataSource(numRef=NumRef(f=str(values)))))
    chart.x_axis.title = spec.category_title or None
    chart.y_axis.title = spec.value_title or None
    chart.x_axis.scaling.orientation = "maxMin"  # the leader on top
    chart.y_axis.axPos = "b"
    chart.y_axis.crosses = "max"  # value axis at the bottom of the reversed categories
    chart.x_axis.delete = chart.y_axis.delete = False  # openpyxl 3.1 hides them otherwise
    chart.legend.position = "b"
    chart.width, chart.height = spec.width_cm, spec.height_cm
    return chart
