"""Repairs of a master tournament (seed 001) keep the shape of its draw.

001 §8, «Formazione dei tavoli»: «si preferiranno quelli da quattro giocatori (ricorrendo
eventualmente a quelli da cinque giocatori solo se il numero degli iscritti lo rendesse
necessario)»; «b) si assegnano i "cinquisti" agli ultimi tavoli uno per tavolo»; from the
2nd game «1) minimizzazione partecipazione ad un tavolo da 5». Counted by hand:
- 20 players: five tables of 4; 21: four of 4 and one of 5, the 5th; 19: one of 4 and
  three of 5, tables 2-4.
- A late arrival among 20 seated: one table grows to 5, nobody moves, and the grown table
  is table 5 (a renumbering moves nobody, and is said only when a number changes).
- A withdrawal among 20 seated at five tables of 4: the three left at the short table go
  one to each table that becomes a table of 5 (3 moves, no fewer).
- 21 players in the 1st game: five sat at the table of 5. One of them withdraws: 20 in
  the 2nd game, five tables of 4, and the four left who sat at a table of 5 are at four
  tables at most; a late arrival then grows a table where nobody sat at a table of 5, so
  the 2nd game has no repetition of the table of 5 with nobody moved.
"""

from __future__ import annotations

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from tests.support.tournament_typing import new_book

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def round_tables(path, round_no):
    """table -> sorted ids of `round_no`, from Risultati."""
    out: dict[int, list[str]] = {}
    for row in OpenpyxlBook(path).read_table(schema.RESULTS.name):
        if int(row["Turno"]) == round_no:
            out.setdefault(int(row["Tavolo"]), []).append(row["ID"])
    return {t: sorted(ids) for t, ids in sorted(out.items())}


def master(tmp_path, players, seed):
    path = tmp_path / "master.xlsx"
    new_book(path, "master", players, seed)
    assert cli.main(["sorteggia", str(path)]) == 0
    return path


def clean(path, capsys) -> None:
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert "nessuna differenza." in capsys.readouterr().out


@pytest.mark.parametrize("seed", ["master-1", "master-2", "master-3"])
def test_a_late_arrival_makes_the_last_table_the_table_of_5(tmp_path, capsys, seed):
    path = master(tmp_path, 20, seed)
    before = round_tables(path, 1)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Ultimo Arrivato", "--dal-turno", "1",
                     "--ripara"]) == 0
    out = capsys.readouterr().out
    after = round_tables(path, 1)
    assert [len(ids) for ids in after.values()] == [4, 4, 4, 4, 5]
    assert "G021" in after[5] and "Turno 1 riparato con 0 spostamenti" in out
    grown = next(t for t, ids in before.items() if set(ids) < set(after[5]))
    number = {grown: 5, 5: grown}
    assert after == {number.get(t, t): sorted([*ids, "G021"] if t == grown else ids)
                     for t, ids in before.items()}
    said = [line for line in out.splitlines() if "diventa il tavolo" in line]
    assert said == ([] if grown == 5 else [
        f"il tavolo {grown} diventa il tavolo 5 (cambia solo il numero: chi vi siede non "
        "si sposta)",
        f"il tavolo 5 diventa il tavolo {grown} (cambia solo il numero: chi vi siede non "
        "si sposta)"])
    clean(path, capsys)


def test_a_withdrawal_leaves_the_tables_of_5_last_with_three_moves(tmp_path, capsys):
    path = master(tmp_path, 20, "master-ritiro")
    before = round_tables(path, 1)
    gone = before[2][0]
    capsys.readouterr()
    assert cli.main(["ritira", str(path), gone, "--ripara"]) == 0
    out = capsys.readouterr().out
    after = round_tables(path, 1)
    assert [len(ids) for ids in after.values()] == [4, 5, 5, 5]
    assert "Turno 1 riparato con 3 spostamenti" in out
    for pid in before[2][1:]:  # the short table's three, one at each table of 5
        assert f"{pid} dal tavolo 2 al tavolo" in out
    assert sorted(t for t, ids in after.items() for pid in before[2][1:] if pid in ids) == [
        2, 3, 4]
    kept = [ids for t, ids in before.items() if t != 2]  # the other tables stay together
    assert all(any(set(ids) <= set(new) for new in after.values()) for ids in kept)
    clean(path, capsys)


def test_a_late_arrival_in_the_2nd_game_grows_a_table_with_no_earlier_table_of_5(
        tmp_path, capsys):
    path = master(tmp_path, 21, "master-secondo")
    book = OpenpyxlBook(path)
    simulate.play(book, 1, "Qualificazione", "risultati-1")
    book.save()
    assert cli.main(["classifica", str(path)]) == 0
    fivers = next(ids for ids in round_tables(path, 1).values() if len(ids) == 5)
    assert cli.main(["ritira", str(path), fivers[0]]) == 0
    assert cli.main(["sorteggia", str(path)]) == 0
    second = round_tables(path, 2)
    assert [len(ids) for ids in second.values()] == [4] * 5
    free = [t for t, ids in second.items() if not set(ids) & set(fivers)]
    assert free  # four players who sat at a table of 5, five tables
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Tardo Arrivo", "--dal-turno", "2",
                     "--ripara"]) == 0
    out = capsys.readouterr().out
    after = round_tables(path, 2)
    assert [len(ids) for ids in after.values()] == [4, 4, 4, 4, 5]
    assert "G022" in after[5] and not set(after[5]) & set(fivers)
    assert "Turno 2 riparato con 0 spostamenti" in out
    assert "ripetizioni del tavolo da 5: 0 (minimo possibile 0)" in out
    clean(path, capsys)
