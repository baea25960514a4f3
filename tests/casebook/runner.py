"""The referee's casebook: cases as data, and the runner that plays them.

A `Case` is a small tournament typed into a workbook the way an organiser types it
(openpyxl, cells written into the Excel tables by header name, the table's `ref`
extended), driven through the `risiko-xl` command line in-process
(`risiko_xl.cli.main`), with expectations derived BY HAND from the regulation (the
regulations listed in `docs/REGOLAMENTI.md`). See README.md in this folder.

Steps, in order:
- `Type(*tables)` types rows of `Risultati` (`Tav(...)` = one table, `S(...)` = one seat);
- `Fill(fase, {ID: S-like values}, turno=None)` types the points of rows the program
  pre-filled (semifinals, finals), found by Fase (+Turno) and ID;
- `Edit(ID, **columns)` / `Enrol(*players)` change `Iscritti` (Stato, a late entry);
- `Cli([...], code=0, says=None)` runs a command on the case's workbook;
- `Expect...` steps read the workbook and compare with the hand result.
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.worksheet.table import TableColumn

Number = int | str | Fraction | Decimal

# ----------------------------------------------------------------------------- data


@dataclass
class Player:
    id: str
    nome: str
    cognome: str
    club: str | None = None
    stato: str | None = None
    dal_turno: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # other Iscritti columns by header

    def cells(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ID": self.id, "Nome": self.nome, "Cognome": self.cognome}
        if self.club is not None:
            out["Club"] = self.club
        if self.stato is not None:
            out["Stato"] = self.stato
        if self.dal_turno is not None:
            out["Dal turno"] = self.dal_turno
        out.update(self.extra)
        return out


def P(pid: str, nome: str, cognome: str, club: str | None = None, **extra: Any) -> Player:
    """A player; `stato=`, `dal_turno=` and any other Iscritti header (as `Regione=`)."""
    stato = extra.pop("stato", None)
    dal_turno = extra.pop("dal_turno", None)
    return Player(pid, nome, cognome, club, stato, dal_turno, extra)


@dataclass
class S:
    """One seat at a table: the numbers the referee reads off the score sheet.

    `risiko`: the RisiKo! flag ("S"); `eliminato`: order of elimination (1 = first out);
    `penalita`: penalty points; `extra`: any other Risultati header (e.g. "Coefficiente").
    """

    id: str
    obiettivo: Number | None = None
    fuori: Number | None = None
    risiko: bool = False
    eliminato: int | str | None = None
    penalita: Number | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def cells(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.obiettivo is not None:
            out["Punti obiettivo"] = _cell_number(self.obiettivo)
        if self.fuori is not None:
            out["Punti fuori obiettivo"] = _cell_number(self.fuori)
        if self.risiko:
            out["RisiKo!"] = "S"
        if self.eliminato is not None:
            out["Eliminato"] = self.eliminato
        if self.penalita is not None:
            out["Penalità"] = _cell_number(self.penalita)
        out.update(self.extra)
        return out


@dataclass
class Tav:
    """One table of one round: seats in order of play (Ordine 1 = first to play)."""

    turno: int
    tavolo: int
    seats: list[S]
    fase: str = "Qualificazione"

    def rows(self) -> list[dict[str, Any]]:
        rows = []
        for ordine, seat in enumerate(self.seats, start=1):
            row = {"Turno": self.turno, "Fase": self.fase, "Tavolo": self.tavolo,
                   "Ordine": ordine, "ID": seat.id}
            row.update(seat.cells())
            rows.append(row)
        return rows


# ---------------------------------------------------------------------------- steps


@dataclass
class Type:
    """Type the rows of these tables into `Risultati` (after the last filled row)."""

    tables: list[Tav]

    def __init__(self, *tables: Tav):
        self.tables = list(tables)


@dataclass
class TypeRows:
    """Type raw `Risultati` rows (dicts by header), for what `Tav` cannot say."""

    rows: list[dict[str, Any]]


@dataclass
class Fill:
    """Type the numbers into rows the program already wrote (found by Fase, ID, Turno)."""

    fase: str
    seats: list[S]
    turno: int | None = None


@dataclass
class Retype:
    """Overtype the ID of a `Risultati` row (an organiser seating somebody else by hand)."""

    fase: str
    old_id: str
    new_id: str
    turno: int | None = None


@dataclass
class Edit:
    """Change a player's row in `Iscritti` (e.g. Stato="Assente")."""

    id: str
    columns: dict[str, Any]

    def __init__(self, pid: str, **columns: Any):
        self.id = pid
        self.columns = {("Dal turno" if k == "dal_turno" else k): v
                        for k, v in columns.items()}


