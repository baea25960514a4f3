"""The workbook as the venue shows it: read again when its file changes (size or time),
never more than once every `CHECK_SECONDS`, into the pages every phone and the room screen
are served (`pages`); while the file cannot be read (being written, damaged, gone) the
last good pages stay, with the reason said on them. Thread-safe: the server's workers
share one `Room`."""

from __future__ import annotations

import dataclasses
import datetime as dt
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from risiko_xl.clock import italian_time, utc_now
from risiko_xl.errors import RisikoError
from risiko_xl.publish.screen import ADDRESS_KEY
from risiko_xl.tournament.loading import Tournament
from risiko_xl.tournament.post_source import PostSource

CHECK_SECONDS = 1.0


@dataclass(frozen=True)
class State:
    """What the pages show: `version` grows with every new reading of the file; `source`
    is None until the file was read once; `problem`: why the file as it is now could not
    be read (the pages are then the last good ones)."""

    version: int
    source: PostSource | None
    read_at: dt.datetime | None
    problem: str | None = None
    tournament: Tournament | None = None  # as read with `source` (the tables' results)
    checked: bool = False  # the problem: a cell the rules refuse (the file itself reads)

    def line(self) -> str:
        """The state in one Italian line, for the page and for `/versione`."""
        when = f"{italian_time(self.read_at):%H:%M:%S}" if self.read_at else None
        if self.problem and when and self.checked:
            return (f"Nel file del torneo c'è un errore da correggere ({self.problem}): "
                    f"restano i dati letti alle {when}")
        if self.problem and when:
            return (f"Il file del torneo ora non si legge ({self.problem}): restano i dati "
                    f"letti alle {when}")
        if self.problem:
            return f"Il file del torneo non si legge ({self.problem})"
        return f"Aggiornato alle {when}"


def _read(path: Path) -> tuple[PostSource, Tournament]:
    from risiko_xl.books.values_book import read_only
    from risiko_xl.services.publication import post_source
    from risiko_xl.tournament.loading import load

    book = read_only(path)
    return post_source(book), load(book)  # one reading: `load` is kept by the book


class Room:
    """The venue's state of the workbook at `path`; `address`: where phones open the
    pages (the room screen's QR code points there, whatever «Indirizzo pubblicazione»
    says)."""

    def __init__(self, path: Path, address: str,
                 read: Callable[[Path], tuple[PostSource, Tournament]] = _read) -> None:
        self.path = path
        self.address = address
        self._read = read
        self._lock = threading.Lock()
        self._stamp: tuple[int, int] | None = None
        self._checked = 0.0
        self._state = State(0, None, None)

    def _file_stamp(self) -> tuple[int, int] | None:
        try:
            info = self.path.stat()
        except OSError:
            return None
        return info.st_mtime_ns, info.st_size

    def changed(self) -> None:
        """The file was just written here: read it at the next request."""
        self._checked = 0.0

    def state(self) -> State:
        """The current state, the file read again first when it changed; while another
        request reads it, the last state at once (a phone never waits for a reading)."""
        if not self._lock.acquire(blocking=self._state.source is None):
            return self._state
        try:
            now = time.monotonic()
            if self._state.source is not None and now - self._checked < CHECK_SECONDS:
                return self._state
            self._checked = now
            stamp = self._file_stamp()
            if stamp is not None and stamp == self._stamp:  # as last read (put back, say)
                if self._state.problem:
                    self._state = dataclasses.replace(self._state, problem=None)
                return self._state
            try:
                if stamp is None:
                    raise RisikoError("il file non c'è più", valore=str(self.path))
                source, tournament = self._read(self.path)
            except RisikoError as err:  # a cell typed wrong (or the file gone)
                self._state = dataclasses.replace(self._state, problem=str(err),
                                                  checked=err.foglio is not None)
            except Exception as err:  # a file half written by another program
                self._state = dataclasses.replace(self._state, problem=type(err).__name__,
                                                  checked=False)
            else:
                source = dataclasses.replace(
                    source, settings={**source.settings, ADDRESS_KEY: self.address})
                self._stamp = stamp
                self._state = State(self._state.version + 1, source, utc_now(),
                                    tournament=tournament)
            return self._state
        finally:
            self._lock.release()
