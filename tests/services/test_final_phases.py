"""Final phases as outside testers found them: the direct finalists listed once, every
place of a final-phase table decided, one name for the ripescaggio, reasons that do not
repeat the phase, the standings' lottery said. Expected values are computed by hand from
the regulations and the data of phase_books.py."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table
from risiko_xl.errors import RisikoError
from risiko_xl.standings import PLAYOFF
from risiko_xl.tournament.loading import load
from tests.support.phase_books import (
    CAST_GAMES,
    CAST_IDS,
    EAGLES_GAMES,
    EAGLES_IDS,
    MASTER_GAMES,
    MASTER_IDS,
    add,
    build,
    games,
)
from tests.support.publishing import publish, score_sheets

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

SEED = "fasi"
NOW = dt.datetime(2026, 11, 24, 22, 0)


def run(*args: str) -> int:
    return cli.main([*args])


def listed(path) -> Table:
    return OpenpyxlBook(path).read_table(schema.QUALIFIERS.name)


def rows(table: Table, phase: str) -> dict[str, tuple[int, int | None, str]]:
    """ID -> (Turno, Tavolo or None, Qualificazione) of the rows of one phase."""
    part = [r for r in table if r["Fase"] == phase]
    ids = [r["ID"] for r in part]
    assert len(set(ids)) == len(ids), part
    return {r["ID"]: (int(r["Turno"]), None if r["Tavolo"] is None else int(r["Tavolo"]),
                      r["Qualificazione"]) for r in part}


# --- 1 and 4: 000 Art. 2, the spareggio and the final of Lu Castidduzzu -------------------

# 000 Art. 2: «2. uno spareggio al quale parteciperanno il 4°, il 5°, il 6° in classifica
# generale e il giocatore che, fra quelli rimasti, otterrà il miglior punteggio su singola
# partita; 3. Finalissima alla quale avranno accesso i giocatori che si sono classificati
# dal 1° al 3° posto nella fase preliminare e i vincitori dello spareggio.»
# Totals by hand: A 240, B 223, E 169, C 160, F 152, G 119, D 113, H 72: A, B, E go to the
# final; C, F, G (4th-6th) and D (best single game of D and H: 43 against 38) to the
# spareggio, round 5 (four preliminary rounds); the final is round 6.
SPAREGGIO = games("bonus", 5, PLAYOFF, [("F", 40), ("G", 30), ("C", 20), ("D", 10)])


def test_000_direct_finalists_listed_once_under_the_final_round(tmp_path):
    path = tmp_path / "lu.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, SEED)
    assert run("finals", str(path)) == 0
    first = listed(path)
    assert rows(first, "Spareggio") == {
        "C": (5, 1, "4° in classifica generale"), "F": (5, 1, "5° in classifica generale"),
        "G": (5, 1, "6° in classifica generale"),
        # item 4: the Fase column says «Spareggio»; the reason does not repeat it
        "D": (5, 1, "miglior punteggio su singola partita tra gli esclusi (43)")}
    assert rows(first, "Finale") == {
        "A": (6, None, "1° in classifica generale"), "B": (6, None, "2° in classifica generale"),
        "E": (6, None, "3° in classifica generale")}
    add(OpenpyxlBook(path), SPAREGGIO)
    assert run("finals", str(path)) == 0
    after = listed(path)
    # F won the spareggio: four rows for a final of four, all round 6, table 1
    assert rows(after, "Finale") == {
        "A": (6, 1, "1° in classifica generale"), "B": (6, 1, "2° in classifica generale"),
        "E": (6, 1, "3° in classifica generale"), "F": (6, 1, "vincitore dello spareggio")}
    assert len(after) == 8
    assert run("verify", str(path)) == 0


def test_000_post_of_the_last_round_lists_the_direct_finalists(tmp_path):
    # the post of round 4 (played) names who plays on: the spareggio's four at table 1
    # and the three direct finalists, listed for the final (no table yet)
    path = tmp_path / "lu.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, SEED)
    assert run("finals", str(path)) == 0
    text = publish(OpenpyxlBook(path), "markdown", 4, now=NOW)
    for line in ("| Spareggio | 1 | Nome D |  | miglior punteggio su singola partita tra gli "
                 "esclusi (43) |", "| Finale |  | Nome A |  | 1° in classifica generale |",
                 "| Finale |  | Nome B |  | 2° in classifica generale |",
                 "| Finale |  | Nome E |  | 3° in classifica generale |"):
        assert line in text, text
    assert "spareggio: miglior" not in text.casefold()


# --- 1, 3 and 4: 003 Art. 2, the ripescaggio of Eagles (formulation a) ----------------------

# 003 Art. 2: «i qualificati alla finale saranno i primi 3 giocatori meglio classificati
# nella Classifica Generale più un quarto giocatore vincitore di un turno di ripescaggio
# disputato tra il 4° ed il 5° della Classifica Generale, il giocatore tra gli esclusi
# meglio classificato in Classifica Assoluta ed il giocatore tra gli esclusi che abbia
# ottenuto il miglior punteggio in una singola partita.» By hand (thousandths): Generale
# A, B, C, D, E, G, F, H; Assoluta A 2151, B 2136, C 1098, D 1081, E 93, F 87, G 84, H 58.
# Final: A, B, C. Ripescaggio (round 4, three preliminary rounds): D, E; F, best of the
# excluded in the Assoluta (6th); H, best single game of G and H (45 against 44).
RIPESCAGGIO = games("millesimi", 4, PLAYOFF, [("H", 50), ("D", 40), ("E", 30), ("F", 20)])


@pytest.fixture
def eagles(tmp_path):
    path = tmp_path / "eagles.xlsx"
    build(path, "eagles", EAGLES_IDS, EAGLES_GAMES, SEED, **{"Variante formula": "a"})
    assert run("finals", str(path)) == 0
    return path


def test_003_ripescaggio_one_name_everywhere(eagles):
    book = OpenpyxlBook(eagles)
    draws = book.read_table(schema.DRAWS.name)
    phases = {str(r["Turno"]): r["Fase"] for r in draws}
    assert phases["4"] == "Ripescaggio"
    results = book.read_table(schema.RESULTS.name)
    assert {r["Fase"] for r in results if r["Turno"] == 4} == {"Ripescaggio"}
    assert rows(listed(eagles), "Ripescaggio") == {
        "D": (4, 1, "4° in classifica generale"), "E": (4, 1, "5° in classifica generale"),
        "F": (4, 1, "miglior escluso della classifica assoluta (6° in assoluta)"),
        "H": (4, 1, "miglior punteggio su singola partita tra gli esclusi (0,045)")}
    announced = publish(book, "testo", 4, now=NOW)
    played = publish(book, "testo", 3, now=NOW)
    for text in (announced, played):
        assert "Ripescaggio (turno 4)".casefold() in text.casefold(), text
        assert "spareggio" not in text.casefold(), text
    assert [s.round_text for s in score_sheets(book, 4)] == ["Turno 4 · Ripescaggio"]
    assert run("verify", str(eagles)) == 0


def test_003_final_rows_updated_not_duplicated(eagles):
    assert rows(listed(eagles), "Finale") == {
        "A": (5, None, "1° in classifica generale"), "B": (5, None, "2° in classifica generale"),
        "C": (5, None, "3° in classifica generale")}
    add(OpenpyxlBook(eagles), RIPESCAGGIO)
    assert run("finals", str(eagles)) == 0
    assert rows(listed(eagles), "Finale") == {
        "A": (5, 1, "1° in classifica generale"), "B": (5, 1, "2° in classifica generale"),
        "C": (5, 1, "3° in classifica generale"), "H": (5, 1, "vincitore del ripescaggio")}
    assert run("verify", str(eagles)) == 0


# --- 2: every place of a final-phase table is decided (001 §7, §8) ---------------------------

def _phase_table(tmp_path, phase: str, round_no: int, typed: list[tuple[str, int]]):
    """A master workbook with one final-phase table typed (fuori obiettivo and Ordine
    blank, as the testers typed it)."""
    book = build(tmp_path / "master.xlsx", "master", [p for p, _ in typed], [], SEED)
    table = book.read_table(schema.RESULTS.name)
    table.extend({"Turno": round_no, "Fase": phase, "Tavolo": 1, "ID": pid,
                  "Punti obiettivo": pts} for pid, pts in typed)
    book.write_table(schema.RESULTS.name, table)
    return book


def test_001_semifinal_tie_for_second_is_refused(tmp_path):
    # 001 §8: «sarà ripescato il secondo del suo tavolo»; 001 §7: «In caso di parità …
    # punti dei territori fuori obiettivo … criterio del "colore"»: G02 and G06 (20 each)
    # tie for 2nd; both criteria are blank, so the program cannot name the 2nd.
    book = _phase_table(tmp_path, "Semifinale", 3,
                        [("G14", 40), ("G02", 20), ("G06", 20), ("G18", 10)])
    with pytest.raises(RisikoError) as caught:
        load(book)
    assert ("parità per il 2° posto al tavolo 1 del turno 3 (Semifinale) fra G02 e G06: "
            "compilare Punti fuori obiettivo (e, se ancora pari, Ordine) (in una fase "
            "finale ogni posto del tavolo va deciso)") in str(caught.value)


def test_001_final_tie_for_second_is_refused(tmp_path):
    # 001 §7: «dal 1° al 4° posto … in base all'esito della finale»: G09 and G14 (30
    # each) cannot both be 2nd.
    book = _phase_table(tmp_path, "Finale", 4,
                        [("G16", 40), ("G09", 30), ("G14", 30), ("G01", 10)])
    with pytest.raises(RisikoError) as caught:
        load(book)
    assert ("parità per il 2° posto al tavolo 1 del turno 4 (Finale) fra G09 e G14: "
            "compilare Punti fuori obiettivo (e, se ancora pari, Ordine)") in str(caught.value)


def test_001_final_tie_broken_by_the_order_of_play(tmp_path):
    # 001 §7 criterio del "colore": with fuori obiettivo equal (0), the later in the
    # order of play ranks ahead: G14 (Ordine 3) 2nd, G09 (Ordine 2) 3rd.
    book = _phase_table(tmp_path, "Finale", 4,
                        [("G16", 40), ("G09", 30), ("G14", 30), ("G01", 10)])
    table = book.read_table(schema.RESULTS.name)
    order = {pid: n for n, pid in enumerate(("G16", "G09", "G14", "G01"), 1)}
    for row in table:
        if row["ID"] in order:
            row["Ordine"], row["Punti fuori obiettivo"] = order[row["ID"]], 0
    book.write_table(schema.RESULTS.name, table)
    t = load(book)
    placed = {g.player: g.position for g in t.results}
    assert placed == {"G16": 1, "G14": 2, "G09": 3, "G01": 4}


def test_preliminary_shared_place_worth_the_same_stays_accepted(tmp_path):
    # 001 §7 millesimi: a player's points are objective/1000, +1 only to the winner: the
    # 2nd and 3rd with 20 each both get 0,020, so their tie changes nothing and stays.
    book = _phase_table(tmp_path, "Qualificazione", 1,
                        [("G14", 40), ("G02", 20), ("G06", 20), ("G18", 10)])
    t = load(book)
    placed = {g.player: (g.position, g.points) for g in t.results}
    assert placed["G02"][0] == placed["G06"][0] == 2
    assert placed["G02"][1] == placed["G06"][1] == Fraction(20, 1000)


# --- 5: rtu (004) standings: a tie on every criterion is said by `classifica` -----------------

def test_rtu_tie_on_every_criterion_is_decided_by_a_recorded_lottery(tmp_path, capsys):
    # 004 gives no tie-break for the individual standings; rtu uses 001 §7's chain (best
    # results, then the previous round) and last a lottery. After round 1 A and E (both
    # won, 20 + bonus 20 = 40) are equal on every criterion: there is no previous round.
    played = games("bonus", 1, "Qualificazione", [("A", 20), ("B", 15), ("C", 10), ("D", 5)],
                   [("E", 20), ("F", 14), ("G", 9), ("H", 4)])
    path = tmp_path / "rtu.xlsx"
    build(path, "rtu", list("ABCDEFGH"), played, SEED)
    capsys.readouterr()
    assert run("classifica", str(path)) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("Pari su tutti i criteri"))
    assert "(registrato in Sorteggi)" in line and "sorteggio fra A, E" in line, out
    draws = OpenpyxlBook(path).read_table(schema.DRAWS.name)
    notes = [str(n) for n in draws.column("Note") if "sorteggio fra A, E" in str(n)]
    assert len(notes) == 1 and notes[0] in line
    standings = OpenpyxlBook(path).read_table("Classifica")
    top = {r["ID"]: str(r["Pos"]) for r in standings}
    assert {top["A"], top["E"]} == {"1 (sorteggio)", "2 (sorteggio)"}
    assert top["B"] == "3"
    # drawn once: a later classifica reuses it, same places, and does not announce it again
    assert run("classifica", str(path)) == 0
    assert "Pari su tutti i criteri" not in capsys.readouterr().out
    again = {r["ID"]: str(r["Pos"]) for r in OpenpyxlBook(path).read_table("Classifica")}
    assert again == top


# --- 5: 000, the spareggio's losers in the final ranking -------------------------------------

def test_000_spareggio_losers_ranked_by_tournament_total(tmp_path):
    # 000 is silent on the places after the final; the program reads them as 001 §7 «dal
    # 5° … in base alla somma dei singoli punti-torneo ottenuti nelle partite giocate»,
    # the spareggio counted like a semifinal not won. 000 Art. 24: objective + 50/15/5.
    # Spareggio F 40+50, G 30+15, C 20+5, D 10: C 160+25 = 185, G 119+45 = 164,
    # D 113+10 = 123, H 72 (no spareggio): C 5th ahead of G although G was 2nd there.
    path = tmp_path / "lu.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, SEED)
    assert run("finals", str(path)) == 0
    add(OpenpyxlBook(path), SPAREGGIO)
    assert run("finals", str(path)) == 0
    add(OpenpyxlBook(path), games("bonus", 6, "Finale", [("F", 40), ("A", 30), ("B", 20),
                                                         ("E", 10)]))
    assert run("finals", str(path)) == 0
    ranking = OpenpyxlBook(path).read_table(schema.FINAL_RANKING.name)
    assert ranking.column("ID") == list("FABECGDH")
    assert ranking.column("Punti torneo")[4:] == [185, 164, 123, 72]


def test_001_ritira_refuses_to_recall_a_second_that_is_not_decided(tmp_path, capsys):
    # 001 §8: «sarà ripescato il secondo del suo tavolo»: semifinal 1 (P05, P03, P17, P07,
    # seated from the ranking of phase_books.py) typed P05 40, P03 20, P17 20, P07 10 with
    # fuori obiettivo and Ordine blank: P05 withdraws, and the 2nd is not known.
    path = tmp_path / "master.xlsx"
    build(path, "master", MASTER_IDS, MASTER_GAMES, SEED)
    assert run("finals", str(path)) == 0
    book = OpenpyxlBook(path)
    table = book.read_table(schema.RESULTS.name)
    typed = {"P05": 40, "P03": 20, "P17": 20, "P07": 10,  # table 1: the tie
             "P02": 40, "P04": 30, "P10": 20, "P14": 10, "P09": 40, "P13": 30, "P06": 20,
             "P08": 10}
    for row in table:
        if row["Turno"] != 3:
            continue
        pid = row["ID"]
        row["Punti obiettivo"] = typed[pid]
        if pid in ("P05", "P03", "P17", "P07"):
            continue
        row["Punti fuori obiettivo"] = 0
    book.write_table(schema.RESULTS.name, table)
    book.save()
    capsys.readouterr()
    assert run("ritira", str(path), "P05") != 0
    said = capsys.readouterr()
    assert ("parità per il 2° posto al tavolo 1 del turno 3 (Semifinale) fra P03 e P17: "
            "compilare Punti fuori obiettivo (e, se ancora pari, Ordine) (in una fase "
            "finale ogni posto del tavolo va deciso)") in said.err
    players = OpenpyxlBook(path).read_table(schema.PLAYERS.name)
    assert set(players.column("Stato")) == {"Attivo"}  # nothing written
