"""Texts longer than an Excel cell holds, kept whole.

An Excel cell holds at most 32,767 characters, and openpyxl cuts a longer string without a
word: the seating of a 5,000-player round recorded in `Sorteggi`, or a 40,000-character
seed, would be cut and then read back different (`verify` would report tampering on an
untouched file). Our audit (`Sorteggi`) and the settings we write use this; what people
type cannot exceed a cell in Excel anyway. A longer text is written to the hidden sheet «Testi
lunghi» in parts of `PART` characters under its SHA-256; its cell holds a marker naming
the sheet, the length and the checksum, followed by the text's beginning for whoever
looks at the cell. Reading the cell gives the whole text back, checked against its
checksum (a part edited or lost is a located error, never a silent difference).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from risiko_xl.books.book import header_names
from risiko_xl.errors import RisikoError

if TYPE_CHECKING:  # a book that only reads (`values_book`) imports no openpyxl
    from openpyxl.workbook.workbook import Workbook

PART = 30_000
SHEET = "Testi lunghi"
PREVIEW = 1_000
MARKER = re.compile(r"\[testo lungo: (\d+) caratteri nel foglio «Testi lunghi», "
                    r"sha256 ([0-9a-f]{64})\] ")


class LongTexts:
    """The long texts of one workbook (read once, added to as written). `rows`: the rows
    of the sheet «Testi lunghi» below its header (key, part, text), asked for when a text
    is first needed; `workbook`: the openpyxl workbook a new text goes into (None: the
    book only reads)."""

    def __init__(self, rows: Callable[[], Iterable[Sequence[Any]]],
                 workbook: Workbook | None = None) -> None:
        self.rows = rows
        self.workbook = workbook
        self._texts: dict[str, str] | None = None

    @classmethod
    def of(cls, workbook: Workbook) -> LongTexts:
        """The long texts of an openpyxl workbook, read from it and written into it."""
        def rows() -> Iterable[Sequence[Any]]:
            if SHEET not in workbook.sheetnames:
                return ()
            return list(workbook[SHEET].iter_rows(min_row=2, max_col=3, values_only=True))
        return cls(rows, workbook)

    def marker(self, text: str) -> str:
        """The cell value standing for `text` (stored in the sheet if new)."""
        key = hashlib.sha256(text.encode("utf-8")).hexdigest()
        texts = self._read()
        if key not in texts:
            sheet = self._sheet()
            for number, start in enumerate(range(0, len(text), PART), start=1):
                sheet.append([key, number, text[start:start + PART]])
            texts[key] = text
        return (f"[testo lungo: {len(text)} caratteri nel foglio «{SHEET}», sha256 {key}] "
                + text[:PREVIEW])

    def resolve_rows(self, rows: list[list[Any]], header_row: int, sheet: str) -> None:
        """Every marker in a table's body rows (`rows`: its header row first, at sheet row
        `header_row`) replaced by its whole text, in place; an error names its cell."""
        headers = header_names(rows[0])
        for r, row in enumerate(rows[1:], start=header_row + 1):
            for c, value in enumerate(row):
                if isinstance(value, str) and value.startswith("[testo lungo: "):
                    row[c] = self.resolve(value, {"foglio": sheet, "riga": r,
                                                  "colonna": headers[c]})

    def resolve(self, value: Any, where: dict[str, Any]) -> Any:
        """The whole text a marker stands for (other values as they are)."""
        if not isinstance(value, str) or not value.startswith("[testo lungo: "):
            return value
        found = MARKER.match(value)
        if found is None:
            return value
        length, key = int(found[1]), found[2]
        text = self._read().get(key)
        if text is None or len(text) != length or \
                hashlib.sha256(text.encode("utf-8")).hexdigest() != key:
            raise RisikoError(f"il testo lungo di questa cella manca o è stato cambiato nel "
                              f"foglio «{SHEET}» (controllo sha256 fallito)", **where,
                              valore=value[:80])
        return text

    def _sheet(self) -> Any:
        if self.workbook is None:
            raise RisikoError("comando di sola lettura: la cartella di lavoro non si modifica")
        if SHEET not in self.workbook.sheetnames:
            sheet = self.workbook.create_sheet(SHEET)
            sheet.append(["Chiave", "Parte", "Testo"])
            sheet.sheet_state = "hidden"
        return self.workbook[SHEET]

    def _read(self) -> dict[str, str]:
        if self._texts is None:
            parts: dict[str, dict[int, str]] = {}
            for row in self.rows():
                key, number, text = (*row[:3], None, None, None)[:3]
                if isinstance(key, str) and isinstance(number, int):
                    parts.setdefault(key, {})[number] = str(text or "")
            self._texts = {key: "".join(chunk[n] for n in sorted(chunk))
                           for key, chunk in parts.items()}
        return self._texts
