"""The first import of the xlwings Lite workbook's main.py (the package unpacked from it and
imported) under WebAssembly (Pyodide in Node.js) against CPython, in one run.

    python benchmarks/lite_import.py

Runs tests/support/lite_probe.py on workbook/torneo-lite.xlsx on CPython and under Pyodide
with only what the workbook's requirements.txt installs (`make wasm`): main.py is loaded
five times in each, every time into a fresh temporary folder, as at a new start of the
add-in. Prints the first load (cold: openpyxl, Jinja2, Babel and xlwings' own modules
imported too) and the median of the others (the package alone unpacked and imported).
Without Node or `make wasm` it says so and measures CPython only.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from risiko_xl.workbooks.lite import workbook_code
from tests.support import webassembly


def main() -> None:
    runs = {}
    why = webassembly.missing_lite()
    with tempfile.TemporaryDirectory() as temp:
        folder = webassembly.lite_folder(Path(temp) / "in")
        for name, under_pyodide in (("CPython", False), ("Pyodide", True)):
            if under_pyodide and why is not None:
                continue
            out = Path(temp) / name
            done = webassembly.probe_lite(folder, out, under_pyodide)
            if done.returncode != 0:
                raise SystemExit((done.stdout + done.stderr)[-3000:])
            runs[name] = json.loads((out / "risultati.json").read_text(encoding="utf-8"))
    size = len(workbook_code(webassembly.LITE_WORKBOOK)["main.py"])
    print(f"Import del main.py di {webassembly.LITE_WORKBOOK.name} ({size / 1e6:.2f} MB, "
          "il pacchetto dentro): " + ", ".join(f"{name}: Python {run['python']}"
                                               for name, run in runs.items()))
    for name, run in runs.items():
        first, *again = run["load_seconds"]
        print(f"  {name}: il primo {first:.3f} s (a freddo), poi mediana "
              f"{statistics.median(again):.3f} s su {len(again)}")
    if "Pyodide" in runs:
        ratio = (statistics.median(runs["Pyodide"]["load_seconds"][1:])
                 / statistics.median(runs["CPython"]["load_seconds"][1:]))
        print(f"  WebAssembly/CPython ×{ratio:.2f} (mediane)")
    else:
        print(f"  (Pyodide non misurato: {why})")


if __name__ == "__main__":
    main()
