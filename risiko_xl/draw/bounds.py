"""Lower bounds of each criterion (docs/ARCHITECTURE.md, «Draws: criteria and lower bounds»).
Each is proved below an optimum:
- key criteria (club, region, winners): a group of k players over T tables has at least
  r·C(q+1,2) + (T−r)·C(q,2) pairs together, q = k // T, r = k % T (convexity of C(x,2);
  table capacities only raise the minimum). Groups are disjoint, so the sum is a bound.
- size criteria (five_repeat, three_repeat): the S seats at 5-tables must go to S
  distinct players, so the cost is at least the sum of the S smallest earlier counts
  (≥ max(0, S − players with no 5-table history), the section's bound). It is exact on its own.
- repeat: for each earlier round, (a) each new table of size s draws from G groups (the
  tables of that round plus one group per absent player): at least the balanced count of
  s over G, i.e. max(0, s − G) when s ≤ 2G (the pigeonhole bound); (b) the players of
  one earlier table spread over the T new tables: balanced count of k over T. Pairs of
  one round are a subset of all repeats, so the largest of these is a bound.

When a size criterion ranks above a key criterion, the key bound is taken given the
size criterion at its optimum (which the engine always reaches): the optimal 5-seat
set takes every player below the threshold count and some at it, so each group has
between `lo` and `hi` members at 5-tables, and the group's bound is the least of
balanced(x, 5-tables) + balanced(k − x, other tables) over that range. This is a bound
on the lexicographic optimum (what the draw can reach), not on the criterion alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from risiko_xl.draw.criteria import KEY_CRITERIA, NO_KEY, SIZE_CRITERIA, Instance


def comb2(x: int) -> int:
    return x * (x - 1) // 2


def balanced_pairs(k: int, tables: int) -> int:
    """Fewest pairs sharing a table when k players sit at `tables` tables."""
    if tables <= 0:
        return comb2(k)
    q, r = divmod(k, tables)
    return r * comb2(q + 1) + (tables - r) * comb2(q)


def key_bound(keys: Sequence[int], tables: int) -> int:
    """Sum over key groups of balanced_pairs(group size, tables)."""
    sizes: dict[int, int] = {}
    for k in keys:
        if k != NO_KEY:
            sizes[k] = sizes.get(k, 0) + 1
    return sum(balanced_pairs(k, tables) for k in sizes.values())


def size_bound(counts: Sequence[int], seats: int) -> int:
    """Sum of the `seats` smallest counts."""
    return sum(sorted(counts)[:seats])


def repeat_bound(inst: Instance, sizes: Sequence[int], players: Sequence[int] | None = None) -> int:
    """Pigeonhole bound on repeated pairs for a seating of `players` at tables `sizes`."""
    idx = list(range(inst.n)) if players is None else list(players)
    n_tables = len(sizes)
    best = 0
    for row in inst.history:
        groups: dict[int, int] = {}
        absent = 0
        for i in idx:
            t = row[i]
            if t is None:
                absent += 1
            else:
                groups[t] = groups.get(t, 0) + 1
        g = len(groups) + absent
        per_new = sum(balanced_pairs(s, g) for s in sizes)
        per_old = sum(balanced_pairs(k, n_tables) for k in groups.values())
        best = max(best, per_new, per_old)
    return best


def conditional_key_bound(
    keys: Sequence[int], counts: Sequence[int], sizes: Sequence[int], size: int
) -> int:
    """Key bound given that the seats at `size`-tables go to the lowest `counts`."""
    special = sum(1 for s in sizes if s == size)
    others = len(sizes) - special
    seats = special * size
    if not special or not others:
        return key_bound(keys, len(sizes))
    ranked = sorted(counts)
    threshold = ranked[seats - 1]
    below = sum(1 for c in counts if c < threshold)
    tie = sum(1 for c in counts if c == threshold)
    need = seats - below
    groups: dict[int, list[int]] = {}
    for k, c in zip(keys, counts):
        if k != NO_KEY:
            g = groups.setdefault(k, [0, 0, 0])  # size, below, at threshold
            g[0] += 1
            g[1] += c < threshold
            g[2] += c == threshold
    total = 0
    for k, g_below, g_tie in groups.values():
        lo = g_below + max(0, need - (tie - g_tie))
        hi = g_below + min(g_tie, need)
        total += min(
            balanced_pairs(x, special) + balanced_pairs(k - x, others) for x in range(lo, hi + 1)
        )
    return total


def exact(criterion: str, order: Sequence[str] = ()) -> bool:
    """Whether the bound of `criterion` is reached by an optimal draw (a true minimum,
    «minimo possibile»): only a size criterion with no other size criterion ranked above
    it (the lowest counts can always take the 5-seats). Every other bound is proven — no
    draw goes below it — but may be out of reach («minimo garantito»)."""
    if criterion not in SIZE_CRITERIA:
        return False
    above = order[: order.index(criterion)] if criterion in order else ()
    return not any(c in SIZE_CRITERIA for c in above)


def lower_bound(
    inst: Instance, sizes: Sequence[int], criterion: str, order: Sequence[str] = ()
) -> int:
    """Lower bound of `criterion` for seating all players of `inst` at tables `sizes`.

    `order` is the criteria priority; size criteria ranked above a key criterion make
    its bound conditional on them (see module docstring).
    """
    if criterion in SIZE_CRITERIA:
        size = SIZE_CRITERIA[criterion]
        seats = sum(s for s in sizes if s == size)
        return size_bound(inst.counts[size], seats)
    if criterion in KEY_CRITERIA:
        keys = inst.keys[criterion]
        best = key_bound(keys, len(sizes))
        above = order[: order.index(criterion)] if criterion in order else ()
        for c in above:
            if c in SIZE_CRITERIA:
                size = SIZE_CRITERIA[c]
                best = max(best, conditional_key_bound(keys, inst.counts[size], sizes, size))
        return best
    if criterion == "repeat":
        return repeat_bound(inst, sizes)
    raise ValueError(criterion)
