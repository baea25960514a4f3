"""The "book" interface: how every face reads and writes the tournament workbook.

Two implementations share it: `OpenpyxlBook` (files, CLI, tests) and, with the Excel
integration, an xlwings one (live Excel). Tables come back as pandas DataFrames whose
index is the sheet row number, so messages can name the row a value came from.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pandas as pd

from risiko_xl.errors import RisikoError
from risiko_xl.workbook import schema
from risiko_xl.workbook.charts import ChartSpec

if TYPE_CHECKING:
    from risiko_xl.workbook.layout import Look
    from risiko_xl.workbook.live import SheetFormula

SHEET_OF = {spec.name: spec.sheet for spec in (  # our tables' sheets
    schema.SETTINGS, schema.CALENDAR, schema.PLAYERS, schema.RESULTS, schema.DRAWS,
    schema.TEAMS, schema.ARCHIVE, schema.QUALIFIERS, schema.FINAL_RANKING, schema.MAP,
    schema.standings_spec(0))}


def setting_key(name: str) -> str:
    """How a setting's name is matched: case, surrounding and repeated spaces aside
    («metodo punteggio», «Metodo  Punteggio » are «Metodo punteggio»)."""
    return " ".join(str(name).split()).casefold()


class Settings(dict):
    """`Voce` → `Valore`, looked up by `setting_key` (a setting typed with other case or
    spacing is never ignored), keeping the names as typed."""

    def __getitem__(self, key: Any) -> Any:
        return dict.__getitem__(self, self._typed(key))

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, self._typed(key))

    def get(self, key: Any, default: Any = None) -> Any:
        return dict.get(self, self._typed(key), default)

    def _typed(self, key: Any) -> Any:
        wanted = setting_key(key)
        return next((k for k in self if setting_key(k) == wanted), key)


def settings_of(frame: pd.DataFrame) -> dict[str, Any]:
    """`Voce` → `Valore` of the Impostazioni table read as `frame`; RisikoError naming
    both rows when a setting is written twice (which one counts would be a guess)."""
    found = Settings()
    rows: dict[str, Any] = {}
    for row, key, value in zip(frame.index, frame["Voce"], frame["Valore"]):
        if key is None or key != key or not str(key).strip():  # empty (None, NaN, "")
            continue
        name = str(key).strip()
        if setting_key(name) in rows:
            raise RisikoError(
                f"l'impostazione «{name}» è scritta due volte (righe "
                f"{rows[setting_key(name)]} e {row}): cancellarne una",
                foglio=frame.attrs.get("sheet", schema.SETTINGS.sheet), riga=int(row),
                colonna="Voce", valore=key)
        rows[setting_key(name)] = row
        found[name] = value
    return found


def missing_table(name: str, sheets: Sequence[str], tables: Sequence[str]) -> RisikoError:
    """The error for table `name` not found: its sheet is gone, or the table renamed
    (the closest table name is shown as the value found)."""
    sheet = SHEET_OF.get(name)
    if sheet is not None and sheet not in sheets:
        return RisikoError(f"manca il foglio «{sheet}» (con la tabella {name}): ripristinarlo "
                           "o ricreare il file con «risiko-xl nuovo»")
    others = difflib.get_close_matches(name, tables, n=1, cutoff=0.6)
    return RisikoError(f"manca la tabella Excel «{name}»" + (" (rinominata?)" if others else "")
                       + ": ricreare il file con «risiko-xl nuovo» o ripristinarla", foglio=sheet,
                       **({"valore": others[0]} if others else {}))


class Book(Protocol):
    """What the services need from a workbook. `live_functions`: whether the application
    holding the book computes our worksheet functions (Excel on Windows)."""

    live_functions: bool

    def table_names(self) -> list[str]: ...

    def read_table(self, name: str) -> pd.DataFrame: ...

    def write_table(self, name: str, frame: pd.DataFrame,
                    replace_headers: bool = False) -> None: ...

    def settings(self) -> dict[str, Any]: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def set_chart(self, spec: ChartSpec) -> None:
        """Draw `spec` next to its table, replacing the chart with the same title on that
        sheet (an empty spec only removes it)."""
        ...

    def set_sheet_formulas(self, sheet: str, note: str,
                           formulas: Sequence[SheetFormula]) -> None:
        """Empty sheet `sheet` (created at the end if missing), write `note` in A1 and
        each formula over its block."""
        ...

    def apply_look(self, look: Look) -> None:
        """Number formats, widths, hidden sheets and print setup (see `layout`)."""
        ...

    def save(self) -> None: ...
