"""Malformed inputs (tests/bad_inputs): one Italian line, exit code 2, nothing touched.

Every case of `bad_inputs.cases.CASES` runs its command lines on a copy of its file in a
folder of its own; each must exit with code 2 and print exactly one Italian line naming
the sheet, row, column and value found that the case states (written by hand from the
corruption), and leave the folder exactly as it was: same files, same bytes, no backup
or temporary file. The checked-in files must be what `python -m tests.bad_inputs.build`
makes. Workbooks from others are parsed through defusedxml and checked against zip bombs
before openpyxl reads them.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from bad_inputs import build, corrupt
from bad_inputs.cases import CASES, Base, Case

from risiko_xl import cli
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.files import safe_open

pytestmark = pytest.mark.lento  # every malformed file through every command

HERE = Path(__file__).parents[1] / "bad_inputs"
# Words of the English messages of Python, argparse, zipfile and openpyxl.
ENGLISH = re.compile(r"\b(error|invalid|argument|expected|unrecognized|required|usage|"
                     r"not found|no such|is not|traceback|exception|unable|cannot|could not|"
                     r"denied|failed|support|workbook|worksheet|sheet|file format)\b", re.I)
BY_SUBPROCESS = ("punti_testo", "protetto_password", "bomba_xml", "turno_testo_arg")


def source(case: Case) -> Path:
    return build.BASE if isinstance(case.source, Base) else HERE / case.file


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def prepared(case: Case, tmp_path: Path) -> tuple[Path, Path]:
    """(folder, file): a copy of the case's file alone in a folder (within `tmp_path`, which
    holds nothing else: a file left next to the folder would show too)."""
    folder = tmp_path / "caso"
    folder.mkdir()
    file = folder / case.file
    shutil.copyfile(source(case), file)
    return folder, file


def arguments(command: tuple[str, ...], folder: Path, file: Path) -> list[str]:
    return [part.format(file=file, dir=folder) for part in command]


def check_message(case: Case, stderr: str, folder: Path) -> None:
    """One Italian line with every fragment the case expects."""
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    line = lines[0]
    assert line.startswith("Errore: "), line
    english = ENGLISH.search(re.sub(r"«[^»]*»", "«»",  # names found, not prose
                                     line.replace(str(folder), "CARTELLA")))
    assert english is None, f"English in {line!r}: {english[0]!r}"
    if case.foglio is not None:
        assert re.search(rf"\b[Ff]oglio {re.escape(case.foglio)}\b", line), line
    if case.tavolo is not None:
        assert re.search(rf"\btavolo {case.tavolo}\b", line), line
    if case.riga is not None:
        assert re.search(rf"\briga {case.riga}\b", line), line
    if case.colonna is not None:
        assert re.search(rf"\bcolonna {re.escape(case.colonna)}[:,]", line), line
    if case.valore == "vuoto":  # an empty cell is said so, not «valore trovato: vuoto»
        assert "(la cella è vuota)" in line and "valore trovato" not in line, line
    elif case.valore is not None:
        assert f"(valore trovato: {case.valore})" in line, line
    for word in case.words:  # the first letter of the line is upper case
        assert word.casefold() in line.casefold(), (word, line)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_bad_input_gives_one_italian_line_and_touches_nothing(case, tmp_path, capsys):
    folder, file = prepared(case, tmp_path)
    before = snapshot(tmp_path)
    for command in case.commands:
        code = cli.main(arguments(command, folder, file))
        out, err = capsys.readouterr()
        assert code == cli.EXIT_BAD_INPUT, (command, out, err)
        check_message(case, err, folder)
        assert snapshot(tmp_path) == before, command


@pytest.mark.parametrize("name", BY_SUBPROCESS)
def test_through_the_real_program(name, tmp_path):
    case = next(c for c in CASES if c.name == name)
    folder, file = prepared(case, tmp_path)
    before = snapshot(tmp_path)
    result = subprocess.run([sys.executable, "-m", "risiko_xl.cli",
                             *arguments(case.commands[0], folder, file)],
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 2, result.stderr
    check_message(case, result.stderr, folder)
    assert snapshot(tmp_path) == before


def test_the_corpus():
    names = [case.name for case in CASES]
    files = [case.file for case in CASES if not isinstance(case.source, Base)]
    assert len(CASES) >= 60
    assert len(set(names)) == len(names) and len(set(files)) == len(files)
    assert sum(len(case.commands) for case in CASES) >= 150  # most run every command


def parts_or_bytes(data: bytes) -> object:
    """A zip's parts (names and uncompressed bytes), any other file's bytes."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return [(i.filename, archive.read(i.filename)) for i in archive.infolist()]
    except zipfile.BadZipFile:
        return data


