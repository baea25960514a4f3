"""Typed data counted or refused: rows outside a table, formulas, settings written twice.

Excel extends a table when one types right below it; openpyxl, LibreOffice and Numbers
leave the range alone. Rows typed right below a table people type into (Iscritti,
Risultati, Impostazioni, Calendario) are taken into it; values typed further down, after
empty rows, are refused naming the row; a table that must grow never writes over a
non-empty cell below it.
"""

from __future__ import annotations

import hashlib

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.tournament.loading import load

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

PLAYERS = [(f"G{i:02d}", f"Nome{i}", f"Cognome{i}", f"Club{i % 3}") for i in range(1, 9)]
POINTS = [60, 40, 30, 20, 50, 45, 35, 25]


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def type_below(path, sheet_name, table_name, rows, gap=0):
    """Type `rows` (dicts by header) below the table, outside its range, as LibreOffice
    would leave them; `gap` empty rows first."""
    book = openpyxl.load_workbook(path)
    sheet = book[sheet_name]
    table = sheet.tables[table_name]
    left, top, right, bottom = range_boundaries(table.ref)
    headers = [sheet.cell(top, c).value for c in range(left, right + 1)]
    row = bottom + 1 + gap
    for values in rows:
        for header, value in values.items():
            sheet.cell(row, left + headers.index(header)).value = value
        row += 1
    book.save(path)
    return bottom + 1 + gap


def new_tournament(tmp_path):
    path = tmp_path / "torneo.xlsx"
    assert cli.main(["new", str(path), "--formula", "master", "--nome", "Prova"]) == 0
    type_below(path, "Iscritti", "Iscritti", [
        {"ID": i, "Nome": n, "Cognome": c, "Club": k, "Stato": "Attivo", "Dal turno": 1}
        for i, n, c, k in PLAYERS])
    return path


def result_rows():
    return [{"Turno": 1, "Fase": "Qualificazione", "Tavolo": 1 + i // 4, "Ordine": i % 4 + 1,
             "ID": PLAYERS[i][0], "Punti obiettivo": POINTS[i], "RisiKo!": "N",
             "Eliminato": "N"} for i in range(8)]


def test_rows_typed_right_below_the_tables_are_taken_in(tmp_path):
    path = new_tournament(tmp_path)
    type_below(path, "Risultati", "Risultati", result_rows())
    assert cli.main(["standings", str(path)]) == 0
    book = OpenpyxlBook(path)
    standings = book.read_table(schema.standings_spec(2).name)
    assert len(standings) == 8
    # 001 §7: the winner scores 1 + points/1000 → G01 (60) 1,060 leads, G05 (50) 1,050
    assert standings.column("ID")[:2] == ["G01", "G05"]
    assert len(load(book).results) == 8
    # the tables now cover the typed rows: the next draw cannot write over them
    assert cli.main(["draw", str(path), "--turno", "2"]) == 0
    frame = OpenpyxlBook(path).read_table(schema.RESULTS.name)
    assert sorted(r["Punti obiettivo"] for r in frame if r["Turno"] == 1) == sorted(POINTS)
    assert sum(r["Turno"] == 2 for r in frame) == 8


def test_values_typed_further_down_are_refused_naming_the_row(tmp_path, capsys):
    path = new_tournament(tmp_path)
    row = type_below(path, "Risultati", "Risultati", result_rows()[:4], gap=3)
    before = digest(path)
    for command in (["standings"], ["draw"]):
        assert cli.main([*command, str(path)]) == cli.EXIT_BAD_INPUT
        err = capsys.readouterr().err
        assert f"riga {row}" in err and "Risultati" in err and "staccati" in err
        assert digest(path) == before


