"""LibreOffice headless printing one sheet of a workbook to PDF, as a person would."""

from __future__ import annotations

import subprocess
from pathlib import Path

from openpyxl import load_workbook

from tests.support.programs import need_program


def sheet_pdf(workbook: Path, sheet: str, outdir: Path) -> Path:
    """`sheet` of `workbook` printed to PDF by LibreOffice with the workbook's own print
    setup (the other sheets removed in a copy: a PDF export prints every sheet)."""
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    outdir.mkdir(parents=True, exist_ok=True)
    book = load_workbook(workbook)
    for other in [s for s in book.worksheets if s.title != sheet]:
        book.remove(other)
    book.active = 0
    copy = outdir / f"{sheet}.xlsx"
    book.save(copy)
    profile = (outdir / "profile").resolve().as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless",
                    "--convert-to", "pdf", "--outdir", str(outdir), str(copy)],
                   check=True, capture_output=True, timeout=180)
    return outdir / f"{sheet}.pdf"
