"""Every scoring method (docs/ARCHITECTURE.md, «Scoring methods») on hand-computed tables."""

from fractions import Fraction

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.rules import METHODS, SPQRISIKO, Seat, method, score_table

FOUR = [Seat(30, 6, 1), Seat(22, 4, 2), Seat(12, 9, 3), Seat(0, 0, 4, eliminated=True)]
FIVE = [Seat(30, 6, 1), Seat(21, 4, 2), Seat(13, 9, 3), Seat(9, 1, 4), Seat(4, 2, 5)]
THREE = [Seat(40, 6, 1), Seat(22, 4, 2), Seat(13, 9, 3)]


def points(seats, name, **kw):
    return score_table(seats, scoring=name, **kw).points


def test_all_methods_registered():
    assert set(METHODS) == {"millesimi", "bonus_50_15_5", "tavolo_bonus", "piazzamento",
                            "medagliere", "classico_1", "classico_2", "classico_3",
                            "raduno", "gufo", "spartac"}


def test_tavolo_bonus_default_20_and_param():
    assert points(FOUR, "tavolo_bonus") == (50, 22, 12, 0)
    assert points(FOUR, method("tavolo_bonus", bonuses=(30,))) == (60, 22, 12, 0)


def test_piazzamento_seed_004():
    # 004 «Metodo punti standard»: 150/100/70/50/30 by placement + «i punti tavolo
    # realizzati, + dei decimali di punto uguali al coefficiente punti potenziali»; the
    # game is S.P.Q.RisiKo!, whose points count as typed (no ×1,25 at 5-player tables)
    seats = [Seat(30, 6, 1, coefficient=12), Seat(21, 4, 2, coefficient=7),
             Seat(13, 9, 3), Seat(9, 1, 4), Seat(4, 2, 5)]
    assert points(seats, method("piazzamento").for_game(SPQRISIKO)) == (
        Fraction(150 + 30) + Fraction(12, 100), Fraction(100 + 21) + Fraction(7, 100),
        70 + 13, 50 + 9, 30 + 4)


def test_medagliere_ranks_by_medals():
    assert points(FOUR, "medagliere") == (1_000_000, 10_000, 100, 1)
    # summed over games, one win outranks 99 second places (the encoding's stated range)
    one_win = sum(points(FOUR, "medagliere")[:1])
    seconds = 99 * points(FOUR, "medagliere")[1]
    assert one_win > seconds
    with pytest.raises(RisikoError, match=r"(?i)non assegna punti"):
        score_table(FOUR, scoring="medagliere", penalties=[1, 0, 0, 0])


def test_classico_methods_seed_002():
    seats = [Seat(30, 20, 1, risiko=True, armies_total=50, armies_objective=30),
             Seat(22, 10, 2, armies_total=40, armies_objective=20),
             Seat(12, 9, 3, armies_total=30, armies_objective=10),
             Seat(9, 3, 4, armies_total=20, armies_objective=5)]
    # method 1: all territories + 50 for the objective achieved
    assert points(seats, "classico_1") == (100, 32, 21, 12)
    # method 2: objective only; all territories once achieved
    assert points(seats, "classico_2") == (50, 22, 12, 9)
    # method 3 on method 1: + all armies; on method 2: + armies in objective (all if achieved)
    assert points(seats, "classico_3") == (150, 72, 51, 32)
    assert points(seats, method("classico_3", base=2)) == (100, 42, 22, 14)
    with pytest.raises(RisikoError, match=r"(?i)fuori obiettivo"):
        score_table([Seat(10, None, 1), Seat(5, None, 2), Seat(1, None, 3)],
                    scoring="classico_1")


def test_raduno_sole_and_shared_win():
    assert points(FOUR, "raduno") == (80, 22, 12, 0)
    shared = [Seat(30, 6), Seat(30, 6), Seat(12, 9, 3), Seat(0, eliminated=True)]
    assert points(shared, "raduno", criteria=["out_points"]) == (55, 55, 12, 0)


