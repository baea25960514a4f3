"""Scoring speed: 10,000 random tables through the core and through the UDF columns.

Prints rows per second (median of several runs) for
- the core: `score_table` per table (placement + millesimi);
- the worksheet functions as Excel calls them: one RISIKO_POSIZIONE call and one
  RISIKO_PUNTI_TORNEO call over the whole column (floats in, n×1 blocks out).
Target: ≥ 200,000 rows/s through the UDF path.
"""

from __future__ import annotations

import random

from timing import median_seconds

from risiko_xl import udfs
from risiko_xl.rules import Seat, score_table

TABLES, REPEATS = 10_000, 5


def make_tables(rng: random.Random) -> list[list[Seat]]:
    tables = []
    for _ in range(TABLES):
        n = rng.choice((4, 4, 4, 5))
        orders = rng.sample(range(1, n + 1), n)
        seats = []
        for i in range(n):
            eliminated = i == n - 1 and rng.random() < 0.2
            points = 0 if eliminated else rng.randint(0, 25)
            seats.append(Seat(points, 0 if eliminated else rng.randint(0, 6), orders[i],
                              risiko=(i == 0 and rng.random() < 0.05), eliminated=eliminated,
                              elimination=1 if eliminated else None))
        tables.append(seats)
    return tables


def columns(tables: list[list[Seat]]) -> dict[str, list]:
    cols: dict[str, list] = {k: [] for k in ("t", "p", "o", "r", "rk", "e", "n")}
    for t, seats in enumerate(tables, start=1):
        for s in seats:
            cols["t"].append(float(t))
            cols["p"].append(float(s.points))
            cols["o"].append(float(s.out_points))
            cols["r"].append(float(s.order))
            cols["rk"].append("S" if s.risiko else None)
            cols["e"].append(1.0 if s.eliminated else None)
            cols["n"].append(float(len(seats)))
    return cols


def timed(func) -> float:
    return median_seconds(func, REPEATS)


def main() -> None:
    tables = make_tables(random.Random(2026))
    rows = sum(len(t) for t in tables)
    cols = columns(tables)

    core = timed(lambda: [score_table(t) for t in tables])
    pos = udfs.RISIKO_POSIZIONE(cols["t"], cols["p"], cols["o"], cols["r"], cols["rk"],
                                cols["e"], cols["n"])
    position = timed(lambda: udfs.RISIKO_POSIZIONE(cols["t"], cols["p"], cols["o"], cols["r"],
                                                   cols["rk"], cols["e"], cols["n"]))
    points = timed(lambda: udfs.RISIKO_PUNTI_TORNEO(cols["p"], cols["n"], pos, cols["rk"]))
    errors = sum(isinstance(v[0], str) for v in pos)
    print(f"scoring benchmark: {TABLES:,} tables, {rows:,} rows, median of {REPEATS} runs")
    both = position + points
    for label, seconds in (("core score_table", core), ("UDF RISIKO_POSIZIONE", position),
                           ("UDF RISIKO_PUNTI_TORNEO", points), ("UDF both columns", both)):
        print(f"  {label:<26}{seconds * 1000:8.1f} ms  {rows / seconds:12,.0f} rows/s")
    print(f"  target: ≥ 200,000 rows/s per column function ({errors} error cells)")


if __name__ == "__main__":
    main()
