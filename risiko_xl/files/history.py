"""A workbook's history: the last `KEEP_VERSIONS` versions, each with who wrote it.

Every version the program writes is copied into the folder `NAME.versioni/` beside it
(`torneo.xlsx` → `torneo.xlsx.versioni/`) as soon as it is written, and before a save
replaces a workbook the version being replaced is copied there too when it is not there
yet (a save by Excel or LibreOffice in between): so the tables just drawn are kept even
when the referee's next save in Excel types over them. The oldest beyond `KEEP_VERSIONS`
are removed; the versions listed are those other than the current file. `registro.json`
there lists the versions (file, date, the command that wrote it) and the fingerprints
(SHA-256) of the files the program itself wrote, so a version changed by hand in Excel
or LibreOffice is named as such. `risiko-xl ripristina --elenco` lists the versions,
`risiko-xl ripristina N` brings one back (see `restore`). Copies and the registry are
written to a temporary name and renamed into place, so each is complete or absent.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
import hashlib
import json
import os
import re
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from risiko_xl.clock import italian_time
from risiko_xl.files.processes import running

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
KEEP_VERSIONS = 11  # the current file and the ten before it
KEEP_WRITTEN = 50  # fingerprints of written files remembered
REGISTRY = "registro.json"
BY_HAND = "modificata fuori da risiko-xl (Excel, LibreOffice o altro programma)"

# the command being run, as the history names it ("risiko-xl sorteggia", "pulsante …")
COMMAND: contextvars.ContextVar[str] = contextvars.ContextVar("comando", default="risiko-xl")


@dataclass(frozen=True)
class Version:
    """One kept version: its number (1 = the most recent), file, date and writer."""

    number: int
    path: Path
    saved: dt.datetime
    writer: str
    sha256: str = ""

    def line(self) -> str:
        return f"{self.number}. {self.saved:%d/%m/%Y %H:%M:%S} — {self.writer}"


def folder(path: Path) -> Path:
    path = Path(path)
    return path.with_name(f"{path.name}.versioni")


def versions(path: Path) -> list[Version]:
    """The kept versions of `path` other than its current content, the most recent
    first."""
    where = folder(path)
    current = _sha256(Path(path)) if Path(path).is_file() else None
    entries = [e for e in _registry(where)["versioni"]
               if (where / e["file"]).is_file() and e.get("sha256") != current]
    return [Version(n, where / e["file"], italian_time(dt.datetime.fromisoformat(e["data"])),
                    e["comando"], e.get("sha256", ""))
            for n, e in enumerate(reversed(entries), start=1)]


def keep(path: Path) -> None:
    """Copy the current `path` into its history (unless it is the newest version already),
    then drop the oldest versions beyond KEEP_VERSIONS."""
    path = Path(path)
    where = folder(path)
    where.mkdir(exist_ok=True)
    _clean_stale(where)
    registry = _registry(where)
    digest = _sha256(path)
    if registry["versioni"] and registry["versioni"][-1].get("sha256") == digest:
        return
    saved = italian_time(path.stat().st_mtime)
    writer = next((w["comando"] for w in reversed(registry["scritti"])
                   if w["sha256"] == digest), BY_HAND)
    name = f"{italian_time():%Y%m%d-%H%M%S-%f}{path.suffix}"
    _copy(path, where / name)
    registry["versioni"].append({"file": name, "data": saved.isoformat(timespec="seconds"),
                                 "comando": writer, "sha256": digest})
    dropped, registry["versioni"] = (registry["versioni"][:-KEEP_VERSIONS],
                                     registry["versioni"][-KEEP_VERSIONS:])
    _save_registry(where, registry)
    for entry in dropped:
        with contextlib.suppress(FileNotFoundError):
            (where / entry["file"]).unlink()


def refresh_newest(path: Path, replaced: str) -> None:
    """After a save that changed no value: the newest version, when it was the file just
    replaced (SHA-256 `replaced`), becomes the file as now saved (same values, other
    bytes), so it stays the current one and is not listed as a version before it."""
    path = Path(path)
    where = folder(path)
    registry = _registry(where)
    if not registry["versioni"] or registry["versioni"][-1].get("sha256") != replaced:
        return
    newest = registry["versioni"][-1]
    _copy(path, where / newest["file"])
    newest["sha256"] = _sha256(path)
    _save_registry(where, registry)


def sha256(path: Path) -> str:
    """The file's SHA-256, as the registry records it."""
    return _sha256(Path(path))


