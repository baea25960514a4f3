"""The xlwings Lite workbook `torneo-lite.xlsx`: the template plus the xlwings Lite add-in,
its `main.py` and its `requirements.txt`, for Excel without Python installed.

xlwings Lite (the free Office add-in `ADD_IN_ID`, which runs Python through Pyodide) keeps
a workbook's code in the workbook's web-extension part `EXTENSION_PART`, one
`we:property` per file or setting, each value a JSON string: `main.py`,
`pyodideVersion`, `addinVersion`, `requirements.txt`, written as the add-in's own
workbooks have them (see docs/XLWINGS-LITE.md for how this was established). It keeps
one module per workbook and installs from package indexes only, and risiko_xl is on
none: so `main.py` is `risiko_xl/lite/main.py` with the package inside, at most
`MAIN_PY_LIMIT` characters (`lite_code`). `requirements.txt` names xlwings
(the version installed here) and the package's own dependencies under WebAssembly
(their `sys_platform == 'emscripten'` markers). The template is `torneo.xlsx`'s (values
computed by the scripts, as by the CLI). Same inputs, same bytes.

    python -m risiko_xl.workbooks.lite    # rewrites workbook/torneo-lite.xlsx
"""

from __future__ import annotations

import argparse
import html
import json
import shutil
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from risiko_xl.books.web_extension import (
    EXTENSION_TYPE,
    FOLDER,
    TASKPANES_PART,
    TASKPANES_TYPE,
    WebExtensions,
    property_values,
)
from risiko_xl.books.web_extension import add as add_web_extensions
from risiko_xl.books.web_extension import read as read_web_extensions
from risiko_xl.cells import column_letter
from risiko_xl.errors import RisikoError
from risiko_xl.files import history
from risiko_xl.files.scratch import scratch_folder
from risiko_xl.files.writes import atomic_write
from risiko_xl.formulas.model import Formula

# the part as the workbooks the add-in saved have it (docs/XLWINGS-LITE.md, «The part layout»)
ADD_IN_ID = "WA200008175"  # xlwings Lite in the Office Store (AppSource): the store's name
REFERENCE_ID = ADD_IN_ID.lower()  # the references name it in lower case
MANIFEST_VERSION = "1.0.0.0"  # the store manifest's version, in the references
# the add-in's own record of its Pyodide and of itself, as its 1.0.0.0-18 wrote them (the
# newest in the workbooks read; its Changelog: -12 moved to Pyodide 0.27.5)
PYODIDE_VERSION = "0.27.5"
ADDIN_VERSION = "1.0.0.0-18"
EXTENSION_PART = FOLDER + "webextension1.xml"
EXTENSION_GUID = "{6B1F2A9C-3D4E-4F50-8A61-7C2D9E0B1F35}"  # ours, fixed: same bytes
LITE_REQUIREMENTS = ("python-dotenv", "pyodide-http", "black")  # the add-in's own «required»
WEBASSEMBLY = {"sys_platform": "emscripten", "platform_system": "Emscripten",
               "os_name": "posix", "platform_machine": "wasm32"}
NOTE_COLUMN = 9  # column I of Torneo, beside its tables
ADD_IN_NOTE = (
    "Questa cartella di lavoro funziona con il componente aggiuntivo gratuito xlwings Lite "
    "(Excel 365 o 2021 e successivi, Windows, Mac e Excel per il web).",
    "Per installarlo: scheda Home → Componenti aggiuntivi → cercare «xlwings Lite» → "
    "Aggiungi; poi pulsante xlwings Lite nella scheda Home.",
    "I pulsanti del torneo sono nel riquadro di xlwings Lite, a destra. Guida: "
    "docs/INSTALLA-EXCEL.md di RisiKo! XL.",
)
_WE = "http://schemas.microsoft.com/office/webextensions/webextension/2010/11"
_WETP = "http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_QUOTE = {'"': "&quot;"}
_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def requirements() -> str:
    """The workbook's `requirements.txt` (built on the desk: `packaging` is not required
    under WebAssembly, where every command still imports this module)."""
    # imported when written: every command imports this module (`restore_lost_code`)
    from importlib.metadata import requires, version

    from packaging.requirements import Requirement

    lines = [f"xlwings=={version('xlwings')}  # required",
             *(f"{name}  # required" for name in LITE_REQUIREMENTS)]
    for text in requires("risiko-xl") or []:
        requirement = Requirement(text)
        if requirement.name == "xlwings":
            continue
        if requirement.marker is None or requirement.marker.evaluate({**WEBASSEMBLY,
                                                                      "extra": ""}):
            lines.append(f"{requirement.name}{requirement.specifier}")
    return "\n".join(lines) + "\n"


