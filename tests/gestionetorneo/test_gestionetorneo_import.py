"""`risiko-xl importa` and `esporta --gestionetorneo` on GestioneTorneo-layout workbooks
built in code (`tests/support/gestionetorneo.py`), saved as .xlsx (python-calamine reads
it as it reads .xls; the .xls files themselves, through LibreOffice, are in
test_gestionetorneo_xls.py). Every point below is computed by hand from the regulations
and GestioneTorneo's scoring classes (issue 18)."""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction as F
from pathlib import Path

import openpyxl
import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.cells import as_date
from risiko_xl.errors import RisikoError
from risiko_xl.gestionetorneo import layout, reader, writer
from risiko_xl.services.import_gt import IMPORTED
from risiko_xl.services.import_gt_tables import elimination_orders, tie_ranks
from tests.support.gestionetorneo import (
    EXPECTED,
    FORMULAS,
    TABLES,
    assert_imported,
    edited,
    totals,
    tournament,
)


def gestionetorneo_total(kind: str, pid: int) -> F | None:
    """GestioneTorneo's own total, for the types whose rules match ours exactly
    (docs/GESTIONETORNEO.md): raduno (typed + 50 to the winner: ScorePlayerRaduno), the
    millesimi of MasterRisiko/Victory (ScorePlayerQualificazioniNazionale: points /
    1000, ×1,25 at 5 rounded up at the third decimal, +1 to the winner), Open
    (ScorePlayerOpen: ×1,25 at 5, exact, +50 to the winner; no 5-table winner above 80
    here) and TorneoGufo (ScorePlayerTorneoGufo: getBonusIntero 12/7/5/3/2 by
    Partita.getPosizione + points × 1,25 at 5 / 100, exact)."""
    total = F(0)
    for _, _, seats in TABLES:
        values = [(p, D(v)) for p, v in seats]
        if pid not in dict(values):
            continue
        typed = int(dict(values)[pid])  # setScale(0, ROUND_DOWN)
        won = max(values, key=lambda pv: pv[1])[0] == pid  # Partita.isVincitore
        if kind == "RadunoNazionale":
            total += typed + 50 * won
        elif kind == "MasterRisiko":
            scaled = -(-typed * 5 // 4) if len(seats) == 5 else typed
            total += F(min(scaled, 100), 1000) + won
        elif kind == "Open":
            total += typed * F(5 if len(seats) == 5 else 4, 4) + 50 * won
        elif kind == "TorneoGufo":
            place = sorted((v for _, v in values), reverse=True).index(dict(values)[pid])
            bonus = (12, 7, 5, 3, 2)[place]
            total += bonus + typed * F(5 if len(seats) == 5 else 4, 4) / 100
        else:
            return None
    return total


def imported(tmp_path: Path, kind: str, **kw) -> Path:
    source = writer.write(tournament(kind, **kw), tmp_path / "ModuloTorneo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize("kind", list(EXPECTED))
def test_each_formula_imported_with_the_points_computed_by_hand(tmp_path, kind, capsys):
    out = imported(tmp_path, kind)
    printed = capsys.readouterr().out
    assert f"10 giocatori, 2 turni, 4 tavoli; formula {FORMULAS[kind]}" in printed
    assert "44,1 contro 44" in printed  # the conventions are stated
    assert_imported(out, kind)
    for pid, total in EXPECTED[kind].items():
        theirs = gestionetorneo_total(kind, pid)
        assert theirs is None or theirs == total, (kind, pid)
    assert cli.main(["verifica", str(out)]) == 0


def test_players_settings_calendar_and_draw_record(tmp_path):
    out = imported(tmp_path, "MasterRisiko")
    book = OpenpyxlBook(out)
    players = {r["ID"]: r for r in book.read_table(schema.PLAYERS.name)}
    assert len(players) == 10
    assert players["1"]["Stato"] == "Attivo" and players["10"]["Stato"] == "Ritirato"
    assert players["1"]["Nickname"] == "Nick1" and players["1"]["Club"] == "Il Gufo"
    assert players["1"]["ID nazionale"] == "5001" and players["1"]["Email"] == "g1@esempio.it"
    assert players["3"]["Data di nascita"].day == 3
    assert as_date(" 08/03/2025 ").month == 3  # a date typed as text is read too
    settings = book.settings()
    assert (settings["Nome torneo"], settings["Sede"], settings["Club organizzatore"]) == (
        "Torneo MasterRisiko", "Circolo di Prova", "RC Roma")
    # a fresh random seed, as `sorteggia` records one (services/rounds.py: token_hex(4)),
    # never the fixed public default «risiko» of the standings' lotteries
    seed = settings["Seme sorteggio"]
    (tmp_path / "again").mkdir()
    again = OpenpyxlBook(imported(tmp_path / "again", "MasterRisiko")).settings()
    assert len(seed) == 8 and seed != "risiko" and again["Seme sorteggio"] != seed
    dates = [(r["Turno"], r["Data"].day) for r in book.read_table(schema.CALENDAR.name)]
    assert dates == [(1, 1), (2, 8)]
    draws = book.read_table(schema.DRAWS.name)
    assert [r["Procedura"] for r in draws] == [IMPORTED, IMPORTED]
    assert draws.rows[0]["Tavoli"] == "1: 1, 2, 3, 4, 5 | 2: 6, 7, 8, 9"


def test_formula_from_the_tournament_type_or_chosen(tmp_path, capsys):
    source = writer.write(tournament("Torneo Interclub"), tmp_path / "Modulo.xlsx")
    assert cli.main(["importa", str(source)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "Foglio TORNEO di Modulo.xlsx, riga 5, colonna D" in err
    assert "Torneo Interclub" in err and "--formula" in err and "raduno" in err
    assert cli.main(["importa", str(source), "--formula", "raduno"]) == 0
    assert (tmp_path / "Modulo-torneo.xlsx").exists()  # an .xlsx source is never replaced
    assert cli.main(["importa", str(source), "--formula", "raduno"]) == cli.EXIT_BAD_INPUT
    assert "--forza" in capsys.readouterr().err
    assert cli.main(["importa", str(source), "--formula", "raduno", "--forza"]) == 0


def test_tie_ranks():
    assert tie_ranks([D("44.1"), D(44), D(10)]) == [1, 0, None]
    assert tie_ranks([D(44), D(44)]) == [None, None]  # nothing marks the winner
    assert tie_ranks([D("20.2"), D("20.1"), D(20), D(3)]) == [2, 1, 0, None]



ROUND1 = layout.round_sheet(1)


@pytest.mark.parametrize("change, message", [
    (lambda b: b.remove(b[layout.PLAYERS]), "Manca il foglio «Iscritti»"),
    (lambda b: b[layout.PLAYERS].move_range("B3:C3", cols=1),
     "Foglio Iscritti di Modulo.xlsx, riga 3, colonna B (Nome): qui GestioneTorneo ha "
     "l'intestazione «Nome»"),
    (lambda b: b[ROUND1].cell(2, 4, 77),
     "Foglio 1° Turno di Modulo.xlsx, riga 2, colonna D (ID): ID non presente fra gli "
     "Iscritti (valore trovato: 77)"),
    (lambda b: b[ROUND1].cell(4, 3, "tanti"),
     "Foglio 1° Turno di Modulo.xlsx, riga 4, colonna C (punti): i punti non sono un "
     "numero (valore trovato: 'tanti')"),
    (lambda b: b[ROUND1].cell(3, 1, layout.table_header(1)),
     "Foglio 1° Turno di Modulo.xlsx, riga 3, colonna A: tavolo 1 già presente alla riga 1"),
    (lambda b: b.remove(b[ROUND1]), "Manca il foglio «1° Turno» in Modulo.xlsx: c'è «2° Turno»"),
    (lambda b: b[layout.PLAYERS].cell(5, 8, "ieri"),
     "Foglio Iscritti di Modulo.xlsx, riga 5, colonna H (Data di Nascita): la data di nascita "
     "non è una data (gg/mm/aaaa) (valore trovato: 'ieri')"),
])
def test_bad_inputs_refused_with_their_place(tmp_path, capsys, change, message):
    path = edited(tmp_path, change)
    with pytest.raises(RisikoError) as found:
        reader.read(path)
    assert message in str(found.value)
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert message in capsys.readouterr().err
    assert not (tmp_path / "Modulo-torneo.xlsx").exists()


def test_export_writes_the_layout_back_and_imports_the_same(tmp_path, capsys):
    out = imported(tmp_path, "RadunoNazionale")
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    gt = reader.read(back)
    # «Numero Turni Previsti» counts semifinal and final too, as GestioneTorneo plans them
    assert gt.info.tipo == "Raduno Nazionale" and gt.info.turni == 4
    original = tournament("RadunoNazionale")
    assert [(p.id, p.nome, p.cognome, p.club, p.partecipa, p.id_nazionale)
            for p in gt.players] == [(p.id, p.nome, p.cognome, p.club, p.partecipa,
                                      p.id_nazionale) for p in original.players]
    assert [[[(s.player, s.value) for s in t.seats] for t in r.tables] for r in gt.rounds] \
        == [[[(s.player, s.value) for s in t.seats] for t in r.tables]
            for r in original.rounds]
    sheets = openpyxl.load_workbook(back)
    short = list(sheets[layout.SHORT_STANDINGS].values)
    assert short[0] == layout.SHORT_COLUMNS
    assert short[1] == ("1", "Nome1", "Cognome1", 170, "1")
    assert next(iter(sheets[layout.STANDINGS].values)) == layout.standings_headers(2)
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == \
        cli.EXIT_BAD_INPUT  # never over an existing file without --forza
    capsys.readouterr()


def test_what_is_not_placed_is_reported(tmp_path, capsys):
    from dataclasses import replace

    from risiko_xl.gestionetorneo.model import Seat, Table

    gt = tournament("MasterRisiko", rounds_planned=1)
    first = gt.rounds[0]
    four, empty = first.tables[1], Table(3, ())
    ghost = replace(four, seats=(*four.seats, Seat(layout.GHOST_ID, D(0))))
    gt = replace(gt, info=replace(gt.info, note="serata di prova"), rounds=(
        replace(first, tables=(first.tables[0], ghost, empty)), *gt.rounds[1:]))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    assert cli.main(["importa", str(source)]) == 0
    printed = capsys.readouterr().out
    assert "Non importato: il giocatore fittizio (ID -1) del tavolo 2, foglio 1° Turno, " \
        "riga 4" in printed
    assert "Non importato: il tavolo 3 del foglio 1° Turno (riga 5) non ha giocatori" in printed
    assert "«Note torneo» «serata di prova»" in printed  # kept for the way back
    assert "ha 2 fogli di turno e ne prevede 1" in printed
    assert "Fogli non importati" not in printed  # only TORNEO, Iscritti and the rounds


def test_the_other_sheets_are_named(tmp_path, capsys):
    out = imported(tmp_path, "Open")
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    capsys.readouterr()
    assert cli.main(["importa", str(back)]) == 0
    assert "Fogli non importati: Classifica, Classifica Ridotta (la classifica è ricalcolata " \
        "dai turni)" in capsys.readouterr().out


def test_esporta_needs_one_target(tmp_path, capsys):
    out = imported(tmp_path, "Open")
    capsys.readouterr()
    assert cli.main(["esporta", str(out)]) == cli.EXIT_BAD_INPUT
    assert cli.main(["esporta", str(out), "a.xlsx", "--gestionetorneo", "b.xls"]) == \
        cli.EXIT_BAD_INPUT
    assert "--gestionetorneo FILE.xls" in capsys.readouterr().err


def test_unplayed_round_is_imported_as_drawn(tmp_path, capsys):
    from dataclasses import replace

    from risiko_xl.gestionetorneo.model import Round, Seat, Table

    gt = tournament("TorneoGufo", rounds_planned=3)
    drawn = Round(3, tuple(Table(t.number, tuple(Seat(s.player, None) for s in t.seats))
                           for t in gt.rounds[0].tables))
    source = writer.write(replace(gt, rounds=(*gt.rounds, drawn)), tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert "Turno 3, tavolo 1 (foglio 3° Turno, riga 1): nessun punteggio" in \
        capsys.readouterr().out
    rows = [r for r in OpenpyxlBook(out).read_table(schema.RESULTS.name) if r["Turno"] == 3]
    assert len(rows) == 9 and all(r["Punti obiettivo"] is None for r in rows)
    assert totals(out) == EXPECTED["TorneoGufo"]  # the standings of the rounds played
    assert cli.main(["verifica", str(out)]) == 0


RISIKO_TABLES = ((1, 1, ((1, "100"), (2, "21"), (3, "12"), (4, "8"), (5, "4"))),
                 (1, 2, ((6, "100"), (7, "44"), (8, "10"), (9, "5"))))


@pytest.mark.parametrize("kind, five, four", [
    # 001 §7: «In caso di RisiKo! il punteggio torneo realizzato sarà sempre di 1,100 (non
    # importa se ad un tavolo da 4 o da 5 giocatori)»; GestioneTorneo's manual: «per il
    # RisiKo deve essere indicato 100 come punteggio»
    ("MasterRisiko", F(1100, 1000), F(1100, 1000)),
    # ScorePlayerRaduno: typed 100 + 50, no factor
    ("RadunoNazionale", 150, 150),
    # ScorePlayerOpen: 100 (×1,25 capped at 100 as the preset notes) + 50
    ("Open", 150, 150),
    # ScorePlayerTorneoGufo: 12 + 100 × 1,25 / 100 at the 5-table, 12 + 1,00 at the 4-table
    ("TorneoGufo", F(1325, 100), 13),
])
def test_a_risiko_typed_100(tmp_path, kind, five, four):
    from dataclasses import replace

    from tests.support.gestionetorneo import rounds

    gt = replace(tournament(kind, rounds_planned=1), rounds=rounds(RISIKO_TABLES))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert (totals(out)[1], totals(out)[6]) == (five, four)
    flags = {r["ID"]: r["RisiKo!"] for r in OpenpyxlBook(out).read_table(schema.RESULTS.name)}
    assert flags["1"] == flags["6"] == "S" and flags["2"] is None
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    assert reader.read(back).rounds[0].tables[0].seats[0].value == 100


def test_a_table_over_the_map_is_refused(tmp_path, capsys):
    from dataclasses import replace

    from tests.support.gestionetorneo import rounds

    tables = ((1, 1, ((1, "90"), (2, "40"), (3, "30"), (4, "20"), (5, "4"))),)
    gt = replace(tournament("Open", rounds_planned=1), rounds=rounds(tables))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    assert cli.main(["importa", str(source)]) == cli.EXIT_BAD_INPUT
    assert ("Foglio 1° Turno di Modulo.xlsx, riga 2, colonna punti: i punti del tavolo 1 "
            "sommano 184, oltre il totale della mappa (164)") in capsys.readouterr().err


def test_a_risiko_over_the_map_keeps_what_the_map_leaves(tmp_path, capsys):
    from dataclasses import replace

    from tests.support.gestionetorneo import rounds

    # GestioneTorneo's 100 is a mark: with 40 + 30 + 20 + 4 = 94 held by the others the
    # RisiKo! keeps 164 - 94 = 70 objective points; master's RisiKo! is 1,100 all the same
    tables = ((1, 1, ((1, "100"), (2, "40"), (3, "30"), (4, "20"), (5, "4"))),)
    gt = replace(tournament("MasterRisiko", rounds_planned=1), rounds=rounds(tables))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert "Turno 1, tavolo 1 (foglio 1° Turno, riga 2): il RisiKo! ha 70 punti obiettivo" \
        in capsys.readouterr().out
    first = next(r for r in OpenpyxlBook(out).read_table(schema.RESULTS.name) if r["ID"] == "1")
    assert (first["Punti obiettivo"], first["RisiKo!"]) == (70, "S")
    assert totals(out)[1] == F(1100, 1000)


@pytest.mark.parametrize(("kind", "expected"), [
    # ScorePlayerOpen / ScorePlayerRaduno: the typed 100 + 50, whatever the map leaves
    # the row (164 − 30 − 25 − 27 = 82: not 82 + 50 = 132; the referee's open.json)
    ("Open", 150), ("RadunoNazionale", 150),
    # ScorePlayerTorneoGufo: getBonusIntero(1) = 12 + 100 / 100
    ("TorneoGufo", 13),
])
def test_a_reduced_risiko_scores_as_gestionetorneo(tmp_path, kind, expected):
    from dataclasses import replace

    from tests.support.gestionetorneo import rounds

    tables = ((1, 1, ((1, "100"), (2, "30"), (3, "25"), (4, "27"))),)
    gt = replace(tournament(kind, rounds_planned=1), rounds=rounds(tables))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    first = next(r for r in OpenpyxlBook(out).read_table(schema.RESULTS.name) if r["ID"] == "1")
    assert (first["Punti obiettivo"], first["RisiKo!"]) == (82, "S")
    assert totals(out)[1] == expected
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    assert reader.read(back).rounds[0].tables[0].seats[0].value == 100


def test_a_tie_for_first_is_refused_on_the_gestionetorneo_sheet(tmp_path, capsys):
    from dataclasses import replace

    from tests.support.gestionetorneo import rounds

    # 44 against 44 for 1st: GestioneTorneo's fix is a decimal for the tie's winner
    # (44,1); the message names its sheet and row, not our Risultati, and nothing is written
    tables = ((1, 1, ((1, "44"), (2, "44"), (3, "30"), (4, "20"))),)
    gt = replace(tournament("MasterRisiko", rounds_planned=1), rounds=rounds(tables))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "Foglio 1° Turno di Modulo.xlsx, tavolo 1, riga 2: parità per il 1° posto" in err
    assert "scrivere un decimale per chi ha vinto lo spareggio (44,1 contro 44)" in err
    assert "Risultati" not in err and not out.exists()


def test_elimination_orders():
    # GestioneTorneo places the higher typed value better (Partita.getPosizione): -1
    # before -2, so -2 went out first; equal values share the place («S»)
    assert elimination_orders([D(50), D(-1), D(-2), None]) == [None, 2, 1, None]
    assert elimination_orders([D(50), D(-1), D(-1)]) == [None, "S", "S"]
    assert elimination_orders([D(50), D(-1)]) == [None, "S"]
    # equal values «S», the others keep their order: the -2 first out, the two -1 later,
    # together; the -1 last out after the two -3; two groups of equal values: unknown
    assert elimination_orders([D(40), D(-1), D(-1), D(-2)]) == [None, "S", "S", 1]
    assert elimination_orders([D(-3), D(-1), D(-3)]) == ["S", 3, "S"]
    assert elimination_orders([D(-3), D(-1), D(-3), D(-1)]) == ["S"] * 4


@pytest.mark.lento  # more than a second: the full suite
def test_gufo_two_equal_eliminated_above_a_lower_one_both_ways(tmp_path, capsys):
    from dataclasses import replace

    from tests.support.gestionetorneo import rounds

    # a 5-table 40, 20, -1, -1, -2 (ScorePlayerTorneoGufo): Partita.getPosizione places
    # the two -1 3rd (equal values, the better place) and the -2 5th; getBonusIntero on a
    # negative score: 2 at the 3rd place, 0 at the 5th; 12 + 40 × 1,25 / 100 = 12,5 and
    # 7 + 20 × 1,25 / 100 = 7,25
    tables = ((1, 1, ((1, "40"), (2, "20"), (3, "-1"), (4, "-1"), (5, "-2"))),
              (1, 2, ((6, "60"), (7, "30"), (8, "20"), (9, "10"))))
    gt = replace(tournament("TorneoGufo", rounds_planned=1), rounds=rounds(tables))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    got = totals(out)
    assert [got[i] for i in (1, 2, 3, 4, 5)] == [F(125, 10), F(725, 100), F(2), F(2), F(0)]
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(tmp_path / "M.xls")]) == 0
    back = reader.read(writer.destination(tmp_path / "M.xls")).rounds[0].tables[0]
    assert [s.value for s in back.seats] == [D(40), D(20), D(-1), D(-1), D(-2)]


@pytest.mark.parametrize(("third", "fourth", "expected"), [
    # ScorePlayerTorneoGufo.getBonusIntero on a negative score: 2 at the 3rd place, 1 at
    # the 4th; equal values share the better place (Partita.getPosizione): 2 each
    ("-1", "-2", (F(2), F(1))), ("-1", "-1", (F(2), F(2))),
])
def test_gufo_two_eliminated_and_a_tie_below_first(tmp_path, capsys, third, fourth, expected):
    from dataclasses import replace

    from tests.support.gestionetorneo import rounds

    # table 1: 20 and 20 share the 2nd place, 7 + 20/100 each; 10 is 4th, 3 + 10/100
    tables = ((1, 1, ((1, "50"), (2, "20"), (3, "20"), (4, "10"))),
              (1, 2, ((5, "60"), (6, "30"), (7, third), (8, fourth))))
    gt = replace(tournament("TorneoGufo", rounds_planned=1), rounds=rounds(tables))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    got = totals(out)
    assert [got[i] for i in (1, 2, 3, 4)] == [F(1250, 100), F(720, 100), F(720, 100),
                                             F(310, 100)]
    assert (got[5], got[6], got[7], got[8]) == (F(1260, 100), F(730, 100), *expected)
    assert "«Eliminato» 1 per il valore più basso (uscito per primo)" in capsys.readouterr().out


def test_without_libreoffice_the_export_is_an_xlsx_said_plainly(tmp_path, monkeypatch, capsys):
    out = imported(tmp_path, "Open")
    monkeypatch.setattr(writer, "libreoffice", lambda: None)
    capsys.readouterr()
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(tmp_path / "M.xls")]) == 0
    printed = capsys.readouterr().out
    assert "LibreOffice non è installato: scritto in formato .xlsx (M.xlsx)" in printed
    assert not (tmp_path / "M.xls").exists()
    assert len(reader.read(tmp_path / "M.xlsx").rounds) == 2
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(tmp_path / "M.xls")]) == \
        cli.EXIT_BAD_INPUT  # the .xlsx written instead is never replaced without --forza


