"""The `Calcoli` sheet's worksheet functions and the cell formulas that read them.

With formulas, two whole-table worksheet functions on the `Calcoli` sheet compute every
computed cell: `RISIKO_RISULTATI` the `Risultati` columns Punti tavolo / Posizione /
Punti torneo, `RISIKO_CLASSIFICA` the `Classifica` block. Excel tables cannot hold
spilling formulas, so each table cell is a native `INDEX` into that block: Excel calls
Python twice per recalculation, however many rows. Where worksheet functions cannot run
(macOS, LibreOffice, the CLI) values are written instead. The choice: setting «Calcolo»
= «formule» or «valori»; blank = what the application supports.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.formula_cells import (  # noqa: F401  (the sheet's names, read here)
    LAST_ROW,
    SHEET,
    Formula,
    SheetFormula,
    block_of,
    index_formula,
    ours,
)
from risiko_xl.books.settings import setting_row
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.standings.config import MAX_ROUNDS

MODE_KEY = "Calcolo"
FORMULAS, VALUES = "formule", "valori"
MODES = (FORMULAS, VALUES)
NOTE = ("Calcoli delle funzioni RISIKO_* usati dalle tabelle Risultati e Classifica: "
        "non modificare (li riscrive «Aggiorna classifica»).")
RESULTS_AT = (4, 2)  # B4: RISIKO_RISULTATI, one row per Risultati row
STANDINGS = schema.standings_spec(0).name
STANDINGS_AT = (3, 6)  # F3: RISIKO_CLASSIFICA, its header row then one row per player
# columns from F, more than the widest Classifica (4 + MAX_ROUNDS rounds + 7)
STANDINGS_WIDTH = 4 + MAX_ROUNDS + 7 + 9


def arguments(results_headers: Sequence[str] = schema.RESULTS.headers) -> str:
    """The worksheet functions' arguments: Impostazioni, Iscritti and the typed columns of
    Risultati — from its first column to the last before a computed one, as the table
    really has them (a workbook made before an optional column was added keeps a valid
    range; never the computed columns, or the functions would depend on their own
    results)."""
    headers = [str(h) for h in results_headers]
    typed = headers[:next((i for i, h in enumerate(headers)
                           if h in schema.RESULTS.computed), len(headers))]
    return (f"{schema.SETTINGS.name}[#All],{schema.PLAYERS.name}[#All],"
            f"{schema.RESULTS.name}[[#All],[{typed[0]}]:[{typed[-1]}]]")


def wants_formulas(book: Book) -> bool:
    """Whether computed cells get formulas: the «Calcolo» setting, else whether the
    application running the book computes worksheet functions."""
    value = to_text(book.settings().get(MODE_KEY))
    if value is None:
        return book.live_functions
    mode = value.casefold()
    if mode not in MODES:
        row = setting_row(book.read_table(schema.SETTINGS.name), MODE_KEY)
        raise RisikoError(f"impostazione «{MODE_KEY}»: scegliere {' o '.join(MODES)} (vuoto: "
                          "automatico)", foglio=schema.SETTINGS.sheet, riga=row,
                          colonna="Valore", valore=value)
    return mode == FORMULAS


def sheet_formulas(results_rows: int, standings_rows: int, standings_columns: int,
                   results_headers: Sequence[str] = schema.RESULTS.headers,
                   values: tuple[Sequence[Sequence[Any]], Sequence[Sequence[Any]]] = ((), ()),
                   ) -> list[SheetFormula]:
    """The two worksheet functions of `Calcoli`, sized for the tables' current rows (a
    legacy array formula in a file; Excel with dynamic arrays spills them instead);
    `values`: what each computes, by row (the standings' header row first), if known."""
    computed = len(schema.RESULTS.computed)
    given = arguments(results_headers)
    results, standings = (tuple(tuple("" if v is None else v for v in row) for row in block)
                          for block in values)
    return [
        SheetFormula(*RESULTS_AT, max(results_rows, 1), computed,
                     f"=RISIKO_RISULTATI({given})", results),
        SheetFormula(*STANDINGS_AT, max(standings_rows, 1) + 1, standings_columns,
                     f"=RISIKO_CLASSIFICA({given})", standings),
    ]
