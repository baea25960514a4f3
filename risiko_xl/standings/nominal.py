"""Who qualified before withdrawing: the ranking the final phases were earned on.

A player who played the last preliminary round and then withdrew still earned the place
their classification gave them; the regulations then say how that place is filled
(001 §8: a direct finalist who withdraws before the semifinals leaves four semifinals;
003-a Art. 3: a finalist is replaced from the ripescaggio «secondo l'ordine di
piazzamento in tale partita»). A player who withdrew before the preliminaries ended
earned nothing and is simply out of the classification.

Decision (the seeds are silent on how to tell when a withdrawal happened): a withdrawn
player "qualified then withdrew" when they have a result in the last preliminary round.
Disqualified players never keep a place.
"""

from __future__ import annotations

from risiko_xl.standings.context import Context
from risiko_xl.standings.model import QUALIFYING, WITHDRAWN
from risiko_xl.standings.table import StandingRow


def withdrew_qualified(ctx: Context, pid: str) -> bool:
    """Withdrawn after playing the last preliminary round (see the module's decision)."""
    entrant = ctx.index.get(pid)
    if entrant is None or ctx.available(pid):
        return False
    withdrawn = entrant.state == WITHDRAWN or pid in ctx.exclude
    return withdrawn and any(r.player == pid and r.phase == QUALIFYING
                             and r.round_no == ctx.rules.rounds for r in ctx.results)


def nominal_rows(ctx: Context) -> list[StandingRow]:
    """The preliminary standings as the places were earned: the available players and
    those who withdrew after qualifying, in the order that keeps withdrawn players
    (the standings themselves when nobody withdrew)."""
    if not ctx.exclude and all(e.state != WITHDRAWN for e in ctx.entrant_list):
        return ctx.eligible()
    return [r for r in ctx.full.rows if ctx.available(r.player)
            or withdrew_qualified(ctx, r.player)]
