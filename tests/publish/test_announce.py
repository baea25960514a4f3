"""Announcing a round's tables: `sorteggia` prints them, `pubblica --sezioni tavoli` posts
them in every format, the room screen (`--formato schermo`) shows them, `--formato
tutti` writes every format at once.

Each format is read back by an independent reader (a BBCode parser, markdown-it,
html5lib, headless Chromium) and compared with the `Risultati` rows the draw wrote, as
openpyxl reads them."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
from pathlib import Path

import html5lib
import pytest
from PIL import Image

from risiko_xl import simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.cli import main
from risiko_xl.cli.parser import _seed
from risiko_xl.errors import RisikoError
from risiko_xl.publish import FORMATS, POST_FORMATS
from risiko_xl.publish.posts import file_name
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbooks.template import formula_settings, write_new
from tests.support.browser import dom, print_pdf, screenshot
from tests.support.pdf_text import page_texts
from tests.support.post_readers import EVIL, READERS, ZWSP, shown
from tests.support.programs import need_program
from tests.support.publishing import publish, publish_all

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

NOW = dt.datetime(2026, 11, 21, 21, 0)
SEED = "www.seme://a`b*c_d"  # a link for forums and chats, Markdown and chat markers
URL = "https://www.club.example/torneo?serata=1"


def fresh(path: Path, players: int = 23, names: tuple[str, ...] = ()) -> Path:
    """A lu_castidduzzu evening with `players` registered (the first ones renamed to
    `names`), nothing drawn yet."""
    write_new(path, {**formula_settings("lu_castidduzzu"), "Nome torneo": "Serata di prova",
                     "Seme sorteggio": SEED})
    book = OpenpyxlBook(path)
    rows = simulate.players(players, 6, "annuncio")
    for row, name in zip(rows, names):
        row["Nome"], row["Cognome"] = name, ""
    simulate.register(book, rows)
    book.save()
    return path


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> tuple[Path, list[str]]:
    """Round 1 drawn through the command line, no result typed; the lines it printed."""
    path = fresh(tmp_path_factory.mktemp("annuncio") / "serata.xlsx", names=EVIL)
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["sorteggia", str(path)]) == 0
    return path, out.getvalue().splitlines()


def seating(path: Path, round_no: int) -> dict[int, list[tuple[str, str]]]:
    """Table number → [(ID, name)] of round `round_no`, as Risultati holds them."""
    frame = OpenpyxlBook(path).read_table(schema.RESULTS.name)
    out: dict[int, list[tuple[str, str]]] = {}
    for r in (r for r in frame if r["Turno"] == round_no):
        out.setdefault(int(r["Tavolo"]), []).append((str(r["ID"]), str(r["Giocatore"])))
    return out


def announced_lines(fmt: str, text: str) -> dict[int, str]:
    """Table number → its line in the post, as the format's reader shows it."""
    html = READERS[fmt](text)
    if fmt == "bbcode-vb":
        tree = html5lib.parse(html, namespaceHTMLElements=False)
        for table in tree.iter("table"):
            rows = [["".join(c.itertext()) for c in tr if c.tag in ("td", "th")]
                    for tr in table.iter("tr")]
            if rows[0] == ["Tavolo", "Giocatori"]:
                return {int(n): players.replace(ZWSP, "") for n, players in rows[1:]}
        return {}
    if fmt == "html":  # one small table per announced table, one player per line
        tree = html5lib.parse(html, namespaceHTMLElements=False)
        return {int(div.get("data-tavolo")): ", ".join(
                    " ".join(filter(None, ("".join(td.itertext()) for td in tr
                                           if td.tag == "td"))).replace(ZWSP, "")
                    for tr in div.iter("tr") if any(td.tag == "td" for td in tr))
                for div in tree.iter("div") if div.get("data-tavolo")}
    html = re.sub(r"<br\s*/?>", "\n", html)
    text = "".join(html5lib.parse(html, namespaceHTMLElements=False).itertext())
    return {int(m[1]): m[2].replace(ZWSP, "")
            for m in re.finditer(r"^\s*Tavolo (\d+): (.*)$", text, re.MULTILINE)}


