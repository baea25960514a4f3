"""An organiser's evening with `sorteggia --tutti` and repairs (`ritira --ripara`): the
repairs stay faithful in `verifica` whatever is typed after them, and `ritira` without
`--ripara` names every round the player still sits in and a command that works.

From the regulations:
- 001 §8: the draw criteria of a formula whose rounds are all planned at once read no
  result («separazione vincitori delle partite del primo turno» is the one that does), so
  results typed after a repair in an earlier round cannot change what the repair read:
  `verifica` must find no difference («impronta») in it.
- A real change of the inputs (a player's club, 001 §8 «separazione giocatori dello
  stesso club») must still be reported.
"""

from __future__ import annotations

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from tests.support.tournament_typing import new_book

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def evening(tmp_path, players=20, rounds=4):
    """A gufo evening: `players` registered, every round drawn with --tutti, round 1
    played and the standings written."""
    path = tmp_path / "gufo.xlsx"
    new_book(path, "gufo", players, "gufo-1")
    book = OpenpyxlBook(path)
    book.set_setting("Turni preliminari", rounds)
    book.save()
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    play(path, 1)
    return path


def play(path, round_no):
    book = OpenpyxlBook(path)
    simulate.play(book, round_no, "Qualificazione", f"risultati-{round_no}")
    book.save()
    assert cli.main(["classifica", str(path)]) == 0


def rounds_of(path, pid):
    return sorted({int(r["Turno"]) for r in OpenpyxlBook(path).read_table(
        schema.RESULTS.name) if r["ID"] == pid})


def verified(path, capsys) -> str:
    capsys.readouterr()
    cli.main(["verifica", str(path)])
    return capsys.readouterr().out


def test_results_typed_after_a_repair_do_not_make_it_differ(tmp_path, capsys):
    path = evening(tmp_path)
    assert cli.main(["ritira", str(path), "G007", "--ripara"]) == 0
    assert rounds_of(path, "G007") == [1]  # repaired out of rounds 2, 3 and 4
    assert "nessuna differenza." in verified(path, capsys)
    play(path, 2)  # the round just repaired, then the standings
    assert "nessuna differenza." in verified(path, capsys)
    play(path, 3)
    assert "nessuna differenza." in verified(path, capsys)


def test_many_withdrawals_in_a_row_leave_verifica_clean(tmp_path, capsys):
    path = evening(tmp_path)
    for number in range(2, 15):  # 13 withdrawals, each repairing rounds 2, 3 and 4
        assert cli.main(["ritira", str(path), f"G{number:03d}", "--ripara"]) == 0
    out = verified(path, capsys)
    assert "nessuna differenza." in out, out
    play(path, 2)
    out = verified(path, capsys)
    assert "nessuna differenza." in out, out


def test_a_club_changed_after_a_repair_is_still_reported(tmp_path, capsys):
    path = evening(tmp_path)
    assert cli.main(["ritira", str(path), "G007", "--ripara"]) == 0
    book = OpenpyxlBook(path)
    players = book.read_table(schema.PLAYERS.name)
    for row in players:
        if row["ID"] == "G001":
            row["Club"] = "Club Mai Visto"
    book.write_table(schema.PLAYERS.name, players)
    book.save()
    assert "l'impronta dei dati non corrisponde" in verified(path, capsys)


def test_ritira_names_every_seated_round_and_its_advice_works(tmp_path, capsys):
    path = evening(tmp_path)
    capsys.readouterr()
    assert cli.main(["ritira", str(path), "G007"]) == 0
    out = capsys.readouterr().out
    # G007 was seated by --tutti in rounds 2, 3 and 4, none played yet
    assert "nei turni 2, 3 e 4" in out
    assert f"risiko-xl ritira {path} G007 --ripara" in out
    assert rounds_of(path, "G007") == [1, 2, 3, 4]  # nothing repaired yet
    # both choices, with what the repair would give: 000 Art. 5, 19 players sit at three
    # tables of 5 and one of 4; after round 2 repaired so, 15 of the 19 sat at a 5-table
    # and only 4 did not: of round 3's 15 seats at a 5-table at least 15 - 4 = 11 go to
    # players who sit there again
    assert "Riparando: turno 2" in out and "Riparando: turno 4" in out
    assert "ripetizioni del tavolo da 5: " in out and "(minimo possibile 11)" in out
    assert "--turno 2 --forza" in out
    capsys.readouterr()
    assert cli.main(["ritira", str(path), "G007", "--ripara"]) == 0  # the advice, followed
    out = capsys.readouterr().out
    assert rounds_of(path, "G007") == [1]
    assert out.count("Qualità: ") == 3  # each repaired round, beside its moves
    assert "(minimo possibile 11)" in out and "un nuovo sorteggio del turno 3" in out
    assert "nessuna differenza." in verified(path, capsys)
    # withdrawn and seated nowhere unplayed: nothing left to do, said as before
    assert cli.main(["ritira", str(path), "G007", "--ripara"]) == cli.EXIT_BAD_INPUT
    assert "già «Ritirato»" in capsys.readouterr().err


