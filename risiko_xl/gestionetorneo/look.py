"""How the written workbook looks, as GestioneTorneo's own make it look: the template's
TORNEO (`resources/ModuloTorneo.xls`: widths, fonts, fills, «Data Turno N»), the round
sheets of `ExcelAccess.creaSchedaTurno` and `scriviPartite` (names 6000 and points 2000
units wide, wrapped, the ID columns hidden, GestioneTorneo's styles) and the standings of
`scriviClassifica` (columns fitted to their text, «0.000» for a Master's points); and a
print setup an organiser can print: landscape, one page wide."""

from __future__ import annotations

import math
from collections.abc import Callable

from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.gestionetorneo import layout

CHAR_UNITS = 256  # POI's column width unit: 1/256 of a character
NAME_WIDTH, POINTS_WIDTH = 6000 / CHAR_UNITS, 2000 / CHAR_UNITS  # creaSchedaTurno
THOUSANDTHS = "0.000"  # scriviClassifica's format for MasterRisiko's points
LINE_POINTS = 15  # a row's height per line of Arial 10, in points

# POI's IndexedColors in Excel's default palette
ORANGE, LIGHT_ORANGE, YELLOW, GOLD, LIME = "FF6600", "FF9900", "FFFF00", "FFCC00", "99CC00"
LIGHT_GREEN = "CCFFCC"  # a won game's cell in Classifica (`creaStiliClassifica`)
FONT_SIZE = 10  # the headers' and Classifica's size: POI's default font, Arial 10
HEADER_ROW_HEIGHT = 38.25  # Iscritti's header row in the template: three lines of Arial 10
WIDTH_MARGIN = 2  # a fitted column's room beyond its text, in digit widths


def _fill(rgb: str) -> PatternFill:
    return PatternFill("solid", fgColor=rgb)


THIN, THICK, MEDIUM = Side("thin"), Side("thick"), Side("medium")
BOXED = Border(left=MEDIUM, right=MEDIUM, top=MEDIUM, bottom=MEDIUM)
HEADER = dict(font=Font(name="Arial", size=FONT_SIZE, bold=True), fill=_fill(ORANGE),
              alignment=Alignment(horizontal="center", vertical="center"),
              border=Border(left=THIN, right=THIN, top=THICK, bottom=THICK))
TOP = Alignment(vertical="top", wrap_text=True)


def _style(cell: object, **style: object) -> None:
    for name, value in style.items():
        setattr(cell, name, value)


def _print_wide(sheet: Worksheet, title_rows: str | None = None,
                landscape: bool = True, tall: int = 0) -> None:
    """One page wide and `tall` pages high (0: as many as it takes), landscape or not."""
    sheet.page_setup.orientation = "landscape" if landscape else "portrait"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, tall
    if title_rows:
        sheet.print_title_rows = title_rows


def tournament(sheet: Worksheet) -> None:
    """TORNEO as the template: the title over C1:D1, labels gold and values green in
    Arial 14, boxed; «Data Turno N» beside each date up to D6's rounds."""
    label, value = get_column_letter(layout.LABEL_COLUMN), get_column_letter(layout.VALUE_COLUMN)
    sheet.merge_cells(f"{label}1:{value}1")
    _style(sheet[f"{label}1"], font=Font(name="Arial", size=16, bold=True), border=BOXED,
           alignment=Alignment(horizontal="center", vertical="center"))
    sheet.row_dimensions[1].height = 72.75
    sheet.column_dimensions[label].width, sheet.column_dimensions[value].width = 27.7, 43.42
    big = Font(name="Arial", size=14)
    rows = [row for row, _ in layout.INFO_ROWS.values()]
    for row in (*rows, *range(layout.DATE_FIRST_ROW,
                              layout.DATE_FIRST_ROW + layout.DATE_ROUNDS)):
        turn = f"{get_column_letter(layout.NUMBER_COLUMN)}{row}"
        if row >= layout.DATE_FIRST_ROW:  # the template's formula, kept live
            sheet[f"{label}{row}"] = (f'=IF(${value}${layout.INFO_ROWS["turni"][0]}>={turn},'
                                      f'CONCATENATE("{layout.DATE_LABEL}",{turn}),"")')
        _style(sheet[f"{label}{row}"], font=big, fill=_fill(GOLD), border=BOXED)
        _style(sheet[f"{value}{row}"], font=big, fill=_fill(LIME), border=BOXED,
               alignment=Alignment(horizontal="left", vertical="top", wrap_text=True))
        sheet.row_dimensions[row].height = 18
    sheet.row_dimensions[layout.INFO_ROWS["note"][0]].height = 94.5
    tournament_print(sheet)


def tournament_print(sheet: Worksheet) -> None:
    """TORNEO printed on one page, down to the last date (our formula's line left out)."""
    sheet.print_area = (f"A1:{get_column_letter(layout.VALUE_COLUMN)}"
                        f"{layout.DATE_FIRST_ROW + layout.DATE_ROUNDS - 1}")
    _print_wide(sheet, landscape=False, tall=1)


