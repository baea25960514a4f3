"""Formula injection (issue 7, "Untrusted content"): names, nicknames and clubs that a
spreadsheet would take for a formula stay text in every workbook we write (the tournament
file after each CLI command, the `export` copy, the live workbook through the ribbon's
actions) and show literally in every publication (posts, referti HTML and PDF).

Readers: openpyxl (the cell's type must be text, 's', never a formula, 'f'), LibreOffice
headless (it recalculates on load: a formula would show its result in the CSV it
exports, and its own .xlsx would store a formula), the formats' own parsers for the
posts, pdftotext, and the Excel stand-in for xlwings' writes.
"""

from __future__ import annotations

import contextlib
import csv
import io
import subprocess
from pathlib import Path

import html5lib
import pytest
from openpyxl import Workbook, load_workbook

from risiko_xl import actions, cli, simulate
from risiko_xl.books.excel_text import excel_value
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.publish import POST_FORMATS
from risiko_xl.standings.model import QUALIFYING
from tests.support.excel_standin import ExcelStandIn, excel_entry
from tests.support.lo_reader import ALL_SHEETS_CSV
from tests.support.pdf_text import page_texts, parse
from tests.support.post_readers import READERS, ZWSP
from tests.support.programs import need_program

pytestmark = pytest.mark.lento  # hostile names through every output

# What a spreadsheet would compute if it took these for formulas (or DDE / a link).
EVIL = ("=cmd|' /C calc'!A0", "@SUM(1+1)*cmd", "-2+3", "+39 333 1234567", "=1+1",
        '=HYPERLINK("http://x.invalid","clic")', "\t=3+3", "\r=4+4", "=-5+6")
SHOWN = tuple(name.strip() for name in EVIL)  # names are trimmed when read
MARKERS = ("cmd", "SUM(", "2+3", "39 333", "1+1", "HYPERLINK", "3+3", "4+4", "5+6")
PLAYERS, SEED = 20, "iniezione"
SHEETS_WITH_NAMES = ("Iscritti", "Risultati", "Classifica", "Fasi finali")


def evil_players() -> list[dict]:
    """Every name, nickname and club a formula-looking text."""
    rows = simulate.players(PLAYERS, 6, SEED)
    for i, row in enumerate(rows):
        row["Nickname"] = EVIL[i % len(EVIL)]
        row["Nome"], row["Cognome"] = EVIL[(i + 1) % len(EVIL)], EVIL[(i + 2) % len(EVIL)]
        row["Club"] = EVIL[(i + 4) % len(EVIL)]
    return rows


def full_names() -> set[str]:
    """Where identity matters a player is «Nome “Nickname” Cognome» (issue 15), each part
    trimmed: the formula-looking parts joined, still text."""
    return {f"{r['Nome'].strip()} \u201c{r['Nickname'].strip()}\u201d {r['Cognome'].strip()}"
            for r in evil_players()}


FULL = full_names()
# the texts each sheet must hold: Iscritti the parts, the others the full names (and the
# clubs where they have a Club column)
EXPECTED = {"Iscritti": set(SHOWN), "Risultati": FULL, "Classifica": set(SHOWN),
            "Fasi finali": set(SHOWN)}


