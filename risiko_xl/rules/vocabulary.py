"""Vocabularies: the words a formula file, the engines, the workbook and the posts share.

Each concept (phases, player states, draw procedures and criteria, standings criteria,
placement chains, …) is defined once, in the core package it belongs to, as a table of
`Term`s — its name, its Italian label, what it measures and the seed article it comes
from — with a `Literal` naming the same words for the type checker. The lists the rest
of the code needs (the names, the labels, a subset) are computed from the table with
`names` and `labels`, never written again; tests/house/test_vocabulary.py checks each
`Literal` against its table and the docs against the tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One word of a vocabulary: `name` (what formula files and the code write), `label`
    (how users read it, Italian), what it measures or means, and the seed article."""

    name: str
    label: str
    measures: str
    article: str


def names(terms: Iterable[Term]) -> tuple[str, ...]:
    """The names of `terms`, in table order."""
    return tuple(t.name for t in terms)


def labels(terms: Iterable[Term]) -> dict[str, str]:
    """Name -> Italian label."""
    return {t.name: t.label for t in terms}
