"""A formula's draw settings for the draw engine (what the column draw, the CLI and the
workbook ask before drawing a round).

The draw settings of a formula ("formula": a preset name such as "master", or the path of
a user's formula file) come from its `DrawRules` and table policy; a formula with
variants (eagles) is resolved by the number of players at the first round's draw. The
engine (`risiko_xl.draw`) knows nothing of formulas: this module, above it, turns a
formula into a `DrawInput`. Excel cells are read elsewhere (`risiko_xl.excel.draw_columns`):
this module sees only `Player`s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from risiko_xl.draw.model import DrawInput, Player
from risiko_xl.formulas.loader import load
from risiko_xl.formulas.model import Formula
from risiko_xl.formulas.variants import resolve


@dataclass(frozen=True)
class Preset:
    """What a formula asks of the draw engine."""

    criteria: tuple[str, ...]
    procedure: str = "optimise"
    policy: str = "standard"
    repeat_weighting: str = "flat"


def _formula(formula: str | Formula) -> Formula:
    return formula if isinstance(formula, Formula) else load(formula)


def preset(formula: str | Formula, players: int | None = None,
           round_no: int | None = None) -> Preset:
    """The draw settings of `formula` (a preset name, case-insensitive, or a formula file).

    `players`: players at the first round's draw, which picks the variant of a formula
    with variants (the first variant when not given); `round_no` 1 uses the formula's
    `first_round` procedure when it has one.
    """
    chosen = _formula(formula)
    if chosen.variants:
        chosen = resolve(chosen, players)[0] if players is not None else \
            chosen.variants[0].formula
    rules = chosen.draw
    procedure = rules.first_round if round_no == 1 and rules.first_round else rules.procedure
    return Preset(tuple(rules.criteria), procedure, chosen.policy, rules.repeat_weighting)


def draw_input(players: Sequence[Player], seed: int | str, round_no: int, chosen: Preset,
               policy: str | None = None) -> DrawInput:
    """The engine's input for `players` under a formula's draw settings; region
    separation is dropped when nobody has a region."""
    criteria = chosen.criteria
    if all(p.region is None for p in players):
        criteria = tuple(c for c in criteria if c != "region")
    return DrawInput(players=tuple(players), seed=seed, round_no=round_no,
                     policy=policy or chosen.policy, criteria=criteria,
                     procedure=chosen.procedure, repeat_weighting=chosen.repeat_weighting)


def first_round_players(rows: Sequence[Player | None], round_no: int) -> int:
    """Players at the first round's draw (what picks a formula's variant): those now,
    in round 1; later, those with a round-1 table (all of them if none has history)."""
    players = [p for p in rows if p is not None]
    if round_no == 1:
        return len(players)
    first = sum(1 for p in players if p.history and p.history[0] is not None)
    return first or len(players)
