"""One corruption each: edits of the base workbook (openpyxl), of its zip, or whole files.

A workbook edit is a function of the loaded openpyxl Workbook; the builder saves the
result with the template's reproducible writer. A zip edit maps {part: bytes} to new
parts. A file maker returns the bytes of a whole file from nothing or from the base.
"""

from __future__ import annotations

import hashlib
import io
import re
import struct
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from openpyxl.utils import column_index_from_string, get_column_letter, range_boundaries
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.table import Table
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.ovba.cfb import compound_file

Edit = Callable[[Workbook], None]
Parts = dict[str, bytes]
ZIP_TIME = (2026, 1, 1, 0, 0, 0)


# --- workbook edits in the XML of the parts (the other parts stay byte-identical) ------

@dataclass(frozen=True)
class Formula:
    """A formula cell with the value Excel cached for it (openpyxl writes none)."""

    text: str
    cached: str


EXCEL_ERRORS = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A")


def sheet_part(parts: Parts, title: str) -> str:
    """The part name of worksheet `title` (through workbook.xml and its relationships)."""
    workbook = parts["xl/workbook.xml"].decode("utf-8")
    match = re.search(rf'<sheet name="{re.escape(title)}"[^>]*r:id="([^"]+)"', workbook)
    assert match, title
    rels = parts["xl/_rels/workbook.xml.rels"].decode("utf-8")
    target = re.search(rf'Target="([^"]+)" Id="{match[1]}"', rels)
    assert target, match[1]
    return target[1].removeprefix("/")


def table_part(parts: Parts, name: str) -> str:
    for part, data in parts.items():
        if part.startswith("xl/tables/") and f' name="{name}" '.encode() in data:
            return part
    raise KeyError(name)


def _cell_xml(ref: str, value: Any, style: str) -> str:
    if value is None:
        return f'<c r="{ref}"{style} />' if style else ""
    if isinstance(value, Formula):
        return (f'<c r="{ref}"{style} t="e"><f>{escape(value.text.removeprefix("="))}</f>'
                f"<v>{escape(value.cached)}</v></c>")
    if isinstance(value, bool):
        return f'<c r="{ref}"{style} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        return f'<c r="{ref}"{style} t="n"><v>{value!r}</v></c>'
    if value in EXCEL_ERRORS:
        return f'<c r="{ref}"{style} t="e"><v>{escape(value)}</v></c>'
    return f'<c r="{ref}"{style} t="inlineStr"><is><t>{escape(value)}</t></is></c>'


_CELL = re.compile(r'<c r="([A-Z]+)(\d+)"([^>]*?)(?:/>|>.*?</c>)')


def _set(xml: str, ref: str, value: Any) -> str:
    """`xml` (a worksheet) with cell `ref` holding `value` (its style kept)."""
    letters, number = re.fullmatch(r"([A-Z]+)(\d+)", ref).groups()  # type: ignore[union-attr]
    row = re.search(rf'<row r="{number}"[^>]*?(?:/>|>(.*?)</row>)', xml)
    assert row and row[1] is not None, ref
    cells = list(_CELL.finditer(row[1]))
    index = column_index_from_string(letters)
    for cell in cells:
        found = column_index_from_string(cell[1])
        if found >= index:
            style = re.search(r' s="\d+"', cell[3])
            new = _cell_xml(ref, value, style[0] if style and found == index else "")
            start, end = row.start(1) + cell.start(), row.start(1) + cell.end()
            return xml[:start] + new + xml[end if found == index else start:]
    at = row.end(1)
    return xml[:at] + _cell_xml(ref, value, "") + xml[at:]


def _header_letter(xml: str, header: str, header_row: int = 1) -> str:
    match = re.search(rf'<c r="([A-Z]+){header_row}"[^>]*><is><t>{re.escape(escape(header))}'
                      r"</t></is></c>", xml)
    assert match, header
    return match[1]


