"""The xlwings Lite workbook as a file: the add-in's parts laid out as the add-in saves
them (docs/XLWINGS-LITE.md), `main.py` and `requirements.txt` read back, the checked-in
`torneo-lite.xlsx` the build of today's package, same bytes every time, and every
command of the CLI keeping the parts byte for byte (openpyxl drops them)."""

from __future__ import annotations

import bz2
import csv
import json
import zipfile
from hashlib import sha256
from pathlib import Path
from xml.etree import ElementTree

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books import web_extension
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.demo import DEMO_SEED
from risiko_xl.excel.ribbon import BUTTONS
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbooks.lite import (
    ADD_IN_ID,
    EXTENSION_PART,
    new_lite,
    requirements,
    workbook_code,
)
from risiko_xl.workbooks.lite_code import bundle, left_out, stripped, workbook_main
from risiko_xl.workbooks.template import write_new

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "workbook" / "torneo-lite.xlsx"
REGENERATE = "rigenerare con: make template"
WE = "{http://schemas.microsoft.com/office/webextensions/webextension/2010/11}"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return new_lite(tmp_path_factory.mktemp("lite") / "torneo-lite.xlsx", keep_backup=False)


def parts_of(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n) for n in archive.namelist()
                if n.startswith(web_extension.FOLDER)}


# --- the parts ---------------------------------------------------------------------------------

def test_parts_are_laid_out_as_the_add_in_saves_them(built):
    with zipfile.ZipFile(built) as archive:
        rels = archive.read("_rels/.rels").decode()
        types = archive.read("[Content_Types].xml").decode()
        extension = ElementTree.fromstring(archive.read(EXTENSION_PART))
        panes = archive.read(web_extension.TASKPANES_PART).decode()
        pane_rels = archive.read("xl/webextensions/_rels/taskpanes.xml.rels").decode()
    assert web_extension.TASKPANES in rels and 'Target="xl/webextensions/taskpanes.xml"' in rels
    assert f'PartName="/{EXTENSION_PART}" ContentType="{web_extension.EXTENSION_TYPE}"' in types
    assert web_extension.TASKPANES_TYPE in types
    references = [e.attrib for e in extension.iter(f"{WE}reference")]
    assert [(r["id"].upper(), r["storeType"]) for r in references] == [(ADD_IN_ID, "OMEX")] * 2
    assert 'r:id="rId1"' in panes and 'Target="webextension1.xml"' in pane_rels
    assert list(workbook_code(built)) == ["main.py", "pyodideVersion", "addinVersion",
                                          "requirements.txt"]


def test_main_py_is_the_lite_module_carrying_the_package(built):
    code = workbook_code(built)["main.py"]
    assert code == workbook_main()
    source = (ROOT / "risiko_xl" / "lite" / "main.py").read_text(encoding="utf-8")
    head, tail = source.split('PACKAGE = ""')
    assert code.startswith(head) and code.endswith(tail)
    carried = json.loads(bz2.decompress(bundle()))
    steps = (ROOT / "risiko_xl" / "lite" / "steps.py").read_text(encoding="utf-8")
    assert carried["risiko_xl/lite/steps.py"] == stripped(steps)  # no comment, no docstring
    assert carried["risiko_xl/excel/functions.py"] == stripped(
        (ROOT / "risiko_xl" / "excel" / "functions.py").read_text(encoding="utf-8"),
        docstrings=True)
    assert "risiko_xl/formulas/presets/master.json" in carried
    assert "risiko_xl/templates/referti.html.j2" in carried
    assert "risiko_xl/lite/main.py" not in carried  # main.py is the workbook's own
    modules = {n[:-3].replace("/", ".").removesuffix(".__init__") for n in carried
               if n.endswith(".py")}
    assert modules & set(left_out()) == set()
    assert carried["risiko_xl/lite/left_out.txt"].split() == list(left_out())
    assert {"risiko_xl.cli", "risiko_xl.workbooks.lite", "risiko_xl.publish.referti_pdf",
            "risiko_xl.gestionetorneo.reader", "risiko_xl.gestionetorneo.writer",
            "risiko_xl.workbooks.template"} <= set(left_out())


