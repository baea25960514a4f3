"""The posts as their readers see them: the forum's BBCode, a Markdown renderer, a browser,
an XML parser for the page's chart; and the hostile names the injection tests type."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import bbcode
from markdown_it import MarkdownIt

ZWSP = "\u200b"
SVG = "{http://www.w3.org/2000/svg}"
EVIL = ("[url=http://x.example]y[/url]", "<script>alert(1)</script>",
        "**Bold** | pipe \\ _x_ `c`", "Riga\nDue [b]")


def vbulletin_parser() -> bbcode.Parser:
    parser = bbcode.Parser()
    for tag in ("table", "tr", "td"):
        parser.add_simple_formatter(tag, f"<{tag}>%(value)s</{tag}>", transform_newlines=False)
    return parser


def markdown_html(text: str) -> str:
    return MarkdownIt("commonmark").enable("table").render(text)


def shown(name: str) -> str:
    return " ".join(name.split())


def code_parser(parser: bbcode.Parser) -> bbcode.Parser:
    """phpBB and vBulletin never turn an address inside [code] into a link (the bbcode
    package does, so its [code] is registered the way the forums behave)."""
    parser.add_simple_formatter("code", "<code>%(value)s</code>", render_embedded=False,
                                transform_newlines=False, replace_links=False,
                                replace_cosmetic=False)
    return parser


# each format as its readers see it: the forum's BBCode, a Markdown renderer, a chat's
# plain text, a browser — one reader per format of `publish.FORMATS` that posts
READERS = {"bbcode-vb": lambda text: code_parser(vbulletin_parser()).format(text),
           "bbcode-phpbb": lambda text: code_parser(bbcode.Parser()).format(text),
           "markdown": markdown_html,
           "testo": lambda text: "<pre>" + text.replace("&", "&amp;").replace("<", "&lt;")
           + "</pre>",
           "html": lambda text: text}


def chart_series(chart: ET.Element) -> list[tuple[str, list[list[tuple[int, int]]]]]:
    """Each leader of the page's SVG chart, in standings order: the name at its line's end
    ("" when none) and its line as runs of (x, y) points (a run breaks where a round has
    no position)."""
    out = []
    for group in chart.iter(f"{SVG}g"):
        if group.get("class") != "serie":
            continue
        line = group.find(f"{SVG}path")
        assert line is not None
        runs = [[(int(x), int(y)) for x, y in re.findall(r"[ML](\d+) (\d+)", "M" + run)]
                for run in line.get("d", "").split("M")[1:]]
        label = group.find(f"{SVG}text")
        out.append(("" if label is None else "".join(label.itertext()), runs))
    return out
