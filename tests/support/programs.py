"""External programs the tests need (LibreOffice, Chromium, poppler, olevba, …).

`need_program`: locally a missing program skips the test with a reason; under CI=true it
fails, so CI can never go green by skipping the real-program checks.
"""

from __future__ import annotations

import os
import shutil

import pytest

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
