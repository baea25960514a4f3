"""Repair a drawn round when players withdraw or arrive before play, with fewest moves.

The new table sizes follow the policy for the new player count, numbered as a draw
numbers them (`sizes.table_sizes`: tables of 5 and of 3 last, 001 §8 b) «si assegnano i
"cinquisti" agli ultimi tavoli»). Each old table (after the withdrawals) either keeps a
new size or is dissolved; matched largest with largest, as many players as possible stay
at their table, which is the fewest moves. Old tables of equal size may share their new
sizes in any way: the repair takes the sharing whose seating costs least by the draw's
own cost (`cost.CostModel`: criterion 1 first, e.g. a table of 5 grows where its players
sat at no table of 5 before), ties by lot; then the draw criteria are minimised by the
same local search, "staying at one's table" ranked above every criterion. A table keeps
its number where the numbering allows it; one whose number no longer fits its new size
is renumbered (reported: its players stay together, nobody moves for it).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from risiko_xl.draw.cost import CostModel, build_model
from risiko_xl.draw.criteria import build_instance
from risiko_xl.draw.engine import check_options, quality_of, target_of
from risiko_xl.draw.fingerprint import canonical, fingerprint_data
from risiko_xl.draw.model import (
    ENGINE_VERSION,
    FULL_ENGINE_VERSION,
    DrawInput,
    Player,
    QualityItem,
)
from risiko_xl.draw.optimise import local_search
from risiko_xl.draw.rng import Rng
from risiko_xl.draw.sizes import table_sizes
from risiko_xl.errors import RuleError

REPAIR_LABEL = "riparazione"  # the procedure as Sorteggi records it
# Engine versions whose repairs matched the old tables to the new sizes in table order
# (the first tables grew) and kept every number that still existed: `verify` replays
# their records that way.
FIRST_TABLES_REPAIRS: tuple[str, ...] = ("1.0", "1.1")
_MAX_SHAPES = 400  # matchings compared, at most (one per table for one arrival)


@dataclass(frozen=True)
class Move:
    """A player's change: from/to table numbers (None = not seated / withdrawn)."""

    id: str
    from_table: int | None
    to_table: int | None


@dataclass(frozen=True)
class RepairResult:
    """New tables (ordered by number), what changed, and the quality of the result."""

    tables: list[list[str]]
    moves: list[Move]  # seated players who change table
    withdrawn: list[Move]
    arrived: list[Move]
    renumbered: list[tuple[int, int]] = field(default_factory=list)  # (old no., new no.)
    quality: list[QualityItem] = field(default_factory=list)
    fingerprint: str = ""
    engine_version: str = FULL_ENGINE_VERSION

    def report(self) -> list[str]:
        """Italian lines for the organiser."""
        lines = [f"Ritirato {m.id} (tavolo {m.from_table})" for m in self.withdrawn]
        lines += [f"Aggiunto {m.id} al tavolo {m.to_table}" for m in self.arrived]
        lines += [f"Spostato {m.id} dal tavolo {m.from_table} al {m.to_table}" for m in self.moves]
        lines += [f"Tavolo {a} rinumerato {b}" for a, b in self.renumbered]
        lines.append(f"Spostamenti: {len(self.moves)}")
        return lines


@dataclass(frozen=True)
class _Shape:
    """Where the old tables go: old index -> new index (dissolved ones absent), and the
    new tables' sizes by index."""

    number: dict[int, int]
    sizes: list[int]

    def renumbered(self) -> list[tuple[int, int]]:
        return [(t + 1, n + 1) for t, n in sorted(self.number.items()) if t != n]


