"""docs/DECISIONI.md: «Intestazioni, piè di pagina e post chiamano il torneo con «Nome
torneo»»: every printed sheet of ours carries the tournament's name in its page header
and the sheet and page number in its footer."""

from __future__ import annotations

from openpyxl import load_workbook

from risiko_xl import cli
from risiko_xl.books.schema import RESULTS


def test_printed_sheets_name_the_tournament_and_the_page(tmp_path):
    path = tmp_path / "serata.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "open", "--nome",
                     "Torneo d'autunno & amici"]) == 0
    sheet = load_workbook(path)[RESULTS.sheet]
    assert sheet.oddHeader.center.text == "Torneo d'autunno && amici"  # «&» printed as is
    assert sheet.oddFooter.right.text == "Pagina &P di &N"
    assert sheet.oddFooter.left.text == "&A"
