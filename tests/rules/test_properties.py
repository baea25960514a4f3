"""Invariants over random tables (hypothesis), and the UDFs agreeing with the core."""

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from risiko_xl import udfs
from risiko_xl.rules import METHODS, Seat, place, score_table, table_points


@st.composite
def tables(draw, sizes=(3, 4, 5)):
    """A legal table with complete chain-001 data (so every tie can be broken)."""
    n = draw(st.sampled_from(sizes))
    orders = draw(st.permutations(range(1, n + 1)))
    eliminated = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(eliminated):
        eliminated[0] = False
    risiko_at = draw(st.one_of(st.none(), st.integers(0, n - 1)))
    if risiko_at is not None:
        eliminated[risiko_at] = False
    budget = 164
    seats = []
    out_order = iter(draw(st.permutations(range(1, n + 1))))
    for i in range(n):
        if eliminated[i]:
            seats.append(Seat(0, 0, orders[i], eliminated=True, elimination=next(out_order)))
            continue
        points = draw(st.integers(0, min(86, budget)))
        out = draw(st.integers(0, min(60, budget - points)))
        budget -= points + out
        seats.append(Seat(points, out, orders[i], risiko=(i == risiko_at),
                          armies_total=draw(st.integers(0, 130)),
                          armies_objective=draw(st.integers(0, 60))))
    return seats


@given(tables())
def test_placements_are_a_permutation(seats):
    positions = place(seats).positions
    assert sorted(positions) == list(range(1, len(seats) + 1))


@given(tables(), st.sampled_from(sorted(METHODS)),
       st.lists(st.integers(0, 200), min_size=5, max_size=5))
def test_scores_never_negative(seats, name, penalties):
    if name == "medagliere":
        penalties = [0] * 5
    result = score_table(seats, scoring=name, penalties=penalties[: len(seats)])
    assert all(p >= 0 for p in result.points)


@given(tables())
def test_millesimi_never_above_1100(seats):
    assert max(score_table(seats).points) <= Fraction(1100, 1000)


@given(st.integers(0, 163), st.sampled_from([3, 4, 5]))
def test_scaling_monotone_and_rounds_up(points, players):
    assert table_points(points + 1, players) >= table_points(points, players)
    assert table_points(points, players) >= points
    if players == 5:
        assert 4 * table_points(points, 5) >= 5 * points > 4 * (table_points(points, 5) - 1)


@settings(max_examples=200)
@given(st.lists(tables(), min_size=1, max_size=6), st.sampled_from(
    ["millesimi", "bonus_50_15_5", "tavolo_bonus", "gufo", "raduno", "spartac"]))
def test_udfs_agree_with_core(games, name):
    """The same tables through RISIKO_POSIZIONE + RISIKO_PUNTI_TORNEO and score_table."""
    cols: dict[str, list] = {k: [] for k in ("t", "p", "o", "r", "e", "rk", "n")}
    expected = []
    for t, seats in enumerate(games, start=1):
        core = score_table(seats, scoring=name)
        expected += [float(p) for p in core.points]
        for s in seats:
            cols["t"].append(float(t))
            cols["p"].append(float(s.points))
            cols["o"].append(float(s.out_points))
            cols["r"].append(float(s.order))
            cols["e"].append(float(s.elimination) if s.eliminated else None)
            cols["rk"].append("S" if s.risiko else None)
            cols["n"].append(float(len(seats)))
    pos = udfs.RISIKO_POSIZIONE(cols["t"], cols["p"], cols["o"], cols["r"], cols["rk"],
                                cols["e"], cols["n"])
    pts = udfs.RISIKO_PUNTI_TORNEO(cols["p"], cols["n"], pos, cols["rk"], name, None, None,
                                   None, cols["t"])
    if len(cols["t"]) == 1:
        pts = [[pts]]
    assert [row[0] for row in pts] == expected


def _seed_scorings() -> list:
    """The scoring methods of the formulas that come from the seeds (000-004), variants
    included: not GestioneTorneo's (their `source` names it)."""
    from risiko_xl.formulas import load
    from risiko_xl.formulas.loader import names

    found = [load(n) for n in names()]
    seeds = [f for f in found if not f.source.startswith("GestioneTorneo")]
    assert {f.name for f in seeds} >= {"master", "eagles", "lu_castidduzzu", "italiana",
                                       "cns", "rtu", "eliminazione"}
    return [f.scoring for f in seeds] + [v.formula.scoring for f in seeds for v in f.variants]


@given(tables(), st.sampled_from(_seed_scorings()))
def test_seed_formulas_keep_whole_table_points(seats, scoring):
    """000 Art. 24, 001 §7, 003 Art. 23: ×1,25 «approssimati per eccesso» to whole table
    points. `scaled_parts` defaults to 1 for every seed formula, and scores are those of
    whole table points: table points as `table_points` (the seeds' rounding up, the
    RISIKO_PUNTI_TAVOLO function), points never finer than the method's own decimals."""
    assert scoring.scaled_parts == 1
    assert scoring.full_denominator == scoring.denominator
    if not scoring.game.risiko:  # S.P.Q.RisiKo! (seed 004) has none
        seats = [replace(s, risiko=False) for s in seats]
    n = len(seats)
    result = score_table(seats, scoring=scoring)
    assert result == score_table(seats, scoring=scoring.with_params(scaled_parts=1))
    whole = tuple(table_points(s.points, n, scoring.factors) if scoring.game.scaled
                  else s.points for s in seats)
    assert result.table_points == whole
    assert all((p * scoring.denominator).denominator == 1 for p in result.points)
