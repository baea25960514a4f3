"""Knockout (seed 002 «Ad eliminazione diretta»): each table's winner goes on, round
after round, down to one final table; and the plain final of the first N (rtu)."""

from __future__ import annotations

from fractions import Fraction

from risiko_xl.draw.procedures import knockout
from risiko_xl.draw.sizes import knockout_rounds
from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.standings.context import Context
from risiko_xl.standings.model import FINAL, QUALIFYING, SEMIFINAL
from risiko_xl.standings.semis import Seated, build_step
from risiko_xl.standings.steps import VIA_KNOCKOUT, VIA_RANK, PhaseStep, Qualifier
from risiko_xl.standings.successors import replacing
from risiko_xl.standings.text import ordinal


def final_step(ctx: Context) -> PhaseStep:
    """The first `final_size` available players of the standings at one final table
    (with `final_min_games`: of those who played that many games)."""
    ranking = ctx.for_final()
    n = ctx.phases.final_size
    if len(ranking) < n:
        raise RisikoError(f"servono {n} giocatori disponibili per la finale",
                          valore=len(ranking)).of_rule("phases", "final_size")
    ctx.check_cut(ranking, n, "alla finale")
    seats = [Qualifier(r.player, f"{ordinal(r.position)} in classifica", r.position, None,
                       VIA_RANK) for r in ranking[:n]]
    return build_step(ctx, FINAL, [(1, None, seats)], [],
                      [f"Finale fra i primi {n} della classifica"])


def knockout_step(ctx: Context) -> PhaseStep | None:
    """The next knockout round (phase Semifinale) or the final, from the winners of the
    last round played (a withdrawn winner gives the place to the next of their table);
    None when that round had a single table (it was the final)."""
    rounds = ctx.rounds_of(SEMIFINAL)
    phase, round_no = (SEMIFINAL, rounds[-1]) if rounds else (QUALIFYING, ctx.rules.rounds)
    tables = ctx.tables(phase, round_no, "Eliminatoria")
    if len(tables) == 1:
        return None
    winners: list[tuple[Qualifier, Fraction]] = []
    notes: list[str] = []
    for number, rows in tables.items():
        nominal = rows[0].player
        row = next((r for r in rows if ctx.available(r.player)), None)
        if row is None:
            raise RuleError(f"nessun giocatore disponibile dal tavolo {number} "
                            f"(turno {round_no})", round_no=round_no, table=number)
        why = f"vincitore tavolo {number} (turno {round_no})"
        if row.player != nominal:
            why = replacing(f"{ordinal(row.position)} del tavolo {number} (turno {round_no})",
                            ctx, nominal)
            notes.append(f"{ctx.name(row.player)} {why}")
        q = Qualifier(row.player, why, ctx.rank(row.player), None, VIA_KNOCKOUT, number,
                      None if row.player == nominal else nominal)
        winners.append((q, row.points))
    winners.sort(key=lambda w: (-w[1], ctx.rank_key(w[0].player), w[0].player))
    seeded = [q for q, _ in winners]
    path = knockout_rounds(len(seeded), ctx.phases.final_size)
    if len(path) == 2:
        return build_step(ctx, FINAL, [(1, None, seeded)], [],
                          [*notes, f"Finale fra i {len(seeded)} vincitori del turno {round_no}"])
    by_id = {q.player: q for q in seeded}
    next_round = ctx.last_round() + 1
    seating = knockout([q.player for q in seeded], path[1],
                       ctx.derived_seed(f"eliminatoria turno {next_round}"))
    seated: Seated = [(i, None, [by_id[p] for p in table])
                      for i, table in enumerate(seating, 1)]
    course = " → ".join(str(n) for n in path[:-1])
    notes.append(f"Eliminatoria: {len(seeded)} giocatori in {path[1]} tavoli, passa il "
                 f"vincitore di ogni tavolo (giocatori per turno: {course})")
    return build_step(ctx, SEMIFINAL, seated, [], notes)
