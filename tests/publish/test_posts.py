"""Results posts read back by independent readers: a BBCode parser (vBulletin's [TABLE]
registered as a custom tag), a CommonMark parser, html5lib and headless Chromium.

Expected values come from the workbook's own sheets (Classifica, Risultati) as openpyxl
reads them, printed with the Italian decimal comma by the test itself."""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import replace

import bbcode
import html5lib
import pytest
from PIL import Image

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.cli import main
from risiko_xl.demo import play_tournament
from risiko_xl.publish import POST_FORMATS
from risiko_xl.publish.posts import render_post
from tests.support.browser import dom, screenshot
from tests.support.post_readers import EVIL, READERS, ZWSP, markdown_html, shown, vbulletin_parser
from tests.support.publishing import publish, standings

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

NOW = dt.datetime(2026, 11, 21, 23, 30)
def italian(value: float, decimals: int = 3) -> str:
    return f"{value:.{decimals}f}".replace(".", ",")


def html_tables(markup: str) -> list[list[list[str]]]:
    """Every table of an HTML fragment as rows of cell texts (zero-width spaces dropped)."""
    tree = html5lib.parse(markup, namespaceHTMLElements=False)
    return [[["".join(cell.itertext()).replace(ZWSP, "").strip()
              for cell in row.iter() if cell.tag in ("td", "th")]
             for row in table.iter("tr")]
            for table in tree.iter("table")]


def standings_rows(path) -> list[list[str]]:
    """Classifica as written in the workbook: Pos, Giocatore, Club, T1, T2, Totale, …"""
    frame = OpenpyxlBook(path).read_table("Classifica")
    # «Qualificazione» and «Scarto» are not ranking columns of a post: the post lists
    # the qualifiers and how each qualified in its own section
    numbers = [c for c in frame.headers if c not in ("Pos", "ID", "Giocatore", "Club",
                                                     "Qualificazione", "Scarto")]
    return [[str(r["Pos"]), r["Giocatore"], r["Club"] or "",
             *(italian(r[c]) if isinstance(r[c], float | int) else str(r[c] or "–")
               for c in numbers)]
            for r in frame]


def round_results(path, round_no: int) -> dict[str, tuple[str, str, str]]:
    """Player name → (place, table points, tournament points) in round `round_no`."""
    frame = OpenpyxlBook(path).read_table(schema.RESULTS.name)
    return {r["Giocatore"]: (str(r["Posizione"]), str(int(r["Punti tavolo"])),
                             italian(r["Punti torneo"]))
            for r in frame if r["Turno"] == round_no}


def check_tables(tables: list[list[list[str]]], path) -> None:
    """The round-2 post's tables: 9 result tables, then the standings, then qualifiers."""
    expected = round_results(path, 2)
    results = [t for t in tables if t[0][:2] == ["Pos.", "Giocatore"] and "Note" in t[0]]
    assert len(results) == 9
    for table in results:
        for pos, name, _club, table_points, points, _note in table[1:]:
            assert expected.pop(name) == (pos, table_points, points)
    assert not expected  # every player of the round, once
    ranking = next(t for t in tables if "Totale" in t[0])
    assert ranking[0] == ["Pos.", "Giocatore", "Club", "T1", "T2", "Totale", "Migliore"]
    assert ranking[1:] == standings_rows(path)


def test_vbulletin_post_tables_match_the_workbook(demo):
    text = publish(OpenpyxlBook(demo), "bbcode-vb", 2, now=NOW)
    check_tables(html_tables(vbulletin_parser().format(text)), demo)


def test_markdown_post_tables_match_the_workbook(demo):
    text = publish(OpenpyxlBook(demo), "markdown", 2, now=NOW)
    check_tables(html_tables(markdown_html(text)), demo)


def test_html_page_tables_match_the_workbook_and_chart_is_inline_svg(demo):
    text = publish(OpenpyxlBook(demo), "html", 2, now=NOW)
    check_tables(html_tables(text), demo)
    tree = html5lib.parse(text, namespaceHTMLElements=False)
    assert not list(tree.iter("img"))
    # the page's chart and a phone's (organiser 31: at 390 px the legend was off the screen)
    wide, phone = tree.iter("{http://www.w3.org/2000/svg}svg")
    assert (wide.get("class"), phone.get("class")) == ("grafico", "grafico telefono")
    for chart in (wide, phone):
        assert chart.get("role") == "img"
        series = [g for g in chart.iter("{http://www.w3.org/2000/svg}g")
                  if g.get("class") == "serie"]
        assert len(series) == 8


