"""The book interface over tables handed to a worksheet function as blocks of values.

`RISIKO_RISULTATI` and `RISIKO_CLASSIFICA` receive whole Excel tables (`Tabella[#All]`:
the header row, then the body) and run the same services as the CLI on them. Each table
is assumed to start on row 1 of its sheet, as in the template, so messages name the
sheet row. Read-only: the worksheet function returns values, it writes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from risiko_xl.books import schema
from risiko_xl.books.book import header_names
from risiko_xl.books.settings import settings_of
from risiko_xl.books.table import Row, Table
from risiko_xl.cells import rows_2d
from risiko_xl.errors import RisikoError, listed

if TYPE_CHECKING:
    from risiko_xl.books.replaced_formulas import Replaced

SPECS = {spec.name: spec for spec in (schema.SETTINGS, schema.PLAYERS, schema.RESULTS)}


class ArrayBook:
    """Our tables `SPECS` from blocks (header row first); `read_table` like
    `OpenpyxlBook`'s."""

    live_functions = False
    path = None  # blocks passed to a worksheet function: no file

    def __init__(self, tables: dict[str, Any]) -> None:
        self._tables = {name: _table(name, block) for name, block in tables.items()}
        self.generation = 0  # never written: what `load` reads stays valid
        self.loaded: tuple[int, Any] | None = None
        self.replaced: list[Replaced] = []
        self.dropped: list[str] = []

    def table_names(self) -> list[str]:
        return list(self._tables)

    def read_table(self, name: str) -> Table:
        if name not in self._tables:
            raise RisikoError(f"manca la tabella «{name}» tra gli argomenti", valore=name)
        return self._tables[name].copy()

    def settings(self) -> dict[str, Any]:
        table = self.read_table(schema.SETTINGS.name)
        if "Voce" not in table.headers or "Valore" not in table.headers:
            raise RisikoError("servono le colonne Voce e Valore (Impostazioni[#All])",
                              foglio=schema.SETTINGS.sheet,
                              valore=f"intestazioni: {listed(table.headers) or 'nessuna'}")
        return settings_of(table)

    def beside(self, name: str) -> list[tuple[int, int, Any]]:
        return []  # blocks passed to a worksheet function: nothing around them

    def write_table(self, name: str, table: Table, replace_headers: bool = False) -> None:
        raise RisikoError("una funzione del foglio non modifica la cartella di lavoro")

    set_setting = write_table

    def save(self) -> None:
        raise RisikoError("una funzione del foglio non modifica la cartella di lavoro")


def _table(name: str, block: Any) -> Table:
    """A table block as `read_table` gives it: headers stripped, rows numbered from sheet
    row 2, empty rows dropped, empty text as empty cell."""
    spec = SPECS[name]
    rows = rows_2d(block)
    headers = header_names(rows[0])
    if len(set(h for h in headers if h)) < 2:
        raise RisikoError(f"serve la tabella intera con le intestazioni ({name}[#All])",
                          foglio=spec.sheet,
                          valore=headers[0] if headers else None)
    table = Table(headers, sheet=spec.sheet, name=name)
    for number, values in enumerate(rows[1:], start=2):
        cells = [None if v == "" else v for v in values]
        if any(v is not None for v in cells):
            table.rows.append(Row(dict(zip(headers, cells)), number))
    for header in spec.computed:
        if header not in table.headers:  # our own results are not passed to the function
            table.set_column(header, [None] * len(table))
    return table
