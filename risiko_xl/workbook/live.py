"""Computed cells as live worksheet formulas or as values (setting «Calcolo»).

With formulas, two whole-table worksheet functions on the `Calcoli` sheet compute every
computed cell: `RISIKO_RISULTATI` the `Risultati` columns Punti tavolo / Posizione /
Punti torneo, `RISIKO_CLASSIFICA` the `Classifica` block. Excel tables cannot hold
spilling formulas, so each table cell is a native `INDEX` into that block: Excel calls
Python twice per recalculation, however many rows. Where worksheet functions cannot run
(macOS, LibreOffice, the CLI) the same services write values instead. The choice:
«Calcolo» = «formule» or «valori»; blank = what the application supports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
from openpyxl.utils import get_column_letter

from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.workbook import schema
from risiko_xl.workbook.book import Book
from risiko_xl.workbook.scoring import write_computed
from risiko_xl.workbook.state import Tournament

MODE_KEY = "Calcolo"
FORMULAS, VALUES = "formule", "valori"
MODES = (FORMULAS, VALUES)
SHEET = "Calcoli"
NOTE = ("Calcoli delle funzioni RISIKO_* usati dalle tabelle Risultati e Classifica: "
        "non modificare (li riscrive «Aggiorna classifica»).")
LAST_ROW = 20003  # INDEX ranges reach this far: blocks can grow without rewriting formulas
RESULTS_AT = (4, 2)  # B4: RISIKO_RISULTATI, one row per Risultati row
STANDINGS = schema.standings_spec(0).name
STANDINGS_AT = (3, 6)  # F3: RISIKO_CLASSIFICA, its header row then one row per player
STANDINGS_WIDTH = 50  # columns F:BC, more than the widest Classifica (4 + 30 rounds + 7)


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


class Formula(str):
    """Cell text to be written as a formula (plain text starting with `=` stays text)."""


@dataclass(frozen=True)
class SheetFormula:
    """A formula whose results fill `rows` × `columns` cells from (`row`, `column`)."""

    row: int
    column: int
    rows: int
    columns: int
    text: str


def wants_formulas(book: Book) -> bool:
    """Whether computed cells get formulas: the «Calcolo» setting, else whether the
    application running the book computes worksheet functions."""
    value = to_text(book.settings().get(MODE_KEY))
    if value is None:
        return book.live_functions
    mode = value.casefold()
    if mode not in MODES:
        raise RisikoError(f"impostazione «{MODE_KEY}»: scegliere {' o '.join(MODES)} (vuoto: "
                          "automatico)", foglio=schema.SETTINGS.sheet, colonna="Valore",
                          valore=value)
    return mode == FORMULAS


def _address(row: int, column: int) -> str:
    return f"${get_column_letter(column)}${row}"


def _block(row: int, column: int, width: int) -> str:
    return f"{SHEET}!{_address(row, column)}:{_address(LAST_ROW, column + width - 1)}"


def index_formula(table: str, block: str, column: int) -> Formula:
    """The table cell formula: this row's value, column `column` of `block`."""
    return Formula(f"=INDEX({block},ROW()-ROW({table}[#Headers]),{column})")


def sheet_formulas(results_rows: int, standings_rows: int, standings_columns: int,
                   results_headers: Sequence[str] = schema.RESULTS.headers,
                   ) -> list[SheetFormula]:
    """The two worksheet functions of `Calcoli`, sized for the tables' current rows (a
    legacy array formula in a file; Excel with dynamic arrays spills them instead)."""
    computed = len(schema.RESULTS.computed)
    given = arguments(results_headers)
    return [
        SheetFormula(*RESULTS_AT, max(results_rows, 1), computed,
                     f"=RISIKO_RISULTATI({given})"),
        SheetFormula(*STANDINGS_AT, max(standings_rows, 1) + 1, standings_columns,
                     f"=RISIKO_CLASSIFICA({given})"),
    ]