def test_a_growing_table_never_writes_over_what_was_typed_below_it(tmp_path, capsys):
    path = new_tournament(tmp_path)
    type_below(path, "Risultati", "Risultati", result_rows())
    book = openpyxl.load_workbook(path)
    book["Classifica"]["B6"] = "nota dell'organizzatore"
    book.save(path)
    before = digest(path)
    assert cli.main(["standings", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "riga 6" in err and "Classifica" in err and "nota dell'organizzatore" in err
    assert digest(path) == before


def test_formulas_typed_in_a_table_survive_a_save_with_their_values(tmp_path):
    """A formula typed in Iscritti (a name, a club) is what the user typed: a command that
    leaves its value keeps the formula, and the value the spreadsheet saved for it."""
    from risiko_xl.books import formula_cache

    path = new_tournament(tmp_path)
    assert cli.main(["register", str(path), "Primo Arrivato"]) == 0  # typed rows taken in
    book = openpyxl.load_workbook(path)
    sheet = book["Iscritti"]
    row = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, 1).value == "G02")
    headers = [c.value for c in sheet[1]]
    name = sheet.cell(row, headers.index("Nome") + 1)
    club = sheet.cell(row, headers.index("Club") + 1)
    name.value, club.value = '="Nome"&"2"', '="Club"&"2"'
    book.save(path)
    formula_cache.put_back(path, {sheet.path.lstrip("/"): {name.coordinate: "Nome2",
                                                           club.coordinate: "Club2"}})
    for command in (["draw", str(path)], ["standings", str(path)],
                    ["register", str(path), "Nuovo Giocatore"]):
        assert cli.main(command) == 0
        formulas = openpyxl.load_workbook(path)["Iscritti"]
        values = openpyxl.load_workbook(path, data_only=True)["Iscritti"]
        assert formulas[name.coordinate].value == '="Nome"&"2"'
        assert formulas[club.coordinate].value == '="Club"&"2"'
        assert (values[name.coordinate].value, values[club.coordinate].value) == (
            "Nome2", "Club2")
    assert load(OpenpyxlBook(path)).by_id["G02"].name.startswith("Nome2")


