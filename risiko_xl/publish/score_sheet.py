"""A table's score sheet (*referto*, seeds 000 Art. 24 and 003 Art. 23) as plain data:
what `referti` builds from the tournament and what the HTML page and the PDF
(`referti_pdf`) print.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

# The logo is printed at most 4 cm wide: 600 pixels are 380 dpi there. A larger image is
# scaled down once per print (a phone photo of a few MB would otherwise be repeated on
# every sheet of the HTML page).
LOGO_PIXELS = 600

# The players' table: classic RisiKo! (seeds 000 Art. 24, 003 Art. 23) and S.P.Q.RisiKo!
# (seed 004: the game's points — its «punti tavolo» — in the column `Risultati` names
# «Punti obiettivo», one name for one column, and the two tie-break counts).
CLASSIC_HEADERS = ("Ordine", "Giocatore", "Punti obiettivo", "Punti fuori obiettivo",
                   "RisiKo!", "Eliminato", "Punti torneo", "Firma")
SPQR_HEADERS = ("Ordine", "Giocatore", "Punti obiettivo", "Coefficiente", "Valore esercito",
                "Eliminato", "Punti torneo", "Firma")


@dataclass(frozen=True)
class SheetPlayer:
    """One line of the sheet: `order` is the typed order of play ('' = to fill in)."""

    order: str
    player: str
    name: str
    club: str


@dataclass(frozen=True)
class ScoreSheet:
    """One table's score sheet. `date_text` is '' when the date is to be written by hand;
    `when` is the date it came from (it also stamps the PDF)."""

    tournament: str
    club: str
    venue: str
    logo: Path | None
    round_no: int
    phase: str
    date_text: str
    table_number: int
    table_count: int
    minutes: int
    players: tuple[SheetPlayer, ...]
    scoring_reminder: tuple[str, ...]
    when: dt.datetime | None = None
    headers: tuple[str, ...] = CLASSIC_HEADERS

    @property
    def duration(self) -> str:
        """The time limit as printed: «1 h 30'»."""
        return duration_text(self.minutes)

    @property
    def round_text(self) -> str:
        return f"Turno {self.round_no} · {self.phase}"

    @property
    def table_text(self) -> str:
        return f"Tavolo {self.table_number} di {self.table_count}"


def duration_text(minutes: int) -> str:
    """90 → «1 h 30'», 120 → «2 h», 45 → «45'»."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest}'"
    return f"{hours} h {rest}'" if rest else f"{hours} h"


def pages(sheets: Sequence[ScoreSheet], per_page: int) -> list[tuple[ScoreSheet, ...]]:
    """The sheets grouped as printed: `per_page` on each A4 page."""
    return [tuple(sheets[i:i + per_page]) for i in range(0, len(sheets), per_page)]


def logo_bytes(path: Path) -> bytes:
    """The logo file's bytes as printed: scaled down to `LOGO_PIXELS` on its longer side
    when larger, in its own format (PNG or JPEG)."""
    from PIL import Image  # Pillow: loaded when a logo is printed

    with Image.open(path) as image:
        if max(image.size) <= LOGO_PIXELS:
            return path.read_bytes()
        kind = image.format or "PNG"
        image.draft("RGB", (LOGO_PIXELS, LOGO_PIXELS))  # a JPEG decodes at a reduced scale
        image.thumbnail((LOGO_PIXELS, LOGO_PIXELS))
        out = io.BytesIO()
        image.save(out, format=kind)
    return out.getvalue()
