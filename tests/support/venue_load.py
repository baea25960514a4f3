"""The venue under a room's load (issue 30, «Security and load»): `risiko-xl sala` run as
the organiser runs it, on the loopback, with `phones` phones following the pages (each
asks `/versione` every 2 seconds, as `sala.js` does, and loads the page again when the
tournament changed) while every table sends its result from its own phone — a third of
them tapping «Invia» twice — and the organiser confirms them as they arrive.

Afterwards the workbook and the journal are read back: every result sent is in
`Risultati` exactly as sent (none lost), once (none applied twice). Used by
tests/sala/test_load.py and benchmarks/sala_load.py, which print the figures."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from risiko_xl import simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.draw.rng import Rng
from risiko_xl.sala.reports import journal_file
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.table_reports import BASE_COLUMNS
from risiko_xl.tournament.table_codes import REPORT_KEY, table_code
from risiko_xl.venue import control_file
from tests.support.workbooks import new_with_players

POLL = 2.0  # seconds between two questions of a page (templates/sala/sala.js)


@dataclass
class LoadReport:
    phones: int
    tables: int
    seconds: float
    latencies: list[float] = field(default_factory=list)  # the phones' requests, seconds
    failures: list[str] = field(default_factory=list)
    sent: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # table → values
    confirmations: int = 0
    found: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # as written
    sendings: int = 0  # «invio» events in the journal
    confirmed: int = 0  # «conferma» events in the journal
    log: str = ""  # what the server printed

    def percentile(self, share: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0

    def lines(self) -> list[str]:
        ms = [1000 * self.percentile(p) for p in (0.5, 0.99)]
        return [f"{self.phones} telefoni, {self.tables} tavoli, {self.seconds:.0f} s: "
                f"{len(self.latencies)} richieste dei telefoni",
                f"latenza: mediana {ms[0]:.0f} ms, 99° percentile {ms[1]:.0f} ms, "
                f"massima {1000 * max(self.latencies, default=0):.0f} ms",
                f"risultati mandati {len(self.sent)}, scritti {len(self.found)}, invii nel "
                f"registro {self.sendings}, conferme {self.confirmed}, errori "
                f"{len(self.failures)}"]


def _address(kind: int, number: int) -> str:
    """A device's own address on the loopback (Linux routes all of 127/8 there), so that
    the venue sees a room of devices, as on the Wi-Fi, and its cap per address holds."""
    return f"127.{kind}.{1 + number // 250}.{1 + number % 250}"


async def _http(port: int, method: str, path: str, body: bytes = b"",
                headers: dict[str, str] | None = None,
                source: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    """One request from `source` on its own connection (as a phone's browser opens them)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                   local_addr=(source, 0))
    try:
        head = {"Host": f"127.0.0.1:{port}", "Connection": "close",
                "Content-Length": str(len(body)), **(headers or {})}
        writer.write(f"{method} {path} HTTP/1.1\r\n".encode() + "".join(
            f"{k}: {v}\r\n" for k, v in head.items()).encode() + b"\r\n" + body)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    top, _, content = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    answer = {k.strip().lower(): v.strip() for k, v in
              (line.split(":", 1) for line in lines[1:] if ":" in line)}
    return status, answer, content


def tournament(folder: Path, tables: int) -> Path:
    """A Master of `tables` tables of four, round 1 drawn."""
    path = new_with_players(folder / "carico.xlsx", "master", tables * 4, 8, "ld", seed="carico")
    book = OpenpyxlBook(path)
    draw_round(book, 1)
    book.save()
    return path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run(folder: Path, phones: int = 300, tables: int = 30, seconds: float = 30.0) -> LoadReport:
    """The load, with the venue served by `risiko-xl sala` in its own process."""
    path = tournament(folder, tables)
    port = _free_port()
    said = folder / "sala.log"  # a file, never a pipe: a full pipe would stop the server
    with said.open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "risiko_xl.cli", "sala", str(path), "--porta", str(port),
             "--indirizzo", "127.0.0.1"], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not control_file(path).exists():
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("la sala non parte: " + said.read_text(errors="replace"))
            time.sleep(0.1)
        key = json.loads(control_file(path).read_text())["chiave"]
        report = LoadReport(phones, tables, seconds)
        asyncio.run(_room(port, path, key, report))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    _read_back(path, report)
    report.log = said.read_text(encoding="utf-8", errors="replace")
    return report