def cells(title: str, *changes: tuple[int, str, Any]) -> Callable[[Parts], Parts]:
    """Set (row, header, value) cells on sheet `title` (headers on its first row)."""
    def edit(parts: Parts) -> Parts:
        name = sheet_part(parts, title)
        xml = parts[name].decode("utf-8")
        for row, header, value in changes:
            xml = _set(xml, f"{_header_letter(xml, header)}{row}", value)
        return {**parts, name: xml.encode("utf-8")}
    return edit


def rename_header(title: str, table: str, old: str, new: str | None) -> Callable[[Parts], Parts]:
    """The header cell and the table's column renamed (an empty header becomes Excel's
    «ColonnaN» in the table definition)."""
    def edit(parts: Parts) -> Parts:
        sheet, part = sheet_part(parts, title), table_part(parts, table)
        xml = parts[sheet].decode("utf-8")
        letter = _header_letter(xml, old)
        xml = _set(xml, f"{letter}1", new)
        index = column_index_from_string(letter)
        definition = parts[part].decode("utf-8").replace(
            f'name="{escape(old)}"', f'name="{escape(new or f"Colonna{index}")}"')
        return {**parts, sheet: xml.encode("utf-8"), part: definition.encode("utf-8")}
    return edit


def drop_last_column(table: str) -> Callable[[Parts], Parts]:
    """The table shrunk by its last column (the cells stay on the sheet, outside it)."""
    def edit(parts: Parts) -> Parts:
        part = table_part(parts, table)
        xml = parts[part].decode("utf-8")
        ref = re.search(r' ref="([A-Z]+\d+):([A-Z]+)(\d+)"', xml)
        assert ref
        last = get_column_letter(column_index_from_string(ref[2]) - 1)
        xml = xml.replace(f'ref="{ref[1]}:{ref[2]}{ref[3]}"', f'ref="{ref[1]}:{last}{ref[3]}"')
        columns = re.findall(r"<tableColumn [^>]*/>", xml)
        xml = xml.replace(columns[-1], "").replace(
            f'<tableColumns count="{len(columns)}">', f'<tableColumns count="{len(columns) - 1}">')
        return {**parts, part: xml.encode("utf-8")}
    return edit


def rename_table(old: str, new: str) -> Callable[[Parts], Parts]:
    def edit(parts: Parts) -> Parts:
        part = table_part(parts, old)
        xml = parts[part].decode("utf-8").replace(
            f'name="{old}" displayName="{old}"', f'name="{new}" displayName="{new}"')
        return {**parts, part: xml.encode("utf-8")}
    return edit


def table_range(name: str, ref: str) -> Callable[[Parts], Parts]:
    """Table `name`'s range (and its filter's) written as `ref`, as another program may."""
    def edit(parts: Parts) -> Parts:
        part = table_part(parts, name)
        xml = re.sub(r'\bref="[^"]*"', f'ref="{ref}"', parts[part].decode("utf-8"))
        return {**parts, part: xml.encode("utf-8")}
    return edit


def merge(title: str, cell_range: str) -> Callable[[Parts], Parts]:
    """Cells merged as Excel does it: the range recorded, the values but the first gone."""
    def edit(parts: Parts) -> Parts:
        name = sheet_part(parts, title)
        xml = parts[name].decode("utf-8")
        assert "<mergeCells" not in xml and "<sheetProtection" not in xml
        _, *others = (f"{get_column_letter(col)}{row}" for row, col in _range_cells(cell_range))
        for ref in others:
            xml = _set(xml, ref, None)
        xml = xml.replace("</sheetData>", f'</sheetData><mergeCells count="1"><mergeCell '
                          f'ref="{cell_range}" /></mergeCells>')
        return {**parts, name: xml.encode("utf-8")}
    return edit


