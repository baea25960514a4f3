"""Players across a season's tournaments: who is surely the same, who only looks alike.

Each tournament numbers its own players, so a season matches them by what they carry: the
national ranking's ID first, then the name and club exactly as written (case and spaces
aside). Names that only look alike are never merged by themselves: «D'Amico Giuseppe» and
«Giuseppe Damico» (the same words in another order, an apostrophe, an accent), a typing
slip («Giusepe»), a diminutive («Peppe», «Pino» for Giuseppe) are proposed to the
organiser, who merges them or says they are two people.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# the diminutives and short forms of Italian first names clubs meet most (a name on the
# left is proposed as the same person as one on the right with the same surname, or the
# same club when only the short form was written)
DIMINUTIVES = {
    "peppe": "giuseppe", "beppe": "giuseppe", "pino": "giuseppe", "peppino": "giuseppe",
    "gigi": "luigi", "gino": "luigi", "totò": "salvatore", "toto": "salvatore",
    "turi": "salvatore", "nino": "antonino", "tonino": "antonio", "totonno": "antonio",
    "toni": "antonio", "tony": "antonio", "franco": "francesco", "ciccio": "francesco",
    "cecco": "francesco", "checco": "francesco", "enzo": "vincenzo", "vince": "vincenzo",
    "sandro": "alessandro", "ale": "alessandro", "alex": "alessandro", "max": "massimiliano",
    "mimmo": "domenico", "memè": "domenico", "nico": "nicola", "pippo": "filippo",
    "lino": "pasquale", "rino": "salvatore", "fede": "federico", "dani": "daniele",
    "vale": "valentina", "fra": "francesca", "giusy": "giuseppina", "pina": "giuseppina",
    "titti": "concetta", "tina": "concetta", "rosy": "rosa", "betta": "elisabetta",
    "gabri": "gabriele", "manu": "emanuele", "teo": "matteo",
    "ste": "stefano", "richi": "riccardo", "ricky": "riccardo", "robi": "roberto",
    "lello": "raffaele", "lele": "emanuele", "michi": "michele",
}



def exact(text: str | None) -> str:
    """A name or club as typed, case and spaces aside: what makes two rows surely one."""
    return " ".join((text or "").split()).casefold()


def _plain(text: str | None) -> list[str]:
    """A name's words in their order, without accents, apostrophes and dots."""
    plain = unicodedata.normalize("NFKD", (text or "").casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    for mark in ("'", "’", "`", "´", "."):
        plain = plain.replace(mark, "")
    return plain.replace("-", " ").split()


def loose_words(text: str | None) -> tuple[str, ...]:
    """A name's words without accents, apostrophes and dots, sorted (word order aside):
    «D'Amico Giuseppe» and «Giuseppe Damico» give the same."""
    return tuple(sorted(_plain(text)))


def _joined(text: str | None) -> set[str]:
    """The name without spaces, from each of its words on («Anna Maria De Luca»:
    «annamariadeluca», «mariadelucaanna», «delucaannamaria», …): name first or surname
    first, written with the spaces or without."""
    words = _plain(text)
    return {"".join(words[k:] + words[:k]) for k in range(len(words))}


def _slip(a: str, b: str) -> bool:
    """Whether two words are one typing slip apart (a letter added, dropped, changed or two
    swapped), in words of five letters or more: «Giusepe» for «Giuseppe»; not «Laura» for
    «Ilaria» (siblings share a surname), nor «Neri» for «Nero» (two families)."""
    if min(len(a), len(b)) < 5 or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        wrong = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
        return len(wrong) == 1 or (len(wrong) == 2 and wrong[1] == wrong[0] + 1
                                   and a[wrong[0]] == b[wrong[1]] and a[wrong[1]] == b[wrong[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _first(word: str) -> str:
    return DIMINUTIVES.get(word, word)


@dataclass(frozen=True)
class Person:
    """A season's player as the proposals see them: their season ID, the names they were
    written with and their clubs."""

    id: str
    names: tuple[str, ...]
    clubs: tuple[str, ...]


def look_alike(a: Person, b: Person) -> str | None:
    """Why `a` and `b` may be one person (Italian), None when they do not look alike."""
    for x in a.names:
        for y in b.names:
            why = _names_alike(x, y, bool(set(map(exact, a.clubs)) & set(map(exact, b.clubs))))
            if why:
                return why
    return None


def _names_alike(x: str, y: str, same_club: bool) -> str | None:
    wx, wy = loose_words(x), loose_words(y)
    if not wx or not wy:
        return None
    if wx == wy:
        return "stesso nome scritto diversamente" if exact(x) != exact(y) else "stesso nome"
    if _joined(x) & _joined(y):  # «Annamaria» for «Anna Maria», «Deluca» for «De Luca»
        return "stesso nome scritto diversamente"
    if len(wx) == len(wy) and sorted(map(_first, wx)) == sorted(map(_first, wy)):
        return "stesso cognome, nome abbreviato"
    short, long_ = (wx, wy) if len(wx) < len(wy) else (wy, wx)
    if len(short) == 1 and same_club and _first(short[0]) in long_:
        return "soprannome o nome abbreviato, stesso club"
    if len(wx) == len(wy):
        differ = [(a, b) for a, b in zip(wx, wy) if a != b]
        if len(differ) == 1 and _slip(*differ[0]):
            return "nomi quasi uguali"
    return None


def proposals(people: Sequence[Person], refused: Iterable[tuple[str, str]] = ()
              ) -> list[tuple[Person, Person, str]]:
    """Every pair that looks alike (the later season ID proposed as the earlier one), the
    pairs the organiser said are two people (`refused`, either order) left out."""
    no = {frozenset(pair) for pair in refused}
    out = []
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            if frozenset((a.id, b.id)) in no:
                continue
            why = look_alike(a, b)
            if why:
                out.append((a, b, why))
    return out
