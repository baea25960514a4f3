"""The folder of wheels Pyodide installs from (`make wasm`, for tests/test_wasm.py and
benchmarks/wasm_draw.py): our wheel and the pure-Python wheels it requires under
WebAssembly, its requirements read from the wheel and resolved with the emscripten markers.
Downloaded from PyPI when `make wasm` runs (CI does it before the tests), never when a test
runs; a wheel already in the folder is kept, so a second run only rebuilds ours.

A requirement with no py3-none-any wheel on PyPI is built from its sdist with no working C
compiler (CC=false): MarkupSafe (Jinja2's) is the one today, and its setup.py builds
plain Python when its optional C speedups fail to compile. A wheel that still comes out
platform-specific stops the build.

    python tools/wasm/wheels.py build/wasm/wheels
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parents[2]
PYTHON = "3.14"  # Pyodide 314's CPython (tools/wasm/package.json)
EMSCRIPTEN = {**default_environment(), "sys_platform": "emscripten",
              "platform_system": "Emscripten", "platform_machine": "wasm32",
              "python_version": PYTHON, "python_full_version": f"{PYTHON}.0", "extra": ""}
PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]


def requirements(wheel: Path) -> list[Requirement]:
    """The requirements of `wheel` that apply under WebAssembly."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(name).decode("utf-8"))
    found = [Requirement(text) for text in metadata.get_all("Requires-Dist") or []]
    return [r for r in found if r.marker is None or r.marker.evaluate(EMSCRIPTEN)]


def present(folder: Path, requirement: Requirement) -> Path | None:
    """A wheel in `folder` that satisfies `requirement`."""
    for wheel in folder.glob("*.whl"):
        name, version, _build, _tags = parse_wheel_filename(wheel.name)
        if name == canonicalize_name(requirement.name) and version in requirement.specifier:
            return wheel
    return None


def fetch(folder: Path, requirement: Requirement) -> Path:
    """A pure wheel of `requirement` in `folder`: PyPI's py3-none-any, else one built."""
    wanted = f"{requirement.name}{requirement.specifier}"
    download = [*PIP, "download", "--no-deps", "--only-binary=:all:", "--platform", "any",
                "--python-version", PYTHON, "--implementation", "py", "--abi", "none",
                "--dest", str(folder), wanted]
    if subprocess.run(download, stderr=subprocess.DEVNULL).returncode != 0:
        build = [*PIP, "wheel", "--no-deps", "--no-binary", requirement.name,
                 "--wheel-dir", str(folder), wanted]
        subprocess.run(build, check=True, env={**os.environ, "CC": "false"})
    wheel = present(folder, requirement)
    if wheel is None or not wheel.name.endswith("-none-any.whl"):
        raise SystemExit(f"nessuna ruota Python pura per {wanted}: {wheel}")
    return wheel


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("risiko_xl-*.whl"):
        old.unlink()
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)  # no module deleted since
    subprocess.run([*PIP, "wheel", "--no-deps", "--wheel-dir", str(folder), str(ROOT)],
                   check=True)
    queue, seen = requirements(next(folder.glob("risiko_xl-*.whl"))), set()
    while queue:
        requirement = queue.pop()
        if str(requirement) not in seen:
            seen.add(str(requirement))
            wheel = present(folder, requirement) or fetch(folder, requirement)
            queue += requirements(wheel)
    print("\n".join(sorted(p.name for p in folder.glob("*.whl"))))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
