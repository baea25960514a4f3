"""Writing the computed cells: `Risultati`'s computed columns and `Classifica`, as
values or as live formulas (setting «Calcolo», see `sheets.live_formulas`)."""

from __future__ import annotations

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.canvas import Canvas
from risiko_xl.books.formula_cells import SHEET, block_of, index_formula
from risiko_xl.books.table import Table
from risiko_xl.cells import number_or_none, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.services.typed_columns import with_own
from risiko_xl.sheets.live_formulas import (
    NOTE,
    RESULTS_AT,
    STANDINGS,
    STANDINGS_AT,
    STANDINGS_WIDTH,
    sheet_formulas,
    wants_formulas,
)
from risiko_xl.tournament.loading import Tournament
from risiko_xl.tournament.scoring import write_computed


def write_scores(book: Book, t: Tournament, standings: Table,
                 formulas: bool | None = None) -> None:
    """Write the computed `Risultati` columns and the `Classifica` table (`standings`'
    columns, then the organiser's own, carried over by player ID), as values or as
    formulas (default: `wants_formulas`). With formulas Excel may reorder the players
    while the organiser's own columns stay on their rows."""
    results = write_computed(identity(t)[0], t.computed)
    ours = list(standings.headers)
    standings = with_user_columns(book, with_qualification(book, standings))
    if wants_formulas(book) if formulas is None else formulas:
        # each formula carries the value computed here, saved with it (see `Formula`): a
        # blank is the empty text the worksheet functions give for it
        values = ([[row.get(h) for h in schema.RESULTS.computed] for row in results],
                  [ours, *([row.get(h) for h in ours] for row in standings)])
        block = block_of(RESULTS_AT[0], RESULTS_AT[1], len(schema.RESULTS.computed))
        for k, header in enumerate(schema.RESULTS.computed, start=1):
            results.set_column(header, [index_formula(schema.RESULTS.name, block, k,
                                                      "" if v is None else v)
                                        for v in results.column(header)])
        block = block_of(STANDINGS_AT[0] + 1, STANDINGS_AT[1], STANDINGS_WIDTH)
        for k, header in enumerate(ours, start=1):
            standings.set_column(header, [index_formula(STANDINGS, block, k,
                                                        "" if v is None else v)
                                          for v in standings.column(header)])
        headers = list(book.read_table(schema.RESULTS.name).headers)
        blocks = sheet_formulas(len(results), len(standings), len(ours), headers, values)
    else:
        blocks = []
    if isinstance(book, Canvas):
        book.set_sheet_formulas(SHEET, NOTE, blocks)
    book.write_table(schema.RESULTS.name, results)
    book.write_table(STANDINGS, standings, replace_headers=True)


def identity(t: Tournament) -> tuple[Table, list[str]]:
    """`Risultati` with each row's ID as registered («g13» typed → «G13») and `Giocatore`
    as `Iscritti` shows the player, plus one line per typed name that differed. The ID is
    the truth: `Giocatore` is a display column, refreshed from `Iscritti` (a name changed
    there, or typed by hand in Risultati, shows the registered one)."""
    results = t.results_table.copy()
    by_row = results.by_sheet_row()
    changed = []
    for r in t.rows:
        name = t.by_id[r.player].name
        typed = to_text(by_row[r.row]["Giocatore"])
        if typed is not None and typed != name:
            changed.append(f"riga {r.row}, {r.player}: «{typed}» → «{name}»")
        by_row[r.row]["ID"] = r.player
        by_row[r.row]["Giocatore"] = name
    return results, changed


def with_user_columns(book: Book, standings: Table) -> Table:
    """`standings` plus the organiser's own Classifica columns, matched by player ID."""
    old = book.read_table(STANDINGS)
    return with_own(old, standings, {*standings.headers, *schema.STANDINGS_EXTRA,
                                     *schema.STANDINGS_BASE,
                                     *filter(_is_round_column, old.headers)})


def with_qualification(book: Book, standings: Table) -> Table:
    """`standings` with the column «Qualificazione» once a final phase is seated: how each
    player qualified, as `Qualificati` lists it («semifinale: 2° in classifica»), the first
    phase each reached from the standings (a reason naming its phase as it is); blank for
    the others. A reason is history: when the standings have moved since the player
    qualified (a withdrawal recompiled them, 000 Art. 4, 001 §8) the row says both ranks
    («semifinale: 4° in classifica (fascia 1) — posizione alla qualificazione, ora 3°»)
    rather than contradict its own Pos."""
    try:
        listed = book.read_table(schema.QUALIFIERS.name)
    except RisikoError:
        return standings
    if not len(listed) or not {"ID", "Fase", "Qualificazione"} <= set(listed.headers):
        return standings
    now = {to_text(pid): pos for pid, pos in zip(standings.column("ID"),
                                                  standings.column("Pos"))}
    ranks = (listed.column("Pos. classifica") if "Pos. classifica" in listed.headers
             else [None] * len(listed))
    how: dict[str, str] = {}
    for pid, phase, reason, then in zip(listed.column("ID"), listed.column("Fase"),
                                        listed.column("Qualificazione"), ranks):
        key, phase_text, why = to_text(pid), to_text(phase), to_text(reason)
        if key and phase_text and key not in how:
            phase_text = phase_text.lower()
            how[key] = why if why and why.lower().startswith(phase_text) else (
                phase_text + (f": {why}" if why else ""))
            then_no, now_no = number_or_none(then), number_or_none(now.get(key))
            if then_no and now_no and then_no != now_no:
                how[key] += f" — posizione alla qualificazione, ora {now_no:.0f}°"
    out = standings.copy()
    out.set_column(schema.QUALIFICATION_COLUMN,
                   [how.get(to_text(pid) or "") for pid in out.column("ID")])
    return out


def _is_round_column(header: str) -> bool:
    return header.startswith("T") and header[1:].isdigit()
