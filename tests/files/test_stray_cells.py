"""Issue 26, «every file read whole, or refused with the cell»: one stray cell far from the
data (a space typed at XFD1048576, what Ctrl+End and a space leave behind, or at
GR100000) costs the work of one cell, never of the sheet's dimension (17 billion cells
up to XFD1048576). Before, `importa` of such a workbook never returned, `iscrivi --da`
took 2.4 GB in 60 s and `esporta --gestionetorneo --modello` 2.7 GB, writing back a
sheet of 1,048,576 rows.

Each command reads the right rows, worked out by hand from `tests.support.gestionetorneo`
(ten registered players, two rounds of two tables). The work is bounded without timing
it: the cells the reader visits are counted (exactly the `<c>` elements the file holds,
one more for the stray cell), and each command runs in a child process under a memory
limit (RLIMIT_AS) and a CPU limit (RLIMIT_CPU) that a walk over the sheet's dimension
could never meet."""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.files import sparse
from risiko_xl.gestionetorneo import layout, reader, writer
from tests.support.gestionetorneo import assert_imported, tournament
from tests.support.programs import need_program

STRAYS = ("XFD1048576", "GR100000")
MEMORY = 768 * 2**20  # bytes of address space: a run takes about 300 MB, before 2.4 GB
CPU_SECONDS = 120  # a run takes about 1 s of processor; before, `importa` never ended
CELL = re.compile(rb"<c[ >/]")
LIST = (("Nome", "Cognome", "Club"), ("Mario", "Rossi", "RC Roma"), ("Luigi", "Verdi", "Il Gufo"))


def gt_workbook(
    folder: Path, sheet: str = layout.PLAYERS, stray: str | None = None, value: str = " "
) -> Path:
    """`tournament("MasterRisiko")` in GestioneTorneo's layout, saved again by openpyxl
    (as a hand at the keyboard would), `value` typed at `stray` when given."""
    folder.mkdir(exist_ok=True)
    path = writer.write(tournament("MasterRisiko"), folder / "Modulo.xlsx")
    book = openpyxl.load_workbook(path)
    if stray is not None:
        book[sheet][stray] = value
    book.save(path)
    return path


def roster(path: Path, stray: str) -> Path:
    """Two players to register, a space typed at `stray`."""
    book = openpyxl.Workbook()
    for row in LIST:
        book.active.append(row)
    book.active[stray] = " "
    book.save(path)
    return path


def cells_in(path: Path) -> int:
    """The `<c>` elements of every sheet of the .xlsx at `path`: the cells it holds."""
    with zipfile.ZipFile(path) as package:
        return sum(
            len(CELL.findall(package.read(name)))
            for name in package.namelist()
            if name.startswith("xl/worksheets/") and name.endswith(".xml")
        )


@pytest.fixture()
def visited(monkeypatch):
    """The cells `files.sparse` visits, counted."""
    count = [0]
    put = sparse._Counter.put

    def counted(self, cells, row, column, value):
        count[0] += 1
        return put(self, cells, row, column, value)

    monkeypatch.setattr(sparse._Counter, "put", counted)
    return count


@pytest.mark.parametrize("stray", STRAYS)
def test_a_stray_cell_in_iscritti_is_one_cell_read(tmp_path, visited, stray):
    clean = gt_workbook(tmp_path / "pulito")
    path = gt_workbook(tmp_path / "sporco", stray=stray)
    assert cells_in(path) == cells_in(clean) + 1
    gt = reader.read(path)
    assert visited[0] == cells_in(path)  # every cell of the file once, nothing beyond
    assert [p.id for p in gt.players] == list(range(1, 11))
    assert [[len(t.seats) for t in r.tables] for r in gt.rounds] == [[5, 4], [4, 5]]


@pytest.mark.parametrize("stray", STRAYS)
def test_importa_of_a_workbook_with_a_stray_cell(tmp_path, capsys, stray):
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(gt_workbook(tmp_path, stray=stray)), "--out", str(out)]) == 0
    assert "10 giocatori, 2 turni, 4 tavoli; formula master" in capsys.readouterr().out
    assert_imported(out, "MasterRisiko")  # every point and the standings, by hand


@pytest.mark.parametrize("stray", STRAYS)
def test_iscrivi_from_a_list_with_a_stray_cell(tmp_path, capsys, visited, stray):
    book = tmp_path / "serata.xlsx"
    assert cli.main(["nuovo", str(book), "--formula", "master"]) == 0
    elenco = roster(tmp_path / "elenco.xlsx", stray)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert capsys.readouterr().out == (
        "Iscritti 2 giocatori (G01–G02) da «elenco.xlsx», foglio «Sheet»\n"
    )
    assert visited[0] == cells_in(elenco) == 3 * 3 + 1
    frame = OpenpyxlBook(book).read_table(schema.PLAYERS.name)
    assert [(r["ID"], r["Nome"], r["Cognome"], r["Club"]) for r in frame.rows] == [
        ("G01", "Mario", "Rossi", "RC Roma"),
        ("G02", "Luigi", "Verdi", "Il Gufo"),
    ]


