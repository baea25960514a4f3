"""The web-extension parts of a workbook file: where an Office add-in keeps its data.

An Office add-in saved with a workbook (xlwings Lite keeps its `main.py` and
`requirements.txt` there) lives in `xl/webextensions/`: a `taskpanes.xml` part named by a
package relationship of type `TASKPANES`, one `webextensionN.xml` part per add-in, their
relationships, and a content-type override for each. openpyxl drops them all when it saves
a file: `OpenpyxlBook` reads them with `read` before the save and `add` puts them back
into the saved file, byte for byte. `add` also writes them into a new workbook
(`risiko_xl.build.lite`).
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

FOLDER = "xl/webextensions/"
TASKPANES = "http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes"
TASKPANES_PART = FOLDER + "taskpanes.xml"
TASKPANES_TYPE = "application/vnd.ms-office.webextensiontaskpanes+xml"
EXTENSION_TYPE = "application/vnd.ms-office.webextension+xml"
PACKAGE_RELS = "_rels/.rels"
CONTENT_TYPES = "[Content_Types].xml"
RELATIONSHIP_ID = "rRisiKoWebExtensions"  # the package relationship, when we add it
_RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_TYPES = "{http://schemas.openxmlformats.org/package/2006/content-types}"


@dataclass(frozen=True)
class WebExtensions:
    """The parts (name → bytes) and the content type of each, as the file had them."""

    parts: dict[str, bytes]
    types: dict[str, str]


def _content_types(xml: bytes) -> tuple[dict[str, str], dict[str, str]]:
    """(part name → type of its Override, extension → type of its Default)."""
    root = ElementTree.fromstring(xml)
    overrides = {e.get("PartName", "").lstrip("/"): e.get("ContentType", "")
                 for e in root.iter(f"{_TYPES}Override")}
    defaults = {e.get("Extension", "").lower(): e.get("ContentType", "")
                for e in root.iter(f"{_TYPES}Default")}
    return overrides, defaults


def _referenced(archive: zipfile.ZipFile, names: set[str]) -> set[str]:
    """The parts the web-extension parts' relationships name inside the package (a
    task-pane snapshot picture, say), besides the parts themselves."""
    found: set[str] = set()
    for name in sorted(n for n in names if n.endswith(".rels")):
        owner = posixpath.dirname(posixpath.dirname(name))  # …/_rels/x.rels → …
        for relation in ElementTree.fromstring(archive.read(name)).iter(_RELS):
            target = relation.get("Target", "")
            if relation.get("TargetMode") == "External" or not target:
                continue
            part = (target.lstrip("/") if target.startswith("/")
                    else posixpath.normpath(posixpath.join(owner, target)))
            if part in archive.namelist():
                found.add(part)
    return found


def read(path: Path) -> WebExtensions | None:
    """The web-extension parts of the workbook file at `path` (None: it has none)."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = {n for n in archive.namelist() if n.startswith(FOLDER)}
            if TASKPANES_PART not in names:
                return None
            names |= _referenced(archive, names)
            overrides, defaults = _content_types(archive.read(CONTENT_TYPES))
            parts = {name: archive.read(name) for name in sorted(names)}
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return None  # not a package we can read: openpyxl will say so
    types = {name: overrides.get(name) or defaults.get(posixpath.splitext(name)[1][1:].lower())
             or "application/octet-stream" for name in parts if not name.endswith(".rels")}
    return WebExtensions(parts, types)


def _with_relationship(xml: str) -> str:
    if TASKPANES in xml:
        return xml
    relation = f'<Relationship Id="{RELATIONSHIP_ID}" Type="{TASKPANES}" ' \
               f'Target="{TASKPANES_PART}"/>'
    return xml.replace("</Relationships>", relation + "</Relationships>")


def _with_types(xml: str, types: dict[str, str]) -> str:
    """`xml` with the parts' content types: an override declaring another type (LibreOffice
    keeps the task pane as «application/xml») is replaced."""
    declared, _ = _content_types(xml.encode("utf-8"))
    for name in types:
        if name in declared and declared[name] != types[name]:
            xml = re.sub(rf'<Override\b[^>]*PartName="/{re.escape(name)}"[^>]*/>', "", xml)
    declared, _ = _content_types(xml.encode("utf-8"))
    overrides = "".join(f'<Override PartName="/{name}" ContentType="{kind}"/>'
                        for name, kind in types.items() if name not in declared)
    return xml.replace("</Types>", overrides + "</Types>")


def add(path: Path, extensions: WebExtensions,
        date_time: tuple[int, int, int, int, int, int] | None = None) -> None:
    """Rewrite the workbook file at `path` with `extensions`' parts, their package
    relationship and content types (an existing part of the same name is replaced). The
    entries already there keep their order and timestamps; the new ones come last, dated
    `date_time` (default: the first entry's date), so the same inputs give the same bytes."""
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()
                   if info.filename not in extensions.parts]
    date = date_time or (entries[0][0].date_time if entries else (1980, 1, 1, 0, 0, 0))
    for index, (info, data) in enumerate(entries):
        if info.filename == PACKAGE_RELS:
            entries[index] = (info, _with_relationship(data.decode("utf-8")).encode("utf-8"))
        elif info.filename == CONTENT_TYPES:
            entries[index] = (info, _with_types(data.decode("utf-8"),
                                                extensions.types).encode("utf-8"))
    for name, data in extensions.parts.items():
        info = zipfile.ZipInfo(name, date_time=date)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.create_system = entries[0][0].create_system if entries else 3
        info.external_attr = 0o644 << 16
        entries.append((info, data))
    with zipfile.ZipFile(path, "w") as archive:
        for info, data in entries:
            archive.writestr(info, data, compresslevel=9)


def property_values(extension_xml: bytes) -> dict[str, str]:
    """The `we:property` name → value of a `webextensionN.xml` part, values as stored
    (xlwings Lite stores each as a JSON string)."""
    root = ElementTree.fromstring(extension_xml)
    return {e.get("name", ""): e.get("value", "")
            for e in root.iter() if re.sub(r"^\{[^}]*\}", "", e.tag) == "property"}
