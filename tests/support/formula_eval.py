"""A small spreadsheet evaluator for the formulas our workbooks hold, standing in for Excel
on Linux: it reads a file with openpyxl, parses each formula with openpyxl's tokenizer,
resolves ranges and structured table references to values as Excel hands them to a
worksheet function (numbers as floats, empty cells as None), calls our `RISIKO_*`
functions, and fills array formulas over their blocks (`#N/A` beyond the result, as
Excel). Only what our formulas use is supported (`INDEX`, `ROW`, `+`, `-`); anything
else fails loudly, so a formula outside that set cannot pass a test unnoticed.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import Any

from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.formula import ArrayFormula

from risiko_xl import udfs

NA = "#N/A"
BUILTINS: dict[str, tuple[int, int]] = {"INDEX": (2, 3), "ROW": (0, 1)}
STRUCTURED = re.compile(r"^(\w+)\[(.*)\]$")


def udf(name: str) -> Callable[..., Any] | None:
    """The Python function behind worksheet function `name`, if we define it."""
    func = getattr(udfs, name, None)
    return func if name.startswith("RISIKO_") and callable(func) else None


def arity(name: str) -> tuple[int, int]:
    """(required, maximum) arguments of a worksheet function we allow in formulas."""
    func = udf(name)
    if func is None:
        if name not in BUILTINS:
            raise AssertionError(f"funzione non prevista: {name}")
        return BUILTINS[name]
    params = inspect.signature(inspect.unwrap(func)).parameters.values()
    return sum(p.default is inspect.Parameter.empty for p in params), len(params)


def calls(formula: str) -> list[tuple[str, int]]:
    """(function name, argument count) of every call in `formula`, nested ones too."""
    found: list[tuple[str, int]] = []
    stack: list[list[Any]] = []  # [name, separators, has an argument]
    for token in Tokenizer(formula).items:
        if token.type == Token.FUNC and token.subtype == Token.OPEN:
            if stack:
                stack[-1][2] = True
            stack.append([token.value[:-1].upper().removeprefix("_XLFN."), 0, False])
        elif token.type == Token.FUNC and token.subtype == Token.CLOSE:
            name, separators, has_argument = stack.pop()
            found.append((name, separators + 1 if has_argument else 0))
        elif token.type == Token.SEP and token.subtype == Token.ARG and stack:
            stack[-1][1] += 1
        elif stack and token.type not in (Token.WSPACE,):
            stack[-1][2] = True
    return found


def excel_value(value: Any) -> Any:
    """A stored cell value as Excel passes it to a worksheet function."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return None if value == "" else value
    if isinstance(value, (int, float)):
        return float(value)
    return value


