"""What the organiser sees while a command runs: its phases on one line of a terminal,
and the output freed of bidirectional controls."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from risiko_xl.errors import RisikoError

if TYPE_CHECKING:
    from risiko_xl.books.book import Book

T = TypeVar("T")


class _Progress:
    """Phases of a command on one carriage-return line of stderr («Sorteggio…»), only when
    stderr is a terminal: tests and pipes stay clean. Cleared when the command ends."""

    def __init__(self) -> None:
        self.shown = 0

    def __call__(self, text: str) -> None:
        if not sys.stderr.isatty():
            return
        sys.stderr.write("\r" + text.ljust(self.shown))
        sys.stderr.flush()
        self.shown = len(text)

    def done(self) -> None:
        if self.shown:
            self(" " * self.shown)
            sys.stderr.write("\r")
            self.shown = 0


def _phase(command: str) -> str:
    """What a terminal shows while `command` runs: a shared command's own word."""
    from risiko_xl.commands.desk import COMMANDS

    extra = {"iscrivi": "iscrizione", "assente": "assenza"}
    return COMMANDS[command].phase if command in COMMANDS else extra.get(command, "lavoro")


def on_book(args: argparse.Namespace, work: Callable[[Book], T], save: bool = True) -> T:
    """work(book) on the command's workbook, saved after unless `save` is False; the
    phases shown on a terminal (`_Progress`)."""
    from risiko_xl.books import dropped_parts, replaced_formulas
    from risiko_xl.books.values_book import read_only
    from risiko_xl.collector import settled
    from risiko_xl.workbooks.lite import restore_lost_code

    path, command = args.file, args.command
    progress = _Progress()
    synced = None
    try:
        progress(f"Lettura di {path.name}…")
        if notice := restore_lost_code(path, write=save):
            progress.done()
            print(notice, file=sys.stderr)
        if save:  # openpyxl keeps the whole file; a command that only reads needs less
            from risiko_xl.books.openpyxl_book import OpenpyxlBook
            from risiko_xl.sheets.formula_sheet import sync_sheet

            book: Book = OpenpyxlBook(path)
            # a preset chosen in Impostazioni rewrites the Formula sheet: said, never silent
            with contextlib.suppress(RisikoError):  # the work says what is wrong, in place
                synced = sync_sheet(book, book.settings())
        else:
            book = read_only(path)
        progress(f"{_phase(command).capitalize()}…")
        with settled():  # the workbook read is never garbage while the command runs
            lines = work(book)
            if save:
                from risiko_xl.sheets.look import save as save_dressed

                progress(f"Salvataggio di {path.name}…")
                save_dressed(book)
    finally:
        progress.done()
    if synced:
        print(synced, file=sys.stderr)
    if save:
        for line in [*replaced_formulas.notice(book.replaced,
                                               replaced_formulas.history_hint(str(path))),
                     *dropped_parts.notice(book.dropped, replaced_formulas.history_hint(
                         str(path), "l'originale"))]:
            print(line, file=sys.stderr)
    return lines


class _Terminal:
    """The command's output with bidirectional controls removed: a name typed in Excel
    with U+202E would otherwise print reversed in the lines read out in the room."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        from risiko_xl.names import neutral_bidi

        return self._stream.write(neutral_bidi(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def reader_left() -> None:
    """Standard output's reader has gone (`risiko-xl verifica … | head`): what is still
    written goes nowhere, instead of failing again when Python flushes it at exit."""
    import os

    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
