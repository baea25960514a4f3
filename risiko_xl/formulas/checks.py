"""The semantic checks of a formula: every name it uses is one of the core's
vocabularies (draw procedures and criteria, table policies, placement chains, scoring
methods, standings criteria, kinds of final phase, …), every number in its range, every
combination of settings playable. A formula file is refused here, at load time, with a
located Italian message, never at the first draw or standings that would use it.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from risiko_xl.draw.criteria import CRITERIA
from risiko_xl.draw.engine import PROCEDURES, REPEAT_WEIGHTINGS
from risiko_xl.draw.sizes import POLICIES, normalise_policy
from risiko_xl.errors import RisikoError
from risiko_xl.formulas.json_types import (
    Where,
    as_object,
    check_keys,
    choice,
    convert,
    fields,
    suggest,
    unique_choices,
)
from risiko_xl.formulas.legacy import from_flat, is_flat
from risiko_xl.formulas.model import DrawRules, Formula, TeamRules
from risiko_xl.formulas.phase_checks import TABLE_SIZES, check_phases
from risiko_xl.rules.games import GAMES
from risiko_xl.rules.methods import METHODS, NOT_PARAMETERS, Method, method
from risiko_xl.rules.placement import CHAINS
from risiko_xl.standings.config import (
    MAX_ROUNDS,
    STANDING_CRITERIA,
    WITHDRAWN_RULES,
    StandingsRules,
)

_SPECIAL = {"scoring", "variants"}  # Formula keys built by hand, not by type
_NAME_RE = re.compile(r"^[a-z0-9_]+$")

def check_method(data: Any, where: Where) -> Method:
    """The scoring method of {"method": name, "params": {...}}."""
    data = as_object(data, where)
    check_keys(data, ["method", "params"], where)
    if "method" not in data:
        raise (where / "method").error("chiave obbligatoria mancante", show_value=False)
    name = data["method"]
    choice(name, list(METHODS), "metodo di punteggio", where / "method")
    base = METHODS[name]
    params = as_object(data.get("params", {}), where / "params")
    hints, _ = fields(type(base))
    allowed = [k for k in hints if k not in (*NOT_PARAMETERS, "game")]
    check_keys(params, allowed, where / "params")
    converted: dict[str, Any] = {}
    for key, raw in params.items():
        spot = where / "params" / key
        value = convert(hints[key], raw, spot)
        if key == "factors":
            for size in value:
                if size not in range(3, 7):
                    raise (spot / str(size)).error("un tavolo ha da 3 a 6 giocatori", size)
        elif isinstance(value, int) and not isinstance(value, bool):
            low = 1 if key in ("denominator", "scaled_parts") else 0
            if value < low:
                raise spot.error(f"il valore deve essere almeno {low}", value)
        elif isinstance(value, tuple) and any(v < 0 for v in value):
            raise spot.error("i valori non possono essere negativi", list(value))
        converted[key] = value
    try:
        return method(name, **converted)
    except RisikoError as err:  # what the method itself refuses (a denominator not 10, 100, …)
        raise where.error(err.messaggio, params) from None


def check_draw(draw: DrawRules, where: Where) -> None:
    """Procedures and criteria the draw engine runs (`risiko_xl.draw`): a procedure it
    does not run is refused here, not at the first round's draw."""
    choice(draw.procedure, PROCEDURES, "procedura di sorteggio", where / "procedure")
    if draw.first_round is not None:
        choice(draw.first_round, PROCEDURES, "procedura di sorteggio", where / "first_round")
    unique_choices(draw.criteria, CRITERIA, "criterio di sorteggio", where / "criteria")
    choice(draw.repeat_weighting, REPEAT_WEIGHTINGS, "peso degli incontri ripetuti",
           where / "repeat_weighting")


