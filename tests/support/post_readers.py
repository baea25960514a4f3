"""The posts as their readers see them: the forum's BBCode, a Markdown renderer, a browser;
and the hostile names the injection tests type."""

from __future__ import annotations

import bbcode
from markdown_it import MarkdownIt

ZWSP = "\u200b"
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


# each format as its readers see it: the forum's BBCode, a Markdown renderer, a browser
READERS = {"bbcode-vb": lambda text: vbulletin_parser().format(text),
           "bbcode-phpbb": lambda text: bbcode.Parser().format(text),
           "markdown": markdown_html, "html": lambda text: text}
