"""Formulas the organiser typed: a command that must write over one says so, and every
formula of every sheet keeps the value the spreadsheet saved for it, unless the command
changed what it reads (then it has none, rather than an old one).

The workbook goes through LibreOffice headless before the command, so the saved values
are a real spreadsheet's; the result is read back with openpyxl, python-calamine and
LibreOffice.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile

import openpyxl
import pytest
from openpyxl.utils import range_boundaries
from python_calamine import CalamineWorkbook

from risiko_xl import cli, simulate
from risiko_xl.books import formula_cache, schema
from risiko_xl.books.formula_cells import block_of, index_formula, ours
from risiko_xl.books.formula_inputs import Area, inputs, stale
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.replaced_formulas import SHOWN, Replaced, history_hint, notice
from risiko_xl.files import history, safe_open
from tests.support.lo_reader import sheets_as_csv
from tests.support.programs import need_program
from tests.support.tournament_typing import new_book

STANDINGS = schema.standings_spec(0).name


def played(tmp_path):
    """Eight players, round 1 drawn, played and ranked."""
    path = tmp_path / "torneo.xlsx"
    new_book(path, "master", 8)
    assert cli.main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    simulate.play(book, 1, "Qualificazione", "formule")
    book.save()
    assert cli.main(["classifica", str(path)]) == 0
    return path


def body_cell(sheet, table_name, header):
    """The first body cell of column `header` of `table_name`."""
    table = sheet.tables[table_name]
    left, top, right, _ = range_boundaries(table.ref)
    headers = [sheet.cell(top, c).value for c in range(left, right + 1)]
    return sheet.cell(top + 1, left + headers.index(header))


def resave_in_libreoffice(path, tmp_path):
    """Open and save `path` in LibreOffice headless: its formulas get real saved values."""
    soffice = need_program("soffice", "LibreOffice calcola e salva i valori delle formule")
    out = tmp_path / "calcolato"
    subprocess.run([soffice, "--headless", "--norestore",
                    f"-env:UserInstallation={(tmp_path / 'profilo').as_uri()}",
                    "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out),
                    str(path)], check=True, capture_output=True, timeout=180)
    shutil.copy(out / path.name, path)


@pytest.mark.libreoffice
def test_formulas_in_and_outside_the_tables(tmp_path, capsys):
    path = played(tmp_path)
    book = openpyxl.load_workbook(path)
    ranked = body_cell(book["Classifica"], STANDINGS, "Totale")
    ranked.value = "=1+1"  # typed in Classifica, which «classifica» rewrites
    players = book["Iscritti"]
    right = range_boundaries(players.tables[schema.PLAYERS.name].ref)[2]
    players.cell(2, right + 2).value = "=COUNTA(Iscritti[ID])"  # beside the table
    players.cell(3, right + 2).value = '="Nota"&" "&"fissa"'
    notes = book.create_sheet("Note")  # the organiser's own sheet
    notes["A1"], notes["A2"] = "=1+1", "=A1*3"
    notes["A3"] = "=SUM(Risultati[Posizione])"  # what the command changes
    notes["A5"] = "=SUM(Risultati[Punti obiettivo])"  # what it does not
    notes["A4"] = "=A3+1"  # and, through A3, this one
    results = book["Risultati"]
    objective = body_cell(results, schema.RESULTS.name, "Punti obiettivo")
    below = results.cell(objective.row + 1, objective.column)  # same table, next player
    assert objective.value != below.value
    objective.value, below.value = below.value, objective.value  # «classifica» reranks
    book.save(path)
    resave_in_libreoffice(path, tmp_path)
    saved = openpyxl.load_workbook(path, data_only=True)
    total = saved["Note"]["A5"].value
    assert (saved["Note"]["A1"].value, saved["Note"]["A2"].value) == (2, 6)
    assert saved["Classifica"][ranked.coordinate].value == 2
    capsys.readouterr()

    assert cli.main(["classifica", str(path)]) == 0
    err = capsys.readouterr().err
    assert (f"Classifica!{ranked.coordinate}: la formula «=1+1» scritta a mano è stata "
            "sostituita con il valore") in err
    assert f"risiko-xl ripristina «{path}» --elenco" in err
    assert err.count("scritta a mano") == 1  # ours and the others: nothing to say
    before = openpyxl.load_workbook(history.versions(path)[0].path)
    assert before["Classifica"][ranked.coordinate].value == "=1+1"  # kept in the history

    formulas = openpyxl.load_workbook(path)
    assert formulas["Note"]["A3"].value == "=SUM(Risultati[Posizione])"
    assert formulas["Iscritti"].cell(2, right + 2).value == "=COUNTA(Iscritti[ID])"
    values = openpyxl.load_workbook(path, data_only=True)
    assert [values["Note"][f"A{r}"].value for r in range(1, 6)] == [2, 6, None, None, total]
    assert values["Iscritti"].cell(2, right + 2).value == 8
    assert values["Iscritti"].cell(3, right + 2).value == "Nota fissa"
    calamine = CalamineWorkbook.from_path(str(path))
    assert [row[0] for row in calamine.get_sheet_by_name("Note").to_python()] == [
        2, 6, "", "", total]

    shown = sheets_as_csv(path, tmp_path / "csv")  # LibreOffice opens it, computes A3, A4
    positions = sum(r["Posizione"] for r in OpenpyxlBook(path).read_table(
        schema.RESULTS.name) if r["Turno"] == 1)
    assert [row[0] for row in shown["Note"]] == [
        "2", "6", str(positions), str(positions + 1), str(total)]


def test_inputs_of_a_formula():
    book = openpyxl.Workbook()
    book.active.title = "Uno"
    book.create_sheet("Altro foglio")
    assert inputs(book, "=SUM($A$1:B2)+'Altro foglio'!C:C", "Uno", 9, 9) == [
        Area("Uno", 1, 1, 2, 2), Area("Altro foglio", 3, None, 3, None)]
    assert inputs(book, '=NOW()&"x"', "Uno", 1, 1) == []
    assert inputs(book, "=[1]Foglio!A1", "Uno", 1, 1) == []  # another workbook
    for unknown in ('=INDIRECT("A1")', "=OFFSET(A1,1,1)", "=Sconosciuto+1",
                    "=Uno:Altro!A1", "=Manca[ID]", "=A1:INDEX(B:B,2)"):
        assert inputs(book, unknown, "Uno", 1, 1) is None, unknown


def test_inputs_of_a_table_reference():
    """Columns by name, the formula's row for `[@…]`, the whole table otherwise."""
    from openpyxl.worksheet.table import Table

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Risultati"
    sheet.append(["ID", "Punti obiettivo", "Doppio"])
    for r in range(3):
        sheet.append([f"G0{r}", r, None])
    sheet.add_table(Table(displayName="Risultati", ref="A1:C4"))
    assert inputs(book, "=[@[Punti obiettivo]]*2", "Risultati", 3, 3) == [
        Area("Risultati", 2, 3, 2, 3)]
    assert inputs(book, "=[@Punti obiettivo]*2", "Risultati", 3, 3) == [
        Area("Risultati", 2, 3, 2, 3)]
    assert inputs(book, "=Risultati[[#This Row],[ID]]", "Risultati", 4, 3) == [
        Area("Risultati", 1, 4, 1, 4)]
    assert inputs(book, "=SUM(Risultati[Punti obiettivo])", "Risultati", 9, 9) == [
        Area("Risultati", 2, 1, 2, None)]
    assert inputs(book, "=COUNTA(Risultati[[ID]:[Punti obiettivo]])", "Risultati", 9, 9) == [
        Area("Risultati", 1, 1, 2, None)]
    whole = [Area("Risultati", 1, 1, 3, None)]
    assert inputs(book, "=ROWS(Risultati[#All])", "Risultati", 9, 9) == whole
    assert inputs(book, "=ROWS(Risultati)", "Risultati", 9, 9) == whole
    assert inputs(book, "=SUM(Risultati[Manca])", "Risultati", 9, 9) == whole


