"""Properties of the phase model over random formulas of the language (issue 25, «Must
show»): whatever the rules — direct finalists (first, sole leader, unbeaten, by field
size), the phase before the final (semifinals or spareggio, its places, its ripescati
with their pool and games), the minimums of games — the next phase seats nobody twice,
nobody ineligible, and fills every table it seats; or the formula is refused with an
Italian message (never another exception)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from risiko_xl.draw.sizes import table_sizes
from risiko_xl.errors import RisikoError
from risiko_xl.formulas.json_types import Where, build
from risiko_xl.formulas.phase_checks import check_phases
from risiko_xl.standings import (
    QUALIFYING,
    Entrant,
    GameResult,
    StandingsRules,
    compute_standings,
    next_phase,
)
from risiko_xl.standings.config import PhaseRules
from risiko_xl.standings.steps import VIA_BEST_ASSOLUTA, VIA_BEST_GAME, VIA_DIRECT, VIA_RANK


@st.composite
def phase_rules(draw, rounds: int) -> PhaseRules:
    """A formula's phases as an organiser could write them (checked: the language's
    own refusals are part of the property below)."""
    kind = draw(st.sampled_from(["semifinals", "playoff", "final"]))
    final = draw(st.integers(3, 5))
    data: dict = {"final_size": final, "final_min_games": draw(st.integers(0, rounds))}
    if kind == "final":
        return check_phases(build(PhaseRules, data, Where("x")), rounds, Where("x"))
    recalls = draw(st.lists(st.sampled_from(["best_game", "best_assoluta"]), max_size=2,
                            unique=True))
    stage: dict = {"kind": kind, "table_size": draw(st.integers(3, 5)), "recalls": recalls,
                   "min_games": draw(st.integers(0, rounds))}
    if recalls:
        stage["recall_min_games"] = draw(st.integers(0, rounds))
        stage["recall_from"] = draw(st.one_of(st.none(), st.integers(1, 12)))
    if kind == "playoff":
        data["direct"] = {"rule": "first", "count": final - 1}
    else:
        rule = draw(st.sampled_from(["none", "first", "sole_leader", "unbeaten"]))
        direct: dict = {"rule": rule}
        if rule in ("first", "unbeaten"):
            direct["count"] = draw(st.integers(1, final - 1))
            if draw(st.booleans()):
                direct["field"] = [[draw(st.integers(6, 14)), draw(st.integers(0, final - 1))]]
        data["direct"] = direct
    data["stage"] = stage
    return check_phases(build(PhaseRules, data, Where("x")), rounds, Where("x"))


@st.composite
def tournaments(draw):
    """Rounds of real tables (4 and 5 players, one winner each), absences and late
    entries, millesimi points (ties at the top common)."""
    n = draw(st.integers(6, 30))
    rounds = draw(st.integers(1, 4))
    rng = random.Random(draw(st.integers(0, 10**6)))
    entrants = [Entrant(f"G{i:02d}", name=f"Nome {i}", club=f"C{i % 5}",
                        from_round=1 if i < n - 2 else rng.randint(1, rounds))
                for i in range(n)]
    results = []
    for r in range(1, rounds + 1):
        present = [e.id for e in entrants if e.from_round <= r and rng.random() > 0.12]
        if len(present) < 3:
            present = [e.id for e in entrants][:4]
        rng.shuffle(present)
        try:
            sizes = table_sizes(len(present))
        except RisikoError:
            sizes = table_sizes(len(present) - 1)
            present = present[:-1]
        start = 0
        for number, size in enumerate(sizes, 1):
            seats = present[start:start + size]
            start += size
            scores = rng.sample(range(0, 60), size)
            for position, (pid, score) in enumerate(
                    zip(seats, sorted(scores, reverse=True)), 1):
                points = Fraction(score, 1000) + (1 if position == 1 else 0)
                results.append(GameResult(pid, r, QUALIFYING, number, position, points,
                                          table_points=score, players=size))
    drops = draw(st.integers(0, rounds - 1))
    rules = StandingsRules(rounds=rounds, drops=drops,
                           min_games=draw(st.integers(0, rounds)))
    return entrants, results, rules, draw(phase_rules(rounds))


def _played(results, pid: str) -> int:
    return sum(1 for r in results if r.player == pid)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.integers(0, 9))
def test_the_next_phase_seats_each_once_and_only_the_eligible(data, seed):
    entrants, results, rules, phases = data
    standings = compute_standings(entrants, results, rules, seed)
    try:
        step = next_phase(entrants, results, standings, phases, rules, seed)
    except RisikoError as err:  # the rules cannot be met by this field: said in Italian,
        assert err.messaggio.strip() and err.messaggio[0].isalpha()  # naming the rule
        assert err.chiave or "parità" in err.messaggio, err.messaggio  # (or the tie)
        return
    if step is None:
        assert phases.kind == "none"
        return
    seated = [q.player for table in step.tables for q in table]
    everyone = seated + [q.player for q in step.finalists]
    assert len(everyone) == len(set(everyone)), "nobody seated twice"
    size = phases.table_size
    assert all(len(table) == size for table in step.tables), "every table full"
    rows = {r.player: r for r in standings.rows}
    stage = phases.stage
    finalists = set(step.finalists)
    for q in (*(q for table in step.tables for q in table), *step.finalists):
        games = _played(results, q.player)
        assert q.player in rows, "only players of the standings"
        if q in finalists or q.via == VIA_DIRECT or (stage is None and q.via == VIA_RANK):
            assert games >= phases.final_min_games, (q, games)
        elif q.via == VIA_RANK and stage is not None:
            assert games >= stage.min_games, (q, games)
        elif q.via in (VIA_BEST_GAME, VIA_BEST_ASSOLUTA):
            assert stage is not None and games >= stage.recall_min_games, (q, games)
            assert rows[q.player].position >= (stage.recall_from or 0), q
    if stage is not None and stage.recalls:
        recalled = [q for t in step.tables for q in t if q.via in (VIA_BEST_GAME,
                                                                   VIA_BEST_ASSOLUTA)]
        assert len(recalled) == len(stage.recalls)
