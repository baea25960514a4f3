"""The `risiko-xl` commands over a workbook file: each step, refusals and bad input.

A refused command exits 2 with one Italian line naming sheet, row, column and value, and
leaves the file byte-identical.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest
from openpyxl import load_workbook

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.files.writes import backup_path
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def registered(tmp_path):
    """A master workbook with 18 players registered."""
    path = tmp_path / "torneo.xlsx"
    new_with_players(path, "master", 18, 5, "cli", seed="prova-1", name="Prova")
    return path


def results(path):
    return OpenpyxlBook(path).read_table(schema.RESULTS.name)


def type_results(path, round_no, phase="Qualificazione"):
    book = OpenpyxlBook(path)
    simulate.play(book, round_no, phase, "cli")
    book.save()


def refused(path, capsys, *args):
    before = digest(path)
    assert cli.main(list(args)) == cli.EXIT_BAD_INPUT
    assert digest(path) == before
    return capsys.readouterr().err


def test_draw_prefills_the_round_table_by_table(registered):
    assert cli.main(["draw", str(registered), "--turno", "1"]) == 0
    frame = results(registered)
    assert len(frame) == 18 and set(frame.column("Turno")) == {1}
    tavoli = frame.column("Tavolo")
    assert sorted(tavoli.count(n) for n in set(tavoli)) == [4, 4, 5, 5]  # 18 = 5+5+4+4
    assert set(frame.column("Punti obiettivo")) == {None}
    log = OpenpyxlBook(registered).read_table(schema.DRAWS.name)
    assert log.column("Seme") == ["prova-1"] and len(log.column("Impronta")[0]) == 64
    assert backup_path(registered).exists()


def test_redraw_needs_forza_and_archives_the_old_rows(registered, capsys):
    assert cli.main(["draw", str(registered)]) == 0
    type_results(registered, 1)
    message = refused(registered, capsys, "draw", str(registered), "--turno", "1")
    assert "Foglio Risultati" in message and "--forza" in message
    typed = results(registered)
    assert cli.main(["draw", str(registered), "--turno", "1", "--forza", "--seme", "x"]) == 0
    archive = OpenpyxlBook(registered).read_table(schema.ARCHIVE.name)
    assert archive.column("Punti obiettivo") == typed.column("Punti obiettivo")
    assert set(results(registered).column("Punti obiettivo")) == {None}


def test_next_round_waits_for_results(registered, capsys):
    assert cli.main(["draw", str(registered)]) == 0
    message = refused(registered, capsys, "draw", str(registered))
    assert "mancano i risultati del turno 1" in message and "riga" in message


def test_text_in_a_points_cell_names_sheet_row_column_and_value(registered, capsys):
    assert cli.main(["draw", str(registered)]) == 0
    type_results(registered, 1)
    book = OpenpyxlBook(registered)
    frame = book.read_table(schema.RESULTS.name)
    row = frame.rows[2].sheet_row
    frame.rows[2]["Punti obiettivo"] = "ventitré"
    book.write_table(schema.RESULTS.name, frame)
    book.save()
    message = refused(registered, capsys, "standings", str(registered))
    assert message.startswith("Errore: Foglio Risultati")
    assert f"riga {row}" in message and "colonna Punti obiettivo" in message
    assert "'ventitré'" in message


def test_standings_verify_and_tampering(registered, capsys):
    for round_no in (1, 2):
        assert cli.main(["draw", str(registered)]) == 0
        type_results(registered, round_no)
    assert cli.main(["standings", str(registered)]) == 0
    assert cli.main(["verify", str(registered)]) == 0
    assert "nessuna differenza" in capsys.readouterr().out
    book = OpenpyxlBook(registered)
    frame = book.read_table(schema.RESULTS.name)
    row = frame.rows[0].sheet_row
    frame.rows[0]["Punti torneo"] = 9.999
    book.write_table(schema.RESULTS.name, frame)
    book.save()
    assert cli.main(["verify", str(registered)]) == cli.EXIT_FAILURE
    out = capsys.readouterr().out
    assert f"Foglio Risultati, riga {row}, colonna Punti torneo: trovato 9.999" in out


def test_verify_replays_draws_and_spots_a_moved_player(registered, capsys):
    assert cli.main(["draw", str(registered)]) == 0
    book = OpenpyxlBook(registered)
    frame = book.read_table(schema.RESULTS.name)
    first, last = frame.rows[0], frame.rows[-1]
    first["ID"], last["ID"] = last["ID"], first["ID"]
    book.write_table(schema.RESULTS.name, frame)
    book.save()
    assert cli.main(["verify", str(registered)]) == cli.EXIT_FAILURE
    out = capsys.readouterr().out
    assert "non corrispondono all'ultimo sorteggio" in out
    # the first row moved is named: who sits there, at which table, where the draw put them
    assert (f"riga {first.sheet_row}: {first['ID']} al tavolo {first['Tavolo']}, "
            f"sorteggiato al tavolo {last['Tavolo']}") in out


def test_export_is_values_only(registered, tmp_path):
    assert cli.main(["draw", str(registered)]) == 0
    type_results(registered, 1)
    assert cli.main(["standings", str(registered)]) == 0
    out = tmp_path / "copia.xlsx"
    assert cli.main(["export", str(registered), str(out)]) == 0
    book = load_workbook(out)
    assert "Classifica" in book.sheetnames and "xlwings.conf" not in book.sheetnames
    formulas = [c for ws in book.worksheets for row in ws.iter_rows() for c in row
                if c.data_type == "f"]
    assert formulas == []


def test_export_never_replaces_an_existing_file_unless_forced(registered, tmp_path, capsys):
    other = tmp_path / "altro_torneo.xlsx"
    assert cli.main(["new", str(other), "--formula", "master"]) == 0
    before = other.read_bytes()
    capsys.readouterr()
    assert cli.main(["esporta", str(registered), str(other)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Il file esiste già" in err
    assert "--forza" in err and other.read_bytes() == before
    assert cli.main(["esporta", str(registered), str(other), "--forza"]) == 0
    assert "xlwings.conf" not in load_workbook(other).sheetnames


def test_unknown_formula_and_missing_file(tmp_path, capsys):
    assert cli.main(["new", str(tmp_path / "x.xlsx"), "--formula", "mastre"]) == 2
    assert "mastre" in capsys.readouterr().err
    assert cli.main(["standings", str(tmp_path / "nessuno.xlsx")]) == 2
    assert "File non trovato" in capsys.readouterr().err


def test_exit_code_through_the_console_script(registered):
    result = subprocess.run([sys.executable, "-m", "risiko_xl.cli", "draw", str(registered),
                             "--turno", "3"], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stderr.startswith("Errore: Foglio Torneo") and "Traceback" not in result.stderr
