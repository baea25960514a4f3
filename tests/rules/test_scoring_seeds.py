"""Worked examples of the regulations, through the rules core.

Seed 001 §7 and seed 003 Art. 23 state these games and their tournament points; seed
000 Art. 24 states the bonus method, worked by hand here with the article cited.
"""

from fractions import Fraction

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.formulas import load
from risiko_xl.rules import CHAIN_ART26, Seat, score_table, table_points


def thousandths(text: str) -> Fraction:
    """'1,048' as written in the seeds → Fraction(1048, 1000)."""
    units, decimals = text.split(",")
    return Fraction(int(units) * 1000 + int(decimals), 1000)


def play(rows, players=None, method="millesimi", **kw):
    seats = [Seat(points=p, out_points=0, order=i + 1, risiko=r, eliminated=e)
             for i, (p, r, e) in enumerate(rows)]
    return score_table(seats, players, method, **kw)


def test_seed_001_first_example():
    # A 23 → 0,023; B 0 eliminated → 0,000; C winner 48 → 1,048; D 39 → 0,039
    result = play([(23, False, False), (0, False, True), (48, False, False), (39, False, False)])
    assert result.points == tuple(map(thousandths, ["0,023", "0,000", "1,048", "0,039"]))
    assert result.positions == (3, 4, 1, 2)


def test_seed_001_second_example_risiko():
    # A 13 → 0,013; B 86 with RisiKo! → 1,100; C 22 → 0,022; D 9 → 0,009
    result = play([(13, False, False), (86, True, False), (22, False, False), (9, False, False)])
    assert result.points == tuple(map(thousandths, ["0,013", "1,100", "0,022", "0,009"]))


def test_seed_001_third_example_five_table():
    # A 18 → 0,023 (0,0225 up); B 20 → 0,025; C 8 → 0,010; D winner 28 → 1,035;
    # E 19 → 0,024 (0,02375 up)
    result = play([(18, False, False), (20, False, False), (8, False, False),
                   (28, False, False), (19, False, False)])
    assert result.points == tuple(map(thousandths, ["0,023", "0,025", "0,010", "1,035", "0,024"]))


def test_seed_001_second_with_21_at_five_table():
    # "un giocatore arrivato secondo con 21 punti tavolo totalizzerà ... 0,027"
    result = play([(30, False, False), (21, False, False), (5, False, False),
                   (3, False, False), (1, False, False)])
    assert result.points[1] == thousandths("0,027")
    assert table_points(21, 5) == 27


def test_seed_001_five_table_cap_80_to_86():
    # "da 80 ad 86 punti tavolo si ottengono gli stessi punti torneo": 1,100
    for winner in range(80, 87):
        result = play([(winner, False, False), (10, False, False), (5, False, False),
                       (3, False, False), (0, False, True)])
        assert result.points[0] == thousandths("1,100")


def test_seed_001_risiko_is_1100_at_four_and_five():
    for players in (4, 5):
        rows = [(40, True, False)] + [(10 + i, False, False) for i in range(players - 1)]
        assert play(rows).points[0] == thousandths("1,100")


def test_seed_003_art_23_examples():
    # winner 42 → 1,042; second 38 → 0,038
    result = play([(42, False, False), (38, False, False), (20, False, False),
                   (10, False, False)])
    assert result.points[:2] == (thousandths("1,042"), thousandths("0,038"))


def test_seed_003_art_23_tie_for_first_broken_by_out_points_then_colour():
    # "1) maggior numero di punti fuori obiettivo, 2) criterio del colore: vince chi ha
    # iniziato per ultimo"
    seats = [Seat(30, out_points=10, order=1), Seat(30, out_points=12, order=2),
             Seat(12, out_points=0, order=3), Seat(5, out_points=0, order=4)]
    assert score_table(seats).positions == (2, 1, 3, 4)
    seats = [Seat(30, out_points=10, order=1), Seat(30, out_points=10, order=3),
             Seat(12, out_points=0, order=2), Seat(5, out_points=0, order=4)]
    assert score_table(seats).positions == (2, 1, 3, 4)


