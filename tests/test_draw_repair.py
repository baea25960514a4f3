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
    # the table of 5 is the last one, as a draw numbers it (001 §8 b): a table that grows
    # into it and the last one swap numbers, their players staying together
    assert [len(t) for t in out.tables] == [4, 4, 4, 5]
    numbers = dict(out.renumbered)
    for number, old in enumerate(res.tables, start=1):
        assert set(old) <= set(out.tables[numbers.get(number, number) - 1])
    assert "Spostamenti: 0" in out.report()


def test_withdrawal_from_16_to_15_dissolves_one_table():
    inp, res = _drawn(16)
    gone = res.tables[1][0]
    out = repair(inp, res.tables, withdrawn=[gone])
    # 15 = three tables of 5: the 3 left at the short table go one to each of the three
    # tables left (3 moves); table 4 takes number 2 with its players, who do not move
    assert len(out.moves) == 3
    assert {m.from_table for m in out.moves} == {2}
    assert sorted(m.to_table for m in out.moves) == [1, 2, 3]
    assert out.renumbered == [(4, 2)]
    assert set(res.tables[3]) <= set(out.tables[1])
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


def test_a_repair_of_engine_1_1_is_redone_its_way():
    """Engines 1.0 and 1.1 grew the first tables and kept every number: `verifica`
    replays their repairs that way. Pinned from engine 1.1's own output."""
    inp, res = _drawn(16)
    assert res.tables == [["P12", "P11", "P08", "P00"], ["P13", "P10", "P07", "P09"],
                          ["P01", "P02", "P04", "P05"], ["P03", "P06", "P15", "P14"]]
    late = repair(inp, res.tables, arrived=[Player("NEW", club="C9")], engine="1.1")
    assert late.tables == [["P00", "P12", "P11", "P08", "NEW"], ["P07", "P13", "P09", "P10"],
                           ["P05", "P04", "P01", "P02"], ["P03", "P14", "P15", "P06"]]
    assert late.fingerprint == ("e04ae10a575a42ad5b7bdc069f85aa1b"
                                "f48b936cf9ec0187cd9e1d09f720d644")
    gone = repair(inp, res.tables, withdrawn=["P13"], engine="1.1")
    assert gone.tables == [["P00", "P08", "P12", "P11", "P09"],
                           ["P03", "P14", "P15", "P06", "P07"],
                           ["P05", "P04", "P02", "P01", "P10"]]
    assert gone.fingerprint == ("22c76addbbb5f1d77dedc3327ce43e83"
                                "a320456493b65101dab5e6693e6e7484")
