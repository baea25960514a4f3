"""Table score sheets (referti): the content from the workbook, the PDF (rasterised and
read back by poppler), the HTML (parsed by html5lib and printed by headless Chromium),
escaping of hostile names, located Italian errors and reproducible bytes."""

from __future__ import annotations

import base64
import datetime as dt
import io
import math
import re
import subprocess
import time
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table
from risiko_xl.errors import RisikoError
from risiko_xl.publish.post import TRADEMARK
from risiko_xl.publish.score_sheet import duration_text
from risiko_xl.services.rounds import draw_round
from risiko_xl.tournament.loading import load
from risiko_xl.tournament.scoring import group_tables
from risiko_xl.workbooks.template import write_new
from tests.support.browser import print_pdf
from tests.support.pdf_text import page_texts, parse
from tests.support.programs import need_program
from tests.support.publishing import score_sheets, write_referti

pytestmark = pytest.mark.lento  # score sheets printed

HEADERS = ["Ordine", "Giocatore", "Punti obiettivo", "Punti fuori obiettivo", "RisiKo!",
           "Eliminato", "Punti torneo", "Firma"]
HOSTILE = ["<script>alert(1)</script>", "[url=x]y[/url]", "Łukasz Ğür"]
DRAWN = dt.datetime(2026, 11, 21, 21, 0)


# --- fixtures ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tables(demo) -> dict[int, list[list[tuple[str, str]]]]:
    """round -> its tables in print order, each a list of (ID, name)."""
    t = load(OpenpyxlBook(demo))
    out: dict[int, list[list[tuple[str, str]]]] = {}
    for (round_no, _phase, _number), rows in sorted(group_tables(t.rows).items()):
        out.setdefault(round_no, []).append([(r.player, t.by_id[r.player].name)
                                             for r in rows])
    return out


@pytest.fixture(scope="module")
def printed(demo, tmp_path_factory) -> dict[tuple[str, int], Path]:
    """Round 2 written once as PDF and HTML, one and two sheets to a page."""
    folder = tmp_path_factory.mktemp("referti")
    book = OpenpyxlBook(demo)
    return {(kind, per_page): write_referti(book, 2, folder / f"r2-{per_page}.{kind}",
                                            per_page)
            for kind in ("pdf", "html") for per_page in (1, 2)}


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    """An 8-player tournament with hostile and non-Latin names, round 1 drawn."""
    path = tmp_path_factory.mktemp("small") / "piccolo.xlsx"
    write_new(path, {"Nome torneo": "Torneo <b>piccolo</b>", "Sede": "Sala [b]1[/b]"})
    book = OpenpyxlBook(path)
    rows = simulate.players(8, 3, "referti")
    for row, name in zip(rows, HOSTILE):
        row["Nickname"] = name
    simulate.register(book, rows)
    draw_round(book, 1, seed="referti", now=DRAWN)
    book.save()
    return path


# --- helpers ----------------------------------------------------------------------------

def raster_pages(pdf: Path, out: Path) -> list[Image.Image]:
    """Every page of `pdf` as a grey image (poppler's pdftoppm)."""
    pdftoppm = need_program("pdftoppm", "serve poppler-utils per rasterizzare i PDF")
    out.mkdir(exist_ok=True)
    subprocess.run([pdftoppm, "-gray", "-r", "20", str(pdf), str(out / "p")], check=True,
                   timeout=60)
    images = []
    for page in sorted(out.glob("p-*.pgm"), key=lambda p: int(p.stem.split("-")[-1])):
        with Image.open(page) as image:
            images.append(image.copy())
    return images


def not_blank(image: Image.Image) -> bool:
    return image.getextrema()[0] < 100


def text_of(element) -> str:
    return " ".join("".join(element.itertext()).split())


# --- content ----------------------------------------------------------------------------

