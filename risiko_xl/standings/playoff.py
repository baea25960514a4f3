"""Spareggio / ripescaggio (seed 000 Art. 2: 4th-6th of the Generale and the best single
game among the rest; 003-a Art. 2: 4th and 5th, the best excluded of the Assoluta, the
best excluded single game) and the final of the first players and its winner."""

from __future__ import annotations

from risiko_xl.errors import RisikoError
from risiko_xl.standings.config import PhaseRules
from risiko_xl.standings.context import Context
from risiko_xl.standings.model import FINAL, PLAYOFF
from risiko_xl.standings.nominal import nominal_rows
from risiko_xl.standings.recalls import pick_recalls
from risiko_xl.standings.semis import Seated, build_step, direct_slots, skipped_notes
from risiko_xl.standings.steps import (
    VIA_PLAYOFF,
    VIA_RANK,
    PhaseStep,
    Qualifier,
)
from risiko_xl.standings.successors import (
    of_label,
    pick,
    playoff_successors,
    replacing,
    to_label,
)
from risiko_xl.standings.table import StandingRow
from risiko_xl.standings.text import ordinal


def label(ctx: Context) -> str:
    """'ripescaggio' when the Assoluta brings someone back (003-a), else 'spareggio'."""
    return label_of(ctx.phases)


def label_of(ph: PhaseRules) -> str:
    stage = ph.stage
    if stage is None:
        return "spareggio"
    return stage.label or ("ripescaggio" if "best_assoluta" in stage.recalls else "spareggio")


def _check_roles(ctx: Context, ranking: list[StandingRow], roles: dict[str, str]) -> None:
    """No unbroken tie may straddle a line between finalists, playoff and the rest."""
    last = max((i for i, r in enumerate(ranking) if r.player in roles), default=-1)
    for i in range(min(last + 1, len(ranking) - 1)):
        a, b = ranking[i], ranking[i + 1]
        if roles.get(a.player) != roles.get(b.player) and a.position == b.position:
            ctx.check_cut(ranking, i + 1, "alla finale o allo spareggio")


def playoff_step(ctx: Context) -> PhaseStep:
    """The spareggio table and the players waiting for it in the final: the first
    `direct.count` (who played the final's games), the stage's places by rank (who played
    its games) and its ripescati (recalls.py)."""
    ph = ctx.phases
    stage = ph.stage
    assert stage is not None
    k = ph.direct.count
    places = ph.ranks(k)
    name = label(ctx)
    ranking = ctx.eligible()
    need = max((k, *places))
    if len(ranking) < need + len(stage.recalls):
        raise RisikoError(f"servono almeno {need + len(stage.recalls)} giocatori "
                          f"disponibili per la finale e {to_label(name)}", valore=len(ranking)
                          ).of_rule("phases", "stage", "ranks")
    notes: list[str] = []
    if stage.replacement == "playoff":
        # 003-a Art. 3: a finalist who withdraws is replaced from the ripescaggio «secondo
        # l'ordine di piazzamento in tale partita»: the ripescaggio is drawn as if they
        # were there, the seats from the Generale go to the next available players.
        top = [r for r in nominal_rows(ctx) if r.played >= ph.final_min_games][:k]
        gone = [r for r in top if not ctx.available(r.player)]
        for r in gone:
            notes.append(f"ritiro di {ctx.name(r.player)} ({ordinal(r.position)}, "
                         f"finalista): il {name} si gioca come sorteggiato e il suo posto in "
                         f"finale va al primo {of_label(name)} fra chi non è già in "
                         "finale, nell'ordine di piazzamento")
        finalists = [Qualifier(r.player, f"{ordinal(r.position)} in classifica generale",
                               r.position, None, VIA_RANK) for r in top if r not in gone]
        lines = nominal_rows(ctx)
        ranking = [r for r in lines if ctx.available(r.player) and r not in top]
        listing = [*top, *(r for r in ranking if r.played >= stage.min_games)]
    else:
        top = ctx.for_final()[:k]
        finalists = [Qualifier(r.player, f"{ordinal(r.position)} in classifica generale",
                               r.position, None, VIA_RANK) for r in top]
        lines = ranking
        listing = [*top, *(r for r in ranking if r not in top and r.played >= stage.min_games)]
    if len(listing) < need:
        raise RisikoError(f"servono almeno {need} giocatori disponibili per la finale e "
                          f"{to_label(name)}", valore=len(listing)
                          ).of_rule("phases", "stage", "min_games")
    seats = [Qualifier(listing[n - 1].player,
                       f"{ordinal(listing[n - 1].position)} in classifica generale",
                       listing[n - 1].position, None, VIA_RANK) for n in places]
    roles = {q.player: "finale" for q in finalists} | {q.player: name for q in seats}
    _check_roles(ctx, lines, roles)
    taken = set(roles) | {r.player for r in top}
    seats += pick_recalls(ctx, ranking, taken, to_label(name))
    notes = [f"{name.capitalize()}: " + ", ".join(f"{ctx.name(q.player)} ({q.reason})"
                                                   for q in seats),
             f"In finale: i primi {k} e il vincitore {of_label(name)}", *notes,
             *skipped_notes(ctx, max(q.rank for q in seats if q.via == VIA_RANK),
                            unavailable=False)]
    return build_step(ctx, PLAYOFF, [(1, None, seats)], finalists, notes)