@pytest.mark.libreoffice
def test_a_formula_in_a_typed_cell_counts_with_its_saved_value(tmp_path, capsys):
    """An ID typed as ="G"&"01" and a name as =UPPER(...): openpyxl computes nothing, so
    without a saved value the command says so; once LibreOffice has saved the file, the
    values it computed count, and the saved file keeps the formula with its value."""
    import shutil
    import subprocess

    from tests.support.programs import need_program

    path = new_tournament(tmp_path)
    book = openpyxl.load_workbook(path)
    sheet = book["Iscritti"]
    sheet["A3"] = '="G"&"01"'
    sheet["B3"] = '=UPPER("nome1")'
    book.save(path)
    before = digest(path)
    assert cli.main(["draw", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "formula senza valore salvato" in err and "Iscritti" in err and "riga 3" in err
    assert digest(path) == before

    soffice = need_program("soffice", "LibreOffice calcola e salva i valori delle formule")
    out = tmp_path / "calcolato"
    subprocess.run([soffice, "--headless", "--norestore",
                    f"-env:UserInstallation={(tmp_path / 'profilo').as_uri()}",
                    "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out),
                    str(path)], check=True, capture_output=True, timeout=180)
    shutil.copy(out / path.name, path)
    assert cli.main(["draw", str(path)]) == 0
    players = load(OpenpyxlBook(path)).by_id
    assert players["G01"].name.startswith("NOME1")
    assert openpyxl.load_workbook(path)["Iscritti"]["A3"].value == '="G"&"01"'
    assert openpyxl.load_workbook(path, data_only=True)["Iscritti"]["A3"].value == "G01"
    assert cli.main(["standings", str(path)]) == 0  # and the next command reads it too


def test_a_setting_written_twice_is_refused_naming_both_rows(tmp_path, capsys):
    path = new_tournament(tmp_path)
    book = openpyxl.load_workbook(path)
    sheet = book["Torneo"]
    table = sheet.tables["Impostazioni"]
    left, top, _, bottom = range_boundaries(table.ref)
    first = next(r for r in range(top + 1, bottom + 1) if sheet.cell(r, left).value == "Formula")
    sheet.cell(bottom + 1, left).value = "Formula"  # typed right below: taken into the table
    sheet.cell(bottom + 1, left + 1).value = "eagles"
    book.save(path)
    before = digest(path)
    assert cli.main(["draw", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"righe {first} e {bottom + 1}" in err and "Formula" in err and "due volte" in err
    assert digest(path) == before


def test_a_results_row_whose_id_was_cleared_is_refused(tmp_path, capsys):
    """Its game would vanish and its 4-table become a 3-table, changing the others'
    points: one located line instead, file untouched."""
    path = new_tournament(tmp_path)
    row = type_below(path, "Risultati", "Risultati", result_rows())
    book = openpyxl.load_workbook(path)
    sheet = book["Risultati"]
    headers = [c.value for c in sheet[1]]
    sheet.cell(row, headers.index("ID") + 1).value = None
    book.save(path)
    before = digest(path)
    assert cli.main(["standings", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"riga {row}" in err and "colonna ID" in err and "riga senza ID" in err
    assert "valore trovato" not in err and digest(path) == before


def test_a_player_with_a_name_but_no_id_is_refused(tmp_path, capsys):
    path = new_tournament(tmp_path)
    row = type_below(path, "Iscritti", "Iscritti", [{"Nome": "Ultimo", "Cognome": "Arrivato"}],
                     gap=len(PLAYERS))  # right after the eight players typed below the table
    before = digest(path)
    assert cli.main(["draw", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "Iscritti" in err and f"riga {row}" in err and "Ultimo" in err
    assert digest(path) == before


def test_a_drawn_round_whose_rows_changed_is_refused(tmp_path, capsys):
    """A row deleted (its game would vanish and its table shrink) or a player moved to
    another table after the draw: standings names the row, the file stays as it was."""
    path = new_tournament(tmp_path)
    assert cli.main(["draw", str(path)]) == 0
    book = openpyxl.load_workbook(path)
    sheet = book["Risultati"]
    headers = [c.value for c in sheet[1]]
    column = {h: i + 1 for i, h in enumerate(headers)}
    rows = [r for r in range(2, sheet.max_row + 1) if sheet.cell(r, column["ID"]).value]
    for r in rows:  # the results, typed
        sheet.cell(r, column["Punti obiettivo"]).value = 10 + r
    gone = sheet.cell(rows[0], column["ID"]).value
    for c in range(1, len(headers) + 1):  # the first drawn row cleared entirely
        sheet.cell(rows[0], c).value = None
    book.save(path)
    before = digest(path)
    assert cli.main(["standings", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"manca la riga di {gone}" in err and "--turno 1 --forza" in err
    assert digest(path) == before
    book = openpyxl.load_workbook(path)
    sheet = book["Risultati"]
    sheet.cell(rows[0], column["ID"]).value = gone  # back, but at the other table
    sheet.cell(rows[0], column["Turno"]).value = 1
    sheet.cell(rows[0], column["Fase"]).value = "Qualificazione"
    drawn = sheet.cell(rows[1], column["Tavolo"]).value
    other = sheet.cell(rows[-1], column["Tavolo"]).value
    sheet.cell(rows[0], column["Tavolo"]).value = other if other != drawn else drawn + 1
    sheet.cell(rows[0], column["Punti obiettivo"]).value = 5
    book.save(path)
    assert cli.main(["standings", str(path)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"riga {rows[0]}" in err and "era sorteggiato al tavolo" in err


def test_the_worksheet_functions_refuse_the_same_rows():
    """RISIKO_RISULTATI and RISIKO_CLASSIFICA read the same three tables with the same
    reader: a results row without ID, a player with a name but no ID, an unregistered ID
    give the same located message, as #RISIKO! in the cells."""
    from risiko_xl import udfs

    settings = [["Voce", "Valore"], ["Formula", "master"]]
    players = [list(schema.PLAYERS.headers)] + [
        [pid, n, c, None, k, None, "Attivo", 1, None] for pid, n, c, k in PLAYERS]
    typed = [h for h in schema.RESULTS.headers if h not in schema.RESULTS.computed]
    rows = [[r.get(h) for h in typed] for r in result_rows()]
    no_id = [list(r) for r in rows]
    no_id[0][typed.index("ID")] = None
    stranger = [list(r) for r in rows]
    stranger[0][typed.index("ID")] = "G99"
    nameless = [*players, [None, "Ultimo", "Arrivato", None, None, None, "Attivo", 1, None]]
    for iscritti, risultati, words in (
            (players, no_id, "riga senza ID"),
            (players, stranger, "non presente tra gli iscritti"),
            (nameless, rows, "riga senza ID")):
        for function in (udfs.RISIKO_RISULTATI, udfs.RISIKO_CLASSIFICA):
            cells = function(settings, iscritti, [typed, *risultati])
            text = str(cells[0][0])
            assert text.startswith("#RISIKO!") and words in text, (function.__name__, text)
