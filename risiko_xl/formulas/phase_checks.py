"""The checks of what follows the preliminaries (`PhaseRules`): every word one of the
core's vocabularies, every number in its range, and every rule one that applies to the
structure chosen. A rule that does not apply (ripescati with an elimination, a
spareggio table with parallel tournaments, a final's minimum of games without a final)
is refused naming it: never silently ignored.
"""

from __future__ import annotations

import dataclasses

from risiko_xl.formulas.json_types import Where, choice, unique_choices
from risiko_xl.formulas.rule_table import quoted
from risiko_xl.rules.vocabulary import labels
from risiko_xl.standings.config import (
    DIRECT_RULES,
    DIRECT_RULES_TABLE,
    FINAL_RANKINGS,
    FINAL_TIES,
    RECALL_CRITERIA,
    STAGE_KINDS,
    STAGE_LABELS,
    STAGE_REPLACEMENTS,
    DirectFinal,
    PhaseRules,
    Split,
    Stage,
)

FINAL_SIZES = range(3, 7)
RULE_LABELS = labels(DIRECT_RULES_TABLE)
TABLE_SIZES = range(3, 6)
KNOCKOUT_FINAL_SIZES = range(3, 6)


def _not_applicable(obj: object, default: object, names: tuple[str, ...], where: Where,
                    why: str) -> None:
    """Refuse the first of `names` whose value on `obj` differs from `default`'s."""
    for name in names:
        value = getattr(obj, name)
        if value != getattr(default, name):
            shown = list(value) if isinstance(value, tuple) else value
            raise (where / name).error(f"la regola non si applica: {why}", shown)


def check_phases(ph: PhaseRules, rounds: int, where: Where) -> PhaseRules:
    """The rules checked; a final with no phase before it gets its direct finalists
    made explicit (the first `final_size`)."""
    choice(ph.ranking, FINAL_RANKINGS, "classifica finale", where / "ranking")
    choice(ph.final_ties, FINAL_TIES, "parità in finale", where / "final_ties")
    choice(ph.direct.rule, DIRECT_RULES, "regola dei finalisti diretti",
           where / "direct" / "rule")
    _check_counts(ph, rounds, where)
    if not ph.final_size:
        why = f"senza finale ({quoted('phases', 'final_size')} 0) non ci sono fasi finali"
        _not_applicable(ph, PhaseRules(), ("direct", "stage", "split", "final_min_games",
                                           "ranking", "final_ties"), where, why)
        return ph
    if ph.final_size not in FINAL_SIZES:
        raise (where / "final_size").error("la finale ha da 3 a 6 giocatori (0: nessuna)",
                                           ph.final_size)
    if ph.stage is not None:
        stage = ph.stage
        spot = where / "stage"
        choice(stage.kind, STAGE_KINDS, "fase prima della finale", spot / "kind")
        if stage.label:
            choice(stage.label, STAGE_LABELS, "nome della fase", spot / "label")
        choice(stage.replacement, STAGE_REPLACEMENTS[stage.kind], "sostituzione dei ritirati",
               spot / "replacement")
        unique_choices(stage.recalls, RECALL_CRITERIA, "ripescaggio", spot / "recalls")
    _check_split(ph, where / "split")
    if ph.stage is None:
        return _plain_final(ph, where)
    stage = ph.stage
    spot = where / "stage"
    if stage.table_size not in TABLE_SIZES:
        raise (spot / "table_size").error("un tavolo di fase finale ha da 3 a 5 giocatori",
                                          stage.table_size)
    if not stage.recalls:
        _not_applicable(stage, Stage(kind=stage.kind), ("recall_from", "recall_min_games"),
                        spot, f"non ci sono ripescati ({quoted('phases', 'stage', 'recalls')})")
    if stage.kind == "knockout":
        _check_knockout(ph, where)
    elif stage.kind == "playoff":
        _check_playoff(ph, where)
    else:
        return _check_semifinals(ph, where)
    return ph


def _check_counts(ph: PhaseRules, rounds: int, where: Where) -> None:
    """Numbers that are never negative, minimums of games within the rounds."""
    spots = [(where / "final_size", ph.final_size), (where / "direct" / "count",
                                                     ph.direct.count)]
    games = [(where / "final_min_games", ph.final_min_games),
             (where / "split" / "min_games", ph.split.min_games)]
    if ph.stage is not None:
        stage = ph.stage
        games += [(where / "stage" / "min_games", stage.min_games),
                  (where / "stage" / "recall_min_games", stage.recall_min_games)]
        if stage.recall_from is not None and stage.recall_from < 1:
            raise (where / "stage" / "recall_from").error("serve una posizione da 1 in su",
                                                          stage.recall_from)
    for spot, value in spots:
        if value < 0:
            raise spot.error("il valore non può essere negativo", value)
    for spot, value in games:
        if not 0 <= value <= rounds:
            raise spot.error(f"le partite minime vanno da 0 a {rounds} (i turni "
                             f"preliminari)", value)
    field = ph.direct.field
    limits = [limit for limit, _ in field]
    if any(limit < 1 for limit in limits) or limits != sorted(set(limits)):
        raise (where / "direct" / "field").error(
            "servono numeri di giocatori positivi e crescenti", field_words(ph.direct))
    if any(n < 0 for _, n in field):
        raise (where / "direct" / "field").error("il valore non può essere negativo",
                                                 field_words(ph.direct))


