"""The formulas a user typed that a command replaced with a value, and what it says.

A command that must change a cell holding a formula the user typed (a «Punti obiettivo»
computed as `=I2*2`, a cell of `Classifica` rewritten by `classifica`) writes its value
there: the book notes each one as `Replaced`, and the face shows `notice`, one Italian
line per cell (a summary past `SHOWN`), naming the sheet, the cell, the formula found,
the value written, and where the formula is kept. Our own formulas (`live_formulas.ours`)
are not the user's: replacing them says nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from risiko_xl.books.formula_cells import Formula, ours
from risiko_xl.cells import column_letter

SHOWN = 5  # cells named one by one; past them, a summary line


@dataclass(frozen=True)
class Replaced:
    """Cell `cell` («H7») of `sheet` held `formula`, and the command wrote `value`."""

    sheet: str
    cell: str
    formula: str
    value: Any


def _shown(value: Any) -> str:
    if value is None or value == "":
        return "la cella vuota"
    if isinstance(value, bool):
        return f"il valore {'VERO' if value else 'FALSO'}"
    if isinstance(value, str):
        return f"la formula «{value}»" if value.startswith("=") else f"il valore «{value}»"
    if isinstance(value, float | Fraction):
        value = int(value) if value == int(value) else str(float(value)).replace(".", ",")
    return f"il valore {value}"


def notice(replaced: Sequence[Replaced], kept: str) -> list[str]:
    """The lines that say which typed formulas were replaced; `kept`: where the formula
    can be found again («la formula resta nello storico: risiko-xl ripristina …»)."""
    lines = [f"Attenzione: {r.sheet}!{r.cell}: la formula «{r.formula}» scritta a mano è "
             f"stata sostituita con {_shown(r.value)}; {kept}" for r in replaced[:SHOWN]]
    if len(replaced) > SHOWN:
        more = len(replaced) - SHOWN
        what = ("un'altra formula scritta a mano è stata sostituita con un valore" if more == 1
                else f"altre {more} formule scritte a mano sono state sostituite con valori")
        lines.append(f"Attenzione: {what} ({_cells(replaced[SHOWN:])}); {kept}")
    return lines


def _cells(replaced: Sequence[Replaced], limit: int = 10) -> str:
    named = [f"{r.sheet}!{r.cell}" for r in replaced[:limit]]
    return ", ".join(named) + (", …" if len(replaced) > limit else "")


def history_hint(file: str, what: str = "la formula") -> str:
    """Where the CLI's user finds `what` (a replaced formula): in the previous version,
    in the history."""
    return f"{what} resta nello storico: risiko-xl ripristina «{file}» --elenco"


def excel_hint(versions: str | None) -> str:
    """Where Excel's user finds it: here, and in the last version saved (in the history
    folder `versions`, when the workbook has been saved)."""
    return "la formula è riportata qui per riscriverla" + (
        f"; l'ultima versione salvata resta nello storico (cartella «{versions}»)"
        if versions else "")


def _same(read: Any, written: Any) -> bool:
    if read in (None, "") or written in (None, ""):
        return read in (None, "") and written in (None, "")
    return isinstance(read, str) == isinstance(written, str) and read == written


def keep_typed(read: Sequence[Sequence[Any]], formulas: Sequence[Sequence[Any]],
               headers_read: Sequence[Any], headers: Sequence[Any], body: list[list[Any]],
               where: tuple[str, int, int]) -> list[Replaced]:
    """A table about to be written over in one block (Excel's face): each formula the user
    typed in `formulas` (the body as read, cell by cell) stays in `body` where the value
    written at its cell (matched by header) is the one `read` there, and is `Replaced`
    otherwise; `where`: sheet, first body row and first column (to name the cells)."""
    sheet, top, left = where
    replaced = []
    for i, row in enumerate(formulas):
        for j, text in enumerate(row):
            if not (isinstance(text, str) and text.startswith("=")) or ours(text):
                continue
            header = headers_read[j] if j < len(headers_read) else None
            k = headers.index(header) if header in headers else None
            value = body[i][k] if k is not None and i < len(body) else None
            if isinstance(value, Formula) and not ours(value):
                continue  # a formula written there: not a value over the user's
            if k is not None and i < len(body) and _same(read[i][j], value):
                body[i][k] = Formula(text)
            else:
                replaced.append(Replaced(sheet, f"{column_letter(left + j)}{top + i}",
                                         text, value))
    return replaced


def typed_formulas(found: Any) -> list[list[Any]] | None:
    """A table's body formulas from what Excel gives for its range's `formula` (a text for
    one cell, else rows of texts; the header row first); None when none is a formula."""
    rows = [list(r) if isinstance(r, list | tuple) else [r]
            for r in (found if isinstance(found, list | tuple) else [found])]
    body = rows[1:]
    return body if any(isinstance(v, str) and v.startswith("=") for r in body
                       for v in r) else None