def _range_cells(cell_range: str) -> list[tuple[int, int]]:
    left, top, right, bottom = range_boundaries(cell_range)
    return [(row, col) for row in range(top, bottom + 1) for col in range(left, right + 1)]


# --- workbook edits through openpyxl (whole parts removed) ----------------------------

def table(book: Workbook, name: str) -> tuple[Worksheet, Table]:
    for sheet in book.worksheets:
        if name in sheet.tables:
            return sheet, sheet.tables[name]
    raise KeyError(name)


def column(sheet: Worksheet, found: Table, header: str) -> int:
    """The sheet column of `header` in table `found`."""
    left, top, right, _ = range_boundaries(found.ref)
    for col in range(left, right + 1):
        if sheet.cell(top, col).value == header:
            return col
    raise KeyError(header)


def set_values(name: str, *changes: tuple[int, str, Any]) -> Edit:
    """Set (row, header, value) cells of table `name` with openpyxl (dates get a date
    format, as Excel gives a cell where '4/3' was typed)."""
    def edit(book: Workbook) -> None:
        sheet, found = table(book, name)
        for row, header, value in changes:
            sheet.cell(row, column(sheet, found, header)).value = value
    return edit


def remove_table(name: str) -> Edit:
    def edit(book: Workbook) -> None:
        sheet, _ = table(book, name)
        del sheet.tables[name]
    return edit


def delete_sheet(title: str) -> Edit:
    def edit(book: Workbook) -> None:
        del book[title]
    return edit


# --- zip edits ------------------------------------------------------------------------

def replace_part(name: str, data: bytes) -> Callable[[Parts], Parts]:
    return lambda parts: {**parts, name: data}


def drop_part(name: str) -> Callable[[Parts], Parts]:
    return lambda parts: {k: v for k, v in parts.items() if k != name}


def add_part(name: str, data: bytes) -> Callable[[Parts], Parts]:
    return lambda parts: {**parts, name: data}


def truncate_part(name: str, keep: float) -> Callable[[Parts], Parts]:
    return lambda parts: {**parts, name: parts[name][:int(len(parts[name]) * keep)]}


def altered_part(name: str) -> Callable[[bytes], bytes]:
    """The zip's bytes with one byte inside part `name`'s compressed data changed: its
    size and place stay right, its checksum (or its compressed stream) fails."""
    def edit(data: bytes) -> bytes:
        with zipfile.ZipFile(io.BytesIO(data)) as zipped:
            info = zipped.getinfo(name)
        header = info.header_offset  # the local header: 30 bytes, the name, the extra
        extra = int.from_bytes(data[header + 28:header + 30], "little")
        at = header + 30 + len(info.filename.encode()) + extra + info.compress_size // 2
        return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:]
    return edit


def doctype(name: str, declaration: str, reference: str) -> Callable[[Parts], Parts]:
    """A DTD put at the top of part `name` and an entity `reference` as the root element's
    first content, so a parser that resolves entities would expand it."""
    def edit(parts: Parts) -> Parts:
        xml = parts[name].decode("utf-8")
        head = ""
        if xml.startswith("<?xml"):
            head, xml = xml.split("?>", 1)
            head += "?>"
        root_end = xml.index(">") + 1
        xml = f"{head}{declaration}{xml[:root_end]}{reference}{xml[root_end:]}"
        return {**parts, name: xml.encode("utf-8")}
    return edit


BILLION_LAUGHS = (
    '<!DOCTYPE workbook [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10 if i > 1 else "&lol;" * 10}">'
              for i in range(1, 10))
    + "]>")
EXTERNAL_ENTITY = '<!DOCTYPE sst [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'


