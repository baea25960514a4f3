"""GestioneTorneo's real file format: the layout-built tournaments saved as .xls by
LibreOffice (`gestionetorneo.writer`), imported; and the road back — import, one more
round played in risiko-xl, `esporta --gestionetorneo` as .xls, import again — gives the
same tournament (issue 18)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.gestionetorneo import reader, writer
from tests.support.gestionetorneo import EXPECTED, assert_imported, totals, tournament
from tests.support.programs import need_program

pytestmark = pytest.mark.libreoffice
OLE2 = bytes.fromhex("D0CF11E0A1B11AE1")  # the .xls (BIFF8 compound file) signature


def as_xls(tmp_path: Path, kind: str, **kw) -> Path:
    need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    path = writer.write(tournament(kind, **kw), tmp_path / "ModuloTorneo.xls")
    assert path.suffix == ".xls" and path.read_bytes()[:8] == OLE2
    return path


@pytest.mark.parametrize("kind", list(EXPECTED))
def test_each_formula_from_an_xls(tmp_path, kind):
    source = as_xls(tmp_path, kind)
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert_imported(out, kind)


def snapshot(path: Path) -> tuple:
    """Players, tables and points of a tournament workbook."""
    book = OpenpyxlBook(path)
    players = [tuple(r.get(h) for h in ("ID", "Nome", "Cognome", "Nickname", "Club",
                                         "Stato", "Dal turno", *schema.PLAYER_EXTRAS))
               for r in book.read_table(schema.PLAYERS.name)]
    results = sorted(tuple(r.get(h) for h in ("Turno", "Tavolo", "ID", "Punti obiettivo",
                                              "Punti fuori obiettivo", "Eliminato", "Posizione",
                                              "Punti torneo"))
                     for r in book.read_table(schema.RESULTS.name))
    return players, results, totals(path)


def test_round_trip_with_one_more_round(tmp_path, capsys):
    source = as_xls(tmp_path, "TorneoGufo", rounds_planned=3)
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert cli.main(["sorteggia", str(out)]) == 0
    book = OpenpyxlBook(out)
    results = book.read_table(schema.RESULTS.name)
    seat = {}
    for row in results:
        if row["Turno"] == 3:
            seat[row["Tavolo"]] = seat.get(row["Tavolo"], 0) + 1
            row["Punti obiettivo"] = (40, 25, 25, 9, 3)[seat[row["Tavolo"]] - 1]
            if seat[row["Tavolo"]] in (2, 3):  # the tie at 25, broken as 001 §7 says
                row["Punti fuori obiettivo"] = 1 if seat[row["Tavolo"]] == 2 else 0
    book.write_table(schema.RESULTS.name, results)
    book.save()
    assert cli.main(["classifica", str(out)]) == 0
    assert cli.main(["verifica", str(out)]) == 0
    back = tmp_path / "Ritorno.xls"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    assert back.read_bytes()[:8] == OLE2
    third = reader.read(back).rounds[2]
    typed = sorted(s.value for t in third.tables for s in t.seats)
    # the tie won at 25 is written 25,1 against 25, as GestioneTorneo's referees type it
    assert typed == sorted(Decimal(v) for v in ("40", "25.1", "25", "9", "40", "25.1", "25",
                                                "9", "3"))
    again = tmp_path / "di-nuovo.xlsx"
    assert cli.main(["importa", str(back), "--out", str(again)]) == 0
    first, second = snapshot(out), snapshot(again)
    assert first[0] == second[0]  # players
    assert first[1] == second[1]  # every table and point
    assert first[2] == second[2]  # the standings
    capsys.readouterr()
