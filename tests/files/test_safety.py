"""Nothing lost on disk: every write is atomic and keeps the previous version.

Failing writes leave the old file intact; every command that writes a file keeps the
version it replaced as `NAME.bak.EXT`; SIGKILL at random moments during 200 saves of the
demo workbook never leaves a file that does not open or is neither the old nor the new
version, and the temporary files of killed writes do not pile up.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
import random
import shutil
import signal
import statistics
import time
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.files.writes import atomic_write, backup_path, temp_files
from risiko_xl.tournament.loading import load

pytestmark = pytest.mark.lento  # saves killed at 200 moments


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def leftovers(directory: Path) -> list[str]:
    """Hidden files (temporary files of writes) in `directory`."""
    return sorted(p.name for p in directory.iterdir() if p.name.startswith("."))


# --- a write that fails ---------------------------------------------------------------

def test_a_write_failing_midway_leaves_the_old_file_and_backup(demo, tmp_path):
    path = tmp_path / "torneo.xlsx"
    shutil.copy(demo, path)
    OpenpyxlBook(path).save()  # now torneo.bak.xlsx exists too
    before, backup_before = digest(path), digest(backup_path(path))

    def half_then_fail(temp: Path) -> None:
        temp.write_bytes(path.read_bytes()[:1000])
        raise OSError("disco pieno")

    with pytest.raises(OSError, match="disco pieno"):
        atomic_write(path, half_then_fail)
    assert digest(path) == before and digest(backup_path(path)) == backup_before
    assert leftovers(tmp_path) == []


def test_a_save_that_cannot_keep_its_backup_writes_nothing(demo, tmp_path, capsys):
    path = tmp_path / "torneo.xlsx"
    shutil.copy(demo, path)
    before = digest(path)
    backup_path(path).mkdir()  # the backup cannot be replaced: the save must not happen
    assert cli.main(["standings", str(path)]) == cli.EXIT_BAD_INPUT  # a folder in the way
    assert f"È una cartella, non un file: {backup_path(path)}" in capsys.readouterr().err
    assert digest(path) == before and leftovers(tmp_path) == []


def test_an_interrupted_save_leaves_the_old_file(demo, tmp_path):
    path = tmp_path / "torneo.xlsx"
    shutil.copy(demo, path)
    before = digest(path)
    book = OpenpyxlBook(path)
    book.set_setting("Nome torneo", "Mai salvato")

    def interrupted(temp: Path) -> None:
        book.workbook.save(temp)
        raise KeyboardInterrupt  # Ctrl+C after the new file is complete, before the rename

    with pytest.raises(KeyboardInterrupt):
        atomic_write(path, interrupted)
    assert digest(path) == before and leftovers(tmp_path) == []


# --- every write keeps the previous version ---------------------------------------------

def _played(demo: Path, directory: Path) -> Path:
    path = directory / "torneo.xlsx"
    shutil.copy(demo, path)
    return path


WRITES = {  # command → (arguments, the file it writes), over a copy of the demo
    "standings": (lambda p: ["standings", str(p)], lambda p: p),
    "finals": (lambda p: ["finals", str(p)], lambda p: p),
    "ritira": (lambda p: ["ritira", str(p), "G003"], lambda p: p),
    "draw": (lambda p: ["draw", str(p), "--turno", "2", "--forza", "--seme", "altro"],
             lambda p: p),
    "new": (lambda p: ["new", str(p), "--formula", "master", "--forza"], lambda p: p),
    "export": (lambda p: ["export", str(p), str(p.with_name("valori.xlsx")), "--forza"],
               lambda p: p.with_name("valori.xlsx")),
    "post": (lambda p: ["post", str(p), "--turno", "2", "--out",
                        str(p.with_name("post.txt"))], lambda p: p.with_name("post.txt")),
    "referti": (lambda p: ["referti", str(p), "--turno", "2", "--out",
                           str(p.with_name("referti.pdf"))],
                lambda p: p.with_name("referti.pdf")),
}


@pytest.mark.parametrize("command", sorted(WRITES))
def test_every_command_keeps_the_version_it_replaces(command, demo, tmp_path):
    arguments, written = WRITES[command]
    path = _played(demo, tmp_path)
    target = written(path)
    if not target.exists():
        target.write_bytes(b"versione precedente, scritta a mano\n")
    before = target.read_bytes()
    assert cli.main(arguments(path)) == 0
    assert target.read_bytes() != before
    assert backup_path(target).read_bytes() == before
    assert leftovers(tmp_path) == []


def test_demo_outputs_keep_their_previous_versions(tmp_path, capsys):
    assert cli.main(["demo", str(tmp_path)]) == 0
    texts = {p: p.read_bytes() for p in tmp_path.iterdir()
             if p.suffix in (".txt", ".md", ".html")}
    (tmp_path / "esempi.txt").write_text("appunti dell'organizzatore\n", encoding="utf-8")
    assert cli.main(["demo", str(tmp_path)]) == 0
    capsys.readouterr()
    assert backup_path(tmp_path / "esempi.txt").read_text(encoding="utf-8") == (
        "appunti dell'organizzatore\n")
    for p, data in texts.items():
        assert p.read_bytes() == data  # the demo is reproducible
    assert leftovers(tmp_path) == []


def test_a_ribbon_save_keeps_the_file_on_disk_as_backup(demo, tmp_path, monkeypatch):
    """Excel saves the workbook itself: the action first keeps the version on disk."""
    from risiko_xl import actions
    from tests.support.excel_standin import ExcelStandIn

    path = tmp_path / "torneo.xlsx"
    shutil.copy(demo, path)
    stand_in = ExcelStandIn(path, monkeypatch)
    stand_in.run(actions.aggiorna_classifica)
    assert stand_in.saves == 1 and stand_in.alerts[-1].mode == "info"
    assert backup_path(path).read_bytes() == demo.read_bytes()
    assert leftovers(tmp_path) == []


# --- SIGKILL during saves ---------------------------------------------------------------
#
# A forked child of this process (which holds the demo workbook loaded, as the CLI does
# after reading it) sets a new version number in Impostazioni and saves with the real
# save path (OpenpyxlBook.save → atomic_write); it is killed with SIGKILL after a seeded
# random fraction of a save's duration, so the kills fall all along the save. Then:
# the file is byte-identical to the old version or a new content, which must be exactly
# the new version (checked once per content, at the end: opens with openpyxl and with
# our loader, every table equal to the demo's, the version number the child wrote); the
# backup is byte-identical to the old backup or to the old file; the temporary files of
# killed writes do not pile up and are gone after the next normal save.

KILLS = 200
WORKERS = 2  # files saved and killed at once (a shared CI machine has two cores or more)
MARK = "Prova salvataggio"  # an Impostazioni row numbering each saved version
SEED = 20261121


def _tables(book: OpenpyxlBook) -> dict[str, object]:
    tables = {name: book.read_table(name) for name in book.table_names()}
    settings = tables[schema.SETTINGS.name]
    tables[schema.SETTINGS.name] = settings.where(lambda row: row["Voce"] != MARK)
    return tables


def _version(path: Path, baseline: dict[str, object]) -> int:
    """The version number of a file that must open with openpyxl and with our loader and
    whose tables must all equal the demo's but for the MARK row."""
    book = OpenpyxlBook(path)  # openpyxl opens it (a RisikoError otherwise)
    load(book)  # and so does our loader
    tables = _tables(book)
    assert tables.keys() == baseline.keys()
    for name, frame in tables.items():
        assert frame == baseline[name], name
    return int(book.settings()[MARK])