def test_a_formula_is_stale_when_what_it_reads_changed_even_through_another():
    book = openpyxl.Workbook()
    book.active.title = "Uno"
    formulas = {("Uno", 1, 2): "=A1*2", ("Uno", 1, 3): "=B1+1", ("Uno", 1, 4): "=A9",
                ("Uno", 1, 5): "=1", ("Uno", 1, 6): "=INDIRECT(\"A1\")"}
    assert stale(book, formulas, [("Uno", 1, 1)]) == {("Uno", 1, 2), ("Uno", 1, 3),
                                                      ("Uno", 1, 6)}
    assert stale(book, formulas, []) == set()
    assert stale(book, formulas, [], rewritten=["Uno"]) == {
        ("Uno", 1, c) for c in (2, 3, 4, 6)}  # a constant formula reads nothing


@pytest.mark.lento  # a tournament played through the CLI
def test_the_saved_values_of_formulas_no_command_touched_are_kept(tmp_path):
    """Without LibreOffice: values put into the file as a spreadsheet saves them."""
    path = played(tmp_path)
    book = openpyxl.load_workbook(path)
    notes = book.create_sheet("Note")
    notes["A1"], notes["A2"] = '="G"&"01"', "=COUNTA(Iscritti[ID])"
    notes["A3"] = "=COUNTA(Risultati[ID])"
    book.save(path)
    formula_cache.put_back(path, {notes.path.lstrip("/"): {"A1": "G01", "A2": 8, "A3": 8}})
    assert cli.main(["sorteggia", str(path)]) == 0  # writes Risultati, not Iscritti
    values = openpyxl.load_workbook(path, data_only=True)["Note"]
    assert (values["A1"].value, values["A2"].value, values["A3"].value) == ("G01", 8, None)


