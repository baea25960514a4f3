"""The standings computation: one `Level` per "standings after round u" over the players'
integer arrays (`standings.games`), built lazily: `previous_round` and
`previous_points` look one level back only for players still tied."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from operator import attrgetter, itemgetter
from typing import Any

from risiko_xl.standings.config import StandingsRules
from risiko_xl.standings.games import Player
from risiko_xl.standings.lottery import Lotteries, LotteryDraw
from risiko_xl.standings.tiebreak import (
    Key,
    best_rank,
    check_chain,
    positions,
    rank_groups,
    ranked,
    refine,
)


class Engine:
    """Standings of one tournament at any round, memoised by round."""

    def __init__(self, players: Sequence[Player], rules: StandingsRules, seed: int | str,
                 scale: int, lotteries: Lotteries | None = None) -> None:
        self.rules = rules
        self.chain = check_chain(rules.chain)
        self.stages = stages(self.chain)
        # the deepest k-th best result the chain reads: each player's best kept that far
        self.best_kept = max([1, *(k for n in self.chain if (k := best_rank(n)) is not None)])
        self.players = sorted(players, key=attrgetter("id"))  # ties start in id order
        for p in self.players:
            p.finish(self.best_kept)
        self.by_id = {p.id: p for p in self.players}  # never changed: levels share it
        self.last_first = max((p.first for p in self.players), default=0)
        self.seed = seed
        self.scale = scale
        self.lotteries = lotteries or Lotteries(seed)
        self._levels: dict[int, Level] = {}

    def level(self, u: int) -> Level:
        """The standings after round `u` (0 = before any game)."""
        if u not in self._levels:
            self._levels[u] = Level(self, u)
        return self._levels[u]

    def made(self, u: int) -> Level | None:
        """The standings after round `u` if already made (None: not asked for yet)."""
        return self._levels.get(u)

    def release(self) -> None:
        """Forget the levels (they point back here): freed without the cycle collector."""
        self._levels.clear()

    def drops_at(self, u: int) -> int:
        """Results left out of the main score after `u` rounds (never all of them; none
        with the medal table: seed 004 counts the places «durante l'intero torneo»)."""
        if self.rules.medals:
            return 0
        if self.rules.drops_from is not None and u < self.rules.drops_from:
            return 0
        if self.rules.best_of is not None:
            return max(0, u - self.rules.best_of)
        return min(self.rules.drops, max(u - 1, 0))


SPECIAL = ("previous_round", "_previous_lottery", "lottery")


def stages(chain: Sequence[str]) -> list[str | tuple[str, ...]]:
    """The chain as refinement stages: runs of plain criteria merged into one tuple key
    (one sort instead of several); "previous_round" followed by "_previous_lottery"
    (the previous round's lottery, applied again, noticed by Level._split)."""
    out: list[str | tuple[str, ...]] = []
    run: list[str] = []
    for name in chain:
        if name in SPECIAL:
            if run:
                out.append(tuple(run))
                run = []
            out += ["previous_round", "_previous_lottery"] if name == "previous_round" \
                else [name]
        else:
            run.append(name)
    if run:
        out.append(tuple(run))
    return out


class Level:
    """Standings after round `u`: main score, tie-break keys, groups and positions."""

    def __init__(self, engine: Engine, u: int) -> None:
        self.engine = engine
        self.u = u
        if u >= engine.last_first:  # everyone is in: the engine's own list and index
            self.present, self.by_id = engine.players, engine.by_id
        else:
            self.present = [p for p in engine.players if p.first <= u]
            self.by_id = {p.id: p for p in self.present}
        self.draws: list[LotteryDraw] = []
        self.by_lottery: set[str] = set()
        self.by_referee: set[str] = set()
        self._keys: dict[str | tuple[str, ...], Key] = {}
        self.assoluta: dict[str, int] = {p.id: p.prefix[u] for p in self.present}
        self.dropped: dict[str, tuple[int, ...]] = {}
        n_drop = engine.drops_at(u)
        if not n_drop:
            self.total = self.assoluta
        else:
            self.total = {}
            for p in self.present:
                # a missed round (-1 here) goes first, then the worst, the earliest first
                keyed = [-1 if v is None else v for v in p.vals[:u]]
                if n_drop == 1:
                    out: tuple[int, ...] = (keyed.index(min(keyed)),)
                else:
                    out = tuple(sorted(sorted(range(u), key=keyed.__getitem__)[:n_drop]))
                self.dropped[p.id] = out
                self.total[p.id] = self.assoluta[p.id] - sum(max(keyed[i], 0) for i in out)
        self._merged: dict[str, int] = {}  # first position of a tie only a lottery broke
        self._draw_of: dict[str, LotteryDraw] = {}
        # ties on the main score and the chain's leading plain criteria (one sort),
        # refined lazily by the rest: an earlier round's standings are only needed for
        # the players still tied now
        self._stages = engine.stages
        self._ties = self._ranked()
        self._position: dict[str, int] = {}  # players alone, or in a tie refined already
        self._tie_of: dict[str, int] = {}  # the others: their tie
        self._first = list(accumulate(map(len, self._ties), initial=1))[:-1]  # positions
        for i, tie in enumerate(self._ties):
            if len(tie) == 1:
                self._position[tie[0]] = self._first[i]
            else:
                self._tie_of.update(dict.fromkeys(tie, i))
        self._refined: dict[int, list[list[str]]] = {}
        self._assoluta_position: dict[str, int] | None = None

    def _ranked(self) -> list[list[str]]:
        """Ties on the main score and the chain's leading plain criteria (`stages`: one
        sort), in rank order; `_stages` is left with the rest of the chain."""
        main = self._main_key()
        lead = self._stages[0] if self.u and self._stages else None
        if not isinstance(lead, tuple):
            return ranked({pid: main(pid) for pid in self.by_id})
        self._stages = self._stages[1:]
        keys = self._every_key(lead)
        return ranked({pid: (main(pid), keys[pid]) for pid in self.by_id})

    def _every_key(self, stage: tuple[str, ...]) -> dict[str, Any]:
        """Every player's key of a run of plain criteria."""
        getter = self._best_getter(stage)
        if getter is not None:  # the k-th best results: read from each player's best
            u = self.u
            return {p.id: getter(p.best[u]) for p in self.present}
        key = self.criterion(stage)
        return {pid: key(pid) for pid in self.by_id}

    def _best_getter(self, stage: tuple[str, ...]) -> Any:
        """For a run of k-th best results only, the getter of their values from a player's
        `best` (a tuple even for one rank); else None."""
        ranks = [best_rank(n) for n in stage]
        if len(ranks) < 2 or not all(k is not None for k in ranks):
            return None
        # a rank beyond the rounds counted is 0 for everyone: it separates nobody
        return itemgetter(*[k - 1 for k in ranks if k is not None and k <= self.u],
                          0)  # and the best again: a tuple even for one rank

    def _main_key(self) -> Key:
        """The main score; with a minimum of games (`StandingsRules.min_games`), whether
        the player can still reach it in the rounds left comes first."""
        least = self.engine.rules.min_games
        if not least:
            return self.total.__getitem__
        left = self.engine.rules.rounds - self.u
        return lambda pid: (self.played(pid) + left >= least, self.total[pid])

    def _refine(self, i: int) -> list[list[str]]:
        """Tie `i` (of several players) split by the rest of the chain (memoised)."""
        parts = self._refined.get(i)
        if parts is None:
            tie, first = self._ties[i], self._first[i]
            parts = [tie] if self.u == 0 else refine(
                tie, first, self._stages, self.criterion, self._lottery, self._split,
                self._ruling)
            self._refined[i] = parts
            for part in parts:
                for pid in part:
                    self._position[pid] = first
                first += len(part)
        return parts

    @property
    def groups(self) -> list[list[str]]:
        """All players in rank order, grouped where a tie remains."""
        return [part for i, tie in enumerate(self._ties)
                for part in (self._refine(i) if len(tie) > 1 else (tie,))]

    def position_of(self, pid: str) -> int | None:
        """The player's position (None if not in these standings)."""
        position = self._position.get(pid)
        if position is None:
            i = self._tie_of.get(pid)
            if i is None:
                return None
            self._refine(i)
            position = self._position[pid]
        return position

    def _lottery(self, group: list[str], first: int) -> list[str]:
        """The tie's lottery: drawn once per set of players, reused ever after."""
        draw = self.engine.lotteries.draw(group, first, f"Classifica dopo il turno {self.u}")
        self.draws.append(draw)
        self.by_lottery.update(group)
        self._merged.update((pid, first) for pid in group)
        self._draw_of.update((pid, draw) for pid in group)
        return list(draw.order)

    def _ruling(self, tie: list[str]) -> list[str] | None:
        """The referee's order of the tied players: the latest ruling naming them all,
        restricted to them (`StandingsRules.rulings`, oldest first)."""
        members = set(tie)
        for order in reversed(self.engine.rules.rulings):
            if members <= set(order):
                self.by_referee.update(tie)
                return [pid for pid in order if pid in members]
        return None

    def _split(self, name: str, group: list[str], first: int) -> None:
        """A tie broken by the previous round's order where only a lottery had separated
        the players then: the lottery decided here too (recorded again)."""
        if name != "_previous_lottery":
            return
        self.by_lottery.update(group)
        self._merged.update((pid, first) for pid in group)
        before = self.engine.level(self.u - 1)
        seen = {id(d) for d in self.draws}
        for pid in group:
            draw = before.draw_of(pid)
            if draw is not None:
                self._draw_of[pid] = draw
                if id(draw) not in seen:
                    seen.add(id(draw))
                    self.draws.append(draw)

    def draw_of(self, pid: str) -> LotteryDraw | None:
        """The lottery (of this level, or inherited) that placed the player, if any."""
        self.position_of(pid)
        return self._draw_of.get(pid)

    def tied_position(self, pid: str) -> int | None:
        """The position, counting players separated only by a lottery as tied."""
        position = self.position_of(pid)
        return self._merged.get(pid, position)

    def best(self, pid: str) -> tuple[int, ...]:
        """Results of the first `u` rounds, best first (a missed round counts 0), the
        first `Engine.best_kept` of them (all the chain reads)."""
        return self.by_id[pid].best[self.u]

    def played(self, pid: str) -> int:
        return sum(1 for v in self.by_id[pid].vals[: self.u] if v is not None)

    def count(self, pid: str, what: str) -> int:
        """Wins, seconds, RisiKo! or out-of-objective points over the counted rounds."""
        p = self.by_id[pid]
        u = self.u
        if what == "wins":
            return p.pos[:u].count(1)
        if what == "seconds":
            return p.pos[:u].count(2)
        if what == "risiko":
            return p.risiko[:u].count(True)
        return sum(p.out[:u])

    def criterion(self, name: str | tuple[str, ...]) -> Key:
        """Key of a tie-break criterion, or of a run of them (higher is better); made
        once per level."""
        key = self._keys.get(name)
        if key is None:
            key = self._keys[name] = self._criterion(name)
        return key

    def _criterion(self, name: str | tuple[str, ...]) -> Key:
        if isinstance(name, tuple):
            if len(name) == 1:
                return self.criterion(name[0])
            getter = self._best_getter(name)
            if getter is not None:  # k-th best results: one sorted list
                by_id, u = self.by_id, self.u
                return lambda pid: getter(by_id[pid].best[u])
            keys = [self.criterion(n) for n in name]
            return lambda pid: tuple(key(pid) for key in keys)
        k = best_rank(name)
        if k is not None:
            return lambda pid: self.best(pid)[k - 1] if k <= self.u else 0
        if name == "assoluta":
            return self.assoluta.__getitem__
        if name in ("risiko", "wins", "seconds", "out_points"):
            return lambda pid: self.count(pid, name)
        if name == "previous_round":
            return self._previous_round
        if name == "_previous_lottery":
            return self._previous_lottery
        if name == "previous_points":
            return self._previous_points
        if name == "best_win":
            return self._best_win
        if name == "games":
            return self.played
        if name == "table_points":
            return lambda pid: sum(self.by_id[pid].table[: self.u], Fraction(0))
        if name == "best_dropped":
            return lambda pid: max((self.by_id[pid].vals[i] or 0
                                    for i in self.dropped.get(pid, ())), default=0)
        if name == "_generale":
            return lambda pid: -(self.position_of(pid) or 0)
        raise KeyError(name)  # check_chain refused it already

    def _best_win(self, pid: str) -> int:
        """The points of the best game won (-1: none won): «vittoria con più punti»."""
        p = self.by_id[pid]
        return max((v for v, pos in zip(p.vals[: self.u], p.pos[: self.u])
                    if pos == 1 and v is not None), default=-1)

    def _previous_round(self, pid: str) -> int:
        """Position after the previous round (absent players last); players then
        separated only by a lottery count as tied here (see _previous_lottery)."""
        if self.u <= 1:
            return 0
        position = self.engine.level(self.u - 1).tied_position(pid)
        return -(len(self.engine.players) + 1 if position is None else position)

    def _previous_lottery(self, pid: str) -> int:
        """The previous round's actual position: its lottery, applied again."""
        if self.u <= 1:
            return 0
        position = self.engine.level(self.u - 1).position_of(pid)
        return -(len(self.engine.players) + 1 if position is None else position)

    def _previous_points(self, pid: str) -> int:
        if self.u <= 1:
            return 0
        return self.engine.level(self.u - 1).total.get(pid, 0)

    def assoluta_position(self) -> dict[str, int]:
        """Positions in the Classifica Assoluta: all results, then the chain (without
        "assoluta" and the lottery), then the Generale position (the same positions when
        nothing is dropped)."""
        if self._assoluta_position is None and self.total is self.assoluta:
            self._assoluta_position = {pid: self.position_of(pid) or 0 for pid in self.by_id}
        if self._assoluta_position is None:
            chain = [c for c in self.engine.chain if c not in ("assoluta", "lottery")]
            groups = rank_groups(list(self.by_id), self.assoluta.__getitem__,
                                 [*stages(chain), "_generale"], self.criterion, None)
            self._assoluta_position = positions(groups)
        return self._assoluta_position