@dataclass
class Enrol:
    """Add players to `Iscritti` (a late entry)."""

    players: list[Player]

    def __init__(self, *players: Player):
        self.players = list(players)


@dataclass
class Setting:
    """Change an `Impostazioni` value (Voce → Valore) during the tournament."""

    voce: str
    valore: Any


@dataclass
class Rule:
    """Type a rule of the formula in the `Formula` sheet («Regola», «Valore», optionally
    «Variante»), as an organiser does in Excel: its row's value, or a new row."""

    regola: str
    valore: Any
    variante: str | None = None


@dataclass
class Cli:
    """Run `risiko-xl COMMAND FILE ARGS...`; `code` 0, 2 (refusal) or 1 (`verify` found
    differences); `says`: substrings of the output (case-insensitive), each a string or a
    tuple of alternatives (e.g. the ID or the name). An argument may be a function of the
    `View` (e.g. the player the program seated at some table, known only at run time)."""

    args: list[Any]
    code: int = 0
    says: str | tuple[str, ...] | list[str | tuple[str, ...]] | None = None


@dataclass
class ExpectClassifica:
    """`Classifica`: `order` = the first rows' IDs in this order (a prefix unless
    `complete`); `values` = {ID: {header: expected}} (e.g. {"G01": {"Totale": "1,045"}});
    `absent` = IDs that must not be ranked."""

    order: list[str] | None = None
    values: dict[str, dict[str, Any]] = field(default_factory=dict)
    complete: bool = False
    absent: set[str] = field(default_factory=set)


@dataclass
class ExpectRisultati:
    """Computed columns of `Risultati`: {(Turno or None, Fase, ID): {header: expected}}."""

    rows: dict[tuple[int | None, str, str], dict[str, Any]]


@dataclass
class ExpectTables:
    """The tables of a phase in `Risultati`: `tables` = sets of IDs per table (numbering
    left to chance unless `numbered`, then tables[i] is table i+1); `bands` = groups of
    IDs of which each table holds exactly one."""

    fase: str
    tables: list[set[str]] | None = None
    turno: int | None = None
    numbered: bool = False
    bands: list[set[str]] | None = None
    players: set[str] | None = None  # the set of everybody seated in the phase


@dataclass
class ExpectQualificati:
    """`Qualificati` rows of phase `fase`: `ids` = the players holding a seat (rows whose
    Qualificazione does not say the player was replaced/withdrawn); `how` = {ID: substring
    of Qualificazione}; `absent` = IDs with no seat there."""

    fase: str
    ids: set[str] | None = None
    how: dict[str, str] = field(default_factory=dict)
    absent: set[str] = field(default_factory=set)


@dataclass
class ExpectFinale:
    """`ClassificaFinale`: IDs in this order from the top (a prefix unless `complete`)."""

    order: list[str]
    complete: bool = False
    values: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class ExpectSheet:
    """Free check on the workbook: `check(view)` raises AssertionError (see `View`)."""

    what: str
    check: Callable[[View], None]


Step = Any
MUTATING = (Type, TypeRows, Fill, Retype, Edit, Enrol, Setting, Rule, Cli)


@dataclass
class Case:
    id: str
    seed: str
    articles: list[str]
    derivation: str
    formula: str
    players: list[Player]
    steps: list[Step]
    settings: dict[str, Any] = field(default_factory=dict)
    known_defect: str | None = None


# ----------------------------------------------------------------------------- view

REPLACED = re.compile(r"sostituit|ritirat|ritiro|rinunci", re.IGNORECASE)
REPLACING = re.compile(r"(sostituisce|al posto di|subentra|per il ritiro di).*", re.IGNORECASE)


def field(n: int) -> list[Player]:
    """n players G01..Gnn, each from a club of their own (no club separation at play)."""
    return [P(f"G{i:02d}", f"Nome{i:02d}", f"Cognome{i:02d}", f"Club{i:02d}")
            for i in range(1, n + 1)]


