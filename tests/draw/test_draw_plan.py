"""Joint planning of all rounds: repeat-free schedules where they exist, in < 10 s."""

from __future__ import annotations

import time
from itertools import combinations

import pytest

from risiko_xl.draw import Player, plan_rounds
from risiko_xl.errors import RisikoError


def _meetings(rounds):
    seen: dict[tuple[str, str], int] = {}
    for rd in rounds:
        for table in rd:
            for a, b in combinations(sorted(table), 2):
                seen[(a, b)] = seen.get((a, b), 0) + 1
    return seen


@pytest.mark.parametrize("n,rounds", [(16, 5), (20, 5), (32, 8)])
@pytest.mark.parametrize("seed", [1, "torneo"])
def test_zero_repeats_fast(n, rounds, seed):
    players = [Player(f"P{i:02d}") for i in range(n)]
    t0 = time.perf_counter()
    plan = plan_rounds(players, rounds, seed)
    assert time.perf_counter() - t0 < 10
    assert len(plan.rounds) == rounds
    for rd in plan.rounds:
        assert sorted(p for t in rd for p in t) == sorted(p.id for p in players)
        assert all(len(t) == 4 for t in rd)
    assert max(_meetings(plan.rounds).values()) == 1
    assert plan.quality[-1].criterion == "repeat"
    assert plan.quality[-1].value == 0


def test_plan_is_reproducible_and_seed_dependent():
    players = [Player(f"P{i:02d}", club="AB"[i % 2] if i < 6 else None) for i in range(20)]
    a = plan_rounds(players, 4, 7)
    b = plan_rounds(players[::-1], 4, 7)
    c = plan_rounds(players, 4, 8)
    assert a.rounds == b.rounds and a.fingerprint == b.fingerprint
    assert a.rounds != c.rounds


@pytest.mark.lento
def test_plan_with_clubs_and_five_tables():
    players = [Player(f"P{i:02d}", club=f"C{i % 4}" if i < 12 else None) for i in range(21)]
    plan = plan_rounds(players, 4, "x")
    q = {item.criterion: (item.value, item.lower_bound) for item in plan.quality}
    assert q["five_repeat"] == (0, 0)  # 4 rounds x 5 seats spread over 21 players
    assert q["club"] == (0, 0)  # 3 per club over 5 tables
    # with nobody at a 5-table twice, each later round's 5-table takes 5 players from the
    # previous round's 4 four-tables and its 5 players spread over 4 tables: >= 2 repeats
    # per pair of rounds, so at least 2 per round after the first
    assert 6 <= q["repeat"][0] <= 14
    counts: dict[str, int] = {}
    for rd in plan.rounds:
        for t in rd:
            if len(t) == 5:
                for p in t:
                    counts[p] = counts.get(p, 0) + 1
    assert max(counts.values()) == 1


def test_plan_rejects_result_dependent_criteria():
    with pytest.raises(RisikoError, match="dipende dai risultati"):
        plan_rounds([Player(str(i)) for i in range(8)], 2, 1, criteria=("winners",))
