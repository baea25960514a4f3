"""The season's standings as every face shows them (the posts, the room screen, the
chart): plain data built by `services.season` from the season workbook, read by
`publish.season_post`."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction


@dataclass(frozen=True)
class Skipped:
    """A tournament's points a player scored but the season does not count (best N)."""

    value: Fraction | int | Decimal


Value = Fraction | int | Decimal | Skipped | None


@dataclass(frozen=True)
class BoardLine:
    """One player's line: place (None: below the minimum of tournaments), season ID, name,
    club, and a value per column of the board."""

    position: int | None
    player: str
    name: str
    club: str
    values: tuple[Value, ...]


@dataclass(frozen=True)
class SeasonBoard:
    """The season: its name, how many tournaments, the columns (the first `rounds` are
    each tournament's points, «T1», «T2», …), the lines, how its points are made (in
    words), and the leaders' places after each tournament (for the chart)."""

    name: str
    tournaments: int
    columns: tuple[str, ...]
    lines: tuple[BoardLine, ...]
    rounds: int
    rules: str
    leaders: tuple[tuple[str, tuple[int | None, ...]], ...] = ()
