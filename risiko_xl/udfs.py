"""The worksheet functions' entry point: the name the workbooks call (`macros/xlwings_udfs.bas`,
the xlwings Lite `main.py`) for the functions of `risiko_xl.excel.functions` (its
`__all__`)."""

from risiko_xl.excel.functions import *  # noqa: F403
from risiko_xl.excel.functions import __all__  # noqa: F401
