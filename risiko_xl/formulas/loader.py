"""Load tournament formulas (one JSON file each).

A shipped preset is loaded by name (case-insensitive; spaces, "_", "-" and apostrophes
ignored, aliases such as GestioneTorneo's "MasterRisiko" accepted); a user's own formula
by the path of its JSON file. The JSON keys are the field names of the dataclasses in
`risiko_xl.formulas.model` and `risiko_xl.standings.config`:

    {"name", "title", "source", "description", "notes", "aliases", "gestionetorneo",
     "scoring": {"method": <METHODS name>, "params": {<method field>: value}},
     "game", "policy", "placement_chain", "methods_allowed", "appeal_hours",
     "draw": {...DrawRules}, "standings": {...StandingsRules},
     "phases": {...PhaseRules}, "teams": {...TeamRules} | null,
     "variants": [{"key", "max_players", "formula": {<keys overriding the base>}}]}

The text is parsed here; its values are typed by `json_types`, checked against the
core's vocabularies by `checks` and its variants built by `variants`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import re
from importlib import resources
from pathlib import Path
from typing import Any

from risiko_xl.errors import RisikoError
from risiko_xl.formulas.cells import MAX_FIELD, MAX_NUMBER
from risiko_xl.formulas.checks import build_formula
from risiko_xl.formulas.json_types import Where, as_object, suggest
from risiko_xl.formulas.model import Formula
from risiko_xl.formulas.variants import variants
from risiko_xl.typed import CELL_LIMIT, excel_length

PRESETS_DIR = "presets"

def _json_problem(err: json.JSONDecodeError) -> str:
    messages = {
        "Expecting ',' delimiter": "manca una virgola",
        "Expecting ':' delimiter": "mancano i due punti «:» dopo la chiave",
        "Expecting property name enclosed in double quotes":
            "atteso il nome di una chiave tra virgolette doppie (o una virgola di troppo)",
        "Expecting value": "atteso un valore",
        "Extra data": "testo in più dopo la fine del file",
        "Unterminated string starting at": "testo tra virgolette non chiuso",
        "Invalid control character at": "carattere di controllo nel testo",
        "Invalid \\escape": "sequenza «\\» non valida",
    }
    text = messages.get(err.msg, err.msg)
    return f"JSON non valido alla riga {err.lineno}, colonna {err.colno}: {text}"


class _DuplicateKey(Exception):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def parse(text: str, label: str, default_name: str) -> Formula:
    """The Formula in JSON `text` (from file `label`); RisikoError when invalid."""
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as err:
        raise RisikoError(f"file {label}: {_json_problem(err)}") from None
    except _DuplicateKey as err:
        raise RisikoError(f"file {label}: la chiave «{err.args[0]}» compare due volte nello "
                          "stesso oggetto", valore=err.args[0]) from None
    except RecursionError:  # thousands of nested [ or {: no formula looks like that
        raise RisikoError(f"file {label}: parentesi annidate troppo in profondità: non è "
                          "una formula valida") from None
    except ValueError:  # an integer of thousands of digits (Python refuses to read it)
        raise RisikoError(f"file {label}: un numero di migliaia di cifre: non è una formula "
                          "valida") from None
    return from_data(data, label, default_name)


def bounded(data: Any, where: Where) -> None:
    """Refuse what no formula holds and what would make a command run out of time or
    memory: a number beyond `MAX_NUMBER` or not finite, a text longer than a cell holds
    (Excel's 32,767 characters: the `Formula` sheet would cut it), a list longer than
    `MAX_FIELD` places."""
    if isinstance(data, bool) or data is None:
        return
    if isinstance(data, (int, float)):
        if (isinstance(data, float) and not math.isfinite(data)) or abs(data) > MAX_NUMBER:
            raise where.error(f"numero non ammesso (al massimo {MAX_NUMBER:_} in valore "
                              "assoluto)".replace("_", "."), data)
    elif isinstance(data, str):
        if excel_length(data) > CELL_LIMIT:
            raise where.error(f"testo di {excel_length(data):_} caratteri: al massimo "
                              f"{CELL_LIMIT:_} (quanti ne tiene una cella)"
                              .replace("_", "."), data[:40] + "…")
    elif isinstance(data, list):
        if len(data) > MAX_FIELD:
            raise where.error(f"elenco di {len(data):_} voci: al massimo {MAX_FIELD:_}"
                              .replace("_", "."), f"[{len(data)} voci]")
        for i, item in enumerate(data):
            bounded(item, where / i)
    elif isinstance(data, dict):
        for key, item in data.items():
            bounded(item, where / key)


def from_data(data: Any, label: str, default_name: str) -> Formula:
    """The Formula of a formula file's object (read from a file, or from the rows of a
    workbook's `Formula` sheet); RisikoError when invalid, naming `label` and the key."""
    where = Where(label)
    data = as_object(data, where)
    bounded(data, where)
    base = build_formula(data, where, default_name)
    if "variants" in data:
        return dataclasses.replace(base, variants=variants(data, base, where / "variants"))
    return base


def _presets() -> Any:
    return resources.files("risiko_xl.formulas").joinpath(PRESETS_DIR)


def names() -> list[str]:
    """Names of the shipped presets, sorted."""
    return sorted(p.name[: -len(".json")] for p in _presets().iterdir()
                  if p.name.endswith(".json"))


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-'’.]+", "", name).casefold()


@functools.cache
def _preset(name: str) -> Formula:
    label = f"{PRESETS_DIR}/{name}.json"
    text = _presets().joinpath(f"{name}.json").read_text(encoding="utf-8-sig")
    formula = parse(text, label, name)
    if formula.name != name:
        raise (Where(label) / "name").error(
            f"il nome deve coincidere con quello del file («{name}»)", formula.name)
    return formula


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, str]:
    """Normalised name or alias -> preset name."""
    index: dict[str, str] = {}
    for name in names():
        index.setdefault(_norm(name), name)
        for alias in _preset(name).aliases:
            index.setdefault(_norm(alias), name)
    return index


def _is_path(value: str | Path) -> bool:
    if isinstance(value, Path):
        return True
    return "/" in value or "\\" in value or value.strip().lower().endswith(".json")


def load(name_or_path: str | Path) -> Formula:
    """A shipped preset by name (case-insensitive, aliases accepted) or a user's JSON file
    by path. RisikoError (Italian, naming file, key and value) when unknown or invalid."""
    if not isinstance(name_or_path, (str, Path)):
        raise RisikoError("la formula va indicata con un nome o un percorso di file",
                          valore=name_or_path)
    if _is_path(name_or_path):
        path = Path(name_or_path)
        try:
            path = path.expanduser()
            is_file = path.is_file()
        except (OSError, ValueError, RuntimeError):  # name too long, NUL, unknown ~user
            is_file = False
        if not is_file:
            raise RisikoError(f"file di formula non trovato: {path}", valore=str(name_or_path))
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as err:
            raise RisikoError(f"file {path}: impossibile leggerlo ({err})") from None
        default = re.sub(r"[^a-z0-9_]+", "_", path.stem.casefold()).strip("_")
        return parse(text, str(path), default or "formula")
    name = str(name_or_path)  # a name: a Path took the branch above
    found = _index().get(_norm(name))
    if found is None:
        available = names()
        raise RisikoError(
            f"formula sconosciuta; disponibili: {', '.join(available)}"
            f"{suggest(name.strip(), available)}", valore=name_or_path)
    return _preset(found)


__all__ = ["from_data", "load", "names", "parse"]
