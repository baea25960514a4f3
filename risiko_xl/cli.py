"""`risiko-xl`: the command line (headless face) over the same service functions."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from risiko_xl import __version__
from risiko_xl.errors import RisikoError

EXIT_BAD_INPUT, EXIT_FAILURE = 2, 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="risiko-xl",
                                     description="Tornei di RisiKo! in Excel e da riga di comando")
    parser.add_argument("--version", action="version", version=f"risiko-xl {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="esegue la dimostrazione e scrive i risultati")
    demo.add_argument("dir", nargs="?", default="demo", type=Path,
                      help="cartella dei risultati (predefinita: demo)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "demo":
            from risiko_xl import demo

            demo.run(args.dir)
        return 0
    except RisikoError as err:
        print(f"Errore: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as err:
        print(f"Errore: {err}", file=sys.stderr)
        return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
