"""Parts of a workbook a save with openpyxl leaves out: custom XML is put back byte for byte
(with the workbook's relationships to it and its content types); Excel 365's threaded
comments cannot be safely, and the command says in one line the saved file lost them."""

from __future__ import annotations

import zipfile

import openpyxl
import pytest

from risiko_xl import cli
from risiko_xl.books.dropped_parts import found
from risiko_xl.files import history
from tests.support.lo_reader import sheets_as_csv

pytestmark = pytest.mark.lento  # commands run on a workbook file

THREAD = {"xl/threadedComments/threadedComment1.xml":
          b'<?xml version="1.0" encoding="UTF-8"?><ThreadedComments '
          b'xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"/>'}
PROPS = "application/vnd.openxmlformats-officedocument.customXmlProperties+xml"
CUSTOM = {
    "customXml/item1.xml": b'<?xml version="1.0" encoding="UTF-8"?><etichetta livello="2"/>',
    "customXml/itemProps1.xml":
        b'<?xml version="1.0" encoding="UTF-8" standalone="no"?><ds:datastoreItem '
        b'ds:itemID="{6C0E5A4F-2F1B-4C55-9E0D-1D3A6B1B2C3D}" xmlns:ds="http://schemas.'
        b'openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs/></ds:datastoreItem>',
    "customXml/_rels/item1.xml.rels":
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http:'
        b'//schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" '
        b'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        b'customXmlProps" Target="itemProps1.xml"/></Relationships>',
}
CUSTOM_RELATION = ('<Relationship Id="rId90" Type="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships/customXml" '
                   'Target="../customXml/item1.xml"/>')


def with_parts(path, parts, relation=None):
    """`path` rewritten with `parts` (name → bytes) added as Excel 365 saves them: the
    workbook's `relation` to them, the item properties' content type."""
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            if info.filename == "xl/_rels/workbook.xml.rels" and relation:
                data = data.replace(b"</Relationships>", relation.encode() + b"</Relationships>")
            if info.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", f'<Override PartName="/customXml/itemProps1.xml"'
                                    f' ContentType="{PROPS}"/></Types>'.encode())
            archive.writestr(info, data)
        for name, data in parts.items():
            archive.writestr(name, data)


def new(tmp_path):
    path = tmp_path / "torneo.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "master"]) == 0
    assert found(path) == []
    return path


def test_threaded_comments_are_named_and_custom_xml_is_put_back(tmp_path, capsys):
    path = new(tmp_path)
    with_parts(path, {**THREAD, **CUSTOM}, CUSTOM_RELATION)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Mario Rossi"]) == 0
    assert capsys.readouterr().err.splitlines() == [
        "Attenzione: il file salvato non contiene più i commenti in thread di Excel 365 "
        "(restano come note semplici), che risiko-xl non sa riscrivere; l'originale resta "
        f"nello storico: risiko-xl ripristina «{path}» --elenco"]
    names = zipfile.ZipFile(history.versions(path)[0].path).namelist()
    assert all(name in names for name in THREAD)  # the original, in the history
    for name in ("Anna Bianchi", "Luca Verdi"):  # kept, and kept again: nothing to say
        with zipfile.ZipFile(path) as saved:
            assert {name: saved.read(name) for name in CUSTOM} == CUSTOM
            assert not [n for n in saved.namelist() if n.startswith("xl/threadedComments")]
            rels = saved.read("xl/_rels/workbook.xml.rels").decode()
            assert rels.count('Target="../customXml/item1.xml"') == 1
            assert f'PartName="/customXml/itemProps1.xml" ContentType="{PROPS}"' in \
                saved.read("[Content_Types].xml").decode()
        assert cli.main(["iscrivi", str(path), name]) == 0
        assert capsys.readouterr().err == ""
    assert openpyxl.load_workbook(path)["Iscritti"]["B4"].value == "Luca"


def test_custom_xml_without_the_workbook_relation_is_said_dropped(tmp_path, capsys):
    path = new(tmp_path)
    with_parts(path, CUSTOM)  # no relationship: nothing ties the parts to the workbook
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Mario Rossi"]) == 0
    assert "i dati XML personalizzati" in capsys.readouterr().err


@pytest.mark.libreoffice
def test_libreoffice_opens_the_file_with_custom_xml_put_back(tmp_path):
    path = new(tmp_path)
    with_parts(path, CUSTOM, CUSTOM_RELATION)
    assert cli.main(["iscrivi", str(path), "Mario Rossi"]) == 0
    assert sheets_as_csv(path, tmp_path / "csv")["Iscritti"][1][:3] == ["G01", "Mario", "Rossi"]
