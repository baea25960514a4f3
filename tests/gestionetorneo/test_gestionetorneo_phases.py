"""GestioneTorneo's rounds of a formula with final phases (issue 18, organiser's report):
its «Numero Turni Previsti» counts every round (manual V2.4 on MasterRisiko: «solo quattro
turni di gioco di cui due eliminatori, uno di semifinale ed uno di finale»; 001 §1 «Due
partite … più semifinali per i primi sedici classificati e finale»), so the import keeps
the formula's preliminary rounds and never sums a semifinal as a qualifying game: the
later sheets are its final phases (`test_gestionetorneo_finals`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.gestionetorneo import layout, writer
from tests.support.gestionetorneo import tournament
from tests.support.gestionetorneo_master import (
    PRELIMINARY,
    SEMIFINALS,
    STANDINGS,
    master,
    rounds,
)


def _source(tmp_path: Path, kind: str) -> Path:
    """`kind`'s two qualifying rounds of sixteen players, four rounds planned, and a
    «3° Turno» drawn as GestioneTorneo leaves a semifinal to play (no points)."""
    return master(tmp_path, *rounds(*PRELIMINARY), *rounds(*SEMIFINALS, played=False),
                  kind=kind)


@pytest.mark.parametrize("kind, formula", [("MasterRisiko", "master"),
                                           ("RadunoNazionale", "raduno")])
def test_final_rounds_are_not_qualifying_rounds(tmp_path, capsys, kind, formula):
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(_source(tmp_path, kind)), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    # the formula's own 2 preliminary rounds (fresh «nuovo --formula master/raduno»)
    assert f"2 turni, 8 tavoli; formula {formula}, turni preliminari 2" in printed
    assert "Semifinale (turno 3) importata dal foglio 3° Turno: 4 tavoli" in printed
    book = OpenpyxlBook(out)
    assert book.settings()["Turni preliminari"] == 2
    assert {(r["Turno"], r["Fase"]) for r in book.read_table(schema.RESULTS.name)} == {
        (1, "Qualificazione"), (2, "Qualificazione"), (3, "Semifinale")}
    # no semifinal summed: raduno 5: 40 + 62 + 50 = 152, 1: 60 + 50 + 40 = 150, 6: 38 +
    # 61 + 50 = 149, 2: 58 + 50 + 40 = 148; master the same order in thousandths
    assert [int(r["ID"]) for r in book.read_table("Classifica")][:4] == list(STANDINGS[:4])
    assert cli.main(["verifica", str(out)]) == 0


def test_finali_says_which_rounds_it_found(tmp_path, capsys):
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(_source(tmp_path, "MasterRisiko")), "--out",
                     str(out)]) == 0
    book = OpenpyxlBook(out)
    book.set_setting("Turni preliminari", 4)
    book.save()
    capsys.readouterr()
    assert cli.main(["finali", str(out)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "dopo i 4 turni preliminari («Turni preliminari» in Impostazioni) e manca il " \
        "turno 3" in err and "valore trovato: 'turni 1, 2'" in err


def test_refusals_name_the_backup_copy(tmp_path, capsys):
    out = tmp_path / "torneo.xlsx"
    source = _source(tmp_path, "MasterRisiko")
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert cli.main(["importa", str(source), "--out", str(out)]) == cli.EXIT_BAD_INPUT
    assert "resta nella copia torneo.bak.xlsx" in capsys.readouterr().err
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == \
        cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "resta nella copia Ritorno.bak.xlsx" in err and "NOME" not in err
    assert cli.main(["nuovo", str(out)]) == cli.EXIT_BAD_INPUT
    assert "copia di sicurezza torneo.bak.xlsx" in capsys.readouterr().err


def test_eliminated_go_back_as_0_and_who_played_stays_ranked(tmp_path, capsys):
    from decimal import Decimal as D

    from risiko_xl.gestionetorneo import reader

    gt = tournament("MasterRisiko")
    first = gt.rounds[0]
    five = first.tables[0]
    out_seat = replace(five.seats[4], value=D(-1))  # player 5 eliminated at table 1
    gt = replace(gt, rounds=(replace(first, tables=(replace(five, seats=(
        *five.seats[:4], out_seat)), *first.tables[1:])), *gt.rounds[1:]))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out, back = tmp_path / "torneo.xlsx", tmp_path / "Ritorno.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert cli.main(["ritira", str(out), "3"]) == 0  # after playing both rounds
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    capsys.readouterr()
    again = reader.read(back)
    # ScorePlayerQualificazioniNazionale.trascodificaPunteggio reads the typed value as
    # thousandths: -1 would be -0,001 (a point lost): the master's eliminated goes back 0
    assert again.rounds[0].tables[0].seats[4].value == 0
    # getClassificaMaster2020(false, …) ranks getListaGiocatori(false): every registered
    # player; 3 (1,078, second) stays second though «Partecipa Torneo» NO
    assert not next(p for p in again.players if p.id == 3).partecipa
    short = list(openpyxl.load_workbook(back)[layout.SHORT_STANDINGS].values)[1:]
    assert [(pos, pid) for pos, _, _, _, pid in short[:3]] == [("1", "1"), ("2", "3"),
                                                              ("3", "6")]
    # ExcelValidator.validazioniIncrociate: «Il giocatore presente in classifica con l'ID
    # 10 non risulta aver disputato alcuna partita»: 10 (Partecipa NO, never seated) is
    # left out, 1–9 (who played) listed, positions 1–9 (none above the 9 listed)
    assert {int(row[4]) for row in short} == set(range(1, 10))
    assert sorted(int(row[0]) for row in short) == list(range(1, 10))


def test_open_decimals_are_stated_and_help_names_the_way_back(tmp_path, capsys):
    source = writer.write(tournament("Open"), tmp_path / "Modulo.xlsx")
    assert cli.main(["importa", str(source), "--out", str(tmp_path / "t.xlsx")]) == 0
    # ScorePlayerOpen keeps 21 × 1,25 = 26,25, and so does the preset (scaled_parts 100)
    printed = capsys.readouterr().out
    assert "(×1,25 ai tavoli da 5, ×0,75 ai tavoli da 3) con i decimali, come GestioneTorneo " \
        "(21 a un tavolo da 5 → 26,25)" in printed
    assert "arrotondati per eccesso" not in printed
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    printed = capsys.readouterr().out
    assert "--gestionetorneo il file per GestioneTorneo" in printed
    assert "il componente\n" not in printed and "per chi non ha il componente" not in printed


def test_partecipa_no_is_not_posted_as_withdrawn(tmp_path, capsys):
    out = tmp_path / "torneo.xlsx"
    source = writer.write(tournament("MasterRisiko"), tmp_path / "Modulo.xlsx")
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert cli.main(["ritira", str(out), "5"]) == 0
    capsys.readouterr()
    assert cli.main(["post", str(out)]) == 0
    text = capsys.readouterr().out
    # 10 («Partecipa Torneo» NO, never played) has no scores for 000 Art. 4 to leave out
    assert "Ritirati: Nome5 “Nick5” Cognome5 (5), dopo il turno 2" in text
    assert "(10)" not in text and "prima di giocare" not in text
