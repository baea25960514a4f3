"""The folders of wheels Pyodide installs from (`make wasm`):

- for tests/lite/test_wasm.py and benchmarks/wasm_draw.py, our wheel and the pure-Python wheels
  it requires under WebAssembly, its requirements read from the wheel and resolved with
  the emscripten markers;
- with `--lite WORKBOOK`, for tests/lite/test_lite_wasm.py and benchmarks/lite_import.py, what
  the xlwings Lite add-in installs for that workbook: the lines of the `requirements.txt`
  it carries (xlwings, the add-in's own «required» lines, the package's dependencies)
  and what they require, and NOT our wheel (the workbook's main.py carries the package).
  The requirements.txt is copied beside the wheels (tests/support/webassembly.py checks
  that the folder was built for today's workbook).

Downloaded from PyPI when `make wasm` runs (CI does it before the tests), never when a test
runs; a wheel already in the folder is kept, so a second run only rebuilds ours.

A requirement with no py3-none-any wheel on PyPI is built from its sdist with no working C
compiler (CC=false): MarkupSafe (Jinja2's) is the one today, and its setup.py builds
plain Python when its optional C speedups fail to compile. A wheel that still comes out
platform-specific stops the build.

    python tools/wasm/wheels.py build/wasm/wheels
    python tools/wasm/wheels.py build/wasm/lite-wheels --lite workbook/torneo-lite.xlsx
"""

from __future__ import annotations

import argparse
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

from risiko_xl.workbooks.lite import workbook_code

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


def resolve(folder: Path, queue: list[Requirement]) -> set[Path]:
    """Every requirement in `queue`, and what each requires, as a pure wheel in `folder`:
    the wheels that satisfy them."""
    seen: set[str] = set()
    used: set[Path] = set()
    while queue:
        requirement = queue.pop()
        if str(requirement) not in seen:
            seen.add(str(requirement))
            wheel = present(folder, requirement) or fetch(folder, requirement)
            used.add(wheel)
            queue += requirements(wheel)
    return used


def ours(folder: Path) -> None:
    """Our wheel, built from the source tree, and its requirements."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("risiko_xl-*.whl"):
        old.unlink()
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)  # no module deleted since
    subprocess.run([*PIP, "wheel", "--no-deps", "--wheel-dir", str(folder), str(ROOT)],
                   check=True)
    resolve(folder, requirements(next(folder.glob("risiko_xl-*.whl"))))


def lite(folder: Path, workbook: Path) -> None:
    """What xlwings Lite installs for `workbook`: its requirements.txt, line by line."""
    folder.mkdir(parents=True, exist_ok=True)
    text = workbook_code(workbook)["requirements.txt"]
    lines = [line.split("#")[0].strip() for line in text.splitlines()]
    used = resolve(folder, [Requirement(line) for line in lines if line])
    for old in set(folder.glob("*.whl")) - used:  # a line removed leaves no wheel behind
        old.unlink()
    (folder / "requirements.txt").write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--lite", type=Path, metavar="WORKBOOK")
    args = parser.parse_args()
    if args.lite is None:
        ours(args.folder)
    else:
        lite(args.folder, args.lite)
    print("\n".join(sorted(p.name for p in args.folder.glob("*.whl"))))


if __name__ == "__main__":
    main()