def _check_split(ph: PhaseRules, where: Where) -> None:
    split = ph.split
    if split == Split():
        return
    shown = split_words(split)
    if ph.kind != "semifinals":
        raise where.error("i tornei paralleli ci sono solo con le semifinali", shown)
    if ph.stage is not None and ph.stage.recalls:
        raise where.error("i ripescati non si combinano con i tornei paralleli: ogni torneo "
                          "avrebbe i suoi", shown)
    if split.over is not None and split.over < 1:
        raise (where / "over").error("serve un numero di giocatori positivo", split.over)
    if split.ways < 2:
        raise (where / "ways").error("servono almeno 2 tornei paralleli", split.ways)
    steps = split.steps
    if any(s < 1 for s in steps) or list(steps) != sorted(set(steps)):
        raise (where / "steps").error("servono numeri di giocatori positivi e crescenti",
                                      list(steps))
    if split.min_games and not steps and split.over is None:
        raise (where / "min_games").error(
            f"la regola non si applica: non ci sono tornei paralleli "
            f"({quoted('phases', 'split', 'over')})", split.min_games)
    if steps and split.over is not None:
        raise (where / "steps").error(
            f"usare {quoted('phases', 'split', 'over')} oppure "
            f"{quoted('phases', 'split', 'steps')}, non entrambi",
                                      list(steps))


def split_words(split: Split) -> str:
    """Parallel tournaments in words («2 tornei paralleli oltre 99 giocatori con almeno 2
    partite»)."""
    counted = (f" con almeno {split.min_games} partit{'a' if split.min_games == 1 else 'e'}"
               if split.min_games else "")
    if split.steps:
        return ("un torneo parallelo in più oltre " + ", ".join(str(n) for n in split.steps)
                + f" giocatori{counted}")
    if split.over is None:
        return "nessun torneo parallelo"
    return f"{split.ways} tornei paralleli oltre {split.over} giocatori{counted}"


def _plain_final(ph: PhaseRules, where: Where) -> PhaseRules:
    """The final of the first `final_size`: `direct` is "first" (or left out)."""
    direct = ph.direct
    spot = where / "direct"
    if direct.rule not in ("none", "first"):
        raise (spot / "rule").error("senza una fase prima della finale in finale vanno i "
                                    "primi della classifica («i primi in classifica»)",
                                    direct.rule)
    if direct.count not in (0, ph.final_size):
        raise (spot / "count").error(f"senza una fase prima della finale i finalisti "
                                     f"diretti sono i {ph.final_size} della finale",
                                     direct.count)
    if direct.field:
        raise (spot / "field").error("la regola non si applica: la finale dei primi si gioca "
                                     "con qualunque numero di giocatori", field_words(direct))
    return dataclasses.replace(ph, direct=DirectFinal("first", ph.final_size))


def _check_knockout(ph: PhaseRules, where: Where) -> None:
    stage = ph.stage
    assert stage is not None
    if ph.final_size not in KNOCKOUT_FINAL_SIZES:
        raise (where / "final_size").error("la finale a eliminazione diretta ha da 3 a 5 "
                                           "giocatori", ph.final_size)
    if ph.direct != DirectFinal():
        raise (where / "direct" / "rule").error(
            "la regola non si applica: nell'eliminazione diretta nessuno va direttamente "
            "in finale", ph.direct.rule)
    _not_applicable(stage, Stage(kind="knockout", table_size=stage.table_size),
                    ("ranks", "recalls", "min_games", "club_separation", "label"),
                    where / "stage", "nell'eliminazione diretta passano i vincitori di ogni "
                    "tavolo, i tavoli sono di tutti i giocatori")
    _not_applicable(ph, PhaseRules(final_size=ph.final_size, stage=stage),
                    ("final_min_games",), where, "nell'eliminazione diretta la finale è "
                    "dei vincitori dei tavoli")


