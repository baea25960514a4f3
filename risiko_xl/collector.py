"""Python's cyclic garbage collector kept off the hot paths.

An automatic collection walks the objects of the generations it collects; every so
often that is every object alive, and in a command the loaded workbook is a million of
them (openpyxl's cells, styles, parents), all alive until the command ends: the
collections triggered while openpyxl builds them and while the command computes and
saves find nothing, and cost a quarter of a writing command at 1,000 players. `paused`
stops them while a workbook is built (`safe_open.load`); `settled` leaves out of them
what is alive when a command starts its work (`cli.terminal.on_book`). Both restore the
collector as it was: cycles made meanwhile are collected afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No automatic collection inside the block (nested blocks: the outer restores)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def settled() -> Iterator[None]:
    """The objects alive now left out of every collection until the block ends
    (`gc.freeze`): they are then collected normally again, so a process that runs many
    commands (the tests, Excel's) keeps nothing it would otherwise free."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
