"""Properties of the standings and of knockout steps on generated tournaments."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from risiko_xl.draw.procedures import knockout
from risiko_xl.draw.sizes import knockout_rounds
from risiko_xl.errors import RisikoError
from risiko_xl.formulas.legacy import flat_phases
from risiko_xl.standings import (
    FINAL,
    QUALIFYING,
    Entrant,
    GameResult,
    StandingsRules,
    compute_standings,
    next_phase,
)

CHAINS = [("best_1", "best_2", "best_3", "previous_round", "lottery"),
          ("assoluta", "risiko", "wins", "out_points", "lottery"),
          ("wins", "seconds", "previous_points", "best_dropped", "lottery"),
          ("best_1", "previous_round"), ("risiko", "wins"), ()]


@st.composite
def tournaments(draw):
    """Players with random millesimi results (few distinct values, so ties are common),
    some rounds missed, some late entries."""
    n = draw(st.integers(1, 24))
    rounds = draw(st.integers(1, 5))
    ids = [f"G{i:02d}" for i in range(n)]
    entrants = [Entrant(pid, from_round=draw(st.integers(1, rounds))) for pid in ids]
    results = []
    for e in entrants:
        for r in range(e.from_round, rounds + 1):
            if draw(st.integers(0, 6)) == 0:
                continue  # missed round
            win = draw(st.booleans())
            points = Fraction(draw(st.integers(0, 4)), 1000) + (1 if win else 0)
            results.append(GameResult(e.id, r, QUALIFYING, 1, 1 if win else 2, points,
                                      out_points=draw(st.integers(0, 2)),
                                      risiko=draw(st.integers(0, 9)) == 0))
    drops = draw(st.integers(0, rounds - 1))
    best_of = None if drops or draw(st.booleans()) else draw(st.integers(1, rounds))
    chain = draw(st.sampled_from(CHAINS))
    rules = StandingsRules(rounds=rounds, drops=drops, best_of=best_of, chain=chain)
    return entrants, results, rules


@given(tournaments(), st.integers(0, 3))
def test_positions_are_a_ranking(data, seed):
    entrants, results, rules = data
    table = compute_standings(entrants, results, rules, seed)
    positions = [r.position for r in table.rows]
    if rules.chain and rules.chain[-1] == "lottery":
        assert positions == list(range(1, len(positions) + 1))
    for i, row in enumerate(table.rows):
        assert row.position == i + 1 or row.position == positions[i - 1]
        tied = positions.count(row.position) > 1
        assert row.shared == tied
    for a in table.rows:  # the Assoluta orders by all results first
        assert 1 <= a.assoluta_position <= len(table.rows)
        for b in table.rows:
            if a.assoluta > b.assoluta:
                assert a.assoluta_position < b.assoluta_position


@given(tournaments())
def test_generale_is_the_sum_of_the_counted_results(data):
    entrants, results, rules = data
    table = compute_standings(entrants, results, rules, seed=1)
    for row in table.rows:
        played = [q for q in row.rounds if q is not None]
        dropped = sum((row.rounds[n - 1] or Fraction(0) for n in row.dropped), Fraction(0))
        assert row.assoluta == sum(played, Fraction(0))
        assert row.total == row.assoluta - dropped
        assert row.played == len(played)
        # 003 Art. 2: «Al termine di ogni turno preliminare sarà stilata la Classifica»:
        # the standings count the rounds played so far (upto_round), not the unplayed ones
        rounds = table.upto_round
        counted = rounds - len(row.dropped)
        if rules.best_of is not None:
            assert counted == min(rules.best_of, rounds)
        else:
            assert len(row.dropped) == max(0, min(rules.drops, rounds - 1))


@given(tournaments(), st.randoms(use_true_random=False))
def test_same_seed_same_standings_whatever_the_input_order(data, rnd):
    entrants, results, rules = data
    first = compute_standings(entrants, results, rules, seed="semina")
    entrants, results = list(entrants), list(results)
    rnd.shuffle(entrants)
    rnd.shuffle(results)
    assert compute_standings(entrants, results, rules, seed="semina") == first


@given(st.integers(4, 90), st.sampled_from([4, 5]), st.integers(0, 10**6))
def test_knockout_steps_seat_every_winner_once(n, final_size, seed):
    try:
        path = knockout_rounds(n, final_size)
    except RisikoError:
        return
    ids = [f"K{i:03d}" for i in range(n)]
    entrants = [Entrant(pid) for pid in ids]
    rng = random.Random(seed)
    rules = StandingsRules(rounds=1, chain=("best_1", "lottery"))
    phases = flat_phases(kind="knockout", final_size=final_size, final_ranking="final_only")

    def play(tables, round_no, phase):
        out, winners = [], []
        for t, table in enumerate(tables, 1):
            order = list(table)
            rng.shuffle(order)
            winners.append(order[0])
            out += [GameResult(pid, round_no, phase, t, pos,
                               Fraction(rng.randint(0, 80), 1000) + (pos == 1),
                               players=len(order)) for pos, pid in enumerate(order, 1)]
        return out, winners

    results, winners = play(knockout(ids, path[1], seed), 1, QUALIFYING)
    table = compute_standings(entrants, results, rules, seed)
    step = next_phase(entrants, results, table, phases, rules, seed)
    rounds = 1
    while step is not None:
        seated = step.players()
        assert sorted(seated) == sorted(winners) and len(set(seated)) == len(seated)
        rounds += 1
        if step.phase == FINAL:
            assert len(seated) == final_size
        more, winners = play([[q.player for q in t] for t in step.tables], step.round_no,
                             step.phase)
        results += more
        step = next_phase(entrants, results, table, phases, rules, seed)
    assert rounds == len(path) - 1  # path: players in each round, then the champion
