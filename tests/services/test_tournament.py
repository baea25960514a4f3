"""The whole tournament through the workbook: the demo, read back by LibreOffice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.standings import compute_standings
from risiko_xl.standings.model import FINAL, QUALIFYING, SEMIFINAL
from risiko_xl.tournament.loading import load
from tests.support.lo_reader import sheets_as_csv

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def test_demo_plays_master_from_registration_to_final_ranking(demo_played):
    path, lines = demo_played
    t = load(OpenpyxlBook(path))
    assert len(t.entrants) == 37
    assert len({e.club for e in t.entrants if e.club}) == 9
    late = [e for e in t.entrants if e.from_round == 2]
    withdrawn = [e for e in t.entrants if e.state == "Ritirato"]
    assert len(late) == 1 and len(withdrawn) == 1
    seated = {(r.round_no, r.phase): set() for r in t.rows}
    for r in t.rows:
        seated[r.round_no, r.phase].add(r.player)
    assert late[0].id not in seated[1, QUALIFYING] and late[0].id in seated[2, QUALIFYING]
    assert len(seated[1, QUALIFYING]) == 36 and len(seated[2, QUALIFYING]) == 37
    semis = [k for k in seated if k[1] == SEMIFINAL]
    finals = [k for k in seated if k[1] == FINAL]
    assert len(semis) == 1 and len(finals) == 1
    assert withdrawn[0].id not in seated[semis[0]] | seated[finals[0]]
    assert all(r.seat is not None for r in t.rows)  # every game played
    ranking = OpenpyxlBook(path).read_table(schema.FINAL_RANKING.name)
    assert ranking.column("Pos")[:4] == [1, 2, 3, 4]
    assert set(ranking.column("ID")[:4]) == seated[finals[0]]
    assert lines[-2].endswith("nessuna differenza.")  # verify of the finished tournament


@pytest.mark.libreoffice
def test_libreoffice_reads_back_the_standings_python_computed(demo_played, tmp_path):
    path, _ = demo_played
    t = load(OpenpyxlBook(path))
    standings = compute_standings(t.entrants, t.results, t.formula.standings,
                                  t.settings["Seme sorteggio"])
    sheets = sheets_as_csv(path, tmp_path)
    header, *rows = [r for r in sheets["Classifica"] if any(r)]
    assert header[:4] == ["Pos", "ID", "Giocatore", "Club"]
    assert len(rows) == len(standings.rows)
    total = header.index("Totale")
    for row, expected in zip(rows, standings.rows):
        assert row[header.index("ID")] == expected.player
        assert Fraction(row[total]).limit_denominator(1000) == expected.total
        for n, value in enumerate(expected.rounds, start=1):
            cell = row[header.index(f"T{n}")]
            assert (cell == "") if value is None else (
                Fraction(cell).limit_denominator(1000) == value)


def _prepare(path, players, seed):
    """A master tournament with its preliminaries played and its semifinals seated."""
    from risiko_xl import simulate
    from risiko_xl.services.finals_sheet import run_finals
    from risiko_xl.services.rounds import draw_round
    from risiko_xl.workbooks.template import formula_settings, write_new

    write_new(path, {**formula_settings("master"), "Seme sorteggio": seed})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(players, 8, seed))
    for round_no in (1, 2):
        draw_round(book, round_no)
        simulate.play(book, round_no, QUALIFYING, seed)
    step = run_finals(book).step
    return book, step


def test_withdrawn_semifinal_winner_is_replaced_by_the_second_of_that_semi(tmp_path):
    """001 §8: a semifinal winner who withdraws is replaced by the 2nd of the same semi."""
    from risiko_xl import simulate
    from risiko_xl.services.finals_sheet import run_finals
    from risiko_xl.services.withdrawal import withdraw

    book, step = _prepare(tmp_path / "t.xlsx", 30, "sostituzione")
    assert step.phase == SEMIFINAL
    simulate.play(book, step.round_no, SEMIFINAL, "sostituzione")
    frame = book.read_table(schema.RESULTS.name)
    table = [r for r in frame if r["Fase"] == SEMIFINAL and r["Tavolo"] == 1]
    alive = [r for r in table if r["Eliminato"] is None]
    by_points = sorted(alive, key=lambda r: -r["Punti obiettivo"])
    risiko = [r for r in table if r["RisiKo!"] == "S"]
    winner = (risiko or by_points)[0]["ID"]
    second = next(r["ID"] for r in by_points if r["ID"] != winner)
    lines = withdraw(book, winner)
    assert any("Ritiro registrato" in line for line in lines)
    final = run_finals(book).step
    assert final.phase == FINAL
    seated = {q.player: q for table in final.tables for q in table}
    assert winner not in seated and second in seated
    assert winner in seated[second].reason or seated[second].replaces == winner
    from risiko_xl.services.standings_sheet import update_standings
    from risiko_xl.services.verify import verify

    update_standings(book)
    assert verify(book)[0] == []  # replacement logged, rows match the last seating


def test_a_field_over_100_splits_into_parallel_tournaments(tmp_path):
    """001 §8: 100+ players → odd and even positions play separate semis and finals."""
    from risiko_xl import simulate
    from risiko_xl.services.finals_sheet import run_finals

    book, step = _prepare(tmp_path / "t.xlsx", 120, "cento")
    assert step.phase == SEMIFINAL and set(step.table_groups) == {1, 2}
    t = load(book)
    standings = compute_standings(t.entrants, t.results, t.formula.standings, "cento")
    rank = {row.player: row.position for row in standings.rows}
    for table, group in zip(step.tables, step.table_groups):
        assert {rank[q.player] % 2 for q in table} == {group % 2}  # 1 = odd positions
    simulate.play(book, step.round_no, SEMIFINAL, "cento")
    final = run_finals(book).step
    assert final.phase == FINAL and len(final.tables) == 2
    simulate.play(book, final.round_no, FINAL, "cento")
    assert run_finals(book).step is None
    ranking = book.read_table(schema.FINAL_RANKING.name)
    finalists = {q.player for table in final.tables for q in table}
    assert set(ranking.column("ID")[:8]) == finalists  # 1st-8th from the two finals
