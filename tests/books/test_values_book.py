"""The read-only commands' book reads every table exactly as `OpenpyxlBook` does.

`ValuesBook` (python-calamine) is a faster reading of the same file for `verifica`,
`pubblica`, `referti` and `esporta`; where the file holds what it cannot read exactly (a
formula, an error value, a merged cell over a table, a long text) the command opens the
file with `OpenpyxlBook`, so the reading rules — rows typed below a table, saved values,
the located refusals — stay one.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
import sys
import zipfile

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl.utils import range_boundaries

from risiko_xl import cli, simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook, put
from risiko_xl.books.values_book import ValuesBook, read_only
from risiko_xl.errors import RisikoError
from risiko_xl.files import safe_open
from risiko_xl.services.rounds import draw_round
from risiko_xl.sheets.look import save
from risiko_xl.standings.model import QUALIFYING
from tests.support.programs import need_program
from tests.support.workbooks import new_with_players


def reading(book, name):
    """What a command sees of table `name`: the table, or the refusal's words."""
    try:
        table = book.read_table(name)
    except RisikoError as error:
        return "errore", str(error)
    return (table.headers, [(row.sheet_row, row.values) for row in table.rows],
            table.sheet, table.header_row, table.name, book.beside(name))


def assert_same_reading(path):
    """Every table of the file, its settings and what lies beside it, as both read."""
    fast = ValuesBook.read(path)
    assert fast is not None, "file semplice: la lettura veloce deve valere"
    full = OpenpyxlBook(path)
    assert sorted(fast.table_names()) == sorted(full.table_names())
    for name in full.table_names():
        assert reading(fast, name) == reading(full, name), name
    assert fast.settings() == full.settings()


