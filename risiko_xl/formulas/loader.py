"""Load and validate tournament formulas (one JSON file each).

A shipped preset is loaded by name (case-insensitive; spaces, "_", "-" and apostrophes
ignored, aliases such as GestioneTorneo's "MasterRisiko" accepted); a user's own formula
by the path of its JSON file. The JSON keys are the field names of the dataclasses in
`risiko_xl.formulas.model` and `risiko_xl.standings.config`:

    {"name", "title", "source", "description", "notes", "aliases",
     "scoring": {"method": <METHODS name>, "params": {<method field>: value}},
     "game", "policy", "placement_chain", "methods_allowed", "appeal_hours",
     "draw": {...DrawRules}, "standings": {...StandingsRules},
     "phases": {...PhaseRules}, "teams": {...TeamRules} | null,
     "variants": [{"key", "max_players", "formula": {<keys overriding the base>}}]}

Every problem is a RisikoError in Italian naming the file, the key path (e.g.
«standings.chain[2]») and the value found, with a "forse intendevi «…»?" for typos.
JSON lists become tuples; scoring factors may be written "5/4". A variant's "formula"
is merged over the base key by key (sections too; "notes" are appended, "scoring" and
other lists are replaced).
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
import re
import types
import typing
from collections.abc import Mapping, Sequence
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from risiko_xl.draw.criteria import CRITERIA
from risiko_xl.draw.sizes import POLICIES, normalise_policy
from risiko_xl.errors import RisikoError
from risiko_xl.formulas.model import DrawRules, Formula, TeamRules, Variant
from risiko_xl.rules.games import GAMES
from risiko_xl.rules.methods import METHODS, Method, method
from risiko_xl.rules.placement import CHAINS
from risiko_xl.standings import config as standings_config
from risiko_xl.standings.config import PhaseRules, StandingsRules

PRESETS_DIR = "presets"

# Values of the string-valued settings (the engines' own lists are used where they exist).
DRAW_PROCEDURES = ("optimise", "cinquisti", "greca", "bands")
REPEAT_WEIGHTINGS = ("flat", "recent")
WITHDRAWN = ("remove", "keep")
PHASE_KINDS = ("none", "semifinals", "playoff", "final", "knockout")
DIRECT_FINAL = ("none", "sole_leader", "top_k", "unbeaten")
PLAYOFF_EXTRA = ("best_game", "best_assoluta")
FINAL_RANKINGS = ("final_then_total", "final_only")
FINAL_SIZES = range(3, 7)
TABLE_SIZES = range(3, 6)

_SPECIAL = {"scoring", "variants"}  # Formula keys built by hand, not by type
_NAME_RE = re.compile(r"^[a-z0-9_]+$")


# --------------------------------------------------------------------------- errors


class _Where:
    """The file being read and where in it: renders «standings.chain[2]»."""

    def __init__(self, label: str, parts: tuple[str | int, ...] = ()) -> None:
        self.label = label
        self.parts = parts

    def __truediv__(self, part: str | int) -> _Where:
        return _Where(self.label, (*self.parts, part))

    @property
    def key(self) -> str:
        text = ""
        for part in self.parts:
            text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
        return text or "(radice)"

    def error(self, problem: str, value: Any = None, *, show_value: bool = True) -> RisikoError:
        where = f"file {self.label}, chiave «{self.key}»" if self.parts else f"file {self.label}"
        message = f"{where}: {problem}"
        if show_value:
            return RisikoError(message, valore=value)
        return RisikoError(message)


def _suggest(word: Any, choices: Sequence[str]) -> str:
    """'; forse intendevi «x»?' when `word` looks like a typo of one of `choices`."""
    if not isinstance(word, str):
        return ""
    lowered = {c.casefold(): c for c in choices}
    found = difflib.get_close_matches(word.casefold(), list(lowered), n=1, cutoff=0.6)
    return f"; forse intendevi «{lowered[found[0]]}»?" if found else ""


# Feminine nouns among the settings named in messages (for "sconosciuta", "ripetuta").
_FEMININE = ("procedura", "catena", "politica", "classifica")


def _choice(value: Any, choices: Sequence[str], what: str, where: _Where) -> str:
    """`value` if it is one of `choices`, else a RisikoError listing them."""
    if not isinstance(value, str):
        raise where.error(f"{what}: serve un testo, trovato {_describe(value)}", value)
    if value not in choices:
        unknown, valid = ("sconosciuta", "valide") if what.startswith(_FEMININE) else \
            ("sconosciuto", "validi")
        raise where.error(f"{what} {unknown}; {valid}: {', '.join(choices)}"
                          f"{_suggest(value, choices)}", value)
    return value


_KINDS = ((type(None), "null"), (bool, "un valore true/false"), (int, "un numero intero"),
          (float, "un numero con la virgola"), (str, "un testo"), (list, "una lista [ ]"),
          (dict, "un oggetto { }"))  # bool before int: True is an int too


def _describe(value: Any) -> str:
    return next((text for kind, text in _KINDS if isinstance(value, kind)),
                type(value).__name__)


# ------------------------------------------------------------------ typed conversion


# JSON scalar field types: (accepted Python types, what to ask for); true/false is never
# a number even though bool is an int in Python.
_SCALARS: dict[Any, tuple[tuple[type, ...], str]] = {
    float: ((int, float), "un numero"), int: ((int,), "un numero intero"),
    bool: ((bool,), "true o false"), str: ((str,), "un testo")}


def _convert(hint: Any, value: Any, where: _Where) -> Any:
    """`value` (parsed JSON) converted to the type `hint` of a dataclass field."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if value is None and len(options) < len(typing.get_args(hint)):
            return None
        if len(options) == 1:
            return _convert(options[0], value, where)
        raise where.error("tipo di campo non gestito", value)  # pragma: no cover
    if hint is typing.Any:
        return value
    if origin is typing.Literal:
        return _choice(value, [str(a) for a in typing.get_args(hint)], "valore", where)
    if hint in _SCALARS:
        accepted, wanted = _SCALARS[hint]
        if not isinstance(value, accepted) or (hint is not bool and isinstance(value, bool)):
            raise where.error(f"serve {wanted}, trovato {_describe(value)}", value)
        return value
    if hint is Fraction:
        return _fraction(value, where)
    if origin is list:
        if not isinstance(value, list):
            raise where.error(f"serve una lista [ ], trovato {_describe(value)}", value)
        (item,) = typing.get_args(hint)
        return [_convert(item, v, where / i) for i, v in enumerate(value)]
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise where.error(f"serve una lista [ ], trovato {_describe(value)}", value)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, where / i) for i, v in enumerate(value))
        if len(args) != len(value):
            raise where.error(f"servono {len(args)} elementi, trovati {len(value)}", value)
        return tuple(_convert(a, v, where / i) for i, (a, v) in enumerate(zip(args, value)))
    if origin in (Mapping, dict):
        key_type, value_type = typing.get_args(hint)
        if not isinstance(value, dict):
            raise where.error(f"serve un oggetto {{ }}, trovato {_describe(value)}", value)
        out = {}
        for k, v in value.items():
            key = _dict_key(key_type, k, where)
            out[key] = _convert(value_type, v, where / k)
        return out
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _build(hint, value, where)
    raise where.error("tipo di campo non gestito", value)  # pragma: no cover


