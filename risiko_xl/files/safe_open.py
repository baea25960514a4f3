"""Opening a workbook file that may come from anyone: what it really is, and safely.

`read_package(path)` reads the file once into memory (so the file on disk is never
touched, nor held open) and tells in Italian what is wrong when it is not a usable
.xlsx/.xlsm: missing, a folder, empty, an old .xls, a password-protected workbook, an
OpenDocument sheet, a CSV or HTML page renamed, a damaged or truncated zip. Before
openpyxl parses anything the zip's central directory is checked against a "zip bomb":
at most `MAX_ENTRIES` parts, `MAX_TOTAL` bytes once decompressed, and no part over
`GRACE` bytes compressed more than `MAX_RATIO` times (Python's zipfile never inflates a
part beyond its declared size, so the declared sizes are real bounds). The cells of all
worksheets together are counted too (at most `MAX_CELLS`): a few hundred kilobytes of
small repetitive sheets can hold millions of cells, and openpyxl spends about half a
kilobyte of memory on each.

`load(path, **options)` then parses it with openpyxl, which reads XML through defusedxml
(DTDs with entities — "billion laughs" — and external references are refused); openpyxl's
failures become one Italian message too.
"""

from __future__ import annotations

import contextlib
import io
import os
import posixpath
import re
import warnings
import xml.etree.ElementTree as ElementTree
import zipfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from defusedxml import DefusedXmlException
from defusedxml import ElementTree as DefusedElementTree

from risiko_xl.collector import paused
from risiko_xl.errors import RisikoError, os_problem
from risiko_xl.files.writes import backup_path

if TYPE_CHECKING:  # openpyxl is imported by `load` only: a read-only command needs none
    from openpyxl.workbook.workbook import Workbook

MAX_ENTRIES = 10_000
MAX_TOTAL = 200 * 2**20  # bytes, decompressed
MAX_RATIO = 100  # decompressed / compressed size of one part…
GRACE = 2**20  # …checked for parts larger than this (small repetitive parts are harmless)
MAX_FILE = MAX_TOTAL  # bytes on disk
MAX_CELLS = 1_000_000  # cells in all worksheets (1,000 players, 10 rounds: about 150,000)
SHEET_PART = "xl/worksheets/"
CELL_TAG = re.compile(rb"<c[ >/]")

OLE2 = bytes.fromhex("D0CF11E0A1B11AE1")
ZIP_STARTS = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")
SAVE_AS_XLSX = ("aprirlo in Excel e salvarlo come «Cartella di lavoro di Excel (*.xlsx)» "
                "(o «con attivazione macro (*.xlsm)»)")
MEGABYTE = 2**20
WORKBOOK_PART = "xl/workbook.xml"


def file_error(path: Path, problem: str) -> RisikoError:
    """A problem with the whole file: the message names it."""
    return RisikoError(f"file «{path.name}»: {problem}")


def read_package(path: str | Path) -> zipfile.ZipFile:
    """The workbook file as an in-memory zip, checked; RisikoError (Italian) otherwise."""
    path = Path(path)
    data = read_file(path)
    if not data:
        raise file_error(path, "è vuoto (0 byte): forse il salvataggio si è interrotto"
                         + _backup_hint(path))
    if data.startswith(OLE2):
        raise file_error(path, _ole2_problem(data))
    try:
        package = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        raise file_error(path, _not_zip_problem(path, data)) from None
    try:
        check_limits(path, package)
    except (zipfile.BadZipFile, zlib.error, EOFError) as err:  # a part's data or size lies
        raise file_error(path, f"è danneggiato ({err}): aprirlo in Excel (che prova a "
                         "ripararlo) e salvarlo di nuovo" + _backup_hint(path)) from None
    _check_kind(path, package)
    return package