def test_a_file_that_is_not_a_workbook(tmp_path, capsys):
    notes = tmp_path / "appunti.txt"
    notes.write_text("Tavolo 1: Mario 44, Luigi 30\n", encoding="utf-8")
    assert cli.main(["importa", str(notes), "--out", str(tmp_path / "t.xlsx")]) == \
        cli.EXIT_BAD_INPUT
    # what the file really is, as for every workbook (files/safe_open.py)
    assert "File «appunti.txt»: non è una cartella di lavoro Excel ma un file di testo" in \
        capsys.readouterr().err
    assert not (tmp_path / "t.xlsx").exists()


@pytest.mark.parametrize(("kind", "expected", "noted"), [
    # ScorePlayerTorneoGufo at a 3-table: 12/7/5 + points × 0,75 / 100: 44 → 0,33 (44,1
    # beats 44), 10 → 0,075; GestioneTorneo itself loads the Torneo Gufo rounds with the
    # ghost (ExcelAccess.getClassificaTorneoGufo: loadPartite(i, true, …)) and scores the
    # table as a 4-table (12,44 / 7,44 / 5,10): the report names the table
    ("TorneoGufo", (F(1233, 100), F(733, 100), F(5075, 1000)), True),
    # ScorePlayerOpen at a 3-table: × 0,75 + 50: 33 + 50, 33, 7,5 — GestioneTorneo's Open
    # loads the rounds without the ghost (getClassificaTorneoOpen: loadPartite(i, false,
    # …)), so it scores the same
    ("Open", (83, 33, F(75, 10)), False),
])
def test_ghost_of_a_three_table(tmp_path, capsys, kind, expected, noted):
    from dataclasses import replace

    from risiko_xl.gestionetorneo.model import Seat

    gt = tournament(kind, rounds_planned=1)
    first = gt.rounds[0]
    three = replace(first.tables[1], seats=(*first.tables[1].seats[:3],
                                            Seat(layout.GHOST_ID, D(0))))
    gt = replace(gt, rounds=(replace(first, tables=(first.tables[0], three)),
                             *gt.rounds[1:]))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    line = next(x for x in printed.splitlines() if "giocatore fittizio (ID -1) del tavolo 2" in x)
    assert ("GestioneTorneo lo conta da 4" in line) is noted
    rows = OpenpyxlBook(out).read_table(schema.RESULTS.name)
    got = {int(r["ID"]): F(r["Punti torneo"]).limit_denominator(10000) for r in rows
           if r["Turno"] == 1 and r["Tavolo"] == 2}
    assert (got[6], got[7], got[8]) == expected and 9 not in got


