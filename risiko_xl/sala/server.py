"""uvicorn as the venue runs it, against a player on the room's Wi-Fi holding sockets
open: a connection that sends no whole request within `HEAD_SECONDS`, or does not finish
one within `REQUEST_SECONDS`, is closed; an address holding `MOST_PER_ADDRESS`
connections has any more closed at once (a phone's browser opens six; one machine cannot
take the room's share), and beyond `MOST_CONNECTIONS` in all the server answers 503; the
process may open as many files as the system lets it; and neither a refused
connection (no file handle left) nor a malformed request is told on the terminal once
per attempt (asyncio waits a moment and accepts again)."""

from __future__ import annotations

import contextlib
import logging
import weakref
from collections import Counter
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

HEAD_SECONDS = 10.0
REQUEST_SECONDS = 120.0  # a confirmation writes the workbook: seconds, not minutes
MOST_CONNECTIONS = 2000
MOST_PER_ADDRESS = 24
MOST_FILES = 65_536

# the connections each address holds, per server (the tests run several in one process)
_HELD: weakref.WeakKeyDictionary[ServerState, Counter[str]] = weakref.WeakKeyDictionary()


class Impatient(H11Protocol):
    """uvicorn's HTTP/1.1, closing a connection too slow to ask (see the module)."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        held = _HELD.setdefault(self.server_state, Counter())
        held[self._address] += 1
        if held[self._address] > MOST_PER_ADDRESS:
            self.transport.close()
            return
        self.loop.call_later(HEAD_SECONDS, self._check, False)
        self.loop.call_later(REQUEST_SECONDS, self._check, True)

    def connection_lost(self, exc: Exception | None) -> None:
        held = _HELD[self.server_state]
        held[self._address] -= 1
        if not held[self._address]:
            del held[self._address]
        super().connection_lost(exc)

    @property
    def _address(self) -> str:
        return self.client[0] if self.client else ""

    def _check(self, whole: bool) -> None:
        cycle = self.cycle
        if self.transport.is_closing():
            return
        if cycle is None if not whole else (cycle is not None and not cycle.response_complete):
            self.transport.close()


def config(app: Any, host: str, port: int) -> uvicorn.Config:
    """The venue's server configuration (the tests serve through it too)."""
    return uvicorn.Config(app, host=host, port=port, http=Impatient, log_level="error",
                          server_header=False, date_header=False,
                          limit_concurrency=MOST_CONNECTIONS, timeout_keep_alive=5)


def run(settings: uvicorn.Config) -> None:
    """Serve until interrupted, with the file handles and the terminal kept (module)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
        if soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ImportError, ValueError, OSError):  # Windows, or a limit not ours to raise
        pass
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)  # «Too many open files» × 1e6
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C closes the venue, as uvicorn.run
        uvicorn.Server(settings).run()
