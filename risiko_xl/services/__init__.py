"""One service per command, shared by every face (CLI, ribbon, Lite): drawing a round
(`rounds`), every round at once (`all_rounds`), repairing a drawn round (`repair_round`),
registering players (`register`, `roster`), refreshing the standings
(`standings_sheet`), the final phases and withdrawals (`finals_sheet`, `phase_check`),
the computed cells (`computed_cells`), `verify`, the `Sorteggi`/`Archivio` audit
(`audit`) and what the posts and score sheets show, read once (`publication`).

May import the core, `books`, `tournament`, `files`, `cells` and `errors`; never the
posts or a face.
"""