def test_requirements_pin_xlwings_and_name_the_packages_dependencies(built):
    import xlwings

    lines = workbook_code(built)["requirements.txt"].splitlines()
    assert lines[0] == f"xlwings=={xlwings.__version__}  # required"
    assert lines == requirements().splitlines()
    named = {line.split("#")[0].strip().split(">")[0].split("=")[0] for line in lines}
    assert {"openpyxl", "jinja2", "babel", "defusedxml"} <= named
    assert not [n for n in named if n in ("pytest", "hypothesis", "ruff", "mypy")]


def test_requirements_keep_what_webassembly_needs(monkeypatch):
    """The dependencies marked for other platforms only stay out (pyproject's
    `sys_platform != 'emscripten'` markers), test extras too; xlwings is pinned first."""
    import importlib.metadata

    import risiko_xl.workbooks.lite as lite

    monkeypatch.setattr(importlib.metadata, "requires", lambda name: [
        "xlwings==0.37.8; sys_platform != 'emscripten'", "openpyxl>=3.1",
        "psutil>=5.9; sys_platform != 'emscripten'",
        "tzdata; sys_platform == 'win32' or sys_platform == 'emscripten'",
        'pytest>=8.0; extra == "test"'])
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "9.9.9")
    assert lite.requirements().splitlines() == [
        "xlwings==9.9.9  # required", *(f"{n}  # required" for n in lite.LITE_REQUIREMENTS),
        "openpyxl>=3.1", "tzdata"]


def test_checked_in_workbook_is_the_build_of_todays_package(built):
    """Same entries, timestamps and contents as a fresh build: the package inside is
    this one (run `make template` after changing it)."""
    with zipfile.ZipFile(SHIPPED) as ours, zipfile.ZipFile(built) as fresh:
        assert [i.filename for i in ours.infolist()] == [i.filename for i in fresh.infolist()]
        for item in fresh.infolist():
            assert ours.getinfo(item.filename).date_time == item.date_time
            # compared as digests: pytest's diff of two 200 kB one-line parts took minutes
            assert sha256(ours.read(item.filename)).hexdigest() == sha256(
                fresh.read(item)).hexdigest(), f"{item.filename}: {REGENERATE}"


def test_build_is_byte_for_byte_reproducible(built, tmp_path):
    again = new_lite(tmp_path / "again.xlsx", keep_backup=False)
    assert again.read_bytes() == built.read_bytes()


def test_the_tables_are_the_templates(built, tmp_path):
    plain = OpenpyxlBook(write_new(tmp_path / "torneo.xlsx"))
    lite = OpenpyxlBook(built)
    assert lite.table_names() == plain.table_names()
    for name in plain.table_names():
        assert lite.read_table(name).rows == plain.read_table(name).rows, name


def test_the_first_sheet_says_it_needs_xlwings_lite(built, tmp_path):
    from openpyxl import load_workbook

    from risiko_xl.workbooks.lite import ADD_IN_NOTE, NOTE_COLUMN

    sheet = load_workbook(built).worksheets[0]
    assert sheet.title == "Torneo" and sheet.sheet_state == "visible"
    assert [sheet.cell(r, NOTE_COLUMN).value for r in (1, 2, 3)] == list(ADD_IN_NOTE)
    assert "Componenti aggiuntivi" in ADD_IN_NOTE[1]
    plain = load_workbook(write_new(tmp_path / "torneo.xlsx")).worksheets[0]
    assert plain.cell(1, NOTE_COLUMN).value is None  # only in the Lite workbook