def run_cli(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main([*argv])
    assert code == 0, (argv, out.getvalue())
    return out.getvalue()


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> dict[str, Path]:
    """A `master` tournament of hostile names played to the end through the CLI (new,
    draw, standings, ritira, finals, export, post, referti), results typed between."""
    folder = tmp_path_factory.mktemp("iniezione")
    path = folder / "torneo.xlsx"
    run_cli("new", str(path), "--formula", "master", "--nome", "=Torneo+1")
    book = OpenpyxlBook(path)
    book.set_setting("Seme sorteggio", SEED)
    simulate.register(book, evil_players())
    book.save()
    for round_no in (1, 2):
        run_cli("draw", str(path))
        book = OpenpyxlBook(path)
        simulate.play(book, round_no, QUALIFYING, SEED)
        book.save()
        run_cli("standings", str(path))
    run_cli("ritira", str(path), "G003")
    run_cli("standings", str(path))
    for _ in range(4):
        if "Classifica finale" in run_cli("finals", str(path)):
            break
        book = OpenpyxlBook(path)
        pending = [r for r in book.read_table("Risultati")
                   if r["Punti obiettivo"] is None and r["Eliminato"] is None]
        simulate.play(book, int(pending[0]["Turno"]), pending[0]["Fase"], SEED)
        book.save()
    else:
        pytest.fail("le fasi finali non finiscono")
    run_cli("standings", str(path))
    files = {"torneo": path, "export": folder / "valori.xlsx"}
    run_cli("export", str(path), str(files["export"]))
    for fmt in POST_FORMATS:
        files[fmt] = folder / f"post-{fmt}.txt"
        run_cli("post", str(path), "--turno", "2", "--formato", fmt, "--out", str(files[fmt]))
    for suffix in ("pdf", "html"):
        files[f"referti-{suffix}"] = folder / f"referti.{suffix}"
        run_cli("referti", str(path), "--turno", "2", "--out", str(files[f"referti-{suffix}"]))
    return files


def text_cells(path: Path) -> dict[str, dict[str, set[str]]]:
    """sheet -> cell type -> the values of string-looking cells, read by openpyxl; asserts
    that no formula cell carries a name (our own formulas may exist, names never)."""
    found: dict[str, dict[str, set[str]]] = {}
    for sheet in load_workbook(path).worksheets:
        kinds = found.setdefault(sheet.title, {})
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    assert not any(m in str(cell.value) for m in MARKERS), (
                        sheet.title, cell.coordinate, cell.value)
                if isinstance(cell.value, str):
                    kinds.setdefault(cell.data_type, set()).add(cell.value)
    return found


@pytest.mark.parametrize("which", ["torneo", "export"])
def test_openpyxl_reads_every_name_back_as_text(played, which):
    cells = text_cells(played[which])
    for sheet in SHEETS_WITH_NAMES:
        texts = cells[sheet].get("s", set())
        assert EXPECTED[sheet] <= {v.strip() for v in texts}, sheet
        assert "f" not in cells[sheet], (sheet, cells[sheet].get("f"))
    typed = cells["Iscritti"]["s"]
    assert {name for name in EVIL if "\r" not in name} <= typed  # kept exactly as typed
    assert any(v.strip() == "=4+4" and v != "=4+4" for v in typed)  # the CR is kept too
    assert "=Torneo+1" in cells["Torneo"]["s"]


def libreoffice(files: list[Path], target: str, outdir: Path) -> None:
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    outdir.mkdir(parents=True, exist_ok=True)
    profile = (outdir / "profile").resolve().as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless",
                    "--convert-to", target, "--outdir", str(outdir), *map(str, files)],
                   check=True, capture_output=True, timeout=240)