class Evaluator:
    """Evaluates the formulas of an openpyxl workbook (opened without `data_only`)."""

    def __init__(self, workbook: Workbook) -> None:
        self.book = workbook
        self.tables = {table.name: (sheet.title, table.ref) for sheet in workbook.worksheets
                       for table in sheet.tables.values()}
        self.values: dict[tuple[str, int, int], Any] = {}
        self.busy: set[tuple[str, int, int]] = set()
        self.udf_calls = 0
        self.arrays: dict[str, dict[tuple[int, int], ArrayFormula]] = {}

    # --- cells and ranges -----------------------------------------------------------
    def cell(self, sheet: str, row: int, column: int) -> Any:
        key = (sheet, row, column)
        if key in self.values:
            return self.values[key]
        if key in self.busy:
            raise AssertionError(f"riferimento circolare in {sheet}!{row},{column}")
        self.busy.add(key)
        try:
            value = self._compute(sheet, row, column)
        finally:
            self.busy.discard(key)
        self.values.setdefault(key, value)
        return self.values[key]

    def _compute(self, sheet: str, row: int, column: int) -> Any:
        ws = self.book[sheet]
        anchor = self._array_anchor(ws, row, column)
        if anchor is not None:
            top, left, formula = anchor
            self._fill_array(sheet, top, left, formula)
            return self.values[sheet, row, column]
        raw = ws.cell(row, column).value
        if isinstance(raw, str) and ws.cell(row, column).data_type == "f":
            return self.evaluate(raw[1:], sheet, row)
        return excel_value(raw)

    def _array_anchor(self, ws: Any, row: int, column: int) -> tuple[int, int, Any] | None:
        if ws.title not in self.arrays:
            self.arrays[ws.title] = self._arrays(ws)
        for (r, c), formula in self.arrays[ws.title].items():
            min_col, min_row, max_col, max_row = range_boundaries(formula.ref)
            if min_row <= row <= max_row and min_col <= column <= max_col:
                return r, c, formula
        return None

    def _arrays(self, ws: Any) -> dict[tuple[int, int], ArrayFormula]:
        return {(c.row, c.column): c.value for row in ws.iter_rows() for c in row
                if isinstance(c.value, ArrayFormula)}

    def _fill_array(self, sheet: str, top: int, left: int, formula: ArrayFormula) -> None:
        result = self.evaluate(formula.text[1:], sheet, top)
        block = result if isinstance(result, list) else [[result]]
        min_col, min_row, max_col, max_row = range_boundaries(formula.ref)
        for r in range(min_row, max_row + 1):
            for c in range(min_col, max_col + 1):
                i, j = r - min_row, c - min_col
                inside = i < len(block) and j < len(block[i])
                self.values[sheet, r, c] = excel_value(block[i][j]) if inside else NA

    def block(self, sheet: str, ref: str) -> list[list[Any]]:
        min_col, min_row, max_col, max_row = range_boundaries(ref)
        return [[self.cell(sheet, r, c) for c in range(min_col, max_col + 1)]
                for r in range(min_row, max_row + 1)]

    def reference(self, text: str) -> tuple[str, str]:
        """(sheet, A1 range) of a range operand or structured reference."""
        found = STRUCTURED.match(text)
        if found:
            return self._structured(found[1], found[2])
        sheet, _, ref = text.rpartition("!")
        return sheet.strip("'"), ref.replace("$", "")

    def _structured(self, table: str, spec: str) -> tuple[str, str]:
        sheet, ref = self.tables[table]
        min_col, min_row, max_col, max_row = range_boundaries(ref)
        ws = self.book[sheet]
        headers = {ws.cell(min_row, c).value: c for c in range(min_col, max_col + 1)}
        parts = re.findall(r"\[([^\]]*)\]", spec) or [spec]
        columns = [p for p in parts if not p.startswith("#")]
        areas = [p for p in parts if p.startswith("#")] or ["#Data"]
        first, last = {"#All": (min_row, max_row), "#Headers": (min_row, min_row),
                       "#Data": (min_row + 1, max_row)}[areas[0]]
        left, right = ((headers[columns[0]], headers[columns[-1]]) if columns
                       else (min_col, max_col))
        return sheet, f"{get_column_letter(left)}{first}:{get_column_letter(right)}{last}"

    # --- formulas -------------------------------------------------------------------
    def evaluate(self, formula: str, sheet: str, row: int) -> Any:
        tokens = [t for t in Tokenizer("=" + formula).items if t.type != Token.WSPACE]
        value, rest = self._expression(tokens, sheet, row)
        if rest:
            raise AssertionError(f"formula non compresa: {formula}")
        return value

    def _expression(self, tokens: list[Token], sheet: str, row: int) -> tuple[Any, list]:
        value, tokens = self._term(tokens, sheet, row)
        while tokens and tokens[0].type == Token.OP_IN and tokens[0].value in "+-":
            op = tokens[0].value
            right, tokens = self._term(tokens[1:], sheet, row)
            value = value + right if op == "+" else value - right
        return value, tokens

    def _term(self, tokens: list[Token], sheet: str, row: int) -> tuple[Any, list]:
        token, rest = tokens[0], tokens[1:]
        if token.type == Token.OPERAND and token.subtype == Token.NUMBER:
            return float(token.value), rest
        if token.type == Token.OPERAND and token.subtype == Token.TEXT:
            return token.value[1:-1].replace('""', '"'), rest
        if token.type == Token.OPERAND and token.subtype == Token.RANGE:
            return ("range", *self.reference(token.value)), rest
        if token.type == Token.FUNC and token.subtype == Token.OPEN:
            name = token.value[:-1].upper()
            args: list[Any] = []
            while not (rest[0].type == Token.FUNC and rest[0].subtype == Token.CLOSE):
                value, rest = self._expression(rest, sheet, row)
                args.append(value)
                if rest[0].type == Token.SEP:
                    rest = rest[1:]
            return self._call(name, args, sheet, row), rest[1:]
        raise AssertionError(f"elemento di formula non previsto: {token.value!r}")

    def _call(self, name: str, args: list[Any], sheet: str, row: int) -> Any:
        low, high = arity(name)
        if not low <= len(args) <= high:
            raise AssertionError(f"{name}: {len(args)} argomenti, ammessi {low}…{high}")
        if name == "ROW":
            if not args:
                return float(row)
            return float(range_boundaries(args[0][2])[1])
        if name == "INDEX":
            _, where, ref = args[0]
            min_col, min_row, _, _ = range_boundaries(ref)
            r, c = int(args[1]), int(args[2]) if len(args) > 2 else 1
            return self.cell(where, min_row + r - 1, min_col + c - 1)
        self.udf_calls += 1
        values = [self.block(a[1], a[2]) if isinstance(a, tuple) else a for a in args]
        return udf(name)(*values)  # type: ignore[misc]


def formulas_of(workbook: Workbook) -> list[tuple[str, str, str]]:
    """(sheet, cell, formula text) of every formula in the workbook."""
    out = []
    for ws in workbook.worksheets:
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, ArrayFormula):
                    out.append((ws.title, c.coordinate, c.value.text))
                elif c.data_type == "f" and isinstance(c.value, str):
                    out.append((ws.title, c.coordinate, c.value))
    return out


__all__ = ["NA", "Evaluator", "arity", "calls", "formulas_of"]
