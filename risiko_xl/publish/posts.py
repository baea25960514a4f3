"""Posts in five formats from one `Post` (`risiko-xl pubblica`, *Post forum*), the room
screen (`schermo`) and all of them at once (`tutti`, from one reading of the workbook).

Each format is a Jinja2 template in `templates/post/` and an escaping rule applied to
every value the template prints: BBCode tags in names are neutralised (a zero-width
space after each `[`, so `[url=x]` is no tag for vBulletin, phpBB or any parser, yet
reads the same), Markdown specials are backslash-escaped, HTML is autoescaped, and in the
chat text WhatsApp's and Telegram's markers `*`, `_`, `~` (and the code mark `` ` ``)
stand between zero-width spaces. Every format drops bidirectional controls first
(`render.one_line`).

The draw's seed must survive copying, so that `risiko-xl sorteggia --seme` and `verifica`
replay the draw: where the format has a code span it is printed there, unescaped and
never auto-linked (Markdown's `` `…` ``, BBCode's `[code]`, HTML's `<code>`). Chat text
has no code span that every app honours: there the seed keeps its zero-width spaces and
`--seme` drops them again (a recorded seed never holds one: the draw refuses format
characters in a seed).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from markupsafe import Markup

from risiko_xl.errors import RisikoError
from risiko_xl.publish import BY_NAME, SCREEN, SECTIONS
from risiko_xl.publish.building import post_from
from risiko_xl.publish.post import PLAYER_HEADERS, QUALIFIED_HEADERS, GameTable, Post
from risiko_xl.publish.render import environment, one_line
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.post_source import PostSource

ZWSP = "\u200b"
LINKS = re.compile(r"://|www\.", re.IGNORECASE)
MARKDOWN_SPECIALS = frozenset("\\`*_[]<>|~#")
# `&` is markup only where it starts an entity (`&amp;`, `&#38;`, `&#x26;`): escaped
# there alone, so «Dadi & Bandiere» reads the same in chats that show Markdown as text
ENTITY_START = re.compile(r"&(?=[A-Za-z][A-Za-z0-9]*;|#[0-9]{1,7};|#[xX][0-9A-Fa-f]{1,6};)")
CHAT_MARKERS = re.compile(r"[*_~`]")


def unlinked(text: str) -> str:
    """A zero-width space inside `://` and `www.`: forums and chats auto-link addresses
    in text, and a name must never become a link; and after each `@`, so that a club
    called «@everyone» never calls every member of a Discord server (or a Telegram
    user)."""
    return LINKS.sub(lambda m: m.group(0)[:-1] + ZWSP + m.group(0)[-1], text) \
        .replace("@", "@" + ZWSP)


def bbcode_text(text: str) -> str:
    """`[b]` → `[\u200bb]`: shown as typed, never parsed as a tag."""
    return unlinked(text).replace("[", "[" + ZWSP)


def markdown_text(text: str) -> str:
    """Backslash before every character CommonMark could read as markup (`&` only where
    it would start an entity)."""
    text = "".join("\\" + c if c in MARKDOWN_SPECIALS else c for c in unlinked(text))
    return ENTITY_START.sub(r"\\&", text)


def plain_text(text: str) -> str:
    """Chat text (WhatsApp, Telegram): addresses unlinked, and each formatting marker
    between two zero-width spaces. WhatsApp formats only a marker at the edge of a word
    (`*grassetto*`, `_corsivo_`, `~barrato~`), Telegram only doubled ones (`**`, `__`,
    `~~`); wrapped this way no marker touches a word's edge or another marker, and the
    name reads the same."""
    return CHAT_MARKERS.sub(lambda m: ZWSP + m[0] + ZWSP, unlinked(text))


def bbcode_seed(text: str) -> Markup:
    """A seed inside `[code]`: shown as typed, never parsed nor auto-linked; only a
    closing `[/code` in the seed itself is broken by a zero-width space."""
    return Markup(re.sub(r"\[(?=/code)", "[" + ZWSP, one_line(text), flags=re.IGNORECASE))


def markdown_seed(text: str) -> Markup:
    """A seed as a CommonMark code span: literal, never auto-linked. The fence is one
    backtick longer than any run inside; a blank pads each side when the seed starts or
    ends with a backtick or with blanks on both sides (CommonMark strips exactly one)."""
    text = one_line(text)
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    pad = " " if text[:1] == "`" or text[-1:] == "`" or (
        text[:1] == " " and text[-1:] == " " and text.strip()) else ""
    return Markup(f"{fence}{pad}{text}{pad}{fence}")


def chat_seed(text: str) -> Markup:
    """A seed in chat text: as any chat text (see the module's docstring)."""
    return Markup(plain_text(one_line(text)))


# each escaping of `PostFormat.escaping`: how printed values are escaped (None: HTML's
# autoescape) and how a draw's seed is printed (HTML: as any value, in <code>)
ESCAPES: dict[str, tuple[Callable[[str], str] | None, Callable[[str], object]]] = {
    "bbcode": (bbcode_text, bbcode_seed), "markdown": (markdown_text, markdown_seed),
    "chat": (plain_text, chat_seed), "html": (None, str)}
REPLAY = ("Chiunque può ripetere il sorteggio con gli stessi iscritti, lo stesso seme e la "
          "stessa versione del motore (risiko-xl verifica): deve ottenere la stessa impronta e "
          "gli stessi tavoli.")


def monospace_table(headers: Sequence[str], rows: Sequence[Sequence[object]],
                    escape: Callable[[str], str], right: Sequence[int] = ()) -> Markup:
    """A monospace text table (phpBB `[code]`): cells escaped, padded to their column
    width."""
    cells = [[one_line(str(c)) for c in row] for row in [headers, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    lines = [" ".join(c.rjust(w) if i in right else c.ljust(w)
                      for i, (c, w) in enumerate(zip(row, widths))).rstrip()
             for row in cells]
    lines.insert(1, "-" * len(max(lines, key=len)))
    return Markup(escape("\n".join(lines)))


def default_sections(post: Post) -> tuple[str, ...]:
    """What a post says when no section is chosen: a round drawn and not yet played is
    announced (its tables and its draw's certificate); a played round gets everything
    but the bare seating, which its results already show table by table; a round whose
    results are coming in, everything (the tables still playing are in the seating)."""
    if post.announced:
        return ("formula", "tavoli", "qualificati", "certificato")
    return tuple(s for s in SECTIONS if s != "tavoli" or post.in_play)


def render_post(post: Post, fmt: str, sections: Sequence[str] | None = None) -> str:
    """`post` in format `fmt`, with only the chosen `sections` (default:
    `default_sections`)."""
    if sections is None:
        sections = default_sections(post)
    if fmt not in BY_NAME:
        raise RisikoError(f"formato «{fmt}» sconosciuto: usare uno fra {', '.join(BY_NAME)}",
                          valore=fmt)
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        raise RisikoError(f"sezione «{unknown[0]}» sconosciuta: usare fra {', '.join(SECTIONS)}",
                          valore=unknown[0])
    chosen = BY_NAME[fmt]
    escape, seed = ESCAPES[chosen.escaping]
    env = environment("html" if escape is None else "text", escape)
    template = env.get_template(chosen.template)
    chart = Markup(post.chart) if post.chart else None  # built and escaped by `charts`
    extra = _screen(post) if fmt == SCREEN else {}
    return template.render(post=post, sections=tuple(sections), chart=chart, replay=REPLAY,
                           player_headers=PLAYER_HEADERS, seme=seed,
                           qualified_headers=QUALIFIED_HEADERS,
                           monospace_table=lambda h, r, right=(): monospace_table(
                               h, r, escape or str, right),
                           **extra)


def _screen(post: Post) -> dict[str, object]:
    """The room screen's pages (the tables before results, with the direct finalists
    after the semifinals; the standings after results, in the type that fits) and its
    QR code."""
    from risiko_xl.publish.screen import (  # the room screen's only (not in xlwings Lite)
        LONG_CLUB_LINE,
        LONG_NAME,
        DirectCard,
        card_club,
        card_grid,
        direct_cards,
        formula_size,
        pages,
        qr_svg,
        rotation_css,
        standings_layout,
        two_lines,
    )

    layout = None
    if post.announced or post.ranking is None:
        cards: list[GameTable | DirectCard] = [*post.results, *direct_cards(post)]
        # long names or clubs get wide cards (2 a row); 6 players need taller ones (2 rows)
        longest = max((len(p.name) for g in cards for p in g.players), default=0)
        club = max((len(line) for g in cards for p in g.players if p.club
                    for line in card_club(p.club)), default=0)
        per_row = 2 if longest > LONG_NAME or club > LONG_CLUB_LINE else 3
        rows = 2 if any(len(g.players) > 5 for g in post.results) else 3
        parts: list[list[Any]] = pages(cards, per_row * rows)  # cards or rows
        grids = [card_grid(len(part), per_row) for part in parts]
    else:
        ranking = post.ranking_rows()
        layout, grids = standings_layout(post.ranking_headers(), ranking), []
        parts = pages(ranking, layout.per_page)
    formula_at = 0
    if post.formula:  # the first round: the formula heads the rotation, a page of its own
        parts, grids = [list(post.formula), *parts], [(1, 1), *grids]  # (003 Art. 2)
        formula_at = 1
    return {"pages": parts, "rotation": rotation_css(len(parts)), "grids": grids,
            "formula_at": formula_at, "formula_size": formula_size(post.formula),
            "layout": layout, "two_lines": two_lines, "card_club": card_club,
            "qr": qr_svg(post.address) if post.address else None}


def with_chart(post: Post, source: PostSource, fmt: str, sections: Sequence[str]) -> Post:
    """The HTML page's post carries the standings chart when it shows the standings;
    the room screen's, the checked «Indirizzo pubblicazione» for its QR code. The chart's
    and the screen's modules are imported here, for those two formats only: the xlwings
    Lite workbook offers neither and leaves them out (`risiko_xl.not_in_lite`)."""
    if fmt == SCREEN:
        from risiko_xl.publish.screen import publication_address

        return replace(post, address=publication_address(source))
    if fmt == "html" and "classifica" in sections and post.phase == QUALIFYING \
            and post.ranking is not None:
        from risiko_xl.publish.charts import progression, progression_page

        return replace(post, chart=progression_page(progression(source, upto=post.round_no)))
    return post


def publish(source: PostSource, fmt: str, round_no: int | None = None,
            top: int | None = None, sections: Sequence[str] | None = None,
            trademark: bool = True, now: dt.datetime | None = None) -> str:
    """The post for round `round_no` in format `fmt`: what the CLI's `pubblica` and the
    ribbon's *Post forum* print (`services.publication.post_source` reads `source` from
    the workbook). The HTML page gets the standings chart."""
    post = post_from(source, round_no, top, now, trademark)
    chosen = default_sections(post) if sections is None else tuple(sections)
    return render_post(with_chart(post, source, fmt, chosen), fmt, chosen)


def publish_all(source: PostSource, round_no: int | None = None, top: int | None = None,
                sections: Sequence[str] | None = None, trademark: bool = True,
                now: dt.datetime | None = None) -> tuple[int, dict[str, str]]:
    """Every format of one post: (round, {format: text}), each text equal to what
    `publish` gives for that format alone."""
    post = post_from(source, round_no, top, now, trademark)
    chosen = default_sections(post) if sections is None else tuple(sections)
    return post.round_no, {fmt: render_post(with_chart(post, source, fmt, chosen), fmt, chosen)
                           for fmt in BY_NAME}


def file_name(round_no: int, fmt: str) -> str:
    """`post-turno-2-markdown.md`, `post-turno-2-schermo.html`, …: the files `tutti`
    writes (named as the demo's)."""
    return f"post-turno-{round_no}-{fmt}{BY_NAME[fmt].suffix}"
