"""The room screen (`pubblica --formato schermo`): a page for a projector or TV.

A 1920×1080 page in large type: the round's tables before its results, the standings
after them. What does not fit one screen is split into pages that follow one another
by CSS alone (no script); printed, the pages stand one below the other. A QR code
(segno, inline SVG, no network) points at the setting «Indirizzo pubblicazione», where
players find the published page on their phones; without the setting there is no code.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit

from markupsafe import Markup

from risiko_xl.books import schema
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.tournament.post_source import PostSource

ADDRESS_KEY = "Indirizzo pubblicazione"
# at 1920×1080: 3 × 3 cards of up to 5 players a page (2 rows of taller cards for 6)
LONG_NAME = 26  # characters: a longer name gets cards two to a row
ROWS_PER_PAGE = 16  # standings lines of one page
SECONDS_PER_PAGE = 15
LONGEST_ADDRESS = 300  # characters: a QR code a phone reads from across a room
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
