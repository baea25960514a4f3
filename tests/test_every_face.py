"""Every command the faces share, through every face, on the same workbook: the command
line on the file, the ribbon's button on Excel (xlwings' remote engine, `excel_standin`)
and the xlwings Lite script. Each face reads the one definition in `commands.desk`, so the
workbooks stay equal after every command and a workbook one face refuses, every face
refuses with the same message (before, «Aggiorna classifica» in Excel and in Lite scored
a row the command line refused)."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest

from risiko_xl import actions, simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.cli import main as cli
from risiko_xl.cli.parser import command_names
from risiko_xl.commands.desk import COMMANDS
from risiko_xl.demo import DEMO_SEED, DEMO_SETTINGS
from risiko_xl.excel.ribbon import BUTTONS
from risiko_xl.lite import main as lite
from risiko_xl.lite import steps
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbooks.template import formula_settings, write_new
from tests.support.excel_standin import ExcelStandIn
from tests.support.frames import book_differences

pytestmark = pytest.mark.lento  # three faces, two of them on the xlwings stand-in

SCRIPTS = {"nuovo": "nuovo_torneo", "ritira": "ritira_giocatore", "verifica": "verifica",
           "sorteggia": "sorteggia_turno", "classifica": "aggiorna_classifica",
           "finali": "fasi_finali", "pubblica": "post_forum", "referti": "stampa_referti",
           "stagione": "aggiungi_alla_stagione"}


def test_every_button_and_script_is_a_command_of_the_table():
    assert {b.label for b in BUTTONS} == {c.label for c in COMMANDS.values()}
    assert {b.action for b in BUTTONS} == set(SCRIPTS.values())
    for name in COMMANDS:
        assert getattr(actions, SCRIPTS[name]).__doc__, name
        assert callable(getattr(lite, SCRIPTS[name])), name
        assert name in command_names(), name  # `nuovo` on the command line: a new file


def run_cli(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = cli([str(a) for a in argv])
    return code, out.getvalue()


class Faces:
    """One workbook three times: a file for the command line, an Excel for the ribbon, an
    Excel for the Lite scripts."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: int):
        monkeypatch.setattr(steps, "FILES", tmp_path)
        base = write_new(tmp_path / "base.xlsx", {**formula_settings("master"),
                                                  **DEMO_SETTINGS})
        book = OpenpyxlBook(base)
        simulate.register(book, simulate.players(players, 9, DEMO_SEED))
        book.save()
        self.file = tmp_path / "riga.xlsx"
        shutil.copyfile(base, self.file)
        for name in ("excel", "lite"):
            shutil.copyfile(base, tmp_path / f"{name}.xlsx")
        self.monkeypatch = monkeypatch
        self.excel = ExcelStandIn(tmp_path / "excel.xlsx", monkeypatch)
        self.lite = ExcelStandIn(tmp_path / "lite.xlsx", monkeypatch)
        self.printed = io.StringIO()

    def press(self, name: str, *answers: str) -> str:
        """The ribbon's button of command `name`; its last message."""
        self.monkeypatch.setattr(self.excel.module.App, "alert", self.excel._alert)
        self.excel.answers.extend(answers)
        self.excel.run(getattr(actions, SCRIPTS[name]))
        return self.excel.alerts[-1].prompt

    def script(self, name: str, *fields: object) -> str:
        """The xlwings Lite script of command `name` with its form's `fields`; what it
        printed."""
        book = self.lite.book()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            getattr(lite, SCRIPTS[name])(book, *fields)
        self.lite.apply(book)
        return out.getvalue()

    def type_results(self, round_no: int, phase: str = QUALIFYING) -> None:
        book = OpenpyxlBook(self.file)
        simulate.play(book, round_no, phase, DEMO_SEED)
        book.save()
        for stand_in in (self.excel, self.lite):
            with stand_in.session() as xl:
                simulate.play(xl, round_no, phase, DEMO_SEED)

    def equal(self) -> None:
        cli_book = OpenpyxlBook(self.file)
        assert book_differences(cli_book, XlwingsBook(self.excel.book())) == []
        assert book_differences(cli_book, XlwingsBook(self.lite.book())) == []


