"""Game-rule helpers for referees: sdadata, reinforcements, tris, armies (seeds 000–003)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from risiko_xl.errors import RisikoError
from risiko_xl.rules.territories import continent as continent_name

ARMY_LIMIT = 130  # 000 Art. 16/19, 003 Art. 18
CONTINENT_BONUS = {  # seed 002, "Prima fase"
    "Oceania": 2, "Sud America": 2, "Africa": 3, "Europa": 5, "Nord America": 5, "Asia": 7,
}
STARTING_ARMIES = {3: 35, 4: 30, 5: 25, 6: 20}  # seed 002, "Preparazione"

# Card symbols, tolerant spellings -> canonical.
_CARDS = {
    "fante": "fante", "fanti": "fante", "fanteria": "fante",
    "cannone": "cannone", "cannoni": "cannone", "artiglieria": "cannone",
    "cavaliere": "cavaliere", "cavalieri": "cavaliere", "cavalleria": "cavaliere",
    "cavallo": "cavaliere", "jolly": "jolly", "j": "jolly",
}
# Tris values: three of a kind per symbol, one of each, jolly + two alike.
TRIS_RULES = {
    "torneo": {"cannone": 8, "fante": 8, "cavaliere": 8, "misto": 10, "jolly": 12},  # 000 Art. 16
    "scatola": {"cannone": 4, "fante": 6, "cavaliere": 8, "misto": 10, "jolly": 12},  # seed 002
}
OWNED_CARD_BONUS = 2


def sdadata_threshold(lap: int) -> int:
    """Closing threshold of the `lap`-th sdadata lap: 4, 5, 6, then 7 (000 Art. 6, 001 §6)."""
    if lap < 1:
        raise RisikoError("il giro di sdadata parte da 1", valore=lap)
    return min(3 + lap, 7)


def sdadata_probability(threshold: int) -> Fraction:
    """Probability that 2d6 roll `threshold` or less (the game closes)."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= threshold)
    return Fraction(hits, 36)


def reinforcements(territories: int, continents: Iterable[str] = ()) -> int:
    """Armies at the start of a turn: territories // 3 + bonuses of continents held whole."""
    if not 0 <= territories <= 42:
        raise RisikoError("il numero di territori va da 0 a 42", valore=territories)
    held = [continent_name(c) for c in continents]
    if len(set(held)) != len(held):
        raise RisikoError("continente ripetuto", valore=", ".join(held))
    return territories // 3 + sum(CONTINENT_BONUS[c] for c in held)


def card(name: str) -> str:
    """Canonical card symbol: fante, cannone, cavaliere or jolly."""
    key = str(name).strip().casefold()
    if key not in _CARDS:
        raise RisikoError("carta sconosciuta; valide: fante, cannone, cavaliere, jolly",
                          valore=name)
    return _CARDS[key]


def tris_value(cards: Iterable[str], owned: int = 0, rules: str = "torneo") -> int:
    """Armies for a tris of three cards, +2 per card of a territory the player holds."""
    values = TRIS_RULES.get(str(rules).strip().casefold())
    if values is None:
        raise RisikoError(f"regole tris sconosciute; valide: {', '.join(TRIS_RULES)}", valore=rules)
    symbols = sorted(card(c) for c in cards)
    if len(symbols) != 3:
        raise RisikoError("un tris è di 3 carte", valore=len(symbols))
    if not 0 <= owned <= 3 - symbols.count("jolly"):
        raise RisikoError("carte di territori posseduti: da 0 a 3 (il jolly non ha territorio)",
                          valore=owned)
    distinct = set(symbols)
    if "jolly" in distinct:
        if symbols.count("jolly") != 1 or len(distinct) != 2:
            raise RisikoError("il jolly vale solo con due carte uguali", valore=", ".join(symbols))
        base = values["jolly"]
    elif len(distinct) == 1:
        base = values[symbols[0]]
    elif len(distinct) == 3:
        base = values["misto"]
    else:
        raise RisikoError("combinazione non valida: tre uguali, tre diverse o jolly + due uguali",
                          valore=", ".join(symbols))
    return base + OWNED_CARD_BONUS * owned


def starting_armies(players: int) -> int:
    """Initial armies per player: 35/30/25/20 for 3–6 players."""
    if players not in STARTING_ARMIES:
        raise RisikoError("si gioca da 3 a 6 giocatori", valore=players)
    return STARTING_ARMIES[players]


def armies_over_limit(armies: int) -> int:
    """Armies beyond the 130 limit (each costs 1 point of penalty)."""
    return max(0, armies - ARMY_LIMIT)
