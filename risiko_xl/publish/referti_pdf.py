"""The score sheets (*referti*) drawn as an A4 PDF with fpdf2, one or two to a page.

Names in any alphabet print: DejaVu Sans (shipped with the package) sets Latin, Greek,
Cyrillic, Arabic and Hebrew, fallback fonts found on the computer set Chinese, Japanese,
Korean and emoji (`fonts`), and HarfBuzz shapes the text where a name needs it (Arabic
letters joined, right-to-left runs in their order: `needs_shaping`). A character no font
has prints as its code point («U+4E2D»), never as nothing. A long name wraps to two lines
and shrinks (to 5.5 pt) before its end is cut; a long club is cut with «…» but the
player's ID always prints whole. The creation date is the round's date (or a fixed one):
same workbook, same bytes."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from fpdf import FPDF
from fpdf.fonts import TTFFont

from risiko_xl.publish.fonts import fallback_fonts, font_cmap, main_fonts, needs_shaping, visible
from risiko_xl.publish.post import TRADEMARK
from risiko_xl.publish.safe_text import ELLIPSIS, shortened
from risiko_xl.publish.score_sheet import ScoreSheet, pages

FONT = "DejaVu"
FIXED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
PAGE_W, PAGE_H, MARGIN = 210.0, 297.0, 10.0
WIDTH = PAGE_W - 2 * MARGIN
CUT = 12.0  # the gap with the dashed cutting line between two sheets on a page
COLUMNS = (13.0, 55.0, 19.0, 19.0, 15.0, 17.0, 19.0, 33.0)  # mm, 190 in all
SMALLEST_NAME = 5.5  # pt: a name on two lines shrinks to this before it is cut with «…»


@dataclass(frozen=True)
class Size:
    """Measures that differ between one and two sheets per page (mm and pt)."""

    title: float
    logo: float
    row: float
    gap: float


FULL = Size(title=15, logo=17, row=16, gap=2.5)
HALF = Size(title=13, logo=13, row=9.5, gap=1.5)


class SheetPDF(FPDF):
    """An FPDF that knows which characters its fonts can draw (`covered`), and how each
    column heading is laid out (`headings`: the same on every sheet, measured once)."""

    covered: frozenset[int] = frozenset()
    headings: dict[tuple[str, float], tuple[float, list[str]]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.headings = {}


def _load_fonts(pdf: SheetPDF, text: str) -> None:
    """DejaVu Sans as the main font, text shaping on where `text` needs it
    (`needs_shaping`), and as fallbacks the fonts found (best first) that draw characters
    of `text` DejaVu Sans lacks: a sheet of Latin names loads none."""
    regular, bold = main_fonts()
    pdf.add_font(FONT, "", str(regular))
    pdf.add_font(FONT, "B", str(bold))
    if needs_shaping(text):
        pdf.set_text_shaping(True)
    covered = set().union(*(font.cmap for font in pdf.fonts.values()
                            if isinstance(font, TTFFont)))
    missing = {ord(c) for c in set(text)} - covered
    fallbacks: list[str] = []
    for path in fallback_fonts():
        if not missing & font_cmap(path):
            continue
        family = f"riserva{len(fallbacks)}"
        try:
            pdf.add_font(family, "", str(path))
        except Exception:  # a font fpdf2 cannot read (e.g. an unusual collection): skip
            continue
        fallbacks.append(family)
        added = cast(TTFFont, pdf.fonts[family])  # add_font loads a TrueType font
        missing -= set(added.cmap)
        covered |= set(added.cmap)
        if not missing:
            break
    if fallbacks:  # a bold name borrows the regular face of a fallback font
        pdf.set_fallback_fonts(fallbacks, exact_match=False)
    pdf.covered = frozenset(covered)


def _texts(sheets: Sequence[ScoreSheet]) -> str:
    """Every text the sheets print."""
    parts = [TRADEMARK]
    for s in sheets:
        parts += [s.tournament, s.club, s.venue, s.date_text, s.phase, *s.headers,
                  *s.scoring_reminder]
        parts += [f"{p.order}{p.player}{p.name}{p.club}" for p in s.players]
    return "".join(parts)


def _fits(pdf: FPDF, text: str, width: float) -> bool:
    return pdf.get_string_width(text) <= width


def _cut(pdf: FPDF, text: str, width: float, keep: str = "") -> str:
    """The longest start of `text` that, with «…» and `keep`, fits `width` (a binary
    search: a few measures, whatever the length)."""
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if _fits(pdf, text[:middle].rstrip() + ELLIPSIS + keep, width):
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def _fit(pdf: SheetPDF, text: str, width: float, size: float, style: str = "",
         smallest: float = 6.0, keep: str = "") -> str:
    """Set a font size at which `text` + `keep` fits `width` (shrinking to `smallest`,
    then cutting `text` with «…»; `keep` is never cut); returns the text to print before
    `keep`. Text is measured at most `LONGEST` characters long."""
    text = visible(shortened(text), pdf.covered)
    pdf.set_font(FONT, style, size)
    while not _fits(pdf, text + keep, width) and size > smallest:
        size = max(smallest, size - 0.5)
        pdf.set_font(FONT, style, size)
    if _fits(pdf, text + keep, width):
        return text
    return _cut(pdf, text, width, keep)


def _line(pdf: SheetPDF, x: float, y: float, w: float, h: float, text: str, size: float,
          style: str = "", align: str = "L", gray: int = 0, smallest: float = 6.0,
          keep: str = "") -> None:
    """One line of text in the box (x, y, w, h), shrunk to fit (`keep` printed whole)."""
    shown = _fit(pdf, text, w - 0.4, size, style, smallest, keep)
    pdf.set_text_color(gray)
    pdf.set_xy(x, y)
    pdf.cell(w, h, shown + keep, align=align)
    pdf.set_text_color(0)


def _split(pdf: SheetPDF, text: str, width: float, at_blank: bool = True) -> tuple[str, str]:
    """`text` as two lines: the first as long as fits `width`, broken at a blank when
    there is one (unless not `at_blank`: a long nickname left most of the first line
    empty and the surname cut); the second is the rest."""
    low, high = 1, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if _fits(pdf, text[:middle], width):
            low = middle
        else:
            high = middle - 1
    blank = text.rfind(" ", 0, low + 1) if at_blank else -1
    end = blank if blank > 0 else low
    return text[:end].rstrip(), text[end:].strip()


def _name(pdf: SheetPDF, x: float, y: float, w: float, row: float, name: str,
          detail: str, keep: str) -> None:
    """A player's cell: the name (one line, or two smaller when long) and below it the
    club and the ID (the ID always whole)."""
    name = visible(shortened(name), pdf.covered)
    detail_h = 3.6 if row > 12 else 3.2
    pdf.set_font(FONT, "B", 7.5)
    if _fits(pdf, name, w - 0.4):
        top = y + (row - 4.5 - detail_h - 0.1) / 2
        _line(pdf, x, top, w, 4.5, name, 9.5, "B", smallest=7.5)
        below = top + 4.6
    else:  # two lines, smaller until the second fits too (a surname is never cut early)
        size = 7.5 if row > 12 else 7.0
        while True:
            pdf.set_font(FONT, "B", size)
            first, rest = _split(pdf, name, w - 0.4)
            if size <= SMALLEST_NAME and not _fits(pdf, rest, w - 0.4):
                first, rest = _split(pdf, name, w - 0.4, at_blank=False)  # a full first line
            if _fits(pdf, rest, w - 0.4) or size <= SMALLEST_NAME:
                break
            size -= 0.5
        height = size * 0.42
        top = y + (row - 2 * height - detail_h - 0.1) / 2
        _line(pdf, x, top, w, height, first, size, "B", smallest=size)
        _line(pdf, x, top + height, w, height, rest, size, "B", smallest=size)
        below = top + 2 * height + 0.1
    _line(pdf, x, below, w, detail_h, detail, 7, gray=60, smallest=5.5, keep=keep)


def _fill_line(pdf: SheetPDF, x: float, y: float, label: str, value: str, width: float,
               size: float = 10) -> None:
    """«label value», or «label ____» when the value is to be written by hand."""
    pdf.set_font(FONT, "", size)
    label_w = pdf.get_string_width(label + " ") + 0.5
    pdf.set_xy(x, y)
    pdf.cell(label_w, 6, label)
    if value:
        _line(pdf, x + label_w, y, width - label_w, 6, value, size, "B")
    else:
        pdf.line(x + label_w, y + 4.8, x + width, y + 4.8)


def _title(pdf: SheetPDF, x: float, y: float, w: float, text: str, size: float) -> float:
    """The tournament's name on one line, or on two at a smaller size when long (the
    second cut with «…» if still too long); returns the y for the line below."""
    text = visible(shortened(text), pdf.covered)
    pdf.set_font(FONT, "B", size)
    if pdf.get_string_width(text) <= w - 0.4:
        _line(pdf, x, y + 1, w, 8, text, size, "B")
        return y + 9.5
    size = min(size, 12.0)
    lines: list[str] = []
    while size >= 9:
        pdf.set_font(FONT, "B", size)
        lines = cast(list[str], pdf.multi_cell(w - 0.4, 5, text, dry_run=True,  # the lines
                                               output="LINES", padding=0))
        if len(lines) <= 2:
            break
        size -= 0.5
    height = size * 0.42
    first = lines[0] if lines else text
    rest = text[len(first):].strip() if text.startswith(first) else " ".join(lines[1:])
    _line(pdf, x, y + 0.5, w, height, first.strip(), size, "B")
    _line(pdf, x, y + 0.5 + height, w, height, rest, size, "B", smallest=size)
    return y + 1.5 + 2 * height


def _header(pdf: SheetPDF, sheet: ScoreSheet, y: float, size: Size) -> float:
    """Logo, tournament, club and venue, the table box; returns the y below. The logo's
    bytes are the same on every sheet: fpdf2 knows them again (by their hash) and the PDF
    holds the picture once, each sheet drawing it."""
    x = MARGIN
    if sheet.logo is not None:
        ratio = sheet.logo.width / sheet.logo.height
        w = min(size.logo * ratio, 40.0)
        h = w / ratio
        pdf.image(io.BytesIO(sheet.logo.data), x=x, y=y + (size.logo - h) / 2, w=w, h=h)
        x += w + 4
    box_w = 44.0
    text_w = MARGIN + WIDTH - box_w - 4 - x
    below = _title(pdf, x, y, text_w, sheet.tournament, size.title)
    subtitle = " — ".join(p for p in ("Referto di gara", sheet.club, sheet.venue) if p)
    _line(pdf, x, below, text_w, 5, subtitle, 9.5)
    bx = MARGIN + WIDTH - box_w
    pdf.set_line_width(0.5)
    pdf.rect(bx, y + 1, box_w, 14)
    pdf.set_line_width(0.3)
    number = str(sheet.table_number)
    pdf.set_font(FONT, "", 12)
    left = pdf.get_string_width("Tavolo ")
    right = pdf.get_string_width(f" di {sheet.table_count}")
    pdf.set_font(FONT, "B", 18)
    middle = pdf.get_string_width(number)
    start = bx + (box_w - left - middle - right) / 2
    pdf.set_xy(start, y + 3)
    pdf.set_font(FONT, "", 12)
    pdf.cell(left, 10, "Tavolo ")
    pdf.set_font(FONT, "B", 18)
    pdf.cell(middle, 10, number)
    pdf.set_font(FONT, "", 12)
    pdf.cell(right, 10, f" di {sheet.table_count}")
    return y + max(size.logo, 16.0) + 2


def _info(pdf: SheetPDF, sheet: ScoreSheet, y: float, size: Size) -> float:
    """The round, date and time-limit line between two rules; returns the y below."""
    y += size.gap
    pdf.line(MARGIN, y, MARGIN + WIDTH, y)
    _line(pdf, MARGIN + 1, y + 1, 52, 6, sheet.round_text, 10, "B")
    _fill_line(pdf, MARGIN + 54, y + 1, "Data:", sheet.date_text, 96)
    _fill_line(pdf, MARGIN + 156, y + 1, "Durata:", sheet.duration, 34)
    pdf.line(MARGIN, y + 8, MARGIN + WIDTH, y + 8)
    return y + 8 + size.gap


def _heading(pdf: SheetPDF, header: str, w: float) -> tuple[float, list[str]]:
    """A column heading's font size and lines: shrunk until its longest word fits (words
    are never split), then broken into lines as `multi_cell` breaks them."""
    known = pdf.headings.get((header, w))
    if known is None:
        font = 7.5
        pdf.set_font(FONT, "B", font)
        room = w - 1.5
        while max(map(pdf.get_string_width, header.split())) > room and font > 5:
            font -= 0.25
            pdf.set_font(FONT, "B", font)
        lines = cast(list[str], pdf.multi_cell(w - 1, 3.3, header, align="C",
                                               dry_run=True, output="LINES"))
        known = pdf.headings[header, w] = (font, lines)
    return known


def _players(pdf: SheetPDF, sheet: ScoreSheet, y: float, size: Size) -> float:
    """The players' table, with empty cells to fill in; returns the y below."""
    x = MARGIN
    head = 10.0
    pdf.set_fill_color(230)
    for header, w in zip(sheet.headers, COLUMNS, strict=True):
        pdf.rect(x, y, w, head, style="DF")
        font, lines = _heading(pdf, header, w)
        pdf.set_font(FONT, "B", font)
        top = y + (head - 3.3 * len(lines)) / 2
        for number, line in enumerate(lines):
            pdf.set_xy(x + 0.5, top + 3.3 * number)
            pdf.cell(w - 1, 3.3, line, align="C")
        x += w
    y += head
    for p in sheet.players:
        x = MARGIN
        for w in COLUMNS:
            pdf.rect(x, y, w, size.row)
            x += w
        if p.order:
            _line(pdf, MARGIN, y, COLUMNS[0], size.row, p.order, 12, "B", align="C")
        name_x, name_w = MARGIN + COLUMNS[0] + 1.2, COLUMNS[1] - 2.4
        keep = f" · ID {p.player}" if p.club else f"ID {p.player}"
        _name(pdf, name_x, y, name_w, size.row, p.name, p.club, keep)
        y += size.row
    return y


