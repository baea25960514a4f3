"""Tie-break chains: order players by a main score, then refine only the tied groups
criterion by criterion (expensive criteria run on ties alone), a lottery last."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Any

from risiko_xl.errors import RisikoError
from risiko_xl.standings.config import STANDING_CRITERIA

Key = Callable[[str], Any]
_BEST = re.compile(r"^best_([1-9][0-9]?)$")


def best_rank(name: str) -> int | None:
    """k for a 'best_k' criterion (k-th best single result), else None."""
    match = _BEST.match(name)
    return int(match.group(1)) if match else None


def check_chain(chain: Sequence[str]) -> tuple[str, ...]:
    """The chain as a tuple, refusing unknown criteria and a lottery that is not last."""
    for i, name in enumerate(chain):
        if name not in STANDING_CRITERIA and best_rank(name) is None:
            raise RisikoError(f"criterio di spareggio sconosciuto (ammessi: "
                              f"{', '.join(STANDING_CRITERIA)})", valore=name)
        if name == "lottery" and i != len(chain) - 1:
            raise RisikoError("il sorteggio può essere solo l'ultimo criterio di spareggio",
                              valore=name)
    return tuple(chain)


def split_equal(ids: Sequence[str], key: Key) -> list[list[str]]:
    """Consecutive runs of equal `key` (ids already sorted by it)."""
    return [list(run) for _, run in groupby(ids, key)]


def _runs(ordered: list[str], keyed: dict[str, Any]) -> list[list[str]]:
    """`split_equal` with the keys given as a dict (read without a call per player)."""
    runs: list[list[str]] = []
    last: Any = object()
    for pid in ordered:
        k = keyed[pid]
        if k == last:
            runs[-1].append(pid)
        else:
            runs.append([pid])
            last = k
    return runs


Ruling = Callable[[list[str]], "list[str] | None"]


def settle(groups: list[list[str]], ruling: Ruling | None) -> list[list[str]]:
    """Each tie the referee ruled on (`ruling(tie)`: his order, or None) split by it."""
    if ruling is None:
        return groups
    out: list[list[str]] = []
    for tie in groups:
        order = ruling(tie) if len(tie) > 1 else None
        out.extend([[pid] for pid in order] if order else [tie])
    return out


def refine(group: list[str], first: int, chain: Sequence[Any],
           criterion: Callable[[Any], Key],
           lottery: Callable[[list[str], int], list[str]] | None,
           on_split: Callable[[Any, list[str], int], None] | None = None,
           ruling: Ruling | None = None) -> list[list[str]]:
    """Split one tie (players equal on the main score, holding positions from `first`)
    criterion by criterion. `criterion(name)` gives a key where higher is better; ties
    keep their order; "lottery" calls `lottery(tie, first_position)` for the drawn order;
    `on_split(name, tie, first_position)` hears of every tie a criterion broke. A tie the
    criteria leave is the referee's (`ruling`, see `settle`) before any lottery: «a suo
    giudizio insindacabile» where the chain ends without a lottery, or where a lottery
    may not decide the place at stake."""
    groups = [group]
    for name in chain:
        if len(groups) == len(group):  # every player alone: nothing left to break
            break
        if name == "lottery":
            groups = settle(groups, ruling)
        refined: list[list[str]] = []
        position = first
        key = None if name == "lottery" else criterion(name)
        for tie in groups:
            if len(tie) == 1:
                refined.append(tie)
            elif key is None:
                if lottery is None:
                    refined.append(tie)
                else:
                    refined.extend([pid] for pid in lottery(tie, position))
            else:
                parts = ranked({pid: key(pid) for pid in tie})  # each key computed once
                if on_split is not None and len(parts) > 1:
                    on_split(name, tie, position)
                refined.extend(parts)
            position += len(tie)
        groups = refined
    return settle(groups, ruling)


def by_score(ids: Sequence[str], score: Key) -> list[list[str]]:
    """Players by main score (best first, ties in id order), split into ties."""
    ordered = sorted(ids)
    return ranked(dict(zip(ordered, map(score, ordered))))  # each score computed once


def ranked(keyed: dict[str, Any]) -> list[list[str]]:
    """The players of `keyed` (player: key) best first, split into ties; tied players
    stay in `keyed`'s order."""
    ordered = list(keyed)
    ordered.sort(key=keyed.__getitem__, reverse=True)
    return _runs(ordered, keyed)


def rank_groups(ids: Sequence[str], score: Key, chain: Sequence[Any],
                criterion: Callable[[Any], Key],
                lottery: Callable[[list[str], int], list[str]] | None,
                on_split: Callable[[Any, list[str], int], None] | None = None,
                ) -> list[list[str]]:
    """Groups of players in rank order; a group of several is a tie nothing broke
    (see `refine` for the arguments)."""
    out: list[list[str]] = []
    position = 1
    for group in by_score(ids, score):
        out.extend(refine(group, position, chain, criterion, lottery, on_split)
                   if len(group) > 1 else [group])
        position += len(group)
    return out


def positions(groups: Sequence[Sequence[str]]) -> dict[str, int]:
    """Competition ranking (1, 2, 2, 4): tied players share the best position."""
    out: dict[str, int] = {}
    position = 1
    for group in groups:
        for pid in group:
            out[pid] = position
        position += len(group)
    return out
