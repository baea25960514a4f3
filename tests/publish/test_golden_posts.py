"""Golden files: every post format for round 2 of the seeded demo, byte for byte.

They catch any unintended change of what organisers paste into their forum. Correctness
is checked elsewhere by independent readers (test_posts.py); these files were read by a
person when created; the HTML page's chart is SVG text, compared like the rest.
Regenerate only deliberately: `make golden`, then review the diff.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.publish import BY_NAME, POST_FORMATS
from tests.support.programs import IN_CI
from tests.support.publishing import publish

pytestmark = pytest.mark.lento  # the played demo's posts: not in make test-rapido

GOLDEN = Path(__file__).parents[1] / "golden"
NOW = dt.datetime(2026, 11, 21, 23, 30)
REGENERATE = os.environ.get("RISIKO_RIGENERA_GOLDEN") == "1"


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_post_equals_its_golden_file(demo, fmt):
    golden = GOLDEN / f"post-turno-2-{fmt}{BY_NAME[fmt].suffix}"
    text = publish(OpenpyxlBook(demo), fmt, 2, now=NOW)
    if REGENERATE:
        if IN_CI:
            pytest.fail("i file di riferimento non si rigenerano in CI")
        golden.parent.mkdir(exist_ok=True)
        golden.write_bytes(text.encode("utf-8"))
        pytest.skip(f"rigenerato {golden.name}: rileggerlo e controllare il diff")
    assert text == golden.read_bytes().decode("utf-8")
