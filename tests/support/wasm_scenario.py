"""The demo tournament played through the services the CLI uses, every output written to
one folder: tests/lite/test_wasm.py runs this same script on CPython and under Pyodide
(WebAssembly, tools/wasm/pyodide.mjs) and compares the two folders. It imports nothing
beyond the package and the standard library, so it runs wherever the package installs.
The draw's exact solver (OR-Tools) is not installed under WebAssembly: on CPython it is
hidden too, so both runs seat with the search alone (engine «…-ricerca»).

    python tests/support/wasm_scenario.py OUT
"""

from __future__ import annotations

import contextlib
import io
import platform
import sys
from pathlib import Path

sys.modules.setdefault("ortools", None)  # type: ignore[assignment]  # absent under Pyodide

from risiko_xl import cli  # noqa: E402
from risiko_xl.books.openpyxl_book import OpenpyxlBook  # noqa: E402
from risiko_xl.demo import DEMO_TIME, play_tournament, render_draws  # noqa: E402
from risiko_xl.files.writes import atomic_write_text  # noqa: E402
from risiko_xl.publish.posts import file_name, publish_all  # noqa: E402
from risiko_xl.publish.referti import write_referti  # noqa: E402
from risiko_xl.services.publication import post_source  # noqa: E402

WORKBOOK = "torneo-demo.xlsx"
LINES = "righe.txt"  # what the demo prints: draws with their certificates, standings, finals
COMMANDS = "comandi.txt"  # what the command line prints (its workbook records times: not compared)
PLAYERS = ["Anna Bianchi", "Bruno Verdi", "Carla Neri", "Dario Gialli", "Elena Blu",
           "Fabio Rosa", "Gina Viola", "Ugo Grigi", "Ivo Marrone"]


def play(out: Path) -> None:
    """Play the demo tournament into `out`: the workbook, the lines every step printed, each
    round's post in every format (`pubblica --formato tutti`) and its score sheets (HTML:
    the PDF needs fpdf2, not installed under WebAssembly)."""
    workbook = out / WORKBOOK
    lines = [*render_draws(), *play_tournament(workbook)]
    atomic_write_text(out / LINES, "\n".join(lines).replace(str(out), "OUT") + "\n")
    source = post_source(OpenpyxlBook(workbook))
    for round_no in source.rounds:
        _round, texts = publish_all(source, round_no, now=DEMO_TIME)
        for fmt, text in texts.items():
            atomic_write_text(out / file_name(round_no, fmt), text)
        write_referti(source, round_no, out / f"referti-turno-{round_no}.html")
    atomic_write_text(out / COMMANDS, command_line(out / "cli"))


def command_line(folder: Path) -> str:
    """A small evening through `risiko-xl` itself (its lock, history and messages): what it
    printed and each command's exit status."""
    folder.mkdir()
    book = str(folder / "serata.xlsx")
    commands = [["nuovo", book, "--formula", "master", "--nome", "Serata"],
                *(["iscrivi", book, name, "--club", f"Club {i % 3}"]
                  for i, name in enumerate(PLAYERS)),
                ["sorteggia", book, "--seme", "wasm"], ["verifica", book],
                ["referti", book, "--turno", "1", "--out", str(folder / "referti.html")],
                ["ritira", book, "g99"]]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        for command in commands:
            print(f"$ risiko-xl {command[0]}: uscita {cli.main(command)}")
    return printed.getvalue().replace(str(folder), "CLI")


if __name__ == "__main__":
    play(Path(sys.argv[1]))
    print(sys.platform, platform.machine())  # under Pyodide: emscripten wasm32
