"""The suite runs on the lowest Python the package supports: `requires-python` in
pyproject.toml is the one place that names it (xlwings 0.37's wheels need 3.11). Locally
another interpreter skips with a reason; under CI=true it fails, so CI always tests the
minimum (the Makefile and `.ci/run` build the venv with `python3.11`)."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

from tests.support.programs import IN_CI

ROOT = Path(__file__).resolve().parents[2]


def minimum() -> tuple[int, int]:
    """The (major, minor) of `requires-python = ">=X.Y"`."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    match = re.fullmatch(r">=\s*(\d+)\.(\d+)", project["requires-python"].strip())
    assert match, f"requires-python non è «>=X.Y»: {project['requires-python']!r}"
    return int(match[1]), int(match[2])


def test_the_interpreter_is_supported():
    assert sys.version_info[:2] >= minimum()


def test_the_suite_runs_on_the_minimum():
    running, lowest = sys.version_info[:2], minimum()
    if running != lowest:
        message = (f"la suite gira con Python {running[0]}.{running[1]}, non con il minimo "
                   f"supportato {lowest[0]}.{lowest[1]} (requires-python)")
        if IN_CI:
            pytest.fail(f"CI=true: {message}")
        pytest.skip(message)


def test_the_build_prefers_the_minimum():
    """The Makefile and CI name the same interpreter as requires-python."""
    major, minor = minimum()
    lowest = f"python{major}.{minor}"
    assert f"command -v {lowest}" in (ROOT / "Makefile").read_text(encoding="utf-8")
    assert f"PYTHON={lowest}" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
