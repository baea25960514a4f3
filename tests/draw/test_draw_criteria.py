"""Criteria on hand-checked cases; lower bounds never above a brute-force optimum; the
optimiser reaches the lexicographic optimum on tiny instances."""

from __future__ import annotations

import itertools
import random

import pytest

from risiko_xl.draw import DrawInput, Player, draw
from risiko_xl.draw.bounds import balanced_pairs, key_bound, lower_bound, repeat_bound
from risiko_xl.draw.criteria import CRITERIA, build_instance, evaluate
from risiko_xl.draw.sizes import table_sizes
from risiko_xl.errors import RisikoError


def _inp(players, **kw):
    return DrawInput(players=tuple(players), seed=kw.pop("seed", 1), **kw)


def _seatings(n: int, sizes: list[int]):
    """Every seating of players 0..n-1 at tables of the given sizes (as index lists)."""
    seen = set()
    for perm_sizes in sorted(set(itertools.permutations(sizes))):
        yield from _partitions(list(range(n)), list(perm_sizes), seen)


def _partitions(items, sizes, seen):
    if not sizes:
        yield []
        return
    first, rest = items[0], items[1:]
    for comb in itertools.combinations(rest, sizes[0] - 1):
        remaining = [x for x in rest if x not in comb]
        for tail in _partitions(remaining, sizes[1:], seen):
            yield [[first, *comb], *tail]


# --- hand-checked values ---------------------------------------------------------


def test_club_pairs_and_blank_never_matches():
    players = [
        Player("a", club="Roma"),
        Player("b", club="roma "),  # same club: case and spaces ignored
        Player("c", club="Roma"),
        Player("d", club=None),
        Player("e", club=""),
        Player("f", club="  "),
        Player("g", club="Lazio"),
        Player("h", club="Lazio"),
    ]
    inst = build_instance(_inp(players))
    assert evaluate(inst, [[0, 1, 2, 3], [4, 5, 6, 7]], "club") == 3 + 1
    assert evaluate(inst, [[0, 3, 4, 6], [1, 2, 5, 7]], "club") == 1
    assert evaluate(inst, [[3, 4, 5, 0], [1, 2, 6, 7]], "club") == 2


def test_repeat_counts_pairs_who_met_in_any_earlier_round():
    # round 1: a b c d | e f g h ; round 2: a e b f | c g d h
    h = {"a": (1, 1), "b": (1, 1), "c": (1, 2), "d": (1, 2),
         "e": (2, 1), "f": (2, 1), "g": (2, 2), "h": (2, 2)}  # fmt: skip
    inst = build_instance(_inp([Player(k, history=v) for k, v in h.items()]))
    assert inst.round_no == 3
    # a-b met twice (counts once), a-c met in round 1, e-f met in both
    assert evaluate(inst, [[0, 1, 2, 3], [4, 5, 6, 7]], "repeat") == 12
    # a g b h | c f d e: only a-b, g-h, c-d, e-f met before
    assert evaluate(inst, [[0, 6, 1, 7], [2, 5, 3, 4]], "repeat") == 4


def test_five_repeat_and_winners():
    # 9 players: previous round 5-table = players a..e (table 2), winners a and f
    hist = [2, 2, 2, 2, 2, 1, 1, 1, 1]
    players = [
        Player(pid, history=(t,), winner=pid in ("a", "f")) for pid, t in zip("abcdefghi", hist)
    ]
    inst = build_instance(_inp(players))
    assert inst.counts[5] == [1, 1, 1, 1, 1, 0, 0, 0, 0]
    tables = [[0, 1, 2, 3], [4, 5, 6, 7, 8]]  # e sits at a 5-table again
    assert evaluate(inst, tables, "five_repeat") == 1
    assert evaluate(inst, tables, "winners") == 0
    assert evaluate(inst, [[0, 5, 1, 2], [3, 4, 6, 7, 8]], "winners") == 1
    res = draw(_inp(players, criteria=("five_repeat", "winners")))
    assert res.quality_dict() == {"five_repeat": (1, 1), "winners": (0, 0)}


def test_explicit_five_counts_override_history():
    players = [Player(f"p{i}", fives=2 if i < 5 else 0) for i in range(9)]
    res = draw(_inp(players, criteria=("five_repeat",)))
    five = next(t for t in res.tables if len(t) == 5)
    assert sum(p in ("p0", "p1", "p2", "p3", "p4") for p in five) == 1
    assert res.quality_dict()["five_repeat"] == (2, 2)


