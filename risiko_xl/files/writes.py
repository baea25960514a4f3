"""Safe file writes: atomic replace, and the previous version kept as a backup.

Every file the program writes goes through `atomic_write`: the new content is written
to a temporary file beside the target (`.NAME.PID.xxxx.tmp`), flushed to disk, and
renamed over the target in one step, so the target is at every moment the complete old
version or the complete new one, even if the process is killed or the power fails. The
old version is first kept as `NAME.bak.EXT` (restored by `risiko-xl ripristina`); for a
workbook it also goes into its history, the folder `NAME.versioni/` beside it, which keeps
the last `KEEP_VERSIONS` versions (see `history`).

A process killed mid-write leaves its temporary file behind; the next write to the
same file removes it once the process that made it is gone (or after a day, for a file
left by another computer on a shared folder).

A set of files that belong together (`pubblica --formato tutti`: one post in every format)
is written by `atomic_write_folder` all or nothing: a new folder is made whole under a
temporary name beside it (`.NAME.PID.xxxx.tmp/`) and renamed in place; in a folder that
exists, every new file is written beside its target before the first is renamed. A full
disk leaves the folder as it was, or no folder.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from risiko_xl.errors import RisikoError
from risiko_xl.files import history
from risiko_xl.files.processes import running

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
TEMP_SUFFIX = ".tmp"
STALE_AFTER = 24 * 3600  # seconds: a temporary file this old is stale whoever made it

Writer = Callable[[Path], object]  # what it returns is ignored


def backup_path(path: Path) -> Path:
    """Where the previous version of `path` is kept: `torneo.xlsx` → `torneo.bak.xlsx`."""
    path = Path(path)
    return path.with_name(f"{path.stem}.bak{path.suffix}")


def atomic_write(path: Path, write: Writer, keep_backup: bool = True) -> None:
    """Call write(temp) on a temporary file beside `path`, then atomically replace `path`.

    With `keep_backup` an existing `path` is first copied (atomically too) to
    `backup_path(path)`. At every moment `path` is either the complete old version or the
    complete new one, and the backup a complete earlier version.
    """
    path = writable_target(path)
    writes: list[tuple[Path, Writer]] = []
    tracked = keep_backup and is_workbook(path)
    if tracked and path.exists():
        replaced = history.sha256(path)
        with _prepared(path, write) as ready:
            changed = _replace_workbook(path, ready)
        history.record_written(path)
        if changed:
            history.keep(path)
        else:
            history.refresh_newest(path, replaced)
        return
    if keep_backup and path.exists():
        if tracked:
            history.keep(path)
        writes.append((backup_path(path), _copy_of(path)))
    writes.append((path, write))
    atomic_write_many(writes)
    if tracked:
        history.record_written(path)
        history.keep(path)


def _replace_workbook(path: Path, ready: Path) -> bool:
    """Replace workbook `path` with the prepared `ready`, `path` kept as the backup; whether
    a sheet value changed. When none did (a command run twice) no version is added to the
    history: it would be the same tournament again."""
    changed = not history.same_values(path, ready)
    if changed:
        history.keep(path)
    atomic_write_many([(backup_path(path), _copy_of(path)),
                       (path, lambda temp: shutil.copy2(ready, temp))])
    return changed


def is_workbook(path: Path) -> bool:
    return Path(path).suffix.lower() in WORKBOOK_SUFFIXES


def writable_target(path: Path) -> Path:
    """The file a write to `path` really replaces: a symlink's target (so the link stays a
    link); RisikoError, naming `path`, for a read-only file or folder (a file the user
    made read-only is never replaced)."""
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if target.exists() and (not os.access(target, os.W_OK)
                            or not target.stat().st_mode & 0o222):  # root too
        raise RisikoError("il file è in sola lettura: togliere la protezione (Proprietà del "
                          "file) o salvarne una copia con un altro nome", valore=str(path))
    folder = target.parent
    if folder.is_dir() and (not os.access(folder, os.W_OK | os.X_OK)
                            or not folder.stat().st_mode & 0o222):
        raise RisikoError(f"la cartella «{folder}» è in sola lettura: non si può salvare "
                          "il file", valore=str(path))
    return target


def atomic_write_text(path: Path, text: str) -> Path:
    """`atomic_write` of UTF-8 text (the previous file kept as the backup); the path."""
    atomic_write(Path(path), lambda temp: temp.write_text(text, encoding="utf-8"))
    return Path(path)


def atomic_write_many(writes: Sequence[tuple[Path, Writer]]) -> None:
    """Prepare every file's new content in a temporary file first, then rename each over
    its target, in order (each rename atomic). Nothing is replaced if a write fails."""
    with contextlib.ExitStack() as stack:
        temps = [stack.enter_context(_prepared(Path(path), write)) for path, write in writes]
        for temp, (path, _) in zip(temps, writes):
            os.replace(temp, path)
        for directory in {Path(path).parent for path, _ in writes}:
            _fsync_dir(directory)


def atomic_write_folder(folder: Path, files: Mapping[str, Writer],
                        keep_backup: bool = True) -> list[Path]:
    """Write each `files` entry (file name → its writer) into `folder`, all or none.

    A folder that does not exist (nor its parents, made as needed) is written whole under
    a temporary name beside it and renamed in place at the end. In a folder that exists,
    each new file is written beside its target (with `keep_backup` the previous version
    kept as `backup_path`) and none is renamed until all are on disk. On any failure (a
    full disk) nothing is replaced and nothing of this call is left: no temporary file, no
    folder it made. Returns the files written, in the order given."""
    folder = Path(folder)
    targets = [folder / name for name in files]
    if folder.is_dir():
        writes: list[tuple[Path, Writer]] = []
        for target, write in zip(targets, files.values(), strict=True):
            target = writable_target(target)
            if keep_backup and target.exists():
                writes.append((backup_path(target), _copy_of(target)))
            writes.append((target, write))
        atomic_write_many(writes)
        return targets
    made = _make_parents(folder.parent)
    try:
        writable_target(folder)
        clean_stale_temps(folder)
        temp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.{os.getpid()}.",
                                     suffix=TEMP_SUFFIX, dir=folder.parent))
        try:
            for name, write in files.items():
                write(temp / name)
                _fsync(temp / name)
            os.chmod(temp, 0o777 & ~_umask())  # mkdtemp makes 0700 folders
            _fsync_dir(temp)
            os.rename(temp, folder)  # refused when a folder appeared there meanwhile
        finally:
            shutil.rmtree(temp, ignore_errors=True)  # gone once renamed
        _fsync_dir(folder.parent)
    except BaseException:
        for directory in reversed(made):
            with contextlib.suppress(OSError):
                directory.rmdir()
        raise
    return targets


class _Copy:
    """A writer copying `source`: the copy keeps the source's permissions (a backup of a
    workbook only its owner reads is only its owner's too)."""

    def __init__(self, source: Path) -> None:
        self.source = Path(source)

    def __call__(self, temp: Path) -> None:
        shutil.copy2(self.source, temp)


