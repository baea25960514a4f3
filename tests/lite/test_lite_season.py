"""«Aggiungi alla stagione» in xlwings Lite (issue 29: the season's faces): the season is
a file of xlwings Lite's own folder (Files > Import / Export), never created over by
mistake, and the tournament enters it as the command line adds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.books import season_schema as S
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.lite import main, steps
from tests.support.excel_standin import ExcelStandIn, Guarded
from tests.support.season_play import evening

pytestmark = pytest.mark.lento  # the scripts on an xlwings stand-in


def run(stand_in: ExcelStandIn, *args) -> None:
    book = stand_in.book()
    main.aggiungi_alla_stagione(Guarded(book, []), *args)
    stand_in.apply(book)


def standings(path: Path) -> list[tuple]:
    table = OpenpyxlBook(path, kind=S.SEASON).read_table(S.STANDINGS.name)
    return [tuple(row.values.get(h) for h in table.headers) for row in table]


@pytest.fixture
def files(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "data"  # xlwings Lite's Files folder
    folder.mkdir()
    monkeypatch.setattr(steps, "FILES", folder)
    return folder


@pytest.fixture
def finished(tmp_path: Path, monkeypatch) -> ExcelStandIn:
    path = evening(tmp_path / "ottobre.xlsx", "victory", "Victory di ottobre",
                   list(range(1, 13)))
    return ExcelStandIn(path, monkeypatch)


def test_a_season_not_imported_is_never_replaced_by_a_new_one(finished, files, capsys):
    run(finished, "stagione-2026.xlsx", False)
    said = capsys.readouterr().out
    assert "Nessuna modifica" in said and "Files > Import" in said and "«conferma»" in said
    assert list(files.iterdir()) == []


def test_the_tournament_enters_the_season_as_the_command_line_adds_it(
        finished, files, tmp_path, capsys):
    run(finished, "stagione-2026.xlsx", True)
    said = capsys.readouterr().out
    season = files / "stagione-2026.xlsx"
    assert "Creata la stagione" in said and "aggiunto" in said and "Files > " in said
    by_cli = tmp_path / "riga.xlsx"
    assert cli.main(["stagione", str(by_cli), "--aggiungi", str(finished.path)]) == 0
    assert standings(season) == standings(by_cli) and len(standings(season)) == 12
    run(finished, "stagione-2026.xlsx", False)  # imported again next time: nothing twice
    assert "già nella stagione e invariato" in capsys.readouterr().out
    assert len(OpenpyxlBook(season, kind=S.SEASON).read_table(S.TOURNAMENTS.name)) == 1


def test_the_season_stays_in_the_files_folder(finished, files, tmp_path, capsys):
    """A path typed in the field is only a name there: nothing written outside."""
    run(finished, "../../fuori/stagione.xlsx", True)
    assert (files / "stagione.xlsx").is_file()
    assert not (tmp_path / "fuori").exists()
    run(finished, "", True)
    assert "campo «stagione»" in capsys.readouterr().out
    run(finished, "stagione.csv", True)
    assert "è una cartella di lavoro .xlsx" in capsys.readouterr().out


def test_an_unfinished_tournament_changes_no_season(tmp_path, files, monkeypatch, capsys):
    path = tmp_path / "aperto.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "victory"]) == 0
    stand_in = ExcelStandIn.with_players(path, monkeypatch, 12)
    run(stand_in, "stagione.xlsx", True)
    assert "non è finito" in capsys.readouterr().out
    assert list(files.iterdir()) == []
