"""The preliminary standings (Classifica Generale and Assoluta): `compute_standings`."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from risiko_xl.errors import RisikoError
from risiko_xl.standings.computation import Engine, Level
from risiko_xl.standings.config import WITHDRAWN_RULES, StandingsRules
from risiko_xl.standings.games import EMPTY, Player
from risiko_xl.standings.inputs import checked, exact, index_entrants
from risiko_xl.standings.lottery import Lotteries, LotteryDraw
from risiko_xl.standings.model import (
    DISQUALIFIED,
    QUALIFYING,
    WITHDRAWN,
    Entrant,
    GameResult,
)


@dataclass(frozen=True)
class StandingRow:
    """One player's line of the standings.

    `rounds`: points per preliminary round (None = not played or not yet played);
    `total`: the main score (Generale: after `dropped`, or the best `best_of`);
    `assoluta`: all results; `shared`: the position is shared (a tie nothing broke);
    `by_lottery`: the position was decided by a recorded lottery; `by_referee`: by the
    referee's ruling on a tie (`StandingsRules.rulings`); `withdrawn`: a retired
    player kept in the standings (never eligible for the final phases); `places`: the
    place at the table in each round (None = not played); `wins`, `seconds`, `thirds`,
    `fourths`: the medal table of the counted rounds (seed 004 «medagliere»).
    """

    position: int
    player: str
    rounds: tuple[Fraction | None, ...]
    total: Fraction
    assoluta: Fraction
    assoluta_position: int
    wins: int
    risiko: int
    out_points: int
    best: Fraction
    dropped: tuple[int, ...]
    by_lottery: bool
    seconds: int = 0
    played: int = 0
    shared: bool = False
    withdrawn: bool = False
    name: str = ""
    club: str | None = None
    thirds: int = 0
    fourths: int = 0
    places: tuple[int | None, ...] = ()
    by_referee: bool = False


@dataclass(frozen=True)
class Standings:
    """Rows in rank order, the lotteries that decided positions, the last round counted.

    `drawn`: the lotteries drawn (each set of tied players once, here or for an earlier
    round's standings) that decide a place in these standings: to be recorded;
    `history`: every lottery order known (those given as recorded, then every new draw),
    for any later ordering of the same players."""

    rows: tuple[StandingRow, ...]
    lottery: tuple[LotteryDraw, ...] = ()
    upto_round: int = 0
    drawn: tuple[LotteryDraw, ...] = ()
    history: tuple[tuple[str, ...], ...] = ()

    @cached_property
    def _index(self) -> dict[str, StandingRow]:
        return {r.player: r for r in self.rows}

    def row(self, player_id: str) -> StandingRow | None:
        """The player's row, None if not in the standings (removed or unknown)."""
        return self._index.get(player_id)

    def position_of(self, player_id: str) -> int | None:
        """The player's position, None if not in the standings (removed or unknown)."""
        row = self._index.get(player_id)
        return None if row is None else row.position

    def assoluta_order(self) -> tuple[StandingRow, ...]:
        """Rows in Classifica Assoluta order."""
        return tuple(sorted(self.rows, key=lambda r: (r.assoluta_position, r.position)))


def compute_standings(entrants: Iterable[Entrant], results: Iterable[GameResult],
                      rules: StandingsRules, seed: int | str,
                      upto_round: int | None = None,
                      recorded: Iterable[Sequence[str]] = ()) -> Standings:
    """Standings after `upto_round` from the qualifying results, ties broken by
    `rules.chain`; withdrawn players removed or kept per `rules.withdrawn`, disqualified
    players always removed.

    The default round is the last preliminary round with a result: 003 Art. 2 «Al termine
    di ogni turno preliminare sarà stilata la Classifica … con lo scarto del peggiore
    risultato», so after round 2 of 3 the Generale drops the worst of the two *played*
    rounds, never the round not yet played. A round a player missed (absent, 003 Art. 4
    «ESCLUSO») counts 0 and is dropped first.

    Lotteries (the «sorteggio» criterion): one per set of tied players, drawn once. The
    standings after every earlier round are ordered first (each is published, 003 Art. 2),
    so a lottery drawn then is reused now; `recorded` orders (read back from `Sorteggi`)
    come before any new draw."""
    if rules.withdrawn not in WITHDRAWN_RULES:
        raise RisikoError("trattamento dei ritirati sconosciuto (ammessi: "
                          f"{', '.join(WITHDRAWN_RULES)})",
                          valore=rules.withdrawn)
    index = index_entrants(entrants)
    u = rules.rounds if upto_round is None else upto_round
    if isinstance(u, bool) or not isinstance(u, int) or not 0 <= u <= rules.rounds:
        raise RisikoError(f"turno della classifica non valido (da 0 a {rules.rounds})",
                          valore=upto_round)
    players, scale, last = _load(index, results, rules, u)
    if upto_round is None:
        u = last
    lotteries = Lotteries(seed, recorded)
    engine = Engine(list(players.values()), rules, seed, scale, lotteries)
    if "lottery" in engine.chain:
        for k in range(1, u):  # the earlier standings' lotteries, in the order drawn
            engine.level(k).groups  # noqa: B018 - ordering the level draws its lotteries
    level = engine.level(u)
    level.groups  # noqa: B018 - ties refined (and drawn) in rank order
    rows = _rows(level, index, rules.rounds, scale)
    draws = sorted(level.draws, key=lambda d: (d.positions[0], d.salt))
    engine.release()
    used = {d.source for d in draws}
    return Standings(rows, tuple(draws), u, tuple(d for d in lotteries.drawn if d.order in used),
                     tuple(lotteries.known))


def _load(index: dict[str, Entrant], results: Iterable[GameResult], rules: StandingsRules,
          u: int) -> tuple[dict[str, Player], int, int]:
    """Players in the standings with their qualifying games up to round `u` (every result
    row is checked), the scale turning their points into integers, and the last
    qualifying round with a result (at most `u`)."""
    players: dict[str, Player] = {}
    for e in index.values():
        if e.state == DISQUALIFIED or (e.state == WITHDRAWN and rules.withdrawn != "keep"):
            continue
        players[e.id] = Player(e.id, e.from_round, e.state == WITHDRAWN, rules.rounds)
    lookup = players.get
    scale, rescale = 1000, False  # thousandths are the rule; anything else rescales below
    last = 0
    for r in checked(results, index, rules.rounds):
        round_no = r.round_no
        if round_no > u or r.phase != QUALIFYING:
            continue
        if round_no > last:
            last = round_no
        p = lookup(r.player)
        if p is None:
            continue
        q = r.points
        if type(q) is not Fraction:
            q = exact(q, r.row)
        i = round_no - 1
        p.pts[i] = q
        p.pos[i] = r.position
        num, den = q.as_integer_ratio()
        if scale % den:
            rescale = True
        else:
            p.vals[i] = num * (scale // den)
        if r.risiko:
            if p.risiko is EMPTY:
                p.risiko = [False] * rules.rounds
            p.risiko[i] = True
        if r.out_points:
            if p.out is EMPTY:
                p.out = [0] * rules.rounds
            p.out[i] = int(r.out_points)
        table = r.table_points
        if table:
            if p.table is EMPTY:
                p.table = [Fraction(0)] * rules.rounds
            p.table[i] = table if type(table) is Fraction else Fraction(table)
        if round_no < p.first:
            p.first = round_no
    if rescale:
        scale = math.lcm(*{q.denominator for p in players.values() for q in p.pts
                            if q is not None})
        for p in players.values():
            p.vals = [None if q is None else q.numerator * (scale // q.denominator)
                      for q in p.pts]
    return players, scale, last


def _rows(level: Level, index: dict[str, Entrant], rounds: int,
          scale: int) -> tuple[StandingRow, ...]:
    """The standings rows of a computed level."""
    u = level.u
    assoluta_pos = level.assoluta_position()
    fraction = _Exact(scale)
    pad = (None,) * (rounds - u)
    zero = Fraction(0)
    out: list[StandingRow] = []
    position = 1
    by_lottery, dropped, totals, whole = (level.by_lottery, level.dropped, level.total,
                                          level.assoluta)
    for group in level.groups:
        shared = len(group) > 1
        for pid in group:
            p = level.by_id[pid]
            entrant = index[pid]
            places = p.pos[:u]
            played = p.pts[:u]
            out.append(StandingRow(
                position, pid, (*played, *pad), fraction[totals[pid]], fraction[whole[pid]],
                assoluta_pos[pid], places.count(1), p.risiko[:u].count(True), sum(p.out[:u]),
                fraction[p.best[u][0]] if u else zero,
                _shown(dropped.get(pid, ())), pid in by_lottery,
                places.count(2), u - p.vals[:u].count(None), shared, p.withdrawn, entrant.name,
                entrant.club, places.count(3), places.count(4), (*places, *pad),
                pid in level.by_referee))
        position += len(group)
    return tuple(out)


class _Exact(dict[int, Fraction]):
    """Scaled integers as exact points, each value made once (read without a call)."""

    def __init__(self, scale: int) -> None:
        super().__init__()
        self.scale = scale

    def __missing__(self, n: int) -> Fraction:
        q = self[n] = Fraction(n, self.scale)
        return q


def _shown(dropped: tuple[int, ...]) -> tuple[int, ...]:
    """Dropped rounds as numbered for the organiser (from 1)."""
    return tuple(i + 1 for i in dropped) if dropped else ()
