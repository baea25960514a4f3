"""How one rule's value is typed in a cell of the `Formula` sheet, read and written.

Each `Kind` turns what an organiser types (a number, «sì», a word of a drop-down list,
«dal 3° al 9°», «fino a 17 giocatori: 2; oltre: 1», «50; 15; 5») into the value a formula
file holds, and back; it says in Italian what it accepts (for the docs and the messages)
and which words a drop-down offers. A value it cannot read is a `CellProblem`, whose
message the sheet reader places on its row. Lists are separated by «;» (a comma is the
decimal comma: «1,25»); words may also be separated by «, ». The kinds of numbers —
places, points, factors — are in `cell_numbers`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from risiko_xl.formulas.json_types import suggest
from risiko_xl.rules.vocabulary import Term
from risiko_xl.typed import NEED_NUMBER, TEXT_NUMBER, TEXT_NUMBER_HINT

YES = ("sì", "si", "vero", "x")
NO = ("no", "falso")
NONE_WORDS = ("nessuno", "nessuna", "-")
FEMININE = ("regola", "composizione", "catena", "procedura", "fase", "sostituzione",
            "classifica")


class CellProblem(ValueError):
    """A cell's value that a kind cannot read: the Italian reason."""


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def cell_text(value: Any) -> str:
    if isinstance(value, bool):
        return "sì" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def cell_items(value: Any) -> list[str]:
    """A list typed in one cell: «;» separates, as does «, » (comma and space)."""
    text = cell_text(value)
    parts = re.split(r";|,\s+|\n", text)
    return [p.strip() for p in parts if p.strip()]


_FRACTION = re.compile(r"[0-9]+/[0-9]+")  # «5/4», as a factor is written
MAX_NUMBER = 10 ** 9  # far beyond any score, place or count of a tournament
MAX_FIELD = 10_000  # places and players: beyond the largest tournament ever played


def number(value: Any) -> Fraction:
    """An exact number from a cell: 3, 1.25 (Excel), «1,25», «5/4»; at most `MAX_NUMBER`
    either way (an infinite or astronomical value is refused, never computed with)."""
    if isinstance(value, bool):
        raise CellProblem("serve un numero")
    if isinstance(value, float) and not math.isfinite(value):
        raise CellProblem("serve un numero finito")
    if isinstance(value, int):
        q = Fraction(value)
    elif isinstance(value, float):
        q = Fraction(Decimal(repr(value)))
    else:
        text = cell_text(value)
        if not (TEXT_NUMBER.fullmatch(text) or _FRACTION.fullmatch(text)):
            raise CellProblem(NEED_NUMBER + TEXT_NUMBER_HINT)
        try:
            q = Fraction(text) if "/" in text else Fraction(Decimal(text.replace(",", ".")))
        except (ValueError, ZeroDivisionError, InvalidOperation):
            raise CellProblem("serve un numero (con la virgola per i decimali: «1,25»)") \
                from None
    if abs(q) > MAX_NUMBER:
        raise CellProblem(f"numero troppo grande (al massimo {MAX_NUMBER:_})".replace("_", "."))
    return q


def decimal_text(value: Fraction | int) -> str:
    """A number with the decimal comma and no trailing zeros: «1,1», «150», «0,001»."""
    q = Fraction(value)
    if q.denominator == 1:
        return str(q.numerator)
    for digits in range(1, 7):
        scaled = abs(q) * 10**digits
        if scaled.denominator == 1:
            whole = str(scaled.numerator).rjust(digits + 1, "0")
            return ("-" if q < 0 else "") + f"{whole[:-digits]},{whole[-digits:]}"
    return f"{q.numerator}/{q.denominator}"


def integer(value: Any, low: int | None = 0, high: int | None = None) -> int:
    try:
        q = number(value)
    except CellProblem:  # «decimo»: a whole number in figures, no decimals to hint at
        raise CellProblem("serve un numero intero, in cifre (es. «10»)") from None
    if q.denominator != 1:
        raise CellProblem("serve un numero intero")
    n = q.numerator
    if low is not None and n < low:
        raise CellProblem(f"il valore deve essere almeno {low}")
    if high is not None and n > high:
        raise CellProblem(f"il valore deve essere al massimo {high}")
    return n


