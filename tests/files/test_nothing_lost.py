"""Results already entered are never overwritten or dropped without an explicit choice.

A draw over a round that has rows is refused without `--forza` (file byte-identical);
with it the old rows go to `Archivio` and stay there whatever comes next. A standings
refresh, also after a change of formula or scoring method, rewrites only the computed
columns: every typed cell (and the organiser's own columns) stays as it was. A
withdrawal keeps the player's past results.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import range_boundaries

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

TYPED_TABLES = (schema.SETTINGS.name, schema.CALENDAR.name, schema.PLAYERS.name,
                schema.RESULTS.name, schema.ARCHIVE.name, schema.DRAWS.name, schema.MAP.name)
USER_COLUMN = "Note dell'arbitro"  # a column the organiser added to Risultati


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cells(path: Path, tables=TYPED_TABLES) -> dict[tuple, object]:
    """(table, sheet row, header) → the raw cell value, straight from openpyxl, for every
    cell of `tables`."""
    found = {}
    for sheet in load_workbook(path).worksheets:
        for name, ref in sheet.tables.items():
            if name not in tables:
                continue
            left, top, right, bottom = range_boundaries(ref)
            headers = [sheet.cell(top, c).value for c in range(left, right + 1)]
            for row in range(top + 1, bottom + 1):
                for column, header in enumerate(headers, start=left):
                    found[name, row, header] = sheet.cell(row, column).value
    return found


def snapshot(path: Path) -> tuple[dict[tuple, object], dict[tuple, object]]:
    """(typed cells, computed cells): the computed ones are Risultati's computed columns,
    every other cell of the input tables is typed (Archivio's copies of points too)."""
    typed, computed = {}, {}
    for key, value in cells(path).items():
        ours = key[0] == schema.RESULTS.name and key[2] in schema.RESULTS.computed
        (computed if ours else typed)[key] = value
    return typed, computed


def results(path: Path):
    return OpenpyxlBook(path).read_table(schema.RESULTS.name)


@pytest.fixture()
def played(demo, tmp_path):
    """A copy of the finished demo tournament, with a note typed in an own column."""
    path = tmp_path / "torneo.xlsx"
    shutil.copy(demo, path)
    book = OpenpyxlBook(path)
    table = book.read_table(schema.RESULTS.name)
    table.set_column(USER_COLUMN, [f"nota {i}" if i % 3 == 0 else None
                                   for i in range(len(table))])
    book.write_table(schema.RESULTS.name, table)
    book.save()
    return path


def refused(path: Path, capsys, *args: str) -> str:
    before, names = digest(path), sorted(p.name for p in path.parent.iterdir())
    assert cli.main([args[0], str(path), *args[1:]]) == cli.EXIT_BAD_INPUT
    assert digest(path) == before  # byte-identical
    assert sorted(p.name for p in path.parent.iterdir()) == names  # not even a backup
    return capsys.readouterr().err


@pytest.mark.parametrize("round_no", ["1", "2"])
def test_a_draw_over_typed_results_is_refused_without_forza(played, capsys, round_no):
    message = refused(played, capsys, "draw", "--turno", round_no)
    assert "ha già risultati inseriti" in message and "--forza" in message
    assert message.startswith("Errore: Foglio Risultati")


def test_new_does_not_replace_a_tournament_without_forza(played, capsys):
    message = refused(played, capsys, "new", "--formula", "raduno")
    assert "--forza" in message and "esiste già" in message


def test_standings_refresh_rewrites_only_the_computed_columns(played):
    before, scored = snapshot(played)
    book = OpenpyxlBook(played)  # the computed cells wiped: the refresh must rebuild them
    table = book.read_table(schema.RESULTS.name)
    for header in schema.RESULTS.computed:
        table.set_column(header, [None] * len(table))
    book.write_table(schema.RESULTS.name, table)
    book.save()
    assert set(snapshot(played)[1].values()) == {None}

    assert cli.main(["standings", str(played)]) == 0
    typed, computed = snapshot(played)
    assert typed == before  # every typed cell, own column included, as it was
    assert computed == scored
    notes = [v for (_, _, header), v in typed.items() if header == USER_COLUMN and v]
    assert len(notes) == (len(results(played)) + 2) // 3


@pytest.mark.parametrize(("key", "value"), [("Metodo punteggio", "bonus_50_15_5"),
                                            ("Formula", "raduno")])
def test_a_preset_change_recomputes_and_keeps_the_typed_results(played, key, value):
    before, scored = snapshot(played)
    book = OpenpyxlBook(played)
    old = book.settings()[key]
    book.set_setting(key, value)
    if key == "Formula":
        book.set_setting("Metodo punteggio", None)  # the new formula's own method
    book.save()
    assert cli.main(["standings", str(played)]) == 0
    typed, computed = snapshot(played)
    points = [k for k in scored if k[2] == "Punti torneo"]
    assert sum(computed[k] != scored[k] for k in points) > len(points) // 2  # recomputed
    changed = {k for k in before if typed[k] != before[k]}
    assert {k[0] for k in changed} == {schema.SETTINGS.name}  # only the setting changed

    book = OpenpyxlBook(played)  # and back: exactly the old points again
    book.set_setting(key, old)
    if key == "Formula":
        book.set_setting("Metodo punteggio", "millesimi")
    book.save()
    assert cli.main(["standings", str(played)]) == 0
    assert snapshot(played) == (before, scored)


def test_a_withdrawal_keeps_the_past_results(played):
    frame = results(played)
    player = OpenpyxlBook(played).read_table(schema.standings_spec(0).name).column("ID")[10]
    assert frame.column("ID").count(player) >= 2  # two rounds played at least
    before = cells(played)
    assert cli.main(["ritira", str(played), player]) == 0
    assert cli.main(["standings", str(played)]) == 0
    after = cells(played)
    changed = {k for k in before if after[k] != before[k]}
    stato = {k for k in before if k[0] == schema.PLAYERS.name and k[2] == "Stato"
             and before[schema.PLAYERS.name, k[1], "ID"] == player}
    assert changed == stato  # every result (theirs and everyone's points) as it was
    assert {after[k] for k in stato} == {"Ritirato"}


def _cells(table, headers) -> list[list]:
    return [[row.get(h) for h in headers] for row in table]


def test_a_forced_draw_archives_the_rows_and_they_stay(tmp_path, capsys):
    path = tmp_path / "torneo.xlsx"
    new_with_players(path, "master", 18, 5, "archivio", seed="archivio")

    def play(round_no: int, phase: str = "Qualificazione") -> None:
        book = OpenpyxlBook(path)
        simulate.play(book, round_no, phase, "archivio")
        book.save()

    assert cli.main(["draw", str(path)]) == 0
    play(1)
    typed = results(path)
    refused(path, capsys, "draw", "--turno", "1")
    assert cli.main(["draw", str(path), "--turno", "1", "--forza", "--seme", "bis"]) == 0
    archived = OpenpyxlBook(path).read_table(schema.ARCHIVE.name)
    assert _cells(archived, schema.RESULTS.headers) == _cells(typed, schema.RESULTS.headers)
    assert set(archived.column("Motivo")) == {"nuovo sorteggio del turno 1"}
    kept = cells(path, (schema.ARCHIVE.name,))
    draws = cells(path, (schema.DRAWS.name,))

    play(1)
    assert cli.main(["standings", str(path)]) == 0
    assert cli.main(["draw", str(path)]) == 0
    play(2)
    assert cli.main(["standings", str(path)]) == 0
    assert cli.main(["finals", str(path)]) == 0  # the semifinals seated
    semis = _cells(results(path).where(lambda r: r["Fase"] == "Semifinale"),
                   ("Tavolo", "ID", "Giocatore"))
    semifinalist = semis[0][1]
    assert cli.main(["ritira", str(path), semifinalist]) == 0  # reseated: rows archived
    assert cli.main(["standings", str(path)]) == 0
    assert cli.main(["verify", str(path)]) == 0
    capsys.readouterr()

    now = cells(path, (schema.ARCHIVE.name,))
    assert {k: now[k] for k in kept} == kept  # the first archived rows, untouched
    archive = OpenpyxlBook(path).read_table(schema.ARCHIVE.name)
    old_semis = _cells(archive.where(lambda r: r["Fase"] == "Semifinale"),
                       ("Tavolo", "ID", "Giocatore"))
    assert old_semis == semis  # reseated
    assert {k: v for k, v in cells(path, (schema.DRAWS.name,)).items() if k in draws} == draws
