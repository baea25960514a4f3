"""The values a spreadsheet saved for a workbook's formulas, written back next to them in
a file openpyxl saved (openpyxl keeps a formula but writes no value: `<v />`).

Every formula cell of every sheet — in a table or beside it, on the organiser's own
sheets too — gets back the value the file had for it, so whatever reads saved values
(the next command: `OpenpyxlBook._use_saved_values`, a viewer, pandas, a phone preview)
still sees it. Not when the command changed the cell, or a cell the formula reads
(`formula_inputs.stale`): that value would be an old result, and an empty one is better
than a wrong one; Excel and LibreOffice compute it again when they open the file.
"""

from __future__ import annotations

import datetime
import html
import re
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from openpyxl.cell.cell import ERROR_CODES
from openpyxl.utils import get_column_letter
from openpyxl.utils.datetime import to_excel
from openpyxl.workbook.workbook import Workbook

from risiko_xl.books.formula_inputs import stale
from risiko_xl.files.saved_values import Saved, saved_values

# part name -> cell reference ("B7") -> the value saved for the cell's formula
Cached = dict[str, dict[str, Any]]
Cell = tuple[str, int, int]  # sheet title, row, column


def cached(workbook: Workbook, source: Path, written: Iterable[Cell],
           rewritten: Iterable[str]) -> Cached:
    """For each formula cell of `workbook` not `written` by the command (nor on a sheet
    `rewritten`) whose inputs it did not change, the value file `source` saved for it,
    by sheet part and cell (see the module docstring)."""
    written, rewritten = set(written), set(rewritten)
    formulas: dict[Cell, str] = {}
    for sheet in workbook.worksheets:
        if sheet.title in rewritten:
            continue
        for (row, column), cell in sheet._cells.items():
            if cell.data_type == "f" and (sheet.title, row, column) not in written:
                text = cell._value
                formulas[sheet.title, row, column] = getattr(text, "text", None) or str(text)
    if not formulas:
        return {}
    kept: dict[str, set[str]] = {}
    for title, row, column in formulas.keys() - stale(workbook, formulas, written, rewritten):
        kept.setdefault(title, set()).add(f"{get_column_letter(column)}{row}")
    values: Cached = {}
    for title, cells in saved_values(source, kept).items():
        values[workbook[title].path.lstrip("/")] = cells
    return values


def _typed(value: Any) -> tuple[str, str] | None:
    """The cell type attribute and the `<v>` text for `value` (None: not kept)."""
    if isinstance(value, Saved):
        return value.type, value.text
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if isinstance(value, int | float):
        return "", repr(value) if isinstance(value, float) else str(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return "", repr(float(to_excel(value)))
    if isinstance(value, str):
        # & < > escaped (xml.sax.saxutils would import urllib, http and ssl for it)
        return (' t="e"' if value in ERROR_CODES else ' t="str"'), html.escape(value, False)
    return None


def put_back(saved: Path, cached: Cached) -> None:
    """Write each cached value into the formula cell of `saved` it belongs to (openpyxl
    writes `<c r="B7" ...><f>...</f><v /></c>`, `<f t="array" ref="…">` for an array)."""
    if not any(cached.values()):
        return
    with zipfile.ZipFile(saved) as zipped:
        parts = [(item, zipped.read(item.filename)) for item in zipped.infolist()]
    with zipfile.ZipFile(saved, "w", zipfile.ZIP_DEFLATED) as zipped:
        for item, data in parts:
            cells = cached.get(item.filename)
            if cells:
                data = _with_values(data.decode("utf-8"), cells).encode("utf-8")
            zipped.writestr(item, data)


def _with_values(xml: str, cells: dict[str, Any]) -> str:
    def fill(match: re.Match[str]) -> str:
        typed = _typed(cells.get(match["ref"]))
        if typed is None or " t=" in match["attrs"]:
            return match[0]
        return f'<c r="{match["ref"]}"{match["attrs"]}{typed[0]}>{match["f"]}<v>{typed[1]}</v>'

    return re.sub(r'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*)>(?P<f><f\b[^>]*>[^<]*</f>)'
                  r'<v\s*/>', fill, xml)
