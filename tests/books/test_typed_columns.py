"""What the organiser typed in a table a command writes anew stays on the player's row:
a note typed in ClassificaFinale's «Note» (after ours, said so) and their own columns,
through `finali` run again on a real file."""

from __future__ import annotations

import openpyxl
import pytest
from openpyxl.utils import get_column_letter, range_boundaries

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.formula_cells import Formula
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table
from risiko_xl.services.typed_columns import typed_part, with_own, with_typed_notes
from tests.standings.test_final_ranking import FINALE, SEED, SPAREGGIO
from tests.support.phase_books import CAST_GAMES, CAST_IDS, add, build

OURS = ("ritiro", "a pari merito", "deciso per sorteggio")


def test_their_part_of_a_note_is_told_from_ours():
    assert typed_part("ritiro, a pari merito", OURS) is None
    assert typed_part("ammonito in finale", OURS) == "ammonito in finale"
    assert typed_part("ritiro; ammonito, in ritardo", OURS) == "ammonito, in ritardo"
    assert typed_part("ritiro volontario", OURS) == "ritiro volontario"
    assert typed_part(Formula("=A1"), OURS) is None  # a formula: the book says it
    assert typed_part(None, OURS) is None


def test_notes_are_kept_after_ours_and_written_once():
    old = Table.of([{"ID": "A", "Note": "ritiro; ammonito"}, {"ID": "B", "Note": "ritiro"},
                    {"ID": "C", "Note": "arbitro"}], ["ID", "Note"])
    new = Table.of([{"ID": "C", "Note": None}, {"ID": "A", "Note": "ritiro"},
                    {"ID": "B", "Note": None}], ["ID", "Note"])
    out, kept = with_typed_notes(old, new, OURS)
    assert out.column("Note") == ["arbitro", "ritiro; ammonito", None]
    assert kept == ["C «arbitro»", "A «ammonito»"]
    again, _ = with_typed_notes(out, new, OURS)
    assert again.column("Note") == out.column("Note")


def test_own_columns_follow_the_player():
    old = Table.of([{"ID": "A", "Pos": 1, "Mia": "x"}, {"ID": "B", "Pos": 2, "Mia": "y"}],
                   ["ID", "Pos", "Mia"])
    new = Table.of([{"ID": "B", "Pos": 1}, {"ID": "A", "Pos": 2}], ["ID", "Pos"])
    assert with_own(old, new, {"ID", "Pos"}).column("Mia") == ["y", "x"]


def note_cells(path):
    """ClassificaFinale's «Note» column: (sheet, column letter, first body row, ids)."""
    book = openpyxl.load_workbook(path)
    sheet = book[schema.FINAL_RANKING.sheet]
    left, top, right, _ = range_boundaries(sheet.tables[schema.FINAL_RANKING.name].ref)
    headers = [sheet.cell(top, c).value for c in range(left, right + 1)]
    return book, sheet, left + headers.index("Note"), left + headers.index("ID"), top, right


@pytest.mark.lento
def test_a_note_typed_in_the_final_ranking_survives_finali_again(tmp_path, capsys):
    path = tmp_path / "t.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, SEED)
    assert cli.main(["finals", str(path)]) == 0
    add(OpenpyxlBook(path), SPAREGGIO)
    for pid in ("E", "G"):
        assert cli.main(["ritira", str(path), pid]) == 0
    assert cli.main(["finals", str(path)]) == 0
    add(OpenpyxlBook(path), FINALE)
    assert cli.main(["finals", str(path)]) == 0
    book, sheet, note, ids, top, right = note_cells(path)
    rows = {sheet.cell(r, ids).value: r for r in range(top + 1, sheet.max_row + 1)}
    sheet.cell(rows["B"], note).value = "ammonito in finale"
    sheet.cell(rows["G"], note).value = "ritiro; ha lasciato la sala"
    sheet.cell(top, right + 1).value = "Premio"  # beside the table: a column of theirs
    sheet.cell(rows["A"], right + 1).value = "coppa"
    table = sheet.tables[schema.FINAL_RANKING.name]
    table.ref = f"{table.ref.split(':')[0]}:{get_column_letter(right + 1)}{max(rows.values())}"
    book.save(path)
    capsys.readouterr()

    assert cli.main(["finals", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Note scritte a mano mantenute in ClassificaFinale" in out
    assert "B «ammonito in finale»" in out and "G «ha lasciato la sala»" in out
    frame = OpenpyxlBook(path).read_table(schema.FINAL_RANKING.name)
    by_id = {r["ID"]: r for r in frame}
    assert by_id["B"]["Note"] == "ammonito in finale"
    assert by_id["G"]["Note"] == "ritiro; ha lasciato la sala"
    assert by_id["A"]["Premio"] == "coppa"
    assert cli.main(["finals", str(path)]) == 0  # once more: nothing doubled
    assert {r["ID"]: r["Note"] for r in OpenpyxlBook(path).read_table(
        schema.FINAL_RANKING.name)}["G"] == "ritiro; ha lasciato la sala"
