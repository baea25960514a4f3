"""The commands, defined once for every face (`model`: what a command is; `desk`: the
organiser's commands the command line, the ribbon and the xlwings Lite scripts share).

May import the services, the posts, `tournament`, `books` (the `Book` port only), the
core, `cells` and `errors`; never a face (checked by `lint-imports`: the layers in
pyproject.toml).
"""
