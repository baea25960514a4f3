"""A table is ordered by the quantity its method scores (seed 002 «Punteggi»): with the
box methods that is the method's own total, not the objective points."""

from __future__ import annotations

from risiko_xl import cli, udfs
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.rules import Seat, method, score_table
from tests.support.workbooks import new_with_players


def test_classico_1_table_won_by_the_method_total():
    # 002 «Metodo 1»: «Ogni giocatore somma il valore di tutti i territori da lui occupati
    # al termine della partita, indipendentemente dal fatto che facciano parte o meno del
    # suo obiettivo». A: 30 in objective + 5 outside = 35; B: 20 + 25 = 45; C: 10 + 2 = 12.
    seats = [Seat(30, 5, 1), Seat(20, 25, 2), Seat(10, 2, 3)]
    score = score_table(seats, scoring="classico_1")
    assert score.positions == (2, 1, 3)  # B wins though A has more objective points
    assert score.points == (35, 45, 12)


def test_classico_3_orders_by_territories_plus_armies():
    # 002 «Metodo 3»: method 1 + one point per army. A: 30+5+10 armies = 45;
    # B: 20+10+30 armies = 60; C: 25+10+5 armies = 40.
    seats = [Seat(30, 5, 1, armies_total=10), Seat(20, 10, 2, armies_total=30),
             Seat(25, 10, 3, armies_total=5)]
    score = score_table(seats, scoring="classico_3")
    assert score.positions == (2, 1, 3)
    assert score.points == (45, 60, 40)


def test_classico_2_orders_by_objective_points():
    # 002 «Metodo 2»: «Ogni giocatore somma il valore dei territori da lui occupati facenti
    # parte del suo obiettivo»: the objective points themselves order the table.
    seats = [Seat(30, 5, 1), Seat(20, 25, 2), Seat(10, 2, 3)]
    score = score_table(seats, scoring=method("classico_2"))
    assert score.positions == (1, 2, 3)
    assert score.points == (30, 20, 10)


def test_objective_methods_still_order_by_objective_points():
    # 001 §7: millesimi are the table points; the outside points only break ties.
    seats = [Seat(30, 5, 1), Seat(20, 25, 2), Seat(10, 2, 3)]
    assert score_table(seats, scoring="millesimi").positions == (1, 2, 3)


def test_worksheet_placement_by_the_method():
    # the same table through RISIKO_POSIZIONE: with metodo classico_1, B (20 + 25) wins
    args = ([[1.0]] * 3, [[30.0], [20.0], [10.0]], [[5.0], [25.0], [2.0]],
            [[1.0], [2.0], [3.0]])
    assert udfs.RISIKO_POSIZIONE(*args) == [[1], [2], [3]]  # objective points
    assert udfs.RISIKO_POSIZIONE(*args, metodo="classico_1") == [[2], [1], [3]]


def test_eliminazione_knockout_advances_the_method_winner(tmp_path, capsys):
    # 002 «Ad eliminazione diretta»: «il vincitore di ogni partita accede direttamente al
    # turno successivo»; the winner is who scores most by method 1 (all territories held).
    path = tmp_path / "ko.xlsx"
    new_with_players(path, "eliminazione", 20, 5, "ko", seed="ko-1", name="KO")
    assert cli.main(["draw", str(path), "--turno", "1"]) == 0
    book = OpenpyxlBook(path)
    frame = book.read_table(schema.RESULTS.name)
    tavoli = frame.column("Tavolo")
    assert sorted(tavoli.count(n) for n in set(tavoli)) == [5, 5, 5, 5]
    # at every table: 1st seat has the most objective points (40) but 5 outside (45);
    # 2nd seat 30 in objective and 25 outside (55): the method's winner
    typed = [(40, 5), (30, 25), (20, 5), (10, 4), (5, 1)]
    expected = set()
    for table in sorted(set(tavoli)):
        rows = [r for r in frame if r["Tavolo"] == table]
        for seat, row in enumerate(rows):
            row["Ordine"] = seat + 1
            row["Punti obiettivo"], row["Punti fuori obiettivo"] = typed[seat]
        expected.add(rows[1]["ID"])
    book.write_table(schema.RESULTS.name, frame)
    book.save()
    assert cli.main(["standings", str(path)]) == 0
    frame = OpenpyxlBook(path).read_table(schema.RESULTS.name)
    winners = {r["ID"] for r in frame if r["Posizione"] == 1}
    assert winners == expected
    capsys.readouterr()
    assert cli.main(["finals", str(path)]) == 0, capsys.readouterr().err
    frame = OpenpyxlBook(path).read_table(schema.RESULTS.name)
    final = {r["ID"] for r in frame if r["Fase"] == "Finale"}
    assert final == expected
