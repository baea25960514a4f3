"""Spareggio / ripescaggio (seed 000 Art. 2: 4th-6th of the Generale and the best single
game among the rest; 003-a Art. 2: 4th and 5th, the best excluded of the Assoluta, the
best excluded single game) and the final of the first players and its winner."""

from __future__ import annotations

from risiko_xl.errors import RisikoError
from risiko_xl.standings.config import PhaseRules
from risiko_xl.standings.context import Context
from risiko_xl.standings.lottery import Lotteries
from risiko_xl.standings.model import FINAL, PLAYOFF
from risiko_xl.standings.nominal import nominal_rows
from risiko_xl.standings.semis import Seated, build_step, direct_slots
from risiko_xl.standings.steps import (
    VIA_BEST_ASSOLUTA,
    VIA_BEST_GAME,
    VIA_PLAYOFF,
    VIA_RANK,
    PhaseStep,
    Qualifier,
)
from risiko_xl.standings.successors import of_label, pick, playoff_successors, replacing
from risiko_xl.standings.table import StandingRow
from risiko_xl.standings.text import ordinal, points


def label(ctx: Context) -> str:
    """'ripescaggio' when the Assoluta brings someone back (003-a), else 'spareggio'."""
    return label_of(ctx.phases)


def label_of(ph: PhaseRules) -> str:
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
    notes: list[str] = []
    if ph.playoff_replacement == "playoff":
        # 003-a Art. 3: a finalist who withdraws is replaced from the ripescaggio «secondo
        # l'ordine di piazzamento in tale partita»: the ripescaggio is drawn as if they
        # were there, the seats from the Generale go to the next available players.
        top = nominal_rows(ctx)[: ph.final_direct]
        gone = [r for r in top if not ctx.available(r.player)]
        for r in gone:
            notes.append(f"ritiro di {ctx.name(r.player)} ({ordinal(r.position)}, "
                         f"finalista): il {name} si gioca come sorteggiato e il suo posto in "
                         f"finale va al miglior piazzato {of_label(name)}")
        finalists = [Qualifier(r.player, f"{ordinal(r.position)} in classifica generale",
                               r.position, None, VIA_RANK) for r in top if r not in gone]
        lines = nominal_rows(ctx)
        ranking = [r for r in lines if ctx.available(r.player) and r not in top]
        offset = ph.final_direct
    else:
        finalists = [Qualifier(r.player, f"{ordinal(r.position)} in classifica generale",
                               r.position, None, VIA_RANK) for r in ranking[: ph.final_direct]]
        lines, offset = ranking, 0
    seats = [Qualifier(ranking[n - 1 - offset].player,
                       f"{ordinal(ranking[n - 1 - offset].position)} in classifica generale",
                       ranking[n - 1 - offset].position, None, VIA_RANK)
             for n in ph.playoff_ranks]
    roles = {q.player: "finale" for q in finalists} | {q.player: name for q in seats}
    _check_roles(ctx, lines, roles)
    lotteries: list[str] = []
    for extra in ph.playoff_extra:
        rest = [r for r in ranking if r.player not in roles]
        if not rest:
            raise RisikoError(f"nessun escluso disponibile per lo {name}", valore=extra)
        if extra == "best_assoluta":
            row = min(rest, key=lambda r: (r.assoluta_position, r.position, r.player))
            why = ("miglior escluso della classifica assoluta "
                   f"({ordinal(row.assoluta_position)} in assoluta)")
            via = VIA_BEST_ASSOLUTA
        elif extra == "best_game":
            row, lottery = _best_game(ctx, rest, name)
            why = ("miglior punteggio su singola partita tra gli esclusi "
                   f"({points(row.best)}{', per sorteggio' if lottery else ''})")
            via = VIA_BEST_GAME
            if lottery:
                lotteries.append(lottery)
        else:
            raise RisikoError(f"criterio di {name} sconosciuto", valore=extra)
        seats.append(Qualifier(row.player, why, row.position, None, via))
        roles[row.player] = name
    notes = [f"{name.capitalize()}: " + ", ".join(f"{ctx.name(q.player)} ({q.reason})"
                                                   for q in seats),
             f"In finale: i primi {ph.final_direct} e il vincitore {of_label(name)}", *notes,
             *lotteries]
    return build_step(ctx, PLAYOFF, [(1, None, seats)], finalists, notes)


def _best_game(ctx: Context, rest: list[StandingRow], name: str) -> tuple[StandingRow, str]:
    """The excluded player with the best single game (000 Art. 2: «il giocatore che, fra
    quelli rimasti, otterrà il miglior punteggio su singola partita») and, when several
    share it, the announcement of the lottery that chose one. The seed breaks no such
    tie; its standings chain ends with «Sorteggio» (000 Art. 2), so a formula whose chain
    has the lottery draws one among them (seeded, drawn once: the same players keep the
    order recorded in `Sorteggi`, whose note is the announcement); without it the tie is
    an error naming them. Never the standings order in silence."""
    best = max(r.best for r in rest)
    tied = sorted((r for r in rest if r.best == best), key=lambda r: (r.position, r.player))
    if len(tied) == 1:
        return tied[0], ""
    names = ", ".join(ctx.name(r.player) for r in tied)
    if "lottery" not in ctx.rules.chain:
        raise RisikoError(f"parità sul miglior punteggio su singola partita ({points(best)}) "
                          f"fra {names}: non si può stabilire chi accede allo {name} (la "
                          "catena di spareggio non prevede il sorteggio)")
    draw = Lotteries(ctx.seed_value, ctx.standings.history).draw(
        [r.player for r in tied], tied[0].position, "Miglior punteggio su singola partita")
    winner = next(r for r in tied if r.player == draw.order[0])
    return winner, (f"Sorteggio per parità sul miglior punteggio su singola partita "
                    f"({points(best)}) fra {names}: decide chi accede allo {name}: sorteggio "
                    f"fra {', '.join(draw.players)} (seme {draw.seed}) → "
                    f"{', '.join(draw.order)}; allo {name} {ctx.name(winner.player)}")


def final_after_playoff(ctx: Context) -> PhaseStep:
    """The final: the first `final_direct` and the playoff winner(s), withdrawn ones
    replaced by the playoff's placement order, then the Generale (003 Art. 3)."""
    name = label(ctx)
    rounds = ctx.rounds_of(PLAYOFF)
    tables = ctx.tables(PLAYOFF, rounds[-1], name.capitalize())
    participants = {r.player for rows in tables.values() for r in rows}
    direct = direct_slots(ctx, participants, {None: ctx.phases.final_direct}, "above")[None]
    slots: list[tuple[Qualifier | None, str | None]] = []
    if ctx.phases.playoff_replacement == "standings":
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
    first `final_direct` of the classification without the withdrawn players (who may
    have played the spareggio). Those who move up are marked as replacing a withdrawn
    finalist of the nominal list, in order.

    Decision (000 is silent): if the spareggio winner is among them, the spareggio's
    place goes down its placement order (then the classification), as for a winner who
    cannot play."""
    first = ctx.eligible()[: ctx.phases.final_direct]
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
