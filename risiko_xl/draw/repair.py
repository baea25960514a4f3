"""Repair a drawn round when players withdraw or arrive before play, with fewest moves.

The new table sizes follow the policy for the new player count. Old tables (after the
withdrawals) are matched to new sizes largest with largest, which maximises the players
who can stay (sum of min(old size, new size)); that is the fewest moves. Among seatings
with that many moves, the draw criteria are then minimised by the same local search, with
"staying at one's table" ranked above every criterion. Tables keep their numbers where
they can; a table whose number no longer exists is renumbered (reported, nobody moves).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from risiko_xl.draw.cost import build_model
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


def repair(
    inp: DrawInput,
    tables: Sequence[Sequence[str]],
    withdrawn: Sequence[str] = (),
    arrived: Sequence[Player] = (),
    engine: str = ENGINE_VERSION,
) -> RepairResult:
    """Fix `tables` (drawn from `inp`) for `withdrawn` ids and `arrived` players; the
    fingerprint names engine version `engine` (see `fingerprint.canonical`)."""
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
    target_sizes = sorted(table_sizes(inst.n, policy), reverse=True)
    old = [[index[p] for p in t if p not in gone] for t in tables]
    order = sorted(range(len(old)), key=lambda t: (-len(old[t]), t))
    matched = dict(zip(order, target_sizes))  # old table index -> new size
    # new table numbers: keep the old number where it still exists
    n_new = len(target_sizes)
    number: dict[int, int] = {}
    free = [t for t in range(n_new) if t not in matched]
    renumbered = []
    for t in sorted(matched):
        if t < n_new:
            number[t] = t
    extra_sizes = list(target_sizes[len(old) :])
    for t in sorted(matched):
        if t >= n_new:
            number[t] = free.pop(0)
            renumbered.append((t + 1, number[t] + 1))
    sizes = [0] * n_new
    for t, s in matched.items():
        sizes[number[t]] = s
    for t in free:
        sizes[t] = extra_sizes.pop(0)
    home = [-1] * inst.n
    for t, members in enumerate(old):
        for p in members:
            home[p] = number.get(t, -1)
    rng = Rng(inp.seed, "repair", canonical(new_inp))
    new_tables: list[list[int]] = [[] for _ in range(n_new)]
    pool: list[int] = []
    for t, members in enumerate(old):
        members = list(members)
        rng.shuffle(members)
        if t in number:
            keep = sizes[number[t]]
            new_tables[number[t]] = members[:keep]
            pool += members[keep:]
        else:
            pool += members
    pool += [index[p.id] for p in arrived]
    rng.shuffle(pool)
    for t in range(n_new):
        while len(new_tables[t]) < sizes[t]:
            new_tables[t].append(pool.pop())
    model = build_model(inst, criteria, sizes, inp.repeat_weighting)
    home_w = model.span + 1
    min_moves = sum(1 for t, members in enumerate(new_tables) for p in members
                    if home[p] >= 0 and home[p] != t)
    target, seat = target_of(model, inst, sizes, criteria)
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
            elif home[p] != t and seated[pid] != t + 1:  # same number: not a move
                moves.append(Move(pid, seated[pid], t + 1))
    moves.sort(key=lambda m: m.id)
    arrivals.sort(key=lambda m: m.id)
    out_tables = [[ids[p] for p in t] for t in new_tables]
    return RepairResult(
        tables=out_tables,
        moves=moves,
        withdrawn=[Move(pid, seated[pid], None) for pid in withdrawn],
        arrived=arrivals,
        renumbered=renumbered,
        quality=quality_of(inst, new_tables, sizes, criteria),
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
