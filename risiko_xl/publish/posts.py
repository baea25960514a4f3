"""Results posts in five formats from one `Post` (`risiko-xl post`, *Post forum*).

Each format is a Jinja2 template in `templates/post/` and an escaping rule applied to
every value the template prints: BBCode tags in names are neutralised (a zero-width
space after each `[`, so `[url=x]` is no tag for vBulletin, phpBB or any parser, yet
reads the same), Markdown specials are backslash-escaped, HTML is autoescaped, and in the
chat text WhatsApp's and Telegram's markers `*`, `_`, `~` (and the code mark `` ` ``)
stand between zero-width spaces. Every format drops bidirectional controls first
(`render.one_line`).
"""

from __future__ import annotations

import base64
import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from markupsafe import Markup

from risiko_xl.errors import RisikoError
from risiko_xl.publish import POST_FORMATS, SECTIONS
from risiko_xl.publish.content import (
    QUALIFIED_HEADERS,
    SEAT_HEADERS,
    Post,
    post_from,
)
from risiko_xl.publish.render import environment, one_line
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbook.book import Book
from risiko_xl.workbook.state import load

ZWSP = "\u200b"
LINKS = re.compile(r"://|www\.", re.IGNORECASE)
MARKDOWN_SPECIALS = frozenset("\\`*_[]<>|~&#")
CHAT_MARKERS = re.compile(r"[*_~`]")


def unlinked(text: str) -> str:
    """A zero-width space inside `://` and `www.`: forums and chats auto-link addresses
    in text, and a name must never become a link."""
    return LINKS.sub(lambda m: m.group(0)[:-1] + ZWSP + m.group(0)[-1], text)


def bbcode_text(text: str) -> str:
    """`[b]` → `[\u200bb]`: shown as typed, never parsed as a tag."""
    return unlinked(text).replace("[", "[" + ZWSP)


def markdown_text(text: str) -> str:
    """Backslash before every character CommonMark could read as markup."""
    return "".join("\\" + c if c in MARKDOWN_SPECIALS else c for c in unlinked(text))


def plain_text(text: str) -> str:
    """Chat text (WhatsApp, Telegram): addresses unlinked, and each formatting marker
    between two zero-width spaces. WhatsApp formats only a marker at the edge of a word
    (`*grassetto*`, `_corsivo_`, `~barrato~`), Telegram only doubled ones (`**`, `__`,
    `~~`); wrapped this way no marker touches a word's edge or another marker, and the
    name reads the same."""
    return CHAT_MARKERS.sub(lambda m: ZWSP + m[0] + ZWSP, unlinked(text))


# format → (template, escaping of printed values (None: HTML autoescape), file suffix)
FORMATS: dict[str, tuple[str, Callable[[str], str] | None, str]] = dict(zip(POST_FORMATS, (
    ("post/bbcode-vb.txt.j2", bbcode_text, ".txt"),
    ("post/bbcode-phpbb.txt.j2", bbcode_text, ".txt"),
    ("post/markdown.md.j2", markdown_text, ".md"),
    ("post/testo.txt.j2", plain_text, ".txt"),
    ("post/pagina.html.j2", None, ".html"))))
REPLAY = ("Chiunque può ripetere il sorteggio con gli stessi iscritti, lo stesso seme e la "
          "stessa versione del motore (risiko-xl verifica): deve ottenere la stessa impronta e "
          "gli stessi tavoli.")


def columns(headers: Sequence[str], rows: Sequence[Sequence[object]],
            escape: Callable[[str], str], right: Sequence[int] = ()) -> Markup:
    """A monospace table (phpBB `[code]`): cells escaped, padded to their column width."""
    cells = [[one_line(str(c)) for c in row] for row in [headers, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = [" ".join(c.rjust(w) if i in right else c.ljust(w)
                      for i, (c, w) in enumerate(zip(row, widths))).rstrip()
             for row in cells]
    lines.insert(1, "-" * len(max(lines, key=len)))
    return Markup(escape("\n".join(lines)))


def render_post(post: Post, fmt: str, sections: Sequence[str] = SECTIONS) -> str:
    """`post` in format `fmt`, with only the chosen `sections`."""
    if fmt not in FORMATS:
        raise RisikoError(f"formato «{fmt}» sconosciuto: usare uno fra {', '.join(FORMATS)}",
                          valore=fmt)
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        raise RisikoError(f"sezione «{unknown[0]}» sconosciuta: usare fra {', '.join(SECTIONS)}",
                          valore=unknown[0])
    name, escape, _suffix = FORMATS[fmt]
    env = environment("html" if escape is None else "text", escape)
    template = env.get_template(name)
    chart = base64.b64encode(post.chart).decode("ascii") if post.chart else None
    return template.render(post=post, sections=tuple(sections), chart=chart, replay=REPLAY,
                           seat_headers=SEAT_HEADERS,
                           qualified_headers=QUALIFIED_HEADERS,
                           columns=lambda h, r, right=(): columns(h, r, escape or str, right))


def publish(book: Book, fmt: str, round_no: int | None = None, top: int | None = None,
            sections: Sequence[str] = SECTIONS, trademark: bool = True,
            now: dt.datetime | None = None) -> str:
    """The post for round `round_no` in format `fmt`: the service behind the CLI's
    `post` and the ribbon's *Post forum*. The HTML page gets the standings chart."""
    t = load(book)
    post = post_from(t, round_no, top, now, trademark)
    if fmt == "html" and "classifica" in sections and post.phase == QUALIFYING:
        from risiko_xl.publish.charts import progression, progression_png

        post = replace(post, chart=progression_png(progression(t, upto=post.round_no)))
    return render_post(post, fmt, sections)
