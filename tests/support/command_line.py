"""The command line as tests type it: one call, its exit code and everything it said."""

from __future__ import annotations

import contextlib
import io

from risiko_xl.cli import main


def run(*argv: object) -> tuple[int, str]:
    """`risiko-xl ARGV…` in this process: (exit code, stdout and stderr together)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main([str(a) for a in argv])
    return code, out.getvalue()
