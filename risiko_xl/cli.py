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
    new = commands.add_parser("new", help="crea una nuova cartella di lavoro del torneo")
    new.add_argument("file", type=Path, help="file .xlsx da creare")
    new.add_argument("--formula", default="master", help="formula del torneo (preset)")
    new.add_argument("--nome", default=None, help="nome del torneo")
    demo = commands.add_parser("demo", help="esegue la dimostrazione e scrive i risultati")
    demo.add_argument("dir", nargs="?", default="demo", type=Path,
                      help="cartella dei risultati (predefinita: demo)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "new":
            from risiko_xl.workbook.template import write_new

            settings = {"Formula": args.formula}
            if args.nome:
                settings["Nome torneo"] = args.nome
            print(f"Creato {write_new(args.file, settings)}")
        elif args.command == "demo":
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
