"""Build artefacts shipped with the package: the tournament workbook made from the
schema, byte for byte reproducible (`template`), and the macro-enabled `torneo.xlsm`
with the ribbon and its VBA (`xlsm`), and `torneo-lite.xlsx` with the xlwings Lite add-in
and its code, the package inside (`lite`), all rebuilt by `make template`.

May import everything below the faces (`books`, `tournament`, `services`, `publish`,
`ovba`); it reads the xlwings Lite face's `main.py` as a file, never imports it.
"""
