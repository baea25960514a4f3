"""The draw's one cost model and one search (`draw.cost`, `draw.optimise`): with one free
round the cost is each criterion's value on the seating, weighted lexicographically; with
several, seats and meetings in the other free rounds add C(k, 2); the search keeps every
player's cost up to date through its swaps (what its move deltas read)."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from risiko_xl.draw import DrawInput, Player
from risiko_xl.draw.cost import build_model
from risiko_xl.draw.criteria import build_instance, evaluate
from risiko_xl.draw.optimise import _Schedule, local_search
from risiko_xl.draw.rng import Rng
from risiko_xl.draw.sizes import table_sizes

CRITERIA = ("five_repeat", "three_repeat", "winners", "club", "repeat")


def _instance(n: int, rounds: int, seed: int):
    rng = random.Random(seed)
    players = tuple(Player(f"P{i:02d}", club=rng.choice("AB") if i % 3 else None,
                           history=tuple(rng.randint(1, n // 4) for _ in range(rounds)),
                           winner=rng.random() < 0.3) for i in range(n))
    return build_instance(DrawInput(players=players, seed=seed))


def _seating(n: int, sizes: list[int], rng: random.Random) -> list[list[int]]:
    order = list(range(n))
    rng.shuffle(order)
    out, at = [], 0
    for s in sizes:
        out.append(order[at:at + s])
        at += s
    return out


@given(st.integers(9, 30), st.integers(0, 3), st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_one_free_round_costs_the_weighted_criteria(n, rounds, seed):
    inst = _instance(n, rounds, seed)
    sizes = table_sizes(n, "standard")
    model = build_model(inst, CRITERIA, sizes)
    tables = _seating(n, sizes, random.Random(seed))
    assert model.total([tables]) == sum(model.weights[c] * evaluate(inst, tables, c)
                                        for c in CRITERIA)


@given(st.integers(12, 26), st.integers(2, 4), st.integers(0, 10**6))
@settings(max_examples=20, deadline=None)
def test_free_rounds_add_c_k_2_and_swaps_keep_every_cost(n, free, seed):
    inst = _instance(n, 0, seed)
    sizes = table_sizes(n, "quattro_tre" if n % 2 else "standard")
    criteria = ("five_repeat", "three_repeat", "club", "repeat")
    model = build_model(inst, criteria, sizes, free_rounds=free)
    rng = random.Random(seed)
    rounds = [_seating(n, sizes, rng) for _ in range(free)]
    meet: dict[tuple[int, int], int] = {}
    for tables in rounds:
        for t in tables:
            for a, b in combinations(sorted(t), 2):
                meet[a, b] = meet.get((a, b), 0) + 1
    club = sum(evaluate(inst, tables, "club") for tables in rounds)
    seats = {size: [sum(1 for tables in rounds for t in tables if len(t) == size and p in t)
                    for p in range(n)] for size in (5, 3)}
    w = model.weights
    assert model.total(rounds) == (
        w["club"] * club + w["repeat"] * sum(m * (m - 1) // 2 for m in meet.values())
        + w["five_repeat"] * sum(k * (k - 1) // 2 for k in seats[5])
        + w["three_repeat"] * sum(k * (k - 1) // 2 for k in seats[3]))
    s = _Schedule(rounds, model, None, 0)
    for _ in range(40):
        r = rng.randrange(free)
        t1, t2 = rng.sample(range(len(sizes)), 2)
        s.swap(r, rng.choice(s.rounds[r][t1]), rng.choice(s.rounds[r][t2]))
    fresh = _Schedule(s.rounds, model, None, 0)
    assert s.pcost == fresh.pcost
    assert s.seats == fresh.seats
    assert [{b: c for b, c in d.items() if c} for d in s.cm] == [
        {b: c for b, c in d.items() if c} for d in fresh.cm]


def test_the_search_never_returns_a_costlier_schedule():
    inst = _instance(13, 0, 5)
    sizes = table_sizes(13, "standard")
    criteria = ("five_repeat", "club", "repeat")
    model = build_model(inst, criteria, sizes, free_rounds=3)
    rng = random.Random(5)
    start = [_seating(13, sizes, rng) for _ in range(3)]
    for steepest in (False, True):
        best = local_search(start, model, Rng(5), effort=1, kicks=1, steepest=steepest)
        assert model.total(best) < model.total(start)
        assert [sorted(p for t in tables for p in t) for tables in best] == [
            list(range(13))] * 3