def test_phpbb_post_is_monospace_columns_in_code_blocks(demo):
    text = publish(OpenpyxlBook(demo), "bbcode-phpbb", 2, now=NOW)
    assert "[table" not in text.lower()
    html = bbcode.Parser().format(text)
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    blocks = ["".join(c.itertext()).replace(ZWSP, "") for c in tree.iter("code")]
    ranking = next(b.splitlines() for b in blocks if "Totale" in b.splitlines()[0])
    header, rule, *lines = ranking
    assert set(rule) == {"-"}
    expected = standings_rows(demo)
    assert len(lines) == len(expected)
    end = header.index("Totale") + len("Totale")  # right-aligned: numbers end under it
    for line, row in zip(lines, expected):
        assert line.startswith(row[0]) and row[1] in line
        assert line[:end].endswith(row[5])


def test_text_post_reads_on_a_phone(demo):
    text = publish(OpenpyxlBook(demo), "testo", 2, now=NOW)
    for name in round_results(demo, 2):
        assert name in text
    for line in text.splitlines():
        assert not re.search(r"\S {2,}\S", line), line  # no column padding to break
    assert "[" not in text and "|" not in text  # no markup, no tables
    assert "RisiKo! è un marchio registrato ® Editrice Giochi Srl" in text


@pytest.mark.chromium
def test_chromium_renders_the_page_with_every_standings_row(demo, tmp_path):
    page = tmp_path / "pagina.html"
    page.write_text(publish(OpenpyxlBook(demo), "html", 2, now=NOW), encoding="utf-8")
    tree = html5lib.parse(dom(page), namespaceHTMLElements=False)
    table = next(t for t in tree.iter("table") if t.get("id") == "classifica")
    assert len(list(table.iter("tr"))) - 1 == len(standings_rows(demo))
    shot = Image.open(screenshot(page, tmp_path / "pagina.png")).convert("RGB")
    colours = shot.getcolors(maxcolors=1 << 20)
    dark = sum(n for n, (r, g, b) in colours if r + g + b < 300)
    assert len(colours) > 20 and dark > 0.005 * shot.width * shot.height  # not blank


@pytest.fixture
def evil(demo, tmp_path):
    """The demo with four players renamed to hostile strings."""
    path = tmp_path / "evil.xlsx"
    path.write_bytes(demo.read_bytes())
    book = OpenpyxlBook(path)
    players = book.read_table("Iscritti")
    seated = {r["ID"] for r in OpenpyxlBook(path).read_table(schema.RESULTS.name)
              if r["Turno"] == 2}
    rows = [r for r in players if r["ID"] in seated][:len(EVIL)]
    for row, name in zip(rows, EVIL):
        row["Nome"], row["Cognome"] = name, ""
    book.write_table("Iscritti", players)
    book.save()
    return path


@pytest.mark.parametrize("fmt", READERS)
def test_injection_shows_names_as_text(evil, fmt):
    html = READERS[fmt](publish(OpenpyxlBook(evil), fmt, 2, now=NOW))
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    assert not list(tree.iter("a")) and not list(tree.iter("script"))
    assert all("".join(c.itertext()) != "c" for c in tree.iter("code"))  # no code span
    text = "".join(tree.itertext()).replace(ZWSP, "")
    for name in EVIL:
        assert shown(name) in text
    for table in html_tables(html):  # a '|' in a name never adds a column
        assert len({len(row) for row in table}) == 1


def test_text_injection_cannot_forge_lines(evil):
    text = publish(OpenpyxlBook(evil), "testo", 2, now=NOW)
    assert "Riga Due [b]" in text
    assert not any(line.startswith("Due") for line in text.splitlines())


def test_appeal_deadline_from_the_preset(tmp_path):
    path = tmp_path / "lu.xlsx"
    play_tournament(path, formula="lu_castidduzzu", players=16, clubs=4, late=0,
                    withdraw_rank=None)
    text = publish(OpenpyxlBook(path), "testo", 1, now=dt.datetime(2026, 11, 21, 21, 0))
    assert "Ricorsi entro: sabato 21 novembre 2026, 23:00 (2 ore)" in text  # seed 000 Art. 2


