"""The season's post (issue 29: «the same faces as a tournament: posts in every format, the
room screen …; the season's chart»), read by each format's reader: the forum's BBCode, a
Markdown renderer, a browser for the page, the room screen and a phone's 390 px."""

from __future__ import annotations

import datetime as dt
import html
import json
from decimal import Decimal
from fractions import Fraction as F

import html5lib
import pytest

from risiko_xl.publish import BY_NAME
from risiko_xl.publish.season_post import publish_season, season_files
from risiko_xl.season.board import BoardLine, SeasonBoard, Skipped
from tests.publish.test_posts import PHONE
from tests.support.browser import chromium, dom
from tests.support.post_readers import EVIL, READERS

NOW = dt.datetime(2026, 11, 28, 21, 0)
COLUMNS = ("T1", "T2", "T3", "Punti", "Tornei", "Vittorie", "Miglior piazzamento",
           "Punti ranking", "Valutazione")


def board(names=("Giuseppe D'Amico", "Ilaria Colombo", "Laura Colombo", "Anna Russo"),
          club="Il Gufo") -> SeasonBoard:
    """Three tournaments, the best two counted: A 25 + 25 (18 not counted) = 50, …; Anna
    below the minimum of two tournaments."""
    lines = (
        BoardLine(1, "S001", names[0], club, (25, Skipped(18), 25, 50, 3, 2, 1,
                                              Decimal("591.6"), Decimal("29.8"))),
        BoardLine(2, "S002", names[1], club, (18, 25, None, 43, 2, 1, 1, Decimal("446.2"),
                                              Decimal("19.8"))),
        BoardLine(2, "S003", names[2], club, (None, 18, F(25), 43, 2, 1, 1, Decimal("0.0"),
                                              Decimal("-1.6"))),
        BoardLine(None, "S004", names[3], "", (15, None, None, 15, 1, 0, 3, Decimal("182.5"),
                                               None)),
    )
    leaders = ((names[0], (1, 1, 1)), (names[1], (2, 1, 2)), (names[2], (None, 2, 2)))
    return SeasonBoard("Ranking interno 2026", 3, COLUMNS, lines, 3,
                       "Punti: per posizione (25, 18, 15, 12, 10, …); contano i 2 tornei "
                       "migliori.", leaders)


@pytest.mark.parametrize("fmt", list(READERS))
def test_every_format_as_its_reader_shows_it(fmt):
    text = publish_season(board(), fmt, NOW)
    shown = " ".join(html5lib.parse(READERS[fmt](text), namespaceHTMLElements=False)
                     .find("body").itertext()) if fmt != "html" else " ".join(
        html5lib.parse(text, namespaceHTMLElements=False).find("body").itertext())
    assert "Ranking interno 2026" in shown
    assert "Tornei giocati: 3" in shown
    assert "Classifica della stagione" in shown or "CLASSIFICA DELLA STAGIONE" in shown
    assert "Giuseppe D'Amico" in shown
    assert "591,6" in shown and "(18)" in shown  # the decimal comma; not counted in brackets
    assert "contano i 2 tornei migliori" in shown


def test_shared_places_and_the_unranked():
    text = publish_season(board(), "markdown", NOW)
    rows = [line for line in text.splitlines() if line.startswith("| ")][2:]
    assert [row.split(" | ")[0] for row in rows] == ["| 1", "| 2=", "| 2=", "| –"]


@pytest.mark.parametrize("fmt", list(READERS))
def test_hostile_names_stay_names(fmt):
    """The posts' rules: no link, no tag, no script out of a player's name or a club."""
    text = publish_season(board(names=EVIL, club=EVIL[0]), fmt, NOW)
    tree = html5lib.parse(READERS[fmt](text), namespaceHTMLElements=False)
    assert not list(tree.iter("script"))
    assert not [a for a in tree.iter("a") if "x.example" in (a.get("href") or "")]


def test_the_page_draws_the_leaders_tournament_by_tournament():
    page = publish_season(board(), "html", NOW)
    tree = html5lib.parse(page, namespaceHTMLElements=False)
    chart = next(e for e in tree.iter() if e.tag.endswith("svg"))
    texts = ["".join(t.itertext()) for t in chart.iter() if t.tag.endswith("text")]
    assert {"Torneo 1", "Torneo 2", "Torneo 3"} <= set(texts)
    desc = next("".join(d.itertext()) for d in chart.iter() if d.tag.endswith("desc"))
    assert desc.startswith("Posizione dopo i tornei 1, 2, 3.")
    assert "Laura Colombo: –, 2°, 2°" in desc


def test_every_format_in_one_folder():
    files = season_files(board(), NOW)
    assert sorted(files) == sorted(f"stagione-{f.name}{f.suffix}" for f in BY_NAME.values())


@pytest.mark.chromium
def test_the_room_screen_shows_the_season(tmp_path):
    page = tmp_path / "schermo.html"
    page.write_text(publish_season(board(), "schermo", NOW), encoding="utf-8")
    found = chromium(page, "--dump-dom", "--window-size=1920,1080").stdout.decode("utf-8")
    tree = html5lib.parse(found, namespaceHTMLElements=False)
    table = next(t for t in tree.iter("table") if "classifica" in (t.get("class") or ""))
    cells = [" ".join("".join(td.itertext()).split()) for td in table.iter("td")]
    assert "Giuseppe D'Amico" in cells and "591,6" in cells
    subtitle = next(p for p in tree.iter("p") if p.get("class", "").startswith("sottotitolo"))
    assert "".join(subtitle.itertext()) == "Classifica della stagione"


@pytest.mark.chromium
@pytest.mark.parametrize("width", [360, 390])
def test_the_page_fits_a_phone(tmp_path, width):
    frame = tmp_path / "telefono.html"
    frame.write_text(PHONE.format(width=width, page=html.escape(
        publish_season(board(), "html", NOW), quote=True)), encoding="utf-8")
    tree = html5lib.parse(dom(frame), namespaceHTMLElements=False)
    measured = json.loads(tree.find("body").get("data-misura"))
    assert measured["page"] == [width, width]
    for right, hidden in measured["tables"]:
        assert right <= width and hidden == 0
    assert measured["broken"] == []
