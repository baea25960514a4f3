"""Lexicographic local search over seatings (swap two players at different tables).

The criteria are folded into one integer cost with weights so large that a unit of a
higher-priority criterion outweighs the worst possible total of all lower ones, so
minimising the weighted sum is minimising the cost tuple lexicographically.

Swap deltas are incremental: each player's pair cost at its table is maintained, and
pair weights are precomputed per player as a dict (partner -> weight), so evaluating a
swap reads a handful of dict entries. The search is min-conflicts with a tabu list: pick
a random player in conflict, evaluate swapping it with players at other tables (all
tables, or a random sample of them for large draws), take the best non-tabu move (ties
broken at random), accept it if it does not worsen the cost (uphill only now and then),
and keep the best seating seen. It stops at the lower bound or after a deterministic
step budget — never a wall-clock limit, so results do not depend on machine speed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from risiko_xl.draw.bounds import comb2
from risiko_xl.draw.criteria import KEY_CRITERIA, NO_KEY, SIZE_CRITERIA, Instance
from risiko_xl.draw.rng import Rng

# Key groups larger than this are matched by comparing keys instead of being expanded
# into per-player partner dicts (keeps memory linear for e.g. two huge regions).
_BIG_GROUP = 96
_SAMPLE_TABLES = 48


@dataclass
class CostModel:
    """Weighted per-pair and per-seat costs of one draw."""

    n: int
    weights: dict[str, int]  # criterion -> lexicographic weight
    aff: list[dict[int, int]]  # player -> {partner: weighted pair cost}
    big_keys: list[tuple[int, list[int]]]  # (weight, keys) for key groups not in aff
    size_cost: dict[int, list[int]]  # table size -> weighted cost of each player there
    span: int = 0  # largest possible weighted total (a weight above it outranks all)

    def pair(self, a: int, b: int) -> int:
        c = self.aff[a].get(b, 0)
        for w, keys in self.big_keys:
            k = keys[a]
            if k != NO_KEY and k == keys[b]:
                c += w
        return c

    def seat(self, p: int, size: int) -> int:
        costs = self.size_cost.get(size)
        return costs[p] if costs is not None else 0

    def total(self, tables: Sequence[Sequence[int]]) -> int:
        cost = 0
        for t in tables:
            for i, a in enumerate(t):
                cost += self.seat(a, len(t))
                for b in t[i + 1 :]:
                    cost += self.pair(a, b)
        return cost


def lexicographic_weights(upper: dict[str, int], criteria: Sequence[str]) -> dict[str, int]:
    """Weights w_i > sum_{j lower} w_j * upper_j, lowest priority weight 1."""
    weights: dict[str, int] = {}
    acc = 0
    for c in reversed(criteria):
        w = acc + 1
        weights[c] = w
        acc += w * upper[c]
    return weights


def weighted_span(upper: dict[str, int], weights: dict[str, int]) -> int:
    return sum(weights[c] * upper[c] for c in weights)


def build_model(
    inst: Instance,
    criteria: Sequence[str],
    sizes: Sequence[int],
    repeat_weighting: str = "flat",
    ignore_keys: dict[str, Sequence[int]] | None = None,
) -> CostModel:
    """Cost model for seating the players of `inst` at tables `sizes`.

    `ignore_keys` maps a key criterion to players whose key is ignored (cinquisti).
    """
    n = inst.n
    max_pairs = sum(comb2(s) for s in sizes)
    recent = repeat_weighting == "recent"
    upper: dict[str, int] = {}
    for c in criteria:
        if c in SIZE_CRITERIA:
            upper[c] = sum(inst.counts[SIZE_CRITERIA[c]])
        elif c == "repeat" and recent:
            upper[c] = max_pairs * max(1, inst.round_no - 1)
        else:
            upper[c] = max_pairs
    weights = lexicographic_weights(upper, criteria)
    aff: list[dict[int, int]] = [{} for _ in range(n)]
    big: list[tuple[int, list[int]]] = []
    size_cost: dict[int, list[int]] = {}
    ignore = ignore_keys or {}
    for c in criteria:
        w = weights[c]
        if c in SIZE_CRITERIA:
            size_cost[SIZE_CRITERIA[c]] = [w * x for x in inst.counts[SIZE_CRITERIA[c]]]
        elif c in KEY_CRITERIA:
            keys = list(inst.keys[c])
            for p in ignore.get(c, ()):
                keys[p] = NO_KEY
            groups: dict[int, list[int]] = {}
            for p, k in enumerate(keys):
                if k != NO_KEY:
                    groups.setdefault(k, []).append(p)
            big_keys = [NO_KEY] * n
            has_big = False
            for k, members in groups.items():
                if len(members) > _BIG_GROUP:
                    has_big = True
                    for p in members:
                        big_keys[p] = k
                    continue
                for a in members:
                    da = aff[a]
                    for b in members:
                        if a != b:
                            da[b] = da.get(b, 0) + w
            if has_big:
                big.append((w, big_keys))
        elif c == "repeat":
            source = inst.met_recent if recent else inst.met
            for a in range(n):
                da = aff[a]
                for b, m in source[a].items():
                    da[b] = da.get(b, 0) + w * m
    return CostModel(
        n=n,
        weights=weights,
        aff=aff,
        big_keys=big,
        size_cost=size_cost,
        span=weighted_span(upper, weights),
    )


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


def local_search(
    tables: list[list[int]],
    model: CostModel,
    rng: Rng,
    target: int = 0,
    seat_target: int = 0,
    movable: Sequence[bool] | None = None,
    effort: int = 1,
    home: Sequence[int] | None = None,
    home_w: int = 0,
) -> list[list[int]]:
    """Improve `tables` by swaps; returns the best seating found (new lists).

    `home[p]` (a table index, or -1) adds `home_w` to the cost of p away from it (repair).
    """
    n = model.n
    n_tables = len(tables)
    tables = [list(t) for t in tables]
    where = [0] * n
    seated: list[int] = []
    for ti, t in enumerate(tables):
        for p in t:
            where[p] = ti
            seated.append(p)
    can_move = [False] * n
    for p in seated:
        can_move[p] = movable is None or bool(movable[p])
    pair = model.pair
    aff = model.aff
    fast = not model.big_keys
    tsc = [model.size_cost.get(len(t)) for t in tables]
    pcost = [0] * n
    for t in tables:
        for a in t:
            pcost[a] = sum(pair(a, b) for b in t if b != a)

    def seat_cost(p: int, ti: int) -> int:
        c = tsc[ti]
        return c[p] if c is not None else 0

    if home is not None:
        size_seat_cost = seat_cost

        def seat_cost(p: int, ti: int) -> int:
            h = home[p]
            return size_seat_cost(p, ti) + (home_w if h >= 0 and h != ti else 0)

    cost = sum(pcost[p] for p in seated) // 2 + sum(seat_cost(p, where[p]) for p in seated)
    best_cost = cost
    best = [list(t) for t in tables]
    if cost <= target:
        return best

    seat_part = sum(seat_cost(p, where[p]) for p in seated)
    steps_cap = effort * (3000 + 12 * n)
    stall_cap = effort * (600 + 3 * n)
    tenure = 7 + n_tables // 8
    tabu: dict[tuple[int, int], int] = {}
    all_tables = list(range(n_tables))
    sample = n_tables > _SAMPLE_TABLES
    step = 0
    last_best = 0
    conflicts: list[int] = []
    dirty = True
    while step < steps_cap and step - last_best < stall_cap:
        step += 1
        if dirty:
            seat_conflicts = seat_part > seat_target
            conflicts = [
                p
                for p in seated
                if can_move[p] and (pcost[p] > 0 or (seat_conflicts and seat_cost(p, where[p])))
            ]
            dirty = False
        if not conflicts:
            break
        p = conflicts[rng.below(len(conflicts))]
        a_idx = where[p]
        ta = tables[a_idx]
        pc_p = pcost[p]
        sc_pa = seat_cost(p, a_idx)
        cand = rng.sample(all_tables, _SAMPLE_TABLES) if sample else all_tables
        best_d = None
        best_q = -1
        ties = 0
        ap = aff[p]
        for b_idx in cand:
            if b_idx == a_idx:
                continue
            tb = tables[b_idx]
            if fast:
                gain_b = 0
                for x in tb:
                    gain_b += ap.get(x, 0)
            else:
                gain_b = sum(pair(p, x) for x in tb)
            base = gain_b - pc_p + seat_cost(p, b_idx) - sc_pa
            tabu_p = tabu.get((p, b_idx), 0) > step
            for q in tb:
                if not can_move[q]:
                    continue
                aq = aff[q]
                if fast:
                    into_a = 0
                    for x in ta:
                        if x != p:
                            into_a += aq.get(x, 0)
                    d = base - ap.get(q, 0) + into_a - pcost[q]
                else:
                    into_a = sum(pair(q, x) for x in ta if x != p)
                    d = base - pair(p, q) + into_a - pcost[q]
                d += seat_cost(q, a_idx) - seat_cost(q, b_idx)
                if (tabu_p or tabu.get((q, a_idx), 0) > step) and cost + d >= best_cost:
                    continue
                if best_d is None or d < best_d:
                    best_d, best_q, ties = d, q, 1
                elif d == best_d:
                    ties += 1
                    if rng.below(ties) == 0:
                        best_q = q
        if best_d is None or (best_d > 0 and rng.below(8) != 0):
            continue
        q = best_q
        b_idx = where[q]
        tb = tables[b_idx]
        # apply the swap, updating pair costs of everyone at both tables
        for x in ta:
            if x != p:
                pcost[x] += pair(x, q) - pair(x, p)
        for x in tb:
            if x != q:
                pcost[x] += pair(x, p) - pair(x, q)
        ta[ta.index(p)] = q
        tb[tb.index(q)] = p
        where[p], where[q] = b_idx, a_idx
        pcost[p] = sum(pair(p, x) for x in tb if x != p)
        pcost[q] = sum(pair(q, x) for x in ta if x != q)
        tabu[(p, a_idx)] = step + tenure + rng.below(4)
        tabu[(q, b_idx)] = step + tenure + rng.below(4)
        cost += best_d
        seat_part += (
            seat_cost(p, b_idx) - seat_cost(p, a_idx) + seat_cost(q, a_idx) - seat_cost(q, b_idx)
        )
        dirty = True
        if cost < best_cost:
            best_cost = cost
            best = [list(t) for t in tables]
            last_best = step
            if cost <= target:
                break
    return best
