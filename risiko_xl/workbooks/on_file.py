"""A writing command on a workbook file, as every face without Excel runs it (the
command line, the venue's confirmations): the workbook's lock held for the whole
read–modify–write (`files.lock.writing`), a file open in Excel or LibreOffice refused
(their next save would undo the change), then `changed`: the add-in's code restored in an
xlwings Lite workbook that lost it, the workbook read whole, its `Formula` sheet written
again when Impostazioni chose another preset, changed, dressed and saved (atomically, its
history kept: `sheets.look.save`), and the lines to say after: what was restored or
rewritten, formulas typed by hand that the save replaced, parts it could not keep.
The command line shows the phases on its terminal (`cli.terminal.on_book`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Generic, NamedTuple, TypeVar

from risiko_xl.books.book import Book
from risiko_xl.errors import RisikoError

T = TypeVar("T")


def _nothing(text: str) -> None:
    pass


class Changed(NamedTuple, Generic[T]):
    done: T  # what the work returned
    notices: list[str]  # to be said once the file is saved (see the module)


def on_file(path: Path, work: Callable[[Book], T], forced: bool = False) -> Changed[T]:
    """`changed` under the workbook's lock; RisikoError (nothing written) while another
    program has it open, unless `forced` (the warning is then the last notice)."""
    from risiko_xl.files.lock import refuse_if_open, writing

    notices: list[str] = []
    with writing(path):
        warning = refuse_if_open(path, forced)
        done = changed(path, work, say=notices.append)
    return Changed(done, [*notices, warning] if warning else notices)


def changed(path: Path, work: Callable[[Book], T], phase: Callable[[str], None] = _nothing,
            say: Callable[[str], None] = _nothing) -> T:
    """work(book) on the workbook at `path`, saved after (see the module); the caller
    holds the lock. `phase` is told «Lettura» and «Salvataggio» as they begin, `say` each
    notice: the add-in's code put back at once (the file is already written), the others
    once the workbook is saved (nothing is said of a change that was not saved)."""
    from risiko_xl.books import dropped_parts, replaced_formulas
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.collector import settled
    from risiko_xl.sheets.formula_sheet import sync_sheet
    from risiko_xl.sheets.look import save
    from risiko_xl.workbooks.lite import restore_lost_code

    phase(f"Lettura di {path.name}…")
    if restored := restore_lost_code(path, write=True):
        say(restored)
    book = OpenpyxlBook(path)
    synced = None  # a preset chosen in Impostazioni rewrites the Formula sheet: said
    with contextlib.suppress(RisikoError):  # the work says what is wrong, in place
        synced = sync_sheet(book, book.settings())
    with settled():  # the workbook read is never garbage while the work runs
        done = work(book)
        phase(f"Salvataggio di {path.name}…")
        save(book)
    hint = replaced_formulas.history_hint
    for line in [*([synced] if synced else []),
                 *replaced_formulas.notice(book.replaced, hint(str(path))),
                 *dropped_parts.notice(book.dropped, hint(str(path), "l'originale"))]:
        say(line)
    return done