def type_in(path, table, rows, gap=0):
    """Type `rows` (lists from the table's first column) right below `table` (after
    `gap` empty rows), outside its range, as LibreOffice leaves them."""
    book = openpyxl.load_workbook(path)
    sheet = next(s for s in book.worksheets if table in s.tables)
    left, _, _, bottom = range_boundaries(sheet.tables[table].ref)
    for r, values in enumerate(rows, start=bottom + 1 + gap):
        for c, value in enumerate(values, start=left):
            put(sheet.cell(r, c), value)  # «=…» typed as text, as Excel keeps «'=…»
    book.save(path)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A master tournament of 24 players, two rounds typed and ranked."""
    path = new_with_players(tmp_path_factory.mktemp("letture") / "torneo.xlsx", "master",
                            24, 5, "lv", seed="lettura")
    book = OpenpyxlBook(path)
    for round_no in (1, 2):
        draw_round(book, round_no)
        simulate.play(book, round_no, QUALIFYING, "lv")
    save(book)
    assert cli.main(["classifica", str(path)]) == 0
    return path


@pytest.mark.lento  # a tournament played through the CLI
def test_a_played_tournament_reads_the_same(played):
    assert_same_reading(played)


@pytest.mark.lento
def test_rows_typed_below_and_beside_read_the_same(played, tmp_path):
    path = tmp_path / "t.xlsx"
    shutil.copy(played, path)
    type_in(path, "Iscritti", [["N1", "Nuovo", "Iscritto", None, "Club", None, "Attivo", 3]])
    book = openpyxl.load_workbook(path)
    book["Risultati"].cell(3, 30).value = "nota a margine"
    book.save(path)
    assert_same_reading(path)


@pytest.mark.lento
def test_values_typed_after_empty_rows_are_refused_alike(played, tmp_path):
    path = tmp_path / "t.xlsx"
    shutil.copy(played, path)
    type_in(path, "Risultati", [[3, "Qualificazione", 1]], gap=2)
    fast, full = ValuesBook.read(path), OpenpyxlBook(path)
    assert reading(fast, "Risultati") == reading(full, "Risultati")
    assert reading(fast, "Risultati")[0] == "errore"


@pytest.mark.lento
@pytest.mark.parametrize("change", ["formula", "errore", "unite", "totali"])
def test_what_the_fast_reading_cannot_give_goes_to_openpyxl(played, tmp_path, change):
    """A formula or an error value (calamine gives the saved value, or nothing, without
    telling), merged cells over a table, a totals row: the whole load reads the file."""
    path = tmp_path / "t.xlsx"
    shutil.copy(played, path)
    book = openpyxl.load_workbook(path)
    sheet = book["Iscritti"]
    if change == "formula":
        sheet["J2"] = '="G"&"01"'
    elif change == "errore":
        sheet["J2"] = "#N/A"
        sheet["J2"].data_type = "e"
    elif change == "unite":
        sheet.merge_cells("C3:D3")
    else:
        sheet.tables["Iscritti"].totalsRowCount = 1
    book.save(path)
    assert ValuesBook.read(path) is None
    if change == "unite":  # the whole load refuses it, naming the cells
        with pytest.raises(RisikoError, match=r"riga 3, colonna Cognome: celle unite"):
            read_only(path)
    else:
        assert isinstance(read_only(path), OpenpyxlBook)


@pytest.mark.lento
@pytest.mark.parametrize("tampered", [False, True])
def test_long_texts_read_whole_or_refused_alike(played, tmp_path, tampered):
    """A text longer than a cell (a 5,000-player seating, a long setting) is kept in the
    sheet «Testi lunghi» under its checksum: both read it whole, or both refuse it."""
    path = tmp_path / "t.xlsx"
    shutil.copy(played, path)
    book = OpenpyxlBook(path)
    book.set_setting("Nome torneo", "Torneo " + "lungo " * 7_000)
    save(book)
    if tampered:
        book = openpyxl.load_workbook(path)
        book["Testi lunghi"]["C2"] = "cambiato"
        book.save(path)
    fast = ValuesBook.read(path)
    assert fast is not None
    assert reading(fast, "Impostazioni") == reading(OpenpyxlBook(path), "Impostazioni")
    if tampered:
        assert reading(fast, "Impostazioni")[0] == "errore"
    else:
        assert fast.settings()["Nome torneo"] == "Torneo " + "lungo " * 7_000


@pytest.mark.lento
def test_a_file_that_is_no_tournament_is_refused_in_the_same_words(tmp_path):
    path = tmp_path / "altro.xlsx"
    openpyxl.Workbook().save(path)
    with pytest.raises(RisikoError) as fast:
        read_only(path)
    with pytest.raises(RisikoError) as full:
        OpenpyxlBook(path)
    assert str(fast.value) == str(full.value)
    assert "non è la cartella di lavoro di un torneo" in str(fast.value)


@pytest.mark.lento
def test_a_missing_table_is_named_alike(played, tmp_path):
    path = tmp_path / "t.xlsx"
    shutil.copy(played, path)
    book = openpyxl.load_workbook(path)
    del book["Sorteggi"].tables["Sorteggi"]
    book.save(path)
    assert reading(ValuesBook.read(path), "Sorteggi") == reading(OpenpyxlBook(path),
                                                                  "Sorteggi")


typed = st.one_of(
    st.none(), st.booleans(), st.integers(-10**14, 10**14),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
    st.sampled_from(["=SOMMA(A1)", "+39 333", "-", "@nome", " spazi ", "0012", "1e3",
                     "3,5", "VERO"]),
    st.datetimes(datetime.datetime(1950, 1, 1), datetime.datetime(2090, 1, 1)).map(
        lambda d: d.replace(microsecond=0)),
    st.dates(datetime.date(1950, 1, 1), datetime.date(2090, 1, 1)).map(
        lambda d: datetime.datetime(d.year, d.month, d.day)),
)


@pytest.mark.lento
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.lists(typed, min_size=1, max_size=11), min_size=1, max_size=4))
def test_whatever_is_typed_reads_the_same(played, tmp_path, rows):
    """Numbers, texts that look like formulas or numbers, dates, booleans, blanks typed
    below Iscritti and in its columns: the same values, rows and refusals."""
    path = tmp_path / "t.xlsx"
    shutil.copy(played, path)
    type_in(path, "Iscritti", rows)
    assert_same_reading(path)


@pytest.mark.libreoffice
@pytest.mark.lento
def test_a_file_saved_by_libreoffice_reads_the_same(played, tmp_path):
    """LibreOffice writes the parts its own way (inline strings, styles, number text)."""
    office = need_program("soffice", "LibreOffice riscrive il file a modo suo")
    source = tmp_path / "sorgente" / "t.xlsx"
    source.parent.mkdir()
    shutil.copy(played, source)
    out = tmp_path / "lo"
    subprocess.run([office, "--headless", "--norestore",
                    f"-env:UserInstallation={(tmp_path / 'profilo').as_uri()}",
                    "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out),
                    str(source)], check=True, capture_output=True, timeout=180)
    assert_same_reading(out / "t.xlsx")


def patched(source, target, sheet, change):
    """Copy workbook `source` to `target` with the XML of `sheet` (a title, or a part's
    name) changed by `change(text)`, as another program would have written it."""
    with zipfile.ZipFile(source) as zipped:
        part = safe_open.sheet_parts(zipped).get(sheet, sheet)
        items = [(item, zipped.read(item.filename)) for item in zipped.infolist()]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for item, data in items:
            if item.filename == part:
                data = change(data.decode("utf-8")).encode("utf-8")
            out.writestr(item, data)
    return target


def first_cell(sheet_xml, ref):
    """The whole `<c r="ref" …>…</c>` element of `sheet_xml`."""
    return re.search(rf'<c r="{ref}"[^>]*?(?:/>|>.*?</c>)', sheet_xml)[0]


def same_outcome(path):
    """What the read-only commands see equals what a writing command sees: the same
    tables, or the same refusal."""
    def seen(open_book):
        try:
            book = open_book(path)
        except RisikoError as error:
            return "errore", str(error)
        return {name: reading(book, name) for name in sorted(book.table_names())}
    assert seen(read_only) == seen(OpenpyxlBook)


# the adversary's files (none had read the code): each once read differently by the two
@pytest.mark.lento
@pytest.mark.parametrize("case", [
    "intervallo di sola intestazione", "errore tra apici", "formula con prefisso",
    "DTD", "carattere _x000D_", "spazio senza xml:space", "due testi in una stringa",
    "formula matrice"])
def test_the_adversarys_files_read_the_same(played, tmp_path, case):
    out = tmp_path / "t.xlsx"
    if case == "intervallo di sola intestazione":  # calamine panicked on it
        tables = {n for n in zipfile.ZipFile(played).namelist() if n.startswith("xl/tables/")}
        part = next(n for n in sorted(tables)
                    if b'name="Iscritti"' in zipfile.ZipFile(played).read(n))
        patched(played, out, part, lambda x: re.sub(r'ref="A1:I\d+"', 'ref="A1:I1"', x, count=1))
    elif case == "errore tra apici":  # Excel's error, written with single quotes
        patched(played, out, "Risultati", lambda x: x.replace(
            first_cell(x, "H2"), "<c r='H2' t='e'><v>#DIV/0!</v></c>"))
    elif case == "formula con prefisso":  # as the OpenXML SDK writes it
        patched(played, out, "Risultati", lambda x: x.replace(
            first_cell(x, "G3"), '<x:c r="G3"><x:f>40+5</x:f></x:c>'))
    elif case == "DTD":
        patched(played, out, "Risultati", lambda x: re.sub(
            r"(<\?xml[^>]*\?>)?", r'\g<0><!DOCTYPE r [<!ENTITY nn "Rossi">]>', x, count=1))
    elif case == "carattere _x000D_":  # Excel's escape of a pasted carriage return
        patched(played, out, "Risultati", lambda x: x.replace(
            first_cell(x, "E3"), '<c r="E3" t="inlineStr"><is><t>LV_x000D_</t></is></c>'))
    elif case == "spazio senza xml:space":  # below Iscritti, then a row after it
        patched(played, out, "Iscritti", lambda x: x.replace("</sheetData>", (
            '<row r="40"><c r="B40" t="inlineStr"><is><t> </t></is></c></row>'
            '<row r="41"><c r="A41" t="inlineStr"><is><t>N1</t></is></c></row>'
            "</sheetData>")))
    elif case == "due testi in una stringa":
        patched(played, out, "Iscritti", lambda x: x.replace(
            first_cell(x, "B2"), '<c r="B2" t="inlineStr"><is><t>Ro</t><t>ssi</t></is></c>'))
    else:  # Excel 365 saves a dynamic formula as an array formula, with its value
        patched(played, out, "Risultati", lambda x: x.replace(
            first_cell(x, "G3"), '<c r="G3"><f t="array" ref="G3">SUM(40,5)</f><v>45</v></c>'))
    assert ValuesBook.read(out) is None
    same_outcome(out)
    if case == "formula matrice":  # counted with its saved value, as the docs promise
        row = OpenpyxlBook(out).read_table("Risultati").by_sheet_row()[3]
        assert row["Punti obiettivo"] == 45


@pytest.mark.lento
@pytest.mark.parametrize("command", [["verifica"], ["pubblica", "--formato", "tutti"],
                                     ["referti", "--turno", "1"]])
def test_a_command_that_only_reads_imports_no_openpyxl(played, tmp_path, command):
    """openpyxl's import is a tenth of a second (numpy with it): a plain file is read by
    the commands that only read without it (a regression once came back through a type
    imported for a hint)."""
    path = tmp_path / "t.xlsx"
    shutil.copy(played, path)
    argv = [command[0], str(path), *command[1:]]
    if command[0] != "verifica":
        argv += ["--out", str(tmp_path / ("referti.pdf" if command[0] == "referti"
                                          else "post"))]
    probe = ("import runpy, sys; sys.modules['openpyxl'] = None; "
             f"sys.argv = ['risiko-xl', *{argv!r}]; runpy.run_module('risiko_xl.cli', "
             "run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "RISIKO_DEBUG": "1"})
    assert done.returncode == 0, done.stderr


@pytest.mark.lento
@pytest.mark.parametrize("cell", ["XFD1048576", "ZZ200000"])
def test_a_blank_far_away_is_read_by_what_follows_the_data(played, tmp_path, cell):
    """The adversary's blank typed in Iscritti!XFD1048576: calamine allocated the whole
    rectangle up to it (512 GB) and the process aborted; in ZZ200000, 4 GB and 16 s. Such
    a sheet goes to openpyxl, which reads only the cells there (a child process: an abort
    would end the test run)."""
    path = tmp_path / "lontano.xlsx"
    shutil.copy(played, path)
    book = openpyxl.load_workbook(path)
    book["Iscritti"][cell] = " "
    book.save(path)
    done = subprocess.run([sys.executable, "-m", "risiko_xl.cli", "verifica", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "nessuna differenza" in done.stdout
