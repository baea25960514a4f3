"""`final_ranking`: the tournament's final order (seed 001 §7).

1st-4th (1st-8th with two parallel finals) from the final table(s); then everyone else
by the sum of the tournament points of the games they played (preliminaries plus a lost
semifinal or spareggio), ties by the standings chain. A won semifinal is not counted
(001 §7 «prime due più l'eventuale semifinale non vinta»): its winner is a finalist, or
withdrew before the final and is ranked by the rest. "final_only" (knockout): after the
final, the furthest round reached, the place in that game, its points.

Each row keeps its quantities apart: the place and points in the final (finalists
only) and the tournament total (the main score plus every later game, final included).
Decision (the seeds are silent): a player who withdrew after playing a final phase
(semifinal, spareggio, final) stays ranked by what they played and is marked
`withdrawn`; one who withdrew before playing any is left out as the standings leave
them out (000 Art. 4 «senza considerare i punteggi acquisiti dal giocatore ritirato"),
except where the formula's `withdrawn` is "net" (001 §7 ranks «dal 5° … posto a seguire
in base alla somma dei singoli punti-torneo ottenuti nelle partite giocate»): there
everyone who played a game is ranked, a withdrawn player marked.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from risiko_xl.errors import RisikoError
from risiko_xl.standings.config import PhaseRules, StandingsRules
from risiko_xl.standings.context import Context
from risiko_xl.standings.lottery import Lotteries, LotteryDraw
from risiko_xl.standings.model import (
    FINAL,
    PLAYOFF,
    QUALIFYING,
    SEMIFINAL,
    WITHDRAWN,
    Entrant,
    GameResult,
)
from risiko_xl.standings.phases import check_finals, make_context
from risiko_xl.standings.table import StandingRow, Standings
from risiko_xl.standings.tiebreak import (
    Key,
    best_rank,
    check_chain,
    positions,
    rank_groups,
    split_equal,
)


@dataclass(frozen=True)
class RankRow:
    """One line of the final ranking: `stage` reached (Finale, Semifinale, Spareggio,
    Qualificazione); `points` used to rank (the final game for finalists, else the sum);
    `final_place` and `final_points`: the place and points in the final (None for the
    others); `total`: the tournament points of every game counted (main score plus later
    games; below the final, a won semifinal is not);
    `withdrawn`: withdrew after playing a final phase; `by_standings`: level on points at
    the final table with someone, placed by the preliminary standings («Parità in finale»
    = classifica dei turni), not by the table's own placement."""

    position: int
    player: str
    stage: str
    points: Fraction
    group: int | None = None
    shared: bool = False
    by_lottery: bool = False
    lottery: LotteryDraw | None = None
    name: str = ""
    final_place: int | None = None
    final_points: Fraction | None = None
    total: Fraction | None = None
    withdrawn: bool = False
    by_standings: bool = False


def final_ranking(entrants: Iterable[Entrant], results: Iterable[GameResult],
                  standings: Standings, phases: PhaseRules, rules: StandingsRules,
                  seed: int | str) -> tuple[RankRow, ...]:
    """The final ranking once the final is played (the standings when there is none)."""
    ctx = make_context(entrants, results, standings, phases, rules, seed)
    if phases.kind == "none":
        return tuple(RankRow(r.position, r.player, QUALIFYING, r.total, None, r.shared,
                             r.by_lottery, _draw_of(standings.lottery, r.player), r.name,
                             total=r.total)
                     for r in standings.rows)
    rounds = ctx.rounds_of(FINAL)
    if not rounds:
        raise RisikoError("la finale non è ancora stata giocata: classifica finale non "
                          "disponibile")
    check_finals(ctx)
    tables = ctx.tables(FINAL, rounds[-1], "Finale")
    grouped = phases.kind == "semifinals"
    level: set[str] = set()
    if phases.final_ties == "standings":  # equal points at a final table: the standings

        def result(r: GameResult) -> tuple[bool, bool, Fraction | int]:
            return (not r.risiko, r.eliminated,
                    r.position if r.eliminated else -r.table_points)
        tables = {n: [dataclasses.replace(r, position=i) for i, r in enumerate(sorted(
            rows, key=lambda r: (result(r), ctx.rank_key(r.player))), 1)]
            for n, rows in tables.items()}
        level = {r.player for rows in tables.values() for r in rows
                 if sum(result(o) == result(r) for o in rows) > 1}
    finals = [(r, ctx.group_of_table(n) if grouped else None)
              for n, rows in tables.items() for r in rows]
    finals.sort(key=lambda f: (f[0].position, -f[0].points, ctx.rank_key(f[0].player),
                               f[0].player))
    out = [RankRow(i, r.player, FINAL, r.points, g, name=ctx.index[r.player].name,
                   final_place=r.position, final_points=r.points,
                   by_standings=r.player in level)
           for i, (r, g) in enumerate(finals, 1)]
    done = {r.player for r, _ in finals}
    later = [r for r in ctx.results if r.phase in (SEMIFINAL, PLAYOFF)]
    played = {r.player for r in later}
    kept = {row.player for row in standings.rows}
    if rules.withdrawn == "net":
        played |= {r.player for r in ctx.results}
    others = [row for row in ctx.full.rows if row.player not in done and (
        row.player in kept or (row.player in played and _withdrawn(ctx, row.player)))]
    if phases.ranking == "final_only":
        out += _by_stage(ctx, others, len(out))
    else:
        out += _by_total(ctx, others, later, len(out))
    return tuple(_with_totals(ctx, standings, r) for r in out)