def _property(name: str, text: str) -> str:
    """A `we:property` as Office writes the add-in's settings: the value a JSON string,
    every `/` escaped as `\\/`, other characters as they are; XML-escaped."""
    from xml.sax.saxutils import escape  # it imports urllib: only when written

    value = escape(json.dumps(text, ensure_ascii=False).replace("/", "\\/"), _QUOTE)
    return f'<we:property name="{name}" value="{value}"/>'


def lite_parts() -> WebExtensions:
    """The web-extension parts naming xlwings Lite, with this package's code, laid out as
    the add-in saves them (docs/XLWINGS-LITE.md): the store id in lower case in the
    references and in upper case as the store; the properties in its order, `main.py`,
    `pyodideVersion`, `addinVersion`, `requirements.txt`, each value a JSON string."""
    from risiko_xl.workbooks.lite_code import workbook_main  # Jinja: only when written

    extension = (
        f'{_DECLARATION}<we:webextension xmlns:we="{_WE}" id="{EXTENSION_GUID}">'
        f'<we:reference id="{REFERENCE_ID}" version="{MANIFEST_VERSION}" store="en-US" '
        'storeType="OMEX"/><we:alternateReferences>'
        f'<we:reference id="{REFERENCE_ID}" version="{MANIFEST_VERSION}" store="{ADD_IN_ID}" '
        'storeType="OMEX"/></we:alternateReferences><we:properties>'
        f'{_property("main.py", workbook_main())}'
        f'{_property("pyodideVersion", PYODIDE_VERSION)}'
        f'{_property("addinVersion", ADDIN_VERSION)}'
        f'{_property("requirements.txt", requirements())}'
        f'</we:properties><we:bindings/><we:snapshot xmlns:r="{_R}"/></we:webextension>')
    taskpanes = (
        f'{_DECLARATION}<wetp:taskpanes xmlns:wetp="{_WETP}"><wetp:taskpane dockstate="right" '
        'visibility="1" width="438" row="3"><wetp:webextensionref '
        f'xmlns:r="{_R}" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>')
    relations = (
        f'{_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        'relationships"><Relationship Id="rId1" Type="http://schemas.microsoft.com/office/'
        '2011/relationships/webextension" Target="webextension1.xml"/></Relationships>')
    parts = {TASKPANES_PART: taskpanes.encode("utf-8"),
             FOLDER + "_rels/taskpanes.xml.rels": relations.encode("utf-8"),
             EXTENSION_PART: extension.encode("utf-8")}
    return WebExtensions(parts, {TASKPANES_PART: TASKPANES_TYPE, EXTENSION_PART: EXTENSION_TYPE})


def workbook_code(path: Path) -> dict[str, str]:
    """The files an xlwings Lite workbook carries (`main.py`, `requirements.txt`, …): name →
    text, as the add-in reads them."""
    with zipfile.ZipFile(path) as archive:
        values = property_values(archive.read(EXTENSION_PART))
    return {name: str(json.loads(value)) for name, value in values.items()}


def build_lite(source_xlsx: Path, target: Path, keep_backup: bool = False) -> Path:
    """Write `target`, the workbook `source_xlsx` with xlwings Lite and its code;
    atomic and reproducible."""
    from risiko_xl.books.new_workbook import ZIP_TIME

    parts = lite_parts()

    def write(temp: Path) -> None:
        shutil.copyfile(source_xlsx, temp)
        add_web_extensions(temp, parts, ZIP_TIME)

    atomic_write(Path(target), write, keep_backup=keep_backup)
    return Path(target)