def test_gufo_placement_points_and_scaling():
    # 12/7/5/3/2 + table points / 100; table points ×1,25 at 5, ×0,75 at 3, exact as
    # GestioneTorneo keeps them (ScorePlayerTorneoGufo: BigDecimal, no rounding)
    assert points(FOUR, "gufo") == (Fraction(1230, 100), Fraction(722, 100),
                                    Fraction(512, 100), 3)
    # 30 × 1,25 = 37,5 → 12,375; 21 → 26,25 → 7,2625; 13 → 16,25 → 5,1625;
    # 9 → 11,25 → 3,1125; 4 → 5 → 2,05
    assert points(FIVE, "gufo") == (Fraction(123750, 10000), Fraction(72625, 10000),
                                    Fraction(51625, 10000), Fraction(31125, 10000),
                                    Fraction(205, 100))
    # 40 × 0,75 = 30 → 12,30; 22 → 16,5 → 7,165; 13 → 9,75 → 5,0975
    assert points(THREE, "gufo") == (Fraction(1230, 100), Fraction(7165, 1000),
                                     Fraction(50975, 10000))
    assert method("gufo").decimals == 4 and method("gufo").table_decimals == 2


def test_scaled_parts_keeps_the_decimals_of_every_method():
    # whole table points by default (000 Art. 24: 21 at a 5-table → 27); scaled_parts 100
    # keeps hundredths of a table point (GestioneTorneo: 26,25)
    five = [Seat(40, 6, 1), Seat(21, 4, 2), Seat(13, 9, 3), Seat(9, 1, 4), Seat(4, 2, 5)]
    assert score_table(five, scoring="tavolo_bonus").table_points[1] == 27
    exact = method("tavolo_bonus", scaled_parts=100)
    assert exact.decimals == 2 and exact.full_denominator == 100
    assert score_table(five, scoring=exact).table_points[1] == Fraction(2625, 100)
    assert points(five, exact) == (70, Fraction(2625, 100), Fraction(1625, 100),
                                   Fraction(1125, 100), 5)
    # penalties stay whole table points: 26,25 − 2 = 24,25
    assert score_table(five, scoring=exact, penalties=[0, 2, 0, 0, 0]).points[1] == \
        Fraction(2425, 100)
    # millesimi in hundredths of a point: 21 → 0,02625; the winner's cap 0,100 unchanged
    thin = method("millesimi", scaled_parts=100)
    assert points(five, thin)[:2] == (Fraction(1050, 1000), Fraction(2625, 100000))
    # spartac (GestioneTorneo's CampionatoGufo): 41 × 1,25 = 51,25 → 151,25; the others
    # measured against it: 100 − (51,25 − 25) = 73,75
    gaps = [Seat(41, 6, 1), Seat(20, 4, 2), Seat(13, 9, 3), Seat(9, 1, 4), Seat(4, 2, 5)]
    assert points(gaps, method("spartac", scaled_parts=100))[:2] == (
        Fraction(15125, 100), Fraction(7375, 100))
    # box methods scale nothing: the same points over a finer denominator
    box = [Seat(30, 20, 1), Seat(20, 10, 2), Seat(10, 5, 3)]
    assert points(box, method("classico_1", scaled_parts=10)) == points(box, "classico_1")
    for wrong in (0, 25):
        with pytest.raises(RisikoError, match="1, 10, 100"):
            method("raduno", scaled_parts=wrong)


def test_spartac_winner_and_gaps():
    # winner 100 + points; others 100 − (winner − own); RisiKo! 186
    assert points(FOUR, "spartac") == (130, 92, 82, 70)
    risiko = [Seat(40, 6, 1, risiko=True), Seat(22, 4, 2), Seat(12, 9, 3), Seat(9, 0, 4)]
    assert points(risiko, "spartac") == (186, 100 - (86 - 22), 100 - (86 - 12), 100 - 77)


def test_shared_position_with_different_bonus_is_an_error():
    tied = [Seat(20, 5), Seat(20, 5), Seat(10, 1, 3), Seat(5, 1, 4)]
    with pytest.raises(RisikoError, match=r"(?i)parità non risolta"):
        score_table(tied, criteria=["out_points"])
    # a tie whose positions score the same is fine (millesimi: 3rd and 4th)
    tail = [Seat(20, 5, 1), Seat(15, 5, 2), Seat(10, 1), Seat(10, 1)]
    assert score_table(tail, criteria=["out_points"]).points[2:] == (Fraction(10, 1000),) * 2


def test_unknown_method_and_parameter():
    with pytest.raises(RisikoError, match=r"(?i)metodo di punteggio sconosciuto"):
        method("millesimali")
    with pytest.raises(RisikoError, match=r"(?i)parametro sconosciuto"):
        method("millesimi", bonus=3)


def test_three_player_factor_configurable():
    m = method("millesimi", factors={5: Fraction(5, 4), 3: Fraction(3, 4)})
    assert score_table(THREE, scoring=m).table_points == (30, 17, 10)
    assert score_table(THREE).table_points == (40, 22, 13)
