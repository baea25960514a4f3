"""The xlwings Lite face: the tournament workbook run in Excel without Python installed
(Windows, macOS, Excel on the web), through the free xlwings Lite add-in (Pyodide).

`main` is the workbook's `main.py` (one `@script` per ribbon button, the worksheet
functions of `risiko_xl.udfs` as custom functions); `risiko_xl.workbooks.lite` writes it, with
this package inside, into the workbook. `steps` is what each script does, over the same
services as the CLI. May import everything but the command line (`lint-imports`).
"""