class Worker:
    """One workbook, and the child process saving its next version."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file, self.backup = digest(path), digest(backup_path(path))
        self.pid = self.pipe = self.version = 0
        self.forked = self.deadline = 0.0

    def start(self, book: OpenpyxlBook, version: int, delay: float) -> None:
        """Fork a child that saves `version`, reports when done, then waits to be killed."""
        read, write = os.pipe()
        forked = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(read)
                book.set_setting(MARK, version)
                book.save(self.path)
                os.write(write, f"{time.perf_counter()}".encode())
                signal.pause()
            finally:
                os._exit(1)
        os.close(write)
        self.pid, self.pipe, self.version = pid, read, version
        self.forked, self.deadline = forked, forked + delay

    def kill(self) -> float | None:
        """SIGKILL the child; how long its save took (None if it was not done)."""
        os.kill(self.pid, signal.SIGKILL)
        _, status = os.waitpid(self.pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        with os.fdopen(self.pipe) as pipe:
            done = pipe.read()
        return float(done) - self.forked if done else None


def _kills(book: OpenpyxlBook, workers: list[Worker], fractions: list[float],
           contents: dict[str, tuple[bytes, int]]) -> tuple[dict[str, int], int, float]:
    """Kill a child of each worker after each fraction of a save's duration, checking the
    files at once byte for byte and keeping each new content for the full check; returns
    where the kills fell, the most temporary files seen, and a save's duration."""
    version, durations = 0, []
    for worker in workers:  # how long a child's save takes here, WORKERS at once
        version += 1
        worker.start(book, version, delay=60.0)
    for worker in workers:
        assert os.read(worker.pipe, 64)  # done; kill() then finds nothing more to read
        durations.append(worker.kill() or time.perf_counter() - worker.forked)
        worker.file, worker.backup = digest(worker.path), worker.file
        contents[worker.file] = (worker.path.read_bytes(), worker.version)
    counts = {"durante la scrittura": 0, "fra le due rinomine": 0, "dopo la rinomina": 0}
    most_temps, pending = 0, iter(fractions)
    for worker in workers:
        version += 1
        worker.start(book, version, next(pending) * statistics.median(durations[-9:]))
    active = list(workers)
    while active:
        worker = min(active, key=lambda w: w.deadline)
        time.sleep(max(0.0, worker.deadline - time.perf_counter()))
        took = worker.kill()
        if took is not None:
            durations.append(took)
        file, backup = digest(worker.path), digest(backup_path(worker.path))
        if file == worker.file:  # the old version, untouched …
            assert took is None and backup in (worker.backup, worker.file)
            counts["fra le due rinomine"] += backup == worker.file != worker.backup
        else:  # … or the new one, whose backup is the old version
            assert backup == worker.file
            contents.setdefault(file, (worker.path.read_bytes(), worker.version))
            counts["dopo la rinomina"] += 1
        worker.file, worker.backup = file, backup
        temps = temp_files(worker.path) + temp_files(backup_path(worker.path))
        counts["durante la scrittura"] += any(f".{worker.pid}." in p.name for p in temps)
        most_temps = max(most_temps, len(temps))
        assert len(temps) <= 4  # only the last kills' files: the next write removes them
        fraction = next(pending, None)
        if fraction is None:
            active.remove(worker)
        else:
            version += 1
            worker.start(book, version, fraction * statistics.median(durations[-9:]))
    return counts, most_temps, statistics.median(durations)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="serve os.fork (Linux, macOS)")
