"""Publishing: pictures to look at, and how long each output takes.

Plays the seeded demo, then writes to DIR (default `demo/immagini`):
- `pagina-turno-2.png` / `pagina-turno-2-telefono.png`: the HTML results page of round 2
  as headless Chromium paints it on a desktop and on a phone-sized window;
- `referto-turno-2.png`: the first score sheet of round 2, rasterised from the PDF by
  pdftoppm; `referti-turno-2-2perpagina.png`: two sheets on one A4 page.
Then prints the median time (of RUNS) of each post format and of the score sheets for a
400-player round (100 tables), against reading the same workbook with openpyxl alone.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import median_seconds

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.demo import DEMO_TIME, play_tournament
from risiko_xl.publish import POST_FORMATS
from risiko_xl.publish.posts import publish
from risiko_xl.publish.referti import write_referti
from risiko_xl.services.publication import post_source
from risiko_xl.services.rounds import draw_round
from risiko_xl.workbooks.template import formula_settings, write_new

RUNS = 5
CHROMIUM = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars")


def pictures(work: Path, out: Path) -> None:
    chromium, pdftoppm = shutil.which("chromium"), shutil.which("pdftoppm")
    source = post_source(OpenpyxlBook(work / "torneo-demo.xlsx"))
    page = work / "pagina-turno-2.html"
    page.write_text(publish(source, "html", 2, now=DEMO_TIME), encoding="utf-8")
    if chromium:
        for name, size in (("pagina-turno-2.png", "1200,2400"),
                           ("pagina-turno-2-telefono.png", "400,1600")):
            subprocess.run([chromium, *CHROMIUM, f"--user-data-dir={work / 'profilo'}",
                            f"--screenshot={out / name}", f"--window-size={size}",
                            page.resolve().as_uri()], check=True, capture_output=True,
                           timeout=120)
            print(f"Scritto {out / name}")
    else:
        print("chromium non trovato: pagina HTML non fotografata")
    for per_page, name in ((1, "referto-turno-2"), (2, "referti-turno-2-2perpagina")):
        pdf = write_referti(source, 2, work / f"{name}.pdf", per_page)
        if pdftoppm:
            subprocess.run([pdftoppm, "-png", "-r", "80", "-f", "1", "-l", "1",
                            "-singlefile", str(pdf), str(out / name)], check=True)
            print(f"Scritto {out / name}.png")
        else:
            print("pdftoppm non trovato: referto non rasterizzato")


def timings(work: Path) -> None:
    path = work / "grande.xlsx"
    write_new(path, {**formula_settings("master"), "Seme sorteggio": "bench"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(400, 40, "bench"))
    draw_round(book, 1, now=DEMO_TIME)
    simulate.play(book, 1, "Qualificazione", "bench")
    book.save()
    base = median_seconds(lambda: OpenpyxlBook(path).read_table("Risultati"), RUNS)
    print(f"400 giocatori, turno 1 (100 tavoli); mediana di {RUNS} esecuzioni:")
    print(f"  solo lettura openpyxl di Risultati: {base:.3f} s")
    for fmt in POST_FORMATS:
        seconds = median_seconds(
            lambda f=fmt: publish(post_source(OpenpyxlBook(path)), f, 1, now=DEMO_TIME), RUNS)
        print(f"  post {fmt:<13} {seconds:.3f} s ({seconds / base:.1f}× la lettura)")
    for suffix in (".pdf", ".html"):
        seconds = median_seconds(lambda s=suffix: write_referti(
            post_source(OpenpyxlBook(path)), 1, work / f"referti{s}"), RUNS)
        print(f"  referti {suffix:<11} {seconds:.3f} s ({seconds / base:.1f}× la lettura)")


def main(argv: list[str]) -> None:
    out = Path(argv[0] if argv else "demo/immagini").resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        play_tournament(work / "torneo-demo.xlsx")
        pictures(work, out)
        timings(work)


if __name__ == "__main__":
    main(sys.argv[1:])
