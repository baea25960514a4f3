"""The xlwings PRO key the tests use (the free key for non-commercial use that xlwings'
remote engine needs, `tests/support/excel_standin.py`; PolyForm licence: fine for testing
this project, not for shipping) is in nothing shipped: not in the workbooks of
`workbook/`, not in `macros/`, not in what `risiko-xl demo` writes (the wheel:
`tests/house/test_packaging.py`). The classic face is open-source xlwings and needs no key."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from risiko_xl.workbooks.template import XLWINGS_CONF
from tests.support.excel_standin import LICENSE, carries_key, shipped_parts

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted([*(ROOT / "workbook").iterdir(), *(ROOT / "macros").iterdir()])


def test_the_check_sees_the_key():
    assert carries_key(f'"LICENSE_KEY","{LICENSE}"'.encode())
    assert carries_key(f"XLWINGS_LICENSE_KEY={LICENSE.upper()}".encode())
    assert not carries_key(b"licenza per uso non-commerciale") and not carries_key(b"")


def test_the_check_finds_a_key_typed_in_a_workbook(tmp_path):
    book = load_workbook(ROOT / "workbook" / "torneo.xlsx")
    book[XLWINGS_CONF].append(["LICENSE_KEY", LICENSE])
    book.save(tmp_path / "con-chiave.xlsx")
    found = [name for name, data in shipped_parts(tmp_path / "con-chiave.xlsx")
             if carries_key(data)]
    assert found and all(name.startswith("con-chiave.xlsx:xl/") for name in found)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_no_shipped_file_carries_the_test_key(path):
    assert SHIPPED and path.is_file(), path
    found = [name for name, data in shipped_parts(path) if carries_key(data)]
    assert found == [], found


@pytest.mark.parametrize("name", ["torneo.xlsx", "torneo.xlsm"])
def test_the_workbooks_set_no_licence_key(name):
    book = load_workbook(ROOT / "workbook" / name, read_only=True)
    try:
        keys = [str(row[0]).upper() for row in book[XLWINGS_CONF].iter_rows(values_only=True)]
    finally:
        book.close()
    assert "LICENSE_KEY" not in keys and "UDF MODULES" in keys


@pytest.mark.lento  # the whole demo played and printed
def test_the_demo_output_carries_no_key(tmp_path):
    from risiko_xl.cli import main

    assert main(["demo", str(tmp_path)]) == 0
    written = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    assert any(p.suffix == ".pdf" for p in written) and any(p.suffix == ".xlsx" for p in written)
    found = [name for path in written for name, data in shipped_parts(path) if carries_key(data)]
    assert found == [], found
