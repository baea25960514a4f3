"""A new workbook of ours as openpyxl builds it: its tables written from rows, and its
bytes the same at every build (fixed times inside), for the tournament's template
(`workbooks.template`) and the season's (`services.season_file`)."""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.table import Table, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import put
from risiko_xl.books.openpyxl_look import BOLD

FIXED_TIME = dt.datetime(2026, 1, 1)
ZIP_TIME = (2026, 1, 1, 0, 0, 0)
STYLE = TableStyleInfo(name="TableStyleMedium2", showRowStripes=True)


def add_table(sheet: Worksheet, spec: schema.TableSpec, rows: list[list[Any]], col: int = 1,
              widths: int = 14) -> None:
    """Table `spec` at column `col` of row 1 of `sheet`: bold headers, `rows` below, each
    column at least `widths` wide."""
    for offset, header in enumerate(spec.headers):
        cell = sheet.cell(1, col + offset)
        put(cell, header)
        cell.font = BOLD
        sheet.column_dimensions[get_column_letter(col + offset)].width = max(widths,
                                                                            len(header) + 2)
    for r, row in enumerate(rows, start=2):
        for offset, value in enumerate(row):
            put(sheet.cell(r, col + offset), value)
    last = get_column_letter(col + len(spec.headers) - 1)
    ref = f"{get_column_letter(col)}1:{last}{max(len(rows), 1) + 1}"
    table = Table(displayName=spec.name, ref=ref, tableStyleInfo=STYLE)
    sheet.add_table(table)


def reproducible_bytes(book: Workbook) -> bytes:
    """The workbook as .xlsx bytes with fixed timestamps inside, so rebuilds are identical."""
    raw = io.BytesIO()
    book.save(raw)
    out = io.BytesIO()
    with zipfile.ZipFile(raw) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dest:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "docProps/core.xml":  # openpyxl stamps "now" on save
                data = _fix_core_times(data)
            info = zipfile.ZipInfo(item.filename, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            dest.writestr(info, data)
    return out.getvalue()


def _fix_core_times(xml: bytes) -> bytes:
    stamp = FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    return re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*(</dcterms:)",
                  rb"\g<1>" + stamp + rb"\g<2>", xml)
