"""Semifinals by bands and the final of their winners (seeds 001 §1, §8; 003-b Art. 2,
3, 4; 004), with direct finalists and parallel tournaments for big fields."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from risiko_xl.draw.procedures import bands, semifinal_bands, split_parallel
from risiko_xl.errors import RisikoError, count, listed
from risiko_xl.standings.context import Context, Tables
from risiko_xl.standings.field import (
    split_note,
    unbeaten_direct,
    unbeaten_reason,
)
from risiko_xl.standings.model import FINAL, SEMIFINAL
from risiko_xl.standings.nominal import nominal_rows
from risiko_xl.standings.recalls import pick_recalls
from risiko_xl.standings.steps import VIA_DIRECT, VIA_RANK, VIA_SEMIFINAL, PhaseStep, Qualifier
from risiko_xl.standings.successors import pick, replacing, semifinal_successors
from risiko_xl.standings.table import StandingRow
from risiko_xl.standings.text import ordinal

Seated = list[tuple[int, int | None, list[Qualifier]]]  # (table number, group, seats)


def final_places(ctx: Context) -> int:
    """Places in each final: semifinal winners plus direct finalists."""
    return ctx.phases.final_size


def most_direct(ctx: Context) -> int:
    return ctx.phases.direct.most


def _lottery_players(ctx: Context, a: StandingRow, b: StandingRow) -> tuple[str, ...]:
    """The players of the lottery that separated `a` and `b` (none: none did)."""
    return next((d.players for d in ctx.standings.lottery
                 if a.player in d.players and b.player in d.players), ())


def direct_finalists(ctx: Context, group: Sequence[StandingRow]) -> tuple[int, str]:
    """How many of the group's first players go straight to the final, and why (Italian).

    sole_leader (001 §1, 003-b Art. 2): the first, who won every preliminary game and
    leads alone: ahead by points or by a tie-break criterion, never by a lottery (001
    "da solo in testa"; 003-b "sorteggio … non valevole per … il passaggio diretto").
    first (004): the first k; an unbroken tie across the line after the k-th, or a
    lottery there while `lottery_decides_direct_final` is False, is refused for the
    referee to settle (`StandingsRules.rulings`). `group` holds the players who may take
    a final place by rank (`Context.for_final`)."""
    ph, rules = ctx.phases, ctx.rules
    direct = ph.direct
    if direct.rule == "unbeaten":
        return unbeaten_direct(group, rules.rounds, direct.most,
                               ctx.field_size, ph)
    most = direct.count_for(ctx.field_size)
    if not group or direct.rule not in ("sole_leader", "first") or not most:
        return 0, ""
    if direct.rule == "first":
        what = "direttamente alla finale"
        ctx.check_cut(group, most, what)
        if most < len(group) and not rules.lottery_decides_direct_final \
                and _lottery_players(ctx, group[most - 1], group[most]):
            ctx.refuse_tie([r for r in group if r.player in _lottery_players(
                ctx, group[most - 1], group[most])], what, "il sorteggio che li separa non "
                "vale per l'accesso diretto alla finale")
        return most, ""
    head = group[0]
    who = f"{ctx.name(head.player)} ({ordinal(head.position)})"
    if head.wins < rules.rounds:
        return 0, f"nessun finalista diretto: {who} non ha vinto tutte le partite"
    if head.shared or (len(group) > 1 and group[1].position == head.position):
        return 0, f"nessun finalista diretto: {who} non è da solo in testa"
    if head.by_lottery:
        return 0, (f"nessun finalista diretto: il primo posto di {who} è deciso dal sorteggio, "
                   f"che non vale per l'accesso diretto alla finale")
    return 1, ""


def direct_reason(ctx: Context, row: StandingRow | None) -> str:
    if ctx.phases.direct.rule == "sole_leader" and row is not None:
        # 001 §1 «un solo giocatore sia da solo in testa alla classifica, ed abbia
        # comunque vinto entrambe le partite»: others may have won them all too
        return (f"finalista diretto: primo da solo in classifica, {row.wins} partite "
                f"vinte su {ctx.rules.rounds}")
    if ctx.phases.direct.rule == "unbeaten" and row is not None:
        return unbeaten_reason(row, ctx.rules.rounds)
    rank = ordinal(row.position) if row is not None else "?"
    how = " (parità decisa dall'arbitro)" if row is not None and row.by_referee else ""
    return f"finalista diretto: {rank} in classifica{how}"


def ranked_seats(ctx: Context, direct: Sequence[StandingRow], rest: Sequence[StandingRow],
                 seats: int, n_tables: int, group: int | None, what: str) -> list[StandingRow]:
    """The players the phase before the final seats by rank: the stage's own `ranks`
    (places counted over the direct finalists and `rest`, «al netto» of whoever is
    unavailable, 001 §8), else the first `seats` of `rest`. An unbroken tie across a
    line is refused (Context.check_cut)."""
    stage = ctx.phases.stage
    assert stage is not None
    label = ctx.group_label(group)
    need = n_tables * stage.table_size
    if stage.ranks:
        listing = [*direct, *rest]
        if len(listing) < max(stage.ranks):
            raise RisikoError(f"servono {max(stage.ranks)} giocatori disponibili {what}"
                              f"{' nel ' + label if label else ''}", valore=len(listing)
                              ).of_rule("phases", "stage", "ranks")
        for n in stage.ranks:
            if n + 1 not in stage.ranks:
                ctx.check_cut(listing, n, what)
        return [listing[n - 1] for n in stage.ranks]
    if len(rest) < seats:
        raise RisikoError(f"servono {need} giocatori disponibili per {n_tables} semifinali"
                          f"{' nel ' + label if label else ''}", valore=len(rest)
                          ).of_rule("phases", "stage", "table_size")
    ctx.check_cut(rest, seats, what)
    return list(rest[:seats])


def seat_bands(ctx: Context, ranked: Sequence[StandingRow], recalled: Sequence[Qualifier],
               n_tables: int, group: int | None) -> tuple[list[list[Qualifier]], str]:
    """`n_tables` semifinals by bands (one player per band at each table, clubs apart
    within bands) of the `ranked` players and, in the last band, the `recalled` ones;
    and a note describing the bands."""
    stage = ctx.phases.stage
    assert stage is not None
    label = ctx.group_label(group)
    rows = {r.player: r for r in ctx.standings.rows}
    chosen = [r.player for r in ranked] + [q.player for q in recalled]
    seed = ctx.seed_value if group is None else ctx.derived_seed(f"gruppo {group}")
    clubs = [rows[pid].club for pid in chosen] if stage.club_separation else None
    seating = semifinal_bands(chosen, seed, tables=n_tables, per_table=stage.table_size,
                              clubs=clubs)
    cut = bands(chosen, n_tables)
    band = {pid: b for b, members in enumerate(cut, start=1) for pid in members}
    by_recall = {q.player: q for q in recalled}
    tables = [[dataclasses.replace(by_recall[pid], group=group, reason=(
                   f"ripescato: {by_recall[pid].reason} (fascia {band[pid]})"))
               if pid in by_recall else
               Qualifier(pid, f"{ordinal(rows[pid].position)} in classifica (fascia "
                              f"{band[pid]})", rows[pid].position, group, VIA_RANK)
               for pid in table] for table in seating]
    spans = []
    for in_band in cut:
        members = [rows[pid] for pid in in_band if pid not in by_recall]
        extra = len(in_band) - len(members)
        span = (f"{ordinal(members[0].position)}-{ordinal(members[-1].position)}"
                if len(members) > 1 else ordinal(members[0].position) if members else "")
        if extra:
            span = " + ".join(x for x in (span, f"{extra} ripescat{'o' if extra == 1 else 'i'}")
                              if x)
        spans.append(span)
    head = f"Semifinali ({label})" if label else "Semifinali"
    return tables, f"{head}: {n_tables} tavoli per fasce {', '.join(spans)}"


def number_tables(ctx: Context, seated: Seated) -> list[tuple[int, int | None, list[Qualifier]]]:
    """Tables in number order: group g's i-th table is (i-1)·k + g (1..n when single)."""
    k = ctx.ways
    out = []
    count: dict[int | None, int] = {}
    for _, group, seats in seated:
        i = count.get(group, 0)
        count[group] = i + 1
        out.append((i * k + (group or 1), group, seats))
    return sorted(out, key=lambda t: t[0])


