"""Preliminary standings: chains of seeds 000, 001, 003-a, drops, late entries,
withdrawals, disqualification, lotteries. Every expected value is computed by hand from
the regulations (article cited at each test)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from risiko_xl.draw.rng import Rng
from risiko_xl.errors import RisikoError
from risiko_xl.standings import (
    DISQUALIFIED,
    QUALIFYING,
    WITHDRAWN,
    Entrant,
    GameResult,
    StandingsRules,
    compute_standings,
)
from tests.support.seed_chains import CHAIN_000, CHAIN_001, CHAIN_003A


def game(pid: str, round_no: int, points: str, position: int = 2, *, risiko: bool = False,
         out: int = 0, table: int = 1, row: int | None = None) -> GameResult:
    return GameResult(pid, round_no, QUALIFYING, table, position, Fraction(points),
                      out_points=out, risiko=risiko, row=row)


def entrants(*ids: str, **states: str) -> list[Entrant]:
    return [Entrant(pid, name=f"Nome {pid}", state=states.get(pid, "Attivo")) for pid in ids]


def order(standings) -> list[str]:
    return [r.player for r in standings.rows]


def test_chain_000_risiko_wins_out_points_lottery():
    # Seed 000 Art. 2: Generale counts every game; ties by objectives completed
    # (RisiKo!), games won, out-of-objective points, lottery. Points: bonus 50/15/5.
    results = [
        # A: 150 R! + 50 + 60 + 40 = 300, one RisiKo!
        game("A", 1, "150", 1, risiko=True), game("A", 2, "50", 3), game("A", 3, "60"),
        game("A", 4, "40", 4),
        # B: 100 + 100 + 60 + 40 = 300, no RisiKo!, 2 wins
        game("B", 1, "100", 1), game("B", 2, "100", 1), game("B", 3, "60"),
        game("B", 4, "40", 3),
        # C: 100 + 80 + 70 + 50 = 300, 1 win, 40 out-of-objective points
        *(game("C", n, p, pos, out=10) for n, p, pos in ((1, "100", 1), (2, "80", 2),
                                                            (3, "70", 2), (4, "50", 3))),
        # D: 110 + 70 + 70 + 50 = 300, 1 win, 30 out-of-objective points
        game("D", 1, "110", 1, out=30), game("D", 2, "70"), game("D", 3, "70"),
        game("D", 4, "50", 3),
        # E: 250
        game("E", 1, "100", 1), game("E", 2, "50"), game("E", 3, "50"), game("E", 4, "50"),
        # F and G: 200, 1 win, 20 out-of-objective points each -> lottery
        game("F", 1, "80", 1, out=20), game("F", 2, "40"), game("F", 3, "40"),
        game("F", 4, "40"),
        game("G", 1, "90", 1, out=5), game("G", 2, "50", out=15), game("G", 3, "30"),
        game("G", 4, "30"),
    ]
    rules = StandingsRules(rounds=4, chain=CHAIN_000)
    st = compute_standings(entrants(*"ABCDEFG"), results, rules, seed=2024)
    assert order(st)[:5] == ["A", "B", "C", "D", "E"]
    assert {r.player for r in st.rows[5:]} == {"F", "G"}
    assert [r.position for r in st.rows] == [1, 2, 3, 4, 5, 6, 7]
    assert [r.total for r in st.rows[:5]] == [300, 300, 300, 300, 250]
    assert [r.by_lottery for r in st.rows] == [False] * 5 + [True, True]
    (draw,) = st.lottery
    assert draw.players == ("F", "G") and draw.positions == (6, 7)
    row_a = st.row("A")
    assert (row_a.risiko, row_a.wins, row_a.assoluta) == (1, 1, 300)
    assert st.row("C").out_points == 40 and st.row("D").out_points == 30


def test_chain_001_best_results_then_previous_round():
    # Seed 001 §7: best single result, 2nd best, 3rd best, position after the previous
    # round ("chi era davanti resta davanti"). Millesimi.
    results = [
        game("A", 1, "1.048", 1), game("A", 2, "0.030"),  # 1.078, best 1.048
        game("B", 1, "1.040", 1), game("B", 2, "0.038"),  # 1.078, best 1.040
        game("C", 1, "0.050"), game("C", 2, "1.020", 1),  # 1.070, after round 1: 0.050
        game("D", 1, "1.020", 1), game("D", 2, "0.050"),  # 1.070, after round 1: 1.020
        game("E", 1, "0.030"), game("E", 2, "0.030"),  # identical: the round-1 lottery
        game("F", 1, "0.030"), game("F", 2, "0.030"),  # decided them, and decides again
    ]
    st = compute_standings(entrants(*"ABCDEF"), results,
                           StandingsRules(rounds=2, chain=CHAIN_001), seed="001")
    assert order(st)[:4] == ["A", "B", "D", "C"]
    assert [r.position for r in st.rows] == [1, 2, 3, 4, 5, 6]
    assert st.row("A").total == Fraction("1.078") and st.row("B").total == Fraction("1.078")
    assert not any(st.row(p).by_lottery for p in "ABCD")
    assert st.row("E").by_lottery and st.row("F").by_lottery
    # the order of E and F is the one the round-1 lottery drew, and that draw is recorded
    after_1 = compute_standings(entrants(*"ABCDEF"), results,
                                StandingsRules(rounds=2, chain=CHAIN_001), "001", 1)
    assert order(after_1)[4:] == order(st)[4:]
    assert [d.players for d in st.lottery] == [("E", "F")]
    assert st.lottery == after_1.lottery


def test_chain_003a_generale_with_drop_then_assoluta():
    # Seed 003 Art. 2 formula a): Generale drops the worst result; ties by position in
    # the Assoluta (all results), RisiKo!, wins, out-of-objective points, lottery.
    results = [
        game("A", 1, "1.050", 1), game("A", 2, "0.040"), game("A", 3, "0.010"),  # G 1.090 A 1.100
        game("B", 1, "1.060", 1), game("B", 2, "0.030"), game("B", 3, "0.000"),  # G 1.090 A 1.090
        game("C", 1, "1.045", 1), game("C", 2, "0.045"), game("C", 3, "0.020"),  # G 1.090 A 1.110
        game("D", 1, "0.080", out=20), game("D", 2, "0.070"),  # misses round 3: G 0.150 A 0.150
        game("E", 1, "0.090", out=10), game("E", 2, "0.060"), game("E", 3, "0.000"),  # idem
    ]
    st = compute_standings(entrants(*"ABCDE"), results,
                           StandingsRules(rounds=3, drops=1, chain=CHAIN_003A), seed=3)
    assert order(st) == ["C", "A", "B", "D", "E"]
    assert [r.total for r in st.rows] == [Fraction(s) for s in
                                          ("1.090", "1.090", "1.090", "0.150", "0.150")]
    assert [r.assoluta for r in st.rows] == [Fraction(s) for s in
                                             ("1.110", "1.100", "1.090", "0.150", "0.150")]
    assert [r.assoluta_position for r in st.rows] == [1, 2, 3, 4, 5]
    assert st.row("D").dropped == (3,)  # the missed round is dropped first
    assert st.row("E").dropped == (3,) and st.row("A").dropped == (3,)
    assert st.row("D").rounds == (Fraction("0.080"), Fraction("0.070"), None)
    assert not st.lottery


def test_drops_take_the_missed_round_first():
    # docs/ARCHITECTURE.md, «Standings» / 003-a: a missed round counts 0 and is the first dropped.
    results = [game("X", 1, "0.050"), game("X", 3, "0.010"), game("X", 4, "0.020"),
               game("Y", 1, "0.050"), game("Y", 2, "0.000"), game("Y", 3, "0.010"),
               game("Y", 4, "0.020")]
    one = compute_standings(entrants("X", "Y"), results, StandingsRules(rounds=4, drops=1), 1)
    assert one.row("X").dropped == (2,) and one.row("X").total == Fraction("0.080")
    assert one.row("Y").dropped == (2,) and one.row("Y").total == Fraction("0.080")
    two = compute_standings(entrants("X", "Y"), results, StandingsRules(rounds=4, drops=2), 1)
    assert two.row("X").dropped == (2, 3) and two.row("X").total == Fraction("0.070")
    assert two.row("X").assoluta == Fraction("0.080")


def test_best_of_counts_the_best_results():
    results = [game("X", n, p) for n, p in ((1, "0.050"), (2, "1.010"), (3, "0.020"))]
    st = compute_standings(entrants("X"), results, StandingsRules(rounds=3, best_of=2), 1)
    assert st.row("X").total == Fraction("1.060") and st.row("X").dropped == (3,)


def test_drop_waits_until_there_is_something_to_keep():
    # Decision: after round 1 of a 1-drop formula nothing is dropped (the Generale would
    # otherwise be 0 for everybody).
    results = [game("X", 1, "0.050"), game("X", 2, "0.020")]
    rules = StandingsRules(rounds=3, drops=1)
    assert compute_standings(entrants("X"), results, rules, 1, 1).row("X").total == \
        Fraction("0.050")
    assert compute_standings(entrants("X"), results, rules, 1, 2).row("X").total == \
        Fraction("0.050")


def test_late_entry_joins_with_missed_rounds():
    # 000 Art. 4, 003 Art. 3: registration allowed during the preliminaries; the rounds
    # before count 0 and are dropped first.
    people = [Entrant("A"), Entrant("L", from_round=2)]
    results = [game("A", 1, "0.030"), game("A", 2, "0.040"), game("A", 3, "0.050"),
               game("L", 2, "1.020", 1), game("L", 3, "0.010")]
    rules = StandingsRules(rounds=3, drops=1)
    st = compute_standings(people, results, rules, 1)
    assert st.row("L").rounds == (None, Fraction("1.020"), Fraction("0.010"))
    assert st.row("L").dropped == (1,) and st.row("L").total == Fraction("1.030")
    before = compute_standings(people, results, rules, 1, upto_round=1)
    assert before.position_of("L") is None and before.position_of("A") == 1


def test_withdrawn_removed_or_kept_and_disqualified_always_removed():
    # 000 Art. 4: "ricompilata la classifica, senza considerare i punteggi" of a withdrawn
    # player; "keep" leaves them in the standings, flagged. A disqualified player is out.
    people = entrants("A", "B", "C", "D", B=WITHDRAWN, D=DISQUALIFIED)
    results = [game("A", 1, "0.040"), game("B", 1, "1.050", 1), game("C", 1, "0.030"),
               game("D", 1, "1.060", 1)]
    removed = compute_standings(people, results, StandingsRules(rounds=1), 1)
    assert order(removed) == ["A", "C"] and [r.position for r in removed.rows] == [1, 2]
    kept = compute_standings(people, results, StandingsRules(rounds=1, withdrawn="keep"), 1)
    assert order(kept) == ["B", "A", "C"]
    assert [r.withdrawn for r in kept.rows] == [True, False, False]
    assert kept.position_of("D") is None


def test_unknown_player_names_the_row_and_value():
    with pytest.raises(RisikoError) as err:
        compute_standings(entrants("A"), [game("A", 1, "0.010"), game("ZZ", 1, "0.020", row=7)],
                          StandingsRules(rounds=1), 1)
    assert err.value.riga == 7 and err.value.valore == "ZZ"
    assert "non iscritto" in str(err.value)


@pytest.mark.parametrize("bad", [
    GameResult("A", 1, QUALIFYING, 1, 1, 0.5, row=4),  # type: ignore[arg-type]  # a float
    GameResult("A", 3, QUALIFYING, 1, 1, Fraction(1), row=4),  # beyond the rounds
    GameResult("A", 1, "Quarti", 1, 1, Fraction(1), row=4),  # unknown phase
])
def test_bad_result_rows(bad):
    with pytest.raises(RisikoError) as err:
        compute_standings(entrants("A"), [bad], StandingsRules(rounds=2), 1)
    assert err.value.riga == 4


def test_duplicate_result_and_duplicate_entrant():
    with pytest.raises(RisikoError, match="due risultati"):
        compute_standings(entrants("A"), [game("A", 1, "0.010"), game("A", 1, "0.020")],
                          StandingsRules(rounds=1), 1)
    with pytest.raises(RisikoError, match="duplicato"):
        compute_standings([Entrant("A"), Entrant("A", row=3)], [], StandingsRules(rounds=1), 1)


def tied_field() -> tuple[list[Entrant], list[GameResult]]:
    """Six players with identical results: only the lottery separates them."""
    people = entrants(*"UVWXYZ")
    return people, [game(p, 1, "0.040") for p in "UVWXYZ"]


def test_lottery_reproducible_recorded_and_independent_of_input_order():
    people, results = tied_field()
    rules = StandingsRules(rounds=1, chain=("best_1", "lottery"))
    first = compute_standings(people, results, rules, seed=99)
    again = compute_standings(people, results, rules, seed=99)
    assert first == again
    shuffled = random.Random(5)
    for _ in range(5):
        p2, r2 = list(people), list(results)
        shuffled.shuffle(p2)
        shuffled.shuffle(r2)
        assert order(compute_standings(p2, r2, rules, seed=99)) == order(first)
    (draw,) = first.lottery
    assert draw.players == tuple("UVWXYZ") and draw.positions == (1, 2, 3, 4, 5, 6)
    assert draw.seed == 99 and list(draw.order) == order(first)
    replay = list(draw.players)
    Rng(draw.seed, *draw.salt).shuffle(replay)  # anyone can replay the recorded draw
    assert replay == list(draw.order)
    orders = {tuple(order(compute_standings(people, results, rules, seed=s)))
              for s in range(8)}
    assert len(orders) > 1  # the seed matters


def test_no_lottery_in_the_chain_shares_the_position():
    people = entrants("A", "B", "C", "D")
    results = [game("A", 1, "0.050"), game("B", 1, "0.040"), game("C", 1, "0.040"),
               game("D", 1, "0.010")]
    st = compute_standings(people, results, StandingsRules(rounds=1, chain=("wins",)), 1)
    assert [(r.player, r.position, r.shared) for r in st.rows] == [
        ("A", 1, False), ("B", 2, True), ("C", 2, True), ("D", 4, False)]


def test_cns_individual_criteria_seconds_previous_points_best_dropped():
    # Seed 004 CNS chain applied to players (best 2 of 3): wins, 2nd places, the total
    # after the previous round, the best dropped result.
    rules = StandingsRules(rounds=3, best_of=2, chain=("wins", "seconds", "previous_points",
                                                       "best_dropped"))
    results = [
        game("P", 1, "150", 1), game("P", 2, "30", 5), game("P", 3, "100", 2),  # 250, prev 180
        game("Q", 1, "100", 2), game("Q", 2, "150", 1), game("Q", 3, "30", 5),  # 250, prev 250
        game("R", 1, "150", 1), game("R", 2, "100", 2), game("R", 3, "70", 3),  # 250, drop 70
        game("S", 1, "150", 1), game("S", 2, "100", 2), game("S", 3, "50", 4),  # 250, drop 50
    ]
    st = compute_standings(entrants(*"PQRS"), results, rules, 1)
    # all 1 win and one 2nd place; P had 180 after round 2, the others 250; then the
    # best dropped result: R 70, S 50, Q 30.
    assert order(st) == ["R", "S", "Q", "P"]
    assert [r.seconds for r in st.rows] == [1, 1, 1, 1]
