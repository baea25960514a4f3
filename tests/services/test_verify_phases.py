"""`verify` checks the final phases too, and `standings` / `finals` refuse a final-phase
row whose player did not qualify for that phase (exit 2, one located Italian line, file
byte-identical). Expected values are computed by hand (tests/support/phase_books.py)."""

from __future__ import annotations

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.standings import FINAL, PLAYOFF
from tests.support.phase_books import CAST_GAMES, CAST_IDS, add, build, games, tables

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

SEED = "verifica"
# 000 Art. 2: totals A 240, B 223, E 169, C 160, F 152, G 119, D 113, H 72: spareggio C, F,
# G (4th-6th) and D (best single game among D and H: 43 against 38); it ends F, G, C, D.
# «Finalissima alla quale avranno accesso i giocatori che si sono classificati dal 1° al
# 3° posto nella fase preliminare e i vincitori dello spareggio»: A, B, E and F.
SPAREGGIO = games("bonus", 5, PLAYOFF, [("F", 40), ("G", 30), ("C", 20), ("D", 10)])
FINALE = games("bonus", 6, FINAL, [("B", 40), ("A", 30), ("H", 20), ("G", 10)])


@pytest.fixture()
def tampered(tmp_path):
    """The final seated by `finals`, then G and H typed in place of E and F, and played."""
    path = tmp_path / "t.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, SEED)
    assert cli.main(["finals", str(path)]) == 0
    add(OpenpyxlBook(path), SPAREGGIO)
    assert cli.main(["finals", str(path)]) == 0
    assert tables(OpenpyxlBook(path), 6) == {1: {"A", "B", "E", "F"}}
    book = OpenpyxlBook(path)
    table = book.read_table(schema.RESULTS.name)
    rows = {}
    for old, new in (("E", "H"), ("F", "G")):
        row = next(r for r in table if r["Turno"] == 6 and r["ID"] == old)
        row["ID"], row["Giocatore"] = new, f"Nome {new}"
        rows[new] = row.sheet_row
    book.write_table(schema.RESULTS.name, table)
    book.save()
    add(OpenpyxlBook(path), FINALE)
    return path, rows


def test_verify_names_the_table_and_the_players(tampered, capsys):
    path, rows = tampered
    capsys.readouterr()
    assert cli.main(["verify", str(path)]) == cli.EXIT_FAILURE
    out = capsys.readouterr().out
    where = "Foglio Risultati, Finale turno 6, tavolo 1"
    for pid in ("H", "G"):
        assert (f"{where}, riga {rows[pid]}, colonna ID: {pid} (Nome {pid}) non è "
                f"qualificato per questa fase") in out
    assert f"{where}: manca E (Nome E), qualificato (3° in classifica generale)" in out
    assert f"{where}: manca F (Nome F), qualificato (vincitore dello spareggio)" in out


@pytest.mark.parametrize("command", ["standings", "finals"])
def test_standings_and_finals_refuse_a_player_who_did_not_qualify(tampered, command, capsys):
    path, rows = tampered
    before = path.read_bytes()
    capsys.readouterr()
    assert cli.main([command, str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    first = min(rows.values())
    pid = next(p for p, r in rows.items() if r == first)
    assert err[0].startswith("Errore: Foglio Risultati, tavolo 1, riga ")
    assert f"riga {first}, colonna ID: {pid} (Nome {pid}) non è qualificato per la fase " \
           f"Finale (turno 6) (valore trovato: '{pid}')" in err[0]
    assert path.read_bytes() == before


@pytest.fixture()
def played(tmp_path):
    """The tournament played by the book to its final ranking: the final B 40, A 30,
    F 20, E 10."""
    path = tmp_path / "t.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, SEED)
    assert cli.main(["finals", str(path)]) == 0
    add(OpenpyxlBook(path), SPAREGGIO)
    assert cli.main(["finals", str(path)]) == 0
    add(OpenpyxlBook(path), games("bonus", 6, FINAL, [("B", 40), ("A", 30), ("F", 20),
                                                      ("E", 10)]))
    assert cli.main(["standings", str(path)]) == 0
    assert cli.main(["finals", str(path)]) == 0
    return path


def test_a_tournament_played_by_the_book_has_no_phase_difference(played, capsys):
    path = played
    capsys.readouterr()
    assert cli.main(["verify", str(path)]) == 0
    assert "nessuna differenza" in capsys.readouterr().out


def test_verify_names_a_qualifier_listed_without_qualifying(tmp_path, capsys):
    # the spareggio seated by `finals` lists C, F, G, D (and A, B, E for the final):
    # H typed over D in `Fasi finali` is not a qualifier of turn 5.
    path = tmp_path / "t.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, SEED)
    assert cli.main(["finals", str(path)]) == 0
    book = OpenpyxlBook(path)
    listed = book.read_table(schema.QUALIFIERS.name)
    typed = next(r for r in listed if r["ID"] == "D")
    typed["ID"], row = "H", typed.sheet_row
    book.write_table(schema.QUALIFIERS.name, listed)
    book.save()
    capsys.readouterr()
    assert cli.main(["verify", str(path)]) == cli.EXIT_FAILURE
    out = capsys.readouterr().out
    assert f"Foglio Fasi finali, riga {row}, colonna ID: H (Nome H) non è qualificato " \
           "(turno 5)" in out
    assert "Foglio Fasi finali, turno 5: manca D (Nome D)" in out


def test_verify_finds_a_final_changed_after_the_final_ranking(played, capsys):
    """An outsider's leftover: the final's result corrected in Risultati after `finali`
    wrote ClassificaFinale, and `verifica` said «nessuna differenza». 000 Art. 2: the
    final ranking follows the «Finalissima»: with B 40, A 30, F 20, E 10 it is B, A, F, E;
    typed again as A 40, B 30 it must be A first, so the sheet's first row (B) differs."""
    path = played
    book = OpenpyxlBook(path)
    assert [r["ID"] for r in book.read_table(schema.FINAL_RANKING.name)][:4] == \
        ["B", "A", "F", "E"]
    first = next(iter(book.read_table(schema.FINAL_RANKING.name))).sheet_row
    add(OpenpyxlBook(path), games("bonus", 6, FINAL, [("A", 40), ("B", 30), ("F", 20),
                                                      ("E", 10)]))
    capsys.readouterr()
    assert cli.main(["verify", str(path)]) == cli.EXIT_FAILURE
    out = capsys.readouterr().out
    # the referee 32: the sheet holds Qualificati too, both with an ID: the table is named
    assert (f"Foglio Fasi finali (ClassificaFinale), riga {first}, colonna ID: trovato 'B', "
            "calcolato 'A'") in out
