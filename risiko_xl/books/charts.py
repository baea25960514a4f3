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
ROUND_COLUMN = re.compile(r"T\d+")


@dataclass(frozen=True)
class ChartSpec:
    """A chart over the first `rows` data rows of Excel table `table`.

    `title` identifies the chart on its sheet: setting a spec with the same title replaces
    the chart; `rows == 0` or no `series` removes it. `category` is the header of the
    labels column, `series` the headers of the value columns (one series each).
    """

    title: str
    table: str
    category: str
    series: tuple[str, ...]
    rows: int
    kind: str = STACKED_BARS
    category_title: str = ""
    value_title: str = ""

    @property
    def empty(self) -> bool:
        """Nothing to draw: the book removes the chart."""
        return self.rows <= 0 or not self.series


def standings_chart(standings: Table, top: int = STANDINGS_TOP) -> ChartSpec:
    """The `Classifica` chart: the first `top` rows (fewer when fewer players), one bar per
    player split by the round columns (T1, T2, …) that hold at least one result, so each
    bar is the sum of the rounds and its segments show what each round gave."""
    head = standings.rows[:top]
    rounds = tuple(str(c) for c in standings.headers if ROUND_COLUMN.fullmatch(str(c))
                   and any(row.get(c) is not None for row in head))
    return ChartSpec(STANDINGS_TITLE, schema.standings_spec(0).name, "Giocatore", rounds,
                     len(head) if rounds else 0, category_title="Giocatore",
                     value_title="Punti")