def test_sheets_follow_the_round(demo, tables):
    book = OpenpyxlBook(demo)
    sheets = score_sheets(book, 2)
    assert [sorted((p.player, p.name) for p in s.players) for s in sheets] == [
        sorted(t) for t in tables[2]]
    # the order of play typed for the whole table: the sheet lists players in that order
    # (found by an organiser: the typed order printed, the rows not sorted by it)
    assert all([int(p.order) for p in s.players] == sorted(int(p.order) for p in s.players)
               for s in sheets)
    assert [s.table_number for s in sheets] == list(range(1, len(tables[2]) + 1))
    assert {s.table_count for s in sheets} == {len(tables[2])}
    first = sheets[0]
    assert (first.tournament, first.club, first.venue) == (
        "Torneo dimostrativo RisiKo! XL", "RisiKo! Club Dimostrativo", "Circolo Demo")
    assert first.phase == "Qualificazione" and first.logo is None
    assert first.date_text == "sabato 21 novembre 2026"  # the draw's date (no Calendario)
    assert first.minutes == 90 and first.duration == "1 h 30'"
    # the order of play typed in Risultati is printed
    typed = {(str(r["ID"]), str(r["Turno"])): str(r["Ordine"])
             for r in book.read_table("Risultati")}
    assert all(p.order == typed[p.player, "2"] for s in sheets for p in s.players)
    fives = [s for s in sheets if len(s.players) == 5]
    assert len(fives) == 1 and "×1,25" in " ".join(fives[0].scoring_reminder)
    assert all("×1,25" not in " ".join(s.scoring_reminder) for s in sheets
               if len(s.players) == 4)
    assert all(len(s.scoring_reminder) <= 3 and "millesimi" in s.scoring_reminder[0]
               for s in sheets)
    # the final phases carry their phase name
    phases = {r: {s.phase for s in score_sheets(book, r)} for r in tables if r > 2}
    assert phases == {3: {"Semifinale"}, 4: {"Finale"}}


def test_calendar_date_and_game_length(small):
    book = OpenpyxlBook(small)
    book.write_table("Calendario", Table.of([
        {"Turno": 1, "Fase": None, "Data": dt.datetime(2026, 12, 5), "Ora": dt.time(21, 30)},
        {"Turno": 2, "Fase": None, "Data": dt.datetime(2026, 12, 12), "Ora": None}]))
    book.set_setting("Durata partita", 120)
    sheet = score_sheets(book, 1)[0]
    assert sheet.date_text == "sabato 5 dicembre 2026, 21:30"
    assert sheet.duration == "2 h"
    assert [duration_text(m) for m in (90, 45, 125)] == ["1 h 30'", "45'", "2 h 5'"]
    book.set_setting("Durata partita", "tanto")
    with pytest.raises(RisikoError, match=r"Durata partita.*'tanto'"):
        score_sheets(book, 1)


def test_no_date_leaves_a_line_to_fill(small, tmp_path):
    book = OpenpyxlBook(small)
    book.write_table("Sorteggi", Table(book.read_table("Sorteggi").headers))
    assert {s.date_text for s in score_sheets(book, 1)} == {""}
    html = write_referti(book, 1, tmp_path / "r.html")
    info = parse(html).find(".//div[@class='info']")
    assert text_of(info).startswith("Turno 1 · Qualificazione Data: Durata:")
    assert info.find(".//span[@class='riempire']") is not None


# --- PDF --------------------------------------------------------------------------------

