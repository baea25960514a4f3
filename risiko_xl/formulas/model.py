"""A tournament formula (preset): everything that differs between tournaments, as data.

Loaded from one JSON file per formula in `risiko_xl/formulas/presets/` and validated by
`risiko_xl.formulas.loader`. A formula with `variants` (eagles: a/b by player count) is
resolved to one concrete variant at the first round's draw; the choice is then fixed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from risiko_xl.draw.criteria import DrawCriterionName
from risiko_xl.draw.engine import DrawProcedure
from risiko_xl.rules.games import game as find_game
from risiko_xl.rules.methods import Method
from risiko_xl.standings.config import PhaseRules, StandingsRules


@dataclass(frozen=True)
class DrawRules:
    """How preliminary rounds are drawn.

    `procedure`: one of the draw engine's procedures (`risiko_xl.draw.engine.
    DRAW_PROCEDURES`: "optimise", "cinquisti" of seed 001); `first_round`: a different
    procedure for round 1 (None = same); `criteria`: draw criteria, highest priority
    first (`risiko_xl.draw.criteria.DRAW_CRITERIA`); `repeat_weighting`: "flat" or
    "recent" (`risiko_xl.draw.engine.REPEAT_WEIGHTINGS`).
    """

    procedure: DrawProcedure = "optimise"
    first_round: DrawProcedure | None = None
    criteria: tuple[DrawCriterionName, ...] = ("five_repeat", "winners", "club", "repeat")
    repeat_weighting: str = "flat"


@dataclass(frozen=True)
class TeamRules:
    """Team championship (004 CNS): `players_per_round` per team each round, team total
    = best `best_of` individual results; a team has `members` (least, most) registered
    players («da un minimo di 5 a un massimo di 15 iscritti») and plays at tables of
    `table_size` («Solo tavoli da 5 giocatori»)."""

    players_per_round: int = 5
    best_of: int = 11
    members: tuple[int, int] = (5, 15)
    table_size: int | None = 5


@dataclass(frozen=True)
class Formula:
    """One concrete tournament formula.

    `notes`: why a value was chosen where the regulation is silent or ambiguous;
    `aliases`: other names `load()` accepts (e.g. GestioneTorneo's "MasterRisiko");
    `gestionetorneo`: the «Tipologia di Torneo» GestioneTorneo reads that the formula is
    exported as (an alias when GestioneTorneo has the formula, else the closest);
    `game`: «classico» (RisiKo!, seeds 000–003) or «spqrisiko» (S.P.Q.RisiKo!, seed 004).
    The scoring method always plays the formula's game: it is set on `scoring` here, so
    a method chosen later (`Metodo punteggio`) plays it too.
    """

    name: str
    title: str
    source: str
    description: str
    scoring: Method
    policy: str = "standard"
    placement_chain: str = "001"
    methods_allowed: tuple[str, ...] = ()
    draw: DrawRules = field(default_factory=DrawRules)
    standings: StandingsRules = field(default_factory=lambda: StandingsRules(rounds=4))
    phases: PhaseRules = field(default_factory=PhaseRules)
    teams: TeamRules | None = None
    appeal_hours: int | None = None
    variants: tuple[Variant, ...] = ()
    notes: tuple[str, ...] = ()  # short Italian comments on choices made (file "notes")
    aliases: tuple[str, ...] = ()  # other names it is loaded by (GestioneTorneo's names)
    gestionetorneo: str = ""  # its «Tipologia di Torneo» in GestioneTorneo's workbook
    game: str = "classico"

    def __post_init__(self) -> None:
        object.__setattr__(self, "scoring", self.scoring.for_game(find_game(self.game)))


@dataclass(frozen=True)
class Variant:
    """A formula variant used when the player count at the first draw is <= max_players
    (None = any count); the first matching variant wins."""

    key: str
    max_players: int | None
    formula: Formula