@dataclass(frozen=True)
class Kind:
    """How a value is typed. `accepts`: what it accepts, in Italian (docs, messages)."""

    accepts: str = "un testo"

    def read(self, value: Any, unit: int = 1) -> Any:
        return cell_text(value)

    def write(self, value: Any, unit: int = 1) -> Any:
        return value

    def choices(self) -> tuple[str, ...]:
        return ()

    def describe(self) -> str:
        return self.accepts


@dataclass(frozen=True)
class Integer(Kind):
    low: int = 0
    optional: bool = False
    accepts: str = "un numero intero"

    def read(self, value: Any, unit: int = 1) -> Any:
        if self.optional and cell_text(value).casefold() in NONE_WORDS:
            return None
        return integer(value, self.low)

    def write(self, value: Any, unit: int = 1) -> Any:
        return "nessuno" if value is None else value


@dataclass(frozen=True)
class Flag(Kind):
    accepts: str = "sì oppure no"

    def read(self, value: Any, unit: int = 1) -> Any:
        if isinstance(value, bool):
            return value
        word = cell_text(value).casefold()
        if word in YES:
            return True
        if word in NO:
            return False
        raise CellProblem("scrivere «sì» oppure «no»")

    def write(self, value: Any, unit: int = 1) -> Any:
        return "sì" if value else "no"

    def choices(self) -> tuple[str, ...]:
        return ("sì", "no")


def _word(text: str, terms: Sequence[Term], what: str, none: str = "") -> str:
    """The name of the term whose label (or name) is `text`, whatever the case; refused
    naming every word allowed (`none` too, the word for «none» when there is one)."""
    wanted = " ".join(text.split()).casefold()
    for term in terms:
        if wanted in (term.label.casefold(), term.name.casefold()):
            return term.name
    labels = [t.label for t in terms] + ([none] if none else [])
    ending = "a" if what.split()[0] in FEMININE else "o"
    raise CellProblem(f"{what} sconosciut{ending}; ammessi: {', '.join(labels)}"
                      f"{suggest(text, labels)}")


@dataclass(frozen=True)
class Choice(Kind):
    """One word of a vocabulary (its Italian label; the code name is accepted too);
    `none` a word meaning «none» (the value None)."""

    terms: tuple[Term, ...] = ()
    what: str = "valore"
    none: str = ""

    def describe(self) -> str:
        words = [t.label for t in self.terms] + ([self.none] if self.none else [])
        return "una voce dell'elenco: " + ", ".join(f"«{w}»" for w in words)

    def read(self, value: Any, unit: int = 1) -> Any:
        text = cell_text(value)
        if self.none and text.casefold() in (self.none.casefold(), *NONE_WORDS):
            return None
        return _word(text, self.terms, self.what, self.none)

    def write(self, value: Any, unit: int = 1) -> Any:
        if value is None:
            return self.none
        return next((t.label for t in self.terms if t.name == value), value)

    def choices(self) -> tuple[str, ...]:
        return tuple(t.label for t in self.terms) + ((self.none,) if self.none else ())


@dataclass(frozen=True)
class Words(Kind):
    """Several words of a vocabulary, in order («partite vinte; sorteggio»)."""

    terms: tuple[Term, ...] = ()
    what: str = "valore"
    empty: str = "nessuno"

    def describe(self) -> str:
        return ("voci dell'elenco separate da «;»: "
                + ", ".join(f"«{t.label}»" for t in self.terms))

    def read(self, value: Any, unit: int = 1) -> Any:
        if cell_text(value).casefold() in NONE_WORDS:
            return []
        return [_word(item, self.terms, self.what) for item in cell_items(value)]

    def write(self, value: Any, unit: int = 1) -> Any:
        labels = {t.name: t.label for t in self.terms}
        return "; ".join(labels.get(v, v) for v in value) if value else self.empty


@dataclass(frozen=True)
class Texts(Kind):
    accepts: str = "testi separati da «;»"

    def read(self, value: Any, unit: int = 1) -> Any:
        return [] if cell_text(value).casefold() in NONE_WORDS else [
            p.strip() for p in re.split(r";|\n", cell_text(value)) if p.strip()]

    def write(self, value: Any, unit: int = 1) -> Any:
        return "; ".join(value) if value else ""


