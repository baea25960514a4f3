"""Every command against the bare openpyxl load and save of the same file (issue 28).

For each field size (`--players`, default 400 and 1,000) a tournament is built in a
temporary folder: a `nazionale` formula of 10 preliminary rounds, the players registered
in clubs of about 15, six rounds drawn, typed by the seeded simulator and ranked. Then,
`--runs` times, alternating, each on its own copy of that file and as its own process:

- the baseline: `openpyxl.load_workbook` and `save` of the file, nothing else;
- `classifica`, `sorteggia` (round 7), `pubblica --formato tutti`, `verifica`,
  `referti --turno 1`;
- `risiko-xl --help` against `python -c pass`.

With several sizes, the exponent of each command's CPU seconds in the field (a straight
line through the logarithms: 1 is linear).

Printed for each: the median of its CPU seconds (user + system of the whole process) and
of its wall seconds over the baseline's of the same run, with the smallest and largest
ratio, and its median CPU seconds; and the machine's load average before and after. The
baseline is openpyxl as this checkout installs it (with numpy, which OR-Tools brings and
openpyxl imports when present). `--before DIR` runs every command a second time from
another checkout of the package (`git worktree add DIR REV`), alternating with this one
in the same runs: the table before and after, in one run (the file's draws recorded as
the older engine made them, where it seated the same, so that both verify it).

    python benchmarks/commands.py [--players 400 1000] [--runs 3] [--before DIR]
"""

from __future__ import annotations

import argparse
import math
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from risiko_xl import simulate  # noqa: E402
from risiko_xl.books import schema  # noqa: E402
from risiko_xl.books.openpyxl_book import OpenpyxlBook  # noqa: E402
from risiko_xl.draw.fingerprint import fingerprint  # noqa: E402
from risiko_xl.draw.model import (  # noqa: E402
    ENGINE_VERSION,
    SAME_DRAWS_AS,
    full_engine_version,
)
from risiko_xl.services.audit import parse_tables  # noqa: E402
from risiko_xl.services.rounds import draw_round, round_input  # noqa: E402
from risiko_xl.services.standings_sheet import update_standings  # noqa: E402
from risiko_xl.sheets.look import save  # noqa: E402
from risiko_xl.standings.model import QUALIFYING  # noqa: E402
from risiko_xl.tournament.loading import load  # noqa: E402
from risiko_xl.workbooks.template import formula_settings, write_new  # noqa: E402

ROUNDS_PLAYED = 6
BASELINE = ("import sys, openpyxl; book = openpyxl.load_workbook(sys.argv[1]); "
            "book.save(sys.argv[1])")
COMMANDS = {  # name → the arguments after the workbook's path (None: no workbook)
    "classifica": ["classifica", "{file}"],
    "sorteggia": ["sorteggia", "{file}"],
    "pubblica --formato tutti": ["pubblica", "{file}", "--formato", "tutti", "--out",
                                 "{folder}/post"],
    "verifica": ["verifica", "{file}"],
    "referti --turno 1": ["referti", "{file}", "--turno", "1", "--out", "{folder}/r.pdf"],
    "--help": ["--help"],
}


