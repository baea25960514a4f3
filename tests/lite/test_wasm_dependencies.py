"""One wheel installs everywhere: under WebAssembly (Pyodide: xlwings Lite, a browser)
only pure-Python wheels are required, the rest is left out by environment marker; and
what runs there does without what is left out (psutil, fpdf2, xlwings)."""

from __future__ import annotations

import os
from importlib.metadata import requires

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement

from risiko_xl.files import processes

# requirements with a py3-none-any wheel on PyPI (their own requirements too: et-xmlfile,
# markupsafe, whose C speedups are optional)
PURE = {"openpyxl", "defusedxml", "olefile", "jinja2", "babel", "segno", "tzdata",
        "openskill"}
# binary or useless in a browser: uharfbuzz, psutil; xlwings (a Rust
# extension, and Excel on the desk); fpdf2 (Pillow, fontTools); pyperclip (no clipboard);
# xlrd (`importa` reads GestioneTorneo's .xls with it on the desk; .xlsx and .ods need none);
# python-calamine (a Rust extension: the read-only commands' fast reading, the CLI's)
DESK_ONLY = {"xlwings", "fpdf2", "uharfbuzz", "psutil", "pyperclip", "packaging", "xlrd",
             "ortools",  # the draw's exact solver: under WebAssembly the search alone
             "python-calamine",
             "starlette", "uvicorn", "h11"}  # `risiko-xl sala`: a server on the laptop


def _required(**platform: str) -> set[str]:
    environment = {**default_environment(), "extra": "", **platform}
    return {req.name.lower() for req in map(Requirement, requires("risiko-xl") or [])
            if req.marker is None or req.marker.evaluate(environment)}


def test_under_webassembly_only_the_pure_wheels_are_required():
    assert _required(sys_platform="emscripten", platform_system="Emscripten",
                     platform_machine="wasm32") == PURE


def test_on_the_desk_everything_is_required():
    assert _required(sys_platform="linux") == (PURE | DESK_ONLY) - {"tzdata"}
    assert _required(sys_platform="win32") == PURE | DESK_ONLY
    assert _required(sys_platform="darwin") == (PURE | DESK_ONLY) - {"tzdata"}


def test_one_process_under_webassembly(monkeypatch):
    monkeypatch.setattr(processes.sys, "platform", "emscripten")
    monkeypatch.setitem(__import__("sys").modules, "psutil", None)  # not installed there
    assert processes.running(os.getpid())
    assert not processes.running(os.getpid() + 1)


def test_score_sheets_in_pdf_refused_without_fpdf2(demo, tmp_path, monkeypatch):
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.errors import RisikoError
    from risiko_xl.publish import referti
    from risiko_xl.services.publication import post_source

    real = referti.importlib.util.find_spec
    monkeypatch.setattr(referti.importlib.util, "find_spec",
                        lambda name, *a: None if name == "fpdf" else real(name, *a))
    out = tmp_path / "referti.pdf"
    with pytest.raises(RisikoError, match=r"fpdf2.*\.html.*referti\.pdf"):
        referti.write_referti(post_source(OpenpyxlBook(demo)), 1, out)
    assert not out.exists()
