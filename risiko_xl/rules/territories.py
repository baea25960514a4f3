"""The 42 territories of the RisiKo! board, their continents and values (seed 002, "Punteggi").

A territory's value is its number of neighbours; the values sum to 164.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from risiko_xl.errors import RisikoError


@dataclass(frozen=True)
class Territory:
    """One territory: its official name, continent and value (number of neighbours)."""

    name: str
    continent: str
    value: int


# (name, value) per continent, names as printed in seed 002.
_BOARD: dict[str, tuple[tuple[str, int], ...]] = {
    "Nord America": (
        ("Alaska", 3), ("Alberta", 4), ("America Centrale", 3), ("Groenlandia", 4),
        ("Ontario", 6), ("Quebec", 3), ("Stati Uniti Occidentali", 4),
        ("Stati Uniti Orientali", 4), ("Territori del Nord Ovest", 4),
    ),
    "Sud America": (("Argentina", 2), ("Brasile", 4), ("Perù", 3), ("Venezuela", 3)),
    "Europa": (
        ("Europa Meridionale", 6), ("Europa Occidentale", 4), ("Europa Settentrionale", 5),
        ("Gran Bretagna", 4), ("Islanda", 3), ("Scandinavia", 4), ("Ucraina", 6),
    ),
    "Africa": (
        ("Africa del Nord", 6), ("Africa del Sud", 3), ("Africa Orientale", 5),
        ("Congo", 3), ("Egitto", 4), ("Madagascar", 2),
    ),
    "Asia": (
        ("Afganistan", 4), ("Cina", 7), ("Čita", 4), ("Giappone", 2), ("India", 3),
        ("Jacuzia", 3), ("Kamchatka", 5), ("Medio Oriente", 6), ("Mongolia", 5),
        ("Siam", 3), ("Siberia", 5), ("Urali", 4),
    ),
    "Oceania": (
        ("Australia Occidentale", 3), ("Australia Orientale", 2), ("Indonesia", 3),
        ("Nuova Guinea", 3),
    ),
}

TERRITORIES: tuple[Territory, ...] = tuple(
    Territory(name, continent, value)
    for continent, entries in _BOARD.items()
    for name, value in entries
)
CONTINENTS: tuple[str, ...] = tuple(_BOARD)
MAP_TOTAL = sum(t.value for t in TERRITORIES)

# Abbreviations and spellings found in the seeds and in clubs' sheets.
_ALIASES = {
    "Stati Uniti Occ.": "Stati Uniti Occidentali",
    "Stati Uniti Occ": "Stati Uniti Occidentali",
    "USA Occidentali": "Stati Uniti Occidentali",
    "Stati Uniti Orient.": "Stati Uniti Orientali",
    "Stati Uniti Or.": "Stati Uniti Orientali",
    "USA Orientali": "Stati Uniti Orientali",
    "Territori del Nord O.": "Territori del Nord Ovest",
    "Territori del Nord-Ovest": "Territori del Nord Ovest",
    "Territori NO": "Territori del Nord Ovest",
    "Cita": "Čita",
    "Jakutia": "Jacuzia",
    "Jacutia": "Jacuzia",
    "Afghanistan": "Afganistan",
    "Peru": "Perù",
    "Australia Occ.": "Australia Occidentale",
    "Australia Or.": "Australia Orientale",
    "Europa Mer.": "Europa Meridionale",
    "Europa Occ.": "Europa Occidentale",
    "Europa Sett.": "Europa Settentrionale",
    "Africa Or.": "Africa Orientale",
    "Australia": "Oceania",
    "Nordamerica": "Nord America",
    "Sudamerica": "Sud America",
}


def normalise(name: str) -> str:
    """Lower case, no accents, no punctuation, single spaces: the lookup key."""
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    cleaned = "".join(c if c.isalnum() else " " for c in letters.casefold())
    return " ".join(cleaned.split())


_BY_KEY: dict[str, Territory] = {normalise(t.name): t for t in TERRITORIES}
_CONTINENT_BY_KEY: dict[str, str] = {normalise(c): c for c in CONTINENTS}
for _alias, _target in _ALIASES.items():
    if _target in _CONTINENT_BY_KEY.values():
        _CONTINENT_BY_KEY[normalise(_alias)] = _target
    else:
        _BY_KEY[normalise(_alias)] = _BY_KEY[normalise(_target)]


def _unknown(kind: str, name: str, keys: Mapping[str, object], names: list[str]) -> RisikoError:
    close = difflib.get_close_matches(normalise(name), list(keys), n=3, cutoff=0.5)
    shown = list(dict.fromkeys(_display(keys[k]) for k in close))
    if shown:
        hint = f"; forse: {', '.join(shown)}"
    elif len(names) <= 6:
        hint = f"; validi: {', '.join(names)}"
    else:
        hint = "; nessun nome simile (l'elenco completo è nel foglio Mappa)"
    return RisikoError(f"{kind} sconosciuto{hint}", valore=name)


def _display(item: object) -> str:
    return item.name if isinstance(item, Territory) else str(item)


def territory(name: str) -> Territory:
    """The territory called `name` (case, accents, spacing and abbreviations tolerated)."""
    if not isinstance(name, str) or not name.strip():
        raise RisikoError("nome di territorio mancante", valore=name)
    found = _BY_KEY.get(normalise(name))
    if found is None:
        raise _unknown("territorio", name, _BY_KEY, [t.name for t in TERRITORIES])
    return found


def continent(name: str) -> str:
    """The official name of continent `name` (tolerant like `territory`)."""
    if not isinstance(name, str) or not name.strip():
        raise RisikoError("nome di continente mancante", valore=name)
    found = _CONTINENT_BY_KEY.get(normalise(name))
    if found is None:
        raise _unknown("continente", name, _CONTINENT_BY_KEY, list(CONTINENTS))
    return found


def territory_value(name: str) -> int:
    """Value of one territory: its number of neighbours."""
    return territory(name).value


def objective_points(names: list[str]) -> int:
    """Sum of the values of the territories held in the objective (no duplicates allowed)."""
    held = [territory(n) for n in names]
    seen: set[str] = set()
    for t in held:
        if t.name in seen:
            raise RisikoError("territorio ripetuto", valore=t.name)
        seen.add(t.name)
    return sum(t.value for t in held)
