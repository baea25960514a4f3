"""Comparing tables read from a workbook cell by cell, as Excel would show them."""

from __future__ import annotations

import numpy as np
import pandas as pd

from risiko_xl.cells import is_blank


def norm(value):
    """A cell as compared: blanks alike, numbers as floats (Excel has no integers)."""
    if is_blank(value):
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float, np.number)):
        return round(float(value), 9)
    return value


def differences(expected: pd.DataFrame, found: pd.DataFrame, skip=()) -> list[str]:
    name = expected.attrs.get("table")
    if list(expected.columns) != list(found.columns):
        return [f"{name}: colonne {list(found.columns)} invece di {list(expected.columns)}"]
    if list(expected.index) != list(found.index):
        return [f"{name}: righe {list(found.index)} invece di {list(expected.index)}"]
    out = []
    for row in expected.index:
        for column in expected.columns:
            if column in skip:
                continue
            want, got = norm(expected.at[row, column]), norm(found.at[row, column])
            if want != got:
                out.append(f"{name} riga {row} colonna {column}: {got!r} invece di {want!r}")
    return out
