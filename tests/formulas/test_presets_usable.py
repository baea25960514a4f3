"""Every preset can be used: the settings `nuovo` writes for it are accepted by every
later command (the program never refuses what it wrote itself). «campionato_gufo» plans
60 evenings (GestioneTorneo's 50 best results), which the «Turni preliminari» bound once
refused."""

from __future__ import annotations

import pytest

from risiko_xl import cli, formulas
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.settings import settings_of

pytestmark = pytest.mark.lento  # workbooks built: not in make test-rapido


@pytest.mark.parametrize("name", formulas.names())
def test_new_register_and_rank_every_preset(name, tmp_path, capsys):
    path = tmp_path / f"{name}.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", name]) == 0
    # ten players in two clubs of five: a CNS team has 5 to 15 players
    roster = tmp_path / "iscritti.csv"
    roster.write_text("Nome,Cognome,Club\n" + "".join(
        f"Giocatore,Numero{number},Club {number % 2}\n" for number in range(10)),
        encoding="utf-8")
    assert cli.main(["iscrivi", str(path), "--da", str(roster)]) == 0, \
        capsys.readouterr().err
    assert cli.main(["classifica", str(path)]) == 0, capsys.readouterr().err
    assert capsys.readouterr().err == ""


def test_campionato_gufo_keeps_its_sixty_evenings(tmp_path, capsys):
    path = tmp_path / "cg.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "campionato_gufo"]) == 0
    # the preset: «best_of 50 su 60 turni indicativi»; nothing refused on reading it back
    settings = settings_of(OpenpyxlBook(path).read_table(schema.SETTINGS.name))
    assert settings["Turni preliminari"] == 60
    assert cli.main(["verifica", str(path)]) == 0, capsys.readouterr().err
