"""Ripescati: players brought back into the phase before the final by a criterion.

000 Art. 2: «il giocatore che, fra quelli rimasti, otterrà il miglior punteggio su
singola partita»; 003-a Art. 2: «il miglior escluso nella classifica Assoluta e ... gli
esclusi che abbia ottenuto il miglior punteggio in una singola partita». The clubs'
formulas add a pool («dal 10° posto in giù») and a condition («fra chi ha giocato
almeno 3 serate»): `Stage.recall_from`, `Stage.recall_min_games`.

A tie on the criterion goes by the standings order, which already holds the formula's
whole chain, its lottery last: the seeds say nothing of such a tie, and the lottery is
the last step of their chains, never the first (000 Art. 2, 003 Art. 2). Each pick is
explained in Italian, naming who it was preferred to when the standings decided.
"""

from __future__ import annotations

from collections.abc import Sequence

from risiko_xl.errors import RisikoError
from risiko_xl.rules.vocabulary import labels
from risiko_xl.standings.config import RECALL_CRITERIA_TABLE, Stage
from risiko_xl.standings.context import Context
from risiko_xl.standings.steps import VIA_BEST_ASSOLUTA, VIA_BEST_GAME, Qualifier
from risiko_xl.standings.table import StandingRow
from risiko_xl.standings.text import ordinal, points

RECALL_LABELS = labels(RECALL_CRITERIA_TABLE)


def pool_words(stage: Stage) -> str:
    """The pool a stage's ripescati come from, in words («tra gli esclusi dal 10° posto
    in giù che hanno giocato almeno 3 partite»)."""
    words = "tra gli esclusi"
    if stage.recall_from is not None:
        words += f" dal {ordinal(stage.recall_from)} posto in giù"
    if stage.recall_min_games:
        words += (f" che hanno giocato almeno {stage.recall_min_games} "
                  f"partit{'a' if stage.recall_min_games == 1 else 'e'}")
    return words


def recall_pool(ctx: Context, rows: Sequence[StandingRow], taken: set[str]) -> list[StandingRow]:
    """The rows a ripescato may come from: available, not already seated or qualified,
    from the stage's `recall_from` place down, with its games played."""
    stage = ctx.phases.stage
    assert stage is not None
    low = stage.recall_from or 0
    return [r for r in rows if r.player not in taken and ctx.available(r.player)
            and r.position >= low and r.played >= stage.recall_min_games]


def pick_recalls(ctx: Context, rows: Sequence[StandingRow], taken: set[str], what: str
                 ) -> list[Qualifier]:
    """One Qualifier per criterion of the stage's `recalls`, in order, from `rows` (the
    standings the stage is seated from) without the players in `taken` (updated).
    `what`: the phase in messages ('allo spareggio', 'alle semifinali')."""
    stage = ctx.phases.stage
    assert stage is not None
    out: list[Qualifier] = []
    for criterion in stage.recalls:
        pool = recall_pool(ctx, rows, taken)
        if not pool:
            raise RisikoError(f"nessun giocatore da ripescare {what} ({pool_words(stage)}): "
                              "cambiare nella formula «Ripescati», «Ripescati dal posto» o "
                              "«Partite minime per il ripescaggio»",
                              valore=RECALL_LABELS.get(criterion, criterion)
                              ).of_rule("phases", "stage", "recalls")
        if criterion == "best_assoluta":
            row = min(pool, key=lambda r: (r.assoluta_position, r.position, r.player))
            why = ("miglior escluso della classifica assoluta "
                   f"({ordinal(row.assoluta_position)} in assoluta)")
            via = VIA_BEST_ASSOLUTA
        elif criterion == "best_game":
            row, tie = best_game(ctx, pool)
            why = (f"miglior punteggio su singola partita {pool_words(stage)} "
                   f"({points(row.best)}{tie})")
            via = VIA_BEST_GAME
        else:
            raise RisikoError("criterio di ripescaggio sconosciuto", valore=criterion)
        out.append(Qualifier(row.player, why, row.position, None, via))
        taken.add(row.player)
    return out


def best_game(ctx: Context, pool: Sequence[StandingRow]) -> tuple[StandingRow, str]:
    """The row with the best single game and, when several share it, the words saying
    the standings decided («a pari con Rossi, davanti in classifica»)."""
    best = max(r.best for r in pool)
    tied = sorted((r for r in pool if r.best == best), key=lambda r: (r.position, r.player))
    if len(tied) == 1:
        return tied[0], ""
    if tied[0].position == tied[1].position:
        ctx.refuse_tie([r for r in tied if r.position == tied[0].position], "al ripescaggio",
                       f"stesso miglior punteggio su singola partita, {points(best)}, e pari "
                       "in classifica; la catena di spareggio non prevede il sorteggio")
    others = ", ".join(ctx.name(r.player) for r in tied[1:])
    how = " per decisione dell'arbitro" if tied[0].by_referee else ""
    return tied[0], f"; a pari con {others}: davanti in classifica{how}"
