"""Reading back what we print: a PDF's text by poppler, an HTML file by html5lib."""

from __future__ import annotations

import subprocess
from pathlib import Path

import html5lib

from tests.support.programs import need_program


def page_texts(pdf: Path) -> list[str]:
    """The text of each page (poppler's pdftotext; pages split at form feeds)."""
    pdftotext = need_program("pdftotext", "serve poppler-utils per leggere i PDF")
    text = subprocess.run([pdftotext, "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True, timeout=60).stdout
    return text.split("\f")[:-1]


def parse(path: Path):
    return html5lib.parse(path.read_text(encoding="utf-8"), namespaceHTMLElements=False)
