"""How often a draw is proved optimal, the gap where not, and the time (a script, not a test).

    PYTHONPATH=. python benchmarks/draw_proof.py [--quick] [--climb SECONDS] [--climbs K]

Instances: fields of 12 to 400 players, 1 to 6 rounds, clubs from none to a third of the
field in one club (plus many small ones), criteria of the master formulation
(five_repeat, winners, club, repeat). Every round is drawn twice from the same input:
by the search alone (`prove=False`, engines up to 1.2) and as the engine draws (the
exact solver on fields up to `exact.EXACT_MAX_PLAYERS` when the search stops above a
bound). One random winner per table is fed back. Printed per instance: rounds proved
optimal (every criterion at a bound of its optimum, counting or solver-proved), the
summed gap above the bounds, rounds where the solver seated better than the search,
CPU seconds of the search and of the whole draw (its worst round).

`--climb S` then runs, on `--climbs` rounds not proved optimal (a proved one cannot be
beaten), an independent randomised hill climb for S seconds from random seatings (swaps of two
players, restarts, criteria compared as a tuple) and prints whether it ever found a
seating lexicographically better than the draw's.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from risiko_xl.draw import DrawInput, Player, draw
from risiko_xl.draw import exact as solver
from risiko_xl.draw.criteria import build_instance, evaluate
from risiko_xl.draw.sizes import table_sizes

CRITERIA = ("five_repeat", "winners", "club", "repeat")
# (players, rounds, share of the field in the largest club: 0 = no clubs)
INSTANCES = [(12, 6, 0), (12, 5, 1 / 3), (13, 4, 0.2), (16, 6, 1 / 3), (17, 5, 0),
             (19, 4, 0.2), (20, 6, 0.1), (21, 3, 1 / 3), (23, 5, 0.2), (24, 6, 0),
             (26, 3, 0.2), (26, 6, 1 / 3), (28, 4, 0.1), (30, 6, 0.2), (32, 5, 1 / 3),
             (35, 6, 0), (38, 4, 0.2), (40, 6, 1 / 3), (41, 5, 0.2), (50, 6, 1 / 3),
             (64, 4, 0.1), (101, 6, 0.2), (150, 3, 1 / 3), (250, 5, 0.1), (400, 6, 0.2)]


def clubs_for(n: int, share: float, rng: random.Random) -> list[str | None]:
    """One club of `share`·n players, the rest in clubs of 1-3 or none, shuffled."""
    if not share:
        return [None] * n
    clubs: list[str | None] = ["Grande"] * int(n * share)
    c = 0
    while len(clubs) < n:
        clubs += [None] if rng.random() < 0.1 else [f"Club{c}"] * rng.choice((1, 2, 3))
        c += 1
    clubs = clubs[:n]
    rng.shuffle(clubs)
    return clubs


def cpu() -> float:
    return time.process_time()


def run(k: int, n: int, rounds: int, share: float) -> dict:
    rng = random.Random(5000 + k)
    clubs = clubs_for(n, share, rng)
    ids = [f"G{i:04d}" for i in range(n)]
    history: dict[str, list[int]] = {pid: [] for pid in ids}
    winners: set[str] = set()
    out = {"proved": 0, "gap": 0, "better": 0, "search_s": 0.0, "draw_s": 0.0, "worst": 0.0,
           "open": []}
    for rd in range(1, rounds + 1):
        players = tuple(Player(id=pid, club=clubs[i], history=tuple(history[pid]),
                               winner=pid in winners) for i, pid in enumerate(ids))
        inp = DrawInput(players=players, seed=f"prova-{k}-{rd}", round_no=rd,
                        criteria=CRITERIA)
        t0 = cpu()
        alone = draw(inp, prove=False)
        t1 = cpu()
        res = draw(inp)
        t2 = cpu()
        out["search_s"] += t1 - t0
        out["draw_s"] += t2 - t1
        out["worst"] = max(out["worst"], t2 - t1)
        out["proved"] += res.optimal
        out["gap"] += sum(q.value - q.lower_bound for q in res.quality)
        values = tuple(q.value for q in res.quality)
        out["better"] += values < tuple(q.value for q in alone.quality)
        if not res.optimal:  # a proved optimum cannot be beaten: the climb tries the rest
            out["open"].append((inp, values))
        where = res.table_of()
        for pid in ids:
            history[pid].append(where[pid])
        winners = {rng.choice(t) for t in res.tables}
    return out


def climb(inp: DrawInput, seconds: float, seed: int) -> tuple[int, ...]:
    """Best criteria tuple a randomised hill climb finds in `seconds` of CPU."""
    inst = build_instance(inp)
    sizes = table_sizes(inst.n)
    rng = random.Random(seed)

    def value(tables: list[list[int]]) -> tuple[int, ...]:
        return tuple(evaluate(inst, tables, c) for c in inp.criteria)

    best: tuple[int, ...] | None = None
    end = cpu() + seconds
    while cpu() < end:
        order = list(range(inst.n))
        rng.shuffle(order)
        tables, at = [], 0
        for s in sizes:
            tables.append(order[at:at + s])
            at += s
        current, stall = value(tables), 0
        while stall < 40 * inst.n and cpu() < end:
            a, b = rng.sample(range(len(tables)), 2)
            i, j = rng.randrange(len(tables[a])), rng.randrange(len(tables[b]))
            tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
            new = value(tables)
            if new <= current:
                stall = 0 if new < current else stall + 1
                current = new
            else:
                tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                stall += 1
        best = current if best is None else min(best, current)
    assert best is not None
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fields up to 64")
    parser.add_argument("--climb", type=float, default=0.0, help="seconds of hill climb")
    parser.add_argument("--climbs", type=int, default=6, help="rounds to climb on")
    args = parser.parse_args()
    print(f"solver: {'OR-Tools CP-SAT' if solver.available() else 'absent'}, up to "
          f"{solver.EXACT_MAX_PLAYERS} players, budget {solver.DETERMINISTIC_BUDGET:g} "
          "deterministic units")
    print(f"{'N':>4} {'R':>2} {'club':>5}  {'proved':>7} {'gap':>4} {'solver<search':>13} "
          f"{'search s':>8} {'draw s':>7} {'worst s':>7}")
    total = proved = 0
    small_total = small_proved = 0
    opened: list[tuple[DrawInput, tuple[int, ...]]] = []
    for k, (n, rounds, share) in enumerate(INSTANCES):
        if args.quick and n > 64:
            continue
        r = run(k, n, rounds, share)
        total += rounds
        proved += r["proved"]
        if n <= solver.EXACT_MAX_PLAYERS:
            small_total += rounds
            small_proved += r["proved"]
        opened += r["open"]
        print(f"{n:>4} {rounds:>2} {share:>5.2f}  {r['proved']:>3}/{rounds:<3} {r['gap']:>4} "
              f"{r['better']:>13} {r['search_s']:>8.2f} {r['draw_s']:>7.2f} "
              f"{r['worst']:>7.2f}", flush=True)
    print(f"\nrounds proved optimal: {proved}/{total} ({100 * proved / total:.0f} %); up to "
          f"{solver.EXACT_MAX_PLAYERS} players: {small_proved}/{small_total} "
          f"({100 * small_proved / max(1, small_total):.0f} %)")
    if args.climb:
        print(f"\nhill climb, {args.climb:g} s of CPU per round, against the draw:")
        for i, (inp, values) in enumerate(opened[:args.climbs]):
            found = climb(inp, args.climb, i)
            verdict = "BEATEN" if found < values else "not beaten"
            print(f"  {len(inp.players):>4} players, round {inp.round_no}: draw {values}, "
                  f"climb {found}: {verdict}", flush=True)


if __name__ == "__main__":
    main()
