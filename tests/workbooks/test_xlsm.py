"""The macro-enabled workbook: macros/ in sync with the ribbon table, its vbaProject.bin
read back by independent readers (oletools' olevba, olefile, LibreOffice, openpyxl), and a
reproducible torneo.xlsm. The VBA writer's own tests (compression, compound file, module
streams) are in test_ovba.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import olefile
import pytest
from oletools.olevba import VBA_Parser
from openpyxl import load_workbook
from openpyxl.worksheet.formula import ArrayFormula

from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.excel.ribbon import BUTTONS, GROUPS, TAB
from risiko_xl.ovba import compression, project
from risiko_xl.workbooks.template import write_new
from risiko_xl.workbooks.udf_wrappers import VBA_MODULE, udf_module
from risiko_xl.workbooks.xlsm import (
    MODULE,
    RIBBON_NAMESPACE,
    RIBBON_PART,
    RIBBON_RELATIONSHIP,
    VBA_PART,
    VBA_RELATIONSHIP,
    XLSM_MAIN,
    _with_code_name,
    build_xlsm,
    main,
    ribbon_module,
    ribbon_xml,
    xlwings_vba,
)
from tests.support.compound_files import check_vba_project
from tests.support.programs import need_program

pytestmark = pytest.mark.lento  # the macro workbook built and read

ROOT = Path(__file__).resolve().parents[2]
XLSX = ROOT / "workbook" / "torneo.xlsx"
XLSM = ROOT / "workbook" / "torneo.xlsm"
MACROS = ROOT / "macros"
REGENERATE = "rigenerare con: .venv/bin/python -m risiko_xl.workbooks.xlsm"
UI = f"{{{RIBBON_NAMESPACE}}}"
SUB = re.compile(r"^Sub (\w+)\(control As IRibbonControl\)$", re.MULTILINE)
GENERATED = (MODULE, VBA_MODULE, "xlwings", "Dictionary")  # after the document modules


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    """The template with the live worksheet functions, which torneo.xlsm is built from."""
    return write_new(tmp_path_factory.mktemp("source") / "torneo.xlsx", formulas=True)


@pytest.fixture(scope="module")
def built(source, tmp_path_factory) -> Path:
    """torneo.xlsm built afresh from the template."""
    return build_xlsm(source, tmp_path_factory.mktemp("xlsm") / "torneo.xlsm")


@pytest.fixture(scope="module")
def modules() -> dict[str, str]:
    """Module name -> source (Attribute lines included) of the checked-in torneo.xlsm, as
    olevba's Python API reads it."""
    parser = VBA_Parser(str(XLSM))
    try:
        return {Path(name).stem: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()


def _sheet_count() -> int:
    with zipfile.ZipFile(XLSX) as archive:
        return archive.read("xl/workbook.xml").count(b"<sheet ")


def _expected_modules() -> list[str]:
    sheets = [f"Foglio{n}" for n in range(1, _sheet_count() + 1)]
    return ["ThisWorkbook", *sheets, *GENERATED]


def _code(source: str) -> str:
    """Module code as the VBA editor shows it: no export header, no Attribute lines."""
    lines = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[0].startswith("VERSION "):
        lines = lines[lines.index("END") + 1:]
    while lines and lines[0].startswith("Attribute VB_"):
        lines.pop(0)
    return "\n".join(lines).rstrip("\n")


# --- macros/ and the ribbon table ---------------------------------------------------------

def test_macros_files_are_what_the_generator_gives():
    assert (MACROS / "RisiKo.bas").read_bytes() == ribbon_module().encode("cp1252"), REGENERATE
    assert (MACROS / "customUI14.xml").read_text(encoding="utf-8") == ribbon_xml(), REGENERATE
    assert (MACROS / f"{VBA_MODULE}.bas").read_bytes() == udf_module().encode("cp1252"), \
        REGENERATE
    bas, cls = xlwings_vba()  # a copy of xlwings' VBA kept here must be the installed one
    for name, installed in (("xlwings.bas", bas), ("Dictionary.cls", cls)):
        if (MACROS / name).exists():
            assert (MACROS / name).read_bytes().decode("cp1252") == installed, REGENERATE


def test_ribbon_module_has_one_callback_per_button():
    code = ribbon_module()
    assert code.startswith(f'Attribute VB_Name = "{MODULE}"\r\n')
    assert "\n" not in code.replace("\r\n", "")
    assert SUB.findall(code.replace("\r\n", "\n")) == [b.sub for b in BUTTONS]
    for button in BUTTONS:
        call = f'RunPython "import risiko_xl.actions as a; a.{button.action}()"'
        assert f"Sub {button.sub}(control As IRibbonControl)\r\n    {call}\r\nEnd Sub" in code


def test_buttons_name_subs_and_actions():
    # The actions themselves are checked by the actions' tests: here only their names.
    for button in BUTTONS:
        assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,30}", button.sub), button
        assert isinstance(button.action, str) and button.action.isidentifier(), button
        assert button.group in GROUPS and button.label and button.image
    assert len({b.sub.upper() for b in BUTTONS}) == len(BUTTONS)


