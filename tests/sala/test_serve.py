"""`risiko-xl sala` as the organiser opens it, in a process of its own: one venue per
workbook, the command line reaching it where it listens, the terminal closed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.venue import control_file
from tests.support.sala_server import free_port
from tests.support.workbooks import new_with_players


@pytest.fixture
def venue(tmp_path: Path):
    path = new_with_players(tmp_path / "sala.xlsx", "master", 12, 3, "sv", seed="serve")
    assert cli.main(["sorteggia", str(path)]) == 0
    said = tmp_path / "sala.log"
    with said.open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "risiko_xl.cli", "sala", str(path), "--porta",
             str(free_port()), "--indirizzo", "127.0.0.2"], stdout=log,
            stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while not control_file(path).exists():
        assert server.poll() is None and time.monotonic() < deadline, said.read_text()
        time.sleep(0.1)
    yield path, server
    if server.poll() is None:
        server.kill()
        server.wait(10)


def test_one_venue_per_workbook_and_the_command_line_reaches_it(venue, capsys) -> None:
    """Adversary 32: a second `sala` on the same file, on another port, split the tables'
    sendings between two venues, and took over the control file; `--orologio` and
    `--conferma` always asked 127.0.0.1, so with `--indirizzo` they failed (and would
    have told the key to whatever listened there)."""
    path, _ = venue
    capsys.readouterr()
    assert cli.main(["sala", str(path), "--porta", str(free_port()),
                     "--indirizzo", "127.0.0.1"]) == 2
    assert "La sala di questo torneo è già aperta" in capsys.readouterr().err
    assert json.loads(control_file(path).read_text())["ascolta"] == "127.0.0.2"
    assert cli.main(["sala", str(path), "--orologio", "avvia", "--minuti", "30"]) == 0
    assert "Orologio avviato: 30 minuti" in capsys.readouterr().out


def test_closing_the_terminal_closes_the_venue_and_its_key(venue) -> None:
    """Adversary 32: a venue ended by closing its terminal window (SIGHUP) left its
    control file, with the organiser's key, beside the workbook."""
    path, server = venue
    server.send_signal(signal.SIGHUP)
    server.wait(20)
    assert not control_file(path).exists()
