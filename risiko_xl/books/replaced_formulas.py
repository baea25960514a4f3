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
        lines.append(f"Attenzione: altre {len(replaced) - SHOWN} formule scritte a mano "
                     f"sono state sostituite con valori ({_cells(replaced[SHOWN:])}); {kept}")
    return lines


def _cells(replaced: Sequence[Replaced], limit: int = 10) -> str:
    named = [f"{r.sheet}!{r.cell}" for r in replaced[:limit]]
    return ", ".join(named) + (", …" if len(replaced) > limit else "")


def history_hint(file: str) -> str:
    """Where the CLI's user finds a replaced formula: the previous version, in the history."""
    return f"la formula resta nello storico: risiko-xl ripristina «{file}» --elenco"
