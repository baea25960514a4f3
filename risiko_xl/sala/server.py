"""uvicorn as the venue runs it, against a player on the room's Wi-Fi holding sockets
open. A connection that sends no whole request head within `HEAD_SECONDS`, nor its body
within `BODY_SECONDS` (a form is a few kilobytes), or whose answer is not taken within
`REQUEST_SECONDS`, is closed. One device (an IPv4 address, an IPv6 /64) holding
`MOST_PER_ADDRESS` connections has any more closed at once (a phone's browser opens six).
Beyond `MOST_CONNECTIONS` in all, a new connection closes the oldest of the device holding
most, not itself: a machine with many addresses cannot lock the room out (adversary 32:
90 addresses × 24 took every place, the organiser's too). The laptop itself (the
organiser's page, the room screen, `sala --conferma`) is never refused nor closed. The
process may open as many files as the system lets it; neither a refused connection (no
file handle left) nor a malformed request is told on the terminal once per attempt."""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import weakref
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

HEAD_SECONDS = 10.0
BODY_SECONDS = 20.0  # adversary 32: a body trickled a byte every 5 s held on for minutes
REQUEST_SECONDS = 120.0  # a confirmation writes the workbook: seconds, not minutes
MOST_CONNECTIONS = 2000
MOST_PER_ADDRESS = 24
MOST_FILES = 65_536
LAPTOP = ("127.0.0.1", "::1")  # the organiser's own computer

# the connections each device holds, oldest first, per server (the tests run several)
_HELD: weakref.WeakKeyDictionary[ServerState, dict[str, list[Impatient]]] = \
    weakref.WeakKeyDictionary()


def device(host: str) -> str:
    """Who holds a connection: an IPv4 address, an IPv6 /64 (one machine has a whole
    one), the laptop itself («» : never counted)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if str(address) in LAPTOP:
        return ""
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Impatient(H11Protocol):
    """uvicorn's HTTP/1.1, closing a connection too slow to ask, too many from one
    device, or the room's oldest when it is full (see the module)."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._device = device(self.client[0]) if self.client else ""
        if self._device:
            held = _HELD.setdefault(self.server_state, {})
            mine = held.setdefault(self._device, [])
            if len(mine) >= MOST_PER_ADDRESS:
                self.transport.abort()  # never counted
                return
            mine.append(self)
            while sum(map(len, held.values())) > MOST_CONNECTIONS:
                most = max(held.values(), key=len)
                idle = [c for c in most if c.cycle is None or c.cycle.response_complete]
                victim = (idle or most)[0]
                victim.forget()  # at once: a burst of arrivals must not pick it again
                victim.transport.abort()
        self.loop.call_later(HEAD_SECONDS, self._check, "head")
        self.loop.call_later(BODY_SECONDS, self._check, "body")
        self.loop.call_later(REQUEST_SECONDS, self._check, "answer")

    def forget(self) -> None:
        """No longer counted among its device's connections (closed, or closing)."""
        held = _HELD.get(self.server_state, {})
        mine = held.get(getattr(self, "_device", ""), [])
        with contextlib.suppress(ValueError):
            mine.remove(self)
        if not mine:
            held.pop(getattr(self, "_device", ""), None)

    def connection_lost(self, exc: Exception | None) -> None:
        self.forget()
        super().connection_lost(exc)

    def _check(self, part: str) -> None:
        """Close the connection if its first request's `part` has not come («head»,
        «body») or its answer has not gone («answer») by now."""
        cycle = self.cycle
        if self.transport.is_closing():  # closed, or waiting to hand a reader its answer
            if part == "answer":
                self.transport.abort()
            return
        late = {"head": cycle is None,
                "body": cycle is not None and self.conn.their_state is h11.SEND_BODY,
                "answer": cycle is not None and not cycle.response_complete}[part]
        if late:
            self.transport.abort()  # not close(): it waits for a reader that never reads


def config(app: Any, host: str, port: int) -> uvicorn.Config:
    """The venue's server configuration (the tests serve through it too); the room's
    limit is `Impatient`'s, which spares the laptop (uvicorn's would refuse it too)."""
    return uvicorn.Config(app, host=host, port=port, http=Impatient, log_level="error",
                          server_header=False, date_header=False, timeout_keep_alive=5)


def close_on_signals() -> None:
    """The terminal window closed (SIGHUP) or the system stopping it (SIGTERM, which
    uvicorn raises again once it has closed) closes the venue as Ctrl+C does, so that
    what opened it cleans up after (adversary 32: its control file, with the key, was
    left)."""
    import signal

    def closed(*_: Any) -> None:
        raise KeyboardInterrupt

    with contextlib.suppress(AttributeError, ValueError):  # Windows; not the main thread
        signal.signal(signal.SIGTERM, closed)
        signal.signal(signal.SIGHUP, closed)


def run(settings: uvicorn.Config) -> None:
    """Serve until interrupted (Ctrl+C, the terminal closed, SIGTERM), with the file
    handles and the terminal kept (module)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = MOST_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_FILES)
        if soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ImportError, ValueError, OSError):  # Windows, or a limit not ours to raise
        pass
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)  # «Too many open files» × 1e6
    sockets = None
    if settings.host == "::":  # every interface, IPv4 too: asyncio's own socket would be
        import socket  # IPv6 only, and the re-check's phones could not reach the address

        both = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
        both.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        both.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
        both.bind(("::", settings.port))
        sockets = [both]
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C closes the venue, as uvicorn.run
        uvicorn.Server(settings).run(sockets=sockets)
