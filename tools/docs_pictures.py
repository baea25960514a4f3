"""The pictures of the organisers' guide (`docs/img/`), made by the code itself from
what `risiko-xl demo` writes — the seeded 37-player `master` played to the final:

- `schermo-classifica.png`: the room screen, `risiko-xl pubblica --formato schermo
  --turno 2` (the standings after the preliminaries, first page), with the QR code of
  «Indirizzo pubblicazione» (set on a copy of the demo's workbook);
- `schermo-tavoli.png`: the room screen of round 3 (the semifinals' tables);
- `post.png` and `post-telefono.png`: the demo's HTML post (`post-turno-4-html.html`)
  on a desktop and on a phone (390 px);
- `referto.png`: the first score sheet of `referti-turno-4.pdf`.

Pages are painted by Debian's headless Chromium (`/usr/bin/chromium`, or `chromium` on
the PATH; nothing downloads a browser), the PDF rasterised by pdftoppm; each PNG is
scaled and reduced to a palette by Pillow to stay small. The PNGs are committed, so
`mkdocs build` needs no browser. `docs/img/immagini.json` records, for each picture, the
SHA-256 of the page or file it was painted from: `tests/house/test_docs_pictures.py` makes
those files again (no browser needed) and fails when the code now shows something else
— then `make docs` paints the pictures again.

    python tools/docs_pictures.py            # write docs/img/*.png and immagini.json
    python tools/docs_pictures.py --out DIR  # elsewhere (the manifest too)

Without chromium or pdftoppm it says so and writes nothing (the committed pictures stay).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.cli import main as risiko_xl

ROOT = Path(__file__).resolve().parents[1]
PICTURES = ROOT / "docs" / "img"
MANIFEST = "immagini.json"
ADDRESS = "https://www.club.example/torneo"
CHROMIUM = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--force-device-scale-factor=1")


@dataclass(frozen=True)
class Picture:
    name: str  # the PNG in docs/img
    source: str  # the file it is painted from, in the work folder
    window: tuple[int, int] | None  # Chromium's window (None: a PDF page)
    width: int  # the PNG's width in the guide


PICTURES_MADE = (
    Picture("schermo-classifica.png", "schermo-turno-2.html", (1920, 1080), 1280),
    Picture("schermo-tavoli.png", "schermo-turno-3.html", (1920, 1080), 1280),
    Picture("post.png", "demo/post-turno-4-html.html", (1000, 1100), 1000),
    Picture("post-telefono.png", "demo/post-turno-4-html.html", (390, 844), 390),
    Picture("referto.png", "demo/referti-turno-4.pdf", None, 700),
)
# the score sheet's PDF is hashed through its HTML twin (one model, `publish.score_sheet`):
# the PDF's bytes depend on fpdf2's version, the HTML only on ours
HASHED = {"demo/referti-turno-4.pdf": "demo/referti-turno-4.html"}


def sources(work: Path) -> dict[str, Path]:
    """`risiko-xl demo` in `work`, then the room screens of rounds 2 and 3 with a
    publication address: every file a picture is painted from, by its name."""
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        if risiko_xl(["demo", str(work / "demo")]) != 0:
            raise SystemExit(f"risiko-xl demo non riuscito:\n{quiet.getvalue()}")
        workbook = work / "sala.xlsx"
        shutil.copyfile(work / "demo" / "torneo-demo.xlsx", workbook)
        book = OpenpyxlBook(workbook)
        book.set_setting("Indirizzo pubblicazione", ADDRESS)
        book.save()
        for round_no in (2, 3):
            if risiko_xl(["pubblica", str(workbook), "--formato", "schermo", "--turno",
                          str(round_no), "--out", str(work / f"schermo-turno-{round_no}.html")]):
                raise SystemExit(f"risiko-xl pubblica non riuscito:\n{quiet.getvalue()}")
    return {p.source: work / p.source for p in PICTURES_MADE}


def fingerprint(work: Path, source: str) -> str:
    """The SHA-256 of what a picture shows: its page, or the page twin of its PDF."""
    return hashlib.sha256((work / HASHED.get(source, source)).read_bytes()).hexdigest()


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        raise SystemExit("chromium non trovato (Debian: apt-get install chromium)")
    return found


def paint(picture: Picture, page: Path, png: Path, work: Path) -> None:
    """The page or PDF as a PNG, scaled to the picture's width and reduced to a palette."""
    from PIL import Image

    raw = work / f"grezza-{picture.name}"
    if picture.window is None:
        pdftoppm = shutil.which("pdftoppm")
        if pdftoppm is None:
            raise SystemExit("pdftoppm non trovato (Debian: apt-get install poppler-utils)")
        subprocess.run([pdftoppm, "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile",
                        str(page), str(raw.with_suffix(""))], check=True, timeout=120)
    else:
        width, height = picture.window
        subprocess.run([chromium(), *CHROMIUM, f"--user-data-dir={work / 'profilo'}",
                        f"--screenshot={raw}", f"--window-size={width},{height}",
                        page.resolve().as_uri()], check=True, capture_output=True,
                       timeout=120)
    with Image.open(raw) as image:
        image = image.convert("RGB")
        if image.width != picture.width:
            height = round(image.height * picture.width / image.width)
            image = image.resize((picture.width, height), Image.Resampling.LANCZOS)
        image.quantize(colors=256, dither=Image.Dither.NONE).save(png, optimize=True)


def make(out: Path) -> dict[str, dict[str, object]]:
    """Every picture written into `out`, with the manifest; returns the manifest."""
    from PIL import Image

    out.mkdir(parents=True, exist_ok=True)
    manifest: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory(prefix="risiko-immagini-") as folder:
        work = Path(folder)
        pages = sources(work)
        for picture in PICTURES_MADE:
            png = out / picture.name
            paint(picture, pages[picture.source], png, work)
            with Image.open(png) as image:
                size = list(image.size)
            manifest[picture.name] = {"fonte": picture.source,
                                      "sha256": fingerprint(work, picture.source),
                                      "pixel": size}
            print(f"Scritto {png} ({png.stat().st_size // 1024} KB, {size[0]}×{size[1]})")
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                encoding="utf-8")
    return manifest


def main(argv: list[str]) -> int:
    missing = [name for name, found in (
        ("chromium", shutil.which("chromium") or shutil.which("chromium-browser")),
        ("pdftoppm", shutil.which("pdftoppm"))) if found is None]
    if missing:  # `make docs` still builds the site, with the pictures committed
        print(f"{', '.join(missing)} non trovato: immagini non rifatte (Debian: apt-get "
              "install chromium poppler-utils)", file=sys.stderr)
        return 0
    if argv[:1] == ["--out"] and len(argv) == 2:
        make(Path(argv[1]))
    elif not argv:
        make(PICTURES)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
