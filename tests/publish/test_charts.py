"""Standings charts: the results page's SVG on the demo (its drawing is checked in
test_svg_chart.py) and the native chart on the `Classifica` sheet (read from the .xlsx
parts, by openpyxl and by LibreOffice)."""

from __future__ import annotations

import dataclasses
import posixpath
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import column_index_from_string, range_boundaries

from risiko_xl import simulate
from risiko_xl.books.charts import STANDINGS_TITLE, standings_chart
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table
from risiko_xl.publish.charts import Progression, progression, progression_svg
from risiko_xl.services.publication import post_source
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import standings_seed, update_standings
from risiko_xl.standings import compute_standings
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import load
from risiko_xl.workbooks.template import formula_settings, write_new
from tests.support.lo_reader import sheets_as_csv
from tests.support.post_readers import SVG, chart_series
from tests.support.programs import need_program

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

NS = {"c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
      "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
      "xdr": "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"}
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
PKG_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
REF = re.compile(r"'Classifica'!\$([A-Z]+)\$(\d+):\$([A-Z]+)\$(\d+)")


@pytest.fixture(scope="module")
def tournament(demo):
    return load(OpenpyxlBook(demo))


@pytest.fixture(scope="module")
def source(demo):
    return post_source(OpenpyxlBook(demo))


