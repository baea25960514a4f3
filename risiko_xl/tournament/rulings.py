"""The referee's rulings on ties, as `Sorteggi` records them.

Where the tie-break chain leaves players equal at a line that matters (the last direct
seat in the final, the last semifinal seat, the ripescato) and no lottery may decide it,
the referee decides «a suo giudizio insindacabile» (001 §8, 003 Art. 3): `risiko-xl
decidi --ordine G03,G02 --motivo …` writes a row (Procedura «decisione dell'arbitro»,
Turno «Classifica», Note «ordine: G03, G02; motivo: …») that every computation of the
standings reads back (`StandingsRules.rulings`), before any lottery.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.formulas.model import Formula

DECISION = "decisione dell'arbitro"  # the procedure of a decision's row in Sorteggi
RULING_TURN = "Classifica"  # a ruling's «Turno»: it orders the standings, not a round
_RULING = re.compile(r"^ordine: (?P<order>[^;]*); motivo: (?P<reason>.*)$", re.S)


@dataclass(frozen=True)
class Ruling:
    """One ruling: the players in the order the referee gave, why, its row in Sorteggi."""

    order: tuple[str, ...]
    reason: str
    row: int | None = None


def ruling_note(order: tuple[str, ...], reason: str) -> str:
    return f"ordine: {', '.join(order)}; motivo: {reason}"


def is_ruling(note: object) -> bool:
    """Whether a decision's «Note» is a ruling on a tie (else a seat given)."""
    return _RULING.match(to_text(note) or "") is not None


def read_rulings(book: Book) -> list[Ruling]:
    """The rulings recorded in `Sorteggi`, oldest first."""
    try:
        log = book.read_table(schema.DRAWS.name)
    except RisikoError:
        return []
    if not {"Procedura", "Note"} <= set(log.headers):
        return []
    out = []
    for line in log:
        if to_text(line.get("Procedura")) != DECISION or not is_ruling(line.get("Note")):
            continue
        match = _RULING.match(to_text(line.get("Note")) or "")
        assert match is not None
        order = tuple(p.strip().upper() for p in match["order"].split(",") if p.strip())
        if len(order) < 2 or len(set(order)) != len(order):
            raise RisikoError("ordine dell'arbitro non leggibile: servono almeno due ID "
                              "diversi, come scritti da «risiko-xl decidi --ordine»",
                              foglio=schema.DRAWS.sheet, riga=line.sheet_row, colonna="Note",
                              valore=line.get("Note"))
        out.append(Ruling(order, match["reason"], line.sheet_row))
    return out


def with_rulings(formula: Formula, rulings: list[Ruling]) -> Formula:
    """`formula` whose standings follow the referee's `rulings` (none: unchanged)."""
    if not rulings:
        return formula
    standings = dataclasses.replace(formula.standings,
                                    rulings=tuple(r.order for r in rulings))
    return dataclasses.replace(formula, standings=standings)
