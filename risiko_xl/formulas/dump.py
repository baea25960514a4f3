"""A formula back to the JSON object of its file (`risiko_xl.formulas.loader` reads it
again to the same formula): the exchange format, and what the `Formula` sheet is
written from. Only what differs from the defaults is written, so a file says what
its formula chooses; a variant writes only what it changes of the base.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from risiko_xl.formulas.model import Formula
from risiko_xl.rules.methods import METHODS, NOT_PARAMETERS, Method
from risiko_xl.standings.config import Stage

# the keys of a formula file in the order they are written
ORDER = ("name", "title", "source", "description", "aliases", "gestionetorneo", "notes",
         "scoring", "methods_allowed", "game", "policy", "placement_chain", "appeal_hours",
         "draw", "standings", "phases", "teams", "variants")


def plain(value: Any) -> Any:
    """A value as JSON writes it: tuples as lists, fractions as "5/4", mappings with
    text keys."""
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else value.numerator
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        keep = ("kind",) if isinstance(value, Stage) else ()
        return changed(value, type(value), keep) if _has_defaults(type(value)) else {
            f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _has_defaults(cls: type) -> bool:
    return all(f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
               for f in dataclasses.fields(cls))


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def changed(obj: Any, cls: type, keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fields of dataclass `obj` that differ from `cls`'s defaults (and `keep`)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        value = getattr(obj, f.name)
        if f.name in keep or value != _default(f):
            out[f.name] = plain(value)
    return out


def method_params(scoring: Method) -> dict[str, Any]:
    """The parameters a method's formula sets (those that differ from the method's
    own), as its file writes them."""
    base = METHODS[scoring.name]
    out: dict[str, Any] = {}
    for f in dataclasses.fields(scoring):
        if f.name in (*NOT_PARAMETERS, "game"):
            continue
        value = getattr(scoring, f.name)
        if value != getattr(base, f.name):
            out[f.name] = plain(value)
    return out


def to_data(formula: Formula) -> dict[str, Any]:
    """The JSON object of `formula`'s file."""
    data = _sections(formula, changed)
    if formula.variants:
        base = _sections(formula, _full)
        data["variants"] = [{"key": v.key, "max_players": v.max_players,
                             "formula": _difference(_sections(v.formula, _full), base)}
                            for v in formula.variants]
    return {k: data[k] for k in ORDER if k in data}


def _full(obj: Any, cls: type, keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every field of dataclass `obj`, nested ones too, as JSON writes them."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        value = getattr(obj, f.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            out[f.name] = _full(value, type(value))
        else:
            out[f.name] = plain(value)
    return out


def _sections(formula: Formula,
              fields: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    data = fields(formula, Formula, keep=("name", "title", "source", "description"))
    data.pop("variants", None)
    data["scoring"] = {"method": formula.scoring.name, "params": method_params(formula.scoring)}
    data["standings"] = fields(formula.standings, type(formula.standings), keep=("rounds",))
    return data


def _difference(variant: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """What a variant writes: the keys it changes (sections key by key, its own notes
    after the base's, the scoring whole), as `variants._merge` reads them back."""
    out: dict[str, Any] = {}
    for key, value in variant.items():
        was = base.get(key)
        if key == "name" or was == value:
            continue
        if key == "notes" and value[: len(was or [])] == (was or []):
            out[key] = value[len(was or []):]
        elif isinstance(value, dict) and key != "scoring" and isinstance(was, dict):
            out[key] = _difference(value, was)
        else:
            out[key] = value
    return out


def formula_rows_data(formula: Formula
                      ) -> tuple[dict[str, Any], list[tuple[str, int | None, dict[str, Any]]]]:
    """`formula` whole (every key, as `rule_table.to_rows` writes it) and each variant's
    (key, max players, changes)."""
    base = _sections(formula, _full)
    return base, [(v.key, v.max_players, _difference(_sections(v.formula, _full), base))
                  for v in formula.variants]


def to_json(formula: Formula) -> str:
    """The text of `formula`'s file (UTF-8, two-space indent)."""
    return json.dumps(to_data(formula), ensure_ascii=False, indent=2) + "\n"
