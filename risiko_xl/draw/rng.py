"""The one source of randomness of the draw engine: a seeded, version-stable generator.

Seeds (int or str) are turned into a 256-bit integer with SHA-256 (never Python's
``hash()``, which is salted per process). The generator is ``random.Random`` (Mersenne
Twister) used only through ``getrandbits`` and ``random()``, whose output for a given
integer seed has been identical on every CPython since 3.2; integer draws, shuffles and
choices are implemented here on top of ``getrandbits`` (rejection sampling), so their
results do not depend on how a given Python version implements ``randrange``/``shuffle``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from risiko_xl.errors import RisikoError

T = TypeVar("T")


def canonical_seed(seed: int | float | str) -> str:
    """A type-tagged text form of the seed ('int:42', 'str:abc'); a whole float (how Excel
    hands a number over) is the int."""
    if isinstance(seed, bool):
        raise RisikoError("il seme deve essere un intero o un testo", valore=seed)
    if isinstance(seed, float) and seed.is_integer():
        seed = int(seed)
    if isinstance(seed, int):
        return f"int:{seed}"
    if isinstance(seed, str):
        text = seed.strip()
        if not text:
            raise RisikoError("il seme non può essere vuoto", valore=seed)
        return f"str:{text}"
    raise RisikoError("il seme deve essere un intero o un testo", valore=seed)


def seed_to_int(seed: int | str, *salt: str) -> int:
    """256-bit integer from SHA-256 of the canonical seed (plus optional salt parts)."""
    text = "\x1f".join((canonical_seed(seed), *salt))
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")


class Rng:
    """Seeded generator with version-stable integer helpers."""

    def __init__(self, seed: int | str, *salt: str) -> None:
        self._r = random.Random(seed_to_int(seed, *salt))
        self._bits = self._r.getrandbits

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return self._r.random()

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection sampling on getrandbits."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        k = n.bit_length()
        bits = self._bits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct elements (partial Fisher-Yates on a copy)."""
        pool = list(items)
        k = min(k, len(pool))
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def derive(self, *salt: str) -> Rng:
        """An independent child generator (for sub-steps), itself reproducible."""
        child = Rng.__new__(Rng)
        child._r = random.Random(self._bits(256) ^ seed_to_int("derive", *salt))
        child._bits = child._r.getrandbits
        return child
