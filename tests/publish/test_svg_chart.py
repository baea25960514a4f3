"""The HTML page's standings chart, an SVG written in plain Python (`publish.charts`): read
back by an XML parser (every line through the right points, names as text that never
overlap), the same bytes in any interpreter, and painted by Chromium."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import pairwise

import pytest
from PIL import Image, ImageChops

from risiko_xl.publish.charts import (
    ADVANCES,
    BOTTOM,
    GAP,
    HEIGHT,
    MIDDLE,
    TEXT,
    WIDTH,
    Progression,
    chart_families,
    progression_svg,
    text_width,
)
from tests.support.browser import screenshot
from tests.support.post_readers import SVG, chart_series


def chart(p: Progression) -> ET.Element:
    text = progression_svg(p)
    assert text is not None
    return ET.fromstring(text)  # well-formed XML, or this raises


def labels(root: ET.Element) -> list[ET.Element]:
    return [g.find(f"{SVG}text") for g in root.iter(f"{SVG}g") if g.get("class") == "serie"]


def test_each_leader_is_one_line_through_its_positions():
    # Anna has no position after round 4 (a late entrant's row, say): her line breaks
    p = Progression((3, 4, 5), (("Anna", (2, None, 1)), ("Bruno", (1, 1, 2)),
                                ("Carla", (3, 2, 3))))
    root = chart(p)
    (anna, anna_runs), (bruno, bruno_runs), (carla, carla_runs) = chart_series(root)
    assert (anna, bruno, carla) == ("1° Anna", "2° Bruno", "3° Carla")
    # three positions over the plot's 340 pixels from y=60: 1 → 117, 2 → 230, 3 → 343
    (x3, _), (x4, _), (x5, _) = bruno_runs[0]
    assert x3 < x4 < x5 and x4 - x3 == x5 - x4
    assert anna_runs == [[(x3, 230)], [(x5, 117)]]
    assert bruno_runs == [[(x3, 117), (x4, 117), (x5, 230)]]
    assert carla_runs == [[(x3, 343), (x4, 230), (x5, 343)]]
    circles = [(int(c.get("cx")), int(c.get("cy"))) for g in root.iter(f"{SVG}g")
               for c in g.iter(f"{SVG}circle")]
    assert circles == [point for runs in (anna_runs, bruno_runs, carla_runs)
                       for run in runs for point in run]
    ticks = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "middle"]
    assert ticks[:3] == ["Turno 3", "Turno 4", "Turno 5"]
    assert root.find(f"{SVG}title").text == "Andamento dei primi 3 in classifica"
    assert root.get("role") == "img"
    assert "Anna: 2°, –, 1°." in root.find(f"{SVG}desc").text
    tooltips = [g.find(f"{SVG}title").text for g in root.iter(f"{SVG}g")]
    assert tooltips == ["Anna: 2°, –, 1°", "Bruno: 1°, 1°, 2°", "Carla: 3°, 2°, 3°"]


def test_hostile_names_are_printed_as_text():
    names = ["<script>x()</script>", "Tom & \"Jerry\" 'O'", "Mario\u202e Rossi",
             "Riga\nDue\x00 [b]", "Non\ufffecarattere"]
    p = Progression((1, 2), tuple((name, (n, n)) for n, name in enumerate(names, 1)))
    text = progression_svg(p)
    assert text is not None
    assert "<script" not in text and "\u202e" not in text and "\x00" not in text
    shown = [label for label, _ in chart_series(ET.fromstring(text))]
    assert shown == ["1° <script>x()</script>", "2° Tom & \"Jerry\" 'O'",
                     "3° Mario Rossi", "4° Riga Due [b]", "5° Noncarattere"]


def test_same_progression_same_bytes_in_any_interpreter():
    p = Progression((1, 2, 3), (("Zoë Ångström", (2, 1, 1)), ("王小明", (1, 3, 2)),
                                ("محمد علي", (3, 2, 3))))
    # the other interpreter cannot import numpy, matplotlib or pandas (as under WebAssembly)
    code = ("import sys\n"
            "sys.modules.update(numpy=None, matplotlib=None, pandas=None)\n"
            "from risiko_xl.publish.posts import render_post\n"
            "from risiko_xl.publish.charts import Progression, progression_svg\n"
            f"sys.stdout.buffer.write(progression_svg({p!r}).encode())")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                           env={"PYTHONHASHSEED": "12345", "PATH": ""}).stdout
    assert progression_svg(p) == progression_svg(p) == other.decode()


def test_names_at_the_line_ends_never_overlap_and_stay_in_the_picture():
    # 90 positions deep: the last round's 1°…8° are 4 pixels apart, and two are tied
    long = "Maria Antonietta Giuseppina de' Medici della Rovere"
    ends = (1, 2, 2, 4, 5, 6, 7, 8)
    p = Progression((1, 2), tuple((f"{long} {n}" if n == 1 else f"Giocatore {n}", (90 - n, y))
                                  for n, y in enumerate(ends, 1)))
    texts = labels(chart(p))
    heights = [int(t.get("y")) for t in texts]
    assert all(b - a >= GAP for a, b in pairwise(heights))
    assert all(TEXT <= y <= HEIGHT for y in heights)
    # all eight tied last of the range: the names climb from the plot's bottom
    p_low = Progression((1, 2), tuple((f"Giocatore {n}", (n, 30)) for n in range(1, 9)))
    low = [int(t.get("y")) for t in labels(chart(p_low))]
    assert all(b - a >= GAP for a, b in pairwise(low)) and low[-1] <= BOTTOM + MIDDLE
    first = "".join(texts[0].itertext())
    assert first.endswith("…") and first.startswith("1° Maria Antonietta")
    tooltip = next(g for g in chart(p).iter(f"{SVG}g")).find(f"{SVG}title").text
    assert tooltip == f"{long} 1: 89°, 1°"  # the whole name on hovering the line
    assert all(int(t.get("x")) + text_width("".join(t.itertext()), TEXT) <= WIDTH
               for t in texts)


def test_many_rounds_are_numbered_under_one_axis_title():
    p = Progression(tuple(range(1, 15)), tuple(
        (f"Giocatore numero {n}", tuple(range(n, n + 14))) for n in range(1, 9)))
    root = chart(p)
    ticks = [t.text for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "middle"]
    assert ticks[:14] == [str(n) for n in range(1, 15)] and "Turno" in ticks
    # forty rounds: every other number, none overlapping
    root_40 = chart(Progression(tuple(range(1, 41)), (("Anna", tuple(range(1, 41))),)))
    shown = [(int(t.get("x")), t.text) for t in root_40.iter(f"{SVG}text")
             if t.get("text-anchor") == "middle" and t.text.isdigit()]
    assert [n for _, n in shown] == [str(n) for n in range(1, 41, 2)]
    assert all(b - a > text_width(n, TEXT) for (a, _), (b, n) in pairwise(shown))
    # names that fit are never shortened
    assert [label for label, _ in chart_series(root)] == [
        f"{n + 13}° Giocatore numero {n}" for n in range(1, 9)]


def test_fonts_for_the_scripts_of_the_names():
    assert chart_families(["Mario Rossi", "محمد علي", "Ωμέγα"]) == ["DejaVu Sans",
                                                                   "sans-serif"]
    families = chart_families(["Mario Rossi", "王小明"])
    assert families[0] == "DejaVu Sans" and "Droid Sans Fallback" in families
    root = chart(Progression((1, 2), (("王小明", (1, 1)),)))
    assert "'Droid Sans Fallback'" in root.get("font-family")
    assert text_width("王小明", 10) == 30 and text_width("e\u0301", 10) == text_width("e", 10)


def test_the_advances_are_dejavu_sans_own():
    from fontTools.ttLib import TTFont

    from risiko_xl.publish.fonts import main_fonts

    with TTFont(main_fonts()[0], lazy=True) as font:
        cmap, metrics, em = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm
        assert tuple(-(-metrics[cmap[c]][0] * 1000 // em) for c in range(32, 127)) == ADVANCES


@pytest.mark.chromium
def test_chromium_draws_chinese_names_with_a_fallback_font(tmp_path):
    # DejaVu Sans has no Chinese: without a fallback font every such name is the same row
    # of boxes, so two different names would give the same picture
    from risiko_xl.publish.fonts import fallback_fonts
    from tests.support.programs import IN_CI

    if not fallback_fonts():
        if IN_CI:
            pytest.fail("CI=true e manca fonts-droid-fallback")
        pytest.skip("nessun font di riserva CJK installato (pacchetto fonts-droid-fallback)")

    def painted(first: str, second: str) -> Image.Image:
        svg = progression_svg(Progression((1, 2), ((first, (2, 1)), (second, (1, 2)))))
        page = tmp_path / "grafico.html"
        page.write_text(f'<!DOCTYPE html><meta charset="utf-8"><body style="margin:0">{svg}',
                        encoding="utf-8")
        return Image.open(screenshot(page, tmp_path / "grafico.png", WIDTH, HEIGHT)).convert("RGB")

    chinese = painted("王小明", "李大华")
    assert ImageChops.difference(chinese, painted("赵钱孙", "周吴郑")).getbbox() is not None
    latin = painted("Mario Rossi", "Anna Bianchi")
    assert sum(latin.convert("L").histogram()[:200]) > 2000  # lines and text painted
