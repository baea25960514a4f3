"""Pyodide (CPython compiled to WebAssembly) under Node.js, offline, for tests/test_wasm.py
and benchmarks/wasm_draw.py.

`make wasm` installs Pyodide from npm into tools/wasm/node_modules (the version pinned by
tools/wasm/package-lock.json) and builds build/wasm/wheels (tools/wasm/wheels.py): our
wheel and the pure-Python wheels it requires there. `run` starts a Python script in it
through tools/wasm/pyodide.mjs; `missing` says why it cannot (no Node, `make wasm` not run,
or our wheel older than the sources: it would test yesterday's code).
"""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT / "tools" / "wasm" / "pyodide.mjs"
PYODIDE = ROOT / "tools" / "wasm" / "node_modules" / "pyodide" / "pyodide.mjs"
WHEELS = ROOT / "build" / "wasm" / "wheels"
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


def stale_files(wheel: Path) -> list[str]:
    """The package's files that differ between `wheel` and the source tree."""
    with zipfile.ZipFile(wheel) as archive:
        packed = {name: archive.read(name) for name in archive.namelist()
                  if name.startswith("risiko_xl/")}
    sources: dict[str, Path] = {}
    for prefix, folder in PACKED.items():
        sources |= {f"{prefix}/{p.relative_to(folder).as_posix()}": p
                    for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts
                    and p.suffix in {".py", ".json", ".j2"}}
    return sorted(name for name in packed.keys() | sources.keys()
                  if name not in packed or name not in sources
                  or packed[name] != sources[name].read_bytes())


def run(script: Path, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """`script` run under Pyodide with `args` (folders among them mounted at their path)."""
    node = shutil.which("node") or "node"
    return subprocess.run([node, str(HARNESS), str(WHEELS), str(script), *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)
