"""Italian wording shared by the standings and phases: ordinals, points, player names."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from risiko_xl.standings.model import Entrant


def ordinal(n: int) -> str:
    """'3°'."""
    return f"{n}°"


def points(value: Fraction | int) -> str:
    """Points with a decimal comma, exact: 1,048 (thousandths show 3 decimals), 115, 0,5."""
    q = Fraction(value)
    if q.denominator == 1:
        return str(q.numerator)
    if (q * 1000).denominator == 1:
        decimals = 3
    else:  # finer exact values keep their digits; anything else is rounded to 3 decimals
        decimals = next((d for d in (4, 5, 6) if (q * 10**d).denominator == 1), 3)
    sign = "-" if q < 0 else ""
    scaled = abs(q) * 10**decimals
    whole = scaled.numerator * 2 + scaled.denominator  # round half up on the last decimal
    digits = str(whole // (2 * scaled.denominator)).rjust(decimals + 1, "0")
    return f"{sign}{digits[:-decimals]},{digits[-decimals:]}"


def name_of(player: str, entrants: Mapping[str, Entrant]) -> str:
    """The entrant's name when known, else the id."""
    entrant = entrants.get(player)
    return entrant.name.strip() if entrant is not None and entrant.name.strip() else player