# --- the workbook parts, as any reader of the file sees them --------------------------
def _rels(archive: zipfile.ZipFile, part: str) -> dict[str, str]:
    """Relationship id → target part of `part` (targets resolved to archive names)."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", name + ".rels")
    if rels not in archive.namelist():
        return {}
    out = {}
    for rel in ET.fromstring(archive.read(rels)).iter(PKG_REL):
        target = rel.get("Target")
        out[rel.get("Id")] = (target.lstrip("/") if target.startswith("/")
                              else posixpath.normpath(posixpath.join(folder, target)))
    return out


def charts_by_sheet(path: Path) -> dict[str, list[tuple[ET.Element, ET.Element]]]:
    """Sheet name → its charts, each as (chart part root, drawing anchor element)."""
    out: dict[str, list[tuple[ET.Element, ET.Element]]] = {}
    with zipfile.ZipFile(path) as archive:
        targets = _rels(archive, "xl/workbook.xml")
        for sheet in ET.fromstring(archive.read("xl/workbook.xml")).iter(f"{MAIN}sheet"):
            part = targets[sheet.get(REL_ID)]
            for drawing in _rels(archive, part).values():
                if "/drawings/" not in drawing:
                    continue
                charts = _rels(archive, drawing)
                root = ET.fromstring(archive.read(drawing))
                for anchor in root:
                    chart = anchor.find(".//c:chart", NS)
                    if chart is not None:
                        out.setdefault(sheet.get("name"), []).append(
                            (ET.fromstring(archive.read(charts[chart.get(REL_ID)])), anchor))
    return out


def _range(ref: str) -> tuple[int, int, int]:
    """(column, first row, last row) of a one-column `'Classifica'!$X$a:$X$b` reference."""
    match = REF.fullmatch(ref)
    assert match, ref
    first_col, first, last_col, last = match.groups()
    assert first_col == last_col
    return column_index_from_string(first_col), int(first), int(last)


def _only_chart(path: Path) -> tuple[ET.Element, ET.Element]:
    charts = charts_by_sheet(path)
    assert list(charts) == ["Classifica"]
    assert len(charts["Classifica"]) == 1
    return charts["Classifica"][0]


def _standings_by_round(t) -> dict[int, object]:
    played = sorted({g.round_no for g in t.results if g.phase == QUALIFYING})
    return {k: compute_standings(t.entrants, t.results, t.formula.standings,
                                 standings_seed(t), upto_round=k) for k in played}


# --- progression and its SVG ------------------------------------------------------------
def test_progression_follows_the_standings_round_by_round(tournament, source):
    by_round = _standings_by_round(tournament)
    p = progression(source)
    assert p.rounds == (1, 2) == tuple(by_round)
    leaders = by_round[2].rows[:8]
    assert [name for name, _ in p.series] == [tournament.by_id[r.player].name for r in leaders]
    players = len(tournament.entrants)
    for row, (_, positions) in zip(leaders, p.series):
        assert positions == tuple(by_round[k].position_of(row.player) for k in p.rounds)
        assert {y for y in positions if y is not None} <= set(range(1, players + 1))
    assert [positions[-1] for _, positions in p.series] == list(range(1, 9))
    assert len(progression(source, top=3).series) == 3


def test_the_chart_starts_at_the_second_round(source, tmp_path):
    # the organiser: «after round 1 the page draws a chart of single points», where the
    # guide says the chart comes from the second round with results (docs/SERATA.md)
    p = progression(source, top=5, upto=1)
    assert p.rounds == (1,)
    assert [positions for _, positions in p.series] == [(1,), (2,), (3,), (4,), (5,)]
    assert progression_svg(p) is None
    chart = ET.fromstring(progression_svg(progression(source, top=5, upto=2)))
    assert [[len(run) for run in runs] for _, runs in chart_series(chart)] == [[2]] * 5
    path = write_new(tmp_path / "nuovo.xlsx", formula_settings("master"))
    assert progression(post_source(OpenpyxlBook(path))) == Progression((), ())
    assert progression_svg(Progression((), ())) is None


def test_the_demo_chart_is_reproducible_svg(source):
    text = progression_svg(progression(source))
    assert text is not None and text == progression_svg(progression(source))
    chart = ET.fromstring(text)
    assert chart.tag == f"{SVG}svg" and chart.get("role") == "img"
    assert [label for label, _ in chart_series(chart)] == [
        f"{n}° {name}" for n, (name, _) in enumerate(progression(source).series, 1)]


# --- the native chart on the Classifica sheet -------------------------------------------
def test_classifica_chart_is_a_stacked_bar_of_the_top_ten_by_round(demo):
    chart, anchor = _only_chart(demo)
    bar = chart.find(".//c:barChart", NS)
    assert bar.find("c:barDir", NS).get("val") == "bar"
    assert bar.find("c:grouping", NS).get("val") == "stacked"
    assert bar.find("c:overlap", NS).get("val") == "100"
    title = "".join(t.text for t in chart.find("c:chart/c:title", NS).iter(f"{{{NS['a']}}}t"))
    assert title == STANDINGS_TITLE

    sheet = load_workbook(demo)["Classifica"]
    min_col, header, max_col, _ = range_boundaries(sheet.tables["Classifica"].ref)
    headers = {sheet.cell(header, c).value: c for c in range(min_col, max_col + 1)}
    series = bar.findall("c:ser", NS)
    values = [_range(s.find("c:val/c:numRef/c:f", NS).text) for s in series]
    assert [sheet.cell(header, col).value for col, _, _ in values] == ["T1", "T2"]
    assert {(first, last) for _, first, last in values} == {(header + 1, header + 10)}
    for s in series:
        category = _range(s.find("c:cat/c:strRef/c:f", NS).text)
        assert category == (headers["Giocatore"], header + 1, header + 10)

    t = load(OpenpyxlBook(demo))
    top = compute_standings(t.entrants, t.results, t.formula.standings,
                            standings_seed(t)).rows[:10]
    names = [sheet.cell(row, headers["Giocatore"]).value for row in range(header + 1,
                                                                          header + 11)]
    assert names == [t.by_id[r.player].name for r in top]
    for n, (col, first, _) in enumerate(values, start=1):
        cells = [sheet.cell(first + i, col).value for i in range(10)]
        assert cells == pytest.approx([float(r.rounds[n - 1]) for r in top])
    start = int(anchor.find("xdr:from/xdr:col", NS).text)  # 0-based
    assert start == max_col + 1  # one empty column right of the table


def test_refreshing_and_resaving_keeps_a_single_chart(demo, tmp_path):
    path = tmp_path / "copia.xlsx"
    shutil.copy(demo, path)
    book = OpenpyxlBook(path)
    update_standings(book)
    update_standings(book)
    book.save()
    OpenpyxlBook(path).save()
    chart, _ = _only_chart(path)
    assert len(chart.findall(".//c:ser", NS)) == 2
    book = OpenpyxlBook(path)
    spec = standings_chart(book.read_table("Classifica"))
    book.set_chart(dataclasses.replace(spec, rows=0))
    book.save()
    assert charts_by_sheet(path) == {}


def test_no_chart_before_two_rounds_and_fewer_bars_with_fewer_players(tmp_path):
    path = write_new(tmp_path / "piccolo.xlsx", {**formula_settings("master"),
                                                 "Seme sorteggio": "s"})
    assert charts_by_sheet(path) == {}
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(6, 2, "s"))
    update_standings(book)
    book.save()
    assert charts_by_sheet(path) == {}
    draw_round(book, 1)
    simulate.play(book, 1, QUALIFYING, "s")
    update_standings(book)
    book.save()
    assert charts_by_sheet(path) == {}  # one round: its bars would only repeat T1
    draw_round(book, 2)
    simulate.play(book, 2, QUALIFYING, "s")
    update_standings(book)
    book.save()
    chart, _ = _only_chart(path)
    first_series, _ = chart.findall(".//c:ser", NS)
    _, first, last = _range(first_series.find("c:val/c:numRef/c:f", NS).text)
    assert last - first + 1 == 6


def test_standings_chart_uses_only_round_columns_with_results():
    table = Table.of({"Pos": n, "Giocatore": name, "T1": 1.0, "T2": 0.5, "T3": None,
                      "Generale": 1.5, "Assoluta": 1.5}
                     for n, name in enumerate("ABCDEFGHIJKL", start=1))
    spec = standings_chart(table)
    assert (spec.table, spec.category, spec.series, spec.rows) == (
        "Classifica", "Giocatore", ("T1", "T2"), 10)
    assert standings_chart(table.where(lambda row: row["Pos"] <= 4)).rows == 4
    assert spec.width_cm == 18  # one-letter names
    table.set_column("T2", [None] * 12)
    assert standings_chart(table).empty  # one round with results: no chart yet
    table.set_column("T1", [None] * 12)
    table.set_column("T2", [None] * 12)
    assert standings_chart(table).empty


def test_a_long_name_widens_the_chart_so_it_is_shown_whole():
    long_name = "Maria Vittoria Castiglioni della Rocca"  # 38 characters
    table = Table.of({"Pos": n, "Giocatore": name, "T1": 1.0, "T2": 0.5}
                     for n, name in enumerate(["Ada", long_name, "Bo"], start=1))
    spec = standings_chart(table)
    assert spec.label_chars == 38 and spec.width_cm == 18 + 0.25 * 18
    table.set_column("Giocatore", ["x" * 200] * 3)
    assert standings_chart(table).width_cm == 32  # capped: the sheet stays printable


# --- LibreOffice reads the workbook with its chart --------------------------------------
@pytest.mark.libreoffice
def test_libreoffice_opens_the_workbook_with_the_chart(demo, tmp_path):
    sheets = sheets_as_csv(demo, tmp_path / "csv")
    header, *rows = [r for r in sheets["Classifica"] if any(r)]
    assert header[:4] == ["Pos", "ID", "Giocatore", "Club"]
    names = OpenpyxlBook(demo).read_table("Classifica").column("Giocatore")
    assert [row[2] for row in rows] == names
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    # Classifica prints its table only (its print area): the chart beside it is printed
    # here from a copy without print area
    whole = OpenpyxlBook(demo)
    whole.workbook["Classifica"].print_area = None
    copy = tmp_path / demo.name
    whole.workbook.save(copy)
    outdir = tmp_path / "pdf"
    subprocess.run([soffice, f"-env:UserInstallation={(tmp_path / 'p').resolve().as_uri()}",
                    "--headless", "--convert-to", "pdf", "--outdir", str(outdir), str(copy)],
                   check=True, capture_output=True, timeout=180)
    pdf = outdir / f"{demo.stem}.pdf"
    pdftotext = need_program("pdftotext", "serve poppler-utils per leggere i PDF")
    text = subprocess.run([pdftotext, "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True, timeout=60).stdout
    assert STANDINGS_TITLE in " ".join(text.split())  # LibreOffice drew our chart

