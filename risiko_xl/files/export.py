"""`risiko-xl export`: a values-only copy for people without the add-in.

Formulas are replaced by the values Excel last computed, macros and the `xlwings.conf`
sheet are left out, so the copy opens anywhere (Excel without Python, LibreOffice,
Google Sheets) and shows the same numbers.
"""

from __future__ import annotations

from pathlib import Path

from risiko_xl.errors import RisikoError
from risiko_xl.files.safe_open import load
from risiko_xl.files.writes import atomic_write

CONFIG_SHEET = "xlwings.conf"


def export_values(source: Path, target: Path, force: bool = False) -> Path:
    """Write the values-only copy of `source` to `target` (.xlsx). An existing `target`
    (another tournament's workbook, an earlier copy) is replaced only when `force`."""
    source, target = Path(source), Path(target)
    if target.suffix.lower() != ".xlsx":
        raise RisikoError("la copia si salva in formato .xlsx", valore=target.name)
    if target.resolve() == source.resolve():
        raise RisikoError("la copia deve avere un nome diverso dall'originale",
                          valore=target.name)
    if target.exists() and not force:
        raise RisikoError("il file esiste già: per sostituirlo con la copia usare --forza",
                          valore=str(target))
    book = load(source, data_only=True, keep_vba=False)
    if CONFIG_SHEET in book.sheetnames:
        del book[CONFIG_SHEET]
    atomic_write(target, lambda temp: book.save(temp))
    return target
