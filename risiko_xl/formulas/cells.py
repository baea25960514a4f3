"""How one rule's value is typed in a cell of the `Formula` sheet, read and written.

Each `Kind` turns what an organiser types (a number, «sì», a word of a drop-down list,
«dal 3° al 9°», «fino a 17 giocatori: 2; oltre: 1», «50; 15; 5») into the value a formula
file holds, and back; it says in Italian what it accepts (for the docs and the messages)
and which words a drop-down offers. A value it cannot read is a `CellProblem`, whose
message the sheet reader places on its row. Lists are separated by «;» (a comma is the
decimal comma: «1,25»); words may also be separated by «, ».
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


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "sì" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _items(value: Any) -> list[str]:
    """A list typed in one cell: «;» separates, as does «, » (comma and space)."""
    text = _text(value)
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
        text = _text(value)
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
        return _text(value)

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
        if self.optional and _text(value).casefold() in NONE_WORDS:
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
        word = _text(value).casefold()
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
        text = _text(value)
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
        if _text(value).casefold() in NONE_WORDS:
            return []
        return [_word(item, self.terms, self.what) for item in _items(value)]

    def write(self, value: Any, unit: int = 1) -> Any:
        labels = {t.name: t.label for t in self.terms}
        return "; ".join(labels.get(v, v) for v in value) if value else self.empty


@dataclass(frozen=True)
class Texts(Kind):
    accepts: str = "testi separati da «;»"

    def read(self, value: Any, unit: int = 1) -> Any:
        return [] if _text(value).casefold() in NONE_WORDS else [
            p.strip() for p in re.split(r";|\n", _text(value)) if p.strip()]

    def write(self, value: Any, unit: int = 1) -> Any:
        return "; ".join(value) if value else ""


_RANGE = re.compile(r"^(?:dal\s+)?([0-9]{1,9})\s*°?\s*(?:-|al|a)\s*([0-9]{1,9})\s*°?$", re.I)


@dataclass(frozen=True)
class Places(Kind):
    """Positive whole numbers in increasing order: «4; 5; 6», «dal 3° al 9°», «3-9»."""

    accepts: str = "posizioni separate da «;» oppure un intervallo («dal 3° al 9°»)"

    def read(self, value: Any, unit: int = 1) -> Any:
        if _text(value).casefold() in NONE_WORDS:
            return []
        out: list[int] = []
        for item in _items(value):
            match = _RANGE.match(item)
            if match:
                low, high = int(match.group(1)), int(match.group(2))
                if high < low:
                    raise CellProblem(f"intervallo al contrario: «{item}»")
                if high > MAX_FIELD:
                    raise CellProblem(f"posizione oltre {MAX_FIELD}: «{item}»")
                out += range(low, high + 1)
            else:
                out.append(integer(item.rstrip("°"), 1, MAX_FIELD))
        return out

    def write(self, value: Any, unit: int = 1) -> Any:
        values = list(value)
        if not values:
            return "nessuno"
        if len(values) > 2 and values == list(range(values[0], values[-1] + 1)):
            return f"dal {values[0]}° al {values[-1]}°"
        return "; ".join(str(v) for v in values)


@dataclass(frozen=True)
class Points(Kind):
    """Tournament points with the decimal comma («1,1», «150»), stored in the method's
    units (`unit` per point: 1000 for thousandths); «nessuno» when optional."""

    optional: bool = False
    accepts: str = "punti (con la virgola per i decimali)"

    def read(self, value: Any, unit: int = 1) -> Any:
        if self.optional and _text(value).casefold() in NONE_WORDS:
            return None
        q = number(value) * unit
        if q.denominator != 1:
            raise CellProblem(f"troppi decimali per i punti di questo metodo (al più "
                              f"{len(str(unit)) - 1})")
        if q < 0:
            raise CellProblem("i punti non possono essere negativi")
        return q.numerator

    def write(self, value: Any, unit: int = 1) -> Any:
        if value is None:
            return "nessuno"
        return decimal_text(Fraction(value, unit))


@dataclass(frozen=True)
class PointList(Kind):
    """Points by position, separated by «;» («50; 15; 5»); «nessuno»: none (or, when
    `none_is_null`, the same as the others)."""

    none_is_null: bool = False
    accepts: str = "punti per posizione separati da «;» («50; 15; 5»)"

    def read(self, value: Any, unit: int = 1) -> Any:
        if _text(value).casefold() in NONE_WORDS:
            return None if self.none_is_null else []
        return [Points().read(item, unit) for item in _items(value)]

    def write(self, value: Any, unit: int = 1) -> Any:
        if not value:
            return "nessuno"
        return "; ".join(decimal_text(Fraction(v, unit)) for v in value)


_FACTOR = re.compile(r"^(?:tavol[oi]\s+da\s+)?([3-6])\s*(?:giocatori)?\s*[:=×x]\s*(.+)$", re.I)


@dataclass(frozen=True)
class Factors(Kind):
    """Table-size factors: «tavolo da 5: 1,25; tavolo da 3: 0,75»; «nessuno»."""

    accepts: str = "«tavolo da 5: 1,25; tavolo da 3: 0,75» oppure «nessuno»"

    def read(self, value: Any, unit: int = 1) -> Any:
        if _text(value).casefold() in NONE_WORDS:
            return {}
        out: dict[str, str] = {}
        for item in re.split(r";|\n", _text(value)):
            if not item.strip():
                continue
            match = _FACTOR.match(item.strip())
            if not match:
                raise CellProblem(f"«{item.strip()}»: scrivere «tavolo da 5: 1,25»")
            factor = number(match.group(2))
            if factor <= 0:
                raise CellProblem("il fattore deve essere maggiore di zero")
            out[match.group(1)] = str(factor)
        return out

    def write(self, value: Any, unit: int = 1) -> Any:
        if not value:
            return "nessuno"
        return "; ".join(f"tavolo da {size}: {decimal_text(Fraction(f))}"
                         for size, f in sorted(value.items(), key=lambda i: -int(i[0])))


@dataclass(frozen=True)
class Decimals(Kind):
    """A power of ten as its number of decimals (3 → 1000)."""

    accepts: str = "un numero di decimali da 0 a 6"

    def read(self, value: Any, unit: int = 1) -> Any:
        return 10 ** integer(value, 0, 6)

    def write(self, value: Any, unit: int = 1) -> Any:
        return len(str(value)) - 1


@dataclass(frozen=True)
class PointValue(Kind):
    """What one table point is worth in tournament points («0,001», «1», «0»)."""

    accepts: str = "punti torneo per un punto tavolo («0,001», «1», «0»)"

    def read(self, value: Any, unit: int = 1) -> Any:
        return Points().read(value, unit)

    def write(self, value: Any, unit: int = 1) -> Any:
        return decimal_text(Fraction(value, unit))


_STEP = re.compile(r"^fino\s+a\s+([0-9]{1,9})\s*(?:giocatori)?\s*[:=]?\s*([0-9]{1,9})$",
                   re.I)
_ABOVE = re.compile(r"^(?:oltre|altrimenti)\s*[:=]?\s*([0-9]{1,9})$", re.I)


@dataclass(frozen=True)
class FieldCount(Kind):
    """A count, or counts by field size: «2», «fino a 17 giocatori: 2; oltre: 1». Reads
    to {"count": n, "field": [[limit, n], …]}."""

    accepts: str = ("un numero, oppure secondo i giocatori in classifica: «fino a 17 "
                    "giocatori: 2; oltre: 1»")

    def read(self, value: Any, unit: int = 1) -> Any:
        items = [i for i in re.split(r";|\n", _text(value)) if i.strip()]
        if len(items) == 1 and not _STEP.match(items[0].strip()):
            return {"count": integer(items[0], 0), "field": []}
        field: list[list[int]] = []
        count = None
        for item in (i.strip() for i in items):
            step, above = _STEP.match(item), _ABOVE.match(item)
            if step:
                if int(step.group(1)) > MAX_FIELD:
                    raise CellProblem(f"«{item}»: al massimo {MAX_FIELD} giocatori")
                field.append([int(step.group(1)), int(step.group(2))])
            elif above and count is None:
                count = int(above.group(1))
            else:
                raise CellProblem(f"«{item}»: scrivere «fino a 17 giocatori: 2; oltre: 1»")
        if count is None:
            raise CellProblem("manca «oltre: N» (quanti con più giocatori)")
        return {"count": count, "field": field}

    def write(self, value: Any, unit: int = 1) -> Any:
        count, field = value.get("count", 0), value.get("field") or []
        if not field:
            return count
        steps = [f"fino a {limit} giocatori: {n}" for limit, n in field]
        return "; ".join([*steps, f"oltre: {count}"])


@dataclass(frozen=True)
class Span(Kind):
    """A range of whole numbers «5-15» («da 5 a 15»)."""

    accepts: str = "un intervallo «5-15»"

    def read(self, value: Any, unit: int = 1) -> Any:
        match = _RANGE.match(_text(value)) or re.match(
            r"^da\s+([0-9]{1,9})\s+a\s+([0-9]{1,9})$", _text(value), re.I)
        if not match:
            raise CellProblem("scrivere un intervallo come «5-15»")
        return [int(match.group(1)), int(match.group(2))]

    def write(self, value: Any, unit: int = 1) -> Any:
        return f"{value[0]}-{value[1]}"
