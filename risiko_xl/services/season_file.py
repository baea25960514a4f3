"""The season's workbook as every face updates it: the command line (`risiko-xl stagione`)
and «Aggiungi alla stagione» (the ribbon, xlwings Lite) take the same steps — each
tournament read and checked finished before the season is touched (a bad one changes
nothing), the season created the first time (`Classifica` first, then `Regole` with
every entry, its default and what it means, and the empty tables the season fills),
named, merged as asked, each tournament added or refreshed, the standings recomputed,
the sheets dressed, the file saved."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from openpyxl import Workbook

from risiko_xl.books import schema
from risiko_xl.books import season_schema as S
from risiko_xl.books.book import Book
from risiko_xl.books.new_workbook import FIXED_TIME, add_table, reproducible_bytes
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.files.safe_open import holds_table
from risiko_xl.files.writes import atomic_write
from risiko_xl.season.board import SeasonBoard
from risiko_xl.services import season
from risiko_xl.services.close_out import unfinished
from risiko_xl.services.export_gt import gestionetorneo_model
from risiko_xl.services.season_players import ask_merge
from risiko_xl.services.season_rules import RULE_ROWS, rename
from risiko_xl.sheets.season_look import dress_season

SEASON_SUFFIX = ".xlsx"


def finished_entry(book: Book, name: str, ours: bool = True) -> season.Entry:
    """The tournament in `book` as the season takes it (its GestioneTorneo model);
    refused, saying what is left to play, when it is not finished: for a GestioneTorneo
    workbook (not `ours`) its final phases only where its round sheets hold them
    (`close_out.unfinished`). `name`: how the message names it (its file)."""
    made = gestionetorneo_model(book)
    left = unfinished(made, finals=ours or made.finals)
    if left:
        raise RisikoError(f"il torneo {name} non è finito: {left[0].messaggio}")
    return season.entry_of(made)


def label(tournament: Path, season_file: Path) -> str:
    """The tournament's file as the season records it: relative to the season's folder
    (the folder can move), else as given."""
    try:
        return os.path.relpath(tournament.resolve(), season_file.resolve().parent)
    except ValueError:  # another drive on Windows
        return str(tournament)


def check_season_file(path: Path) -> None:
    """A season's file is an .xlsx, and never a tournament's workbook."""
    if path.suffix.lower() != SEASON_SUFFIX:
        raise RisikoError("la stagione è una cartella di lavoro .xlsx (per esempio "
                          "stagione-2026.xlsx)", valore=path.name)
    if path.is_file() and holds_table(path, (schema.SETTINGS.name,)):
        raise RisikoError("il file indicato come stagione è un torneo: la stagione è un "
                          "file a sé (per esempio stagione-2026.xlsx)", valore=path.name)


def build_season(name: str = "") -> Workbook:
    """The new season's workbook, its name in `Regole` («Nome stagione»)."""
    book = Workbook()
    first = True
    for spec in S.TABLES:
        sheet = book.active if first else book.create_sheet(spec.sheet)
        sheet.title, first = spec.sheet, False
        rows = [[key, name if key == "Nome stagione" else value, note]
                for key, value, note in RULE_ROWS] if spec is S.RULES else []
        add_table(sheet, spec, rows, widths=12)
    book.properties.creator = "risiko_xl"
    book.properties.created = book.properties.modified = FIXED_TIME
    dress_season(OpenpyxlBook(Path("stagione.xlsx"), book, kind=S.SEASON))
    return book


def update_season(path: Path, entries: Sequence[tuple[season.Entry, str]],
                  name: str | None = None, merges: Sequence[tuple[str, str]] = (),
                  shown: str | None = None) -> tuple[list[str], SeasonBoard]:
    """Add each (entry, file label) to the season at `path` — created when missing and
    given a tournament —, rename it, merge the players asked, and recompute and save it:
    the lines to report (naming the file `shown`, by default its path), and the season's
    board for its posts."""
    check_season_file(path)
    lines: list[str] = []
    if not path.exists():
        if not entries:
            raise RisikoError("la stagione non esiste ancora: si crea aggiungendo il primo "
                              "torneo", valore=str(path))
        data = reproducible_bytes(build_season(name or ""))
        atomic_write(path, lambda temp: temp.write_bytes(data))
        lines.append(f"Creata la stagione {shown or path} (regole nel foglio Regole)")
    book = OpenpyxlBook(path, kind=S.SEASON)
    if name is not None:
        rename(book, name)
    for source, target in merges:
        ask_merge(book, source, target)
    for entry, file in entries:
        lines += season.add(book, entry, file)
    said, board = season.recompute(book)
    dress_season(book)
    book.save()
    return [*lines, *said, f"Scritto {shown or path}"], board
