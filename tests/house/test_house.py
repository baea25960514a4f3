"""The house a newcomer finds (issue 16): the layout table of docs/ARCHITECTURE.md matches the tree,
every package says what lives there and what it may import, no module grows too big."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "risiko_xl"
MAX_LINES = 400


def _layout_paths() -> list[str]:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    table = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    return [p for line in table.splitlines() if line.startswith("| `")
            for p in re.findall(r"`([^`]+)`", line.split("|")[1])]


def _packages() -> list[Path]:
    return sorted(p.parent for p in PACKAGE.rglob("__init__.py")
                  if "presets" not in p.parts and "__pycache__" not in p.parts)


def test_every_path_of_the_layout_table_exists():
    missing = [p for p in _layout_paths() if not (ROOT / p).exists()]
    assert missing == []


def test_every_package_and_top_module_is_in_the_layout_table():
    listed = {p.rstrip("/") for p in _layout_paths()}
    wanted = [p.relative_to(ROOT).as_posix() for p in _packages() if p != PACKAGE]
    wanted += [p.relative_to(ROOT).as_posix() for p in PACKAGE.glob("*.py")
               if p.name != "__init__.py"]
    assert [w for w in wanted if w not in listed
            and not any(w.startswith(item + "/") for item in listed)] == []


def test_every_package_says_what_it_holds_and_may_import():
    for package in _packages():
        if package == PACKAGE:
            continue
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text())) or ""
        assert len(doc.split()) >= 20, f"{package.name}: a paragraph on what lives there"
        assert re.search(r"\bimport", doc), f"{package.name}: what it may import"


def test_no_module_over_the_limit():
    big = {p.relative_to(ROOT).as_posix(): n for p in PACKAGE.rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert big == {}


def _package_of(module: str) -> str:
    return module.rsplit(".", 1)[0]


def test_no_module_imports_a_private_name_of_another_package():
    # a name starting with «_» is its module's own: another package reaching for it
    # depends on what its owner may change at will (issue 27: 21 such imports once)
    found = []
    for path in PACKAGE.rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        own = module if path.name == "__init__.py" else _package_of(module)
        own = own.removesuffix(".__init__")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                    and node.module.startswith("risiko_xl"):
                source = node.module if (ROOT / Path(*node.module.split("."))).is_dir() \
                    else _package_of(node.module)
                found += [f"{module}: {node.module}.{alias.name}" for alias in node.names
                          if alias.name.startswith("_") and not alias.name.startswith("__")
                          and source != own]
    assert found == []


FACES = ("cli", "excel", "lite")  # the faces' tests, apart
BESIDE = ("support", "casebook", "club_formulas", "golden", "bad_inputs", "fixtures", "house")


def test_the_tests_mirror_the_packages():
    # issue 27: «Tests mirror the packages (tests/rules/, tests/standings/, …, faces
    # apart; the casebook and golden files stay where they are)»
    tests = ROOT / "tests"
    packages = {p.name for p in _packages()} - {PACKAGE.name}
    folders = {p.name for p in tests.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - packages - set(FACES) - set(BESIDE) == set()
    assert [p.name for p in tests.glob("test_*.py")] == ["test_every_face.py"]
