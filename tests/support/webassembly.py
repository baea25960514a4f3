"""Pyodide (CPython compiled to WebAssembly) under Node.js, offline, for tests/lite/test_wasm.py,
tests/lite/test_lite_wasm.py, benchmarks/wasm_draw.py and benchmarks/lite_import.py.

`make wasm` installs Pyodide from npm into tools/wasm/node_modules (the version pinned by
tools/wasm/package-lock.json) and builds two folders of wheels (tools/wasm/wheels.py):
build/wasm/wheels, our wheel and the pure-Python wheels it requires there, and
build/wasm/lite-wheels, what xlwings Lite installs for workbook/torneo-lite.xlsx (the
lines of its requirements.txt, without our wheel). `run` starts a Python script in it
through tools/wasm/pyodide.mjs with one folder installed; `missing` and `missing_lite` say
why it cannot (no Node, `make wasm` not run, our wheel older than the sources or the Lite
folder built for another requirements.txt: it would test yesterday's code).
`lite_folder` and `probe_lite` run tests/support/lite_probe.py on the Lite workbook, under
Pyodide or on CPython.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

from risiko_xl.workbooks.lite import workbook_code

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT / "tools" / "wasm" / "pyodide.mjs"
PYODIDE = ROOT / "tools" / "wasm" / "node_modules" / "pyodide" / "pyodide.mjs"
WHEELS = ROOT / "build" / "wasm" / "wheels"
LITE_WHEELS = ROOT / "build" / "wasm" / "lite-wheels"
LITE_WORKBOOK = ROOT / "workbook" / "torneo-lite.xlsx"
LITE_PROBE = ROOT / "tests" / "support" / "lite_probe.py"
# where each folder of the source tree lands in our wheel (pyproject.toml's package-dir)
PACKED = {"risiko_xl": ROOT / "risiko_xl", "risiko_xl/templates": ROOT / "templates"}


def missing() -> str | None:
    """Why Pyodide cannot run our wheel here (None: it can)."""
    if shutil.which("node") is None:
        return "node non trovato: serve Node.js (Debian nodejs) per avviare Pyodide"
    wheels = sorted(WHEELS.glob("risiko_xl-*.whl"))
    if not PYODIDE.exists() or not wheels:
        return "Pyodide o le ruote per WebAssembly mancano: eseguire `make wasm`"
    stale = stale_files(wheels[0])
    if stale:
        return (f"la ruota {wheels[0].name} è più vecchia dei sorgenti ({stale[0]}, …): "
                "eseguire `make wasm`")
    return None


def missing_lite() -> str | None:
    """Why Pyodide cannot run the Lite workbook with what xlwings Lite installs (None: it
    can)."""
    if shutil.which("node") is None:
        return "node non trovato: serve Node.js (Debian nodejs) per avviare Pyodide"
    built = LITE_WHEELS / "requirements.txt"
    if not PYODIDE.exists() or not built.exists():
        return "Pyodide o le ruote di xlwings Lite mancano: eseguire `make wasm`"
    if built.read_text(encoding="utf-8") != workbook_code(LITE_WORKBOOK)["requirements.txt"]:
        return (f"le ruote in {LITE_WHEELS.name} non sono quelle del requirements.txt di "
                f"{LITE_WORKBOOK.name}: eseguire `make wasm`")
    return None


def stale_files(wheel: Path) -> list[str]:
    """The package's files that differ between `wheel` and the source tree."""
    with zipfile.ZipFile(wheel) as archive:
        packed = {name: archive.read(name) for name in archive.namelist()
                  if name.startswith("risiko_xl/")}
    sources: dict[str, Path] = {}
    for prefix, folder in PACKED.items():
        sources |= {f"{prefix}/{p.relative_to(folder).as_posix()}": p
                    for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                    and (p.suffix in {".py", ".json", ".j2", ".js", ".ttf"}
                         or p.name == "LICENSE")}
    return sorted(name for name in packed.keys() | sources.keys()
                  if name not in packed or name not in sources
                  or packed[name] != sources[name].read_bytes())


def run(script: Path, *args: str, timeout: float = 900,
        wheels: Path = WHEELS) -> subprocess.CompletedProcess[str]:
    """`script` run under Pyodide with `args` (folders among them mounted at their path),
    every wheel in `wheels` installed."""
    node = shutil.which("node") or "node"
    return subprocess.run([node, str(HARNESS), str(wheels), str(script), *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def lite_folder(folder: Path) -> Path:
    """`folder` made ready for tests/support/lite_probe.py: the shipped xlwings Lite
    workbook and the add-in's settings, the licence key xlwings requires under Lite (the
    test-only noncommercial one, standing for the add-in's own: docs/XLWINGS-LITE.md)."""
    from tests.support.excel_standin import LICENSE

    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(LITE_WORKBOOK, folder / LITE_WORKBOOK.name)
    (folder / ".env").write_text(f'XLWINGS_LICENSE_KEY="{LICENSE}"\n', encoding="utf-8")
    return folder


def probe_lite(folder: Path, out: Path, under_pyodide: bool,
               timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """tests/support/lite_probe.py on `folder` (`lite_folder`), its results in `out`: under
    Pyodide with only what xlwings Lite installs, or on this CPython with its
    site-packages and no site hooks (`-S`: not the editable install of the package), a
    temporary folder of its own and nothing else from the environment."""
    out.mkdir(parents=True, exist_ok=True)
    if under_pyodide:
        return run(LITE_PROBE, str(folder), str(out), timeout=timeout, wheels=LITE_WHEELS)
    temp = out / "tmp"
    temp.mkdir()
    env = {"PATH": "/usr/bin:/bin", "TMPDIR": str(temp),
           "PYTHONPATH": sysconfig.get_paths()["purelib"]}
    return subprocess.run([sys.executable, "-S", str(LITE_PROBE), str(folder), str(out)],
                          capture_output=True, text=True, timeout=timeout, env=env,
                          cwd=folder)
