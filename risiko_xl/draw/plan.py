"""Joint planning of all rounds when no criterion depends on results (Open/Gufo style).

The draw's one search on the draw's one cost model (`optimise`, `cost`), with every round
free: the schedule is first built round by round (each round the search with the rounds
before it fixed, as a round-by-round draw would seat it), or, for 2^k players at tables
of 4, from a partial spread of GF(2)^k when that costs less; then the search improves
all rounds together: 5-/3-table seats spread (sum over players of C(seats, 2)), same-club
and same-region pairs over all rounds, and repeated meetings (sum over pairs of C(m, 2)
for pairs meeting m times, zero exactly when nobody meets twice). Player labels are
shuffled by the seed; the search budget is a step count, so results are reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from risiko_xl.draw.bounds import balanced_pairs, comb2
from risiko_xl.draw.cost import build_model, weighted_target
from risiko_xl.draw.criteria import (
    NO_KEY,
    PLAN_CRITERIA,
    Instance,
    build_instance,
    check_criteria,
)
from risiko_xl.draw.fingerprint import fingerprint_data
from risiko_xl.draw.model import (
    ENGINE_VERSION,
    FULL_ENGINE_VERSION,
    DrawInput,
    Player,
    QualityItem,
)
from risiko_xl.draw.optimise import initial_seating, local_search
from risiko_xl.draw.rng import Rng, canonical_seed
from risiko_xl.draw.sizes import normalise_policy, table_sizes
from risiko_xl.errors import RisikoError

PLAN_LABEL = "pianificazione di tutti i turni"  # the procedure as Sorteggi records it
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


def plan_rounds(
    players: Sequence[Player],
    rounds: int,
    seed: int | str,
    policy: str = "standard",
    criteria: Sequence[str] = DEFAULT_PLAN_CRITERIA,
    effort: int = 1,
    engine: str = ENGINE_VERSION,
) -> PlanResult:
    """Plan `rounds` rounds at once for `players` (only id, club and region are used);
    the fingerprint names engine version `engine` (one of `model.SAME_PLANS_AS` when
    `verify` replays a plan it made)."""
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
    model = build_model(inst, criteria, sizes, free_rounds=rounds)
    built = _spread_schedule(n, sizes, rounds, rng)
    if built is not None and model.total(built) < model.total(schedule):
        schedule = built
    bounds = {q.criterion: q.lower_bound for q in _quality(inst, sizes, criteria, schedule)}
    target, seat_target = weighted_target(model, bounds)
    best = local_search(schedule, model, rng, target, seat_target, effort=effort,
                        kicks=10 * effort, steepest=True)
    ids = inst.ids
    out = [[[ids[p] for p in t] for t in rd] for rd in best]
    for rd in out:
        for t in rd:
            rng.shuffle(t)
    data = {
        "engine": engine,
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
        quality=_quality(inst, sizes, criteria, best),
    )


def _sequential(
    inst: Instance,
    base: list[Player],
    sizes: list[int],
    rounds: int,
    criteria: tuple[str, ...],
    rng: Rng,
) -> list[list[list[int]]]:
    """Greedy start: each round the search with the rounds before it fixed."""
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
        tables = local_search([tables], model, rng)[0]
        schedule.append(tables)
        for t_idx, t in enumerate(tables):
            for p in t:
                history[p].append(t_idx + 1)
    return schedule


def _quality(inst: Instance, sizes: list[int], criteria: tuple[str, ...],
             rounds: list[list[list[int]]]) -> list[QualityItem]:
    """Each criterion's value over the plan and its lower bound (see `PlanResult`)."""
    n, n_rounds = inst.n, len(rounds)
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
                        k = inst.keys[c][a]
                        if k != NO_KEY and k == inst.keys[c][b]:
                            key_pairs[c] += 1
    out = []
    for c in criteria:
        if c in ("five_repeat", "three_repeat"):
            size = 5 if c == "five_repeat" else 3
            per_round = sum(s for s in sizes if s == size)
            value = sum(comb2(x) for x in seats[size])
            bound = balanced_pairs(per_round * n_rounds, n)  # seats spread evenly
        elif c == "repeat":
            value = sum(m - 1 for m in meet.values())
            total = sum(comb2(s) for s in sizes) * n_rounds
            bound = max(0, total - comb2(n))
        else:
            value = key_pairs[c]
            groups: dict[int, int] = {}
            for k in inst.keys[c]:
                if k != NO_KEY:
                    groups[k] = groups.get(k, 0) + 1
            bound = n_rounds * sum(balanced_pairs(k, len(sizes)) for k in groups.values())
        out.append(QualityItem(c, value, bound))
    return out


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
