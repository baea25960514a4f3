"""Reading speed: openpyxl (how every command reads the workbook, `OpenpyxlBook`) against
the sparse reader (`files.sparse`: how `importa` reads GestioneTorneo's workbook and
`iscrivi --da` a list) and python-calamine (a reader in Rust; installed with the test
extra) on a 400-player, 6-round tournament, next to the read-only commands end to end
(`verifica`, `pubblica`); then the way to and from GestioneTorneo (`esporta
--gestionetorneo` as .xlsx, `importa`).

The figures decide whether the read-only commands should read through another reader:
only the read share of a command could shrink, and a second book adapter would have to
repeat what `OpenpyxlBook` does beyond reading cells (typed rows below a table, long
texts, the saved values of user formulas, `safe_open`'s limits). python-calamine builds
every sheet as the whole rectangle up to its last cell: one space typed at GR100000 costs
it most of a gigabyte, one at XFD1048576 17 billion cells (`benchmarks/stray_cells.py`),
which is why `importa` no longer uses it. Median of RUNS runs.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import median_seconds

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.files.sparse import open_sheets
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.workbooks.template import formula_settings, write_new

PLAYERS, ROUNDS, RUNS = 400, 6, 3


def build(path: Path) -> None:
    write_new(path, {**formula_settings("master"), "Turni preliminari": ROUNDS,
                     "Seme sorteggio": "bench"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(PLAYERS, 40, "bench"))
    for round_no in range(1, ROUNDS + 1):
        draw_round(book, round_no)
        simulate.play(book, round_no, "Qualificazione", "bench")
    update_standings(book)
    book.save()


def main() -> None:
    from python_calamine import CalamineWorkbook

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "grande.xlsx"
        build(path)

        def openpyxl_read() -> None:
            book = OpenpyxlBook(path)
            for name in book.table_names():
                book.read_table(name)

        def calamine_read() -> None:
            book = CalamineWorkbook.from_path(str(path), load_tables=True)
            for name in book.sheet_names:
                book.get_sheet_by_name(name).to_python()
            for name in book.table_names:
                book.get_table_by_name(name).to_python()

        def sparse_read() -> None:
            book = open_sheets(path)
            for name in book.names:
                book.grid(name)

        def command(*argv: str) -> float:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "risiko_xl.cli", *argv], check=True,
                           capture_output=True)
            return time.perf_counter() - start

        print(f"Reading a {PLAYERS}-player, {ROUNDS}-round workbook, median of {RUNS}:")
        print(f"  {'openpyxl, every table':<34} {median_seconds(openpyxl_read, RUNS):6.2f} s")
        print(f"  {'files.sparse, every sheet':<34} {median_seconds(sparse_read, RUNS):6.2f} s")
        print(f"  {'python-calamine, every sheet/table':<34} "
              f"{median_seconds(calamine_read, RUNS):6.2f} s")
        gt = Path(tmp) / "ModuloTorneo.xlsx"
        again = Path(tmp) / "di-nuovo.xlsx"
        for label, argv in (
                ("risiko-xl verifica", ("verifica", str(path))),
                ("risiko-xl pubblica --formato testo", ("pubblica", str(path), "--formato",
                                                        "testo")),
                ("esporta --gestionetorneo (.xlsx)", ("esporta", str(path), "--gestionetorneo",
                                                      str(gt), "--forza")),
                # a «Torneo Master» of six qualifying rounds: GestioneTorneo's master has
                # two, then its final phases; read as open, every round a qualifying one
                ("importa", ("importa", str(gt), "--out", str(again), "--formula", "open",
                             "--forza"))):
            t = statistics.median(command(*argv) for _ in range(RUNS))
            print(f"  {label:<34} {t:6.2f} s")


if __name__ == "__main__":
    main()