def build_step(ctx: Context, phase: str, seated: Seated, finalists: list[Qualifier],
               notes: list[str]) -> PhaseStep:
    groups = {g for _, g, _ in seated}
    return PhaseStep(
        phase=phase, round_no=ctx.last_round() + 1,
        tables=tuple(tuple(seats) for _, _, seats in seated),
        group=next(iter(groups)) if len(groups) == 1 else None,
        notes=tuple(n for n in notes if n),
        table_numbers=tuple(n for n, _, _ in seated),
        table_groups=tuple(g for _, g, _ in seated),
        finalists=tuple(finalists), seed=ctx.seed)


def semifinal_step(ctx: Context) -> PhaseStep:
    """The semifinals after the preliminaries: the direct finalists, the seats by rank
    (from the players with the stage's games played), the ripescati in the last band."""
    ph = ctx.phases
    stage = ph.stage
    assert stage is not None
    ranking = ctx.eligible()
    k = ctx.ways
    notes: list[str] = []
    if k > 1:
        notes.append(split_note(ph, ctx.split_field, k))
    seated: Seated = []
    finalists: list[Qualifier] = []
    last_ranked = 0
    for g, group_rows in enumerate(split_parallel(ranking, k), start=1):
        group = g if k > 1 else None
        gone = _withdrawn_leader(ctx, g)
        may_final = [r for r in group_rows if r.played >= ph.final_min_games]
        d, why = (0, gone) if gone else direct_finalists(ctx, may_final)
        notes.append(why)
        direct = may_final[:d]
        for row in direct:
            finalists.append(Qualifier(row.player, direct_reason(ctx, row), row.position,
                                       group, VIA_DIRECT))
        n_tables = final_places(ctx) - d
        rest = [r for r in group_rows if r not in direct and r.played >= stage.min_games]
        seats = n_tables * stage.table_size - len(stage.recalls)
        ranked = ranked_seats(ctx, direct, rest, seats, n_tables, group, "alle semifinali")
        last_ranked = max([last_ranked, *(r.position for r in ranked)])
        taken = {r.player for r in (*direct, *ranked)}
        recalled = pick_recalls(ctx, group_rows, taken, "alle semifinali")
        tables, note = seat_bands(ctx, ranked, recalled, n_tables, group)
        notes.append(note)
        seated.extend((0, group, t) for t in tables)
    notes += skipped_notes(ctx, last_ranked)
    return build_step(ctx, SEMIFINAL, number_tables(ctx, seated), finalists, notes)


