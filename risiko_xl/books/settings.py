"""The `Impostazioni` settings: how they are read and matched.

A setting is matched whatever its case and spacing and is never written twice; messages
name the setting's row of `Impostazioni`. The formula the settings name is resolved a
layer above (`sheets.formula_settings`).
"""

from __future__ import annotations

from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Table
from risiko_xl.cells import is_blank
from risiko_xl.errors import RisikoError


def setting_key(name: str) -> str:
    """How a setting's name is matched: case, surrounding and repeated spaces aside
    («metodo punteggio», «Metodo  Punteggio » are «Metodo punteggio»)."""
    return " ".join(str(name).split()).casefold()


class Settings(dict[str, Any]):
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


def settings_of(table: Table) -> dict[str, Any]:
    """`Voce` → `Valore` of the Impostazioni `table`; RisikoError naming both rows when a
    setting is written twice (which one counts would be a guess)."""
    found = Settings()
    rows: dict[str, Any] = {}
    for line in table:
        row, key, value = line.sheet_row, line.get("Voce"), line.get("Valore")
        if is_blank(key):
            continue
        name = str(key).strip()
        if setting_key(name) in rows:
            raise RisikoError(
                f"l'impostazione «{name}» è scritta due volte (righe "
                f"{rows[setting_key(name)]} e {row}): cancellarne una",
                foglio=table.sheet or schema.SETTINGS.sheet, riga=row,
                colonna="Voce", valore=key)
        rows[setting_key(name)] = row
        found[name] = value
    return found


def setting_row(table: Table, key: str) -> int | None:
    """The sheet row of setting `key` in the Impostazioni `table` (None: not there)."""
    wanted = setting_key(key)
    return next((row.sheet_row for row in table
                 if not is_blank(row.get("Voce")) and setting_key(row["Voce"]) == wanted), None)


VARIANT_KEY = "Variante formula"


def setting_rows(book: Book) -> dict[str, int]:
    """Sheet row of each `Impostazioni` key (for messages)."""
    table = book.read_table(schema.SETTINGS.name)
    return {str(row["Voce"]).strip(): row.sheet_row for row in table
            if row.get("Voce") and row.sheet_row is not None}
