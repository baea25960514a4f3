"""openpyxl without numpy (issue 28). openpyxl imports numpy whenever it is installed
(OR-Tools, the draw's exact solver, brings it), only to accept numpy's number types as
cell values, which this package never writes: numpy's import was a twentieth of a command
at 400 players. `install()` puts a finder first on `sys.meta_path` that loads
`openpyxl.compat.numbers`, where openpyxl tries that import, with numpy hidden; numpy
itself stays importable (OR-Tools imports it when a draw is proved)."""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

WHERE = "openpyxl.compat.numbers"  # `try: import numpy … except ImportError: NUMPY = False`
HIDDEN = "numpy"


# (plain classes, not importlib.abc's: that import alone would double `risiko-xl --help`'s)
class _Hiding:
    """`loader`, with numpy hidden while the module runs."""

    def __init__(self, loader: importlib.machinery.SourceFileLoader) -> None:
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        made: ModuleType | None = self.loader.create_module(spec)
        return made

    def exec_module(self, module: ModuleType) -> None:
        had = HIDDEN in sys.modules
        before = sys.modules.get(HIDDEN)
        sys.modules[HIDDEN] = None  # type: ignore[assignment]  # «import numpy» fails
        try:
            self.loader.exec_module(module)
        finally:
            if had:
                sys.modules[HIDDEN] = before  # type: ignore[assignment]
            else:
                del sys.modules[HIDDEN]


class OpenpyxlWithoutNumpy:
    """Finds `WHERE` as the import system would, and loads it through `_Hiding`."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != WHERE:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _Hiding(spec.loader)  # type: ignore[arg-type, assignment]
        return spec


def install() -> None:
    """Once per process, before openpyxl is first imported (else nothing changes)."""
    if not any(isinstance(f, OpenpyxlWithoutNumpy) for f in sys.meta_path):
        sys.meta_path.insert(0, OpenpyxlWithoutNumpy())
