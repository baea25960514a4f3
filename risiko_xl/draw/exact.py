"""The exact solver of one round's draw: the lexicographic optimum of the formula's
criteria, found and proved by a constraint solver (OR-Tools CP-SAT).

The bounds of `bounds` are counts that prove a draw optimal when it reaches them; where
the search stops above one, this solver settles it. The round is a model of 0/1
variables x[p][t] (player p at table t: one table each, `sizes[t]` players a table),
one 0/1 variable per pair that costs something when seated together (same club, region,
previous win, or an earlier meeting), true whenever both sit at one table; a size
criterion is the earlier counts of the players at its tables. Tables of one size are
interchangeable, so their order is fixed: a player sits at a table only if a player with
a lower index sits at the one before of the same size.

The criteria are taken in priority order: one at or below its bound is fixed there (the
bound proves it); the first above it is minimised with those before it fixed, starting
from the search's seating (a hint), then fixed at the optimum found, and so on. A stage
the solver cannot close within its budget ends the proof: that criterion gets the best
value found and the solver's proved lower bound (never below the counting bound), the
ones after it their counting bounds.

Reproducible: one worker and a deterministic time budget (the solver's own unit of
work, not the clock), so the same draw gives the same tables on any machine with the
same solver version. Under WebAssembly the solver is absent and the draw is the search's
(`available`).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from risiko_xl.draw.criteria import KEY_CRITERIA, NO_KEY, SIZE_CRITERIA, Instance, evaluate

# The largest field the solver is run on, and its budget for a whole draw: measured by
# benchmarks/draw_proof.py on this project's machine (two cores, one used), where a
# budget of 10 units is 5-8 s of CPU. Up to 64 players the model is built in well under
# a second; with it 99 of the benchmark's 105 rounds up to 64 players are proved optimal
# (the solver seated better than the search in 3; the 6 left are fifth and sixth rounds
# of 20-30 players, where the proof runs out of budget); beyond, the search alone met
# every bound of the benchmark.
EXACT_MAX_PLAYERS = 64
DETERMINISTIC_BUDGET = 10.0


def available() -> bool:
    """Whether the solver is installed (not under WebAssembly)."""
    return importlib.util.find_spec("ortools") is not None


@dataclass(frozen=True)
class Proof:
    """The solver's seating (tables of player indices, `sizes` order) and, per criterion,
    the value there, a lower bound of the lexicographic optimum, and whether the value is
    proved optimal (given the criteria above it at theirs)."""

    tables: list[list[int]]
    values: dict[str, int]
    bounds: dict[str, int]
    proved: dict[str, bool]


def _pairs(inst: Instance, criterion: str, weighting: str) -> dict[tuple[int, int], int]:
    """The cost of each pair seated together under a pair criterion."""
    pairs: dict[tuple[int, int], int] = {}
    if criterion in KEY_CRITERIA:
        members: dict[int, list[int]] = {}
        for p, k in enumerate(inst.keys[criterion]):
            if k != NO_KEY:
                members.setdefault(k, []).append(p)
        for group in members.values():
            for i, a in enumerate(group):
                for b in group[i + 1:]:
                    pairs[a, b] = 1
        return pairs
    source = inst.met_recent if weighting == "recent" else inst.met
    for a in range(inst.n):
        for b, weight in source[a].items():
            if a < b:
                pairs[a, b] = weight
    return pairs


class _Model:
    """The CP-SAT model of one round (see the module docstring)."""

    def __init__(self, inst: Instance, sizes: Sequence[int], criteria: Sequence[str],
                 weighting: str) -> None:
        from ortools.sat.python import cp_model

        self.cp = cp_model
        self.model = m = cp_model.CpModel()
        n, count = inst.n, len(sizes)
        self.sizes = list(sizes)
        self.x = x = [[m.new_bool_var(f"x{p}_{t}") for t in range(count)] for p in range(n)]
        for p in range(n):
            m.add_exactly_one(x[p])
        for t, size in enumerate(sizes):
            m.add(sum(x[p][t] for p in range(n)) == size)
        self.groups: dict[int, list[int]] = {}
        for t, size in enumerate(sizes):
            self.groups.setdefault(size, []).append(t)
        for tables in self.groups.values():  # equal tables in order of their first player
            for before, t in pairwise(tables):
                m.add(x[0][t] == 0)
                for p in range(1, n):
                    m.add(x[p][t] <= sum(x[q][before] for q in range(p)))
        self.z: dict[tuple[int, int], Any] = {}
        self.expr: dict[str, Any] = {}
        for c in criteria:
            terms: list[Any] = []
            seat_size = SIZE_CRITERIA.get(c)
            if seat_size is not None:
                counts = inst.counts[seat_size]
                terms = [counts[p] * x[p][t] for t in self.groups.get(seat_size, ())
                         for p in range(n) if counts[p]]
            else:
                for (a, b), weight in _pairs(inst, c, weighting).items():
                    terms.append(weight * self._together(a, b))
            self.expr[c] = sum(terms) if terms else None

    def _together(self, a: int, b: int) -> Any:
        z = self.z.get((a, b))
        if z is None:
            z = self.z[a, b] = self.model.new_bool_var(f"z{a}_{b}")
            for xa, xb in zip(self.x[a], self.x[b]):
                self.model.add_bool_or([xa.negated(), xb.negated(), z])
        return z

    def hint(self, tables: Sequence[Sequence[int]]) -> None:
        """Start from `tables`, renumbered as the symmetry breaking orders them."""
        where: dict[int, int] = {}
        for size, slots in self.groups.items():
            ordered = sorted((sorted(t) for t in tables if len(t) == size), key=min)
            for t, table in zip(slots, ordered):
                for p in table:
                    where[p] = t
        m = self.model
        m.clear_hints()  # type: ignore[no-untyped-call]
        for p, row in enumerate(self.x):
            for t, var in enumerate(row):
                m.add_hint(var, where[p] == t)
        for (a, b), z in self.z.items():
            m.add_hint(z, where[a] == where[b])

    def tables_of(self, solver: Any) -> list[list[int]]:
        tables: list[list[int]] = [[] for _ in self.sizes]
        for p, row in enumerate(self.x):
            tables[next(t for t, var in enumerate(row) if solver.value(var))].append(p)
        return tables


def prove(inst: Instance, sizes: Sequence[int], criteria: Sequence[str],
          tables: Sequence[Sequence[int]], bounds: dict[str, int], weighting: str = "flat",
          budget: float = DETERMINISTIC_BUDGET) -> Proof:
    """The lexicographic optimum of `criteria` for seating `inst` at `sizes`, starting
    from the search's `tables`, with `bounds` the counting bounds (see module docstring).
    The solver must be `available`."""
    model = _Model(inst, sizes, criteria, weighting)
    best = [list(t) for t in tables]
    values = {c: evaluate(inst, best, c) for c in criteria}
    out_bounds = dict(bounds)
    proved = {c: False for c in criteria}
    left = budget
    for c in criteria:
        expr = model.expr[c]
        if expr is None or values[c] <= bounds[c]:
            proved[c], out_bounds[c] = True, values[c]
            if expr is not None:
                model.model.add(expr == _objective(inst, best, c, weighting))
            continue
        if left <= 0:
            break
        model.hint(best)
        model.model.minimize(expr)
        solver = model.cp.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_deterministic_time = left
        status = solver.solve(model.model)
        left -= solver.response_proto.deterministic_time
        if status not in (model.cp.OPTIMAL, model.cp.FEASIBLE):
            break
        found = model.tables_of(solver)
        if _objective(inst, found, c, weighting) < _objective(inst, best, c, weighting):
            best = found
            values = {k: evaluate(inst, best, k) for k in criteria}
        if status != model.cp.OPTIMAL:
            if weighting == "flat" or c != "repeat":
                out_bounds[c] = max(bounds[c], int(solver.best_objective_bound + 0.5))
            break
        proved[c], out_bounds[c] = True, values[c]
        model.model.add(expr == _objective(inst, best, c, weighting))
    return Proof(tables=best, values=values, bounds=out_bounds, proved=proved)


def _objective(inst: Instance, tables: Sequence[Sequence[int]], criterion: str,
               weighting: str) -> int:
    """What the solver minimises for `criterion`: its value, except repeated meetings
    weighted by the round they were last (`recent`)."""
    if criterion != "repeat" or weighting != "recent":
        return evaluate(inst, tables, criterion)
    recent = inst.met_recent
    return sum(recent[a].get(b, 0) for t in tables for i, a in enumerate(t) for b in t[i + 1:])
