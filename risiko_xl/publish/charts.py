"""Charts for the results page: how the current leaders moved through the standings.

`progression` is pure data (positions after each preliminary round played);
`progression_svg` draws it as an inline SVG bump chart written here in plain Python (no
numpy, no font files read): integer coordinates and fixed text, so the same standings give
the same bytes on every machine, CPython or WebAssembly. Text widths are estimated from
DejaVu Sans' advance widths (`text_width`), enough to place and shorten the names; the
browser draws the glyphs, falling back to the families of `chart_families`.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from risiko_xl.publish.building import post_name
from risiko_xl.publish.render import one_line
from risiko_xl.publish.safe_text import ELLIPSIS
from risiko_xl.tournament.post_source import PostSource

WIDTH, HEIGHT = 800, 450  # the picture's size in CSS pixels
# a phone's picture (the page shows it under 40rem): as wide as a phone held upright, so
# that its text stays the size of the page's; longer names are shortened sooner
PHONE_WIDTH, PHONE_ROOM = 420, 150
TEXT, TITLE = 14, 18  # font sizes, pixels
MIDDLE = 5  # pixels from the middle of a line of TEXT down to its baseline
LEFT, TOP, BOTTOM = 72, 60, 400  # the plot area's left, top and bottom edges
LABEL_ROOM = (80, 250)  # pixels right of the plot for «3° Name»: least, most
LEAD = 24  # pixels from the last point to its name (a thin connector between them)
GAP = 18  # pixels between the baselines of two names at the line ends
NAME_CHARS = 24  # longer names are shortened with "…"
# matplotlib's default palette ("tab10"), as the chart has always been drawn
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")
FONT = "DejaVu Sans"
# families a browser may have for scripts DejaVu Sans lacks, best first
CJK_FAMILIES = ("Noto Sans CJK SC", "Droid Sans Fallback", "Microsoft YaHei", "PingFang SC",
                "Hiragino Sans GB", "Malgun Gothic", "Apple SD Gothic Neo")
EMOJI_FAMILIES = ("Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", "Symbola")
NOT_XML = re.compile(  # characters XML 1.0 cannot hold (`one_line` took the controls)
    "[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# DejaVu Sans' advance widths of " " to "~" in thousandths of an em, rounded up
ADVANCES = (
    318, 401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838, 318, 361, 318, 337,
    637, 637, 637, 637, 637, 637, 637, 637, 637, 637, 337, 337, 838, 838, 838, 531,
    1000, 685, 687, 699, 771, 632, 576, 775, 752, 295, 295, 656, 558, 863, 749, 788,
    604, 788, 695, 635, 611, 732, 685, 989, 686, 611, 686, 391, 337, 391, 838, 500,
    500, 613, 635, 550, 635, 616, 353, 635, 634, 278, 278, 580, 278, 975, 634, 612,
    635, 635, 412, 521, 393, 634, 592, 818, 592, 592, 525, 637, 337, 637, 838)


@dataclass(frozen=True)
class Progression:
    """Positions of the leaders after each round: `series` holds (name, positions) in
    current standings order, one position per entry of `rounds` (None: not yet in the
    standings, a late entrant)."""

    rounds: tuple[int, ...]
    series: tuple[tuple[str, tuple[int | None, ...]], ...]
    step: str = "Turno"  # what each point is (the season's: «Torneo»)


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


def progression_page(p: Progression) -> str | None:
    """The chart of `p` for the HTML page: the page's `<svg>` and a phone's (class
    «telefono», which the page shows instead on a narrow screen: the wide one shrunk there
    had its text too small to read or, kept wide, its names off the screen); None before
    the second round with results (see `progression_svg`)."""
    wide, phone = progression_svg(p), progression_svg(p, phone=True)
    return None if wide is None or phone is None else f"{wide}\n{phone}"


def progression_svg(p: Progression, phone: bool = False) -> str | None:
    """A bump chart of `p` as an `<svg>` element (same input, same text), the page's or,
    `phone`, a phone's (`PHONE_WIDTH`); None before the second round with results (one
    point per player is not a progression; the sheet's chart starts there too), so the
    page leaves it out."""
    if len(p.rounds) < 2 or not p.series:
        return None
    width, most_room, kind = (PHONE_WIDTH, PHONE_ROOM, "telefono") if phone else (
        WIDTH, LABEL_ROOM[1], "")
    names = [_text(name) for name, _ in p.series]
    deepest = max(y for _, positions in p.series for y in positions if y is not None)
    leads = ["" if positions[-1] is None else f"{positions[-1]}° " for _, positions in p.series]
    room = min(max(LABEL_ROOM[0], *(text_width(lead + name, TEXT)
                                    for lead, name in zip(leads, names))), most_room)
    # the plot's right edge: the last round's points leave just the room for the names
    # (which run over the plot's last quarter step, as a chart's annotations do)
    last, n = width - 8 - room - LEAD, len(p.rounds)
    right = min(width - 8, LEFT + (last - LEFT) * (4 * n - 2) // (4 * n - 3))
    xs = _spread(n, LEFT, right)

    def y_of(position: int) -> int:  # 1 at the top, half a position of air at each end
        return TOP + ((2 * position - 1) * (BOTTOM - TOP) + deepest) // (2 * deepest)

    title = f"Andamento dei primi {len(p.series)} in classifica"
    ids = f"grafico-{kind}" if kind else "grafico"
    parts = [
        f'<svg class="{f"grafico {kind}".strip()}" '
        f'xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{HEIGHT}" viewBox="0 0 {width} {HEIGHT}" role="img" '
        f'aria-labelledby="{ids}-titolo {ids}-dati" '
        f'font-family="{_families(chart_families(names))}" font-size="{TEXT}">',
        f'<title id="{ids}-titolo">{title}</title>',
        f'<desc id="{ids}-dati">{html.escape(_description(p, names))}</desc>',
        # over the plot, or from the left edge when that would run off (a phone's)
        f'<text x="{max(8, min(LEFT, width - 8 - text_width(title, TITLE) * 6 // 5))}" '
        f'y="34" font-size="{TITLE}" font-weight="bold">{title}</text>',
        *_axes(p.rounds, xs, deepest, y_of, right, p.step),
    ]
    ends = _label_ends([(y_of(positions[-1]), i) for i, (_, positions) in enumerate(p.series)
                        if positions[-1] is not None])
    for i, ((_, positions), name, lead) in enumerate(zip(p.series, names, leads)):
        colour = PALETTE[i % len(PALETTE)]
        points = [(x, y_of(y)) for x, y in zip(xs, positions) if y is not None]
        parts.append(f'<g class="serie" stroke="{colour}" fill="{colour}">')
        parts.append(f"<title>{html.escape(_series_text(name, positions))}</title>")
        parts.append(f'<path d="{_path(xs, positions, y_of)}" fill="none" stroke-width="3" '
                     'stroke-linejoin="round"/>')
        parts.extend(f'<circle cx="{x}" cy="{y}" r="5" stroke="#ffffff" stroke-width="1"/>'
                     for x, y in points)
        if i in ends:
            x, y, at = *points[-1], ends[i]
            shown = _fit(lead, name, room)
            parts.append(f'<path d="M{x + 7} {y}L{x + LEAD - 4} {at}" fill="none" '
                         'stroke-width="1"/>')
            parts.append(f'<text x="{x + LEAD}" y="{at + MIDDLE}" stroke="none">'
                         f'{lead}{html.escape(shown)}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def _axes(rounds: tuple[int, ...], xs: list[int], deepest: int,
          y_of: Callable[[int], int], right: int, step_name: str = "Turno") -> list[str]:
    """Grid lines and position ticks on the left, the rounds below, the axis title."""
    out = []
    for tick in _position_ticks(deepest):
        y = y_of(tick)
        out.append(f'<path d="M{LEFT} {y}H{right}" stroke="#dddddd" stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y + MIDDLE}" text-anchor="end">{tick}</text>')
    out.append(f'<path d="M{LEFT} {TOP - 8}V{BOTTOM + 8}H{right}" fill="none" '
               'stroke="#000000" stroke-width="1"/>')
    spacing = (xs[1] - xs[0]) if len(xs) > 1 else right - LEFT
    full = all(text_width(f"{step_name} {n}", TEXT) + 8 <= spacing for n in rounds)
    step = 1 if full else max(1, -(-(text_width(str(max(rounds)), TEXT) + 8) // spacing))
    for i, (x, n) in enumerate(zip(xs, rounds)):
        if i % step == 0:
            out.append(f'<path d="M{x} {BOTTOM + 8}v5" stroke="#000000" stroke-width="1"/>')
            out.append(f'<text x="{x}" y="{BOTTOM + 30}" text-anchor="middle">'
                       f'{f"{step_name} {n}" if full else n}</text>')
    if not full:
        out.append(f'<text x="{(LEFT + right) // 2}" y="{BOTTOM + 48}" '
                   f'text-anchor="middle">{step_name}</text>')
    middle = (TOP + BOTTOM) // 2
    out.append(f'<text x="22" y="{middle}" text-anchor="middle" '
               f'transform="rotate(-90 22 {middle})">Posizione in classifica</text>')
    return out


def _label_ends(ends: list[tuple[int, int]]) -> dict[int, int]:
    """Series index → height of its name right of its line's last point (`ends`: that
    point's height, series index): moved down just enough not to overlap the name above
    (points are a few pixels apart when the range of positions is long), and up again
    where the names would run below the plot."""
    order = sorted(ends)
    placed: list[int] = []
    for y, _ in order:
        placed.append(y if not placed else max(y, placed[-1] + GAP))
    floor = BOTTOM  # below, the rounds' names
    for k in range(len(placed) - 1, -1, -1):
        floor = min(placed[k], floor)
        placed[k] = floor
        floor -= GAP
    return {i: at for (_, i), at in zip(order, placed)}


def _spread(count: int, left: int, right: int) -> list[int]:
    """x of `count` rounds between `left` and `right`, with a quarter of a step of air at
    each end (one round: in the middle)."""
    width = right - left
    return [left + ((4 * i + 1) * width + 2 * count - 1) // (4 * count - 2)
            for i in range(count)]


def _path(xs: list[int], positions: tuple[int | None, ...], y_of: Callable[[int], int]) -> str:
    """One path through the points of a series, broken where a position is missing."""
    out, drawing = [], False
    for x, position in zip(xs, positions):
        if position is None:
            drawing = False
            continue
        out.append(f"{'L' if drawing else 'M'}{x} {y_of(position)}")
        drawing = True
    return "".join(out)


def _description(p: Progression, names: list[str]) -> str:
    """The chart's data in words, for screen readers («dopo i turni 1, 2»; the season's
    «dopo i tornei 1, 2»)."""
    turns = ", ".join(str(n) for n in p.rounds)
    one, many = ("il torneo", "i tornei") if p.step == "Torneo" else ("il turno", "i turni")
    lines = [f"Posizione dopo {many if len(p.rounds) > 1 else one} {turns}."]
    lines.extend(f"{_series_text(name, positions)}."
                 for name, (_, positions) in zip(names, p.series))
    return " ".join(lines)


def _series_text(name: str, positions: tuple[int | None, ...]) -> str:
    """«Anna: 2°, –, 1°»: a leader's whole name and positions (also the tooltip of the
    line, where the name at its end is shortened)."""
    return f"{name}: " + ", ".join("–" if y is None else f"{y}°" for y in positions)


def chart_families(texts: Iterable[str]) -> list[str]:
    """DejaVu Sans, then families a browser may have for the scripts of `texts` that
    DejaVu lacks (Chinese, Japanese, Korean; emoji), then the generic sans-serif: a
    browser picks, for each character, the first family that draws it. Chosen from the
    text alone, never from the fonts of this machine, so the page is the same anywhere."""
    chars = "".join(texts)
    families = [FONT]
    if any(unicodedata.east_asian_width(c) in "WF" and ord(c) < 0x1F000 for c in chars):
        families.extend(CJK_FAMILIES)
    if any(ord(c) >= 0x1F000 for c in chars):
        families.extend(EMOJI_FAMILIES)
    return [*families, "sans-serif"]


def text_width(text: str, size: int) -> int:
    """Estimated width of `text` in pixels at font size `size`: DejaVu Sans' advances for
    ASCII and accented Latin letters (`ADVANCES`), a full em for East Asian wide
    characters, nothing for combining marks, 0.7 em for any other letter (Greek, Cyrillic,
    Arabic and Hebrew average less)."""
    thousandths = 0
    for c in text:
        base = unicodedata.normalize("NFD", c)[0]
        if " " <= base <= "~":
            thousandths += ADVANCES[ord(base) - 32]
        elif unicodedata.combining(c) or unicodedata.category(c) == "Cf":
            continue
        elif unicodedata.east_asian_width(c) in "WF" or c == ELLIPSIS:
            thousandths += 1000
        else:
            thousandths += 500 if c == "°" else 700
    return -(-thousandths * size // 1000)


def _fit(lead: str, name: str, room: int) -> str:
    """`name` shortened with "…" to at most NAME_CHARS characters, so that `lead` and it
    take at most `room` pixels."""
    if len(name) <= NAME_CHARS and text_width(lead + name, TEXT) <= room:
        return name
    cut = name[:NAME_CHARS - 1]
    while cut and text_width(lead + cut + ELLIPSIS, TEXT) > room:
        cut = cut[:-1]
    return cut.rstrip() + ELLIPSIS


def _text(name: str) -> str:
    """A name as the chart prints it: one line, no bidirectional controls
    (`render.one_line`), runs of blanks as one, nothing XML cannot hold."""
    return " ".join(NOT_XML.sub("", one_line(name)).split())


def _families(families: list[str]) -> str:
    return ", ".join(f"'{f}'" if " " in f else f for f in families)


def _position_ticks(deepest: int) -> list[int]:
    """Integer ticks from 1 to `deepest`: every one when few, else 1 and multiples of 5/10."""
    step = 1 if deepest <= 12 else 5 if deepest <= 60 else 10
    return sorted({1, *range(step, deepest + 1, step)})