def test_ribbon_xml_is_one_tab_of_large_buttons():
    root = ElementTree.fromstring(ribbon_xml())
    assert root.tag == f"{UI}customUI"
    (tab,) = root.iter(f"{UI}tab")
    assert tab.get("label") == TAB
    groups = tab.findall(f"{UI}group")
    assert [g.get("label") for g in groups] == list(GROUPS)
    found = [(g.get("label"), b.get("label"), b.get("onAction"), b.get("imageMso"))
             for g in groups for b in g.findall(f"{UI}button")]
    assert found == [(b.group, b.label, b.sub, b.image) for b in BUTTONS]
    assert {b.get("size") for b in root.iter(f"{UI}button")} == {"large"}
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))


# --- the package ---------------------------------------------------------------------------

def test_checked_in_xlsm_is_the_build_of_the_template(built):
    """Same entries, order, timestamps and contents as a fresh build (compressed bytes may
    differ only with another zlib)."""
    version = re.compile(rb"^'Version: (\S+)", re.M)
    with zipfile.ZipFile(XLSM) as archive:
        stream = olefile.OleFileIO(archive.read(VBA_PART)).openstream("VBA/xlwings").read()
    shipped = version.search(compression.decompress(stream))[1].decode()
    installed = version.search(xlwings_vba()[0].encode())[1].decode()
    assert shipped == installed, f"xlwings {installed} installato, {shipped} in torneo.xlsm: " \
                                 f"{REGENERATE} (o installare xlwings {shipped})"
    with zipfile.ZipFile(XLSM) as ours, zipfile.ZipFile(built) as fresh:
        assert [i.filename for i in ours.infolist()] == [i.filename for i in fresh.infolist()]
        for item in fresh.infolist():
            assert ours.getinfo(item.filename).date_time == item.date_time
            assert ours.read(item.filename) == fresh.read(item), f"{item.filename}: {REGENERATE}"


def test_build_is_byte_for_byte_reproducible(source, built, tmp_path):
    again = build_xlsm(source, tmp_path / "again.xlsm")
    assert again.read_bytes() == built.read_bytes()
    assert not list(tmp_path.glob("*.bak*"))  # no backup of the built file


