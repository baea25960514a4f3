"""A player absent for one round: Stato «Assente».

003 Art. 4: «Qualora un giocatore che sia in ritardo, entro tale termine temporale non
comunichi … l'intenzione di partecipare al turno di gioco, sarà ESCLUSO dalla composizione
dei tavoli»; 000 Art. 5 (the tables are drawn among those present). The absent player is
not drawn, the round counts 0 (003 Art. 2 formula a: the Generale drops «il peggiore
risultato», so the missed round goes first), and is back to «Attivo» for the next draw.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.standings import Entrant, GameResult, StandingsRules, compute_standings
from risiko_xl.standings.model import ABSENT
from tests.support.tournament_typing import new_book, set_state, table, type_round

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

F = Fraction
ROUND_1 = [[("G001", 40, 0), ("G002", 30, 0), ("G003", 20, 0), ("G004", 10, 0)],
           [("G005", 35, 0), ("G006", 25, 0), ("G007", 15, 0), ("G008", 5, 0)]]
ROUND_2 = [[("G009", 50, 0), ("G001", 10, 0), ("G002", 20, 0), ("G003", 30, 0)],
           [("G004", 50, 0), ("G005", 40, 0), ("G006", 30, 0), ("G007", 20, 0),
            ("G008", 10, 0)]]


def by_id(read) -> dict:
    """A table's rows by their ID, in table order."""
    return {row["ID"]: row for row in read}


def test_core_absent_round_counts_zero_and_is_dropped_first():
    rules = StandingsRules(rounds=3, drops=1, chain=("assoluta", "wins", "lottery"))
    people = [Entrant("A"), Entrant("B", state=ABSENT)]
    results = [GameResult("A", 1, "Qualificazione", 1, 1, F("1.040")),
               GameResult("A", 2, "Qualificazione", 1, 2, F("0.010")),
               GameResult("B", 2, "Qualificazione", 1, 1, F("1.050"))]
    st = compute_standings(people, results, rules, seed=1)
    b = st.row("B")
    # B missed round 1 (0), won round 2 (1.050): the 0 is dropped -> Generale 1.050
    assert b.rounds == (None, F("1.050"), None) and b.dropped == (1,)
    assert b.total == F("1.050") and b.assoluta == F("1.050")
    # A: 1.040 and 0.010, the 0.010 dropped -> 1.040; B ahead on the Generale
    assert st.row("A").total == F("1.040")
    assert [r.player for r in st.rows] == ["B", "A"]


@pytest.fixture()
def eagles(tmp_path):
    path = tmp_path / "eagles.xlsx"
    new_book(path, "eagles", 9)
    return path


def test_absent_player_not_drawn_scores_zero_and_is_back_next_round(eagles, capsys):
    set_state(eagles, "G009", "Assente")
    assert cli.main(["draw", str(eagles)]) == 0
    out = capsys.readouterr().out
    assert "Assenti al turno 1" in out and "tornano «Attivo»" in out
    rows = table(eagles, schema.RESULTS.name)
    assert "G009" not in set(rows.column("ID")) and len(rows) == 8  # 2 tables of 4
    players = by_id(table(eagles, schema.PLAYERS.name))
    assert players["G009"]["Stato"] == "Attivo"  # back for the next draw
    log = table(eagles, schema.DRAWS.name)
    assert "assenti: G009" in str(log.column("Note")[-1])

    type_round(eagles, 1, ROUND_1)
    assert cli.main(["standings", str(eagles)]) == 0
    sheet = by_id(table(eagles, "Classifica"))
    # the missed round counts 0: Generale and Assoluta 0, last of the nine
    assert sheet["G009"]["Pos"] == 9 and sheet["G009"]["Generale"] == 0
    assert sheet["G009"]["T1"] is None

    assert cli.main(["draw", str(eagles)]) == 0
    rows = table(eagles, schema.RESULTS.name)
    assert "G009" in {r["ID"] for r in rows if r["Turno"] == 2}
    type_round(eagles, 2, ROUND_2)
    assert cli.main(["standings", str(eagles)]) == 0
    sheet = by_id(table(eagles, "Classifica"))
    # G009 won a table of 4 with 50: 1.050; round 1 (0) dropped -> Generale 1.050
    assert F(str(sheet["G009"]["Generale"])) == F("1.050")
    assert F(str(sheet["G009"]["Assoluta"])) == F("1.050")
    # G001: 1.040 then 0.010 (4th of 4) -> Generale 1.040, behind G009
    assert F(str(sheet["G001"]["Generale"])) == F("1.040")
    assert list(sheet).index("G009") < list(sheet).index("G001")


def test_assente_is_a_state_of_the_template(tmp_path):
    assert "Assente" in schema.STATES


def test_an_absent_player_can_withdraw_and_finals_never_skip_one_in_silence(eagles, capsys):
    """«Assente» is for one preliminary round; a qualifier who does not come to a final
    phase withdraws (003 Art. 3): `finals` refuses to go on while someone is «Assente»,
    naming them, and `ritira` takes an absent player."""
    set_state(eagles, "G009", "Assente")
    before = eagles.read_bytes()
    assert cli.main(["finals", str(eagles)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "Iscritti" in err and "Assente" in err and "ritira" in err
    assert eagles.read_bytes() == before
    assert cli.main(["ritira", str(eagles), "G009"]) == 0
    players = by_id(table(eagles, schema.PLAYERS.name))
    assert players["G009"]["Stato"] == "Ritirato"


def test_the_draws_note_names_the_absent_without_bidi_controls(eagles):
    # the adversary: a surname ending in U+202E (RIGHT-TO-LEFT OVERRIDE) reached the
    # Sorteggi note, where Excel would lay out the IDs after it backwards
    from risiko_xl.books.openpyxl_book import OpenpyxlBook

    book = OpenpyxlBook(eagles)
    players = book.read_table(schema.PLAYERS.name)
    for row in players:
        if row["ID"] == "G009":
            row["Cognome"], row["Stato"] = "Rossi\u202e\u2066", "Assente"
    book.write_table(schema.PLAYERS.name, players)
    book.save()
    assert cli.main(["draw", str(eagles)]) == 0
    note = str(table(eagles, schema.DRAWS.name).column("Note")[-1])
    assert "assenti: G009 " in note and "Rossi" in note
    assert not any(c in note for c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
