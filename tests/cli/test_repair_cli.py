"""`ritira --ripara` and `iscrivi --ripara`: a round drawn and not yet played is mended
with the fewest moves instead of a whole new draw, the moves reported («G07 dal tavolo 3
al tavolo 5») and recorded in Sorteggi (procedure «riparazione»), so `verifica` replays
it. Typed results never move: a round with a result typed is refused.

Table sizes by 000 Art. 5 («saranno calcolate quante partite si disputeranno in tavoli da
5, quante in tavoli da 4, e quante in tavoli da 3 (queste ultime saranno necessarie solo
in presenza di 11, 7, 6, 3 giocatori)»; «si cercherà di limitare il numero di partite in
tavoli da 5»), counted by hand:
- 16 players: four tables of 4; 17: three of 4 and one of 5. A 17th player joining
  16 seated at four 4-tables joins one of them: nobody moves (0 moves).
- 21 players: four tables of 4 and one of 5; 20: five of 4. When a player of a 4-table
  withdraws, that table has 3 and the 5-table 5: one player of the 5-table moves to it,
  and no fewer moves make every table 4 (1 move).
"""

from __future__ import annotations

import re

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from tests.support.tournament_typing import new_book

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def registered(tmp_path, players, formula="open"):
    path = tmp_path / "torneo.xlsx"
    new_book(path, formula, players, "ripara-1", players="ripara", name=None)
    return path


def round_tables(path, round_no):
    """table -> sorted ids of `round_no`, from Risultati."""
    out: dict[int, list[str]] = {}
    for row in OpenpyxlBook(path).read_table(schema.RESULTS.name):
        if int(row["Turno"]) == round_no:
            out.setdefault(int(row["Tavolo"]), []).append(row["ID"])
    return {t: sorted(ids) for t, ids in out.items()}


def where(tables):
    return {pid: t for t, ids in tables.items() for pid in ids}


def last_draw(path):
    return OpenpyxlBook(path).read_table(schema.DRAWS.name).rows[-1]


def test_a_late_arrival_after_the_draw_is_seated_by_a_reported_repair(tmp_path, capsys):
    path = registered(tmp_path, 16)
    assert cli.main(["sorteggia", str(path)]) == 0
    before = round_tables(path, 1)
    capsys.readouterr()
    # without the flag, the message offers the repair beside the redraw
    assert cli.main(["iscrivi", str(path), "Ugo Neri", "--dal-turno", "1"]) == 0
    out = capsys.readouterr().out
    assert f"sorteggia {path} --turno 1 --forza" in out and "--ripara" in out
    assert round_tables(path, 1) == before  # nothing seated yet
    assert cli.main(["iscrivi", str(path), "Ivo Gialli", "--dal-turno", "1", "--ripara"]) == 0
    out = capsys.readouterr().out
    after = round_tables(path, 1)
    # --ripara seats the players of its own command (Ivo, G018), not Ugo (G017), left
    # out by the organiser's choice. 000 Art. 5: 17 players = three tables of 4 and one
    # of 5, the table of 5 last as a draw numbers it («si assegnano i "cinquisti" agli
    # ultimi tavoli», 001 §8 b); Ivo joins a 4-table and nobody of the 16 moves
    assert [len(after[t]) for t in sorted(after)] == [4, 4, 4, 5]
    assert "Turno 1 riparato con 0 spostamenti" in out
    new = {pid: t for pid, t in where(after).items() if pid not in where(before)}
    assert sorted(new) == ["G018"]
    for pid, table in new.items():
        assert f"{pid} (nuovo) al tavolo {table}" in out
    # the table that grew takes number 4 and table 4 its number: said only when it happens
    grown = next(t for t, ids in before.items() if set(ids) < set(after[4]))
    renumbered = {grown: 4, 4: grown} if grown != 4 else {}
    assert {p: t for p, t in where(after).items() if p in where(before)} == {
        p: renumbered.get(t, t) for p, t in where(before).items()}
    for old, new in renumbered.items():
        assert f"il tavolo {old} diventa il tavolo {new} (cambia solo il numero" in out
    assert ("diventa il tavolo" in out) == bool(renumbered)
    log = last_draw(path)
    assert log["Procedura"] == "riparazione" and "G018 (nuovo) al tavolo" in log["Note"]
    assert log["Seme"] == "ripara-1"
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert "2 sorteggi ripetuti; nessuna differenza." in capsys.readouterr().out


