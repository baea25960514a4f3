"""A formula as rows of the `Formula` sheet (one rule per row, `rule_table.RULES`), and
rows back to the object of a formula file, which the loader checks as it checks a file:
its errors keep the key (`RisikoError.chiave`), `row_of` finds the row that wrote it.

Writing: every rule of the formula's structure with its value (a method's parameter
blank where the method's own value holds, that value in the explanation), then each
variant's rules that differ (with «Variante» and its «Giocatori massimi»).
Reading: a rule written twice, an unknown rule, a value its kind refuses, or a rule of a
part the rows switch off («Fase prima della finale» «nessuna», «Torneo a squadre» «no»)
is a `RowProblem` naming the row.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from risiko_xl.formulas.cells import CellProblem, is_blank
from risiko_xl.formulas.dump import plain
from risiko_xl.formulas.model import TeamRules
from risiko_xl.formulas.rule_table import RULES, VARIANTS, Rule, rule_named
from risiko_xl.rules.methods import METHODS
from risiko_xl.standings.config import Stage


@dataclass(frozen=True)
class Row:
    """One row of the Formula sheet: section, rule, value as typed, variant, sheet row."""

    rule: str
    value: Any
    variant: str = ""
    section: str = ""
    explain: str = ""
    row: int | None = None


def _get(data: dict[str, Any], path: Sequence[str]) -> Any:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return dataclasses.MISSING
        data = data[key]
    return data


def _unit(data: dict[str, Any], method: str | None = None) -> int:
    """Numerator units per point of the method in effect (its `denominator`)."""
    name = method or _get(data, ("scoring", "method"))
    base = METHODS.get(name) if isinstance(name, str) else None
    params = _get(data, ("scoring", "params"))
    if isinstance(params, dict) and isinstance(params.get("denominator"), int):
        return int(params["denominator"])
    return base.denominator if base is not None else 1


def to_rows(data: dict[str, Any], variants: Iterable[tuple[str, Any, dict[str, Any]]] = ()
            ) -> list[Row]:
    """The rows of a formula file's object `data` (complete: every rule of its structure
    with its value; a method's parameter blank where the method's own value holds, that
    value in the explanation), then each variant's (key, max players, changes)."""
    method = _get(data, ("scoring", "method"))
    unit = _unit(data)
    rows: list[Row] = []
    for rule in RULES:
        if rule.section == VARIANTS:
            continue
        if rule.methods:
            if method not in rule.methods:
                continue
            own = getattr(METHODS[method], rule.path[-1])
            value = _get(data, rule.path)
            shown = rule.kind.write(plain(own), unit)
            cell = "" if value is dataclasses.MISSING else rule.kind.write(value, unit)
            rows.append(Row(rule.name, cell, "", rule.section,
                            f"{rule.explain} (vuoto: {shown})"))
            continue
        value = _get(data, rule.path)
        if rule.repeated:
            for item in value if value is not dataclasses.MISSING else ():
                rows.append(Row(rule.name, item, "", rule.section, rule.explain))
            continue
        cell = _cell(rule, data, unit)
        rows.append(Row(rule.name, cell, "", rule.section, rule.explain))
    most_rule = next(r for r in RULES if r.path == ("max_players",))
    for key, most, changes in variants:
        rows.append(Row(most_rule.name, most_rule.kind.write(most), key, VARIANTS,
                        most_rule.explain))
        for rule, value in _leaves(changes, method):
            rows.append(Row(rule.name, rule.kind.write(value, _unit(changes, method)) if not
                            rule.repeated else value, key, rule.section, rule.explain))
    return rows


def _cell(rule: Rule, data: dict[str, Any], unit: int) -> Any:
    """A rule's cell for the object `data` of a whole formula: its value, "" where its
    structure has none (no stage, no teams)."""
    if rule.path == ("teams",):
        return rule.kind.write(_get(data, ("teams",)) not in (None, dataclasses.MISSING), unit)
    if rule.path == ("phases", "stage", "kind"):
        stage = _get(data, ("phases", "stage"))
        return rule.kind.write(None if stage in (None, dataclasses.MISSING) else stage["kind"],
                      unit)
    value = _get(data, rule.path)
    no_final = _get(data, ("phases", "final_size")) in (0, dataclasses.MISSING)
    if value is dataclasses.MISSING or (no_final and rule.path[0] == "phases"
                                        and rule.path != ("phases", "final_size")):
        return ""
    return rule.kind.write(value, unit)


