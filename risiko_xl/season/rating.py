"""A strength rating over the season's games, beside the points: never read by a draw, a
qualification or a tie-break, which the regulations fix; shown so that a club sees who
plays well whatever the evenings they came to.

Each table is a game of 3 to 5 players ranked by their place at it, rated in the order
played with openskill's Plackett–Luce model (a Bayesian multiplayer rating, Weng & Lin
2011: each player a skill μ, 25 at the start, and its uncertainty σ, 25/3). The rating
shown is the «ordinal» μ − 3σ, which starts at 0 and rises as a player beats others and
the uncertainty shrinks, so that one lucky evening does not top the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating


@dataclass(frozen=True)
class Strength:
    """A player's rating after the season's games: skill, uncertainty, and the ordinal."""

    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def ratings(games: Iterable[Sequence[tuple[str, int]]]) -> dict[str, Strength]:
    """Each player's rating after `games`, in the order played: each a table's (player,
    place at the table); a table of fewer than two players is no game."""
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    played: dict[str, int] = {}
    for table in games:
        players = [player for player, _ in table]
        if len(set(players)) < 2 or len(set(players)) < len(players):
            continue
        teams = [[current.get(p) or model.rating(name=p)] for p in players]
        rated = model.rate(teams, ranks=[float(place) for _, place in table])
        for player, (rating,) in zip(players, rated):
            current[player] = rating
            played[player] = played.get(player, 0) + 1
    return {p: Strength(r.mu, r.sigma, played[p]) for p, r in current.items()}
