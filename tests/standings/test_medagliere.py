"""The medal table (`medagliere`) counts every game: drops never remove a medal, and the
standings show the medals, not the encoded number.

Seed 004, «Formule e punteggi»: «Metodo (alternativo) del medagliere olimpico: la
classifica tiene conto del numero di vittorie, poi del numero di secondi posti, poi del
numero di terzi posti ed infine dei quarti posti realizzati durante l'intero torneo».
The `rtu` preset drops one result («da 4 a 6 partite con possibilità di scartare 1 o 2
risultati»): with the medal table nothing is dropped.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from risiko_xl import cli
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.services.standings_sheet import standings_columns
from risiko_xl.standings import Entrant, GameResult, StandingsRules, compute_standings
from tests.support.tournament_typing import new_book, table, type_round

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

# the places of each player, round 1 and round 2 (tables of 4, by objective points)
ROUND_1 = [[("G001", 40, 0), ("G002", 30, 0), ("G003", 20, 0), ("G004", 10, 0)],
           [("G005", 35, 0), ("G006", 25, 0), ("G007", 15, 0), ("G008", 5, 0)]]
ROUND_2 = [[("G002", 40, 0), ("G006", 30, 0), ("G001", 20, 0), ("G005", 10, 0)],
           [("G004", 40, 0), ("G003", 30, 0), ("G008", 20, 0), ("G007", 10, 0)]]
# By hand, places: G001 1°,3°; G002 2°,1°; G003 3°,2°; G004 4°,1°; G005 1°,4°;
# G006 2°,2°; G007 3°,4°; G008 4°,3°. Medals (1°, 2°, 3°, 4°) over both games:
MEDALS = {"G001": (1, 0, 1, 0), "G002": (1, 1, 0, 0), "G003": (0, 1, 1, 0),
          "G004": (1, 0, 0, 1), "G005": (1, 0, 0, 1), "G006": (0, 2, 0, 0),
          "G007": (0, 0, 1, 1), "G008": (0, 0, 1, 1)}
# Golds, then silvers, bronzes, 4th places: G002 (1,1,0,0), G001 (1,0,1,0), G004 and
# G005 (1,0,0,1), G006 (0,2,0,0), G003 (0,1,1,0), G007 and G008 (0,0,1,1). The ties go
# to the rtu chain (001 §7): best results equal, then the position after round 1
# («chi era davanti resta davanti»): G005 (a win) ahead of G004 (4th), G007 (3rd) ahead
# of G008 (4th).
ORDER = ["G002", "G001", "G005", "G004", "G006", "G003", "G007", "G008"]
ENCODED = {1: 1_000_000, 2: 10_000, 3: 100, 4: 1}  # the method's points per place


def places():
    out = {}
    for round_no, tables in enumerate((ROUND_1, ROUND_2), 1):
        for seats in tables:
            for pid, objective, _ in seats:
                out[pid, round_no] = 1 + sum(p > objective for _, p, _ in seats)
    return out


def test_core_medals_are_never_dropped():
    rules = StandingsRules(rounds=4, drops=1, medals=True,
                           chain=("best_1", "best_2", "best_3", "previous_round", "lottery"))
    results = [GameResult(pid, r, "Qualificazione", 1, place, Fraction(ENCODED[place]))
               for (pid, r), place in places().items()]
    st = compute_standings([Entrant(f"G00{i}") for i in range(1, 9)], results, rules, "m")
    assert [r.player for r in st.rows] == ORDER
    for row in st.rows:
        assert row.dropped == ()
        assert (row.wins, row.seconds, row.thirds, row.fourths) == MEDALS[row.player]
    assert st.row("G001").places == (1, 3, None, None)
    assert standings_columns(rules)[:4] == ["1°", "2°", "3°", "4°"]
    assert "Totale" not in standings_columns(rules)


def test_sheet_and_post_show_the_medals(tmp_path):
    path = tmp_path / "rtu.xlsx"
    new_book(path, "rtu", 8)
    book = OpenpyxlBook(path)
    book.set_setting("Metodo punteggio", "medagliere")
    book.save()
    for round_no, tables in ((1, ROUND_1), (2, ROUND_2)):
        assert cli.main(["draw", str(path)]) == 0
        type_round(path, round_no, tables)
    assert cli.main(["standings", str(path)]) == 0
    sheet = table(path, "Classifica")
    assert sheet.column("ID") == ORDER
    assert not {"Totale", "Generale", "Assoluta", "Migliore"} & set(sheet.headers)
    for row in sheet:
        assert tuple(row[c] for c in ("1°", "2°", "3°", "4°")) == MEDALS[row["ID"]]
    first = next(row for row in sheet if row["ID"] == "G001")
    assert (first["T1"], first["T2"]) == ("1°", "3°")  # the place, not 1.000.000

    out = tmp_path / "post.txt"
    assert cli.main(["post", str(path), "--turno", "2", "--formato", "testo",
                     "--out", str(out), "--sezioni", "classifica"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "1.000.000" not in text and "1000000" not in text
    names = {r["ID"]: r["Giocatore"] for r in sheet}
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if names["G001"] in line)
    assert "1° 1 · 2° 0 · 3° 1 · 4° 0" in lines[at + 1]
    assert "T1 1° · T2 3°" in lines[at + 1]


def test_final_ranking_post_counts_the_medals_of_the_whole_tournament(tmp_path):
    # rtu: «una finale fra i primi 4 o 5 della classifica» (seed 004); 2 rounds here
    path = tmp_path / "rtu.xlsx"
    new_book(path, "rtu", 8)
    book = OpenpyxlBook(path)
    book.set_setting("Metodo punteggio", "medagliere")
    book.set_setting("Turni preliminari", 2)
    book.save()
    for round_no, tables in ((1, ROUND_1), (2, ROUND_2)):
        assert cli.main(["draw", str(path)]) == 0
        type_round(path, round_no, tables)
    assert cli.main(["finals", str(path)]) == 0  # the first four: G002, G001, G005, G004
    type_round(path, 3, [[("G004", 40, 0), ("G005", 30, 0), ("G001", 20, 0),
                          ("G002", 10, 0)]], phase="Finale")
    assert cli.main(["finals", str(path)]) == 0
    out = tmp_path / "post.txt"
    assert cli.main(["post", str(path), "--turno", "3", "--formato", "testo",
                     "--out", str(out), "--sezioni", "classifica"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "CLASSIFICA FINALE" in text.upper() and "1.000.000" not in text
    names = {r["ID"]: r["Giocatore"] for r in table(path, "Classifica")}
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if names["G004"] in line)
    # G004: 4°, 1° in the rounds, 1° in the final -> two 1st places, one 4th
    assert lines[at].startswith("1.")
    assert "1° 2 · 2° 0 · 3° 0 · 4° 1" in lines[at + 1]
    at = next(i for i, line in enumerate(lines) if names["G002"] in line)
    # G002: 2°, 1° in the rounds, 4° in the final
    assert "1° 1 · 2° 1 · 3° 0 · 4° 1" in lines[at + 1]
