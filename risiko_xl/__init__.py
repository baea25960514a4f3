"""risiko_xl — RisiKo! tournaments in Excel (xlwings add-in) and on the command line."""

from risiko_xl import lean_imports

__version__ = "0.1.0"

lean_imports.install()  # openpyxl without numpy: see the module