def test_region_criterion():
    players = [Player(f"p{i}", region="Sicilia" if i < 4 else "Lazio") for i in range(8)]
    res = draw(_inp(players, criteria=("region",)))
    assert res.quality_dict()["region"] == (4, 4)  # 4 per region over 2 tables: 2+2 pairs
    for t in res.tables:
        assert sum(int(p[1:]) < 4 for p in t) == 2


def test_lexicographic_priority_club_before_repeat():
    # 8 players met in pairs; a club of 4 spread over 2 tables forces nothing else.
    hist = {"a": 1, "b": 1, "c": 1, "d": 1, "e": 2, "f": 2, "g": 2, "h": 2}
    clubs = {"a": "X", "b": "X", "e": "X", "f": "X"}
    players = [Player(k, club=clubs.get(k), history=(v,)) for k, v in hist.items()]
    res = draw(_inp(players, criteria=("club", "repeat")))
    q = res.quality_dict()
    assert q["club"] == (2, 2)  # 4 clubmates at 2 tables: at least 2 pairs
    assert q["repeat"][0] == 4  # 2 tables x 2 from each previous table = 2 pairs each...
    res2 = draw(_inp(players, criteria=("repeat", "club")))
    assert res2.quality_dict()["repeat"][0] == 4
    assert res2.quality_dict()["club"][0] == 2


def test_unknown_or_repeated_criterion():
    with pytest.raises(RisikoError, match=r"(?i)criterio di sorteggio sconosciuto"):
        draw(_inp([Player(str(i)) for i in range(8)], criteria=("club", "eta")))
    with pytest.raises(RisikoError, match="ripetuto"):
        draw(_inp([Player(str(i)) for i in range(8)], criteria=("club", "club")))


# --- bound formulas -------------------------------------------------------------------


def test_balanced_pairs_formula():
    assert balanced_pairs(0, 3) == 0
    assert balanced_pairs(3, 3) == 0
    assert balanced_pairs(5, 3) == 2  # 2+2+1
    assert balanced_pairs(9, 2) == 6 + 10  # 5+4
    assert key_bound([0, 0, 0, 0, 0, -1, -1, 1, 1], 2) == 4 + 0


def test_pigeonhole_repeat_bound():
    # 9 players at 2 tables last round (5+4) now again 2 tables: 5 and 4 from 2 groups
    hist = [1] * 5 + [2] * 4
    inst = build_instance(_inp([Player(f"p{i}", history=(t,)) for i, t in enumerate(hist)]))
    # per old table: 5 over 2 tables -> 4 pairs, 4 over 2 -> 2 pairs = 6
    assert repeat_bound(inst, table_sizes(9)) == 6


def _random_instance(rng: random.Random, n: int, rounds: int) -> list[Player]:
    clubs = [rng.choice(["A", "A", "B", "C", None]) for _ in range(n)]
    regions = [rng.choice(["N", "S", None]) for _ in range(n)]
    history: list[list[int | None]] = [[] for _ in range(n)]
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        sizes = table_sizes(n)
        pos = 0
        for t, s in enumerate(sizes):
            for p in order[pos : pos + s]:
                history[p].append(t + 1 if rng.random() > 0.1 else None)
            pos += s
    winners = set(rng.sample(range(n), max(1, n // 4)))
    return [
        Player(f"p{i:02d}", club=clubs[i], region=regions[i], history=tuple(history[i]),
               winner=i in winners)
        for i in range(n)
    ]  # fmt: skip


@pytest.mark.parametrize("case", range(14))
def test_bounds_below_brute_force_and_draw_is_lexicographically_optimal(case):
    rng = random.Random(case)
    n = [7, 8, 9, 9, 10, 11, 11, 12, 8, 9, 10, 12, 6, 13][case]
    rounds = case % 4
    players = _random_instance(rng, n, rounds)
    criteria = ("five_repeat", "winners", "club", "region", "repeat")
    inp = _inp(players, criteria=criteria, seed=case)
    inst = build_instance(inp)
    sizes = table_sizes(n)
    best_each = dict.fromkeys(CRITERIA, None)
    best_lex = None
    for seating in _seatings(n, sizes):
        values = {c: evaluate(inst, seating, c) for c in criteria}
        for c, v in values.items():
            if best_each[c] is None or v < best_each[c]:
                best_each[c] = v
        lex = tuple(values[c] for c in criteria)
        if best_lex is None or lex < best_lex:
            best_lex = lex
    # unconditional bounds are below each criterion's own optimum
    for c in criteria:
        assert lower_bound(inst, sizes, c) <= best_each[c], c
    # conditional bounds (given higher priorities) are below the lexicographic optimum
    got = draw(inp)
    for c, q in zip(criteria, got.quality):
        assert q.lower_bound <= best_lex[criteria.index(c)], c
    assert tuple(q.value for q in got.quality) == best_lex