def test_draw_prints_every_table_it_drew(drawn):
    # 000 Art. 5: «verrà effettuato un sorteggio per stabilire la composizione dei tavoli»:
    # the organiser reads the tables out right after it
    path, lines = drawn
    tables = seating(path, 1)
    printed = [line for line in lines if line.startswith("Tavolo ")]
    assert len(printed) == len(tables) and lines[0].startswith("Turno 1:")  # after summary
    for line in printed:
        number = int(line.split(":")[0].removeprefix("Tavolo "))
        for pid, name in tables[number]:
            assert f"{pid} {shown(name)}" in line  # «ID Nome (Club)»


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_tavoli_seats_every_player_at_the_right_table(drawn, fmt):
    path, _ = drawn
    text = publish(OpenpyxlBook(path), fmt, 1, sections=("tavoli",), now=NOW)
    lines = announced_lines(fmt, text)
    tables = seating(path, 1)
    assert sorted(lines) == sorted(tables)
    for number, players in tables.items():
        for _pid, name in players:
            assert shown(name) in lines[number], (number, name)
        assert lines[number].count(", ") >= len(players) - 1


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_a_round_without_results_is_only_announced(drawn, fmt):
    # today's bug: «--turno 1» before any result printed empty results and a Classifica
    # of zeros; a post never shows what does not exist yet
    path, _ = drawn
    for round_no in (1, None):  # named, or the default: the round drawn and not played
        text = publish(OpenpyxlBook(path), fmt, round_no, now=NOW)
        assert "Tavoli: Turno 1" in text.replace("TAVOLI: TURNO 1", "Tavoli: Turno 1")
        for word in ("Classifica", "CLASSIFICA", "Risultati", "RISULTATI", "Punti",
                     "Ricorsi"):
            assert word not in text, word
        assert "Certificato" in text or "CERTIFICATO" in text


def test_default_round_follows_the_evening(tmp_path):
    path = fresh(tmp_path / "serata.xlsx")
    book = OpenpyxlBook(path)
    with pytest.raises(RisikoError, match="nessun turno sorteggiato"):
        publish(book, "markdown", now=NOW)
    assert main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    simulate.play(book, 1, QUALIFYING, "annuncio")
    update_standings(book, NOW)
    book.save()
    played = publish(OpenpyxlBook(path), "markdown", now=NOW)
    assert "## Risultati" in played and "## Classifica dopo il turno 1" in played
    assert "## Tavoli: Turno 1" not in played  # the results show the seating already
    assert main(["sorteggia", str(path)]) == 0
    announced = publish(OpenpyxlBook(path), "markdown", now=NOW)
    assert "## Tavoli: Turno 2" in announced and "Classifica" not in announced


def test_turn_order_is_shown_when_typed(drawn, tmp_path):
    path = tmp_path / "ordine.xlsx"
    shutil.copy(drawn[0], path)
    book = OpenpyxlBook(path)
    frame = book.read_table(schema.RESULTS.name)
    first = [r for r in frame if r["Tavolo"] == 1]
    names = [r["Giocatore"] for r in first]
    for order, row in zip(range(len(first), 0, -1), first):  # typed in reverse
        row["Ordine"] = order
    book.write_table(schema.RESULTS.name, frame)
    book.save()
    text = publish(OpenpyxlBook(path), "testo", 1, sections=("tavoli",), now=NOW)
    line = next(x for x in text.splitlines() if x.startswith("Tavolo 1:")).replace(ZWSP, "")
    # in turn order, «1°» first: the last row of the table was typed 1
    expected = [f"{len(names) - i}° {shown(n)}" for i, n in reversed(list(enumerate(names)))]
    positions = [line.index(e) for e in expected]
    assert positions == sorted(positions)


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_the_seed_survives_copying(drawn, fmt):
    path, _ = drawn
    text = publish(OpenpyxlBook(path), fmt, 1, sections=("certificato",), now=NOW)
    html = READERS[fmt](text)
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    assert not list(tree.iter("a"))  # never a link
    if fmt == "testo":  # chat text: the seed keeps its zero-width spaces, which
        copied = re.search(r"seme (.*)", text)[1]  # --seme drops
        assert copied != SEED and _seed(copied) == SEED
    else:  # a code span, copied as it is
        codes = ["".join(c.itertext()) for c in tree.iter("code")]
        assert SEED in codes


