"""One writer at a time, other programs respected, ten versions kept (issue: nothing lost).

- Commands that change a workbook hold an exclusive lock (`.~risiko.NAME.lock`: PID,
  computer, time) for their whole read–modify–write; a second one waits, then names the
  holder; a lock of a dead process is taken over. 50 pairs of writing commands started
  together: every command that reported success has its effect, and the file opens.
- A workbook open in Excel (`~$NAME`) or LibreOffice (`.~lock.NAME#`, here a real headless
  LibreOffice holding it open) is not written unless `--forza`; reading commands warn.
- `--out` never names the workbook, its backup or its history.
- A symlinked workbook stays a symlink; a read-only file or folder is named, never replaced.
- The last ten versions are kept; `ripristina --elenco` lists them with the command that
  wrote them; `ripristina N` restores one, and is itself undoable.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.files import history
from risiko_xl.files.lock import lock_path, open_elsewhere, writing
from risiko_xl.tournament.loading import load
from tests.support.programs import need_program
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # concurrent writers, versions and saves


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def registered(tmp_path):
    path = tmp_path / "torneo.xlsx"
    new_with_players(path, "master", 100, 10, "blocco", name="Prova")
    return path


def _run(argv: list[str], results) -> None:
    results.put((tuple(argv), cli.main(argv)))


def test_a_held_lock_makes_the_second_writer_wait_then_name_the_holder(tmp_path):
    path = tmp_path / "torneo.xlsx"
    path.write_bytes(b"x")
    with writing(path):
        info = json.loads(lock_path(path).read_text())
        assert info["pid"] == os.getpid() and info["host"] == socket.gethostname()
        started = time.monotonic()
        with pytest.raises(RisikoError, match=r"in uso da un altro comando.*processo "
                           rf"{os.getpid()} sul computer"), writing(path, wait=0.3):
            pass
        assert time.monotonic() - started >= 0.3
    assert not lock_path(path).exists()


def test_a_lock_left_by_a_dead_process_is_taken_over(tmp_path):
    path = tmp_path / "torneo.xlsx"
    path.write_bytes(b"x")
    child = subprocess.Popen(["true"])
    child.wait()
    lock_path(path).write_text(json.dumps({"pid": child.pid, "host": socket.gethostname(),
                                           "time": "2026-11-24T10:00:00"}))
    with writing(path, wait=0.5):
        assert json.loads(lock_path(path).read_text())["pid"] == os.getpid()


def test_fifty_pairs_of_writers_started_together_lose_nothing(registered):
    """Each pair withdraws two players at the same moment: both withdrawals stay."""
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    ok: list[str] = []
    for pair in range(50):
        ids = [f"G{2 * pair + 1:03d}", f"G{2 * pair + 2:03d}"]
        workers = [context.Process(target=_run, args=(["ritira", str(registered), i],
                                                       results)) for i in ids]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(60)
        for _ in workers:
            argv, code = results.get(timeout=5)
            if code == 0:
                ok.append(argv[2])
    tournament = load(OpenpyxlBook(registered))  # the file opens
    assert len(ok) == 100  # every command waited for the other and succeeded
    assert all(tournament.by_id[i].state == "Ritirato" for i in ok)
    assert not lock_path(registered).exists()


def test_excel_owner_file_stops_writers_not_readers(registered, capsys):
    owner = registered.with_name(f"~${registered.name}")
    owner.write_bytes(bytes([5]) + b"Mario" + b" " * 48)
    assert open_elsewhere(registered) == "Excel da Mario"
    before = digest(registered)
    assert cli.main(["standings", str(registered)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "aperto in Excel da Mario" in err and "--forza" in err and err.count("\n") == 1
    assert digest(registered) == before
    assert cli.main(["verify", str(registered)]) == 0
    assert "Attenzione: il file è aperto in Excel da Mario" in capsys.readouterr().err
    assert cli.main(["standings", str(registered), "--forza"]) == 0


@pytest.mark.libreoffice
def test_a_real_libreoffice_holding_the_workbook_open(registered, tmp_path, capsys):
    soffice = need_program("soffice", "LibreOffice tiene aperta la cartella di lavoro")
    profile = tmp_path / "profilo"
    office = subprocess.Popen([soffice, "--headless", "--norestore", "--nologo",
                               f"-env:UserInstallation={profile.as_uri()}", str(registered)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        owner = registered.with_name(f".~lock.{registered.name}#")
        for _ in range(600):
            if owner.exists():
                break
            time.sleep(0.1)
        assert owner.exists(), "LibreOffice non ha aperto il file"
        before = digest(registered)
        assert cli.main(["ritira", str(registered), "G001"]) == cli.EXIT_BAD_INPUT
        assert "aperto in LibreOffice da" in capsys.readouterr().err
        assert digest(registered) == before
        assert cli.main(["post", str(registered), "--formato", "testo"]) in (0, 2)
        assert "Attenzione: il file è aperto in LibreOffice" in capsys.readouterr().err
    finally:
        office.kill()
        office.wait()


@pytest.mark.parametrize("command", [["post", "--out", "{file}"], ["post", "--out", "{bak}"],
                                     ["export", "{file}"], ["referti", "--turno", "1",
                                                            "--out", "{file}"]])
def test_out_never_names_the_workbook_or_its_backup(registered, capsys, command):
    assert cli.main(["standings", str(registered)]) == 0  # a backup exists now
    bak = registered.with_name("torneo.bak.xlsx")
    argv = [command[0], str(registered),
            *(a.format(file=registered, bak=bak) for a in command[1:])]
    before, before_bak = digest(registered), digest(bak)
    assert cli.main(argv) == cli.EXIT_BAD_INPUT
    assert "la cartella di lavoro stessa" in capsys.readouterr().err
    assert (digest(registered), digest(bak)) == (before, before_bak)


def test_a_symlinked_workbook_stays_a_symlink(registered, tmp_path):
    link = tmp_path / "collegamento.xlsx"
    link.symlink_to(registered)
    assert cli.main(["ritira", str(link), "G001"]) == 0
    assert link.is_symlink() and link.resolve() == registered.resolve()
    assert load(OpenpyxlBook(registered)).by_id["G001"].state == "Ritirato"


def test_a_read_only_workbook_is_named_and_never_replaced(registered, capsys):
    """Read-only by its permission bits, whoever runs the command (root included)."""
    registered.chmod(0o444)
    before = digest(registered)
    assert cli.main(["ritira", str(registered), "G001"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "sola lettura" in err and "torneo.xlsx" in err and ".tmp" not in err
    assert digest(registered) == before


def test_a_read_only_file_is_refused_even_for_root(registered, capsys, monkeypatch):
    """The check asks the system (os.access) before replacing: simulated for root."""
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != registered)
    before = digest(registered)
    assert cli.main(["ritira", str(registered), "G001"]) == cli.EXIT_BAD_INPUT
    assert "in sola lettura" in capsys.readouterr().err
    assert digest(registered) == before


def test_ten_versions_kept_listed_restored_and_undone(registered, capsys):
    for number in range(1, 13):
        assert cli.main(["ritira", str(registered), f"G{number:03d}"]) == 0
    kept = history.versions(registered)
    assert len(kept) == 10  # the ten before the current file, which is kept too
    assert len(list(history.folder(registered).glob("*.xlsx"))) == 11
    capsys.readouterr()
    assert cli.main(["ripristina", str(registered), "--elenco"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[1].startswith("1. ") and listing[1].endswith("risiko-xl ritira")
    assert len(listing) == 11
    # version 3 is the workbook before the 10th withdrawal: G001…G009 withdrawn
    current = registered.read_bytes()
    assert cli.main(["ripristina", str(registered), "3"]) == 0
    states = load(OpenpyxlBook(registered)).by_id
    assert [states[f"G{n:03d}"].state for n in (9, 10)] == ["Ritirato", "Attivo"]
    # the replaced version is now version 1: restoring it undoes the restore
    assert cli.main(["ripristina", str(registered), "1"]) == 0
    assert registered.read_bytes() == current


def test_a_version_changed_by_hand_is_named_so(registered, capsys):
    assert cli.main(["ritira", str(registered), "G001"]) == 0
    book = OpenpyxlBook(registered)
    book.set_setting("Nome torneo", "Cambiato a mano")
    book.workbook.save(registered)  # as Excel would: not through risiko-xl
    assert cli.main(["ritira", str(registered), "G002"]) == 0
    assert "fuori da risiko-xl" in history.versions(registered)[0].writer


def test_history_of_a_refused_command_is_untouched(registered, capsys):
    assert cli.main(["ritira", str(registered), "G001"]) == 0
    before = sorted(p.name for p in history.folder(registered).iterdir())
    assert cli.main(["ritira", str(registered), "NESSUNO"]) == cli.EXIT_BAD_INPUT
    assert sorted(p.name for p in history.folder(registered).iterdir()) == before


def test_adversary_findings_are_one_clear_line(registered, tmp_path, capsys, monkeypatch):
    """A device as --out, a post over a workbook, a bad wait variable, a damaged lock,
    control characters in a name, an owner file beside a symlink's target."""
    device = tmp_path / "dispositivo"
    os.mkfifo(device)
    assert cli.main(["post", str(registered), "--out", str(device)]) == cli.EXIT_BAD_INPUT
    assert "non è un file normale" in capsys.readouterr().err
    other = tmp_path / "altro.xlsx"
    other.write_bytes(b"un altro torneo")
    assert cli.main(["post", str(registered), "--out", str(other)]) == cli.EXIT_BAD_INPUT
    assert other.read_bytes() == b"un altro torneo"
    monkeypatch.setenv("RISIKO_ATTESA_BLOCCO", "abc")
    assert cli.main(["ritira", str(registered), "G001"]) == cli.EXIT_BAD_INPUT
    assert "RISIKO_ATTESA_BLOCCO" in capsys.readouterr().err
    monkeypatch.delenv("RISIKO_ATTESA_BLOCCO")
    lock_path(registered).write_text(json.dumps({"pid": 10**20, "host": socket.gethostname()}))
    assert cli.main(["ritira", str(registered), "G001"]) == 0  # a damaged lock is stale
    assert cli.main(["new", str(tmp_path / "n.xlsx"), "--nome", "A\x1bB"]) == \
        cli.EXIT_BAD_INPUT
    assert "controllo" in capsys.readouterr().err
    link = tmp_path / "collegamento.xlsx"
    link.symlink_to(registered)
    registered.with_name(f".~lock.{registered.name}#").write_text(",anna,pc,oggi,x;")
    assert cli.main(["ritira", str(link), "G002"]) == cli.EXIT_BAD_INPUT
    assert "LibreOffice da anna" in capsys.readouterr().err
    assert cli.main(["ritira", str(link), "G002", "--forza"]) == 0
    assert "scritto comunque" in capsys.readouterr().err


