"""What the posts, the score sheets and the charts show of a tournament, as plain data.

`services.publication.post_source` reads it once from the workbook; `publish` builds
every post, score sheet and chart from it and reads no workbook itself. Values a post may
refuse (a bad «Nomi nei post», «Indirizzo pubblicazione», «Logo», «Durata partita», a bad
«Ordine») are kept as typed, with their rows, so that each is checked only by the output
that prints it (a bad address never stops a forum post).

Imports only the core model: no workbook, no pandas.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

from risiko_xl.formulas.model import Formula
from risiko_xl.standings.model import Entrant, GameResult

GameKey = tuple[int, str, int]  # (round, phase, game table number)


@dataclass(frozen=True)
class SeatedPlayer:
    """One `Risultati` row: a player at a game table. `typed`: the game's result is typed
    on this row; `position`: the computed «Posizione» ('' before the result); `order`:
    «Ordine» as typed (None when blank or when the column is absent)."""

    row: int
    player: str
    typed: bool
    position: str = ""
    order: str | None = None


@dataclass(frozen=True)
class RankLine:
    """One line of a ranking as the workbook shows it: `position` as printed («3=»,
    «rit.», «16 (sorteggio)»), `place` its number, `values` in the order of the
    ranking's `columns`; `dropped` the rounds whose result the standings do not count
    (003 Art. 2)."""

    player: str
    position: str
    place: int | None
    values: tuple[Fraction | int | Decimal | str | None, ...]
    dropped: tuple[int, ...] = ()


@dataclass(frozen=True)
class RankList:
    """A ranking: the standings after a round (its first `rounds` columns are T1, T2, …)
    or the final ranking (`identity`: players shown by their real name); `note`: a line
    that explains its order, shown under it."""

    columns: tuple[str, ...]
    lines: tuple[RankLine, ...]
    rounds: int = 0
    identity: bool = False
    note: str | None = None


@dataclass(frozen=True)
class QualifierLine:
    """One `Qualificati` row as typed (`round_no` and `player` as text, None if blank;
    `rank` the «Pos. classifica», None when blank or not a number)."""

    round_no: str | None
    phase: str
    game_table: str
    player: str | None
    name: str
    club: str
    reason: str
    rank: float | None = None


@dataclass(frozen=True)
class DrawLine:
    """One `Sorteggi` row: a draw (its certificate when `fingerprint` is set) or a
    standings lottery. `phase` as typed, `game_phase` the phase it names (None when
    blank); `procedure` in Italian; `when` the «Data e ora» cell as typed."""

    row: int
    round_no: str
    phase: str | None
    game_phase: str | None
    seed: str
    fingerprint: str | None
    engine: str
    procedure: str
    quality: str
    note: str
    when: Any = None


@dataclass(frozen=True)
class CalendarLine:
    """One `Calendario` row with a date: when a round (of `phase`, or of any phase when
    None) is played; `date` and `time` as typed."""

    row: int
    round_no: str | None
    phase: str | None
    date: Any
    time: Any = None


@dataclass(frozen=True)
class PostSource:
    """A tournament as posts, score sheets and charts show it (see the module)."""

    name: str
    formula: Formula
    entrants: tuple[Entrant, ...]
    results: tuple[GameResult, ...]
    games: dict[GameKey, tuple[SeatedPlayer, ...]]  # in sheet order
    settings: dict[str, Any]
    setting_rows: dict[str, int]
    phase_titles: dict[str, str]
    standings: dict[int, RankList]  # after each preliminary round with a result
    final: RankList | None = None  # once ClassificaFinale is written and all is played
    qualifiers: tuple[QualifierLine, ...] = ()
    draws: tuple[DrawLine, ...] = ()
    calendar: tuple[CalendarLine, ...] = ()
    folder: Path | None = None  # the workbook's folder (a relative «Logo» starts there)
    variant: str = ""  # the formulation the first draw chose (003 Art. 2), "" without
    first_field: int | None = None  # the players of round 1's first draw (what chose it)
    venue: str = ""  # the venue's address for phones (`risiko_xl.venue`), "" without codes

    @cached_property
    def by_id(self) -> dict[str, Entrant]:
        return {e.id: e for e in self.entrants}

    @property
    def rounds(self) -> list[int]:
        """The rounds drawn, in order."""
        return sorted({key[0] for key in self.games})

    def round_played(self, round_no: int) -> bool:
        """Whether every game of `round_no` has its result typed."""
        return all(s.typed for key, seats in self.games.items() if key[0] == round_no
                   for s in seats)

    def round_blank(self, round_no: int) -> bool:
        """Whether no result of `round_no` is typed yet."""
        return not any(s.typed for key, seats in self.games.items() if key[0] == round_no
                       for s in seats)

    def phase_title(self, phase: str) -> str:
        """The phase as every sheet and post names it (the playoff «Ripescaggio» where
        the formula calls it so, 003 Art. 2)."""
        return self.phase_titles.get(phase, phase)
