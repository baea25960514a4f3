"""Texts longer than an Excel cell (32,767 characters) are kept whole and checked.

openpyxl cuts a longer string silently: a 40,000-character seed recorded in `Sorteggi`, or
the seating of a very large round, would be read back different and `verify` would call an
untouched file tampered with. Such an audit text goes, whole, to the hidden sheet «Testi
lunghi» (parts under its SHA-256); the cell shows a marker and the text's beginning.
"""

from __future__ import annotations

import openpyxl
import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.long_text import SHEET
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.typed import CELL_LIMIT
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # a 5,000-player draw


@pytest.fixture()
def registered(tmp_path):
    path = tmp_path / "torneo.xlsx"
    new_with_players(path, "master", 16, 4, "lungo", name="Lungo")
    return path


def test_a_40000_character_seed_is_recorded_whole_and_verify_finds_nothing(registered,
                                                                           capsys):
    seed = "".join(f"{i:05d}" for i in range(8_000))  # 40,000 characters
    assert cli.main(["draw", str(registered), "--seme", seed]) == 0
    log = OpenpyxlBook(registered).read_table(schema.DRAWS.name)
    assert log.column("Seme") == [seed]
    raw = openpyxl.load_workbook(registered)
    assert raw[SHEET].sheet_state == "hidden"
    assert all(len(str(c.value or "")) <= CELL_LIMIT for row in raw["Sorteggi"].iter_rows()
               for c in row)
    capsys.readouterr()
    assert cli.main(["verify", str(registered)]) == 0
    assert "nessuna differenza" in capsys.readouterr().out


def test_a_long_text_changed_in_its_sheet_is_named(registered, capsys):
    seed = "x" * (CELL_LIMIT + 10)
    assert cli.main(["draw", str(registered), "--seme", seed]) == 0
    book = openpyxl.load_workbook(registered)
    book[SHEET]["C2"] = "y" + book[SHEET]["C2"].value[1:]
    book.save(registered)
    assert cli.main(["verify", str(registered)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    # the seed is kept twice (Impostazioni, Sorteggi): the cell whose text was changed
    # in «Testi lunghi» (its first, C2) is named
    assert ("Foglio Torneo, riga 9, colonna Valore" in err
            or "Foglio Sorteggi, riga 2, colonna Seme" in err) and "sha256" in err


def test_verify_on_an_untouched_5000_player_draw_finds_no_difference(tmp_path, capsys):
    """The seating of 1,250 tables is longer than a cell: recorded whole, replayed equal."""
    path = tmp_path / "grande.xlsx"
    new_with_players(path, "open", 5000, 100, "grande", name="Grande")
    assert cli.main(["draw", str(path), "--seme", "grande-5000"]) == 0
    raw = openpyxl.load_workbook(path)["Sorteggi"]
    headers = [c.value for c in raw[1]]
    cell = raw.cell(2, headers.index("Tavoli") + 1).value
    assert cell.startswith("[testo lungo: ") and len(cell) <= CELL_LIMIT
    tables = OpenpyxlBook(path).read_table(schema.DRAWS.name).column("Tavoli")[0]
    assert len(tables) > CELL_LIMIT and tables.count("|") == 1249
    capsys.readouterr()
    assert cli.main(["verify", str(path)]) == 0
    assert "nessuna differenza" in capsys.readouterr().out
