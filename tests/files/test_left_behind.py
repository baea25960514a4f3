"""Nothing left behind (issue 26): a command killed with SIGKILL leaves its private folder
in the temporary folder, and the next command that takes one removes it; a full disk never
leaves a `pubblica --formato tutti` folder with some posts new and some old (or missing).
The disk is filled for real: a small tmpfs mounted for the test (root), and a process whose
file-size limit (RLIMIT_FSIZE) makes the largest post's write fail (anyone)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from risiko_xl.files import scratch
from risiko_xl.gestionetorneo import writer
from risiko_xl.publish import FORMATS
from risiko_xl.publish.posts import file_name
from tests.support.gestionetorneo import tournament

pytestmark = pytest.mark.lento  # real processes killed, file systems mounted

CLI = "import sys\nfrom risiko_xl.cli import main\nsys.exit(main(sys.argv[1:]))\n"
POSTS = tuple(file_name(4, f.name) for f in FORMATS)  # what `--formato tutti` writes
ELEVEN_MINUTES = 11 * 60


def cli(*args: str, tmp: Path | None = None, limit: int | None = None
        ) -> subprocess.CompletedProcess:
    """`risiko-xl ARGS` in a process of its own, its temporary folder `tmp`, its files at
    most `limit` bytes (writing more fails with EFBIG, as on a full disk)."""
    env = dict(os.environ)
    if tmp is not None:
        env["TMPDIR"] = str(tmp)
    code = CLI
    if limit is not None:
        code = ("import resource, signal\nsignal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
                f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n" + CLI)
    return subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True,
                          text=True, timeout=120)


def aged(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# --- private folders in the temporary folder --------------------------------------------

def test_a_killed_importa_leaves_its_folder_and_a_later_command_removes_it(tmp_path):
    source = writer.write(tournament("MasterRisiko"), tmp_path / "ModuloTorneo.xlsx")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    left = None
    for attempt in range(5):  # killed while it works in its folder (about a second)
        out = tmp_path / f"torneo-{attempt}.xlsx"
        proc = subprocess.Popen([sys.executable, "-c", CLI, "importa", str(source), "--out",
                                 str(out)], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        prefix = f"risiko-importa-{proc.pid}-"
        while proc.poll() is None and left is None:
            left = next((p for p in tmp.iterdir() if p.name.startswith(prefix)
                         and any(p.iterdir())), None)
        proc.kill()  # SIGKILL
        assert proc.wait() in (-signal.SIGKILL, 0)
        if left is not None:
            break
    assert left is not None and left.is_dir() and any(left.iterdir())  # left behind
    # the next command a minute later: its owner is gone, but it may be a moment old
    aged(left, 60)
    done = cli("importa", str(source), "--out", str(tmp_path / "dopo.xlsx"), tmp=tmp)
    assert done.returncode == 0, done.stderr
    assert [p.name for p in tmp.iterdir()] == [left.name]  # kept; its own removed
    # after ten minutes it is stale: the next command removes it
    aged(left, ELEVEN_MINUTES)
    done = cli("importa", str(source), "--out", str(tmp_path / "ancora.xlsx"), tmp=tmp)
    assert done.returncode == 0, done.stderr
    assert list(tmp.iterdir()) == []


@contextlib.contextmanager
def running_process() -> Iterator[int]:
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        yield proc.pid
    finally:
        proc.kill()
        proc.wait()


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_only_stale_folders_of_ours_are_swept(tmp_path):
    gone, day = dead_pid(), 25 * 3600

    def folder(name: str, age: float) -> Path:
        path = tmp_path / name
        path.mkdir()
        (path / "dentro.xlsx").write_bytes(b"x")
        aged(path, age)
        return path

    with running_process() as alive:
        removed = {
            folder(f"risiko-gt-{gone}-abcdefgh", ELEVEN_MINUTES),  # its process gone
            folder(f"risiko-importa-{alive}-abcdefgh", day),  # a day old: whoever made it
            folder("risiko-gt-k3j_9x2a", day),  # named by an earlier version, a day old
        }
        kept = {
            folder(f"risiko-gt-{gone}-bcdefghi", 60),  # gone a minute ago: may be starting
            folder(f"risiko-importa-{alive}-cdefghij", ELEVEN_MINUTES),  # still working
            folder("risiko-gt-k3j_9x2b", 3600),  # earlier version's, an hour old
            folder("risiko-appunti", day),  # not a name of ours
            folder(f"risiko-gt-{gone}-abc", day),
        }
        target = folder("altrove", day)  # a link with our name: never followed
        link = tmp_path / f"risiko-gt-{gone}-defghijk"
        link.symlink_to(target)
        file = tmp_path / f"risiko-gt-{gone}-efghijkl"
        file.write_bytes(b"un file, non una cartella")
        aged(file, day)
        others = None
        if hasattr(os, "geteuid") and os.geteuid() == 0:  # another user's, as root can make
            others = folder(f"risiko-gt-{gone}-fghijklm", day)
            os.chown(others, 65534, 65534)
            aged(others, day)
        assert set(scratch.sweep(tmp_path)) == removed
    assert not any(p.exists() for p in removed)
    assert all((p / "dentro.xlsx").exists() for p in kept | {target})
    assert link.is_symlink() and file.is_file()
    assert others is None or others.is_dir()


def test_a_scratch_folder_is_removed_on_error_too(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    with pytest.raises(RuntimeError), scratch.scratch_folder("prova") as folder:
        assert folder.name.startswith(f"risiko-prova-{os.getpid()}-")
        (folder / "mezzo.xlsx").write_bytes(b"x")
        raise RuntimeError("interrotto")
    assert list(tmp_path.iterdir()) == []


# --- a full disk and `pubblica --formato tutti` -----------------------------------------

@pytest.fixture()
def workbook(demo, tmp_path) -> Path:
    path = tmp_path / "torneo.xlsx"
    shutil.copy(demo, path)
    return path


@contextlib.contextmanager
def tmpfs(folder: Path, kilobytes: int) -> Iterator[Path]:
    """A RAM file system of `kilobytes` mounted on `folder` (root only)."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("serve root per montare un tmpfs (il disco pieno vero); il test con "
                    "RLIMIT_FSIZE prova lo stesso senza")
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "tmpfs",
                           str(folder)], capture_output=True, text=True)
    if done.returncode:
        pytest.skip(f"tmpfs non montabile qui: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_a_full_disk_leaves_no_posts_folder(workbook, tmp_path):
    """The six posts take 14 pages of 4 kB; the disk has 8. Before: four posts written,
    the HTML page and the room screen missing, exit 1 with «Disco pieno» and no name."""
    with tmpfs(tmp_path / "disco", 32) as disk:
        for out in (disk / "post", disk / "sotto" / "cartelle" / "post"):
            done = cli("pubblica", str(workbook), "--formato", "tutti", "--out", str(out))
            assert list(disk.iterdir()) == []  # no folder, no temporary file
            assert done.returncode == 1
            assert done.stderr == f"Errore: Disco pieno: {out}\n"


def test_a_full_disk_keeps_the_previous_posts_as_they_were(workbook, tmp_path):
    """The posts of the same round written before, then the disk too full for the new
    ones and their backups: the folder is the one before, byte for byte."""
    with tmpfs(tmp_path / "disco", 96) as disk:
        out = disk / "post"
        first = cli("pubblica", str(workbook), "--formato", "tutti", "--out", str(out),
                    "--senza-dicitura")
        assert first.returncode == 0, first.stderr
        before = snapshot(out)
        assert sorted(before) == sorted(POSTS)
        done = cli("pubblica", str(workbook), "--formato", "tutti", "--out", str(out))
        assert snapshot(out) == before
        assert [p.name for p in disk.iterdir()] == ["post"]
        assert done.returncode == 1 and done.stderr == f"Errore: Disco pieno: {out}\n"
        shutil.rmtree(out)  # room again: the new posts written whole
        assert cli("pubblica", str(workbook), "--formato", "tutti", "--out",
                   str(out)).returncode == 0
        after = snapshot(out)
        assert sorted(after) == sorted(POSTS) and after != before


def test_a_failed_write_keeps_the_previous_posts_without_root(workbook, tmp_path):
    """The same without root: the room screen (15 kB) cannot be written past a 10 kB limit
    per file; the folder keeps the posts written before, nothing else."""
    out = tmp_path / "post"
    assert cli("pubblica", str(workbook), "--formato", "tutti", "--out", str(out),
               "--senza-dicitura").returncode == 0
    before = snapshot(out)
    done = cli("pubblica", str(workbook), "--formato", "tutti", "--out", str(out),
               limit=10_000)
    assert snapshot(out) == before
    assert done.returncode == 1
    assert done.stderr == ("Errore: File troppo grande per il disco o per i limiti del "
                           f"sistema: {out}\n")
    fresh = tmp_path / "nuova"
    done = cli("pubblica", str(workbook), "--formato", "tutti", "--out", str(fresh),
               limit=10_000)
    assert done.returncode == 1 and not fresh.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["post", "torneo.xlsx"]