def _leaves(changes: dict[str, Any], method: Any) -> list[tuple[Rule, Any]]:
    """The (rule, value) pairs of a variant's changes, in the table's order."""
    out: list[tuple[Rule, Any]] = []
    for rule in RULES:
        if rule.section == VARIANTS:
            continue
        if rule.path == ("phases", "stage", "kind"):
            stage = _get(changes, ("phases", "stage"))
            if stage is None:
                out.append((rule, None))
                continue
        value = _get(changes, rule.path)
        if value is dataclasses.MISSING:
            continue
        if rule.path == ("phases", "direct") and not ({"count", "field"} & set(value)):
            continue
        if rule.methods and method not in rule.methods:
            continue
        if rule.repeated:
            out += [(rule, item) for item in value]
        else:
            out.append((rule, value))
    return out


# ------------------------------------------------------------------ reading


class RowProblem(ValueError):
    """A row that cannot be read: the row, the rule, the value, the Italian reason."""

    def __init__(self, row: Row, problem: str, in_value: bool = True) -> None:
        super().__init__(problem)
        self.row = row
        self.problem = problem
        self.in_value = in_value  # False: the rule's name is wrong, not its value


def _put(target: dict[str, Any], path: Sequence[str], value: Any) -> None:
    for key in path[:-1]:
        nxt = target.get(key)
        if not isinstance(nxt, dict):
            nxt = target[key] = {}
        target = nxt
    target[path[-1]] = value


def from_rows(rows: Sequence[Row], method: str | None = None
              ) -> tuple[dict[str, Any], dict[tuple[str, ...], Row]]:
    """The formula file's object written by `rows`, and the row of each key (for
    located errors). `method`: the method in effect when Impostazioni chooses one (its
    units read the parameters). RowProblem for a row that cannot be read: an unknown
    rule, a value its kind refuses, a rule written twice, a rule of a structure the rows
    do not have."""
    where: dict[tuple[str, ...], Row] = {}
    groups: dict[str, list[tuple[Rule, Row]]] = {}
    for row in rows:
        if is_blank(row.rule) and is_blank(row.value):
            continue
        if is_blank(row.rule):
            raise RowProblem(row, "manca il nome della regola", in_value=False)
        try:
            rule = rule_named(str(row.rule))
        except CellProblem as err:
            raise RowProblem(row, str(err), in_value=False) from None
        if rule.section == VARIANTS and not row.variant:
            raise RowProblem(row, "la regola vale per una variante: scrivere la variante "
                                  "nella colonna «Variante»")
        groups.setdefault(row.variant, []).append((rule, row))
    data = _read_group(groups.pop("", []), where, method, None)
    variants = []
    for index, (key, items) in enumerate(groups.items()):
        changes = _read_group(items, where, method, data, str(index))
        most = changes.pop("max_players", dataclasses.MISSING)
        if most is dataclasses.MISSING:
            row = items[0][1]
            raise RowProblem(row, f"manca la riga «Giocatori massimi» della variante «{key}»")
        variants.append({"key": key, "max_players": most, "formula": changes})
    if variants:
        data["variants"] = variants
    return data, where


