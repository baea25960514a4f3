"""Fixtures and settings of the whole suite (helpers live in `tests/support/`).

Tests that need a real external program (LibreOffice, Chromium, olevba, …) call
`tests.support.programs.need_program`: locally a missing program skips the test with a
reason; under CI=true it fails, so CI can never go green by skipping those checks.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

from tests.support import programs

# No per-example deadline: CI machines are shared and timing is not what these tests check.
settings.register_profile("risiko", deadline=None)
settings.load_profile("risiko")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    """Remember the running test: `need_program` checks its markers."""
    programs.RUNNING[:] = [item]


@pytest.fixture(scope="session")
def demo_played(tmp_path_factory):
    """The seeded demo tournament played to the end and the lines it printed, once per
    session (about 2 s; under pytest-xdist once per worker). Tests read it; a test that
    changes a workbook copies it first."""
    from risiko_xl.demo import play_tournament

    path = tmp_path_factory.mktemp("demo") / "torneo-demo.xlsx"
    return path, play_tournament(path)


@pytest.fixture(scope="session")
def demo(demo_played):
    """The played demo tournament's workbook (see `demo_played`)."""
    return demo_played[0]
