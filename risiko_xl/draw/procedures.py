"""Fixed seatings of the final phases: semifinal bands, parallel tournaments, knockout.

All take ids in ranking order (best first) and return tables (or groups) as lists of ids
ordered by table number. Randomness, where any, comes from a seeded Rng.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import TypeVar

from risiko_xl.draw.rng import Rng
from risiko_xl.errors import RisikoError, RuleError

T = TypeVar("T")


def _check_unique(ids: Sequence[str]) -> None:
    seen: set[str] = set()
    for pid in ids:
        if pid in seen:
            raise RuleError("ID giocatore duplicato", field="entrant.id", player=pid,
                            valore=pid)
        seen.add(pid)


def _same_key_pairs(tables: Sequence[Sequence[int]], keys: Sequence[int]) -> int:
    total = 0
    for t in tables:
        for i, a in enumerate(t):
            if keys[a] >= 0:
                total += sum(1 for b in t[i + 1 :] if keys[b] == keys[a])
    return total


def bands(ranked: Sequence[T], tables: int) -> list[list[T]]:
    """The semifinal bands of `ranked` (best first) for `tables` tables: band b (from 0)
    holds ranks b·T+1 .. (b+1)·T, one player of each band at every table (seeds 001 §8
    "3a partita": «un giocatore classificato dal 1° al 4° posto, un giocatore
    classificato dal 5° all'8° posto …»)."""
    return [list(ranked[b * tables:(b + 1) * tables])
            for b in range(-(-len(ranked) // tables))]


def semifinal_bands(
    ranking: Sequence[str],
    seed: int | str,
    tables: int = 4,
    per_table: int = 4,
    direct: int = 0,
    clubs: Sequence[str | None] | None = None,
) -> list[list[str]]:
    """Semifinal tables by bands (seeds 001 §8 "3a partita", 003 Art. 4).

    After `direct` direct finalists, band b holds ranks direct+b·T+1 .. direct+(b+1)·T
    (T = `tables`); each table gets one player of each band, drawn at random, then
    players are permuted within bands to minimise same-club pairs (`clubs` parallel to
    `ranking`; blank never matches). Among equally good seatings the choice is random.
    Table k lists its players band by band (best band first).
    """
    _check_unique(ranking)
    need = direct + tables * per_table
    if tables < 1 or per_table < 1 or direct < 0:
        raise RisikoError("parametri delle semifinali non validi", valore=(tables, per_table))
    if len(ranking) < need:
        raise RisikoError(
            f"servono almeno {need} giocatori in classifica per le semifinali",
            valore=len(ranking),
        )
    rng = Rng(seed, "semifinal_bands")
    players = list(range(direct, need))
    club_names = list(clubs) if clubs is not None else [None] * len(ranking)
    interned: dict[str, int] = {}
    keys = []
    for p in range(len(ranking)):
        c = club_names[p] if p < len(club_names) else None
        if c is None or not str(c).strip():
            keys.append(-1)
        else:
            keys.append(interned.setdefault(str(c).strip().casefold(), len(interned)))
    band = bands(players, tables)
    for b in band:
        rng.shuffle(b)

    def seat(perms: Sequence[Sequence[int]]) -> list[list[int]]:
        return [[perms[b][t] for b in range(per_table)] for t in range(tables)]

    space = math.factorial(tables) ** (per_table - 1)
    if all(keys[p] < 0 for p in players):
        seating = seat(band)
    elif space <= 200_000:
        best_cost, best, ties = None, None, 0
        options = [list(itertools.permutations(b)) for b in band[1:]]
        for rest in itertools.product(*options):
            cand = seat([band[0], *rest])
            cost = _same_key_pairs(cand, keys)
            if best_cost is None or cost < best_cost:
                best_cost, best, ties = cost, cand, 1
            elif cost == best_cost:
                ties += 1
                if rng.below(ties) == 0:
                    best = cand
        assert best is not None  # the first candidate always sets it
        seating = best
    else:
        seating = seat(band)
        improved = True
        while improved:
            improved = False
            cost = _same_key_pairs(seating, keys)
            for col in range(per_table):
                for t1, t2 in itertools.combinations(range(tables), 2):
                    seating[t1][col], seating[t2][col] = seating[t2][col], seating[t1][col]
                    new = _same_key_pairs(seating, keys)
                    if new < cost:
                        cost, improved = new, True
                    else:
                        seating[t1][col], seating[t2][col] = seating[t2][col], seating[t1][col]
    return [[ranking[p] for p in t] for t in seating]


def split_parallel(ranking: Sequence[T], k: int = 2) -> list[list[T]]:
    """Parallel tournaments for big events: positions modulo k (seed 001 §8: the
    «dispari» and the «pari» for k = 2); group g holds positions g, g+k, g+2k, …"""
    if k < 1:
        raise RisikoError("il numero di tornei paralleli deve essere positivo", valore=k)
    return [list(ranking[i::k]) for i in range(k)]


def knockout(ranking: Sequence[str], n_tables: int, seed: int | str) -> list[list[str]]:
    """One knockout round: players (best seed first) dealt over `n_tables` tables by
    bands of `n_tables` (one top seed per table), each band shuffled; table sizes as even
    as possible (bigger tables last)."""
    _check_unique(ranking)
    n = len(ranking)
    if n_tables < 1 or not 3 * n_tables <= n <= 5 * n_tables:
        raise RisikoError(f"{n} giocatori non stanno in {n_tables} tavoli da 3 a 5", valore=n)
    rng = Rng(seed, "knockout")
    base, extra = divmod(n, n_tables)
    sizes = [base] * (n_tables - extra) + [base + 1] * extra
    out: list[list[str]] = [[] for _ in sizes]
    for start in range(0, n, n_tables):
        group = list(ranking[start : start + n_tables])
        rng.shuffle(group)
        open_tables = [t for t in range(n_tables) if len(out[t]) < sizes[t]]
        for t, pid in zip(open_tables[-len(group) :], group):
            out[t].append(pid)
    return out
