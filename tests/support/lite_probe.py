"""An xlwings Lite workbook's code run the way the add-in runs it, for
tests/lite/test_lite_wasm.py and benchmarks/lite_import.py: the same script on CPython and under
Pyodide (tools/wasm/pyodide.mjs), the two results compared. It imports only the standard
library and what the workbook's requirements.txt installs (xlwings above all): the package
comes from the workbook's `main.py`, never from an installed wheel.

    python -S tests/support/lite_probe.py IN OUT

IN holds `torneo-lite.xlsx`; `.env`, the add-in's settings (`KEY=value` lines: the licence
key xlwings requires there, see docs/XLWINGS-LITE.md); optionally `funzioni.json`, the
custom-function calls to make, and `script-*.json`, each a script to run with the workbook
data Excel sends ({"script", "args", "payload"}). As xlwings-server's open WebAssembly
runtime (`xlwings_server/wasm/config.py`, `wasm_runtime.py`) does for the add-in: the
settings enter `os.environ`, `XLWINGS_ON_SERVER=true`, then xlwings is imported; `main.py`
(read from the workbook's web-extension part) is exec'd as the module `main`; functions and
scripts are listed and called through `xlwings.server`; modules `main.py` leaves out are
imported, to see them refused. `main.py` is loaded `LOADS` times, each in a fresh
temporary folder (unpacked again) and timed. OUT gets `risultati.json` (everything but the
scripts' actions) and, per script, `<script>.json`: `book.json()`, the actions sent back
to Excel. The draw records the time it was made: the clock is fixed. The draw's exact
solver (OR-Tools) is not installed under WebAssembly, so on CPython it is hidden too: both
runs seat with the search alone and record engine «…-ricerca».
"""

from __future__ import annotations

import contextlib
import datetime as dt
import importlib
import importlib.util
import io
import json
import os
import platform
import shutil
import sys
import tempfile
import time
import types
import zipfile
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar
from xml.etree import ElementTree

sys.modules.setdefault("ortools", None)  # type: ignore[assignment]  # absent under Lite
WORKBOOK = "torneo-lite.xlsx"
PART = "xl/webextensions/webextension1.xml"
LOADS = 5
T = TypeVar("T")
NOW = dt.datetime(2026, 11, 21, 20, 0, tzinfo=dt.UTC)  # the scripts' clock, both sides
LEFT_OUT = ("risiko_xl.publish.referti_pdf", "risiko_xl.cli")  # not in main.py: refused


def settings(path: Path) -> None:
    """The add-in's `.env` into `os.environ` (existing variables win), then the switch
    xlwings reads at import (xlwings_server/wasm/config.py)."""
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            key, _, value = line.partition("=")
            if key.strip() and not key.startswith("#"):
                os.environ.setdefault(key.strip(), value.strip().strip("\"'"))
    os.environ["XLWINGS_ON_SERVER"] = "true"


def workbook_code(path: Path) -> dict[str, str]:
    """The files the workbook carries: each `we:property` value is a JSON string."""
    with zipfile.ZipFile(path) as archive:
        root = ElementTree.fromstring(archive.read(PART))
    return {e.get("name", ""): json.loads(e.get("value", "")) for e in root.iter()
            if e.tag.endswith("}property")}


