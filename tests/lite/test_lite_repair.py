"""xlwings Lite's code put back when a program that drops unknown parts saved the workbook
(LibreOffice, Numbers, openpyxl): every command notices it and says so."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from risiko_xl import cli
from risiko_xl.books import web_extension
from risiko_xl.workbooks.lite import EXTENSION_PART, lite_parts, new_lite
from risiko_xl.workbooks.template import write_new
from tests.support.programs import need_program

NOTICE = "Il codice di xlwings Lite mancava (salvato con LibreOffice?): rimesso "


def parts_of(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n) for n in archive.namelist()
                if n.startswith(web_extension.FOLDER)}


def edited_lite(path: Path) -> dict[str, bytes]:
    """A Lite workbook whose code the organiser edited (written by a command, so its
    history holds it); its web-extension parts."""
    new_lite(path)
    parts = parts_of(path)
    parts[EXTENSION_PART] = parts[EXTENSION_PART].replace(b"@script", b"@script ", 1)
    web_extension.add(path, web_extension.WebExtensions(parts, {}))
    assert cli.main(["iscrivi", str(path), "Mario", "--cognome", "Rossi"]) == 0
    return parts_of(path)


def test_an_openpyxl_save_loses_the_code_and_the_next_command_puts_back_the_edited_one(
        tmp_path, capsys):
    path = tmp_path / "serata.xlsx"
    edited = edited_lite(path)
    capsys.readouterr()
    workbook = load_workbook(path)
    workbook.save(path)  # what any openpyxl script does
    assert not parts_of(path)
    assert cli.main(["classifica", str(path)]) == 0
    err = capsys.readouterr().err
    assert NOTICE + "dalla versione 1 dello storico (" in err, err
    assert parts_of(path) == edited
    assert web_extension.TASKPANES in zipfile.ZipFile(path).read("_rels/.rels").decode()
    assert cli.main(["verifica", str(path)]) == 0
    assert NOTICE not in capsys.readouterr().err  # said once: the file has it again


def test_a_dangling_task_pane_without_history_gets_this_packages_code(tmp_path, capsys):
    path = tmp_path / "serata.xlsx"
    new_lite(path, keep_backup=False)
    with zipfile.ZipFile(path) as archive:
        entries = [(i, archive.read(i)) for i in archive.infolist()
                   if i.filename != EXTENSION_PART
                   and not i.filename.startswith(web_extension.FOLDER + "_rels/")]
    with zipfile.ZipFile(path, "w") as archive:  # as LibreOffice leaves it
        for info, data in entries:
            archive.writestr(info, data)
    assert cli.main(["classifica", str(path)]) == 0
    assert NOTICE + "quello di risiko-xl " in capsys.readouterr().err
    assert parts_of(path) == lite_parts().parts


def test_a_workbook_without_xlwings_lite_is_left_alone(tmp_path, capsys):
    path = write_new(tmp_path / "torneo.xlsx")
    before = path.read_bytes()
    assert cli.main(["verifica", str(path)]) == 0
    assert NOTICE not in capsys.readouterr().err
    assert path.read_bytes() == before


@pytest.mark.libreoffice
def test_a_libreoffice_save_loses_the_code_and_the_next_command_puts_it_back(
        tmp_path, capsys):
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    path = tmp_path / "serata.xlsx"
    edited = edited_lite(path)
    out = tmp_path / "lo"
    profile = (tmp_path / "profile").resolve().as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless",
                    "--convert-to", 'xlsx:Calc MS Excel 2007 XML', "--outdir", str(out),
                    str(path)], check=True, capture_output=True, timeout=180)
    shutil.copyfile(out / path.name, path)  # saved in place by LibreOffice
    assert EXTENSION_PART not in parts_of(path)
    capsys.readouterr()
    assert cli.main(["classifica", str(path)]) == 0
    assert NOTICE + "dalla versione 1 dello storico (" in capsys.readouterr().err
    assert {k: v for k, v in parts_of(path).items() if k != web_extension.TASKPANES_PART} \
        == {k: v for k, v in edited.items() if k != web_extension.TASKPANES_PART}
    assert _types(path) == TYPES  # LibreOffice had declared the task pane «application/xml»
    assert cli.main(["verifica", str(path)]) == 0


TYPES = {web_extension.TASKPANES_PART: "application/vnd.ms-office.webextensiontaskpanes+xml",
         EXTENSION_PART: "application/vnd.ms-office.webextension+xml"}


def _types(path: Path) -> dict[str, str]:
    overrides, _ = web_extension._content_types(zipfile.ZipFile(path).read(
        "[Content_Types].xml"))
    return {name: kind for name, kind in overrides.items()
            if name.startswith(web_extension.FOLDER)}


def _as_libreoffice_leaves_it(path: Path) -> None:
    """The code and the task pane's relationships gone, the task pane kept and declared
    «application/xml» (what LibreOffice's save does)."""
    with zipfile.ZipFile(path) as archive:
        entries = [(i, archive.read(i)) for i in archive.infolist()
                   if i.filename != EXTENSION_PART
                   and not i.filename.startswith(web_extension.FOLDER + "_rels/")]
    with zipfile.ZipFile(path, "w") as archive:
        for info, data in entries:
            if info.filename == "[Content_Types].xml":
                data = data.replace(TYPES[web_extension.TASKPANES_PART].encode(),
                                    b"application/xml")
            archive.writestr(info, data)


def test_a_wrong_content_type_left_by_libreoffice_is_corrected(tmp_path, capsys):
    path = tmp_path / "serata.xlsx"
    new_lite(path, keep_backup=False)
    _as_libreoffice_leaves_it(path)
    assert _types(path)[web_extension.TASKPANES_PART] == "application/xml"
    assert cli.main(["classifica", str(path)]) == 0
    assert NOTICE in capsys.readouterr().err
    assert _types(path) == TYPES


def test_a_command_that_only_reads_says_the_code_is_missing_and_writes_nothing(
        tmp_path, capsys):
    # `verifica` changes nothing (its help says so), even to put the code back
    path = tmp_path / "serata.xlsx"
    new_lite(path, keep_backup=False)
    _as_libreoffice_leaves_it(path)
    before = path.read_bytes()
    assert cli.main(["verifica", str(path)]) == 0
    assert "questo comando non scrive il file; lo rimette il prossimo comando che lo " \
        "scrive" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_every_part_gone_and_no_history_the_note_on_the_first_sheet_tells(tmp_path, capsys):
    # a copy of the shipped Lite workbook saved by openpyxl before any command ran on it:
    # no part left, no history, but the Torneo sheet still shows the add-in's note
    path = tmp_path / "copia.xlsx"
    new_lite(path, keep_backup=False)
    load_workbook(path).save(path)
    assert not parts_of(path)
    assert cli.main(["iscrivi", str(path), "Mario", "--cognome", "Rossi"]) == 0
    assert NOTICE + "quello di risiko-xl " in capsys.readouterr().err
    assert parts_of(path) == lite_parts().parts


def test_a_read_only_file_is_still_read_and_the_loss_said(tmp_path, capsys):
    path = tmp_path / "serata.xlsx"
    edited_lite(path)
    load_workbook(path).save(path)
    path.chmod(0o444)
    capsys.readouterr()
    assert cli.main(["classifica", str(path), "--forza"]) == 2  # read, never written
    assert "Il codice di xlwings Lite manca (salvato con LibreOffice?): non rimesso" \
        in capsys.readouterr().err
    assert not parts_of(path)
