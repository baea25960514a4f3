"""What the two faces with buttons read from the open workbook and write into it the same
way: the ribbon's actions (`risiko_xl.actions`, classic Excel) and the xlwings Lite
scripts (`risiko_xl.lite.steps`). Kept here, below both faces, so that the xlwings Lite
workbook carries these few functions without the ribbon's runner and the classic
workbook's builder (docs/XLWINGS-LITE.md, «What the workbook's main.py carries»).

Typed on `XlwingsBook`, the book both faces hand over.
"""

from __future__ import annotations

from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.settings import VARIANT_KEY
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.cells import is_blank, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.formulas import load as load_formula
from risiko_xl.sheets.formula_sheet import formula_settings
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import load

POST_SHEET = "Post"
ID_TABLES = (schema.PLAYERS.name, schema.standings_spec(0).name, schema.RESULTS.name,
             schema.QUALIFIERS.name, schema.FINAL_RANKING.name)


def tournament_settings(xl: Book, formula: str) -> tuple[dict[str, Any], str]:
    """The settings formula `formula` writes into this workbook, and what they say in a
    line; refused when the workbook holds a tournament already."""
    results = xl.read_table(schema.RESULTS.name)
    if len(results):
        raise RisikoError(f"questa cartella di lavoro contiene già un torneo ({len(results)} "
                          "righe di risultati): per un nuovo torneo aprire una copia della "
                          "cartella di lavoro vuota (o usare «risiko-xl nuovo»)",
                          foglio=schema.RESULTS.sheet)
    try:
        values = formula_settings(load_formula(formula))
    except RisikoError as err:
        raise err.located(foglio=schema.SETTINGS.sheet, colonna="Valore") from None
    if is_blank(values["Turni preliminari"]):
        return values, "metodo, turni e scarti scelti al primo sorteggio dal numero di giocatori"
    return values, (f"metodo {values['Metodo punteggio']}, {values['Turni preliminari']} "
                    f"turni preliminari, {values['Scarti']} scarti")


def set_tournament(xl: Book, values: dict[str, Any]) -> None:
    """Write a formula's settings (`tournament_settings`); the variant chosen for the old
    formula is emptied."""
    variant = xl.settings().get(VARIANT_KEY)
    for key, value in values.items():
        xl.set_setting(key, value)
    if not is_blank(variant):
        xl.set_setting(VARIANT_KEY, None)


def selected_id(xl: XlwingsBook) -> str | None:
    """The ID on the active cell's row, in `Iscritti` or another table with an ID column
    (`ID_TABLES`); None elsewhere."""
    selected = xl.selected_cell()
    if selected is None:
        return None
    sheet, row = selected
    names = set(xl.table_names())
    for name in ID_TABLES:
        if name not in names:
            continue
        table = xl.read_table(name)
        found = table.by_sheet_row().get(row)
        if table.sheet == sheet and found is not None and "ID" in table.headers:
            pid = to_text(found["ID"])
            if pid is not None:
                return pid
    return None


def drawn_already(xl: Book, round_no: int) -> str | None:
    """How far preliminary round `round_no` went («è già stato sorteggiato», «ha già N
    risultati inseriti»), None when it is not drawn."""
    existing = [r for r in load(xl).rows if r.phase == QUALIFYING and r.round_no == round_no]
    if not existing:
        return None
    typed = sum(r.seat is not None for r in existing)
    return f"ha già {typed} risultati inseriti" if typed else "è già stato sorteggiato"