def _exported_over(tmp_path: Path, model: Path) -> openpyxl.Workbook:
    torneo = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(gt_workbook(tmp_path / "gt")), "--out", str(torneo)]) == 0
    back = tmp_path / "Ritorno.xlsx"
    assert (
        cli.main(["esporta", str(torneo), "--gestionetorneo", str(back), "--modello", str(model)])
        == 0
    )
    return openpyxl.load_workbook(back)


def test_a_space_left_in_the_models_last_row_is_not_written_back(tmp_path, capsys):
    """Iscritti of the model: the title (row 1), the headers (row 3, A–J: the email
    column J after ID NAZIONALE), ten players in rows 4-13, and a space in A1048576. The
    copy written back ends at row 13: a space is nothing typed."""
    model = gt_workbook(tmp_path / "modello", stray="A1048576")
    sheet = _exported_over(tmp_path, model)[layout.PLAYERS]
    capsys.readouterr()
    assert (sheet.max_row, sheet.dimensions) == (13, "A1:J13")
    assert [sheet.cell(row, 1).value for row in range(4, 14)] == list(range(1, 11))


def test_a_value_in_the_models_last_row_is_kept_and_costs_one_cell(tmp_path, capsys):
    """A note typed in A1048576 of the model's Iscritti is the organiser's: kept, and the
    copy holds the model's cells (ten players over its ten), not a million rows."""
    model = gt_workbook(tmp_path / "modello", stray="A1048576", value="nota")
    sheet = _exported_over(tmp_path, model)[layout.PLAYERS]
    capsys.readouterr()
    assert sheet["A1048576"].value == "nota"
    kept = openpyxl.load_workbook(model)[layout.PLAYERS]
    assert {c for c, cell in sheet._cells.items() if cell.value is not None} == {
        c for c, cell in kept._cells.items() if cell.value is not None
    }


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def _run(*argv: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "risiko_xl.cli", *map(str, argv)],
        preexec_fn=_limited,
        capture_output=True,
        text=True,
        cwd=Path(__file__).parents[2],
    )


@pytest.mark.lento  # more than a second: the full suite
@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS as Linux counts it")
def test_each_command_with_a_stray_cell_runs_within_a_memory_and_cpu_limit(tmp_path):
    """The three commands of the issue, each in a child process that may take at most
    MEMORY of address space and CPU_SECONDS of processor."""
    gt = gt_workbook(tmp_path / "gt", stray="XFD1048576")
    torneo = tmp_path / "torneo.xlsx"
    found = _run("importa", gt, "--out", torneo)
    assert found.returncode == 0, found.stderr
    assert "10 giocatori, 2 turni, 4 tavoli" in found.stdout
    book = tmp_path / "serata.xlsx"
    assert cli.main(["nuovo", str(book), "--formula", "master"]) == 0
    found = _run("iscrivi", book, "--da", roster(tmp_path / "elenco.xlsx", "XFD1048576"))
    assert found.returncode == 0, found.stderr
    assert found.stdout.startswith("Iscritti 2 giocatori (G01–G02)")
    model = gt_workbook(tmp_path / "modello", stray="A1048576")
    back = tmp_path / "Ritorno.xlsx"
    found = _run("esporta", torneo, "--gestionetorneo", back, "--modello", model)
    assert found.returncode == 0, found.stderr
    assert openpyxl.load_workbook(back, read_only=True)[layout.PLAYERS].max_row == 13


@pytest.mark.libreoffice
@pytest.mark.parametrize("kind, stray", [("ods", "XFD1048576"), ("xls", "IV65536")])
def test_an_ods_or_xls_with_a_stray_cell(tmp_path, kind, stray):
    """LibreOffice's own files: an .ods counts its empty rows and columns by the million
    (`number-rows-repeated`), an .xls ends at IV65536; both read as the cells they hold."""
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    source = gt_workbook(tmp_path, stray=stray, value="x")  # kept: a space may be dropped
    target = {"ods": "ods", "xls": "xls:MS Excel 97"}[kind]
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation={(tmp_path / 'p').as_uri()}",
            "--headless",
            "--convert-to",
            target,
            "--outdir",
            str(tmp_path / kind),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    path = tmp_path / kind / f"Modulo.{kind}"
    assert (
        sparse.open_sheets(path)
        .grid(layout.PLAYERS)
        .get(*openpyxl.utils.cell.coordinate_to_tuple(stray))
        == "x"
    )
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(path), "--out", str(out)]) == 0
    assert_imported(out, "MasterRisiko")