def test_checked_in_files_are_what_the_builder_makes(tmp_path):
    """Regenerate with `python -m tests.bad_inputs.build` after changing a case."""
    built = {p.name: p.read_bytes() for p in build.build(tmp_path)}
    checked_in = {p.name for p in HERE.iterdir()
                  if p.is_file() and p.suffix != ".py" and p.name != build.BASE.name}
    assert checked_in == set(built)
    for name, data in built.items():
        assert parts_or_bytes((HERE / name).read_bytes()) == parts_or_bytes(data), name


def test_the_base_is_a_good_tournament(tmp_path, capsys):
    """The cases fail because of their corruption: the base itself passes every command
    they run (the draw of round 3 last, as it changes the file)."""
    build.check_layout(build.BASE.read_bytes())
    file = tmp_path / "torneo.xlsx"
    shutil.copyfile(build.BASE, file)
    for command in ("verify", "standings", "draw"):
        assert cli.main([command, str(file)]) == 0, capsys.readouterr().err
    assert capsys.readouterr().err == ""


def test_an_empty_file_points_at_its_backup(tmp_path):
    path = tmp_path / "torneo.xlsx"
    path.write_bytes(b"")
    shutil.copyfile(build.BASE, tmp_path / "torneo.bak.xlsx")
    with pytest.raises(RisikoError, match=r"è vuoto .*«torneo\.bak\.xlsx»"):
        OpenpyxlBook(path)


