"""GestioneTorneo's cells one by one: what `gestionetorneo.writer` writes stays what was
typed (a name beginning with «=» is text, never a formula), and what `reader` reads is
checked cell by cell, refused with the GT sheet, row and column."""

from __future__ import annotations

import dataclasses

import openpyxl
import pytest

from risiko_xl import cli
from risiko_xl.gestionetorneo import layout, reader, writer
from tests.support.gestionetorneo import tournament
from tests.support.programs import need_program

FORMULA_LIKE = {1: ("=HYPERLINK(\"http://evil.example\",\"Lupo\")", "==Lupo==", "=1+1"),
                2: ("=NA()", "=SUM(A1:A9)", "=Club")}


def _formula_like() -> writer.Workbook:
    gt = tournament("MasterRisiko")
    players = tuple(dataclasses.replace(p, cognome=FORMULA_LIKE[p.id][0],
                                        nickname=FORMULA_LIKE[p.id][1],
                                        club=FORMULA_LIKE[p.id][2])
                    if p.id in FORMULA_LIKE else p for p in gt.players)
    return dataclasses.replace(gt, players=players)


def _assert_names_kept(read: writer.Workbook) -> None:
    for p in read.players:
        if p.id in FORMULA_LIKE:
            assert (p.cognome, p.nickname, p.club) == FORMULA_LIKE[p.id]


def test_text_beginning_with_equals_is_written_as_text(tmp_path):
    path = writer.write(_formula_like(), tmp_path / "Modulo.xlsx")
    book = openpyxl.load_workbook(path)
    formulas = [(s.title, c.coordinate) for s in book.worksheets for row in s.iter_rows()
                for c in row if c.data_type == "f"]
    assert formulas == []
    cell = book[layout.PLAYERS].cell(layout.PLAYERS_FIRST_ROW, 5)
    assert (cell.value, cell.data_type, cell.quotePrefix) == ("=1+1", "s", True)
    _assert_names_kept(reader.read(path))
    seat = book[layout.round_sheet(1)].cell(2, 2).value
    assert seat == f"Nome1 {FORMULA_LIKE[1][0]}\n=1+1"


@pytest.mark.libreoffice
def test_text_beginning_with_equals_stays_text_in_the_xls(tmp_path):
    need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    path = writer.write(_formula_like(), tmp_path / "Modulo.xls")
    assert path.suffix == ".xls"
    _assert_names_kept(reader.read(path))
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(path), "--out", str(out)]) == 0
