"""Joint planning of every round (`sorteggia --tutti`): quality and speed (a script).

    PYTHONPATH=. python benchmarks/plan_quality.py

Plans 16×5, 20×5, 32×8 (no clubs: a schedule with nobody meeting twice exists), 21×4
and 22×6 with clubs (3-, 4- and 5-tables), 40×6 with clubs, each with two seeds, and
prints each criterion of the plan against its lower bound and the time taken.

Targets: 0 repeated meetings for 16×5, 20×5 and 32×8; five_repeat and club at their
bound wherever the plan bound is reachable; every plan under 10 s.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from risiko_xl.draw import Player, plan_rounds

CASES = [  # (players, rounds, players with a club (club = i % 4), criteria)
    (16, 5, 0, ("five_repeat", "club", "repeat")),
    (20, 5, 0, ("five_repeat", "club", "repeat")),
    (32, 8, 0, ("five_repeat", "club", "repeat")),
    (21, 4, 12, ("five_repeat", "club", "repeat")),
    (22, 6, 12, ("five_repeat", "three_repeat", "club", "repeat")),
    (40, 6, 24, ("five_repeat", "club", "repeat")),
    (45, 5, 30, ("five_repeat", "club", "repeat")),
]
SEEDS = (1, "torneo")


def main() -> None:
    times = []
    zero = True
    for n, rounds, clubbed, criteria in CASES:
        players = [Player(f"P{i:02d}", club=f"C{i % 4}" if i < clubbed else None)
                   for i in range(n)]
        for seed in SEEDS:
            t0 = time.perf_counter()
            plan = plan_rounds(players, rounds, seed, criteria=criteria)
            seconds = time.perf_counter() - t0
            times.append(seconds)
            cells = "  ".join(f"{q.criterion}={q.value}/{q.lower_bound}" for q in plan.quality)
            print(f"{n:>3}×{rounds:<2} clubs={clubbed:<3} seed={seed!s:<7} {cells}  "
                  f"{seconds:6.2f} s", flush=True)
            if clubbed == 0 and (n, rounds) in ((16, 5), (20, 5), (32, 8)):
                zero &= plan.quality[-1].value == 0
    print()
    print(f"SUMMARY zero_repeats_16x5_20x5_32x8={'yes' if zero else 'NO'} "
          f"median_s={statistics.median(times):.2f} max_s={max(times):.2f} "
          f"total_s={sum(times):.2f}")
    print("TARGETS MET" if zero and max(times) < 10 else "TARGETS NOT MET")


if __name__ == "__main__":
    main()
