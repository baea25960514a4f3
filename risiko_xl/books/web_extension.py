"""The web-extension parts of a workbook file: where an Office add-in keeps its data.

An Office add-in saved with a workbook (xlwings Lite keeps its `main.py` and
`requirements.txt` there) lives in `xl/webextensions/`: a `taskpanes.xml` part named by a
package relationship of type `TASKPANES`, one `webextensionN.xml` part per add-in, their
relationships, and a content-type override for each. `read` finds them by relationship
(names and letter case vary) and keeps the folder's other parts, a damaged one too.
openpyxl drops them all when it saves a file: `OpenpyxlBook` reads them with `read`
before the save and `add` puts them back into the saved file, byte for byte. `add` also
writes them into a new workbook (`risiko_xl.workbooks.lite`).

`keep_ribbon` puts back the Excel 2010+ ribbon's relationship of an .xlsm, which openpyxl
drops too (it keeps the Office 2007 one only).

The same mechanism keeps a workbook's custom XML parts (`customXml/`: SharePoint
properties, sensitivity labels), which openpyxl drops too: `read_custom_xml` takes them
with the workbook's relationships to them, and `add` puts them back the same way.
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
EXTENSION = "http://schemas.microsoft.com/office/2011/relationships/webextension"
KNOWN_TYPES = {TASKPANES: TASKPANES_TYPE, EXTENSION: EXTENSION_TYPE}  # relationship → part
CUSTOM_XML = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/customXml"
CUSTOM_FOLDER = "customxml/"  # lower case: part names are case-insensitive
WORKBOOK = "xl/workbook.xml"  # where openpyxl saves the workbook part
Relation = tuple[str, str, str]  # relationships part, type, target


@dataclass(frozen=True)
class WebExtensions:
    """The parts (name → bytes) and the content type of each, as the file had them."""

    parts: dict[str, bytes]
    types: dict[str, str]
    taskpanes: str = TASKPANES_PART  # the part the package relationship names

    @property
    def relations(self) -> tuple[Relation, ...]:
        return ((PACKAGE_RELS, TASKPANES, self.taskpanes),)


@dataclass(frozen=True)
class KeptParts:
    """Parts put back as they were (name → bytes), their content types, and the
    relationships that name them (`read_custom_xml`)."""

    parts: dict[str, bytes]
    types: dict[str, str]
    relations: tuple[Relation, ...]


def _content_types(xml: bytes) -> tuple[dict[str, str], dict[str, str]]:
    """(part name → type of its Override, extension → type of its Default)."""
    root = ElementTree.fromstring(xml)
    overrides = {e.get("PartName", "").lstrip("/"): e.get("ContentType", "")
                 for e in root.iter(f"{_TYPES}Override")}
    defaults = {e.get("Extension", "").lower(): e.get("ContentType", "")
                for e in root.iter(f"{_TYPES}Default")}
    return overrides, defaults


def _part(target: str, owner: str, names: dict[str, str]) -> str | None:
    """The package's part a relationship `target` of a part in folder `owner` names
    (part names are case-insensitive in a package; None: there is no such part)."""
    part = (target.lstrip("/") if target.startswith("/")
            else posixpath.normpath(posixpath.join(owner, target)))
    return names.get(part.lower())


def _related(archive: zipfile.ZipFile, rels: str, names: dict[str, str],
             types: dict[str, str]) -> set[str]:
    """The parts relationships part `rels` names inside the package, each of a known type
    noted in `types`; a damaged relationships part names none (its parts are kept)."""
    owner = posixpath.dirname(posixpath.dirname(rels))  # …/_rels/x.rels → …
    try:
        relations = list(ElementTree.fromstring(archive.read(rels)).iter(_RELS))
    except ElementTree.ParseError:
        return set()
    found: set[str] = set()
    for relation in relations:
        target = relation.get("Target", "")
        part = (None if relation.get("TargetMode") == "External" or not target
                else _part(target, owner, names))
        if part is not None:
            found.add(part)
            if relation.get("Type") in KNOWN_TYPES:
                types.setdefault(part, KNOWN_TYPES[relation.get("Type", "")])
    return found


def _rels_of(part: str) -> str:
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def _collect(archive: zipfile.ZipFile, types: dict[str, str]) -> tuple[str | None, set[str]]:
    """(the task-pane part, every web-extension part): the parts reached from the
    package relationship of type `TASKPANES` through their relationships, and anything
    else in the web-extension folder (whatever its letter case)."""
    names = {n.lower(): n for n in archive.namelist()}
    package = [p for p in _related(archive, PACKAGE_RELS, names, types)
               if types.get(p) == TASKPANES_TYPE] if PACKAGE_RELS in names.values() else []
    taskpanes = package[0] if package else names.get(TASKPANES_PART)
    found = {n for n in archive.namelist() if n.lower().startswith(FOLDER)}
    if taskpanes is None and not found:
        return None, set()
    todo, read = sorted(found | {p for p in [taskpanes] if p}), set()
    while todo:
        part = todo.pop()
        found.add(part)
        rels = names.get(_rels_of(part).lower())
        if rels is not None and rels not in read:
            read.add(rels)
            found.add(rels)
            todo += sorted(_related(archive, rels, names, types) - found)
    return taskpanes, found


def read(path: Path) -> WebExtensions | None:
    """The web-extension parts of the workbook file at `path` (None: it has none), found
    by relationship from the package, whatever their names."""
    try:
        with zipfile.ZipFile(path) as archive:
            known: dict[str, str] = {}
            taskpanes, names = _collect(archive, known)
            if taskpanes is None:
                return None
            parts = {name: archive.read(name) for name in sorted(names)}
            types = _types(archive, parts, known)
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return None  # not a package we can read: openpyxl will say so
    return WebExtensions(parts, types, taskpanes)


def _types(archive: zipfile.ZipFile, parts: dict[str, bytes],
           known: dict[str, str]) -> dict[str, str]:
    """Each part's content type: as a relationship names it, else as the package
    declares it (its override, else its extension's default)."""
    overrides, defaults = _content_types(archive.read(CONTENT_TYPES))
    overrides = {name.lower(): kind for name, kind in overrides.items()}
    return {name: known.get(name) or overrides.get(name.lower())  # a relationship's first
            or defaults.get(posixpath.splitext(name)[1][1:].lower())
            or "application/octet-stream" for name in parts if not name.endswith(".rels")}


def read_custom_xml(path: Path) -> KeptParts | None:
    """The custom XML parts of the workbook file at `path` and the workbook's
    relationships to them (None: it has none, the workbook names none of them, or its
    workbook part is not `WORKBOOK`, where openpyxl saves it, so their targets could not
    be kept as they are)."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = {n.lower(): n for n in archive.namelist()}
            custom = sorted(n for low, n in names.items() if low.startswith(CUSTOM_FOLDER))
            rels = names.get(_rels_of(WORKBOOK).lower())
            if not custom or rels is None or WORKBOOK not in names.values():
                return None
            targets = [r.get("Target", "") for r in ElementTree.fromstring(
                archive.read(rels)).iter(_RELS) if r.get("Type") == CUSTOM_XML]
            if not targets:
                return None  # parts nothing names: not put back unnamed
            parts = {name: archive.read(name) for name in custom}
            types = _types(archive, parts, {})
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return None
    return KeptParts(parts, types, tuple((_rels_of(WORKBOOK), CUSTOM_XML, target)
                                         for target in targets))


def _with_relationships(xml: str, relations: list[tuple[str, str]]) -> str:
    """`xml` (a relationships part) with each (type, target) of `relations` it lacks: the
    task pane's once per package, any other once per target."""
    for number, (kind, target) in enumerate(relations, start=1):
        if (kind == TASKPANES and TASKPANES in xml) or f'Target="{target}"' in xml:
            continue
        rid = RELATIONSHIP_ID if kind == TASKPANES else f"rRisiKoParte{number}"
        relation = f'<Relationship Id="{rid}" Type="{kind}" Target="{target}"/>'
        xml = xml.replace("</Relationships>", relation + "</Relationships>")
    return xml


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


def add(path: Path, extensions: WebExtensions | KeptParts,
        date_time: tuple[int, int, int, int, int, int] | None = None) -> None:
    """Rewrite the workbook file at `path` with `extensions`' parts, the relationships
    naming them and their content types (an existing part of the same name is replaced). The
    entries already there keep their order and timestamps; the new ones come last, dated
    `date_time` (default: the first entry's date), so the same inputs give the same bytes."""
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()
                   if info.filename not in extensions.parts]
    date = date_time or (entries[0][0].date_time if entries else (1980, 1, 1, 0, 0, 0))
    for index, (info, data) in enumerate(entries):
        relations = [(kind, target) for rels, kind, target in extensions.relations
                     if rels == info.filename]
        if relations:
            xml = _with_relationships(data.decode("utf-8"), relations)
            entries[index] = (info, xml.encode("utf-8"))
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


RIBBON_2010 = "http://schemas.microsoft.com/office/2007/relationships/ui/extensibility"


def keep_ribbon(source: zipfile.ZipFile, saved: Path) -> None:
    """openpyxl keeps the customUI parts of an .xlsm but only the Office 2007 ribbon's
    relationship: put back the Excel 2010+ one (customUI14.xml) the source had."""
    relations = source.read("_rels/.rels").decode("utf-8")
    wanted = re.findall(rf'<Relationship [^>]*Type="{re.escape(RIBBON_2010)}"[^>]*/>', relations)
    if not wanted:
        return
    wanted = [re.sub(r'Id="[^"]*"', 'Id="rRisiKoRibbon14"', w) for w in wanted[:1]]  # unique
    with zipfile.ZipFile(saved) as zipped:
        parts = [(item, zipped.read(item.filename)) for item in zipped.infolist()]
    with zipfile.ZipFile(saved, "w", zipfile.ZIP_DEFLATED) as zipped:
        for item, data in parts:
            if item.filename == "_rels/.rels" and RIBBON_2010.encode() not in data:
                data = data.replace(b"</Relationships>",
                                    "".join(wanted).encode() + b"</Relationships>")
            zipped.writestr(item, data)
