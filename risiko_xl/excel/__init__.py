"""The Excel face: the worksheet functions (`functions`, taking and giving columns as
`function_columns` says, placing rows as `function_placement` does, drawing from columns
as `draw_columns` does) and the "RisiKo!" ribbon (`ribbon`: its buttons as data; `buttons`:
one action per button; `button_runner`: how an action runs in Excel). The workbooks call
the two thin entry points `risiko_xl.udfs` and `risiko_xl.actions`.

May import the commands, the services, the posts, `tournament`, `books`, the core,
`cells` and `errors`; the command line and the Lite face never import it, except the
worksheet functions the Lite workbook registers.
"""
