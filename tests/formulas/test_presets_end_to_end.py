"""Every shipped formula played end to end through the workbook services: registration,
every preliminary round drawn, typed and ranked, a withdrawal, the final phases and the
final ranking, then `verify` finds no difference."""

from __future__ import annotations

import pytest

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.demo import play_tournament
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import load
from tests.support.preset_cases import CASES

pytestmark = pytest.mark.lento  # every formula played to the end


@pytest.mark.parametrize("name", sorted(CASES))
def test_formula_plays_end_to_end(name, tmp_path):
    players, late, settings = CASES[name]
    path = tmp_path / f"{name}.xlsx"
    lines = play_tournament(path, formula=name, players=players, clubs=6, seed=f"e2e-{name}",
                            late=late, settings=settings)
    assert lines[-2].endswith("nessuna differenza."), lines
    t = load(OpenpyxlBook(path))
    assert all(r.seat is not None for r in t.rows)
    rounds = t.formula.standings.rounds
    assert {r.round_no for r in t.rows if r.phase == QUALIFYING} == set(range(1, rounds + 1))
    book = OpenpyxlBook(path)
    standings = book.read_table("Classifica")
    withdrawn = {e.id for e in t.entrants if e.state == "Ritirato"}
    assert len(withdrawn) == 1
    if t.formula.standings.withdrawn == "remove":
        assert not withdrawn & set(standings.column("ID"))
    teams = book.read_table(schema.TEAMS.name)
    if t.formula.teams is not None:  # 6 clubs of 5 → 6 teams, best 11 results each
        assert len(teams) == 6 and teams.column("Pos") == [1, 2, 3, 4, 5, 6]
        assert set(teams.column("Contate")) == {min(11, 5 * rounds)}
    else:
        assert not len(teams)
    if t.formula.phases.kind != "none":
        ranking = book.read_table(schema.FINAL_RANKING.name)
        assert ranking.column("Pos")[:3] == [1, 2, 3]
        finals = {r.player for r in t.rows if r.phase == "Finale"}
        assert set(ranking.column("ID")[:len(finals)]) == finals
        assert not withdrawn & finals
