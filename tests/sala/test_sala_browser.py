"""The venue in a real browser (issue 30): Debian's Chromium, driven by Playwright, on a
phone's 390 px and on the room's 1920×1080 screen. A page open on a phone shows the new
state by itself after a command writes the workbook and after another program saves it;
the room screen says so when the file cannot be read, keeping what it showed."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import openpyxl
import pytest

from risiko_xl import cli, simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.sala.room import Room
from risiko_xl.standings.model import QUALIFYING
from tests.support.programs import need_program
from tests.support.sala_server import serving
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.chromium

WAIT_MS = 15_000  # the pages ask every 2 s; a reading of the file takes well under 1 s


def shows(page, text: str) -> None:
    """Wait until `page` shows `text` by itself (the page's CSP forbids evaluating a
    script string: asked from here)."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + WAIT_MS / 1000
    while True:
        try:
            if text in page.inner_text("body"):
                return
        except Error:  # the page reloading itself meanwhile
            pass
        assert time.monotonic() < deadline, f"la pagina non mostra «{text}»"
        page.wait_for_timeout(250)


@pytest.fixture
def browser():
    chromium = need_program("chromium", "le pagine della sala in un browser vero "
                            "(pacchetto chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium,
                                              args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    path = new_with_players(tmp_path / "sala.xlsx", "master", 12, 3, "br", seed="browser")
    assert cli.main(["sorteggia", str(path)]) == 0
    return path


def test_a_phone_follows_a_command_and_a_foreign_save(browser, tournament: Path) -> None:
    with serving(Room(tournament, "http://127.0.0.1/")) as (host, port):
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(f"http://{host}:{port}/")
        assert "Turno 1" in phone.inner_text("body")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        # the referee types the results and a command ranks them
        book = OpenpyxlBook(tournament)
        simulate.play(book, 1, QUALIFYING, "browser")
        book.save()
        assert cli.main(["classifica", str(tournament)]) == 0
        shows(phone, "Classifica dopo il turno 1")
        # LibreOffice or Excel saves a name corrected by hand
        foreign = openpyxl.load_workbook(tournament)
        sheet = foreign["Iscritti"]
        for row in sheet.iter_rows(min_row=2):
            if row[0].value == "BR01" or row[0].value == "G001":
                row[1].value = "Zenobia"
        foreign.save(tournament)
        shows(phone, "Zenobia")


def test_the_room_screen_says_when_the_file_cannot_be_read(browser, tournament: Path,
                                                           tmp_path: Path) -> None:
    with serving(Room(tournament, "http://127.0.0.1/")) as (host, port):
        screen = browser.new_page(viewport={"width": 1920, "height": 1080})
        screen.goto(f"http://{host}:{port}/schermo")
        assert screen.is_hidden("#sala-stato")
        shown = screen.inner_text("body")
        kept = tmp_path / "copia.xlsx"
        shutil.copyfile(tournament, kept)
        tournament.write_bytes(kept.read_bytes()[:1000])  # a save caught half way
        screen.wait_for_selector("#sala-stato", state="visible", timeout=WAIT_MS)
        assert "non si legge" in screen.inner_text("#sala-stato")
        assert "Tavoli: Turno 1" in shown and "Tavoli: Turno 1" in screen.inner_text("body")
        shutil.copyfile(kept, tournament)  # saved again whole: the page reloads, line hidden
        screen.wait_for_selector('script[data-versione="2"]', state="attached",
                                 timeout=WAIT_MS)
        assert screen.is_hidden("#sala-stato")


def test_my_table_on_a_phone(browser, tournament: Path) -> None:
    with serving(Room(tournament, "http://127.0.0.1/")) as (host, port):
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(f"http://{host}:{port}/tavolo")
        phone.fill("input[name=chi]", "g001")
        phone.click("button[type=submit]")
        phone.wait_for_selector("tr.io")
        assert "tavolo" in phone.inner_text("h2")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_clock_on_a_phone_and_on_the_screen(browser, tournament: Path) -> None:
    """The organiser starts 90 minutes on the organiser's page: a phone and the room
    screen count down by themselves; at the end they say what comes next (000 Art. 6)."""
    from risiko_xl.sala.clock import END, Clock
    from tests.support.table_codes import code_of

    class Now:
        t = 0.0

        def __call__(self) -> float:
            return self.t

    now = Now()
    clock = Clock(now)
    with serving(Room(tournament, "http://127.0.0.1/"), clock, "k") as (host, port):
        base = f"http://{host}:{port}"
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(f"{base}/")
        assert phone.is_hidden("#sala-orologio")  # never started by itself
        desk = browser.new_page()
        desk.goto(f"{base}/organizzatore?chiave=k")
        desk.fill("input[name=minuti]", "90")
        desk.click("text=Avvia")
        assert "in corso" in desk.inner_text("h1")
        phone.wait_for_selector("#sala-orologio", state="visible", timeout=WAIT_MS)
        assert phone.inner_text("#sala-orologio").startswith(("1:30:00", "1:29:5"))
        screen = browser.new_page(viewport={"width": 1920, "height": 1080})
        screen.goto(f"{base}/schermo")
        screen.wait_for_selector("#sala-orologio", state="visible", timeout=WAIT_MS)
        now.t += 91 * 60  # the time is up
        shows(screen, "penultimo")
        assert screen.inner_text("#sala-orologio") == END
        # organiser 32: the clock's lines covered a table's last player on the screen and
        # the form's «Invia» on a phone. The screen's drawing now shrinks above the clock;
        # a phone's page leaves the clock's height free below its end
        clock.act("proroga", 5, 2)
        shows(screen, "recupero")
        screen.wait_for_timeout(300)  # the height said after the text
        drawn = screen.evaluate("document.querySelector('.pagina').getBoundingClientRect()"
                                ".bottom")
        assert drawn <= screen.evaluate("document.getElementById('sala-orologio')"
                                        ".getBoundingClientRect().top")
        code = code_of(tournament, 2)
        phone.goto(f"{base}/referto?codice={code}")
        shows(phone, "recupero")
        phone.wait_for_timeout(300)
        button = phone.locator("text=Invia il risultato")
        button.scroll_into_view_if_needed()
        phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        box = button.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= phone.evaluate(
            "document.getElementById('sala-orologio').getBoundingClientRect().top")


def test_a_result_sent_from_a_phone_checked_confirmed_and_in_risultati(browser,
                                                                       tmp_path) -> None:
    """A table's phone at 390 px: the form from its score sheet's code, the rules of
    `classifica` said as it is typed, the result sent; the organiser at 1920 px confirms
    it and it is in `Risultati`. Lu Castidduzzu's points (000 Art. 24: the objective
    points, and «un bonus di 50 punti … 15 punti … 5 punti» to the first three): 40+50,
    30+15, 20+5 and 0 for the player eliminated."""
    from risiko_xl.sala.clock import Clock
    from tests.support.table_codes import code_of

    path = new_with_players(tmp_path / "t.xlsx", "lu_castidduzzu", 8, 2, "tf", seed="tel")
    assert cli.main(["sorteggia", str(path)]) == 0
    code = code_of(path, 2)
    with serving(Room(path, "http://127.0.0.1/"), Clock(), "k") as (host, port):
        base = f"http://{host}:{port}"
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(f"{base}/referto?codice={code}")
        assert "tavolo 2" in phone.inner_text("body")
        points = phone.locator("input[name$='_1']")  # «Punti obiettivo» of each seat
        points.nth(0).fill("40")
        shows(phone, "manca il risultato")  # said while typing: the seats left blank
        phone.locator("input[name='p3_4']").fill("1")  # «Eliminato»: the first out
        points.nth(1).fill("30")
        points.nth(2).fill("200")
        shows(phone, "164")  # the map's points
        points.nth(2).fill("20")
        shows(phone, "Corretto: 1°")
        said = phone.inner_text("#controllo")
        assert "90" in said and "45" in said and "25" in said
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.click("text=Invia il risultato")
        shows(phone, "attende la conferma")
        desk = browser.new_page(viewport={"width": 1920, "height": 1080})
        desk.goto(f"{base}/organizzatore?chiave=k")
        assert "da confermare" in desk.inner_text("body")
        desk.click("td button:has-text('Conferma')")
        shows(desk, "scritto in Risultati")
    sheet = openpyxl.load_workbook(path)["Risultati"]
    headers = [c.value for c in sheet[1]]
    typed = [(r[headers.index("Punti obiettivo")], r[headers.index("Eliminato")])
             for r in sheet.iter_rows(min_row=2, values_only=True)
             if r[headers.index("Tavolo")] == 2]
    assert typed == [(40, None), (30, None), (20, None), (None, 1)]
