"""The xlwings Lite workbook inside what the add-in is known to save (issue 26,
docs/XLWINGS-LITE.md): the shipped `main.py` measured (at most `MAIN_PY_LIMIT`
characters: the add-in saves every property of its part as its settings, which fail to
save near 1 MB), the part carrying the properties the add-in's own workbooks carry, in
their order and letter case, with the documented values, escaped as Office escapes them;
the organisers' guide saying how to check in a minute that `main.py` saves, and what to do
if it does not; what `main.py` leaves out of the package refused in Italian, never a
traceback; comments and docstrings dropped with every line kept where it was."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest

from risiko_xl.books.web_extension import property_values
from risiko_xl.not_in_lite import ANY, reason, refusal
from risiko_xl.workbooks import lite_code
from risiko_xl.workbooks.lite import (
    ADD_IN_ID,
    ADDIN_VERSION,
    EXTENSION_PART,
    PYODIDE_VERSION,
    workbook_code,
)
from risiko_xl.workbooks.lite_code import MAIN_PY_LIMIT, left_out, stripped

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "workbook" / "torneo-lite.xlsx"
NOTE = ROOT / "docs" / "XLWINGS-LITE.md"
GUIDE = ROOT / "docs" / "INSTALLA-EXCEL.md"
WE = "{http://schemas.microsoft.com/office/webextensions/webextension/2010/11}"
PROPERTIES = ["main.py", "pyodideVersion", "addinVersion", "requirements.txt"]


def test_the_shipped_main_py_is_well_under_the_settings_the_add_in_saves():
    with zipfile.ZipFile(SHIPPED) as archive:
        stored = property_values(archive.read(EXTENSION_PART))  # name → JSON, as saved
    main = json.loads(stored["main.py"])
    assert len(main) <= MAIN_PY_LIMIT == 250_000, len(main)
    # Office.js holds an add-in's settings as JavaScript strings (UTF-16), all of the part's
    # together: saving fails from about 1 MB (Excel 2021), and the add-in adds its own
    settings = sum(len((name + value).encode("utf-16-le")) for name, value in stored.items())
    assert settings < 512 * 1024, settings
    assert SHIPPED.stat().st_size < 300_000


def test_a_main_py_past_the_limit_is_refused_at_build(monkeypatch):
    monkeypatch.setattr(lite_code, "MAIN_PY_LIMIT", 100_000)
    with pytest.raises(AssertionError, match="oltre i 100_000"):
        lite_code.workbook_main()


def test_the_part_carries_the_add_ins_properties_in_its_order_and_case():
    with zipfile.ZipFile(SHIPPED) as archive:
        root = ElementTree.fromstring(archive.read(EXTENSION_PART))
    reference, alternate = root.iter(f"{WE}reference")
    assert reference.attrib == {"id": ADD_IN_ID.lower(), "version": "1.0.0.0",
                                "store": "en-US", "storeType": "OMEX"}
    assert alternate.attrib == {"id": ADD_IN_ID.lower(), "version": "1.0.0.0",
                                "store": ADD_IN_ID, "storeType": "OMEX"}
    assert ADD_IN_ID == "WA200008175"
    found = {e.get("name"): e.get("value") for e in root.iter(f"{WE}property")}
    assert list(found) == PROPERTIES
    assert found["pyodideVersion"] == '"0.27.5"' == json.dumps(PYODIDE_VERSION)
    assert found["addinVersion"] == '"1.0.0.0-18"' == json.dumps(ADDIN_VERSION)
    assert [child.tag.removeprefix(WE) for child in root] == [
        "reference", "alternateReferences", "properties", "bindings", "snapshot"]


def test_the_values_are_escaped_as_office_saves_them():
    """JSON strings with every `/` as `\\/` (so do the six workbooks the add-in saved),
    other characters as they are, `"` as `&quot;` in the attribute."""
    with zipfile.ZipFile(SHIPPED) as archive:
        raw = archive.read(EXTENSION_PART).decode("utf-8")
        stored = property_values(archive.read(EXTENSION_PART))
    for name, value in stored.items():
        assert re.search(r"(?<!\\)/", value.replace("\\\\", "")) is None, name
        assert "\\u" not in value and value.startswith('"') and value.endswith('"'), name
    assert "\\/" in stored["main.py"] and "/" in workbook_code(SHIPPED)["main.py"]
    assert 'value="&quot;0.27.5&quot;"' in raw


def test_the_developer_note_quotes_each_property_and_value():
    note = NOTE.read_text(encoding="utf-8")
    for text in [*PROPERTIES, PYODIDE_VERSION, ADDIN_VERSION, ADD_IN_ID.lower(),
                 f'store="{ADD_IN_ID}"', str(MAIN_PY_LIMIT // 1000)]:
        assert text in note, text


def test_the_guide_says_how_to_check_in_a_minute_that_main_py_saves_and_what_then():
    lite = GUIDE.read_text(encoding="utf-8").split("\n## ")[1]  # the xlwings Lite section
    check = lite[lite.index("La prova di un minuto"):lite.index("Se qualcosa non parte")]
    for text in ("main.py", "# prova", "spunta verde", "salvare", "riaprirlo",
                 "Se la prova non riesce", "RichApi.Error", "i dati del torneo",
                 f"{MAIN_PY_LIMIT:,}".replace(",", "."), "comandi `risiko-xl`"):
        assert text in check, text


def test_every_module_left_out_says_what_the_organiser_misses():
    assert [m for m in left_out() if reason(m) == ANY] == []
    message = str(refusal("risiko_xl.publish.referti_pdf"))
    assert message.startswith("Non disponibile con xlwings Lite: i referti in PDF (la pagina")
    assert "risiko-xl" in message and "risiko_xl.publish.referti_pdf" in message


def test_stripping_keeps_every_line_and_the_code():
    source = ('"""Module."""\n\nimport os  # why\n\n\ndef f(x):\n    """Doc\n\n    more.\n'
              '    """\n    return x + 1  # plus one\n\n\nclass C:\n    """Only a docstring."""\n'
              '\n\ntext = """kept  \n  as is"""  # trailing spaces inside a string stay\n')
    out = stripped(source)
    assert len(out.splitlines()) == len(source.splitlines())
    assert "#" not in out and "Doc" not in out and "Module" not in out
    assert "class C:\n    ...\n" in out and "return x + 1\n" in out
    space: dict[str, object] = {}
    exec(compile(out, "stripped", "exec"), space)
    assert space["f"](1) == 2 and space["text"] == "kept  \n  as is"  # type: ignore[operator]
    assert "Doc" in stripped(source, docstrings=True)


