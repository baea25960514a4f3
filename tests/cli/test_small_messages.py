"""Small messages found wrong by an outside check: each names what it must (row, value)
and accepts only what it says."""

from __future__ import annotations

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.settings import setting_row

pytestmark = pytest.mark.lento  # workbooks built: not in make test-rapido


@pytest.fixture()
def book(tmp_path):
    path = tmp_path / "torneo.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "master"]) == 0
    return path


def test_the_calcolo_setting_refusal_names_its_row(book, capsys):
    typed = OpenpyxlBook(book)
    typed.set_setting("Calcolo", "boh")
    typed.save()
    row = setting_row(OpenpyxlBook(book).read_table(schema.SETTINGS.name), "Calcolo")
    capsys.readouterr()
    assert cli.main(["classifica", str(book)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"riga {row}, colonna Valore" in err and "«Calcolo»" in err and "'boh'" in err


@pytest.mark.parametrize("typed", ["\u0662", "\uff12", "+2", " 2", "2.0"])
def test_a_round_number_is_ascii_digits_only(book, capsys, typed):
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "Mario Rossi", "--dal-turno", typed]) == \
        cli.EXIT_BAD_INPUT
    assert repr(typed) in capsys.readouterr().err
    assert len(OpenpyxlBook(book).read_table(schema.PLAYERS.name)) == 0


def test_a_forced_write_refused_never_says_it_wrote(book, capsys):
    assert cli.main(["iscrivi", str(book), "Mario Rossi"]) == 0
    book.with_name(f".~lock.{book.name}#").write_text(",anna,pc,oggi,x;")  # LibreOffice
    before = book.read_bytes()
    capsys.readouterr()
    # one player: nothing can be drawn, nothing is written, so no «scritto comunque»
    assert cli.main(["sorteggia", str(book), "--tutti", "--forza"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "scritto comunque" not in err and len(err.strip().splitlines()) == 1
    assert book.read_bytes() == before


def test_an_id_beginning_with_a_dash_gets_the_way_to_type_it(book, capsys):
    capsys.readouterr()
    assert cli.main(["ritira", str(book), "-G05"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"(risiko-xl ritira {book} -- -G05)" in err and len(err.strip().splitlines()) == 1
