"""A writing command on a workbook file, as every face without Excel runs it: the
workbook's lock held for the whole read–modify–write (`files.lock.writing`), a file open
in Excel or LibreOffice refused (their next save would undo the change), the workbook
read whole, changed, dressed and saved (atomically, its history kept: `sheets.look.save`).
The command line adds its progress line and notices (`cli.terminal.on_book`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from risiko_xl.books.book import Book

T = TypeVar("T")


def on_file(path: Path, work: Callable[[Book], T], forced: bool = False) -> T:
    """work(book) on the workbook at `path`, saved after; RisikoError (nothing written)
    while another program has it open, unless `forced`."""
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.collector import settled
    from risiko_xl.files.lock import refuse_if_open, writing
    from risiko_xl.sheets.look import save

    with writing(path):
        refuse_if_open(path, forced)
        book = OpenpyxlBook(path)
        with settled():
            done = work(book)
            save(book)
    return done
