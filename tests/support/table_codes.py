"""A table's score-sheet code as the tests need it: from the workbook's secret and the
players its `Risultati` seats at that table (`tournament.table_codes.table_code`)."""

from __future__ import annotations

from pathlib import Path

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.table_codes import REPORT_KEY, table_code


def code_of(path: Path, table: int, round_no: int = 1, phase: str = QUALIFYING) -> str:
    book = OpenpyxlBook(path)
    rows = book.read_table(schema.RESULTS.name)
    players = [str(r["ID"]) for r in rows if r["Tavolo"] == table and r["Turno"] == round_no
               and (r["Fase"] or QUALIFYING) == phase]
    return table_code(str(book.settings()[REPORT_KEY]), round_no, phase, table, players)
