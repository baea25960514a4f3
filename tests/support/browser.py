"""Headless Chromium as an independent reader of our HTML (CONTRIBUTING.md, «Real
programs as readers»): the DOM it builds, what it paints, what it prints."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from tests.support.programs import need_program

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--no-first-run", "--disable-extensions")


def chromium(page: Path, *args: str) -> subprocess.CompletedProcess:
    """Run Debian's chromium on `page` with a throwaway profile."""
    program = need_program("chromium", "serve Chromium headless (pacchetto chromium)")
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([program, *FLAGS, f"--user-data-dir={profile}", *args,
                               page.resolve().as_uri()],
                              check=True, capture_output=True, timeout=120)


def dom(page: Path) -> str:
    """The DOM after Chromium loaded and laid out the page, serialised."""
    return chromium(page, "--dump-dom").stdout.decode("utf-8")


def screenshot(page: Path, out: Path, width: int = 1000, height: int = 1400) -> Path:
    chromium(page, f"--screenshot={out}", f"--window-size={width},{height}")
    return out


def print_pdf(page: Path, out: Path) -> Path:
    """Print `page` as a user would (no header/footer)."""
    chromium(page, f"--print-to-pdf={out}", "--no-pdf-header-footer")
    return out
