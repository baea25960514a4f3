"""The tournament workbooks we make, at every `risiko-xl nuovo` and for the shipped files:
the workbook made from the schema, byte for byte reproducible (`template`), the
macro-enabled `torneo.xlsm` with the ribbon and its VBA (`xlsm`, the worksheet functions'
wrappers from `udf_wrappers`), and `torneo-lite.xlsx` with the xlwings Lite add-in and
its code, what it reaches of the package inside (`lite`; also `restore_lost_code`, which
every command runs when a spreadsheet program dropped that code); `make template`
rebuilds the shipped ones.

May import everything below the faces (`excel`'s ribbon table, `commands`, `books`,
`tournament`, `services`, `publish`, `ovba`); it reads the xlwings Lite face's `main.py`
as a file, never imports it.
"""
