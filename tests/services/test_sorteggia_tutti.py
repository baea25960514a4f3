"""`sorteggia --tutti`: every preliminary round seated at once, before any is played, for
formulas whose draw does not depend on results; each round recorded in Sorteggi so that
`verifica` replays it, and a single round still redrawn later with `--turno N --forza`.

Expected values are counted from the regulations:
- 000 Art. 5: «saranno calcolate quante partite si disputeranno in tavoli da 5, quante in
  tavoli da 4, e quante in tavoli da 3 (queste ultime saranno necessarie solo in presenza
  di 11, 7, 6, 3 giocatori)» and «si cercherà di limitare il numero di partite in tavoli
  da 5»: 16, 20 and 32 players sit at tables of 4 only (4, 5 and 8 tables).
- 001 §8, criterion 4: «separazione giocatori che hanno già giocato insieme»: with no
  club given, nothing ranks above it but the 5-tables (there are none), so a schedule
  where nobody meets anyone twice is the aim: 0 repeated meetings.
- 001 §8, criterion 2: «separazione vincitori delle partite del primo turno» needs the
  results of the round before: a formula drawing by it cannot plan its rounds ahead.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

import pytest
from openpyxl import load_workbook

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def registered(tmp_path, players, rounds=None, formula="open", clubs=False):
    path = tmp_path / "torneo.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", formula]) == 0
    book = OpenpyxlBook(path)
    rows = simulate.players(players, 5, "tutti")
    if not clubs:
        rows = [{**r, "Club": None, "Regione": None} for r in rows]
    simulate.register(book, rows)
    book.set_setting("Seme sorteggio", "piano-1")
    if rounds:
        book.set_setting("Turni preliminari", rounds)
    book.save()
    return path


def seating(path):
    """round -> table -> ids, from Risultati."""
    out: dict[int, dict[int, list[str]]] = {}
    for row in OpenpyxlBook(path).read_table(schema.RESULTS.name):
        out.setdefault(int(row["Turno"]), {}).setdefault(int(row["Tavolo"]), []).append(
            row["ID"])
    return out


def meetings(rounds) -> Counter:
    met: Counter = Counter()
    for tables in rounds.values():
        for ids in tables.values():
            met.update(combinations(sorted(ids), 2))
    return met


@pytest.mark.parametrize("players,rounds", [(16, 5), (20, 5), (32, 8)])
def test_zero_repeated_meetings_through_the_cli(tmp_path, capsys, players, rounds):
    path = registered(tmp_path, players, rounds)
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    out = capsys.readouterr().out
    drawn = seating(path)
    assert sorted(drawn) == list(range(1, rounds + 1))
    ids = sorted(r["ID"] for r in simulate.players(players, 5, "tutti"))
    for tables in drawn.values():
        assert sorted(p for t in tables.values() for p in t) == ids  # each player once
        assert sorted(len(t) for t in tables.values()) == [4] * (players // 4)  # 000 Art. 5
    assert max(meetings(drawn).values()) == 1  # 001 §8 criterion 4: nobody meets twice
    # the output: time taken, the plan's quality and each round's, against the bounds
    assert re.search(rf"Tutti i {rounds} turni sorteggiati insieme in \d+\.\d\d s: "
                     rf"{players} giocatori, {players // 4} tavoli per turno", out)
    assert "Qualità del piano: " in out and "incontri ripetuti: 0 (minimo garantito 0)" in out
    plan_line = next(x for x in out.splitlines() if x.startswith("Qualità del piano: "))
    assert "tavolo da 5" not in plan_line  # the referee's: no 5-tables, no such figure
    for r in range(1, rounds + 1):
        line = next(x for x in out.splitlines() if x.startswith(f"Turno {r}: "))
        assert "incontri ripetuti: 0 (" in line
    log = OpenpyxlBook(path).read_table(schema.DRAWS.name)
    assert log.column("Turno") == list(range(1, rounds + 1))
    assert set(log.column("Procedura")) == {"pianificazione di tutti i turni"}
    assert set(log.column("Seme")) == {"piano-1"} and len(set(log.column("Impronta"))) == rounds
    # a planned round is judged with its plan, never as if drawn alone (the organiser's:
    # «migliore trovato» on a round that takes more so that the whole evening takes least)
    assert all(q.startswith("piano di tutti i turni ottimo dimostrato — questo turno: ")
               for q in log.column("Qualità"))
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert f"{rounds} sorteggi ripetuti; nessuna differenza." in capsys.readouterr().out


def test_a_planned_round_is_redrawn_alone_and_verifica_replays_both(tmp_path, capsys):
    path = registered(tmp_path, 16, 5)
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    before = seating(path)
    assert cli.main(["sorteggia", str(path), "--turno", "3", "--forza", "--seme", "x"]) == 0
    after = seating(path)
    assert after[3] != before[3]  # a new seed seats round 3 otherwise
    assert {r: after[r] for r in (1, 2, 4, 5)} == {r: before[r] for r in (1, 2, 4, 5)}
    assert len(OpenpyxlBook(path).read_table(schema.ARCHIVE.name)) == 16  # round 3's rows
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert "6 sorteggi ripetuti; nessuna differenza." in capsys.readouterr().out


def test_a_tampered_plan_is_found_by_verifica(tmp_path, capsys):
    path = registered(tmp_path, 16, 5)
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    book = OpenpyxlBook(path)
    players = book.read_table(schema.PLAYERS.name)
    players.rows[0]["Club"] = "Nuovo club"  # an input changed after the plan
    book.write_table(schema.PLAYERS.name, players)
    book.save()
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == cli.EXIT_FAILURE
    assert "l'impronta dei dati non corrisponde" in capsys.readouterr().out


@pytest.mark.parametrize("formula,named", [
    ("rtu", "«coppie di vincitori» (winners)"),  # 001 §8 criterion 2, as RTU's
    ("master", "procedura «cinquisti»"),  # 001 §8 a): the cinquisti drawn round by round
])
def test_a_draw_that_depends_on_results_is_refused(tmp_path, capsys, formula, named):
    path = registered(tmp_path, 16, formula=formula)
    before = path.read_bytes()
    assert cli.main(["sorteggia", str(path), "--tutti"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert named in err and "un turno alla volta" in err
    assert path.read_bytes() == before


def test_refused_after_a_draw_unless_forced_and_after_a_result_always(tmp_path, capsys):
    path = registered(tmp_path, 16, 5)
    assert cli.main(["sorteggia", str(path)]) == 0
    capsys.readouterr()
    assert cli.main(["sorteggia", str(path), "--tutti"]) == cli.EXIT_BAD_INPUT
    assert "--tutti --forza" in capsys.readouterr().err
    assert cli.main(["sorteggia", str(path), "--tutti", "--forza"]) == 0
    assert sorted(seating(path)) == [1, 2, 3, 4, 5]
    assert len(OpenpyxlBook(path).read_table(schema.ARCHIVE.name)) == 16  # the first draw
    book = OpenpyxlBook(path)
    simulate.play(book, 1, "Qualificazione", "tutti")
    book.save()
    capsys.readouterr()
    assert cli.main(["sorteggia", str(path), "--tutti", "--forza"]) == cli.EXIT_BAD_INPUT
    assert "il turno 1 ha già risultati inseriti" in capsys.readouterr().err


def test_an_absent_player_or_a_late_arrival_is_refused(tmp_path, capsys):
    path = registered(tmp_path, 16, 5)
    book = OpenpyxlBook(path)
    players = book.read_table(schema.PLAYERS.name)
    players.rows[2]["Stato"] = "Assente"
    book.write_table(schema.PLAYERS.name, players)
    book.save()
    assert cli.main(["sorteggia", str(path), "--tutti"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "è «Assente»" in err and "un turno alla volta" in err
    assert cli.main(["sorteggia", str(path), "--tutti", "--turno", "2"]) == cli.EXIT_BAD_INPUT
    assert "non si usa con --turno" in capsys.readouterr().err


def test_more_rounds_than_a_plan_holds_are_refused(tmp_path, capsys):
    path = registered(tmp_path, 16, 13)
    assert cli.main(["sorteggia", str(path), "--tutti"]) == cli.EXIT_BAD_INPUT
    assert "al massimo 12 turni" in capsys.readouterr().err


def test_the_post_announces_the_next_round_to_play(tmp_path, capsys):
    path = registered(tmp_path, 16, 5)
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    book = OpenpyxlBook(path)
    simulate.play(book, 1, "Qualificazione", "tutti")
    book.save()
    capsys.readouterr()
    assert cli.main(["pubblica", str(path), "--formato", "testo"]) == 0
    out = capsys.readouterr().out
    assert "turno 2" in out.lower() and "turno 5" not in out.lower()


def test_a_note_beside_the_drawn_rows_refuses_drawing_them_all_again(tmp_path, capsys):
    path = registered(tmp_path, 16, 5)
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    workbook = load_workbook(path)
    workbook["Risultati"]["Z40"] = "tavolo 2: sedia rotta"  # beside a round 3 row
    workbook["Risultati"]["Z41"] = "idem"
    workbook.save(path)
    before = path.read_bytes()
    capsys.readouterr()
    assert cli.main(["sorteggia", str(path), "--tutti", "--forza"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "la cella Z40 (e altre 1), scritta accanto alla tabella Risultati" in err
    assert "dopo il nuovo sorteggio di tutti i turni" in err and "sedia rotta" in err
    assert path.read_bytes() == before
