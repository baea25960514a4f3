"""Whether the process that wrote a lock or a temporary file still runs on this computer.

Under WebAssembly (Pyodide: xlwings Lite, a browser) there is one process, this one, and
no psutil (pyproject.toml installs it everywhere else): any other process id is gone.
"""

from __future__ import annotations

import os
import sys


def running(pid: int) -> bool:
    """True when process `pid` runs on this computer (this process included)."""
    if pid == os.getpid():
        return True
    if sys.platform == "emscripten":
        return False
    import psutil

    return bool(psutil.pid_exists(pid))


def libreoffice_running() -> bool:
    """True when a LibreOffice process (`soffice`, `soffice.bin`, `soffice.exe`) runs on
    this computer, or when that cannot be known (WebAssembly)."""
    if sys.platform == "emscripten":
        return True
    import psutil

    return any((p.info.get("name") or "").lower().startswith("soffice")
               for p in psutil.process_iter(["name"]))
