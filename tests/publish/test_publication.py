"""Posts, score sheets and charts come from the tournament model alone: `post_source`
reads the workbook once, `publish` never reads it (nor imports a book, pandas or
numpy)."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import sys

from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.publish.charts import progression
from risiko_xl.publish.posts import publish, publish_all
from risiko_xl.publish.referti import write_referti
from risiko_xl.services.publication import post_source

NOW = dt.datetime(2026, 11, 21, 23, 30)


def test_posts_and_score_sheets_need_no_workbook_once_read(demo, tmp_path):
    copy = tmp_path / "torneo.xlsx"
    shutil.copy(demo, copy)
    book = OpenpyxlBook(copy)
    book.set_setting("Indirizzo pubblicazione", "https://www.club.example/torneo")
    book.save()
    source = post_source(OpenpyxlBook(copy))
    before = publish_all(source, 2, now=NOW)
    sheets = write_referti(source, 2, tmp_path / "r.html").read_bytes()
    copy.unlink()  # nothing is read from here on
    assert publish_all(source, 2, now=NOW) == before
    assert publish(source, "schermo", 2, now=NOW) == before[1]["schermo"]
    assert write_referti(source, 2, tmp_path / "r2.html").read_bytes() == sheets
    assert progression(source).rounds == (1, 2)


def test_publish_imports_no_book_no_service_and_no_pandas():
    code = ("import sys\n"
            "import risiko_xl.publish.posts, risiko_xl.publish.referti, "
            "risiko_xl.publish.charts, risiko_xl.publish.screen\n"
            "bad = [m for m in sys.modules if m in ('pandas', 'numpy', 'openpyxl') or "
            "m.startswith('risiko_xl.services') or "
            "(m.startswith('risiko_xl.books.') and m != 'risiko_xl.books.schema')]\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
