"""`verifica` checks a draw's certificate as well as its tables (the adversary's, issue
28): a `Sorteggi` row of ours with its fingerprint or seed emptied is reported, not
skipped; a «Qualità» or «Procedura» that is not the replayed draw's is reported — the
posts publish them as recorded; so is a «Versione motore» emptied or not one of ours."""

from __future__ import annotations

import sys

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.draw import DrawInput, draw
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # workbooks drawn and verified


def _tampered(tmp_path, column: str, value: object):
    path = new_with_players(tmp_path / "serata.xlsx", "interno", 13, 4, "certo", seed="abc")
    assert cli.main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    log = book.read_table(schema.DRAWS.name)
    log.rows[-1][column] = value
    book.write_table(schema.DRAWS.name, log)
    book.save()
    return path


@pytest.mark.parametrize("column,found", [
    ("Impronta", "sorteggio senza impronta: non si può ripetere"),
    # session 27's referee: a blank or foreign «Versione motore» was taken as this engine's
    ("Versione motore", "la «Versione motore» è vuota: il sorteggio non si può ripetere"),
    ("Versione motore ", "la «Versione motore» «motore 2» non è un motore di sorteggio di "
                         "risiko-xl"),
    ("Seme", "sorteggio senza seme: non si può ripetere"),
    ("Qualità", "la colonna «Qualità» non è quella del sorteggio ripetuto («ottimo "
                "dimostrato — "),
    ("Procedura", "la colonna «Procedura» non è quella del sorteggio ripetuto («"),
])
def test_a_tampered_certificate_is_reported(tmp_path, capsys, column, found):
    value = {"Impronta": " ", "Seme": None, "Qualità": "coppie dello stesso club: 7",
             "Procedura": "cinquisti", "Versione motore": None,
             "Versione motore ": "motore 2"}[column]
    path = _tampered(tmp_path, column.strip(), value)
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == cli.EXIT_FAILURE
    assert f"Foglio Sorteggi, riga 2: {found}" in capsys.readouterr().out


def test_a_broken_solver_leaves_the_search_and_says_so(monkeypatch):
    """The adversary's: OR-Tools present but failing to import stopped the draw with an
    internal error; the draw is the search's, named «1.3-ricerca»."""
    monkeypatch.setitem(sys.modules, "ortools.sat.python", None)  # importing it fails
    monkeypatch.setitem(sys.modules, "ortools.sat.python.cp_model", None)
    from tests.draw.test_draw_exact import CRITERIA, _players

    result = draw(DrawInput(players=_players(), seed="serata", criteria=CRITERIA))
    assert "1.3-ricerca" in result.engine_version
    assert result.unproved_why == "solutore esatto non disponibile qui: solo la ricerca"