def test_package_declares_macros_and_ribbon():
    with zipfile.ZipFile(XLSM) as archive:
        names = archive.namelist()
        types = archive.read("[Content_Types].xml").decode()
        root_rels = archive.read("_rels/.rels").decode()
        book_rels = archive.read("xl/_rels/workbook.xml.rels").decode()
        book = archive.read("xl/workbook.xml").decode()
        sheets = [archive.read(n).decode() for n in names if n.startswith("xl/worksheets/s")]
        ribbon = archive.read(RIBBON_PART).decode()
    assert names[:2] == ["[Content_Types].xml", "_rels/.rels"]
    assert VBA_PART in names and RIBBON_PART in names
    assert f'PartName="/xl/workbook.xml" ContentType="{XLSM_MAIN}"' in types
    assert "spreadsheetml.sheet.main+xml" not in types
    assert ('PartName="/xl/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"'
            in types)
    assert f'Type="{RIBBON_RELATIONSHIP}" Target="{RIBBON_PART}"' in root_rels
    assert f'Type="{VBA_RELATIONSHIP}" Target="vbaProject.bin"' in book_rels
    assert ribbon == ribbon_xml()
    assert '<workbookPr codeName="ThisWorkbook"' in book
    code_names = [re.search(r'<sheetPr codeName="(\w+)"', s)[1] for s in sheets]
    assert sorted(code_names) == sorted(_expected_modules()[1:-len(GENERATED)])


def test_openpyxl_still_reads_the_workbook():
    from openpyxl import load_workbook

    template = load_workbook(XLSX)
    macro = load_workbook(XLSM, keep_vba=True)
    assert macro.sheetnames == template.sheetnames
    assert macro.vba_archive is not None and macro.code_name == "ThisWorkbook"
    for name in template.sheetnames:
        tables = {t.name: t.ref for t in template[name].tables.values()}
        assert {t.name: t.ref for t in macro[name].tables.values()} == tables, name
        assert macro[name].sheet_properties.codeName.startswith("Foglio")
    assert [tuple(r) for r in macro["Torneo"].values] == [
        tuple(r) for r in template["Torneo"].values]
    macro.vba_archive.close()  # openpyxl leaves it to the garbage collector, which complains


def test_main_writes_macros_and_workbook(built, tmp_path, capsys):
    assert main(["--macros", str(tmp_path / "m"), "--target", str(tmp_path / "t.xlsm")]) == 0
    assert (tmp_path / "m" / "RisiKo.bas").read_bytes() == (MACROS / "RisiKo.bas").read_bytes()
    for name in ("customUI14.xml", f"{VBA_MODULE}.bas"):
        assert (tmp_path / "m" / name).read_bytes() == (MACROS / name).read_bytes()
    assert (tmp_path / "t.xlsm").read_bytes() == built.read_bytes()
    assert "scritto" in capsys.readouterr().out


def test_a_workbook_with_vba_is_refused(tmp_path):
    with pytest.raises(RisikoError, match="progetto VBA"):
        build_xlsm(XLSM, tmp_path / "doppio.xlsm")


def test_code_names_are_kept_or_made_up(tmp_path):
    from openpyxl import Workbook, load_workbook

    book = Workbook()
    book.active.title = "Uno"
    book.active.sheet_properties.codeName = "Foglio2"
    book.create_sheet("Due")
    book.code_name = "Cartella"
    book.save(tmp_path / "nomi.xlsx")
    result = load_workbook(build_xlsm(tmp_path / "nomi.xlsx", tmp_path / "nomi.xlsm"),
                           keep_vba=True)
    assert result.code_name == "Cartella"
    assert [s.sheet_properties.codeName for s in result] == ["Foglio2", "Foglio1"]
    result.vba_archive.close()
    parser = VBA_Parser(str(tmp_path / "nomi.xlsm"))
    names = [Path(name).stem for _, _, name, _ in parser.extract_macros()]
    parser.close()
    assert names == ["Cartella", "Foglio2", "Foglio1", *GENERATED]


def test_code_name_element_added_where_missing():
    sheet = '<worksheet xmlns="m"><dimension ref="A1"/></worksheet>'
    assert _with_code_name(sheet, "sheetPr", "Foglio1") == (
        '<worksheet xmlns="m"><sheetPr codeName="Foglio1"/><dimension ref="A1"/></worksheet>')
    book = '<x:workbook xmlns:x="m"><x:fileVersion appName="xl"/><x:sheets/></x:workbook>'
    assert _with_code_name(book, "workbookPr", "ThisWorkbook", after=("fileVersion",)) == (
        '<x:workbook xmlns:x="m"><x:fileVersion appName="xl"/>'
        '<x:workbookPr codeName="ThisWorkbook"/><x:sheets/></x:workbook>')
    assert _with_code_name('<worksheet><sheetPr codeName="A"/></worksheet>', "sheetPr",
                           "B") == '<worksheet><sheetPr codeName="A"/></worksheet>'


