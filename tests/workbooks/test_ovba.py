"""The VBA writer (`risiko_xl.ovba`) on its own, nothing of RisiKo!: MS-OVBA compression
round trips (against oletools' decompressor and the specification's examples), MS-CFB
compound files read back by olefile, a project's module streams, and the modules stored
as Excel stores them (xlwings' quickstart workbook, saved by Excel)."""

from __future__ import annotations

import os
import re
import zipfile
from importlib.util import find_spec
from pathlib import Path

import olefile
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oletools.olevba import VBA_Parser, decompress_stream

from risiko_xl.ovba import (
    class_module,
    compression,
    document_module,
    project,
    standard_module,
    vba_project_bin,
)
from risiko_xl.ovba.cfb import compound_file
from tests.support.compound_files import check_red_black, check_vba_project

DICTIONARY = """VERSION 1.0 CLASS
BEGIN
  MultiUse = -1  'True
END
Attribute VB_Name = "Elenco"
Attribute VB_PredeclaredId = False
Attribute VB_Exposed = False
Private voci As Collection
"""


def _project() -> tuple[dict[str, str], bytes]:
    """A small project (a workbook, two sheets, a standard module longer than one chunk, a
    class): the sources as written and its `vbaProject.bin`."""
    long_module = 'Attribute VB_Name = "Modulo"\r\n' + "".join(
        f"Sub Passo{n}()\r\n    MsgBox \"passo {n}\"\r\nEnd Sub\r\n" for n in range(200))
    modules = [document_module("ThisWorkbook", project.WORKBOOK_BASE),
               document_module("Foglio1"), document_module("Foglio2"),
               standard_module(long_module), class_module(DICTIONARY)]
    return {m.name: m.stored.decode("cp1252") for m in modules}, vba_project_bin(modules)


# --- the compound file ----------------------------------------------------------------------

@pytest.mark.parametrize("count", [0, 1, 2, 3, 4, 7, 8, 15, 16, 33])
def test_compound_file_round_trips_through_olefile(count):
    streams = {f"S{n:02}": bytes([n]) * (n * 311 % 9000) for n in range(count)}
    streams |= {"Storage/Inner/deep": b"x" * 5000, "Storage/small": b"y" * 100}
    ole = olefile.OleFileIO(compound_file(streams), raise_defects=olefile.DEFECT_INCORRECT)
    assert sorted("/".join(p) for p in ole.listdir()) == sorted(streams)
    for path, data in streams.items():
        assert ole.openstream(path).read() == data, path
    check_red_black(ole)
    ole.close()


def test_compound_file_of_many_streams_is_deterministic():
    streams = {f"Modulo{n}": os.urandom(n * 97) for n in range(40)}
    assert compound_file(streams) == compound_file(dict(reversed(streams.items())))


# --- compression -----------------------------------------------------------------------------

def _round_trip(data: bytes) -> None:
    container = compression.compress(data)
    assert compression.decompress(container)[:len(data)] == data
    if not data:
        assert container == b"\x01"
        return
    theirs = bytes(decompress_stream(bytearray(container)))
    assert theirs == compression.decompress(container)
    # Only an incompressible last chunk is stored raw, padded with zeros to 4096 bytes.
    assert theirs == data or (theirs[:len(data)] == data and not theirs[len(data):].strip(b"\0")
                              and len(theirs) % compression.CHUNK == 0)


@pytest.mark.parametrize("data", [
    b"", b"a", b"ab", b"abc", b"aaaa", b"Sub x()\r\nEnd Sub\r\n" * 3, b"a" * 4096,
    b"a" * 4097, b"abc" * 10_000, bytes(range(256)) * 40, b"\x00" * 9000,
])
def test_compression_round_trips(data):
    _round_trip(data)


@pytest.mark.parametrize("size", [4096 * 3 + 17, 4000])  # raw chunks; last one raw too
def test_compression_of_random_bytes_round_trips(size):
    _round_trip(os.urandom(size))


@settings(max_examples=60)
@given(st.binary(max_size=9000))
def test_compression_round_trips_any_bytes(data):
    _round_trip(data)


