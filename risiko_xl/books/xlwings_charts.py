"""Native charts drawn into a workbook open in Excel, with xlwings (`XlwingsBook.flush`
draws them after the tables): which chart goes where, and the drawing itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from risiko_xl.books.charts import ChartSpec

CM = 72 / 2.54  # points per centimetre


@dataclass(frozen=True)
class LiveChart:
    """A chart to draw: its spec, the sheet, the top-left cell of the chart, the sheet
    columns of its categories and series, the sheet row of its table's header."""

    spec: ChartSpec
    sheet: Any
    anchor: tuple[int, int]
    category: int
    series: tuple[int, ...]
    header: int


def _title(chart: Any) -> str | None:
    """A chart's title, or None where the engine cannot read it (xlwings Server)."""
    try:
        title: str | None = chart.title
        return title
    except NotImplementedError:
        return None


def draw(item: LiveChart) -> None:
    """Replace the chart named or titled like the spec, as Excel stacked horizontal bars:
    the leader on top, the legend below, linked to the table's cells."""
    spec, sheet = item.spec, item.sheet
    while True:  # one at a time: deleting a chart renumbers the others
        old = next((c for c in sheet.charts if c.name == spec.title
                    or _title(c) == spec.title), None)
        if old is None:
            break
        old.delete()
    if spec.empty:
        return
    first, last = item.header + 1, item.header + spec.rows
    low, high = min(item.series), max(item.series)  # consecutive round columns T1, T2, …
    chart = sheet.charts.add(name=spec.title, chart_type="bar_stacked",
                             anchor=sheet.range(item.anchor), width=spec.width_cm * CM,
                             height=spec.height_cm * CM)
    chart.set_source_data(sheet.range((item.header, low), (last, high)), plot_by="columns")
    chart.set_x_axis_values(sheet.range((first, item.category), (last, item.category)))
    chart.title = spec.title
    chart.legend.position = "bottom"
    chart.category_axis.reverse_order = True  # the leader on top
    chart.category_axis.crosses = "maximum"  # and the value axis still at the bottom
    if spec.category_title:
        chart.category_axis.title = spec.category_title
    if spec.value_title:
        chart.value_axis.title = spec.value_title