def test_sections_top_and_trademark_are_selectable(demo):
    book = OpenpyxlBook(demo)
    text = publish(book, "markdown", 2, top=5, sections=("classifica",), trademark=False,
                   now=NOW)
    assert "(primi 5 di" in text and "Risultati" not in text and "Certificato" not in text
    assert "Editrice Giochi" not in text
    full = publish(book, "markdown", 2, now=NOW)
    assert "Editrice Giochi" in full  # on by default (seed 004)


def test_final_post_shows_the_final_ranking(demo):
    text = publish(OpenpyxlBook(demo), "markdown", 4, now=NOW)
    frame = OpenpyxlBook(demo).read_table(schema.FINAL_RANKING.name)
    tables = html_tables(markdown_html(text))
    ranking = next(t for t in tables if "Fase raggiunta" in t[0])
    assert [row[1] for row in ranking[1:]] == frame.column("Giocatore")
    assert [row[5] for row in ranking[1:]] == [italian(v) for v in frame.column("Punti torneo")]
    assert [row[4] for row in ranking[1:]] == [  # the final's own points, finalists only
        "–" if v is None else italian(v) for v in frame.column("Punti finale")]


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_cli_post_prints_or_writes_the_same_text(demo, fmt, tmp_path, capsys):
    assert main(["post", str(demo), "--formato", fmt, "--turno", "1"]) == 0
    printed = capsys.readouterr().out
    out = tmp_path / "post.txt"
    assert main(["post", str(demo), "--formato", fmt, "--turno", "1", "--out", str(out)]) == 0
    written = out.read_text(encoding="utf-8")
    # same service; only the publication minute may differ between the two calls
    assert re.sub(r"\d\d:\d\d", "", printed) == re.sub(r"\d\d:\d\d", "", written)


def test_cli_post_rejects_a_round_without_tables(demo, capsys):
    assert main(["post", str(demo), "--turno", "9"]) == 2
    assert "turno 9" in capsys.readouterr().err


def renamed(demo, tmp_path, names) -> OpenpyxlBook:
    """The demo with players of round 2 renamed to `names`."""
    path = tmp_path / "nomi.xlsx"
    path.write_bytes(demo.read_bytes())
    book = OpenpyxlBook(path)
    players = book.read_table("Iscritti")
    seated = {r["ID"] for r in book.read_table(schema.RESULTS.name) if r["Turno"] == 2}
    rows = [r for r in players if r["ID"] in seated][:len(names)]
    for row, name in zip(rows, names):
        row["Nome"], row["Cognome"] = name, ""
    book.write_table("Iscritti", players)
    book.save()
    return OpenpyxlBook(path)


def test_chat_text_escapes_whatsapp_and_telegram_markers(demo, tmp_path):
    # each marker between zero-width spaces: no word edge for WhatsApp's *x*, _x_, ~x~,
    # no doubled ** __ ~~ for Telegram; worked out by hand from the names
    z = ZWSP
    expected = {"*Mario*": f"{z}*{z}Mario{z}*{z}", "_Luigi_": f"{z}_{z}Luigi{z}_{z}",
                "~Anna~": f"{z}~{z}Anna{z}~{z}", "a**b": f"a{z}*{z}{z}*{z}b",
                "Gio`x`": f"Gio{z}`{z}x{z}`{z}"}
    text = publish(renamed(demo, tmp_path, list(expected)), "testo", 2, now=NOW)
    for name, escaped in expected.items():
        assert escaped in text, name
    assert text.startswith("*Torneo dimostrativo RisiKo! XL*\n")  # the post's own bold
    names = [n for n in expected if n in text.replace(ZWSP, "")]
    assert names == list(expected)  # reads the same


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_no_post_carries_a_bidi_control(demo, tmp_path, fmt):
    # U+202E (RIGHT-TO-LEFT OVERRIDE) would print «Mario issoR» and reverse what follows
    names = ["Mario\u202e Rossi", "\u2067Anna\u2069 Bianchi", "\u202aLuca\u202c Verdi"]
    text = publish(renamed(demo, tmp_path, names), fmt, 2, now=NOW)
    assert not re.search("[\u202a-\u202e\u2066-\u2069]", text)
    for name in ("Mario Rossi", "Anna Bianchi", "Luca Verdi"):
        assert name in text, name