def _copy_of(path: Path) -> Writer:
    return _Copy(path)


def _make_parents(folder: Path) -> list[Path]:
    """Make `folder` and its missing parents; those made, outermost first."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    made = []
    try:
        for directory in reversed(missing):
            directory.mkdir()
            made.append(directory)
    except BaseException:
        for directory in reversed(made):
            with contextlib.suppress(OSError):
                directory.rmdir()
        raise
    return made


def make_backup(path: Path) -> Path | None:
    """Copy `path` (if it exists) to `backup_path(path)`, atomically; the backup path."""
    path = Path(path)
    if not path.exists():
        return None
    if is_workbook(path):
        history.keep(path)
    target = backup_path(path)
    atomic_write(target, _copy_of(path), keep_backup=False)
    return target


def temp_files(path: Path) -> list[Path]:
    """The temporary files of writes to `path` (in progress or left by a killed one)."""
    path = Path(path)
    pattern = glob.escape(f".{path.name}.") + "*" + TEMP_SUFFIX
    return sorted(p for p in path.parent.glob(pattern) if _writer_pid(p, path) is not None)


def clean_stale_temps(path: Path) -> list[Path]:
    """Remove the temporary files left beside `path` by writes that were killed: their
    process is gone, or they are older than a day. Returns those removed."""
    path, removed, now = Path(path), [], time.time()
    for temp in temp_files(path):
        pid = _writer_pid(temp, path)
        try:
            if pid is not None and running(pid) and now - temp.stat().st_mtime < STALE_AFTER:
                continue
            if temp.is_dir() and not temp.is_symlink():  # a folder's (atomic_write_folder)
                shutil.rmtree(temp)
            else:
                temp.unlink()
        except OSError:  # gone meanwhile, or not ours to remove
            continue
        removed.append(temp)
    return removed


@contextlib.contextmanager
def _prepared(path: Path, write: Writer) -> Iterator[Path]:
    """A temporary file beside `path` holding write()'s content on disk, with `path`'s
    permissions; removed on exit unless it was renamed."""
    clean_stale_temps(path)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX,
                                dir=path.parent)
    os.close(fd)
    temp = Path(name)
    try:
        write(temp)
        _fsync(temp)
        # mkstemp makes 0600 files: the target's permissions (a copy's: its source's)
        os.chmod(temp, _mode(write.source if isinstance(write, _Copy) else path))
        yield temp
    finally:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()


def _writer_pid(temp: Path, target: Path) -> int | None:
    """The process id in a temporary file's name `.NAME.PID.xxxx.tmp` (None if not ours)."""
    middle = temp.name[len(target.name) + 2:-len(TEMP_SUFFIX)]
    pid, _, rest = middle.partition(".")
    return int(pid) if pid.isdigit() and rest and "." not in rest else None


def _mode(path: Path) -> int:
    """The existing file's permission bits, or the default for a new file (umask)."""
    if path.exists():
        return path.stat().st_mode & 0o7777
    return 0o666 & ~_umask()


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def _fsync(path: Path) -> None:
    with open(path, "r+b") as handle:
        os.fsync(handle.fileno())


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # not supported on this platform
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
