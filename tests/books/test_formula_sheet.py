"""The formula lives in the workbook (issue 25, «The formula lives in the workbook»): every
new workbook carries its whole formula in the `Formula` sheet, one rule per row; a
workbook moved to another computer runs with nothing beside it; the settings typed in
Impostazioni keep their meaning, a rule written in both places is refused naming both;
every bad row is refused with sheet, row, column and value; a workbook of the previous
release (no sheet) opens and plays on."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest

from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.formulas import load, names
from risiko_xl.formulas.dump import to_json
from risiko_xl.sheets.formula_sheet import book_formula, sheet_rows
from tests.casebook.runner import append_rows, set_setting, update_rows
from tests.support.command_line import run

FIXTURES = Path(__file__).parents[1] / "fixtures"



def set_rule(path: Path, rule: str, value: object, variant: str | None = None) -> None:
    """Type a rule's value in the Formula sheet as an organiser does (a new row when the
    rule has none)."""
    wb = openpyxl.load_workbook(path)
    found = update_rows(wb, "Regole", lambda r: r.get("Regola") == rule
                        and (r.get("Variante") or None) == variant, {"Valore": value})
    if not found:
        append_rows(wb, "Regole", [{"Regola": rule, "Valore": value, "Variante": variant}])
    wb.save(path)


def setting(path: Path, key: str, value: object) -> None:
    wb = openpyxl.load_workbook(path)
    set_setting(wb, key, value)
    wb.save(path)


@pytest.mark.parametrize("name", names())
def test_a_new_workbook_carries_its_whole_formula(tmp_path, name):
    path = tmp_path / "t.xlsx"
    assert run("nuovo", path, "--formula", name)[0] == 0
    book = OpenpyxlBook(path)
    assert sheet_rows(book)
    preset = load(name)
    if preset.variants:  # eagles: the sheet holds both variants, each read back whole
        for variant in preset.variants:
            setting(path, "Variante formula", variant.key)
            assert book_formula(OpenpyxlBook(path)) == variant.formula
    else:
        assert book_formula(book) == preset


@pytest.mark.lento  # more than a second: the full suite
def test_a_formula_file_is_copied_in_and_the_workbook_travels_alone(tmp_path):
    """«nuovo --formula mia.json writes only the formula's name into the workbook: the next
    command fails with «formula sconosciuta»» (issue 25): now the file's rules are in the
    sheet; the workbook moved to another folder without the file draws and ranks."""
    mine = json.loads(to_json(load("master")))
    mine.update(name="interno_club", title="Torneo interno del club")
    mine["standings"]["rounds"] = 3
    mine["phases"]["direct"] = {"rule": "first", "count": 2}
    source = tmp_path / "mia.json"
    source.write_text(json.dumps(mine), encoding="utf-8")
    path = tmp_path / "serata.xlsx"
    assert run("nuovo", path, "--formula", source)[0] == 0
    source.unlink()
    moved = tmp_path / "altrove" / "serata.xlsx"
    moved.parent.mkdir()
    shutil.move(path, moved)
    for i in range(8):
        assert run("iscrivi", moved, f"Nome{i} Cognome{i}")[0] == 0
    code, out = run("sorteggia", moved)
    assert code == 0, out
    code, out = run("formula", moved)
    assert code == 0 and "Formula «interno_club», nel foglio Formula" in out
    assert "3 turni preliminari" in out and "I primi 2 in finale" in out


def test_a_rule_written_in_both_places_is_refused_naming_both(tmp_path):
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "rtu")
    set_rule(path, "Scarti", 2)  # Impostazioni says 1 (written by nuovo)
    code, out = run("classifica", path)
    assert code == 2
    assert "«Scarti» è scritta due volte" in out and "Impostazioni (riga" in out \
        and "foglio Formula (riga" in out, out


def test_the_same_value_in_both_places_is_no_conflict(tmp_path):
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "rtu")
    set_rule(path, "Scarti", 1)
    assert run("classifica", path)[0] == 0


def test_impostazioni_keeps_its_meaning_in_a_new_workbook(tmp_path):
    """«Turni preliminari», «Scarti» and «Metodo punteggio» typed in Impostazioni choose for
    this tournament, as before (the casebook's settings)."""
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "rtu")
    setting(path, "Turni preliminari", 2)
    setting(path, "Metodo punteggio", "piazzamento")
    formula = book_formula(OpenpyxlBook(path))
    assert formula.standings.rounds == 2 and formula.scoring.name == "piazzamento"


