"""A 400-player draw under WebAssembly (Pyodide in Node.js) against CPython, in one run.

    python benchmarks/wasm_draw.py [--ripetizioni N]

Draws round 1 of a seeded 400-player `master` tournament (40 clubs of 10) and round 4 with
the history of three rounds drawn before it, each `--ripetizioni` times (default 5; the
first draw, cold, is printed apart), here
on CPython and then under Pyodide: this same script, run there through
tools/wasm/pyodide.mjs (`make wasm` installs it), prints its times as JSON. Prints the
median of each and the ratio, and checks both drew the same tables (fingerprints).
Without Node or `make wasm` it says so and measures CPython only.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from risiko_xl.excel.draw_columns import draw_from_columns

PLAYERS, CLUBS, SEED, LATER = 400, 40, "bench-wasm-2026", 4


def measure(repeats: int) -> dict[str, Any]:
    """Times (s) of drawing round 1 and round LATER, and their fingerprints."""
    ids = [f"G{i:03d}" for i in range(1, PLAYERS + 1)]
    clubs = [f"Club {i % CLUBS + 1}" for i in range(PLAYERS)]
    history: list[list[int | None]] = [[] for _ in ids]
    winners: list[bool] | None = None
    times: dict[str, list[float]] = {"1": [], str(LATER): []}
    prints: dict[str, str] = {}
    for round_no in range(1, LATER + 1):
        for _ in range(repeats if str(round_no) in times else 1):
            started = time.perf_counter()
            result, _ = draw_from_columns(ids, clubs, history, winners, SEED, "master",
                                          round_no)
            if str(round_no) in times:
                times[str(round_no)].append(time.perf_counter() - started)
        prints[str(round_no)] = result.fingerprint
        where = result.table_of()
        for i, pid in enumerate(ids):
            history[i].append(where[pid])
        winners = [result.tables[where[pid] - 1][0] == pid for pid in ids]
    return {"python": platform.python_version(), "times": times, "fingerprints": prints}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ripetizioni", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="only this Python's times")
    args = parser.parse_args()
    if args.json or sys.platform == "emscripten":
        print(json.dumps(measure(args.ripetizioni)))
        return
    from tests.support import webassembly

    runs = {"CPython": measure(args.ripetizioni)}
    why = webassembly.missing()
    if why is None:
        done = webassembly.run(Path(__file__), "--json", "--ripetizioni", str(args.ripetizioni))
        if done.returncode != 0:
            raise SystemExit(done.stderr[-3000:])
        runs["Pyodide"] = json.loads(done.stdout.splitlines()[-1])
    print(f"Sorteggio di {PLAYERS} giocatori ({CLUBS} club, formula master, seme «{SEED}»), "
          f"mediana di {args.ripetizioni} ripetizioni; "
          + ", ".join(f"{name}: Python {run['python']}" for name, run in runs.items()))
    for round_no in ("1", str(LATER)):
        medians = {name: statistics.median(run["times"][round_no])
                   for name, run in runs.items()}
        figures = ", ".join(f"{name} {seconds:.3f} s" for name, seconds in medians.items())
        ratio = (f"; WebAssembly/CPython ×{medians['Pyodide'] / medians['CPython']:.2f}"
                 if "Pyodide" in medians else "")
        print(f"  turno {round_no}: {figures}{ratio}")
    cold = ", ".join(f"{name} {run['times']['1'][0]:.3f} s" for name, run in runs.items())
    print(f"  il primo sorteggio (a freddo: formule lette, nulla in memoria): {cold}")
    if why is not None:
        print(f"  (Pyodide non misurato: {why})")
    elif runs["Pyodide"]["fingerprints"] != runs["CPython"]["fingerprints"]:
        raise SystemExit("Pyodide e CPython hanno sorteggiato tavoli diversi")
    else:
        print("  stessi tavoli (impronte uguali) in WebAssembly e in CPython")


if __name__ == "__main__":
    main()
