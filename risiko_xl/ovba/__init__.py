"""A writer of Office VBA projects (`vbaProject.bin`) from VBA source, in pure Python.

`compression` is MS-OVBA's CompressedContainer, `cfb` the MS-CFB compound file around the
streams, `project` the MS-OVBA streams (`dir`, `PROJECT`, `PROJECTwm`, `_VBA_PROJECT`, one
per module). No performance cache is written: Office compiles the source on first open.

A small self-contained library: imports nothing of RisiKo! (checked by `lint-imports`),
tested on its own by `tests/workbooks/test_ovba.py`.
"""

from risiko_xl.ovba.project import (
    Module,
    class_module,
    document_module,
    project_streams,
    standard_module,
    vba_project_bin,
)

__all__ = ["Module", "class_module", "document_module", "project_streams", "standard_module",
           "vba_project_bin"]
