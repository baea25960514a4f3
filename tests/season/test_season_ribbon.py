"""The season from the ribbon (issue 29: «the same faces as a tournament … the Excel
ribbon»): «Aggiungi alla stagione» adds the open tournament to the season its «File
stagione» names, as `risiko-xl stagione STAGIONE --aggiungi TORNEO` does, on a real
xlwings Book (the remote engine, `excel_standin`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from risiko_xl import actions, cli
from risiko_xl.books import season_schema as S
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.excel.ribbon import BUTTONS
from tests.support.excel_standin import ExcelStandIn
from tests.support.season_play import evening

pytestmark = pytest.mark.lento  # the ribbon on an xlwings stand-in

ORDER = list(range(1, 13))


def standings(path: Path) -> list[tuple]:
    table = OpenpyxlBook(path, kind=S.SEASON).read_table(S.STANDINGS.name)
    return [tuple(row.values.get(h) for h in table.headers) for row in table]


def told(stand_in: ExcelStandIn) -> str:
    return stand_in.alerts[-1].prompt


@pytest.fixture
def finished(tmp_path: Path, monkeypatch) -> ExcelStandIn:
    """A finished Victory evening open in Excel, its season named «stagione.xlsx»."""
    path = evening(tmp_path / "serata.xlsx", "victory", "Victory di ottobre", ORDER)
    stand_in = ExcelStandIn(path, monkeypatch)
    with stand_in.session() as xl:
        xl.set_setting("File stagione", "stagione.xlsx")
    return stand_in


def test_the_button_is_on_the_ribbon() -> None:
    assert [(b.group, b.label) for b in BUTTONS if b.action == "aggiungi_alla_stagione"] \
        == [("Stagione", "Aggiungi alla stagione")]


def test_the_open_tournament_enters_the_season_as_the_command_line_adds_it(
        finished: ExcelStandIn, tmp_path: Path) -> None:
    finished.answers = ["no"]  # a season that does not exist yet: asked first
    finished.run(actions.aggiungi_alla_stagione)
    assert "non esiste ancora" in finished.alerts[-2].prompt
    assert not (tmp_path / "stagione.xlsx").exists()
    finished.answers = ["yes"]
    finished.run(actions.aggiungi_alla_stagione)
    season = tmp_path / "stagione.xlsx"
    text = told(finished)
    assert finished.alerts[-1].mode == "info", text
    assert "Creata la stagione" in text and "Torneo 1 «Victory di ottobre» aggiunto" in text
    # the same season as the command line makes from the same file
    by_cli = tmp_path / "riga.xlsx"
    assert cli.main(["stagione", str(by_cli), "--aggiungi", str(finished.path)]) == 0
    assert standings(season) == standings(by_cli)
    assert len(standings(season)) == 12
    tournaments = OpenpyxlBook(season, kind=S.SEASON).read_table(S.TOURNAMENTS.name)
    assert [row["File"] for row in tournaments] == ["serata.xlsx"]  # beside the season


def test_pressed_again_nothing_counts_twice(finished: ExcelStandIn, tmp_path: Path) -> None:
    finished.answers = ["yes"]
    finished.run(actions.aggiungi_alla_stagione)
    before = standings(tmp_path / "stagione.xlsx")
    finished.run(actions.aggiungi_alla_stagione)
    assert "già nella stagione e invariato" in told(finished)
    assert standings(tmp_path / "stagione.xlsx") == before
    tournaments = OpenpyxlBook(tmp_path / "stagione.xlsx", kind=S.SEASON).read_table(
        S.TOURNAMENTS.name)
    assert len(tournaments) == 1


def test_without_the_season_file_it_says_where_to_write_it(tmp_path: Path,
                                                           monkeypatch) -> None:
    path = evening(tmp_path / "serata.xlsx", "victory", "Victory di ottobre", ORDER)
    stand_in = ExcelStandIn(path, monkeypatch)
    stand_in.run(actions.aggiungi_alla_stagione)
    assert "l'impostazione «File stagione»" in told(stand_in)
    assert stand_in.alerts[-1].mode == "critical"
    assert not (tmp_path / "stagione.xlsx").exists()


def test_an_unfinished_tournament_changes_no_season(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "aperto.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "victory"]) == 0
    stand_in = ExcelStandIn.with_players(path, monkeypatch, 12)
    with stand_in.session() as xl:
        xl.set_setting("File stagione", "stagione.xlsx")
    stand_in.run(actions.sorteggia_turno)
    stand_in.answers = ["yes"]
    stand_in.run(actions.aggiungi_alla_stagione)
    assert "non è finito" in told(stand_in)
    assert not (tmp_path / "stagione.xlsx").exists()


def test_a_workbook_never_saved_is_asked_to_be_saved(finished: ExcelStandIn) -> None:
    finished.payload["book"]["name"] = "Cartel1"  # never saved: no folder
    finished.run(actions.aggiungi_alla_stagione)
    assert "salvare prima la cartella di lavoro" in told(finished).lower()


def test_a_tournament_named_as_its_own_season_is_refused(finished: ExcelStandIn) -> None:
    with finished.session() as xl:
        xl.set_setting("File stagione", "serata.xlsx")
    before = finished.path.read_bytes()
    finished.run(actions.aggiungi_alla_stagione)
    assert "il file indicato come stagione è un torneo" in told(finished).lower()
    assert finished.alerts[-1].mode == "critical"
    assert finished.path.read_bytes() == before