def check_standings(rules: StandingsRules, where: Where) -> None:
    if rules.rulings:  # the referee's, read from Sorteggi: never a formula's
        raise (where / "rulings").error("le decisioni dell'arbitro stanno nel foglio "
                                        "Sorteggi (risiko-xl decidi --ordine), non nella "
                                        "formula", list(rules.rulings))
    if rules.rounds < 1:
        raise (where / "rounds").error("serve almeno un turno", rules.rounds)
    if rules.rounds > MAX_ROUNDS:
        raise (where / "rounds").error(f"al massimo {MAX_ROUNDS} turni", rules.rounds)
    if not 0 <= rules.drops < rules.rounds:
        raise (where / "drops").error(
            f"gli scarti devono essere da 0 a {rules.rounds - 1} (meno dei turni, "
            f"che sono {rules.rounds})", rules.drops)
    if rules.best_of is not None:
        # «i migliori N» at most (GestioneTorneo's NUMERO_PARTITE_VALIDE): with fewer
        # rounds every result counts, so a club may change the evenings in Impostazioni
        if rules.best_of < 1:
            raise (where / "best_of").error(
                "i migliori risultati contati devono essere almeno 1", rules.best_of)
        if rules.drops:
            raise (where / "best_of").error(
                "usare «drops» oppure «best_of», non entrambi", rules.best_of)
    unique_choices(rules.chain, STANDING_CRITERIA, "criterio di classifica", where / "chain")
    if "lottery" in rules.chain[:-1]:
        i = rules.chain.index("lottery")
        raise (where / "chain" / i).error(
            "il sorteggio può essere solo l'ultimo criterio", "lottery")
    choice(rules.withdrawn, WITHDRAWN_RULES, "trattamento dei ritirati", where / "withdrawn")
    if rules.drops_from is not None and not 2 <= rules.drops_from <= rules.rounds:
        raise (where / "drops_from").error(
            f"il turno da cui si scarta va dal 2° al {rules.rounds}° (l'ultimo turno "
            "preliminare)", rules.drops_from)
    if not 0 <= rules.min_games <= rules.rounds:
        raise (where / "min_games").error(
            f"le partite minime vanno da 0 a {rules.rounds} (i turni preliminari)",
            rules.min_games)
    for i, column in enumerate(rules.columns):
        if not column.strip():
            raise (where / "columns" / i).error("nome di colonna vuoto", column)


def check_teams(teams: TeamRules, rounds: int, where: Where) -> None:
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


MAX_APPEAL_HOURS = 24 * 366  # hours: a post dates the deadline, which stays a real date


def build_formula(data: Any, where: Where, default_name: str, *,
                  variant: bool = False) -> Formula:
    """A Formula from its JSON object (variants built by the caller)."""
    data = as_object(data, where)
    hints, _ = fields(Formula)
    check_keys(data, list(hints), where)
    data = dict(data)
    data.setdefault("name", default_name)
    for key in ("title", "source", "description", "scoring"):
        if key not in data:
            raise (where / key).error("chiave obbligatoria mancante", show_value=False)
    if variant and "variants" in data:
        raise (where / "variants").error("una variante non può avere a sua volta varianti",
                                         show_value=False)
    if is_flat(data.get("phases")):
        data["phases"] = from_flat(data["phases"], where / "phases")
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key in _SPECIAL:
            continue
        kwargs[key] = convert(hints[key], value, where / key)
    if "game" in kwargs:
        choice(kwargs["game"], list(GAMES), "gioco", where / "game")
    kwargs["scoring"] = check_method(data["scoring"], where / "scoring")
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
            f"{suggest(formula.policy, POLICIES)}", formula.policy) from None
    choice(formula.placement_chain, list(CHAINS), "catena di piazzamento al tavolo",
           where / "placement_chain")
    unique_choices(formula.methods_allowed, list(METHODS), "metodo di punteggio",
                   where / "methods_allowed")
    if formula.methods_allowed and formula.scoring.name not in formula.methods_allowed:
        raise (where / "scoring" / "method").error(
            f"il metodo non è tra quelli ammessi ({', '.join(formula.methods_allowed)})",
            formula.scoring.name)
    if formula.appeal_hours is not None and not 0 <= formula.appeal_hours <= MAX_APPEAL_HOURS:
        raise (where / "appeal_hours").error(
            f"le ore per il ricorso vanno da 0 a {MAX_APPEAL_HOURS} (un anno)",
            formula.appeal_hours)
    check_draw(formula.draw, where / "draw")
    check_standings(formula.standings, where / "standings")
    phases = check_phases(formula.phases, formula.standings.rounds, where / "phases")
    if formula.teams is not None:
        check_teams(formula.teams, formula.standings.rounds, where / "teams")
    for i, note in enumerate(formula.notes):
        if not note.strip():
            raise (where / "notes" / i).error("nota vuota", note)
    return dataclasses.replace(formula, policy=policy, phases=phases)
