"""One table, end to end: placement, table points and tournament points for every seat.

The table is ordered by what its method scores (`Method.rank_points`) and checked as its
game says (`Method.game`: the map total only in classic RisiKo!).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.rules.methods import Method, method
from risiko_xl.rules.placement import CHAIN_MASTER, Placement, TieError, place, tie_break
from risiko_xl.rules.points import check_players
from risiko_xl.rules.seat import Seat


@dataclass(frozen=True)
class TableScore:
    """Results per seat, in input order."""

    method: Method
    players: int
    placement: Placement
    table_points: tuple[Fraction, ...]  # exact (26,25 where the method keeps decimals)
    numerators: tuple[int, ...]
    tie_breaks: tuple[str, ...] = ()  # per seat: what broke a tie on the table's value

    @property
    def positions(self) -> tuple[int, ...]:
        return self.placement.positions

    @property
    def points(self) -> tuple[Fraction, ...]:
        """Tournament points, exact."""
        return tuple(self.method.value(n) for n in self.numerators)


def score_table(
    seats: Sequence[Seat],
    players: int | None = None,
    scoring: str | Method = "millesimi",
    criteria: Sequence[str] = CHAIN_MASTER,
    penalties: Sequence[int] | None = None,
) -> TableScore:
    """Place and score one table. `players` defaults to the number of seats given."""
    m = method(scoring)
    n = check_players(len(seats) if players is None else players)
    if len(seats) > n:
        raise RisikoError(f"{len(seats)} righe per un tavolo da {n} giocatori", valore=len(seats))
    penalties = penalties or [0] * len(seats)
    values = []
    for i, seat in enumerate(seats):  # the quantity the method scores orders the table
        try:
            values.append(m.rank_points(seat, n))
        except RisikoError as err:
            raise RuleError.of(err, seat=i + 1) from None
    placement = place(seats, criteria, values, m.game, n)
    winner_points = m.winner_points(seats[placement.positions.index(1)], n)
    numerators = []
    for i, seat in enumerate(seats):
        try:
            numerators.append(m.score(seat, n, placement.positions[i], placement.group_sizes[i],
                                      winner_points, penalties[i]))
        except RisikoError as err:
            tie = placement.tie_of(i)
            if tie is not None:  # the tied places are worth different points
                raise TieError(f"{err.messaggio} ({tie.reason.removeprefix('parità: ')})", tie,
                               placement.positions[i], seat=i + 1) from None
            raise RuleError.of(err, seat=i + 1) from None
    breaks = tuple("" if c is None else tie_break(seat, c) for seat, c in zip(
        seats, (placement.decided_by(i) for i in range(len(seats)))))
    return TableScore(m, n, placement, tuple(m.table_value(s, n) for s in seats),
                      tuple(numerators), breaks)
