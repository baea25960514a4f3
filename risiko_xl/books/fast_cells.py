"""openpyxl's worksheet writer, with the rows and plain cells written as text (issue 28).

Without lxml, openpyxl builds an `Element` for every cell and serialises it through
et_xmlfile's pure-Python tree writer: two thirds of a save of a 1,000-player tournament.
Within `plain_cells()` a save writes each row's tags, and the cells every tournament is
made of (numbers, texts, booleans, errors, simple formulas), straight as the characters
that writer gives them. Any other cell (a date, rich text, an array or data-table
formula, a hyperlink, a number type openpyxl formats its own way) still goes through
openpyxl's writer. The file is the same to the byte (tests/books/test_fast_cells.py saves
workbooks both ways and compares every part), but for a number 16 digits would change
(openpyxl writes `%.16g`: 0.30000000000000004 became 0.3, the largest number infinity),
written here in full, as typed, and a carriage return, which openpyxl writes bare (read
back as a line feed), written as a character reference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from xml.etree.ElementTree import (  # type: ignore[attr-defined]
    _escape_attrib,
    _escape_cdata,
)

from openpyxl.comments.comment_sheet import CommentRecord
from openpyxl.compat import safe_string
from openpyxl.worksheet import _writer as sheet_writer

KINDS = {"n": ' t="n"', "s": ' t="inlineStr"', "b": ' t="b"', "e": ' t="e"', "f": ""}


def cell_text(cell: Any, styled: bool | None) -> str | None:
    """The XML of `cell` as openpyxl's tree writer would give it, or None for a cell
    left to that writer."""
    kind = KINDS.get(cell.data_type)
    value = cell._value
    if kind is None or cell._hyperlink is not None or (
            value is not None and not isinstance(value, (str, int, float))):
        return None
    start = f'<c r="{cell.coordinate}"' + (f' s="{cell.style_id}"' if styled else "") + kind
    if value is None or value == "":
        return start + " />"
    if cell.data_type == "f":
        if not isinstance(value, str):
            return None
        return f"{start}><f>{_escape_cdata(value[1:])}</f><v /></c>"
    if cell.data_type == "s":
        if not isinstance(value, str):
            return None
        stripped = value.strip()
        space = ' xml:space="preserve"' if stripped and value != stripped else ""
        text = _escape_cdata(value)
        if "\r" in text:  # kept a character reference: a bare one is read as a line feed
            text = text.replace("\r", "&#13;")
        return f"{start}><is><t{space}>{text}</t></is></c>"
    text = safe_string(value)
    if type(value) is float and text and float(text) != value:
        text = repr(value)  # 16 digits would change it (0.1 + 0.2; 1.7976931348623157e308)
    return f"{start}><v>{_escape_cdata(text)}</v></c>" if text else None


def _writing(original: Callable[..., None]) -> Callable[..., None]:
    def write_cell(xf: Any, worksheet: Any, cell: Any, styled: bool | None = None) -> None:
        text = cell_text(cell, styled)
        if text is None:
            original(xf, worksheet, cell, styled)
        else:
            xf._file(text)  # et_xmlfile's writer of the open element's content
    return write_cell


def _row_writer(write_cell: Callable[..., None]) -> Callable[..., None]:
    def write_row(self: Any, xf: Any, row: list[Any], row_idx: int) -> None:
        """openpyxl's `WorksheetWriter.write_row`, the row's tags written as text."""
        attrs = {"r": f"{row_idx}"}
        attrs.update(self.ws.row_dimensions.get(row_idx, {}))
        xf._file("<row" + "".join(f' {k}="{_escape_attrib(v)}"' for k, v in attrs.items())
                 + ">")
        for cell in row:
            if cell._comment is not None:
                self.ws._comments.append(CommentRecord.from_cell(cell))
            if cell._value is None and not cell.has_style and not cell._comment:
                continue
            write_cell(xf, self.ws, cell, cell.has_style)
        xf._file("</row>")
    return write_row


@contextmanager
def plain_cells() -> Iterator[None]:
    """Within it, openpyxl saves rows and plain cells as text (see the module); without
    et_xmlfile's writer (lxml installed: already fast) nothing changes."""
    original = sheet_writer.write_cell
    if getattr(original, "__name__", "") != "etree_write_cell":
        yield
        return
    original_row = sheet_writer.WorksheetWriter.write_row
    sheet_writer.write_cell = _writing(original)
    sheet_writer.WorksheetWriter.write_row = _row_writer(sheet_writer.write_cell)
    try:
        yield
    finally:
        sheet_writer.write_cell = original
        sheet_writer.WorksheetWriter.write_row = original_row
