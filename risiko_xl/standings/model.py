"""Plain data the standings work on: entrants and their game results.

The workbook layer builds these from the `Iscritti` and `Risultati` tables (with the
sheet row of each record, so messages can name it); the core never reads files.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from risiko_xl.names import FULL, player_name
from risiko_xl.rules.vocabulary import Term, names

# Player states: the words of the `Stato` column (Italian, as the organiser types them).
PlayerState = Literal["Attivo", "Assente", "Ritirato", "Squalificato"]
ACTIVE, ABSENT, WITHDRAWN, DISQUALIFIED = "Attivo", "Assente", "Ritirato", "Squalificato"
PLAYER_STATES: tuple[Term, ...] = (
    Term(ACTIVE, "Attivo", "gioca il prossimo turno", "000 Art. 5"),
    # absent for the next round only: not drawn, the round counts 0; the draw puts the
    # player back to ACTIVE
    Term(ABSENT, "Assente", "escluso dal prossimo sorteggio soltanto; il turno vale 0",
         "003 Art. 4 («sarà ESCLUSO dalla composizione dei tavoli»), 000 Art. 5"),
    Term(WITHDRAWN, "Ritirato", "non più sorteggiato; la classifica lo toglie o lo tiene "
         "secondo la formula", "000 Art. 4"),
    Term(DISQUALIFIED, "Squalificato", "escluso dal torneo", "000 Art. 24"),
)
STATES = names(PLAYER_STATES)

# Phases: the words of the `Fase` column.
Phase = Literal["Qualificazione", "Spareggio", "Semifinale", "Finale"]
QUALIFYING, PLAYOFF, SEMIFINAL, FINAL = "Qualificazione", "Spareggio", "Semifinale", "Finale"
PHASES: tuple[Term, ...] = (
    Term(QUALIFYING, "Qualificazione", "i turni preliminari, che fanno la classifica",
         "000 Art. 2, 001 §1"),
    Term(PLAYOFF, "Spareggio", "lo spareggio o ripescaggio per l'ultimo posto in finale",
         "000 Art. 2, 003-a Art. 2"),
    Term(SEMIFINAL, "Semifinale", "le semifinali (e i turni a eliminazione diretta)",
         "001 §8, 002, 003-b Art. 2"),
    Term(FINAL, "Finale", "la finale", "000 Art. 2, 001 §7"),
)
PHASE_NAMES = names(PHASES)
# other words the `Fase` column accepts for a phase: the playoff as 003-a calls it
PHASE_ALIASES = {"Ripescaggio": PLAYOFF}


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
    place at the table (1 = winner); `table_points` are scaled objective points;
    `tie_break` says what broke a tie on the table's value, the criterion and the
    player's own value («punti fuori obiettivo 2»), '' when there was none; `penalty`
    the table points taken by the referee (003 Art. 26), already out of `points`."""

    player: str
    round_no: int
    phase: str
    table: int
    position: int
    points: Fraction
    table_points: Fraction = Fraction(0)
    out_points: int = 0
    risiko: bool = False
    eliminated: bool = False
    players: int = 4
    row: int | None = None
    tie_break: str = ""
    penalty: int = 0  # table points the referee took (003 Art. 26), as typed
