"""What a cell typed by hand may hold, for every reader of the workbook (the worksheet
functions, the workbook readers, the formula's own sheet): a number typed as text, and the
length of a text.

A number typed as text is digits and the decimal comma only («1.000», «1_3»,
«1e1» would read as 1, 13, 10, so they are refused); a cell holds at most 32,767
characters (Excel's limit; openpyxl would cut a longer text without a word).
"""

from __future__ import annotations

import re

NEED_NUMBER = "serve un numero"
TEXT_NUMBER = re.compile(r"[+-]?\d+(,\d+)?")  # digits, the decimal comma: nothing else
TEXT_NUMBER_HINT = (" (solo cifre, con la virgola per i decimali: niente punti, spazi o "
                    "esponenti)")
CELL_LIMIT = 32_767  # characters in one Excel cell (as Excel counts them: `excel_length`)


def excel_length(text: str) -> int:
    """`text`'s length as Excel counts it against `CELL_LIMIT`: in UTF-16 units, so a
    character beyond the Basic Multilingual Plane (an emoji, 🎲) counts 2."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)
