"""GestioneTorneo's tournament workbook (`ModuloTorneo.xls`, github.com/Vjger/GestioneTorneo):
where everything sits (`layout`, the one description of it), what it holds as plain data
(`model`), reading it from `.xls`, `.xlsx` or `.ods` (`reader`; its cells, read sparsely
by `files.sparse`, in `cells`) and writing it back (`writer`: openpyxl, then `.xls`
through LibreOffice when it is installed) with GestioneTorneo's own look (`look`:
widths, styles, number formats, print setup).

Nothing of our own workbook or of RisiKo!'s rules here: the services translate.
May import `errors`, `names` (which characters a name may hold) and `files` only.
"""
