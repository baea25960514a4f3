"""Placement at a table (docs/ARCHITECTURE.md, «Placement at the table»): RisiKo! wins,
eliminated last, chains, ties."""

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.rules import CHAIN_ART26, CHAIN_MASTER, Seat, chain, place
from risiko_xl.rules.placement import tie_break


def test_risiko_wins_even_with_fewer_points():
    seats = [Seat(50, 0, 1), Seat(20, 0, 2, risiko=True), Seat(30, 0, 3), Seat(10, 0, 4)]
    assert place(seats).positions == (2, 1, 3, 4)


def test_eliminated_below_survivors_later_eliminated_ahead():
    seats = [Seat(0, 0, 1, eliminated=True, elimination=1), Seat(3, 0, 2),
             Seat(0, 0, 3, eliminated=True, elimination=2), Seat(0, 0, 4)]
    # survivors: 3 pts (1st), 0 pts (2nd); then the 2nd eliminated, then the 1st eliminated
    assert place(seats).positions == (4, 1, 3, 2)


def test_eliminated_order_unknown_is_reported():
    seats = [Seat(0, eliminated=True), Seat(30, 0, 1), Seat(0, eliminated=True),
             Seat(20, 0, 2)]
    placement = place(seats)
    assert placement.positions == (3, 1, 3, 2)
    assert placement.unresolved and "eliminazione" in placement.unresolved[0][1]


def test_eliminated_order_known_for_one_places_the_others_together():
    # 40, 20, then three eliminated: the one first out (1) is 5th; the two «S» were 2nd
    # and 3rd out, their order unknown: 3rd shared (unresolved between them only)
    seats = [Seat(40, 0, 1), Seat(20, 0, 2), Seat(0, eliminated=True),
             Seat(0, eliminated=True), Seat(0, eliminated=True, elimination=1)]
    placement = place(seats)
    assert placement.positions == (1, 2, 3, 3, 5)
    assert [t[0] for t in placement.unresolved] == [(2, 3)]
    # the last out typed (3): the two «S» were out first, together, 4th shared
    seats[4] = Seat(0, eliminated=True, elimination=3)
    assert place(seats).positions == (1, 2, 4, 4, 3)
    # an order that leaves no band for the «S» (1 of 2 free orders taken elsewhere: 5)
    seats[4] = Seat(0, eliminated=True, elimination=5)
    assert place(seats).positions == (1, 2, 3, 3, 3)


def test_single_eliminated_needs_no_order():
    seats = [Seat(0, eliminated=True), Seat(30, 0, 1), Seat(10, 0, 2), Seat(20, 0, 3)]
    assert place(seats).positions == (4, 1, 3, 2)


def test_colour_criterion_later_player_ahead():
    # seed 001 §7: "vince chi rispetto al turno di gioco iniziale era l'ultimo a giocare"
    seats = [Seat(20, 5, 4), Seat(20, 5, 2), Seat(20, 5, 3), Seat(20, 5, 1)]
    assert place(seats, CHAIN_MASTER).positions == (1, 3, 2, 4)


def test_missing_criterion_data_is_reported():
    seats = [Seat(20, 5, None), Seat(20, 5, 2), Seat(10, 5, 3)]
    placement = place(seats, CHAIN_MASTER)
    assert placement.positions == (1, 1, 3)
    assert "ordine di gioco" in placement.unresolved[0][1]


def test_art26_full_chain():
    base = dict(out_points=5, armies_objective=10, armies_total=40, cards=3,
                territories_objective=6)
    seats = [Seat(20, territories_outside=4, **base), Seat(20, territories_outside=5, **base),
             Seat(10, **base, territories_outside=1)]
    assert place(seats, CHAIN_ART26).positions == (2, 1, 3)


@pytest.mark.parametrize("seats, fragment", [
    ([Seat(20, risiko=True), Seat(30, risiko=True), Seat(1), Seat(2)], "due RisiKo"),
    ([Seat(0, eliminated=True), Seat(0, eliminated=True), Seat(0, eliminated=True)],
     "tutti i giocatori"),
    ([Seat(5, eliminated=True), Seat(10), Seat(3)], "eliminato ha 0 punti"),
    ([Seat(5, order=1), Seat(10, order=1), Seat(3, order=2)], "ordine di gioco ripetuto"),
    # the order of play at a table of 4 runs 1..4 (001 §3 «Gli altri giocatori devono
    # sedersi in senso orario rispetto al primo di mano»): 6 is no seat of it
    ([Seat(30, 0, 1), Seat(30, 0, 6), Seat(3, 0, 2), Seat(2, 0, 3)], "fuori dal tavolo"),
    ([Seat(30, 0, 0), Seat(30, 0, 2), Seat(3, 0, 3), Seat(2, 0, 4)], "fuori dal tavolo"),
    ([Seat(120, 50), Seat(10), Seat(3)], "totale della mappa"),
    ([Seat(80), Seat(80), Seat(10)], "totale della mappa"),
])
def test_impossible_tables_are_errors(seats, fragment):
    with pytest.raises(RisikoError, match=rf"(?i){fragment}"):
        place(seats)


def test_chain_by_name_and_unknown():
    assert chain("000") == CHAIN_ART26 and chain("001") == CHAIN_MASTER
    with pytest.raises(RisikoError):
        chain("999")
    with pytest.raises(RisikoError):
        chain(["out_points", "altezza"])


def test_the_criterion_that_decided_a_place_is_named_with_the_players_value():
    # 001 §7 «In caso di parità verranno considerati i seguenti criteri per determinare il
    # piazzamento al tavolo: punti dei territori fuori obiettivo; criterio del "colore":
    # vince chi rispetto al turno di gioco iniziale era l'ultimo a giocare». 44 and 44:
    # 2 points outside beat 1; 30 and 30 with 3 outside each: the 4th in turn beats the 1st
    seats = [Seat(44, 1, 2), Seat(30, 3, 1), Seat(44, 2, 3), Seat(30, 3, 4), Seat(5, 0, 5)]
    placement = place(seats, CHAIN_MASTER)
    assert placement.positions == (2, 4, 1, 3, 5)
    assert [placement.decided_by(i) for i in range(5)] == [
        "out_points", "later_turn", "out_points", "later_turn", None]
    assert [tie_break(s, c) for s, c in zip(seats, placement.decided) if c] == [
        "punti fuori obiettivo 1", "ordine di gioco 1°", "punti fuori obiettivo 2",
        "ordine di gioco 4°"]
    assert place([Seat(44, 1, 1), Seat(30, 0, 2)]).decided_by(0) is None  # no tie at all