def load(path: str | Path, **options: Any) -> Workbook:
    """openpyxl's Workbook of `path` (options as for `openpyxl.load_workbook`), safely."""
    import openpyxl.xml
    from openpyxl import load_workbook

    path = Path(path)
    if not openpyxl.xml.DEFUSEDXML:
        raise RuntimeError("lettura non sicura: openpyxl non usa defusedxml (installare "
                           "defusedxml e non impostare OPENPYXL_DEFUSEDXML=False)")
    package = read_package(path)
    source = package.fp  # the BytesIO: openpyxl opens its own ZipFile over it
    assert source is not None
    source.seek(0)
    try:
        # every object openpyxl makes stays alive: the collector would walk them for nothing
        with warnings.catch_warnings(), paused():  # and openpyxl's notes on extensions
            warnings.simplefilter("ignore")
            workbook = load_workbook(source, **options)
        declared = _declared_sheets(package)
    except Exception as err:  # openpyxl fails in many ways on a broken package
        if os.environ.get("RISIKO_DEBUG"):
            raise
        raise file_error(path, _parse_problem(err, package)) from None
    lost = [name for name in declared if name not in workbook.sheetnames]
    if lost:  # openpyxl skips a sheet whose part is missing
        raise file_error(path, f"manca il contenuto del foglio «{lost[0]}»: il file è "
                         "danneggiato; aprirlo in Excel (che prova a ripararlo) e salvarlo "
                         "di nuovo")
    return workbook


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_RELATION = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def sheet_parts(package: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title → its part in the package (KeyError: a part missing; the XML parsed
    with defusedxml)."""
    rels = DefusedElementTree.fromstring(package.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels}
    parts = {}
    workbook = DefusedElementTree.fromstring(package.read(WORKBOOK_PART))
    for sheet in workbook.iter(f"{_MAIN}sheet"):
        target = targets.get(sheet.get(_RELATION), "")
        parts[sheet.get("name", "")] = (target.lstrip("/") if target.startswith("/")
                                        else posixpath.normpath(posixpath.join("xl", target)))
    return parts


def _declared_sheets(package: zipfile.ZipFile) -> list[str]:
    """The sheet names `xl/workbook.xml` lists (parsed with defusedxml)."""
    if WORKBOOK_PART not in package.namelist():
        return []
    root = DefusedElementTree.fromstring(package.read(WORKBOOK_PART))
    return [node.get("name", "") for node in root.iter() if node.tag.endswith("}sheet")]


def check_limits(path: Path, package: zipfile.ZipFile, *, max_entries: int = MAX_ENTRIES,
                 max_total: int = MAX_TOTAL, max_ratio: int = MAX_RATIO,
                 grace: int = GRACE, max_cells: int = MAX_CELLS) -> None:
    """RisikoError when the zip could inflate beyond the limits ("zip bomb")."""
    items = package.infolist()
    if len(items) > max_entries:
        raise file_error(path, f"contiene {len(items)} parti (al massimo {max_entries}): "
                         "non sembra una cartella di lavoro e per sicurezza non viene aperto")
    for item in items:
        if item.file_size > grace and item.file_size > max_ratio * max(item.compress_size, 1):
            ratio = item.file_size / max(item.compress_size, 1)
            raise file_error(path, f"la parte «{item.filename}» è compressa {ratio:.0f} volte "
                             f"(al massimo {max_ratio}): possibile «zip bomb», per sicurezza "
                             "il file non viene aperto")
    total = sum(item.file_size for item in items)
    if total > max_total:
        raise file_error(path, f"una volta decompresso occuperebbe {total / MEGABYTE:.0f} MB "
                         f"(al massimo {max_total / MEGABYTE:.0f} MB): per sicurezza non "
                         "viene aperto")
    cells = 0
    for item in items:
        if item.filename.startswith(SHEET_PART) and item.filename.endswith(".xml"):
            cells += _count_cells(package, item)
            if cells > max_cells:
                raise too_many_cells(path, max_cells)


def too_many_cells(path: Path, max_cells: int = MAX_CELLS) -> RisikoError:
    """The refusal of a file whose sheets hold more than `max_cells` cells."""
    return file_error(path, f"contiene più di {max_cells:,} celle".replace(",", ".")
                      + " nei fogli: troppe per un torneo, per sicurezza non viene aperto")


def _count_cells(package: zipfile.ZipFile, item: zipfile.ZipInfo) -> int:
    """The `<c …>` elements of a worksheet part, read in blocks (never whole in memory).
    A match is 3 bytes long, so carrying the last 2 bytes over counts each exactly once."""
    count, tail = 0, b""
    with package.open(item) as stream:
        while block := stream.read(1 << 20):
            data = tail + block
            count += len(CELL_TAG.findall(data))
            tail = data[-2:]
    return count


def read_head(path: Path, size: int = 8) -> bytes:
    """The first `size` bytes of the file, after the checks of `read_file`."""
    _check_file(path)
    try:
        with path.open("rb") as stream:
            return stream.read(size)
    except OSError as err:
        raise file_error(path, f"impossibile leggerlo: {os_problem(err)}") from None


def read_file(path: Path) -> bytes:
    """The whole file: a regular file, not above `MAX_FILE` bytes."""
    _check_file(path)
    try:
        return path.read_bytes()
    except OSError as err:
        raise file_error(path, f"impossibile leggerlo: {os_problem(err)}") from None


def _check_file(path: Path) -> None:
    if not path.exists():
        raise RisikoError(f"file non trovato: {path}")
    if path.is_dir():
        raise RisikoError(f"«{path}» è una cartella, non un file: indicare la cartella di "
                          "lavoro del torneo (.xlsx)")
    if not path.is_file():  # a pipe or a device would never end
        raise file_error(path, "non è un file ma una pipe o un dispositivo: indicare un file")
    try:
        size = path.stat().st_size
    except OSError as err:
        raise file_error(path, f"impossibile leggerlo: {os_problem(err)}") from None
    if size > MAX_FILE:
        raise file_error(path, f"è troppo grande ({size / MEGABYTE:.0f} MB; al massimo "
                         f"{MAX_FILE / MEGABYTE:.0f} MB)")


def _backup_hint(path: Path) -> str:
    backup = backup_path(path)
    return (f"; la versione precedente è in «{backup.name}»" if backup.is_file() else "")


def _ole2_problem(data: bytes) -> str:
    """What an OLE2 compound file is: an encrypted .xlsx, an old .xls, or another file."""
    import olefile

    try:
        with olefile.OleFileIO(data) as ole:
            streams = {"/".join(parts).casefold() for parts in ole.listdir()}
    except Exception:  # a damaged compound file: say what it looks like
        streams = set()
    if "encryptedpackage" in streams:
        return ("è protetto da password: toglierla in Excel (File > Informazioni > "
                "Proteggi cartella di lavoro > Crittografa con password, cancellare la "
                "password e salvare), poi riprovare")
    if {"workbook", "book"} & streams:
        return (f"è nel vecchio formato .xls (Excel 97-2003): {SAVE_AS_XLSX}; se è la "
                "cartella di lavoro di GestioneTorneo (ModuloTorneo.xls), «risiko-xl "
                "importa» ne fa un torneo")
    return ("è un documento Office nel vecchio formato (OLE2), non una cartella di lavoro "
            f".xlsx: {SAVE_AS_XLSX}")


def _not_zip_problem(path: Path, data: bytes) -> str:
    if data.startswith(ZIP_STARTS):
        return ("è danneggiato o incompleto (troncato): forse la copia o il salvataggio si "
                "è interrotto" + _backup_hint(path))
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<!doctype html", b"<html", b"<table", b"<?xml")) and b"<" in head:
        return ("non è una cartella di lavoro Excel ma una pagina HTML (o un file XML) "
                f"rinominata: {SAVE_AS_XLSX}")
    if _looks_like_text(data[:4096]):
        return ("non è una cartella di lavoro Excel ma un file di testo (forse un CSV "
                f"rinominato): {SAVE_AS_XLSX}")
    return f"non è una cartella di lavoro Excel .xlsx/.xlsm: {SAVE_AS_XLSX}"


def _looks_like_text(head: bytes) -> bool:
    for encoding in ("utf-8", "utf-16", "cp1252"):
        with contextlib.suppress(UnicodeDecodeError):
            text = head.decode(encoding)
            return not any(ord(c) < 32 and c not in "\t\r\n" for c in text)
    return False


def _check_kind(path: Path, package: zipfile.ZipFile) -> None:
    """A zip, but is it a spreadsheet? (an .ods, a .docx, a plain .zip renamed)"""
    names = set(package.namelist())
    if "mimetype" in names and "content.xml" in names:
        kind = package.read("mimetype")[:100].decode("ascii", "replace")
        what = ("un foglio di calcolo OpenDocument (.ods, LibreOffice)" if "spreadsheet" in kind
                else "un documento OpenDocument")
        raise file_error(path, f"è {what}, non una cartella di lavoro .xlsx: salvarlo in "
                         "formato «Excel 2007-365 (.xlsx)»")
    if "[Content_Types].xml" not in names:
        raise file_error(path, "è un archivio zip ma non una cartella di lavoro Excel "
                         "(manca «[Content_Types].xml»)")
    if "xl/workbook.bin" in names:
        raise file_error(path, "è una cartella di lavoro binaria di Excel (.xlsb): aprirla in "
                         "Excel e salvarla come «Cartella di lavoro di Excel (*.xlsx)»")
    if "word/document.xml" in names or "ppt/presentation.xml" in names:
        what = "un documento Word" if "word/document.xml" in names else "una presentazione"
        raise file_error(path, f"è {what}, non una cartella di lavoro Excel")


def _damaged_part(package: zipfile.ZipFile) -> str:
    """Which XML part does not parse, named for a person: ' del foglio Iscritti
    («xl/worksheets/sheet2.xml»)', ' della parte «xl/styles.xml»' (empty: none found)."""
    for name in package.namelist():
        if not name.endswith((".xml", ".rels")):
            continue
        try:
            DefusedElementTree.fromstring(package.read(name))
        except (ElementTree.ParseError, DefusedXmlException):
            sheet = _sheet_named(package, name)
            return f" del foglio {sheet} («{name}»)" if sheet else f" della parte «{name}»"
    return ""


def _sheet_named(package: zipfile.ZipFile, part: str) -> str | None:
    """The name of the sheet whose content is `part` (None: not a sheet's part)."""
    try:
        sheets = DefusedElementTree.fromstring(package.read(WORKBOOK_PART))
        rels = DefusedElementTree.fromstring(package.read("xl/_rels/workbook.xml.rels"))
    except (KeyError, ElementTree.ParseError, DefusedXmlException):
        return None
    targets = {r.get("Id"): r.get("Target", "") for r in rels.iter()}
    for node in sheets.iter():
        if node.tag.endswith("}sheet"):
            rid = next((v for k, v in node.attrib.items() if k.endswith("}id")), None)
            target = targets.get(rid, "")
            if (target.lstrip("/") if target.startswith("/") else "xl/" + target) == part:
                return str(node.get("name", ""))
    return None


def _parse_problem(err: Exception, package: zipfile.ZipFile) -> str:
    causes: list[BaseException] = []
    seen: BaseException | None = err
    while seen is not None and len(causes) < 10:
        causes.append(seen)
        seen = seen.__cause__ or seen.__context__
    if any(isinstance(c, DefusedXmlException) for c in causes):
        return ("contiene dichiarazioni XML (DTD, entità o riferimenti esterni) che una "
                "cartella di lavoro di Excel non ha: per sicurezza non viene aperto")
    if any(isinstance(c, (ElementTree.ParseError, SyntaxError)) for c in causes):
        return (f"il contenuto XML{_damaged_part(package)} è danneggiato: aprirlo in Excel "
                "(che prova a ripararlo) e salvarlo di nuovo")
    if any(isinstance(c, (KeyError, zipfile.BadZipFile, EOFError)) for c in causes):
        return ("mancano parti della cartella di lavoro o sono danneggiate: aprirlo in "
                "Excel (che prova a ripararlo) e salvarlo di nuovo")
    from openpyxl.utils.exceptions import InvalidFileException

    if any(isinstance(c, InvalidFileException) for c in causes) or isinstance(err, OSError):
        return "non contiene una cartella di lavoro Excel valida"
    return ("la cartella di lavoro non si legge (contenuto non valido): aprirla in Excel "
            "e salvarla di nuovo")


__all__ = ["MAX_CELLS", "MAX_ENTRIES", "MAX_RATIO", "MAX_TOTAL", "OLE2", "check_limits",
           "file_error", "load", "read_file", "read_head", "read_package", "too_many_cells"]


def holds_table(path: Path, names: tuple[str, ...]) -> bool:
    """Whether `path` is an Office Open XML package holding an Excel table named as one
    of `names` (its parts read no further than a table's first 64 KB)."""
    if not zipfile.is_zipfile(path):
        return False
    wanted = re.compile(rb'displayName="(?:' + b"|".join(re.escape(n.encode()) for n in names)
                        + rb')"')
    with zipfile.ZipFile(path) as package:
        for name in package.namelist():
            if name.lower().startswith("xl/tables/"):
                with package.open(name) as part:
                    if wanted.search(part.read(64 * 1024)):
                        return True
    return False
