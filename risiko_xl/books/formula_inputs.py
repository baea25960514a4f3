"""The cells a formula reads, and which formulas of a workbook a command made stale.

A formula's inputs are found from its tokens (openpyxl's `Tokenizer`): cell and range
references (`A1`, `$B$2:C9`, `D:D`, `3:3`, on another sheet `'Altro foglio'!A1`), an
Excel table's references (`Risultati[Punti obiettivo]`: that column from the header row
down, however far the table grows; `[@ID]`: the formula's row; `Risultati[#All]`, a bare
table name: the whole table) and defined names. Whatever cannot be pinned down — a function
that builds its reference (INDIRECT, OFFSET), a name that is not a range, references
across several sheets — reads «everything». A reference to another workbook reads
nothing a command changes.

`stale` gives the formula cells whose inputs a command changed, directly or through
another formula that is itself stale: their saved value would show an old result, so it
is not kept (Excel and LibreOffice compute them again when they open the file).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.utils import range_boundaries
from openpyxl.workbook.workbook import Workbook

# functions whose reference is computed: they may read any cell
DYNAMIC = frozenset({"INDIRECT(", "OFFSET(", "_XLFN.INDIRECT(", "_XLFN.OFFSET("})
_SHEET_REF = re.compile(r"^(?:(?P<sheet>'(?:[^']|'')+'|[^'!\[\]]+)!)?(?P<ref>[^!]+)$")
_TABLE_REF = re.compile(r"^(?P<table>[^\[\]!]*)\[(?P<spec>.*)\]$")


@dataclass(frozen=True)
class Area:
    """A block of cells of one sheet; a None bound is open (`D:D`, `3:3`, a table down)."""

    sheet: str
    left: int | None
    top: int | None
    right: int | None
    bottom: int | None


EVERYTHING = None  # what a formula whose inputs cannot be told reads


def _unquoted(sheet: str) -> str:
    return sheet[1:-1].replace("''", "'") if sheet.startswith("'") else sheet


def _table(workbook: Workbook, name: str, sheet: str, row: int, column: int) -> Any:
    """(sheet title, Excel table) named `name`, or holding cell (`row`, `column`) of
    `sheet` when `name` is empty (a formula's `[@ID]`); None: there is none."""
    for where in (workbook.worksheets if name else [workbook[sheet]]):
        for table in where.tables.values():
            left, top, right, bottom = range_boundaries(table.ref)
            if (table.name.casefold() == name.casefold() if name
                    else left <= column <= right and top <= row <= bottom):
                return where.title, table
    return None


def _table_ref(workbook: Workbook, text: str, sheet: str, row: int,
               column: int) -> Area | None:
    """The cells a table reference reads: its columns named (`Risultati[Punti]`, from the
    header row down; `[[A]:[B]]`), on the formula's row only for `[@Punti]` or
    `[#This Row]`; the whole table for `[#All]` and the like, or a column not found."""
    match = _TABLE_REF.match(text)
    found = _table(workbook, match["table"], sheet, row, column) if match else None
    if match is None or found is None:
        return None
    title, table = found
    left, top, right, _ = range_boundaries(table.ref)
    whole = Area(title, left, top, right, None)
    spec = match["spec"]
    this_row = spec.startswith("@") or "#this row" in spec.casefold()
    if any(s.casefold() != "#this row" for s in re.findall(r"#[A-Za-z ]+", spec)):
        return whole
    names = (re.findall(r"\[([^\[\]#][^\[\]]*)\]", spec) if "[" in spec
             else [spec.lstrip("@")])
    columns = [str(workbook[title].cell(top, c).value) for c in range(left, right + 1)]
    if not names or any(n not in columns for n in names):
        return whole
    first, last = (left + min(map(columns.index, names)),
                   left + max(map(columns.index, names)))
    return Area(title, first, row if this_row else top, last, row if this_row else None)


def _named(workbook: Workbook, name: str, sheet: str) -> list[Area] | None:
    local = workbook[sheet].defined_names.get(name)
    defined = local if local is not None else workbook.defined_names.get(name)
    if defined is None:
        return EVERYTHING
    try:
        areas = [_area(where, ref) for where, ref in defined.destinations]
    except (ValueError, TypeError, AttributeError):
        return EVERYTHING
    found = [a for a in areas if a is not None]
    return found if found and len(found) == len(areas) else EVERYTHING


def _area(sheet: str, ref: str) -> Area | None:
    try:
        left, top, right, bottom = range_boundaries(ref.replace("$", ""))
    except (ValueError, TypeError):
        return None
    return Area(sheet, left, top, right, bottom)


def inputs(workbook: Workbook, formula: str, sheet: str, row: int,
           column: int) -> list[Area] | None:
    """The areas `formula` of cell (`row`, `column`) of `sheet` reads; None: it may read
    any cell (see the module docstring)."""
    try:
        tokens = Tokenizer(formula).items
    except Exception:  # openpyxl raises a bare TokenizerError and others: not ours to read
        return EVERYTHING
    areas: list[Area] = []
    for token in tokens:
        if token.type == Token.FUNC and token.subtype == Token.OPEN:
            if token.value.upper() in DYNAMIC or ":" in token.value:
                return EVERYTHING
            continue
        if token.type != Token.OPERAND or token.subtype != Token.RANGE:
            continue
        text = token.value
        if text.startswith("[") and text[1:2].isdigit():
            continue  # another workbook: nothing a command changes
        if "[" in text:
            found = _table_ref(workbook, text, sheet, row, column)
            if found is None:
                return EVERYTHING
            areas.append(found)
            continue
        parts = _SHEET_REF.match(text)
        if parts is None:
            return EVERYTHING
        where = _unquoted(parts["sheet"]) if parts["sheet"] else sheet
        if ":" in where:
            return EVERYTHING  # across several sheets
        area = _area(where, parts["ref"])
        if area is not None:
            areas.append(area)
        elif parts["sheet"] is None and (table := _table(workbook, text, sheet, row, column)):
            areas.append(_table_ref(workbook, f"{text}[#All]", sheet, row, column) or
                         Area(table[0], None, None, None, None))
        elif parts["sheet"] is None:
            named = _named(workbook, text, sheet)
            if named is EVERYTHING:
                return EVERYTHING
            areas += named
        else:
            return EVERYTHING
    return areas


class _Changed:
    """Changed cells by sheet and column (rows sorted), and sheets changed throughout."""

    def __init__(self, cells: Iterable[tuple[str, int, int]], sheets: Iterable[str]) -> None:
        self.columns: dict[str, dict[int, list[int]]] = {}
        self.sheets = set(sheets)
        for sheet, row, column in cells:
            self.columns.setdefault(sheet, {}).setdefault(column, []).append(row)
        for by_column in self.columns.values():
            for rows in by_column.values():
                rows.sort()

    def add(self, sheet: str, row: int, column: int) -> None:
        bisect.insort(self.columns.setdefault(sheet, {}).setdefault(column, []), row)

    def any(self) -> bool:
        return bool(self.sheets) or any(self.columns.values())

    def touches(self, area: Area) -> bool:
        if area.sheet in self.sheets:
            return True
        for column, rows in self.columns.get(area.sheet, {}).items():
            if ((area.left is None or area.left <= column)
                    and (area.right is None or column <= area.right)):
                first = bisect.bisect_left(rows, area.top or 0)
                if first < len(rows) and (area.bottom is None or rows[first] <= area.bottom):
                    return True
        return False


def stale(workbook: Workbook, formulas: dict[tuple[str, int, int], str],
          changed: Iterable[tuple[str, int, int]], rewritten: Iterable[str] = (),
          ) -> set[tuple[str, int, int]]:
    """Which of `formulas` ((sheet, row, column) → text) read a cell `changed` (or a
    sheet `rewritten`), directly or through another formula of theirs."""
    now = _Changed(changed, rewritten)
    if not now.any() or not formulas:
        return set()
    reads = {cell: inputs(workbook, text, *cell) for cell, text in formulas.items()}
    found: set[tuple[str, int, int]] = set()
    grew = True
    while grew:
        grew = False
        for cell, areas in reads.items():
            if cell not in found and (areas is EVERYTHING or any(map(now.touches, areas))):
                found.add(cell)
                now.add(*cell)
                grew = True
    return found
