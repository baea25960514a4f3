"""File safety, for any file and with nothing of RisiKo! in it: atomic writes with a
backup (`writes`), every version kept with who wrote it (`history`, `restore`), one
writer at a time and respect for the programs that hold the file open (`lock`), opening
a file that may come from anyone (`safe_open`), the cells of a spreadsheet that hold
something, whatever its sheets' size (`sparse`: .xlsx, .xls, .ods), and a values-only
copy (`export`).

May import `errors` and `clock` only.
"""
