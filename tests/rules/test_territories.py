"""The board of seed 002 ("Punteggi") and the tolerant name lookup."""

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.rules.territories import (
    CONTINENTS,
    MAP_TOTAL,
    TERRITORIES,
    continent,
    objective_points,
    territory,
    territory_value,
)

# Seed 002, "Punteggi", transcribed from the regulation's table (two columns).
SEED_002_TABLE = """
Afganistan 4|India 3|Africa del Nord 6|Indonesia 3|Africa del Sud 3|Islanda 3
Africa Orientale 5|Jacuzia 3|Alaska 3|Kamchatka 5|Alberta 4|Madagascar 2
America Centrale 3|Medio Oriente 6|Argentina 2|Mongolia 5|Australia Occidentale 3
Nuova Guinea 3|Australia Orientale 2|Ontario 6|Brasile 4|Perù 3|Cina 7|Quebec 3
Čita 4|Scandinavia 4|Congo 3|Siam 3|Egitto 4|Siberia 5|Europa Meridionale 6
Stati Uniti Occ. 4|Europa Occidentale 4|Stati Uniti Orient. 4|Europa Settentrionale 5
Territori del Nord O. 4|Giappone 2|Ucraina 6|Gran Bretagna 4|Urali 4|Groenlandia 4
Venezuela 3
"""


def seed_table() -> dict[str, int]:
    entries = SEED_002_TABLE.replace("\n", "|").split("|")
    pairs = [e.strip().rsplit(" ", 1) for e in entries if e.strip()]
    return {name: int(value) for name, value in pairs}


def test_every_seed_value_and_the_total():
    table = seed_table()
    assert len(table) == 42
    for name, value in table.items():
        assert territory_value(name) == value, name
    assert sum(table.values()) == 164 == MAP_TOTAL
    assert len({t.name for t in TERRITORIES}) == 42


def test_continent_sizes():
    sizes = {c: sum(t.continent == c for t in TERRITORIES) for c in CONTINENTS}
    assert sizes == {"Nord America": 9, "Sud America": 4, "Europa": 7, "Africa": 6,
                     "Asia": 12, "Oceania": 4}


@pytest.mark.parametrize("spelling, official", [
    ("cina", "Cina"), ("  CINA ", "Cina"), ("Cita", "Čita"), ("čita", "Čita"),
    ("Peru", "Perù"), ("stati uniti occ.", "Stati Uniti Occidentali"),
    ("Stati Uniti Orient.", "Stati Uniti Orientali"),
    ("Territori del Nord O.", "Territori del Nord Ovest"), ("Jacuzia", "Jacuzia"),
    ("nuova   guinea", "Nuova Guinea"), ("Afghanistan", "Afganistan"),
])
def test_tolerant_lookup(spelling, official):
    assert territory(spelling).name == official


def test_unknown_name_lists_closest():
    with pytest.raises(RisikoError) as err:
        territory("Siberiaa")
    assert "Siberia" in str(err.value) and "Siberiaa" in str(err.value)


def test_continent_lookup():
    assert continent("australia") == "Oceania"
    assert continent("nord america") == "Nord America"
    with pytest.raises(RisikoError):
        continent("Atlantide")


def test_objective_points_and_duplicates():
    assert objective_points(["Cina", "India", "Siam"]) == 7 + 3 + 3
    with pytest.raises(RisikoError, match=r"(?i)ripetuto"):
        objective_points(["Cina", "cina"])
