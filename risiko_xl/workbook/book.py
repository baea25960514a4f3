"""The "book" interface: how every face reads and writes the tournament workbook.

Two implementations share it: `OpenpyxlBook` (files, CLI, tests) and, with the Excel
integration, an xlwings one (live Excel). Tables come back as pandas DataFrames whose
index is the sheet row number, so messages can name the row a value came from.
"""

from __future__ import annotations

from typing import Any, Protocol

import pandas as pd


class Book(Protocol):
    """What the services need from a workbook."""

    def table_names(self) -> list[str]: ...

    def read_table(self, name: str) -> pd.DataFrame: ...

    def write_table(self, name: str, frame: pd.DataFrame,
                    replace_headers: bool = False) -> None: ...

    def settings(self) -> dict[str, Any]: ...

    def set_setting(self, key: str, value: Any) -> None: ...

    def save(self) -> None: ...
