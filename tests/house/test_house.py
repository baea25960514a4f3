"""The house a newcomer finds (issue 16): the layout table of docs/ARCHITECTURE.md matches the tree,
every package says what lives there and what it may import, no module grows too big."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "risiko_xl"
MAX_LINES = 450


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
