"""`next_phase`: what to seat after the results so far, for every structure of PhaseRules."""

from __future__ import annotations

from collections.abc import Iterable

from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.standings.config import PHASES_OF_KIND, PhaseRules, StandingsRules
from risiko_xl.standings.context import Context
from risiko_xl.standings.knockout import final_step, knockout_step
from risiko_xl.standings.model import FINAL, PLAYOFF, QUALIFYING, SEMIFINAL, Entrant, GameResult
from risiko_xl.standings.playoff import final_after_playoff, playoff_step
from risiko_xl.standings.semis import final_after_semifinals, semifinal_step
from risiko_xl.standings.steps import PhaseStep, announce_lotteries
from risiko_xl.standings.table import Standings


def check_finals(ctx: Context) -> None:
    """The final round complete: every final table has its results (one per parallel
    tournament after semifinals)."""
    round_no = ctx.rounds_of(FINAL)[-1]
    tables = ctx.tables(FINAL, round_no, "Finale")
    expected = ctx.ways if ctx.phases.kind == "semifinals" else 1
    if len(tables) < expected:
        raise RisikoError(f"finale, turno {round_no}: mancano i risultati di "
                          f"{expected - len(tables)} tavoli di finale", valore=len(tables))


def make_context(entrants: Iterable[Entrant], results: Iterable[GameResult],
                 standings: Standings, phases: PhaseRules, rules: StandingsRules,
                 seed: int | str | None, exclude: Iterable[str] = (),
                 include: Iterable[str] = ()) -> Context:
    """A checked context; refuses results of phases the formula does not play."""
    ctx = Context(entrants, results, standings, phases, rules, seed, exclude, include)
    allowed = (QUALIFYING, *PHASES_OF_KIND[phases.kind])
    for r in ctx.results:
        if r.phase not in allowed:
            raise RuleError("risultato di una fase che la formula non prevede",
                            field="result.phase", player=r.player, round_no=r.round_no,
                            row=r.row, valore=r.phase)
    return ctx


def next_phase(entrants: Iterable[Entrant], results: Iterable[GameResult],
               standings: Standings, phases: PhaseRules, rules: StandingsRules,
               seed: int | str) -> PhaseStep | None:
    """The next phase to seat after the preliminaries, or None when the tournament is
    over (or has no final phases). Incomplete results of the current phase are an error."""
    ctx = make_context(entrants, results, standings, phases, rules, seed)
    step = compute_step(ctx)
    if step is not None and all(r.phase == QUALIFYING for r in ctx.results):
        step = announce_lotteries(step, ctx.eligible(), standings.lottery, ctx.name)
    return step


def compute_step(ctx: Context) -> PhaseStep | None:
    """`next_phase` on a built context, without announcing lotteries (replacements
    rebuild the step this way, so a withdrawal gives the same tables whether or not the
    phase was already seated)."""
    phases = ctx.phases
    if phases.kind == "none":
        return None
    ctx.check_preliminaries()
    if ctx.rounds_of(FINAL):
        check_finals(ctx)
        return None
    if phases.kind == "final":
        return final_step(ctx)
    if phases.kind == "knockout":
        return knockout_step(ctx)
    if phases.kind == "playoff":
        return final_after_playoff(ctx) if ctx.rounds_of(PLAYOFF) else playoff_step(ctx)
    return final_after_semifinals(ctx) if ctx.rounds_of(SEMIFINAL) else semifinal_step(ctx)
