"""The room screen (`pubblica --formato schermo`): a page for a projector or TV.

A 1920×1080 page in large type, scaled to the window (every length of the page a multiple
of one unit, a pixel at 1920×1080: a 1280×720 projector shows it whole): the round's
tables before its results, the standings after them. What does not fit one screen is split
into pages that follow one another by CSS alone (no script); printed, the pages stand one
below the other. The standings take the fewest pages in a readable type, the largest in
which every column fits the screen's width and each page is filled down its height, a long
club on two lines, as on the tables' cards (`card_club`). The cards fill the page: as few
to a row as its rows allow (four cards two by two), each card's names in one type; a
semifinal round's cards, announced or with their results, are followed by the players who
go straight to the final (001 §8: with three semifinals, the first of the standings). A QR
code (segno, inline SVG, no network) points at the setting «Indirizzo pubblicazione»,
where players find the published page on their phones; without the setting there is no
code."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit

from markupsafe import Markup

from risiko_xl.books import schema
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.publish.post import PlayerLine, Post
from risiko_xl.tournament.post_source import PostSource

ADDRESS_KEY = "Indirizzo pubblicazione"
# at 1920×1080: 3 × 3 cards of up to 5 players a page (2 rows of taller cards for 6)
LONG_NAME = 26  # characters: a longer name gets cards two to a row, ...
LONG_CLUB_LINE = 18  # ... as does a club with a longer line (`card_club`)
SECONDS_PER_PAGE = 15
LONGEST_ADDRESS = 300  # characters: a QR code a phone reads from across a room
# the standings: px of width inside the page's margins, type sizes tried largest first
STANDINGS_WIDTH = 1800  # of 1840: a name of wide letters still fits
STANDINGS_HEIGHT = 810  # of 850: the page number below the last line
TYPE_SIZES = (46, 40, 34, 30, 27, 24, 21, 19, 17)
READABLE_SIZE = 27  # px: fewer pages in a smaller type, down to this size
CELL_PADDING = 0.82  # em: a cell's padding, left and right together
HEADER_EM = 0.82 * 1.14  # a header's width for a cell's: smaller type, bold
HEADER_LINES_EM = 1.05  # a line of headers (82% type, 1.25 line height) ...
LINE_EM = 1.42  # ... a line of the standings (1.24 em and its padding) ...
WRAPPED_EM = 0.72  # ... a club on two lines is set this much smaller, ...
WRAPPED_LINE_EM = 2 * WRAPPED_EM + 0.18  # ... its line this tall
SHORT_CLUB_EM = 12  # a club narrower than this is never set on two lines
# the formula's page: px across its lines (the card's border, padding and bullets off the
# page's 1840) and down them (its 790 less the heading); its type sizes, largest first
FORMULA_WIDTH = 1770
FORMULA_HEIGHT = 650
FORMULA_SIZES = (40, 36, 32, 28, 25, 22, 19)
FORMULA_LINE_EM = 1.3
FORMULA_ITEM_GAP = 12  # px between two of its rules
T = TypeVar("T")


def check_address(value: Any, row: int | None = None) -> str | None:
    """The setting «Indirizzo pubblicazione»: empty, or an http(s) address with a host.
    Anything else (a bare name, `javascript:`, `file:`, spaces) is refused, naming the
    sheet, the row and the value."""
    text = to_text(value)
    if text is None:
        return None
    text = text.strip()
    bad = any(c.isspace() or unicodedata.category(c) in ("Cc", "Cf") for c in text)
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 — raises ValueError for a port out of range
    except ValueError:  # «http://[::1», «https://x.it:99999/»
        bad = True
    else:
        host = parts.hostname or ""
        bad = (bad or parts.scheme.lower() not in ("http", "https") or not _host_ok(host)
               or "@" in parts.netloc)  # «https://www.club.it@evil.example»: not the club
    if bad or len(text) > LONGEST_ADDRESS:
        raise RisikoError(f"impostazione «{ADDRESS_KEY}»: serve un indirizzo web completo "
                          "che inizi con http:// o https:// (es. https://www.club.it/torneo), "
                          f"senza nome utente, lungo al massimo {LONGEST_ADDRESS} caratteri",
                          foglio=schema.SETTINGS.sheet, riga=row, colonna="Valore",
                          valore=value)
    return text


def _host_ok(host: str) -> bool:
    """A host name a phone can open: labels of letters, digits and inner hyphens (an IP
    address in brackets passes `urlsplit` already)."""
    if host.startswith("[") or re.fullmatch(r"[\d.]+", host):
        return True
    labels = host.rstrip(".").split(".")
    return bool(host) and all(re.fullmatch(r"(?!-)[\w-]{1,63}(?<!-)", label)
                              for label in labels)


def publication_address(source: PostSource) -> str | None:
    """The tournament's «Indirizzo pubblicazione», checked (None when not set)."""
    value = source.settings.get(ADDRESS_KEY)
    if to_text(value) is None:
        return None
    return check_address(value, source.setting_rows.get(ADDRESS_KEY))


