"""Standings and final phases: the Classifica (Generale/Assoluta, drops, tie-break
chains, recorded lotteries), the phases after the preliminaries (semifinals, direct
finalists, spareggio/ripescaggio, knockout, parallel tournaments), replacements of
withdrawn qualifiers, the final ranking and the team championship. Pure Python, exact
arithmetic, Italian messages; no I/O.

Part of the core: imports `rules`, `draw` (its seeded generator and seating procedures),
`names` and `errors` only, never a face, a book or a spreadsheet library (checked by
`lint-imports`).
"""

from risiko_xl.standings.config import STANDING_CRITERIA, PhaseRules, StandingsRules
from risiko_xl.standings.final import RankRow, final_ranking
from risiko_xl.standings.lottery import LotteryDraw
from risiko_xl.standings.model import (
    ACTIVE,
    DISQUALIFIED,
    FINAL,
    PLAYOFF,
    QUALIFYING,
    SEMIFINAL,
    WITHDRAWN,
    Entrant,
    GameResult,
)
from risiko_xl.standings.phases import next_phase
from risiko_xl.standings.replacements import replace_withdrawn
from risiko_xl.standings.steps import PhaseStep, Qualifier
from risiko_xl.standings.table import StandingRow, Standings, compute_standings
from risiko_xl.standings.teams import TeamRow, TeamStandings, team_standings

__all__ = [
    "ACTIVE",
    "DISQUALIFIED",
    "FINAL",
    "PLAYOFF",
    "QUALIFYING",
    "SEMIFINAL",
    "STANDING_CRITERIA",
    "WITHDRAWN",
    "Entrant",
    "GameResult",
    "LotteryDraw",
    "PhaseRules",
    "PhaseStep",
    "Qualifier",
    "RankRow",
    "StandingRow",
    "Standings",
    "StandingsRules",
    "TeamRow",
    "TeamStandings",
    "compute_standings",
    "final_ranking",
    "next_phase",
    "replace_withdrawn",
    "team_standings",
]