# --- olevba ---------------------------------------------------------------------------------

def _olevba_command() -> list[str]:
    """The olevba console script beside this Python, else `python -m oletools.olevba`."""
    script = Path(sys.executable).parent / ("olevba.exe" if os.name == "nt" else "olevba")
    if script.exists():
        return [str(script)]
    try:
        import oletools.olevba  # noqa: F401
    except ImportError:
        return [need_program("olevba", "legge le macro VBA (pacchetto oletools)")]
    return [sys.executable, "-m", "oletools.olevba"]


def test_olevba_cli_lists_every_module_and_sub():
    result = subprocess.run([*_olevba_command(), "--json", str(XLSM)], capture_output=True,
                            text=True, timeout=120, check=True)
    report = next(r for r in json.loads(result.stdout) if r.get("type") == "OpenXML")
    found = {Path(m["vba_filename"]).stem: m for m in report["macros"]}
    assert list(found) == _expected_modules()
    assert {m["ole_stream"] for m in report["macros"]} == {f"VBA/{n}" for n in found}
    assert SUB.findall(found[MODULE]["code"].replace("\r\n", "\n")) == [b.sub for b in BUTTONS]
    assert "Function RunPython(" in found["xlwings"]["code"]
    bas, cls = xlwings_vba()
    risiko = (MACROS / "RisiKo.bas").read_text("cp1252")
    functions = (MACROS / f"{VBA_MODULE}.bas").read_text("cp1252")
    for name, source in ((MODULE, risiko), (VBA_MODULE, functions), ("xlwings", bas),
                         ("Dictionary", cls)):
        assert _code(found[name]["code"]) == _code(source), name


def test_olevba_reads_back_each_source(modules):
    bas, cls = xlwings_vba()
    assert list(modules) == _expected_modules()
    assert _code(modules[MODULE]) == _code((MACROS / "RisiKo.bas").read_text("cp1252"))
    assert _code(modules["xlwings"]) == _code(bas)
    assert _code(modules["Dictionary"]) == _code(cls)
    assert _code(modules[VBA_MODULE]) == _code(udf_module())
    for name in _expected_modules()[:-len(GENERATED)]:
        assert _code(modules[name]) == "", name
    assert modules[MODULE].startswith(f'Attribute VB_Name = "{MODULE}"\r\n')


def test_every_on_action_names_a_ribbon_sub(modules):
    with zipfile.ZipFile(XLSM) as archive:
        ribbon = ElementTree.fromstring(archive.read(RIBBON_PART))
    actions = [b.get("onAction") for b in ribbon.iter(f"{UI}button")]
    subs = SUB.findall("\n".join(m.replace("\r\n", "\n") for m in modules.values()))
    assert actions and set(actions) <= set(subs)
    assert sorted(actions) == sorted(b.sub for b in BUTTONS)


# --- the compound file ----------------------------------------------------------------------

def test_vba_project_is_a_valid_compound_file():
    with zipfile.ZipFile(XLSM) as archive:
        check_vba_project(archive.read(VBA_PART), _expected_modules())


# --- LibreOffice ----------------------------------------------------------------------------

REGISTRY = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Filter/Import/VBA"><prop oor:name="Load"
 oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Filter/Import/VBA"><prop oor:name="Save"
 oor:op="fuse"><value>true</value></prop></item>
