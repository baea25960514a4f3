"""The demo at scale: 1,000 players, 10 preliminary rounds, semifinals and final, through
the CLI (issue 7, "Scale").

First `risiko-xl demo` at scale, one process (`--formula nazionale --giocatori 1000 --club
60 --turni 10`): registration, every round drawn, typed by the seeded simulator and
ranked, a withdrawal, semifinals, final, final ranking, verify, the posts in every format
and the referti; its wall time and peak memory are the figures with targets (< 60 s,
< 1 GB). Formula `nazionale`: no split into parallel tournaments, so the 1,000 players
end in one semifinal round of 4 tables by bands and one final table.

Then the same tournament as an organiser runs it from a prompt: every step its own
`risiko-xl` process on one workbook file (new, draw, standings, finals, ritira, verify,
export, post, referti), this script typing the results between steps. Printed: the total
(CLI processes alone, with their CPU time, and with the typing), the median wall and CPU
time of each command kind, the peak memory, the fixed cost every command pays (Python
with our modules; openpyxl alone opening and saving the final workbook). Each command
opens and saves the whole file, so that cost grows with the results typed.

Last the worksheet functions (median of RUNS calls, values as Excel passes them: lists of
rows, floats, None for empty) on 1,000 rows, target < 0.5 s each, and the two whole-table
ones on the whole tournament too.

    python benchmarks/scale.py [--players 1000] [--rounds 10] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from timing import run_times

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from risiko_xl import simulate, udfs  # noqa: E402
from risiko_xl.books import schema  # noqa: E402
from risiko_xl.books.openpyxl_book import OpenpyxlBook  # noqa: E402

FORMULA, SEED, CLUBS = "nazionale", "scala-2026", 60
TARGET_TOTAL_S, TARGET_MB, TARGET_UDF_S, RUNS = 60, 1024, 0.5, 5
WHOLE = " (torneo intero)"  # the whole-table functions on every result row: no target


class Run:
    """The CLI processes of one tournament, timed by command kind."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.times: dict[str, list[float]] = defaultdict(list)
        self.cpu: dict[str, list[float]] = defaultdict(list)  # user + system seconds
        self.env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}

    def cli(self, command: str, *args: str) -> str:
        before, start = children_cpu(), time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "risiko_xl.cli", command,
                               str(self.path), *args], capture_output=True, text=True,
                              env=self.env, check=False)
        self.times[command].append(time.perf_counter() - start)
        self.cpu[command].append(children_cpu() - before)
        if done.returncode not in (0, 1) or (done.returncode == 1 and command != "verify"):
            raise SystemExit(f"risiko-xl {command} non riuscito ({done.returncode}):\n"
                             f"{done.stdout}{done.stderr}")
        return done.stdout

    @property
    def cli_seconds(self) -> float:
        return sum(sum(t) for t in self.times.values())


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far: unlike wall
    time, hardly affected by other work on the machine."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


IMPORTS = ("import risiko_xl.cli; from risiko_xl.services import finals_sheet, rounds, "
           "standings_sheet, verify")


def floor(run: Run, path: Path) -> tuple[float, float]:
    """CPU seconds any command pays before doing anything: starting Python with the
    modules a command imports (median of 3 processes), and openpyxl's own load + save of
    the final workbook (in this process, median of 3)."""
    from openpyxl import load_workbook

    startup = []
    for _ in range(3):
        before = children_cpu()
        subprocess.run([sys.executable, "-c", IMPORTS], env=run.env, check=True)
        startup.append(children_cpu() - before)
    copy = path.with_name("copia-openpyxl.xlsx")

    def load_and_save() -> None:
        load_workbook(path).save(copy)

    cpu = []
    for _ in range(3):
        before = time.process_time()
        load_and_save()
        cpu.append(time.process_time() - before)
    return statistics.median(startup), statistics.median(cpu)


def pending(book: OpenpyxlBook) -> tuple[int, str] | None:
    """(round, phase) of the first Risultati row still without a result."""
    for row in book.read_table(schema.RESULTS.name):
        if row["ID"] is not None and row["Punti obiettivo"] is None \
                and row["Eliminato"] is None:
            return int(row["Turno"]), row["Fase"] or "Qualificazione"
    return None


def type_results(path: Path) -> None:
    """The referees type every pending result (seeded), and the file is saved."""
    book = OpenpyxlBook(path)
    step = pending(book)
    if step is not None:
        simulate.play(book, step[0], step[1], SEED)
        book.save()


