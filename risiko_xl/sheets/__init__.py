"""What our sheets mean beyond their tables, a layer above the workbook port (`books`).

- `formula_settings`: the formula the `Impostazioni` settings name, resolved;
- `formula_sheet`: the `Formula` sheet, read and kept in step with that formula;
- `look`: how the workbook reads and prints, given to it at every save (`look.save`);
- `live_formulas`: the `Calcoli` sheet's worksheet functions.

The books below draw what is decided here (`books.canvas`); nothing below imports it.
"""
