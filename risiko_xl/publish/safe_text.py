"""Text typed by people, made safe to print in any output (score sheets, pages, posts).

Unicode's bidirectional embedding, override and isolate characters (U+202A–U+202E,
U+2066–U+2069) are invisible and change how the text *after* them is laid out: a name
ending in U+202E (RIGHT-TO-LEFT OVERRIDE) prints the rest of the line backwards. They are
removed (`names.neutral_bidi`). Right-to-left names (Arabic, Hebrew) need none of them:
their letters carry their own direction, and every output sets names in their own
direction (`dir="auto"` in HTML, the bidi algorithm in the PDF).
"""

from __future__ import annotations

LONGEST = 300  # characters of one name, club or title printed; more never fit a line
ELLIPSIS = "…"


def shortened(text: str, longest: int = LONGEST) -> str:
    """`text` cut to `longest` characters ending in «…» when longer: no sheet line holds
    more, and a huge cell (megabytes) is never measured or written whole."""
    return text if len(text) <= longest else text[:longest - 1].rstrip() + ELLIPSIS
