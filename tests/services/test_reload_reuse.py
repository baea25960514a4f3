"""Reading the tournament again after a write parses and scores again only the rows and
games the write changed (issue 28: `sorteggia` read the whole tournament twice), and
gives exactly what a first reading of the same workbook gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from risiko_xl import simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import Tournament, _load, load
from risiko_xl.workbooks.template import formula_settings, write_new


def fresh(book: OpenpyxlBook) -> Tournament:
    return _load(book)


def same(a: Tournament, b: Tournament) -> None:
    assert a.rows == b.rows
    assert a.results == b.results
    assert a.computed == b.computed
    assert a.entrants == b.entrants


@pytest.fixture
def played(tmp_path: Path) -> OpenpyxlBook:
    path = tmp_path / "t.xlsx"
    write_new(path, {**formula_settings("nazionale"), "Seme sorteggio": "riuso"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(30, 3, "riuso"))
    for round_no in (1, 2):
        draw_round(book, round_no)
        simulate.play(book, round_no, QUALIFYING, "riuso")
    update_standings(book)  # the computed cells written, as `classifica` leaves them
    return book


def test_a_draw_reads_the_old_rows_once(played: OpenpyxlBook) -> None:
    before = load(played)
    draw_round(played, 3)  # appends round 3, then reads and scores again
    after = load(played)
    same(after, fresh(played))
    # the rows and games of rounds 1 and 2 are those already parsed and scored
    old = {r.row: r for r in before.rows}
    assert all(r is old[r.row] for r in after.rows if r.round_no < 3)
    kept = [key for key in after.games if key[0] < 3]
    assert kept and all(after.games[key] is before.games[key] for key in kept)


def test_a_changed_result_is_scored_again(played: OpenpyxlBook) -> None:
    """A point typed differently on a kept row: that row and its game read anew."""
    load(played)
    results = played.read_table(schema.RESULTS.name)
    first = next(row for row in results if row["Turno"] == 1)
    winner_points = first["Punti obiettivo"]
    first["Punti obiettivo"] = (winner_points or 0) + 1
    played.write_table(schema.RESULTS.name, results)
    try:
        again = load(played)
    except RisikoError as err:  # the map's total broken: refused as a first reading does
        with pytest.raises(RisikoError) as also:
            fresh(played)
        assert str(also.value) == str(err)
        return
    same(again, fresh(played))


def test_a_player_registered_later_reads_every_row_again(played: OpenpyxlBook) -> None:
    """Another registration can change how an ID typed in another case is read."""
    before = load(played)
    players = played.read_table(schema.PLAYERS.name)
    players.append({"ID": "G999", "Nome": "Tardivo Ugo", "Stato": "Attivo"})
    played.write_table(schema.PLAYERS.name, players)
    after = load(played)
    same(after, fresh(played))
    assert not any(r is o for r, o in zip(after.rows, before.rows))


def test_another_scoring_scores_every_game_again(played: OpenpyxlBook) -> None:
    before = load(played)
    played.set_setting("Turni preliminari", 9)  # the formula rebuilt, the same scoring
    same(load(played), fresh(played))
    played.set_setting("Metodo punteggio", "piazzamento")
    changed = load(played)
    same(changed, fresh(played))
    assert changed.results != before.results
