"""`risiko-xl export`: a values-only copy for people without the add-in.

Formulas are replaced by the values Excel last computed, macros and the `xlwings.conf`
sheet are left out, so the copy opens anywhere (Excel without Python, LibreOffice,
Google Sheets) and shows the same numbers. A formula the file holds no value for (saved by a
program that does not compute, or emptied by a command because what it reads changed) is
refused, naming its cell: the copy would show an empty cell where the workbook shows a
number.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook

from risiko_xl.errors import RisikoError
from risiko_xl.files.safe_open import load
from risiko_xl.files.saved_values import saved_values
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
    _refuse_unsaved(source, load(source, keep_vba=False), book)
    if CONFIG_SHEET in book.sheetnames:
        del book[CONFIG_SHEET]
    atomic_write(target, lambda temp: book.save(temp))
    return target


def _refuse_unsaved(source: Path, formulas: Workbook, values: Workbook) -> None:
    """RisikoError naming the first formula of `formulas` whose saved value `values`
    lacks: none for a number; for a text, openpyxl reads an empty result and no value
    alike (None), so the file's own XML tells (`saved_values`)."""
    found = []
    for sheet in formulas.worksheets:
        if sheet.title == CONFIG_SHEET:
            continue
        saved = values[sheet.title]._cells  # openpyxl's cells, read without creating them
        for (row, column), cell in sorted(sheet._cells.items()):
            value = saved.get((row, column))
            if cell.data_type == "f" and (value is None or (
                    value.value is None and value.data_type in ("n", "str"))):
                text = value is not None and value.data_type == "str"
                found.append((sheet.title, row, column, cell.value, text))
    texts: dict[str, set[str]] = {}
    for title, row, column, _, text in found:
        if text:
            texts.setdefault(title, set()).add(f"{get_column_letter(column)}{row}")
    kept = saved_values(source, texts) if texts else {}
    missing = [(title, row, column, formula) for title, row, column, formula, text in found
               if not text or f"{get_column_letter(column)}{row}" not in kept.get(title, {})]
    if not missing:
        return
    sheet, row, column, text = missing[0]
    others = (f" (e altre {len(missing) - 1} formule senza valore)" if len(missing) > 2
              else " (e un'altra formula senza valore)" if len(missing) == 2 else "")
    raise RisikoError("formula senza valore salvato: la copia mostrerebbe la cella vuota; "
                      f"apri e salva il file in Excel o LibreOffice e ripeti la copia{others}",
                      foglio=sheet, riga=row, colonna=get_column_letter(column),
                      valore=getattr(text, "text", None) or str(text))
