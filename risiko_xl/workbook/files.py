"""Safe file writes: atomic replace, and the previous version kept as a backup."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path


def backup_path(path: Path) -> Path:
    """Where the previous version of `path` is kept: `torneo.xlsx` → `torneo.bak.xlsx`."""
    return path.with_name(f"{path.stem}.bak{path.suffix}")


def atomic_write(path: Path, write: Callable[[Path], None], keep_backup: bool = True) -> None:
    """Call write(temp) on a temporary file beside `path`, then atomically replace `path`.

    The old file is first copied (atomically too) to `backup_path(path)`. At every moment
    `path` is either the complete old version or the complete new one.
    """
    path = Path(path)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=path.suffix,
                                     dir=path.parent)
    os.close(fd)
    temp = Path(temp_name)
    try:
        write(temp)
        os.chmod(temp, _mode(path))  # mkstemp makes 0600 files: keep the usual permissions
        _fsync(temp)
        if keep_backup and path.exists():
            fd, backup_temp = tempfile.mkstemp(prefix=f".{path.stem}.bak.", dir=path.parent)
            os.close(fd)
            shutil.copy2(path, backup_temp)  # copy2 keeps the permission bits
            _fsync(Path(backup_temp))
            os.replace(backup_temp, backup_path(path))
        os.replace(temp, path)
        _fsync_dir(path.parent)
    finally:
        if temp.exists():
            temp.unlink()


def _mode(path: Path) -> int:
    """The existing file's permission bits, or the default for a new file (umask)."""
    if path.exists():
        return path.stat().st_mode & 0o7777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _fsync(path: Path) -> None:
    with open(path, "rb") as handle:
        os.fsync(handle.fileno())


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # not supported on this platform
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
