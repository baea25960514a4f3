"""Every command of the command line, once, on one small evening, in the fast tier
(issue 27: «`make test-rapido` covers every command»). The shared commands through every
face are `tests/test_every_face.py`; each command's cases are in its own tests."""

from __future__ import annotations

from risiko_xl import cli, simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.cli.parser import command_names
from risiko_xl.standings.model import QUALIFYING
from tests.support.workbooks import new_with_players


def test_every_command_runs_once_on_one_evening(tmp_path, capsys, monkeypatch):
    ran: list[str] = []

    def run(command: str, *args: object) -> str:
        ran.append(command)
        code = cli.main([command, *map(str, args)])
        out = capsys.readouterr()
        assert code == 0, (command, out.err)
        return out.out

    def play(round_no: int) -> None:
        book = OpenpyxlBook(path)
        simulate.play(book, round_no, QUALIFYING, "ogni")
        book.save()

    path = new_with_players(tmp_path / "serata.xlsx", "master", 16, 4, "ogni", seed="ogni",
                            name="Serata")
    ran.append("nuovo")
    assert "Iscritto G017 Mario Rossi" in run("iscrivi", path, "Mario Rossi")
    assert "«Assente» per il turno 1" in run("assente", path, "G017", "--turno", "1")
    assert "Turno 1: 16 giocatori" in run("sorteggia", path)
    assert "referti del turno 1" in run("referti", path, "--turno", "1", "--out",
                                        tmp_path / "referti.html")
    play(1)
    run("classifica", path)
    assert "Turno 2: 17 giocatori" in run("sorteggia", path)
    play(2)
    assert "risiko-xl finali" in run("classifica", path)
    assert "Semifinali: 4 tavoli" in run("finali", path)
    run("esporta", path, tmp_path / "valori.xlsx")
    run("esporta", path, "--gestionetorneo", tmp_path / "gt.xlsx")
    assert "Scritto" in run("importa", tmp_path / "gt.xlsx", "--out", tmp_path / "di-nuovo.xlsx")
    seated = sorted(row["ID"] for row in OpenpyxlBook(path).read_table("Risultati")
                    if row["Turno"] == 3)
    left = next(f"G{n:03d}" for n in range(1, 18) if f"G{n:03d}" not in seated)
    assert "Decisione dell'arbitro registrata" in run(
        "decidi", path, "--fase", "Semifinale", "--esce", seated[0], "--entra", left,
        "--motivo", "prova")
    assert "Semifinali (turno 3)" in run("pubblica", path, "--formato", "testo")
    run("verifica", path)
    assert "Formula «master»" in run("formula", path)
    run("ritira", path, "G002")
    assert "ripristina" in run("ripristina", path)
    run("demo", tmp_path / "demo")
    # the demo's master is finished: it goes into a season; closing it wants the e-mails
    assert "aggiunto (37 giocatori" in run("stagione", tmp_path / "stagione.xlsx", "--aggiungi",
                                           tmp_path / "demo" / "torneo-demo.xlsx")
    ran.append("chiudi")
    assert cli.main(["chiudi", str(tmp_path / "demo" / "torneo-demo.xlsx")]) == 1
    assert "manca la colonna «Email»" in capsys.readouterr().out
    from risiko_xl.sala import server  # the venue's server: started, not left running

    served = []
    monkeypatch.setattr(server, "run", served.append)
    assert "Sala aperta" in run("sala", path, "--porta", "8123", "--indirizzo", "127.0.0.1")
    assert served[0].port == 8123 and served[0].host == "127.0.0.1"
    assert not path.with_name(path.name + ".sala").exists()  # the venue's key: gone with it
    assert sorted(set(ran)) == sorted(command_names())
