"""LibreOffice headless as an independent reader of our workbooks (CONTRIBUTING.md,
«Real programs as readers»)."""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

from tests.support.programs import need_program

# CSV export options: ',' '"' UTF-8, row 1, -, lang, quoted-as-text off, detect numbers,
# raw values (not as shown), no formulas, keep spaces, every sheet to its own file (-1).
ALL_SHEETS_CSV = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"


def sheets_as_csv(workbook: Path, outdir: Path) -> dict[str, list[list[str]]]:
    """Open `workbook` in LibreOffice (which recalculates on load) and return every sheet
    as the rows of text LibreOffice exported, keyed by sheet name."""
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    outdir.mkdir(parents=True, exist_ok=True)
    profile = (outdir / "profile").resolve().as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless",
                    "--convert-to", ALL_SHEETS_CSV, "--outdir", str(outdir), str(workbook)],
                   check=True, capture_output=True, timeout=180)
    sheets = {}
    for path in outdir.glob(f"{workbook.stem}-*.csv"):
        with path.open(encoding="utf-8", newline="") as handle:
            sheets[path.stem[len(workbook.stem) + 1:]] = list(csv.reader(handle))
    return sheets
