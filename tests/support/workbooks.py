"""Tournament workbooks as tests start them: `risiko-xl nuovo`, players registered."""

from __future__ import annotations

from pathlib import Path

from risiko_xl import cli, simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook


def new_with_players(path: Path, formula: str, players: int, clubs: int, tag: str,
               seed: str | None = None, name: str | None = None) -> Path:
    """A new workbook of `formula` at `path` (`risiko-xl nuovo`, named `name`) with
    `players` registered from `clubs` clubs (`simulate.players`, IDs and names by `tag`),
    «Seme sorteggio» `seed` when given; saved."""
    assert cli.main(["nuovo", str(path), "--formula", formula,
                     *(["--nome", name] if name else [])]) == 0
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(players, clubs, tag))
    if seed is not None:
        book.set_setting("Seme sorteggio", seed)
    book.save()
    return path