def _check_playoff(ph: PhaseRules, where: Where) -> None:
    stage = ph.stage
    assert stage is not None
    spot = where / "stage"
    direct = ph.direct
    if direct.rule != "first" or direct.count < 1:
        raise (where / "direct" / "rule").error(
            "con lo spareggio i primi della classifica vanno direttamente in finale: "
            f"{quoted('phases', 'direct', 'rule')} «i primi in classifica» e "
            f"{quoted('phases', 'direct')} almeno 1", direct.rule)
    if direct.field:
        raise (where / "direct" / "field").error(
            "la regola non si applica allo spareggio: i finalisti diretti sono sempre "
            f"{direct.count}", field_words(direct))
    if ph.final_size != direct.count + 1:
        raise (where / "final_size").error(
            f"lo spareggio è un tavolo: in finale i {direct.count} finalisti diretti più il "
            f"vincitore dello spareggio ({direct.count + 1} posti)", ph.final_size)
    if stage.ranks:
        _check_ranks(stage, direct.count, stage.table_size, spot)
    elif stage.table_size <= len(stage.recalls):
        raise (spot / "recalls").error(
            f"lo spareggio ha {stage.table_size} posti: i ripescati devono essere meno",
            list(stage.recalls))


def _check_ranks(stage: Stage, direct: int, seats: int, spot: Where) -> None:
    """Explicit places: after the direct finalists, unique, increasing, and with the
    ripescati exactly the seats of the phase."""
    ranks = stage.ranks
    if any(r <= direct for r in ranks):
        raise (spot / "ranks").error(f"i primi {direct} vanno direttamente in finale: i "
                                     f"posti della fase partono dal {direct + 1}°", list(ranks))
    if list(ranks) != sorted(set(ranks)):
        raise (spot / "ranks").error("posizioni ripetute o non in ordine", list(ranks))
    if len(ranks) + len(stage.recalls) != seats:
        raise (spot / "ranks").error(
            f"{len(ranks)} posti per classifica e {len(stage.recalls)} ripescati: la fase "
            f"ne ha {seats}", list(ranks))


def _check_semifinals(ph: PhaseRules, where: Where) -> PhaseRules:
    stage = ph.stage
    assert stage is not None
    direct = ph.direct
    spot = where / "direct"
    if direct.rule == "sole_leader" and not direct.count and not direct.field:
        direct = dataclasses.replace(direct, count=1)  # «il primo»: one, unless a field says
    counts = [direct.count, *(n for _, n in direct.field)]
    top = 1 if direct.rule == "sole_leader" else ph.final_size - 1
    if direct.rule in ("first", "unbeaten", "sole_leader") and not all(
            0 <= n <= top for n in counts):
        raise (spot / "count").error(_direct_range(direct.rule, top, ph.final_size),
                                     direct.count)
    if direct.rule in ("first", "unbeaten") and not direct.field and direct.count < 1:
        raise (spot / "count").error(_direct_range(direct.rule, top, ph.final_size),
                                     direct.count)
    if direct.rule == "none" and (direct.count or direct.field):
        raise (spot / ("field" if direct.field else "count")).error(
            f"la regola non si applica: {quoted('phases', 'direct', 'rule')} è «nessuno»",
            field_words(direct) if direct.field else direct.count)
    if stage.label:
        raise (where / "stage" / "label").error("la regola non si applica: il nome vale per "
                                                "lo spareggio", stage.label)
    most = direct.most
    if stage.ranks:
        if not direct.fixed:
            raise (where / "stage" / "ranks").error(
                "i posti si indicano solo quando i finalisti diretti sono fissi (nessuno o "
                "i primi N)", list(stage.ranks))
        _check_ranks(stage, most, (ph.final_size - most) * stage.table_size,
                     where / "stage")
    seats = (ph.final_size - most) * stage.table_size
    if len(stage.recalls) >= seats:
        raise (where / "stage" / "recalls").error(
            f"le semifinali hanno {seats} posti: i ripescati devono essere meno",
            list(stage.recalls))
    return dataclasses.replace(ph, direct=direct)


def field_words(direct: DirectFinal) -> str:
    """The direct finalists by field size in words («fino a 17 giocatori 2, oltre 1»)."""
    parts = [f"fino a {limit} giocatori {n}" for limit, n in direct.field]
    return ", ".join([*parts, f"oltre {direct.count}"]) if parts else str(direct.count)


def _direct_range(rule: str, top: int, final_size: int) -> str:
    """How many direct finalists `rule` allows, in words."""
    allowed = "ne va direttamente in finale al massimo 1" if top == 1 else \
        f"i finalisti diretti vanno da 1 a {top}"
    return (f"con «{RULE_LABELS[rule]}» {allowed} (la finale ha {final_size} posti e "
            "almeno una semifinale)")
