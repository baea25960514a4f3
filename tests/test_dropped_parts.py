"""Parts of a workbook a save with openpyxl leaves out (Excel 365's threaded comments, custom
XML): nothing is refused, the command says in one line what the saved file no longer has."""

from __future__ import annotations

import zipfile

import pytest

from risiko_xl import cli
from risiko_xl.books.dropped_parts import found
from risiko_xl.files import history

pytestmark = pytest.mark.lento  # commands run on a workbook file

THREAD = ("xl/threadedComments/threadedComment1.xml",
          b'<?xml version="1.0" encoding="UTF-8"?><ThreadedComments '
          b'xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"/>')
CUSTOM = ("customXml/item1.xml", b'<?xml version="1.0"?><etichetta/>')


def with_parts(path, *parts):
    """`path` rewritten with `parts` (name, bytes) added, as Excel 365 would save them."""
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            archive.writestr(info, data)
        for name, data in parts:
            archive.writestr(name, data)


def test_a_command_says_what_the_saved_file_no_longer_holds(tmp_path, capsys):
    path = tmp_path / "torneo.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "master"]) == 0
    assert found(path) == []
    with_parts(path, THREAD, CUSTOM)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Mario Rossi"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "Attenzione: il file salvato non contiene più i commenti in thread di Excel 365 "
        "(restano come note semplici) né i dati XML personalizzati (proprietà di SharePoint, "
        f"etichette di riservatezza), che risiko-xl non sa riscrivere; l'originale resta "
        f"nello storico: risiko-xl ripristina «{path}» --elenco"]
    assert found(path) == []  # said once: the next command has nothing to say
    names = zipfile.ZipFile(history.versions(path)[0].path).namelist()
    assert THREAD[0] in names and CUSTOM[0] in names
    assert cli.main(["iscrivi", str(path), "Anna Bianchi"]) == 0
    assert capsys.readouterr().err == ""
