"""One test per club formula of the corpus (issue 25, «Must show»): formulas published by
Italian clubs, each quoted with its source, written through the documented interface only
(`risiko-xl formula --imposta`, a rule typed in the `Formula` sheet, a formula file),
played through the command line from the registrations to the final ranking, with the
qualifiers worked out by hand from the quoted text (README.md in this folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.casebook.runner import Case, as_param, collect, run_case

pytestmark = pytest.mark.lento  # every case through a workbook

CASES = collect(Path(__file__).parent, __package__ or "tests.club_formulas")


def test_the_corpus_has_fifteen_club_formulas():
    clubs = {case.seed for case in CASES}
    assert len(clubs) >= 15, sorted(clubs)


@pytest.mark.parametrize("case", [as_param(c) for c in CASES])
def test_club_formula(case: Case, tmp_path: Path) -> None:
    assert case.articles and case.derivation, "a case quotes its formula and its derivation"
    assert any("http" in a for a in case.articles), "a case names its source"
    run_case(case, tmp_path)