@pytest.mark.parametrize("per_page", [1, 2])
def test_pdf_pages_show_each_table(printed, tables, per_page, tmp_path):
    pdf = printed["pdf", per_page]
    assert pdf.read_bytes().startswith(b"%PDF")
    images = raster_pages(pdf, tmp_path / "png")
    expected = math.ceil(len(tables[2]) / per_page)
    assert len(images) == expected
    assert all(not_blank(image) for image in images)
    assert all(image.size[0] < image.size[1] for image in images)  # portrait
    texts = page_texts(pdf)
    assert len(texts) == expected
    for number, table in enumerate(tables[2], start=1):
        page = texts[(number - 1) // per_page]
        assert f"Tavolo {number} di {len(tables[2])}" in page
        assert all(name in page and f"ID {pid}" in page for pid, name in table)
    for page in texts:
        assert TRADEMARK in page
        for header in ("Note dell'arbitro", "Firma dell'arbitro", "Eliminato", "RisiKo!"):
            assert header in page


def test_pdf_prints_names_literally(small, tmp_path):
    pdf = write_referti(OpenpyxlBook(small), 1, tmp_path / "r.pdf")
    text = "\n".join(page_texts(pdf))
    assert all(name in text for name in HOSTILE)
    assert "Torneo <b>piccolo</b>" in text and "Sala [b]1[/b]" in text


# --- HTML -------------------------------------------------------------------------------

@pytest.mark.parametrize("per_page", [1, 2])
def test_html_sections_per_table(printed, tables, per_page):
    doc = parse(printed["html", per_page])
    sections = doc.findall(".//section[@class='referto']")
    assert len(sections) == len(tables[2])
    pages = doc.findall(".//div[@class='foglio']")
    assert len(pages) == math.ceil(len(tables[2]) / per_page)
    assert [len(p.findall("./section")) for p in pages[:-1]] == [per_page] * (len(pages) - 1)
    for number, (section, table) in enumerate(zip(sections, tables[2]), start=1):
        assert [text_of(th) for th in section.findall(".//thead//th")] == HEADERS
        rows = section.findall(".//tbody/tr")
        assert len(rows) == len(table)
        shown = []  # in the order of play typed in Risultati, the draw's otherwise
        for row in rows:
            cells = row.findall("td")
            assert len(cells) == len(HEADERS)
            shown.append((cells[1].find("strong").text, text_of(cells[1])))
            assert all(not text_of(c) for c in cells[2:])  # to fill in by hand
        assert sorted(name for name, _ in shown) == sorted(name for _, name in table)
        assert all(any(f"ID {pid}" in text for name2, text in shown if name2 == name)
                   for pid, name in table)
        words = text_of(section)
        assert f"Tavolo {number} di {len(tables[2])}" in words
        assert "Note dell'arbitro" in words and "Firma dell'arbitro" in words
        assert TRADEMARK in words and "Durata: 1 h 30'" in words


@pytest.mark.chromium
def test_html_prints_as_many_pages_as_the_pdf(printed, tmp_path):
    need_program("pdftoppm", "serve poppler-utils per contare le pagine")
    for per_page in (1, 2):
        out = print_pdf(printed["html", per_page], tmp_path / f"html-{per_page}.pdf")
        images = raster_pages(out, tmp_path / f"png-html-{per_page}")
        pdf = raster_pages(printed["pdf", per_page], tmp_path / f"png-pdf-{per_page}")
        assert len(images) == len(pdf)
        assert all(not_blank(image) for image in images)


def test_html_escapes_hostile_names(small, tmp_path):
    html = write_referti(OpenpyxlBook(small), 1, tmp_path / "r.html")
    doc = parse(html)
    assert doc.findall(".//script") == []
    names = [strong.text for strong in doc.findall(".//td[@class='nome']/strong")]
    # the nickname is shown beside the real name (Nome “Nickname” Cognome), escaped
    assert all(any(f"\u201c{nick}\u201d" in name for name in names) for nick in HOSTILE)
    assert doc.find(".//h1").text == "Torneo <b>piccolo</b>"
    assert "[url=x]y[/url]" in html.read_text(encoding="utf-8")


# --- logo, errors, files ----------------------------------------------------------------

def test_logo_is_embedded(small, tmp_path):
    Image.new("RGB", (120, 60), (200, 30, 30)).save(small.parent / "logo.png")
    book = OpenpyxlBook(small)
    book.set_setting("Logo", "logo.png")  # relative to the workbook's folder
    assert score_sheets(book, 1)[0].logo.path == small.parent / "logo.png"
    doc = parse(write_referti(book, 1, tmp_path / "r.html"))
    # stored once in the style sheet, each sheet's element replaced by it
    assert '.logo-1 { content: url("data:image/png;base64,' in doc.find(".//style").text
    shown = doc.findall(".//span[@class='logo logo-1']")
    assert len(shown) == len(score_sheets(book, 1)) and {s.get("aria-label") for s in shown} == {
        "Logo"}
    pdf = write_referti(book, 1, tmp_path / "r.pdf")
    pages = raster_pages(pdf, tmp_path / "png")
    assert len(pages) == 2 and all(not_blank(p) for p in pages)
    dpmm = pages[0].size[0] / 210  # the red logo is drawn top left: a mid-grey block
    block = pages[0].crop(tuple(round(v * dpmm) for v in (12, 12, 40, 25)))
    assert 60 < ImageStat.Stat(block).mean[0] < 110


def test_a_phone_photo_logo_prints_and_a_huge_one_is_refused(small, tmp_path):
    book = OpenpyxlBook(small)
    photo = Image.effect_noise((4000, 3000), 60).convert("RGB")  # a few MB, like a photo
    photo.save(small.parent / "foto.jpg", quality=92)
    assert (small.parent / "foto.jpg").stat().st_size > 2_000_000
    book.set_setting("Logo", "foto.jpg")  # a phone photo: it must work, and fast
    started = time.perf_counter()
    pdf = write_referti(book, 1, tmp_path / "r.pdf")
    html = write_referti(book, 1, tmp_path / "r.html")
    assert time.perf_counter() - started < 10
    # scaled down once to 600 pixels (4 cm at 380 dpi), not repeated in full on each sheet
    assert pdf.stat().st_size < 1_000_000 and html.stat().st_size < 1_000_000
    src = re.search(r'content: url\("([^"]+)"\)', html.read_text(encoding="utf-8"))[1]
    with Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1]))) as shown:
        assert shown.size == (600, 450) and shown.format == "JPEG"
    # 10000×10000: 100 million pixels, refused from the header, before decoding it
    Image.new("1", (10000, 10000)).save(small.parent / "enorme.png")
    book.set_setting("Logo", "enorme.png")
    started = time.perf_counter()
    with pytest.raises(RisikoError) as err:
        write_referti(book, 1, tmp_path / "huge.pdf")
    assert time.perf_counter() - started < 2
    text = str(err.value)
    assert "«Logo»" in text and "enorme.png" in text and "10000×10000 pixel" in text
    assert "25 milioni di pixel" in text and "\n" not in text
    assert not (tmp_path / "huge.pdf").exists()
    book.set_setting("Logo", None)