def test_the_notice_names_each_cell_then_sums_up():
    replaced = [Replaced("Classifica", f"C{r}", f"=B{r}*2", r) for r in range(2, 10)]
    lines = notice(replaced, history_hint("t.xlsx"))
    assert len(lines) == SHOWN + 1
    assert lines[0] == ("Attenzione: Classifica!C2: la formula «=B2*2» scritta a mano è stata "
                        "sostituita con il valore 2; la formula resta nello storico: "
                        "risiko-xl ripristina «t.xlsx» --elenco")
    assert lines[-1].startswith("Attenzione: altre 3 formule scritte a mano sono state "
                                "sostituite con valori (Classifica!C7, Classifica!C8, "
                                "Classifica!C9)")
    assert notice([Replaced("Risultati", "H5", "=I2*2", None)], "x")[0].endswith(
        "sostituita con la cella vuota; x")
    assert notice([], "x") == []


def test_our_own_formulas_are_told_apart():
    assert ours(index_formula("Risultati", block_of(4, 2, 3), 2))
    assert not ours("=I2*2")
    assert not ours("=INDEX(Altro!$B$4:$D$9,ROW()-ROW(Risultati[#Headers]),2)")


@pytest.mark.lento  # the ribbon on an xlwings stand-in
def test_excel_keeps_a_formula_whose_value_stays_and_says_which_it_replaced(
        tmp_path, monkeypatch):
    """Classic Excel reads a table's formulas with its values (xlwings Lite cannot: its
    engine reads formulas only asynchronously). The stand-in's engine is xlwings Lite's,
    so its `Range.formula` is given the formulas typed here."""
    from risiko_xl import actions
    from risiko_xl.demo import DEMO_SETTINGS
    from risiko_xl.workbooks.template import formula_settings, write_new
    from tests.support.excel_standin import ExcelStandIn

    path = write_new(tmp_path / "torneo.xlsx", {**formula_settings("master"), **DEMO_SETTINGS})
    stand_in = ExcelStandIn.with_players(path, monkeypatch, 8)
    stand_in.run(actions.sorteggia_turno)
    with stand_in.session() as xl:
        simulate.play(xl, 1, "Qualificazione", "formule")
    stand_in.run(actions.aggiorna_classifica)
    players, ranked = stand_in.sheet("Iscritti")["values"], stand_in.sheet("Classifica")
    total = ranked["values"][0].index("Totale")
    name = players[1][1]
    typed = {("Iscritti", 2, 2): f'="{name}"',  # B2: the name it already shows
             ("Classifica", 2, total + 1): "=1+1"}
    ranked["values"][1][total] = 2.0  # what Excel shows for it
    stand_in.formulas = True  # the stand-in keeps a formula written back as its text

    def formula(rng):  # the engine's range: its values, with the formulas typed
        values = rng.raw_value
        return [[typed.get((rng.sheet.name, rng.row + i, rng.column + j), v)
                 for j, v in enumerate(row)] for i, row in enumerate(values)]

    monkeypatch.setattr(stand_in.module.Range, "formula", property(formula))
    stand_in.run(actions.aggiorna_classifica)
    told = stand_in.alerts[-1].prompt
    cell = f"Classifica!{openpyxl.utils.get_column_letter(total + 1)}2"
    assert f"{cell}: la formula «=1+1» scritta a mano è stata sostituita con il valore" in told
    assert "la formula è riportata qui per riscriverla" in told and "torneo.xlsx.versioni" in told
    assert told.count("scritta a mano") == 1
    del typed["Classifica", 2, total + 1]  # now the value written there
    stand_in.select("Iscritti", "B3")  # the table is written again: the name's formula stays
    stand_in.answers.append("yes")
    stand_in.run(actions.ritira_giocatore)
    assert "scritta a mano" not in stand_in.alerts[-1].prompt, stand_in.alerts[-1].prompt
    assert stand_in.alerts[-1].prompt.startswith("Ritiro registrato")
    assert stand_in.sheet("Iscritti")["values"][1][1] == f'="{name}"'


