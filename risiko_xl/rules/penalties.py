"""Penalties in table points (000 Art. 6/19/24, 003 Art. 5/18/23/26).

They are summed here and charged by the scoring method, which never lets a score go
below zero.
"""

from __future__ import annotations

from risiko_xl.errors import RisikoError
from risiko_xl.rules.game import armies_over_limit

UNDECLARED_OBJECTIVE = 50  # completed objective not declared at once
SECOND_FORGOTTEN_SDADATA = 4  # the first forgotten roll is a verbal warning
PER_ARMY_OVER_LIMIT = 1


def penalty_points(
    undeclared_objective: bool = False,
    forgotten_sdadata: int = 0,
    armies_on_board: int = 0,
    referee: int = 0,
) -> int:
    """Total table points to subtract for one player in one game.

    `forgotten_sdadata` counts forgotten rolls: the first is a warning, each later one
    costs 4. `referee` is the referee's discretionary penalty.
    """
    if forgotten_sdadata < 0 or armies_on_board < 0 or referee < 0:
        raise RisikoError("le penalità non possono essere negative")
    return (
        UNDECLARED_OBJECTIVE * bool(undeclared_objective)
        + SECOND_FORGOTTEN_SDADATA * max(0, forgotten_sdadata - 1)
        + PER_ARMY_OVER_LIMIT * armies_over_limit(armies_on_board)
        + referee
    )
