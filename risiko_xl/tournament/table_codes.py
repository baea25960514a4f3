"""The code of a table's score sheet: what a phone sends the table's result with (issue 30,
`risiko-xl sala`). It is valid for one table of one round and phase, seating the players
printed on the sheet, and cannot be made without the tournament's secret, «Chiave
referti» in `Impostazioni` (random, written by the first draw: `ensure_key`), so a code
seen at one table opens no other; nor does a sheet of a table drawn again, or of last
season's workbook used again with other players (adversary 32).

    code = the first 10 letters (base 32) of
           HMAC-SHA256(key, "round|phase|table|ID,ID,…" with the IDs in sorted order)

Typed by hand it is read whatever its case, spaces and dashes (`normal`)."""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Iterable
from typing import Any

from risiko_xl.cells import to_text

REPORT_KEY = "Chiave referti"  # the tournament's secret (not to be published)
VENUE_KEY = "Indirizzo sala"  # where the score sheets' codes send phones (optional)
LENGTH = 10  # letters of base 32: 50 bits
LONGEST_TYPED = 40  # characters a typed code may have, spaces and dashes included
LOOK_ALIKE = str.maketrans("018", "OIB")


def table_code(key: str, round_no: int, phase: str, table: int,
               players: Iterable[str]) -> str:
    """The code of table `table` of round `round_no` in `phase`, seating `players`
    (their IDs, in any order)."""
    seated = ",".join(sorted(players))
    digest = hmac.new(key.encode(), f"{round_no}|{phase}|{table}|{seated}".encode(),
                      hashlib.sha256).digest()
    return base64.b32encode(digest).decode()[:LENGTH]


def normal(typed: str) -> str:
    """A code as typed or read from the QR code, in its own letters (case, spaces and
    dashes aside); '' for anything that cannot be a code."""
    text = "".join(typed[:LONGEST_TYPED].split()).replace("-", "").upper()
    text = text.translate(LOOK_ALIKE)  # base 32 has no 0, 1 or 8: the letters meant
    if len(text) != LENGTH or not all(c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" for c in text):
        return ""
    return text


def shown(code: str) -> str:
    """The code as printed, in two groups for the eye («ABCDE-FGHIJ»)."""
    return f"{code[:5]}-{code[5:]}"


def same(one: str, other: str) -> bool:
    """Whether two codes are the same (in constant time)."""
    return hmac.compare_digest(one.encode(), other.encode())


def report_key(settings: dict[str, Any]) -> str | None:
    """The tournament's secret, None before its first draw."""
    return to_text(settings.get(REPORT_KEY)) or None
