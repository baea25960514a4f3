"""The round's clock (issue 30; 000 Art. 6 and 003 Art. 5: «una durata di 1 ora e 30
minuti», «una sola pausa di 5 minuti che non inciderà sulla durata effettiva della
partita», at the end «si procederà a concludere il "giro" in corso, che costituirà il
penultimo giro»): started, paused and extended by the organiser only, never by itself."""

from __future__ import annotations

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.sala.clock import DEFAULT_MINUTES, END, Clock


class Now:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_ninety_minutes_a_pause_that_does_not_count_and_the_end() -> None:
    now = Now()
    clock = Clock(now)
    assert clock.view()["stato"] == "fermo"  # never started by itself
    now.t += 3600
    assert clock.view()["stato"] == "fermo"
    clock.act("avvia")
    assert DEFAULT_MINUTES == 90 and clock.view()["resta"] == 90 * 60
    now.t += 30 * 60
    clock.act("pausa")
    now.t += 5 * 60  # the pause of 5 minutes: the game's time does not run
    assert clock.view() == {"stato": "in pausa", "resta": 60 * 60, "tavoli": {}, "fine": END}
    clock.act("riprendi")
    now.t += 60 * 60
    assert clock.view()["stato"] == "scaduto" and clock.view()["resta"] == 0
    assert "penultimo" in END and "sdadata" in END


def test_a_table_that_started_late_gets_its_own_minutes() -> None:
    now = Now()
    clock = Clock(now)
    clock.act("avvia", 60)
    clock.act("proroga", 10, table=7)
    now.t += 60 * 60
    view = clock.view()
    assert view["resta"] == 0 and view["tavoli"] == {"7": 600}
    assert view["stato"] == "in corso"  # one table still plays
    clock.act("proroga", 5)  # the whole room
    assert clock.view()["resta"] == 300 and clock.view()["tavoli"] == {"7": 900}
    clock.act("azzera")
    assert clock.view()["stato"] == "fermo"


@pytest.mark.parametrize("action, minutes, words", [
    ("pausa", None, "non è avviato"), ("proroga", 5, "non è avviato"),
    ("esplodi", None, "sconosciuta"), ("avvia", 0, "(?i)minuti da 1 a 600"),
    ("avvia", 601, "(?i)minuti da 1 a 600"),
])
def test_what_the_clock_refuses(action: str, minutes: int | None, words: str) -> None:
    with pytest.raises(RisikoError, match=words):
        Clock(Now()).act(action, minutes)


def test_a_round_never_runs_past_ten_hours() -> None:
    clock = Clock(Now())
    clock.act("avvia", 590)
    with pytest.raises(RisikoError, match="al massimo 600"):
        clock.act("proroga", 20)
    assert clock.view()["resta"] == 590 * 60


def test_the_clock_from_the_command_line(tmp_path, capsys) -> None:
    """`risiko-xl sala TORNEO --orologio …` from another terminal runs the clock of the
    venue open for that tournament (its port and key in `TORNEO.xlsx.sala`)."""
    import json

    from risiko_xl import cli
    from risiko_xl.sala.room import Room
    from risiko_xl.venue import control_file
    from tests.support.sala_server import request, serving
    from tests.support.workbooks import new_with_players

    path = new_with_players(tmp_path / "t.xlsx", "master", 12, 3, "oc", seed="orologio")
    assert cli.main(["sala", str(path), "--orologio", "avvia"]) == 2
    assert "la sala non è aperta" in capsys.readouterr().err.lower()
    clock = Clock()
    with serving(Room(path, "http://x/"), clock, "segreta") as (host, port):
        control_file(path).write_text(json.dumps({"porta": port, "chiave": "segreta"}))
        assert cli.main(["sala", str(path), "--orologio", "pausa"]) == 2
        assert "non è avviato" in capsys.readouterr().err.lower()
        assert cli.main(["sala", str(path), "--orologio", "avvia", "--minuti", "45"]) == 0
        assert "Orologio avviato" in capsys.readouterr().out
        state = json.loads(request((host, port), "GET", "/versione").text)["orologio"]
        assert state["stato"] == "in corso" and 44 * 60 < state["resta"] <= 45 * 60
        assert cli.main(["sala", str(path), "--orologio", "proroga", "--tavolo", "3"]) == 0
        assert set(clock.view()["tavoli"]) == {"3"}


def test_a_second_venue_on_a_taken_port_changes_nothing(tmp_path, capsys) -> None:
    """Adversary 31: a second `sala` on a port in use printed a new key, failed, and
    deleted the running venue's key file: the first venue's clock could no longer be run
    from the command line."""
    import socket

    from risiko_xl import cli
    from risiko_xl.venue import control_file
    from tests.support.workbooks import new_with_players

    path = new_with_players(tmp_path / "t.xlsx", "master", 12, 3, "dp", seed="doppia")
    control_file(path).write_text('{"porta": 1, "chiave": "della-prima"}')
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        code = cli.main(["sala", str(path), "--porta", str(port), "--indirizzo", "127.0.0.1"])
    finally:
        taken.close()
    said = capsys.readouterr()
    assert code == 2 and "già in uso" in said.err and "chiave" not in said.out
    assert "della-prima" in control_file(path).read_text()
