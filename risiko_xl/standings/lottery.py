"""The seeded lottery (sorteggio) that breaks a tie no criterion could, and its record.

One lottery per set of tied players, drawn once and reused (seeds 000 Art. 2, 003 Art. 2:
«sorteggio» is the last criterion; the referee's audit: once drawn, the same players keep
the drawn order). `Lotteries` keeps every order known in a tournament, those recorded in
`Sorteggi` first: a tie among players a known order covers takes that order (restricted
to them: later standings, qualification lines, the final ranking); only a new set of
tied players is drawn, seeded by the tournament seed and that set alone, and it keeps
the order of any earlier lottery among some of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from risiko_xl.draw.rng import Rng


@dataclass(frozen=True)
class LotteryDraw:
    """One lottery: `Rng(seed, *salt)` shuffling `players` (sorted by id) gives `order`
    (unless earlier lotteries among some of them fixed their order), which takes
    `positions` (first to last). `what` says, in Italian, which ranking and places it
    decided; `reused`: the order comes from an earlier lottery (not drawn again), whose
    whole order is `source` (for a new draw: its own order)."""

    seed: int | str
    salt: tuple[str, ...]
    players: tuple[str, ...]
    order: tuple[str, ...]
    positions: tuple[int, ...]
    what: str
    reused: bool = False
    source: tuple[str, ...] = ()

    def describe(self, decides: str = "") -> str:
        """One Italian line: what was drawn, among whom, with which seed, the outcome
        (last, after «→», so that `recorded_order` reads it back); `decides`: the round
        whose line it decides."""
        where = f" ({decides})" if decides else ""
        return (f"{self.what}{where}: sorteggio fra {', '.join(self.players)} "
                f"(seme {self.seed}) → {', '.join(self.order)}")


def recorded_order(note: str) -> tuple[str, ...]:
    """The drawn order written by `LotteryDraw.describe` (empty if the note has none)."""
    if " → " not in note:
        return ()
    return tuple(p.strip() for p in note.rsplit(" → ", 1)[1].split(",") if p.strip())


def span(positions: Sequence[int]) -> str:
    return (f"{positions[0]}° posto" if len(positions) == 1
            else f"posti {positions[0]}°-{positions[-1]}°")


def draw_lottery(seed: int | str, context: str, tied: Sequence[str], first_position: int,
                 what: str) -> LotteryDraw:
    """Order `tied` players by lottery. Independent of the input order (ids are sorted
    first) and of the rest of the field (the salt names only the context and the tie).
    (Team standings; the players' standings use `Lotteries`.)"""
    players = tuple(sorted(tied))
    salt = ("classifica", context, "pari:" + "|".join(players))
    order = list(players)
    Rng(seed, *salt).shuffle(order)
    positions = tuple(range(first_position, first_position + len(players)))
    return LotteryDraw(seed, salt, players, tuple(order), positions,
                       f"{what}, {span(positions)}")


class Lotteries:
    """The lotteries of one tournament's standings, each drawn once.

    `known`: orders drawn before (recorded in `Sorteggi`), oldest first; `drawn`: the
    lotteries this registry drew (to record), in the order they were drawn."""

    def __init__(self, seed: int | str, known: Iterable[Sequence[str]] = ()) -> None:
        self.seed = seed
        self.known: list[tuple[str, ...]] = []
        self.drawn: list[LotteryDraw] = []
        self._sets: list[frozenset[str]] = []
        self._of: dict[str, list[int]] = {}  # player -> indices of the known orders
        for order in known:
            if len(order) > 1:
                self._know(tuple(order))

    def _know(self, order: tuple[str, ...]) -> None:
        i = len(self.known)
        self.known.append(order)
        self._sets.append(frozenset(order))
        for pid in order:
            self._of.setdefault(pid, []).append(i)

    def draw(self, tied: Sequence[str], first_position: int, what: str) -> LotteryDraw:
        """The order of `tied` (placed from `first_position`): a known lottery's when one
        covers them all, else a new draw keeping earlier lotteries' partial orders."""
        players = tuple(sorted(tied))
        members = frozenset(players)
        salt = ("classifica", "pari:" + "|".join(players))
        positions = tuple(range(first_position, first_position + len(players)))
        label = f"{what}, {span(positions)}"
        related = sorted({i for pid in players for i in self._of.get(pid, ())})
        for i in related:
            if members <= self._sets[i]:
                known = self.known[i]
                order = tuple(p for p in known if p in members)
                return LotteryDraw(self.seed, salt, players, order, positions, label, True,
                                   known)
        drawn = list(players)
        Rng(self.seed, *salt).shuffle(drawn)
        for i in related:  # an earlier lottery among some of them still holds
            inside = [p for p in self.known[i] if p in members]
            if len(inside) > 1:
                slots = sorted(drawn.index(p) for p in inside)
                for slot, pid in zip(slots, inside):
                    drawn[slot] = pid
        draw = LotteryDraw(self.seed, salt, players, tuple(drawn), positions, label,
                           source=tuple(drawn))
        self._know(draw.order)
        self.drawn.append(draw)
        return draw