def test_export_keeps_the_gufo_decimals(tmp_path, capsys):
    # ScorePlayerTorneoGufo's totals are BigDecimal, written unrounded (ExcelAccess:
    # punteggioCell.setCellValue(getPunteggioB(false).doubleValue())): player 2 is
    # 7,2625 + 5,20 = 12,4625 (tests/support/gestionetorneo.py), never 12,463 or 12,47
    out = imported(tmp_path, "TorneoGufo")
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    short = {row[4]: row[3] for row in
             list(openpyxl.load_workbook(back)[layout.SHORT_STANDINGS].values)[1:]}
    assert (short["2"], short["8"], short["9"]) == (12.4625, 12.475, 6.1125)
    capsys.readouterr()


def test_score_sheets_state_the_decimals(tmp_path):
    # the score sheet of a 5-table reminds the ×1,25: the open's keeps the decimals
    # (ScorePlayerOpen: 21 → 26,25), the master's rounds up (001 §7: 21 → 27)
    from tests.support.publishing import score_sheets

    for kind, said in (("Open", "×1,25 con i decimali (es. 21 → 26,25)"),
                       ("MasterRisiko", "×1,25 arrotondati per eccesso (es. 21 → 27)")):
        (tmp_path / kind).mkdir()
        book = OpenpyxlBook(imported(tmp_path / kind, kind))
        five = next(s for s in score_sheets(book, 1) if len(s.players) == 5)
        assert said in " ".join(five.scoring_reminder), kind
