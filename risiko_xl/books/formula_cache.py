"""The values a spreadsheet saved for the formulas typed in a workbook, written back
next to those formulas in a file openpyxl saved (openpyxl keeps a formula but not its
value, and the next command reads the value: see `OpenpyxlBook._use_saved_values`)."""

from __future__ import annotations

import datetime
import re
import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from openpyxl.utils.datetime import to_excel

# part name -> cell reference ("B7") -> the value saved for the cell's formula
Cached = dict[str, dict[str, Any]]


def _typed(value: Any) -> tuple[str, str] | None:
    """The cell type attribute and the `<v>` text for `value` (None: not kept)."""
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if isinstance(value, int | float):
        return "", repr(value) if isinstance(value, float) else str(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return "", repr(float(to_excel(value)))
    if isinstance(value, str):
        return ' t="str"', escape(value)
    return None


def put_back(saved: Path, cached: Cached) -> None:
    """Write each cached value into the formula cell of `saved` it belongs to (openpyxl
    writes `<c r="B7" ...><f>...</f><v /></c>`)."""
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

    return re.sub(r'<c r="(?P<ref>[A-Z]+[0-9]+)"(?P<attrs>[^>]*)>(?P<f><f>[^<]*</f>)<v\s*/>',
                  fill, xml)
