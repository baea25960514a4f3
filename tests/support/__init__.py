"""Helpers shared by the test modules, and nothing else: programs a test needs (`programs`),
readers of our output through real programs (`lo_reader`, `lo_print`, `browser`, `pdf_text`),
the readers of the posts (`post_readers`), posts and score sheets of a workbook made as
the faces make them (`publishing`), the xlwings stand-in for Excel (`excel_standin`,
with the search for its licence key in what is shipped) and its worksheet-function
evaluator (`formula_eval`), workbooks typed as a user would (`tournament_typing`,
`phase_books`), the seeds' tie-break chains (`seed_chains`), the
formulas' end-to-end cases (`preset_cases`), the check of a compound file's directory
(`compound_files`), the reader of the worksheet functions' VBA wrappers
(`udf_wrappers`) and small tournaments in GestioneTorneo's layout with their points
computed by hand (`gestionetorneo`; a master with its semifinals and final,
`gestionetorneo_master`).

Test modules import from here, never from one another; these modules may import
`risiko_xl` and each other, never a test module.
"""
