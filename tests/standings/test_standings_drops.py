"""The Generale during the tournament: after round 2 of 3 it drops the worst *played*
result, the same on every face (core, Classifica sheet, RISIKO_CLASSIFICA, post).

003 Art. 2, formula a: «Al termine di ogni turno preliminare sarà stilata la Classifica
nei seguenti modi: … una classifica con lo scarto del peggiore risultato (Classifica
Generale) ed una classifica considerando la somma di tutti i punteggi ottenuti dai
singoli giocatori (Classifica Assoluta)».
Points (003 Art. 23, tables of 4): objective points in thousandths, +1 to the winner.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from risiko_xl import cli, udfs
from risiko_xl.books import schema
from risiko_xl.standings import Entrant, GameResult, StandingsRules, compute_standings
from tests.support.tournament_typing import as_2d, new_book, table, type_round

F = Fraction
ROUND_1 = [[("G001", 40, 0), ("G002", 30, 0), ("G003", 20, 0), ("G004", 10, 0)],
           [("G005", 35, 0), ("G006", 25, 0), ("G007", 15, 0), ("G008", 5, 0)]]
ROUND_2 = [[("G001", 10, 0), ("G002", 60, 0), ("G005", 50, 0), ("G006", 20, 0)],
           [("G003", 45, 0), ("G004", 30, 0), ("G007", 25, 0), ("G008", 5, 0)]]
# By hand: round 1 G001 1.040, G002 0.030, G003 0.020, G004 0.010, G005 1.035,
# G006 0.025, G007 0.015, G008 0.005; round 2 G001 0.010, G002 1.060, G005 0.050,
# G006 0.020, G003 1.045, G004 0.030, G007 0.025, G008 0.005.
# Generale = the better of the two (the worse is dropped), Assoluta = both:
GENERALE = {"G002": F("1.060"), "G003": F("1.045"), "G001": F("1.040"), "G005": F("1.035"),
            "G004": F("0.030"), "G006": F("0.025"), "G007": F("0.025"), "G008": F("0.005")}
ASSOLUTA = {"G002": F("1.090"), "G003": F("1.065"), "G001": F("1.050"), "G005": F("1.085"),
            "G004": F("0.040"), "G006": F("0.045"), "G007": F("0.040"), "G008": F("0.010")}
# G006 and G007 tie on the Generale (0.025): «1) posizione in Classifica Assoluta»,
# G006 0.045 ahead of G007 0.040.
ORDER = ["G002", "G003", "G001", "G005", "G004", "G006", "G007", "G008"]
CHAIN_003A = ("assoluta", "risiko", "wins", "out_points", "lottery")


def results_of(*rounds):
    out = []
    for round_no, tables in enumerate(rounds, 1):
        for number, seats in enumerate(tables, 1):
            best = max(p for _, p, _ in seats)
            for pid, objective, _ in seats:
                win = objective == best
                place = 1 + sum(p > objective for _, p, _ in seats)
                out.append(GameResult(pid, round_no, "Qualificazione", number, place,
                                      F(objective, 1000) + (1 if win else 0)))
    return out


def test_core_drops_the_worst_played_round_after_round_2_of_3():
    rules = StandingsRules(rounds=3, drops=1, chain=CHAIN_003A)
    st = compute_standings([Entrant(f"G00{i}") for i in range(1, 9)],
                           results_of(ROUND_1, ROUND_2), rules, seed="x")
    assert st.upto_round == 2  # the standings of the rounds played, not of round 3
    assert [r.player for r in st.rows] == ORDER
    assert {r.player: r.total for r in st.rows} == GENERALE
    assert {r.player: r.assoluta for r in st.rows} == ASSOLUTA
    assert st.row("G001").dropped == (2,) and st.row("G002").dropped == (1,)


@pytest.mark.lento
def test_sheet_function_and_post_show_the_same_generale(tmp_path):
    path = tmp_path / "eagles.xlsx"
    new_book(path, "eagles", 8)
    assert cli.main(["draw", str(path)]) == 0
    type_round(path, 1, ROUND_1)
    assert cli.main(["standings", str(path)]) == 0
    assert cli.main(["draw", str(path)]) == 0
    type_round(path, 2, ROUND_2)
    assert cli.main(["standings", str(path)]) == 0

    sheet = table(path, "Classifica")
    assert sheet.column("ID") == ORDER
    assert [F(str(v)) for v in sheet.column("Generale")] == [GENERALE[p] for p in ORDER]
    assert [F(str(v)) for v in sheet.column("Assoluta")] == [ASSOLUTA[p] for p in ORDER]

    block = udfs.RISIKO_CLASSIFICA(as_2d(table(path, schema.SETTINGS.name)),
                                   as_2d(table(path, schema.PLAYERS.name)),
                                   as_2d(table(path, schema.RESULTS.name)))
    header, body = block[0], block[1:]
    ids = [row[header.index("ID")] for row in body]
    generale = [F(str(row[header.index("Generale")])) for row in body]
    assert ids == ORDER and generale == [GENERALE[p] for p in ORDER]

    out = tmp_path / "post.txt"
    assert cli.main(["post", str(path), "--turno", "2", "--formato", "testo",
                     "--out", str(out), "--sezioni", "classifica"]) == 0
    text = out.read_text(encoding="utf-8").splitlines()
    names = {r["ID"]: r["Giocatore"] for r in sheet}
    shown = [(i, next(p for p in ORDER if names[p] in line)) for i, line in enumerate(text)
             if any(names[p] in line for p in ORDER)]
    assert [p for _, p in shown] == ORDER
    for i, pid in shown:  # the text post: the name, then the values on the next line
        assert f"Generale {italian(GENERALE[pid])} · Assoluta {italian(ASSOLUTA[pid])}" \
            in text[i + 1]


def italian(q: Fraction) -> str:
    thousandths = int(q * 1000)
    return f"{thousandths // 1000},{thousandths % 1000:03d}"