def holds_seat(qualificazione: Any) -> bool:
    """A `Qualificati` row holds its seat unless it says its own player was replaced or
    withdrew ("… (ritiro)" after "al posto di" names the player replaced, not this one)."""
    text = REPLACING.sub("", str(qualificazione or ""))
    return not REPLACED.search(text)


class View:
    """The workbook as read back: tables as lists of dicts by header. From a loaded
    workbook (`wb`), or from the file in openpyxl's fast read-only mode, the tables found
    through the package parts (read-only sheets do not list their tables)."""

    def __init__(self, wb: Any = None, path: Path | None = None):
        self.wb = wb
        self.path = path
        self._refs: dict[str, tuple[str, str]] | None = None
        self._ro: Any = None

    def table(self, name: str) -> list[dict[str, Any]]:
        if self.wb is not None:
            for ws in self.wb.worksheets:
                if name in ws.tables:
                    return _rows([[c.value for c in r] for r in ws[ws.tables[name].ref]])
            raise AssertionError(f"table {name} not found")
        if self._refs is None:
            self._refs = _table_refs(self.path)
            self._ro = openpyxl.load_workbook(self.path, read_only=True)
        if name not in self._refs:
            raise AssertionError(f"table {name} not found")
        sheet, ref = self._refs[name]
        min_col, min_row, max_col, max_row = range_boundaries(ref)
        return _rows([list(r) for r in self._ro[sheet].iter_rows(
            min_row=min_row, max_row=max_row, min_col=min_col, max_col=max_col,
            values_only=True)])


def _rows(cells: list[list[Any]]) -> list[dict[str, Any]]:
    headers = cells[0]
    return [dict(zip(headers, values)) for values in cells[1:]
            if not all(v is None or v == "" for v in values)]


def _table_refs(path: Path) -> dict[str, tuple[str, str]]:
    """{table name: (sheet name, ref)} from the package: workbook -> sheets -> tables."""
    import posixpath
    import zipfile
    from xml.etree import ElementTree as ET

    ns_main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    ns_rel = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
    ns_pkg = "{http://schemas.openxmlformats.org/package/2006/relationships}"

    def rels(z, part):
        folder, base = posixpath.split(part)
        name = posixpath.join(folder, "_rels", base + ".rels")
        if name not in z.namelist():
            return {}
        return {r.get("Id"): _target(folder, r.get("Target"))
                for r in ET.fromstring(z.read(name)).iter(f"{ns_pkg}Relationship")}

    def _target(folder, target):
        if target.startswith("/"):
            return target.lstrip("/")
        return posixpath.normpath(posixpath.join(folder, target))

    out: dict[str, tuple[str, str]] = {}
    with zipfile.ZipFile(path) as z:
        book_rels = rels(z, "xl/workbook.xml")
        for sheet in ET.fromstring(z.read("xl/workbook.xml")).iter(f"{ns_main}sheet"):
            part = book_rels[sheet.get(f"{ns_rel}id")]
            for target in rels(z, part).values():
                if "/tables/" in target:
                    t = ET.fromstring(z.read(target))
                    out[t.get("name")] = (sheet.get("name"), t.get("ref"))
    return out


# ------------------------------------------------------------------------ values


def _cell_number(v: Number) -> Any:
    if isinstance(v, str):
        f = to_fraction(v)
        return int(f) if f.denominator == 1 else float(f)
    if isinstance(v, (Fraction, Decimal)):
        return float(v)
    return v


def to_fraction(v: Any) -> Fraction:
    if isinstance(v, bool):
        raise ValueError(v)
    if isinstance(v, Fraction):
        return v
    if isinstance(v, int):
        return Fraction(v)
    if isinstance(v, float):
        return Fraction(v).limit_denominator(10**9)
    if isinstance(v, Decimal):
        return Fraction(v)
    text = str(v).strip().replace("\u00a0", "").replace(" ", "")
    if "," in text:
        text = text.replace(".", "").replace(",", ".")
    return Fraction(text)


