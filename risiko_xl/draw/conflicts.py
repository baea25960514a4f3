"""The players in conflict during the draw's search, kept in order as swaps change them."""

from __future__ import annotations

from collections.abc import Sequence


class Conflicts:
    """Which players (by their position in `seated`) are in conflict, in position order,
    with the k-th found in O(log n) (a Fenwick tree of 0/1 flags): a swap changes the
    flags of two tables only, so the list the search draws from is never rebuilt whole,
    and the k-th is the same player a list of them in order would give."""

    def __init__(self, flags: Sequence[bool]) -> None:
        self.flags = [bool(f) for f in flags]
        self.count = sum(self.flags)
        size = len(self.flags)
        tree = [0] * (size + 1)
        for i, f in enumerate(self.flags, start=1):
            if f:
                tree[i] += 1
            parent = i + (i & -i)
            if parent <= size:
                tree[parent] += tree[i]
        self.tree = tree
        self.top = 1 << size.bit_length() if size else 0

    def set(self, i: int, flag: bool) -> None:
        if self.flags[i] == flag:
            return
        self.flags[i] = flag
        d = 1 if flag else -1
        self.count += d
        i += 1
        tree = self.tree
        while i < len(tree):
            tree[i] += d
            i += i & -i

    def kth(self, k: int) -> int:
        """Position of the k-th flag set (0-based)."""
        pos, step, tree = 0, self.top, self.tree
        while step:
            nxt = pos + step
            if nxt < len(tree) and tree[nxt] <= k:
                pos = nxt
                k -= tree[nxt]
            step >>= 1
        return pos
