"""Pictures of what the evening shows people, to look at with one's own eyes.

Builds its own tournaments in a temporary folder (the seeded demo played to the end, and
a 37-player evening with round 1 drawn and no result yet), then writes to DIR (default
`demo/immagini`):
- `schermo-tavoli.png`: the room screen (`pubblica --formato schermo`) announcing the
  tables of round 1, as headless Chromium paints it at 1920×1080, with the QR code of
  «Indirizzo pubblicazione»;
- `schermo-classifica.png`: the room screen after round 2 (standings, first page);
- `post-tavoli.png`: the HTML post announcing round 1's tables;
- `post-classifica.png`: the HTML post's standings after round 2 of the demo, with the
  leaders' progression chart (inline SVG) above the table;
- `classifica.png`: the `Classifica` sheet printed to PDF by LibreOffice headless (the
  other sheets hidden), first page rasterised by pdftoppm.
A missing program (chromium, soffice, pdftoppm) is said and its pictures skipped.

    python benchmarks/pictures.py [DIR]
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from openpyxl import load_workbook

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.demo import DEMO_TIME, play_tournament
from risiko_xl.publish.posts import publish
from risiko_xl.services.publication import post_source
from risiko_xl.services.rounds import draw_round
from risiko_xl.workbooks.template import formula_settings, write_new

CHROMIUM = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars")
ADDRESS = "https://www.club.example/torneo"


def announced_evening(path: Path) -> Path:
    """37 players, round 1 drawn, nothing typed: what the screen shows before the game."""
    write_new(path, {**formula_settings("master"), "Nome torneo": "Torneo di Natale 2026",
                     "Seme sorteggio": "natale-2026", "Indirizzo pubblicazione": ADDRESS})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(37, 9, "natale-2026"))
    draw_round(book, 1, now=DEMO_TIME)
    book.save()
    return path


def shoot(page: Path, png: Path, size: str, work: Path) -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        print(f"chromium non trovato: {png.name} non scritto")
        return
    subprocess.run([chromium, *CHROMIUM, f"--user-data-dir={work / 'profilo'}",
                    f"--screenshot={png}", f"--window-size={size}", page.resolve().as_uri()],
                   check=True, capture_output=True, timeout=120)
    print(f"Scritto {png}")


def standings_print(workbook: Path, png: Path, work: Path) -> None:
    """The Classifica sheet as LibreOffice prints it, with the workbook's print setup
    (every other sheet removed from a copy: a PDF export prints hidden sheets too)."""
    soffice, pdftoppm = shutil.which("soffice"), shutil.which("pdftoppm")
    if soffice is None or pdftoppm is None:
        print(f"soffice o pdftoppm non trovato: {png.name} non scritto")
        return
    only = work / "solo-classifica.xlsx"
    book = load_workbook(workbook)
    for sheet in [s for s in book.worksheets if s.title != "Classifica"]:
        book.remove(sheet)
    book.active = 0
    book.save(only)
    profile = (work / "lo-profilo").resolve().as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless",
                    "--convert-to", "pdf", "--outdir", str(work), str(only)],
                   check=True, capture_output=True, timeout=300)
    subprocess.run([pdftoppm, "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile",
                    str(work / "solo-classifica.pdf"), str(png.with_suffix(""))], check=True)
    print(f"Scritto {png}")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        evening = post_source(OpenpyxlBook(announced_evening(work / "natale.xlsx")))
        played = work / "torneo-demo.xlsx"
        play_tournament(played)
        demo = OpenpyxlBook(played)
        demo.set_setting("Indirizzo pubblicazione", ADDRESS)
        demo.save()
        pages = {
            "schermo-tavoli": (publish(evening, "schermo", 1, now=DEMO_TIME), "1920,1080"),
            "schermo-classifica": (publish(post_source(OpenpyxlBook(played)), "schermo", 2,
                                           now=DEMO_TIME), "1920,1080"),
            "post-tavoli": (publish(evening, "html", 1, now=DEMO_TIME), "1200,1400"),
            "post-classifica": (publish(post_source(OpenpyxlBook(played)), "html", 2,
                                        sections=("classifica",), now=DEMO_TIME), "1000,1000"),
        }
        for name, (html, size) in pages.items():
            page = work / f"{name}.html"
            page.write_text(html, encoding="utf-8")
            shoot(page, out / f"{name}.png", size, work)
        standings_print(played, out / "classifica.png", work)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("demo/immagini"))
