"""The season's ranking under the club's rules (issue 29: «points by final position (a
table the club types: 25/18/15/…), the tournament's own points, the national-ranking
formula; counting the best N tournaments, a minimum number of tournaments, tie-breaks»).
Every expected value is summed by hand below."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from risiko_xl.season.standings import (
    NATIONAL,
    PLACINGS,
    PLAYED,
    TOURNAMENT_POINTS,
    Placing,
    SeasonRules,
    season_standings,
)

# four evenings: (tournament, player, position)
EVENINGS = [(1, "A", 1), (1, "B", 2), (1, "C", 3), (1, "D", 4),
            (2, "B", 1), (2, "A", 2), (2, "D", 3), (2, "C", 4), (2, "E", 5),
            (3, "C", 1), (3, "A", 2), (3, "B", 3),
            (4, "A", 1), (4, "E", 2), (4, "B", 3), (4, "C", 4)]


def placings(rows=EVENINGS, points=None, national=None):
    return [Placing(t, p, pos, F((points or {}).get((t, p), 0)), 0,
                    Decimal((national or {}).get((t, p), 0))) for t, p, pos in rows]


def table(rows):
    return [(r.position, r.player, r.points) for r in rows]


def test_points_by_position_every_tournament():
    """25/18/15/12/10: A 25 + 18 + 18 + 25 = 86; B 18 + 25 + 15 + 15 = 73; C 15 + 12 + 25 +
    12 = 64; E 10 + 18 = 28; D 12 + 15 = 27."""
    rows = season_standings(SeasonRules(), placings())
    assert table(rows) == [(1, "A", 86), (2, "B", 73), (3, "C", 64), (4, "E", 28), (5, "D", 27)]
    a = rows[0]
    assert (a.played, a.wins, a.best, a.counted) == (4, 2, 1, (1, 2, 3, 4))


def test_best_two_presence_and_a_minimum():
    """Presence 2 for every tournament played (counted or not: «punti in più per ogni
    torneo giocato»), the best 2 counted, 3 tournaments to be ranked: A 25 + 25 (T1, T4)
    + 4 × 2 = 58; B 25 + 18 (T2, T1) + 8 = 51; C 25 + 15 (T3, T1) + 8 = 48; E (2 played)
    18 + 10 + 4 = 32 and D (2) 15 + 12 + 4 = 31 listed after, without a place."""
    rules = SeasonRules(presence=F(2), best_of=2, minimum=3)
    rows = season_standings(rules, placings())
    assert table(rows) == [(1, "A", 58), (2, "B", 51), (3, "C", 48), (None, "E", 32),
                           (None, "D", 31)]
    assert rows[0].counted == (1, 4) and rows[1].counted == (1, 2)
    assert rows[0].scores == {1: 25, 2: 18, 3: 18, 4: 25}


def test_tie_breaks_in_the_clubs_order_and_a_shared_place():
    """Table 10, 5: A and B 15 each, one win each, best 1st; A played 3 (T3: 3rd, 0
    points): «tornei giocati» puts A first. Without it they share the 1st place."""
    rows = [(1, "A", 1), (1, "B", 2), (2, "B", 1), (2, "A", 2), (3, "C", 1), (3, "A", 3)]
    ranked = season_standings(SeasonRules(table=(10, 5)), placings(rows))
    assert table(ranked) == [(1, "A", 15), (2, "B", 15), (3, "C", 10)]
    shared = season_standings(SeasonRules(table=(10, 5), tie_breaks=("vittorie",)),
                              placings(rows))
    assert table(shared) == [(1, "A", 15), (1, "B", 15), (3, "C", 10)]


def test_count_back_of_placings():
    """The tournament's points equal (100 each in total); A placed 1st, 3rd, 5th and B
    1st, 4th: with «piazzamenti» A is ahead (a 3rd beats a 4th)."""
    rows = [(1, "A", 1), (2, "A", 3), (3, "A", 5), (1, "B", 4), (3, "B", 1)]
    points = {(1, "A"): 40, (2, "A"): 30, (3, "A"): 30, (1, "B"): 50, (3, "B"): 50}
    rules = SeasonRules(method=TOURNAMENT_POINTS, tie_breaks=(PLACINGS,))
    assert table(season_standings(rules, placings(rows, points))) == [(1, "A", 100),
                                                                     (2, "B", 100)]
    by_played = SeasonRules(method=TOURNAMENT_POINTS, tie_breaks=(PLAYED,))
    assert [r.position for r in season_standings(by_played, placings(rows, points))] == [1, 2]


def test_national_points_as_the_season_points():
    """The national method sums the exact points: 624 + 191,2973 = 815,2973."""
    rows = [(1, "A", 1), (2, "A", 20)]
    national = {(1, "A"): "624", (2, "A"): "191.2973"}
    out = season_standings(SeasonRules(method=NATIONAL), placings(rows, national=national))
    assert out[0].points == F("815.2973") and out[0].national == Decimal("815.2973")


@given(st.lists(st.tuples(st.integers(1, 6), st.sampled_from("ABCDEFG"), st.integers(1, 12)),
                max_size=40, unique_by=lambda r: (r[0], r[1])),
       st.integers(1, 4), st.integers(1, 3))
def test_invariants(rows, best, minimum):
    """Each player once; the points never more than with every tournament counted; the
    ranked by points, best first; places 1 … n with shared ones skipping."""
    every = {r.player: r.points for r in season_standings(SeasonRules(), placings(rows))}
    out = season_standings(SeasonRules(best_of=best, minimum=minimum), placings(rows))
    assert sorted(r.player for r in out) == sorted({p for _, p, _ in rows})
    assert all(r.points <= every[r.player] and len(r.counted) <= best for r in out)
    with_presence = season_standings(SeasonRules(presence=F(1)), placings(rows))
    assert all(r.points == every[r.player] + r.played for r in with_presence)
    ranked = [r for r in out if r.position is not None]
    assert [r.points for r in ranked] == sorted((r.points for r in ranked), reverse=True)
    assert all(r.played >= minimum for r in ranked)
    for i, r in enumerate(ranked, start=1):
        assert r.position <= i
