"""Charts for the results page: how the current leaders moved through the standings.

`progression` is pure data (positions after each preliminary round played);
`progression_png` draws it with matplotlib's object API (no pyplot, no global state,
safe inside Excel's Python process) into reproducible PNG bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from risiko_xl.publish.building import post_name
from risiko_xl.publish.safe_text import neutral_bidi
from risiko_xl.tournament.post_source import PostSource

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.font_manager import FontProperties

SIZE = (8.0, 4.5)  # inches: 800×450 pixels at DPI, readable on a phone
DPI = 100
FONT = "DejaVu Sans"  # shipped with matplotlib: same glyphs on every machine
NAME_CHARS = 24  # longer names are shortened with "…" so they fit right of the plot


@dataclass(frozen=True)
class Progression:
    """Positions of the leaders after each round: `series` holds (name, positions) in
    current standings order, one position per entry of `rounds` (None: not yet in the
    standings, a late entrant)."""

    rounds: tuple[int, ...]
    series: tuple[tuple[str, tuple[int | None, ...]], ...]


def progression(source: PostSource, top: int = 8, upto: int | None = None) -> Progression:
    """The first `top` players of the standings after the last preliminary round played
    (up to round `upto`), with their position after each of those rounds (empty when no
    round has results)."""
    played = tuple(n for n in sorted(source.standings) if upto is None or n <= upto)
    if not played:
        return Progression((), ())
    places = [{line.player: line.place for line in source.standings[n].lines}
              for n in played]
    leaders = [line.player for line in source.standings[played[-1]].lines[:top]]
    return Progression(played, tuple(
        (post_name(source, pid), tuple(at.get(pid) for at in places)) for pid in leaders))


def progression_png(p: Progression) -> bytes | None:
    """A bump chart of `p` as PNG bytes (same input, same bytes); None when no round has
    been played, so the page simply leaves the chart out."""
    if not p.rounds or not p.series:
        return None
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontProperties

    families = chart_families(name for name, _ in p.series)
    font = FontProperties(family=families, size=10)
    bold = FontProperties(family=FONT, size=13, weight="bold")
    figure = Figure(figsize=SIZE, dpi=DPI)
    FigureCanvasAgg(figure)
    figure.subplots_adjust(left=0.09, right=0.7, top=0.88, bottom=0.1)
    ax = figure.add_subplot()
    xs = list(range(len(p.rounds)))
    colours = [f"C{i % 10}" for i in range(len(p.series))]
    deepest = max(y for _, positions in p.series for y in positions if y is not None)
    for (_, positions), colour in zip(p.series, colours):
        ys = [float("nan") if y is None else y for y in positions]
        ax.plot(xs, ys, color=colour, linewidth=2.2, marker="o", markersize=7)
    ax.set_xlim(-0.25, xs[-1] + 0.25)
    ax.set_ylim(deepest + 0.5, 0.5)  # inverted: the leader on top
    _label_ends(ax, xs[-1], p.series, colours, font)
    ax.set_xticks(xs, [f"Turno {n}" for n in p.rounds], fontproperties=font)
    ticks = _position_ticks(deepest)
    ax.set_yticks(ticks, [str(y) for y in ticks], fontproperties=font)
    ax.set_ylabel("Posizione in classifica", fontproperties=font)
    ax.set_title(f"Andamento dei primi {len(p.series)} in classifica", loc="left",
                 fontproperties=bold, pad=12)
    ax.grid(axis="y", color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=DPI, metadata={"Software": None})
    return out.getvalue()


def _label_ends(ax: Axes, x: int, series: tuple[tuple[str, tuple[int | None, ...]], ...],
                colours: list[str], font: FontProperties) -> None:
    """Each name right of its line's last point, moved down just enough not to overlap
    the name above (positions are a few pixels apart when the y range is long)."""
    gap = font.get_size_in_points() * 1.35  # points between label centres
    ends = sorted(((positions[-1], name, colour) for (name, positions), colour
                   in zip(series, colours) if positions[-1] is not None),
                  key=lambda end: end[0])
    previous = None
    for y, name, colour in ends:
        at = ax.transData.transform((x, y))[1] * 72 / ax.figure.dpi  # points from bottom
        placed = at if previous is None else min(at, previous - gap)
        previous = placed
        ax.annotate(f"{y}° {_short(name)}", (x, y), xytext=(22, placed - at),
                    textcoords="offset points", va="center", ha="left", color=colour,
                    fontproperties=font, annotation_clip=False,
                    arrowprops={"arrowstyle": "-", "color": colour, "linewidth": 0.8,
                                "relpos": (0, 0.5), "shrinkA": 2, "shrinkB": 5})


def chart_families(texts: Iterable[str]) -> list[str]:
    """DejaVu Sans, then the fallback fonts of the PDF score sheets (`fonts`, e.g. Debian's
    fonts-droid-fallback for Chinese, Japanese, Korean) that draw a character of `texts`
    DejaVu lacks: a CJK name is drawn, not a row of boxes. A fallback that is not
    installed is simply not used (the boxes stay); only fonts a name needs are added, so
    a chart of Latin names stays the same PNG on every machine."""
    from matplotlib.font_manager import FontProperties, fontManager

    from risiko_xl.publish.fonts import fallback_fonts, font_cmap, main_fonts

    missing = {ord(c) for text in texts for c in text} - font_cmap(main_fonts()[0])
    families = [FONT]
    for path in fallback_fonts() if missing else ():
        if missing & font_cmap(path):
            fontManager.addfont(str(path))
            name = FontProperties(fname=str(path)).get_name()
            if name not in families:
                families.append(name)
            missing -= font_cmap(path)
    return families


def _short(name: str) -> str:
    name = " ".join(neutral_bidi(name).split())
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1].rstrip() + "…"


def _position_ticks(deepest: int) -> list[int]:
    """Integer ticks from 1 to `deepest`: every one when few, else 1 and multiples of 5/10."""
    step = 1 if deepest <= 12 else 5 if deepest <= 60 else 10
    return sorted({1, *range(step, deepest + 1, step)})
