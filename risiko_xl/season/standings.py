"""A club's season ranking: its rules (`SeasonRules`, typed in the season workbook's
`Regole` as a tournament's formula is in `Formula`) and the standings they give.

What clubs publish as their «ranking interno» is one of three ways of scoring each
tournament — points by final position from a table the club chooses («25, 18, 15, …»),
the tournament's own points, or the national ranking's points — plus points for taking
part, counted over every tournament or the best N, with a minimum number of tournaments
to be ranked, and tie-breaks in the club's order. A tie that no tie-break separates is a
shared place (a season has no draw to decide it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

BY_POSITION, TOURNAMENT_POINTS, NATIONAL = "posizione", "punti torneo", "ranking nazionale"
METHODS = (BY_POSITION, TOURNAMENT_POINTS, NATIONAL)
# tie-breaks: the larger wins, except the best placing (the smaller)
WINS, PLACINGS, BEST, PLAYED, GAMES_WON, NATIONAL_POINTS = (
    "vittorie", "piazzamenti", "miglior piazzamento", "tornei giocati", "partite vinte",
    "punti ranking")
TIE_BREAKS = {
    WINS: "più tornei vinti",
    PLACINGS: "più primi posti, poi più secondi, e così via",
    BEST: "il miglior piazzamento in un torneo",
    PLAYED: "più tornei giocati",
    GAMES_WON: "più partite (tavoli) vinte in tutta la stagione",
    NATIONAL_POINTS: "più punti del ranking nazionale",
}
DEFAULT_TABLE = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)


@dataclass(frozen=True)
class SeasonRules:
    """How the season scores: `method` (one of `METHODS`), `table` the points of the 1st,
    2nd, … place (`BY_POSITION`; later places 0), `presence` the points for each
    tournament played (every one, counted among the best or not), `best_of` the
    tournaments counted (None: all), `minimum` the tournaments needed to be ranked,
    `tie_breaks` in order."""

    method: str = BY_POSITION
    table: tuple[int, ...] = DEFAULT_TABLE
    presence: Fraction = Fraction(0)
    best_of: int | None = None
    minimum: int = 1
    tie_breaks: tuple[str, ...] = (WINS, BEST, PLAYED)


@dataclass(frozen=True)
class Placing:
    """One player's result in one tournament of the season."""

    tournament: int  # the tournament's number in the season
    player: str  # the season's ID
    position: int
    points: Fraction  # the tournament's own points (its Classifica's total)
    games_won: int
    national: Decimal  # the national ranking's points, exact


@dataclass(frozen=True)
class SeasonRow:
    """A line of the season's Classifica; `position` None below the minimum."""

    player: str
    position: int | None
    points: Fraction
    played: int
    counted: tuple[int, ...]  # the tournaments counted, by number
    wins: int
    best: int
    games_won: int
    national: Decimal
    scores: dict[int, Fraction] = field(default_factory=dict)  # each tournament's points
    # (without the presence points, which count for every tournament played)


def score(rules: SeasonRules, placing: Placing) -> Fraction:
    """One tournament's season points under `rules` (the presence points apart)."""
    if rules.method == BY_POSITION:
        return Fraction(rules.table[placing.position - 1]) \
            if placing.position <= len(rules.table) else Fraction(0)
    if rules.method == TOURNAMENT_POINTS:
        return placing.points
    return Fraction(placing.national)


def _key(rules: SeasonRules, row: SeasonRow, placings: Sequence[Placing]) -> tuple[Any, ...]:
    """The sort key of a row: points, then the tie-breaks (larger is better)."""
    parts: list[Any] = [row.points]
    for tie in rules.tie_breaks:
        if tie == WINS:
            parts.append(row.wins)
        elif tie == PLACINGS:
            positions = sorted(p.position for p in placings)
            parts.append((*tuple(-p for p in positions), float("-inf")))
        elif tie == BEST:
            parts.append(-row.best)
        elif tie == PLAYED:
            parts.append(row.played)
        elif tie == GAMES_WON:
            parts.append(row.games_won)
        elif tie == NATIONAL_POINTS:
            parts.append(row.national)
    return tuple(parts)


def season_standings(rules: SeasonRules, placings: Sequence[Placing]) -> list[SeasonRow]:
    """The season's Classifica: ranked players first (equal on points and every
    tie-break: the same place), then those below the minimum, by points, unranked."""
    by_player: dict[str, list[Placing]] = {}
    for p in placings:
        by_player.setdefault(p.player, []).append(p)
    rows: list[SeasonRow] = []
    keys: dict[str, tuple[Any, ...]] = {}
    for player, own in by_player.items():
        scores = {p.tournament: score(rules, p) for p in own}
        # best N: the highest scores, the earlier tournament first among equal ones
        best = sorted(own, key=lambda p: (-scores[p.tournament], p.tournament))
        counted = best if rules.best_of is None else best[:rules.best_of]
        total = sum((scores[p.tournament] for p in counted), Fraction(0)) \
            + rules.presence * len(own)
        row = SeasonRow(player, None, total,
                        len(own), tuple(sorted(p.tournament for p in counted)),
                        sum(1 for p in own if p.position == 1), min(p.position for p in own),
                        sum(p.games_won for p in own), sum((p.national for p in own), Decimal(0)),
                        scores)
        rows.append(row)
        keys[player] = _key(rules, row, own)
    ranked = sorted((r for r in rows if r.played >= rules.minimum),
                    key=lambda r: (*tuple(_neg(x) for x in keys[r.player]), r.player))
    out: list[SeasonRow] = []
    previous: tuple[Any, ...] | None = None
    place = 0
    for i, row in enumerate(ranked, start=1):
        if keys[row.player] != previous:
            place, previous = i, keys[row.player]
        out.append(replace(row, position=place))
    below = sorted((r for r in rows if r.played < rules.minimum),
                   key=lambda r: (-r.points, r.player))
    return out + below


def _neg(value: Any) -> Any:
    """The descending form of a key part (tuples part by part)."""
    if isinstance(value, tuple):
        return tuple(_neg(v) for v in value)
    return -value


def leaders(rules: SeasonRules, placings: Sequence[Placing], order: Sequence[int],
            top: int = 8) -> list[tuple[str, tuple[int | None, ...]]]:
    """The first `top` players of the season's standings after every tournament of
    `order`, with their place after each tournament in turn (None: not yet played; the
    minimum of tournaments aside, so that the first tournaments draw a line too)."""
    every = replace(rules, minimum=1)
    after = []
    for k in range(1, len(order) + 1):
        played = set(order[:k])
        rows = season_standings(every, [p for p in placings if p.tournament in played])
        after.append({r.player: r.position for r in rows})
    final = [p for p, at in sorted(after[-1].items(), key=lambda x: (x[1] is None, x[1] or 0))
             if at is not None][:top] if after else []
    return [(p, tuple(at.get(p) for at in after)) for p in final]