def repair(
    inp: DrawInput,
    tables: Sequence[Sequence[str]],
    withdrawn: Sequence[str] = (),
    arrived: Sequence[Player] = (),
    engine: str = ENGINE_VERSION,
) -> RepairResult:
    """Fix `tables` (drawn from `inp`) for `withdrawn` ids and `arrived` players, as
    engine version `engine` repairs (named in the fingerprint, see `fingerprint.canonical`;
    one of `FIRST_TABLES_REPAIRS` matches tables in table order)."""
    criteria, policy = check_options(inp)
    seated = {pid: t + 1 for t, table in enumerate(tables) for pid in table}
    by_id = {p.id: p for p in inp.players}
    for pid in withdrawn:
        if pid not in seated:
            raise RuleError("il giocatore ritirato non è seduto a nessun tavolo", player=pid,
                            valore=pid)
    for person in arrived:
        if person.id in seated and person.id not in withdrawn:
            raise RuleError("il giocatore arrivato è già seduto a un tavolo", player=person.id,
                            valore=person.id)
    gone = set(withdrawn)
    players = [by_id.get(pid, Player(id=pid)) for pid in seated if pid not in gone]
    players += list(arrived)
    new_inp = DrawInput(
        players=tuple(players),
        seed=inp.seed,
        round_no=inp.round_no,
        policy=policy,
        criteria=criteria,
        procedure="optimise",
        repeat_weighting=inp.repeat_weighting,
        effort=inp.effort,
    )
    inst = build_instance(new_inp)
    index = {pid: i for i, pid in enumerate(inst.ids)}
    old = [[index[p] for p in t if p not in gone] for t in tables]
    newcomers = [index[p.id] for p in arrived]
    rng = Rng(inp.seed, "repair", canonical(new_inp, engine))
    sizes = table_sizes(inst.n, policy)
    model = build_model(inst, criteria, sizes, inp.repeat_weighting)
    home_w = model.span + 1
    if engine in FIRST_TABLES_REPAIRS:
        shapes = [_first_tables(old, sizes)]
    else:
        shapes = [_numbered(m, sizes) for m in _matchings([len(t) for t in old], sizes)]
        rng.shuffle(shapes)  # equal costs: by lot
    best: tuple[int, _Shape, list[list[int]], list[int]] | None = None
    for shape in shapes:
        seating, home = _fill(old, shape, newcomers, rng)
        cost = _cost(model, seating, home, home_w, _changed(old, shape))
        if best is None or cost < best[0]:
            best = (cost, shape, seating, home)
    assert best is not None  # the largest-with-largest matching is always there
    _, shape, new_tables, home = best
    min_moves = sum(1 for t, members in enumerate(new_tables) for p in members
                    if home[p] >= 0 and home[p] != t)
    target, seat = target_of(model, inst, shape.sizes, criteria)
    target += home_w * min_moves
    seat += home_w * min_moves
    new_tables = local_search(
        [new_tables], model, rng, target, seat, effort=inp.effort, home=home, home_w=home_w
    )[0]
    ids = inst.ids
    moves, arrivals = [], []
    arrived_ids = {p.id for p in arrived}
    for t, members in enumerate(new_tables):
        for p in members:
            pid = ids[p]
            if pid in arrived_ids:
                arrivals.append(Move(pid, None, t + 1))
            elif home[p] != t:  # a renumbered table's players stay together: no move
                moves.append(Move(pid, seated[pid], t + 1))
    moves.sort(key=lambda m: m.id)
    arrivals.sort(key=lambda m: m.id)
    out_tables = [[ids[p] for p in t] for t in new_tables]
    return RepairResult(
        tables=out_tables,
        moves=moves,
        withdrawn=[Move(pid, seated[pid], None) for pid in withdrawn],
        arrived=arrivals,
        renumbered=shape.renumbered(),
        quality=quality_of(inst, new_tables, shape.sizes, criteria),
        fingerprint=fingerprint_data(
            {
                "input": canonical(inp, engine),
                "tables": [list(t) for t in tables],
                "withdrawn": list(withdrawn),
                "arrived": canonical(new_inp, engine),
            }
        ),
        engine_version=FULL_ENGINE_VERSION,
    )


def _matchings(lens: Sequence[int], sizes: Sequence[int]) -> Iterator[dict[int, int]]:
    """The matchings old table -> new size (unmatched = dissolved) that match the old
    tables largest with largest (the most players kept at their table), every way of
    sharing a size among old tables of equal size; at most `_MAX_SHAPES` of them."""
    order = sorted(range(len(lens)), key=lambda t: (-lens[t], t))
    paired = list(zip(order, sorted(sizes, reverse=True)))
    groups: dict[int, list[int]] = {}
    for t in order:
        groups.setdefault(lens[t], []).append(t)
    ways = []
    for tables in groups.values():
        members = set(tables)
        given = [s for t, s in paired if t in members]
        given += [0] * (len(tables) - len(given))  # 0: dissolved
        ways.append(list(itertools.islice(_shares(tables, Counter(given)), _MAX_SHAPES)))
    for choice in itertools.islice(itertools.product(*ways), _MAX_SHAPES):
        yield {t: s for share in choice for t, s in share.items() if s}