def same(actual: Any, expected: Any) -> bool:
    if expected is None:
        return actual is None or actual == ""
    if isinstance(expected, (int, Fraction, Decimal)) and not isinstance(expected, bool):
        try:
            return to_fraction(actual) == to_fraction(expected)
        except (ValueError, ZeroDivisionError, TypeError):
            return False
    if isinstance(expected, str):
        try:
            exp = to_fraction(expected)
        except (ValueError, ZeroDivisionError):
            return str(actual).strip() == expected
        try:
            return abs(to_fraction(actual) - exp) < Fraction(1, 10**9)
        except (ValueError, ZeroDivisionError, TypeError):
            return str(actual).strip() == expected
    return actual == expected


# ------------------------------------------------------------------------ typing


def _find_table(wb, name: str):
    for ws in wb.worksheets:
        if name in ws.tables:
            return ws, ws.tables[name]
    raise AssertionError(f"table {name} not found")


def _headers(ws, table) -> tuple[list[Any], int, int, int, int]:
    min_col, min_row, max_col, max_row = range_boundaries(table.ref)
    headers = [ws.cell(min_row, c).value for c in range(min_col, max_col + 1)]
    return headers, min_col, min_row, max_col, max_row


def _add_column(ws, table, header: str) -> None:
    """An organiser adding a column at the right end of an Excel table."""
    min_col, min_row, max_col, max_row = range_boundaries(table.ref)
    col = max_col + 1
    ws.cell(min_row, col).value = header
    table.tableColumns.append(TableColumn(id=len(table.tableColumns) + 1, name=header))
    table.ref = f"{get_column_letter(min_col)}{min_row}:{get_column_letter(col)}{max_row}"
    if table.autoFilter is not None:
        table.autoFilter.ref = table.ref


def append_rows(wb, name: str, rows: list[dict[str, Any]]) -> None:
    ws, table = _find_table(wb, name)
    for row in rows:
        headers, *_ = _headers(ws, table)
        for key in row:
            if key not in headers:
                _add_column(ws, table, key)
    headers, min_col, min_row, max_col, max_row = _headers(ws, table)
    # first free row: after the last table row holding anything
    last = min_row
    for r in range(min_row + 1, max_row + 1):
        if any(ws.cell(r, c).value not in (None, "") for c in range(min_col, max_col + 1)):
            last = r
    r = last
    for row in rows:
        r += 1
        for key, value in row.items():
            ws.cell(r, min_col + headers.index(key)).value = value
    if r > max_row:
        table.ref = f"{get_column_letter(min_col)}{min_row}:{get_column_letter(max_col)}{r}"
        if table.autoFilter is not None:
            table.autoFilter.ref = table.ref


def update_rows(wb, name: str, match: Callable[[dict[str, Any]], bool],
                values: dict[str, Any]) -> int:
    ws, table = _find_table(wb, name)
    for key in values:
        if key not in _headers(ws, table)[0]:
            _add_column(ws, table, key)
    headers, min_col, min_row, _, max_row = _headers(ws, table)
    n = 0
    for r in range(min_row + 1, max_row + 1):
        row = {h: ws.cell(r, min_col + i).value for i, h in enumerate(headers)}
        if match(row):
            for key, value in values.items():
                ws.cell(r, min_col + headers.index(key)).value = value
            n += 1
    return n


def set_setting(wb, voce: str, valore: Any) -> None:
    if not update_rows(wb, "Impostazioni", lambda r: r.get("Voce") == voce, {"Valore": valore}):
        append_rows(wb, "Impostazioni", [{"Voce": voce, "Valore": valore}])


# ------------------------------------------------------------------------ runner

_BASES: dict[str, Path] = {}
_BASE_DIR: Path | None = None


def _base(formula: str) -> Path:
    """`risiko-xl new` once per formula per session; each case copies it."""
    global _BASE_DIR
    if formula not in _BASES:
        from risiko_xl.cli import main

        if _BASE_DIR is None:
            _BASE_DIR = Path(tempfile.mkdtemp(prefix="casebook-base-"))
        path = _BASE_DIR / f"{formula}.xlsx"
        code, out = _run(main, ["new", str(path), "--formula", formula, "--nome", "Casebook"])
        assert code == 0, f"new --formula {formula}: {code} {out}"
        _BASES[formula] = path
    return _BASES[formula]


def _run(main, argv: list[str]) -> tuple[int, str]:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 1
    return (0 if code is None else code), buf.getvalue()


_SNAPSHOTS: dict[str, tuple[Path, list[str]]] = {}


