"""Where the venue (`risiko-xl sala`) is reached: the laptop's address on the room's
network and the port of the venue open for a workbook (its control file `TORNEO.xlsx.sala`,
the port and the organiser's key, readable by its owner only). Read by the server that
opens the venue and by the score sheets, whose codes send phones there."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

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


def beside(path: Path, suffix: str) -> Path:
    """The venue's file `suffix` beside the workbook, the one file whatever name it is
    opened by (adversary 32: a symbolic link opened a second venue with a journal of its
    own)."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + suffix)


def control_file(path: Path) -> Path:
    return beside(path, ".sala")


def opened(path: Path) -> tuple[str, int, str] | None:
    """Where this computer reaches the venue open for the workbook at `path` (the host
    it listens on: the loopback when it listens on every interface), its port and the
    organiser's key; None when none is (or its control file is not ours to read)."""
    found = _control(path)
    try:
        return reached(found) if found else None
    except (KeyError, TypeError, ValueError):
        return None


def reached(control: dict[str, Any]) -> tuple[str, int, str]:
    """(host, port, key) of a control file's venue as this computer reaches it."""
    host = str(control.get("ascolta") or "0.0.0.0")
    host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    return host, int(control["porta"]), str(control["chiave"])


def _control(path: Path) -> dict[str, Any] | None:
    try:
        found = json.loads(control_file(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return found if isinstance(found, dict) else None


def venue_url(path: Path | None, typed: str | None = None) -> str:
    """The phones' address of the venue: `typed` (the setting «Indirizzo sala»), else
    the address the open venue listens at, else this computer's address on the room's
    network with the default port."""
    if typed:
        return typed if typed.endswith("/") else typed + "/"
    found = _control(path) if path is not None else None
    if found and isinstance(found.get("indirizzo"), str):  # where the open venue listens
        return str(found["indirizzo"])
    venue = opened(path) if path is not None else None
    return f"http://{room_address()}:{venue[1] if venue else DEFAULT_PORT}/"
