"""Team championship (seed 004 CNS): team = club, total = best N individual results,
ties by wins, 2nd places, the total after the previous round, the best dropped result.
Expected values by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.standings import QUALIFYING, Entrant, GameResult, team_standings

CNS_CHAIN = ("wins", "seconds", "previous_points", "best_dropped")


def game(pid: str, round_no: int, points: int, position: int) -> GameResult:
    return GameResult(pid, round_no, QUALIFYING, 1, position, Fraction(points), players=5)


def team(club: str, *ids: str) -> list[Entrant]:
    return [Entrant(pid, name=pid, club=club) for pid in ids]


def test_cns_best_results_and_chain():
    # Best 2 results per team (a small CNS: 004 counts 11 of 15 the same way).
    #   Z: 150 (1st), 150 (1st), 0     -> 300
    #   X: 150 (1st), 100 (2nd), 70    -> 250, dropped 70
    #   Y: 100 (2nd), 150 (1st), 50    -> 250, dropped 50
    # X and Y: 1 win, one 2nd place, 250 after round 2 each; best dropped 70 > 50.
    people = team("Zeta", "z1", "z2", "z3") + team("Ics", "x1", "x2", "x3") + \
        team("Ipsilon", "y1", "y2", "y3")
    results = [game("z1", 1, 150, 1), game("z2", 2, 150, 1), game("z3", 3, 0, 5),
               game("x1", 1, 150, 1), game("x2", 2, 100, 2), game("x3", 3, 70, 3),
               game("y1", 1, 100, 2), game("y2", 2, 150, 1), game("y3", 3, 50, 4)]
    st = team_standings(people, results, 2, CNS_CHAIN, seed=4)
    assert [(r.team, r.position, r.total) for r in st.rows] == [
        ("Zeta", 1, 300), ("Ics", 2, 250), ("Ipsilon", 3, 250)]
    ics = st.rows[1]
    assert (ics.wins, ics.seconds, ics.best_dropped, ics.games, ics.counted) == \
        (1, 1, 70, 3, 2)
    assert ics.rounds == (150, 100, 70) and ics.players == ("x1", "x2", "x3")


def test_cns_previous_round_total_breaks_the_tie():
    #   P: 150 (1st), 30 (5th), 100 (2nd)  -> 250; after round 2: 180
    #   Q: 100 (2nd), 150 (1st), 30 (5th)  -> 250; after round 2: 250 -> Q first
    people = team("P", "p1", "p2", "p3") + team("Q", "q1", "q2", "q3")
    results = [game("p1", 1, 150, 1), game("p2", 2, 30, 5), game("p3", 3, 100, 2),
               game("q1", 1, 100, 2), game("q2", 2, 150, 1), game("q3", 3, 30, 5)]
    st = team_standings(people, results, 2, CNS_CHAIN, seed=4)
    assert [r.team for r in st.rows] == ["Q", "P"]
    assert not st.rows[0].shared and not st.lottery


def test_cns_unbroken_tie_is_shared_and_lottery_recorded():
    people = team("A", "a1") + team("B", "b1")
    results = [game("a1", 1, 100, 1), game("b1", 1, 100, 1)]
    shared = team_standings(people, results, 11, CNS_CHAIN, seed=4)
    assert [(r.position, r.shared) for r in shared.rows] == [(1, True), (1, True)]
    drawn = team_standings(people, results, 11, (*CNS_CHAIN, "lottery"), seed=4)
    assert [r.position for r in drawn.rows] == [1, 2] and drawn.lottery[0].players == ("A", "B")


def test_player_without_a_team_is_refused():
    with pytest.raises(RisikoError, match="senza squadra"):
        team_standings([Entrant("solo", row=9)], [game("solo", 1, 100, 1)], 11, CNS_CHAIN, 1)
