"""Shared test helpers.

Tests that need a real external program (LibreOffice, Chromium, olevba, …) call
`need_program`: locally a missing program skips the test with a reason; under CI=true
it fails, so CI can never go green by skipping the real-program checks.
"""

from __future__ import annotations

import os
import shutil

import pytest
from hypothesis import settings

# No per-example deadline: CI machines are shared and timing is not what these tests check.
settings.register_profile("risiko", deadline=None)
settings.load_profile("risiko")

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def need_program(name: str, why: str) -> str:
    """Path of program `name`, or skip (fail under CI) with `why`."""
    path = shutil.which(name)
    if path is None:
        message = f"{name} non trovato: {why}"
        if IN_CI:
            pytest.fail(f"CI=true e manca un programma richiesto: {message}")
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def demo(tmp_path_factory):
    """The seeded demo tournament played to the end, once per session (about 2 s). Tests
    read it; a test that changes a workbook copies it first."""
    from risiko_xl.demo import play_tournament

    path = tmp_path_factory.mktemp("demo") / "torneo-demo.xlsx"
    play_tournament(path)
    return path