PHONE = r"""<!DOCTYPE html><html><body style="margin:0">
<iframe id="telefono" style="width:{width}px;height:3000px;border:0" srcdoc="{page}"></iframe>
<script>window.addEventListener("load", () => {{
  const d = document.getElementById("telefono").contentDocument;
  document.body.setAttribute("data-misura", JSON.stringify({{
    page: [d.documentElement.clientWidth, d.documentElement.scrollWidth],
    tables: [...d.querySelectorAll("table")].map(t => [t.getBoundingClientRect().right,
      t.parentElement.scrollWidth - t.parentElement.clientWidth]),
    notes: [...d.querySelectorAll("p.solo-telefono")].map(p => p.offsetHeight),
    charts: [...d.querySelectorAll("svg.grafico")].filter(c => c.getClientRects().length)
      .map(c => [c.getAttribute("class"), c.getBoundingClientRect().right,
                 c.parentElement.scrollWidth - c.parentElement.clientWidth]),
    broken: [...d.querySelectorAll("th")].filter(th => {{
      const r = d.createRange(); r.selectNodeContents(th);
      return !/\s/.test(th.textContent.trim()) && r.getClientRects().length > 1;
    }}).map(th => th.textContent)}})); }});
</script></body></html>"""


@pytest.mark.chromium
@pytest.mark.parametrize("round_no", [2, 4])
@pytest.mark.parametrize("width", [360, 390])
def test_the_page_fits_a_phone_without_scrolling_sideways(demo, tmp_path, round_no, width):
    # an organiser's phone cut the final ranking's «Punti torneo» at the right edge; the
    # page in a frame as wide as a phone (Chromium's window is never narrower than 500)
    import html

    page = html.escape(publish(OpenpyxlBook(demo), "html", round_no, now=NOW), quote=True)
    frame = tmp_path / "telefono.html"
    frame.write_text(PHONE.format(width=width, page=page), encoding="utf-8")
    tree = html5lib.parse(dom(frame), namespaceHTMLElements=False)
    measured = json.loads(tree.find("body").get("data-misura"))
    assert measured["page"] == [width, width]
    assert len(measured["tables"]) >= 2
    for right, hidden in measured["tables"]:
        assert right <= width and hidden == 0
    assert measured["broken"] == []  # the organiser's «Po s.», «Not e»: a heading is whole
    # organiser 31: the chart was kept 512 px wide, its names off the screen; now the
    # phone's chart alone is shown, whole
    assert [(kind, right <= width, hidden) for kind, right, hidden in measured["charts"]] \
        == ([("grafico telefono", True, 0)] if round_no == 2 else [])


@pytest.mark.chromium
@pytest.mark.parametrize("width", [360, 390])
def test_on_an_upright_phone_the_totals_of_a_long_standings_are_on_screen(tmp_path, width):
    # the organiser's round 4 of a club formula (4 rounds, Generale, Assoluta, Migliore,
    # long clubs): «Generale, Assoluta e Migliore si vedono solo scorrendo di lato». A
    # phone held upright shows the position, the name and every total; club and rounds
    # come back turning it (a line under the table says so)
    import html

    post = standings(4, ("T1", "T2", "T3", "T4", "Generale", "Assoluta", "Migliore"))
    # the adversary's unbreakable nickname at a results table pushed its totals off screen
    played = post.results[0]
    long_word = replace(played.players[0], name="“IlGrandissimoConquistatoreDelMondo” Sforza")
    post = replace(post, results=(replace(played, players=(long_word,)),))
    page = html.escape(render_post(post, "html"), quote=True)
    frame = tmp_path / "telefono.html"
    frame.write_text(PHONE.format(width=width, page=page), encoding="utf-8")
    tree = html5lib.parse(dom(frame), namespaceHTMLElements=False)
    measured = json.loads(tree.find("body").get("data-misura"))
    assert measured["page"] == [width, width]
    for right, hidden in measured["tables"]:
        assert right <= width and hidden == 0
    # the line saying how to see the rest is shown on the phone (the adversary found it
    # hidden: the rule hiding it elsewhere came after the phone's)
    assert measured["notes"] and all(height > 0 for height in measured["notes"])
    tree = html5lib.parse(render_post(post, "html"), namespaceHTMLElements=False)
    ranking = next(t for t in tree.iter("table") if t.get("id") == "classifica")
    wide = ["".join(th.itertext()) for th in ranking.iter("th") if th.get("class") and
            "largo" in th.get("class").split()]
    assert wide == ["Club", "T1", "T2", "T3", "T4"]
    assert any("girare il telefono in orizzontale" in "".join(p.itertext())
               for p in tree.iter("p"))