def write_scores(book: Book, t: Tournament, standings: pd.DataFrame,
                 formulas: bool | None = None) -> None:
    """Write the computed `Risultati` columns and the `Classifica` table (`standings`'
    columns, then the organiser's own, carried over by player ID), as values or as
    formulas (default: `wants_formulas`). With formulas Excel may reorder the players
    while the organiser's own columns stay on their rows."""
    results = write_computed(identity(t)[0], t.computed)
    ours = list(standings.columns)
    standings = with_user_columns(book, with_qualification(book, standings))
    if wants_formulas(book) if formulas is None else formulas:
        block = _block(RESULTS_AT[0], RESULTS_AT[1], len(schema.RESULTS.computed))
        for k, header in enumerate(schema.RESULTS.computed, start=1):
            results[header] = index_formula(schema.RESULTS.name, block, k)
        block = _block(STANDINGS_AT[0] + 1, STANDINGS_AT[1], STANDINGS_WIDTH)
        for k, header in enumerate(ours, start=1):
            standings[header] = index_formula(STANDINGS, block, k)
        headers = list(book.read_table(schema.RESULTS.name).columns)
        book.set_sheet_formulas(SHEET, NOTE, sheet_formulas(len(results), len(standings),
                                                            len(ours), headers))
    else:
        book.set_sheet_formulas(SHEET, NOTE, [])
    book.write_table(schema.RESULTS.name, results)
    book.write_table(STANDINGS, standings, replace_headers=True)


def identity(t: Tournament) -> tuple[pd.DataFrame, list[str]]:
    """`Risultati` with each row's ID as registered («g13» typed → «G13») and `Giocatore`
    as `Iscritti` shows the player, plus one line per typed name that differed. The ID is
    the truth: `Giocatore` is a display column, refreshed from `Iscritti` (a name changed
    there, or typed by hand in Risultati, shows the registered one)."""
    frame = t.frame.copy()
    changed = []
    for r in t.rows:
        name = t.by_id[r.player].name
        typed = to_text(frame.at[r.row, "Giocatore"])
        if typed is not None and typed != name:
            changed.append(f"riga {r.row}, {r.player}: «{typed}» → «{name}»")
        frame.at[r.row, "ID"] = r.player
        frame.at[r.row, "Giocatore"] = name
    return frame, changed


def with_user_columns(book: Book, frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` plus the organiser's own Classifica columns, matched by player ID."""
    old = book.read_table(STANDINGS)
    ours = set(frame.columns) | set(schema.STANDINGS_EXTRA) | set(schema.STANDINGS_BASE)
    user = [c for c in old.columns if c and c not in ours and not _is_round_column(c)]
    if not user or "ID" not in old.columns:
        return frame.copy()
    keyed = {to_text(pid): rec for pid, rec in zip(old["ID"], old[user].to_dict("records"))}
    out = frame.copy()
    for column in user:
        out[column] = [keyed.get(pid, {}).get(column) for pid in out["ID"]]
    return out


def with_qualification(book: Book, frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` with the column «Qualificazione» once a final phase is seated: how each
    player qualified, as `Qualificati` lists it («semifinale: 2° in classifica»), the first
    phase each reached from the standings (a reason naming its phase as it is); blank for
    the others."""
    try:
        listed = book.read_table(schema.QUALIFIERS.name)
    except RisikoError:
        return frame
    if listed.empty or not {"ID", "Fase", "Qualificazione"} <= set(listed.columns):
        return frame
    how: dict[str, str] = {}
    for pid, phase, reason in zip(listed["ID"], listed["Fase"], listed["Qualificazione"]):
        key, phase_text, why = to_text(pid), to_text(phase), to_text(reason)
        if key and phase_text and key not in how:
            phase_text = phase_text.lower()
            how[key] = why if why and why.lower().startswith(phase_text) else (
                phase_text + (f": {why}" if why else ""))
    out = frame.copy()
    out[schema.QUALIFICATION_COLUMN] = [how.get(to_text(pid) or "") for pid in out["ID"]]
    return out


def _is_round_column(header: str) -> bool:
    return header.startswith("T") and header[1:].isdigit()
