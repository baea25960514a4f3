"""`risiko-xl stagione`: the season workbook from the command line. Every tournament named
is read (and checked finished) before the season is touched, so a bad one changes
nothing; GestioneTorneo's workbooks go through the same reader as `importa`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from risiko_xl.errors import RisikoError

if TYPE_CHECKING:
    from risiko_xl.season.board import SeasonBoard
    from risiko_xl.services.season import Entry


def season_command(args: argparse.Namespace) -> list[str]:
    from risiko_xl.services.season_file import check_season_file, label, update_season

    path: Path = args.file
    check_season_file(path)
    if args.formula is not None:  # as `importa` takes it: a formula of the program or a file
        from risiko_xl.formulas import load

        load(args.formula)
    entries = [(tournament_entry(t, args.formula), label(t, path)) for t in args.aggiungi]
    if not path.exists() and not entries:
        raise RisikoError("la stagione non esiste ancora: si crea aggiungendo il primo "
                          f"torneo (risiko-xl stagione {path} --aggiungi torneo.xlsx)",
                          valore=str(path))
    lines, board = update_season(path, entries, args.nome, args.unisci)
    return lines + (_posts(args, board) if args.pubblica else [])


def _posts(args: argparse.Namespace, board: SeasonBoard) -> list[str]:
    """The season's post: on the screen, in `--out`, or every format in a folder."""
    from risiko_xl.cli.posts import write_posts
    from risiko_xl.files.writes import atomic_write_text
    from risiko_xl.publish import ALL
    from risiko_xl.publish.season_post import publish_season, season_files

    if args.formato == ALL:
        return write_posts(args.out or args.file.parent / f"{args.file.stem}-post",
                           season_files(board))
    text = publish_season(board, args.formato)
    if args.out is None or str(args.out) == "-":
        return [text.rstrip("\n")]
    return [f"Scritto {atomic_write_text(args.out, text)}: post della stagione (formato "
            f"{args.formato})"]


def tournament_entry(path: Path, formula: str | None) -> Entry:
    """The finished tournament at `path` as the season takes it: ours read as `verifica`
    reads it, GestioneTorneo's (.xls, .ods, or an .xlsx without our tables) through
    `importa`'s reader; refused, with what is left to play, when not finished."""
    from risiko_xl.books import schema
    from risiko_xl.books.values_book import read_only
    from risiko_xl.cli.writing import imported
    from risiko_xl.files.safe_open import holds_table
    from risiko_xl.files.scratch import scratch_folder
    from risiko_xl.services.season_file import finished_entry

    if not path.is_file():
        raise RisikoError("il torneo non esiste (o non è un file)", valore=str(path))
    ours = path.suffix.lower() in (".xlsx", ".xlsm") and holds_table(path, (schema.SETTINGS.name,))
    if ours:
        return finished_entry(read_only(path), path.name)
    with scratch_folder("stagione") as folder:
        return finished_entry(imported(path, folder / "torneo.xlsx", formula)[0], path.name,
                              ours=False)
