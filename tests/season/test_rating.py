"""The season's strength rating (issue 29: «a multiplayer rating for 3–5-player tables from
a maintained library such as openskill, Plackett–Luce … shown, never used by a draw or a
qualification»)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from risiko_xl.season.rating import ratings


def test_the_winner_rises_the_last_falls_and_the_start_is_zero():
    """A first game of four: everyone starts at μ 25, σ 25/3 (ordinal 25 − 3 × 25/3 = 0)."""
    after = ratings([[("A", 1), ("B", 2), ("C", 3), ("D", 4)]])
    assert after["A"].mu > 25 > after["D"].mu
    assert after["A"].ordinal > after["B"].ordinal > after["C"].ordinal > after["D"].ordinal
    assert all(r.sigma < 25 / 3 and r.games == 1 for r in after.values())


def test_three_and_five_player_tables():
    after = ratings([[("A", 1), ("B", 2), ("C", 3)],
                     [("A", 1), ("C", 2), ("D", 3), ("E", 4), ("F", 5)]])
    assert after["A"].games == 2 and after["F"].games == 1
    assert max(after, key=lambda p: after[p].ordinal) == "A"


def test_a_table_of_one_is_no_game():
    assert ratings([[("A", 1)]]) == {}


@given(st.lists(st.permutations("ABCD"), min_size=1, max_size=12))
def test_deterministic_and_order_of_seats_aside(games):
    """The same games give the same ratings; listing a table's seats in another order
    changes nothing (the places decide)."""
    tables = [[(p, i + 1) for i, p in enumerate(g)] for g in games]
    once, again = ratings(tables), ratings(tables)
    assert once == again
    turned = ratings([list(reversed(t)) for t in tables])
    assert all(abs(once[p].mu - turned[p].mu) < 1e-9 for p in once)
