"""Build artefacts shipped with the package: the tournament workbook made from the
schema, byte for byte reproducible (`template`), and the macro-enabled `torneo.xlsm`
with the ribbon and its VBA (`xlsm`), both rebuilt by `make template`.

May import everything below the faces (`books`, `tournament`, `services`, `ovba`).
"""
