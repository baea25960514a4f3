"""A workbook table as the books read and write it: headers and rows of plain values.

`Book.read_table` gives a `Table`: its `headers` in sheet order (the organiser's own
columns kept), its `rows`, each holding its values by header and the sheet row it was
read from (so a message can name it), and where the table sits (`sheet`, `header_row`).
Values are plain Python as the spreadsheet holds them: None for a blank cell, numbers,
text, dates. `Book.write_table` writes the rows in list order below the header; a row
made here (`append`) has no sheet row until the table is read again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Row:
    """One table row: `values` by header; `sheet_row` where it was read (None: new)."""

    values: dict[str, Any]
    sheet_row: int | None = None

    def __getitem__(self, header: str) -> Any:
        return self.values[header]

    def __setitem__(self, header: str, value: Any) -> None:
        self.values[header] = value

    def get(self, header: str, default: Any = None) -> Any:
        return self.values.get(header, default)

    @property
    def read_at(self) -> int:
        """The sheet row of a row read from a sheet (a row appended since has none)."""
        if self.sheet_row is None:
            raise ValueError("row not read from a sheet")
        return self.sheet_row


@dataclass
class Table:
    """Headers in sheet order and rows in list order; see the module's docstring."""

    headers: list[str]
    rows: list[Row] = field(default_factory=list)
    sheet: str = ""
    header_row: int | None = None
    name: str = ""

    @classmethod
    def of(cls, records: Iterable[Mapping[str, Any]],
           headers: Sequence[str] | None = None) -> Table:
        """A new table of `records` (dicts by header). Headers: `headers` (a record's other
        keys left out), else each record's keys in order of first appearance."""
        if headers is None:
            table = cls([])
            table.extend(records)
            return table
        return cls(list(headers), [Row({h: values.get(h) for h in headers})
                                   for values in records])

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def column(self, header: str) -> list[Any]:
        """The values under `header`, one per row (None where a row has none)."""
        return [row.values.get(header) for row in self.rows]

    def by_sheet_row(self) -> dict[int, Row]:
        """The rows read from the sheet, by sheet row."""
        return {row.sheet_row: row for row in self.rows if row.sheet_row is not None}

    def append(self, values: Mapping[str, Any]) -> Row:
        """Add a new row at the end; headers it brings are added after the others."""
        for header in values:
            if header not in self.headers:
                self.headers.append(header)
        row = Row(dict(values))
        self.rows.append(row)
        return row

    def extend(self, records: Iterable[Mapping[str, Any]]) -> None:
        for values in records:
            self.append(values)

    def set_column(self, header: str, values: Sequence[Any]) -> None:
        """Fill column `header` (added at the end when missing) with `values`, by row."""
        if len(values) != len(self.rows):
            raise ValueError(f"{len(values)} values for {len(self.rows)} rows")
        if header not in self.headers:
            self.headers.append(header)
        for row, value in zip(self.rows, values):
            row.values[header] = value

    def where(self, keep: Callable[[Row], bool]) -> Table:
        """A copy holding the rows `keep` accepts (sheet rows kept)."""
        copy = self.copy()
        copy.rows = [row for row in copy.rows if keep(row)]
        return copy

    def copy(self) -> Table:
        """A copy whose rows can change without changing this table."""
        return Table(list(self.headers), [Row(dict(r.values), r.sheet_row) for r in self.rows],
                     self.sheet, self.header_row, self.name)