@pytest.mark.lento  # a tournament played through the CLI
def test_a_round_drawn_again_says_which_typed_formula_it_emptied(tmp_path, capsys):
    """«Punti obiettivo» typed as a formula in a round drawn again with --forza: its row
    goes to Archivio, the cell is emptied, and the command names it."""
    path = played(tmp_path)
    book = openpyxl.load_workbook(path)
    results = book["Risultati"]
    cell = body_cell(results, schema.RESULTS.name, "Punti obiettivo")
    below = results.cell(cell.row + 1, cell.column)
    below.value = f"={cell.coordinate}*1"
    book.save(path)
    formula_cache.put_back(path, {results.path.lstrip("/"): {below.coordinate: cell.value}})
    capsys.readouterr()
    assert cli.main(["sorteggia", str(path), "--turno", "1", "--forza"]) == 0
    assert capsys.readouterr().err.splitlines() == [
        f"Attenzione: Risultati!{below.coordinate}: la formula «={cell.coordinate}*1» scritta "
        "a mano è stata sostituita con la cella vuota; la formula resta nello storico: "
        f"risiko-xl ripristina «{path}» --elenco"]
    kept = openpyxl.load_workbook(history.versions(path)[0].path)["Risultati"]
    assert kept[below.coordinate].value == f"={cell.coordinate}*1"


def table_values(path, name):
    """Table `name` of `path` as saved values, read by openpyxl and by python-calamine."""
    book = openpyxl.load_workbook(path, data_only=True)
    for sheet in book.worksheets:
        if name in sheet.tables:
            left, top, right, bottom = range_boundaries(sheet.tables[name].ref)
            mine = [[sheet.cell(r, c).value for c in range(left, right + 1)]
                    for r in range(top, bottom + 1)]
            rows = CalamineWorkbook.from_path(str(path)).get_sheet_by_name(
                sheet.title).to_python(skip_empty_area=False)
            theirs = [[None if v == "" else v for v in row[left - 1:right]]
                      for row in rows[top - 1:bottom]]
            return mine, theirs
    raise AssertionError(name)


@pytest.mark.libreoffice
def test_live_formulas_are_saved_with_their_values(tmp_path, capsys):
    path = played(tmp_path)
    book = OpenpyxlBook(path)
    book.set_setting("Calcolo", "formule")
    book.save()
    resave_in_libreoffice(path, tmp_path)  # as the organiser's LibreOffice saves it
    plain = tmp_path / "valori.xlsx"
    shutil.copy(path, plain)
    assert cli.main(["classifica", str(path)]) == 0
    values = OpenpyxlBook(plain)
    values.set_setting("Calcolo", "valori")
    values.save()
    assert cli.main(["classifica", str(plain)]) == 0
    live = openpyxl.load_workbook(path)
    assert ours(live["Classifica"]["A2"].value)  # formulas, which Excel recomputes
    for name in (STANDINGS, schema.RESULTS.name):
        mine, theirs = table_values(path, name)
        want, _ = table_values(plain, name)
        assert mine == want and theirs == want, name  # numbers for whoever does not compute
    assert cli.main(["classifica", str(path)]) == 0  # the next command reads them again
    assert table_values(path, STANDINGS)[0] == table_values(plain, STANDINGS)[0]
    copy = tmp_path / "copia.xlsx"
    assert cli.main(["esporta", str(path), str(copy)]) == 0
    assert table_values(copy, STANDINGS)[0] == table_values(plain, STANDINGS)[0]


