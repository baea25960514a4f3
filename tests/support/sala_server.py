"""The venue's server for real (uvicorn on the loopback, in a thread), as phones and
browsers reach it: raw HTTP requests go through `http.client`, paths sent as typed."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import uvicorn

from risiko_xl.sala.app import application
from risiko_xl.sala.clock import Clock
from risiko_xl.sala.reports import Journal
from risiko_xl.sala.room import Room
from risiko_xl.sala.server import config


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(room: Room, clock: Clock | None = None, key: str | None = None,
            journal: Journal | None = None) -> Iterator[tuple[str, int]]:
    """(host, port) of the venue's application serving `room` (its `clock` run with
    `key`, the tables' results in `journal`) until the block ends."""
    port = free_port()
    server = uvicorn.Server(config(application(room, clock, key, journal), "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("il server della sala non parte")
        time.sleep(0.02)
    try:
        yield "127.0.0.1", port
    finally:
        server.should_exit = True
        thread.join(10)


def request(where: tuple[str, int], method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> Answer:
    connection = http.client.HTTPConnection(*where, timeout=20)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return Answer(answer.status, {k.lower(): v for k, v in answer.getheaders()},
                      answer.read())
    finally:
        connection.close()


def said_after(where: tuple[str, int], answer: Answer, cookie: str) -> str:
    """What the organiser's page says after an action answered with `answer` (its
    redirect followed with the organiser's `cookie`), a line each."""
    import html
    import re

    assert answer.status == 303, answer.status
    page = request(where, "GET", answer.headers["location"], headers={"Cookie": cookie})
    found = re.search(r'<ul class="esito"[^>]*>(.*?)</ul>', page.text, re.S)
    return "" if found is None else "\n".join(
        html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", found[1], re.S))
