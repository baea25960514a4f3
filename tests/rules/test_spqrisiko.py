"""S.P.Q.RisiKo! tournaments (seed 004, presets `rtu` and `cns`) as their own game.

Expected values are computed by hand from seed 004: «Viene considerato vincitore colui
che alla fine di un turno completo di gioco ... raggiunge o supera i 20 punti»; no
42-territory map, no ×1,25.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from risiko_xl import cli, udfs
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.formulas import load, parse
from risiko_xl.publish.score_sheet import SPQR_HEADERS
from risiko_xl.rules import (
    CLASSICO,
    SPQRISIKO,
    Seat,
    army_value,
    chain,
    coefficient,
    place,
    score_table,
)
from risiko_xl.standings.model import Entrant
from risiko_xl.standings.teams import check_composition
from risiko_xl.tournament.loading import load as load_tournament
from tests.support.publishing import score_sheets
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

RTU = load("rtu")
CNS = load("cns")
CHAIN = chain(RTU.placement_chain)


def score(seats, formula=RTU, players=None):
    return score_table(seats, players, formula.scoring, CHAIN)


# --- the game of a formula -----------------------------------------------------------


def test_rtu_and_cns_play_spqrisiko_with_chain_004():
    # 004 «Regolamento di gioco»: «fa sempre fede il Regolamento contenuto nella
    # confezione S.P.Q.RisiKo!»
    assert RTU.game == CNS.game == "spqrisiko"
    assert RTU.scoring.game == CNS.scoring.game == SPQRISIKO
    assert RTU.placement_chain == CNS.placement_chain == "004"
    assert load("master").scoring.game == CLASSICO


def test_rtu_tavolo_bonus_five_table_not_scaled():
    # 004 «Metodo punti tavolo con "bonus per la vittoria"»: «I punti-torneo sono pari ai
    # punti realizzati al tavolo, aggiungendo però un bonus per la vittoria (in genere 20)».
    # 5-player table: the 2nd with 21 gets 21 (not 27), the winner with 23 gets 23 + 20.
    seats = [Seat(23, order=1), Seat(21, order=2), Seat(15, order=3), Seat(10, order=4),
             Seat(4, order=5)]
    result = score(seats)
    assert result.positions == (1, 2, 3, 4, 5)
    assert result.points == (43, 21, 15, 10, 4)
    assert result.table_points == (23, 21, 15, 10, 4)


def test_method_chosen_in_settings_keeps_the_game():
    # «Metodo punteggio» replaces the method, the formula's game stays (no ×1,25)
    import dataclasses

    from risiko_xl.rules import method

    changed = dataclasses.replace(RTU, scoring=method("piazzamento"))
    assert changed.scoring.game == SPQRISIKO


def test_piazzamento_ranks_one_to_five_with_coefficient_hundredths():
    # 004 «Metodo punti standard»: 150/100/70/50/30 «a cui si aggiungono poi i punti
    # tavolo realizzati, + dei decimali di punto uguali al coefficiente punti potenziali».
    # Coefficient 12 → +0,12; 5 → +0,05; 30 → +0,30; 0 → +0; 7 → +0,07.
    seats = [Seat(23, order=1, coefficient=12), Seat(21, order=2, coefficient=5),
             Seat(15, order=3, coefficient=30), Seat(10, order=4, coefficient=0),
             Seat(4, order=5, coefficient=7)]
    result = score(seats, CNS)
    assert result.positions == (1, 2, 3, 4, 5)
    assert result.points == (Fraction(17312, 100), Fraction(12105, 100), Fraction(8530, 100),
                             Fraction(60), Fraction(3407, 100))


def test_coefficient_of_100_or_more_is_refused():
    # two decimal digits: «decimali di punto» cannot hold a coefficient of 100
    seats = [Seat(23, order=1, coefficient=100), Seat(21, order=2), Seat(15, order=3),
             Seat(10, order=4), Seat(4, order=5)]
    with pytest.raises(RisikoError, match="da 0 a 99"):
        score(seats, CNS)


def test_tie_broken_by_coefficient():
    # 004 «Gestione delle situazioni di parità»: «il coefficiente dei punti potenziali»
    # first. Both 21: coefficient 14 beats 9 → 2nd 100 + 21 + 0,14, 3rd 70 + 21 + 0,09.
    seats = [Seat(25, order=1, coefficient=3), Seat(21, order=2, coefficient=9),
             Seat(21, order=3, coefficient=14), Seat(8, order=4, coefficient=1),
             Seat(2, order=5, coefficient=0)]
    result = score(seats, CNS)
    assert result.positions == (1, 3, 2, 4, 5)
    assert result.points[2] == Fraction(12114, 100)
    assert result.points[1] == Fraction(9109, 100)


def test_tie_broken_by_army_value():
    # then «il valore del proprio esercito»: equal points and coefficient, army 40 vs 35
    seats = [Seat(21, order=1, coefficient=10, army_value=35),
             Seat(21, order=2, coefficient=10, army_value=40),
             Seat(12, order=3, coefficient=2, army_value=20), Seat(6, order=4)]
    assert score(seats).positions == (2, 1, 3, 4)


def test_tie_broken_by_reverse_turn_order():
    # «si considererà l'ordine inverso di gioco. Privilegiando cioè l'ultimo giocatore di
    # turno rispetto a tutti gli altri»: equal on all, order 4 ahead of order 2
    seats = [Seat(12, order=1, coefficient=3, army_value=9),
             Seat(20, order=2, coefficient=10, army_value=40),
             Seat(5, order=3, coefficient=1, army_value=2),
             Seat(20, order=4, coefficient=10, army_value=40)]
    assert score(seats).positions == (3, 2, 4, 1)


def test_tie_without_coefficient_is_reported_not_guessed():
    seats = [Seat(20, order=1), Seat(20, order=2), Seat(5, order=3), Seat(4, order=4)]
    placement = place(seats, CHAIN, game=SPQRISIKO)
    assert placement.positions[:2] == (1, 1)
    assert "Coefficiente" in placement.unresolved[0][1]


def test_game_points_above_the_map_total_accepted():
    # no 42-territory map in S.P.Q.RisiKo!: 100 + 90 = 190 > 164 is accepted as typed
    seats = [Seat(170, order=1), Seat(90, order=2), Seat(30, order=3), Seat(10, order=4)]
    assert score(seats).points == (190, 90, 30, 10)
    with pytest.raises(RisikoError, match="164"):  # classic RisiKo! still checks it
        score_table(seats, scoring="tavolo_bonus")


def test_coefficient_and_army_value_counts():
    # 004: «5 punti per ogni CDP ... 5 per ogni supremazia ... 3 per ogni
    # vessillo-salvacondotto non utilizzato ... 1 per ogni provincia ... 1 per ogni mare»
    assert coefficient(1, 2, 1, 9, 2) == 5 + 10 + 3 + 9 + 2
    # «10 punti per ogni vessillo (non il vessillo-salvacondotto), 3 punti per ogni nave,
    # 1 punto per ogni legionario»
    assert army_value(2, 3, 14) == 20 + 9 + 14
    with pytest.raises(RisikoError, match="negativo"):
        army_value(-1, 0, 0)


def test_worksheet_functions_column_in_column_out():
    assert udfs.RISIKO_COEFFICIENTE(1.0, 2.0, 1.0, 9.0, 2.0) == 29
    out = udfs.RISIKO_COEFFICIENTE([[1.0], [None], [0.0]], [[0.0], [None], [1.0]],
                                   [[2.0], [None], [0.0]], [[7.0], [None], [4.0]],
                                   [[1.0], [None], [0.0]])
    assert out == [[5 + 6 + 7 + 1], [""], [5 + 4]]
    assert udfs.RISIKO_VALORE_ESERCITO([[2.0], ["x"]], [[3.0], [1.0]], [[14.0], [1.0]])[0] \
        == [43]
    bad = udfs.RISIKO_VALORE_ESERCITO([[2.0], ["x"]], [[3.0], [1.0]], [[14.0], [1.0]])[1][0]
    assert bad.startswith("#RISIKO!") and "Riga 2" in bad and "vessilli" in bad


def test_worksheet_points_with_the_game():
    assert udfs.RISIKO_PUNTI_TAVOLO([[21.0], [170.0]], 5.0, "spqrisiko") == [[21], [170]]
    assert udfs.RISIKO_PUNTI_TAVOLO(21.0, 5.0) == 27  # classic: ×1,25 rounded up
    out = udfs.RISIKO_PUNTI_TORNEO([[23.0], [21.0]], 5.0, [[1.0], [2.0]],
                                   metodo="tavolo_bonus", gioco="spqrisiko")
    assert out == [[43], [21]]
    out = udfs.RISIKO_PUNTI_TORNEO([[23.0], [21.0]], 5.0, [[1.0], [2.0]],
                                   metodo="piazzamento", gioco="spqrisiko",
                                   coefficiente=[[12.0], [5.0]])
    assert out == [[173.12], [121.05]]
    positions = udfs.RISIKO_POSIZIONE(
        [[1.0]] * 4, [[200.0], [20.0], [20.0], [3.0]], None, [[1.0], [2.0], [3.0], [4.0]],
        catena="004", coefficiente=[[1.0], [5.0], [5.0], [0.0]],
        valore_esercito=[[1.0], [10.0], [12.0], [0.0]], gioco="spqrisiko")
    assert positions == [[1], [3], [2], [4]]


# --- formula files ---------------------------------------------------------------------


def _formula(**changes):
    data = {"title": "t", "source": "s", "description": "d",
            "scoring": {"method": "tavolo_bonus"}, **changes}
    return parse(json.dumps(data), "prova.json", "prova")


def test_formula_game_is_checked():
    assert _formula(game="spqrisiko").scoring.game == SPQRISIKO
    with pytest.raises(RisikoError, match="gioco sconosciuto"):
        _formula(game="scacchi")
    with pytest.raises(RisikoError, match="fattori"):
        _formula(game="spqrisiko",
                 scoring={"method": "tavolo_bonus", "params": {"factors": {"5": "5/4"}}})


# --- CNS composition ------------------------------------------------------------------


def _team(name, size, start=0):
    return [Entrant(f"{name}{i}", f"{name} {i}", club=name, row=start + i + 2)
            for i in range(size)]


def _round(teams, round_no=1, per_team=5):
    """Tables of 5, each with one player of each of five teams."""
    seats = [[(f"{t}{i}", 100 + i) for t in teams] for i in range(per_team)]
    return [(round_no, n + 1, table) for n, table in enumerate(seats)]


TEAMS = "ABCDE"


def test_cns_valid_composition_passes():
    entrants = [e for k, t in enumerate(TEAMS) for e in _team(t, 5 + k, 20 * k)]
    check_composition(entrants, _round(TEAMS))


@pytest.mark.parametrize("size", [4, 16])
def test_cns_team_size_refused(size):
    # 004 CNS: «una sola squadra composta da un minimo di 5 a un massimo di 15 iscritti»
    entrants = [e for k, t in enumerate(TEAMS) for e in _team(t, size if t == "C" else 5,
                                                                20 * k)]
    with pytest.raises(RisikoError, match=f"squadra «C» ha {size} iscritti"):
        check_composition(entrants, [])


def test_cns_team_with_four_players_in_a_round_refused():
    # «cinque giocatori di ogni squadra per ciascun turno»: E4 stays out and A5 plays in
    # their place, so team E has 4 players in round 1 (and A 6)
    entrants = [e for k, t in enumerate(TEAMS) for e in _team(t, 6, 20 * k)]
    tables = [(r, n, [("A5", 150) if p == "E4" else (p, row) for p, row in seats])
              for r, n, seats in _round(TEAMS)]
    with pytest.raises(RisikoError, match="turno 1") as refused:
        check_composition(entrants, tables)
    assert "la squadra «E» ha 4 giocatori" in str(refused.value)
    assert "la squadra «A» ha 6 giocatori" in str(refused.value)


def test_cns_four_player_table_refused():
    # «Composizione dei tavoli: Solo tavoli da 5 giocatori»
    entrants = [e for k, t in enumerate("ABCD") for e in _team(t, 5, 20 * k)]
    tables = [(1, n + 1, [(f"{t}{n}", 100) for t in "ABCD"]) for n in range(5)]
    with pytest.raises(RisikoError, match="tavolo 1 del turno 1 ha 4 giocatori"):
        check_composition(entrants, tables)


def test_cns_four_member_team_refused_by_the_workbook(tmp_path, capsys):
    path = tmp_path / "cns.xlsx"
    assert cli.main(["new", str(path), "--formula", "cns", "--nome", "CNS"]) == 0
    book = OpenpyxlBook(path)
    from risiko_xl import simulate

    rows = simulate.players(25, 5, "cns", teams=True)
    simulate.register(book, rows[:-1])  # the last team keeps 4 members
    book.save()
    assert cli.main(["draw", str(path), "--turno", "1"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "ha 4 iscritti" in err and f"«{rows[-1]['Club']}»" in err


# --- the workbook and the score sheets --------------------------------------------------


@pytest.fixture()
def rtu_book(tmp_path):
    """An rtu tournament with one 5-player table drawn."""

    path = tmp_path / "rtu.xlsx"
    new_with_players(path, "rtu", 5, 5, "rtu", seed="rtu-1", name="RTU")
    assert cli.main(["draw", str(path), "--turno", "1"]) == 0
    return path


def test_workbook_scores_game_points_with_the_tie_break_columns(rtu_book):
    book = OpenpyxlBook(rtu_book)
    table = book.read_table(schema.RESULTS.name)
    typed = [(23, 4), (21, 9), (21, 14), (90, 1), (80, 0)]  # 235 points: over 164
    rows = [r.sheet_row for r in table]
    for order, (row, (points, coefficient_)) in enumerate(zip(table, typed), start=1):
        row["Ordine"] = order
        row["Punti obiettivo"] = points
        row["Coefficiente"] = coefficient_
    book.write_table(schema.RESULTS.name, table)
    book.set_setting("Metodo punteggio", "piazzamento")
    book.save()
    assert cli.main(["standings", str(rtu_book)]) == 0
    by_row = OpenpyxlBook(rtu_book).read_table(schema.RESULTS.name).by_sheet_row()
    got = [(by_row[r]["Posizione"], by_row[r]["Punti tavolo"], by_row[r]["Punti torneo"])
           for r in rows]
    # 90 → 1st: 150 + 90 + 0,01; 80 → 2nd: 100 + 80; 23 → 3rd: 70 + 23 + 0,04;
    # 21 with coefficient 14 → 4th: 50 + 21 + 0,14; 21 with 9 → 5th: 30 + 21 + 0,09
    assert got == [(3, 23, 93.04), (5, 21, 51.09), (4, 21, 71.14), (1, 90, 240.01),
                   (2, 80, 180)]
    assert load_tournament(OpenpyxlBook(rtu_book)).formula.scoring.game == SPQRISIKO


def test_rtu_score_sheets_show_the_spqrisiko_columns(rtu_book):
    (sheet,) = score_sheets(OpenpyxlBook(rtu_book), 1)
    assert sheet.headers == SPQR_HEADERS
    # One name for one column: the sheet's header is `Risultati`'s («Punti obiettivo»).
    assert sheet.headers[2] == "Punti obiettivo" and "Punti partita" not in sheet.headers
    assert "Coefficiente" in sheet.headers
    assert "Valore esercito" in sheet.headers and "RisiKo!" not in sheet.headers
    text = " ".join(sheet.scoring_reminder)
    assert "20 punti" in text and "×1,25" not in text and "coefficiente" in text
    assert "in «Punti obiettivo» i punti tavolo" in text


def test_cns_draw_seating_ten_of_one_team_is_refused_and_nothing_written(tmp_path, capsys):
    # «cinque giocatori di ogni squadra per ciascun turno»: a team of 10 active members
    # would seat 10 in round 1; the draw is refused naming the team and the count
    from risiko_xl import simulate

    path = tmp_path / "cns.xlsx"
    assert cli.main(["new", str(path), "--formula", "cns", "--nome", "CNS"]) == 0
    rows = simulate.players(30, 6, "cns10", teams=True)
    big, merged = rows[0]["Club"], rows[5]["Club"]
    for row in rows:
        if row["Club"] == merged:
            row["Club"] = big
    book = OpenpyxlBook(path)
    simulate.register(book, rows)
    book.save()
    before = path.read_bytes()
    assert cli.main(["draw", str(path), "--turno", "1"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"la squadra «{big}» ha 10 giocatori" in err and "turno 1" in err
    assert path.read_bytes() == before


# --- no RisiKo! in S.P.Q.RisiKo! -------------------------------------------------------

NO_RISIKO = ("004 «Durata e scopo del gioco»: «Viene considerato vincitore colui "
              "che alla fine di un turno completo di gioco ... raggiunge o supera "
              "i 20 punti.» The game has no RisiKo! (no objective to complete).")


def test_risiko_typed_in_an_spqrisiko_game_is_refused_on_its_row(rtu_book, capsys):
    # NO_RISIKO: a 5-point player flagged RisiKo! would win the table (155 in
    # piazzamento); the flag is refused on its row and column, nothing is scored
    book = OpenpyxlBook(rtu_book)
    table = book.read_table(schema.RESULTS.name)
    for order, (row, points) in enumerate(zip(table, (5, 21, 12, 8, 3)), start=1):
        row["Ordine"] = order
        row["Punti obiettivo"] = points
        row["Coefficiente"] = order
    table.rows[0]["RisiKo!"] = "sì"
    flagged = table.rows[0].sheet_row
    book.write_table(schema.RESULTS.name, table)
    book.set_setting("Metodo punteggio", "piazzamento")
    book.save()
    assert cli.main(["standings", str(rtu_book)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "non esiste il RisiKo!" in err and "20 punti" in err
    assert f"riga {flagged}" in err.lower() and "RisiKo!" in err
    positions = OpenpyxlBook(rtu_book).read_table(schema.RESULTS.name).column("Posizione")
    assert all(p is None for p in positions)


def test_risiko_refused_by_the_worksheet_functions_in_spqrisiko():
    # NO_RISIKO, in the worksheet functions: placement and tournament points
    positions = udfs.RISIKO_POSIZIONE(
        [[1.0]] * 4, [[5.0], [21.0], [12.0], [8.0]], None, [[1.0], [2.0], [3.0], [4.0]],
        [[True], [None], [None], [None]], catena="004",
        coefficiente=[[1.0], [2.0], [3.0], [4.0]], gioco="spqrisiko")
    assert all(str(p[0]).startswith("#RISIKO!") for p in positions)
    assert "non esiste il RisiKo!" in positions[0][0]
    points = udfs.RISIKO_PUNTI_TORNEO([[5.0]], 5.0, [[1.0]], [[True]],
                                      metodo="piazzamento", gioco="spqrisiko")
    assert str(points[0][0]).startswith("#RISIKO!") and "RisiKo!" in points[0][0]
    # classic RisiKo! keeps it: a RisiKo! wins the table
    assert udfs.RISIKO_POSIZIONE([[1.0]] * 4, [[5.0], [21.0], [12.0], [8.0]], None,
                                 [[1.0], [2.0], [3.0], [4.0]],
                                 [[True], [None], [None], [None]]) == [[1], [2], [3], [4]]
