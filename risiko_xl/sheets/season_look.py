"""The season workbook's look: each table's columns as wide as what they hold (the
tournament's rules, `look.table_look`), the national points with one decimal, the
season's name in the printed header."""

from __future__ import annotations

from risiko_xl.books import season_schema as S
from risiko_xl.books.book import Book
from risiko_xl.books.canvas import Canvas, Look
from risiko_xl.cells import to_text
from risiko_xl.sheets.look import ONE_DECIMAL, table_look


def season_look(book: Book) -> Look:
    """The look of the season workbook `book` as it now is."""
    look = Look()
    for spec in S.TABLES:
        read = book.read_table(spec.name)
        look.tables[spec.name] = table_look(spec.name, read, None)
        if "Punti ranking" in read.headers:
            look.tables[spec.name].formats["Punti ranking"] = ONE_DECIMAL
    look.landscape = (S.STANDINGS.sheet, S.PLACINGS.sheet, S.TOURNAMENTS.sheet, S.PLAYERS.sheet)
    rules = {to_text(r.get("Voce")): r.get("Valore") for r in book.read_table(S.RULES.name)}
    look.title = to_text(rules.get("Nome stagione")) or "Stagione"
    return look


def dress_season(book: Book) -> None:
    if isinstance(book, Canvas):
        book.apply_look(season_look(book))
