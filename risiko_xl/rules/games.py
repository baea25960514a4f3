"""The game a tournament plays: classic RisiKo! or S.P.Q.RisiKo! (seed 004).

Classic RisiKo! (seeds 000–003): table points are objective points on the 42-territory
map (164 in all), scaled ×1,25 at 5-player tables by the methods that say so.

S.P.Q.RisiKo! (seed 004, «Durata e scopo del gioco»): «Viene considerato vincitore colui
che alla fine di un turno completo di gioco ... raggiunge o supera i 20 punti». Table
points are the game's own points on its score track (seed 004's «punti tavolo»), typed
as they are in «Punti obiettivo»: never scaled, never checked against a map. Ties at the
table are broken by the potential-points coefficient, then the army value, then the reverse
order of play («Conclusione di una partita»); both counts are defined here.
"""

from __future__ import annotations

from dataclasses import dataclass

from risiko_xl.errors import RisikoError
from risiko_xl.rules.territories import MAP_TOTAL

SPQR_WIN_POINTS = 20  # 004: «raggiunge o supera i 20 punti»


@dataclass(frozen=True)
class Game:
    """`map_total`: the most table points a table can hold (None: not checked);
    `scaled`: whether methods' table-size factors (×1,25 at 5) apply; `risiko`: whether
    a player can win the table with a RisiKo! (the objective completed)."""

    name: str
    title: str
    map_total: int | None
    scaled: bool
    risiko: bool = True

    def check_risiko(self, risiko: bool) -> None:
        """A RisiKo! typed in a game that has none is refused (S.P.Q.RisiKo!, seed 004:
        «Viene considerato vincitore colui che ... raggiunge o supera i 20 punti»)."""
        if risiko and not self.risiko:
            raise RisikoError(f"in {self.title} non esiste il RisiKo!: vince chi, alla fine "
                              f"di un turno completo, raggiunge o supera i {SPQR_WIN_POINTS} "
                              "punti; lasciare vuota la colonna RisiKo!")


CLASSICO = Game("classico", "RisiKo!", MAP_TOTAL, True)
SPQRISIKO = Game("spqrisiko", "S.P.Q.RisiKo!", None, False, risiko=False)
GAMES: dict[str, Game] = {g.name: g for g in (CLASSICO, SPQRISIKO)}

# 004 «Coefficiente dei punti potenziali»: 5 per CDP, 5 per supremacy, 3 per unused
# vessillo-salvacondotto, 1 per province, 1 per sea.
COEFFICIENT_WEIGHTS = (("CDP", 5), ("supremazie", 5), ("vessilli-salvacondotto", 3),
                       ("province", 1), ("mari", 1))
# 004 «Valore del proprio esercito»: 10 per vessillo (not the safe-conduct), 3 per ship,
# 1 per legionary.
ARMY_WEIGHTS = (("vessilli", 10), ("navi", 3), ("legionari", 1))


def game(name: str | Game) -> Game:
    """The game called `name` («classico» or «spqrisiko»)."""
    if isinstance(name, Game):
        return name
    found = GAMES.get(str(name).strip().casefold())
    if found is None:
        raise RisikoError(f"gioco sconosciuto; validi: {', '.join(GAMES)}", valore=name)
    return found


def _weighted(counts: tuple[int, ...], weights: tuple[tuple[str, int], ...]) -> int:
    total = 0
    for value, (label, weight) in zip(counts, weights, strict=True):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RisikoError(f"{label}: serve un numero intero", valore=value)
        if value < 0:
            raise RisikoError(f"{label}: il numero non può essere negativo", valore=value)
        total += weight * value
    return total


def coefficient(cdp: int, supremacies: int, safe_conducts: int, provinces: int,
                seas: int) -> int:
    """Potential-points coefficient (004): 5 per CDP held, 5 per supremacy held, 3 per
    unused vessillo-salvacondotto, 1 per province held, 1 per sea dominated."""
    return _weighted((cdp, supremacies, safe_conducts, provinces, seas), COEFFICIENT_WEIGHTS)


def army_value(flags: int, ships: int, legionaries: int) -> int:
    """Army value (004): 10 per vessillo (the safe-conducts excluded), 3 per ship,
    1 per legionary."""
    return _weighted((flags, ships, legionaries), ARMY_WEIGHTS)