def test_seed_003_art_23_five_table_caps_the_winner_only():
    # 003 Art. 23: «In ogni tavolo composto da 5 giocatori, i punti obiettivo saranno
    # moltiplicati per 1,25 e approssimati per eccesso. ... In un tavolo con 5 giocatori,
    # il punteggio massimo del vincitore è di 1,100 punti.» The cap names the winner: a
    # 2nd with 81 keeps 81 × 1,25 = 101,25 → 102 → 0,102; the winner with 83 → 104 →
    # 1,104 → 1,100. (001 §7 «In ogni caso il punteggio massimo ottenibile ad un tavolo a
    # 5 è pari a 1,100 (quindi da 80 ad 86 punti tavolo si ottengono gli stessi punti
    # torneo)» keeps its own 0,100 cap on the table points: the master preset.)
    # At 4, «ciascuno riceverà un punteggio pari ai punti obiettivo raggiunti».
    eagles = load("eagles").scoring
    result = play([(83, False, False), (81, False, False), (0, False, False),
                   (0, False, False), (0, False, True)], method=eagles)
    assert result.points[:2] == (thousandths("1,100"), thousandths("0,102"))
    result = play([(80, False, False), (79, False, False), (5, False, False),
                   (0, False, False), (0, False, True)], method=eagles)
    assert result.points[:2] == (thousandths("1,100"), thousandths("0,099"))  # 98,75 → 99
    result = play([(110, False, False), (30, False, False), (5, False, False),
                   (0, False, True)], method=eagles)
    assert result.points[:2] == (thousandths("1,110"), thousandths("0,030"))


# --- seed 000 Art. 24: bonus method ----------------------------------------------------

def test_seed_000_art_24_four_table_bonus():
    # 4-table: objective points as scored; +50 / +15 / +5 to 1st / 2nd / 3rd.
    result = play([(30, False, False), (22, False, False), (12, False, False),
                   (9, False, False)], method="bonus_50_15_5")
    assert result.points == (30 + 50, 22 + 15, 12 + 5, 9)


def test_seed_000_art_24_five_table_scaled_up():
    # 5-table: ×1,25 "approssimati per eccesso": 30 → 38, 21 → 27 (26,25), 13 → 17 (16,25)
    result = play([(30, False, False), (21, False, False), (13, False, False),
                   (9, False, False), (4, False, False)], method="bonus_50_15_5")
    assert result.points == (38 + 50, 27 + 15, 17 + 5, 12, 5)


def test_seed_000_art_24_risiko_150_and_cap():
    # RisiKo! → 150 total; "non sarà possibile ricevere un punteggio superiore a 150"
    result = play([(40, True, False), (30, False, False), (10, False, False),
                   (0, False, True)], method="bonus_50_15_5")
    assert result.points[0] == 150
    # 5-table winner with 86 → 108 + 50 = 158 → capped at 150
    result = play([(86, False, False), (30, False, False), (10, False, False),
                   (5, False, False), (0, False, True)], method="bonus_50_15_5")
    assert result.points[0] == 150


def test_seed_000_art_24_undeclared_objective_minus_50():
    # "La violazione di questa regola comporta una penalizzazione di 50 punti."
    result = play([(40, False, False), (30, False, False), (10, False, False),
                   (8, False, False)], method="bonus_50_15_5", penalties=[50, 0, 0, 50])
    assert result.points == (40 + 50 - 50, 30 + 15, 10 + 5, 0)  # 8 − 50 → 0, never negative


def test_seed_000_art_6_and_19_penalties_never_negative():
    # the second forgotten sdadata costs 4 (the first is a warning), typed by the referee
    result = play([(40, False, False), (3, False, False), (2, False, False),
                   (1, False, False)], method="bonus_50_15_5", penalties=[0, 0, 0, 4])
    assert result.points[3] == 0


def test_seed_000_art_24_tie_broken_by_out_points():
    # "In caso di ex aequo fra i primi due giocatori, si considereranno i territori fuori
    # obiettivo" (Art. 24), then Art. 26's chain.
    seats = [Seat(25, out_points=8), Seat(25, out_points=11), Seat(9, out_points=3),
             Seat(0, eliminated=True)]
    result = score_table(seats, scoring="bonus_50_15_5", criteria=CHAIN_ART26)
    assert result.points == (25 + 15, 25 + 50, 9 + 5, 0)


def test_seed_000_art_26_chain_goes_to_armies():
    seats = [Seat(25, out_points=8, armies_objective=20), Seat(25, out_points=8,
             armies_objective=25), Seat(9, out_points=3), Seat(4, out_points=1)]
    result = score_table(seats, scoring="bonus_50_15_5", criteria=CHAIN_ART26)
    assert result.positions == (2, 1, 3, 4)


def test_seed_000_unbreakable_tie_is_reported_not_guessed():
    seats = [Seat(25, out_points=8), Seat(25, out_points=8), Seat(9, out_points=3),
             Seat(4, out_points=1)]
    with pytest.raises(RisikoError, match=r"(?i)parità non risolta"):
        score_table(seats, scoring="bonus_50_15_5", criteria=CHAIN_ART26)


def test_millesimi_penalty_in_thousandths():
    # penalità 50 → −0,050 from the total, never below zero
    result = play([(48, False, False), (20, False, False), (10, False, False),
                   (0, False, True)], penalties=[50, 50, 0, 0])
    assert result.points[:2] == (thousandths("0,998"), 0)
