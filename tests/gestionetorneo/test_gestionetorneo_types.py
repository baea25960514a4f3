"""GestioneTorneo's types with and without final phases (referee's report): only its
MasterRisiko and RadunoNazionale keep semifinals and final as round sheets
(`ExcelAccess.getClassificaMaster2020`, `getClassificaRadunoNazionale2020`); every other
type sums each «N° Turno» sheet as a round (`getClassificaTorneoOpen`,
`getClassificaTorneoGufo`, …), so there every sheet is a qualifying round, both ways."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from decimal import Decimal as D
from fractions import Fraction as F
from pathlib import Path

import openpyxl

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.gestionetorneo import layout, reader, writer
from risiko_xl.gestionetorneo.model import Round, Seat, Table
from tests.support.gestionetorneo import EXPECTED, totals, tournament
from tests.support.gestionetorneo_master import PRELIMINARY, SEMIFINALS, master
from tests.support.gestionetorneo_master import rounds as master_rounds

# a third round: a 4-table and a 5-table
THIRD = (Round(3, (Table(1, tuple(Seat(p, D(v)) for p, v in ((1, 30), (2, 20), (3, 10),
                                                             (4, 5)))),
                   Table(2, tuple(Seat(p, D(v)) for p, v in ((5, 40), (6, 20), (7, 10),
                                                             (8, 5), (9, 1)))))),)


def _short(path: Path) -> list[tuple[int, int]]:
    """Classifica Ridotta as (position, ID)."""
    rows = list(openpyxl.load_workbook(path)[layout.SHORT_STANDINGS].values)[1:]
    return [(int(pos), int(pid)) for pos, _, _, _, pid in rows]


def test_an_open_of_three_rounds_is_three_qualifying_rounds(tmp_path, capsys):
    gt = tournament("Open", rounds_planned=2)
    gt = replace(gt, rounds=(*gt.rounds, *THIRD),
                 info=replace(gt.info, dates=(*gt.info.dates, dt.date(2025, 3, 15))))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    # «Turni preliminari» = max(«Numero Turni Previsti» 2, 3 sheets)
    assert "3 turni, 6 tavoli; formula open, turni preliminari 3" in printed
    assert "tutti sono importati come turni di qualificazione" in printed
    book = OpenpyxlBook(out)
    assert {r["Fase"] for r in book.read_table(schema.RESULTS.name)} == {"Qualificazione"}
    # ScorePlayerOpen sums the three sheets: ×1,25 at a 5-table, +50 to the sole winner.
    # 1: 180 + 30 + 50 = 260; 5: 7,5 + 40 × 1,25 + 50 = 107,5; 9: 11,25 + 1 × 1,25 = 12,5
    found = totals(out)
    assert (found[1], found[5], found[9]) == (260, F(1075, 10), F(125, 10))
    assert found[2] == EXPECTED["Open"][2] + 20
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    again = reader.read(back)
    assert (again.info.turni, len(again.rounds), len(again.info.dates)) == (3, 3, 3)


def test_a_gufo_of_five_planned_rounds_keeps_them(tmp_path, capsys):
    # «Campionato periodico» (--formula gufo) planning 5 rounds, 2 played so far
    gt = tournament("Campionato periodico", rounds_planned=5)
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out), "--formula", "gufo"]) == 0
    assert "formula gufo, turni preliminari 5" in capsys.readouterr().out
    assert OpenpyxlBook(out).settings()["Turni preliminari"] == 5
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    # «Numero Turni Previsti» back as imported, two dates (no empty «Data Turno» 3–5 of
    # a final phase)
    again = reader.read(back)
    assert (again.info.turni, again.info.tipo, len(again.info.dates)) == (
        5, "Campionato periodico", 2)


def test_a_gufo_of_two_planned_rounds_goes_back_with_two(tmp_path, capsys):
    source = writer.write(tournament("TorneoGufo"), tmp_path / "Modulo.xlsx")
    out, back = tmp_path / "torneo.xlsx", tmp_path / "Ritorno.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert "formula gufo, turni preliminari 2" in capsys.readouterr().out
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    again = reader.read(back)
    assert (again.info.turni, len(again.info.dates)) == (2, 2)


def test_a_final_played_here_is_no_round_sheet_where_gestionetorneo_has_none(tmp_path,
                                                                              capsys):
    source = writer.write(tournament("Open"), tmp_path / "Modulo.xlsx")
    out, back = tmp_path / "torneo.xlsx", tmp_path / "Ritorno.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    # the open formula's final: its first four, 1 (180), 3 (127,5), 6 (119), 7 (59)
    assert cli.main(["finali", str(out)]) == 0
    book = OpenpyxlBook(out)
    rows = book.read_table(schema.RESULTS.name)
    typed = {"7": 50, "6": 30, "3": 20, "1": 10}
    for row in rows:
        if row["Turno"] == 3:
            row["Punti obiettivo"] = typed[row["ID"]]
    book.write_table(schema.RESULTS.name, rows)
    book.save()
    assert cli.main(["finali", str(out)]) == 0
    capsys.readouterr()
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    printed = capsys.readouterr().out
    assert "Fasi finali non scritte come fogli di turno: la tipologia «Torneo Open»" in printed
    again = reader.read(back)
    # getClassificaTorneoOpen would sum a «3° Turno» as a round: two sheets, D6 2
    assert (len(again.rounds), again.info.turni, len(again.info.dates)) == (2, 2, 2)
    # Classifica Ridotta: our final ranking, the final's order first (7, 6, 3, 1), then
    # by total: 8 (47,5), 2 (46,25), 4 (22,5), 9 (11,25), 5 (7,5)
    assert _short(back) == list(enumerate((7, 6, 3, 1, 8, 2, 4, 9, 5), start=1))
    headers = next(openpyxl.load_workbook(back)[layout.STANDINGS].values)
    assert "pt3" not in headers


def test_gufo_eliminated_go_back_negative_in_their_order(tmp_path, capsys):
    gt = tournament("TorneoGufo")
    first = gt.rounds[0]
    five = first.tables[0]  # 1: 40, 2: 21, 3: 12, 4: 8, 5: 4
    seats = (*five.seats[:3], Seat(4, D(-2)), Seat(5, D(-1)))  # 4 out first, then 5
    gt = replace(gt, rounds=(replace(first, tables=(replace(five, seats=seats),
                                                    *first.tables[1:])), *gt.rounds[1:]))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out, back = tmp_path / "torneo.xlsx", tmp_path / "Ritorno.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    eliminated = {int(r["ID"]): r["Eliminato"] for r in
                  OpenpyxlBook(out).read_table(schema.RESULTS.name) if r["Turno"] == 1}
    assert (eliminated[4], eliminated[5]) == (1, 2)
    # ScorePlayerTorneoGufo.getBonusIntero, punteggio < 0: 4th 1, 5th 0, no hundredths;
    # round 2 (rounds()): 4 third at the 5-table, 5 + 10 × 1,25 / 100 = 5,125; 5 fifth,
    # 2 + 2 × 1,25 / 100 = 2,025. 4: 0 + 5,125; 5: 1 + 2,025
    found = totals(out)
    assert (found[4], found[5]) == (F(5125, 1000), F(3025, 1000))
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    again = reader.read(back)
    values = {s.player: s.value for s in again.rounds[0].tables[0].seats}
    assert (values[4], values[5]) == (D(-2), D(-1))  # as imported: GestioneTorneo's totals
    assert [(s.player, s.value) for s in again.rounds[0].tables[0].seats] == [
        (s.player, s.value) for s in seats]


def test_calendar_names_the_final_phases_of_the_dates_imported(tmp_path, capsys):
    # TORNEO dates 1, 1, 2, 2 March for four planned rounds; the file holds the two
    # qualifying rounds and the semifinals played (001 §1: the final in round 4)
    source = master(tmp_path, *master_rounds(*PRELIMINARY), *master_rounds(*SEMIFINALS))
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    calendar = OpenpyxlBook(out).read_table(schema.CALENDAR.name)
    assert [(r["Turno"], r["Fase"]) for r in calendar] == [
        (1, "Qualificazione"), (2, "Qualificazione"), (3, "Semifinale"), (4, "Finale")]
    assert cli.main(["finali", str(out)]) == 0
    page = tmp_path / "r.html"
    assert cli.main(["referti", str(out), "--turno", "4", "--out", str(page)]) == 0
    assert "domenica 2 marzo 2025" in page.read_text(encoding="utf-8")  # TORNEO, D11


def test_the_conventions_said_are_the_formulas_own(tmp_path, capsys):
    said = {}
    for kind in ("MasterRisiko", "TorneoGufo"):
        source = writer.write(tournament(kind), tmp_path / f"{kind}.xlsx")
        assert cli.main(["importa", str(source), "--out", str(tmp_path / f"{kind}-t.xlsx")]) == 0
        said[kind] = capsys.readouterr().out.split("Convenzioni di GestioneTorneo")[1]
    # 001 §7: «moltiplicare per 1,25 con eventuali arrotondamenti alla terza cifra dopo la
    # virgola sempre per eccesso»: 21 × 1,25 = 26,25 → 27 thousandths
    assert "(×1,25 ai tavoli da 5) arrotondati per eccesso, come GestioneTorneo (21 a un " \
        "tavolo da 5 → 27)" in said["MasterRisiko"]
    for other in ("gufo", "fittizio", "getPosizione", "decimali,", "3/2/1/0"):
        assert other not in said["MasterRisiko"], other
    # ScorePlayerTorneoGufo: 21 × 1,25 / 100 kept exact; getBonusIntero 3/2/1/0 when < 0
    assert "con i decimali, come GestioneTorneo (21 a un tavolo da 5 → 26,25)" in \
        said["TorneoGufo"]
    assert "l'eliminato prende 3/2/1/0 punti dal 2° al 5° posto" in said["TorneoGufo"]
    assert "il gufo di GestioneTorneo lo conta da 4" in said["TorneoGufo"]


def test_the_campionato_gufo_does_not_claim_gestionetorneos_scaling(tmp_path, capsys):
    # ScorePlayerCampionatoGufo.trascodificaPunteggio scales the winner's points only (40 at
    # a 5-table → 150, the others on typed points); spartac scales every seat: 21 → 26,25
    source = writer.write(tournament("TorneoGufo"), tmp_path / "g.xlsx")
    assert cli.main(["importa", str(source), "--out", str(tmp_path / "c.xlsx"),
                     "--formula", "campionato_gufo"]) == 0
    said = capsys.readouterr().out.split("Convenzioni di GestioneTorneo")[1]
    assert "con i decimali, di ogni giocatore; differenza: GestioneTorneo scala solo i punti " \
        "del vincitore (21 a un tavolo da 5 → 26,25)" in said
    assert "come GestioneTorneo (21" not in said


def test_what_gestionetorneos_check_would_refuse_is_said(tmp_path, capsys):
    source = writer.write(tournament("Open"), tmp_path / "Modulo.xlsx")
    out, back = tmp_path / "torneo.xlsx", tmp_path / "Ritorno.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    book = OpenpyxlBook(out)
    book.set_setting("Club organizzatore", None)
    people = book.read_table(schema.PLAYERS.name)
    for row in people:
        if row["ID"] == "2":
            row["Cognome"] = None
    book.write_table(schema.PLAYERS.name, people)
    calendar = book.read_table(schema.CALENDAR.name)
    for row in calendar:
        if row["Turno"] == 2:
            row["Data"] = None
    book.write_table(schema.CALENDAR.name, calendar)
    book.save()
    capsys.readouterr()
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    said = [line.split("rifiuterà il file: ")[1] for line in
            capsys.readouterr().out.splitlines() if "rifiuterà il file" in line]
    # ExcelValidator: «Non è stato indicato l'organizzatore del Torneo», «Non è stata
    # indicata … la data in cui è stato disputato il 2° turno», «Il cognome del giocatore
    # … non è indicato»
    assert said == ["manca l'organizzatore («Club organizzatore» in Impostazioni)",
                    "manca la data (né in Calendario né in Sorteggi) del turno 2",
                    "manca il cognome dei giocatori con ID 2 (Iscritti)"]


def test_gestionetorneos_micro_master_is_refused_with_the_way_on(tmp_path, capsys):
    # 1 and 2 win both games (round 2: 70 at their tables, 5 and 6 down to 40): GestioneTorneo's
    # Sorteggiatore.calcoloNumeroSemifinaliMicroMaster gives 2 semifinals (manual V2.4,
    # Tabella 1), 1 and 2 straight to the final; 001 §1 has 3 («un solo giocatore … da
    # solo in testa … le semifinali saranno tre») or 4
    changed = {1: 70, 5: 40, 2: 70, 6: 40}  # their tables stay within the map's 164
    second = tuple((n, number, tuple((p, changed.get(p, v)) for p, v in seats))
                   for n, number, seats in PRELIMINARY if n == 2)
    first = tuple(t for t in PRELIMINARY if t[0] == 1)
    semis = ((3, 1, ((3, 0), (6, 0), (7, 0), (10, 0))), (3, 2, ((4, 0), (5, 0), (8, 0), (9, 0))))
    source = master(tmp_path, *master_rounds(*first, *second),
                    *master_rounds(*semis, played=False))
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "il foglio ne ha 2 (le 2 semifinali del «micro-master» di GestioneTorneo, che il " \
        "regolamento non prevede): cancellare dal file il foglio «3° Turno» e quelli dopo, " \
        "importarlo di nuovo e preparare con «risiko-xl finali» le semifinali della formula " \
        "master" in err
    assert not out.exists()
