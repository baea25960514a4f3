"""One test per casebook case: every `CASES` list of every `cases_*.py` in this folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from .runner import Case, as_param, collect, run_case

pytestmark = pytest.mark.lento  # every case through a workbook

CASES = collect(Path(__file__).parent, __package__ or "tests.casebook")


@pytest.mark.parametrize("case", [as_param(c) for c in CASES])
def test_case(case: Case, tmp_path: Path) -> None:
    assert case.articles and case.derivation, "a case quotes its articles and its derivation"
    run_case(case, tmp_path)
