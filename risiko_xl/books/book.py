"""The "book" interface: how every face reads and writes the tournament workbook.

Two implementations share it: `OpenpyxlBook` (files, CLI, tests) and, with the Excel
integration, an xlwings one (live Excel). Tables come back as `Table`s whose rows know
their sheet row number, so messages can name the row a value came from.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from risiko_xl.books import schema
from risiko_xl.books.table import Row, Table
from risiko_xl.errors import RisikoError, listed

if TYPE_CHECKING:
    from risiko_xl.books.replaced_formulas import Replaced

SHEET_OF = {spec.name: spec.sheet for spec in (  # our tables' sheets
    schema.SETTINGS, schema.CALENDAR, schema.PLAYERS, schema.RESULTS, schema.DRAWS,
    schema.TEAMS, schema.ARCHIVE, schema.QUALIFIERS, schema.FINAL_RANKING, schema.MAP,
    schema.FORMULA, schema.standings_spec(0))}


@dataclass(frozen=True)
class BookKind:
    """What kind of workbook of ours a file is: the tables that make it one (any of them),
    what it is called, the command that makes one, each table's sheet."""

    tables: tuple[str, ...]
    what: str
    made_by: str
    sheet_of: Mapping[str, str]


def missing_table(name: str, sheets: Sequence[str], tables: Sequence[str],
                  kind: BookKind | None = None) -> RisikoError:
    """The error for table `name` not found: its sheet is gone, or the table renamed or
    removed. The value found: the closest name among the sheets (tables) not ours (one
    renamed), else every sheet (table) of the file."""
    kind = kind or TOURNAMENT
    sheet = kind.sheet_of.get(name)
    if sheet is not None and sheet not in sheets:
        return RisikoError(f"manca il foglio «{sheet}» (con la tabella {name}): ripristinarlo "
                           f"o ricreare il file con «{kind.made_by}»",
                           valore=_instead(sheet, sheets, set(kind.sheet_of.values()), "fogli"))
    found = _instead(name, tables, set(kind.sheet_of), "tabelle")
    return RisikoError(f"manca la tabella Excel «{name}»"
                       + ("" if found.startswith("tabelle: ") else " (rinominata?)")
                       + f": ricreare il file con «{kind.made_by}» o ripristinarla",
                       foglio=sheet, valore=found)


def _instead(name: str, found: Sequence[str], ours: set[str], what: str) -> str:
    """What the file holds in place of `name`: the closest of the names `found` that are
    not `ours` (a renamed one), else «`what`: » and all of them."""
    others = [f for f in found if f not in ours]
    close = difflib.get_close_matches(name, others, n=1, cutoff=0.6)
    return close[0] if close else f"{what}: {listed(found) or 'nessuna'}"


# a tournament's file has one of these at least; people type into these and the calendar:
# rows typed right below them belong to them (Excel would have
# extended the table; openpyxl, LibreOffice and Numbers leave its range alone)
CORE_TABLES = (schema.SETTINGS.name, schema.PLAYERS.name, schema.RESULTS.name)
TOURNAMENT = BookKind(CORE_TABLES, "la cartella di lavoro di un torneo", "risiko-xl nuovo",
                      SHEET_OF)
TYPED_TABLES = (*CORE_TABLES, schema.CALENDAR.name)


def last_typed_row(table: str, sheet: str, last_row: int, stop: int,
                   first_filled: Callable[[int], Any]) -> int:
    """The last row of `table` (now ending at `last_row`) once the rows typed right below
    it are taken in (`TYPED_TABLES`); RisikoError naming the row for values typed further
    down, after empty rows (never ignored). Rows are looked at up to `stop` (excluded:
    the sheet's end, or another table below); `first_filled(row)`: the row's first
    non-empty value within the table's columns (None: none)."""
    last = last_row
    for row in range(last_row + 1, stop):
        value = first_filled(row)
        if value is None:
            continue
        if row != last + 1:
            raise RisikoError(
                f"dati scritti sotto la tabella {table}, staccati da righe vuote: "
                "spostarli nella tabella (subito sotto la sua ultima riga) o cancellarli",
                foglio=sheet, riga=row, valore=value)
        last = row
    return last