def csv_sheet(outdir: Path, stem: str, sheet: str) -> list[list[str]]:
    with (outdir / f"{stem}-{sheet}.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


@pytest.mark.libreoffice
def test_libreoffice_computes_no_name(played, tmp_path):
    """LibreOffice recalculates on load: a name taken as a formula would show its result
    (the control workbook's real formulas do), or be stored as a formula in its .xlsx."""
    control = tmp_path / "controllo.xlsx"
    book = Workbook()
    book.active.title = "Iscritti"
    for row, formula in enumerate(("=1+1", "=-2+3", "=+39+1", "=SUM(1+1)*2"), start=1):
        book.active.cell(row, 1).value = formula
    book.save(control)
    sources = [played["torneo"], played["export"], control]
    libreoffice(sources, ALL_SHEETS_CSV, tmp_path / "csv")
    assert [r[0] for r in csv_sheet(tmp_path / "csv", "controllo", "Iscritti")] == [
        "2", "1", "40", "4"]
    for stem in ("torneo", "valori"):
        players = csv_sheet(tmp_path / "csv", stem, "Iscritti")
        header = players[0]
        for column in ("Nome", "Cognome", "Nickname", "Club"):
            shown = {row[header.index(column)].strip() for row in players[1:]}
            assert shown == set(SHOWN), (stem, column)
        for sheet, column, expected in (("Risultati", "Giocatore", FULL),
                                        ("Classifica", "Giocatore", FULL),
                                        ("Classifica", "Club", set(SHOWN))):
            rows = csv_sheet(tmp_path / "csv", stem, sheet)
            shown = {row[rows[0].index(column)] for row in rows[1:]}
            # the withdrawn G003 may be left out of Classifica: never anything else
            assert shown <= expected and len(expected - shown) <= 1, (stem, sheet, column)
    libreoffice([played["torneo"]], "xlsx", tmp_path / "lo")
    cells = text_cells(tmp_path / "lo" / "torneo.xlsx")
    for sheet in SHEETS_WITH_NAMES:
        assert EXPECTED[sheet] <= {v.strip() for v in cells[sheet]["s"]}, sheet
        assert "f" not in cells[sheet], sheet


def test_posts_show_names_literally(played):
    for fmt in POST_FORMATS:
        text = played[fmt].read_text(encoding="utf-8")
        rendered = READERS[fmt](text) if fmt in READERS else text
        if fmt in READERS:
            tree = html5lib.parse(rendered, namespaceHTMLElements=False)
            assert not list(tree.iter("a")) and not list(tree.iter("script")), fmt
            rendered = "".join(tree.itertext())
        rendered = rendered.replace(ZWSP, "")
        for name in SHOWN:
            assert name in rendered, (fmt, name)


def test_referti_show_names_literally(played):
    doc = parse(played["referti-html"])
    names = {strong.text for strong in doc.findall(".//td[@class='nome']/strong")}
    assert names == FULL  # round 2: all 20 players
    pdf = "".join("\n".join(page_texts(played["referti-pdf"])).split())
    for name in FULL:  # a long name wraps to two lines (a long word too): blanks ignored
        assert "".join(name.split()) in pdf, name


def test_excel_receives_names_as_text():
    """What `XlwingsBook` writes for each name: Excel keeps it as typed (the stand-in
    raises FormulaWritten for text Excel would take for a formula)."""
    for name in (*EVIL, *SHOWN, " =1+1", "\n@x"):
        written = excel_value(name)
        assert excel_entry(written) == name, name
        if name.lstrip()[:1] in "=+-@":
            assert written == "'" + name, name  # Excel's text prefix


def test_ribbon_actions_keep_names_as_text(tmp_path, monkeypatch):
    """The whole tournament again through the ribbon's actions on a live workbook (the
    Excel stand-in), starting from the same registrations: every write reaches Excel as
    text, and the sheets show the names."""
    path = tmp_path / "torneo.xlsx"
    run_cli("new", str(path), "--formula", "master")
    book = OpenpyxlBook(path)
    book.set_setting("Seme sorteggio", SEED)
    simulate.register(book, evil_players())
    book.save()
    stand_in = ExcelStandIn(path, monkeypatch)
    monkeypatch.setattr("pyperclip.copy", lambda _text: None)
    for round_no in (1, 2):
        stand_in.run(actions.sorteggia_turno)
        with stand_in.session() as xl:
            simulate.play(xl, round_no, QUALIFYING, SEED)
        stand_in.run(actions.aggiorna_classifica)
    for _ in range(4):
        stand_in.run(actions.fasi_finali)
        assert stand_in.alerts[-1].mode == "info", stand_in.alerts[-1].prompt
        with stand_in.session() as xl:
            pending = [r for r in xl.read_table("Risultati")
                       if r["Punti obiettivo"] is None and r["Eliminato"] is None]
            if not pending:
                break
            simulate.play(xl, int(pending[0]["Turno"]), pending[0]["Fase"], SEED)
    stand_in.run(actions.post_forum)
    for sheet in SHEETS_WITH_NAMES:
        values = {v.strip() for row in stand_in.sheet(sheet)["values"] for v in row
                  if isinstance(v, str)}
        assert EXPECTED[sheet] <= values, sheet
    post = "\n".join(stand_in.column("Post"))
    assert all(name in post.replace(ZWSP, "") for name in SHOWN)
