"""Plain data the standings work on: entrants and their game results.

The workbook layer builds these from the `Iscritti` and `Risultati` tables (with the
sheet row of each record, so messages can name it); the core never reads files.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from risiko_xl.names import FULL, player_name

ACTIVE, WITHDRAWN, DISQUALIFIED = "Attivo", "Ritirato", "Squalificato"
# Absent for the next round only (003 Art. 4 «sarà ESCLUSO dalla composizione dei tavoli»,
# 000 Art. 5): not drawn, the round counts 0; the draw puts the player back to ACTIVE.
ABSENT = "Assente"
QUALIFYING, PLAYOFF, SEMIFINAL, FINAL = "Qualificazione", "Spareggio", "Semifinale", "Finale"


@dataclass(frozen=True)
class Entrant:
    """A registered player. `from_round`: first preliminary round played (late entry).
    `name` is the full form (`names.player_name`); `first`, `last` and `nickname` are
    the parts as registered, for the other forms (`shown`)."""

    id: str
    name: str = ""
    club: str | None = None
    region: str | None = None
    state: str = ACTIVE
    from_round: int = 1
    row: int | None = None
    first: str | None = None
    last: str | None = None
    nickname: str | None = None

    def shown(self, form: str = FULL) -> str:
        """The name in `form` (see `names.FORMS`); the ID when no name is known."""
        return (player_name(self.first, self.last, self.nickname, form)
                or self.name.strip() or self.id)


@dataclass(frozen=True)
class GameResult:
    """One player's scored game. `points` are tournament points (exact); `position` is the
    place at the table (1 = winner); `table_points` are scaled objective points."""

    player: str
    round_no: int
    phase: str
    table: int
    position: int
    points: Fraction
    table_points: int = 0
    out_points: int = 0
    risiko: bool = False
    eliminated: bool = False
    players: int = 4
    row: int | None = None
