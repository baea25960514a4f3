"""xlwings Lite's parts found by relationship, whatever their names, and kept byte for
byte by a command: other names, other letter case, a damaged relationships part, a
missing content type."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.books import web_extension
from risiko_xl.workbooks.lite import new_lite

TASKPANES_RELS = "xl/webextensions/_rels/taskpanes.xml.rels"


def parts_of(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n) for n in archive.namelist()
                if n.lower().startswith(web_extension.FOLDER)}


def rewrite(path: Path, renames: dict[str, str],
            edit: Callable[[str, bytes], bytes] = lambda name, data: data) -> None:
    """Rename parts (and every mention of them in the package's XML), then `edit` each."""
    with zipfile.ZipFile(path) as archive:
        entries = [(i.filename, archive.read(i)) for i in archive.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            if name.endswith((".rels", ".xml")) and not name.endswith("webextension1.xml"):
                for old, new in renames.items():
                    data = data.replace(old.encode(), new.encode())
            archive.writestr(renames.get(name, name), edit(name, data))


def lite(tmp_path: Path) -> Path:
    path = tmp_path / "serata.xlsx"
    new_lite(path, keep_backup=False)
    return path


@pytest.mark.lento  # more than a second: the full suite
def test_parts_with_other_names_or_letter_case_are_kept(tmp_path, capsys):
    path = lite(tmp_path)
    rewrite(path, {"xl/webextensions/taskpanes.xml": "xl/WebExtensions/TaskPanes2.xml",
                   TASKPANES_RELS: "xl/WebExtensions/_rels/TaskPanes2.xml.rels",
                   "webextensions/taskpanes.xml": "WebExtensions/TaskPanes2.xml",
                   "xl/webextensions/webextension1.xml": "xl/WebExtensions/WebExtension1.xml"})
    before = parts_of(path)
    assert "xl/WebExtensions/TaskPanes2.xml" in before and len(before) == 3
    assert cli.main(["iscrivi", str(path), "Nome Prova"]) == 0
    assert "mancava" not in capsys.readouterr().err
    assert parts_of(path) == before
    with zipfile.ZipFile(path) as archive:
        assert "TaskPanes2.xml" in archive.read("_rels/.rels").decode()


def test_a_damaged_relationships_part_loses_nothing(tmp_path):
    path = lite(tmp_path)
    rewrite(path, {}, lambda name, data: data[:141] if name == TASKPANES_RELS else data)
    before = parts_of(path)
    assert cli.main(["iscrivi", str(path), "Nome Prova"]) == 0
    assert parts_of(path) == before


def test_a_missing_content_type_is_written_with_the_parts_own(tmp_path):
    path = lite(tmp_path)
    rewrite(path, {}, lambda name, data: data.replace(
        b'<Override PartName="/xl/webextensions/webextension1.xml" ContentType="'
        + web_extension.EXTENSION_TYPE.encode() + b'"/>', b"")
        if name == "[Content_Types].xml" else data)
    assert b"webextension1" not in zipfile.ZipFile(path).read("[Content_Types].xml")
    assert cli.main(["iscrivi", str(path), "Nome Prova"]) == 0
    types = zipfile.ZipFile(path).read("[Content_Types].xml").decode()
    assert (f'PartName="/xl/webextensions/webextension1.xml" '
            f'ContentType="{web_extension.EXTENSION_TYPE}"') in types