def test_a_text_formula_saved_without_its_value_is_told_from_an_empty_text(tmp_path,
                                                                          capsys):
    """The adversary of issue 28: a text formula saved with no value at all (`t="str"`,
    no `<v>`) went into the values copy as an empty cell; openpyxl reads it as it reads an
    empty text result (`<v></v>`), which the copy rightly keeps."""
    path = played(tmp_path)
    book = openpyxl.load_workbook(path)
    mine = book.create_sheet("Mio")
    mine["A1"], mine["B1"] = '="Ma"&"rio"', '=""'
    book.save(path)

    def saved_as(a1: str, b1: str) -> None:
        with zipfile.ZipFile(path) as zipped:
            part = safe_open.sheet_parts(zipped)["Mio"]
            items = [(i, zipped.read(i.filename)) for i in zipped.infolist()]
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
            for item, data in items:
                if item.filename == part:
                    xml = re.sub(r'<c r="A1"[^>]*>.*?</c>', a1, data.decode(), count=1)
                    data = re.sub(r'<c r="B1"[^>]*>.*?</c>', b1, xml, count=1).encode()
                out.writestr(item, data)

    empty_text = '<c r="B1" t="str"><f>""</f><v></v></c>'
    saved_as('<c r="A1" t="str"><f>"Ma"&amp;"rio"</f><v>Mario</v></c>', empty_text)
    copy = tmp_path / "copia.xlsx"
    assert cli.main(["esporta", str(path), str(copy)]) == 0
    saved_as('<c r="A1" t="str"><f>"Ma"&amp;"rio"</f></c>', empty_text)
    capsys.readouterr()
    assert cli.main(["esporta", str(path), str(copy), "--forza"]) == 2
    assert ("Foglio Mio, riga 1, colonna A: formula senza valore salvato"
            in capsys.readouterr().err)


@pytest.mark.libreoffice
def test_the_values_copy_refuses_a_formula_without_a_saved_value(tmp_path, capsys):
    path = played(tmp_path)
    book = openpyxl.load_workbook(path)
    mine = book.create_sheet("Mio")
    mine["A1"], mine["A2"], mine["A3"] = "=1+1", "=COUNTA(Risultati[ID])", '=""'
    book.save(path)  # openpyxl saves no value
    copy = tmp_path / "copia.xlsx"
    capsys.readouterr()
    assert cli.main(["esporta", str(path), str(copy)]) == 2
    err = capsys.readouterr().err
    assert ("Foglio Mio, riga 1, colonna A: formula senza valore salvato: la copia "
            "mostrerebbe la cella vuota; apri e salva il file in Excel o LibreOffice e "
            "ripeti la copia (e altre 2 formule senza valore) (valore trovato: '=1+1')"
            ) in err
    assert not copy.exists()
    resave_in_libreoffice(path, tmp_path)
    assert cli.main(["esporta", str(path), str(copy)]) == 0  # `=""`: empty text, a value
    values = openpyxl.load_workbook(copy)["Mio"]
    assert values["A1"].value == 2 and values["A3"].value in (None, "")
    assert cli.main(["classifica", str(path)]) == 0  # changes nothing A2 reads
    assert cli.main(["esporta", str(path), str(copy), "--forza"]) == 0  # A3 kept its ""
    assert cli.main(["sorteggia", str(path)]) == 0  # A2 reads what it changed: emptied
    capsys.readouterr()
    assert cli.main(["esporta", str(path), str(copy), "--forza"]) == 2
    assert "Foglio Mio, riga 2, colonna A: formula senza valore salvato" in (
        capsys.readouterr().err)
