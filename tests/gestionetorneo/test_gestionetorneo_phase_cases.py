"""Final phases imported from GestioneTorneo: `ritira` on phases not (all) played yet
(whoever the regulation lets in takes the place, seed 001 §1, §8, never a seat left empty
or a player seated twice), sheets refused with their place, the ghost seated in a phase,
and the way back (`esporta --gestionetorneo`: every round's date, the file's name)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.gestionetorneo import reader
from risiko_xl.gestionetorneo.model import Round
from tests.gestionetorneo.test_gestionetorneo_finals import imported, results, type_results
from tests.support.gestionetorneo_master import (
    DIRECT_FINAL,
    FINAL,
    PRELIMINARY,
    SEMIFINALS,
    SOLE_LEADER,
    THREE_SEMIFINALS,
    master,
    rounds,
)

# a 17th player, last at both 5-tables of table 1 (1 point typed each time): 17th
SOLE_LEADER_17 = tuple((n, number, (*seats, (17, 1)) if number == 1 else seats)
                       for n, number, seats in SOLE_LEADER)
# the sole leader (1) plays a semifinal: GestioneTorneo's four semifinals of the first 16
FOUR_SEMIFINALS = ((3, 1, ((1, 50), (7, 40), (9, 30), (13, 20))),
                   (3, 2, ((6, 50), (4, 40), (10, 30), (14, 20))),
                   (3, 3, ((2, 50), (8, 40), (11, 30), (15, 20))),
                   (3, 4, ((3, 50), (5, 40), (12, 30), (16, 20))))


def semifinal_tables(out: Path) -> dict[int, set[int]]:
    tables: dict[int, set[int]] = {}
    for turn, _, table, pid, _ in results(out):
        if turn == 3:
            tables.setdefault(table, set()).add(pid)
    return tables


def test_the_direct_finalist_withdraws_before_the_imported_semifinals(tmp_path, capsys):
    source = master(tmp_path, *rounds(*SOLE_LEADER_17),
                    *rounds(*THREE_SEMIFINALS, played=False), players=17)
    out, _ = imported(tmp_path, source, capsys)
    assert cli.main(["ritira", str(out), "1"]) == 0
    printed = capsys.readouterr().out
    # 001 §8 «Se a rinunciare a disputare la finale fosse un finalista diretto [...] prima
    # [...] dell'inizio delle semifinali [...] si giocheranno quattro semifinali»: the
    # standings without 1 (6, 2, 3, 7 | 4, 8, 5, 9 | 10, 11, 12, 13 | 14, 15, 16, 17),
    # one player of each band at each of four tables
    assert "si giocano 4 semifinali" in printed
    tables = semifinal_tables(out)
    assert len(tables) == 4 and set().union(*tables.values()) == set(range(2, 18))
    bands = ({6, 2, 3, 7}, {4, 8, 5, 9}, {10, 11, 12, 13}, {14, 15, 16, 17})
    assert all(len(t & band) == 1 for t in tables.values() for band in bands)
    assert cli.main(["verifica", str(out)]) == 0


def test_the_direct_finalist_withdraws_after_a_semifinal_was_played(tmp_path, capsys):
    played, unplayed = (rounds(*THREE_SEMIFINALS, played=flag)[0] for flag in (True, False))
    semifinals = Round(3, (played.tables[0], *unplayed.tables[1:]))
    source = master(tmp_path, *rounds(*SOLE_LEADER), semifinals)
    out, _ = imported(tmp_path, source, capsys)
    before = semifinal_tables(out)
    assert cli.main(["ritira", str(out), "1"]) == 0
    assert "è già iniziata: i suoi tavoli restano come sono" in capsys.readouterr().out
    assert semifinal_tables(out) == before
    type_results(out, THREE_SEMIFINALS)
    assert cli.main(["finali", str(out)]) == 0
    # 001 §8 «nella seconda ipotesi verrà ripescato il secondo migliore dei tre tavoli di
    # semifinale [...] tenere conto della classifica parziale dopo le prime due partite»:
    # winners 6, 2, 3; seconds 7 (5th, 1,095), 4 (6th, 1,094), 8 (7th, 1,091): 7
    assert {r[3] for r in results(out) if r[0] == 4} == {6, 2, 3, 7}


def test_a_withdrawal_from_four_imported_semifinals_of_a_direct_final_formula(
        tmp_path, capsys):
    source = master(tmp_path, *rounds(*SOLE_LEADER_17),
                    *rounds(*FOUR_SEMIFINALS, played=False), players=17)
    out, _ = imported(tmp_path, source, capsys)
    copy = tmp_path / "copia.xlsx"
    copy.write_bytes(out.read_bytes())
    # 5 is 8th: not a semifinalist for the formula (3 semifinals, 2nd-13th), seated by
    # GestioneTorneo at table 4; the one who enters: the first of the standings not
    # seated (001 §8 «al netto di eventuali giocatori qualificati ... ma ritirati»), 17
    for path, pid, table in ((out, 5, 4), (copy, 1, 1)):
        assert cli.main(["ritira", str(path), str(pid)]) == 0
        printed = capsys.readouterr().out
        assert "Al suo posto: Nome17 Cognome17 (16° in classifica" in printed
        assert f"al tavolo {table} come seduto da GestioneTorneo" in printed
        tables = semifinal_tables(path)
        assert 17 in tables[table] and pid not in tables[table]
        assert sum(len(t) for t in tables.values()) == 16
        assert cli.main(["verifica", str(path)]) == 0
        capsys.readouterr()


def test_final_sheets_refused_with_their_place(tmp_path, capsys):
    # two final tables after three semifinals (a direct finalist): located, no list shown
    second = (4, 2, ((7, 10), (4, 20), (8, 30), (5, 40)))
    source = master(tmp_path, *rounds(*SOLE_LEADER, *THREE_SEMIFINALS, *DIRECT_FINAL,
                                      second))
    assert cli.main(["importa", str(source)]) == cli.EXIT_BAD_INPUT
    assert "Foglio 4° Turno di Modulo.xlsx, riga 1, colonna A: la fase Finale (turno 4) " \
        "della formula master ha 1 tavolo, il foglio ne ha 2" in capsys.readouterr().err
    # the final typed, the semifinals not
    source = master(tmp_path, *rounds(*SOLE_LEADER), *rounds(*THREE_SEMIFINALS, played=False),
                    *rounds(*DIRECT_FINAL), name="Prima.xlsx")
    assert cli.main(["importa", str(source)]) == cli.EXIT_BAD_INPUT
    assert "Foglio 4° Turno di Prima.xlsx, riga 2, colonna A: la finale è giocata ma le " \
        "semifinali no: il foglio 3° Turno non ha tutti i risultati" in capsys.readouterr().err


def test_the_ghost_seated_in_place_of_a_finalist_is_said(tmp_path, capsys):
    ghost_final = ((4, 1, ((-1, 10), (7, 30), (10, 40), (16, 80))),)
    source = master(tmp_path, *rounds(*PRELIMINARY, *SEMIFINALS, *ghost_final))
    _, printed = imported(tmp_path, source, capsys)
    # 5 won semifinal 1 (50 points, the table's best): the final's seat is his
    assert "Differenza: 4° Turno di Modulo.xlsx: GestioneTorneo ha seduto il giocatore " \
        "fittizio (ID -1, tavolo 1, riga 2); la formula master qualifica invece Nome5 " \
        "Cognome5 (vincitore semifinale 1)" in printed


def test_export_dates_every_round_and_refuses_an_apostrophe(tmp_path, capsys):
    source = master(tmp_path, *rounds(*PRELIMINARY, *SEMIFINALS, *FINAL))
    out, _ = imported(tmp_path, source, capsys)
    book = OpenpyxlBook(out)
    calendar = book.read_table(schema.CALENDAR.name)
    for row in calendar:  # turns 2 and 3 without a date
        if row.get("Turno") in (2, 3):
            row["Data"] = None
    book.write_table(schema.CALENDAR.name, calendar)
    draws = book.read_table(schema.DRAWS.name)
    for row in draws:
        row["Data e ora"] = "05/04/2025 10:00:00"
    book.write_table(schema.DRAWS.name, draws)
    book.save()
    # GestioneTorneo's ExcelValidator.validaFile: «Il carattere "'" non è consentito nel
    # nome del file»
    assert cli.main(["esporta", str(out), "--gestionetorneo",
                     str(tmp_path / "Torneo d'autunno.xls")]) == cli.EXIT_BAD_INPUT
    assert "usare ad esempio «Torneo d’autunno.xls»" in capsys.readouterr().err
    assert not list(tmp_path.glob("Torneo d*"))
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    printed = capsys.readouterr().out
    # the rounds were imported, not drawn here: the day in Sorteggi is the import's, not
    # the day they were played, so no date is taken from it and the gap is said
    assert "data del sorteggio" not in printed
    assert "manca la data (né in Calendario né in Sorteggi) dei turni 2, 3" in printed
    # the master's days: 1, 1, 2, 2 March 2025 (tests/support), 2 and 3 left blank
    assert reader.read(back).info.dates == (dt.date(2025, 3, 1), None, None,
                                            dt.date(2025, 3, 2))
    # a round drawn here takes its draw's day
    for row in draws:
        if row.get("Turno") in (2, 3):
            row["Procedura"] = "ottimizzato"
    book = OpenpyxlBook(out)
    book.write_table(schema.DRAWS.name, draws)
    book.save()
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back), "--forza"]) == 0
    printed = capsys.readouterr().out
    assert "Data Turno 2: 05/04/2025, data del sorteggio (in Calendario non c'è)" in printed
    assert "Data Turno 1:" not in printed
    assert reader.read(back).info.dates == (
        dt.date(2025, 3, 1), dt.date(2025, 4, 5), dt.date(2025, 4, 5), dt.date(2025, 3, 2))


def test_torneo_and_round_sheets_read_as_gestionetorneo_writes_them(tmp_path, capsys):
    source = master(tmp_path, *rounds(*PRELIMINARY, *SEMIFINALS, *FINAL))

    def edited(name: str, change) -> Path:
        wb = openpyxl.load_workbook(source)
        change(wb)
        wb.save(tmp_path / name)
        return tmp_path / name

    # GestioneTorneo names its sheet «4° Turno»: a look-alike is refused, not left out
    path = edited("ordinale.xlsx", lambda wb: setattr(wb["4° Turno"], "title", "4º Turno"))
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert "Il foglio «4º Turno» di ordinale.xlsx sembra il turno 4, ma GestioneTorneo lo " \
        "chiama «4° Turno»" in capsys.readouterr().err
    # control characters in TORNEO: refused with the cell, as in names
    path = edited("nota.xlsx", lambda wb: wb["TORNEO"].cell(7, 4, "nota\u202e"))
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert "Foglio TORNEO di nota.xlsx, riga 7, colonna D (Note): carattere di controllo " \
        "(U+202E)" in capsys.readouterr().err
    # a note that is a formula never computed (openpyxl saves no value): said, not dropped
    path = edited("formula.xlsx", lambda wb: wb["TORNEO"].cell(7, 4, '=C1&"!"'))
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert "Foglio TORNEO di formula.xlsx, riga 7, colonna D (Note): formula senza valore " \
        "salvato" in capsys.readouterr().err
    # a type GestioneTorneo does not read, the formula given: said, with what goes back
    path = edited("fantasia.xlsx", lambda wb: wb["TORNEO"].cell(5, 4, "Torneo Fantasia"))
    assert cli.main(["importa", str(path), "--formula", "master"]) == 0
    assert "«Tipologia di Torneo» «Torneo Fantasia» (TORNEO di fantasia.xlsx, riga 5) non è " \
        "una tipologia di GestioneTorneo: non conservata; formula master, «esporta " \
        "--gestionetorneo» scriverà «Torneo Master»" in capsys.readouterr().out


def test_a_final_all_eliminated_is_refused_on_its_sheet(tmp_path, capsys):
    eliminated = ((4, 1, ((5, -1), (7, -1), (10, -1), (16, -1))),)
    source = master(tmp_path, *rounds(*PRELIMINARY, *SEMIFINALS, *eliminated))
    assert cli.main(["importa", str(source)]) == cli.EXIT_BAD_INPUT
    assert "Foglio 4° Turno di Modulo.xlsx, tavolo 1, riga 2: tutti i giocatori del tavolo " \
        "risultano eliminati" in capsys.readouterr().err
