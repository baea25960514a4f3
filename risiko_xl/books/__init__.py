"""The workbook as a book: its schema (sheets, Excel tables, headers), the `Book`
interface every face reads and writes through, the `Table` it reads and writes (plain
rows, each with its sheet row), and its adapters — `openpyxl_book` (a file: CLI,
LibreOffice users, tests; its ranges and its look in `openpyxl_ranges`,
`openpyxl_look`; the add-ins' parts it puts back on save in `web_extension`, the
formulas' saved values in `formula_cache`, what they read in `formula_inputs`; what a
save leaves out, said in `dropped_parts`),
`xlwings_book` (Excel open on the desk, and the book xlwings Lite hands a script;
its charts drawn by `xlwings_charts`),
`array_book` (blocks handed to a worksheet function) — with what they all apply: the
settings and the formula they name, the live formulas of `Calcoli`, native charts, the
workbook's look, texts longer than a cell, the user's formulas a command replaced.

May import the core (`rules`, `formulas`), `cells`, `errors` and `files`; never the
tournament model, the services, the posts or a face (checked by `lint-imports`).
"""
