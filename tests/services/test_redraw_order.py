"""A round is drawn again only while no later round was drawn from its tables: the later
draw's fingerprint holds them, and `verifica` could no longer replay it (found by a
referee: `sorteggia --turno 3 --forza` after round 4 was drawn, then «l'impronta dei dati
non corrisponde» on round 4). 001 §8 draws each round from the earlier ones («si cercherà
di evitare che due giocatori si incontrino nuovamente»)."""

from __future__ import annotations

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.services.rounds import draw_round
from risiko_xl.sheets.look import save
from risiko_xl.standings.model import QUALIFYING
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # workbooks drawn and played


def _played(tmp_path, drawn: int):
    path = new_with_players(tmp_path / "serata.xlsx", "gufo", 8, 3, "ordine", seed="ordine")
    book = OpenpyxlBook(path)
    for round_no in range(1, drawn + 1):
        draw_round(book, round_no)
        if round_no < drawn:
            simulate.play(book, round_no, QUALIFYING, "ordine")
    save(book)
    return path


def test_a_round_drawn_before_a_later_draw_is_not_drawn_again(tmp_path, capsys):
    path = _played(tmp_path, 3)
    with pytest.raises(RisikoError) as refused:
        draw_round(OpenpyxlBook(path), 2, force=True)
    assert "il turno 3 è già stato sorteggiato dopo il turno 2" in str(refused.value)
    assert cli.main(["sorteggia", str(path), "--turno", "2", "--forza"]) == 2
    assert "Sorteggi" in capsys.readouterr().err  # the sheet that records round 3's draw
    # the last round drawn can still be drawn again, and verifica replays both draws
    assert cli.main(["sorteggia", str(path), "--turno", "3", "--forza", "--seme", "x"]) == 0
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert "nessuna differenza" in capsys.readouterr().out
