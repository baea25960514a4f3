"""`Impostazioni` «Variante formula»: chosen by the player count at the first draw (003
Art. 2: «La formula adottata sarà determinata dal numero dei giocatori», decided «tra il
sorteggio e l'inizio delle partite del primo turno»; eagles: variant a «pari o inferiore a
28», b «superiore a 28»). A typed variant is never overwritten in silence: one that
disagrees is refused naming its row; any case is accepted; a formula without variants
refuses one."""

from __future__ import annotations

import hashlib

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.settings import setting_rows, settings_of

pytestmark = pytest.mark.lento  # workbooks built and drawn: not in make test-rapido


def tournament(tmp_path, formula, players=16):
    path = tmp_path / f"{formula}.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", formula]) == 0
    roster = tmp_path / "elenco.csv"
    roster.write_text("Nome,Cognome,Club\n" + "".join(
        f"Nome{i},Cognome{i},Club{i % 4}\n" for i in range(players)), encoding="utf-8")
    assert cli.main(["iscrivi", str(path), "--da", str(roster)]) == 0
    return path


def type_variant(path, value):
    book = OpenpyxlBook(path)
    book.set_setting("Variante formula", value)
    book.save()
    return setting_rows(OpenpyxlBook(path))["Variante formula"]


def variant(path):
    return settings_of(OpenpyxlBook(path).read_table(schema.SETTINGS.name))["Variante formula"]


@pytest.mark.parametrize("command", [["sorteggia"], ["sorteggia", "--tutti"]])
def test_a_typed_variant_against_the_player_count_is_refused(tmp_path, capsys, command):
    path = tournament(tmp_path, "eagles")
    row = type_variant(path, "b")  # b is for more than 28 players; 16 are registered
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    capsys.readouterr()
    assert cli.main([*command[:1], str(path), *command[1:]]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"riga {row}, colonna Valore" in err and "«Variante formula»" in err
    assert "16 giocatori" in err and "«a»" in err and "(valore trovato: 'b')" in err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_the_variant_is_matched_whatever_its_case(tmp_path, capsys):
    path = tournament(tmp_path, "eagles")
    type_variant(path, "A")
    capsys.readouterr()
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    # variant a: «3 giornate»; the count said, the rounds drawn and the record agree
    assert out.startswith("Tutti i 3 turni sorteggiati insieme")
    notes = OpenpyxlBook(path).read_table(schema.DRAWS.name).column("Note")
    assert [n.split(" (")[0] for n in notes] == [f"turno {r} di 3 pianificati insieme"
                                                for r in (1, 2, 3)]
    assert variant(path) == "A"  # what was typed stays as typed


def test_verify_names_a_variant_typed_after_the_draw(tmp_path, capsys):
    path = tournament(tmp_path, "eagles")
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    assert variant(path) == "a"
    row = type_variant(path, "b")
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"riga {row}" in err and "16 giocatori al sorteggio del primo turno" in err
    assert "--tutti" not in err


def test_a_variant_on_a_formula_without_variants_is_refused(tmp_path, capsys):
    path = tournament(tmp_path, "open")
    row = type_variant(path, "z")
    capsys.readouterr()
    assert cli.main(["classifica", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"riga {row}" in err and "non ha varianti" in err and "'z'" in err


def test_one_round_drawn_with_all_is_said_in_the_singular(tmp_path, capsys):
    path = tournament(tmp_path, "eliminazione")
    capsys.readouterr()
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.startswith("Turno unico sorteggiato in ")