def skipped_notes(ctx: Context, last: int, unavailable: bool = True) -> list[str]:
    """The players above the last seat by rank who were passed over: unavailable
    (withdrawn, absent; with `unavailable`) or short of the games the phase asks."""
    stage = ctx.phases.stage
    least = stage.min_games if stage is not None else 0
    notes = []
    skipped = [r for r in ctx.standings.rows
               if r.position <= last and not ctx.available(r.player)]
    if skipped and unavailable:
        notes.append("Non disponibili per le fasi finali: " + ", ".join(
            f"{ctx.name(r.player)} ({ordinal(r.position)})" for r in skipped))
    short = [r for r in ctx.standings.rows if r.position <= last and r.played < least
             and ctx.available(r.player)]
    if short:
        notes.append(f"Meno di {least} partite giocate, esclusi dai posti per classifica: "
                     + ", ".join(f"{ctx.name(r.player)} ({ordinal(r.position)}, "
                                 f"{r.played} partit{'a' if r.played == 1 else 'e'})"
                                 for r in short))
    return notes


def _withdrawn_leader(ctx: Context, g: int) -> str:
    """001 §8 «Nella prima ipotesi si giocheranno quattro semifinali»: when the player
    the classification made direct finalist (sole_leader) withdrew before the
    semifinals, the place is not passed on, whoever else won every game: the group
    plays all its semifinals. The note saying so, or "" when that is not the case.
    The same for the unbeaten direct finalists of a raduno (GestioneTorneo: four
    semifinals of the first sixteen present when one of them withdraws).

    Decision (parallel tournaments): the group's nominal head is the g-th player of the
    classification that keeps withdrawn qualifiers (nominal.py); the bands themselves are
    cut from the classification without them (001 §8 «al netto … ritirati»)."""
    if ctx.phases.direct.rule not in ("sole_leader", "unbeaten"):
        return ""
    rows = split_parallel(nominal_rows(ctx), ctx.ways)[g - 1]
    d, _ = direct_finalists(ctx, rows) if rows else (0, "")
    gone = next((r for r in rows[:d] if not ctx.available(r.player)), None)
    if gone is None:
        return ""
    return (f"ritiro di {ctx.name(gone.player)}, finalista diretto, prima delle "
            f"semifinali: si giocano {final_places(ctx)} semifinali")


def semifinal_tables(ctx: Context) -> tuple[int, Tables]:
    """The last semifinal round and its tables (checked complete)."""
    rounds = ctx.rounds_of(SEMIFINAL)
    return rounds[-1], ctx.tables(SEMIFINAL, rounds[-1], "Semifinale")


