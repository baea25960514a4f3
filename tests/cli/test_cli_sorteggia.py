"""`sorteggia --forza`: a redraw gives new tables with a fresh seed, recorded in Sorteggi so
`verifica` replays it; with `--seme` it uses that seed."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from tests.support.tournament_typing import new_book

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def registered(tmp_path, players=18, formula="master"):
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / "torneo.xlsx"
    new_book(path, formula, players, "serata-1", players="forza", name=None)
    return path


def tables(path):
    seated: dict = {}
    for row in OpenpyxlBook(path).read_table(schema.RESULTS.name):
        seated.setdefault(row["Tavolo"], []).append(row["ID"])
    return sorted(tuple(sorted(ids)) for ids in seated.values())


def draws(path):
    return OpenpyxlBook(path).read_table(schema.DRAWS.name)


def test_forza_without_seme_draws_again_with_a_new_recorded_seed(tmp_path, capsys):
    path = registered(tmp_path)
    assert cli.main(["sorteggia", str(path)]) == 0
    first = tables(path)
    capsys.readouterr()
    # Archivio hidden while empty (printing the workbook gives no page of bare headers)
    assert load_workbook(path)["Archivio"].sheet_state == "hidden"
    assert cli.main(["sorteggia", str(path), "--turno", "1", "--forza"]) == 0
    assert load_workbook(path)["Archivio"].sheet_state == "visible"  # its rows shown
    out = capsys.readouterr().out
    log = draws(path)
    new_seed = log.column("Seme")[-1]
    assert log.column("Seme")[0] == "serata-1" and new_seed != "serata-1"
    assert out.startswith(f"Nuovo sorteggio del turno 1 con seme nuovo «{new_seed}»; le 18 "
                          "righe del sorteggio precedente sono nel foglio Archivio.")
    assert tables(path) != first  # 18 players: a new seed seats them otherwise
    assert len(OpenpyxlBook(path).read_table(schema.ARCHIVE.name)) == 18
    # the tournament's seed stays as it was; verifica replays both draws
    assert OpenpyxlBook(path).settings()["Seme sorteggio"] == "serata-1"
    assert cli.main(["verifica", str(path)]) == 0
    assert "2 sorteggi ripetuti; nessuna differenza." in capsys.readouterr().out


def test_forza_with_seme_uses_that_seed(tmp_path, capsys):
    path, other = registered(tmp_path / "a"), registered(tmp_path / "b")
    assert cli.main(["sorteggia", str(path)]) == 0
    assert cli.main(["sorteggia", str(path), "--turno", "1", "--forza", "--seme", "x7"]) == 0
    assert "con seme «x7» (indicato con --seme)" in capsys.readouterr().out
    assert cli.main(["sorteggia", str(other), "--seme", "x7"]) == 0
    assert tables(path) == tables(other) and draws(path).column("Seme")[-1] == "x7"


def test_the_procedure_is_recorded_with_its_italian_label(tmp_path):
    path = registered(tmp_path / "lu", formula="lu_castidduzzu")
    assert cli.main(["sorteggia", str(path)]) == 0
    assert draws(path).column("Procedura") == ["ottimizzazione dei criteri"]  # not «optimise»
    path = registered(tmp_path / "master")
    assert cli.main(["sorteggia", str(path)]) == 0
    # seed 001 §8: the master draw is the procedure «dei cinquisti»
    assert draws(path).column("Procedura") == ["cinquisti"]


def test_messages_name_procedures_in_italian():
    from risiko_xl.draw.engine import procedures_text

    assert procedures_text() == "ottimizzazione dei criteri («optimise»), cinquisti"


def test_a_note_typed_beside_a_redrawn_rounds_rows_refuses_the_redraw(tmp_path, capsys):
    # a note in column AA beside round 1's 5th row would end up beside another player
    path = registered(tmp_path)
    assert cli.main(["sorteggia", str(path)]) == 0
    workbook = load_workbook(path)
    sheet = workbook["Risultati"]
    player = sheet.cell(6, 6).value
    sheet["AA6"] = f"{player}: arriva alle 21"
    workbook.save(path)
    before = path.read_bytes()
    capsys.readouterr()
    assert cli.main(["sorteggia", str(path), "--turno", "1", "--forza"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "la cella AA6, scritta accanto alla tabella Risultati" in err
    assert "accanto a un altro giocatore" in err and "arriva alle 21" in err
    assert path.read_bytes() == before  # nothing written
    # a column of the table with its header goes to Archivio with its row
    workbook = load_workbook(path)
    sheet = workbook["Risultati"]
    sheet["AA6"] = None
    workbook.save(path)
    book = OpenpyxlBook(path)
    results = book.read_table(schema.RESULTS.name)
    results.headers.append("Appunti")
    results.rows[4].values["Appunti"] = "arriva alle 21"
    book.write_table(schema.RESULTS.name, results)
    book.save()
    assert cli.main(["sorteggia", str(path), "--turno", "1", "--forza"]) == 0
    archived = OpenpyxlBook(path).read_table(schema.ARCHIVE.name)
    (kept,) = [row for row in archived if row.get("Appunti")]
    assert kept["Appunti"] == "arriva alle 21" and kept["ID"] == results.rows[4]["ID"]