def final_after_playoff(ctx: Context) -> PhaseStep:
    """The final: the first `direct.count` and the playoff winner(s), withdrawn ones
    replaced by the playoff's placement order, then the Generale (003 Art. 3)."""
    name = label(ctx)
    rounds = ctx.rounds_of(PLAYOFF)
    tables = ctx.tables(PLAYOFF, rounds[-1], name.capitalize())
    participants = {r.player for rows in tables.values() for r in rows}
    direct = direct_slots(ctx, participants, {None: ctx.phases.direct.count}, "above")[None]
    slots: list[tuple[Qualifier | None, str | None]] = []
    stage = ctx.phases.stage
    if stage is not None and stage.replacement == "standings":
        slots = _recompiled(ctx, direct)
    for pid in direct if not slots else ():
        row = ctx.standings.row(pid) if pid else None
        rank = ordinal(row.position) if row else "?"
        slots.append((Qualifier(pid, f"{rank} in classifica generale", ctx.rank(pid), None,
                                VIA_RANK) if pid else None, pid))
    for number, rows in tables.items():
        winner = rows[0].player
        where = f" (tavolo {number})" if len(tables) > 1 else ""
        slots.append((Qualifier(winner, f"vincitore {of_label(name)}{where}", ctx.rank(winner),
                                None, VIA_PLAYOFF, number), winner))
    taken: set[str] = set()
    for q, _ in slots:
        if q is not None and ctx.available(q.player) and q.player not in taken:
            taken.add(q.player)
    seats: list[Qualifier] = []
    notes: list[str] = []
    placed: set[str] = set()
    for q, nominal in slots:
        if q is not None and q.player in placed:  # 000: the winner already among the first
            pid, why = pick(ctx, playoff_successors(ctx, tables, name), taken)
            taken.add(pid)
            q = Qualifier(pid, f"{why} ({ctx.name(q.player)}, vincitore {of_label(name)}, "
                               f"è già in finale)", ctx.rank(pid), None, q.via, q.from_table)
            notes.append(f"{ctx.name(pid)}: {q.reason}")
        elif q is None or not ctx.available(q.player):
            pid, why = pick(ctx, playoff_successors(ctx, tables, name), taken)
            taken.add(pid)
            q = Qualifier(pid, replacing(why, ctx, nominal), ctx.rank(pid), None,
                          q.via if q else VIA_RANK, q.from_table if q else None, nominal)
            notes.append(f"{ctx.name(pid)} {q.reason}")
        seats.append(q)
        placed.add(q.player)
    seated: Seated = [(1, None, sorted(seats, key=lambda q: (ctx.rank_key(q.player),
                                                                q.player)))]
    return build_step(ctx, FINAL, seated, [], notes)


def _recompiled(ctx: Context, nominal: list[str | None]
                ) -> list[tuple[Qualifier | None, str | None]]:
    """000 Art. 4: «Se il ritiro avverrà prima delle semifinali o prima dell'inizio della
    finale, verrà immediatamente ricompilata la classifica»: the direct places go to the
    first `direct.count` of the classification without the withdrawn players (who may
    have played the spareggio). Those who move up are marked as replacing a withdrawn
    finalist of the nominal list, in order.

    Decision (000 is silent): if the spareggio winner is among them, the spareggio's
    place goes down its placement order (then the classification), as for a winner who
    cannot play."""
    first = ctx.for_final()[: ctx.phases.direct.count]
    gone = iter(p for p in nominal if p is not None and not ctx.available(p))
    out: list[tuple[Qualifier | None, str | None]] = []
    for row in first:
        why = f"{ordinal(row.position)} in classifica generale"
        replaces = None
        if row.player not in nominal:
            replaces = next(gone, None)
            why = (replacing(f"{why} (classifica ricompilata)", ctx, replaces)
                   if replaces else why)
        out.append((Qualifier(row.player, why, row.position, None, VIA_RANK, None, replaces),
                    row.player))
    return out