def play(path: Path, players: int, rounds: int) -> tuple[Run, float]:
    """The whole tournament; returns the run and the typing time."""
    run = Run(path)
    run.cli("new", "--formula", FORMULA, "--nome", f"Torneo di scala ({players} giocatori)")
    typing = time.perf_counter()
    book = OpenpyxlBook(path)
    book.set_setting("Turni preliminari", rounds)
    book.set_setting("Seme sorteggio", SEED)
    simulate.register(book, simulate.players(players, CLUBS, SEED))
    book.save()
    typed = time.perf_counter() - typing
    for round_no in range(1, rounds + 1):
        run.cli("draw")
        start = time.perf_counter()
        type_results(path)
        typed += time.perf_counter() - start
        run.cli("standings")
        print(f"  turno {round_no} di {rounds}: {run.cli_seconds + typed:.1f} s", flush=True)
    run.cli("ritira", "G005")
    run.cli("standings")
    for _ in range(6):
        out = run.cli("finals")
        if "Classifica finale" in out:
            break
        start = time.perf_counter()
        type_results(path)
        typed += time.perf_counter() - start
    else:
        raise SystemExit("le fasi finali non si sono concluse")
    run.cli("standings")
    verdict = run.cli("verify")
    if "nessuna differenza" not in verdict:
        raise SystemExit(f"verify trova differenze:\n{verdict}")
    run.cli("export", str(path.with_name("copia-valori.xlsx")))
    run.cli("post", "--turno", str(rounds), "--formato", "html", "--out",
            str(path.with_name("post.html")))
    run.cli("referti", "--turno", str(rounds), "--out", str(path.with_name("referti.pdf")))
    return run, typed


# --- worksheet functions ----------------------------------------------------------------

def udf_arguments(path: Path) -> dict[str, tuple[Any, ...]]:
    """Arguments for each timed function, from the first 1,000 rows of the played
    workbook, as Excel passes a column: a list of one-item rows of floats/str/None."""

    def column(frame: Any, header: str) -> list[list[Any]]:
        return [[None if v is None or v == "" else float(v) if isinstance(v, (int, float))
                 and not isinstance(v, bool) else v] for v in frame.column(header)]

    book = OpenpyxlBook(path)
    results = book.read_table(schema.RESULTS.name)
    results.rows = results.rows[:1000]
    players = book.read_table(schema.PLAYERS.name)
    players.rows = players.rows[:1000]
    tables = [r["Tavolo"] + 1000 * r["Turno"] for r in results]  # one label per game
    sizes = [tables.count(t) for t in tables]
    col = {h: column(results, h) for h in ("Punti obiettivo", "Punti fuori obiettivo",
                                            "Ordine", "RisiKo!", "Eliminato")}
    table_col = [[float(t)] for t in tables]
    size_col = [[float(s)] for s in sizes]
    positions = udfs.RISIKO_POSIZIONE(table_col, col["Punti obiettivo"],
                                      col["Punti fuori obiettivo"], col["Ordine"],
                                      col["RisiKo!"], col["Eliminato"], size_col)
    previous = [[float(1 + (i * 7 + r) % 250) for r in range(3)] for i in range(len(players))]
    winners = [["S" if i % 4 == 0 else None] for i in range(len(players))]
    args: dict[str, tuple[Any, ...]] = {
        "RISIKO_SORTEGGIO": ([[v] for v in players.column("ID")], column(players, "Club"), previous,
                             winners, SEED, FORMULA, 4.0),
        "RISIKO_POSIZIONE": (table_col, col["Punti obiettivo"], col["Punti fuori obiettivo"],
                             col["Ordine"], col["RisiKo!"], col["Eliminato"], size_col),
        "RISIKO_PUNTI_TORNEO": (col["Punti obiettivo"], size_col, positions, col["RisiKo!"],
                                "millesimi", None, col["Punti fuori obiettivo"], None,
                                table_col),
    }
    def block(frame: Any, headers: list[str] | None = None) -> list[list[Any]]:
        """A whole table as Excel passes `T[#All]` (only `headers`, when given)."""
        headers = headers or frame.headers
        return [list(headers), *[[None if v is None else float(v) if isinstance(
            v, int) and not isinstance(v, bool) else v for v in (row[h] for h in headers)]
            for row in frame]]

    whole = book.read_table(schema.RESULTS.name)
    typed = whole.headers[:-len(schema.RESULTS.computed)]
    settings, entrants = (block(book.read_table(t.name)) for t in (schema.SETTINGS,
                                                                    schema.PLAYERS))
    first = whole.copy()
    first.rows = first.rows[:1000]
    for label, frame in (("", first), (WHOLE, whole)):
        for name in ("RISIKO_RISULTATI", "RISIKO_CLASSIFICA"):
            args[name + label] = (settings, entrants, block(frame, typed))
    return args