def test_the_sheet_holds_a_rule_when_impostazioni_is_blank(tmp_path):
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "master")
    setting(path, "Scarti", None)
    set_rule(path, "Scarti", 1)
    setting(path, "Turni preliminari", 4)
    assert book_formula(OpenpyxlBook(path)).standings.drops == 1


@pytest.mark.parametrize(("rule", "value", "column", "words"), [
    ("Scarto", 1, "Regola", ["regola sconosciuta", "forse intendevi «Scarti»?"]),
    ("Finalisti diretti", "i primi in clasifica", "Valore",
     ["regola «Finalisti diretti»", "regola sconosciuta",
      "forse intendevi «i primi in classifica»?"]),
    ("Ripescati dal posto", 10, "Valore",
     ["regola «Ripescati dal posto»", "non si applica", "ripescati"]),
    ("Giocatori in finale", 8, "Valore", ["regola «Giocatori in finale»", "da 3 a 6"]),
    ("Numero finalisti diretti", "fino a 17: 2", "Valore", ["manca «oltre: N»"]),
    ("Posti in classifica", "dal 9° al 3°", "Valore", ["intervallo al contrario"]),
])
def test_a_bad_row_is_refused_on_its_cell(tmp_path, rule, value, column, words):
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "master")
    set_rule(path, rule, value)
    code, out = run("classifica", path)
    assert code == 2 and "Foglio Formula, riga " in out and f"colonna {column}" in out, out
    for word in words:
        assert word in out, out


def test_a_rule_of_a_structure_switched_off_is_refused(tmp_path):
    """interno has a ripescato: with no phase before the final it cannot apply (a rule
    left at the phase's own value, as «Club separati» sì, is no choice and passes)."""
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "interno")
    set_rule(path, "Fase prima della finale", "nessuna")
    code, out = run("classifica", path)
    assert code == 2 and "non si applica" in out and "«nessuna»" in out, out
    assert "regola «Ripescati»" in out or "regola «Finalisti diretti»" in out, out


def test_parallel_tournaments_need_semifinals(tmp_path):
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "master")
    set_rule(path, "Fase prima della finale", "nessuna")
    code, out = run("classifica", path)
    assert code == 2 and "i tornei paralleli ci sono solo con le semifinali" in out, out


@pytest.mark.lento  # more than a second: the full suite
def test_a_preset_chosen_in_impostazioni_is_written_in_the_sheet(tmp_path):
    """«Formula» typed in Impostazioni keeps its meaning: while the sheet holds a preset as
    shipped, another preset chosen there replaces it (the sheet written again)."""
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "master")
    setting(path, "Formula", "lu_castidduzzu")
    for key in ("Metodo punteggio", "Turni preliminari", "Scarti"):
        setting(path, key, None)
    for i in range(8):
        run("iscrivi", path, f"Nome{i} Cognome{i}")
    code, out = run("sorteggia", path)
    assert code == 0, out
    book = OpenpyxlBook(path)
    assert book_formula(book) == load("lu_castidduzzu")
    assert next(r.value for r in sheet_rows(book) if r.rule == "Nome della formula") \
        == "lu_castidduzzu"


def test_another_formula_over_a_sheet_changed_by_hand_is_refused_with_the_way_on(tmp_path):
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "master")
    set_rule(path, "Club separati", "no")
    setting(path, "Formula", "eagles")
    code, out = run("classifica", path)
    assert code == 2 and "cambiata a mano" in out and "formula FILE --da eagles" in out, out
    assert run("formula", path, "--da", "eagles")[0] == 0
    assert run("classifica", path)[0] == 0


def test_set_rules_from_the_command_line(tmp_path):
    """`formula --imposta` writes where the rule lives and says the formula again."""
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "master")
    code, out = run("formula", path, "--imposta", "Scarti=1", "--imposta",
                    "Finalisti diretti=i primi in classifica", "--imposta",
                    "Numero finalisti diretti=2", "--imposta",
                    "Ripescati=miglior partita singola", "--imposta", "Ripescati dal posto=10",
                    "--imposta", "Partite minime per il ripescaggio=3", "--imposta",
                    "Tornei paralleli oltre giocatori=nessuno", "--imposta",
                    "Turni preliminari=9", "--imposta", "Scarti=3")
    assert code == 0, out
    assert ("I primi 2 in finale; semifinali: dal 3° al 9° più un ripescato: miglior partita "
            "singola tra gli esclusi dal 10° posto in giù che hanno giocato almeno 3 partite; "
            "2 tavoli da 4") in out, out
    assert "9 turni preliminari, 3 scarti (assenze comprese" in out


