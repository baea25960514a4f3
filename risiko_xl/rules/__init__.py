"""The rules of RisiKo! tournaments: map, table points, placement, scoring, game helpers.

Pure Python with exact arithmetic; no I/O and no spreadsheet libraries.

Imports nothing of the package but `errors`: the bottom of the house (checked by
`lint-imports` with the rest of the core).
"""

from risiko_xl.rules.game import (
    ARMY_LIMIT,
    armies_over_limit,
    reinforcements,
    sdadata_probability,
    sdadata_threshold,
    starting_armies,
    tris_value,
)
from risiko_xl.rules.games import CLASSICO, GAMES, SPQRISIKO, Game, army_value, coefficient
from risiko_xl.rules.methods import METHODS, Method, method
from risiko_xl.rules.placement import (
    CHAIN_004,
    CHAIN_ART26,
    CHAIN_MASTER,
    CHAINS,
    Placement,
    chain,
    place,
)
from risiko_xl.rules.points import table_points
from risiko_xl.rules.seat import Seat
from risiko_xl.rules.table import TableScore, score_table
from risiko_xl.rules.territories import (
    CONTINENTS,
    MAP_TOTAL,
    TERRITORIES,
    objective_points,
    territory,
    territory_value,
)

__all__ = [
    "ARMY_LIMIT", "CHAINS", "CHAIN_004", "CHAIN_ART26", "CHAIN_MASTER", "CLASSICO",
    "CONTINENTS", "GAMES", "MAP_TOTAL", "METHODS", "SPQRISIKO", "TERRITORIES", "Game",
    "Method", "Placement", "Seat", "TableScore", "armies_over_limit", "army_value", "chain",
    "coefficient", "method", "objective_points", "place",
    "reinforcements", "score_table", "sdadata_probability", "sdadata_threshold",
    "starting_armies", "table_points", "territory", "territory_value", "tris_value",
]
