"""Table points: objective points scaled by table size, in exact integer arithmetic.

Seeds 000 Art. 24 and 003 Art. 23: at a 5-player table objective points are multiplied
by 1.25 and rounded up (21 → 27); seed 001 §7 says the same in thousandths. A 3-player
factor is configurable (default 1; one club formula uses 0.75). The formulas taken from
GestioneTorneo keep its exact value instead (21 → 26,25): they count hundredths of a
point (`parts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from risiko_xl.errors import RisikoError

FIVE_TABLE_FACTOR = Fraction(5, 4)
DEFAULT_FACTORS: Mapping[int, Fraction] = {5: FIVE_TABLE_FACTOR}
MIN_PLAYERS, MAX_PLAYERS = 3, 6


def check_players(players: int) -> int:
    """A table seats 3 to 6 players (the box allows 6; tournaments use 3–5)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RisikoError("un tavolo ha da 3 a 6 giocatori", valore=players)
    return players


def scale(points: int, factor: Fraction, parts: int = 1) -> int:
    """`points` × `factor`, rounded up to 1/`parts` of a point and counted in those parts
    (exact: no floats)."""
    return -(-points * parts * factor.numerator // factor.denominator)


def table_points(points: int, players: int, factors: Mapping[int, Fraction] = DEFAULT_FACTORS,
                 parts: int = 1) -> int:
    """Objective points as they count at a table of `players` (5-table ×1.25 rounded up),
    in 1/`parts` of a point (1: whole points, as the seeds; GestioneTorneo keeps
    hundredths: 21 → 2625 hundredths, 26,25)."""
    if points < 0:
        raise RisikoError("i punti non possono essere negativi", valore=points)
    check_players(players)
    factor = factors.get(players)
    return points * parts if factor is None else scale(points, factor, parts)