async def _room(port: int, path: Path, key: str, report: LoadReport) -> None:
    stop = asyncio.Event()
    book = OpenpyxlBook(path)
    secret = str(book.settings()[REPORT_KEY])
    seated: dict[int, list[str]] = {}
    for row in book.read_table(schema.RESULTS.name):
        seated.setdefault(int(row["Tavolo"]), []).append(str(row["ID"]))
    rng = Rng("carico", "risultati")
    games = {t: simulate.game(rng, 4) for t in range(1, report.tables + 1)}
    started = time.monotonic()

    async def timed(method: str, where: str, source: str) -> tuple[int, bytes]:
        begun = time.monotonic()
        status, _, body = await _http(port, method, where, source=source)
        report.latencies.append(time.monotonic() - begun)
        if status != 200:
            report.failures.append(f"{method} {where}: {status}")
        return status, body

    async def phone(number: int) -> None:
        await asyncio.sleep(random.Random(number).random() * POLL)
        shown, source = None, _address(1, number)
        while not stop.is_set():
            status, body = await timed("GET", "/versione", source)
            version = json.loads(body)["versione"] if status == 200 else shown
            if version != shown:
                await timed("GET", "/", source)
                shown = version
            await asyncio.sleep(POLL)

    async def table(number: int) -> None:
        await asyncio.sleep(random.Random(-number).random() * report.seconds / 2)
        code, source = table_code(secret, 1, "Qualificazione", number,
                                  seated[number]), _address(2, number)
        await timed("GET", f"/referto?codice={code}", source)
        values = games[number]
        fields = {"codice": code, "invio": f"modulo-{number}"}
        for i, seat in enumerate(values):
            fields |= {f"p{i}_{j}": "" if seat.get(c) is None else str(seat[c])
                       for j, c in enumerate(BASE_COLUMNS)}
        body = urlencode(fields).encode()
        for _ in range(2 if number % 3 == 0 else 1):  # a third tap «Invia» twice
            status, _, answer = await _http(port, "POST", "/referto", body, {
                "Content-Type": "application/x-www-form-urlencoded"}, source)
            if status != 200 or b"ricevuto" not in answer.lower():
                report.failures.append(f"invio del tavolo {number}: {status}")
        report.sent[number] = values

    async def organiser() -> None:
        _, head, _ = await _http(port, "GET", f"/organizzatore?chiave={key}")
        cookie = head["set-cookie"].split(";")[0]
        body = urlencode({"chiave": key, "tavolo": "tutti"}).encode()
        while not stop.is_set():
            await asyncio.sleep(1.0)
            status, _, _ = await _http(port, "POST", "/conferma", body, {
                "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            report.confirmations += 1
            if status != 303:
                report.failures.append(f"conferma: {status}")

    async def clock() -> None:
        await asyncio.sleep(report.seconds)
        stop.set()

    tasks = [asyncio.create_task(phone(n)) for n in range(report.phones)]
    tasks += [asyncio.create_task(table(n)) for n in range(1, report.tables + 1)]
    tasks += [asyncio.create_task(organiser()), asyncio.create_task(clock())]
    await asyncio.gather(*tasks)
    report.seconds = time.monotonic() - started


def _read_back(path: Path, report: LoadReport) -> None:
    """What the workbook and the journal hold after the evening."""
    rows = OpenpyxlBook(path).read_table(schema.RESULTS.name)
    for number in range(1, report.tables + 1):
        seats = [r for r in rows if r["Tavolo"] == number and r["Turno"] == 1]
        if any(r["Punti obiettivo"] is not None or r["Eliminato"] is not None for r in seats):
            report.found[number] = [{c: r[c] for c in BASE_COLUMNS} for r in seats]
    events = [json.loads(line) for line in
              journal_file(path).read_text(encoding="utf-8").splitlines()]
    report.sendings = sum(e["evento"] == "invio" for e in events)
    report.confirmed = sum(e["evento"] == "conferma" for e in events)