def build(path: Path, players: int) -> Path:
    """The tournament measured: `players` in clubs of about 15, six rounds played."""
    write_new(path, {**formula_settings("nazionale"), "Turni preliminari": 10,
                     "Seme sorteggio": "misura", "Nome torneo": f"Misura {players}"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(players, max(players // 15, 2), "misura"))
    for round_no in range(1, ROUNDS_PLAYED + 1):
        draw_round(book, round_no)
        simulate.play(book, round_no, QUALIFYING, "misura")
    update_standings(book)
    save(book)
    return path


def as_engine(path: Path, version: str) -> None:
    """Record the file's draws as engine `version` made them, where this engine seats
    them the same (`SAME_DRAWS_AS`): an older checkout then verifies the file too."""
    if version == ENGINE_VERSION:
        return
    if version not in SAME_DRAWS_AS:
        raise SystemExit(f"il motore {version} sedeva diversamente: file non confrontabile")
    book = OpenpyxlBook(path)
    log = book.read_table(schema.DRAWS.name)
    t = load(book)
    for row in log:
        tables = parse_tables(row.get("Tavoli"))
        if not tables or not row.get("Impronta"):
            continue
        ids = [pid for table in tables for pid in table]
        inp = round_input(t, int(row["Turno"]), ids, str(row["Seme"]))
        row["Versione motore"] = full_engine_version(version)
        row["Impronta"] = fingerprint(inp, version)
    book.write_table(schema.DRAWS.name, log)
    save(book)


def engine_of_tree(tree: Path) -> str:
    """The draw engine version a checkout writes."""
    text = (tree / "risiko_xl" / "draw" / "model.py").read_text(encoding="utf-8")
    found = re.search(r'^ENGINE_VERSION = "([^"]+)"', text, re.MULTILINE)
    return found.group(1) if found else ENGINE_VERSION


def measured(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(CPU seconds of the child process, user and system; its wall seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # run from the scratch folder: `python -m` puts the current folder first on the path
    done = subprocess.run(argv, env=env, capture_output=True, text=True,
                          cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: {done.stderr.strip()}")
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), wall


def command_line(tree: Path, name: str, file: Path, folder: Path,
                 extra: Path | None = None) -> tuple[list[str], dict]:
    """The process of command `name` run from the package in `tree` (with the packages of
    `extra` the tree needs and this one no longer installs)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in (tree, extra) if p)}
    args = [a.format(file=file, folder=folder) for a in COMMANDS[name]]
    return [sys.executable, "-m", "risiko_xl.cli", *args], env


def run_size(players: int, runs: int, trees: dict[str, Path], work: Path,
             extras: dict[str, Path]) -> dict[tuple[str, str], float]:
    """Print the table of one field size; return each (command, code)'s median CPU
    seconds, the baseline's as («load+save», code)."""
    source = build(work / f"t{players}.xlsx", players)
    as_engine(source, min((engine_of_tree(tree) for tree in trees.values()),
                          key=lambda v: [int(x) for x in re.findall(r"\d+", v)]))
    ratios: dict[tuple[str, str], list[tuple[float, float]]] = {}
    copy = work / "copia.xlsx"
    for _ in range(runs):
        # one baseline a run for every tree: openpyxl as this checkout installs it
        shutil.copyfile(source, copy)
        base = measured([sys.executable, "-c", BASELINE, str(copy)])
        bare = measured([sys.executable, "-c", "pass"])
        for label, tree in trees.items():
            extra = extras.get(label)
            for name in COMMANDS:
                folder = work / "uscita"
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                shutil.copyfile(source, copy)
                argv, env = command_line(tree, name, copy, folder, extra)
                cpu, wall = measured(argv, env)
                against = bare if name == "--help" else base
                ratios.setdefault((name, label), []).append(
                    (cpu / against[0], wall / against[1], cpu))
            ratios.setdefault(("load+save", label), []).append((1.0, 1.0, base[0]))
    size = source.stat().st_size // 1024
    print(f"\n{players} giocatori, {ROUNDS_PLAYED} turni giocati ({size} KB); rapporto al solo "
          "load+save di openpyxl (--help: a python -c pass), mediana [min–max]")
    print(f"{'comando':<26}{'codice':<8}{'CPU':>22}{'tempo':>22}{'CPU, s':>9}")
    for (name, label), values in ratios.items():
        cpu = [v[0] for v in values]
        wall = [v[1] for v in values]
        seconds = f"{statistics.median(v[2] for v in values):.2f}".replace(".", ",")
        print(f"{name:<26}{label:<8}{_ratio(cpu):>22}{_ratio(wall):>22}{seconds:>9}")
    return {key: statistics.median(v[2] for v in values) for key, values in ratios.items()}


def exponents(sizes: list[int], seconds: list[dict[tuple[str, str], float]]) -> None:
    """The exponent b of CPU seconds ≈ a·players^b, fitted by least squares on the
    logarithms over the sizes run (1: linear in the field)."""
    xs = [math.log(n) for n in sizes]
    mean_x = statistics.fmean(xs)
    print(f"\nesponente del costo (CPU ≈ a·giocatori^b, da {sizes[0]} a {sizes[-1]} giocatori)")
    for key in seconds[0]:
        ys = [math.log(max(s[key], 1e-6)) for s in seconds]
        mean_y = statistics.fmean(ys)
        b = (sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
             / sum((x - mean_x) ** 2 for x in xs))
        print(f"{key[0]:<26}{key[1]:<8}{b:>8.2f}".replace(".", ","))


def _ratio(values: list[float]) -> str:
    return (f"{statistics.median(values):.2f}× [{min(values):.2f}–{max(values):.2f}]"
            .replace(".", ","))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[400, 1000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--before-deps", type=Path, help="packages the other checkout needs "
                        "and this one does not install (`pip install --target DIR …`)")
    args = parser.parse_args()
    trees = {"ora": ROOT}
    if args.before:
        trees = {"prima": args.before.resolve(), **trees}
    for tree in trees.values():  # every tree's modules compiled before any is timed
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "risiko_xl")],
                       check=True)
    print(f"carico della macchina: {os.getloadavg()[0]:.2f}".replace(".", ","))
    with tempfile.TemporaryDirectory(prefix="risiko-comandi-") as folder:
        seconds = [run_size(players, args.runs, trees, Path(folder),
                            {"prima": args.before_deps} if args.before_deps else {})
                   for players in args.players]
    if len(args.players) > 1:
        exponents(args.players, seconds)
    print(f"carico della macchina: {os.getloadavg()[0]:.2f}".replace(".", ","))


if __name__ == "__main__":
    main()
