"""How a value is written to an Excel cell so that it stays as typed: text Excel would turn
into something else (a formula, a number, a date, TRUE, an error) gets Excel's text prefix
`'`, as `openpyxl_book.put` keeps it text in a file."""

from __future__ import annotations

import re
from typing import Any

from risiko_xl.books.formula_cells import Formula

TEXT_PREFIX = "'"
_LITERALS = frozenset({"true", "false", "vero", "falso"})
# words Excel reads inside a number, date or time ("3 mar 2026", "1e5", "9 pm")
_DATE_TEXT = (
    "gen gennaio feb febbraio mar marzo apr aprile mag maggio giu giugno lug luglio ago "
    "agosto set sett settembre ott ottobre nov novembre dic dicembre jan january february "
    "march april may jun june jul july aug august sep sept september oct october november "
    "dec december am pm a p e")
_DATE_WORDS = frozenset(_DATE_TEXT.split())
_WORDS = re.compile(r"[^\W\d_]+")


def needs_prefix(text: str) -> bool:
    """Whether Excel would not keep `text` as typed: a formula, a number, a date or time,
    a logical value, an error value (also after leading blanks: tab, CR), or text already
    starting with the prefix."""
    if text[:1] == TEXT_PREFIX or text.lstrip()[:1] in ("=", "+", "-", "@", "#"):
        return True
    if text.strip().casefold() in _LITERALS:
        return True
    if not any(c.isdigit() for c in text):
        return False
    return all(word.casefold() in _DATE_WORDS for word in _WORDS.findall(text))


def excel_value(value: Any) -> Any:
    """A value as written to a cell (None = empty)."""
    if isinstance(value, Formula):
        return str(value)
    if isinstance(value, str):
        if not value:
            return None
        return TEXT_PREFIX + value if needs_prefix(value) else value
    return value