def _prefix_keys(case: Case) -> list[str]:
    """For each step, a key of everything that changed the file up to it."""
    parts = [repr((case.formula, case.settings, case.players))]
    keys = []
    for step in case.steps:
        if isinstance(step, MUTATING):
            parts.append(repr(step))
        keys.append("\n".join(parts))
    return keys


def _cached_prefix(steps: list[Step], keys: list[str]) -> int:
    """Length of the longest prefix ending with a command whose file is kept, where every
    check reads the file right after a command (so the kept files are what it reads)."""
    best = 0
    last_mutating: Step | None = None
    for i, step in enumerate(steps):
        if isinstance(step, MUTATING):
            last_mutating = step
            if isinstance(step, Cli):
                if keys[i] not in _SNAPSHOTS:
                    break
                best = i + 1
        elif last_mutating is not None and not isinstance(last_mutating, Cli):
            break
    return best


def _snapshot(key: str, path: Path, log: list[str]) -> None:
    global _BASE_DIR
    if _BASE_DIR is None:
        _BASE_DIR = Path(tempfile.mkdtemp(prefix="casebook-base-"))
    copy = _BASE_DIR / f"snapshot-{len(_SNAPSHOTS)}.xlsx"
    shutil.copyfile(path, copy)
    _SNAPSHOTS[key] = (copy, list(log))