def qr_svg(address: str) -> Markup:
    """`address` as a QR code, an inline SVG element (black on white, quiet zone kept)."""
    import segno

    code = segno.make(address, error="m", micro=False)
    return Markup(code.svg_inline(scale=8, border=4, dark="#000", light="#fff",
                                  svgclass="qr", omitsize=True))  # viewBox: scales to the CSS box


def pages(items: Sequence[T], size: int) -> list[list[T]]:
    """`items` in pages of at most `size`, balanced (37 lines of 16 → 13+12+12)."""
    if not items:
        return []
    count = -(-len(items) // size)
    base, extra = divmod(len(items), count)
    out, start = [], 0
    for i in range(count):
        end = start + base + (1 if i < extra else 0)
        out.append(list(items[start:end]))
        start = end
    return out


def card_grid(count: int, columns: int) -> tuple[int, int]:
    """(columns, rows) of a page of `count` cards, at most `columns` to a row: the fewest
    rows, then as few cards to a row as those rows allow, so the cards fill the page and
    are as wide as it lets them be (four cards two by two, not three and one)."""
    if count <= 1:
        return 1, 1
    rows = -(-count // columns)
    return -(-count // rows), rows


def rotation_css(count: int, seconds: int = SECONDS_PER_PAGE) -> Markup:
    """CSS that shows `count` pages one after the other, `seconds` each, for ever."""
    if count < 2:
        return Markup("")
    share = 100 / count
    rules = [f"@keyframes giro {{ 0% {{ visibility: visible; }} {share:.4f}% "
             f"{{ visibility: hidden; }} 100% {{ visibility: hidden; }} }}",
             f".pagina {{ visibility: hidden; animation: giro {count * seconds}s step-end "
             "infinite; }"]
    rules += [f".pagina-{i + 1} {{ animation-delay: {i * seconds}s; }}" for i in range(count)]
    return Markup("\n".join(rules))


def text_em(text: str) -> float:
    """`text`'s width in em of DejaVu Sans, the screen's font, counted a little over
    (digits 0.636 em, capitals 0.67 and small letters 0.56 on average, spaces and
    punctuation about 0.34)."""
    def width(c: str) -> float:
        if c.isdigit():
            return 0.64
        if c.isupper():
            return 0.7
        return 0.36 if c in " ,.;:()'’-!|" else 0.58
    return sum(map(width, text))


def two_lines(text: str) -> tuple[str, str]:
    """`text` split at the space nearest its middle (by width); no space: one line."""
    spaces = [i for i, c in enumerate(text) if c == " "]
    if not spaces:
        return text, ""
    best = min(spaces, key=lambda i: max(text_em(text[:i]), text_em(text[i + 1:])))
    return text[:best], text[best + 1:]


def card_club(club: str) -> tuple[str, str]:
    """A club as a table's card sets it: on two lines (`two_lines`) when it is not short,
    as the standings set a long club, so its end is not cut; else on one."""
    return two_lines(club) if text_em(club) >= SHORT_CLUB_EM else (club, "")


def formula_size(lines: Sequence[str]) -> int:
    """The largest type (px) in which the formula's `lines`, each wrapped across the page,
    fit down its card; the smallest when none does (the card then cuts the end)."""
    def height(size: int) -> float:
        across = FORMULA_WIDTH - 1.2 * size  # the bullets' indent
        rows = sum(max(1, -(-int(text_em(line) * size) // int(across))) for line in lines)
        return rows * FORMULA_LINE_EM * size + FORMULA_ITEM_GAP * len(lines)
    return next((s for s in FORMULA_SIZES if height(s) <= FORMULA_HEIGHT), FORMULA_SIZES[-1])


@dataclass(frozen=True)
class StandingsLayout:
    """The standings on the screen: the type size (px), the clubs set on two lines and
    the lines of a page."""

    size: int
    wrapped: frozenset[str]
    per_page: int


def standings_layout(headers: Sequence[str], rows: Sequence[Sequence[str]],
                     club: int = 2) -> StandingsLayout:
    """The standings on the fewest pages in a type not below `READABLE_SIZE`, in the
    largest such type where every column fits across the screen (first with every club on
    one line, then with the clubs longer than the others on two lines in smaller type) and
    a page of lines down it: the pages filled, not 9 lines and 40 % of the screen empty.
    When the columns fit only a smaller type, its pages hold the lines that fit. Nothing
    is cut (the smallest size when nothing fits)."""
    def column_em(i: int, wrapped: frozenset[str]) -> float:
        words = max((text_em(w) for w in headers[i].split()), default=0.0) * HEADER_EM
        cells = [max(map(text_em, two_lines(r[i]))) * WRAPPED_EM if i == club
                 and r[i] in wrapped else text_em(r[i]) for r in rows]
        return max([words, *cells]) + CELL_PADDING

    def height_em(wrapped: frozenset[str], lines: int) -> float:
        tall = min(lines, sum(r[club] in wrapped for r in rows))
        header = HEADER_LINES_EM * (2 if any(" " in h for h in headers) else 1)
        return header + tall * WRAPPED_LINE_EM + (lines - tall) * LINE_EM

    clubs = sorted({r[club] for r in rows}, key=text_em, reverse=True)
    across: list[tuple[int, frozenset[str]]] = []  # each size and the fewest clubs wrapped
    for size in TYPE_SIZES:
        for cut in range(len(clubs) + 1):  # the `cut` longest clubs on two lines
            wrapped = frozenset(clubs[:cut])
            if sum(column_em(i, wrapped) for i in range(len(headers))) * size \
                    <= STANDINGS_WIDTH:
                across.append((size, wrapped))
                break
            if cut < len(clubs) and text_em(clubs[cut]) < SHORT_CLUB_EM:
                break  # a short club stays on one line: a smaller type instead
    for count in range(1, len(rows) + 1):
        lines = -(-len(rows) // count)
        for size, wrapped in across:
            if size >= READABLE_SIZE and height_em(wrapped, lines) * size <= STANDINGS_HEIGHT:
                return StandingsLayout(size, wrapped, lines)
    size, wrapped = across[0] if across else (TYPE_SIZES[-1], frozenset(clubs))
    lines = max((n for n in range(1, len(rows) + 1)
                 if height_em(wrapped, n) * size <= STANDINGS_HEIGHT), default=1)
    return StandingsLayout(size, wrapped, lines)


@dataclass(frozen=True)
class DirectCard:
    """The players who go straight to the final, a card after the semifinal tables."""

    players: tuple[PlayerLine, ...]
    reasons: tuple[str, ...]
    title: str = "Già in finale"
    number: str = "diretti"  # the card's id, as a table's number is


def direct_cards(post: Post) -> list[DirectCard]:
    """The card of the direct finalists of the phase before the final, announced or
    played (none when nobody goes straight to the final)."""
    ahead = [q for q in post.qualified if q.direct]
    if not ahead:
        return []
    return [DirectCard(tuple(PlayerLine("", "", q.name, q.club) for q in ahead),
                       tuple(dict.fromkeys(q.reason for q in ahead if q.reason)))]
