"""The post of a round whose results are coming in (issue 30: the venue's phones follow
the evening table by table). Before, with the first table of the first round typed and
nothing else, `pubblica` said «niente da pubblicare (nessun turno sorteggiato)» and the
venue's phone page failed: found by the load test of 300 phones. Now the post is that
round's: every table's seating, the results of the tables typed, no standings (a post
«never shows what does not exist yet»)."""

from __future__ import annotations

from pathlib import Path

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.draw.rng import Rng
from tests.support.workbooks import new_with_players


def test_a_round_half_typed_is_posted_with_its_tables_and_the_results_in(
        tmp_path: Path, capsys) -> None:
    path = new_with_players(tmp_path / "t.xlsx", "lu_castidduzzu", 12, 3, "gi", seed="gioco")
    assert cli.main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    rows = book.read_table(schema.RESULTS.name)
    first = [r for r in rows if r["Tavolo"] == 1]
    for row, values in zip(first, simulate.game(Rng("gioco", "t1"), len(first))):
        row.values.update(values)
    book.write_table(schema.RESULTS.name, rows)
    book.save()
    capsys.readouterr()
    assert cli.main(["pubblica", str(path), "--formato", "testo"]) == 0
    post = capsys.readouterr().out
    assert "*TAVOLI: TURNO 1*" in post and "Tavolo 3:" in post  # where everyone sits
    assert "*RISULTATI*" in post and "_Tavolo 1_" in post and "_Tavolo 2_" not in post
    assert "CLASSIFICA" not in post


def test_a_penalty_is_said_beside_the_points_it_took(tmp_path: Path, capsys) -> None:
    """An outsider's leftover: a player's tournament points fell short of the table's
    with nothing in the post saying why. 003 Art. 26: «penalità in punti tavolo: cioè
    riduzione del punteggio conseguito al proprio tavolo dal giocatore penalizzato».
    Lu Castidduzzu (000 Art. 24: table points + 50/15/5 to the first three), by hand:
    40 + 50 = 90; 30 + 15 − 5 (penalty) = 40; 20 + 5 = 25; 10."""
    path = new_with_players(tmp_path / "t.xlsx", "lu_castidduzzu", 8, 2, "pe", seed="pena")
    assert cli.main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    rows = book.read_table(schema.RESULTS.name)
    first = [r for r in rows if r["Tavolo"] == 1]
    for row, points, penalty in zip(first, (40, 30, 20, 10), (None, 5, None, None)):
        row.values.update({"Punti obiettivo": points, "Penalità": penalty})
    book.write_table(schema.RESULTS.name, rows)
    book.save()
    capsys.readouterr()
    assert cli.main(["pubblica", str(path), "--formato", "markdown"]) == 0
    post = capsys.readouterr().out
    lines = [line for line in post.splitlines() if line.startswith("| ")]
    by_points = {cells[3]: cells for cells in (
        [c.strip() for c in line.strip("|").split("|")] for line in lines) if len(cells) > 5}
    assert by_points["30"][4] == "40" and by_points["30"][5] == "penalità 5"
    assert (by_points["40"][4], by_points["20"][4], by_points["10"][4]) == ("90", "25", "10")
    assert [by_points[k][5] for k in ("40", "20", "10")] == ["", "", ""]