def time_udfs(path: Path) -> dict[str, tuple[int, float]]:
    """(rows, median seconds) of each worksheet function on up to 1,000 rows; a
    `#RISIKO!` answer for the whole call (not single bad rows) stops the benchmark."""
    medians = {}
    for name, args in udf_arguments(path).items():
        func = getattr(udfs, name.removesuffix(WHOLE))
        out = func(*args)
        if isinstance(out, str):
            raise SystemExit(f"{name}: {out}")
        seconds = statistics.median(run_times(lambda f=func, a=args: f(*a), RUNS))
        rows = len(args[2]) - 1 if name.startswith("RISIKO_RISULTATI") or name.startswith(
            "RISIKO_CLASSIFICA") else len(args[0])  # whole tables: minus the header row
        medians[name] = (rows, seconds)
    return medians


def demo_at_scale(folder: Path, players: int, rounds: int) -> tuple[float, float]:
    """`risiko-xl demo` at scale in one process: (wall seconds, peak MB)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "risiko_xl.cli", "demo", str(folder), "--formula",
                    FORMULA, "--giocatori", str(players), "--club", str(CLUBS), "--turni",
                    str(rounds)], check=True, stdout=subprocess.DEVNULL, env=env)
    seconds = time.perf_counter() - start  # the only child so far: its peak is ours
    return seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--keep", type=Path, default=None,
                        help="folder to keep the workbook in (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = args.keep or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "torneo-scala.xlsx"
        print(f"{args.players} giocatori, {args.rounds} turni, formula {FORMULA}")
        seconds, peak = demo_at_scale(folder / "demo", args.players, args.rounds)
        print(f"risiko-xl demo in scala, un processo: {seconds:.1f} s (obiettivo < "
              f"{TARGET_TOTAL_S} s), memoria di picco {peak:.0f} MB (obiettivo < {TARGET_MB} MB)"
              f" — {'ok' if seconds < TARGET_TOTAL_S and peak < TARGET_MB else 'OLTRE'}")
        print(f"\nOgni passo come comando a sé, seme «{SEED}»:")
        start = time.perf_counter()
        run, typed = play(path, args.players, args.rounds)
        total = time.perf_counter() - start
        children_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        self_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        processes = sum(len(t) for t in run.times.values())
        cpu = sum(sum(t) for t in run.cpu.values())
        print(f"\nTempo totale: {total:.1f} s — "
              f"{processes} processi risiko-xl {run.cli_seconds:.1f} s (CPU {cpu:.1f} s), "
              f"inserimento risultati {typed:.1f} s")
        print(f"{'comando':<10}{'volte':>6}{'mediana s':>11}{'CPU med. s':>11}{'massimo s':>11}"
              f"{'totale s':>10}")
        for command, times in run.times.items():
            print(f"{command:<10}{len(times):>6}{statistics.median(times):>11.2f}"
                  f"{statistics.median(run.cpu[command]):>11.2f}{max(times):>11.2f}"
                  f"{sum(times):>10.1f}")
        print(f"Memoria di picco: processi risiko-xl {children_mb:.0f} MB, questo script "
              f"{self_mb:.0f} MB")
        startup, bare = floor(run, path)
        print(f"File: {path.stat().st_size / 1e6:.1f} MB. Costo fisso di ogni comando (CPU): "
              f"avvio di Python con i moduli {startup:.2f} s; openpyxl da solo, apertura + "
              f"salvataggio del file finale, {bare:.2f} s")
        print(f"\nFunzioni di foglio (mediana di {RUNS}; obiettivo < {TARGET_UDF_S} s):")
        for name, (rows, seconds) in time_udfs(path).items():
            mark = ("" if name.endswith(WHOLE) else "ok" if seconds < TARGET_UDF_S
                    else "OLTRE L'OBIETTIVO")
            print(f"  {name:<36}{rows:>6} righe {seconds * 1000:>9.1f} ms  {mark}")


if __name__ == "__main__":
    main()
