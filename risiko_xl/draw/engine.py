"""draw(): one round's tables from a DrawInput, with fingerprint and quality report."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from typing import Literal

from risiko_xl.draw import exact as solver
from risiko_xl.draw.bounds import exact, lower_bound
from risiko_xl.draw.cost import CostModel, build_model, weighted_target
from risiko_xl.draw.criteria import (
    KEY_CRITERIA,
    NO_KEY,
    Instance,
    build_instance,
    check_criteria,
    evaluate,
)
from risiko_xl.draw.fingerprint import fingerprint
from risiko_xl.draw.model import (
    ENGINE_VERSION,
    SEARCH_ONLY_VERSION,
    DrawInput,
    DrawResult,
    QualityItem,
    at_bounds,
    full_engine_version,
)
from risiko_xl.draw.optimise import initial_seating, local_search
from risiko_xl.draw.rng import Rng
from risiko_xl.draw.sizes import normalise_policy, table_sizes
from risiko_xl.errors import RisikoError
from risiko_xl.rules.vocabulary import Term, labels, names

DrawProcedure = Literal["optimise", "cinquisti"]
# as posts and certificates name them (Italian): the seed-001 procedure keeps its own name
DRAW_PROCEDURES: tuple[Term, ...] = (
    Term("optimise", "ottimizzazione dei criteri",
         "tutti i tavoli cercati insieme, criterio dopo criterio in ordine di priorità",
         "000 Art. 5, 001 §8"),
    Term("cinquisti", "cinquisti",
         "prima i «cinquisti», uno per tavolo da 5 (chi ne ha giocati meno), poi gli altri "
         "ottimizzando i criteri senza il club dei cinquisti", "001 §8 a)-d)"),
)
PROCEDURES = names(DRAW_PROCEDURES)
PROCEDURE_LABELS = labels(DRAW_PROCEDURES)


def procedures_text(chosen: tuple[str, ...] = PROCEDURES) -> str:
    """The procedures as a message lists them: Italian label, and the name a formula file
    uses when it differs («ottimizzazione dei criteri («optimise»), cinquisti»)."""
    return ", ".join(PROCEDURE_LABELS.get(n, n) + (f" («{n}»)" if PROCEDURE_LABELS.get(n, n)
                                                   != n else "") for n in chosen)
# how a repeated meeting weighs: the same in every round, or more when more recent
REPEAT_WEIGHTINGS = ("flat", "recent")


def check_options(inp: DrawInput) -> tuple[tuple[str, ...], str]:
    """Validated (criteria, policy) of a draw input; RisikoError otherwise."""
    criteria = check_criteria(inp.criteria)
    policy = normalise_policy(inp.policy)
    if inp.procedure not in PROCEDURES:
        raise RisikoError(
            f"procedura di sorteggio sconosciuta (ammesse: {procedures_text()})",
            valore=inp.procedure,
        )
    if inp.repeat_weighting not in REPEAT_WEIGHTINGS:
        raise RisikoError("peso degli incontri ripetuti sconosciuto", valore=inp.repeat_weighting)
    if isinstance(inp.effort, bool) or not isinstance(inp.effort, int) or inp.effort < 1:
        raise RisikoError("lo sforzo di ricerca deve essere un intero positivo", valore=inp.effort)
    return criteria, policy


def target_of(model: CostModel, inst: Instance, sizes: Sequence[int],
              criteria: Sequence[str]) -> tuple[int, int]:
    """(weighted total at the lower bounds, weighted seat part at the lower bounds)."""
    return weighted_target(model, {c: lower_bound(inst, sizes, c, criteria) for c in criteria})


def quality_of(
    inst: Instance, tables: Sequence[Sequence[int]], sizes: Sequence[int], criteria: Sequence[str]
) -> list[QualityItem]:
    return [
        QualityItem(c, evaluate(inst, tables, c), lower_bound(inst, sizes, c, criteria),
                    exact(c, criteria))
        for c in criteria
    ]


def draw(inp: DrawInput, prove: bool | None = None) -> DrawResult:
    """Draw one round. Same inputs and seed give the same tables on any machine.

    A round the search leaves above a bound goes to the exact solver (`exact`) when the
    procedure is the optimisation and the field is club-size; `prove=False` draws with
    the search alone (how engines up to 1.2, and this one without the solver, seated),
    None uses the solver where it is installed."""
    criteria, policy = check_options(inp)
    inst = build_instance(inp)
    sizes = table_sizes(inst.n, policy)
    rng = Rng(inp.seed, "draw")
    chosen: list[int] = []
    if prove is None:
        prove = solver.available()
    if inp.procedure == "cinquisti":  # not an optimum: `audit.quality_notes` says why
        tables = _cinquisti(inst, sizes, criteria, rng, inp, chosen)
    else:
        tables = _optimise(inst, sizes, criteria, rng, inp)
    quality = quality_of(inst, tables, sizes, criteria)
    why = ""
    if inp.procedure != "cinquisti" and not at_bounds(quality):
        if not prove:
            why = "solutore esatto non disponibile qui: solo la ricerca"
        elif inst.n > solver.EXACT_MAX_PLAYERS:
            why = (f"oltre {solver.EXACT_MAX_PLAYERS} giocatori il solutore esatto non è "
                   "usato: solo la ricerca")
        else:
            try:
                tables, quality = _proved(inst, sizes, criteria, tables, quality,
                                          inp.repeat_weighting)
            except ImportError:  # installed but broken: the search's draw, said so
                prove, why = False, "solutore esatto non disponibile qui: solo la ricerca"
            if prove and not at_bounds(quality):
                why = (f"il solutore esatto non ha chiuso la prova entro il suo limite "
                       f"({solver.DETERMINISTIC_BUDGET:g} unità di lavoro)")
    version = ENGINE_VERSION if prove else SEARCH_ONLY_VERSION
    for t in tables:  # seat order at the table: random too
        rng.shuffle(t)
    return DrawResult(
        tables=[[inst.ids[p] for p in t] for t in tables],
        seed=inp.seed,
        fingerprint=fingerprint(inp, version),
        engine_version=full_engine_version(version),
        quality=quality,
        round_no=inst.round_no,
        procedure=inp.procedure,
        cinquisti=tuple(sorted(inst.ids[p] for p in chosen)),
        unproved_why=why,
    )


def _proved(inst: Instance, sizes: list[int], criteria: tuple[str, ...],
            tables: list[list[int]], quality: list[QualityItem], weighting: str,
            ) -> tuple[list[list[int]], list[QualityItem]]:
    """The exact solver's seating and figures, from the search's `tables`: each
    criterion's value, the solver's proved lower bound, and whether it is optimal."""
    proof = solver.prove(inst, sizes, criteria, tables,
                         {q.criterion: q.lower_bound for q in quality}, weighting,
                         solver.DETERMINISTIC_BUDGET)
    items = []
    for q in quality:  # «minimo dimostrato» where the solver proved more than a count
        proved = proof.proved[q.criterion] and proof.values[q.criterion] > q.lower_bound
        items.append(QualityItem(q.criterion, proof.values[q.criterion],
                                 proof.bounds[q.criterion], q.exact or proved, proved))
    return proof.tables, items


def _optimise(
    inst: Instance, sizes: list[int], criteria: tuple[str, ...], rng: Rng, inp: DrawInput
) -> list[list[int]]:
    model = build_model(inst, criteria, sizes, inp.repeat_weighting)
    target, seat_target = target_of(model, inst, sizes, criteria)
    tables = initial_seating(inst, sizes, criteria, rng)
    return local_search([tables], model, rng, target, seat_target, effort=inp.effort)[0]


def _cinquisti(
    inst: Instance, sizes: list[int], criteria: tuple[str, ...], rng: Rng, inp: DrawInput,
    chosen: list[int],
) -> list[list[int]]:
    """Seed 001 §8 a)-d): cinquisti drawn first (fewest earlier 5-seats when five_repeat is
    a criterion), one per 5-table; the rest placed at random and optimised ignoring the
    cinquisti's club/region; finally cinquisti permuted among the 5-tables. The cinquisti
    drawn are appended to `chosen` (the certificate names them)."""
    five_tables = [t for t, s in enumerate(sizes) if s == 5]
    if not five_tables:
        return _optimise(inst, sizes, criteria, rng, inp)
    order = list(range(inst.n))
    rng.shuffle(order)
    if "five_repeat" in criteria:
        cnt = inst.counts[5]
        order.sort(key=lambda p: cnt[p])
    cinquisti = order[: len(five_tables)]
    chosen.extend(cinquisti)
    fixed = dict(zip(cinquisti, five_tables))
    # c) everyone else, with the cinquisti's club (and region) ignored
    keys = dict(inst.keys)
    for c in KEY_CRITERIA:
        if c != "winners":
            masked = list(keys[c])
            for p in cinquisti:
                masked[p] = NO_KEY
            keys[c] = masked
    inst_c = dataclasses.replace(inst, keys=keys)
    model_c = build_model(inst_c, criteria, sizes, inp.repeat_weighting)
    target_c, seat_c = target_of(model_c, inst_c, sizes, criteria)
    movable = [p not in fixed for p in range(inst.n)]
    tables = initial_seating(inst, sizes, criteria, rng, fixed=fixed)
    tables = local_search([tables], model_c, rng, target_c, seat_c, movable, inp.effort)[0]
    # d) permute the cinquisti among the 5-tables, now with their clubs
    model = build_model(inst, criteria, sizes, inp.repeat_weighting)
    slot = {}
    for t in five_tables:
        for i, p in enumerate(tables[t]):
            if p in fixed:
                slot[t] = i
    if len(five_tables) <= 6:
        perms = list(itertools.permutations(cinquisti))
        rng.shuffle(perms)
        best_cost, best_perm = None, None
        for perm in perms:
            for t, p in zip(five_tables, perm):
                tables[t][slot[t]] = p
            cost = model.total([[tables[t] for t in five_tables]])
            if best_cost is None or cost < best_cost:
                best_cost, best_perm = cost, perm
        assert best_perm is not None  # at least one permutation was tried
        for t, p in zip(five_tables, best_perm):
            tables[t][slot[t]] = p
        return tables
    target, seat = target_of(model, inst, sizes, criteria)
    only_cinquisti = [p in fixed for p in range(inst.n)]
    return local_search([tables], model, rng, target, seat, only_cinquisti, inp.effort)[0]