def test_cli_new_lite_and_its_refusal(tmp_path, capsys):
    assert cli.main(["nuovo", str(tmp_path / "serata.xlsx"), "--lite", "--formula",
                     "master"]) == 0
    assert workbook_code(tmp_path / "serata.xlsx")["main.py"] == workbook_main()
    assert cli.main(["nuovo", str(tmp_path / "serata.xlsm"), "--lite", "--formula",
                     "master"]) == cli.EXIT_BAD_INPUT
    assert ".xlsx" in capsys.readouterr().err and not (tmp_path / "serata.xlsm").exists()
    for nameless in (".xlsx", ".XLSM"):  # a name with no name before its extension
        assert cli.main(["nuovo", str(tmp_path / nameless), "--lite", "--formula",
                         "master"]) == cli.EXIT_BAD_INPUT
        assert "manca il nome del file" in capsys.readouterr().err.lower()
        assert not (tmp_path / nameless).exists()


# --- every command keeps the parts ---------------------------------------------------------------

@pytest.mark.lento  # a tournament through the command line
def test_every_writing_command_keeps_the_parts_byte_for_byte(tmp_path, capsys):
    path = new_lite(tmp_path / "serata.xlsx")
    kept = parts_of(path)
    assert kept

    def command(*args: str) -> None:
        assert cli.main([args[0], str(path), *args[1:]]) == 0, capsys.readouterr().err
        assert parts_of(path) == kept, args
        assert web_extension.TASKPANES in zipfile.ZipFile(path).read("_rels/.rels").decode()

    def play(round_no: int, phase: str = QUALIFYING) -> None:
        book = OpenpyxlBook(path)
        simulate.play(book, round_no, phase, DEMO_SEED)
        book.save()
        assert parts_of(path) == kept

    listing = tmp_path / "iscritti.csv"
    with open(listing, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, ["Nome", "Cognome", "Club"])
        writer.writeheader()
        for row in simulate.players(20, 5, DEMO_SEED):
            writer.writerow({k: row.get(k) for k in ("Nome", "Cognome", "Club")})
    command("iscrivi", "--da", str(listing))
    command("iscrivi", "Mario", "--cognome", "Rossi", "--club", "RC Test")
    command("sorteggia")
    command("sorteggia", "--turno", "1", "--forza")
    play(1)
    command("classifica")
    command("sorteggia")
    command("ritira", "G003", "--ripara")
    play(2)
    command("classifica")
    command("finali")
    command("ripristina")
    command("verifica")


# --- the parts module on its own -----------------------------------------------------------------

def test_a_workbook_without_add_ins_has_none(tmp_path):
    assert web_extension.read(write_new(tmp_path / "torneo.xlsx")) is None
    assert web_extension.read(tmp_path / "missing.xlsx") is None


def test_parts_referenced_by_the_add_in_are_kept_with_their_content_type(tmp_path):
    """A task-pane snapshot picture (named by the web extension's relationships) comes
    back with the parts; a type declared by extension only gets its Override."""
    path = new_lite(tmp_path / "torneo-lite.xlsx")
    parts = dict(parts_of(path))
    parts["xl/webextensions/_rels/webextension1.xml.rels"] = (
        b'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
        b'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxml'
        b'formats.org/officeDocument/2006/relationships/image" Target="../media/image9.png"/>'
        b'</Relationships>')
    extensions = web_extension.WebExtensions(
        parts, {**web_extension.read(path).types, "xl/media/image9.png": "image/png"})
    extensions.parts["xl/media/image9.png"] = b"\x89PNG fake"
    web_extension.add(path, extensions)
    found = web_extension.read(path)
    assert found is not None and found.parts == extensions.parts
    assert found.types["xl/media/image9.png"] == "image/png"
    book = OpenpyxlBook(path)
    book.set_setting("Sede", "Circolo")
    book.save()
    assert web_extension.read(path) == found


def test_the_install_guide_starts_with_xlwings_lite_and_names_every_action():
    guide = (ROOT / "docs" / "INSTALLA-EXCEL.md").read_text(encoding="utf-8")
    sections = guide.split("\n## ")
    assert "xlwings Lite" in sections[1].splitlines()[0]
    assert [b.label for b in BUTTONS if b.label not in sections[1]] == []
    assert "torneo-lite.xlsx" in sections[1] and "Non verificato" in sections[1]
