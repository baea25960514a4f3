"""Draw quality and speed on generated tournaments (a script, not a test).

    PYTHONPATH=. python benchmarks/draw_quality.py [--procedure optimise|cinquisti] [--quick]

Generates 44 instances (N from 12 to 1,000, 1-6 rounds, skewed clubs: a few clubs of
5-15 players, many of 1-3, some players without a club), draws every round with the
"master" criteria (five_repeat, winners, club, repeat), feeding back one random winner
per table, and prints per instance each criterion summed over rounds against the summed
lower bounds (a '*' marks a criterion above its bound in some round) and the time.

Targets: five_repeat and winners at the bound on every instance; club at the bound on
>= 95 %; repeat 0 on every instance with N >= 16, rounds <= 4 and no club > N/8;
median round time < 1 s at 400 players and < 5 s at 1,000 players.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from risiko_xl.draw import DrawInput, Player, draw

CRITERIA = ("five_repeat", "winners", "club", "repeat")
SIZES = [12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 25, 27, 29, 30, 32, 35, 38, 41,
         45, 50, 57, 64, 77, 90, 101, 128, 150, 199, 250, 333, 400, 400, 401, 402, 403,
         500, 640, 800, 1000, 1000, 1001, 1002]  # fmt: skip


def make_clubs(n: int, rng: random.Random) -> list[str | None]:
    """A few clubs of 5-15, many of 1-3, ~8 % without club, shuffled."""
    clubs: list[str | None] = []
    big = max(1, min(6, n // 60 + 1))
    for c in range(big):
        size = rng.randint(5, 15)
        clubs += [f"Grande{c}"] * min(size, max(2, n // 3))
    c = 0
    while len(clubs) < n:
        if rng.random() < 0.08:
            clubs.append(None)
            continue
        clubs += [f"Club{c}"] * rng.choice((1, 1, 2, 2, 3))
        c += 1
    clubs = clubs[:n]
    rng.shuffle(clubs)
    return clubs


def run_instance(k: int, n: int, rounds: int, procedure: str) -> dict:
    rng = random.Random(1000 + k)
    clubs = make_clubs(n, rng)
    ids = [f"G{i:04d}" for i in range(n)]
    history: dict[str, list[int]] = {pid: [] for pid in ids}
    winners: set[str] = set()
    totals = {c: [0, 0] for c in CRITERIA}
    above = {c: False for c in CRITERIA}
    times = []
    for rd in range(1, rounds + 1):
        players = tuple(
            Player(id=pid, club=clubs[i], history=tuple(history[pid]), winner=pid in winners)
            for i, pid in enumerate(ids)
        )
        inp = DrawInput(
            players=players,
            seed=f"bench-{k}-{rd}",
            round_no=rd,
            criteria=CRITERIA,
            procedure=procedure,
        )
        t0 = time.perf_counter()
        res = draw(inp)
        times.append(time.perf_counter() - t0)
        for q in res.quality:
            totals[q.criterion][0] += q.value
            totals[q.criterion][1] += q.lower_bound
            above[q.criterion] |= q.value > q.lower_bound
        where = res.table_of()
        for pid in ids:
            history[pid].append(where[pid])
        winners = {rng.choice(t) for t in res.tables}
    counts: dict[str, int] = {}
    for c in clubs:
        if c is not None:
            counts[c] = counts.get(c, 0) + 1
    return {
        "n": n,
        "rounds": rounds,
        "max_club": max(counts.values(), default=0),
        "totals": totals,
        "above": above,
        "times": times,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--procedure", default="optimise", choices=("optimise", "cinquisti"))
    parser.add_argument("--quick", action="store_true", help="skip N > 500")
    args = parser.parse_args()
    rng = random.Random(20240501)
    plan = [(k, n, rng.randint(1, 6)) for k, n in enumerate(SIZES)]
    results = []
    head = "  ".join(f"{c:>15}" for c in CRITERIA)
    print(f"{'#':>3} {'N':>5} {'R':>2} {'club':>4}  {head}  {'tot s':>7} {'max s':>6}")
    for k, n, rounds in plan:
        if args.quick and n > 500:
            continue
        r = run_instance(k, n, rounds, args.procedure)
        results.append(r)
        cells = "  ".join(
            f"{r['totals'][c][0]:>6}/{r['totals'][c][1]:<6}{'*' if r['above'][c] else ' ':>2}"
            for c in CRITERIA
        )
        print(
            f"{k:>3} {n:>5} {rounds:>2} {r['max_club']:>4}  {cells}  "
            f"{sum(r['times']):7.2f} {max(r['times']):6.2f}",
            flush=True,
        )
    total = len(results)
    at = {c: sum(not r["above"][c] for r in results) for c in CRITERIA}
    eligible = [
        r for r in results if r["n"] >= 16 and r["rounds"] <= 4 and r["max_club"] <= r["n"] / 8
    ]
    rep_zero = sum(r["totals"]["repeat"][0] == 0 for r in eligible)

    def median_time(lo: int, hi: int) -> float:
        ts = [t for r in results if lo <= r["n"] <= hi for t in r["times"]]
        return statistics.median(ts) if ts else float("nan")

    print()
    print(
        f"SUMMARY instances={total} "
        + " ".join(f"{c}_at_bound={at[c]}/{total}" for c in CRITERIA)
        + f" club_at_bound_pct={100 * at['club'] / total:.1f}%"
        + f" repeat_zero_eligible={rep_zero}/{len(eligible)}"
        + f" median_round_s_400={median_time(399, 403):.3f}"
        + f" median_round_s_1000={median_time(999, 1002):.3f}"
    )
    ok = (
        at["five_repeat"] == total
        and at["winners"] == total
        and at["club"] >= 0.95 * total
        and rep_zero == len(eligible)
        and median_time(399, 403) < 1
        and (args.quick or median_time(999, 1002) < 5)
    )
    print("TARGETS MET" if ok else "TARGETS NOT MET")


if __name__ == "__main__":
    main()
