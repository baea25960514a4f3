"""`risiko-xl ripristina FILE`: back to the version before the last change.

The backup `NAME.bak.xlsx` becomes the workbook again and the replaced version becomes
the backup (so a second `ripristina` undoes the first); no backup, or one that does not
open as a workbook, is refused with exit 2 and nothing touched; a damaged or deleted
workbook is what it is for. SIGKILL during restores never leaves either file broken.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import time
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.files.restore import restore
from risiko_xl.files.writes import backup_path, temp_files
from risiko_xl.tournament.loading import load

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def files(directory: Path) -> dict[str, bytes]:
    """The files beside the workbook (its history folder, NAME.versioni, aside)."""
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


@pytest.fixture()
def changed(demo, tmp_path):
    """The demo workbook (old) changed by a CLI command (new): (path, old, new bytes)."""
    path = tmp_path / "torneo.xlsx"
    shutil.copy(demo, path)
    old = path.read_bytes()
    assert cli.main(["ritira", str(path), "G002"]) == 0
    return path, old, path.read_bytes()


def test_ripristina_goes_back_and_again_undoes_it(changed, capsys):
    path, old, new = changed
    saved_at = backup_path(path).stat().st_mtime
    assert cli.main(["ripristina", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ripristinata" in out and "torneo.bak.xlsx" in out
    assert files(path.parent) == {"torneo.bak.xlsx": new, "torneo.xlsx": old}
    assert path.stat().st_mtime == saved_at  # the version keeps its own date
    assert load(OpenpyxlBook(path)).by_id["G002"].state == "Attivo"
    assert cli.main(["ripristina", str(path)]) == 0
    assert files(path.parent) == {"torneo.bak.xlsx": old, "torneo.xlsx": new}
    assert load(OpenpyxlBook(path)).by_id["G002"].state == "Ritirato"


def test_without_a_backup_nothing_happens(tmp_path, demo, capsys):
    path = tmp_path / "torneo.xlsx"
    shutil.copy(demo, path)
    before = files(tmp_path)
    assert cli.main(["ripristina", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("Errore: Nessuna versione precedente") and "torneo.bak.xlsx" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert files(tmp_path) == before


@pytest.mark.parametrize("damage", ["troncata", "csv", "vuota"])
def test_a_backup_that_does_not_open_is_refused(changed, capsys, damage):
    path, _, _ = changed
    backup = backup_path(path)
    data = backup.read_bytes()
    backup.write_bytes({"troncata": data[:len(data) // 2], "csv": b"ID;Nome\nG001;Anna\n",
                        "vuota": b""}[damage])
    before = files(path.parent)
    assert cli.main(["ripristina", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "copia di sicurezza non si apre" in err and "torneo.bak.xlsx" in err
    assert files(path.parent) == before


def test_a_damaged_workbook_is_restored_and_kept(changed, capsys):
    path, old, new = changed
    path.write_bytes(new[:5000])  # the laptop died while Excel was saving
    assert cli.main(["standings", str(path)]) == cli.EXIT_BAD_INPUT
    assert cli.main(["ripristina", str(path)]) == 0
    assert files(path.parent) == {"torneo.bak.xlsx": new[:5000], "torneo.xlsx": old}


def test_a_deleted_workbook_comes_back(changed, capsys):
    path, old, _ = changed
    path.unlink()
    assert cli.main(["ripristina", str(path)]) == 0
    assert files(path.parent) == {"torneo.bak.xlsx": old, "torneo.xlsx": old}
    assert cli.main(["ripristina", str(path)]) == 0  # the same: nothing to swap
    assert "nessuna modifica" in capsys.readouterr().out
    assert files(path.parent) == {"torneo.bak.xlsx": old, "torneo.xlsx": old}


def test_a_macro_workbook_gets_its_macros_back(tmp_path, capsys):
    shipped = Path(__file__).parents[2] / "workbook" / "torneo.xlsm"
    path = tmp_path / "torneo.xlsm"
    shutil.copy(shipped, path)
    assert cli.main(["standings", str(path)]) == 0
    assert backup_path(path).name == "torneo.bak.xlsm"
    assert cli.main(["ripristina", str(path)]) == 0
    assert path.read_bytes() == shipped.read_bytes()


# --- SIGKILL during restores ------------------------------------------------------------

RESTORE_KILLS = 16
SEED = 7


@pytest.mark.skipif(not hasattr(os, "fork"), reason="serve os.fork (Linux, macOS)")
def test_sigkill_during_restores_leaves_two_whole_versions(changed, capsys):
    """A child restores over and over (the two versions swap each time) until killed at a
    seeded random moment around the end of its first restore (most of a restore is the
    check that the backup opens): both files are always one of the two versions, byte
    for byte."""
    path, old, new = changed
    for data in (old, new):  # both versions open with openpyxl and our loader
        scratch = path.with_name("prova.xlsx")
        scratch.write_bytes(data)
        load(OpenpyxlBook(scratch))
        scratch.unlink()
    durations = []
    for _ in range(2):  # how long a restore takes in a child (twice: back as it was)
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            try:
                restore(path)
            finally:
                os._exit(0)
        os.waitpid(pid, 0)
        durations.append(time.perf_counter() - start)
    once = max(durations)
    rng = random.Random(SEED)
    swapped = collapsed = writing = 0
    for _ in range(RESTORE_KILLS):
        before = path.read_bytes()
        pid = os.fork()
        if pid == 0:
            try:
                while True:
                    restore(path)
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.8, 1.2) * once)
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WTERMSIG(status) == signal.SIGKILL
        now, backup = path.read_bytes(), backup_path(path).read_bytes()
        assert now in (old, new) and backup in (old, new)
        swapped += now != before
        collapsed += now == backup  # killed between the two renames: one version lost
        temps = temp_files(path) + temp_files(backup_path(path))
        writing += any(f".{pid}." in p.name for p in temps)
        assert len(temps) <= 4
        if now == backup:  # set the pair up again for the next round
            backup_path(path).write_bytes(old if now == new else new)
    assert swapped + writing > 0  # some kills did land in or after the writes
    restore(path)  # a normal restore cleans what the last kill left
    assert sorted(files(path.parent)) == ["torneo.bak.xlsx", "torneo.xlsx"]
    with capsys.disabled():
        print(f"\n{RESTORE_KILLS} SIGKILL durante ripristina ({once:.3f} s l'uno): {swapped} "
              f"con i file scambiati, {writing} durante la scrittura, {collapsed} fra le due "
              "rinomine")
