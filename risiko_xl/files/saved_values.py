"""The values a spreadsheet saved for a workbook's formulas, read from the file's sheet
parts without loading it: openpyxl keeps a formula but not its value (without
`data_only`), and tells neither an empty text result from no value at all (`<v></v>` and
no `<v>` both read None). Read for the values kept next to formulas on save
(`books.formula_cache`) and the values-only copy (`export`)."""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from risiko_xl.files import safe_open


@dataclass(frozen=True)
class Saved:
    """A formula's saved value as the file holds it: its cell type attribute («t="str"»,
    empty for a number) and its `<v>` text, still escaped, copied byte for byte."""

    type: str
    text: str


_SAVED = re.compile(r'<c\b(?P<attrs>[^>]*)><f\b[^>]*(?:/>|>[^<]*</f>)<v>(?P<v>[^<]*)</v>')
_ATTR = re.compile(r'\b(?P<name>r|t)="(?P<value>[^"]*)"')


def saved_values(source: Path, wanted: dict[str, set[str]]) -> dict[str, dict[str, Saved]]:
    """The saved values of the formula cells `wanted` (sheet title → cells) in file
    `source`, read from its sheet parts without loading the workbook (a second openpyxl
    load of a 400-player tournament costs seconds); a cell without one is left out."""
    found: dict[str, dict[str, Saved]] = {}
    try:
        with zipfile.ZipFile(source) as archive:
            parts = safe_open.sheet_parts(archive)
            for title, cells in wanted.items():
                if title not in parts:
                    continue  # a sheet the command added
                xml = archive.read(parts[title]).decode("utf-8")
                for match in _SAVED.finditer(xml):
                    attrs = dict(_ATTR.findall(match["attrs"]))
                    if attrs.get("r") in cells and attrs.get("t") != "s" and (
                            match["v"] or attrs.get("t") == "str"):  # "": empty text
                        kind = f' t="{attrs["t"]}"' if "t" in attrs else ""
                        found.setdefault(title, {})[attrs["r"]] = Saved(kind, match["v"])
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, ElementTree.ParseError,
            UnicodeError):  # ValueError: defusedxml's refusals
        return {}  # the values are a courtesy: a file we cannot read this way has none
    return found
