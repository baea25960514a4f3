"""Referee helpers: sdadata, reinforcements, tris, armies (seeds 000, 001, 002)."""

from fractions import Fraction

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.rules import (
    armies_over_limit,
    reinforcements,
    sdadata_probability,
    sdadata_threshold,
    starting_armies,
    tris_value,
)


def test_sdadata_thresholds_4_5_6_then_7():
    # 000 Art. 6: "il limite ... è 4. Ad ogni giro ... aumentato di un punto, fino a ... 7"
    assert [sdadata_threshold(lap) for lap in range(1, 8)] == [4, 5, 6, 7, 7, 7, 7]
    with pytest.raises(RisikoError):
        sdadata_threshold(0)


def test_sdadata_probabilities_by_enumeration():
    # 2d6 sums ≤ 4: (1,1) (1,2) (2,1) (1,3) (2,2) (3,1) = 6 of 36
    assert sdadata_probability(4) == Fraction(6, 36)
    assert sdadata_probability(7) == Fraction(21, 36)
    assert sdadata_probability(12) == 1


def test_reinforcements_seed_002_example():
    # "occupa 14 territori, quindi ha diritto a 4 armate"
    assert reinforcements(14) == 4
    # continent bonuses: Oceania 2, Sud America 2, Africa 3, Europa 5, Nord America 5, Asia 7
    assert reinforcements(20, ["Asia", "Australia"]) == 6 + 7 + 2
    assert reinforcements(42, ["Nord America", "Sud America", "Europa", "Africa", "Asia",
                               "Oceania"]) == 14 + 24
    with pytest.raises(RisikoError):
        reinforcements(10, ["Asia", "asia"])


@pytest.mark.parametrize("cards, owned, rules, value", [
    (["cannone"] * 3, 0, "torneo", 8), (["fante"] * 3, 0, "torneo", 8),
    (["cavaliere"] * 3, 0, "torneo", 8), (["fante", "cannone", "cavaliere"], 0, "torneo", 10),
    (["jolly", "fante", "fante"], 0, "torneo", 12), (["cannone"] * 3, 0, "scatola", 4),
    (["fante"] * 3, 0, "scatola", 6), (["cavaliere"] * 3, 0, "scatola", 8),
    (["fante", "cannone", "cavaliere"], 2, "torneo", 14),
    (["jolly", "cavalieri", "cavalleria"], 2, "scatola", 16),
])
def test_tris_values(cards, owned, rules, value):
    assert tris_value(cards, owned, rules) == value


@pytest.mark.parametrize("cards", [["jolly", "jolly", "fante"], ["jolly", "fante", "cannone"],
                                   ["fante", "fante", "cannone"], ["fante", "fante"],
                                   ["fante", "fante", "bandiera"]])
def test_invalid_tris(cards):
    with pytest.raises(RisikoError):
        tris_value(cards)


def test_starting_armies_and_limit():
    assert [starting_armies(n) for n in (3, 4, 5, 6)] == [35, 30, 25, 20]
    assert armies_over_limit(130) == 0 and armies_over_limit(137) == 7
