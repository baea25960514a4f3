"""Score sheets print every name a player can have: accented Latin, Greek, Cyrillic,
Chinese, Japanese, Korean, Arabic and Hebrew (right to left, letters joined) and emoji.

Each PDF is read back by poppler's pdftotext (every name found) and rasterised by
pdftoppm (ink where each name is printed). Long names and clubs never push the ID off the
sheet, bidirectional controls never reach an output, a character no font has prints as its
code point and a 10 MB name is printed in seconds.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import time
import unicodedata
from pathlib import Path

import pytest
from PIL import Image

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.cli import main
from risiko_xl.names import BIDI_CONTROLS, neutral_bidi
from risiko_xl.publish import fonts, referti_pdf
from risiko_xl.publish.fonts import fallback_fonts, font_cmap, main_fonts
from risiko_xl.publish.score_sheet import ScoreSheet, SheetPlayer
from risiko_xl.services.rounds import draw_round
from risiko_xl.workbooks.template import write_new
from tests.support.programs import IN_CI, need_program
from tests.support.publishing import score_sheets, write_referti

pytestmark = pytest.mark.lento  # score sheets printed

# ID → name: eight scripts and emoji, then a long name with a long club, a name hiding a
# RIGHT-TO-LEFT OVERRIDE, a plain one.
SCRIPTS = {
    "G001": "Élodie Ğürsoy-Ñúñez",  # accented Latin
    "G002": "Γιώργος Παπαδόπουλος",  # Greek
    "G003": "Дмитрий Иванов",  # Cyrillic
    "G004": "张伟",  # Chinese
    "G005": "山田さくら",  # Japanese (kanji and hiragana)
    "G006": "김민준",  # Korean
    "G007": "محمد علي",  # Arabic
    "G008": "דוד לוי",  # Hebrew
    "G009": "Luca 😀🎲",  # emoji
}
LONG_NAME = ("Bartolomeo Maria Giovanni Battista Alessandro Massimiliano Ferdinando "
             "Leopoldo di Montefeltro della Rovere")
LONG_CLUB = ("Associazione Ludica Culturale Ricreativa dei Giocatori di Strategia del "
             "Mediterraneo e delle Isole Maggiori")
OTHERS = {"G010": LONG_NAME, "G011": "Mario\u202e Rossi", "G012": "Anna"}
CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
MM = 72 / 25.4  # points in a millimetre
NAME_COLUMN = (10.0 + 13.0, 10.0 + 13.0 + 55.0)  # mm from the page's left edge


def need_fonts() -> None:
    """Skip (fail under CI=true) when this computer has no font for some test name."""
    have = set(font_cmap(main_fonts()[1])).union(*map(font_cmap, fallback_fonts()))
    lacking = sorted({c for name in SCRIPTS.values() for c in name if ord(c) not in have
                      and not c.isspace()})
    if lacking:
        message = (f"nessun font per {''.join(lacking)}: installare fonts-droid-fallback e "
                   "fonts-symbola (Debian)")
        if IN_CI:
            pytest.fail(f"CI=true e manca un font richiesto: {message}")
        pytest.skip(message)


@pytest.fixture(scope="module")
def workbook(tmp_path_factory) -> Path:
    """Twelve players (three tables of four), round 1 drawn."""
    path = tmp_path_factory.mktemp("scritture") / "nomi.xlsx"
    write_new(path, {"Nome torneo": "Torneo 名字 أسماء"})
    book = OpenpyxlBook(path)
    rows = simulate.players(12, 3, "scritture")
    names = {**SCRIPTS, **OTHERS}
    for row in rows:  # the whole name in Nome: printed exactly as written here
        row["Nome"], row["Cognome"], row["Nickname"] = names[row["ID"]], None, None
    rows[9]["Club"] = LONG_CLUB
    simulate.register(book, rows)
    draw_round(book, 1, seed="scritture", now=dt.datetime(2026, 11, 21, 21, 0))
    book.save()
    return path


def referti(workbook: Path, out: Path, per_page: int = 1) -> Path:
    """`risiko-xl referti` on a copy of the workbook; the file written."""
    copy = out.parent / "torneo.xlsx"
    copy.write_bytes(workbook.read_bytes())
    assert main(["referti", str(copy), "--turno", "1", "--per-pagina", str(per_page),
                 "--out", str(out)]) == 0
    return out


def pdf_text(pdf: Path) -> str:
    pdftotext = need_program("pdftotext", "serve poppler-utils per leggere i PDF")
    return subprocess.run([pdftotext, "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True, timeout=60).stdout


def comparable(text: str) -> str:
    """Text as compared: pdftotext writes a right-to-left run in logical order between
    U+202B (RIGHT-TO-LEFT EMBEDDING) and U+202C; those marks are dropped, the shaped
    Arabic letters (presentation forms, if a reader returns them) go back to the base
    letters by NFKC, and blanks are collapsed."""
    return " ".join(unicodedata.normalize("NFKC", neutral_bidi(text)).split())


def found(name: str, text: str) -> bool:
    """`name` in the read-back `text`; a right-to-left name may also come back in visual
    order (reversed), as older poppler versions print it."""
    name, text = comparable(name), comparable(text)
    return name in text or name[::-1] in text


def words(pdf: Path) -> list[tuple[int, float, float, float, float, str]]:
    """(page, xMin, yMin, xMax, yMax in points, word) of every word (pdftotext -bbox)."""
    pdftotext = need_program("pdftotext", "serve poppler-utils per leggere i PDF")
    html = subprocess.run([pdftotext, "-bbox", "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True, timeout=60).stdout
    out, page = [], 0
    for line in html.splitlines():
        if "<page " in line:
            page += 1
        match = re.search(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                          r'yMax="([\d.]+)">(.*)</word>', line)
        if match:
            out.append((page, *map(float, match.groups()[:4]), match[5]))
    return out


def id_word(pdf: Path, player: str) -> tuple[int, float, float, float, float, str]:
    (hit,) = [w for w in words(pdf) if w[5] == player]
    return hit


# --- PDF: read back and rasterised -----------------------------------------------------

@pytest.mark.parametrize("per_page", [1, 2])
def test_every_name_is_read_back(workbook, tmp_path, per_page):
    need_fonts()
    pdf = referti(workbook, tmp_path / "referti.pdf", per_page)
    text = pdf_text(pdf)
    for player, name in SCRIPTS.items():
        assert found(name, text), (player, name)
        assert f"ID {player}" in text
    assert found("Torneo 名字 أسماء", text)
    assert "Mario Rossi" in text  # the override removed: not «Mario issoR»


@pytest.mark.parametrize("per_page", [1, 2])
def test_every_name_is_inked(workbook, tmp_path, per_page):
    """Ink right above each ID line, in the name column: the name's glyphs were drawn
    (a font with empty glyphs would read back but print nothing)."""
    need_fonts()
    pdftoppm = need_program("pdftoppm", "serve poppler-utils per rasterizzare i PDF")
    pdf = referti(workbook, tmp_path / "referti.pdf", per_page)
    subprocess.run([pdftoppm, "-gray", "-r", "100", str(pdf), str(tmp_path / "p")],
                   check=True, timeout=60)
    pages = {int(p.stem.split("-")[-1]): Image.open(p) for p in tmp_path.glob("p-*.pgm")}
    dots = 100 / 72  # pixels in a point

    def dark(page: int, box: tuple[float, float, float, float]) -> int:
        area = pages[page].crop(tuple(round(v * dots) for v in box))
        return sum(area.histogram()[:128])

    for player in [*SCRIPTS, "G012"]:
        page, _x0, top, _x1, _y1, _ = id_word(pdf, player)
        left, right = NAME_COLUMN[0] * MM + 2, NAME_COLUMN[1] * MM - 2
        assert dark(page, (left, top - 4.5 * MM, right, top - 0.3)) >= 20, player
        # the same band in the next cell (points, to be written by hand) is blank
        assert dark(page, (right + 4, top - 4.5 * MM, right + 15 * MM, top - 0.3)) == 0


def test_long_name_and_club_keep_the_id_on_the_sheet(workbook, tmp_path):
    for per_page in (1, 2):
        pdf = referti(workbook, tmp_path / f"referti-{per_page}.pdf", per_page)
        text = " ".join(pdf_text(pdf).split())
        assert "ID G010" in text
        assert "Bartolomeo Maria Giovanni" in text and "…" in text  # wrapped, then cut
        assert "Associazione Ludica" in text
        _page, _x0, _y0, right, _y1, _ = id_word(pdf, "G010")
        assert right <= NAME_COLUMN[1] * MM  # the ID ends inside the name's cell


def test_a_character_without_font_prints_its_code_point(workbook, tmp_path, monkeypatch):
    monkeypatch.setattr(referti_pdf, "fallback_fonts", lambda: ())  # no CJK, no emoji font
    text = pdf_text(referti(workbook, tmp_path / "referti.pdf"))
    assert "[U+5F20][U+4F1F]" in text and "ID G004" in text  # 张伟
    assert "[U+AE40][U+BBFC][U+C900]" in text  # 김민준
    assert "[U+1F3B2]" in text  # 🎲 (DejaVu Sans has a few emoji, such as 😀)
    assert found(SCRIPTS["G007"], text) and found(SCRIPTS["G002"], text)  # DejaVu's own


def test_visible_keeps_what_a_font_draws():
    covered = frozenset(map(ord, "Anna "))
    assert fonts.visible("Anna", covered) == "Anna"
    assert fonts.visible("Anna 张", covered) == "Anna [U+5F20]"
    assert fonts.visible("Anna\u200d\ufe0f", covered) == "Anna"  # joiners dropped
    assert fonts.visible("\u200d", covered) == "[U+200D]"  # never an empty name


# --- bidirectional controls ------------------------------------------------------------

def test_bidi_controls_are_removed():
    assert neutral_bidi(f"a{CONTROLS}b") == "ab"
    assert all(BIDI_CONTROLS.fullmatch(c) for c in CONTROLS)
    assert neutral_bidi("محمد \u200f דוד") == "محمد \u200f דוד"  # letters and marks stay


def test_no_output_carries_a_bidi_control(workbook, tmp_path):
    book = OpenpyxlBook(workbook)
    names = {p.player: p.name for s in score_sheets(book, 1) for p in s.players}
    assert names["G011"] == "Mario Rossi"
    html = write_referti(book, 1, tmp_path / "r.html").read_text(encoding="utf-8")
    assert not BIDI_CONTROLS.search(html)
    assert '<strong dir="auto">محمد علي</strong>' in html  # set in its own direction


def test_html_keeps_the_id_beside_a_long_club(workbook, tmp_path):
    html = write_referti(OpenpyxlBook(workbook), 1, tmp_path / "r.html").read_text(
        encoding="utf-8")
    assert (f'<span class="club" dir="auto">{LONG_CLUB}</span>&nbsp;·&nbsp;'
            '<span class="id">ID G010</span>') in html
    assert ".nome small .id { flex: none; }" in html  # the club shrinks, never the ID


# --- a huge name -----------------------------------------------------------------------

def test_a_huge_name_is_printed_in_seconds(tmp_path):
    """A name and a club as long as a cell holds (a name as the sheets show it must fit in
    one cell: longer is refused on reading Iscritti), then 10 MB ones in a sheet built in
    memory: PDF and HTML in seconds."""
    path = tmp_path / "enorme.xlsx"
    write_new(path, {})
    book = OpenpyxlBook(path)
    rows = simulate.players(8, 2, "enorme")
    # 25,013 characters, 30,013 as Excel counts them (an emoji is 2 of a cell's 32,767)
    rows[0]["Nickname"] = "Massimiliano " + "ab张😀 " * 5_000
    rows[1]["Club"] = "Club " * 2_000_000
    simulate.register(book, rows)
    draw_round(book, 1, seed="enorme", now=dt.datetime(2026, 11, 21, 21, 0))
    book.save()
    start = time.monotonic()
    assert main(["referti", str(path), "--turno", "1", "--out", str(tmp_path / "r.pdf")]) == 0
    assert main(["referti", str(path), "--turno", "1", "--out", str(tmp_path / "r.html")]) == 0
    huge = "Massimiliano " + "x" * 10_000_000
    sheet = score_sheets(OpenpyxlBook(path), 1)[0]
    player = SheetPlayer(order="", player="G001", name=huge, club=huge)
    sheet = ScoreSheet(**{**sheet.__dict__, "players": (player, *sheet.players[1:]),
                          "tournament": huge})
    pdf = referti_pdf.render_pdf([sheet])
    assert time.monotonic() - start < 30  # the old per-character cutting took minutes
    (tmp_path / "huge.pdf").write_bytes(pdf)
    text = pdf_text(tmp_path / "huge.pdf")
    assert "Massimiliano" in text and "ID G001" in text


# --- fonts found on the computer ------------------------------------------------------

def test_fallback_fonts_are_found_by_name_in_any_folder(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("a/b/Symbola_hint.ttf", "a/MSYH.TTC", "DroidSansFallback.ttf", "Other.ttf"):
        (tmp_path / name).write_bytes(b"")
    found = fallback_fonts([tmp_path / "missing", tmp_path])
    # best first: Chinese/Japanese/Korean before emoji; Windows' upper-case names match
    assert [p.name for p in found] == ["DroidSansFallback.ttf", "MSYH.TTC", "Symbola_hint.ttf"]
    assert font_cmap(tmp_path / "Other.ttf") == frozenset()  # unreadable: never used


@pytest.mark.chromium
def test_chromium_prints_the_html_with_the_id_in_its_cell(workbook, tmp_path):
    from tests.support.browser import print_pdf

    need_program("pdftotext", "serve poppler-utils per leggere i PDF")
    html = write_referti(OpenpyxlBook(workbook), 1, tmp_path / "r.html")
    pdf = print_pdf(html, tmp_path / "r.pdf")
    left, _y0, right, _y1 = id_word(pdf, "G010")[1:5]
    assert NAME_COLUMN[0] * MM < left and right <= NAME_COLUMN[1] * MM  # beside the club
    assert "Bartolomeo Maria Giovanni" in " ".join(pdf_text(pdf).split())


def test_a_long_nickname_does_not_cost_the_surname(tmp_path):
    # the adversary: «Giovanni Battista “IlGrandissimoConquistatoreDelMondo” Della Valle
    # Sforza Visconti» printed as «…“IlGrandissimoConquistatoreDelMondo” Dell…»: the
    # first line broke at the blank before the nickname and stayed half empty, so the
    # surname was cut. A full first line keeps «Della Valle Sforza Visconti» on the sheet
    path = tmp_path / "t.xlsx"
    write_new(path, {"Nome torneo": "Nomi lunghi"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(8, 2, "lunghi"))
    players = book.read_table("Iscritti")
    first = next(r for r in players if r["ID"] == "G001")
    first["Nome"], first["Nickname"] = "Giovanni Battista", "IlGrandissimoConquistatoreDelMondo"
    first["Cognome"] = "Della Valle Sforza Visconti"
    book.write_table("Iscritti", players)
    draw_round(book, 1, seed="lunghi")
    book.save()
    for per_page in (1, 2):
        flat = "".join(pdf_text(referti(path, tmp_path / f"r{per_page}.pdf", per_page)).split())
        assert "IlGrandissimoConquistatoreDelMondo”DellaValleSforzaVisconti" in flat
        assert "IDG001" in flat
