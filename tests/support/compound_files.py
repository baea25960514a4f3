"""The MS-CFB directory of a compound file checked as a reader expects it: every storage's
children form a red-black tree in MS-CFB order (`check_red_black`), for the VBA writer's
own tests and for the VBA project of the shipped workbook, and a whole VBA project
checked as Excel writes it (`check_vba_project`)."""

from __future__ import annotations

import re

import olefile

from risiko_xl.ovba import project

RED, BLACK = 0, 1  # MS-CFB directory entry colours


def check_red_black(ole: olefile.OleFileIO) -> None:
    """Every storage's children form a binary search tree in MS-CFB order, no red node has
    a red child, every path has the same number of black nodes."""
    entries = ole.direntries

    def key(sid: int) -> tuple[int, str]:
        return len(entries[sid].name), entries[sid].name.upper()

    def walk(sid: int, low, high, parent_red: bool) -> tuple[int, int]:
        if sid == olefile.NOSTREAM:
            return 1, 0
        entry = entries[sid]
        red = entry.color == RED
        assert not (red and parent_red), entry.name
        assert (low is None or key(low) < key(sid)) and (high is None or key(sid) < key(high))
        left, n_left = walk(entry.sid_left, low, sid, red)
        right, n_right = walk(entry.sid_right, sid, high, red)
        assert left == right, entry.name
        return left + (not red), n_left + n_right + 1

    storages = (olefile.STGTY_ROOT, olefile.STGTY_STORAGE)
    for entry in entries:
        if entry and entry.entry_type in storages and entry.sid_child != olefile.NOSTREAM:
            assert entries[entry.sid_child].color == BLACK
            _, count = walk(entry.sid_child, None, None, False)
            assert count == len(entry.kids)


def check_vba_project(data: bytes, modules: list[str]) -> str:
    """`data` is a valid MS-CFB file holding a VBA project of `modules` (MS-OVBA streams,
    the project's protection fields as Excel writes them unprotected); its PROJECT text."""
    ole = olefile.OleFileIO(data, raise_defects=olefile.DEFECT_INCORRECT)
    assert sorted(ole.listdir()) == [["PROJECT"], ["PROJECTwm"], *sorted(
        ["VBA", n] for n in [*modules, "_VBA_PROJECT", "dir"])]
    assert ole.openstream("VBA/_VBA_PROJECT").read() == bytes.fromhex("CC61FFFF000000")
    project_text: str = ole.openstream("PROJECT").read().decode("cp1252")
    assert project_text.startswith(f'ID="{project.PROJECT_ID}"\r\nDocument=ThisWorkbook/')
    for field_name, value in (("CMG", b"\0\0\0\0"), ("DPB", b"\0"), ("GC", b"\xff")):
        found = re.search(rf'^{field_name}="([0-9A-F]+)"\r$', project_text, re.M)
        assert found is not None and project.deobfuscate(found[1]) == value
    assert not ole.root.clsid  # olefile gives "" for the null CLSID
    check_red_black(ole)
    ole.close()
    return project_text