PROBE = r"""
import importlib, json, sys
sys.path[:0] = [SITE]
import xlwings
exec(open("main.py", encoding="utf-8").read(), {"__name__": "main"})  # as xlwings Lite does
from risiko_xl.errors import RisikoError
refused = {}
for name in ("risiko_xl.publish.referti_pdf", "risiko_xl.workbooks.lite", "risiko_xl.cli"):
    try:
        importlib.import_module(name)
    except RisikoError as err:
        refused[name] = str(err)
from risiko_xl.publish.posts import publish
print(json.dumps(refused))
"""


@pytest.mark.lento
def test_what_main_py_leaves_out_is_refused_in_italian(tmp_path):
    """The shipped `main.py`, exec'd as xlwings Lite does, in a Python that sees only
    site-packages (no risiko_xl there): a module it leaves out, imported, is a
    RisikoError in Italian (a script prints it, a worksheet function shows it)."""
    (tmp_path / "main.py").write_text(workbook_code(SHIPPED)["main.py"], encoding="utf-8")
    (tmp_path / "tmp").mkdir()
    env = {"XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial",
           "TMPDIR": str(tmp_path / "tmp"), "PATH": "/usr/bin:/bin"}
    site = sysconfig.get_paths()["purelib"]
    done = subprocess.run([sys.executable, "-S", "-c", PROBE.replace("SITE", repr(site))],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    refused = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(refused) == ["risiko_xl.publish.referti_pdf", "risiko_xl.workbooks.lite",
                             "risiko_xl.cli"]
    assert "i referti in PDF" in refused["risiko_xl.publish.referti_pdf"]
    assert "«risiko-xl nuovo»" in refused["risiko_xl.workbooks.lite"]
    assert all(text.startswith("Non disponibile con xlwings Lite: ") for text in refused.values())
