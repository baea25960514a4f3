"""Comparing tables read from a workbook cell by cell, as Excel would show them."""

from __future__ import annotations

from risiko_xl.books.book import Book
from risiko_xl.books.table import Table
from risiko_xl.cells import is_blank
from risiko_xl.tournament.table_codes import REPORT_KEY


def norm(value):
    """A cell as compared: blanks alike, numbers as floats (Excel has no integers)."""
    if is_blank(value):
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return round(float(value), 9)
    return value


def differences(expected: Table, found: Table, skip=()) -> list[str]:
    name = expected.name
    if expected.headers != found.headers:
        return [f"{name}: colonne {found.headers} invece di {expected.headers}"]
    rows = [r.sheet_row for r in expected]
    if rows != [r.sheet_row for r in found]:
        return [f"{name}: righe {[r.sheet_row for r in found]} invece di {rows}"]
    out = []
    for want_row, got_row in zip(expected, found):
        for column in expected.headers:
            if column in skip:
                continue
            want, got = norm(want_row[column]), norm(got_row[column])
            if want != got:
                out.append(f"{name} riga {want_row.sheet_row} colonna {column}: {got!r} "
                           f"invece di {want!r}")
    return out


# the times a command writes: they differ between two runs of the same tournament
TIMESTAMPS = {"Sorteggi": ("Data e ora",), "Archivio": ("Archiviato il",)}


def book_differences(expected: Book, found: Book) -> list[str]:
    """Every difference between two books' tables (the same tables expected), times aside,
    and the score sheets' secret, random in each (only whether both have one)."""
    assert found.table_names() == expected.table_names()
    return [line for name in expected.table_names()
            for line in differences(_secret_hidden(expected.read_table(name)),
                                    _secret_hidden(found.read_table(name)),
                                    TIMESTAMPS.get(name, ()))]


def _secret_hidden(table: Table) -> Table:
    """`table` with «Chiave referti»'s value (Impostazioni) said only as present."""
    for row in table:
        if row.get("Voce") == REPORT_KEY:
            row.values["Valore"] = "(presente)" if row.get("Valore") else None
    return table

