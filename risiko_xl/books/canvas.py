"""What a workbook shows besides its tables, for the books that can show it.

The port (`book.Book`) reads and writes tables and settings and saves; a book that is a
real workbook (a file, a live Excel) can also draw: a native chart beside a table, the
`Calcoli` sheet's formulas, and the look (number formats, widths, hidden sheets, print
setup). That is `Canvas`, a second protocol: what to draw is decided a layer above
(`risiko_xl.sheets`), handed down here as plain data; a book without a canvas (the
in-memory one of the worksheet functions) is simply not drawn on.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from risiko_xl.books.charts import ChartSpec
from risiko_xl.books.formula_cells import SheetFormula

WRAP_MARGIN = 3  # characters of a wrapped column lost to the indent and wide letters


def header_lines(header: str, size: float) -> int:
    """The lines a header takes wrapped in a column `size` characters wide."""
    return max(len(textwrap.wrap(header, max(int(size) - 1, 1))), 1)


def text_lines(value: Any, size: float) -> int:
    """The lines a long text takes wrapped in a column `size` characters wide: each of
    its lines word by word (a word longer than the column broken), the cell's indent and
    the wider letters allowed for."""
    room = max(int(size) - WRAP_MARGIN, 1)
    parts = str(value if value is not None else "").splitlines() or [""]
    return sum(max(len(textwrap.wrap(part, room)), 1) for part in parts)


@dataclass
class TableLook:
    """How one table reads: number format by header (body cells) and for single cells
    (body row offset, header), width by header."""

    formats: dict[str, str] = field(default_factory=dict)
    cells: dict[tuple[int, str], str] = field(default_factory=dict)
    widths: dict[str, float] = field(default_factory=dict)
    wrap: tuple[str, ...] = ()  # text longer than the widest column: on more lines
    centred: tuple[str, ...] = ()
    # a drop-down of words for single cells (body row offset, header): the Formula sheet's
    # values of a closed list (a suggestion: any text may still be typed, and is checked)
    choices: dict[tuple[int, str], tuple[str, ...]] = field(default_factory=dict)


@dataclass
class Look:
    """The whole workbook's look: `tables` by name, `hidden` sheets, `landscape` sheets,
    `shown` sheets, `bounded` sheets (print area: their tables)."""

    tables: dict[str, TableLook] = field(default_factory=dict)
    hidden: tuple[str, ...] = ()
    landscape: tuple[str, ...] = ()
    bounded: tuple[str, ...] = ()  # printed as their tables only (a chart beside them)
    shown: tuple[str, ...] = ()  # hidden sheets to show again (Squadre once it is used)
    title: str = ""  # «Nome torneo»: the printed pages' header



@runtime_checkable
class Canvas(Protocol):
    """What a book that is a real workbook draws, besides its tables."""

    def set_chart(self, spec: ChartSpec) -> None:
        """Draw `spec` next to its table, replacing the chart with the same title on that
        sheet (an empty spec only removes it)."""
        ...

    def set_sheet_formulas(self, sheet: str, note: str,
                           formulas: Sequence[SheetFormula]) -> None:
        """Empty sheet `sheet` (created at the end if missing), write `note` in A1 and
        each formula over its block."""
        ...

    def apply_look(self, look: Look) -> None:
        """Number formats, widths, hidden sheets and print setup (`sheets.look`)."""
        ...