def test_sigkill_at_random_moments_of_200_saves(demo, tmp_path, capsys):
    book = OpenpyxlBook(demo)
    book.set_setting(MARK, 0)
    baseline = _tables(book)  # what is in memory: each saved file must hold exactly this
    workers = []
    for i in range(WORKERS):
        path = tmp_path / f"copia-{i}" / "torneo.xlsx"
        path.parent.mkdir()
        book.save(path)
        book.save(path)  # the backup is version 0 too
        workers.append(Worker(path))
    contents = {workers[0].file: (workers[0].path.read_bytes(), 0)}  # digest → (bytes, version)
    rng = random.Random(SEED)
    fractions = [  # of a save's duration: one in four near its end (backup, renames)
        rng.uniform(0.9, 1.1) if rng.random() < 0.25 else rng.uniform(0.0, 1.0)
        for _ in range(KILLS)]
    started = time.perf_counter()
    gc.freeze()  # the children share the loaded workbook's memory instead of copying it
    try:
        counts, most_temps, save_time = _kills(book, workers, fractions, contents)
    finally:
        gc.unfreeze()
        for worker in workers:  # a failed check leaves no child behind
            with contextlib.suppress(ChildProcessError, ProcessLookupError):
                os.kill(worker.pid, signal.SIGKILL)
                os.waitpid(worker.pid, 0)
    elapsed = time.perf_counter() - started

    scratch = tmp_path / "versione.xlsx"
    for data, number in contents.values():  # every content a kill left, checked once
        scratch.write_bytes(data)
        assert _version(scratch, baseline) == number
    for i, worker in enumerate(workers):  # a normal save removes what the last kill left
        book.set_setting(MARK, -i)
        book.save(worker.path)
        assert sorted(p.name for p in worker.path.parent.iterdir()) == [
            "torneo.bak.xlsx", "torneo.xlsx", "torneo.xlsx.versioni"]
        assert not list((worker.path.parent / "torneo.xlsx.versioni").glob(".*"))
        assert _version(worker.path, baseline) == -i
    # the kills did land in the saves (a fifth at least: on a busy machine more land between)
    assert counts["durante la scrittura"] >= KILLS // 5
    with capsys.disabled():
        print(f"\n{KILLS} SIGKILL in {elapsed:.1f} s ({WORKERS} file alla volta, un "
              f"salvataggio {save_time:.3f} s): "
              + ", ".join(f"{n} {where}" for where, n in counts.items())
              + f"; {len(contents)} versioni verificate; al massimo {most_temps} file "
              "temporanei")