def test_notes_are_cleared_and_added_from_the_command_line(tmp_path):
    """The organiser's evening: the preset's notes replaced by the club's own, one row a
    note (`Nota=` removes them, `Nota=testo` adds one); the formula says them."""
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "interno")
    code, out = run("formula", path, "--imposta", "Nota=", "--imposta",
                    "Nota=Si gioca il giovedì alle 21", "--imposta",
                    "Nota=Chi arriva dopo le 21:15 salta il turno")
    assert code == 0, out
    notes = [line for line in out.splitlines() if line.startswith("Nota: ")]
    assert notes == ["Nota: Si gioca il giovedì alle 21",
                     "Nota: Chi arriva dopo le 21:15 salta il turno"]
    assert "salvo le note" in out
    assert book_formula(OpenpyxlBook(path)).notes == ("Si gioca il giovedì alle 21",
                                        "Chi arriva dopo le 21:15 salta il turno")


def test_a_refused_value_from_the_command_line_writes_nothing(tmp_path):
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "master")
    before = path.read_bytes()
    code, out = run("formula", path, "--imposta", "Ripescati dal posto=10")
    assert code == 2 and "non si applica" in out
    assert path.read_bytes() == before


def test_export_and_import_a_formula_file(tmp_path):
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "eagles")
    code, out = run("formula", path, "--esporta", tmp_path / "eagles.json")
    assert code == 0, out
    assert load(tmp_path / "eagles.json") == load("eagles")


@pytest.mark.lento  # more than a second: the full suite
def test_a_workbook_of_the_previous_release_plays_on(tmp_path):
    """A master tournament made by the previous release, one round played and ranked (no
    Formula sheet): the second round, the standings, the semifinals as before."""
    path = tmp_path / "vecchio.xlsx"
    shutil.copyfile(FIXTURES / "torneo_0_23.xlsx", path)
    assert sheet_rows(OpenpyxlBook(path)) is None
    assert book_formula(OpenpyxlBook(path)) == load("master")
    code, out = run("sorteggia", path)
    assert code == 0, out
    wb = openpyxl.load_workbook(path)
    points = iter([44, 33, 22, 11] * 4)
    update_rows(wb, "Risultati", lambda r: r.get("Turno") == 2,
                {"Punti fuori obiettivo": 1})
    ws = wb["Risultati"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == 2:
            row[6].value = next(points)
    wb.save(path)
    code, out = run("classifica", path)
    assert code == 0, out
    code, out = run("finali", path)
    assert code == 0 and "Semifinali" in out, out
    code, out = run("formula", path)
    assert "dal programma" in out
    code, out = run("verifica", path)
    assert code == 0, out


def test_an_old_workbook_gets_its_sheet_when_a_rule_is_set(tmp_path):
    path = tmp_path / "vecchio.xlsx"
    shutil.copyfile(FIXTURES / "torneo_0_23.xlsx", path)
    code, out = run("formula", path, "--imposta", "Club separati=no")
    assert code == 0 and "Foglio Formula scritto con la formula «master»" in out, out
    formula = book_formula(OpenpyxlBook(path))
    assert formula.phases.stage is not None and not formula.phases.stage.club_separation


def test_a_name_given_in_the_sheet_is_followed_by_impostazioni(tmp_path):
    """The guide: «Dare un nome e un titolo alla propria formula («Nome della formula»,
    «Titolo»)» — typed in the sheet, Impostazioni's «Formula» follows it."""
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "interno")
    set_rule(path, "Nome della formula", "ciak_2026")
    set_rule(path, "Club separati", "no")
    assert run("classifica", path)[0] == 0
    book = OpenpyxlBook(path)
    assert book.settings()["Formula"] == "ciak_2026"
    assert book_formula(book).name == "ciak_2026"


def test_a_late_arrival_who_cannot_reach_the_minimum_is_refused(tmp_path):
    """Marsala 2011: «Ogni iscritto dovrà disputare almeno due incontri. Non sarà possibile
    iscriversi per disputare un solo incontro»: with 3 rounds and 2 games asked, an entry
    at round 3 is refused (--forza registers anyway)."""
    path = tmp_path / "t.xlsx"
    run("nuovo", path, "--formula", "interno")
    run("formula", path, "--imposta", "Turni preliminari=3", "--imposta", "Scarti=0",
        "--imposta", "Partite minime per la classifica=2")
    code, out = run("iscrivi", path, "Mario Rossi", "--dal-turno", "3")
    assert code == 2 and "al più 1 partita" in out and "almeno 2" in out, out
    assert run("iscrivi", path, "Mario Rossi", "--dal-turno", "2")[0] == 0
