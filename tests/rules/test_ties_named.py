"""A tie the placement chain cannot break names who is tied and the Risultati columns that
would break it (issue 15, «What people read»). Expected texts are written by hand from the
regulations' chains; the rule layer names criteria, the workbook layer names columns."""

from __future__ import annotations

import pytest

from risiko_xl import simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.rules.placement import CHAIN_ART26, CHAIN_MASTER, TieError
from risiko_xl.rules.seat import Seat
from risiko_xl.rules.table import score_table
from risiko_xl.services.rounds import draw_round
from risiko_xl.tournament.loading import load
from risiko_xl.workbooks.template import formula_settings, write_new
from tests.support.phase_books import build

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def _drawn(tmp_path, formula: str):
    """8 players (two tables of 4), round 1 drawn; returns the book and table 1's rows."""
    path = tmp_path / f"{formula}.xlsx"
    write_new(path, {**formula_settings(formula), "Seme sorteggio": "pari"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(8, 3, "pari"))
    draw_round(book, 1)
    frame = book.read_table(schema.RESULTS.name)
    return book, frame


def _type(book, frame, table: int, rows: list[dict]) -> list[str]:
    """Type `rows` into the rows of `table` (in sheet order); returns their IDs."""
    index = [r for r in frame if r["Tavolo"] == table]
    for row, values in zip(index, rows, strict=True):
        row.values.update(values)
    book.write_table(schema.RESULTS.name, frame)
    return [row["ID"] for row in index]


def _other_table(book, frame) -> None:
    _type(book, frame, 2, [{"Punti obiettivo": p, "Punti fuori obiettivo": 0, "Ordine": o}
                           for p, o in ((30, 1), (20, 2), (10, 3), (5, 4))])


def test_core_error_carries_criteria_not_columns():
    # 001 §7: «In caso di parità verranno considerati i seguenti criteri per determinare il
    # piazzamento al tavolo: punti dei territori fuori obiettivo; criterio del “colore”»
    seats = [Seat(30, 2, None), Seat(30, 2, None), Seat(10, 0, None), Seat(5, 0, None)]
    with pytest.raises(TieError) as caught:
        score_table(seats, 4, "millesimi", CHAIN_MASTER)
    err = caught.value
    assert err.tie.seats == (0, 1) and err.position == 1
    assert err.tie.criteria == ("later_turn",)  # out_points typed and equal: the order is left
    assert "Ordine" not in err.messaggio  # the core never names a sheet column


def test_master_tie_names_the_order_column(tmp_path):
    # 001 §7: fuori obiettivo equal (2 and 2), «criterio del “colore”» needs the order of
    # play, which is blank: the 1st place (1 point more, 001 §7 millesimi) is undecided.
    book, frame = _drawn(tmp_path, "master")
    ids = _type(book, frame, 1, [
        {"Punti obiettivo": 30, "Punti fuori obiettivo": 2},
        {"Punti obiettivo": 30, "Punti fuori obiettivo": 2},
        {"Punti obiettivo": 10, "Punti fuori obiettivo": 0},
        {"Punti obiettivo": 5, "Punti fuori obiettivo": 0}])
    _other_table(book, frame)
    with pytest.raises(RisikoError) as caught:
        load(book)
    text = str(caught.value)
    assert (f"parità per il 1° posto al tavolo 1 del turno 1 fra {ids[0]} e {ids[1]}: "
            "compilare Ordine") in text
    assert caught.value.foglio == "Risultati" and caught.value.riga is not None
    assert "valore trovato" not in text  # blank cells: nothing «found» to quote


def test_master_tie_without_out_points_names_both_columns_in_chain_order(tmp_path):
    # 001 §7: «In caso di parità verranno considerati i seguenti criteri per determinare il
    # piazzamento al tavolo: punti dei territori fuori obiettivo; criterio del “colore”»:
    # with neither typed, the out-of-objective points decide first and the order of play
    # only if they are still equal, so Ordine alone cannot break it: the message says so
    # from the start, and filling only Ordine leaves Punti fuori obiettivo to fill.
    book, frame = _drawn(tmp_path, "master")
    ids = _type(book, frame, 1, [{"Punti obiettivo": p} for p in (30, 30, 10, 5)])
    _other_table(book, frame)
    with pytest.raises(RisikoError) as caught:
        load(book)
    assert (f"fra {ids[0]} e {ids[1]}: compilare Punti fuori obiettivo (e, se ancora pari, "
            "Ordine) (i posti in parità valgono punti diversi)") in str(caught.value)
    _type(book, frame, 1, [{"Ordine": o} for o in (1, 2, 3, 4)])
    with pytest.raises(RisikoError) as caught:
        load(book)
    assert (f"fra {ids[0]} e {ids[1]}: compilare Punti fuori obiettivo (i posti in parità "
            "valgono punti diversi)") in str(caught.value)
    _type(book, frame, 1, [{"Punti fuori obiettivo": 0} for _ in range(4)])
    load(book)  # equal out-of-objective points (0, 0): the order of play decides


def test_art26_tie_names_the_missing_art26_columns(tmp_path):
    # 000 Art. 26: «1) Si sommano anche i valori dei territori al di fuori dell'obiettivo.
    # 2) … le armate presenti sui territori all'interno dell'obiettivo. 3) … tutte le armate
    # in campo. 4) … il numero carte territorio in mano; 5) … territori posseduti in
    # obiettivo; 6) … territori posseduti fuori obiettivo.» Fuori obiettivo equal (3, 3),
    # armate in obiettivo typed equal (12, 12), nothing else typed: 3) to 6) are left.
    # 000 Art. 24: «Il vincitore del tavolo sarà premiato con un bonus di 50 punti, il
    # giocatore giunto 2° … di 15 punti»: the tie matters.
    book, frame = _drawn(tmp_path, "lu_castidduzzu")
    ids = _type(book, frame, 1, [
        {"Punti obiettivo": 40, "Punti fuori obiettivo": 3, "Armate obiettivo": 12},
        {"Punti obiettivo": 40, "Punti fuori obiettivo": 3, "Armate obiettivo": 12},
        {"Punti obiettivo": 10, "Punti fuori obiettivo": 0},
        {"Punti obiettivo": 5, "Punti fuori obiettivo": 0}])
    _other_table(book, frame)
    with pytest.raises(RisikoError) as caught:
        load(book)
    assert (f"fra {ids[0]} e {ids[1]}: compilare Armate totali (e, se ancora pari, Carte, "
            "poi Territori obiettivo, poi Territori fuori)") in str(caught.value)


def test_every_chain_criterion_has_a_column():
    from risiko_xl.books.schema import SEAT_COLUMNS
    from risiko_xl.rules.placement import CHAINS, SEAT_FIELDS

    for criteria in (*CHAINS.values(), CHAIN_ART26):
        for c in criteria:
            assert SEAT_COLUMNS[SEAT_FIELDS[c]] in schema.RESULTS.headers


def test_final_phase_table_needs_one_winner_even_when_the_method_shares_it(tmp_path):
    # 003 Art. 1: «I vincitori delle semifinali saranno qualificati per la finale»: a
    # final-phase table has one winner. The raduno method shares a tied win (+25 each), so
    # scoring alone would accept it; the tie is named with the columns that break it
    # (001 §7 chain: fuori obiettivo equal, the order of play blank).
    book = build(tmp_path / "open.xlsx", "open", ["A", "B", "C", "D"], [], "semi")
    frame = book.read_table(schema.RESULTS.name)
    rows = [{"Turno": 3, "Fase": "Semifinale", "Tavolo": 1, "ID": pid,
             "Punti obiettivo": pts, "Punti fuori obiettivo": 0}
            for pid, pts in (("A", 30), ("B", 30), ("C", 10), ("D", 5))]
    frame.extend(rows)
    book.write_table(schema.RESULTS.name, frame)
    with pytest.raises(RisikoError) as caught:
        load(book)
    assert ("parità per il 1° posto al tavolo 1 del turno 3 (Semifinale) fra A e B: "
            "compilare Ordine (il tavolo deve avere un solo vincitore)") in str(caught.value)


def test_tie_between_eliminated_players_asks_for_the_order_of_elimination(tmp_path):
    # 000 Art. 24: «il 3° classificato riceverà 5 punti di bonus», the 4th none. The
    # eliminated rank below every survivor, the later eliminated ahead: two eliminated
    # «S» (order unknown) tie for 3rd, worth 5 and 0, so their order goes in Eliminato.
    book, frame = _drawn(tmp_path, "lu_castidduzzu")
    ids = _type(book, frame, 1, [
        {"Punti obiettivo": 40, "Punti fuori obiettivo": 3},
        {"Punti obiettivo": 0, "Punti fuori obiettivo": 0, "Eliminato": "S"},
        {"Punti obiettivo": 0, "Punti fuori obiettivo": 0, "Eliminato": "S"},
        {"Punti obiettivo": 10, "Punti fuori obiettivo": 0}])
    _other_table(book, frame)
    with pytest.raises(RisikoError) as caught:
        load(book)
    assert (f"parità per il 3° posto al tavolo 1 del turno 1 fra {ids[1]} e {ids[2]}: "
            "compilare Eliminato (l'ordine di eliminazione: 1 il primo eliminato, 2 il "
            "secondo, …)") in str(caught.value)


def test_order_of_play_beyond_the_table_is_refused_on_its_cell(tmp_path):
    # 001 §7 «criterio del “colore”» (003 Art. 23: «vince chi ha iniziato per ultimo al
    # primo turno della partita»): the order of play of a table of 4 is 1 to 4 (001 §3:
    # «Gli altri giocatori devono sedersi in senso orario rispetto al primo di mano»).
    # An Ordine 6 would make its player «the last» and win the tie: refused, located.
    book, frame = _drawn(tmp_path, "master")
    rows = [r.sheet_row for r in frame if r["Tavolo"] == 1]
    _type(book, frame, 1, [
        {"Punti obiettivo": 30, "Punti fuori obiettivo": 2, "Ordine": 1},
        {"Punti obiettivo": 30, "Punti fuori obiettivo": 2, "Ordine": 6},
        {"Punti obiettivo": 10, "Punti fuori obiettivo": 0, "Ordine": 2},
        {"Punti obiettivo": 5, "Punti fuori obiettivo": 0, "Ordine": 3}])
    _other_table(book, frame)
    with pytest.raises(RisikoError) as caught:
        load(book)
    err = caught.value
    assert (err.foglio, err.riga, err.colonna) == ("Risultati", rows[1], "Ordine")
    assert "al tavolo da 4 giocatori va da 1 a 4" in str(err) and err.valore == 6
