"""External programs the tests need (LibreOffice, Chromium, poppler, olevba, …).

`need_program`: locally a missing program skips the test with a reason; under CI=true it
fails, so CI can never go green by skipping the real-program checks. A test that starts
LibreOffice or Chromium must carry the marker `libreoffice` or `chromium` (the fast tier,
`make test-rapido`, leaves those out): `need_program` fails a test that starts one unmarked.
"""

from __future__ import annotations

import os
import shutil

import pytest

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}

# the marker a test needs to start each program
MARKERS = {"soffice": "libreoffice", "chromium": "chromium"}

# the test being run (set by tests/conftest.py; a module fixture runs in its first test)
RUNNING: list[pytest.Item] = []


def need_program(name: str, why: str) -> str:
    """Path of program `name`, or skip (fail under CI) with `why`."""
    marker = MARKERS.get(name)
    if marker and RUNNING and RUNNING[-1].get_closest_marker(marker) is None:
        pytest.fail(f"{RUNNING[-1].nodeid} avvia {name}: serve @pytest.mark.{marker}")
    path = shutil.which(name)
    if path is None:
        message = f"{name} non trovato: {why}"
        if IN_CI:
            pytest.fail(f"CI=true e manca un programma richiesto: {message}")
        pytest.skip(message)
    return path