def _footer_height(reminder_lines: int = 2) -> float:
    return 4 + 6 + 2.5 + reminder_lines * 3.2 + 1.5 + 3


def _footer(pdf: SheetPDF, sheet: ScoreSheet, y: float) -> None:
    """Referee's name and signature, the scoring reminder and the trademark line."""
    y += 4
    _fill_line(pdf, MARGIN, y, "Arbitro:", "", 70, 9.5)
    _fill_line(pdf, MARGIN + 100, y, "Firma dell'arbitro:", "", 90, 9.5)
    y += 6 + 2.5
    for text in sheet.scoring_reminder:
        _line(pdf, MARGIN, y, WIDTH, 3.2, text, 7, gray=34)
        y += 3.2
    y += 1.5
    _line(pdf, MARGIN, y, WIDTH, 3, TRADEMARK, 6.5, align="C", gray=68)


def _sheet(pdf: SheetPDF, sheet: ScoreSheet, top: float, height: float, size: Size) -> None:
    """One score sheet in the band [top, top + height]."""
    y = _header(pdf, sheet, top, size)
    y = _info(pdf, sheet, y, size)
    y = _players(pdf, sheet, y, size)
    notes_top = y + size.gap
    notes_bottom = top + height - _footer_height(max(2, len(sheet.scoring_reminder)))
    pdf.rect(MARGIN, notes_top, WIDTH, notes_bottom - notes_top)
    _line(pdf, MARGIN + 1.5, notes_top + 0.8, 60, 4, "Note dell'arbitro", 8, "B")
    if sheet.report_code:  # beside the notes' heading when the box is low (5 at a table)
        _by_phone(pdf, sheet, notes_bottom, min(24.0, notes_bottom - notes_top - 1.5))
    _footer(pdf, sheet, notes_bottom)


