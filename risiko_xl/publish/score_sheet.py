"""A table's score sheet (*referto*, seeds 000 Art. 24 and 003 Art. 23) as plain data:
what `referti` builds from the tournament and what the HTML page and the PDF
(`referti_pdf`) print.
"""

from __future__ import annotations

import base64
import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

# The logo is printed at most 4 cm wide: 600 pixels are 380 dpi there. Whatever the file,
# what is printed is a copy at most this large, made once per print and stored once in it.
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
class Logo:
    """The logo as printed: `data` a PNG or JPEG (`kind`) of `width`×`height` pixels, at
    most `LOGO_PIXELS` on its longer side, upright, re-encoded from the organiser's file
    `path` (its metadata, thumbnails and any extra data left behind)."""

    path: Path
    kind: str  # "PNG" or "JPEG"
    width: int
    height: int
    data: bytes = field(repr=False)

    @property
    def mime(self) -> str:
        return "image/png" if self.kind == "PNG" else "image/jpeg"

    @property
    def uri(self) -> str:
        """As a data: URI, so that an HTML page stands alone."""
        return f"data:{self.mime};base64,{base64.b64encode(self.data).decode('ascii')}"


@dataclass(frozen=True)
class ScoreSheet:
    """One table's score sheet. `date_text` is '' when the date is to be written by hand;
    `when` is the date it came from (it also stamps the PDF)."""

    tournament: str
    club: str
    venue: str
    logo: Logo | None
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
    report_code: str = ""  # the table's code for its result from a phone ('' without)
    report_url: str = ""  # the venue's form of this table (the QR code's address)

    @property
    def duration(self) -> str:
        """The time limit as printed: «1 h 30'»."""
        return duration_text(self.minutes)

    @property
    def report_site(self) -> str:
        """The venue's form as printed, for a phone without a QR reader («192.168.1.20:8000/
        referto»)."""
        return self.report_url.split("?")[0].removeprefix("http://")

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
