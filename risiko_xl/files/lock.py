"""One writer at a time, and respect for the programs that have the workbook open.

`writing(path)` holds an exclusive lock around a command's whole read–modify–write of a
workbook: a lock file beside it, `.~risiko.NAME.lock`, created atomically (O_EXCL) and
holding the process id, the computer's name and the time. A second command waits up to
`WAIT` seconds for it, then says who holds the file. A lock left by a process that no
longer runs on this computer (killed, crashed) is stale and taken over; one from another
computer (a shared folder) is stale after a day.

`open_elsewhere(path)` finds the owner files that Excel (`~$NAME`) and LibreOffice
(`.~lock.NAME#`) keep beside a document they have open: saving under them would be lost
when the program saves its own copy, so writing commands refuse unless forced. A
LibreOffice owner file naming this computer while no LibreOffice runs here is stale (left
by a crash): the command says so and goes on.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from risiko_xl.clock import italian_time
from risiko_xl.errors import RisikoError
from risiko_xl.files.processes import libreoffice_running, running

WAIT_VARIABLE = "RISIKO_ATTESA_BLOCCO"  # seconds a second writer waits (default 10)
POLL = 0.05
STALE_AFTER = 24 * 3600  # a lock from another computer is stale after a day


def lock_path(path: Path) -> Path:
    """The lock file of a workbook: `torneo.xlsx` → `.~risiko.torneo.xlsx.lock`."""
    path = Path(path)
    return path.with_name(f".~risiko.{path.name}.lock")


@contextlib.contextmanager
def writing(path: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the workbook's exclusive lock for the duration of the block (see module doc)."""
    lock = lock_path(Path(os.path.realpath(path)))
    deadline = time.monotonic() + (_wait() if wait is None else wait)
    while not _acquire(lock):
        holder = _holder(lock)
        if holder is None or _stale(holder):
            with contextlib.suppress(FileNotFoundError):
                _take_over(lock, holder)
            continue
        if time.monotonic() >= deadline:
            raise RisikoError(
                "il file è in uso da un altro comando risiko-xl "
                f"({_describe(holder)}): riprovare quando ha finito", valore=str(path))
        time.sleep(POLL)
    try:
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            if (_holder(lock) or {}).get("pid") == os.getpid():
                lock.unlink()


def _wait() -> float:
    text = os.environ.get(WAIT_VARIABLE, "10")
    try:
        seconds = float(text.replace(",", "."))
    except ValueError:
        seconds = -1
    if not 0 <= seconds <= 3600:
        raise RisikoError(f"la variabile {WAIT_VARIABLE} deve essere un numero di secondi "
                          "fra 0 e 3600", valore=text)
    return seconds


def _acquire(lock: Path) -> bool:
    info = {"pid": os.getpid(), "host": socket.gethostname(),
            "time": italian_time().replace(tzinfo=None).isoformat(timespec="seconds")}
    try:
        fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(info, handle)
    return True


def _holder(lock: Path) -> dict[str, Any] | None:
    """What the lock file says (None: unreadable, being written, or gone)."""
    try:
        data = json.loads(lock.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _stale(holder: dict[str, Any]) -> bool:
    pid, host = holder.get("pid"), holder.get("host")
    if host == socket.gethostname():
        if not isinstance(pid, int) or not 0 < pid < 2**31:
            return True  # no process can have it: a damaged lock
        return not running(pid)
    try:
        since = dt.datetime.fromisoformat(str(holder.get("time")))
    except ValueError:
        return True
    return (italian_time() - italian_time(since)).total_seconds() > STALE_AFTER


def _take_over(lock: Path, holder: dict[str, Any] | None) -> None:
    """Remove a stale lock (or one unreadable for over a second: a writer killed mid-way),
    unless it changed meanwhile."""
    if holder is None:
        if time.time() - lock.stat().st_mtime < 1:
            time.sleep(POLL)
            return
    elif _holder(lock) != holder:
        return
    lock.unlink()


def _describe(holder: dict[str, Any]) -> str:
    return (f"processo {holder.get('pid', '?')} sul computer {holder.get('host', '?')}, "
            f"dalle {str(holder.get('time', '?')).replace('T', ' ')}")


def _owner_files(path: Path) -> list[tuple[Path, str]]:
    """The owner files Excel and LibreOffice would keep beside `path` (a link's too)."""
    owners = []
    for where in dict.fromkeys((Path(path), Path(os.path.realpath(path)))):
        owners.append((where.with_name(f".~lock.{where.name}#"), "LibreOffice"))
        names = {f"~${where.name}", f"~${where.name[2:]}"} if len(where.name) > 2 else set()
        owners += [(where.with_name(name), "Excel") for name in sorted(names)]
    return owners


def open_elsewhere(path: Path) -> str | None:
    """'Excel' or 'LibreOffice' and who has `path` open there, from their owner files."""
    for owner, program in _owner_files(path):
        if owner.is_file():
            user = (_libreoffice_user if program == "LibreOffice" else _excel_user)(owner)
            return f"{program} da {user}" if user else program
    return None


def _stale_libreoffice(path: Path) -> Path | None:
    """LibreOffice's owner file of `path` when it names this computer and no LibreOffice
    runs here (left by a crash), None otherwise."""
    owner = next((o for o, program in _owner_files(path) if o.is_file()), None)
    if owner is None or not owner.name.startswith(".~lock."):
        return None
    try:
        fields = owner.read_text(encoding="utf-8", errors="replace").split(",")
    except OSError:
        return None
    if len(fields) < 3 or fields[2].strip().lower() != socket.gethostname().lower():
        return None
    return None if libreoffice_running() else owner


def refuse_if_open(path: Path, forced: bool) -> str | None:
    """RisikoError if another program has `path` open and the command was not forced; when
    forced, or when the owner file is a stale LibreOffice one, the warning to give once the
    file is written (None: not open elsewhere)."""
    where = open_elsewhere(path)
    if where and (stale := _stale_libreoffice(path)) is not None:
        return (f"Attenzione: il file risultava aperto in {where}, ma LibreOffice non è in "
                f"esecuzione su questo computer: «{stale.name}» è rimasto da una chiusura "
                "improvvisa, scritto comunque (si può cancellare quel file)")
    if where and forced:
        return (f"Attenzione: il file risulta aperto in {where}: scritto comunque (--forza); "
                "il programma non deve salvarlo sopra")
    if where and not forced:
        advice = (", oppure usa i pulsanti RisiKo! dentro il programma"
                  if where.startswith("Excel") else "")
        raise RisikoError(f"il file è aperto in {where}: chiudilo{advice} "
                          "(per scrivere comunque: --forza)", valore=str(path))
    return None


def _libreoffice_user(owner: Path) -> str:
    """LibreOffice's lock file: 'Author,system user,computer,date,profile;' — the author's
    name, else the system user, with the computer when known."""
    try:
        fields = [f.strip() for f in owner.read_text(encoding="utf-8",
                                                     errors="replace").split(",")]
    except OSError:
        return ""
    fields += [""] * 3
    who = fields[0] or fields[1]
    return f"{who} (computer {fields[2]})" if who and fields[2] else who


def _excel_user(owner: Path) -> str:
    """Excel's owner file: a length byte then the user name (cp1252), padded."""
    try:
        data = owner.read_bytes()[:165]
    except OSError:
        return ""
    if not data:
        return ""
    size = data[0]
    return data[1:1 + size].decode("cp1252", errors="replace").strip() if size else ""
