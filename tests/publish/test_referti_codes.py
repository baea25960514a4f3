"""Each score sheet carries its table's code and a QR code to the venue's form of that
table (issue 30: «opened from the QR code printed on that table's score sheet, which
carries a code valid for that table and round only»). Read as a phone reads it: the PDF
rasterised by poppler, the QR code decoded by zxing-cpp."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.services.rounds import draw_round
from risiko_xl.tournament.table_codes import REPORT_KEY, VENUE_KEY, shown
from tests.support.programs import need_program
from tests.support.table_codes import code_of
from tests.support.workbooks import new_with_players

zxingcpp = pytest.importorskip("zxingcpp")
VENUE = "http://192.0.2.7:8000"


@pytest.fixture
def drawn(tmp_path: Path) -> Path:
    path = new_with_players(tmp_path / "t.xlsx", "lu_castidduzzu", 12, 3, "qr", seed="qr")
    book = OpenpyxlBook(path)
    draw_round(book, 1)
    book.set_setting(VENUE_KEY, VENUE)
    book.save()
    return path


def _decoded(pdf: Path, out: Path) -> list[list[str]]:
    """The QR codes of every page, as a phone's camera would read them."""
    from PIL import Image

    pdftoppm = need_program("pdftoppm", "serve poppler-utils per rasterizzare i PDF")
    subprocess.run([pdftoppm, "-r", "150", "-png", str(pdf), str(out / "p")], check=True)
    return [[r.text for r in zxingcpp.read_barcodes(Image.open(page))]
            for page in sorted(out.glob("p-*.png"))]


@pytest.mark.parametrize("per_page", [1, 2])
def test_every_sheets_qr_code_opens_its_own_table(drawn, tmp_path: Path, per_page: int) -> None:
    path = drawn
    pdf = tmp_path / "referti.pdf"
    assert cli.main(["referti", str(path), "--turno", "1", "--out", str(pdf),
                     "--per-pagina", str(per_page)]) == 0
    codes = [code_of(path, t) for t in (1, 2, 3)]
    found = [text for page in _decoded(pdf, tmp_path) for text in page]
    assert found == [f"{VENUE}/referto?codice={c}" for c in codes]
    text = subprocess.run([need_program("pdftotext", "serve poppler-utils"), str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert all(f"codice {shown(c)}" in text for c in codes)


def test_the_html_sheets_carry_them_too(drawn, tmp_path: Path) -> None:
    path = drawn
    page = tmp_path / "referti.html"
    assert cli.main(["referti", str(path), "--turno", "1", "--out", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert html.count('class="qr"') == 3
    assert shown(code_of(path, 2)) in html


def test_a_tournament_without_its_secret_prints_no_code(drawn, tmp_path: Path) -> None:
    """A workbook drawn by an older version has no «Chiave referti»: no code is printed
    (the next draw writes one)."""
    path = drawn
    book = OpenpyxlBook(path)
    book.set_setting(REPORT_KEY, None)
    book.save()
    pdf = tmp_path / "referti.pdf"
    assert cli.main(["referti", str(path), "--turno", "1", "--out", str(pdf)]) == 0
    assert _decoded(pdf, tmp_path) == [[], [], []]


def test_two_sheets_a_page_with_tables_of_five_keep_their_qr_codes(tmp_path: Path) -> None:
    """Organiser 31: with «--per-pagina 2» the sheets of tables of five had no QR code
    (their notes box is low). 10 players: two tables of five."""
    path = new_with_players(tmp_path / "t.xlsx", "master", 10, 3, "cq", seed="cinque")
    book = OpenpyxlBook(path)
    draw_round(book, 1)
    book.set_setting(VENUE_KEY, VENUE)
    book.save()
    pdf = tmp_path / "referti.pdf"
    assert cli.main(["referti", str(path), "--turno", "1", "--out", str(pdf),
                     "--per-pagina", "2"]) == 0
    found = [text for page in _decoded(pdf, tmp_path) for text in page]
    assert found == [f"{VENUE}/referto?codice={code_of(path, t)}" for t in (1, 2)]