def same_values(one: Path, other: Path) -> bool:
    """Whether two workbooks hold the same sheets and cell values (formulas included),
    whatever their styles, widths or zip bytes. Sheets whose stored parts are identical
    are not parsed; the first sheet that differs ends the comparison (smallest first)."""
    try:
        with zipfile.ZipFile(one) as first, zipfile.ZipFile(other) as second:
            if _sheet_names(first) != _sheet_names(second):
                return False
            parts = [_sheet_parts(first), _sheet_parts(second)]
            if set(parts[0]) != set(parts[1]):
                return False
            strings: list[list[str] | None] = [None, None]
            for name in sorted(parts[0], key=lambda n: parts[0][n].file_size):
                if parts[0][name].CRC == parts[1][name].CRC and \
                        parts[0][name].file_size == parts[1][name].file_size and \
                        _strings_same(first, second):
                    continue
                for i, package in enumerate((first, second)):
                    if strings[i] is None:
                        strings[i] = _shared_strings(package)
                if _cells(first, name, strings[0]) != _cells(second, name, strings[1]):
                    return False
            return True
    except (OSError, zipfile.BadZipFile, KeyError, ValueError, IndexError,
            ElementTree.ParseError):
        return False


def _sheet_names(package: zipfile.ZipFile) -> tuple[str | None, ...]:
    root = ElementTree.fromstring(package.read("xl/workbook.xml"))
    return tuple(sheet.get("name") for sheet in root.iter(f"{{{MAIN}}}sheet"))


def _sheet_parts(package: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    return {i.filename: i for i in package.infolist()
            if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", i.filename)}


def _strings_same(first: zipfile.ZipFile, second: zipfile.ZipFile) -> bool:
    """Whether both shared-string tables are stored identically (or both absent)."""
    infos: list[tuple[int, int] | None] = []
    for package in (first, second):
        try:
            info = package.getinfo("xl/sharedStrings.xml")
            infos.append((info.CRC, info.file_size))
        except KeyError:
            infos.append(None)
    return infos[0] == infos[1]


def _shared_strings(package: zipfile.ZipFile) -> list[str]:
    try:
        root = ElementTree.fromstring(package.read("xl/sharedStrings.xml"))
    except KeyError:
        return []
    return ["".join(t.text or "" for t in item.iter(f"{{{MAIN}}}t"))
            for item in root.iter(f"{{{MAIN}}}si")]


def _cells(package: zipfile.ZipFile, name: str,
           strings: list[str] | None) -> tuple[tuple[str | None, ...], ...]:
    """A sheet's non-empty cells as (reference, value, formula), shared strings resolved:
    what the organiser reads, not how it is styled or stored."""
    cells = []
    for c in ElementTree.fromstring(package.read(name)).iter(f"{{{MAIN}}}c"):
        kind, value = c.get("t"), c.find(f"{{{MAIN}}}v")
        formula = c.find(f"{{{MAIN}}}f")
        text = "".join(t.text or "" for t in c.iter(f"{{{MAIN}}}t")) \
            if kind == "inlineStr" else (None if value is None else value.text)
        if kind == "s" and text is not None:
            text = (strings or [])[int(text)]
        code = None if formula is None else formula.text
        if text or code:
            cells.append((c.get("r"), text, code))
    return tuple(cells)


def record_written(path: Path) -> None:
    """Remember that the program wrote `path`'s current content, and with which command."""
    path = Path(path)
    where = folder(path)
    where.mkdir(exist_ok=True)
    registry = _registry(where)
    registry["scritti"] = [*registry["scritti"][-(KEEP_WRITTEN - 1):], {
        "sha256": _sha256(path), "comando": COMMAND.get(),
        "data": italian_time().isoformat(timespec="seconds")}]
    _save_registry(where, registry)


def _registry(where: Path) -> dict[str, Any]:
    try:
        data = json.loads((where / REGISTRY).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    return {"versioni": [e for e in data.get("versioni", []) if _entry_ok(e)],
            "scritti": [w for w in data.get("scritti", [])
                        if isinstance(w, dict) and {"sha256", "comando"} <= w.keys()]}


def _entry_ok(entry: object) -> bool:
    if not isinstance(entry, dict) or not {"file", "data", "comando"} <= entry.keys():
        return False
    name = str(entry["file"])
    try:
        dt.datetime.fromisoformat(str(entry["data"]))
    except ValueError:
        return False
    return name == Path(name).name and not name.startswith(".")


def _save_registry(where: Path, registry: dict[str, Any]) -> None:
    temp = where / f".{REGISTRY}.{os.getpid()}.tmp"
    temp.write_text(json.dumps(registry, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(temp, where / REGISTRY)


def _clean_stale(where: Path) -> None:
    """Remove temporary files left in the folder by writes that were killed."""
    for temp in where.glob(".*.tmp"):
        pid = temp.name.rsplit(".", 2)[-2]
        if pid.isdigit() and not running(int(pid)):
            with contextlib.suppress(OSError):
                temp.unlink()


def _copy(source: Path, target: Path) -> None:
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    shutil.copy2(source, temp)
    os.replace(temp, target)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