class Runner:
    def __init__(self, case: Case, workdir: Path):
        self.case = case
        self.path = workdir / "torneo.xlsx"
        shutil.copyfile(_base(case.formula), self.path)
        self._wb: Any = None  # the workbook as last read (values: the CLI writes values)
        self._dirty = False  # edits pending save (typing steps in a row share one save)
        self.log: list[str] = []

        def setup(wb):
            for voce, valore in case.settings.items():
                set_setting(wb, voce, valore)
            append_rows(wb, "Iscritti", [p.cells() for p in case.players])
        self._edit(setup)

    # -- helpers
    def _book(self) -> Any:
        if self._wb is None:
            self._wb = openpyxl.load_workbook(self.path)
        return self._wb

    def view(self) -> View:
        if self._wb is not None:
            return View(self._wb)
        return View(path=self.path)

    def _edit(self, fn: Callable[[Any], None]) -> None:
        fn(self._book())
        self._dirty = True

    def _save(self) -> None:
        if self._dirty:
            self._wb.save(self.path)
            self._dirty = False

    def fail(self, step_no: int, step: Step, message: str) -> None:
        raise AssertionError(
            f"[{self.case.id}] step {step_no} {type(step).__name__}: {message}\n"
            f"--- output so far ---\n" + "\n".join(self.log[-6:]))

    # -- run
    def run(self) -> None:
        """Play the steps. Cases often share their first steps (the same field, the same
        rounds, the same `finals`): the file after each command is kept for the session,
        keyed by everything typed and run so far, and a case whose steps repeat such a prefix
        copies that file instead of running the commands again. Its own checks all run."""
        steps = self.case.steps
        keys = _prefix_keys(self.case)
        cached = _cached_prefix(steps, keys)
        for no, step in enumerate(steps, start=1):
            i = no - 1
            if i < cached and isinstance(step, MUTATING):
                if isinstance(step, Cli):
                    path, log = _SNAPSHOTS[keys[i]]
                    shutil.copyfile(path, self.path)
                    self.log = list(log)
                    self._wb, self._dirty = None, False
                continue
            getattr(self, "do_" + type(step).__name__)(no, step)
            if isinstance(step, Cli) and keys[i] not in _SNAPSHOTS:
                _snapshot(keys[i], self.path, self.log)
        self._save()

    def do_Type(self, no: int, step: Type) -> None:
        rows = [row for t in step.tables for row in t.rows()]
        self._edit(lambda wb: append_rows(wb, "Risultati", rows))

    def do_TypeRows(self, no: int, step: TypeRows) -> None:
        self._edit(lambda wb: append_rows(wb, "Risultati", step.rows))

    def do_Fill(self, no: int, step: Fill) -> None:
        missing: list[str] = []

        def fill(wb):
            for seat in step.seats:
                def match(row, seat=seat):
                    return (str(row.get("ID")) == seat.id and row.get("Fase") == step.fase
                            and (step.turno is None or row.get("Turno") == step.turno))
                if update_rows(wb, "Risultati", match, seat.cells()) != 1:
                    missing.append(seat.id)
        self._edit(fill)
        if missing:
            self.fail(no, step, f"no single {step.fase} row for {missing}")

    def do_Retype(self, no: int, step: Retype) -> None:
        found: list[int] = []

        def match(row):
            return (str(row.get("ID")) == step.old_id and row.get("Fase") == step.fase
                    and (step.turno is None or row.get("Turno") == step.turno))
        self._edit(lambda wb: found.append(update_rows(wb, "Risultati", match,
                                                       {"ID": step.new_id, "Giocatore": None})))
        if found != [1]:
            self.fail(no, step, f"{step.old_id} not found once in {step.fase}")

    def do_Edit(self, no: int, step: Edit) -> None:
        found: list[int] = []
        self._edit(lambda wb: found.append(update_rows(
            wb, "Iscritti", lambda r: str(r.get("ID")) == step.id, step.columns)))
        if found != [1]:
            self.fail(no, step, f"{step.id} not found once in Iscritti")

    def do_Enrol(self, no: int, step: Enrol) -> None:
        self._edit(lambda wb: append_rows(wb, "Iscritti", [p.cells() for p in step.players]))

    def do_Setting(self, no: int, step: Setting) -> None:
        self._edit(lambda wb: set_setting(wb, step.voce, step.valore))

    def do_Rule(self, no: int, step: Rule) -> None:
        def write(wb: Any) -> None:
            if not update_rows(wb, "Regole", lambda r: r.get("Regola") == step.regola and (
                    r.get("Variante") or None) == step.variante, {"Valore": step.valore}):
                append_rows(wb, "Regole", [{"Regola": step.regola, "Valore": step.valore,
                                           "Variante": step.variante}])
        self._edit(write)

    def do_Cli(self, no: int, step: Cli) -> None:
        from risiko_xl.cli import main

        args = [a(self.view()) if callable(a) else str(a) for a in step.args]
        self._save()
        argv = [args[0], str(self.path), *args[1:]]
        code, out = _run(main, argv)
        self.log.append(f"$ risiko-xl {' '.join(args)} -> {code}\n{out.strip()}")
        self._wb = None
        if code != step.code:
            self.fail(no, step, f"exit code {code}, expected {step.code}: {out.strip()}")
        says = step.says if isinstance(step.says, list) else [step.says] if step.says else []
        for text in says:
            options = (text,) if isinstance(text, str) else text
            if not any(o.lower() in out.lower() for o in options):
                self.fail(no, step, f"output does not say {text!r}: {out.strip()}")

    def do_ExpectClassifica(self, no: int, step: ExpectClassifica) -> None:
        rows = self.view().table("Classifica")
        ids = [str(r.get("ID")) for r in rows if r.get("ID") not in (None, "")]
        if step.order is not None:
            got = ids if step.complete else ids[: len(step.order)]
            if got != step.order:
                self.fail(no, step, f"order {got}, expected {step.order}\n{_show(rows)}")
        for pid in step.absent:
            if pid in ids:
                self.fail(no, step, f"{pid} is ranked, expected absent\n{_show(rows)}")
        by_id = {str(r.get("ID")): r for r in rows}
        self._compare(no, step, by_id, step.values, rows)

    def do_ExpectRisultati(self, no: int, step: ExpectRisultati) -> None:
        rows = self.view().table("Risultati")
        for (turno, fase, pid), expected in step.rows.items():
            found = [r for r in rows if str(r.get("ID")) == pid and r.get("Fase") == fase
                     and (turno is None or r.get("Turno") == turno)]
            if len(found) != 1:
                self.fail(no, step, f"{len(found)} rows for {(turno, fase, pid)}")
            for header, value in expected.items():
                if not same(found[0].get(header), value):
                    self.fail(no, step, f"{(turno, fase, pid)} {header} = "
                              f"{found[0].get(header)!r}, expected {value!r}")

    def do_ExpectTables(self, no: int, step: ExpectTables) -> None:
        rows = [r for r in self.view().table("Risultati") if r.get("Fase") == step.fase
                and (step.turno is None or r.get("Turno") == step.turno)]
        tables: dict[Any, set[str]] = {}
        for r in rows:
            tables.setdefault(r.get("Tavolo"), set()).add(str(r.get("ID")))
        shown = {k: sorted(v) for k, v in sorted(tables.items(), key=lambda kv: str(kv[0]))}
        if step.tables is not None:
            if step.numbered:
                want = {i + 1: set(t) for i, t in enumerate(step.tables)}
                got = {int(k): v for k, v in tables.items()}
                ok = got == want
            else:
                ok = sorted(map(sorted, tables.values())) == sorted(map(sorted, step.tables))
            if not ok:
                self.fail(no, step, f"{step.fase} tables {shown}, expected "
                          f"{[sorted(t) for t in step.tables]}")
        if step.players is not None:
            seated = set().union(*tables.values()) if tables else set()
            if seated != step.players:
                self.fail(no, step, f"{step.fase} seats {sorted(seated)}, expected "
                          f"{sorted(step.players)}")
        if step.bands is not None:
            for k, t in tables.items():
                counts = [len(t & band) for band in step.bands]
                if counts != [1] * len(step.bands):
                    self.fail(no, step, f"table {k} {sorted(t)} has {counts} players from the "
                              f"bands {[sorted(b) for b in step.bands]}; all tables {shown}")

    def do_ExpectQualificati(self, no: int, step: ExpectQualificati) -> None:
        rows = [r for r in self.view().table("Qualificati") if r.get("Fase") == step.fase]
        holding = {str(r.get("ID")) for r in rows if holds_seat(r.get("Qualificazione"))}
        if step.ids is not None and holding != step.ids:
            self.fail(no, step, f"{step.fase} qualifiers {sorted(holding)}, expected "
                      f"{sorted(step.ids)}\n{_show(rows)}")
        for pid in step.absent:
            if pid in holding:
                self.fail(no, step, f"{pid} holds a {step.fase} seat\n{_show(rows)}")
        for pid, text in step.how.items():
            hows = [str(r.get("Qualificazione") or "") for r in rows if str(r.get("ID")) == pid]
            if not any(text.lower() in h.lower() for h in hows):
                self.fail(no, step, f"{pid} qualified as {hows}, expected {text!r}")

    def do_ExpectFinale(self, no: int, step: ExpectFinale) -> None:
        rows = self.view().table("ClassificaFinale")
        ids = [str(r.get("ID")) for r in rows if r.get("ID") not in (None, "")]
        got = ids if step.complete else ids[: len(step.order)]
        if got != step.order:
            self.fail(no, step, f"final ranking {got}, expected {step.order}\n{_show(rows)}")
        self._compare(no, step, {str(r.get("ID")): r for r in rows}, step.values, rows)

    def do_ExpectSheet(self, no: int, step: ExpectSheet) -> None:
        try:
            step.check(self.view())
        except AssertionError as exc:
            self.fail(no, step, f"{step.what}: {exc}")

    def _compare(self, no, step, by_id, values, rows) -> None:
        for pid, expected in values.items():
            if pid not in by_id:
                self.fail(no, step, f"{pid} not found\n{_show(rows)}")
            for header, value in expected.items():
                if not same(by_id[pid].get(header), value):
                    self.fail(no, step, f"{pid} {header} = {by_id[pid].get(header)!r}, "
                              f"expected {value!r}\n{_show(rows)}")


def _show(rows: list[dict[str, Any]], n: int = 20) -> str:
    return "\n".join(str({k: v for k, v in r.items() if v not in (None, "")}) for r in rows[:n])


def collect(folder: Path, package: str) -> list[Case]:
    """The `CASES` of every `cases_*.py` module of `folder` (package `package`), ids
    checked unique."""
    import importlib

    cases: list[Case] = []
    for path in sorted(folder.glob("cases_*.py")):
        cases.extend(importlib.import_module(f"{package}.{path.stem}").CASES)
    ids = [c.id for c in cases]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicated, f"duplicated case ids: {duplicated}"
    return cases


def as_param(case: Case) -> Any:
    """A case as a pytest parameter: a `known_defect` runs as a strict xfail."""
    import pytest

    marks = [pytest.mark.xfail(strict=True, reason=case.known_defect)] if case.known_defect \
        else []
    return pytest.param(case, id=case.id, marks=marks)


def run_case(case: Case, workdir: Path) -> None:
    Runner(case, workdir).run()