</oor:items>
"""


@pytest.mark.libreoffice
def test_libreoffice_loads_the_vba_modules(tmp_path):
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    profile = tmp_path / "profile"
    (profile / "user").mkdir(parents=True)
    (profile / "user" / "registrymodifications.xcu").write_text(REGISTRY, encoding="utf-8")
    subprocess.run([soffice, f"-env:UserInstallation={profile.resolve().as_uri()}",
                    "--headless", "--convert-to", "ods", "--outdir", str(tmp_path), str(XLSM)],
                   check=True, capture_output=True, timeout=180)
    with zipfile.ZipFile(tmp_path / "torneo.ods") as archive:
        library = f"Basic/{project.PROJECT_NAME}"  # LibreOffice names it after the project
        names = set(archive.namelist())
        for module in _expected_modules():
            assert f"{library}/{module}.xml" in names, module
        risiko = ElementTree.fromstring(archive.read(f"{library}/{MODULE}.xml"))
        xlwings = ElementTree.fromstring(archive.read(f"{library}/xlwings.xml"))
        dictionary = ElementTree.fromstring(archive.read(f"{library}/Dictionary.xml"))
        sheet = ElementTree.fromstring(archive.read(f"{library}/Foglio1.xml"))
        settings_xml = archive.read("settings.xml").decode()
    script = "{http://openoffice.org/2000/script}"
    assert risiko.get(f"{script}moduleType") == "normal"
    assert SUB.findall(risiko.text.replace("\r\n", "\n")) == [b.sub for b in BUTTONS]
    assert "Function RunPython(" in xlwings.text
    assert dictionary.get(f"{script}moduleType") == "class"
    assert sheet.get(f"{script}moduleType") == "document"
    assert re.search(r'config:name="Torneo"><config:config-item config:name="CodeName" '
                     r'config:type="string">Foglio1<', settings_xml)


def test_cli_on_the_xlsm_keeps_macros_and_ribbon(tmp_path):
    """The organiser may run `risiko-xl` on torneo.xlsm: the save must keep the VBA project
    and the Excel 2010+ ribbon (openpyxl alone drops the ribbon's relationship)."""
    from risiko_xl import simulate
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.cli import main as cli

    path = tmp_path / "torneo.xlsm"
    path.write_bytes(XLSM.read_bytes())
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(8, 3, "xlsm"))
    book.save()
    assert cli(["draw", str(path), "--turno", "1"]) == 0
    with zipfile.ZipFile(path) as archive:
        relations = archive.read("_rels/.rels").decode()
        assert RIBBON_RELATIONSHIP in relations and RIBBON_PART in relations
        assert VBA_PART in archive.namelist()
    parser = VBA_Parser(str(path))
    try:
        names = [Path(name).stem for _, _, name, _ in parser.extract_macros()]
    finally:
        parser.close()
    assert set(GENERATED) <= set(names)


def test_new_xlsm_from_the_cli_has_macros_ribbon_and_live_functions(built, tmp_path, capsys):
    from risiko_xl import cli

    target = tmp_path / "mio.xlsm"
    assert cli.main(["new", str(target), "--formula", "eagles", "--nome", "Coppa"]) == 0
    assert "Creato" in capsys.readouterr().out
    workbook = load_workbook(target, keep_vba=True)
    assert workbook.vba_archive is not None
    with zipfile.ZipFile(target) as ours, zipfile.ZipFile(built) as shipped:
        assert ours.read(VBA_PART) == shipped.read(VBA_PART)
        assert ours.read(RIBBON_PART) == shipped.read(RIBBON_PART)
    settings = OpenpyxlBook(target).settings()
    assert (settings["Formula"], settings["Nome torneo"]) == ("eagles", "Coppa")
    assert isinstance(workbook["Calcoli"]["B4"].value, ArrayFormula)
    assert cli.main(["new", str(target)]) == 2  # never over a tournament by mistake
    assert cli.main(["new", str(target), "--formula", "master", "--forza"]) == 0  # backup kept
    assert OpenpyxlBook(tmp_path / "mio.bak.xlsm").settings()["Formula"] == "eagles"
