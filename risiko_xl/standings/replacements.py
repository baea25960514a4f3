"""`replace_withdrawn`: a qualified player withdraws before their phase is played.

- Semifinal seat: the first available player of the standings not yet qualified takes
  the seat (003 Art. 3 "si scorrerà la Classifica fino ad individuare il primo
  giocatore disponibile").
- Direct finalist before the semifinals: their tournament plays all its semifinals
  again by bands (001 §8 "si giocheranno quattro semifinali").
- Spareggio/ripescaggio seat or finalist: the selection is made again on the standings
  without them (000 Art. 4; 003 Art. 3: a substitute already qualified frees their own
  place to the next of that ranking); staying players keep their seats.
- Final seat: the chain of the slot (chains.py): the table they won, then the other
  semifinals / the playoff's placement order, then the standings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

from risiko_xl.errors import RisikoError
from risiko_xl.standings.chains import (
    Candidate,
    pick,
    playoff_chain,
    replacing,
    same_table,
    semifinal_chain,
    standings_chain,
)
from risiko_xl.standings.config import PhaseRules, StandingsRules
from risiko_xl.standings.context import Context
from risiko_xl.standings.model import PLAYOFF, QUALIFYING, SEMIFINAL, Entrant, GameResult
from risiko_xl.standings.phases import make_context
from risiko_xl.standings.playoff import label, playoff_step
from risiko_xl.standings.semis import (
    Seated,
    final_places,
    group_tables,
    number_tables,
    seat_bands,
    semifinal_step,
    semifinal_tables,
)
from risiko_xl.standings.steps import (
    VIA_DIRECT,
    VIA_KNOCKOUT,
    VIA_PLAYOFF,
    VIA_RANK,
    VIA_SEMIFINAL,
    PhaseStep,
    Qualifier,
)
from risiko_xl.standings.table import Standings
from risiko_xl.standings.text import ordinal


def replace_withdrawn(step: PhaseStep, withdrawn: str, entrants: Iterable[Entrant],
                      results: Iterable[GameResult], standings: Standings,
                      phases: PhaseRules, *, rules: StandingsRules | None = None,
                      seed: int | str | None = None) -> tuple[PhaseStep, Qualifier]:
    """The step without `withdrawn`, and the qualifier who takes their place.

    How each seat was won is read from the results (so a step rebuilt from the sheet,
    with bare qualifiers and no `finalists`, works too: a direct finalist missing from it
    is found again from the standings). `rules` (default: as many rounds as the
    standings count) and `seed` (default: the step's) are needed only to draw the
    semifinals again."""
    if rules is None:
        rules = StandingsRules(rounds=max(standings.upto_round, 1))
    seed = step.seed if seed is None else seed
    entrants, results = list(entrants), list(results)
    ctx = make_context(entrants, results, standings, phases, rules, seed, exclude=[withdrawn])
    q = step.qualifier(withdrawn)
    if q is None and step.phase in (SEMIFINAL, PLAYOFF) and phases.kind in ("semifinals",
                                                                            "playoff"):
        nominal = make_context(entrants, results, standings, phases, rules, seed,
                               include=[withdrawn])
        try:
            built = (semifinal_step if step.phase == SEMIFINAL else playoff_step)(nominal)
        except RisikoError:
            built = None
        q = next((f for f in built.finalists if f.player == withdrawn), None) if built else None
        if q is not None:
            step = dataclasses.replace(step, finalists=(*step.finalists, q))
    if q is None:
        raise RisikoError("il giocatore non è qualificato per questa fase", valore=withdrawn)
    if step.phase == PLAYOFF:
        return _playoff_again(ctx, step, withdrawn)
    if step.phase == SEMIFINAL and phases.kind == "semifinals":
        if any(f.player == withdrawn for f in step.finalists):
            return _semifinals_again(ctx, step, q)
        taken = {*step.players(), *(f.player for f in step.finalists)}
        return _swap(ctx, step, q, (standings_chain(ctx), q.via, q.from_table, q.group), taken)
    return _swap(ctx, step, q, _slot(ctx, step, q), set(step.players()))


Slot = tuple[Iterator[Candidate], str, int | None, int | None]  # chain, via, table, group


def _slot(ctx: Context, step: PhaseStep, q: Qualifier) -> Slot:
    """The replacement chain of a seat in a final or knockout round, read from the
    results: the table the player won (or took over) in the previous phase, if any."""
    kind, pid = ctx.phases.kind, q.player
    if kind == "semifinals" and ctx.rounds_of(SEMIFINAL):
        _, tables = semifinal_tables(ctx)
        by_group = group_tables(ctx, tables)
        table = next((t for t, rows in tables.items() if any(r.player == pid for r in rows)),
                     None)
        if table is not None:
            group = ctx.group_of_table(table)
        elif ctx.ways == 1:
            group = None
        else:
            group = q.group if q.group is not None else _final_group(step, pid)
        chain = semifinal_chain(ctx, tables, by_group[group], table)
        return chain, VIA_SEMIFINAL if table is not None else VIA_DIRECT, table, group
    if kind == "playoff" and ctx.rounds_of(PLAYOFF):
        rounds = ctx.rounds_of(PLAYOFF)
        tables = ctx.tables(PLAYOFF, rounds[-1], "Spareggio")
        table = next((t for t, rows in tables.items() if any(r.player == pid for r in rows)),
                     None)
        return (playoff_chain(ctx, tables, label(ctx)), VIA_PLAYOFF if table else VIA_RANK,
                table, None)
    if kind == "knockout":
        rounds = [r for r in ctx.rounds_of(SEMIFINAL) if r < step.round_no]
        phase, round_no = (SEMIFINAL, rounds[-1]) if rounds else (QUALIFYING, ctx.rules.rounds)
        tables = ctx.tables(phase, round_no, "Eliminatoria")
        table = next((t for t, rows in tables.items() if any(r.player == pid for r in rows)),
                     None)
        if table is not None:
            chain = _then(same_table(tables, table, "del tavolo"), standings_chain(ctx))
            return chain, VIA_KNOCKOUT, table, None
    return standings_chain(ctx), q.via, q.from_table, q.group


def _final_group(step: PhaseStep, pid: str) -> int:
    """A direct finalist's parallel tournament: the number of their final table."""
    numbers = step.table_numbers or tuple(range(1, len(step.tables) + 1))
    return next(n for n, table in zip(numbers, step.tables) if any(s.player == pid
                                                                    for s in table))


def _then(*chains: Iterator[Candidate]) -> Iterator[Candidate]:
    for chain in chains:
        yield from chain


def _swap(ctx: Context, step: PhaseStep, q: Qualifier, slot: Slot,
          taken: set[str]) -> tuple[PhaseStep, Qualifier]:
    """The withdrawn player's seat to the first available candidate of the slot."""
    chain, via, table, group = slot
    pid, why = pick(ctx, chain, taken | {q.player})
    new = Qualifier(pid, replacing(why, ctx, q.player), ctx.rank(pid), group, via, table,
                    q.player)
    tables = tuple(tuple(new if s.player == q.player else s for s in seats)
                   for seats in step.tables)
    note = f"{ctx.name(pid)} {new.reason}"
    return dataclasses.replace(step, tables=tables, notes=(*step.notes, note)), new


def _groups_of(step: PhaseStep) -> tuple[int | None, ...]:
    """Each table's parallel tournament (from the qualifiers when the step has none)."""
    if step.table_groups:
        return step.table_groups
    return tuple(next((s.group for s in t if s.group is not None), None) for t in step.tables)


def _semifinals_again(ctx: Context, step: PhaseStep, q: Qualifier
                      ) -> tuple[PhaseStep, Qualifier]:
    """A direct finalist withdrew before the semifinals: their tournament plays all its
    semifinals (001 §8), filled from the standings by the first players not qualified."""
    g = q.group
    groups = _groups_of(step)
    mine = [s.player for table, tg in zip(step.tables, groups) if tg == g for s in table]
    mine += [f.player for f in step.finalists if f.group == g and f.player != q.player]
    in_step = {*step.players(), *(f.player for f in step.finalists)}
    n_tables = final_places(ctx)
    need = n_tables * ctx.phases.table_size
    members = [r for r in ctx.eligible() if r.player in mine]
    newcomers = [r for r in ctx.eligible() if r.player not in in_step][: need - len(members)]
    rows = sorted(members + newcomers, key=lambda r: (r.position, r.player))
    tables, note = seat_bands(ctx, rows, n_tables, g)
    seated: Seated = [(0, tg, list(table)) for table, tg in zip(step.tables, groups) if tg != g]
    seated += [(0, g, t) for t in tables]
    numbered = number_tables(ctx, seated)
    entering = {r.player for r in newcomers}
    marked = [(n, tg, [dataclasses.replace(s, reason=replacing(s.reason, ctx, q.player),
                                           replaces=q.player) if s.player in entering else s
                       for s in seats]) for n, tg, seats in numbered]
    who = ", ".join(ctx.name(r.player) for r in newcomers)
    notes = (*step.notes,
             f"{ctx.name(q.player)}, finalista diretto, si è ritirato prima delle semifinali: "
             f"si giocano {n_tables} semifinali", note, f"Entrano: {who}")
    new_step = dataclasses.replace(
        step, tables=tuple(tuple(s) for _, _, s in marked),
        table_numbers=tuple(n for n, _, _ in marked),
        table_groups=tuple(tg for _, tg, _ in marked),
        finalists=tuple(f for f in step.finalists if f.group != g), notes=notes)
    if not newcomers:
        raise RisikoError("nessun giocatore disponibile per completare le semifinali")
    return new_step, new_step.qualifier(newcomers[0].player)  # type: ignore[return-value]


def _playoff_again(ctx: Context, step: PhaseStep, withdrawn: str
                   ) -> tuple[PhaseStep, Qualifier]:
    """The spareggio selected again without the withdrawn player; staying players keep
    their seats, the players coming in take the seats left free."""
    fresh = playoff_step(ctx)
    new_seats = {s.player: s for s in fresh.tables[0]}
    old = list(step.tables[0])
    incoming = [s for s in fresh.tables[0] if s.player not in {o.player for o in old}]
    seats = []
    for s in old:
        seats.append(new_seats[s.player] if s.player in new_seats else incoming.pop(0))
    before = {*step.players(), *(f.player for f in step.finalists)}
    entering = [s for s in (*seats, *fresh.finalists) if s.player not in before]
    if not entering:
        raise RisikoError("nessun giocatore disponibile per sostituire il ritirato",
                          valore=withdrawn)
    first = dataclasses.replace(entering[0], reason=replacing(entering[0].reason, ctx,
                                                              withdrawn), replaces=withdrawn)
    seats = [first if s.player == first.player else s for s in seats]
    finalists = tuple(first if f.player == first.player else f for f in fresh.finalists)
    moved = [f for f in finalists if f.player in {o.player for o in old}]
    notes = [*step.notes, f"{ctx.name(withdrawn)} si è ritirato: {ctx.name(first.player)} "
                          f"entra ({first.reason})"]
    notes += [f"{ctx.name(f.player)} passa in finale ({ordinal(f.rank)} in classifica "
              f"generale)" for f in moved]
    return dataclasses.replace(step, tables=(tuple(seats),), finalists=finalists,
                               notes=tuple(notes)), first


__all__ = ["replace_withdrawn"]
