"""Opening the venue: the laptop's address on the room's network (the interface a packet
to the outside would leave by: nothing is sent), its QR code in the terminal, the web
server (uvicorn) until Ctrl+C."""

from __future__ import annotations

import io
import socket
from pathlib import Path

from risiko_xl.errors import RisikoError

DEFAULT_PORT = 8000


def room_address() -> str:
    """The IPv4 address other devices of the room reach this computer at (127.0.0.1 when
    it is on no network)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # UDP: chooses a route, sends nothing
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def opening_lines(path: Path, url: str) -> list[str]:
    """What the terminal says when the venue opens: the addresses and the QR code."""
    import segno

    code = segno.make(url, error="m", micro=False)
    drawn = io.StringIO()
    code.terminal(out=drawn, compact=True)
    return [f"Sala aperta per {path.name}:",
            f"  telefoni dei giocatori: {url}",
            f"  schermo di sala: {url}schermo",
            drawn.getvalue().rstrip("\n"),
            "Le pagine seguono il file a ogni salvataggio. Ctrl+C chiude la sala."]


def serve(path: Path, port: int | None, host: str | None) -> None:
    """Serve the venue of the tournament at `path` on `host` (default: every interface,
    the room's address shown) and `port`, until interrupted."""
    import uvicorn

    from risiko_xl.sala.app import application
    from risiko_xl.sala.room import Room

    if not path.is_file():
        raise RisikoError("il torneo non esiste (o non è un file)", valore=str(path))
    port = port or DEFAULT_PORT
    shown = host if host and host not in ("0.0.0.0", "::") else room_address()
    url = f"http://{shown}:{port}/"
    room = Room(path, url)
    state = room.state()
    if state.source is None:
        raise RisikoError(f"il torneo non si legge: {state.problem}", valore=str(path))
    for line in opening_lines(path, url):
        print(line, flush=True)
    uvicorn.run(application(room), host=host or "0.0.0.0", port=port, log_level="warning",
                server_header=False, date_header=False)
