"""The VBA wrappers of the worksheet functions, written at build time by xlwings itself.

In Excel for Windows, xlwings' `ImportPythonUDFs` macro calls `xlwings.import_udfs` with
the Python modules named by «UDF Modules» in the `xlwings.conf` sheet: it imports them
under xlwings' Windows decorators (`xlwings.udfs.xlfunc`, `xlarg`, …), writes the module
`xlwings_udfs` (one VBA `Function` per worksheet function, each calling
`XLPy.CallUDF("<module>", "<function>", Array(<arguments>), ThisWorkbook,
Application.Caller)`), and imports it into the workbook's VBA project, which needs
«Trust access to the VBA project object model». `udf_module` runs that same
`import_udfs` here, on any system, against a stand-in workbook that keeps the module
instead: the result is embedded in `torneo.xlsm` and written to `macros/`, so the
functions work as soon as the workbook is opened.

`xlwings.udfs` imports pywin32 at its top; where pywin32 is absent (Linux, macOS) the
three pywin32 modules it names are stood in for while it loads: the code run here (the
decorators, `generate_vba_wrapper`, `import_udfs` over the stand-in) calls none of them.
The modules are named by the workbook's settings (`template.XLWINGS_SETTINGS`) and
loaded by name, as Excel does: the build does not depend on the faces it wraps.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import sys
import types
from pathlib import Path
from typing import Any
from unittest import mock

import xlwings

from risiko_xl.errors import RisikoError
from risiko_xl.workbooks.template import XLWINGS_SETTINGS

VBA_MODULE = "xlwings_udfs"  # the module name import_udfs gives (and replaces on re-import)
# where the functions of each «UDF Modules» entry point are defined: Excel imports the
# entry point, whose names are these functions, decorated as Windows decorates them there
DEFINED_IN = {"risiko_xl.udfs": "risiko_xl.excel.functions"}
PYWIN32 = ("pythoncom", "pywintypes", "win32com", "win32com.client")


def udf_modules() -> str:
    """«UDF Modules» of the workbook's xlwings.conf: the Python modules, `;`-separated."""
    return dict(XLWINGS_SETTINGS)["UDF Modules"]


def udf_module() -> str:
    """The `xlwings_udfs` module (.bas text, CRLF) that ImportPythonUDFs would import into
    a macro-enabled workbook (not an .xlam add-in: the wrappers pass `ThisWorkbook`)."""
    windows = _windows_udfs()
    names = udf_modules().split(";")
    for name in names:
        windows.udf_modules[name] = {"module": _decorated(DEFINED_IN.get(name, name), windows),
                                     "filename": name,
                                     "filetime": None}  # not reloaded
    windows.__pro__ = False  # PRO's embedded code is not used: the modules are installed
    workbook = _StandInWorkbook("torneo.xlsm")
    with contextlib.redirect_stdout(io.StringIO()):  # its «Imported functions from …»
        windows.import_udfs(";".join(names), workbook)
    if workbook.imported is None:
        raise RisikoError("xlwings non ha scritto il modulo delle funzioni", valore=VBA_MODULE)
    return workbook.imported


def _windows_udfs() -> Any:
    """xlwings.udfs as Excel for Windows loads it (a private copy; pywin32 stood in for
    where it is not installed)."""
    spec = importlib.util.find_spec("xlwings.udfs")
    if spec is None or spec.loader is None:
        raise RisikoError("xlwings non è installato: serve il suo generatore VBA")
    module = importlib.util.module_from_spec(spec)
    absent = [name for name in PYWIN32 if name not in sys.modules]
    try:
        for name in absent:
            sys.modules[name] = _pywin32_stand_in(name)
        spec.loader.exec_module(module)
    finally:
        for name in absent:
            sys.modules.pop(name, None)
    return module


def _pywin32_stand_in(name: str) -> types.ModuleType:
    stand_in = types.ModuleType(name)
    stand_in.com_error = type("com_error", (Exception,), {})  # type: ignore[attr-defined]
    stand_in.Dispatch = None  # type: ignore[attr-defined]
    stand_in.CoInitialize = None  # type: ignore[attr-defined]
    return stand_in


def _decorated(name: str, windows: Any) -> types.ModuleType:
    """A private copy of the module `name` run under xlwings' Windows decorators, as
    `import xlwings` binds them on Windows (`xw.func` is `xlfunc`, …)."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise RisikoError("modulo delle funzioni di foglio non trovato", valore=name)
    module = importlib.util.module_from_spec(spec)
    with mock.patch.multiple(xlwings, func=windows.xlfunc, arg=windows.xlarg,
                             ret=windows.xlret, sub=windows.xlsub, script=windows.xlsub):
        spec.loader.exec_module(module)
    return module


class _StandInWorkbook:
    """What import_udfs touches of an Excel workbook: its name, its VBA project (the
    module imported is kept in `imported`) and Application (MacroOptions, Version)."""

    def __init__(self, name: str) -> None:
        self.Name = name
        self.imported: str | None = None
        self.VBProject = types.SimpleNamespace(VBComponents=_Components(self))
        self.Application = types.SimpleNamespace(Version="16.0", MacroOptions=_ignored)


class _Components:
    def __init__(self, workbook: _StandInWorkbook) -> None:
        self._workbook = workbook

    def __call__(self, name: str) -> str:
        return name

    def Remove(self, component: str) -> None:
        self._workbook.imported = None

    def Import(self, path: str) -> None:
        text = Path(path).read_text(encoding="utf-8")
        self._workbook.imported = text.replace("\r\n", "\n").replace("\n", "\r\n")


def _ignored(*args: Any, **kwargs: Any) -> None:
    """Application.MacroOptions: the descriptions are not registered (see xlsm.py)."""
