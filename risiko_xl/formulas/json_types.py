"""Typed JSON to dataclasses: a formula file's values converted to the field types of
`risiko_xl.formulas.model` and `risiko_xl.standings.config`, with located errors.

Every problem is a RisikoError in Italian naming the file, the key path (e.g.
«standings.chain[2]») and the value found, with a "forse intendevi «…»?" for typos.
JSON lists become tuples; factors may be written "5/4". Nothing here knows what a
formula means: that is `risiko_xl.formulas.checks`.
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from risiko_xl.errors import RisikoError


class Where:
    """The file being read and where in it: renders «standings.chain[2]»."""

    def __init__(self, label: str, parts: tuple[str | int, ...] = ()) -> None:
        self.label = label
        self.parts = parts

    def __truediv__(self, part: str | int) -> Where:
        return Where(self.label, (*self.parts, part))

    @property
    def key(self) -> str:
        text = ""
        for part in self.parts:
            text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
        return text or "(radice)"

    def error(self, problem: str, value: Any = None, *, show_value: bool = True) -> RisikoError:
        """The error at this key: its message names the file and the key; `chiave` (the
        key's parts) and `problema` (the problem alone) let a reader of the same formula
        from another place (the `Formula` sheet) say it on its own row."""
        where = f"file {self.label}, chiave «{self.key}»" if self.parts else f"file {self.label}"
        message = f"{where}: {problem}"
        err = RisikoError(message, valore=value) if show_value else RisikoError(message)
        err.chiave = self.parts
        err.problema = problem
        return err


def suggest(word: Any, choices: Sequence[str]) -> str:
    """'; forse intendevi «x»?' when `word` looks like a typo of one of `choices`."""
    if not isinstance(word, str):
        return ""
    lowered = {c.casefold(): c for c in choices}
    found = difflib.get_close_matches(word.casefold(), list(lowered), n=1, cutoff=0.6)
    return f"; forse intendevi «{lowered[found[0]]}»?" if found else ""


# Feminine nouns among the settings named in messages (for "sconosciuta", "ripetuta").
_FEMININE = ("procedura", "catena", "politica", "classifica", "sostituzione")


def choice(value: Any, choices: Sequence[str], what: str, where: Where) -> str:
    """`value` if it is one of `choices`, else a RisikoError listing them."""
    if not isinstance(value, str):
        raise where.error(f"{what}: serve un testo, trovato {describe(value)}", value)
    if value not in choices:
        unknown, valid = ("sconosciuta", "valide") if what.startswith(_FEMININE) else \
            ("sconosciuto", "validi")
        raise where.error(f"{what} {unknown}; {valid}: {', '.join(choices)}"
                          f"{suggest(value, choices)}", value)
    return value


_KINDS = ((type(None), "null"), (bool, "un valore true/false"), (int, "un numero intero"),
          (float, "un numero con la virgola"), (str, "un testo"), (list, "una lista [ ]"),
          (dict, "un oggetto { }"))  # bool before int: True is an int too


def describe(value: Any) -> str:
    return next((text for kind, text in _KINDS if isinstance(value, kind)),
                type(value).__name__)


# ------------------------------------------------------------------ typed conversion


# JSON scalar field types: (accepted Python types, what to ask for); true/false is never
# a number even though bool is an int in Python.
_SCALARS: dict[Any, tuple[tuple[type, ...], str]] = {
    float: ((int, float), "un numero"), int: ((int,), "un numero intero"),
    bool: ((bool,), "true o false"), str: ((str,), "un testo")}


def convert(hint: Any, value: Any, where: Where) -> Any:
    """`value` (parsed JSON) converted to the type `hint` of a dataclass field."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if value is None and len(options) < len(typing.get_args(hint)):
            return None
        if len(options) == 1:
            return convert(options[0], value, where)
        raise where.error("tipo di campo non gestito", value)  # pragma: no cover
    if hint is typing.Any:
        return value
    if origin is typing.Literal:  # one of a vocabulary's words: `checks` names which
        if not isinstance(value, str):
            raise where.error(f"serve un testo, trovato {describe(value)}", value)
        return value
    if hint in _SCALARS:
        accepted, wanted = _SCALARS[hint]
        if not isinstance(value, accepted) or (hint is not bool and isinstance(value, bool)):
            raise where.error(f"serve {wanted}, trovato {describe(value)}", value)
        return value
    if hint is Fraction:
        return _fraction(value, where)
    if origin is list:
        if not isinstance(value, list):
            raise where.error(f"serve una lista [ ], trovato {describe(value)}", value)
        (item,) = typing.get_args(hint)
        return [convert(item, v, where / i) for i, v in enumerate(value)]
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise where.error(f"serve una lista [ ], trovato {describe(value)}", value)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(convert(args[0], v, where / i) for i, v in enumerate(value))
        if len(args) != len(value):
            raise where.error(f"servono {len(args)} elementi, trovati {len(value)}", value)
        return tuple(convert(a, v, where / i) for i, (a, v) in enumerate(zip(args, value)))
    if origin in (Mapping, dict):
        key_type, value_type = typing.get_args(hint)
        if not isinstance(value, dict):
            raise where.error(f"serve un oggetto {{ }}, trovato {describe(value)}", value)
        out = {}
        for k, v in value.items():
            key = _dict_key(key_type, k, where)
            out[key] = convert(value_type, v, where / k)
        return out
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return build(hint, value, where)
    raise where.error("tipo di campo non gestito", value)  # pragma: no cover


def _dict_key(key_type: Any, key: str, where: Where) -> Any:
    if key_type is int:
        try:
            return int(key)
        except ValueError:
            raise where.error("la chiave deve essere un numero intero", key) from None
    return key


def _fraction(value: Any, where: Where) -> Fraction:
    """A factor: 1, "5/4", "1,25", 1.25 (read through its decimal text: exact)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise where.error(f"serve un numero o una frazione come \"5/4\", trovato "
                          f"{describe(value)}", value)
    text = str(value).strip().replace(",", ".")
    try:
        result = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise where.error("frazione non valida (esempi: \"5/4\", \"0.75\")", value) from None
    if result <= 0:
        raise where.error("il fattore deve essere maggiore di zero", value)
    return result


def fields(cls: type) -> tuple[dict[str, Any], set[str]]:
    """(field name -> resolved type hint, names of required fields) of a dataclass."""
    hints = typing.get_type_hints(cls)
    names = {}
    required = set()
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        names[f.name] = hints[f.name]
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.add(f.name)
    return names, required


def check_keys(data: dict[str, Any], allowed: Sequence[str], where: Where) -> None:
    for key in data:
        if key not in allowed:
            raise (where / key).error(
                f"chiave sconosciuta; valide: {', '.join(allowed)}{suggest(key, allowed)}", key)


def as_object(value: Any, where: Where) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise where.error(f"serve un oggetto {{ }}, trovato {describe(value)}", value)
    return value


def build(cls: type, data: Any, where: Where) -> Any:
    """An instance of dataclass `cls` from a JSON object, every field typed."""
    data = as_object(data, where)
    hints, required = fields(cls)
    check_keys(data, list(hints), where)
    for name in sorted(required - set(data)):
        raise (where / name).error("chiave obbligatoria mancante", show_value=False)
    return cls(**{k: convert(hints[k], v, where / k) for k, v in data.items()})


def unique_choices(values: Sequence[str], choices: Sequence[str], what: str,
                   where: Where) -> None:
    seen: set[str] = set()
    for i, value in enumerate(values):
        choice(value, choices, what, where / i)
        if value in seen:
            raise (where / i).error(f"{what} ripetuto", value)
        seen.add(value)
