"""The whole tournament through the workbook: the demo, read back by LibreOffice."""

from __future__ import annotations

from fractions import Fraction

import pytest
from lo_reader import sheets_as_csv

from risiko_xl.demo import play_tournament
from risiko_xl.standings import compute_standings
from risiko_xl.standings.model import FINAL, QUALIFYING, SEMIFINAL
from risiko_xl.workbook import schema
from risiko_xl.workbook.openpyxl_book import OpenpyxlBook
from risiko_xl.workbook.state import load


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    path = tmp_path_factory.mktemp("demo") / "torneo-demo.xlsx"
    lines = play_tournament(path)
    return path, lines


def test_demo_plays_master_from_registration_to_final_ranking(demo):
    path, lines = demo
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
    assert list(ranking["Pos"])[:4] == [1, 2, 3, 4]
    assert set(ranking["ID"][:4]) == seated[finals[0]]
    assert lines[-2].endswith("nessuna differenza.")  # verify of the finished tournament


def test_libreoffice_reads_back_the_standings_python_computed(demo, tmp_path):
    path, _ = demo
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