def test_a_seed_copied_from_the_chat_replays_the_draw(drawn, tmp_path):
    path = tmp_path / "ripeti.xlsx"
    shutil.copy(drawn[0], path)
    before = OpenpyxlBook(path).read_table(schema.DRAWS.name).column("Impronta")[-1]
    text = publish(OpenpyxlBook(path), "testo", 1, sections=("certificato",), now=NOW)
    copied = re.search(r"seme (.*)", text)[1]
    assert main(["sorteggia", str(path), "--turno", "1", "--forza", "--seme", copied]) == 0
    after = OpenpyxlBook(path).read_table(schema.DRAWS.name).column("Impronta")[-1]
    assert after == before


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_hostile_names_in_the_tables_are_text(drawn, fmt):
    path, _ = drawn
    text = publish(OpenpyxlBook(path), fmt, 1, sections=("tavoli",), now=NOW)
    tree = html5lib.parse(READERS[fmt](text), namespaceHTMLElements=False)
    assert not list(tree.iter("a")) and not list(tree.iter("script"))
    shown_text = "".join(tree.itertext()).replace(ZWSP, "")
    for name in EVIL:
        assert shown(name) in shown_text


def screen_page(path: Path, out: Path, round_no: int | None = None) -> Path:
    out.write_text(publish(OpenpyxlBook(path), "schermo", round_no, now=NOW),
                   encoding="utf-8")
    return out


@pytest.mark.chromium
def test_room_screen_shows_every_table_and_is_not_blank(drawn, tmp_path):
    path, _ = drawn
    page = screen_page(path, tmp_path / "schermo.html")
    tree = html5lib.parse(dom(page), namespaceHTMLElements=False)
    assert not list(tree.iter("script")) and not list(tree.iter("a"))
    cards = {el.get("id"): "".join(el.itertext()) for el in tree.iter("div")
             if (el.get("id") or "").startswith("tavolo-")}
    for number, players in seating(path, 1).items():
        for _pid, name in players:
            assert shown(name) in cards[f"tavolo-{number}"]
    assert "Classifica" not in "".join(tree.itertext())
    assert not list(tree.iter("svg"))  # no address set: no QR code, nothing said
    assert "telefono" not in page.read_text(encoding="utf-8")
    shot = Image.open(screenshot(page, tmp_path / "schermo.png", 1920, 1080)).convert("RGB")
    assert shot.size == (1920, 1080)
    colours = shot.getcolors(maxcolors=1 << 20)
    light = sum(n for n, (r, g, b) in colours if r + g + b > 500)
    assert len(colours) > 20 and light > 0.01 * shot.width * shot.height  # text painted