def new_lite(target: Path, settings: dict[str, Any] | None = None,
             keep_backup: bool = True, formula: Formula | None = None) -> Path:
    """A new tournament workbook for xlwings Lite, with `ADD_IN_NOTE` on its first sheet
    for whoever opens it without the add-in."""
    # the template's openpyxl: imported when a workbook is built, not by every command
    # that only checks for the add-in's code (`restore_lost_code`)
    from risiko_xl.books.new_workbook import reproducible_bytes
    from risiko_xl.workbooks.template import build

    book = build(settings, formula=formula)
    sheet = book.worksheets[0]  # Torneo: its tables take columns A to G
    for row, line in enumerate(ADD_IN_NOTE, start=1):
        sheet.cell(row, NOTE_COLUMN, line)
    sheet.column_dimensions[column_letter(NOTE_COLUMN)].width = 100
    with scratch_folder("lite") as folder:
        source = folder / "torneo.xlsx"
        source.write_bytes(reproducible_bytes(book))
        return build_lite(source, target, keep_backup)


def _has_code(extensions: WebExtensions | None) -> bool:
    return extensions is not None and EXTENSION_TYPE in extensions.types.values()


def _carries_note(path: Path) -> bool:
    """Whether the workbook still shows `ADD_IN_NOTE` (written only into Lite workbooks):
    the mark of a Lite workbook that lost every part of the add-in and has no history."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            texts = [archive.read(name) for name in ("xl/sharedStrings.xml",
                                                     "xl/worksheets/sheet1.xml")
                     if name in names]
    except (OSError, zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError):
        return False  # not a package: reading it says why
    mark = html.escape(ADD_IN_NOTE[0], quote=False).encode("utf-8")  # & < > as saved
    return any(mark in text for text in texts)


def restore_lost_code(path: Path, write: bool = True) -> str | None:
    """Put xlwings Lite's parts back into the workbook at `path` when a program that drops
    unknown parts (LibreOffice, Numbers, openpyxl) saved it without them: its task pane
    left pointing at nothing, the previous version in its history had them and this one
    has not, or its first sheet still shows `ADD_IN_NOTE`. They come from the history's
    most recent version that had them (the code a user edited in the add-in's editor
    lives only in the file: that copy is the faithful one), else from this package
    (`lite_parts`). With `write` False (a command that only reads) nothing is written and
    the line says so. The line that says what happened, or None when nothing was missing."""
    path = Path(path)
    found = read_web_extensions(path) if path.is_file() else None
    if _has_code(found) or not path.is_file():
        return None
    kept = history.versions(path)
    if found is None and not (kept and _has_code(read_web_extensions(kept[0].path))) \
            and not _carries_note(path):
        return None  # a workbook without xlwings Lite, now as before
    if not write:
        return ("Il codice di xlwings Lite manca (salvato con LibreOffice?): questo comando "
                "non scrive il file; lo rimette il prossimo comando che lo scrive.")
    with_code = next((v for v in kept if _has_code(read_web_extensions(v.path))), None)
    if with_code is None:
        from importlib.metadata import version

        parts, source = lite_parts(), f"quello di risiko-xl {version('risiko-xl')}"
    else:
        parts = read_web_extensions(with_code.path) or lite_parts()
        source = (f"dalla versione {with_code.number} dello storico "
                  f"({with_code.saved:%d/%m/%Y %H:%M})")

    def rewrite(temp: Path) -> None:
        shutil.copyfile(path, temp)
        add_web_extensions(temp, parts)

    try:
        atomic_write(path, rewrite)
    except RisikoError as err:  # a read-only file: the command still reads it
        return f"Il codice di xlwings Lite manca (salvato con LibreOffice?): non rimesso, {err}."
    return f"Il codice di xlwings Lite mancava (salvato con LibreOffice?): rimesso {source}."


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the shipped xlwings Lite workbook (path relative to the repo)."""
    parser = argparse.ArgumentParser(
        prog="python -m risiko_xl.workbooks.lite",
        description="Rigenera la cartella di lavoro per xlwings Lite.")
    parser.add_argument("--target", type=Path, default=Path("workbook/torneo-lite.xlsx"))
    args = parser.parse_args(argv)
    print(f"scritto {new_lite(args.target, keep_backup=False)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