def create_module(code: str) -> types.ModuleType:
    """`main.py` as the add-in makes it a module (wasm_runtime.create_module_from_string)."""
    spec = importlib.util.spec_from_loader("main", loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    exec(code, module.__dict__)
    sys.modules["main"] = module
    return module


def load(code: str, temp: str) -> tuple[types.ModuleType, float]:
    """`main.py` loaded as on a fresh start of the add-in: nothing unpacked, no risiko_xl
    module imported (its dependencies stay imported after the first load); seconds taken."""
    for name in [n for n in sys.modules if n.partition(".")[0] in ("risiko_xl", "main")]:
        del sys.modules[name]
    sys.path[:] = [p for p in sys.path if not Path(p).name.startswith("risiko_xl-")]
    tempfile.tempdir = tempfile.mkdtemp(prefix="lite-", dir=temp)
    started = time.perf_counter()
    module = create_module(code)
    return module, time.perf_counter() - started


def complete(coroutine: Coroutine[Any, Any, T]) -> T:
    """The result of one of xlwings' entry points. The add-in awaits them from
    JavaScript; `asyncio.run` under Pyodide needs WebAssembly stack switching, which
    Node.js 20 lacks, so the coroutine is stepped here, the same on both sides: on this
    path it never waits for anything (a suspension is an error)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("la chiamata di xlwings attende qualcosa: non prevista")


def call_functions(module: types.ModuleType, calls: list[dict[str, Any]]) -> list[Any]:
    """Each call as the add-in sends it (wasm_runtime.custom_functions_call)."""
    import xlwings as xw
    from xlwings import server

    results = []
    for call in calls:
        data = {"version": xw.__version__, "client": "Office.js", "runtime": "1.4",
                "culture_info_name": "it-IT", "date_format": "dd/mm/yyyy", **call}
        try:
            caller = server.caller_from_address(data.get("caller_address"))
        except xw.XlwingsError:
            caller = None
        results.append(complete(server.custom_functions_call(
            data, module=module, typehint_to_value={server.Caller: caller})))
    return results


def refused(names: tuple[str, ...]) -> dict[str, str]:
    """What importing each of `names` (modules the workbook's main.py leaves out) raises:
    type and message."""
    found = {}
    for name in names:
        try:
            importlib.import_module(name)
            found[name] = "importato"
        except Exception as err:
            found[name] = f"{type(err).__name__}: {err}"
    return found


def run_script(module: types.ModuleType, request: dict[str, Any]) -> tuple[str, str]:
    """A script on the book built from the payload, as the add-in runs it
    (wasm_runtime.custom_scripts_call): the actions it sends back and what it printed."""
    import xlwings as xw
    from xlwings import server

    book = xw.Book(json=request["payload"])
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        book = complete(server.custom_scripts_call(
            module=module, script_name=request["script"],
            typehint_to_value={xw.Book: book}, args=request["args"]))
    actions = json.dumps(book.json(), ensure_ascii=False, indent=1, sort_keys=True)
    return actions + "\n", printed.getvalue()


def main(folder: Path, out: Path) -> None:
    settings(folder / ".env")
    import xlwings as xw
    from xlwings import server

    code = workbook_code(folder / WORKBOOK)
    temp, seconds = tempfile.gettempdir(), []
    for _ in range(LOADS):
        module, taken = load(code["main.py"], temp)
        seconds.append(taken)
    # the workbook's own package (its main.py put it first): commands import it lazily
    importlib.import_module("risiko_xl.clock").utc_now = lambda: NOW
    # xlwings Lite's Files folder (the season's file): the same path on both sides, empty
    files = Path(temp) / "risiko-lite-files"
    shutil.rmtree(files, ignore_errors=True)
    files.mkdir()
    importlib.import_module("risiko_xl.lite.steps").FILES = files
    calls = folder / "funzioni.json"
    found: dict[str, Any] = {
        "platform": [sys.platform, platform.machine()], "python": platform.python_version(),
        "xlwings": [xw.__version__, xw.__file__], "package": sys.modules["risiko_xl"].__file__,
        "temp": temp, "load_seconds": seconds,
        "requirements": code["requirements.txt"],
        "functions": server.custom_functions_meta(module),
        "scripts": server.custom_scripts_meta(module),
        "calls": call_functions(module, json.loads(calls.read_text(encoding="utf-8"))
                                if calls.exists() else []),
        "refused": refused(LEFT_OUT), "printed": {}}
    for path in sorted(folder.glob("script-*.json")):
        request = json.loads(path.read_text(encoding="utf-8"))
        actions, printed = run_script(module, request)
        (out / f"{path.stem}.json").write_text(actions, encoding="utf-8")
        found["printed"][path.stem] = printed
    (out / "risultati.json").write_text(json.dumps(found, ensure_ascii=False, indent=1),
                                        encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
