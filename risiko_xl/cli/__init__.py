"""`risiko-xl`: the command line (headless face) over the same service functions.

Every command that changes the workbook saves it atomically, keeping the previous
version as `NAME.bak.xlsx` (`ripristina` brings it back); on an error nothing is
written. Exit codes: 0 done, 2 bad input (one Italian line naming sheet, row, column and
value), 1 anything else. Here `main` turns every error into that one line; `parser` reads
the arguments (argparse in Italian), `dispatch` runs a command, `writing` and `posts` hold
the commands with more than one call, `terminal` what the organiser sees while one runs.
The command line is the top face: it may import every other package of risiko_xl, the
services, files and build artefacts lazily, inside the command that needs them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from risiko_xl.cli.italian_argparse import BadArguments
from risiko_xl.cli.parser import build_parser
from risiko_xl.cli.terminal import _Terminal
from risiko_xl.errors import RisikoError, os_problem

EXIT_BAD_INPUT, EXIT_FAILURE = 2, 1

BAD_PATHS = (FileNotFoundError, NotADirectoryError, IsADirectoryError)  # a wrong argument


def _os_error(err: OSError) -> str:
    """An OSError in Italian, naming the folder when that is what is missing."""
    if err.filename is None:
        return os_problem(err)
    # a rename onto a folder: the folder in the way is the second name
    name = err.filename2 if isinstance(err, IsADirectoryError) and err.filename2 else err.filename
    path = Path(os.fsdecode(name))
    if isinstance(err, FileNotFoundError) and not path.parent.is_dir():
        return f"la cartella «{path.parent}» non esiste"
    return f"{os_problem(err)}: {path}"


def main(argv: list[str] | None = None) -> int:
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Terminal(out), _Terminal(err)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _dash_hint(message: str, argv: list[str] | None) -> str:
    """For a value beginning with «-» taken for an option (an ID «-G05»): how to give it."""
    if not message.startswith("Mancano argomenti obbligatori"):
        return ""
    words = sys.argv[1:] if argv is None else argv
    dashed = next((w for w in words if w.startswith("-") and not w.startswith("--")
                   and len(w) > 2), None)
    if dashed is None:
        return ""
    before = " ".join(w for w in words if w != dashed)
    return (f"; «{dashed}» comincia con «-» e sembra un'opzione: scriverlo dopo «--» "
            f"(risiko-xl {before} -- {dashed})")


def _main(argv: list[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except BadArguments as err:
        print(f"Errore: {err}{_dash_hint(str(err), argv)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    # what runs a command is imported once the arguments are read: `--help` and a
    # mistyped option answer at once
    from risiko_xl.cli.dispatch import run
    from risiko_xl.tournament.sheet_errors import on_sheet

    try:
        return run(args)
    except RisikoError as err:
        print(f"Errore: {on_sheet(err)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # `risiko-xl draw … | head`: the work is done, the reader left
        from risiko_xl.cli.terminal import reader_left

        reader_left()
        return 0
    except OSError as err:
        text = _os_error(err)
        print(f"Errore: {text[:1].upper()}{text[1:]}", file=sys.stderr)
        return EXIT_BAD_INPUT if isinstance(err, BAD_PATHS) else EXIT_FAILURE
    except Exception as err:  # never a traceback for the organiser
        if os.environ.get("RISIKO_DEBUG"):
            raise
        print(f"Errore interno ({type(err).__name__}): {err}. Il file non è stato modificato; "
              "segnalare il problema con il file allegato.", file=sys.stderr)
        return EXIT_FAILURE
