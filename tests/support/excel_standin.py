"""A real xlwings Book on Linux, for testing the Excel face without Excel.

xlwings' remote engine (the one behind xlwings Server) builds a real `xw.Book` from the
JSON payload an Excel client sends: every sheet's values, its tables and charts. Reads
come from the payload; writes are recorded as actions (`book.json()`) for the client to
apply in Excel. `ExcelStandIn` plays that client: it builds the payload from a workbook
file (openpyxl), opens a fresh remote Book on it for each action (as each button press
sends a new request), and applies the recorded actions back to the payload as Excel
would: numbers become floats, text that looks like a number, a date, TRUE or a formula is
converted (a formula fails the test), text with the `'` prefix stays text; tables are
resized, charts added and deleted.

What the remote engine lacks and is stood in for: `app.status_bar` (raises
NotImplementedError; `patch_status` records it instead) and `app.alert`'s answer (xlwings
Server only queues the message; the stand-in records it and answers yes/no questions from
`answers`). `book.fullname` is the book's name there, so the payload names the book by its
absolute path. The engine needs `XLWINGS_LICENSE_KEY=noncommercial`, set for each test
only (PolyForm Noncommercial: fine for testing this project, not for shipping).
"""

from __future__ import annotations

import copy
import datetime as dt
import re
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import xlwings as xw
from openpyxl import load_workbook
from openpyxl.utils import range_boundaries

LICENSE = "noncommercial"
_KEY = re.compile(rb"(?i)(?<![a-z])" + LICENSE.encode() + rb"(?![a-z])")