def test_a_damaged_sheet_is_named_with_its_part(tmp_path):
    """«il contenuto XML è danneggiato» says where: the sheet and its part."""
    from risiko_xl.files.safe_open import _sheet_named

    path = tmp_path / "torneo.xlsx"
    with zipfile.ZipFile(build.BASE) as source:
        part = next(n for n in source.namelist() if _sheet_named(source, n) == "Iscritti")
        with zipfile.ZipFile(path, "w") as target:
            for item in source.infolist():
                data = source.read(item)
                target.writestr(item, data[:len(data) // 2] if item.filename == part else data)
    with pytest.raises(RisikoError, match=rf"XML del foglio Iscritti \(«{part}»\) è danneggiato"):
        OpenpyxlBook(path)


# --- workbooks from others ---------------------------------------------------------------

def test_openpyxl_reads_xml_through_defusedxml():
    import openpyxl.xml
    from openpyxl.xml import functions

    assert openpyxl.xml.DEFUSEDXML is True
    assert functions.iterparse.__module__.startswith("defusedxml")
    if not openpyxl.xml.LXML:  # with lxml openpyxl parses with resolve_entities=False
        assert functions.fromstring.__module__.startswith("defusedxml")


def test_no_reading_without_defusedxml(tmp_path):
    """openpyxl drops defusedxml when OPENPYXL_DEFUSEDXML is not "True": then nothing is
    read (exit 1: the installation is at fault, not the file)."""
    path = tmp_path / "torneo.xlsx"
    shutil.copyfile(build.BASE, path)
    result = subprocess.run([sys.executable, "-m", "risiko_xl.cli", "standings", str(path)],
                            capture_output=True, text=True, check=False, timeout=120,
                            env={**os.environ, "OPENPYXL_DEFUSEDXML": "False"})
    assert result.returncode == 1 and "defusedxml" in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1
    assert path.read_bytes() == build.BASE.read_bytes()


def refused_quickly(path: Path, *words: str) -> tuple[float, int]:
    """CPU seconds and peak bytes allocated while refusing `path`; the message has `words`
    (CPU time, not the wall clock: a busy machine must not fail the test)."""
    tracemalloc.start()
    start = time.process_time()
    with pytest.raises(RisikoError) as refused:
        OpenpyxlBook(path)
    seconds = time.process_time() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    for word in words:
        assert word in str(refused.value)
    return seconds, peak


def test_billion_laughs_is_refused_fast_without_memory(tmp_path):
    # 10 levels of 10 references: 10**10 "lol"s (30 GB) if expanded; here 1.6 KB of XML
    laughs = ('<!DOCTYPE sst [<!ENTITY lol "lol">'
              + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'
                        for i in range(1, 11)) + "]>")
    parts = corrupt.doctype("xl/workbook.xml", laughs, "&lol10;")(
        corrupt.read_parts(build.BASE.read_bytes()))
    path = tmp_path / "risate.xlsx"
    path.write_bytes(corrupt.zip_bytes(parts))
    assert path.stat().st_size < 100_000
    seconds, peak = refused_quickly(path, "DTD", "«risate.xlsx»")
    assert seconds < 5 and peak < 100 * 2**20


def test_high_ratio_zip_is_refused_before_inflating(tmp_path):
    parts = corrupt.read_parts(build.BASE.read_bytes())
    parts["xl/media/zeri.bin"] = bytes(100 * 2**20)  # 100 MB of zeros, about 100 KB zipped
    path = tmp_path / "bomba.xlsx"
    path.write_bytes(corrupt.zip_bytes(parts, level=1))
    assert path.stat().st_size < 2**20
    seconds, peak = refused_quickly(path, "xl/media/zeri.bin", "compressa")
    assert seconds < 5 and peak < 20 * 2**20  # the file is read, never inflated


def test_total_size_and_number_of_parts_are_bounded(tmp_path):
    many = {f"xl/media/zeri{i}.bin": bytes(2**20) for i in range(201)}  # 201 MB, ratio ok
    path = tmp_path / "tante.xlsx"
    path.write_bytes(corrupt.zip_bytes(many, level=1))
    with pytest.raises(RisikoError, match=r"201 MB \(al massimo 200 MB\)"):
        safe_open.read_package(path)
    base = zipfile.ZipFile(build.BASE)
    with pytest.raises(RisikoError, match=r"contiene \d+ parti \(al massimo 10\)"):
        safe_open.check_limits(build.BASE, base, max_entries=10)


def test_a_workbook_encrypted_by_a_real_tool(tmp_path, capsys):
    from msoffcrypto.format.ooxml import OOXMLFile

    path = tmp_path / "cifrato.xlsx"
    with open(build.BASE, "rb") as plain, open(path, "wb") as out:
        OOXMLFile(plain).encrypt("risiko", out)
    before = path.read_bytes()
    assert cli.main(["standings", str(path)]) == 2
    assert "protetto da password" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_many_small_sheets_full_of_cells_are_refused_before_loading(tmp_path):
    """Forty small repetitive sheets, well under a megabyte, hold 1,200,000 cells: openpyxl
    would spend over half a gigabyte on them. The cells are counted first, in blocks."""
    parts = corrupt.read_parts(build.BASE.read_bytes())
    row = "".join(f'<c r="{col}1" t="n"><v>1</v></c>' for col in "ABCDEFGHIJ")
    sheet = ('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
             'spreadsheetml/2006/main"><sheetData>'
             + f'<row r="1">{row}</row>' * 3_000 + "</sheetData></worksheet>")
    for i in range(40):
        parts[f"xl/worksheets/riempitivo{i}.xml"] = sheet.encode()
    path = tmp_path / "celle.xlsx"
    path.write_bytes(corrupt.zip_bytes(parts))
    assert path.stat().st_size < 2**20
    seconds, peak = refused_quickly(path, "più di 1.000.000 celle", "«celle.xlsx»")
    assert seconds < 10 and peak < 50 * 2**20
    base = zipfile.ZipFile(build.BASE)  # the base tournament is far below the limit
    safe_open.check_limits(build.BASE, base)
    with pytest.raises(RisikoError, match="più di 10 celle"):
        safe_open.check_limits(build.BASE, base, max_cells=10)


def test_every_missing_sheet_table_or_column_names_what_was_found():
    # a refusal names the value found: the renamed name, or what stands in its place
    missing = [case for case in CASES if any(w.startswith(("manca la colonna", "manca la "
                                                           "tabella", "manca il foglio"))
                                             for w in case.words)]
    assert len(missing) >= 8
    assert [case.name for case in missing if case.valore is None] == []