def test_a_late_arrival_is_told_every_drawn_round_and_a_command_that_works(tmp_path,
                                                                            capsys):
    path = evening(tmp_path)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Quarto Arrivo", "--club", "Club Z",
                     "--dal-turno", "2"]) == 0
    out = capsys.readouterr().out
    assert "i turni 2, 3 e 4 sono già sorteggiati" in out
    command = f'risiko-xl iscrivi {path} "Quarto Arrivo" --club "Club Z" --ripara'
    assert command in out
    # the advice, followed: the player registered is seated, not registered twice
    assert cli.main(["iscrivi", str(path), "Quarto Arrivo", "--club", "Club Z",
                     "--ripara"]) == 0
    names = [r["Nome"] for r in OpenpyxlBook(path).read_table(schema.PLAYERS.name)]
    assert names.count("Quarto") == 1
    assert rounds_of(path, "G021") == [2, 3, 4]
    assert "nessuna differenza." in verified(path, capsys)


def test_a_played_first_round_points_to_the_next_one(tmp_path, capsys):
    path = evening(tmp_path)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Quinto Arrivo", "--dal-turno", "1",
                     "--ripara"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "--dal-turno 2 --ripara" in err and "dal turno 5" not in err
    assert cli.main(["iscrivi", str(path), "Quinto Arrivo", "--dal-turno", "2",
                     "--ripara"]) == 0
    assert rounds_of(path, "G021") == [2, 3, 4]


def test_a_round_beyond_the_formula_is_named_as_the_reason(tmp_path, capsys):
    path = tmp_path / "open.xlsx"
    new_book(path, "open", 16, "open-1")
    book = OpenpyxlBook(path)
    book.set_setting("Turni preliminari", 2)
    book.save()
    assert cli.main(["sorteggia", str(path)]) == 0  # round 1 of 2 drawn
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Sesto Arrivo", "--dal-turno", "3",
                     "--ripara"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "prevede 2 turni preliminari" in err and "già tutti sorteggiati" not in err


def test_a_round_in_progress_is_not_offered_for_repair(tmp_path, capsys):
    """Round 2 started (table 1 typed): a player withdrawn from another table of it plays
    there as a passive player; only rounds 3 and 4 are offered, and the advised command
    works as printed."""
    path = evening(tmp_path)
    book = OpenpyxlBook(path)
    simulate.play(book, 2, "Qualificazione", "risultati-2")
    results = book.read_table(schema.RESULTS.name)
    kept = {"Turno", "Fase", "Tavolo", "ID", "Giocatore"}
    for row in results:
        if row["Turno"] == 2 and row["Tavolo"] != 1:
            for header in results.headers:
                if header not in kept:
                    row[header] = None
    book.write_table(schema.RESULTS.name, results)
    book.save()
    away = next(r["ID"] for r in OpenpyxlBook(path).read_table(schema.RESULTS.name)
                if r["Turno"] == 2 and r["Tavolo"] == 2)
    capsys.readouterr()
    assert cli.main(["ritira", str(path), away]) == 0
    out = capsys.readouterr().out
    assert "nei turni 3 e 4, non ancora giocati" in out
    assert "Nel turno 2, già iniziato" in out and "giocatore passivo" in out
    command = f"risiko-xl ritira {path} {away} --ripara"
    assert command in out
    assert f"risiko-xl sorteggia {path} --turno 3 --forza; " \
           f"risiko-xl sorteggia {path} --turno 4 --forza" in out
    assert cli.main(command.split()[1:]) == 0
    assert rounds_of(path, away) == [1, 2]  # still at his round-2 table, out of 3 and 4
    assert "nessuna differenza" in verified(path, capsys)
