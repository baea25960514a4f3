"""What the organiser sees while a command runs: its phases on one line of a terminal,
and the output freed of bidirectional controls."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

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
    """work(book) on the command's workbook (its lock held by `dispatch.run`), saved after
    by every face's path (`workbooks.on_file.changed`) unless `save` is False; the phases
    shown on a terminal (`_Progress`), what the save did said after."""
    from risiko_xl.collector import settled

    path, progress = args.file, _Progress()

    def doing(book: Book) -> T:
        progress(f"{_phase(args.command).capitalize()}…")
        return work(book)

    def say(line: str) -> None:
        progress.done()
        print(line, file=sys.stderr)

    try:
        if save:
            from risiko_xl.workbooks.on_file import changed

            return changed(path, doing, progress, say)
        # openpyxl keeps the whole file; a command that only reads needs less
        from risiko_xl.books.values_book import read_only
        from risiko_xl.workbooks.lite import restore_lost_code

        progress(f"Lettura di {path.name}…")
        if notice := restore_lost_code(path, write=False):
            say(notice)
        with settled():  # the workbook read is never garbage while the command runs
            return doing(read_only(path))
    finally:
        progress.done()


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
