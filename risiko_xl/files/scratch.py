"""Private working folders in the system's temporary folder, never left behind for long.

A command that needs room to work (a workbook built before it is copied into place,
LibreOffice converting a file) takes a folder `risiko-WHAT-PID-xxxxxxxx` in the
temporary folder (`/tmp`, `%TEMP%`) with `scratch_folder` and removes it when done, even
on an error. A process killed outright (`kill -9`, the power, the Task Manager) cannot: the
next command that takes one first removes those whose process is gone and that were
last changed more than `STALE_AFTER_DEAD` seconds ago (or more than a day ago, whoever
made them: a process id is reused, a container shares the folder with others); only the
user's own folders, never following a link. Folders named by earlier versions, without
the process id (`risiko-gt-xxxxxxxx`, `risiko-importa-xxxxxxxx`), go after a day.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from risiko_xl.files.processes import running

PREFIX = "risiko-"
STALE_AFTER_DEAD = 10 * 60  # seconds: a folder of a process that is gone, left this long
STALE_AFTER = 24 * 3600  # seconds: a folder this old is stale whoever made it
# risiko-WHAT-PID-xxxxxxxx (mkdtemp's eight letters, digits or _), or without the PID as
# earlier versions named them
NAME = re.compile(r"risiko-(?P<what>[a-z]+)-(?:(?P<pid>\d+)-)?[a-z0-9_]{8}")


@contextlib.contextmanager
def scratch_folder(what: str) -> Iterator[Path]:
    """A new private folder `risiko-WHAT-PID-xxxxxxxx` in the temporary folder, removed
    with all it holds on exit; those left by killed processes are removed first."""
    if not re.fullmatch(r"[a-z]+", what):
        raise ValueError(f"scratch folder name: lowercase letters only, not {what!r}")
    sweep()
    folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{what}-{os.getpid()}-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def sweep(root: Path | None = None, now: float | None = None) -> list[Path]:
    """Remove the scratch folders in `root` (the temporary folder) left by processes that
    are gone (see the module's text); the folders removed."""
    root = Path(tempfile.gettempdir()) if root is None else Path(root)
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(PREFIX) or not _stale(entry, now):
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        if not os.path.lexists(entry.path):
            removed.append(Path(entry.path))
    return removed


def _stale(entry: os.DirEntry[str], now: float) -> bool:
    """Whether `entry` is a scratch folder of ours that no running command uses."""
    found = NAME.fullmatch(entry.name)
    if found is None:
        return False
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode) or getattr(entry, "is_junction", bool)():
        return False  # a link, a junction or a file with such a name: not ours
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return False  # another user's: theirs to clean
    age = now - info.st_mtime
    if age > STALE_AFTER:
        return True
    pid = found["pid"]
    return pid is not None and age > STALE_AFTER_DEAD and not running(int(pid))
