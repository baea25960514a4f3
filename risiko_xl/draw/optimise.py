"""The one search of the draw: swaps of two players at different tables of a free round.

It minimises the cost of `cost.CostModel` over one or more free rounds (the earlier
rounds fixed in the model). Swap deltas are incremental: each player's cost at its table
in each free round is maintained, and the model's per-pair costs are dicts (partner ->
cost), kept with the meetings of the other free rounds added, so evaluating a swap reads
a handful of dict entries. The search is min-conflicts with a tabu list: pick a random
player in conflict in some free round, evaluate swapping it with players at the other
tables of that round (all tables, or a random sample of them for large draws), take the
best non-tabu move (ties broken at random), accept it if it does not worsen the cost
(uphill only now and then), and keep the best schedule seen. When it stalls it may
restart (`kicks`) from the best schedule with a few random swaps. It stops at the lower
bound or after a deterministic step budget — never a wall-clock limit, so results do not
depend on machine speed.
"""

from __future__ import annotations

from collections.abc import Sequence

from risiko_xl.draw.bounds import comb2
from risiko_xl.draw.conflicts import Conflicts
from risiko_xl.draw.cost import CostModel
from risiko_xl.draw.criteria import SIZE_CRITERIA, Instance
from risiko_xl.draw.rng import Rng

_SAMPLE_TABLES = 48


def initial_seating(
    inst: Instance,
    sizes: Sequence[int],
    criteria: Sequence[str],
    rng: Rng,
    fixed: dict[int, int] | None = None,
) -> list[list[int]]:
    """Random seating; seats at 5-/3-tables go to the players with the fewest earlier
    such seats (ties at random) when the matching criterion is in use.

    `fixed` pins players to tables (player -> table index) before anything else.
    """
    fixed = fixed or {}
    tables: list[list[int]] = [[] for _ in sizes]
    for p, t in fixed.items():
        tables[t].append(p)
    order = [p for p in range(inst.n) if p not in fixed]
    rng.shuffle(order)
    for crit in ("five_repeat", "three_repeat"):
        if crit not in criteria:
            continue
        size = SIZE_CRITERIA[crit]
        free = [t for t, s in enumerate(sizes) if s == size]
        seats = sum(sizes[t] - len(tables[t]) for t in free)
        if not seats:
            continue
        cnt = inst.counts[size]
        order.sort(key=lambda p: cnt[p])  # stable: random among equal counts
        chosen, order = order[:seats], order[seats:]
        for t in free:
            while len(tables[t]) < sizes[t]:
                tables[t].append(chosen.pop())
    it = iter(order)
    for t, s in enumerate(sizes):
        while len(tables[t]) < s:
            tables[t].append(next(it))
    return tables


