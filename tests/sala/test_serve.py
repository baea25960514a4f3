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


@pytest.fixture(params=["127.0.0.2"])
def venue(tmp_path: Path, request):
    path = new_with_players(tmp_path / "sala.xlsx", "master", 12, 3, "sv", seed="serve")
    assert cli.main(["sorteggia", str(path)]) == 0
    said = tmp_path / "sala.log"
    with said.open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "risiko_xl.cli", "sala", str(path), "--porta",
             str(free_port()), "--indirizzo", request.param], stdout=log,
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
    other = path.with_name("altro-nome.xlsx")  # the re-check: by a symbolic link too
    other.symlink_to(path.name)
    for name in (path, other):
        assert cli.main(["sala", str(name), "--porta", str(free_port()),
                         "--indirizzo", "127.0.0.1"]) == 2
        assert "La sala di questo torneo è già aperta" in capsys.readouterr().err
    assert json.loads(control_file(path).read_text())["ascolta"] == "127.0.0.2"
    assert cli.main(["sala", str(path), "--orologio", "avvia", "--minuti", "30"]) == 0
    assert "Orologio avviato: 30 minuti" in capsys.readouterr().out


@pytest.mark.parametrize("stop", [signal.SIGHUP, signal.SIGTERM])
def test_closing_the_terminal_closes_the_venue_and_its_key(venue, stop) -> None:
    """Adversary 32: a venue ended by closing its terminal window (SIGHUP), or stopped
    by the system (SIGTERM), left its control file, with the organiser's key."""
    path, server = venue
    time.sleep(1)  # serving
    server.send_signal(stop)
    server.wait(20)
    assert not control_file(path).exists()


def test_a_control_file_left_behind_does_not_keep_the_venue_closed(tmp_path: Path) -> None:
    """A venue killed outright leaves its control file: the next opening takes it over,
    even when another venue (another tournament's, with its own key) answers on that
    port now (the re-check: it was taken for this tournament's)."""
    import json

    from risiko_xl.sala.room import Room
    from risiko_xl.sala.serve import _claim
    from tests.support.sala_server import serving

    path = new_with_players(tmp_path / "t.xlsx", "master", 8, 2, "cl", seed="claim")
    other = new_with_players(tmp_path / "o.xlsx", "master", 8, 2, "ot", seed="other")
    with serving(Room(other, "http://127.0.0.1/"), key="la-sua") as (host, port):
        control_file(path).write_text(json.dumps(
            {"porta": port, "chiave": "vecchia", "ascolta": host, "pid": 999_999_999}))
        _claim(control_file(path), {"porta": 1, "chiave": "nuova"})
    assert json.loads(control_file(path).read_text())["chiave"] == "nuova"


@pytest.mark.parametrize("venue", ["::"], indirect=True)
def test_every_interface_of_ipv6_serves_ipv4_too(venue) -> None:
    """The re-check: `--indirizzo ::` listened on IPv6 only, while the address printed
    (and on the score sheets) is the room's IPv4 one: no phone could reach it."""
    import urllib.request

    path, _ = venue
    port = json.loads(control_file(path).read_text())["porta"]
    for host in ("127.0.0.1", "[::1]"):
        with urllib.request.urlopen(f"http://{host}:{port}/versione", timeout=10) as answer:
            assert answer.status == 200


def test_two_venues_started_at_once_over_a_file_left_behind_open_once(tmp_path: Path) -> None:
    """The second re-check: with a control file left by a venue killed outright, two
    venues started at the same moment both took it over and both served."""
    import os

    path = new_with_players(tmp_path / "t.xlsx", "master", 8, 2, "du", seed="due")
    assert cli.main(["sorteggia", str(path)]) == 0
    for _ in range(3):
        control_file(path).write_text(json.dumps(
            {"porta": free_port(), "chiave": "vecchia", "ascolta": "127.0.0.1",
             "pid": 999_999_999}))
        os.utime(control_file(path), (time.time() - 3600, time.time() - 3600))
        starts = [subprocess.Popen(
            [sys.executable, "-m", "risiko_xl.cli", "sala", str(path), "--porta",
             str(free_port()), "--indirizzo", "127.0.0.1"], stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE) for _ in range(2)]
        deadline = time.monotonic() + 60
        while all(s.poll() is None for s in starts):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        refused = next(s for s in starts if s.poll() is not None)
        assert refused.returncode == 2 and b"aperta" in refused.stderr.read()
        serving = next(s for s in starts if s is not refused)
        serving.send_signal(signal.SIGTERM)
        serving.wait(20)
        assert not control_file(path).exists()
