"""risiko_xl — RisiKo! tournaments in Excel (xlwings add-in) and on the command line."""

__version__ = "0.1.0"
