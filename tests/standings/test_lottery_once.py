"""One lottery per set of tied players: drawn once, recorded once in `Sorteggi`, reused
by every later ordering of the same players (later standings, qualification lines, the
final ranking).

Seed 001 §7 / 003 Art. 2 / 000 Art. 2: the «sorteggio» is the last criterion of the
standings. Seed 001 §1: «semifinali … per i primi 16 classificati»: a lottery between the
16th and the 17th decides a semifinal seat; it is announced by `finals`, its rows marked
«(sorteggio)» in Classifica, and its `Sorteggi` note names the round it decides.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.formulas.legacy import flat_phases
from risiko_xl.standings import (
    Entrant,
    GameResult,
    StandingsRules,
    compute_standings,
    final_ranking,
)
from risiko_xl.standings.lottery import Lotteries, recorded_order
from tests.support.tournament_typing import new_book, table, type_round

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

F = Fraction
Q = "Qualificazione"


def game(pid, round_no, points, place=2, table_no=1):
    return GameResult(pid, round_no, Q, table_no, place, F(points))


def test_same_tie_in_a_later_round_reuses_the_lottery():
    # U..Z identical in both rounds: after round 1 only the lottery separates them; after
    # round 2 too. The order is the round-1 draw, drawn once.
    people = [Entrant(p) for p in "UVWXYZ"]
    results = [game(p, r, "0.040") for p in "UVWXYZ" for r in (1, 2)]
    rules = StandingsRules(rounds=2, chain=("best_1", "lottery"))  # no previous_round
    after_1 = compute_standings(people, results, rules, "s", upto_round=1)
    after_2 = compute_standings(people, results, rules, "s")
    assert [r.player for r in after_2.rows] == [r.player for r in after_1.rows]
    assert len(after_2.drawn) == 1 and after_2.drawn == after_1.drawn  # drawn once
    (draw,) = after_2.lottery
    assert draw.reused and draw.order == after_1.drawn[0].order
    # read back from the record: the same order, nothing drawn again
    again = compute_standings(people, results, rules, "other seed",
                              recorded=[after_1.drawn[0].order])
    assert [r.player for r in again.rows] == list(after_1.drawn[0].order)
    assert again.drawn == ()


def test_some_of_the_tied_players_keep_their_drawn_order():
    # after round 1 U, V, W tie (a lottery); in round 2 V scores more: U and W still tie
    # and keep the order the round-1 lottery gave them.
    people = [Entrant(p) for p in "UVW"]
    results = [game(p, 1, "0.040") for p in "UVW"]
    results += [game("U", 2, "0.010"), game("W", 2, "0.010"), game("V", 2, "0.020")]
    rules = StandingsRules(rounds=2, chain=("best_1", "lottery"))
    first = compute_standings(people, results, rules, 7, upto_round=1).drawn[0].order
    after_2 = compute_standings(people, results, rules, 7)
    assert after_2.rows[0].player == "V"
    assert [r.player for r in after_2.rows[1:]] == [p for p in first if p != "V"]
    assert len(after_2.drawn) == 1


def test_a_new_tie_keeps_an_earlier_lottery_among_some_of_the_players():
    registry = Lotteries("s", known=[("B", "A")])
    draw = registry.draw(["A", "B", "C"], 1, "Classifica")
    assert draw.order.index("B") < draw.order.index("A")


def test_final_ranking_reuses_the_standings_lottery():
    # 003-a chain (Art. 2): Assoluta, wins, lottery. E…I identical: only a lottery orders
    # them in the standings; the final ranking (kind "final", first 4 in the final) then
    # orders them by the same games: the same lottery, not a new one.
    people = [Entrant(p) for p in "ABCDEFGHI"]
    results = [game(p, 1, pts) for p, pts in zip("ABCD", ("1.050", "1.040", "1.030", "1.020"))]
    results += [game(p, 1, "0.010") for p in "EFGHI"]
    rules = StandingsRules(rounds=1, chain=("assoluta", "wins", "lottery"))
    st = compute_standings(people, results, rules, "finale")
    drawn = [r.player for r in st.rows[4:]]
    assert sorted(drawn) == list("EFGHI") and all(r.by_lottery for r in st.rows[4:])
    final = [GameResult(p, 2, "Finale", 1, place, F(1 if place == 1 else 0))
             for place, p in enumerate("ABCD", 1)]
    ranking = final_ranking(people, results + final, st, flat_phases(kind="final"), rules,
                            "finale")
    assert [r.player for r in ranking[4:]] == drawn
    assert all(r.lottery is not None and r.lottery.reused for r in ranking[4:])


# --- the 16th semifinal seat through the command line (master, 18 players) -------------
# Tables typed (001 points in thousandths, +1 to the winner; ×1,25 at 5 players):
ROUND_1 = [[("G001", 50, 0), ("G002", 40, 0), ("G003", 30, 0), ("G004", 20, 0), ("G005", 15, 0)],
           [("G006", 50, 0), ("G007", 40, 0), ("G008", 30, 0), ("G009", 20, 0), ("G010", 14, 0)],
           [("G011", 60, 0), ("G012", 50, 0), ("G016", 10, 0), ("G013", 5, 0)],
           [("G014", 60, 0), ("G015", 50, 0), ("G017", 10, 0), ("G018", 5, 0)]]
ROUND_2 = [[("G002", 50, 0), ("G001", 40, 0), ("G004", 30, 0), ("G003", 20, 0), ("G005", 15, 0)],
           [("G007", 50, 0), ("G006", 40, 0), ("G009", 30, 0), ("G008", 20, 0), ("G010", 14, 0)],
           [("G012", 60, 0), ("G011", 50, 0), ("G013", 20, 0), ("G016", 10, 0)],
           [("G015", 60, 0), ("G014", 50, 0), ("G018", 12, 0), ("G017", 10, 0)]]
# By hand: G016 and G017 score 0,010 in both rounds (3rd, then 4th, of a table of 4):
# 0,020, equal best results, tied after round 1 too (where only a lottery split them),
# so §7 «piazzamento in classifica al turno precedente» gives the round-1 lottery's order.
# Above them 15 players (every table of 5 scores at least 14×1,25 thousandths a game,
# G013 0,005 + 0,020 = 0,025); below, G018 0,005 + 0,012 = 0,017. Nobody won both
# games: no direct finalist, 16 semifinal seats: the lottery decides the 16th.
X, Y = "G016", "G017"


def lottery_rows(path):
    log = table(path, schema.DRAWS.name)
    return [str(r["Note"]) for r in log if r["Procedura"] == "sorteggio per parità in classifica"
            and X in str(r["Note"]) and Y in str(r["Note"])]


def test_16th_seat_lottery_recorded_once_announced_and_kept(tmp_path, capsys):
    path = tmp_path / "master.xlsx"
    new_book(path, "master", 18)
    assert cli.main(["draw", str(path)]) == 0
    type_round(path, 1, ROUND_1)
    assert cli.main(["standings", str(path)]) == 0
    (note,) = lottery_rows(path)
    assert "Classifica dopo il turno 1" in note
    drawn = [p for p in recorded_order(note) if p in (X, Y)]

    assert cli.main(["draw", str(path)]) == 0
    type_round(path, 2, ROUND_2)
    assert cli.main(["standings", str(path)]) == 0
    sheet = table(path, "Classifica")
    ids = sheet.column("ID")
    assert ids.index(drawn[0]) == 15 and ids.index(drawn[1]) == 16  # 16th and 17th
    assert sheet.column("Pos")[15:17] == ["16 (sorteggio)", "17 (sorteggio)"]
    (note,) = lottery_rows(path)  # recorded once, now naming the round it decides
    assert "«Semifinale» e «esclusi» al turno 3" in note
    assert [p for p in recorded_order(note) if p in (X, Y)] == drawn

    names = {r["ID"]: r["Giocatore"] for r in sheet}
    post = tmp_path / "post.txt"
    assert cli.main(["post", str(path), "--turno", "2", "--formato", "testo",
                     "--out", str(post), "--sezioni", "classifica"]) == 0
    text = post.read_text(encoding="utf-8")
    assert f"16 (sorteggio) {names[drawn[0]]}" in text
    assert f"17 (sorteggio) {names[drawn[1]]}" in text

    capsys.readouterr()
    assert cli.main(["finals", str(path)]) == 0
    out = capsys.readouterr().out
    assert (f"Sorteggio per parità: {names[drawn[0]]} davanti a {names[drawn[1]]} "
            f"(decide il posto fra «Semifinale» e «esclusi» al turno 3)") in out
    seated = set(table(path, schema.QUALIFIERS.name).column("ID"))
    assert drawn[0] in seated and drawn[1] not in seated
    assert len(lottery_rows(path)) == 1

    book = OpenpyxlBook(path)
    simulate.play(book, 3, "Semifinale", "cli")
    book.save()
    assert cli.main(["finals", str(path)]) == 0
    book = OpenpyxlBook(path)
    simulate.play(book, 4, "Finale", "cli")
    book.save()
    assert cli.main(["finals", str(path)]) == 0
    ranking = table(path, schema.FINAL_RANKING.name).column("ID")
    assert ranking.index(drawn[0]) < ranking.index(drawn[1])
    assert len(lottery_rows(path)) == 1


def test_a_spareggio_seat_decided_by_lottery_is_announced():
    # 000 Art. 2: «Finalissima alla quale avranno accesso i giocatori che si sono
    # classificati dal 1° al 3° posto … spareggio al quale parteciperanno il 4°, il 5°, il
    # 6° … e il giocatore che, fra quelli rimasti, otterrà il miglior punteggio su singola
    # partita»; ties: RisiKo!, wins, out-of-objective points, «Sorteggio».
    # C and D are equal on everything (0,030, 2nd, no RisiKo!, no out points): the lottery
    # decides who is 3rd (the final) and who is 4th (the spareggio).
    from risiko_xl.standings import next_phase

    people = [Entrant(p) for p in "ABCDEFGH"]
    places = {"A": (1, 1, "1.050"), "C": (1, 2, "0.030"), "E": (1, 3, "0.020"),
              "G": (1, 4, "0.010"), "B": (2, 1, "1.040"), "D": (2, 2, "0.030"),
              "F": (2, 3, "0.015"), "H": (2, 4, "0.005")}
    results = [GameResult(p, 1, Q, t, place, F(pts)) for p, (t, place, pts) in places.items()]
    rules = StandingsRules(rounds=1, chain=("risiko", "wins", "out_points", "lottery"))
    phases = flat_phases(kind="playoff", playoff_ranks=(4, 5, 6), playoff_extra=("best_game",),
                        final_direct=3)
    st = compute_standings(people, results, rules, "spareggio")
    third, fourth = (r.player for r in st.rows[2:4])
    assert {third, fourth} == {"C", "D"} and st.rows[2].by_lottery
    step = next_phase(people, results, st, phases, rules, "spareggio")
    assert third in {q.player for q in step.finalists}
    assert fourth in step.players()
    text = "decide il posto fra «Finale» e «Spareggio» al turno 2"
    assert dict(step.lotteries) == {("C", "D"): text}
    assert f"Sorteggio per parità: {third} davanti a {fourth} ({text})" in step.notes