class _Schedule:
    """Free rounds with every player's table and cost at it, kept up to date by swaps.

    With several free rounds, `cm[a][b]` is the model's cost of a meeting plus `repeat_w`
    per meeting of a and b in the free rounds, and `seats[size][p]` counts p's free seats
    at `size`-tables; with one, `cm` is the model's `aff` and nothing else is kept.
    """

    def __init__(self, rounds: Sequence[Sequence[Sequence[int]]], model: CostModel,
                 home: Sequence[int] | None, home_w: int) -> None:
        n = model.n
        self.model = model
        self.home, self.home_w = home, home_w
        self.rounds = [[list(t) for t in tables] for tables in rounds]
        self.multi = len(self.rounds) > 1
        self.rw = model.repeat_w if self.multi else 0
        self.where = [[0] * n for _ in self.rounds]
        self.seated: list[int] = []
        for r, tables in enumerate(self.rounds):
            for ti, t in enumerate(tables):
                for p in t:
                    self.where[r][p] = ti
                    if r == 0:
                        self.seated.append(p)
        self.seats: dict[int, list[int]] = {}
        self.cm = model.aff
        if self.multi:
            self.cm = [dict(d) for d in model.aff]
            self.seats = {size: [0] * n for size in model.size_w}
            for tables in self.rounds:
                for t in tables:
                    for a in t:
                        if len(t) in self.seats:
                            self.seats[len(t)][a] += 1
                        ca = self.cm[a]
                        for b in t:
                            if b != a:
                                ca[b] = ca.get(b, 0) + self.rw
        self.pcost = [[0] * n for _ in self.rounds]
        for r, tables in enumerate(self.rounds):
            pc = self.pcost[r]
            for t in tables:
                for a in t:
                    pc[a] = sum(self.pair(a, b) - self.rw for b in t if b != a)
        self.cost = self.total()
        self.seat_part = self.seat_total()

    def total(self) -> int:
        """The cost of the schedule (with the repair's cost of moving)."""
        cost = self.model.total(self.rounds)
        if self.home is not None:
            cost += sum(self.home_w for p in self.seated if 0 <= self.home[p] != self.where[0][p])
        return cost

    def seat_total(self) -> int:
        """The part of the cost that seats make (what the size criteria measure)."""
        if not self.multi:
            return sum(self.seat_cost(0, p, self.where[0][p]) for p in self.seated)
        return sum(k * self.model.seat(p, size) + w * comb2(k)
                   for size, w in self.model.size_w.items()
                   for p, k in enumerate(self.seats[size]))

    def pair(self, a: int, b: int) -> int:
        """Cost of a meeting of a and b at different tables (subtract `rw` if together)."""
        c = self.cm[a].get(b, 0)
        for w, keys in self.model.big_keys:
            k = keys[a]
            if k >= 0 and k == keys[b]:
                c += w
        return c

    def seat_cost(self, r: int, p: int, ti: int) -> int:
        """Cost of p's seat at table `ti` of round r, given p's other free rounds."""
        size = len(self.rounds[r][ti])
        c = self.model.seat(p, size)
        if self.multi and size in self.seats:
            here = len(self.rounds[r][self.where[r][p]]) == size
            c += self.model.size_w[size] * (self.seats[size][p] - here)
        h = self.home
        if h is not None and 0 <= h[p] != ti:
            c += self.home_w
        return c

    def swap(self, r: int, p: int, q: int) -> None:
        """Swap p and q (at different tables of round r), updating every cost."""
        tables, where = self.rounds[r], self.where[r]
        a_idx, b_idx = where[p], where[q]
        ta, tb = tables[a_idx], tables[b_idx]
        pair, rw, pcost = self.pair, self.rw, self.pcost[r]
        for x in ta:
            if x != p:
                pcost[x] += pair(x, q) - pair(x, p) + rw
        for x in tb:
            if x != q:
                pcost[x] += pair(x, p) - pair(x, q) + rw
        if self.multi:
            self._recount(r, p, q, ta, tb)
        ta[ta.index(p)] = q
        tb[tb.index(q)] = p
        where[p], where[q] = b_idx, a_idx
        pcost[p] = sum(pair(p, x) - rw for x in tb if x != p)
        pcost[q] = sum(pair(q, x) - rw for x in ta if x != q)

    def _recount(self, r: int, p: int, q: int, ta: list[int], tb: list[int]) -> None:
        """Meetings and seats of a swap in round r, and what they change in other rounds."""
        rw, cm = self.rw, self.cm
        changed = [(p, x, -rw) for x in ta if x != p] + [(q, x, rw) for x in ta if x != p]
        changed += [(p, x, rw) for x in tb if x != q] + [(q, x, -rw) for x in tb if x != q]
        for a, b, d in changed:
            cm[a][b] = cm[a].get(b, 0) + d
            cm[b][a] = cm[b].get(a, 0) + d
            for other, where in enumerate(self.where):
                if other != r and where[a] == where[b]:
                    self.pcost[other][a] += d
                    self.pcost[other][b] += d
        for size, counts in self.seats.items():
            counts[p] += (len(tb) == size) - (len(ta) == size)
            counts[q] += (len(ta) == size) - (len(tb) == size)


