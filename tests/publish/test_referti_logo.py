"""The score sheets' logo (issue 26): its file read within a bound whatever it holds, and
the picture stored once in the HTML page and once in the PDF. Read back by real programs:
Chromium prints the page (and the same page with a plain `<img>` per sheet, as it was
written before, to compare), pdfimages lists the PDF's pictures, pdftoppm rasterises."""

from __future__ import annotations

import base64
import dataclasses
import io
import re
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.publish import referti
from risiko_xl.publish.logo import LOGO_MAX_BYTES, read_logo
from risiko_xl.services.rounds import draw_round
from risiko_xl.workbooks.template import write_new
from tests.support.browser import print_pdf, screenshot
from tests.support.programs import need_program
from tests.support.publishing import score_sheets, write_referti

pytestmark = pytest.mark.lento  # score sheets printed by Chromium

RED, BLUE = (200, 30, 30), (30, 30, 200)
# a process that prints the command's peak memory (kB) on its last line of stderr
# the command's own peak (VmHWM, kB): ru_maxrss of a process started by a pytest worker
# inherits the worker's peak on Linux, whatever the command itself used
MEASURED = ("import sys\nfrom risiko_xl.cli import main\nrc = main(sys.argv[1:])\n"
            "peak = next(line.split()[1] for line in open('/proc/self/status')\n"
            "            if line.startswith('VmHWM:'))\n"
            "print(peak, file=sys.stderr)\n"
            "sys.exit(rc)\n")


