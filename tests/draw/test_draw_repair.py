"""Repair after withdrawals and late arrivals: fewest moves, reported."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from risiko_xl.draw import DrawInput, Player, draw, repair
from risiko_xl.draw.sizes import table_sizes
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


# 001 §8, «Formazione dei tavoli», 2a partita: «1) minimizzazione partecipazione ad un
# tavolo da 5» first; «b) si assegnano i "cinquisti" agli ultimi tavoli uno per tavolo».
# Hand-made rounds: table k seats P(4k-4)..P(4k-1).
_SQUARE = [[f"P{4 * t + i:02d}" for i in range(4)] for t in range(5)]


def _players(fives_at=(), clubs=None):
    """20 players; those of the tables (0-based) in `fives_at` sat at a table of 5 once."""
    return tuple(Player(f"P{i:02d}", club=(clubs or {}).get(i),
                        fives=int(i // 4 in fives_at)) for i in range(20))


def test_the_table_that_grows_is_one_whose_players_sat_at_no_table_of_5():
    # 20 -> 21: 000 Art. 5 / 001 §8 four tables of 4 and one of 5. Table 1's four players
    # already sat at a table of 5: table 1 grown would make 4 repetitions; any other table
    # grown makes none (the newcomer has none). Nobody moves; the grown table is the last
    # (number 5), and when it is not table 5 the two swap numbers.
    inp = DrawInput(players=_players(fives_at=(0,)), seed="cresce", round_no=2)
    out = repair(inp, _SQUARE, arrived=[Player("NEW")])
    assert [len(t) for t in out.tables] == [4, 4, 4, 4, 5]
    assert out.moves == [] and [(m.id, m.to_table) for m in out.arrived] == [("NEW", 5)]
    grown = next(n for n, t in enumerate(_SQUARE, 1) if set(t) < set(out.tables[4]))
    assert grown != 1
    assert out.renumbered == ([] if grown == 5 else [(grown, 5), (5, grown)])
    assert {q.criterion: q.value for q in out.quality}["five_repeat"] == 0


def test_then_the_other_criteria_choose_the_table_that_grows():
    # nobody sat at a table of 5: criterion 1 ties; «separazione giocatori di stesso club»
    # picks the one table with no player of the newcomer's club (table 3)
    clubs = {0: "Gufo", 4: "Gufo", 12: "Gufo", 16: "Gufo"}
    inp = DrawInput(players=_players(clubs=clubs), seed="club", round_no=2)
    out = repair(inp, _SQUARE, arrived=[Player("NEW", club="Gufo")])
    assert sorted(out.tables[4]) == sorted([*_SQUARE[2], "NEW"])
    assert out.renumbered == [(3, 5), (5, 3)] and out.moves == []


def test_with_no_criterion_to_tell_them_apart_the_table_that_grows_is_drawn_by_lot():
    # the 1st game: «la causalità nell'assegnazione di un giocatore a tale tavolo»
    inp = DrawInput(players=_players(), seed=0)
    grown = set()
    for seed in range(40):
        out = repair(replace(inp, seed=seed), _SQUARE, arrived=[Player("NEW")])
        grown.add(next(n for n, t in enumerate(_SQUARE, 1) if set(t) < set(out.tables[4])))
    assert grown == {1, 2, 3, 4, 5}


def test_a_withdrawal_keeps_as_table_of_4_the_one_whose_players_sat_at_a_table_of_5():
    # 20 -> 19 (a player of table 2 withdraws): one table of 4 and three of 5, the table
    # of 4 first. Table 2's three left go one to each table of 5 (3 moves, no fewer); the
    # table that stays at 4 is table 1, whose players already sat at a table of 5: then no
    # repetition. Table 5 takes number 2 (its players stay together).
    inp = DrawInput(players=_players(fives_at=(0,)), seed="ritiro", round_no=2)
    out = repair(inp, _SQUARE, withdrawn=["P04"])
    assert [len(t) for t in out.tables] == [4, 5, 5, 5]
    assert sorted(out.tables[0]) == _SQUARE[0]
    assert out.renumbered == [(5, 2)]
    assert set(_SQUARE[4]) < set(out.tables[1])
    assert sorted((m.id, m.from_table) for m in out.moves) == [
        ("P05", 2), ("P06", 2), ("P07", 2)]
    assert sorted(m.to_table for m in out.moves) == [2, 3, 4]
    assert {q.criterion: q.value for q in out.quality}["five_repeat"] == 0


@given(st.integers(8, 30), st.integers(0, 2), st.integers(0, 2), st.integers(0, 10**6),
       st.sampled_from(["standard", "quattro_tre", "cinque_quattro"]))
@settings(max_examples=25, deadline=None)
def test_every_repair_seats_everyone_once_at_legal_tables_in_draw_order(
        n, leave, come, seed, policy):
    """Whatever withdraws or arrives: every active player seated once, the table sizes
    those of a draw of the new count in a draw's order (tables of 5 and 3 last), and no
    more moves than the fewest (players kept at their table: largest with largest)."""
    rng = random.Random(seed)
    players = tuple(Player(f"P{i:02d}", club=f"C{i % 4}", fives=rng.randint(0, 1))
                    for i in range(n))
    inp = DrawInput(players=players, seed=seed, round_no=2, policy=policy)
    try:
        tables = draw(inp).tables
        table_sizes(n - leave + come, policy)
    except RisikoError:
        return  # no seating of that count under that policy
    gone = rng.sample([p.id for p in players], leave)
    new = [Player(f"N{i}", club=f"C{i}") for i in range(come)]
    out = repair(inp, tables, withdrawn=gone, arrived=new)
    seated = [pid for t in out.tables for pid in t]
    assert sorted(seated) == sorted({p.id for p in players} - set(gone) | {p.id for p in new})
    assert [len(t) for t in out.tables] == table_sizes(len(seated), policy)
    left = sorted((len(set(t) - set(gone)) for t in tables), reverse=True)
    stay = sum(min(a, b) for a, b in zip(left, sorted(map(len, out.tables), reverse=True)))
    assert len(out.moves) == n - leave - stay
