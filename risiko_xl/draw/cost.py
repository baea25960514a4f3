"""The one cost model of the draw: a schedule of free rounds after fixed ones.

A draw seats the players in one or more *free* rounds; the rounds already drawn are
*fixed*: they are the history of the `Instance` and enter the cost only through it. The
round-by-round draw is one free round after every earlier round fixed; joint planning
(`sorteggia --tutti`) is every round free, none fixed; the greedy start of a plan is one
round at a time, the rounds before it fixed.

The cost, a non-negative integer, is the criteria folded lexicographically (weights so
large that a unit of a higher-priority criterion outweighs the worst total of all lower
ones, so minimising the sum is minimising the criteria tuple in order):

- size criterion (five_repeat, three_repeat; 001 §8 criterion 1, 000 Art. 5): each seat
  at such a table costs the player's seats there in the fixed rounds (their count) plus
  those in the other free rounds, i.e. k free seats cost k·fixed + C(k, 2);
- key criterion (winners, club, region; 001 §8 criteria 2-3): each same-key pair at a
  table in a free round costs 1;
- repeat (001 §8 criterion 4): each meeting in a free round costs the pair's fixed
  meetings (1 when they met, however often — the criterion counts pairs; with the
  «recent» weighting the round they last met) plus their meetings in the other free
  rounds, i.e. k free meetings cost k·fixed + C(k, 2): zero exactly when nobody meets
  anyone twice.

With one free round the quadratic parts vanish and the cost is each criterion's value
on the seating (`criteria.evaluate`). The search (`optimise`) reads it as a static cost
per pair (`aff`, `big_keys`) and per seat (`size_cost`), plus `repeat_w` and `size_w`
per meeting and seat in the other free rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from risiko_xl.draw.bounds import comb2
from risiko_xl.draw.criteria import KEY_CRITERIA, NO_KEY, SIZE_CRITERIA, Instance

# Key groups larger than this are matched by comparing keys instead of being expanded
# into per-player partner dicts (keeps memory linear for e.g. two huge regions).
_BIG_GROUP = 96


@dataclass
class CostModel:
    """Weighted costs of seating the players of one instance in `free_rounds` rounds."""

    n: int
    weights: dict[str, int]  # criterion -> lexicographic weight
    aff: list[dict[int, int]]  # player -> {partner: weighted cost of one meeting}
    big_keys: list[tuple[int, list[int]]]  # (weight, keys) for key groups not in aff
    size_cost: dict[int, list[int]]  # table size -> weighted fixed seats of each player
    size_w: dict[int, int]  # table size -> weight of a seat there in another free round
    repeat_w: int  # weight of a meeting in another free round (0 without «repeat»)
    free_rounds: int = 1
    span: int = 0  # largest possible weighted total (a weight above it outranks all)

    def pair(self, a: int, b: int) -> int:
        """Cost of one meeting of a and b, before their meetings in other free rounds."""
        c = self.aff[a].get(b, 0)
        for w, keys in self.big_keys:
            k = keys[a]
            if k != NO_KEY and k == keys[b]:
                c += w
        return c

    def seat(self, p: int, size: int) -> int:
        """Cost of one seat of p at a `size`-table, before their other free rounds."""
        costs = self.size_cost.get(size)
        return costs[p] if costs is not None else 0

    def total(self, rounds: Sequence[Sequence[Sequence[int]]]) -> int:
        """Cost of free rounds `rounds` (each a list of tables of player indices)."""
        cost = 0
        meets: dict[tuple[int, int], int] = {}
        seats: dict[tuple[int, int], int] = {}
        for tables in rounds:
            for t in tables:
                for i, a in enumerate(t):
                    cost += self.seat(a, len(t))
                    if len(t) in self.size_w:
                        seats[a, len(t)] = seats.get((a, len(t)), 0) + 1
                    for b in t[i + 1 :]:
                        cost += self.pair(a, b)
                        if self.repeat_w:
                            key = (a, b) if a < b else (b, a)
                            meets[key] = meets.get(key, 0) + 1
        cost += self.repeat_w * sum(comb2(m) for m in meets.values())
        cost += sum(self.size_w[size] * comb2(k) for (_, size), k in seats.items())
        return cost


def lexicographic_weights(upper: dict[str, int], criteria: Sequence[str]) -> dict[str, int]:
    """Weights w_i > sum_{j lower} w_j * upper_j, lowest priority weight 1."""
    weights: dict[str, int] = {}
    acc = 0
    for c in reversed(criteria):
        w = acc + 1
        weights[c] = w
        acc += w * upper[c]
    return weights


def build_model(
    inst: Instance,
    criteria: Sequence[str],
    sizes: Sequence[int],
    repeat_weighting: str = "flat",
    free_rounds: int = 1,
) -> CostModel:
    """Cost model for seating the players of `inst` at tables `sizes` in `free_rounds`
    rounds after the rounds of its history (see the module docstring)."""
    n = inst.n
    rounds = free_rounds
    max_pairs = sum(comb2(s) for s in sizes)
    recent = repeat_weighting == "recent"
    upper: dict[str, int] = {}
    for c in criteria:  # the largest value each criterion can take
        if c in SIZE_CRITERIA:
            upper[c] = rounds * sum(inst.counts[SIZE_CRITERIA[c]]) + n * comb2(rounds)
        elif c == "repeat":
            fixed = max(1, inst.round_no - 1) if recent else 1
            upper[c] = max_pairs * (rounds * fixed + comb2(rounds))
        else:
            upper[c] = max_pairs * rounds
    weights = lexicographic_weights(upper, criteria)
    aff: list[dict[int, int]] = [{} for _ in range(n)]
    big: list[tuple[int, list[int]]] = []
    size_cost: dict[int, list[int]] = {}
    for c in criteria:
        w = weights[c]
        if c in SIZE_CRITERIA:
            size_cost[SIZE_CRITERIA[c]] = [w * x for x in inst.counts[SIZE_CRITERIA[c]]]
        elif c in KEY_CRITERIA:
            groups: dict[int, list[int]] = {}
            for p, k in enumerate(inst.keys[c]):
                if k != NO_KEY:
                    groups.setdefault(k, []).append(p)
            big_keys = [NO_KEY] * n
            has_big = False
            for k, members in groups.items():
                if len(members) > _BIG_GROUP:
                    has_big = True
                    for p in members:
                        big_keys[p] = k
                    continue
                for a in members:
                    da = aff[a]
                    for b in members:
                        if a != b:
                            da[b] = da.get(b, 0) + w
            if has_big:
                big.append((w, big_keys))
        elif c == "repeat":
            source = inst.met_recent if recent else inst.met
            for a in range(n):
                da = aff[a]
                for b, m in source[a].items():
                    da[b] = da.get(b, 0) + w * m
    size_w = {SIZE_CRITERIA[c]: weights[c] for c in criteria if c in SIZE_CRITERIA}
    return CostModel(
        n=n,
        weights=weights,
        aff=aff,
        big_keys=big,
        size_cost=size_cost,
        size_w=size_w,
        repeat_w=weights.get("repeat", 0),
        free_rounds=rounds,
        span=sum(weights[c] * upper[c] for c in weights),
    )


def weighted_target(model: CostModel, bounds: dict[str, int]) -> tuple[int, int]:
    """(weighted total, weighted size part) of the criteria's lower bounds: the search
    stops when it reaches the total, and stops chasing seat costs at the size part."""
    total = sum(model.weights[c] * bounds[c] for c in model.weights)
    seat = sum(model.weights[c] * bounds[c] for c in model.weights if c in SIZE_CRITERIA)
    return total, seat
