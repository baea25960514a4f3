"""Spareggio / ripescaggio (seed 000 Art. 2: 4th-6th of the Generale and the best single
game among the rest; 003-a Art. 2: 4th and 5th, the best excluded of the Assoluta, the
best excluded single game) and the final of the first players and its winner."""

from __future__ import annotations

from risiko_xl.errors import RisikoError
from risiko_xl.standings.chains import of_label, pick, playoff_chain, replacing
from risiko_xl.standings.context import Context
from risiko_xl.standings.model import FINAL, PLAYOFF
from risiko_xl.standings.semis import Seated, build_step, direct_slots
from risiko_xl.standings.steps import (
    VIA_BEST_ASSOLUTA,
    VIA_BEST_GAME,
    VIA_PLAYOFF,
    VIA_RANK,
    PhaseStep,
    Qualifier,
)
from risiko_xl.standings.table import StandingRow
from risiko_xl.standings.text import ordinal, points


def label(ctx: Context) -> str:
    """'ripescaggio' when the Assoluta brings someone back (003-a), else 'spareggio'."""
    ph = ctx.phases
    return ph.playoff_label or ("ripescaggio" if "best_assoluta" in ph.playoff_extra
                                else "spareggio")


def _check_roles(ctx: Context, ranking: list[StandingRow], roles: dict[str, str]) -> None:
    """No unbroken tie may straddle a line between finalists, playoff and the rest."""
    last = max((i for i, r in enumerate(ranking) if r.player in roles), default=-1)
    for i in range(min(last + 1, len(ranking) - 1)):
        a, b = ranking[i], ranking[i + 1]
        if roles.get(a.player) != roles.get(b.player) and a.position == b.position:
            ctx.check_cut(ranking, i + 1, "alla finale o allo spareggio")


def playoff_step(ctx: Context) -> PhaseStep:
    """The spareggio table and the players waiting for it in the final."""
    ph = ctx.phases
    name = label(ctx)
    ranking = ctx.eligible()
    need = max((ph.final_direct, *ph.playoff_ranks))
    if len(ranking) < need + len(ph.playoff_extra):
        raise RisikoError(f"servono almeno {need + len(ph.playoff_extra)} giocatori "
                          f"disponibili per la finale e lo {name}", valore=len(ranking))
    finalists = [Qualifier(r.player, f"{ordinal(r.position)} in classifica generale",
                           r.position, None, VIA_RANK) for r in ranking[: ph.final_direct]]
    seats = [Qualifier(ranking[n - 1].player,
                       f"{ordinal(ranking[n - 1].position)} in classifica generale",
                       ranking[n - 1].position, None, VIA_RANK) for n in ph.playoff_ranks]
    roles = {q.player: "finale" for q in finalists} | {q.player: name for q in seats}
    _check_roles(ctx, ranking, roles)
    for extra in ph.playoff_extra:
        rest = [r for r in ranking if r.player not in roles]
        if not rest:
            raise RisikoError(f"nessun escluso disponibile per lo {name}", valore=extra)
        if extra == "best_assoluta":
            row = min(rest, key=lambda r: (r.assoluta_position, r.position, r.player))
            why = (f"{name}: miglior escluso della classifica assoluta "
                   f"({ordinal(row.assoluta_position)} in assoluta)")
            via = VIA_BEST_ASSOLUTA
        elif extra == "best_game":
            row = min(rest, key=lambda r: (-r.best, r.position, r.player))
            why = (f"{name}: miglior punteggio su singola partita tra gli esclusi "
                   f"({points(row.best)})")
            via = VIA_BEST_GAME
        else:
            raise RisikoError(f"criterio di {name} sconosciuto", valore=extra)
        seats.append(Qualifier(row.player, why, row.position, None, via))
        roles[row.player] = name
    notes = [f"{name.capitalize()}: " + ", ".join(f"{ctx.name(q.player)} ({q.reason})"
                                                   for q in seats),
             f"In finale: i primi {ph.final_direct} e il vincitore {of_label(name)}"]
    return build_step(ctx, PLAYOFF, [(1, None, seats)], finalists, notes)


def final_after_playoff(ctx: Context) -> PhaseStep:
    """The final: the first `final_direct` and the playoff winner(s), withdrawn ones
    replaced by the playoff's placement order, then the Generale (003 Art. 3)."""
    name = label(ctx)
    rounds = ctx.rounds_of(PLAYOFF)
    tables = ctx.tables(PLAYOFF, rounds[-1], name.capitalize())
    participants = {r.player for rows in tables.values() for r in rows}
    direct = direct_slots(ctx, participants, {None: ctx.phases.final_direct}, "above")[None]
    slots: list[tuple[Qualifier | None, str | None]] = []
    for pid in direct:
        row = ctx.standings.row(pid) if pid else None
        rank = ordinal(row.position) if row else "?"
        slots.append((Qualifier(pid, f"{rank} in classifica generale", ctx.rank(pid), None,
                                VIA_RANK) if pid else None, pid))
    for number, rows in tables.items():
        winner = rows[0].player
        where = f" (tavolo {number})" if len(tables) > 1 else ""
        slots.append((Qualifier(winner, f"vincitore {of_label(name)}{where}", ctx.rank(winner),
                                None, VIA_PLAYOFF, number), winner))
    taken = {q.player for q, _ in slots if q is not None and ctx.available(q.player)}
    seats: list[Qualifier] = []
    notes: list[str] = []
    for q, nominal in slots:
        if q is None or not ctx.available(q.player):
            pid, why = pick(ctx, playoff_chain(ctx, tables, name), taken)
            taken.add(pid)
            q = Qualifier(pid, replacing(why, ctx, nominal), ctx.rank(pid), None,
                          q.via if q else VIA_RANK, q.from_table if q else None, nominal)
            notes.append(f"{ctx.name(pid)} {q.reason}")
        seats.append(q)
    seated: Seated = [(1, None, sorted(seats, key=lambda q: (ctx.rank_key(q.player),
                                                                q.player)))]
    return build_step(ctx, FINAL, seated, [], notes)
