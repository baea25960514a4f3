"""Plain data of the draw engine: players, draw inputs, results and quality figures."""

from __future__ import annotations

from dataclasses import dataclass, field

from risiko_xl import __version__ as _PACKAGE_VERSION

ENGINE_VERSION = "1.3"
# 1.3 hands a club-size round the search leaves above a bound to the exact solver
# (`exact`); where the solver is absent (WebAssembly) a draw is the search's alone and
# names itself so, since the two may seat differently.
SEARCH_ONLY_VERSION = f"{ENGINE_VERSION}-ricerca"
# Earlier engine versions whose round-by-round draws and repairs `verify` replays, with
# their version in the fingerprint: draws are seated the same since 1.0 (1.1 changed only
# the joint plan) by the search alone; 1.2 changed how a repair picks the tables that
# grow, shrink or go, and numbers them as a draw does, so a repair of 1.0 or 1.1 is
# replayed their way (`repair.FIRST_TABLES_REPAIRS`).
SAME_DRAWS_AS: tuple[str, ...] = ("1.0", "1.1", "1.2", SEARCH_ONLY_VERSION)
# Earlier versions whose joint plans of every round (`sorteggia --tutti`) this one seats
# the same; a plan of another version is reported as drawn by it, not replayed.
SAME_PLANS_AS: tuple[str, ...] = ("1.1", "1.2")


def full_engine_version(version: str = ENGINE_VERSION) -> str:
    """The engine as `Sorteggi` records it («risiko_xl.draw 1.3 (risiko_xl 0.1.0)»)."""
    return f"risiko_xl.draw {version} (risiko_xl {_PACKAGE_VERSION})"


FULL_ENGINE_VERSION = full_engine_version()

DEFAULT_CRITERIA: tuple[str, ...] = ("five_repeat", "winners", "club", "repeat")


@dataclass(frozen=True)
class Player:
    """One player to seat.

    `history[r]` is the table number the player sat at in round r+1 (None = absent).
    `fives`/`threes` override the count of earlier 5-/3-table seats, which is otherwise
    derived from `history` and the table sizes seen in the input. `winner` = won their
    table in the previous round. Blank club/region ("" or None) never match anyone.
    """

    id: str
    club: str | None = None
    region: str | None = None
    history: tuple[int | None, ...] = ()
    winner: bool = False
    fives: int | None = None
    threes: int | None = None


@dataclass(frozen=True)
class DrawInput:
    """Everything a draw depends on.

    `criteria`: criterion names, highest priority first (minimised lexicographically).
    `procedure`: "optimise" (plain lexicographic local search) or "cinquisti"
    (seed 001 §8: cinquisti fixed first, the rest optimised, cinquisti swapped last).
    `repeat_weighting`: "flat" (every earlier meeting counts 1) or "recent" (a meeting
    in round r weighs r, so older meetings cost less; the reported value stays flat).
    `effort`: multiplier of the deterministic search budget (never wall-clock time).
    """

    players: tuple[Player, ...]
    seed: int | str
    round_no: int | None = None
    policy: str = "standard"
    criteria: tuple[str, ...] = DEFAULT_CRITERIA
    procedure: str = "optimise"
    repeat_weighting: str = "flat"
    effort: int = 1


@dataclass(frozen=True)
class QualityItem:
    """One criterion's value in the drawn seating and its lower bound."""

    criterion: str
    value: int
    lower_bound: int
    exact: bool = False  # the bound is a minimum every draw can reach (`bounds.exact`)
    proved: bool = False  # the exact solver proved the value optimal (`exact.prove`)

    @property
    def at_bound(self) -> bool:
        return self.value <= self.lower_bound


def at_bounds(quality: list[QualityItem]) -> bool:
    """Every figure at a lower bound of its optimum: nothing can do better."""
    return all(q.at_bound for q in quality)


@dataclass(frozen=True)
class DrawResult:
    """Tables (ids, ordered by table number 1..T), provenance and quality report."""

    tables: list[list[str]]
    seed: int | str
    fingerprint: str
    engine_version: str
    quality: list[QualityItem]
    round_no: int
    procedure: str = "optimise"
    notes: list[str] = field(default_factory=list)
    cinquisti: tuple[str, ...] = ()  # seed 001 §8 a): the players drawn for the 5-tables
    # why the exact solver did not settle a figure above its bound («» when none is)
    unproved_why: str = ""

    def table_of(self) -> dict[str, int]:
        """id -> table number (1-based)."""
        return {pid: t + 1 for t, table in enumerate(self.tables) for pid in table}

    @property
    def optimal(self) -> bool:
        """Every criterion at a lower bound of its optimum: the draw is proved optimal."""
        return at_bounds(self.quality)

    def quality_dict(self) -> dict[str, tuple[int, int]]:
        """criterion -> (value, lower bound)."""
        return {q.criterion: (q.value, q.lower_bound) for q in self.quality}