def _dict_key(key_type: Any, key: str, where: _Where) -> Any:
    if key_type is int:
        try:
            return int(key)
        except ValueError:
            raise where.error("la chiave deve essere un numero intero", key) from None
    return key


def _fraction(value: Any, where: _Where) -> Fraction:
    """A factor: 1, "5/4", "1,25", 1.25 (read through its decimal text: exact)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise where.error(f"serve un numero o una frazione come \"5/4\", trovato "
                          f"{_describe(value)}", value)
    text = str(value).strip().replace(",", ".")
    try:
        result = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise where.error("frazione non valida (esempi: \"5/4\", \"0.75\")", value) from None
    if result <= 0:
        raise where.error("il fattore deve essere maggiore di zero", value)
    return result


def _fields(cls: type) -> tuple[dict[str, Any], set[str]]:
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


def _check_keys(data: dict[str, Any], allowed: Sequence[str], where: _Where) -> None:
    for key in data:
        if key not in allowed:
            raise (where / key).error(
                f"chiave sconosciuta; valide: {', '.join(allowed)}{_suggest(key, allowed)}", key)


def _object(value: Any, where: _Where) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise where.error(f"serve un oggetto {{ }}, trovato {_describe(value)}", value)
    return value


def _build(cls: type, data: Any, where: _Where) -> Any:
    """An instance of dataclass `cls` from a JSON object, every field typed."""
    data = _object(data, where)
    hints, required = _fields(cls)
    _check_keys(data, list(hints), where)
    for name in sorted(required - set(data)):
        raise (where / name).error("chiave obbligatoria mancante", show_value=False)
    return cls(**{k: _convert(hints[k], v, where / k) for k, v in data.items()})


# ------------------------------------------------------------------ semantic checks


def _check_method(data: Any, where: _Where) -> Method:
    """The scoring method of {"method": name, "params": {...}}."""
    data = _object(data, where)
    _check_keys(data, ["method", "params"], where)
    if "method" not in data:
        raise (where / "method").error("chiave obbligatoria mancante", show_value=False)
    name = data["method"]
    _choice(name, list(METHODS), "metodo di punteggio", where / "method")
    base = METHODS[name]
    params = _object(data.get("params", {}), where / "params")
    hints, _ = _fields(type(base))
    allowed = [k for k in hints if k not in ("name", "description", "game")]
    _check_keys(params, allowed, where / "params")
    converted: dict[str, Any] = {}
    for key, raw in params.items():
        spot = where / "params" / key
        value = _convert(hints[key], raw, spot)
        if key == "factors":
            for size in value:
                if size not in range(3, 7):
                    raise (spot / str(size)).error("un tavolo ha da 3 a 6 giocatori", size)
        elif isinstance(value, int) and not isinstance(value, bool):
            low = 1 if key == "denominator" else 0
            if value < low:
                raise spot.error(f"il valore deve essere almeno {low}", value)
        elif isinstance(value, tuple) and any(v < 0 for v in value):
            raise spot.error("i valori non possono essere negativi", list(value))
        converted[key] = value
    try:
        return method(name, **converted)
    except RisikoError as err:  # pragma: no cover - the checks above come first
        raise where.error(err.messaggio, params) from None


def _check_draw(draw: DrawRules, where: _Where) -> None:
    _choice(draw.procedure, DRAW_PROCEDURES, "procedura di sorteggio", where / "procedure")
    if draw.first_round is not None:
        _choice(draw.first_round, DRAW_PROCEDURES, "procedura di sorteggio",
                where / "first_round")
    _unique_choices(draw.criteria, CRITERIA, "criterio di sorteggio", where / "criteria")
    _choice(draw.repeat_weighting, REPEAT_WEIGHTINGS, "peso degli incontri ripetuti",
            where / "repeat_weighting")


def _unique_choices(values: Sequence[str], choices: Sequence[str], what: str,
                    where: _Where) -> None:
    seen: set[str] = set()
    for i, value in enumerate(values):
        _choice(value, choices, what, where / i)
        if value in seen:
            raise (where / i).error(f"{what} ripetuto", value)
        seen.add(value)


def _check_standings(rules: StandingsRules, where: _Where) -> None:
    criteria = tuple(getattr(standings_config, "STANDING_CRITERIA", ()))
    if rules.rounds < 1:
        raise (where / "rounds").error("serve almeno un turno", rules.rounds)
    if not 0 <= rules.drops < rules.rounds:
        raise (where / "drops").error(
            f"gli scarti devono essere da 0 a {rules.rounds - 1} (meno dei turni, "
            f"che sono {rules.rounds})", rules.drops)
    if rules.best_of is not None:
        if not 1 <= rules.best_of <= rules.rounds:
            raise (where / "best_of").error(
                f"i migliori risultati contati devono essere da 1 a {rules.rounds} "
                f"(i turni)", rules.best_of)
        if rules.drops:
            raise (where / "best_of").error(
                "usare «drops» oppure «best_of», non entrambi", rules.best_of)
    _unique_choices(rules.chain, criteria, "criterio di classifica", where / "chain")
    if "lottery" in rules.chain[:-1]:
        i = rules.chain.index("lottery")
        raise (where / "chain" / i).error(
            "il sorteggio («lottery») può essere solo l'ultimo criterio", "lottery")
    _choice(rules.withdrawn, WITHDRAWN, "trattamento dei ritirati", where / "withdrawn")
    for i, column in enumerate(rules.columns):
        if not column.strip():
            raise (where / "columns" / i).error("nome di colonna vuoto", column)


def _check_phases(rules: PhaseRules, where: _Where) -> None:
    kinds = tuple(getattr(standings_config, "PHASE_KINDS", PHASE_KINDS))
    _choice(rules.kind, kinds, "tipo di fase finale", where / "kind")
    _choice(rules.direct_final, DIRECT_FINAL, "accesso diretto alla finale",
            where / "direct_final")
    _unique_choices(rules.playoff_extra, PLAYOFF_EXTRA, "ripescaggio", where / "playoff_extra")
    _choice(rules.final_ranking, FINAL_RANKINGS, "classifica finale", where / "final_ranking")
    if rules.table_size not in TABLE_SIZES:
        raise (where / "table_size").error("un tavolo di fase finale ha da 3 a 5 giocatori",
                                           rules.table_size)
    if rules.kind != "none" and rules.final_size not in FINAL_SIZES:
        raise (where / "final_size").error("la finale ha da 3 a 6 giocatori", rules.final_size)
    if rules.split_over is not None and rules.split_over < 1:
        raise (where / "split_over").error("serve un numero di giocatori positivo",
                                           rules.split_over)
    steps = rules.split_steps
    if any(s < 1 for s in steps) or list(steps) != sorted(set(steps)):
        raise (where / "split_steps").error(
            "servono numeri di giocatori positivi e crescenti", list(steps))
    if steps and rules.split_over is not None:
        raise (where / "split_steps").error(
            "usare «split_over» oppure «split_steps», non entrambi", list(steps))
    if rules.direct_final_upto is not None and rules.direct_final_upto < 1:
        raise (where / "direct_final_upto").error("serve un numero di giocatori positivo",
                                                  rules.direct_final_upto)
    if rules.split_ways < 2:
        raise (where / "split_ways").error("servono almeno 2 tornei paralleli",
                                           rules.split_ways)
    for name in ("semifinal_tables", "direct_finalists", "final_direct"):
        if getattr(rules, name) < 0:
            raise (where / name).error("il valore non può essere negativo", getattr(rules, name))
    if rules.kind == "semifinals":
        _check_semifinals(rules, where)
    elif rules.kind == "playoff":
        _check_playoff(rules, where)


def _check_semifinals(rules: PhaseRules, where: _Where) -> None:
    if rules.semifinal_tables < 1:
        raise (where / "semifinal_tables").error("serve almeno una semifinale",
                                                 rules.semifinal_tables)
    direct = rules.direct_finalists if rules.direct_final == "top_k" else 0
    counted = rules.direct_final in ("top_k", "unbeaten")
    if counted and rules.direct_finalists < 1:
        raise (where / "direct_finalists").error(
            f"con «{rules.direct_final}» serve almeno un finalista diretto",
            rules.direct_finalists)
    if not counted and rules.direct_finalists:
        raise (where / "direct_finalists").error(
            "i finalisti diretti si indicano solo con direct_final «top_k» o «unbeaten»",
            rules.direct_finalists)
    if rules.direct_final == "unbeaten" and rules.direct_finalists >= rules.semifinal_tables:
        raise (where / "direct_finalists").error(
            "con «unbeaten» i finalisti diretti devono essere meno delle semifinali "
            "(ogni finalista diretto toglie una semifinale)", rules.direct_finalists)
    if rules.semifinal_tables + direct != rules.final_size:
        raise (where / "final_size").error(
            f"la finale deve avere tanti posti quanti i vincitori delle semifinali "
            f"({rules.semifinal_tables}) più i finalisti diretti ({direct})", rules.final_size)


def _check_playoff(rules: PhaseRules, where: _Where) -> None:
    if not rules.playoff_ranks and not rules.playoff_extra:
        raise (where / "playoff_ranks").error(
            "lo spareggio non ha giocatori: indicare playoff_ranks e/o playoff_extra",
            list(rules.playoff_ranks))
    if rules.final_direct < 1:
        raise (where / "final_direct").error("serve almeno un finalista diretto",
                                             rules.final_direct)
    seen: set[int] = set()
    for i, rank in enumerate(rules.playoff_ranks):
        if rank <= rules.final_direct:
            raise (where / "playoff_ranks" / i).error(
                f"la posizione è già in finale (i primi {rules.final_direct} vanno diretti)",
                rank)
        if rank in seen:
            raise (where / "playoff_ranks" / i).error("posizione ripetuta", rank)
        seen.add(rank)
    size = len(rules.playoff_ranks) + len(rules.playoff_extra)
    if size not in TABLE_SIZES:
        raise (where / "playoff_ranks").error(
            f"lo spareggio avrebbe {size} giocatori: ne servono da 3 a 5",
            list(rules.playoff_ranks))
    if rules.final_direct + 1 != rules.final_size:
        raise (where / "final_size").error(
            f"la finale deve avere i {rules.final_direct} finalisti diretti più il vincitore "
            f"dello spareggio ({rules.final_direct + 1} posti)", rules.final_size)


def _check_teams(teams: TeamRules, rounds: int, where: _Where) -> None:
    least, most_members = teams.members
    if not 1 <= least <= most_members:
        raise (where / "members").error(
            "i componenti di una squadra vanno da un minimo a un massimo (minimo almeno 1)",
            list(teams.members))
    if teams.table_size is not None and teams.table_size not in TABLE_SIZES:
        raise (where / "table_size").error("un tavolo ha da 3 a 5 giocatori", teams.table_size)
    if not 1 <= teams.players_per_round <= 5:
        raise (where / "players_per_round").error(
            "i giocatori per squadra in ogni turno devono essere da 1 a 5",
            teams.players_per_round)
    most = teams.players_per_round * rounds
    if not 1 <= teams.best_of <= most:
        raise (where / "best_of").error(
            f"i risultati contati devono essere da 1 a {most} "
            f"({teams.players_per_round} giocatori × {rounds} turni)", teams.best_of)


# --------------------------------------------------------------------- the formula


def _formula(data: Any, where: _Where, default_name: str, *, variant: bool = False) -> Formula:
    """A Formula from its JSON object (variants built by the caller)."""
    data = _object(data, where)
    hints, _ = _fields(Formula)
    _check_keys(data, list(hints), where)
    data = dict(data)
    data.setdefault("name", default_name)
    for key in ("title", "source", "description", "scoring"):
        if key not in data:
            raise (where / key).error("chiave obbligatoria mancante", show_value=False)
    if variant and "variants" in data:
        raise (where / "variants").error("una variante non può avere a sua volta varianti",
                                         show_value=False)
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key in _SPECIAL:
            continue
        kwargs[key] = _convert(hints[key], value, where / key)
    if "game" in kwargs:
        _choice(kwargs["game"], list(GAMES), "gioco", where / "game")
    kwargs["scoring"] = _check_method(data["scoring"], where / "scoring")
    if kwargs.get("game") == "spqrisiko" and "factors" in (data["scoring"].get("params") or {}):
        raise (where / "scoring" / "params" / "factors").error(
            "in S.P.Q.RisiKo! i punti partita valgono come sono: niente fattori per tavolo "
            "(seed 004)", data["scoring"]["params"]["factors"])
    formula = Formula(**kwargs)

    if not _NAME_RE.match(formula.name):
        raise (where / "name").error(
            "il nome può contenere solo lettere minuscole, cifre e «_»", formula.name)
    for key in ("title", "source", "description"):
        if not getattr(formula, key).strip():
            raise (where / key).error("il testo non può essere vuoto", getattr(formula, key))
    try:
        policy = normalise_policy(formula.policy)
    except RisikoError:
        raise (where / "policy").error(
            f"politica tavoli sconosciuta; valide: {', '.join(POLICIES)}"
            f"{_suggest(formula.policy, POLICIES)}", formula.policy) from None
    _choice(formula.placement_chain, list(CHAINS), "catena di piazzamento al tavolo",
            where / "placement_chain")
    _unique_choices(formula.methods_allowed, list(METHODS), "metodo di punteggio",
                    where / "methods_allowed")
    if formula.methods_allowed and formula.scoring.name not in formula.methods_allowed:
        raise (where / "scoring" / "method").error(
            f"il metodo non è tra quelli ammessi ({', '.join(formula.methods_allowed)})",
            formula.scoring.name)
    if formula.appeal_hours is not None and formula.appeal_hours < 0:
        raise (where / "appeal_hours").error("le ore per il ricorso non possono essere negative",
                                             formula.appeal_hours)
    _check_draw(formula.draw, where / "draw")
    _check_standings(formula.standings, where / "standings")
    _check_phases(formula.phases, where / "phases")
    if formula.teams is not None:
        _check_teams(formula.teams, formula.standings.rounds, where / "teams")
    for i, note in enumerate(formula.notes):
        if not note.strip():
            raise (where / "notes" / i).error("nota vuota", note)
    return dataclasses.replace(formula, policy=policy)


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """`override` over `base`: sections merged key by key, notes appended, scoring and
    other lists replaced."""
    out = dict(base)
    for key, value in override.items():
        if key != "scoring" and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        elif key == "notes" and isinstance(value, list) and isinstance(out.get(key), list):
            out[key] = [*out[key], *value]
        else:
            out[key] = value
    return out


def _variants(data: dict[str, Any], base: Formula, where: _Where) -> tuple[Variant, ...]:
    raw = data["variants"]
    if not isinstance(raw, list):
        raise where.error(f"serve una lista [ ], trovato {_describe(raw)}", raw)
    common = {k: v for k, v in data.items() if k != "variants"}
    out: list[Variant] = []
    previous: int | None = 0
    keys: set[str] = set()
    hints, _ = _fields(Variant)
    for i, item in enumerate(raw):
        spot = where / i
        item = _object(item, spot)
        _check_keys(item, list(hints), spot)
        for name in ("key", "max_players", "formula"):
            if name not in item:
                raise (spot / name).error("chiave obbligatoria mancante", show_value=False)
        key = _convert(str, item["key"], spot / "key")
        if not key.strip() or key in keys:
            raise (spot / "key").error("chiave di variante vuota o ripetuta", key)
        keys.add(key)
        limit = _convert(int | None, item["max_players"], spot / "max_players")
        if previous is None:
            raise (spot / "max_players").error(
                "la variante precedente vale già per qualunque numero di giocatori "
                "(max_players null): questa non verrebbe mai scelta", limit)
        if limit is not None and limit <= previous:
            raise (spot / "max_players").error(
                f"i limiti delle varianti devono crescere (precedente: {previous})", limit)
        previous = limit
        override = _object(item["formula"], spot / "formula")
        if "name" in override:
            raise (spot / "formula" / "name").error(
                "una variante ha il nome della formula", override["name"])
        merged = _merge(common, override)
        formula = _formula(merged, spot / "formula", base.name, variant=True)
        out.append(Variant(key=key, max_players=limit, formula=formula))
    if not out:
        raise where.error("la lista delle varianti è vuota", raw)
    return tuple(out)


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
    where = _Where(label)
    data = _object(data, where)
    base = _formula(data, where, default_name)
    if "variants" in data:
        return dataclasses.replace(base, variants=_variants(data, base, where / "variants"))
    return base


# ------------------------------------------------------------------------ loading


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
        raise (_Where(label) / "name").error(
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
            f"{_suggest(name.strip(), available)}", valore=name_or_path)
    return _preset(found)


def resolve(formula: Formula, players: int) -> tuple[Formula, str | None]:
    """The concrete formula for `players` at the first round's draw, and the variant key
    (None when the formula has no variants)."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 0:
        raise RisikoError("numero di giocatori non valido", valore=players)
    if not formula.variants:
        return formula, None
    for v in formula.variants:
        if v.max_players is None or players <= v.max_players:
            return v.formula, v.key
    raise RisikoError(
        f"nessuna variante della formula «{formula.name}» vale per {players} giocatori "
        f"(la più ampia arriva a {formula.variants[-1].max_players})", valore=players)


__all__ = ["load", "names", "parse", "resolve"]