def test_a_libreoffice_lock_of_this_computer_with_no_libreoffice_running_is_stale(
        registered, monkeypatch, capsys):
    """LibreOffice crashed and left its owner file: the command says so and writes; while
    LibreOffice runs, the file is refused (no advice about Excel's RisiKo! buttons)."""
    from risiko_xl.files import lock

    owner = registered.with_name(f".~lock.{registered.name}#")
    owner.write_text(f",root,{socket.gethostname()},20.11.2026 10:00,file:///x;")
    monkeypatch.setattr(lock, "libreoffice_running", lambda: True)
    assert cli.main(["ritira", str(registered), "G001"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "aperto in LibreOffice da root" in err and "pulsanti" not in err
    monkeypatch.setattr(lock, "libreoffice_running", lambda: False)
    assert cli.main(["ritira", str(registered), "G001"]) == 0
    err = capsys.readouterr().err
    assert "LibreOffice non è in esecuzione" in err and owner.name in err
    assert owner.exists()  # not ours to remove


def test_a_setting_typed_with_other_case_or_spacing_counts(registered):
    from risiko_xl.books.settings import setting_key

    book = OpenpyxlBook(registered)
    assert setting_key("  Metodo   PUNTEGGIO ") == "metodo punteggio"
    settings = book.settings()
    assert settings.get("formula") == settings.get("Formula") == "master"
    book.set_setting("seme sorteggio", "scritto-così")  # the existing row, not a new one
    assert OpenpyxlBook(registered).settings().get("Seme sorteggio") is None  # unsaved
    assert book.settings()["Seme sorteggio"] == "scritto-così"


def test_a_save_by_another_program_meanwhile_is_never_overwritten(registered):
    """Read at the start of a command, saved by Excel meanwhile: writing would lose that
    save, so nothing is written and the command says so."""
    book = OpenpyxlBook(registered)
    other = OpenpyxlBook(registered)
    other.set_setting("Sede", "salvato da Excel")
    time.sleep(0.01)
    other.workbook.save(registered)  # as Excel would save it
    saved = registered.read_bytes()
    book.set_setting("Sede", "il comando")
    with pytest.raises(RisikoError, match="salvato da un altro programma"):
        book.save()
    assert registered.read_bytes() == saved


def test_a_reader_that_leaves_early_is_no_failure(registered):
    """`risiko-xl … | head -1`: the command did its work; exit 0, no «Broken pipe». The
    reading end is closed before the command prints anything."""
    proc = subprocess.Popen([sys.executable, "-m", "risiko_xl.cli", "ritira",
                             str(registered), "G001"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0 and "Broken pipe" not in err, err
    assert load(OpenpyxlBook(registered)).by_id["G001"].state == "Ritirato"


def test_a_reader_that_leaves_early_still_gets_the_exit_code(registered):
    """Found by the adversary of issue 28: `verifica … | head -1` exited 0 where it had
    found differences (1 without the pipe). The report is lost; the verdict is not."""
    assert cli.main(["sorteggia", str(registered)]) == 0
    book = OpenpyxlBook(registered)
    sheet = book.workbook["Risultati"]
    other = next(r for r in range(3, 200) if sheet[f"C{r}"].value != sheet["C2"].value)
    for column in "EF":  # two players of two tables swapped: not the tables drawn
        sheet[f"{column}2"].value, sheet[f"{column}{other}"].value = (
            sheet[f"{column}{other}"].value, sheet[f"{column}2"].value)
    book.workbook.save(registered)
    proc = subprocess.Popen([sys.executable, "-m", "risiko_xl.cli", "verifica",
                             str(registered)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 1 and "Broken pipe" not in err, err


def test_the_draw_is_kept_when_excel_saves_over_it(registered, capsys):
    """Found by an organiser: after `sorteggia`, the referee's save in Excel and then
    `classifica`, no version held the tables just drawn without results. Every version
    the program writes is kept as it is written."""
    assert cli.main(["sorteggia", str(registered)]) == 0
    drawn = registered.read_bytes()
    book = OpenpyxlBook(registered)
    book.set_setting("Sede", "Circolo")
    book.workbook.save(registered)  # as Excel would: not through risiko-xl
    assert cli.main(["ritira", str(registered), "G001"]) == 0
    writers = [v.writer for v in history.versions(registered)]
    assert writers[:2] == [history.BY_HAND, "risiko-xl sorteggia"]
    assert history.versions(registered)[1].path.read_bytes() == drawn