def header_names(cells: Sequence[Any]) -> list[str]:
    """A table's headers as its header cells hold them: text, stripped ("" for a blank)."""
    return [str(h).strip() if h is not None else "" for h in cells]


def body_table(rows: list[list[Any]], header_row: int, sheet: str, name: str) -> Table:
    """The `Table` of a table's cells (`rows`: its header row first, at sheet row
    `header_row`): headers stripped, empty rows left out, each row with its sheet row."""
    headers = header_names(rows[0])
    return Table(headers, [Row(dict(zip(headers, row)), r)
                           for r, row in enumerate(rows[1:], start=header_row + 1)
                           if any(v is not None and v != "" for v in row)],
                 sheet, header_row, name)


def checked_table(book: Book, spec: schema.TableSpec) -> Table:
    """Table `spec` with its required headers checked (user columns kept)."""
    table = book.read_table(spec.name)
    repeated = [h for i, h in enumerate(table.headers) if h in table.headers[:i]]
    if repeated:  # a row holds one value per header: one of them would be lost
        header = repeated[0]
        raise RisikoError(f"intestazione {f'«{header}»' if header else 'vuota'} ripetuta nella "
                          f"tabella {spec.name} (ogni colonna deve avere un nome diverso)",
                          foglio=spec.sheet, colonna=header or None, valore=header or None)
    missing = [h for h in spec.required if h not in table.headers]
    if missing:
        raise RisikoError(f"manca la colonna «{missing[0]}» nella tabella {spec.name} "
                          "(le intestazioni non vanno rinominate)",
                          foglio=table.sheet or spec.sheet, riga=table.header_row,
                          colonna=missing[0], **_renamed(missing[0], table.headers, spec))
    return table


def _renamed(missing: str, headers: Sequence[str], spec: schema.TableSpec) -> dict[str, Any]:
    """The header that looks like `missing` (a typo, or emptied) as the value found;
    else the headers not ours (one of them renamed), else the table's headers (the
    column taken out)."""
    unknown = [str(h) for h in headers if h not in spec.headers]
    named = [h for h in unknown if h]
    close = [h for h in named if missing.casefold() in h.casefold()] or \
        difflib.get_close_matches(missing, named, n=1, cutoff=0.6)
    if close:
        return {"valore": close[0]}
    if "" in unknown:
        return {"valore": None}
    return {"valore": listed(named) if named
            else f"intestazioni: {listed([str(h) for h in headers]) or 'nessuna'}"}


class Book(Protocol):
    """What the services need from a workbook: its tables and settings, read and written,
    and saving it (what a real workbook also draws is `canvas.Canvas`). `live_functions`:
    whether the application holding the book computes our worksheet functions (Excel on
    Windows). `generation`:
    the writes so far, and `loaded` the tournament read at that generation (so a command
    reads and scores it once between writes, `tournament.loading.load`). `replaced`: the
    formulas the organiser typed in our cells that a write replaced by values; `dropped`:
    the parts of the file the library could not keep; both said when it is saved."""

    live_functions: bool
    generation: int
    loaded: tuple[int, Any] | None
    replaced: list[Replaced]
    dropped: list[str]

    @property
    def path(self) -> Path | None:
        """The workbook's file (None: a workbook never saved, or blocks passed to a
        worksheet function): beside it go the score sheets, the posts, a logo's folder."""
        ...

    def table_names(self) -> list[str]: ...

    def read_table(self, name: str) -> Table:
        """All columns of table `name` (user columns too), empty rows left out; a copy
        the caller may change."""
        ...

    def write_table(self, name: str, table: Table, replace_headers: bool = False) -> None:
        """Replace the body of table `name` with `table`'s rows (columns matched by header;
        the book's columns missing from `table` left blank, its extra ones appended). With
        `replace_headers` the columns become exactly `table.headers`."""
        ...

    def beside(self, name: str) -> list[tuple[int, int, Any]]:
        """The non-empty cells right of table `name` on its body rows, as (sheet row,
        sheet column, value): something typed beside the table, not in it."""
        ...

    def settings(self) -> dict[str, Any]: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def save(self) -> None:
        """Write the workbook (a file: atomically). Faces save through
        `sheets.look.save`, which first gives the book its look."""
        ...
