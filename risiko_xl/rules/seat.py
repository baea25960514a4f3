"""One player's result at one table, as the referee writes it on the score sheet."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)  # not frozen: built per row in whole-column UDF calls
class Seat:
    """A player's end-of-game record. `points` are objective points, unscaled.

    `eliminated` marks a player knocked out; `elimination` is the order (1 = first out)
    when known. The optional counts feed the seed-000 Art. 26 tie-break chain and the
    box-rule methods. For S.P.Q.RisiKo! (seed 004) `points` are the game's points as
    typed, `coefficient` the potential-points coefficient and `army_value` the army's
    value (both None when not typed: they break ties and `coefficient` adds decimals).
    """

    points: int = 0
    out_points: int | None = None
    order: int | None = None
    risiko: bool = False
    eliminated: bool = False
    elimination: int | None = None
    armies_objective: int | None = None
    armies_total: int | None = None
    cards: int | None = None
    territories_objective: int | None = None
    territories_outside: int | None = None
    coefficient: int | None = None
    army_value: int | None = None
