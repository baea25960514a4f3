"""One test per casebook case: every `CASES` list of every `cases_*.py` in this folder."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from .runner import Case, run_case

pytestmark = pytest.mark.lento  # every case through a workbook


def _collect() -> list[Case]:
    cases: list[Case] = []
    for path in sorted(Path(__file__).parent.glob("cases_*.py")):
        module = importlib.import_module(f"{__package__}.{path.stem}")
        cases.extend(module.CASES)
    ids = [c.id for c in cases]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicated, f"duplicated case ids: {duplicated}"
    return cases


CASES = _collect()


def _param(case: Case):
    marks = []
    if case.known_defect:
        marks.append(pytest.mark.xfail(strict=True, reason=case.known_defect))
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_case(case: Case, tmp_path: Path) -> None:
    assert case.articles and case.derivation, "a case quotes its articles and its derivation"
    run_case(case, tmp_path)
