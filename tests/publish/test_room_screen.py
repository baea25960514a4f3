"""The room screen (`pubblica --formato schermo`) as the organiser's desk found it: the
standings of many columns fit the 1920×1080 screen with nothing cut (a long club on two
lines, a smaller type when needed, measured in Chromium), and an announced phase before
the final shows who goes straight to the final (001 §8: «fra il qualificato diretto alla
finale ed i vincitori delle tre semifinali»; 000 Art. 2: the first three and the
spareggio's winner)."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import html5lib
import pytest

from risiko_xl import cli, simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.publish.post import GameTable, PlayerLine, Post
from risiko_xl.publish.posts import render_post
from risiko_xl.publish.screen import (
    TYPE_SIZES,
    StandingsLayout,
    standings_layout,
    two_lines,
)
from tests.support.browser import chromium
from tests.support.phase_books import CAST_GAMES, CAST_IDS, build
from tests.support.publishing import LONG_CLUBS, NOW, publish, standings

MASTER_HEADERS = ("Pos.", "Giocatore", "Club", "T1", "T2", "Totale", "Migliore")


def test_the_largest_type_when_everything_fits():
    rows = [(str(i), "Mario Rossi", "Eagles Roma", "1,023", "0,017", "1,040", "1,023")
            for i in range(1, 17)]
    assert standings_layout(MASTER_HEADERS, rows) == StandingsLayout(34, frozenset(), 16)
    assert standings_layout(MASTER_HEADERS, rows[:6]).size == TYPE_SIZES[0]


@pytest.mark.parametrize("players, size, per_page", [(17, 30, 17), (37, 27, 19)])
def test_the_standings_take_the_fewest_pages_in_a_readable_type(players, size, per_page):
    # the organiser's final ranking of 17 was 9 lines and 8, 40 % of the screen empty
    rows = [(str(i), "Giuseppe “Peppe” D'Amico", "QUARTU SANT'ELENA [Sardegna]",
             "Semifinale", "1,044", "2,133") for i in range(players)]
    headers = ("Pos.", "Giocatore", "Club", "Fase raggiunta", "Punti finale", "Punti torneo")
    assert standings_layout(headers, rows) == StandingsLayout(size, frozenset(), per_page)


def test_a_long_club_goes_on_two_lines_before_the_type_shrinks():
    rows = [(str(i), "Mario Rossi", LONG_CLUBS[i % 2 + 1], "1,023", "0,017", "1,040",
             "1,023") for i in range(1, 17)]
    wide = ("Pos.", "Giocatore", "Club", "T1", "T2", "T3", "T4", "Generale", "Assoluta")
    layout = standings_layout(wide, [(*r[:5], "1,000", "0,100", *r[5:]) for r in rows])
    assert LONG_CLUBS[1] in layout.wrapped and "Eagles Roma" not in layout.wrapped
    assert layout.size <= TYPE_SIZES[0]


def test_two_lines_split_at_the_middle_space():
    assert two_lines("Circolo Ricreativo Sant'Eufemia d'Aspromonte") == (
        "Circolo Ricreativo", "Sant'Eufemia d'Aspromonte")
    assert two_lines("Castidduzzu") == ("Castidduzzu", "")


# the page as drawn, 1920 × 1080 (headless Chromium's window is shorter than it says)
DESIGN = "<style>:root { --u: 1px; }</style>"
MEASURE = DESIGN + """<script>
const cut = [...document.querySelectorAll("th, td")].filter(
  c => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
  .map(c => c.textContent);
const pages = [...document.querySelectorAll(".pagina")].map(p => {
  const box = p.getBoundingClientRect(), table = p.querySelector("table").getBoundingClientRect();
  return [box.left, box.right, box.bottom, table.left, table.right, table.bottom]; });
document.body.setAttribute("data-misura", JSON.stringify({cut, pages}));
</script></body>"""


@pytest.mark.chromium
@pytest.mark.parametrize("rounds, columns", [
    (3, ("T1", "T2", "T3", "Generale", "Assoluta", "RisiKo!", "Vittorie", "Fuori obiettivo")),
    (6, ("T1", "T2", "T3", "T4", "T5", "T6", "Totale", "Migliore", "Vittorie",
         "Punti tavolo"))])
def test_standings_of_many_columns_fit_the_screen(tmp_path, rounds, columns):
    post = standings(rounds, columns)
    page = tmp_path / "schermo.html"
    page.write_text(render_post(post, "schermo").replace("</body>", MEASURE),
                    encoding="utf-8")
    found = chromium(page, "--dump-dom", "--window-size=1920,1080").stdout.decode("utf-8")
    tree = html5lib.parse(found, namespaceHTMLElements=False)
    measured = json.loads(tree.find("body").get("data-misura"))
    assert measured["cut"] == []  # no cell clipped, across or down
    for left, right, bottom, t_left, t_right, t_bottom in measured["pages"]:
        assert left <= t_left and t_right <= right <= 1880 and t_bottom <= bottom <= 1080
    cells = ["".join(td.itertext()) for td in tree.iter("td")]
    for club in LONG_CLUBS:  # every club whole, a long one on two lines
        assert club in cells or " ".join(two_lines(club)).replace(" ", "") in \
            [c.replace(" ", "") for c in cells]


def spareggio_drawn(tmp_path):
    """Lu Castidduzzu after its preliminaries (phase_books' data), its spareggio drawn."""
    path = tmp_path / "lu.xlsx"
    build(path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, "fasi")
    assert cli.main(["finals", str(path)]) == 0
    return path


def direct_finalists_beside(path) -> dict[str, str]:
    """The spareggio's room screen (round 5): its cards by id, the direct finalists A, B
    and E on their own card, none of them at the table (000 Art. 2)."""
    page = publish(OpenpyxlBook(path), "schermo", 5, now=NOW)
    tree = html5lib.parse(page, namespaceHTMLElements=False)
    cards = {el.get("id"): "".join(el.itertext()) for el in tree.iter("div")
             if (el.get("id") or "").startswith("tavolo-")}
    assert set(cards) == {"tavolo-1", "tavolo-diretti"}
    assert "Già in finale" in cards["tavolo-diretti"]
    for name in ("Nome A", "Nome B", "Nome E"):
        assert name in cards["tavolo-diretti"] and name not in cards["tavolo-1"]
    return cards


@pytest.mark.lento
def test_the_spareggio_screen_shows_who_is_already_in_the_final(tmp_path):
    # 000 Art. 2 (data of phase_books): A, B, E go to the final; C, F, G, D play the
    # spareggio (round 5), announced on the screen with the three beside its table
    path = spareggio_drawn(tmp_path)
    cards = direct_finalists_beside(path)
    assert "1° in classifica generale" in cards["tavolo-diretti"]
    for name in ("Nome C", "Nome D", "Nome F", "Nome G"):
        assert name in cards["tavolo-1"]


@pytest.mark.lento
def test_the_spareggio_results_screen_still_shows_who_went_straight_to_the_final(tmp_path):
    # after the spareggio's results (round 5 played, the final drawn), the organiser
    # still expects the screen to say who was already in the final: A, B, E
    path = spareggio_drawn(tmp_path)
    book = OpenpyxlBook(path)
    simulate.play(book, 5, "Spareggio", "schermo")
    book.save()
    assert cli.main(["finals", str(path)]) == 0
    cards = direct_finalists_beside(path)
    assert "Nome D" not in cards["tavolo-diretti"]  # he won the spareggio, on its card


NAME_CUT = DESIGN + """<script>
document.body.setAttribute("data-misura", JSON.stringify(
  [...document.querySelectorAll(".nome")].filter(n => n.scrollWidth > n.clientWidth + 1)
  .map(n => n.textContent)));
</script></body>"""


@pytest.mark.chromium
def test_played_semifinal_cards_keep_every_name_whole(tmp_path):
    # three semifinal cards with their points (a round played, no standings after it):
    # the demo's «Giorgio Ferrara» was cut to «Giorgio Ferra…» beside his points
    names = ("Giorgio Ferrara", "Antonio Bianchi", "Giulia De Luca", "Ilaria Rossi")
    tables = tuple(GameTable("Semifinale", 3, n, tuple(
        PlayerLine(f"{i}", f"G{n}{i}", name, "Lu Castidduzzu", 40, Fraction(1030 - i, 1000))
        for i, name in enumerate(names, start=1))) for n in (1, 2, 3))
    post = Post("Master", "", "", 3, "Semifinale", NOW, None, 3, results=tables)
    page = tmp_path / "semifinali.html"
    page.write_text(render_post(post, "schermo").replace("</body>", NAME_CUT),
                    encoding="utf-8")
    found = chromium(page, "--dump-dom", "--window-size=1920,1080").stdout.decode("utf-8")
    tree = html5lib.parse(found, namespaceHTMLElements=False)
    assert json.loads(tree.find("body").get("data-misura")) == []


CLUB_CUT = NAME_CUT.replace('".nome"', '".club"')


@pytest.mark.chromium
def test_long_clubs_on_the_cards_go_on_two_lines_and_are_never_cut(tmp_path):
    # nine cards of four: a long club on two lines, as in the standings, and the cards
    # two to a row when a club's line is still long; a short club stays on one line
    tables = tuple(GameTable("Qualificazione", 1, t, tuple(
        PlayerLine(f"{i + 1}", f"G{t}{i}", f"Mario Rossi {t}{i}", LONG_CLUBS[(t + i) % 4],
                   40 + i, Fraction(i)) for i in range(4))) for t in range(1, 10))
    post = Post("Torneo di prova", "", "", 1, "Qualificazione", NOW, None, 3, results=tables)
    html = render_post(post, "schermo")
    page = tmp_path / "tavoli.html"
    page.write_text(html.replace("</body>", CLUB_CUT), encoding="utf-8")
    found = chromium(page, "--dump-dom", "--window-size=1920,1080").stdout.decode("utf-8")
    tree = html5lib.parse(found, namespaceHTMLElements=False)
    assert json.loads(tree.find("body").get("data-misura")) == []
    clubs = {"".join(s.itertext()): s.get("class") for s in tree.iter("span")
             if "club" in (s.get("class") or "")}
    assert clubs["Circolo RicreativoSant'Eufemia d'Aspromonte"] == "club a-capo"
    assert clubs["Eagles Roma"] == "club" and clubs["Gufo Torino"] == "club"
    assert "colonne-2" in html


@pytest.mark.chromium
@pytest.mark.parametrize("players", [17, 37])
def test_the_standings_pages_fill_the_screen(tmp_path, players):
    # 17 lines on one page, 37 on two: each page's table at least 80 % of its height
    post = standings(3, ("T1", "T2", "T3", "Totale", "Migliore"), players,
                     ("Eagles Roma", "Gufo Torino"))
    page = tmp_path / "schermo.html"
    page.write_text(render_post(post, "schermo").replace("</body>", MEASURE),
                    encoding="utf-8")
    found = chromium(page, "--dump-dom", "--window-size=1920,1080").stdout.decode("utf-8")
    measured = json.loads(html5lib.parse(found, namespaceHTMLElements=False)
                          .find("body").get("data-misura"))
    assert measured["cut"] == [] and len(measured["pages"]) == (players + 18) // 19
    for _, _, bottom, _, _, t_bottom in measured["pages"]:
        assert t_bottom - (bottom - 850) >= 0.8 * 850, (t_bottom, bottom)


CARDS = DESIGN + """<script>
document.body.setAttribute("data-misura", JSON.stringify([...document.querySelectorAll(
  ".tavolo")].map(t => { const b = t.getBoundingClientRect();
  return {box: [b.left, b.top, b.right, b.bottom], sizes: [...t.querySelectorAll(".nome")]
    .map(n => getComputedStyle(n).fontSize),
    cut: [...t.querySelectorAll(".nome")].filter(n => n.scrollWidth > n.clientWidth + 1)
    .map(n => n.textContent)}; })));
</script></body>"""


@pytest.mark.chromium
def test_four_semifinal_cards_fill_the_screen_each_in_one_type(tmp_path):
    # the organiser's semifinals: three cards and one below them, half the screen empty,
    # a name with a nickname at about half the size of the others on its card
    names = ("Salvatore “Totò” Licata", "Gianluca Pùddu", "Ignazio Cannizzaro",
             "Agata Fazzì")
    tables = tuple(GameTable("Semifinale", 3, n, tuple(
        PlayerLine(f"{i}", f"G{n}{i}", name, "PALERMO [Eagles]", None, None)
        for i, name in enumerate(names, start=1))) for n in (1, 2, 3, 4))
    post = Post("Master", "", "", 3, "Semifinale", NOW, None, 3, results=tables)
    page = tmp_path / "semifinali.html"
    page.write_text(render_post(post, "schermo").replace("</body>", CARDS), encoding="utf-8")
    found = chromium(page, "--dump-dom", "--window-size=1920,1080").stdout.decode("utf-8")
    cards = json.loads(html5lib.parse(found, namespaceHTMLElements=False)
                       .find("body").get("data-misura"))
    assert len(cards) == 4
    for card in cards:
        assert len(set(card["sizes"])) == 1 and card["cut"] == []
    lefts = sorted({c["box"][0] for c in cards})
    assert len(lefts) == 2  # two by two
    assert max(c["box"][2] for c in cards) >= 1870 and max(c["box"][3] for c in cards) >= 950


FORMULA_MEASURE = DESIGN + """<script>
const card = document.querySelector(".formula").getBoundingClientRect();
const list = document.querySelector(".formula ul").getBoundingClientRect();
const number = document.querySelector(".pagina-1 .numero").getBoundingClientRect();
document.body.setAttribute("data-misura", JSON.stringify({card: card.bottom,
  list: list.bottom, number: number.top,
  size: parseFloat(getComputedStyle(document.querySelector(".formula ul")).fontSize)}));
</script></body>"""


@pytest.mark.chromium
@pytest.mark.parametrize("lines", [4, 9])
def test_the_formula_heads_the_screen_whole_above_its_page_number(tmp_path, lines):
    # 003 Art. 2: the formulation announced before play; the organiser read it from the
    # back of the room: the first page, large type, the last rule not under «Pagina 1 di N»
    rule = ("Semifinali: dal 3° al 10° più un ripescato, miglior partita singola tra gli "
            "esclusi che hanno giocato almeno 2 partite; 2 tavoli da 4, club separati")
    post = dataclasses.replace(standings(3, ("T1", "T2", "T3", "Totale")),
                               formula=tuple(f"{i}. {rule}" for i in range(lines)))
    page = tmp_path / "schermo.html"
    page.write_text(render_post(post, "schermo").replace("</body>", FORMULA_MEASURE),
                    encoding="utf-8")
    found = chromium(page, "--dump-dom", "--window-size=1920,1080").stdout.decode("utf-8")
    measured = json.loads(html5lib.parse(found, namespaceHTMLElements=False)
                          .find("body").get("data-misura"))
    assert measured["list"] <= measured["card"] <= measured["number"]
    assert measured["size"] >= (36 if lines == 4 else 22)


WHOLE = """<script>
const out = [...document.querySelectorAll("body *")].filter(el => {
  const b = el.getBoundingClientRect();
  return b.width > 0 && (b.right > innerWidth + 1 || b.bottom > innerHeight + 1); })
  .map(el => el.tagName + "." + el.className);
const page = document.querySelector(".pagina").getBoundingClientRect();
const scale = Math.min(innerWidth / 1920, innerHeight / 1080);
document.body.setAttribute("data-misura", JSON.stringify({out, width: page.width / scale,
                                                           scale}));
</script></body>"""


@pytest.mark.chromium
@pytest.mark.parametrize("window", ["1280,720", "390,844"])
def test_the_screen_is_whole_on_a_smaller_projector_or_a_phone(tmp_path, window):
    # the organiser's projector was 1280×720: the QR code, the right of the cards and the
    # bottom were cut, the page drawn for 1920×1080 only. Scaled to the window, nothing
    # lies outside it, and the page keeps its proportions (1840 of 1920 units wide)
    page = tmp_path / "schermo.html"
    page.write_text(render_post(standings(3, ("T1", "T2", "T3", "Generale", "Assoluta")),
                                "schermo").replace("</body>", WHOLE), encoding="utf-8")
    found = chromium(page, "--dump-dom", f"--window-size={window}").stdout.decode("utf-8")
    tree = html5lib.parse(found, namespaceHTMLElements=False)
    measured = json.loads(tree.find("body").get("data-misura"))
    assert measured["out"] == []
    assert measured["scale"] < 1 and measured["width"] == pytest.approx(1840, abs=2)


TITLE = DESIGN + """<script>
const h1 = document.querySelector("h1"), style = getComputedStyle(h1);
document.body.setAttribute("data-misura", JSON.stringify({
  lines: h1.getBoundingClientRect().height / parseFloat(style.lineHeight),
  clamp: style.webkitLineClamp, cut: h1.scrollHeight > h1.clientHeight + 1}));
</script></body>"""


@pytest.mark.chromium
def test_a_tournament_name_of_three_lines_ends_in_an_ellipsis_on_the_second(tmp_path):
    # the adversary: a long «Nome torneo» stopped after two lines with no «…», its end
    # simply gone
    name = ("Campionato Regionale a Squadre della Calabria «Memorial Giuseppe Maria "
            "D'Amico-Lombardi» Edizione 2026 Città di Reggio Calabria, Circolo Ricreativo "
            "Sant'Eufemia d'Aspromonte e Associazione Culturale Val di Non")
    post = dataclasses.replace(standings(3, ("T1", "T2", "T3", "Generale")), tournament=name)
    page = tmp_path / "schermo.html"
    page.write_text(render_post(post, "schermo").replace("</body>", TITLE), encoding="utf-8")
    found = chromium(page, "--dump-dom", "--window-size=1920,1080").stdout.decode("utf-8")
    measured = json.loads(html5lib.parse(found, namespaceHTMLElements=False)
                          .find("body").get("data-misura"))
    assert measured["cut"] and measured["clamp"] == "2"
    assert measured["lines"] == pytest.approx(2, abs=0.05)
