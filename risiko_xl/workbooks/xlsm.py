"""The macro-enabled workbook `torneo.xlsm`: the template plus VBA and the "RisiKo!" ribbon.

`build_xlsm` adds to a template `.xlsx` (from `risiko-xl new`) the VBA project written by
`risiko_xl.ovba` — a document module for the workbook and each sheet, the `RisiKo`
module with one ribbon callback per button, the `xlwings_udfs` module of the worksheet
functions' wrappers (written by xlwings' own `import_udfs`, `udf_wrappers`), and xlwings'
own VBA (the `xlwings` module and its `Dictionary` class, read from the installed xlwings,
so no add-in is needed for `RunPython` and `XLPy.CallUDF`) — and the ribbon XML
`customUI/customUI14.xml`. The ribbon XML and the `RisiKo` module are generated from
`risiko_xl.excel.ribbon`; `write_macros` writes them and `xlwings_udfs.bas` to `macros/`, where
they are checked in. Same inputs, same bytes.

Not reproduced of what `ImportPythonUDFs` does after importing the wrappers: its
`Application.MacroOptions` calls (the functions' descriptions, category «xlwings», English
«Positional argument N» for each argument, shown by Excel's Insert Function dialog). They
would have to run from `Workbook_Open`, an auto-run macro, which the shipped workbook
never has (`tests/workbooks/test_macro_audit.py`); the functions work without them.

    python -m risiko_xl.workbooks.xlsm    # rewrites macros/ and workbook/torneo.xlsm
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import posixpath
import re
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

from risiko_xl.errors import RisikoError
from risiko_xl.excel.ribbon import BUTTONS, GROUPS, TAB
from risiko_xl.files.scratch import scratch_folder
from risiko_xl.files.writes import atomic_write
from risiko_xl.formulas.model import Formula
from risiko_xl.ovba import (
    Module,
    class_module,
    document_module,
    standard_module,
    vba_project_bin,
)
from risiko_xl.ovba.project import CODE_PAGE, WORKBOOK_BASE, WORKSHEET_BASE
from risiko_xl.workbooks.template import write_new
from risiko_xl.workbooks.udf_wrappers import VBA_MODULE, udf_module

MODULE = "RisiKo"  # the VBA module of the ribbon callbacks
RIBBON_NAMESPACE = "http://schemas.microsoft.com/office/2009/07/customui"
RIBBON_PART = "customUI/customUI14.xml"
RIBBON_RELATIONSHIP = "http://schemas.microsoft.com/office/2007/relationships/ui/extensibility"
VBA_PART = "xl/vbaProject.bin"
VBA_RELATIONSHIP = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"
VBA_CONTENT_TYPE = "application/vnd.ms-office.vbaProject"
XLSX_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
XLSM_MAIN = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
OFFICE_DOCUMENT = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
                   "officeDocument")
ZIP_DATE = (2026, 1, 1, 0, 0, 0)  # every zip entry's timestamp
_RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_SHEET_TYPES = ("/worksheet", "/chartsheet")


def ribbon_xml() -> str:
    """The Office 2010+ ribbon (customUI14.xml): the RisiKo! tab, one group per GROUPS entry,
    one large button per BUTTONS entry calling its Sub."""
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
             f'<customUI xmlns="{RIBBON_NAMESPACE}">',
             "  <ribbon>",
             "    <tabs>",
             f'      <tab id="RisiKoTab" label={quoteattr(TAB)} insertAfterMso="TabHome">']
    for group in GROUPS:
        group_id = "RisiKo" + re.sub(r"\W", "", group)
        lines.append(f"        <group id={quoteattr(group_id)} label={quoteattr(group)}>")
        for button in (b for b in BUTTONS if b.group == group):
            lines.append(f"          <button id={quoteattr(button.sub + 'Button')} "
                         f"label={quoteattr(button.label)} size=\"large\" "
                         f"imageMso={quoteattr(button.image)} onAction={quoteattr(button.sub)}/>")
        lines.append("        </group>")
    lines += ["      </tab>", "    </tabs>", "  </ribbon>", "</customUI>"]
    return "\n".join(lines) + "\n"


def ribbon_module() -> str:
    """The `RisiKo` VBA module (a .bas export, CRLF): one ribbon callback per button, each
    running its action in risiko_xl.actions through xlwings' RunPython."""
    lines = [f'Attribute VB_Name = "{MODULE}"',
             "' Pulsanti della scheda RisiKo! della barra multifunzione.",
             "' Generato da risiko_xl/excel/ribbon.py con `python -m risiko_xl.workbooks.xlsm`:",
             "' non modificare a mano.",
             "Option Explicit"]
    for button in BUTTONS:
        lines += ["",
                  f"' {button.group} > {button.label}",
                  f"Sub {button.sub}(control As IRibbonControl)",
                  f'    RunPython "import risiko_xl.actions as a; a.{button.action}()"',
                  "End Sub"]
    return "\r\n".join(lines) + "\r\n"


