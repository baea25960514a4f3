"""Native workbook charts, described as plain data for any book (`Book.set_chart`).

A `ChartSpec` names an Excel table and columns by header; each book draws it with its
own library (openpyxl for files, xlwings for live Excel), so the chart stays linked to
the cells and follows them when the organiser edits the workbook.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from risiko_xl.books import schema
from risiko_xl.books.table import Table

STACKED_BARS = "stacked_bars"  # horizontal bars, one segment per series
STANDINGS_TITLE = "Punti per turno dei primi in classifica"
STANDINGS_TOP = 10
# The chart's size in cm: 18 wide with labels up to `LABEL_CHARS` characters, wider by
# `CM_PER_CHAR` for each character more (up to `MAX_WIDTH`), so a long name is shown whole.
WIDTH, LABEL_CHARS, CM_PER_CHAR, MAX_WIDTH = 18.0, 20, 0.25, 32.0
ROUND_COLUMN = re.compile(r"T\d+")


@dataclass(frozen=True)
class ChartSpec:
    """A chart over the first `rows` data rows of Excel table `table`.

    `title` identifies the chart on its sheet: setting a spec with the same title replaces
    the chart; `rows == 0` or no `series` removes it. `category` is the header of the
    labels column, `series` the headers of the value columns (one series each),
    `label_chars` the length of its longest label.
    """

    title: str
    table: str
    category: str
    series: tuple[str, ...]
    rows: int
    kind: str = STACKED_BARS
    category_title: str = ""
    value_title: str = ""
    label_chars: int = 0

    @property
    def empty(self) -> bool:
        """Nothing to draw: the book removes the chart."""
        return self.rows <= 0 or not self.series

    @property
    def width_cm(self) -> float:
        return min(WIDTH + CM_PER_CHAR * max(0, self.label_chars - LABEL_CHARS), MAX_WIDTH)

    @property
    def height_cm(self) -> float:
        return 3 + 0.9 * self.rows


def standings_chart(standings: Table, top: int = STANDINGS_TOP) -> ChartSpec:
    """The `Classifica` chart: the first `top` rows (fewer when fewer players), one bar per
    player split by the round columns (T1, T2, …) that hold at least one result, so each
    bar is the sum of the rounds and its segments show what each round gave. None (an
    empty spec) until two rounds have results: one round's bars would only repeat the
    table's T1 column, split into nothing."""
    head = standings.rows[:top]
    rounds = tuple(str(c) for c in standings.headers if ROUND_COLUMN.fullmatch(str(c))
                   and any(row.get(c) is not None for row in head))
    names = [str(row.get("Giocatore") or "") for row in head]
    return ChartSpec(STANDINGS_TITLE, schema.standings_spec(0).name, "Giocatore", rounds,
                     len(head) if len(rounds) > 1 else 0, category_title="Giocatore",
                     value_title="Punti", label_chars=max(map(len, names), default=0))