def _counted(game: GameResult) -> bool:
    """Whether a game of a player ranked below the final counts in the sum: not a won
    semifinal (001 §7 «dal 5° ... posto a seguire in base alla somma dei singoli
    punti-torneo ottenuti nelle partite giocate (prime due più l'eventuale semifinale non
    vinta)»)."""
    return not (game.phase == SEMIFINAL and game.position == 1)


def _withdrawn(ctx: Context, pid: str) -> bool:
    return ctx.index[pid].state == WITHDRAWN


def _with_totals(ctx: Context, standings: Standings, r: RankRow) -> RankRow:
    """The row with its tournament total (the main score, from the standings that keep a
    withdrawn player, plus every later game) and its withdrawn mark."""
    row = standings.row(r.player) or ctx.full.row(r.player)
    main = row.total if row is not None else Fraction(0)
    later = sum((g.points for g in ctx.results
                 if g.player == r.player and g.phase != QUALIFYING
                 and (r.stage == FINAL or _counted(g))), Fraction(0))
    return dataclasses.replace(r, total=main + later, withdrawn=_withdrawn(ctx, r.player))


def _draw_of(draws: Iterable[LotteryDraw], pid: str) -> LotteryDraw | None:
    return next((d for d in draws if pid in d.players), None)


def _stage(games: list[GameResult]) -> str:
    phases = {g.phase for g in games}
    return SEMIFINAL if SEMIFINAL in phases else PLAYOFF if PLAYOFF in phases else QUALIFYING


def _by_stage(ctx: Context, others: list[StandingRow], offset: int) -> list[RankRow]:
    """Knockout: the last round reached, the place in that game, its points, the
    preliminary position."""
    last: dict[str, GameResult] = {}
    games: dict[str, list[GameResult]] = {}
    for r in ctx.results:
        games.setdefault(r.player, []).append(r)
        if r.player not in last or r.round_no > last[r.player].round_no:
            last[r.player] = r

    def key(row: StandingRow) -> tuple[int | Fraction, ...]:
        game = last.get(row.player)
        if game is None:
            return (0, 0, 0, row.position)
        return (-game.round_no, game.position, -game.points, row.position)

    by_id = {row.player: row for row in others}
    ordered = sorted(by_id, key=lambda pid: (key(by_id[pid]), pid))
    out = []
    position = offset + 1
    for group in split_equal(ordered, lambda pid: key(by_id[pid])):
        for pid in group:
            game = last.get(pid)
            out.append(RankRow(position, pid, _stage(games.get(pid, [])),
                               game.points if game else Fraction(0), shared=len(group) > 1,
                               name=by_id[pid].name))
        position += len(group)
    return out


def _by_total(ctx: Context, others: list[StandingRow], later: list[GameResult],
              offset: int) -> list[RankRow]:
    """The main score plus the later games' points, ties by the standings chain over
    every game (the preliminary position is "the previous round")."""
    extra: dict[str, list[GameResult]] = {}
    for r in later:
        extra.setdefault(r.player, []).append(r)
    prelim: dict[str, list[GameResult]] = {}
    for r in ctx.results:
        if r.phase == QUALIFYING:
            prelim.setdefault(r.player, []).append(r)
    stages = {pid: _stage(played) for pid, played in extra.items()}
    extra = {pid: [g for g in played if _counted(g)] for pid, played in extra.items()}
    rows = {row.player: row for row in others}
    score = {pid: row.total + sum((g.points for g in extra.get(pid, [])), Fraction(0))
             for pid, row in rows.items()}

    def games(pid: str) -> list[GameResult]:
        return prelim.get(pid, []) + extra.get(pid, [])

    def criterion(name: str) -> Key:
        k = best_rank(name)
        if k is not None:
            def kth(pid: str) -> Fraction:
                best = sorted((g.points for g in games(pid)), reverse=True)
                return best[k - 1] if len(best) >= k else Fraction(0)
            return kth
        simple: dict[str, Key] = {
            "assoluta": lambda p: rows[p].assoluta + sum((g.points for g in extra.get(p, [])),
                                                         Fraction(0)),
            "risiko": lambda p: sum(1 for g in games(p) if g.risiko),
            "wins": lambda p: sum(1 for g in games(p) if g.position == 1),
            "seconds": lambda p: sum(1 for g in games(p) if g.position == 2),
            "out_points": lambda p: sum(g.out_points for g in games(p)),
            "previous_round": lambda p: -rows[p].position,
            "previous_points": lambda p: rows[p].total,
            "best_win": lambda p: max((g.points for g in games(p) if g.position == 1),
                                      default=Fraction(0)),
            "games": lambda p: len(games(p)),
            "table_points": lambda p: sum((Fraction(g.table_points) for g in games(p)),
                                          Fraction(0)),
            "best_dropped": lambda p: max((rows[p].rounds[n - 1] or Fraction(0)
                                           for n in rows[p].dropped), default=Fraction(0)),
        }
        return simple[name]

    draws: dict[str, LotteryDraw] = {}
    lotteries = Lotteries(ctx.seed_value, ctx.standings.history)

    def lottery(group: list[str], first: int) -> list[str]:
        # the standings' lottery among these players, reused (drawn once, never again)
        draw = lotteries.draw(group, offset + first, "Classifica finale")
        draws.update((pid, draw) for pid in group)
        return list(draw.order)

    least = ctx.rules.min_games  # below it, ranked after everyone who played enough

    def main(pid: str) -> tuple[bool, Fraction]:
        return rows[pid].played >= least, score[pid]

    groups = rank_groups(list(rows), main, check_chain(ctx.rules.chain), criterion, lottery)
    places = positions(groups)
    return [RankRow(offset + places[pid], pid, stages.get(pid, QUALIFYING), score[pid],
                    shared=len(group) > 1, by_lottery=pid in draws, lottery=draws.get(pid),
                    name=rows[pid].name)
            for group in groups for pid in group]