def xlwings_vba() -> tuple[str, str]:
    """The installed xlwings' standalone VBA: the `xlwings` module (.bas) and the
    `Dictionary` class (.cls) its standalone workbooks also carry."""
    spec = importlib.util.find_spec("xlwings")
    if spec is None or spec.origin is None:
        raise RisikoError("xlwings non è installato: serve il suo modulo VBA")
    folder = Path(spec.origin).parent
    module = (folder / "xlwings.bas").read_bytes().decode(f"cp{CODE_PAGE}")
    dictionary = (folder / "addin" / "Dictionary.cls").read_bytes().decode(f"cp{CODE_PAGE}")
    return module, dictionary


def vba_modules(workbook: str, sheets: Sequence[str]) -> list[Module]:
    """The project's modules: the workbook's and each sheet's (by code name), then RisiKo,
    xlwings_udfs, xlwings and Dictionary."""
    xlwings_module, dictionary = xlwings_vba()
    return [document_module(workbook, WORKBOOK_BASE),
            *(document_module(sheet, WORKSHEET_BASE) for sheet in sheets),
            standard_module(ribbon_module()),
            standard_module(udf_module()),
            standard_module(xlwings_module),
            class_module(dictionary)]


def build_xlsm(source_xlsx: Path, target: Path, keep_backup: bool = False) -> Path:
    """Write `target`, the macro-enabled copy of the workbook `source_xlsx` with the VBA
    project and the ribbon; the write is atomic and reproducible (`keep_backup`: an
    existing `target` is kept as its backup)."""
    source_xlsx, target = Path(source_xlsx), Path(target)
    parts = _read_parts(source_xlsx)
    main = _main_part(parts)
    if VBA_PART in parts or any(VBA_RELATIONSHIP in _text(parts, name) for name in parts
                                if name.endswith(".rels")):
        raise RisikoError("la cartella di lavoro contiene già un progetto VBA",
                          valore=source_xlsx.name)
    workbook_name, sheet_names = _set_code_names(parts, main)
    parts["[Content_Types].xml"] = _macro_content_types(_text(parts, "[Content_Types].xml"),
                                                        main).encode("utf-8")
    main_rels = posixpath.join(posixpath.dirname(main), "_rels",
                               posixpath.basename(main) + ".rels")
    vba_target = posixpath.relpath(VBA_PART, posixpath.dirname(main))
    parts[main_rels] = _add_relationship(_text(parts, main_rels), "rRisiKoVBA",
                                         VBA_RELATIONSHIP, vba_target).encode("utf-8")
    parts["_rels/.rels"] = _add_relationship(_text(parts, "_rels/.rels"), "rRisiKoRibbon14",
                                             RIBBON_RELATIONSHIP, RIBBON_PART).encode("utf-8")
    parts[VBA_PART] = vba_project_bin(vba_modules(workbook_name, sheet_names))
    parts[RIBBON_PART] = ribbon_xml().encode("utf-8")

    first = ["[Content_Types].xml", "_rels/.rels"]
    order = first + [name for name in parts if name not in first]

    def write(temp: Path) -> None:
        with zipfile.ZipFile(temp, "w") as archive:
            for name in order:
                info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.create_system = 3
                info.external_attr = 0o644 << 16
                archive.writestr(info, parts[name], compresslevel=9)

    atomic_write(target, write, keep_backup=keep_backup)
    return target


def new_xlsm(target: Path, settings: dict[str, Any] | None = None,
             keep_backup: bool = True, formula: Formula | None = None) -> Path:
    """A new macro-enabled tournament workbook with the live worksheet functions."""
    with scratch_folder("xlsm") as folder:
        source = write_new(folder / "torneo.xlsx", settings, formulas=True,
                           formula=formula)
        return build_xlsm(source, target, keep_backup)


def write_macros(directory: Path) -> list[Path]:
    """Write the generated macros/ files (RisiKo.bas, xlwings_udfs.bas, customUI14.xml) into
    `directory`."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    module, ribbon = directory / f"{MODULE}.bas", directory / "customUI14.xml"
    functions = directory / f"{VBA_MODULE}.bas"
    module.write_bytes(ribbon_module().encode(f"cp{CODE_PAGE}"))
    functions.write_bytes(udf_module().encode(f"cp{CODE_PAGE}"))
    ribbon.write_bytes(ribbon_xml().encode("utf-8"))
    return [module, functions, ribbon]


def _read_parts(path: Path) -> dict[str, bytes]:
    try:
        with zipfile.ZipFile(path) as archive:
            return {info.filename: archive.read(info) for info in archive.infolist()
                    if not info.is_dir()}
    except (OSError, zipfile.BadZipFile) as err:
        raise RisikoError(f"impossibile leggere la cartella di lavoro: {err}",
                          valore=Path(path).name) from None


def _text(parts: dict[str, bytes], name: str) -> str:
    if name not in parts:
        raise RisikoError("parte mancante nella cartella di lavoro", valore=name)
    return parts[name].decode("utf-8")


def _main_part(parts: dict[str, bytes]) -> str:
    """The workbook part's name, from the package relationships."""
    for relation in ElementTree.fromstring(_text(parts, "_rels/.rels")).iter(_RELS):
        if relation.get("Type") == OFFICE_DOCUMENT:
            return relation.get("Target", "").lstrip("/")
    raise RisikoError("la cartella di lavoro non ha una parte principale", valore="_rels/.rels")


