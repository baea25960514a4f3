"""The final ranking (001 §7) and its sheet: the final's place and points and the
tournament total are separate columns; a player who withdrew after playing a phase
stays ranked and is marked. Expected values are computed by hand (tests/support/phase_books.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.standings import FINAL, PLAYOFF, QUALIFYING, compute_standings, final_ranking
from risiko_xl.tournament.loading import load
from tests.support.phase_books import CAST_GAMES, CAST_IDS, add, build, core, games, people

SEED = "classifica"
# 000: totals A 240, B 223, E 169, C 160, F 152, G 119, D 113, H 72; spareggio C, F, G
# (4th-6th) and D (best single game among D and H, 43). It ends F 40+50, G 30+15,
# C 20+5, D 10+0. Then E (3rd, a finalist) and G (who lost the spareggio) withdraw.
# Art. 4: the classification recompiled without them: A, B, C first three, F won the
# spareggio: the final is A, B, C, F; it ends B 40+50, A 30+15, F 20+5, C 10+0.
SPAREGGIO = games("bonus", 5, PLAYOFF, [("F", 40), ("G", 30), ("C", 20), ("D", 10)])
FINALE = games("bonus", 6, FINAL, [("B", 40), ("A", 30), ("F", 20), ("C", 10)])

# 001 §7 «dal 1° al 4° posto … in base all'esito della/e finale/i; dal 5° … in base alla
# somma dei singoli punti-torneo ottenuti nelle partite giocate»:
#   1 B  final 1st, 90;  total 223 + 90 = 313
#   2 A  final 2nd, 45;  total 240 + 45 = 285
#   3 F  final 3rd, 25;  total 152 + 90 + 25 = 267
#   4 C  final 4th, 10;  total 160 + 25 + 10 = 195
#   5 G  119 + 45 = 164, withdrawn after the spareggio: ranked and marked
#   6 D  113 + 10 = 123
#   7 H  72
# H played only the preliminary rounds: «Preliminare» (000 Art. 1 «Una fase
# preliminare di 4 giornate»; under the header «Fase raggiunta», as «Finale»). G's
# withdrawal is noted «ritiro», the same word for anyone.
# E withdrew before playing any phase: left out (000 Art. 4 «senza considerare i
# punteggi acquisiti dal giocatore ritirato»).
EXPECTED = [
    (1, "B", "Finale", 1, 90, 313, None),
    (2, "A", "Finale", 2, 45, 285, None),
    (3, "F", "Finale", 3, 25, 267, None),
    (4, "C", "Finale", 4, 10, 195, None),
    (5, "G", "Spareggio", None, None, 164, "ritiro"),
    (6, "D", "Spareggio", None, None, 123, None),
    (7, "H", "Preliminare", None, None, 72, None),
]


def test_final_ranking_core_keeps_quantities_apart_and_withdrawn_players():
    rules, phases = core("lu_castidduzzu")
    played = CAST_GAMES + SPAREGGIO + FINALE
    ent = people(CAST_IDS, withdrawn={"E", "G"})
    st = compute_standings(ent, played, rules, SEED)
    ranking = final_ranking(ent, played, st, phases, rules, SEED)
    assert [(r.position, r.player, r.stage, r.final_place, r.final_points, r.total,
             "ritiro" if r.withdrawn else None) for r in ranking] == [
        (p, pid, {"Finale": FINAL, "Spareggio": PLAYOFF}.get(stage, QUALIFYING), place,
         None if pts is None else Fraction(pts), Fraction(total), note)
        for p, pid, stage, place, pts, total, note in EXPECTED]


@pytest.mark.lento
def test_final_ranking_sheet_through_the_cli(tmp_path):
    path = tmp_path / "t.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, SEED)
    assert cli.main(["finals", str(path)]) == 0
    add(OpenpyxlBook(path), SPAREGGIO)
    for pid in ("E", "G"):
        assert cli.main(["ritira", str(path), pid]) == 0
    assert cli.main(["finals", str(path)]) == 0
    add(OpenpyxlBook(path), FINALE)
    assert cli.main(["finals", str(path)]) == 0
    frame = OpenpyxlBook(path).read_table(schema.FINAL_RANKING.name)
    assert frame.headers[:9] == ["Pos", "ID", "Giocatore", "Club", "Fase raggiunta",
                                       "Posto in finale", "Punti finale", "Punti torneo",
                                       "Note"]

    got = [(r["Pos"], r["ID"], r["Fase raggiunta"], r["Posto in finale"], r["Punti finale"],
            r["Punti torneo"], r["Note"]) for r in frame]
    assert got == EXPECTED
    assert cli.main(["verify", str(path)]) == 0
    assert load(OpenpyxlBook(path)).by_id["G"].state == "Ritirato"


# --- 000 Art. 2: a tie for the best single game (the spareggio's 4th seat) -------------

# H's round-4 game becomes 28 (+15 for 2nd = 43): D and H both have 43 as best single
# game (D: 28 + 15 in round 1). Totals A 240, B 223, E 169, C 160, F 152, G 119, D 113,
# H 77. 000 Art. 2: «uno spareggio al quale parteciperanno il 4°, il 5°, il 6° in
# classifica generale e il giocatore che, fra quelli rimasti, otterrà il miglior
# punteggio su singola partita»: C, F, G and one of D, H, which the seed does not say.
# Its only last resort is the «Sorteggio» that ends the standings chain (Art. 2): a
# lottery between D and H, drawn, announced and recorded, never D by standings order.
TIED_BEST = [g for g in CAST_GAMES if not (g.round_no == 4 and g.player == "H")] + [
    g for g in games("bonus", 4, QUALIFYING, [("C", 35), ("D", 25), ("A", 15), ("B", 5)],
                     [("G", 33), ("H", 28), ("E", 13), ("F", 3)]) if g.player == "H"]


def test_best_single_game_tie_goes_by_the_standings():
    """000 Art. 2 «il giocatore che, fra quelli rimasti, otterrà il miglior punteggio su
    singola partita» says nothing of a tie; its chain («Sorteggio» last) orders the
    standings, so the better placed of the tied players takes the seat, no lottery:
    D (7th, 113) and H (8th) both have 43: D."""
    from risiko_xl.standings import next_phase

    rules, phases = core("lu_castidduzzu")
    ent = people(CAST_IDS)
    st = compute_standings(ent, TIED_BEST, rules, SEED)
    step = next_phase(ent, TIED_BEST, st, phases, rules, SEED)
    assert {q.player for q in step.tables[0]} == {"C", "F", "G", "D"}
    assert not [n for n in step.notes if n.startswith("Sorteggio per parità")]
    assert "(43; a pari con Nome H: davanti in classifica)" in step.qualifier("D").reason


def test_best_single_game_tie_without_lottery_goes_by_the_standings_too():
    """Without a lottery in the chain the standings still separate D and H (113 and
    72): the same seat, no refusal."""
    from dataclasses import replace

    from risiko_xl.standings import next_phase

    rules, phases = core("lu_castidduzzu")
    rules = replace(rules, chain=tuple(c for c in rules.chain if c != "lottery"))
    ent = people(CAST_IDS)
    st = compute_standings(ent, TIED_BEST, rules, SEED)
    step = next_phase(ent, TIED_BEST, st, phases, rules, SEED)
    assert "D" in {q.player for q in step.tables[0]}


@pytest.mark.lento
def test_best_single_game_tie_said_in_qualificati_not_drawn(tmp_path):
    path = tmp_path / "t.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, TIED_BEST, SEED)
    assert cli.main(["finals", str(path)]) == 0
    book = OpenpyxlBook(path)
    notes = " ".join(str(n) for n in book.read_table(schema.DRAWS.name).column("Note") if n)
    assert "miglior punteggio su singola partita (43)" not in notes
    reasons = {row["ID"]: row["Qualificazione"] for row in book.read_table(
        schema.QUALIFIERS.name)}
    assert "a pari con Nome H: davanti in classifica" in reasons["D"]