@settings(max_examples=40)
@given(st.text(alphabet="ab \r\n", max_size=6000))
def test_compression_round_trips_repetitive_text(text):
    data = text.encode()
    _round_trip(data)
    if len(data) > 64:
        assert compression.decompress(compression.compress(data)) == data


def test_compression_matches_the_specification_examples():
    # MS-OVBA §3.2.1 (no compression possible) and §3.2.2 (normal compression).
    assert compression.compress(b"abcdefghijklmnopqrstuv.") == bytes.fromhex(
        "0119B000 6162636465666768 00 696A6B6C6D6E6F70 00 7172737475762E")
    assert compression.compress(
        b"#aaabcdefaaaaghijaaaaaklaaamnopqaaaaaaaaaaaarstuvwxyzaaa") == bytes.fromhex(
        "012FB000236161616263646582660070616768696A01380861"
        "6B6C00206D6E6F700671027004007273747576107778797A002C")


# --- a project's streams ---------------------------------------------------------------------

def test_project_is_a_valid_compound_file():
    sources, data = _project()
    project_text = check_vba_project(data, list(sources))
    assert "Module=Modulo\r\n" in project_text and "Class=Elenco\r\n" in project_text


def test_module_streams_are_compressed_chunks():
    sources, data = _project()
    ole = olefile.OleFileIO(data)
    for name in [*sources, "dir"]:
        container = ole.openstream(f"VBA/{name}").read()
        position, chunks = 1, 0
        while position < len(container):  # every chunk compressed (flag bit set)
            header = int.from_bytes(container[position:position + 2], "little")
            assert header & 0xF000 == 0xB000, name
            position += (header & 0x0FFF) + 3
            chunks += 1
        if name != "dir":  # one chunk per 4096 bytes of source
            assert chunks == -(-len(sources[name].encode("cp1252")) // compression.CHUNK), name
    ole.close()


def test_olevba_reads_back_each_module():
    sources, data = _project()
    parser = VBA_Parser("vbaProject.bin", data=data)
    try:
        found = {Path(name).stem: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()
    assert found == sources
    assert found["Elenco"].startswith('Attribute VB_Name = "Elenco"\r\nAttribute VB_Base = ')
    assert found["Elenco"].endswith("Private voci As Collection\r\n")


# --- fidelity to a workbook saved by Excel (xlwings' own quickstart) ------------------------

def test_modules_are_stored_as_excel_stores_them():
    """xlwings ships quickstart_standalone.xlsm (saved by Excel): our document modules are
    its ones byte for byte, our Dictionary class (from xlwings' Dictionary.cls) differs
    only by the VBA editor's casing of identifiers; its PROJECT obfuscation decodes with
    our reader."""
    spec = find_spec("xlwings")
    if spec is None or spec.origin is None:
        pytest.skip("xlwings non è installato: il confronto usa i suoi file")
    folder = Path(spec.origin).parent
    quickstart = folder / "quickstart_standalone.xlsm"
    if not quickstart.exists():
        pytest.skip("questa versione di xlwings non ha quickstart_standalone.xlsm")
    cls = (folder / "addin" / "Dictionary.cls").read_bytes().decode("cp1252")
    with zipfile.ZipFile(quickstart) as archive:
        ole = olefile.OleFileIO(archive.read("xl/vbaProject.bin"))
    parser = VBA_Parser(str(quickstart))
    excel = {Path(name).stem: code for _, _, name, code in parser.extract_macros()}
    parser.close()
    assert document_module("ThisWorkbook", project.WORKBOOK_BASE).stored.decode() == (
        excel["ThisWorkbook"])
    assert document_module("Sheet1").stored.decode() == excel["Sheet1"]
    assert class_module(cls).stored.decode().lower() == excel["Dictionary"].lower()
    text = ole.openstream("PROJECT").read().decode("cp1252")
    values = dict(re.findall(r'^(CMG|DPB|GC)="([0-9A-F]+)"', text, re.M))
    assert project.deobfuscate(values["GC"]) == b"\xff"
    assert project.deobfuscate(values["DPB"]) == b"\x00"
    assert project.deobfuscate(values["CMG"]) == b"\x00\x00\x00\x00"
    ole.close()