def shipped_parts(path: Path) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of a shipped file as it could carry a key: the file itself and, for a
    zip (a workbook, a wheel), every entry decompressed; a workbook's VBA modules as olevba
    decompresses them."""
    data = path.read_bytes()
    yield path.name, data
    if not zipfile.is_zipfile(path):
        return
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            yield f"{path.name}:{name}", archive.read(name)
    if path.suffix in {".xlsm", ".xlsx"}:
        from oletools.olevba import VBA_Parser

        parser = VBA_Parser(str(path))
        try:
            for _, _, module, code in parser.extract_macros():
                yield f"{path.name}:{module}", code.encode("utf-8", "replace")
        finally:
            parser.close()


def carries_key(data: bytes) -> bool:
    """Whether `data` holds the test-only xlwings PRO key as a word (any case)."""
    return _KEY.search(data) is not None


def remote_engine(monkeypatch: Any) -> Any:
    """xlwings' remote engine module, registered with the license key set for this test
    (xlwings registers it at import only when the key is already set)."""
    from xlwings.main import Engine

    monkeypatch.setenv("XLWINGS_LICENSE_KEY", LICENSE)
    from xlwings.pro import _xlremote

    if "remote" not in [engine.name for engine in xw.engines]:
        xw.engines.add(Engine(impl=_xlremote.engine))
    return _xlremote


ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$")
DMY_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$")
NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?(?:[eE][+-]?\d+)?%?$")
LOGICAL = {"true": True, "false": False, "vero": True, "falso": False}


class FormulaWritten(AssertionError):
    """Text reached Excel as a formula."""


def _iso(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.000Z")  # how the client sends a date cell


def excel_entry(value: Any, formulas: bool = False) -> Any:
    """What Excel stores (as the client sends it back) for a value written by xlwings.
    With `formulas`, text starting with `=` is kept as the formula Excel would enter
    (the stand-in computes nothing: it keeps the formula's text)."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, (dt.datetime, dt.date)):
        return _iso(dt.datetime.fromisoformat(value.isoformat()))
    text = str(value)
    if text.startswith("'"):
        return text[1:]  # Excel's text prefix: kept as typed, the prefix is not the value
    stripped = text.strip()
    if NUMBER.match(stripped):
        number = float(stripped.rstrip("%").replace(",", "."))
        return number / 100 if stripped.endswith("%") else number
    for pattern, order in ((ISO_DATE, (0, 1, 2)), (DMY_DATE, (2, 1, 0))):
        match = pattern.match(stripped)
        if match:
            parts = [int(p) if p else 0 for p in match.groups()]
            year, month, day = (parts[i] for i in order)
            return _iso(dt.datetime(year, month, day, *parts[3:]))
    if stripped.casefold() in LOGICAL:
        return LOGICAL[stripped.casefold()]
    if formulas and text.startswith("="):
        return text
    if text[:1] in ("=", "+", "-", "@", "#"):
        raise FormulaWritten(f"Excel leggerebbe come formula: {text!r}")
    return text


def _payload_value(value: Any) -> Any:
    """A file cell as the client sends it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, dt.datetime):
        return _iso(value)
    if isinstance(value, dt.date):
        return _iso(dt.datetime(value.year, value.month, value.day))
    return value


def _address(ref: str) -> str:
    return ref.replace("$", "")


def _table_api(name: str, ref: str) -> dict[str, Any]:
    min_col, min_row, max_col, max_row = range_boundaries(_address(ref))

    def a1(row: int, col: int) -> str:
        from openpyxl.utils import get_column_letter

        return f"{get_column_letter(col)}{row}"

    return {"name": name, "range_address": f"{a1(min_row, min_col)}:{a1(max_row, max_col)}",
            "header_row_range_address": f"{a1(min_row, min_col)}:{a1(min_row, max_col)}",
            "data_body_range_address": f"{a1(min_row + 1, min_col)}:{a1(max_row, max_col)}",
            "total_row_range_address": None, "show_headers": True, "show_totals": False,
            "table_style": "TableStyleMedium2", "show_autofilter": True}


def _sheet_api(name: str, values: list[list[Any]] | None = None) -> dict[str, Any]:
    return {"name": name, "visibility": "Visible", "values": values or [[""]],
            "tables": [], "charts": [], "pictures": [], "shapes": [], "notes": [],
            "print_area": None}


def payload_from_file(path: Path) -> dict[str, Any]:
    """The JSON payload an Excel client would send for the workbook at `path`."""
    from risiko_xl.books.openpyxl_look import chart_title

    workbook = load_workbook(path)
    sheets = []
    for sheet in workbook.worksheets:
        rows = [[_payload_value(v) for v in row] for row in sheet.iter_rows(values_only=True)]
        last_row = max((i for i, row in enumerate(rows) if any(v != "" for v in row)),
                       default=0)
        last_col = max((j for row in rows for j, v in enumerate(row) if v != ""), default=0)
        refs = [range_boundaries(t.ref) for t in sheet.tables.values()]
        last_row = max([last_row + 1, *(r[3] for r in refs)])
        last_col = max([last_col + 1, *(r[2] for r in refs)])
        values = [(row + [""] * last_col)[:last_col] for row in rows[:last_row]]
        values += [[""] * last_col for _ in range(last_row - len(values))]
        api = _sheet_api(sheet.title, values)
        api["visibility"] = "Visible" if sheet.sheet_state == "visible" else "Hidden"
        api["tables"] = [_table_api(t.displayName, t.ref) for t in sheet.tables.values()]
        api["charts"] = [{"name": f"Chart {i}", "chart_type": "BarStacked", "left": 0.0,
                          "top": 0.0, "width": 510.0, "height": 300.0,
                          "title": chart_title(chart), "standin": {}}
                         for i, chart in enumerate(sheet._charts, start=1)]
        sheets.append(api)
    return {"client": "Office.js", "version": xw.__version__,
            "book": {"name": str(Path(path).resolve()), "active_sheet_index": 0,
                     "selection": "A1"},
            "names": [], "sheets": sheets}


@dataclass(frozen=True)
class Alert:
    prompt: str
    title: str | None
    buttons: str | None
    mode: str | None


class ExcelStandIn:
    """The Excel client for xlwings' remote engine, over one workbook's payload."""

    @classmethod
    def with_players(cls, path: Path, monkeypatch: Any, players: int) -> ExcelStandIn:
        """A stand-in over `path` with `players` of the demo's seeded players registered."""
        from risiko_xl import simulate
        from risiko_xl.demo import DEMO_SEED

        stand_in = cls(path, monkeypatch)
        if players:
            with stand_in.session() as xl:
                simulate.register(xl, simulate.players(players, 9, DEMO_SEED))
        return stand_in

    def __init__(self, path: Path, monkeypatch: Any) -> None:
        self.module = remote_engine(monkeypatch)
        self.path = Path(path).resolve()
        self.payload = payload_from_file(self.path)
        self.monkeypatch = monkeypatch
        self.alerts: list[Alert] = []
        self.answers: list[str] = []
        self.statuses: list[Any] = []
        self.saves = 0
        self.batches: list[list[dict[str, Any]]] = []
        self.formulas = False  # whether the adapter may write formulas (setting «Calcolo»)
        self._remote_alert = self.module.App.alert
        monkeypatch.setattr(self.module.App, "alert", self._alert)

    def play_next_phase(self) -> bool:
        """Results typed (seeded) for the first phase still without them; False when every
        phase has its results."""
        from risiko_xl import simulate
        from risiko_xl.demo import DEMO_SEED

        with self.session() as xl:
            pending = [r for r in xl.read_table("Risultati")
                       if r["Punti obiettivo"] is None and r["Eliminato"] is None]
            if pending:
                simulate.play(xl, int(pending[0]["Turno"]), pending[0]["Fase"], DEMO_SEED)
        return bool(pending)

    # --- the client side ---------------------------------------------------------------
    def _alert(self, prompt: str, title: str | None, buttons: str | None, mode: str | None,
               callback: str | None) -> str | None:
        self.alerts.append(Alert(prompt, title, buttons, mode))
        if buttons in (None, "ok"):
            return "ok"
        if not self.answers:
            raise AssertionError(f"domanda senza risposta preparata: {prompt!r}")
        return self.answers.pop(0)

    def real_alerts(self) -> None:
        """Back to the remote engine's own `alert`: queued as an action, no answer."""
        self.monkeypatch.setattr(self.module.App, "alert", self._remote_alert)

    def patch_status(self) -> None:
        """Record `app.status_bar` (xlwings Server has none)."""
        def setter(_app: Any, value: Any) -> None:
            self.statuses.append(value)

        self.monkeypatch.setattr(self.module.App, "status_bar",
                                 property(lambda _app: False, setter))

    def book(self) -> Any:
        """A fresh remote `xw.Book` on the current payload (one request)."""
        return xw.Book(json=copy.deepcopy(self.payload))

    def apply(self, book: Any) -> list[dict[str, Any]]:
        """Apply the book's recorded actions to the payload, as Excel would; returns them."""
        actions = list(book.json()["actions"])
        for action in actions:
            self._apply(action)
        book.close()
        self.module.get_range_api.cache_clear()
        self.batches.append(actions)
        return actions

    def run(self, action: Callable[[], None], caller: Any = None) -> list[dict[str, Any]]:
        """Press a button: `action()` with a fresh book as `xw.Book.caller()` (or
        `caller(book)`, e.g. a wrapper around it); returns the recorded actions."""
        book = self.book()
        target = caller(book) if caller is not None else book
        self.monkeypatch.setattr(xw.Book, "caller", staticmethod(lambda: target))
        action()
        return self.apply(book)

    @contextmanager
    def session(self) -> Iterator[Any]:
        """An `XlwingsBook` on a fresh book (the organiser typing); flushed and applied."""
        from risiko_xl.books.xlwings_book import XlwingsBook

        book = self.book()
        xl = XlwingsBook(book)
        yield xl
        xl.flush()
        self.apply(book)

    def select(self, sheet: str, address: str) -> None:
        """Make `address` on `sheet` the active cell."""
        names = [s["name"] for s in self.payload["sheets"]]
        self.payload["book"]["active_sheet_index"] = names.index(sheet)
        self.payload["book"]["selection"] = address

    def sheet(self, name: str) -> dict[str, Any]:
        return next(s for s in self.payload["sheets"] if s["name"] == name)

    def column(self, sheet: str, col: int = 0) -> list[Any]:
        """The values of one column of `sheet` (trailing blanks dropped)."""
        values = [row[col] if col < len(row) else "" for row in self.sheet(sheet)["values"]]
        while values and values[-1] == "":
            values.pop()
        return values

    # --- actions ---------------------------------------------------------------------
    def _apply(self, action: dict[str, Any]) -> None:
        func, args = action["func"], action["args"]
        sheets = self.payload["sheets"]
        sheet = sheets[action["sheet_position"]] if action["sheet_position"] is not None \
            else None
        if func == "setValues":
            self._set_values(sheet, action, self.formulas)
        elif func == "setFormula" and self.formulas:
            self._set_values(sheet, action, True)
        elif func == "resizeTable":
            index, address = args
            sheet["tables"][index].update(_table_api(sheet["tables"][index]["name"],
                                                     _address(address)))
        elif func == "addSheet":
            index, name = args
            sheets.insert(index, _sheet_api(name))
        elif func == "sheetClearContents":
            sheet["values"] = [["" for _ in row] for row in sheet["values"]]
        elif func == "addChart":
            name, kind, source_sheet, source, left, top, width, height, plot_by, anchor, \
                style = args
            sheet["charts"].append({
                "name": name, "chart_type": kind, "left": left or 0.0, "top": top or 0.0,
                "width": width, "height": height,
                "standin": {"source": f"{source_sheet}!{_address(source)}",
                            "plot_by": plot_by, "anchor": _address(anchor or ""),
                            "style": style, "axes": {}}})
        elif func == "setChartXAxisValues":
            index, source_sheet, source = args
            sheet["charts"][index]["standin"]["x_values"] = f"{source_sheet}!{_address(source)}"
        elif func == "setChartTitle":
            index, title = args
            sheet["charts"][index]["title"] = title
        elif func == "setChartLegend":
            index, what, value = args
            sheet["charts"][index]["standin"][f"legend_{what}"] = value
        elif func == "setChartAxis":
            index, axis, values = args
            sheet["charts"][index]["standin"]["axes"].setdefault(axis, {}).update(values)
        elif func == "deleteChart":
            del sheet["charts"][args[0]]
        elif func == "setNumberFormat":
            # (first row, column, rows) of the range, 0-based -> format
            sheet.setdefault("standin_formats", {})[
                action["start_row"], action["start_column"], action["row_count"]] = _one(args)
        elif func == "setColumnWidth":
            sheet.setdefault("standin_widths", {})[action["start_column"]] = _one(args)
        elif func == "setPrintArea":
            sheet["print_area"] = _one(args)
        elif func == "setSheetVisibility":
            sheet["visibility"] = _one(args)
        elif func == "alert":
            self.alerts.append(Alert(*args[:4]))
        elif func == "save":
            self.saves += 1
        else:
            raise AssertionError(f"azione di xlwings non prevista dallo stand-in: {func}")

    @staticmethod
    def _set_values(sheet: dict[str, Any], action: dict[str, Any], formulas: bool) -> None:
        grid = sheet["values"]
        top, left = action["start_row"], action["start_column"]
        bottom = top + action["row_count"]
        right = left + action["column_count"]
        width = max(right, max(len(row) for row in grid))
        for row in grid:
            row.extend([""] * (width - len(row)))
        grid.extend([[""] * width for _ in range(bottom - len(grid))])
        for r, values in enumerate(action["values"], start=top):
            for c, value in enumerate(values, start=left):
                grid[r][c] = excel_entry(value, formulas)


def _one(args: Any) -> Any:
    """An action's single argument (the engine may send it in a list)."""
    return args[0] if isinstance(args, list) and len(args) == 1 else args


class Guarded:
    """An xlwings object that allows only the API subset `XLWINGS_API` declares: anything
    else raises AttributeError and is recorded in `violations`."""

    def __init__(self, target: Any, violations: list[str]) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_violations", violations)

    def _check(self, name: str) -> None:
        from risiko_xl.books.xlwings_book import XLWINGS_API

        kind = type(self._target).__name__
        if name not in XLWINGS_API.get(kind, frozenset()):
            self._violations.append(f"{kind}.{name}")
            raise AttributeError(f"{kind}.{name} non fa parte del sottoinsieme di xlwings")

    def __getattr__(self, name: str) -> Any:
        self._check(name)
        return _guard(getattr(self._target, name), self._violations)

    def __setattr__(self, name: str, value: Any) -> None:
        self._check(name)
        setattr(self._target, name, _unguard(value))

    def __iter__(self) -> Iterator[Any]:
        self._check("__iter__")
        return (_guard(item, self._violations) for item in self._target)

    def __len__(self) -> int:
        self._check("__len__")
        return len(self._target)

    def __getitem__(self, key: Any) -> Any:
        self._check("__getitem__")
        return _guard(self._target[key], self._violations)


def _is_xlwings(value: Any) -> bool:
    return type(value).__module__.startswith("xlwings")


def _unguard(value: Any) -> Any:
    return object.__getattribute__(value, "_target") if isinstance(value, Guarded) else value


def _guard(value: Any, violations: list[str]) -> Any:
    if _is_xlwings(value):
        return Guarded(value, violations)
    if callable(value) and _is_xlwings(getattr(value, "__self__", None)):
        def call(*args: Any, **kwargs: Any) -> Any:
            result = value(*map(_unguard, args), **{k: _unguard(v) for k, v in kwargs.items()})
            return _guard(result, violations)
        return call
    return value
