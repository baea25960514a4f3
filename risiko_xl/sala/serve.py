"""Opening the venue: the laptop's address on the room's network (the interface a packet
to the outside would leave by: nothing is sent), its QR code in the terminal, the web
server (uvicorn) until Ctrl+C. While it runs, `TORNEO.xlsx.sala` beside the workbook (the
port and the organiser's key, readable by its owner only) lets `risiko-xl orologio` run
the clock from another terminal (`control`)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import secrets
import socket
from pathlib import Path

from risiko_xl.errors import RisikoError
from risiko_xl.sala.app import COOKIE
from risiko_xl.venue import DEFAULT_PORT, control_file, opened, reached, room_address


def opening_lines(path: Path, url: str, key: str) -> list[str]:
    """What the terminal says when the venue opens: the addresses, the QR code, the
    organiser's page with its key (for this terminal only)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    drawn = io.StringIO()
    code.terminal(out=drawn, compact=True)
    return [f"Sala aperta per {path.name}:",
            f"  telefoni dei giocatori: {url}",
            f"  schermo di sala: {url}schermo",
            drawn.getvalue().rstrip("\n"),
            f"  organizzatore (orologio, risultati dai tavoli; non darlo ad altri): "
            f"{url}organizzatore?chiave={key}",
            "Le pagine seguono il file a ogni salvataggio. Ctrl+C chiude la sala."]


def serve(path: Path, port: int | None, host: str | None) -> None:
    """Serve the venue of the tournament at `path` on `host` (default: every interface,
    the room's address shown) and `port`, until interrupted."""
    from risiko_xl.sala import server
    from risiko_xl.sala.app import application
    from risiko_xl.sala.clock import Clock
    from risiko_xl.sala.reports import Journal
    from risiko_xl.sala.room import Room

    if not path.is_file():
        raise RisikoError("il torneo non esiste (o non è un file)", valore=str(path))
    port = port or DEFAULT_PORT
    shown = host if host and host not in ("0.0.0.0", "::") else room_address()
    url = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/"
    _free(host or "0.0.0.0", port)  # before a word or a key: another venue may run there
    room = Room(path, url)
    key = secrets.token_urlsafe(16)
    state = room.state()
    if state.source is None:
        raise RisikoError(f"il torneo non si legge: {state.problem}", valore=str(path))
    where = control_file(path)
    server.close_on_signals()
    _claim(where, {"porta": port, "chiave": key, "indirizzo": url,
                   "ascolta": host or "0.0.0.0", "pid": os.getpid()})
    try:
        journal = Journal(path)
        for line in opening_lines(path, url, key):
            print(line, flush=True)
        if journal.skipped:
            print(f"Attenzione: {journal.skipped} righe del registro dei risultati dai "
                  f"tavoli ({journal.file.name}) non si leggono (una chiusura improvvisa, il "
                  "disco pieno?): i tavoli che mancano si rimandano dal telefono o si "
                  "scrivono dal referto.", flush=True)
        server.run(server.config(application(room, Clock(), key, journal), host or "0.0.0.0",
                                 port))
    finally:
        with contextlib.suppress(OSError, ValueError):
            if json.loads(where.read_text(encoding="utf-8")).get("chiave") == key:
                where.unlink()  # ours still


STARTING_SECONDS = 15  # a venue whose process runs, not answering yet: still starting


def _claim(where: Path, said: dict[str, object]) -> None:
    """The control file `where` written for this venue, or RisikoError when another
    venue of the workbook holds it (adversary 32: two opened at once, or by another name,
    split the tables' results); a file a venue closed badly left is taken over. The
    claim is made under the workbook's lock: two venues started at once over a file left
    behind both took it over (the second re-check)."""
    from risiko_xl.files.lock import writing

    with writing(where.with_name(where.name.removesuffix(".sala"))):
        _claim_locked(where, said)


