"""Each player's preliminary games as integer arrays, built once for every round's
standings.

Points are scaled to integers by the common denominator of all results (1000 for
thousandths), so sums and sorts never touch Fraction arithmetic.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import accumulate
from typing import Any

EMPTY: list[Any] = []  # shared and never written: "nothing recorded yet"


class Player:
    """One player's preliminary games, indexed by round - 1 (None: not played)."""

    __slots__ = ("best", "first", "id", "out", "pos", "prefix", "pts", "risiko", "table",
                 "vals", "withdrawn")

    def __init__(self, pid: str, first: int, withdrawn: bool, rounds: int) -> None:
        self.id = pid
        self.first = first  # first round the player belongs to the standings
        self.withdrawn = withdrawn
        self.vals: list[int | None] = [None] * rounds  # scaled points
        self.pts: list[Fraction | None] = [None] * rounds  # the points as given (Fractions)
        self.pos: list[int | None] = [None] * rounds
        self.risiko: list[bool] = EMPTY  # per round, allocated at the first RisiKo!
        self.out: list[int] = EMPTY  # per round, allocated at the first point
        self.table: list[Fraction] = EMPTY  # table points per round, at the first point
        self.prefix: list[int] = []  # prefix[u]: sum of the first u rounds
        self.best: list[tuple[int, ...]] = []  # best[u]: the best results of the first u

    def finish(self, keep: int) -> None:
        """Once `vals` is filled: the prefix sums of the scaled points, and after each
        round the `keep` best results so far, best first (a missed round counts 0)."""
        values = [v or 0 for v in self.vals]
        self.prefix = [0, *accumulate(values)]
        best: list[tuple[int, ...]] = [()]
        self.best = best
        if keep == 1:
            best += ((top,) for top in accumulate(values, max))
            return
        top: list[int] = []
        for value in values:
            top.append(value)
            top.sort(reverse=True)
            del top[keep:]
            best.append(tuple(top))