def _by_phone(pdf: SheetPDF, sheet: ScoreSheet, bottom: float, side: float) -> None:
    """The table's code in the notes box's corner, with its QR code (the venue's form of
    this table) when the venue's address is known."""
    right = MARGIN + WIDTH - 1.5
    if sheet.report_url:
        import segno

        drawn = io.BytesIO()
        segno.make(sheet.report_url, error="m").save(drawn, kind="png", scale=8, border=2)
        pdf.image(drawn, x=right - side, y=bottom - 1.5 - side, w=side, h=side)
        right -= side + 2
    for y, text, size, style in ((13, "Risultato dal telefono", 7, ""),
                                 (9.5, sheet.report_site, 7, ""),
                                 (5.5, f"codice {sheet.report_code}", 9, "B")):
        _line(pdf, right - 60, bottom - y, 60, 3.5, text, size, style, align="R")


def render_pdf(sheets: Sequence[ScoreSheet], per_page: int = 1) -> bytes:
    """The score sheets as PDF bytes (A4 portrait, `per_page` 1 or 2 sheets a page)."""
    pdf = SheetPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.c_margin = 0  # text is placed exactly: every box computes its own padding
    _load_fonts(pdf, _texts(sheets))
    first = sheets[0]
    when = next((s.when for s in sheets if s.when is not None), None)
    pdf.set_creation_date(when.replace(tzinfo=dt.UTC) if when else FIXED_DATE)
    pdf.set_title(f"Referti — {shortened(first.tournament)} — turno {first.round_no}")
    pdf.set_creator("risiko_xl")
    pdf.set_lang("it")
    pdf.set_line_width(0.3)
    band = (PAGE_H - 2 * MARGIN - 5) if per_page == 1 else (PAGE_H - 2 * MARGIN - 5 - CUT) / 2
    size = FULL if per_page == 1 else HALF
    for page in pages(sheets, per_page):
        pdf.add_page()
        for i, sheet in enumerate(page):
            top = MARGIN + i * (band + CUT)
            if i:
                pdf.set_draw_color(120)
                pdf.set_dash_pattern(dash=1.5, gap=1.5)
                pdf.line(MARGIN, top - CUT / 2, MARGIN + WIDTH, top - CUT / 2)
                pdf.set_dash_pattern()
                pdf.set_draw_color(0)
            _sheet(pdf, sheet, top, band, size)
    return bytes(pdf.output())