def _claim_locked(where: Path, said: dict[str, object]) -> None:
    for _ in range(2):
        try:
            handle = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # owner only
        except FileExistsError:
            if _live(where):
                break
            with contextlib.suppress(FileNotFoundError):
                where.unlink()  # a venue closed badly: its key is no longer good
            continue
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(said, out)
        return
    raise RisikoError("la sala di questo torneo è già aperta (in un altro terminale): "
                      "usare quella, oppure chiuderla con Ctrl+C prima di riaprirla; due "
                      "sale sullo stesso file si dividerebbero i risultati (se nessuna sala "
                      f"è aperta: cancellare il file {where.name} e riaprirla)",
                      valore=str(where.with_suffix("")))


def _live(where: Path) -> bool:
    """Whether the venue of the control file `where` answers with its own key, or its
    process runs and wrote the file just now (it is starting)."""
    import http.client
    import time

    from risiko_xl.files.processes import running

    try:
        found = json.loads(where.read_text(encoding="utf-8"))
        host, port, key = reached(found)
        pid, age = found.get("pid"), time.time() - where.stat().st_mtime
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False
    if isinstance(pid, int) and age < STARTING_SECONDS and running(pid):
        return True
    connection = http.client.HTTPConnection(host, port, timeout=2)
    try:
        connection.request("GET", "/organizzatore", headers={"Cookie": f"{COOKIE}={key}"})
        return connection.getresponse().status == 200  # another venue's would be 403
    except OSError:
        return False
    finally:
        connection.close()


def _free(host: str, port: int) -> None:
    """RisikoError when `port` is taken on `host` (another venue, another program)."""
    probe = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server binds
    try:
        probe.bind((host, port))
    except OSError:
        raise RisikoError(f"la porta {port} è già in uso (un'altra sala aperta?): chiudere "
                          "quella o sceglierne un'altra con --porta", valore=port) from None
    finally:
        probe.close()


def _send(path: Path, where: str, fields: dict[str, str],
          timeout: float) -> list[tuple[bool | None, str]]:
    """A form of the organiser's sent to the venue open for `path` (as the organiser's page
    sends it, with the key of its control file): what the venue said, line by line, each
    done or not (None: a notice)."""
    import http.client
    from urllib.parse import urlencode

    venue = opened(path)
    if venue is None:
        raise RisikoError("la sala non è aperta per questo torneo: avviarla prima con "
                          f"risiko-xl sala {path.name}", valore=str(path))
    host, port, key = venue
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request("POST", where, urlencode({"chiave": key, **fields}), {
            "Cookie": f"{COOKIE}={key}", "Accept": "application/json",
            "Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        body = answer.read().decode("utf-8", "replace")
    except OSError as err:
        raise RisikoError(f"la sala non risponde sulla porta {port} ({err.strerror or err}): "
                          "è ancora aperta?") from None
    finally:
        connection.close()
    try:
        return [(line["fatto"], str(line["testo"])) for line in json.loads(body)["righe"]]
    except (ValueError, KeyError, TypeError):
        raise RisikoError(f"la sala ha risposto {answer.status}: {body[:200]}") from None


def control(path: Path, action: str, minutes: int | None, table: int | None) -> str:
    """The clock's `action` sent to the venue open for `path`; what it answered."""
    fields = {"azione": action} | {k: str(v) for k, v in (("minuti", minutes),
                                                          ("tavolo", table)) if v}
    (done, said), *_ = _send(path, "/orologio", fields, 10)
    if not done:
        raise RisikoError(f"orologio: {said[:1].lower() + said[1:]}")
    return said


def confirm(path: Path, table: str) -> tuple[list[str], bool]:
    """The tables' results waiting in the venue open for `path` confirmed (`table`: its
    number, or «tutti»): what was written, and whether any was refused."""
    said = _send(path, "/conferma", {"tavolo": table.strip()}, 120)
    return [line for _, line in said], any(done is False for done, _ in said)
