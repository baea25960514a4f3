"""Final phases shaped by the size of the field (the Raduno Nazionale of GestioneTorneo).

GestioneTorneo (github.com/Vjger/GestioneTorneo, manual V2.4 «Tabella 1: Struttura
RADUNI», Sorteggiatore.numeroSemiFinaliMasterORaduni and
calcoloNumeroSemifinaliMicroMaster) seats the semifinals of a raduno by field size:

- up to 36 players: the first two go straight to the final if each won both games and
  is ahead on points of the 3rd; the others fill the semifinals (2, 3 or 4 of them);
- 37-76 players: four semifinals, no direct finalist;
- then one more parallel tournament (a group of four semifinals with its own final)
  for each 40 players: the ranking splits by position modulo the number of groups.

Formula keys (PhaseRules): `split.steps` (field sizes after which one more parallel
tournament is played: 76, 116, 156, 196), `direct.field` (direct finalists only while
the field is at most 36: ((36, 2),)) and `direct.rule` "unbeaten" (at most that many).
"""

from __future__ import annotations

from collections.abc import Sequence

from risiko_xl.standings.config import PhaseRules
from risiko_xl.standings.table import StandingRow
from risiko_xl.standings.text import ordinal


def parallel_ways(phases: PhaseRules, players: int) -> int:
    """How many parallel tournaments a field of `players` plays: one plus one for each
    of `split.steps` it is above (GestioneTorneo: ≤ 76 one, 77-116 two, …, over 196
    five); without steps, `split.ways` above `split.over` (001 §8)."""
    split = phases.split
    if split.steps:
        return 1 + sum(players > step for step in split.steps)
    if split.over is not None and players > split.over:
        return split.ways
    return 1


def split_note(phases: PhaseRules, players: int, ways: int) -> str:
    """The Italian note on a split field: how many players, over which size."""
    over = max((s for s in phases.split.steps if players > s), default=phases.split.over)
    least = phases.split.min_games
    counted = f" con almeno {least} partite" if least > 1 else \
        " con almeno una partita" if least == 1 else ""
    return (f"{players} giocatori{counted} (oltre {over}): {ways} tornei paralleli per "
            f"posizione in classifica modulo {ways}")


def unbeaten_direct(group: Sequence[StandingRow], rounds: int, most: int,
                    players: int, phases: PhaseRules) -> tuple[int, str]:
    """How many of the group's first players go straight to the final, and why (Italian).

    GestioneTorneo calcoloNumeroSemifinaliMicroMaster (`most` = 2): the first players in a
    row who won every preliminary game, at most `most`; each must be ahead on points
    (not just by a tie-break) of the player placed `most` + 1, else the places from the
    tied one down go back to the semifinals: 1st and 2nd unbeaten → 2 semifinals; only
    the 1st, or 2nd and 3rd level on points → 3; 1st not unbeaten, or 1st-3rd level → 4.
    """
    most = min(most, phases.direct.count_for(players))
    if not most or not group:
        return 0, ""
    d = 0
    while d < min(most, len(group)) and group[d].wins >= rounds:
        d += 1
    why = ""
    if d < most:
        who = ordinal(group[d].position) if d < len(group) else ""
        why = f"il {who} in classifica non ha vinto tutte le {rounds} partite" if who else ""
    if len(group) > most:
        edge = group[most]
        while d > 0 and group[d - 1].total == edge.total:
            d -= 1
            why = (f"il {ordinal(group[d].position)} in classifica è a pari punti con il "
                   f"{ordinal(edge.position)}")
    if d == most:
        return d, ""
    return d, f"finalisti diretti {d} su {most}: {why}" if why else ""


def unbeaten_reason(row: StandingRow, rounds: int) -> str:
    return (f"finalista diretto: {ordinal(row.position)} in classifica con {row.wins} "
            f"vittorie su {rounds}")
