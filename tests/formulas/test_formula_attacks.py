"""The adversary's hour on the formula's doors (issue 25): what got through, each now
refused with one Italian line (exit 2) and the workbook unchanged, or handled as an
organiser expects. Each case is the attack as it was run; the expected outcome is the
rule it broke, never what the program printed.

- one range value («dal 3° al 999999999°») took 24 GB: places stop at 10.000;
- «1.000», «1e3», «inf» read as 1, 1000 or crashed: a number typed as text is digits and
  the decimal comma (docs/IMPOSTAZIONI.md, «Numeri scritti come testo»), at most a billion;
- a 40.000-character text was cut to the 32.767 a cell holds, without a word;
- «Nome della fase» = «Finale» wrote the spareggio as a final: it is «spareggio» or
  «ripescaggio», the words the Fase column reads back;
- `--esporta '~$t.xlsx'` took the name of Excel's owner file: refused;
- a formula change the played tournament cannot follow (five rounds played, «Turni
  preliminari» 2) was saved and every command then refused the workbook;
- Impostazioni «Formula» changed on a played tournament rewrote it silently: now said;
- `formula --da` dropped the organiser's own column beside the rules;
- `decidi` seated a player who withdrew afterwards, and a direct finalist in a seated
  semifinal (the workbook then locked).
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from tests.casebook.runner import append_rows, set_setting
from tests.support.command_line import run
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento



def refused(path: Path, *argv: object, says: str) -> None:
    """The command exits 2 naming `says` in one line, and the workbook is unchanged."""
    before = path.read_bytes()
    code, out = run(*argv)
    assert code == 2, out
    assert says in out and len(out.strip().splitlines()) == 1, out
    assert path.read_bytes() == before


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """`interno`, 16 players, the five rounds played and ranked."""
    path = tmp_path_factory.mktemp("attacchi") / "t16.xlsx"
    new_with_players(path, "interno", 16, 8, "attacchi", name="Attacchi")
    for round_no in range(1, 6):
        assert run("sorteggia", path)[0] == 0
        book = OpenpyxlBook(path)
        simulate.play(book, round_no, "Qualificazione", "attacchi")
        book.save()
        assert run("classifica", path)[0] == 0
    return path


def copy(played: Path, tmp_path: Path, name: str = "t.xlsx") -> Path:
    target = tmp_path / name
    target.write_bytes(played.read_bytes())
    return target


@pytest.mark.parametrize(("assignment", "says"), [
    ("Posti in classifica=dal 3° al 999999999°", "posizione oltre 10000"),
    ("Un torneo parallelo in più oltre=dal 3° al 99999999°", "posizione oltre 10000"),
    ("Valore di un punto tavolo=1.000", "niente punti"),
    ("Valore di un punto tavolo=1e3", "esponenti"),
    ("Valore di un punto tavolo=1_000", "serve un numero"),
    ("Valore di un punto tavolo=inf", "serve un numero"),
    ("Ripescati dal posto=1.0", "serve un numero"),
    ("Ripescati dal posto=decimo", "in cifre"),
    ("Bonus per posizione=1.000; 500", "serve un numero"),
    ("Ricorsi entro ore=100000000", "da 0 a 8784"),
    ("Nome della fase=Finale", "ammessi: spareggio, ripescaggio"),
    ("Descrizione=" + "x" * 40_000 + " FINE", "al massimo 32767"),
])
def test_a_rule_no_tournament_holds_is_refused(tmp_path, assignment, says):
    path = tmp_path / "c.xlsx"
    run("nuovo", path, "--formula", "interno")
    refused(path, "formula", path, "--imposta", assignment, says=says)


@pytest.mark.parametrize(("formula", "assignment", "cell"), [
    ("interno", "Bonus per posizione degli eliminati=1; 0,5", "1; 0,5"),  # the reference's
    ("gufo", "Bonus per posizione=12; 7,5; 5", "12; 7,5; 5"),  # example, in points
])
def test_points_are_read_in_the_methods_own_units(tmp_path, formula, assignment, cell):
    path = tmp_path / "c.xlsx"
    run("nuovo", path, "--formula", formula)
    code, out = run("formula", path, "--imposta", assignment)
    assert code == 0 and f"= {cell}" in out, out


@pytest.mark.parametrize(("data", "says"), [
    ('{"name": "x", "title": "' + "t" * 40_000 + '"}', "al massimo 32.767"),
    ('{"name": "x", "notes": [' + ", ".join(['"n"'] * 20_000) + "]}", "al massimo 10.000"),
    ('{"name": "x", "appeal_hours": ' + "9" * 5_001 + "}", "migliaia di cifre"),
    ('{"name": "x", "scoring": {"method": "millesimi", "decimals": Infinity}}',
     "numero non ammesso"),
])
def test_a_formula_file_no_tournament_holds_is_refused(tmp_path, data, says):
    source = tmp_path / "f.json"
    source.write_text(data, encoding="utf-8")
    code, out = run("nuovo", tmp_path / "n.xlsx", "--formula", source)
    assert code == 2 and says in out, out
    assert not (tmp_path / "n.xlsx").exists()


def test_the_owner_file_name_of_excel_is_no_export_target(tmp_path, played):
    path = copy(played, tmp_path)
    other = copy(played, tmp_path, "altro.xlsx")  # another tournament: never overwritten
    refused(path, "formula", path, "--esporta", other, says="in un file .json")
    assert other.read_bytes() == played.read_bytes()
    for name in ("~$t.xlsx", ".~lock.t.xlsx#"):
        refused(path, "formula", path, "--esporta", tmp_path / name,
                says="Excel o LibreOffice")
        assert not (tmp_path / name).exists()


@pytest.mark.parametrize("argv", [
    ("--imposta", "Turni preliminari=2"),
    ("--da", "master"),
])
def test_a_change_the_played_rounds_cannot_follow_is_refused(tmp_path, played, argv):
    path = copy(played, tmp_path)
    refused(path, "formula", path, *argv, says="con la formula cambiata il torneo giocato")
    assert run("classifica", path)[0] == 0  # still the tournament it was


def test_another_formula_in_impostazioni_of_a_played_tournament_is_said(tmp_path, played):
    # the organiser corrects the preset (tests/files/test_nothing_lost.py): allowed, never silent
    path = copy(played, tmp_path)
    wb = openpyxl.load_workbook(path)
    set_setting(wb, "Formula", "master")
    wb.save(path)
    code, out = run("classifica", path)
    assert code == 0, out
    assert ("Formula cambiata in Impostazioni: da «interno» a «master»; foglio Formula "
            "riscritto; i 80 risultati già scritti sono letti con la nuova formula") in out


def test_the_organisers_column_beside_the_rules_survives_a_new_formula(tmp_path):
    path = tmp_path / "c.xlsx"
    run("nuovo", path, "--formula", "interno")
    wb = openpyxl.load_workbook(path)
    sheet = wb["Formula"]
    sheet.cell(1, 6).value = "Commenti"
    ref = sheet.tables["Regole"].ref
    sheet.tables["Regole"].ref = ref[:ref.index(":") + 1] + "F" + ref.rsplit("E", 1)[1]
    row = next(r[0].row for r in sheet.iter_rows(min_row=2) if r[1].value == "Scarti")
    sheet.cell(row, 6).value = "deciso in assemblea"
    wb.save(path)
    code, out = run("formula", path, "--da", "master")
    assert code == 0 and "Colonne aggiunte mantenute" in out, out
    wb = openpyxl.load_workbook(path)
    rows = {r[1].value: r[5].value for r in wb["Formula"].iter_rows(min_row=2)}
    assert rows["Scarti"] == "deciso in assemblea"


def test_a_decision_for_a_player_who_withdrew_lapses(tmp_path, played):
    path = copy(played, tmp_path)
    last = OpenpyxlBook(path).read_table("Classifica").rows[-1]["ID"]  # nobody's seat
    code, out = run("decidi", path, "--fase", "Semifinale", "--entra", last, "--tavolo", "1",
                    "--motivo", "scelto dall'arbitro")
    assert code == 0, out
    assert run("ritira", path, last)[0] == 0
    code, out = run("finali", path)
    assert code == 0 and "non applicata" in out, out
    seated = [r["ID"] for r in OpenpyxlBook(path).read_table("Risultati")
              if r["Fase"] == "Semifinale"]
    assert last not in seated and len(seated) == 8


def test_a_direct_finalist_cannot_take_a_semifinal_seat(tmp_path, played):
    path = copy(played, tmp_path)
    assert run("finali", path)[0] == 0
    listed = OpenpyxlBook(path).read_table("Qualificati")
    direct = next(r["ID"] for r in listed if r["Fase"] == "Finale")
    seated = next(r["ID"] for r in listed if r["Fase"] == "Semifinale")
    refused(path, "decidi", path, "--fase", "Semifinale", "--entra", direct, "--esce", seated,
            "--motivo", "prova", says="è già qualificato per la fase Finale")


@pytest.mark.parametrize(("tables", "says"), [("1: G99", "ID non iscritto"),
                                              ("x: G15", "non leggibile")])
def test_a_decision_row_spoiled_by_hand_is_named(tmp_path, played, tables, says):
    path = copy(played, tmp_path)
    wb = openpyxl.load_workbook(path)
    append_rows(wb, "Sorteggi", [{"Turno": 6, "Fase": "Semifinale",
                                  "Procedura": "decisione dell'arbitro", "Tavoli": tables,
                                  "Note": "in più; motivo: prova"}])
    wb.save(path)
    refused(path, "finali", path, says=says)
