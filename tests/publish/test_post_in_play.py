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
