"""The tournament as read from its workbook: `Iscritti` and `Risultati` parsed into plain
records with located Italian errors (`records`), finding a player from what was typed
(`players`), every game scored (`scoring`), the whole state loaded and checked once
(`loading.load`) for the services to work from; what posts and score sheets show of it
as plain data (`post_source`, which imports only the core model); the core's errors
placed on the workbook (`sheet_errors.on_sheet`: a `RuleError`'s field, seat and record
as sheet, row and column) for every face.

May import the core, `books` (the interface and schema, never an adapter), `cells` and
`errors`; never the services, the posts or a face.
"""
