"""`replace_withdrawn`: a qualified player withdraws after their phase was seated and
before it is played.

The phase is computed again from the same facts with the player withdrawn, by the very
functions that seat it (phases.compute_step): the outcome of a withdrawal never depends
on whether the phase had already been seated. What those functions do with a withdrawn
qualifier is the regulation's replacement rule:

- semifinal seat: the bands are cut again from the standings «al netto di eventuali
  giocatori qualificati per la semifinale ma ritirati» (001 §8), so every semifinal
  keeps one player of each band; the first player not qualified enters (003 Art. 3
  «si scorrerà la Classifica fino ad individuare il primo giocatore disponibile");
- direct finalist before the semifinals: four semifinals, nobody else goes straight to
  the final (001 §8 «Nella prima ipotesi si giocheranno quattro semifinali»);
- spareggio/ripescaggio seat: the selection made again without them, a substitute
  already qualified freeing their own place (003 Art. 3; 000 Art. 4);
- finalist of a playoff formula: 003-a Art. 3, the ripescaggio's placement order;
  000 Art. 4, the classification recompiled (playoff.py);
- final seat: the table they won, then the other semifinals / the playoff's placement
  order, then the standings (successors.py).

The notes name the real seats («Nome G07 sostituisce Nome G02 al tavolo 2 della
semifinale») and every player who changes table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from risiko_xl.errors import RisikoError
from risiko_xl.standings.config import PhaseRules, StandingsRules
from risiko_xl.standings.context import Context
from risiko_xl.standings.model import FINAL, PLAYOFF, SEMIFINAL, WITHDRAWN, Entrant, GameResult
from risiko_xl.standings.phases import compute_step, make_context
from risiko_xl.standings.playoff import label
from risiko_xl.standings.steps import PhaseStep, Qualifier
from risiko_xl.standings.successors import of_label, replacing
from risiko_xl.standings.table import Standings, compute_standings


def replace_withdrawn(step: PhaseStep, withdrawn: str, entrants: Iterable[Entrant],
                      results: Iterable[GameResult], standings: Standings,
                      phases: PhaseRules, *, rules: StandingsRules | None = None,
                      seed: int | str | None = None
                      ) -> tuple[PhaseStep, Qualifier | None]:
    """The step computed again with `withdrawn` out, and the first qualifier who takes
    a place (marked `replaces`); None when nobody enters this phase (003-a: a finalist
    withdrawing before the ripescaggio is replaced from it in the final).

    `results` are those before the step. With `rules` given the standings are computed
    again with the player withdrawn (000 Art. 4 recompiles them); without, `standings`
    is used with the player left out. `seed` defaults to the step's."""
    seed = step.seed if seed is None else seed
    if seed is None:
        raise RisikoError("serve il seme del torneo per questa operazione")
    entrants, results = list(entrants), list(results)
    gone = [dataclasses.replace(e, state=WITHDRAWN) if e.id == withdrawn else e
            for e in entrants]
    if rules is None:
        rules = StandingsRules(rounds=max(standings.upto_round, 1))
        after = standings
    else:
        after = compute_standings(gone, results, rules, seed)
    before = make_context(entrants, results, standings, phases, rules, seed,
                          include=[withdrawn])
    if step.qualifier(withdrawn) is None and not _nominal_has(before, step, withdrawn):
        raise RisikoError("il giocatore non è qualificato per questa fase", valore=withdrawn)
    ctx = make_context(gone, results, after, phases, rules, seed, exclude=[withdrawn])
    fresh = compute_step(ctx)
    if fresh is None or fresh.phase != step.phase:
        raise RisikoError("la fase non si può ricalcolare senza il giocatore ritirato",
                          valore=withdrawn)
    return _marked(ctx, step, fresh, withdrawn)


def _nominal_has(ctx: Context, step: PhaseStep, pid: str) -> bool:
    """A step rebuilt from the sheet lists no direct finalists: they are found again."""
    if step.phase not in (SEMIFINAL, PLAYOFF):
        return False
    try:
        nominal = compute_step(ctx)
    except RisikoError:
        return False
    return nominal is not None and nominal.qualifier(pid) is not None