def test_errors_are_italian_and_located(small, tmp_path):
    book = OpenpyxlBook(small)
    with pytest.raises(RisikoError, match=r"il turno 2 non ha tavoli: sorteggiarlo prima"):
        write_referti(book, 2, tmp_path / "r.pdf")
    with pytest.raises(RisikoError, match=r"\.pdf o \.html.*'r\.docx'"):
        write_referti(book, 1, tmp_path / "r.docx")
    with pytest.raises(RisikoError, match="1 o 2"):
        write_referti(book, 1, tmp_path / "r.pdf", per_page=3)
    book.set_setting("Logo", "manca.png")
    with pytest.raises(RisikoError) as err:
        write_referti(book, 1, tmp_path / "r.html")
    text = str(err.value)
    assert "Foglio Torneo" in text and "Impostazioni" in text and "«Logo»" in text
    assert "non trovato" in text and "'manca.png'" in text
    assert list(tmp_path.iterdir()) == []  # nothing written on error


def test_same_workbook_same_bytes(demo, printed, tmp_path):
    book = OpenpyxlBook(demo)  # a fresh read of the file
    for (kind, per_page), first in printed.items():
        again = write_referti(book, 2, tmp_path / f"again-{per_page}.{kind}", per_page)
        assert again.read_bytes() == first.read_bytes(), (kind, per_page)


def test_written_atomically_over_an_old_file(small, tmp_path):
    out = tmp_path / "referti.pdf"
    out.write_bytes(b"vecchio")
    assert write_referti(OpenpyxlBook(small), 1, out) == out
    assert out.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["referti.bak.pdf", "referti.pdf"]
    assert (tmp_path / "referti.bak.pdf").read_bytes() == b"vecchio"  # kept; no temp left


def test_cli_referti_writes_next_to_the_workbook(demo, tmp_path, capsys):
    from risiko_xl.cli import main

    path = tmp_path / "torneo.xlsx"
    path.write_bytes(demo.read_bytes())
    assert main(["referti", str(path), "--turno", "3", "--per-pagina", "2"]) == 0
    written = tmp_path / "torneo-referti-turno-3.pdf"
    assert f"Scritto {written}" in capsys.readouterr().out
    assert len(raster_pages(written, tmp_path / "png")) == 2  # 3 semifinals, 2 per page
    assert main(["referti", str(path), "--turno", "7"]) == 2
    assert "il turno 7 non ha tavoli" in capsys.readouterr().err


def test_the_sheet_reminds_the_formulas_tie_breaks_in_order():
    """Found by a referee: the 000 sheet had no word of Art. 26, which `classifica` then
    asks for. 000 Art. 26: «punti fuori obiettivo … armate … carte … territori»;
    001 §7: «punti dei territori fuori obiettivo … criterio del "colore"»."""
    from risiko_xl.publish.referti import tie_reminder

    assert tie_reminder("000") == (
        "Parità di punti obiettivo: 1) punti fuori obiettivo; 2) armate in obiettivo; "
        "3) armate totali; 4) carte in mano; 5) territori in obiettivo; 6) territori fuori "
        "obiettivo — annotarli nelle note.")
    assert tie_reminder("001") == (
        "Parità di punti obiettivo: 1) punti fuori obiettivo; 2) ordine di gioco (chi gioca "
        "dopo è davanti) — annotarli nelle note.")


def test_the_scoring_line_says_the_caps_the_formula_has() -> None:
    """Referee 31: the Eagles' score sheet said «max 0,100», the master's cap, while 003
    Art. 23 lifts it: «In ogni tavolo composto da 5 giocatori, i punti obiettivo saranno
    moltiplicati per 1,25 e approssimati per eccesso […] In un tavolo con 5 giocatori, il
    punteggio massimo del vincitore è di 1,100 punti» (a second with 81 scores 0,102). The
    master keeps 001 §7's cap."""
    from risiko_xl.formulas.loader import load as formula
    from risiko_xl.formulas.words import scoring_words

    eagles, master = scoring_words(formula("eagles")), scoring_words(formula("master"))
    assert "0,100" not in eagles and "al tavolo da 5 il vincitore al massimo 1,100" in eagles
    assert "al massimo 100 punti tavolo (0,100)" in master and "vincitore al massimo" not in master
