"""Standings speed: `compute_standings` for 1,000 players x 10 rounds.

The field is realistic: every round is seated in tables of 4 (and 5 where needed),
each table scored by the rules core in millesimi (objective points, eliminations,
an occasional RisiKo!), about 2% of players miss a round and a few join late. The
chain is seed 001's (best, 2nd, 3rd best result, previous round, lottery).
Prints the median of RUNS runs. Target: ≤ 30 ms (issue 28; docs/ARCHITECTURE.md,
«Performance targets»).
Then the CLI end to end on a 400-player, 6-round workbook, next to a bare openpyxl
load+save of the same file for scale. `--before DIR` measures another checkout alongside
this one instead (fresh processes, alternated).
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from timing import run_times

from risiko_xl.draw.rng import Rng
from risiko_xl.draw.sizes import table_sizes
from risiko_xl.rules import Seat, score_table
from risiko_xl.standings import (
    QUALIFYING,
    Entrant,
    GameResult,
    StandingsRules,
    compute_standings,
)

PLAYERS, ROUNDS, RUNS = 1_000, 10, 9
TARGET_MS = 30


def make_field(seed: int = 2026) -> tuple[list[Entrant], list[GameResult]]:
    """Entrants and their scored games, reproducible from `seed`."""
    rng = Rng(seed, "benchmark standings")
    entrants = [Entrant(f"G{i:04d}", name=f"Giocatore {i}", club=f"Club {rng.below(60)}",
                        from_round=1 if rng.below(50) else 1 + rng.below(3))
                for i in range(PLAYERS)]
    results: list[GameResult] = []
    for round_no in range(1, ROUNDS + 1):
        present = [e.id for e in entrants if e.from_round <= round_no and rng.below(50)]
        rng.shuffle(present)
        start = 0
        for number, size in enumerate(table_sizes(len(present)), 1):
            ids = present[start:start + size]
            start += size
            seats = []
            out = 0  # players eliminated so far at this table (one always survives)
            for order in range(1, size + 1):
                risiko = order == 1 and rng.below(40) == 0
                eliminated = not risiko and out < size - 1 and rng.below(10) == 0
                out += eliminated
                top = 40 if order == 1 else 28  # a table holds at most 164 points
                seats.append(Seat(0 if eliminated else rng.below(top),
                                  0 if eliminated else rng.below(4), order, risiko=risiko,
                                  eliminated=eliminated,
                                  elimination=out if eliminated else None))
            score = score_table(seats)
            results += [GameResult(pid, round_no, QUALIFYING, number, position, points,
                                   out_points=seat.out_points or 0, risiko=seat.risiko,
                                   eliminated=seat.eliminated, players=size)
                        for pid, seat, position, points in zip(ids, seats, score.positions,
                                                               score.points)]
    return entrants, results


def timed(func, runs: int = RUNS) -> tuple[float, float]:
    """Median and fastest wall time of `runs` calls, in seconds."""
    times = run_times(func, runs)
    return statistics.median(times), min(times)


def core() -> float:
    """Print and return the median time of compute_standings on the benchmark field."""
    entrants, results = make_field()
    gc.collect()  # the field's garbage is not the standings' cost
    rules = StandingsRules(rounds=ROUNDS)
    standings = compute_standings(entrants, results, rules, seed=1)
    seconds, fastest = timed(lambda: compute_standings(entrants, results, rules, seed=1))
    drawn = sum(r.by_lottery for r in standings.rows)
    print(f"standings benchmark: {PLAYERS:,} players x {ROUNDS} rounds, {len(results):,} "
          f"results, median of {RUNS} runs")
    print(f"  compute_standings {seconds * 1000:8.1f} ms median, {fastest * 1000:.1f} ms "
          f"fastest   (target ≤ {TARGET_MS} ms; {drawn} positions drawn by lottery)")
    return seconds


def cli(players: int = 400, rounds: int = 6, repeats: int = 3) -> None:
    """CLI end to end on a 400-player, 6-round workbook: `standings`, then `draw` of round
    7 (each = load, compute, atomic save), against a bare openpyxl load+save."""
    import tempfile

    from openpyxl import load_workbook

    from risiko_xl import simulate
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.services.rounds import draw_round
    from risiko_xl.workbooks.template import formula_settings, write_new

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "grande.xlsx"
        write_new(path, {**formula_settings("master"), "Turni preliminari": rounds + 1,
                         "Seme sorteggio": "bench"})
        book = OpenpyxlBook(path)
        simulate.register(book, simulate.players(players, 40, "bench"))
        for round_no in range(1, rounds + 1):
            draw_round(book, round_no)
            simulate.play(book, round_no, "Qualificazione", "bench")
        book.save()
        pristine = path.read_bytes()

        def timed(*argv: str) -> float:
            path.write_bytes(pristine)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "risiko_xl.cli", *argv], check=True,
                           capture_output=True)
            return time.perf_counter() - start

        def bare() -> float:
            start = time.perf_counter()
            load_workbook(path).save(Path(tmp) / "copia.xlsx")
            return time.perf_counter() - start

        base = statistics.median(bare() for _ in range(repeats))
        print(f"CLI on {players} players x {rounds} rounds ({players * rounds} result rows), "
              f"median of {repeats}:")
        print(f"  {'bare openpyxl load+save':<29} {base:6.2f} s  (in process)")
        for label, argv in (("risiko-xl --version (startup)", ("--version",)),
                            ("risiko-xl standings", ("standings", str(path))),
                            ("risiko-xl draw (turno 7)", ("draw", str(path)))):
            t = statistics.median(timed(*argv) for _ in range(repeats))
            print(f"  {label:<29} {t:6.2f} s  ({t / base:.1f}× load+save)")


def compare(before: Path, rounds: int = 5) -> None:
    """The in-process figure of `before` (another checkout) and of this one, each run in
    a fresh process, alternated `rounds` times: the table before and after, in one run."""
    trees = {"prima": before.resolve(), "ora": Path(__file__).resolve().parents[1]}
    figures: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            out = subprocess.run([sys.executable, __file__, "--solo"], check=True, text=True,
                                 capture_output=True,
                                 env={**os.environ, "PYTHONPATH": str(tree)}).stdout
            figures[name].append(float(out.split()[-1]))
    print(f"standings 1,000 x 10 in process, median of {RUNS} runs per process, "
          f"{rounds} processes each, alternated (load {os.getloadavg()[0]:.2f}):")
    for name, values in figures.items():
        print(f"  {name:<6} {statistics.median(values) * 1000:6.1f} ms median of the "
              f"processes ({', '.join(f'{v * 1000:.1f}' for v in values)})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--solo", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solo:
        seconds = core()
        print(seconds)
    elif args.before:
        compare(args.before)
    else:
        core()
        cli()
