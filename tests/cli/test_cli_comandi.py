"""The command line at the desk: IDs typed in any case, `nuovo` asking for the formula,
every command saying what it did (progress on a terminal only), messages that read
naturally, the history without versions of saves that changed nothing, the Giocatore
column refreshed from Iscritti."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.files import history
from risiko_xl.files.writes import backup_path
from risiko_xl.formulas.loader import names
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


@pytest.fixture()
def drawn(tmp_path):
    """A lu_castidduzzu evening: 12 players registered, round 1 drawn."""
    path = tmp_path / "serata.xlsx"
    new_with_players(path, "lu_castidduzzu", 12, 3, "comandi", seed="comandi")  # G001 … G012
    assert cli.main(["sorteggia", str(path)]) == 0
    return path


def entrants(path):
    return OpenpyxlBook(path).read_table(schema.PLAYERS.name)


def results(path):
    return OpenpyxlBook(path).read_table(schema.RESULTS.name)


# --- IDs --------------------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["g007", " G007 ", "G007", "g7", "G 07"])
def test_ritira_matches_ids_without_regard_to_case_or_spaces(drawn, capsys, typed):
    capsys.readouterr()
    assert cli.main(["ritira", str(drawn), typed]) == 0
    assert "(G007)" in capsys.readouterr().out
    assert [r["Stato"] for r in entrants(drawn) if r["ID"] == "G007"] == ["Ritirato"]


def test_ritira_accepts_a_unique_exact_name(drawn, capsys):
    third = entrants(drawn).rows[2]
    name = f"{third['Nome']} {third['Cognome']}"
    capsys.readouterr()
    assert cli.main(["ritira", str(drawn), name.upper()]) == 0
    assert f"Ritiro registrato: {name} (G003)." in capsys.readouterr().out


def test_a_near_miss_gets_a_suggestion(drawn, capsys):
    before = drawn.read_bytes()
    assert cli.main(["ritira", str(drawn), "H007"]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "ID H007 non trovato tra gli iscritti: forse intendevi G007" in err
    assert drawn.read_bytes() == before


def test_an_id_typed_in_risultati_in_another_case_is_the_registered_one(drawn, capsys):
    book = OpenpyxlBook(drawn)
    simulate.play(book, 1, "Qualificazione", "comandi")
    table = book.read_table(schema.RESULTS.name)
    typed = next(r for r in table if r["ID"] == "G005")
    typed["ID"] = " g005 "
    book.write_table(schema.RESULTS.name, table)
    book.save()
    assert cli.main(["classifica", str(drawn)]) == 0
    row = typed.sheet_row
    assert results(drawn).by_sheet_row()[row]["ID"] == "G005"  # written back as registered
    standings = OpenpyxlBook(drawn).read_table("Classifica")
    assert "G005" in set(standings.column("ID")) and len(standings) == 12


def test_two_ids_differing_only_by_case_are_refused(drawn, capsys):
    book = OpenpyxlBook(drawn)
    players = book.read_table(schema.PLAYERS.name)
    players.rows[4]["ID"] = "g001"  # row 6 of the sheet, G001 is on row 2
    book.write_table(schema.PLAYERS.name, players)
    book.save()
    assert cli.main(["classifica", str(drawn)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "Foglio Iscritti, riga 6, colonna ID: ID duplicato (già alla riga 2 come «G001»" in err
    assert "maiuscole e minuscole" in err


def test_an_unknown_id_in_risultati_gets_a_suggestion(drawn, capsys):
    book = OpenpyxlBook(drawn)
    table = book.read_table(schema.RESULTS.name)
    table.rows[0]["ID"] = "G0l2"
    book.write_table(schema.RESULTS.name, table)
    book.save()
    assert cli.main(["classifica", str(drawn)]) == cli.EXIT_BAD_INPUT
    assert "forse intendevi G012" in capsys.readouterr().err


# --- the names in Risultati: the ID counts ---------------------------------------------

def test_a_name_typed_by_hand_in_risultati_is_refreshed_and_said(drawn, capsys):
    book = OpenpyxlBook(drawn)
    simulate.play(book, 1, "Qualificazione", "comandi")
    table = book.read_table(schema.RESULTS.name)
    typed = next(r for r in table if r["ID"] == "G004")
    row, registered = typed.sheet_row, typed["Giocatore"]
    typed["Giocatore"] = "Tizio Sbagliato"
    book.write_table(schema.RESULTS.name, table)
    book.save()
    capsys.readouterr()
    assert cli.main(["classifica", str(drawn)]) == 0
    out = capsys.readouterr().out
    assert ("Nomi riscritti nel foglio Risultati come negli Iscritti (conta l'ID): "
            f"riga {row}, G004: «Tizio Sbagliato» → «{registered}»") in out
    assert results(drawn).by_sheet_row()[row]["Giocatore"] == registered
    capsys.readouterr()
    assert cli.main(["classifica", str(drawn)]) == 0
    assert "Nomi riscritti" not in capsys.readouterr().out  # said once


# --- nuovo ------------------------------------------------------------------------------

def test_nuovo_without_formula_off_a_terminal_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    path = tmp_path / "t.xlsx"
    assert cli.main(["nuovo", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert err.startswith("Errore: Indicare la formula con --formula: ") and "master" in err
    assert "lu_castidduzzu" in err and not path.exists()


def test_nuovo_without_formula_writing_to_a_file_is_refused(tmp_path, capsys, monkeypatch):
    # `nuovo t.xlsx > log` on a terminal: the list and the question would go to the log
    # and the command would wait for an answer nobody is asked for
    monkeypatch.setattr("sys.stdin", Terminal("1\n"))
    path = tmp_path / "t.xlsx"
    assert cli.main(["nuovo", str(path)]) == cli.EXIT_BAD_INPUT
    captured = capsys.readouterr()
    assert captured.err.startswith("Errore: Indicare la formula con --formula: ")
    assert captured.out == "" and not path.exists()


def test_a_dash_is_not_a_workbook(tmp_path, capsys, monkeypatch):
    # `nuovo - > torneo.xlsx` wrote a file named «-» and a message where the workbook was
    # expected: refused, naming the value found
    monkeypatch.chdir(tmp_path)
    for args in (["nuovo", "-", "--formula", "master"], ["classifica", "-"]):
        assert cli.main(args) == cli.EXIT_BAD_INPUT
        captured = capsys.readouterr()
        assert captured.out == "" and "(valore trovato: '-')" in captured.err
        assert "torneo.xlsx" in captured.err
    assert list(tmp_path.iterdir()) == []


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nuovo_without_formula_on_a_terminal_lists_and_asks(tmp_path, capsys, monkeypatch):
    number = names().index("lu_castidduzzu") + 1
    monkeypatch.setattr("sys.stdin", Terminal(f"nessuna\n{number}\n"))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    path = tmp_path / "t.xlsx"
    assert cli.main(["nuovo", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Formule disponibili:" in out
    assert f"{number:>3}. lu_castidduzzu" in out and "Rahal Maut" in out  # the title
    assert "     Fase preliminare di 4 giornate a somma di punti" in out  # what it is
    assert all(len(line) <= 102 for line in out.splitlines() if line.startswith(" "))
    assert "«nessuna» non è fra le formule" in out
    assert out.rstrip().endswith("(formula lu_castidduzzu)")
    assert OpenpyxlBook(path).settings()["Formula"] == "lu_castidduzzu"


def test_nuovo_asks_by_name_too(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", Terminal("Eagles\n"))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert cli.main(["nuovo", str(tmp_path / "t.xlsx")]) == 0
    assert "(formula eagles)" in capsys.readouterr().out


# --- what each command says -------------------------------------------------------------

def test_every_command_says_what_it_did(drawn, tmp_path, capsys):
    book = OpenpyxlBook(drawn)
    simulate.play(book, 1, "Qualificazione", "comandi")
    book.save()
    capsys.readouterr()
    said = {}
    for args in (["classifica", str(drawn)], ["verifica", str(drawn)],
                 ["esporta", str(drawn), str(tmp_path / "valori.xlsx")],
                 ["referti", str(drawn), "--turno", "1", "--out", str(tmp_path / "r.html")],
                 ["pubblica", str(drawn), "--out", str(tmp_path / "p.txt")],
                 ["ritira", str(drawn), "G002"], ["ripristina", str(drawn)]):
        assert cli.main(args) == 0, args
        captured = capsys.readouterr()
        said[args[0]] = captured.out.strip()
        assert captured.err == ""  # not a terminal: no progress line
        assert 1 <= len(said[args[0]].splitlines()) <= 2, said[args[0]]
    assert said["classifica"].startswith("Classifica aggiornata: 12 giocatori")
    assert said["verifica"].endswith("1 sorteggio ripetuto; nessuna differenza.")
    assert said["esporta"].endswith("valori.xlsx: copia con i soli valori (senza formule né "
                                    "macro)")
    assert said["referti"].endswith("r.html: referti del turno 1, uno per tavolo, uno per pagina")
    assert said["pubblica"].endswith("p.txt: post dell'ultimo turno (formato bbcode-vb)")
    assert said["ritira"].startswith("Ritiro registrato:")
    assert said["ripristina"].startswith("Ripristinata in")


def test_classifica_with_no_result_says_so(drawn, capsys):
    capsys.readouterr()
    assert cli.main(["classifica", str(drawn)]) == 0
    assert capsys.readouterr().out == ("Classifica vuota: nessun risultato inserito "
                                       "(12 iscritti)\n")


def test_progress_only_on_a_terminal(drawn, capsys, monkeypatch):
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    assert cli.main(["classifica", str(drawn)]) == 0
    shown = screen.getvalue()
    assert "\rLettura di serata.xlsx…" in shown and "\rCalcolo della classifica…" in shown
    assert "\rSalvataggio di serata.xlsx…" in shown
    assert shown.endswith("\r") and shown.rsplit("\r", 2)[-2].strip() == ""  # cleared


# --- messages ---------------------------------------------------------------------------

def test_an_empty_cell_is_said_so():
    err = RisikoError("valore mancante", foglio="Risultati", riga=4, colonna="Turno",
                      valore=None)
    assert str(err) == "Foglio Risultati, riga 4, colonna Turno: valore mancante (la cella è " \
                       "vuota)"
    assert "(valore trovato: 'x')" in str(RisikoError("no", valore="x"))


def test_pubblica_before_any_draw_names_no_round_with_a_question_mark(tmp_path, capsys):
    path = tmp_path / "vuoto.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "lu_castidduzzu"]) == 0
    assert cli.main(["pubblica", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "turno ?" not in err and "vuota" not in err and "nessun turno sorteggiato" in err


def test_pubblica_after_a_draw_announces_the_tables(drawn, capsys):
    capsys.readouterr()
    assert cli.main(["pubblica", str(drawn)]) == 0
    assert "Tavoli" in capsys.readouterr().out


# --- the history ------------------------------------------------------------------------

def test_a_save_that_changes_nothing_adds_no_version(drawn, capsys):
    book = OpenpyxlBook(drawn)
    simulate.play(book, 1, "Qualificazione", "comandi")
    book.save()
    assert cli.main(["classifica", str(drawn)]) == 0
    kept = len(history.versions(drawn))
    assert cli.main(["classifica", str(drawn)]) == 0
    assert cli.main(["classifica", str(drawn)]) == 0
    assert len(history.versions(drawn)) == kept
    assert backup_path(drawn).exists()  # the backup is kept as always
    assert cli.main(["ritira", str(drawn), "G001"]) == 0  # a change: a version
    assert len(history.versions(drawn)) == kept + 1


def test_same_values_ignores_styles(drawn, tmp_path):
    import openpyxl
    from openpyxl.styles import Font

    copy = tmp_path / "copia.xlsx"
    workbook = openpyxl.load_workbook(drawn)
    workbook["Risultati"]["A2"].font = Font(bold=True)
    workbook["Risultati"].column_dimensions["F"].width = 40
    workbook.save(copy)
    assert history.same_values(drawn, copy)
    workbook["Risultati"]["G2"] = 37
    workbook.save(copy)
    assert not history.same_values(drawn, copy)


def test_ritira_by_full_name_when_a_nickname_is_shown(tmp_path, capsys):
    path = tmp_path / "t.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "master"]) == 0
    assert cli.main(["iscrivi", str(path), "Giuseppe D'Amico", "--nickname", "Peppe"]) == 0
    assert cli.main(["iscrivi", str(path), "Anna Neri", "--nickname", "Annina"]) == 0
    capsys.readouterr()
    assert cli.main(["ritira", str(path), "giuseppe d'amico"]) == 0
    assert "(G01)" in capsys.readouterr().out
    assert cli.main(["ritira", str(path), "ANNINA"]) == 0
    assert "(G02)" in capsys.readouterr().out


def test_names_typed_with_bidi_controls_print_as_typed_letters(tmp_path, capsys):
    """Found by an adversary: «Giu\u202eseppe» typed in Excel printed reversed in the
    table lines `sorteggia` gives to be read out in the room."""
    path = tmp_path / "bidi.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "lu_castidduzzu"]) == 0
    book = OpenpyxlBook(path)
    rows = simulate.players(8, 3, "bidi")
    rows[0]["Nome"] = "Giu\u202eseppe"
    simulate.register(book, rows)
    book.save()
    capsys.readouterr()
    assert cli.main(["sorteggia", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Giuseppe" in out and "\u202e" not in out


def test_pubblica_out_dash_is_the_screen_and_no_section_is_refused(drawn, capsys):
    """Found by an adversary: `--out -` wrote a file named «-» (and «-.bak»);
    `--sezioni ,` gave an empty post with exit 0."""
    capsys.readouterr()
    assert cli.main(["pubblica", str(drawn), "--out", "-"]) == 0
    assert "Turno 1" in capsys.readouterr().out and not Path("-").exists()
    assert cli.main(["pubblica", str(drawn), "--sezioni", ","]) == cli.EXIT_BAD_INPUT
    assert "nessuna sezione" in capsys.readouterr().err
