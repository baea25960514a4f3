"""One service per command, shared by every face (CLI, ribbon, Lite): drawing a round
(`rounds`), every round at once (`all_rounds`), what the buttons of the two Excel faces read
and write alike (`buttons`), repairing a drawn round (`repair_round`),
registering players (`register`, `roster`), refreshing the standings
(`standings_sheet`), the final phases and withdrawals (`finals_sheet`, `phase_check`),
the computed cells (`computed_cells`), what the organiser typed in a table written
anew (`typed_columns`), `verify`, the `Sorteggi`/`Archivio` audit
(`audit`), what the posts and score sheets show, read once (`publication`), and
GestioneTorneo's workbook in and out (`import_gt`, `export_gt`).

May import the core, `books`, `gestionetorneo`, `tournament`, `files`, `cells` and
`errors`; never the posts or a face.
"""
