"""Joint planning of all rounds when no criterion depends on results (Open/Gufo style).

The schedule is built round by round with the single-round optimiser, then improved as a
whole by a tabu search (swap two players at different tables of one round) on the
lexicographic cost: 5-/3-table seats spread (sum over players of C(seats, 2)), same-club
and same-region pairs over all rounds, and repeated meetings (sum over pairs of C(m, 2)
for pairs meeting m times, zero exactly when nobody meets twice). Player labels are
shuffled by the seed; the search budget is a step count, so results are reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from risiko_xl.draw.bounds import balanced_pairs, comb2
from risiko_xl.draw.criteria import NO_KEY, PLAN_CRITERIA, Instance, build_instance, check_criteria
from risiko_xl.draw.fingerprint import fingerprint_data
from risiko_xl.draw.model import FULL_ENGINE_VERSION, DrawInput, Player, QualityItem
from risiko_xl.draw.optimise import build_model, initial_seating, local_search
from risiko_xl.draw.rng import Rng, canonical_seed
from risiko_xl.draw.sizes import normalise_policy, table_sizes
from risiko_xl.errors import RisikoError

DEFAULT_PLAN_CRITERIA = ("five_repeat", "club", "repeat")


@dataclass(frozen=True)
class PlanResult:
    """rounds[r][t] = ids at table t+1 of round r+1; quality over the whole plan.

    Plan quality: five_repeat/three_repeat = sum over players of C(seats at such tables, 2)
    (bound: seats spread as evenly as possible); club/region = same-key pairs summed over
    rounds (bound: per-round bound × rounds); repeat = meetings beyond the first, summed
    over pairs (bound 0, or the pigeonhole count when players outnumber possible partners).
    """

    rounds: list[list[list[str]]]
    seed: int | str
    fingerprint: str
    engine_version: str
    quality: list[QualityItem]


def _spread_bound(seats: int, n: int) -> int:
    """Least sum of C(c_p, 2) when `seats` seats are shared by n players."""
    return balanced_pairs(seats, n)


def plan_rounds(
    players: Sequence[Player],
    rounds: int,
    seed: int | str,
    policy: str = "standard",
    criteria: Sequence[str] = DEFAULT_PLAN_CRITERIA,
    effort: int = 1,
) -> PlanResult:
    """Plan `rounds` rounds at once for `players` (only id, club and region are used)."""
    criteria = check_criteria(criteria)
    for c in criteria:
        if c not in PLAN_CRITERIA:
            raise RisikoError(
                "criterio non ammesso nella pianificazione di tutti i turni "
                "(dipende dai risultati)",
                valore=c,
            )
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise RisikoError("il numero di turni deve essere un intero positivo", valore=rounds)
    policy = normalise_policy(policy)
    base = [Player(id=p.id, club=p.club, region=p.region) for p in players]
    inst = build_instance(DrawInput(players=tuple(base), seed=seed))
    n = inst.n
    sizes = table_sizes(n, policy)
    rng = Rng(seed, "plan")
    schedule = _sequential(inst, base, sizes, rounds, criteria, rng)
    planner = _Planner(inst, sizes, schedule, criteria, rng)
    built = _spread_schedule(n, sizes, rounds, rng)
    if built is not None:
        other = _Planner(inst, sizes, built, criteria, rng)
        if other.cost < planner.cost:
            planner = other
    planner.search(effort)
    ids = inst.ids
    out = [[[ids[p] for p in t] for t in rd] for rd in planner.best]
    for rd in out:
        for t in rd:
            rng.shuffle(t)
    data = {
        "engine": FULL_ENGINE_VERSION,
        "players": [[p.id, p.club or "", p.region or ""] for p in sorted(base, key=lambda p: p.id)],
        "rounds": rounds,
        "seed": canonical_seed(seed),
        "policy": policy,
        "criteria": list(criteria),
        "effort": effort,
    }
    return PlanResult(
        rounds=out,
        seed=seed,
        fingerprint=fingerprint_data(data),
        engine_version=FULL_ENGINE_VERSION,
        quality=planner.quality(planner.best),
    )


def _sequential(
    inst: Instance,
    base: list[Player],
    sizes: list[int],
    rounds: int,
    criteria: tuple[str, ...],
    rng: Rng,
) -> list[list[list[int]]]:
    """Greedy start: each round optimised against the ones before it."""
    ids = sorted(p.id for p in base)
    by_id = {p.id: p for p in base}
    history: list[list[int | None]] = [[] for _ in ids]
    schedule = []
    for r in range(rounds):
        players = tuple(
            Player(
                id=pid,
                club=by_id[pid].club,
                region=by_id[pid].region,
                history=tuple(history[i]),
            )
            for i, pid in enumerate(ids)
        )
        round_inst = build_instance(DrawInput(players=players, seed=0, round_no=r + 1))
        model = build_model(round_inst, criteria, sizes)
        tables = initial_seating(round_inst, sizes, criteria, rng)
        tables = local_search(tables, model, rng)
        schedule.append(tables)
        for t_idx, t in enumerate(tables):
            for p in t:
                history[p].append(t_idx + 1)
    return schedule


class _Planner:
    """Tabu search on a whole schedule."""

    def __init__(
        self,
        inst: Instance,
        sizes: list[int],
        schedule: list[list[list[int]]],
        criteria: tuple[str, ...],
        rng: Rng,
    ) -> None:
        self.inst = inst
        self.n = inst.n
        self.sizes = sizes
        self.criteria = criteria
        self.rng = rng
        self.rounds = [[list(t) for t in rd] for rd in schedule]
        n = self.n
        n_rounds = len(schedule)
        max_pairs = sum(comb2(s) for s in sizes) * n_rounds
        upper = {}
        for c in criteria:
            if c == "five_repeat" or c == "three_repeat":
                upper[c] = n * comb2(n_rounds)
            elif c == "repeat":
                upper[c] = n * n * comb2(n_rounds)
            else:
                upper[c] = max_pairs
        weights: dict[str, int] = {}
        acc = 0
        for c in reversed(criteria):
            weights[c] = acc + 1
            acc += weights[c] * upper[c]
        self.weights = weights
        self.w_rep = weights.get("repeat", 0)
        self.size_w = {5: weights.get("five_repeat", 0), 3: weights.get("three_repeat", 0)}
        self.key_w: list[tuple[int, list[int]]] = [
            (weights[c], inst.keys[c]) for c in ("club", "region") if c in criteria
        ]
        self.meet = [[0] * n for _ in range(n)]
        self.cm = [[0] * n for _ in range(n)]  # key cost + w_rep * meetings, per pair
        self.seats = {5: [0] * n, 3: [0] * n}
        self.where = [[0] * n for _ in range(n_rounds)]
        for r, rd in enumerate(self.rounds):
            for t_idx, t in enumerate(rd):
                for p in t:
                    self.where[r][p] = t_idx
                    if len(t) in self.seats:
                        self.seats[len(t)][p] += 1
                for i, a in enumerate(t):
                    for b in t[i + 1 :]:
                        self.meet[a][b] += 1
                        self.meet[b][a] += 1
        w = self.w_rep
        for a in range(n):
            ca, ma = self.cm[a], self.meet[a]
            for b in range(n):
                if a != b:
                    ca[b] = self.key_pair(a, b) + w * ma[b]
        self.cost = self.total()
        self.best = [[list(t) for t in rd] for rd in self.rounds]
        self.best_cost = self.cost

    def key_pair(self, a: int, b: int) -> int:
        c = 0
        for w, keys in self.key_w:
            k = keys[a]
            if k != NO_KEY and k == keys[b]:
                c += w
        return c

    def total(self) -> int:
        cost = 0
        for size, w in self.size_w.items():
            cost += w * sum(comb2(c) for c in self.seats[size])
        for rd in self.rounds:
            for t in rd:
                for i, a in enumerate(t):
                    for b in t[i + 1 :]:
                        cost += self.key_pair(a, b)
        if self.w_rep:
            cost += self.w_rep * sum(
                comb2(self.meet[a][b]) for a in range(self.n) for b in range(a + 1, self.n)
            )
        return cost

    def total_from_cm(self) -> int:
        """Cost recomputed from the current schedule (after perturbation)."""
        self.meet = [[0] * self.n for _ in range(self.n)]
        for rd in self.rounds:
            for t in rd:
                for i, a in enumerate(t):
                    for b in t[i + 1 :]:
                        self.meet[a][b] += 1
                        self.meet[b][a] += 1
        return self.total()

    def target(self) -> int:
        return sum(self.weights[q.criterion] * q.lower_bound for q in self.quality(self.rounds))

    def quality(self, rounds: list[list[list[int]]]) -> list[QualityItem]:
        n, n_rounds = self.n, len(rounds)
        meet: dict[tuple[int, int], int] = {}
        seats = {5: [0] * n, 3: [0] * n}
        key_pairs = {"club": 0, "region": 0}
        for rd in rounds:
            for t in rd:
                for p in t:
                    if len(t) in seats:
                        seats[len(t)][p] += 1
                for i, a in enumerate(t):
                    for b in t[i + 1 :]:
                        pair = (a, b) if a < b else (b, a)
                        meet[pair] = meet.get(pair, 0) + 1
                        for c in key_pairs:
                            k = self.inst.keys[c][a]
                            if k != NO_KEY and k == self.inst.keys[c][b]:
                                key_pairs[c] += 1
        out = []
        for c in self.criteria:
            if c in ("five_repeat", "three_repeat"):
                size = 5 if c == "five_repeat" else 3
                per_round = sum(s for s in self.sizes if s == size)
                value = sum(comb2(x) for x in seats[size])
                bound = _spread_bound(per_round * n_rounds, n)
            elif c == "repeat":
                value = sum(m - 1 for m in meet.values())
                total = sum(comb2(s) for s in self.sizes) * n_rounds
                bound = max(0, total - comb2(n))
            else:
                value = key_pairs[c]
                keys = self.inst.keys[c]
                groups: dict[int, int] = {}
                for k in keys:
                    if k != NO_KEY:
                        groups[k] = groups.get(k, 0) + 1
                bound = n_rounds * sum(balanced_pairs(k, len(self.sizes)) for k in groups.values())
            out.append(QualityItem(c, value, bound))
        return out

    def _conflicts(self) -> list[tuple[int, int]]:
        out = []
        w = self.w_rep
        cm = self.cm
        for r, rd in enumerate(self.rounds):
            for t in rd:
                for a in t:
                    ca = cm[a]
                    if any(ca[b] > w for b in t if b != a):
                        out.append((r, a))
        return out

    def _seat_delta(self, p: int, old: int, new: int) -> int:
        if old == new:
            return 0
        d = 0
        for size, w in self.size_w.items():
            if w:
                c = self.seats[size][p]
                if old == size:
                    d -= w * (c - 1)
                if new == size:
                    d += w * (c - (old == size))
        return d

    def _apply(self, r: int, p: int, q: int) -> None:
        rd = self.rounds[r]
        a_idx, b_idx = self.where[r][p], self.where[r][q]
        ta, tb = rd[a_idx], rd[b_idx]
        cm = self.cm
        w = self.w_rep
        cp, cq = cm[p], cm[q]
        for x in ta:
            if x != p:
                cp[x] -= w
                cm[x][p] -= w
                cq[x] += w
                cm[x][q] += w
        for x in tb:
            if x != q:
                cq[x] -= w
                cm[x][q] -= w
                cp[x] += w
                cm[x][p] += w
        sa, sb = len(ta), len(tb)
        for size, counts in self.seats.items():
            counts[p] += (sb == size) - (sa == size)
            counts[q] += (sa == size) - (sb == size)
        ta[ta.index(p)] = q
        tb[tb.index(q)] = p
        self.where[r][p], self.where[r][q] = b_idx, a_idx

    def _best_move(
        self, conflicts: list[tuple[int, int]], step: int, tabu: dict[tuple[int, int, int], int]
    ) -> tuple[int | None, tuple[int, int, int] | None]:
        rng = self.rng
        w = self.w_rep
        cm = self.cm
        sized = any(self.size_w.values())
        best_d, best, ties = None, None, 0
        for r, p in conflicts:
            rd = self.rounds[r]
            a_idx = self.where[r][p]
            ta = rd[a_idx]
            cp = cm[p]
            leave_p = 0
            for x in ta:
                if x != p:
                    leave_p += cp[x] - w
            for b_idx, tb in enumerate(rd):
                if b_idx == a_idx:
                    continue
                join_p = -leave_p
                for x in tb:
                    join_p += cp[x]
                tabu_p = tabu.get((r, p, b_idx), 0) > step
                for q in tb:
                    cq = cm[q]
                    d = join_p - cp[q]
                    for x in ta:
                        if x != p:
                            d += cq[x]
                    for x in tb:
                        if x != q:
                            d -= cq[x] - w
                    if sized:
                        d += self._seat_delta(p, len(ta), len(tb))
                        d += self._seat_delta(q, len(tb), len(ta))
                    if (tabu_p or tabu.get((r, q, a_idx), 0) > step) and (
                        self.cost + d >= self.best_cost
                    ):
                        continue
                    if best_d is None or d < best_d:
                        best_d, best, ties = d, (r, p, q), 1
                    elif d == best_d:
                        ties += 1
                        if rng.below(ties) == 0:
                            best = (r, p, q)
        return best_d, best

    def _restore(self, rounds: list[list[list[int]]]) -> None:
        self.__init__(self.inst, self.sizes, rounds, self.criteria, self.rng)  # type: ignore[misc]  # rebuilt in place: the
        # counts are recomputed from `rounds`, and callers keep their reference to this object

    def search(self, effort: int) -> None:
        target = self.target()
        if self.cost <= target:
            return
        rng = self.rng
        steps_cap = effort * 15_000
        stall_cap = 400 + 20 * self.n
        tenure = 8
        tabu: dict[tuple[int, int, int], int] = {}
        step = last_best = 0
        best_all = self.best
        best_all_cost = self.best_cost
        kicks = 0
        while step < steps_cap:
            step += 1
            conflicts = self._conflicts()
            if not conflicts:
                break
            best_d, move = self._best_move(conflicts, step, tabu)
            if move is None:
                continue
            assert best_d is not None  # set together with the move
            r, p, q = move
            a_idx, b_idx = self.where[r][p], self.where[r][q]
            self._apply(r, p, q)
            tabu[(r, p, a_idx)] = step + tenure + rng.below(5)
            tabu[(r, q, b_idx)] = step + tenure + rng.below(5)
            self.cost += best_d
            if self.cost < self.best_cost:
                self.best_cost = self.cost
                self.best = [[list(t) for t in rd] for rd in self.rounds]
                last_best = step
                if self.cost < best_all_cost:
                    best_all, best_all_cost = self.best, self.cost
                    kicks = 0
                if self.cost <= target:
                    break
            elif step - last_best > stall_cap:
                kicks += 1
                if kicks > 4 * effort:
                    break
                # perturb: restart from the best schedule with a few random swaps
                self._restore(best_all)
                for _ in range(2 + rng.below(4)):
                    r = rng.below(len(self.rounds))
                    rd = self.rounds[r]
                    t1, t2 = rng.sample(range(len(rd)), 2)
                    p, q = rng.choice(rd[t1]), rng.choice(rd[t2])
                    self._apply(r, p, q)
                self.cost = self.total_from_cm()
                self.best_cost = self.cost
                tabu.clear()
                last_best = step
        self.best = best_all
        self.best_cost = best_all_cost


def _spread_schedule(
    n: int, sizes: list[int], rounds: int, rng: Rng
) -> list[list[list[int]]] | None:
    """Repeat-free schedule for n = 2^k players at tables of 4, when one exists this way.

    Players are the vectors of GF(2)^k; a round is the set of cosets of a 2-dimensional
    subspace, and subspaces meeting only in 0 (a partial spread) never seat a pair twice.
    The spread is found by a seeded randomised greedy search; labels are shuffled.
    """
    k = n.bit_length() - 1
    if n < 16 or n != 1 << k or any(s != 4 for s in sizes) or rounds > (n - 1) // 3:
        return None
    lines: list[tuple[int, int, int]] = []
    for a in range(1, n):
        for b in range(a + 1, n):
            if a ^ b > b:
                lines.append((a, b, a ^ b))
    spread: list[tuple[int, int, int]] = []
    for _ in range(200):
        rng.shuffle(lines)
        used: set[int] = set()
        spread = []
        for line in lines:
            if not any(v in used for v in line):
                spread.append(line)
                used.update(line)
                if len(spread) == rounds:
                    break
        if len(spread) == rounds:
            break
    else:
        return None
    label = list(range(n))
    rng.shuffle(label)
    schedule = []
    for a, b, c in spread:
        seen: set[int] = set()
        tables = []
        for v in range(n):
            if v not in seen:
                coset = [v, v ^ a, v ^ b, v ^ c]
                seen.update(coset)
                tables.append([label[x] for x in coset])
        rng.shuffle(tables)
        schedule.append(tables)
    return schedule