def _shares(tables: list[int], sizes: Counter[int]) -> Iterator[dict[int, int]]:
    """Every way to give `tables` the sizes `sizes` (one each): the commonest size by
    default, the others to the tables each combination picks."""
    common, *others = [s for s, _ in sizes.most_common()]
    if not others:
        yield dict.fromkeys(tables, common)
        return
    size = others[0]
    for picked in itertools.combinations(tables, sizes[size]):
        rest = [t for t in tables if t not in picked]
        for share in _shares(rest, sizes - Counter({size: sizes[size]})):
            yield {**share, **dict.fromkeys(picked, size)}


def _numbered(matching: dict[int, int], sizes: Sequence[int]) -> _Shape:
    """The new numbers of matched old tables: the old one where the new size sits at
    that number in `sizes`, else the first free number of that size."""
    number = {t: t for t, s in matching.items() if t < len(sizes) and sizes[t] == s}
    for t, s in sorted(matching.items()):
        if t not in number:
            used = set(number.values())
            number[t] = next(i for i, x in enumerate(sizes) if x == s and i not in used)
    return _Shape(number, list(sizes))


def _first_tables(old: Sequence[Sequence[int]], sizes: Sequence[int]) -> _Shape:
    """The shape of the repairs of `FIRST_TABLES_REPAIRS`: the old tables, largest first
    and then in table order, matched to the new sizes largest first; every number that
    still exists kept, the others given the free numbers in turn."""
    target = sorted(sizes, reverse=True)
    order = sorted(range(len(old)), key=lambda t: (-len(old[t]), t))
    matched = dict(zip(order, target))
    n_new = len(target)
    number = {t: t for t in matched if t < n_new}
    free = [t for t in range(n_new) if t not in matched]
    extra = list(target[len(old):])
    for t in sorted(matched):
        if t >= n_new:
            number[t] = free.pop(0)
    new_sizes = [0] * n_new
    for t, s in matched.items():
        new_sizes[number[t]] = s
    for t in free:
        new_sizes[t] = extra.pop(0)
    return _Shape(number, new_sizes)


def _fill(old: Sequence[Sequence[int]], shape: _Shape, newcomers: Sequence[int],
          rng: Rng) -> tuple[list[list[int]], list[int]]:
    """A seating of `shape` (each kept table's players, drawn when it shrinks; the rest
    and the newcomers at random in the free seats) and each player's home (new index of
    their old table, -1 when dissolved or new)."""
    n = sum(shape.sizes)
    home = [-1] * n
    tables: list[list[int]] = [[] for _ in shape.sizes]
    pool: list[int] = []
    for t, members in enumerate(old):
        members = list(members)
        rng.shuffle(members)
        if t in shape.number:
            new = shape.number[t]
            for p in members:
                home[p] = new
            keep = shape.sizes[new]
            tables[new] = members[:keep]
            pool += members[keep:]
        else:
            pool += members
    pool += newcomers
    rng.shuffle(pool)
    for t, size in enumerate(shape.sizes):
        while len(tables[t]) < size:
            tables[t].append(pool.pop())
    return tables, home


def _changed(old: Sequence[Sequence[int]], shape: _Shape) -> list[int]:
    """The new tables that are not an old table kept whole with nobody added."""
    whole = {n for t, n in shape.number.items() if len(old[t]) == shape.sizes[n]}
    return [n for n in range(len(shape.sizes)) if n not in whole]


def _cost(model: CostModel, tables: list[list[int]], home: Sequence[int], home_w: int,
          changed: Sequence[int]) -> int:
    """The draw's cost of the `changed` tables of a seating (the others cost the same in
    every shape), each move weighing more than every criterion."""
    part = [tables[n] for n in changed]
    moved = sum(1 for n in changed for p in tables[n] if 0 <= home[p] != n)
    return model.total([part]) + home_w * moved
