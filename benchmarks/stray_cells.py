"""A stray cell far from the data: the commands of issue 26 on files holding one space
typed at XFD1048576 (what Ctrl+End and a space leave behind) or at GR100000, next to the
same files without it. Prints each command's wall-clock seconds and peak memory (the
child process's maximum resident set): both should follow the cells that hold values,
never a sheet's dimension. With python-calamine installed (the test extra), the reader
`importa` used before is timed on GR100000 too, for comparison (at XFD1048576 it builds
17 billion cells and does not return).

    python benchmarks/stray_cells.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import openpyxl  # noqa: E402

from risiko_xl.gestionetorneo import layout, writer  # noqa: E402
from tests.support.gestionetorneo import tournament  # noqa: E402

STRAYS = ("", "GR100000", "XFD1048576")


def measured(argv: list[str]) -> tuple[float, float, int]:
    """(seconds, peak megabytes, exit status) of a child process running `argv`."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def typed(path: Path, sheet: str | None, stray: str) -> Path:
    book = openpyxl.load_workbook(path)
    if stray:
        book[sheet or book.sheetnames[0]][stray] = " "
    book.save(path)
    return path


def main() -> None:
    cli = [sys.executable, "-m", "risiko_xl.cli"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        subprocess.run(
            [*cli, "nuovo", str(folder / "nuovo.xlsx"), "--formula", "master"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        clean = writer.write(tournament("MasterRisiko"), folder / "pulito.xlsx")
        torneo = folder / "torneo.xlsx"
        subprocess.run(
            [*cli, "importa", str(clean), "--out", str(torneo)],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        print(f"{'command':<44} {'stray cell':<12} {'seconds':>8} {'peak MB':>8}")
        for stray in STRAYS:
            shown = stray or "none"
            gt = typed(
                writer.write(tournament("MasterRisiko"), folder / f"gt{stray}.xlsx"),
                layout.PLAYERS,
                stray,
            )
            book = openpyxl.Workbook()
            for row in (("Nome", "Cognome", "Club"), ("Mario", "Rossi", "RC Roma")):
                book.active.append(row)
            book.save(folder / f"elenco{stray}.xlsx")
            elenco = typed(folder / f"elenco{stray}.xlsx", None, stray)
            model = typed(
                writer.write(tournament("MasterRisiko"), folder / f"m{stray}.xlsx"),
                layout.PLAYERS,
                stray.replace("XFD", "A").replace("GR", "A"),
            )
            serata = folder / f"serata{stray}.xlsx"
            serata.write_bytes((folder / "nuovo.xlsx").read_bytes())
            runs = (
                ("importa", [*cli, "importa", str(gt), "--out", str(folder / "t.xlsx"), "--forza"]),
                ("iscrivi --da elenco.xlsx", [*cli, "iscrivi", str(serata), "--da", str(elenco)]),
                (
                    "esporta --gestionetorneo --modello (col. A)",
                    [
                        *cli,
                        "esporta",
                        str(torneo),
                        "--gestionetorneo",
                        str(folder / "R.xlsx"),
                        "--modello",
                        str(model),
                        "--forza",
                    ],
                ),
            )
            for label, argv in runs:
                seconds, peak, status = measured(argv)
                failed = "" if status == 0 else f"  (exit {status})"
                print(f"{label:<44} {shown:<12} {seconds:8.2f} {peak:8.0f}{failed}")
            if stray == "GR100000":
                try:
                    import python_calamine  # noqa: F401
                except ImportError:
                    continue
                seconds, peak, _ = measured(
                    [
                        sys.executable,
                        "-c",
                        (
                            "import sys; from python_calamine import CalamineWorkbook as W; "
                            "b = W.from_path(sys.argv[1]); "
                            "[b.get_sheet_by_name(n).to_python() for n in b.sheet_names]"
                        ),
                        str(gt),
                    ]
                )
                print(
                    f"{'python-calamine, every sheet':<44} {shown:<12} {seconds:8.2f} {peak:8.0f}"
                )


if __name__ == "__main__":
    main()
