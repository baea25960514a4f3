"""How the rules that hold numbers of a tournament are typed: places, points, factors.

The `Kind`s of `cells` for what an organiser writes with numbers in a cell of the
`Formula` sheet: a range of places («dal 3° al 9°»), a count by field size («fino a 17
giocatori: 2; oltre: 1»), points and lists of points («50; 15; 5»), the table-size
factors («5: 1,25»), decimals, a span of rounds. Lists are separated by «;» (a comma is
the decimal comma).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from risiko_xl.formulas.cells import (
    MAX_FIELD,
    NONE_WORDS,
    CellProblem,
    Kind,
    cell_items,
    cell_text,
    decimal_text,
    integer,
    number,
)

_RANGE = re.compile(r"^(?:dal\s+)?([0-9]{1,9})\s*°?\s*(?:-|al|a)\s*([0-9]{1,9})\s*°?$", re.I)


@dataclass(frozen=True)
class Places(Kind):
    """Positive whole numbers in increasing order: «4; 5; 6», «dal 3° al 9°», «3-9»."""

    accepts: str = "posizioni separate da «;» oppure un intervallo («dal 3° al 9°»)"

    def read(self, value: Any, unit: int = 1) -> Any:
        if cell_text(value).casefold() in NONE_WORDS:
            return []
        out: list[int] = []
        for item in cell_items(value):
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
        if self.optional and cell_text(value).casefold() in NONE_WORDS:
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
        if cell_text(value).casefold() in NONE_WORDS:
            return None if self.none_is_null else []
        return [Points().read(item, unit) for item in cell_items(value)]

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
        if cell_text(value).casefold() in NONE_WORDS:
            return {}
        out: dict[str, str] = {}
        for item in re.split(r";|\n", cell_text(value)):
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
        items = [i for i in re.split(r";|\n", cell_text(value)) if i.strip()]
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
        match = _RANGE.match(cell_text(value)) or re.match(
            r"^da\s+([0-9]{1,9})\s+a\s+([0-9]{1,9})$", cell_text(value), re.I)
        if not match:
            raise CellProblem("scrivere un intervallo come «5-15»")
        return [int(match.group(1)), int(match.group(2))]

    def write(self, value: Any, unit: int = 1) -> Any:
        return f"{value[0]}-{value[1]}"


