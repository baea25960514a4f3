"""What the commands tell an organiser at the desk (found by an organiser's evening).

- `ritira` of a player seated in a round not yet played names that round in the hint
  (`--turno N --forza`), and the hint works;
- `draw` with every preliminary round drawn says so, naming no value nobody typed;
- the draw certificate of a post names the procedure in Italian;
- a withdrawal that recomposes the semifinals says so before listing the moves.
"""

from __future__ import annotations

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from tests.support.publishing import publish
from tests.support.tournament_typing import new_book

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def registered(tmp_path, formula="master", players=18):
    path = tmp_path / "torneo.xlsx"
    new_book(path, formula, players, "serata-1", players="serata", name="Serata")
    return path


def play(path, round_no):
    book = OpenpyxlBook(path)
    simulate.play(book, round_no, "Qualificazione", "serata")
    book.save()


def test_ritira_names_the_round_to_draw_again_and_the_hint_works(tmp_path, capsys):
    path = registered(tmp_path)
    assert cli.main(["draw", str(path)]) == 0
    play(path, 1)
    assert cli.main(["draw", str(path)]) == 0
    capsys.readouterr()
    assert cli.main(["ritira", str(path), "G003"]) == 0
    out = capsys.readouterr().out
    assert "turno 2" in out and "--turno 2 --forza" in out
    before = path.read_bytes()
    assert cli.main(["draw", str(path), "--forza"]) == cli.EXIT_BAD_INPUT  # no round named
    err = capsys.readouterr().err
    assert "già sorteggiati" in err and "--turno N --forza" in err
    assert "valore trovato" not in err and path.read_bytes() == before
    assert cli.main(["draw", str(path), "--turno", "2", "--forza"]) == 0


def test_the_certificate_names_the_procedure_in_italian(tmp_path):
    path = registered(tmp_path, "rtu", 13)
    assert cli.main(["draw", str(path)]) == 0
    play(path, 1)
    assert cli.main(["standings", str(path)]) == 0
    text = publish(OpenpyxlBook(path), "markdown", 1)
    assert "procedura ottimizzazione dei criteri" in text and "optimise" not in text