def players(sheet: Worksheet) -> None:
    """Iscritti with the template's widths, and its headers in Arial 10 bold, wrapped in a
    row three lines tall (the template's 38.25 points): «Data di Nascita (gg/mm/aaaa)» on
    two lines stays above the first player."""
    widths = (3.7, 12.56, 17.99, 18.99, 37.27, 11.85, 23.85, 16.85, 11.28, 30)
    for column, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(column)].width = width
    for cell in sheet[layout.PLAYERS_HEADER_ROW]:
        _style(cell, font=Font(name="Arial", size=FONT_SIZE, bold=True),
               alignment=Alignment(vertical="bottom", wrap_text=True))
    sheet.row_dimensions[layout.PLAYERS_HEADER_ROW].height = HEADER_ROW_HEIGHT
    sheet.freeze_panes = f"A{layout.PLAYERS_FIRST_ROW}"
    _print_wide(sheet, f"{layout.PLAYERS_HEADER_ROW}:{layout.PLAYERS_HEADER_ROW}")


def round_sheet(sheet: Worksheet) -> None:
    """A round sheet as `scriviPartite` writes it: per seat a hidden ID column, the name
    6000 units wide and the points 2000, wrapped and top-aligned on GestioneTorneo's
    orange; the table's heading centred between thick borders; each seat row tall
    enough for every line of its names and clubs."""
    for seat in range(layout.SEATS_MAX):
        first = seat * layout.TRIPLE + 1
        sheet.column_dimensions[get_column_letter(first)].hidden = True
        sheet.column_dimensions[get_column_letter(first + 1)].width = NAME_WIDTH
        sheet.column_dimensions[get_column_letter(first + 2)].width = POINTS_WIDTH
    name_font = Font(name="Arial", bold=True)
    for row in sheet.iter_rows():
        head = row[0]
        if isinstance(head.value, str) and head.value.startswith(layout.TABLE_PREFIX):
            _style(head, **HEADER)
            continue
        lines = 1
        seated = max((c.column for c in row if c.value is not None), default=0)
        for cell in row[:math.ceil(seated / layout.TRIPLE) * layout.TRIPLE]:
            offset = (cell.column - 1) % layout.TRIPLE
            if offset == 0:
                _style(cell, alignment=Alignment(vertical="top"))
            elif offset == 1:
                _style(cell, font=name_font, fill=_fill(LIGHT_ORANGE), alignment=TOP)
                lines = max(lines, _lines(cell.value))
            else:
                _style(cell, font=Font(name="Arial"), fill=_fill(LIGHT_ORANGE),
                       alignment=Alignment(horizontal="right", vertical="top",
                                           wrap_text=True))
        sheet.row_dimensions[head.row].height = lines * LINE_POINTS
    _print_wide(sheet)


def _lines(value: object) -> int:
    """The lines a wrapped name takes in a name column."""
    per_line = int(NAME_WIDTH) - 2  # bold characters are wider
    return sum(max(1, math.ceil(len(part) / per_line))
               for part in str(value or "").split("\n"))


def standings(sheet: Worksheet, thousandths: bool,
              won: frozenset[tuple[int, int]] = frozenset()) -> None:
    """Classifica (and Classifica Ridotta) as `scriviClassifica`: the headers orange, the
    rows bold on yellow and orange by turns (the first yellow), each game a player won
    (the (row, column) cells `won`) light green, each column as wide as its text in
    Arial 10 bold (POI's `autoSizeColumn`), whatever the workbook's own font; the points
    (pt1, pt2, …, pt_tot) in «0.000» for a tournament in thousandths (a Master); printed
    landscape, one page wide, the headers on every page."""
    points = {cell.column for cell in sheet[1] if str(cell.value).startswith(layout.POINTS_PREFIX)}
    widths: dict[int, float] = {}
    measure = text_width()
    bold = Font(name="Arial", size=FONT_SIZE, bold=True)
    for row in sheet.iter_rows():
        for cell in row:
            shown = format(cell.value, ".3f") if thousandths and cell.column in points \
                and isinstance(cell.value, int | float) else str(cell.value or "")
            widths[cell.column] = max(widths.get(cell.column, 0), measure(shown))
            if cell.row == 1:
                _style(cell, **HEADER)
                continue
            # GestioneTorneo's rows 1, 2, … under the header: odd yellow, even orange
            colour = LIGHT_GREEN if (cell.row, cell.column) in won else \
                YELLOW if (cell.row - 1) % 2 else LIGHT_ORANGE
            _style(cell, font=bold, fill=_fill(colour))
            if thousandths and cell.column in points:
                cell.number_format = THOUSANDTHS
    for column, width in widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = \
            math.ceil(max(width, 5)) + WIDTH_MARGIN
    _print_wide(sheet, "1:1")


def text_width() -> Callable[[str], float]:
    """A text's width in Arial 10 bold, in widths of the digit «0» (a column width's
    unit): Helvetica's metrics (fpdf2's core font), which are Arial's; a character beyond
    Latin-1, which the core font lacks, counted as wide as «W»."""
    from fpdf import FPDF  # fpdf2: loaded only where a workbook is written (not WebAssembly)

    pdf = FPDF(unit="pt")
    pdf.set_font("helvetica", "B", FONT_SIZE)
    digit = pdf.get_string_width("0")
    return lambda text: pdf.get_string_width(
        "".join(c if ord(c) < 256 else "W" for c in text)) / digit