def test_room_screen_pages_the_standings_after_results(demo, tmp_path):
    page = screen_page(demo, tmp_path / "classifica.html", 2)
    tree = html5lib.parse(page.read_text(encoding="utf-8"), namespaceHTMLElements=False)
    frame = OpenpyxlBook(demo).read_table("Classifica")
    pages = [el for el in tree.iter("section") if "pagina" in (el.get("class") or "")]
    # as many lines a page as its type fits (16 or more), as few pages as that allows,
    # of nearly equal length
    rows = [[tr for tr in p.iter("tr") if list(tr.iter("td"))] for p in pages]
    sizes = [len(r) for r in rows]
    assert sum(sizes) == len(frame) and max(sizes) - min(sizes) <= 1
    assert len(pages) == -(-len(frame) // max(sizes)) and max(sizes) >= 16
    names = ["".join(tr.findall("td")[1].itertext()) for r in rows for tr in r]
    assert names == frame.column("Giocatore")
    css = page.read_text(encoding="utf-8")
    assert "@keyframes" in css and "@media print" in css  # rotates; printed, all stacked


def test_room_screen_qr_code_encodes_the_address(drawn, tmp_path):
    import segno

    path = tmp_path / "qr.xlsx"
    shutil.copy(drawn[0], path)
    book = OpenpyxlBook(path)
    book.set_setting("Indirizzo pubblicazione", URL)
    book.save()
    page = screen_page(path, tmp_path / "qr.html").read_text(encoding="utf-8")
    svg = re.search(r"<svg.*?</svg>", page, re.DOTALL)[0]
    # no QR decoder is installed: the code must be the one segno makes for the URL
    again = segno.make(URL, error="m", micro=False).svg_inline(
        scale=8, border=4, dark="#000", light="#fff", svgclass="qr", omitsize=True)
    assert svg == again and URL.replace("&", "&amp;") in page


@pytest.mark.parametrize("bad", [
    "javascript:alert(1)", "www.club.it", "file:///etc/passwd", "https://", "https://club .it",
    # found by an adversary: internal errors, or accepted though a phone cannot open them
    "http://[::1", "https://example.com:99999/", "https://-.com",
    "https://www.club.it@evil.example", "https://evil.example/" + "a" * 5000])
def test_a_bad_address_is_refused_where_it_is_typed(drawn, tmp_path, capsys, bad):
    path = tmp_path / "url.xlsx"
    shutil.copy(drawn[0], path)
    book = OpenpyxlBook(path)
    book.set_setting("Indirizzo pubblicazione", bad)
    book.save()
    frame = OpenpyxlBook(path).read_table(schema.SETTINGS.name)
    row = next(r.sheet_row for r in frame if r["Voce"] == "Indirizzo pubblicazione")
    assert main(["pubblica", str(path), "--formato", "schermo", "--out",
                 str(tmp_path / "s.html")]) == 2
    err = capsys.readouterr().err
    assert f"Foglio {schema.SETTINGS.sheet}, riga {row}" in err and bad in err
    assert "http" in err
    assert main(["pubblica", str(path), "--formato", "markdown"]) == 0  # forum posts go on


def test_tutti_equals_each_format_alone(demo):
    book = OpenpyxlBook(demo)
    round_no, texts = publish_all(book, 2, now=NOW)
    assert round_no == 2 and list(texts) == [*POST_FORMATS, "schermo"]
    for fmt, text in texts.items():
        assert text.encode("utf-8") == publish(book, fmt, 2, now=NOW).encode("utf-8"), fmt


def test_cli_tutti_writes_every_format_beside_the_workbook(drawn, tmp_path, capsys):
    path = tmp_path / "serata.xlsx"
    shutil.copy(drawn[0], path)
    assert main(["pubblica", str(path), "--formato", "tutti"]) == 0
    folder = tmp_path / "serata-post-turno-1"
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == len(FORMATS) and all(line.startswith("Scritto ") for line in printed)
    for fmt in (*POST_FORMATS, "schermo"):
        written = (folder / file_name(1, fmt)).read_text(encoding="utf-8")
        assert main(["pubblica", str(path), "--formato", fmt]) == 0
        alone = capsys.readouterr().out
        # one service; only the publication minute may differ between two calls
        assert re.sub(r"\d\d:\d\d", "", written) == re.sub(r"\d\d:\d\d", "", alone), fmt
    out = tmp_path / "nuova" / "cartella"
    assert main(["pubblica", str(path), "--formato", "tutti", "--out", str(out)]) == 0
    assert len(list(out.iterdir())) == len(FORMATS)


def test_tutti_writes_nothing_unless_it_can_write_everything(drawn, tmp_path, capsys):
    """Found by an adversary: a read-only file among the files stopped the command after
    four were written; and the workbook's history folder was accepted as --out."""
    path = tmp_path / "serata.xlsx"
    shutil.copy(drawn[0], path)
    folder = tmp_path / "ro"
    folder.mkdir()
    locked = folder / file_name(1, "html")
    locked.write_text("vecchio", encoding="utf-8")
    locked.chmod(0o444)
    assert main(["pubblica", str(path), "--formato", "tutti", "--out", str(folder)]) == 2
    assert sorted(p.name for p in folder.iterdir()) == [locked.name]
    assert main(["pubblica", str(path), "--formato", "tutti", "--out",
                 str(path.with_name("serata.xlsx.versioni"))]) == 2
    assert "storico" in capsys.readouterr().err


def test_a_final_phase_round_is_announced_too(tmp_path):
    # 000 Art. 5: «la composizione degli incontri di semifinale avverrà tenendo conto della
    # classifica dei turni preliminari» — seated from the standings, no engine draw, so
    # no certificate; the post after `finali` announces those tables before any result
    from risiko_xl.services.finals_sheet import run_finals
    from risiko_xl.services.rounds import draw_round
    from risiko_xl.tournament.loading import load

    path = fresh(tmp_path / "finale.xlsx", players=16)
    book = OpenpyxlBook(path)
    for round_no in range(1, load(book).formula.standings.rounds + 1):
        draw_round(book, round_no, now=NOW)
        simulate.play(book, round_no, QUALIFYING, "finale")
        update_standings(book, NOW)
    step = run_finals(book, NOW).step
    book.save()
    assert step is not None
    frame = OpenpyxlBook(path).read_table(schema.RESULTS.name)
    seated = [r for r in frame if r["Turno"] == step.round_no]
    text = publish(OpenpyxlBook(path), "markdown", now=NOW)
    assert "## Tavoli: " in text and f"(turno {step.round_no})" in text
    line = next(x for x in text.splitlines() if x.startswith("- **Tavolo 1:**"))
    for name in (r["Giocatore"] for r in seated if r["Tavolo"] == 1):
        assert name in line
    assert "Classifica" not in text and "Certificato" not in text
    screen = publish(OpenpyxlBook(path), "schermo", now=NOW)
    assert all(r["Giocatore"] in screen for r in seated)


@pytest.mark.chromium
def test_room_screen_printed_stacks_every_page(drawn, tmp_path):
    # 29 players, 7 tables with long names: two cards to a row, pages of 6 (screen);
    # printed, every page follows the previous one and every player is on paper
    names = tuple(f"Giuseppe Maria D'Amico-Lombardi {i:02}" for i in range(29))
    path = fresh(tmp_path / "lunghi.xlsx", players=29, names=names)
    assert main(["sorteggia", str(path)]) == 0
    page = screen_page(path, tmp_path / "schermo.html")
    html = page.read_text(encoding="utf-8")
    # two pages of tables and, the first round, the formula's own (003 Art. 2)
    assert "colonne-2" in html and html.count('class="pagina pagina-') == 3
    # the formula heads the rotation (the guide: «la prima pagina»)
    first = html.split('class="pagina pagina-1"')[1].split("</section>")[0]
    assert "<h2>La formula</h2>" in first
    pdf = print_pdf(page, tmp_path / "schermo.pdf")
    text = "\n".join(page_texts(pdf))
    flat = " ".join(text.split())
    for name in names:
        assert name in flat, name
    # on white paper: the screen's dark background stays on the screen (the organiser's
    # printed standings had a dark block under the table)
    pdftoppm = need_program("pdftoppm", "rasterizza i PDF (pacchetto poppler-utils)")
    subprocess.run([pdftoppm, "-r", "20", "-png", str(pdf), str(tmp_path / "carta")],
                   check=True)
    for picture in sorted(tmp_path.glob("carta-*.png")):
        grey = Image.open(picture).convert("L")
        dark = sum(1 for v in grey.getdata() if v < 60) / (grey.width * grey.height)
        assert dark < 0.1, picture.name


@pytest.mark.parametrize(("typed", "words"), [
    ((1, 1, 2, 3), "servono i numeri da 1 a 4"),  # repeated: «1° … 1°» was announced
    (("primo", None, None, None), "serve un numero intero da 1 a 6"),
    ((0, None, None, None), "serve un numero intero da 1 a 6"),
])
def test_a_turn_order_that_cannot_be_read_is_refused_not_announced(drawn, tmp_path, typed,
                                                                   words):
    """Found by an adversary: `classifica` refuses these Ordine values, the tables post
    announced them (or silently left them out)."""
    path = tmp_path / "ordine.xlsx"
    shutil.copy(drawn[0], path)
    book = OpenpyxlBook(path)
    frame = book.read_table(schema.RESULTS.name)
    first = [r for r in frame if r["Tavolo"] == 1]
    for row, value in zip(first, typed):
        row["Ordine"] = value
    book.write_table(schema.RESULTS.name, frame)
    book.save()
    with pytest.raises(RisikoError, match=words):
        publish(OpenpyxlBook(path), "testo", 1, sections=("tavoli",), now=NOW)