def _where(ctx: Context, step: PhaseStep) -> str:
    """The phase's name after "al tavolo N": 'della semifinale', 'del ripescaggio'."""
    if step.phase == PLAYOFF:
        return of_label(label(ctx))
    if step.phase == SEMIFINAL:
        return "della semifinale" if ctx.phases.kind == "semifinals" else "dell'eliminatoria"
    return "della finale"


def seats_of(step: PhaseStep) -> dict[str, int | None]:
    """Player -> table number in the step (None: a direct finalist waiting)."""
    numbers = step.table_numbers or tuple(range(1, len(step.tables) + 1))
    out: dict[str, int | None] = {q.player: n for n, t in zip(numbers, step.tables)
                                  for q in t}
    out.update((f.player, None) for f in step.finalists)
    return out


def _marked(ctx: Context, old: PhaseStep, new: PhaseStep, withdrawn: str
            ) -> tuple[PhaseStep, Qualifier | None]:
    """`new` with the players entering marked as replacing `withdrawn` and the changes
    described seat by seat."""
    before, after = seats_of(old), seats_of(new)
    entering = [p for p in after if p not in before]
    where = _where(ctx, new)
    notes = []
    verb = (f"sostituisce {ctx.name(withdrawn)}" if len(entering) == 1
            else f"entra per il ritiro di {ctx.name(withdrawn)}")
    for pid in entering:
        table = after[pid]
        seat = (f"al tavolo {table} {where}" if table is not None
                else "tra i finalisti diretti")
        notes.append(f"{ctx.name(pid)} {verb} {seat}")
    moved = []
    for pid, table in after.items():
        if pid in before and before[pid] != table:
            was = f"dal tavolo {before[pid]}" if before[pid] is not None \
                else "dai finalisti diretti"
            now = f"al tavolo {table}" if table is not None else (
                "ai finalisti diretti" if new.phase != FINAL else "alla finale")
            moved.append(f"{ctx.name(pid)} passa {was} {now}")
    if moved:  # not a seat taken over: the tables were composed again, say so first
        changes = "1 giocatore cambia" if len(moved) == 1 else f"{len(moved)} giocatori cambiano"
        notes.insert(0, f"Tavoli {where} ricomposti senza {ctx.name(withdrawn)} (classifica "
                        f"al netto dei ritiri): {changes} tavolo")
    notes.extend(moved)

    earlier = {q.player: q for q in (*(q for t in old.tables for q in t), *old.finalists)
               if q.replaces is not None}

    def mark(q: Qualifier) -> Qualifier:
        """Who took a seat before keeps the reason he was given then (he replaced that
        player, not this one); who enters now replaces `withdrawn`, whatever seat the
        phase computed afresh would give him."""
        if q.player in earlier:
            return dataclasses.replace(q, reason=earlier[q.player].reason,
                                       replaces=earlier[q.player].replaces)
        if q.player not in entering:
            return q
        if q.replaces is not None and q.replaces != withdrawn:
            return dataclasses.replace(q, reason=q.reason.replace(
                ctx.name(q.replaces), ctx.name(withdrawn)), replaces=withdrawn)
        if q.replaces is not None:
            return q
        reason = (replacing(q.reason, ctx, withdrawn) if len(entering) == 1
                  else f"{q.reason}, entra per il ritiro di {ctx.name(withdrawn)}")
        return dataclasses.replace(q, reason=reason, replaces=withdrawn)

    # the phase computed afresh hands the seats of every withdrawn player out again:
    # its own «al posto di» lines are not what happened, the lines above are
    fresh = tuple(n for n in new.notes if n in old.notes or "al posto di" not in n)
    step = dataclasses.replace(
        new, tables=tuple(tuple(mark(q) for q in t) for t in new.tables),
        finalists=tuple(mark(f) for f in new.finalists), notes=(*fresh, *notes))
    return step, (step.qualifier(entering[0]) if entering else None)


__all__ = ["replace_withdrawn", "seats_of"]
