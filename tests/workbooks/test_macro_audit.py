"""Audit of the shipped macros (issue 7, "Untrusted content"): every Sub of ours does
nothing but `RunPython` one of our actions, every Function of `xlwings_udfs` is exactly
the wrapper xlwings writes for one of our worksheet functions, and olevba (oletools)
finds nothing suspicious in our modules of `workbook/torneo.xlsm` and no auto-run macro
anywhere in it. The xlwings modules are xlwings' own (the same code as the installed
package's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from oletools.olevba import VBA_Parser, VBA_Scanner, filter_vba

from risiko_xl import udfs
from risiko_xl.excel.ribbon import BUTTONS
from risiko_xl.workbooks.udf_wrappers import VBA_MODULE
from risiko_xl.workbooks.xlsm import MODULE, xlwings_vba
from tests.support.udf_wrappers import wrappers

pytestmark = pytest.mark.lento  # the macro workbook read by olevba

ROOT = Path(__file__).resolve().parents[2]
MACROS = ROOT / "macros"
XLSM = ROOT / "workbook" / "torneo.xlsm"
XLWINGS_MODULES = ("xlwings", "Dictionary")  # xlwings' standalone VBA, not ours

SUB_START = re.compile(r"^Sub (\w+)\(control As IRibbonControl\)$")
RUN_PYTHON = re.compile(r'^RunPython "import risiko_xl\.actions as a; a\.(\w+)\(\)"$')
# Outside a Sub, only these lines: module/class attributes, comments, Option Explicit.
HEADER = re.compile(r"^(Attribute VB_\w+ = .+|'.*|Option Explicit|VERSION 1\.0 CLASS|BEGIN|"
                    r"\s+MultiUse = -1 +'True|END)$")


def action_functions() -> set[str]:
    """The public functions risiko_xl.actions gives the ribbon (its entry point re-exports
    them from risiko_xl.excel.buttons) that take no argument."""
    import inspect

    import risiko_xl.actions as entry

    return {name for name in entry.__all__
            if inspect.isfunction(function := getattr(entry, name))
            and not inspect.signature(function).parameters}


def audit(code: str) -> dict[str, str]:
    """Sub name -> the action it runs. AssertionError for any line that is not a header
    line, a comment, or a Sub whose body is exactly one RunPython of our actions."""
    lines = [line.rstrip() for line in code.replace("\r\n", "\n").split("\n")]
    subs: dict[str, str] = {}
    body: list[str] | None = None
    name = ""
    for number, line in enumerate(lines, start=1):
        if body is None:
            start = SUB_START.match(line)
            if start:
                name, body = start.group(1), []
            else:
                assert not line or HEADER.match(line), f"riga {number} fuori da un Sub: {line!r}"
        elif line == "End Sub":
            statements = [s.strip() for s in body if s.strip() and not s.strip().startswith("'")]
            assert len(statements) == 1, f"Sub {name}: {statements}"
            run = RUN_PYTHON.match(statements[0])
            assert run, f"Sub {name} non chiama solo RunPython: {statements[0]!r}"
            assert name not in subs, f"Sub {name} ripetuto"
            subs[name] = run.group(1)
            body = None
        else:
            body.append(line)
    assert body is None, f"Sub {name} senza End Sub"
    return subs


def audit_wrappers(code: str) -> set[str]:
    """The worksheet functions wrapped; AssertionError unless each Function only calls the
    Python function of its own name in risiko_xl.udfs."""
    found = wrappers(code)
    for name, wrapper in found.items():
        assert (wrapper.module, wrapper.function) == (udfs.__name__, name), name
        assert callable(getattr(udfs, name, None)), name
    return set(found)


@pytest.fixture(scope="module")
def xlsm_modules() -> dict[str, str]:
    """Module name -> VBA source of the checked-in torneo.xlsm, as olevba extracts it."""
    parser = VBA_Parser(str(XLSM))
    try:
        return {Path(name).stem: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()


@pytest.fixture(scope="module")
def olevba_findings() -> list[tuple[str, str, str]]:
    """olevba's analysis of the whole torneo.xlsm: (type, keyword, description)."""
    parser = VBA_Parser(str(XLSM))
    try:
        return list(parser.analyze_macros(show_decoded_strings=True))
    finally:
        parser.close()


