"""The seeded lottery (sorteggio) that breaks a tie no criterion could, and its record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from risiko_xl.draw.rng import Rng


@dataclass(frozen=True)
class LotteryDraw:
    """One recorded lottery: `Rng(seed, *salt)` shuffling `players` (sorted by id) gives
    `order`, which takes `positions` (first to last). `what` says, in Italian, which
    ranking and places it decided."""

    seed: int | str
    salt: tuple[str, ...]
    players: tuple[str, ...]
    order: tuple[str, ...]
    positions: tuple[int, ...]
    what: str

    def describe(self) -> str:
        """One Italian line: what was drawn, among whom, with which seed, the outcome."""
        return (f"{self.what}: sorteggio fra {', '.join(self.players)} (seme {self.seed}) "
                f"→ {', '.join(self.order)}")


def draw_lottery(seed: int | str, context: str, tied: Sequence[str], first_position: int,
                 what: str) -> LotteryDraw:
    """Order `tied` players by lottery. Independent of the input order (ids are sorted
    first) and of the rest of the field (the salt names only the context and the tie)."""
    players = tuple(sorted(tied))
    salt = ("classifica", context, "pari:" + "|".join(players))
    order = list(players)
    Rng(seed, *salt).shuffle(order)
    positions = tuple(range(first_position, first_position + len(players)))
    span = (f"{positions[0]}° posto" if len(positions) == 1
            else f"posti {positions[0]}°-{positions[-1]}°")
    return LotteryDraw(seed, salt, players, tuple(order), positions, f"{what}, {span}")