def test_each_command_through_each_face_gives_the_same_workbook(tmp_path, monkeypatch):
    faces = Faces(tmp_path, monkeypatch, players=20)
    for round_no in (1, 2):
        code, out = run_cli(["sorteggia", faces.file])
        assert code == 0, out
        assert f"risiko-xl referti {faces.file} --turno {round_no}" in out
        assert "«Stampa referti»" in faces.press("sorteggia")
        assert "«Stampa referti»" in faces.script("sorteggia")
        faces.equal()
        faces.type_results(round_no)
        assert run_cli(["classifica", faces.file])[0] == 0
        faces.press("classifica")
        faces.script("classifica")
        faces.equal()
    # a withdrawal: the player typed on the command line, in the setting, in the form
    assert run_cli(["ritira", faces.file, "G005"])[0] == 0
    with faces.excel.session() as xl:
        xl.set_setting(actions.PLAYER_TO_WITHDRAW, "G005")
    faces.excel.select("Torneo", "A1")
    faces.press("ritira", "yes")
    faces.script("ritira", "G005", True)
    faces.equal()
    # the final phases, each one seated the same way by each face
    code, out = run_cli(["finali", faces.file])
    assert code == 0, out
    assert "«Fasi finali»" in faces.press("finali")
    assert "«Fasi finali»" in faces.script("finali")
    faces.equal()
    # nothing differs, and the check says so on every face
    code, out = run_cli(["verifica", faces.file])
    assert code == 0 and "nessuna differenza" in out
    assert "nessuna differenza" in faces.press("verifica")
    assert "nessuna differenza" in faces.script("verifica")
    # the same post on the screen and in the Post sheet of both Excels
    code, text = run_cli(["pubblica", faces.file, "--turno", "2"])
    with faces.excel.session() as xl:
        xl.set_setting(actions.ROUND_TO_PUBLISH, 2)
    faces.press("pubblica")
    faces.script("pubblica", 2, "bbcode-vb")
    assert [str(v) for v in faces.lite.column("Post")] == text.splitlines()[
        :len(faces.lite.column("Post"))]
    assert faces.excel.column("Post") == faces.lite.column("Post")


def message(text: str) -> str:
    """A refusal's own message, without the face's frame around it."""
    text = text.removeprefix("Errore: ").strip()
    if "non eseguito." in text:
        text = text.split("\n\n")[1]
    return text


def test_a_workbook_one_face_refuses_every_face_refuses_alike(tmp_path, monkeypatch):
    faces = Faces(tmp_path, monkeypatch, players=12)
    assert run_cli(["sorteggia", faces.file])[0] == 0
    faces.press("sorteggia")
    faces.script("sorteggia")
    faces.type_results(1)
    # a redraw without the organiser's yes: the command line wants --forza, the ribbon's
    # question answered no and the Lite box not ticked write nothing
    code, out = run_cli(["sorteggia", faces.file, "--turno", "1"])
    assert code == 2 and "--forza" in out
    with faces.excel.session() as xl:
        xl.set_setting(actions.ROUND_TO_DRAW, 1)
    assert faces.press("sorteggia", "no") == "Nessuna modifica."
    assert faces.excel.alerts[-2].prompt.startswith("Il turno 1 ha già")
    assert "Nessuna modifica: Il turno 1 ha già" in faces.script("sorteggia", 1, False)
    with faces.excel.session() as xl:
        xl.set_setting(actions.ROUND_TO_DRAW, None)
    faces.equal()
    # two players swapped between tables 1 and 2 after the draw: every table keeps its
    # size and would score; only the check of the seating against `Sorteggi` sees it
    def swap(results):
        one = next(r for r in results.rows if r["Tavolo"] == 1)
        two = next(r for r in results.rows if r["Tavolo"] == 2)
        one["Tavolo"], two["Tavolo"] = 2, 1
        return results

    book = OpenpyxlBook(faces.file)
    book.write_table("Risultati", swap(book.read_table("Risultati")))
    book.save()
    for stand_in in (faces.excel, faces.lite):
        with stand_in.session() as xl:
            xl.write_table("Risultati", swap(xl.read_table("Risultati")))
    code, out = run_cli(["classifica", faces.file])
    assert code == 2
    refused = message(out)
    assert "Sorteggi" in refused and "rimettere la riga come sorteggiata" in refused
    assert message(faces.press("classifica")) == refused
    assert message(faces.script("classifica")) == refused
    faces.equal()
