"""Repair after withdrawals and late arrivals: fewest moves, reported."""

from __future__ import annotations

import pytest

from risiko_xl.draw import DrawInput, Player, draw, repair
from risiko_xl.errors import RisikoError


def _drawn(n: int, seed: int = 1):
    players = tuple(Player(f"P{i:02d}", club=f"C{i % 5}") for i in range(n))
    inp = DrawInput(players=players, seed=seed)
    return inp, draw(inp)


def test_late_arrival_joins_without_moving_anyone():
    inp, res = _drawn(16)
    out = repair(inp, res.tables, arrived=[Player("NEW", club="C9")])
    assert out.moves == []
    assert [m.id for m in out.arrived] == ["NEW"]
    assert sorted(len(t) for t in out.tables) == [4, 4, 4, 5]
    for old, new in zip(res.tables, out.tables):
        assert set(old) <= set(new)
    assert "Spostamenti: 0" in out.report()


def test_withdrawal_from_16_to_15_dissolves_one_table():
    inp, res = _drawn(16)
    gone = res.tables[1][0]
    out = repair(inp, res.tables, withdrawn=[gone])
    # 15 = three tables of 5: the 3 left at the short table go to the three tables left,
    # one of them at the table that takes number 2: staying at table 2 is not a move
    assert len(out.moves) == 2
    assert {m.from_table for m in out.moves} == {2}
    assert {m.to_table for m in out.moves} == {1, 3}
    stays = [pid for pid in res.tables[1][1:] if pid in out.tables[1]]
    assert len(stays) == 1
    assert sorted(len(t) for t in out.tables) == [5, 5, 5]
    assert out.withdrawn[0].id == gone
    assert any(line.startswith("Spostato") for line in out.report())


def test_withdrawal_from_17_moves_one_player_at_most():
    inp, res = _drawn(17)
    four_table = next(t for t in res.tables if len(t) == 4)
    out = repair(inp, res.tables, withdrawn=[four_table[0]])
    assert len(out.moves) == 1  # one player leaves the 5-table for the short table
    assert sorted(len(t) for t in out.tables) == [4, 4, 4, 4]
    five_table = next(t for t in res.tables if len(t) == 5)
    assert out.moves[0].id in five_table


def test_withdrawal_from_the_five_table_needs_no_move():
    inp, res = _drawn(17)
    five_table = next(t for t in res.tables if len(t) == 5)
    out = repair(inp, res.tables, withdrawn=[five_table[2]])
    assert out.moves == []
    assert out.tables == [[p for p in t if p != five_table[2]] for t in res.tables] or all(
        set(a) >= set(b) - {five_table[2]} for a, b in zip(out.tables, res.tables)
    )


def test_swap_arrival_for_withdrawal():
    inp, res = _drawn(20)
    gone = res.tables[0][1]
    out = repair(inp, res.tables, withdrawn=[gone], arrived=[Player("NEW")])
    assert out.moves == []
    assert "NEW" in out.tables[0]


def test_repair_errors():
    inp, res = _drawn(12)
    with pytest.raises(RisikoError, match="non è seduto"):
        repair(inp, res.tables, withdrawn=["NOBODY"])
    with pytest.raises(RisikoError, match="già seduto"):
        repair(inp, res.tables, arrived=[Player(res.tables[0][0])])