def _set_code_names(parts: dict[str, bytes], main: str) -> tuple[str, list[str]]:
    """Give the workbook and each sheet a VBA code name (kept where it has one already);
    return the workbook's and the sheets' in tab order."""
    folder = posixpath.dirname(main)
    rels_name = posixpath.join(folder, "_rels", posixpath.basename(main) + ".rels")
    targets = {relation.get("Id"): _part_name(folder, relation.get("Target", ""))
               for relation in ElementTree.fromstring(_text(parts, rels_name)).iter(_RELS)
               if relation.get("Type", "").endswith(_SHEET_TYPES)}
    workbook_xml = _text(parts, main)
    sheet_parts = [targets[sheet.get(_R_ID)] for sheet in ElementTree.fromstring(workbook_xml)
                   .iter("{http://schemas.openxmlformats.org/spreadsheetml/2006/main}sheet")
                   if sheet.get(_R_ID) in targets]
    existing = [_code_name(_text(parts, part), "sheetPr") for part in sheet_parts]
    workbook_name = _code_name(workbook_xml, "workbookPr") or "ThisWorkbook"
    taken = {workbook_name.upper(), *(n.upper() for n in existing if n)}
    free = (f"Foglio{n}" for n in itertools.count(1) if f"FOGLIO{n}" not in taken)
    names = [name or next(free) for name in existing]
    parts[main] = _with_code_name(workbook_xml, "workbookPr", workbook_name,
                                  after=("fileVersion", "fileSharing")).encode("utf-8")
    for part, name in zip(sheet_parts, names):
        parts[part] = _with_code_name(_text(parts, part), "sheetPr", name).encode("utf-8")
    return workbook_name, names


def _part_name(folder: str, target: str) -> str:
    """The zip entry a relationship target names (absolute, or relative to `folder`)."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(folder, target))


def _code_name(xml: str, tag: str) -> str | None:
    match = re.search(rf"<(?:\w+:)?{tag}\b[^>]*?\scodeName=\"([^\"]*)\"", xml)
    return match[1] if match else None


def _with_code_name(xml: str, tag: str, name: str, after: tuple[str, ...] = ()) -> str:
    """`xml` whose first `tag` element has codeName=`name`; the element is added (first
    child of the root, or after the `after` elements) when missing."""
    if _code_name(xml, tag) is not None:
        return xml
    element = re.search(rf"<((?:\w+:)?){tag}\b", xml)
    if element:
        return xml[:element.end()] + f' codeName="{name}"' + xml[element.end():]
    root = re.search(r"<((?:\w+:)?)(?:workbook|worksheet|chartsheet)\b[^>]*>", xml)
    if root is None:
        raise RisikoError("parte della cartella di lavoro non riconosciuta", valore=tag)
    at = root.end()
    for sibling in after:
        found = re.search(rf"<(?:\w+:)?{sibling}\b[^>]*/>", xml)
        if found:
            at = max(at, found.end())
    return xml[:at] + f'<{root[1]}{tag} codeName="{name}"/>' + xml[at:]


def _macro_content_types(xml: str, main: str) -> str:
    """[Content_Types].xml with the workbook macro-enabled and the VBA part declared."""
    override = re.compile(rf'(<Override\b[^>]*PartName="/{re.escape(main)}"[^>]*/>)')
    match = override.search(xml)
    if match is None or XLSX_MAIN not in match[1]:
        raise RisikoError("la cartella di lavoro non è un .xlsx", valore=main)
    xml = xml[:match.start()] + match[1].replace(XLSX_MAIN, XLSM_MAIN) + xml[match.end():]
    declaration = f'<Override PartName="/{VBA_PART}" ContentType="{VBA_CONTENT_TYPE}" />'
    return xml.replace("</Types>", declaration + "</Types>")


def _add_relationship(xml: str, rel_id: str, rel_type: str, target: str) -> str:
    if f'Id="{rel_id}"' in xml or "</Relationships>" not in xml:
        raise RisikoError("relazioni della cartella di lavoro non riconosciute", valore=rel_id)
    relation = f'<Relationship Type="{rel_type}" Target="{target}" Id="{rel_id}" />'
    return xml.replace("</Relationships>", relation + "</Relationships>")


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate macros/ and the macro-enabled workbook (paths relative to the repo)."""
    parser = argparse.ArgumentParser(
        prog="python -m risiko_xl.workbooks.xlsm",
        description="Rigenera macros/ e la cartella di lavoro con macro dal modello .xlsx.")
    parser.add_argument("--macros", type=Path, default=Path("macros"))
    parser.add_argument("--source", type=Path, default=None,
                        help="modello .xlsx (predefinito: quello nuovo, con le formule)")
    parser.add_argument("--target", type=Path, default=Path("workbook/torneo.xlsm"))
    args = parser.parse_args(argv)
    for path in write_macros(args.macros):
        print(f"scritto {path}")
    written = (build_xlsm(args.source, args.target) if args.source
               else new_xlsm(args.target, keep_backup=False))
    print(f"scritto {written}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
