"""Semifinal bands, parallel tournaments, knockout seating."""

from __future__ import annotations

import itertools

import pytest

from risiko_xl.draw import knockout, knockout_rounds, semifinal_bands, split_parallel
from risiko_xl.errors import RisikoError


def test_semifinal_four_tables_one_per_band():
    ranking = [f"r{i}" for i in range(1, 21)]
    tables = semifinal_bands(ranking, seed=3)
    assert len(tables) == 4
    for t in tables:
        ranks = [int(p[1:]) for p in t]
        assert [(r - 1) // 4 for r in ranks] == [0, 1, 2, 3]


def test_semifinal_three_tables_after_a_direct_finalist():
    ranking = [f"r{i}" for i in range(1, 21)]
    tables = semifinal_bands(ranking, seed=3, tables=3, direct=1)
    bands_ = [range(2, 5), range(5, 8), range(8, 11), range(11, 14)]
    for t in tables:
        assert [next(b for b, band in enumerate(bands_) if int(p[1:]) in band) for p in t] == [
            0, 1, 2, 3
        ]  # fmt: skip
    assert "r1" not in {p for t in tables for p in t}


def test_semifinal_club_separation_within_bands():
    ranking = [f"r{i}" for i in range(1, 17)]
    # one club holds ranks 1, 5, 9, 13 (one per band): they can all be separated
    clubs = ["X" if i % 4 == 0 else f"c{i}" for i in range(16)]
    for seed in range(10):
        tables = semifinal_bands(ranking, seed=seed, clubs=clubs)
        for t in tables:
            assert sum(p in ("r1", "r5", "r9", "r13") for p in t) == 1


def test_semifinal_draw_is_random_within_bands():
    ranking = [f"r{i}" for i in range(1, 17)]
    firsts = {tuple(semifinal_bands(ranking, seed=s)[0]) for s in range(20)}
    assert len(firsts) > 5


def test_semifinal_needs_enough_players():
    with pytest.raises(RisikoError, match="almeno 16"):
        semifinal_bands([f"r{i}" for i in range(10)], seed=1)


def test_split_parallel_odd_even():
    assert split_parallel([f"r{i}" for i in range(1, 7)]) == [
        ["r1", "r3", "r5"],
        ["r2", "r4", "r6"],
    ]


def test_knockout_rounds_and_seating():
    assert knockout_rounds(64) == [64, 16, 4, 1]
    assert knockout_rounds(16) == [16, 4, 1]
    assert knockout_rounds(4) == [4, 1]
    with pytest.raises(RisikoError, match="eliminazione diretta"):
        knockout_rounds(5)  # 5 players cannot produce 4 table winners
    # tables of 3-5 only: n -> t tables needs 3t <= n <= 5t, ending at 4 players
    gaps = [*range(5, 12), *range(21, 36), *range(101, 108)]
    for n in gaps:
        with pytest.raises(RisikoError):
            knockout_rounds(n)
    for n in (x for x in range(4, 400) if x not in gaps):
        path = knockout_rounds(n)
        assert path[-2] == 4
        for players, tables in itertools.pairwise(path):
            assert 3 * tables <= players <= 5 * tables
    ranking = [f"r{i}" for i in range(1, 18)]
    tables = knockout(ranking, 4, seed=1)
    assert sorted(len(t) for t in tables) == [4, 4, 4, 5]
    for t in tables:  # one top-4 seed per table
        assert sum(int(p[1:]) <= 4 for p in t) == 1
    with pytest.raises(RisikoError):
        knockout(ranking, 2, seed=1)
