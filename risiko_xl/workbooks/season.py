"""A new season workbook (`risiko-xl stagione`, the first time): `Classifica` first, then
`Regole` with every entry, its default and what it means, and the empty tables the
season fills (`books.season_schema`)."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from risiko_xl.books import season_schema as S
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.files.writes import atomic_write
from risiko_xl.services.season_rules import RULE_ROWS
from risiko_xl.sheets.season_look import dress_season
from risiko_xl.workbooks.template import FIXED_TIME, add_table, reproducible_bytes


def build_season(name: str = "") -> Workbook:
    """The new season's workbook, its name in `Regole` («Nome stagione»)."""
    book = Workbook()
    first = True
    for spec in S.TABLES:
        sheet = book.active if first else book.create_sheet(spec.sheet)
        sheet.title, first = spec.sheet, False
        rows = [[key, name if key == "Nome stagione" else value, note]
                for key, value, note in RULE_ROWS] if spec is S.RULES else []
        add_table(sheet, spec, rows, widths=12)
    book.properties.creator = "risiko_xl"
    book.properties.created = book.properties.modified = FIXED_TIME
    dress_season(OpenpyxlBook(Path("stagione.xlsx"), book, kind=S.SEASON))
    return book


def write_new_season(path: Path, name: str = "") -> Path:
    """Create the season's workbook at `path` (atomic)."""
    data = reproducible_bytes(build_season(name))
    atomic_write(path, lambda temp: temp.write_bytes(data))
    return path