def zip_bytes(parts: Parts, method: int = zipfile.ZIP_DEFLATED, level: int | None = None) -> bytes:
    """A zip of `parts` in the given order, fixed timestamps (same bytes every time)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compresslevel=level) as archive:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = method
            archive.writestr(info, data)
    return out.getvalue()


def read_parts(data: bytes) -> Parts:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {item.filename: archive.read(item.filename) for item in archive.infolist()}


# --- whole files ----------------------------------------------------------------------

def old_xls() -> bytes:
    """An Excel 97-2003 file: an OLE2 compound file with a BIFF8 `Workbook` stream (BOF
    of the workbook globals, then EOF)."""
    bof = struct.pack("<HHHHHHII", 0x0809, 16, 0x0600, 0x0005, 0x0DBB, 0x07CC, 0x41, 0x06)
    eof = struct.pack("<HH", 0x000A, 0)
    return compound_file({"Workbook": (bof + eof).ljust(4096, b"\0")})


def encrypted_xlsx() -> bytes:
    """What Excel writes for a password-protected workbook: an OLE2 compound file with the
    `EncryptionInfo` (agile, version 4.4) and the `EncryptedPackage` (size + ciphertext;
    here deterministic pseudo-random bytes, as real ciphertext looks)."""
    descriptor = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
                  b'<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption">'
                  b'<keyData saltSize="16" blockSize="16" keyBits="256" hashSize="64" '
                  b'cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" '
                  b'hashAlgorithm="SHA512" saltValue="AAAAAAAAAAAAAAAAAAAAAA=="/>'
                  b'</encryption>')
    info = struct.pack("<HHI", 4, 4, 0x40) + descriptor
    cipher = b"".join(hashlib.sha256(b"risiko%d" % i).digest() for i in range(256))
    package = struct.pack("<Q", 51_000) + cipher
    return compound_file({"EncryptionInfo": info, "EncryptedPackage": package})


def docx() -> bytes:
    """The smallest Word document: its content types, relationships and body."""
    types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats'
             '.org/package/2006/content-types"><Default Extension="rels" ContentType="'
             'application/vnd.openxmlformats-package.relationships+xml"/><Override PartName='
             '"/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument'
             '.wordprocessingml.document.main+xml"/></Types>')
    rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
            'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="'
            'http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'officeDocument" Target="word/document.xml"/></Relationships>')
    body = ('<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.'
            'openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Iscritti'
            '</w:t></w:r></w:p></w:body></w:document>')
    return zip_bytes({"[Content_Types].xml": types.encode(), "_rels/.rels": rels.encode(),
                      "word/document.xml": body.encode()})


def xlsb() -> bytes:
    """The parts that make an Excel binary workbook (.xlsb): binary records, no XML."""
    types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats'
             '.org/package/2006/content-types"><Override PartName="/xl/workbook.bin" '
             'ContentType="application/vnd.ms-excel.sheet.binary.macroEnabled.main"/></Types>')
    return zip_bytes({"[Content_Types].xml": types.encode(),
                      "xl/workbook.bin": bytes([0x83, 0x01, 0x00, 0x84, 0x01, 0x00])})


def ods() -> bytes:
    """An OpenDocument spreadsheet (LibreOffice): `mimetype` first and stored."""
    content = ('<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office='
               '"urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2">'
               '<office:body><office:spreadsheet/></office:body></office:document-content>')
    stored = zip_bytes({"mimetype": b"application/vnd.oasis.opendocument.spreadsheet"},
                       zipfile.ZIP_STORED)
    parts = read_parts(stored)
    parts["content.xml"] = content.encode()
    return zip_bytes(parts, zipfile.ZIP_STORED)


def bomb_part(size: int) -> bytes:
    return b"\0" * size


def foreign_workbook() -> bytes:
    """A valid workbook with a list of names and none of our tables."""
    from openpyxl import Workbook as NewWorkbook

    from risiko_xl.books.new_workbook import reproducible_bytes

    book = NewWorkbook()
    sheet = book.active
    sheet.title = "Foglio1"
    sheet.append(["ID", "Nome", "Cognome"])
    sheet.append(["G001", "Sara", "Rizzo"])
    return reproducible_bytes(book)
