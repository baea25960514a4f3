"""The worksheet functions work as soon as `torneo.xlsm` is opened: its VBA project carries
the `xlwings_udfs` module that xlwings' `ImportPythonUDFs` would import (written at build
time by xlwings' own generator, `risiko_xl/workbooks/udf_wrappers.py`). Read back here by
oletools' olevba: one wrapper per `RISIKO_*` function of `risiko_xl.udfs`, with the
arguments xlwings gives that Python signature, calling that function; nothing else named
`RISIKO_*`. The install guide no longer asks for the Alt+F8 step."""

from __future__ import annotations

import ast
import inspect
import re
import sys
from pathlib import Path

import pytest
from oletools.olevba import VBA_Parser
from openpyxl import load_workbook

from risiko_xl import udfs
from risiko_xl.excel import functions
from risiko_xl.workbooks import udf_wrappers
from risiko_xl.workbooks.template import XLWINGS_CONF
from tests.support.udf_wrappers import wrappers

ROOT = Path(__file__).resolve().parents[2]
XLSM = ROOT / "workbook" / "torneo.xlsm"
PROCEDURE = re.compile(r"^\s*(?:(?:Public|Private|Friend|Static)\s+)*"
                       r"(?:Function|Sub|Property\s+(?:Get|Let|Set))\s+(RISIKO_\w*)",
                       re.IGNORECASE | re.MULTILINE)


@pytest.fixture(scope="module")
def modules() -> dict[str, str]:
    """Module name -> VBA source of the shipped torneo.xlsm, as olevba extracts it."""
    parser = VBA_Parser(str(XLSM))
    try:
        return {Path(name).stem: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()


def python_functions() -> dict[str, inspect.Signature]:
    """The worksheet functions of risiko_xl.udfs and their signatures."""
    return {name: inspect.signature(function)
            for name, function in inspect.getmembers(udfs, inspect.isfunction)
            if name.startswith("RISIKO_") and function.__module__ == functions.__name__}


def test_every_risiko_function_is_an_xlwings_function():
    """What xlwings wraps is what carries @xw.func: every RISIKO_ function, nothing else."""
    tree = ast.parse(Path(functions.__file__).read_text(encoding="utf-8"))
    decorated = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)
                 and any(ast.unparse(d) == "xw.func" for d in node.decorator_list)}
    assert decorated == set(python_functions())
    assert len(decorated) >= 15


def test_each_function_has_one_wrapper_with_its_arguments(modules):
    found = wrappers(modules[udf_wrappers.VBA_MODULE])
    functions = python_functions()
    assert set(found) == set(functions)
    for name, signature in functions.items():
        params = list(signature.parameters.values())
        assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params), name
        wrapper = found[name]
        assert wrapper.params == tuple((p.name, p.default is not p.empty) for p in params), name
        assert (wrapper.module, wrapper.function) == (udfs.__name__, name)
        assert wrapper.arguments == tuple(p.name for p in params), name


def test_no_other_procedure_is_named_risiko(modules):
    named = [name for code in modules.values() for name in PROCEDURE.findall(code)]
    assert sorted(named) == sorted(python_functions())  # each once, each a Python function


def test_the_workbook_names_the_module_the_wrappers_call(modules):
    """«UDF Modules» is what ImportPythonUDFs would read (pressed again, it writes the same
    module); the wrappers carry the module name themselves for XLPy.CallUDF."""
    book = load_workbook(XLSM, read_only=True, keep_vba=False)
    try:
        settings = {row[0]: row[1] for row in book[XLWINGS_CONF].iter_rows(values_only=True)}
    finally:
        book.close()
    assert settings["UDF Modules"] == udf_wrappers.udf_modules() == udfs.__name__
    modules_called = {w.module for w in wrappers(modules[udf_wrappers.VBA_MODULE]).values()}
    assert modules_called == {udfs.__name__}


def test_the_generator_leaves_no_trace():
    """The build's stand-ins for pywin32 and its Windows-decorated copy of the module stay
    private: the running risiko_xl.udfs is untouched."""
    before = set(sys.modules)
    text = udf_wrappers.udf_module()
    assert not {"xlwings.udfs", *udf_wrappers.PYWIN32} & (set(sys.modules) - before)
    assert not any(hasattr(f, "__xlfunc__") for f in vars(udfs).values())
    assert wrappers(text)  # and what it wrote reads back
    assert "\n" not in text.replace("\r\n", "")


def test_the_audit_rejects_what_xlwings_would_not_write():
    good = (ROOT / "macros" / f"{udf_wrappers.VBA_MODULE}.bas").read_text("cp1252")
    for bad in (good.replace('"RISIKO_TRIS", Array', '"RISIKO_TAVOLI", Array', 1),
                good.replace("Exit Function", 'Shell "calc.exe"', 1),
                good + "Sub RISIKO_ALTRO()\nEnd Sub\n",
                good.replace("Optional possedute", "possedute")):
        with pytest.raises(AssertionError):
            found = wrappers(bad)
            assert found["RISIKO_TRIS"].params[1] == ("possedute", True)
            assert found["RISIKO_TRIS"].function == "RISIKO_TRIS"


def test_no_user_document_asks_for_import_python_udfs():
    documents = [ROOT / "README.md", ROOT / "CONTRIBUTING.md",
                 *sorted((ROOT / "docs").glob("*.md"))]
    for path in documents:
        text = path.read_text(encoding="utf-8")
        assert "ImportPythonUDFs" not in text and "Alt+F8" not in text, path.name
