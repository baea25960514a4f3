"""Formula files written before the phase model: a flat "phases" object whose keys meant
different things by "kind" (`semifinal_tables`, `playoff_ranks`, `final_direct`, …).

Every such file valid before keeps its meaning: its keys are checked as they were and
turned into the model of `risiko_xl.standings.config` (direct finalists, the phase
before the final, parallel tournaments). Two things change, both named in the issue
that replaced the flat keys: a key that does not apply to the kind is refused instead
of ignored, and `playoff_extra` in a "semifinals" formula brings its ripescati into the
semifinals (it was silently ignored).
"""

from __future__ import annotations

from typing import Any

from risiko_xl.formulas.json_types import (
    Where,
    as_object,
    build,
    check_keys,
    choice,
    convert,
    unique_choices,
)
from risiko_xl.formulas.phase_checks import check_phases
from risiko_xl.standings.config import (
    FINAL_RANKINGS,
    MAX_ROUNDS,
    PHASE_KINDS,
    RECALL_CRITERIA,
    PhaseRules,
)

# key -> (type, default) of the flat record
FLAT: dict[str, tuple[Any, Any]] = {
    "kind": (str, "none"), "semifinal_tables": (int, 4), "table_size": (int, 4),
    "direct_final": (str, "none"), "direct_finalists": (int, 0),
    "playoff_ranks": (tuple[int, ...], ()), "playoff_extra": (tuple[str, ...], ()),
    "final_direct": (int, 0), "final_size": (int, 4), "split_over": (int | None, None),
    "split_ways": (int, 2), "split_steps": (tuple[int, ...], ()),
    "direct_final_upto": (int | None, None), "club_separation": (bool, True),
    "final_ranking": (str, "final_then_total"), "semifinal_replacement": (str, "standings"),
    "playoff_label": (str, ""), "playoff_replacement": (str, "standings"),
}
# the keys each kind reads (the others must keep their default)
READS: dict[str, tuple[str, ...]] = {
    "none": (),
    "final": ("final_size", "final_ranking", "table_size"),
    "knockout": ("final_size", "final_ranking", "table_size", "club_separation"),
    "playoff": ("playoff_ranks", "playoff_extra", "final_direct", "final_size",
                "final_ranking", "playoff_label", "playoff_replacement", "table_size",
                "club_separation"),
    "semifinals": ("semifinal_tables", "table_size", "direct_final", "direct_finalists",
                   "playoff_ranks", "playoff_extra", "final_size", "split_over",
                   "split_ways", "split_steps", "direct_final_upto", "club_separation",
                   "final_ranking", "semifinal_replacement"),
}
DIRECT = {"none": "none", "sole_leader": "sole_leader", "top_k": "first",
          "unbeaten": "unbeaten"}


def is_flat(data: Any) -> bool:
    """Whether a "phases" object is written with the flat keys."""
    return isinstance(data, dict) and "kind" in data


def from_flat(data: Any, where: Where) -> dict[str, Any]:
    """The "phases" object of the model from a flat one, its keys checked where they
    are written."""
    data = as_object(data, where)
    check_keys(data, list(FLAT), where)
    flat = {k: convert(hint, data[k], where / k) if k in data else default
            for k, (hint, default) in FLAT.items()}
    kind = choice(flat["kind"], PHASE_KINDS, "tipo di fase finale", where / "kind")
    for key in data:
        if key != "kind" and key not in READS[kind] and flat[key] != FLAT[key][1]:
            raise (where / key).error(f"la chiave non si applica a «kind» «{kind}»", data[key])
    choice(flat["direct_final"], list(DIRECT), "accesso diretto alla finale",
           where / "direct_final")
    unique_choices(flat["playoff_extra"], RECALL_CRITERIA, "ripescaggio",
                   where / "playoff_extra")
    choice(flat["final_ranking"], FINAL_RANKINGS, "classifica finale", where / "final_ranking")
    if kind == "none":
        return {"final_size": 0}
    out: dict[str, Any] = {"final_size": flat["final_size"],
                           "ranking": flat["final_ranking"]}
    if kind == "final":
        return out | {"direct": {"rule": "first", "count": flat["final_size"]}}
    if kind == "knockout":
        return out | {"stage": {"kind": "knockout", "table_size": flat["table_size"]}}
    if kind == "playoff":
        table = len(flat["playoff_ranks"]) + len(flat["playoff_extra"])
        if "table_size" in data and flat["table_size"] != table:
            raise (where / "table_size").error(
                f"lo spareggio ha i posti di «playoff_ranks» e «playoff_extra» ({table})",
                flat["table_size"])
        if not flat["playoff_ranks"] and not flat["playoff_extra"]:
            raise (where / "playoff_ranks").error(
                "lo spareggio non ha giocatori: indicare playoff_ranks e/o playoff_extra",
                list(flat["playoff_ranks"]))
        return out | {
            "direct": {"rule": "first", "count": flat["final_direct"]},
            "stage": {"kind": "playoff", "table_size": table,
                      "ranks": list(flat["playoff_ranks"]),
                      "recalls": list(flat["playoff_extra"]),
                      "club_separation": flat["club_separation"],
                      "replacement": flat["playoff_replacement"],
                      "label": flat["playoff_label"]}}
    direct = DIRECT[flat["direct_final"]]
    count = {"none": 0, "sole_leader": 1}.get(direct, flat["direct_finalists"])
    if direct in ("none", "sole_leader") and flat["direct_finalists"]:
        raise (where / "direct_finalists").error(
            "i finalisti diretti si indicano solo con direct_final «top_k» o «unbeaten»",
            flat["direct_finalists"])
    fixed = count if direct == "first" else 0
    if flat["semifinal_tables"] + fixed != flat["final_size"]:
        raise (where / "final_size").error(
            f"la finale deve avere tanti posti quanti i vincitori delle semifinali "
            f"({flat['semifinal_tables']}) più i finalisti diretti ({fixed})",
            flat["final_size"])
    if direct in ("first", "unbeaten") and count < 1:
        raise (where / "direct_finalists").error(
            f"con «{flat['direct_final']}» serve almeno un finalista diretto", count)
    if direct == "unbeaten" and count >= flat["semifinal_tables"]:
        raise (where / "direct_finalists").error(
            "con «unbeaten» i finalisti diretti devono essere meno delle semifinali "
            "(ogni finalista diretto toglie una semifinale)", count)
    return out | {
        "direct": _direct(direct, count, flat["direct_final_upto"]),
        "stage": {"kind": "semifinals", "table_size": flat["table_size"],
                  "ranks": list(flat["playoff_ranks"]), "recalls": list(flat["playoff_extra"]),
                  "club_separation": flat["club_separation"],
                  "replacement": flat["semifinal_replacement"]},
        "split": {"over": flat["split_over"], "ways": flat["split_ways"],
                  "steps": list(flat["split_steps"])}}


def _direct(rule: str, count: int, upto: int | None) -> dict[str, Any]:
    """Direct finalists; «only up to N players» (`direct_final_upto`) as a field step."""
    if upto is None or rule == "none":
        return {"rule": rule, "count": count}
    return {"rule": rule, "count": 0, "field": [[upto, count]]}


def flat_phases(**keys: Any) -> PhaseRules:
    """The checked `PhaseRules` of flat keys given as Python values (tuples allowed)."""
    data = {k: list(v) if isinstance(v, tuple) else v for k, v in keys.items()}
    where = Where("(regole)")
    phases = build(PhaseRules, from_flat(data, where), where)
    rounds = MAX_ROUNDS
    return check_phases(phases, rounds, where)