def test_a_withdrawal_from_a_drawn_five_table_round_is_repaired(tmp_path, capsys):
    path = registered(tmp_path, 21)
    assert cli.main(["sorteggia", str(path)]) == 0
    before = round_tables(path, 1)
    assert sorted(len(t) for t in before.values()) == [4, 4, 4, 4, 5]  # 000 Art. 5
    five = next(t for t, ids in before.items() if len(ids) == 5)
    short = next(t for t, ids in before.items() if len(ids) == 4)
    gone = before[short][0]
    capsys.readouterr()
    assert cli.main(["ritira", str(path), gone, "--ripara"]) == 0
    out = capsys.readouterr().out
    after = round_tables(path, 1)
    assert sorted(len(t) for t in after.values()) == [4, 4, 4, 4, 4]
    assert gone not in where(after)
    moved = [p for p, t in where(after).items() if where(before)[p] != t]
    assert len(moved) == 1 and where(before)[moved[0]] == five  # one move, from the 5
    assert where(after)[moved[0]] == short
    assert "Turno 1 riparato con 1 spostamento" in out
    assert f"{moved[0]} dal tavolo {five} al tavolo {short}" in out
    assert f"{gone} ritirato: lascia il tavolo {short}" in out
    log = last_draw(path)
    assert log["Procedura"] == "riparazione"
    assert f"{moved[0]} dal tavolo {five} al tavolo {short}" in log["Note"]
    archived = OpenpyxlBook(path).read_table(schema.ARCHIVE.name)
    assert sorted(archived.column("ID")) == sorted([gone, moved[0]])  # the rows that changed
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert "nessuna differenza." in capsys.readouterr().out


def test_without_the_flag_ritira_names_it_beside_the_redraw(tmp_path, capsys):
    path = registered(tmp_path, 21)
    assert cli.main(["sorteggia", str(path)]) == 0
    before = round_tables(path, 1)
    capsys.readouterr()
    assert cli.main(["ritira", str(path), "G005"]) == 0
    out = capsys.readouterr().out
    assert "--turno 1 --forza" in out and f"ritira {path} G005 --ripara" in out
    assert round_tables(path, 1) == before


def test_typed_results_are_never_moved(tmp_path, capsys):
    path = registered(tmp_path, 17)
    assert cli.main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    simulate.play(book, 1, "Qualificazione", "ripara")
    book.save()
    assert cli.main(["sorteggia", str(path)]) == 0
    # one result typed in round 2: the round is being played, its tables stay
    book = OpenpyxlBook(path)
    results = book.read_table(schema.RESULTS.name)
    second = [row for row in results if row["Turno"] == 2]
    table = second[0]["Tavolo"]
    at_table = [row for row in second if row["Tavolo"] == table]
    other = next(row["ID"] for row in second if row["Tavolo"] != table)
    for i, row in enumerate(at_table):
        row["Punti obiettivo"] = [40, 30, 20, 10, 5][i]
    book.write_table(schema.RESULTS.name, results)
    book.save()
    before = round_tables(path, 2)
    capsys.readouterr()
    # the withdrawal is recorded; round 2 is being played: its tables are not repaired, the
    # player's table plays with the passive-player rule
    assert cli.main(["ritira", str(path), other, "--ripara"]) == 0
    out = capsys.readouterr().out
    assert "Nel turno 2, già iniziato" in out and "non si riparano" in out
    assert "riparato" not in out
    assert round_tables(path, 2) == before  # nothing moved
    # a round with no result typed is repaired; the played round 1 never changes
    (tmp_path / "b").mkdir()
    path2 = registered(tmp_path / "b", 17)
    assert cli.main(["sorteggia", str(path2)]) == 0
    book = OpenpyxlBook(path2)
    simulate.play(book, 1, "Qualificazione", "ripara")
    book.save()
    assert cli.main(["sorteggia", str(path2)]) == 0
    played = round_tables(path2, 1)
    capsys.readouterr()
    assert cli.main(["ritira", str(path2), "G003", "--ripara"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Turno 2 riparato con \d+ spostament", out)
    assert "Turno 1 riparato" not in out
    assert round_tables(path2, 1) == played  # G003 keeps his played game of round 1
    assert "G003" not in where(round_tables(path2, 2))
    assert sorted(len(t) for t in round_tables(path2, 2).values()) == [4, 4, 4, 4]
    capsys.readouterr()
    assert cli.main(["verifica", str(path2)]) == 0


def test_a_late_arrival_is_seated_in_every_planned_round_from_his_first(tmp_path, capsys):
    path = registered(tmp_path, 16)
    book = OpenpyxlBook(path)
    players = book.read_table(schema.PLAYERS.name)
    players.set_column("Club", [None] * len(players))
    players.set_column("Regione", [None] * len(players))
    book.write_table(schema.PLAYERS.name, players)
    book.set_setting("Turni preliminari", 4)
    book.save()
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    first = round_tables(path, 1)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Ugo Neri", "--dal-turno", "2", "--ripara"]) == 0
    out = capsys.readouterr().out
    assert "Turno 1 riparato" not in out and round_tables(path, 1) == first
    for r in (2, 3, 4):
        assert f"Turno {r} riparato con 0 spostamenti" in out
        assert "G017" in where(round_tables(path, r))
        assert sorted(len(t) for t in round_tables(path, r).values()) == [4, 4, 4, 5]
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert "7 sorteggi ripetuti; nessuna differenza." in capsys.readouterr().out
