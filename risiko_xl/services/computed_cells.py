"""Writing the computed cells: `Risultati`'s computed columns and `Classifica`, as
values or as live formulas (setting «Calcolo», see `books.live_formulas`)."""

from __future__ import annotations

import pandas as pd

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.live_formulas import (
    NOTE,
    RESULTS_AT,
    SHEET,
    STANDINGS,
    STANDINGS_AT,
    STANDINGS_WIDTH,
    block_of,
    index_formula,
    sheet_formulas,
    wants_formulas,
)
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.tournament.loading import Tournament
from risiko_xl.tournament.scoring import write_computed


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
        block = block_of(RESULTS_AT[0], RESULTS_AT[1], len(schema.RESULTS.computed))
        for k, header in enumerate(schema.RESULTS.computed, start=1):
            results[header] = index_formula(schema.RESULTS.name, block, k)
        block = block_of(STANDINGS_AT[0] + 1, STANDINGS_AT[1], STANDINGS_WIDTH)
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
