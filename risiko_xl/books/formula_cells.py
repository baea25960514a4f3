"""The formulas a book writes into cells, and how our own are told from the user's.

`Formula` is cell text written as a formula; `SheetFormula` a block filled by one formula
(the `Calcoli` sheet's worksheet functions, `sheets.live_formulas`). A table cell of ours
reads that block through `index_formula`; `ours` recognises it, so replacing it is never
reported as replacing a formula the user typed (`replaced_formulas`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from risiko_xl.cells import column_letter

SHEET = "Calcoli"  # the sheet holding the worksheet functions' blocks
LAST_ROW = 20003  # INDEX ranges reach this far: blocks can grow without rewriting formulas


class Formula(str):
    """Cell text to be written as a formula (plain text starting with `=` stays text);
    `value`: what it computes, when we know it (saved with it for whoever reads saved
    values without computing: the next command, a values copy, pandas, a phone)."""

    value: Any

    def __new__(cls, text: str, value: Any = None) -> Formula:
        made = super().__new__(cls, text)
        made.value = value
        return made


@dataclass(frozen=True)
class SheetFormula:
    """A formula whose results fill `rows` × `columns` cells from (`row`, `column`);
    `values`: those results by row, when we know them (saved with the formula)."""

    row: int
    column: int
    rows: int
    columns: int
    text: str
    values: tuple[tuple[Any, ...], ...] = ()


def _address(row: int, column: int) -> str:
    return f"${column_letter(column)}${row}"


def block_of(row: int, column: int, width: int) -> str:
    return f"{SHEET}!{_address(row, column)}:{_address(LAST_ROW, column + width - 1)}"


def index_formula(table: str, block: str, column: int, value: Any = None) -> Formula:
    """The table cell formula: this row's value, column `column` of `block` (`value`)."""
    return Formula(f"=INDEX({block},ROW()-ROW({table}[#Headers]),{column})", value)


_OURS = re.compile(rf"=INDEX\({SHEET}!\$[A-Z]+\$\d+:\$[A-Z]+\$\d+,ROW\(\)-ROW\([^\[\]]+"
                   r"\[#Headers\]\),\d+\)", re.IGNORECASE)


def ours(formula: str) -> bool:
    """Whether a table cell's `formula` is one `index_formula` writes (not the user's)."""
    return _OURS.fullmatch(formula) is not None
