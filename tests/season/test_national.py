"""The national ranking's points of a tournament (issue 29), each value worked out by hand
from the RCU's code, RisiKoDataManager (github.com/Vjger/RisiKoDataManager):

    ranking/RankingScorer.calcolaScore: VT = a(pos) × (100 + b × numeroTavoli) ×
    classe(tipoTorneo, numeroTurni); «if (posizioneNelTorneo == 1) score = VT; else score =
    VT.multiply(new BigDecimal(Math.exp(-posizioneNelTorneo/20.0)))»; a = 1,2 for the
    winner («unoPUNTOdue = new BigDecimal(1.2)»), 1 otherwise; classe: RADUNO_NAZIONALE 5,
    MASTER 4, OPEN 2, INTERCLUB 1,5, CAMPIONATO «numeroTurni < 3: 0.2; == 3: 0.5; == 4:
    0.7; == 5: 0.8; else 1», any other type 0;
    hasMinimuNumberTablesIfManaged: «numeroTavoli >= thresholds.getMinTables()», the
    thresholds of resources/RankingThresholdsNew.xml (2019: 1 table; 2020 and 2024: 6),
    a year not listed taking the latest before it (RankingBuilderNew.scorersFactory:
    «lowerEntry … if (lowerEntry == null) lowerEntry = mappingScorers.lastEntry()»);
    ScorePlayer.getScoreRanking: «setScale(1, RoundingMode.HALF_DOWN)».
"""

from __future__ import annotations

from decimal import Decimal, localcontext

import pytest

from risiko_xl.season.national import (
    CHAMPIONSHIP,
    INTERCLUB,
    MASTER,
    OPEN,
    RADUNO,
    Basis,
    minimum_tables,
    shown,
    text,
    type_of,
)


def basis(kind: str, tables: int, rounds: int = 4, year: int = 2026) -> Basis:
    return Basis(kind, type_of(kind), year, tables, rounds)


@pytest.mark.parametrize(("kind", "tables", "rounds", "position", "expected"), [
    # Master, 30 tables: VT = 1,2 × 130 × 4 = 624
    ("Torneo Master", 30, 4, 1, "624,0"),
    # 2nd: 130 × 4 × e^(−2/20) = 520 × 0,904837418 = 470,515457 → 470,5
    ("Torneo Master", 30, 4, 2, "470,5"),
    # 20th: 520 × e^(−1) = 520 × 0,367879441 = 191,297309 → 191,3
    ("Torneo Master", 30, 4, 20, "191,3"),
    # Raduno, 40 tables: VT = 1,2 × 140 × 5 = 840; 3rd: 700 × e^(−0,15) =
    # 700 × 0,860707976 = 602,495584 → 602,5
    ("Raduno Nazionale", 40, 2, 1, "840,0"),
    ("Raduno Nazionale", 40, 2, 3, "602,5"),
    # Interclub, 10 tables: VT = 1,2 × 110 × 1,5 = 198; 2nd: 165 × 0,904837418 = 149,298
    ("Torneo Interclub", 10, 3, 1, "198,0"),
    ("Torneo Interclub", 10, 3, 2, "149,3"),
    # Open, 6 tables (exactly the minimum): VT = 1,2 × 106 × 2 = 254,4; 2nd: 212 ×
    # 0,904837418 = 191,825533 → 191,8; 10th: 212 × e^(−0,5) = 212 × 0,606530660 = 128,584
    ("Torneo Open", 6, 2, 1, "254,4"),
    ("Torneo Open", 6, 2, 2, "191,8"),
    ("Torneo Open", 6, 2, 10, "128,6"),
    # Campionato Periodico, 12 tables, by rounds: 6 → class 1: 1,2 × 112 = 134,4;
    # 5 → 0,8: 107,52 → 107,5; 4 → 0,7: 94,08 → 94,1; 3 → 0,5: 67,2; 2 → 0,2: 26,88 → 26,9
    ("Campionato Periodico", 12, 6, 1, "134,4"),
    ("Campionato Periodico", 12, 5, 1, "107,5"),
    ("Campionato Periodico", 12, 4, 1, "94,1"),
    ("Campionato Periodico", 12, 3, 1, "67,2"),
    ("Campionato Periodico", 12, 2, 1, "26,9"),
    # … and its 2nd with 3 rounds: 112 × 0,5 × 0,904837418 = 50,670895 → 50,7
    ("Campionato Periodico", 12, 3, 2, "50,7"),
])
def test_points_worked_by_hand(kind, tables, rounds, position, expected):
    assert text(basis(kind, tables, rounds).points(position)) == expected


def test_the_winner_of_a_round_figure_is_not_cut_short():
    """1,2 as a double is 1,19999999999999995559…: a Master of 25 tables gives the winner
    599,99999999999997… which HALF_DOWN at one decimal shows as 600,0 (a truncation would
    say 599,9)."""
    points = basis("Torneo Master", 25).points(1)
    assert points < 600
    assert text(points) == "600,0"


def test_exact_as_the_rcus_bigdecimal():
    """new BigDecimal(1.2) is the double's exact value, not 1,2."""
    with localcontext() as exact:
        exact.prec = 80
        assert basis("Torneo Master", 30).points(1) == Decimal(1.2) * 130 * 4  # noqa: RUF032


def test_below_the_minimum_number_of_tables_nothing():
    """2024's thresholds (the latest, used for 2026): 6 tables for every type."""
    five = basis("Torneo Open", 5)
    assert not five.scored
    assert five.points(1) == 0
    assert "5 tavoli in tutto" in five.why_not() and "almeno 6" in five.why_not()


@pytest.mark.parametrize(("year", "minimum"), [(2019, 1), (2020, 6), (2022, 6), (2023, 6),
                                               (2024, 6), (2026, 6), (2018, 6)])
def test_thresholds_by_year(year, minimum):
    """2021–2023 take 2020's; 2025 on take 2024's; a year before the first listed takes
    the last one listed (scorersFactory)."""
    assert minimum_tables(year) == minimum


def test_2019_scores_a_small_tournament():
    # 1,2 × 105 × 2 = 252
    assert text(basis("Torneo Open", 5, year=2019).points(1)) == "252,0"


@pytest.mark.parametrize("kind", ["Torneo a Squadre", "Torneo 2VS2", "Amichevoli",
                                  "Torneo a Inviti", "Campionato Nazionale"])
def test_types_the_ranking_does_not_score(kind):
    """classe(): «default: break» leaves ZERO."""
    b = basis(kind, 40)
    assert b.kind is None and b.points(1) == 0
    assert "non dà punti" in b.why_not()


def test_type_names_as_gestionetorneo_writes_them():
    assert type_of(" torneo master ") == MASTER
    assert type_of("Campionato periodico") == CHAMPIONSHIP  # the template's spelling
    assert {type_of(t) for t in (RADUNO, OPEN, INTERCLUB)} == {RADUNO, OPEN, INTERCLUB}


def test_half_down():
    assert shown(Decimal("10.25")) == Decimal("10.2")
    assert shown(Decimal("10.2500001")) == Decimal("10.3")


def test_points_fall_with_the_position():
    b = basis("Torneo Master", 30)
    values = [b.points(p) for p in range(1, 200)]
    assert values == sorted(values, reverse=True)
    assert all(v > 0 for v in values)