@pytest.fixture(scope="module")
def tournament(tmp_path_factory) -> Path:
    """20 players, round 1 drawn: five tables, five score sheets."""
    path = tmp_path_factory.mktemp("logo") / "torneo.xlsx"
    write_new(path, {"Nome torneo": "Torneo del logo"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(20, 4, "logo"))
    draw_round(book, 1, seed="logo")
    book.save()
    return path


@pytest.fixture()
def small(tournament, tmp_path) -> Path:
    """A copy of the tournament in this test's folder (its logo is set there)."""
    path = tmp_path / "torneo.xlsx"
    path.write_bytes(tournament.read_bytes())
    return path


def halves(size: tuple[int, int]) -> Image.Image:
    """A picture red on its left half, blue on its right: its extent and orientation show."""
    image = Image.new("RGB", size, RED)
    image.paste(BLUE, (size[0] // 2, 0, size[0], size[1]))
    return image


def padded_png(path: Path, weight: int, size: tuple[int, int] = (64, 64)) -> Path:
    """A `size` PNG in a file of `weight` bytes: the rest is a private ancillary chunk
    («ruBs», which readers skip) before IEND, written a megabyte at a time."""
    out = io.BytesIO()
    halves(size).save(out, format="PNG")
    png = out.getvalue()
    end = png.rindex(b"IEND") - 4
    block = b"\0" * 1_000_000
    crc = zlib.crc32(b"ruBs")
    left = weight - len(png) - 12  # the chunk's length, type and CRC: 12 bytes
    with path.open("wb") as handle:
        handle.write(png[:end] + struct.pack(">I", left) + b"ruBs")
        while left:
            piece = block[:min(left, len(block))]
            handle.write(piece)
            crc = zlib.crc32(piece, crc)
            left -= len(piece)
        handle.write(struct.pack(">I", crc) + png[end:])
    assert path.stat().st_size == weight
    return path


def set_logo(workbook: Path, value: str | None) -> None:
    book = OpenpyxlBook(workbook)
    book.set_setting("Logo", value)
    book.save()


def run_measured(*args: str) -> tuple[int, str, float, int]:
    """`risiko-xl ARGS` in its own process: exit code, stderr, seconds, peak memory (MB)."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", MEASURED, *args], capture_output=True,
                          text=True, timeout=300)
    seconds = time.perf_counter() - started
    *lines, peak = done.stderr.strip().splitlines()
    return done.returncode, "\n".join(lines), seconds, int(peak) // 1024


def pdf_images(pdf: Path) -> list[list[str]]:
    """pdfimages' list of the pictures drawn, one row per use (page, …, object id, …)."""
    program = need_program("pdfimages", "serve poppler-utils per leggere le immagini dei PDF")
    listing = subprocess.run([program, "-list", str(pdf)], check=True, capture_output=True,
                             text=True, timeout=60).stdout.splitlines()
    return [line.split() for line in listing[2:]]


def raster(pdf: Path, out: Path, dpi: int = 60) -> list[Image.Image]:
    """Every page of `pdf` in colour (pdftoppm)."""
    pdftoppm = need_program("pdftoppm", "serve poppler-utils per rasterizzare i PDF")
    out.mkdir()
    subprocess.run([pdftoppm, "-r", str(dpi), str(pdf), str(out / "p")], check=True,
                   timeout=60)
    pages = []
    for page in sorted(out.glob("p-*.ppm"), key=lambda p: int(p.stem.split("-")[-1])):
        with Image.open(page) as image:
            pages.append(image.convert("RGB"))
    return pages


# --- the file's size bounded -------------------------------------------------------------

def test_a_100_mb_logo_is_refused_at_once_naming_file_size_and_limit(small, tmp_path):
    """Before: a 64×64 logo in a 100 MB PNG took 43 s, 3.9 GB and wrote a 1.26 GB page."""
    padded_png(small.parent / "stemma.png", 100_000_000)
    set_logo(small, "stemma.png")
    for out in ("r.html", "r.pdf"):
        code, err, seconds, peak = run_measured("referti", str(small), "--turno", "1",
                                                "--out", str(tmp_path / out))
        assert code == 2 and seconds < 10 and peak < 250, (err, seconds, peak)
        assert err.count("\n") == 0 and err.startswith("Errore: "), err
        assert "«Logo»" in err and "stemma.png" in err, err
        assert "pesa 100 MB" in err and "oltre il limite di 20 MB" in err, err
        assert not (tmp_path / out).exists()


def test_a_logo_just_over_the_limit_says_by_how_much(small, tmp_path):
    padded_png(small.parent / "stemma.png", LOGO_MAX_BYTES + 1)
    set_logo(small, "stemma.png")
    with pytest.raises(RisikoError) as err:
        write_referti(OpenpyxlBook(small), 1, tmp_path / "r.html")
    assert "pesa 20,1 MB, oltre il limite di 20 MB" in str(err.value)
    padded_png(small.parent / "stemma.png", LOGO_MAX_BYTES)  # at the limit: printed
    assert write_referti(OpenpyxlBook(small), 1, tmp_path / "r.html").stat().st_size < 100_000


def test_a_logo_under_the_limit_is_printed_small_and_stored_once(small, tmp_path):
    """A 64×64 picture in a 15 MB file: the page and the PDF carry its 64×64 pixels once,
    not the file once per table (before: 15 MB × 5 tables, in base64, in the page)."""
    padded_png(small.parent / "stemma.png", 15_000_000)
    set_logo(small, "stemma.png")
    tables = len(score_sheets(OpenpyxlBook(small), 1))
    assert tables == 5
    html, pdf = tmp_path / "r.html", tmp_path / "r.pdf"
    for out in (html, pdf):
        code, err, seconds, peak = run_measured("referti", str(small), "--turno", "1",
                                                "--out", str(out))
        assert code == 0 and seconds < 15 and peak < 300, (err, seconds, peak)
        assert out.stat().st_size < 100_000
    page = html.read_text(encoding="utf-8")
    assert page.count("data:") == 1
    assert page.count('<span class="logo logo-1" role="img" aria-label="Logo">') == tables
    uri = re.search(r'\.logo-1 \{ content: url\("data:image/png;base64,([^"]+)"\); \}', page)[1]
    printed = base64.b64decode(uri)
    assert b"ruBs" not in printed and len(printed) < 2_000
    with Image.open(io.BytesIO(printed)) as image:
        assert image.size == (64, 64)
        assert image.convert("RGB").getpixel((0, 0)) == RED
        assert image.convert("RGB").getpixel((63, 0)) == BLUE
    drawn = pdf_images(pdf)
    logos = [row for row in drawn if (row[3], row[4]) == ("64", "64")]
    assert len(logos) == tables  # drawn on every sheet …
    assert len({row[10] for row in logos}) == 1  # … from one picture object
    assert len(drawn) == 2 * tables  # and each sheet's own QR code (tests/publish/…codes)


# --- stored once, shown as before ----------------------------------------------------------

def as_images(page: str, uris: dict[str, str]) -> str:
    """The same page with a plain `<img>` of the logo on each sheet, as it was written
    before the logo was stored once: the reference it must look like."""
    page = re.sub(r'<span class="logo (logo-\d+)" role="img" aria-label="Logo"></span>',
                  lambda m: f'<img class="logo" src="{uris[m[1]]}" alt="Logo">', page)
    return re.sub(r'\.logo-\d+ \{ content: url\("data:[^"]*"\); \}', "", page)


@pytest.mark.chromium
@pytest.mark.parametrize("per_page", [1, 2])
def test_the_logo_stored_once_prints_as_an_img_of_it_would(small, tmp_path, per_page):
    """One page of sheets, each with a logo of another shape (square, wide, tall, tiny,
    larger than printed): printed by Chromium, it is the same, pixel for pixel, as the
    page with an `<img>` per sheet."""
    shapes = [(64, 64), (600, 100), (100, 600), (16, 8), (1200, 300), (300, 80)]
    logos = []
    for n, size in enumerate(shapes):
        halves(size).save(small.parent / f"l{n}.png")
        logos.append(read_logo(small.parent, {"Logo": f"l{n}.png"}))
    assert [(lg.width, lg.height) for lg in logos] == [
        (64, 64), (600, 100), (100, 600), (16, 8), (600, 150), (300, 80)]
    base = score_sheets(OpenpyxlBook(small), 1)[0]
    sheets = [dataclasses.replace(base, logo=logo, table_number=n + 1)
              for n, logo in enumerate(logos)]
    page = referti.render_html(sheets, per_page)
    assert page.count("data:") == len(logos)
    new, old = tmp_path / "nuova.html", tmp_path / "vecchia.html"
    new.write_text(page, encoding="utf-8")
    old.write_text(as_images(page, {f"logo-{n + 1}": lg.uri for n, lg in enumerate(logos)}),
                   encoding="utf-8")
    assert "content: url" not in old.read_text(encoding="utf-8")
    printed = [raster(print_pdf(p, tmp_path / f"{p.stem}.pdf"), tmp_path / p.stem)
               for p in (new, old)]
    assert len(printed[0]) == len(printed[1]) == -(-len(logos) // per_page)
    for mine, theirs in zip(*printed):
        assert ImageChops.difference(mine, theirs).getbbox() is None
    # the logo is there: red then blue at the top left of the first sheet, 64 pixels wide
    # (16,9 mm) or, two sheets to a page, 13 mm
    first = printed[0][0]
    dpmm = first.width / 210
    side = 64 * 25.4 / 96 if per_page == 1 else 13
    row = round((10 + side / 2) * dpmm)
    left, right = (first.getpixel((round((10 + side * f) * dpmm), row)) for f in (0.25, 0.75))
    assert left[0] > 150 > left[2] and right[2] > 150 > right[0], (left, right)
    if per_page == 1:  # on screen too
        shots = [screenshot(p, tmp_path / f"{p.stem}.png") for p in (new, old)]
        with Image.open(shots[0]) as mine, Image.open(shots[1]) as theirs:
            assert ImageChops.difference(mine.convert("RGB"),
                                         theirs.convert("RGB")).getbbox() is None


# --- what is printed of the file --------------------------------------------------------

def test_a_photo_is_printed_upright_without_its_metadata(tmp_path):
    """A phone stores a portrait photo lying down with an EXIF orientation: printed as
    the organiser sees it (a browser turns the page's picture too; fpdf2 would not)."""
    image = halves((60, 20))
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: rotate 90° clockwise to view
    exif[0x010F] = "Fotocamera"  # Make: metadata, not printed
    image.save(tmp_path / "foto.jpg", exif=exif, quality=95)
    logo = read_logo(tmp_path, {"Logo": "foto.jpg"})
    assert (logo.kind, logo.width, logo.height) == ("JPEG", 20, 60)
    assert b"Fotocamera" not in logo.data and b"Exif" not in logo.data
    with Image.open(io.BytesIO(logo.data)) as shown:
        top, bottom = shown.getpixel((10, 5)), shown.getpixel((10, 55))
    assert top[0] > 150 > top[2] and bottom[2] > 150 > bottom[0], (top, bottom)  # red on top


def test_a_file_that_is_no_png_or_jpeg_is_named(tmp_path):
    halves((40, 40)).save(tmp_path / "finto.png", format="GIF")
    halves((40, 40)).save(tmp_path / "vero.png")
    (tmp_path / "tronco.png").write_bytes((tmp_path / "vero.png").read_bytes()[:60])
    for name in ("finto.png", "tronco.png"):
        with pytest.raises(RisikoError) as err:
            read_logo(tmp_path, {"Logo": name})
        assert f"il file {name} non è un'immagine PNG o JPEG leggibile" in str(err.value)
    (tmp_path / "foto.png").write_bytes(_jpeg())  # a JPEG named .png prints, as a JPEG
    assert read_logo(tmp_path, {"Logo": "foto.png"}).mime == "image/jpeg"


def _jpeg() -> bytes:
    out = io.BytesIO()
    halves((40, 40)).save(out, format="JPEG")
    return out.getvalue()


def test_a_usual_colour_profile_is_kept_and_a_huge_one_left_out(tmp_path):
    from PIL import ImageCms

    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    halves((40, 40)).save(tmp_path / "srgb.jpg", icc_profile=srgb)
    halves((40, 40)).save(tmp_path / "enorme.jpg", icc_profile=b"\0" * 2_000_000)
    assert (tmp_path / "enorme.jpg").stat().st_size > 2_000_000
    kept = read_logo(tmp_path, {"Logo": "srgb.jpg"})
    with Image.open(io.BytesIO(kept.data)) as image:
        assert image.info.get("icc_profile") == srgb
    left = read_logo(tmp_path, {"Logo": "enorme.jpg"})
    assert len(left.data) < 10_000
    with Image.open(io.BytesIO(left.data)) as image:
        assert "icc_profile" not in image.info