def _read_group(items: list[tuple[Rule, Row]], where: dict[tuple[str, ...], Row],
                method: str | None, base: dict[str, Any] | None,
                variant: str = "") -> dict[str, Any]:
    """The object written by one variant's rows (`variant`: its index, "" the base)."""
    out: dict[str, Any] = {}
    seen: dict[str, Row] = {}
    prefix = ("variants", variant, "formula") if variant else ()
    stage_off = teams_off = None
    # the method first: its units read its parameters
    chosen = method
    for rule, row in items:
        if rule.path == ("scoring", "method") and not is_blank(row.value) and chosen is None:
            chosen = _read(rule, row, 1)
    if chosen is None and base is not None:
        chosen = _get(base, ("scoring", "method"))
        chosen = None if chosen is dataclasses.MISSING else chosen
    scoring: dict[str, Any] = {"method": chosen}
    for rule, row in items:
        if rule.path == ("scoring", "params", "denominator") and not is_blank(row.value):
            scoring["params"] = {"denominator": _read(rule, row, 1)}
    unit = _unit({"scoring": scoring})
    for rule, row in items:
        if is_blank(row.value):
            continue
        if not rule.repeated:
            if rule.name in seen:
                raise RowProblem(row, f"la regola «{rule.name}» è scritta due volte (righe "
                                      f"{seen[rule.name].row} e {row.row}): cancellarne una")
            seen[rule.name] = row
        if rule.methods and chosen not in rule.methods:
            raise RowProblem(row, f"la regola non si applica al metodo «{chosen}»: vale per "
                                  f"{', '.join(rule.methods)}")
        value = _read(rule, row, unit)
        where[(*prefix, *rule.path)] = row
        if rule.path == ("notes",):
            out.setdefault("notes", []).append(value)
        elif rule.path == ("phases", "stage", "kind") and value is None:
            stage_off = row
            _put(out, ("phases", "stage"), None)
        elif rule.path == ("teams",):
            if not value:
                teams_off = row
                out["teams"] = None
            elif "teams" not in out or out["teams"] is None:
                out["teams"] = {}
        elif rule.path == ("phases", "direct"):
            direct = out.setdefault("phases", {}).setdefault("direct", {})
            if not isinstance(direct, dict):
                direct = out["phases"]["direct"] = {}
            direct.update(value)
            where[(*prefix, "phases", "direct", "count")] = row
            where[(*prefix, "phases", "direct", "field")] = row
        else:
            _put(out, rule.path, value)
    _check_off(out, items, stage_off, ("phases", "stage"),
               "«Fase prima della finale» è «nessuna»")
    _check_off(out, items, teams_off, ("teams",), "«Torneo a squadre» è «no»")
    return out


def _check_off(out: dict[str, Any], items: list[tuple[Rule, Row]], off: Row | None,
               path: tuple[str, ...], why: str) -> None:
    """A rule of a part the rows switched off (no stage, no teams) is refused, unless
    it holds the part's own value (a row left as written is no choice)."""
    if off is None:
        return
    for rule, row in items:
        if rule.path[: len(path)] == path and len(rule.path) > len(path) \
                and not is_blank(row.value) and row is not off:
            default = OFF_DEFAULTS.get(rule.path, dataclasses.MISSING)
            if default is dataclasses.MISSING or _read(rule, row, 1) != default:
                raise RowProblem(row, f"la regola non si applica: {why}")
    _put(out, path, None)


# the values of the rules under a part that can be switched off, when it is off
OFF_DEFAULTS: dict[tuple[str, ...], Any] = {
    **{("phases", "stage", f.name): plain(getattr(Stage(), f.name))
       for f in dataclasses.fields(Stage) if f.name != "kind"},
    **{("teams", f.name): plain(getattr(TeamRules(), f.name))
       for f in dataclasses.fields(TeamRules)}}


def _read(rule: Rule, row: Row, unit: int) -> Any:
    try:
        return rule.kind.read(row.value, unit)
    except CellProblem as err:
        raise RowProblem(row, str(err)) from None


def row_of(where: dict[tuple[str, ...], Row], key: Sequence[str | int]) -> Row | None:
    """The row that wrote the key (or the nearest key above or below it)."""
    parts = tuple(str(p) for p in key if not isinstance(p, int))
    variant_key = tuple(str(p) for p in key)
    for candidate in (variant_key, parts):
        for n in range(len(candidate), 0, -1):
            if candidate[:n] in where:
                return where[candidate[:n]]
    below = [r for k, r in where.items() if k[: len(parts)] == parts]
    return below[0] if below else None