def local_search(
    rounds: list[list[list[int]]],
    model: CostModel,
    rng: Rng,
    target: int = 0,
    seat_target: int = 0,
    movable: Sequence[bool] | None = None,
    effort: int = 1,
    home: Sequence[int] | None = None,
    home_w: int = 0,
    kicks: int = 0,
    steepest: bool = False,
) -> list[list[list[int]]]:
    """Improve the free `rounds` by swaps; returns the best schedule found (new lists).

    `movable[p]` false keeps p at its table; `home[p]` (a table index, or -1) adds
    `home_w` to the cost of p away from it (repair, one free round); `kicks` is how many
    times in a row a stalled search restarts from the best schedule with a few random
    swaps (the count starts again whenever the best improves);
    `steepest` evaluates the moves of every player in conflict at each step, not of one
    drawn at random, and takes the best even uphill (the tabu list prevents cycling).
    """
    s = _Schedule(rounds, model, home, home_w)
    n, n_rounds = model.n, len(s.rounds)
    n_tables = len(s.rounds[0])
    can_move = [False] * n
    for p in s.seated:
        can_move[p] = movable is None or bool(movable[p])
    big = model.big_keys  # key groups matched by comparing keys (`cost._BIG_GROUP`)
    fast = not big
    sized = home is not None  # a seat's cost depends on more than the table's size
    best_cost = s.cost
    best = [[list(t) for t in tables] for tables in s.rounds]
    if s.cost <= target:
        return best

    if steepest:  # a step looks at every conflict: fewer steps, a shorter stall
        steps_cap, stall_cap = effort * 15_000, effort * (400 + 20 * n)
    else:
        steps_cap = effort * n_rounds * (3000 + 12 * n)
        stall_cap = effort * n_rounds * (600 + 3 * n)
    tenure = 7 + n_tables // 8
    tabu: dict[tuple[int, int, int], int] = {}
    all_tables = list(range(n_tables))
    sample = n_tables > _SAMPLE_TABLES
    step = last_best = 0
    run_best, kicks_left = best_cost, kicks
    conflicts: list[tuple[int, int]] = []
    # one free round, a player drawn at random: the conflicts are kept up to date by each
    # swap (`Conflicts`) instead of listed again from every player
    incremental = not s.multi and not steepest
    position = {p: i for i, p in enumerate(s.seated)}
    found = Conflicts(())
    since_best: list[tuple[int, int, int]] = []  # the swaps made after the best schedule
    seat_conflicts = False

    def in_conflict(p: int) -> bool:
        return can_move[p] and (s.pcost[0][p] > 0 or (
            seat_conflicts and bool(s.seat_cost(0, p, s.where[0][p]))))

    def back_to_best() -> None:
        for r, p, q in reversed(since_best):
            s.swap(r, p, q)
        since_best.clear()

    dirty = True
    while step < steps_cap:
        if step - last_best >= stall_cap:
            if kicks_left <= 0:
                break
            kicks_left -= 1
            back_to_best()
            s = _Schedule(s.rounds, model, home, home_w)
            for _ in range(2 + rng.below(4)):
                r = rng.below(n_rounds)
                t1, t2 = rng.sample(all_tables, 2)
                kick = (r, rng.choice(s.rounds[r][t1]), rng.choice(s.rounds[r][t2]))
                s.swap(*kick)
                since_best.append(kick)
            s.cost, s.seat_part = s.total(), s.seat_total()
            tabu.clear()
            last_best, dirty, run_best = step, True, s.cost
        step += 1
        seat_cost = s.seat_cost
        if dirty:
            if s.multi:
                s.seat_part = s.seat_total()
            seat_conflicts = s.seat_part > seat_target
            if incremental:
                found = Conflicts([in_conflict(p) for p in s.seated])
            else:
                conflicts = [
                    (r, p)
                    for r in range(n_rounds)
                    for p in s.seated
                    if can_move[p]
                    and (s.pcost[r][p] > 0 or (seat_conflicts and seat_cost(r, p, s.where[r][p])))
                ]
            dirty = False
        if incremental:
            if not found.count:
                break
            picked = [(0, s.seated[found.kth(rng.below(found.count))])]
        elif not conflicts:
            break
        else:
            picked = conflicts if steepest else [conflicts[rng.below(len(conflicts))]]
        best_d = None
        best_move = (-1, -1, -1)
        ties = 0
        cm = s.cm
        for r, p in picked:
            tables, where, pcost = s.rounds[r], s.where[r], s.pcost[r]
            a_idx = where[p]
            ta = tables[a_idx]
            pc_p = pcost[p]
            sc_pa = seat_cost(r, p, a_idx)
            cand = rng.sample(all_tables, _SAMPLE_TABLES) if sample else all_tables
            ap = cm[p]
            for b_idx in cand:
                if b_idx == a_idx:
                    continue
                tb = tables[b_idx]
                gain_b = 0
                for x in tb:
                    gain_b += ap.get(x, 0)
                if not fast:  # `pair` written out: the same sums, no call per pair
                    for w, keys in big:
                        k = keys[p]
                        if k >= 0:
                            for x in tb:
                                if keys[x] == k:
                                    gain_b += w
                base = gain_b - pc_p
                if sized or len(tb) != len(ta):
                    base += seat_cost(r, p, b_idx) - sc_pa
                tabu_p = tabu.get((r, p, b_idx), 0) > step
                for q in tb:
                    if not can_move[q]:
                        continue
                    aq = cm[q]
                    into_a = 0
                    for x in ta:
                        if x != p:
                            into_a += aq.get(x, 0)
                    if fast:
                        d = base - ap.get(q, 0) + into_a - pcost[q]
                    else:
                        together = ap.get(q, 0)  # pair(p, q)
                        for w, keys in big:
                            k = keys[q]
                            if k >= 0:
                                if keys[p] == k:
                                    together += w
                                for x in ta:
                                    if x != p and keys[x] == k:
                                        into_a += w
                        d = base - together + into_a - pcost[q]
                    if sized or len(ta) != len(tb):  # else both seats cost the same
                        d += seat_cost(r, q, a_idx) - seat_cost(r, q, b_idx)
                    if (tabu_p or tabu.get((r, q, a_idx), 0) > step) and (
                        s.cost + d >= best_cost
                    ):
                        continue
                    if best_d is None or d < best_d:
                        best_d, best_move, ties = d, (r, p, q), 1
                    elif d == best_d:
                        ties += 1
                        if rng.below(ties) == 0:
                            best_move = (r, p, q)
        if best_d is None or (best_d > 0 and not steepest and rng.below(8) != 0):
            continue
        r, p, q = best_move
        a_idx, b_idx = s.where[r][p], s.where[r][q]
        seat_before = seat_cost(r, p, a_idx) + seat_cost(r, q, b_idx)
        s.swap(r, p, q)
        since_best.append((r, p, q))
        tabu[(r, p, a_idx)] = step + tenure + rng.below(4)
        tabu[(r, q, b_idx)] = step + tenure + rng.below(4)
        s.cost += best_d
        s.seat_part += seat_cost(r, p, b_idx) + seat_cost(r, q, a_idx) - seat_before
        if incremental and (s.seat_part > seat_target) == seat_conflicts:
            for x in (*s.rounds[0][a_idx], *s.rounds[0][b_idx]):
                found.set(position[x], in_conflict(x))
        else:
            dirty = True
        if s.cost < run_best:  # the best since the last restart
            run_best, last_best = s.cost, step
        if s.cost < best_cost:
            best_cost, kicks_left = s.cost, kicks
            since_best.clear()
            if s.cost <= target:
                break
    back_to_best()
    return [[list(t) for t in tables] for tables in s.rounds]