def group_tables(ctx: Context, tables: Tables) -> dict[int | None, list[int]]:
    """Semifinal table numbers by parallel tournament, each a plausible count."""
    out: dict[int | None, list[int]] = {}
    groups = [None] if ctx.ways == 1 else list(range(1, ctx.ways + 1))
    for g in groups:
        out[g] = [t for t in tables if ctx.group_of_table(t) == g]
        d = final_places(ctx) - len(out[g])
        if not 0 <= d <= most_direct(ctx):
            label = ctx.group_label(g)
            low, high = final_places(ctx) - most_direct(ctx), final_places(ctx)
            need = str(high) if low == high else f"da {low} a {high}"
            found = "trovato" if len(out[g]) == 1 else "trovati"
            raise RisikoError(f"semifinali{' del ' + label if label else ''}: {found} "
                              f"{count(len(out[g]), 'tavolo', 'tavoli')}, ne servono {need}",
                              valore=listed(out[g]) or "nessuno")
    return out


def direct_slots(ctx: Context, participants: set[str], counts: dict[int | None, int],
                 within: str = "span") -> dict[int | None, list[str | None]]:
    """Who the direct finalists were: the players who did not play the previous phase
    ranked within its span (`within` "span": above its worst-ranked participant, as
    semifinals cover a block of the standings; "above": above its best-ranked one, as a
    spareggio follows the finalists), in the standings that keep withdrawn players;
    available ones first, dealt in rank order to the groups in order. None: nobody
    left to name (the place goes to a replacement)."""
    full = ctx.full.rows
    ranks = [i for i, r in enumerate(full) if r.player in participants]
    if within == "span" and ctx.phases.stage is not None:
        # the ripescati sit below the seats by rank: the span ends at the last of those
        ranks = ranks[: max(len(ranks) - len(ctx.phases.stage.recalls), 1)]
    edge = (max(ranks) if within == "span" else min(ranks)) if ranks else len(full)
    least = ctx.phases.final_min_games
    zone = [r.player for r in full[:edge] if r.player not in participants
            and r.played >= least]
    need = sum(counts.values())
    chosen = [p for p in zone if ctx.available(p)][:need]
    chosen += [p for p in zone if p not in chosen][: need - len(chosen)]
    order = {r.player: i for i, r in enumerate(full)}
    it = iter(sorted(chosen, key=order.__getitem__))
    return {g: [next(it, None) for _ in range(n)] for g, n in counts.items()}


def final_after_semifinals(ctx: Context) -> PhaseStep:
    """The final(s): direct finalists and semifinal winners, withdrawn ones replaced."""
    _, tables = semifinal_tables(ctx)
    by_group = group_tables(ctx, tables)
    participants = {r.player for rows in tables.values() for r in rows}
    direct = direct_slots(ctx, participants,
                          {g: final_places(ctx) - len(ts) for g, ts in by_group.items()})
    for pid in (p for slots in direct.values() for p in slots):
        row = ctx.full.row(pid) if pid else None
        if ctx.phases.direct.rule == "sole_leader" and row is not None and (
                row.wins < ctx.rules.rounds or row.by_lottery or row.shared):
            raise RisikoError(f"semifinali: mancano i risultati di un tavolo "
                              f"({ctx.name(row.player)} non era finalista diretto e non ha "
                              f"risultati di semifinale)")
    slots: list[tuple[int | None, Qualifier | None, str | None, int | None]] = []
    for g, numbers in by_group.items():
        for pid in direct[g]:
            row = ctx.standings.row(pid) if pid else None
            q = Qualifier(pid, direct_reason(ctx, row or ctx.full.row(pid)), ctx.rank(pid), g,
                          VIA_DIRECT) if pid else None
            slots.append((g, q, pid, None))
        for t in numbers:
            winner = tables[t][0].player
            slots.append((g, Qualifier(winner, f"vincitore semifinale {t}", ctx.rank(winner), g,
                                       VIA_SEMIFINAL, t), winner, t))
    taken = {q.player for _, q, _, _ in slots if q is not None and ctx.available(q.player)}
    seats: dict[int | None, list[Qualifier]] = {g: [] for g in by_group}
    notes: list[str] = []
    for g, q, nominal, table in slots:
        if q is None or not ctx.available(q.player):
            successors = semifinal_successors(ctx, tables, by_group[g], table)
            pid, why = pick(ctx, successors, taken)
            taken.add(pid)
            via = VIA_SEMIFINAL if table is not None else VIA_DIRECT
            q = Qualifier(pid, replacing(why, ctx, nominal), ctx.rank(pid), g, via, table,
                          nominal)
            notes.append(f"{ctx.name(pid)} {q.reason}")
        seats[g].append(q)
    seated: Seated = [(g or 1, g, sorted(s, key=lambda q: (ctx.rank_key(q.player), q.player)))
                      for g, s in seats.items()]
    for g in by_group:
        if g is not None:
            notes.insert(0, f"Finale del {ctx.group_label(g)}: tavolo {g}")
    return build_step(ctx, FINAL, seated, [], notes)