def test_every_sub_of_the_macros_folder_only_runs_one_of_our_actions():
    functions = action_functions()
    files = sorted(MACROS.glob("*.bas"))
    assert files, "nessun modulo VBA in macros/"
    assert audit_wrappers((MACROS / f"{VBA_MODULE}.bas").read_text("cp1252"))
    for path in (f for f in files if f.stem != VBA_MODULE):
        subs = audit(path.read_text(encoding="cp1252"))
        assert subs, path.name
        assert set(subs.values()) <= functions, path.name
    assert audit((MACROS / f"{MODULE}.bas").read_text("cp1252")) == {
        b.sub: b.action for b in BUTTONS}


def test_our_modules_in_the_xlsm_only_run_our_actions(xlsm_modules):
    functions = action_functions()
    ours = {name: code for name, code in xlsm_modules.items() if name not in XLWINGS_MODULES}
    assert MODULE in ours and len(ours) > 1  # RisiKo, ThisWorkbook and the sheets
    assert audit_wrappers(ours.pop(VBA_MODULE))
    found = {name: audit(code) for name, code in ours.items()}
    assert found.pop(MODULE) == {b.sub: b.action for b in BUTTONS}
    assert all(subs == {} for subs in found.values()), found  # ThisWorkbook, sheets: empty
    assert {b.action for b in BUTTONS} <= functions


def test_xlwings_modules_are_the_installed_xlwings_vba(xlsm_modules):
    bas, cls = xlwings_vba()

    def code(source: str) -> list[str]:
        return [line for line in source.replace("\r\n", "\n").split("\n")
                if line and not line.startswith(("Attribute VB_", "VERSION ", "BEGIN",
                                                 "  MultiUse", "END"))]

    assert code(xlsm_modules["xlwings"]) == code(bas)
    assert code(xlsm_modules["Dictionary"]) == code(cls)


def test_olevba_flags_nothing_in_our_modules(xlsm_modules):
    """Our code as the VBA editor shows it (olevba's filter drops the leading `Attribute
    VB_` lines Excel adds, whose class GUIDs would read as hex strings)."""
    for name, code in xlsm_modules.items():
        if name not in XLWINGS_MODULES:
            assert VBA_Scanner(filter_vba(code)).scan(include_decoded_strings=True) == [], name


def test_olevba_finds_no_auto_run_macro_in_the_workbook(olevba_findings):
    kinds = {kind for kind, _keyword, _description in olevba_findings}
    assert "AutoExec" not in kinds, [f for f in olevba_findings if f[0] == "AutoExec"]
    keywords = {keyword.casefold() for _, keyword, _ in olevba_findings}
    assert not keywords & {"vba stomping", "xlm macro", "template injection"}
    for name in ("shell", "createobject"):  # present, but only in xlwings' own module
        if name in keywords:
            assert name in {k.casefold() for _, k, _ in VBA_Scanner(
                xlwings_vba()[0]).scan(include_decoded_strings=True)}


def test_the_audit_rejects_a_tampered_module():
    good = (MACROS / f"{MODULE}.bas").read_text("cp1252")
    tampered = [
        good.replace('    RunPython "import risiko_xl.actions as a; a.verifica()"',
                     '    RunPython "import risiko_xl.actions as a; a.verifica()"\n'
                     '    Shell "calc.exe"'),
        good.replace("a.verifica()", "a.verifica(); import os"),
        good.replace("a.verifica()", "b.verifica()"),
        good + "\nSub Auto_Open()\n    RunPython \"import risiko_xl.actions as a; a.verifica()\"\n"
               "End Sub\n",
        good + "\nPrivate Declare PtrSafe Function Sleep Lib \"kernel32\" (ByVal ms As Long)\n",
        good.replace("End Sub", "", 1),
    ]
    for code in tampered:
        with pytest.raises(AssertionError):
            audit(code)
    malicious = "Sub AutoOpen()\n    CreateObject(\"WScript.Shell\").Run \"calc\"\nEnd Sub\n"
    kinds = {kind for kind, _, _ in VBA_Scanner(malicious).scan()}
    assert {"AutoExec", "Suspicious"} <= kinds  # olevba does see what we check is absent


def test_an_action_name_that_does_not_exist_is_caught():
    functions = action_functions()
    assert "verifica" in functions and "_verify" not in functions
    assert "cancella_tutto" not in functions
