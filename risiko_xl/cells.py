"""Reading values as Excel hands them over: a cell is a scalar, a column a list, a block a
list of rows; empty cells are None and numbers are floats. Shared by the worksheet
functions and the workbook readers so both accept exactly the same input.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, TypeVar, cast

from risiko_xl.errors import RisikoError, excel_error
from risiko_xl.typed import NEED_NUMBER, TEXT_NUMBER, TEXT_NUMBER_HINT

T = TypeVar("T")

TRUE_WORDS = frozenset({"1", "s", "si", "sì", "sí", "x", "true", "vero", "y", "yes"})
FALSE_WORDS = frozenset({"", "0", "n", "no", "false", "falso"})
ERROR_PREFIX = "#RISIKO!"
EXCEL_ERRORS = frozenset({"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A",
                          "#GETTING_DATA", "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!",
                          "#UNKNOWN!", "#CONNECT!", "#BUSY!"})


def column_letter(column: int) -> str:
    """Excel's name of sheet column `column` (1 → A, 27 → AA), as messages name a cell."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def is_blank(value: Any) -> bool:
    """None or text of only spaces."""
    return value is None or (isinstance(value, str) and not value.strip())


def number_or_none(value: Any) -> float | None:
    """A cell as a number where it reads as one (3, 3.0, '3'), else None, never an error:
    for matching rows by a number column whose bad cells other checks report."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def flatten(value: Any) -> tuple[list[Any], bool]:
    """(values, was_scalar): a scalar, a row, a column or an n×1 / 1×n block as one list."""
    if not isinstance(value, (list, tuple)):
        return [value], True
    if value and isinstance(value[0], (list, tuple)):
        if all(len(row) == 1 for row in value):
            return [row[0] for row in value], False
        if len(value) == 1:
            return list(value[0]), False
        raise RisikoError("serve una sola colonna (o una sola riga), non un blocco",
                          valore=f"{len(value)}×{len(value[0])}")
    return list(value), False


def rows_2d(value: Any) -> list[list[Any]]:
    """A block as a list of rows (a scalar is 1×1, a flat list one column)."""
    if not isinstance(value, (list, tuple)):
        return [[value]]
    if value and isinstance(value[0], (list, tuple)):
        return [list(row) for row in value]
    return [[v] for v in value]


def broadcast(length: int, value: Any, label: str) -> list[Any]:
    """A column of `length` values: a scalar (or None) repeats, a column must match."""
    if value is None or not isinstance(value, (list, tuple)):
        return [value] * length
    values, scalar = flatten(value)
    if scalar or len(values) == 1:
        return values * length
    if len(values) != length:
        raise RisikoError(f"la colonna {label} ha {len(values)} righe, ne servono {length}")
    return values


def not_typed(value: Any, label: str) -> RisikoError | None:
    """The error for a cell holding an Excel error or a formula where a value is typed."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if text.upper() in EXCEL_ERRORS:
        return RisikoError(excel_error(text), colonna=label, valore=value)
    if text.startswith("=") and len(text) > 1:
        return RisikoError("la cella contiene una formula: qui va scritto il valore",
                           colonna=label, valore=value)
    return None


def to_int(value: Any, label: str, *, minimum: int | None = 0,
           maximum: int | None = None) -> int | None:
    """An integer cell (None when blank). Accepts 23, 23.0, '23', '23,0'; text with a
    dot, an underscore or an exponent ('1.000', '1_3', '1e1') is refused: in Italian
    '1.000' is a thousand, and Python would read it as 1 (or 13, or 10)."""
    kind = type(value)
    if (kind is int or (kind is float and value.is_integer())) \
            and (minimum is None or value >= minimum) and (maximum is None or value <= maximum):
        return int(value)  # the common cases, kept fast for whole-column calls
    if is_blank(value):
        return None
    if isinstance(value, bool):
        raise RisikoError("serve un numero intero", colonna=label, valore=value)
    number: Any = value
    if isinstance(value, str):
        problem = not_typed(value, label)
        if problem is not None:
            raise problem
        text = value.strip()
        if not TEXT_NUMBER.fullmatch(text):
            raise RisikoError(NEED_NUMBER + TEXT_NUMBER_HINT, colonna=label, valore=value)
        number = float(text.replace(",", "."))
    if not isinstance(number, (int, float)) or number != number or number in (
        float("inf"), float("-inf")
    ):
        raise RisikoError(NEED_NUMBER, colonna=label, valore=value)
    if number != int(number):
        raise RisikoError("serve un numero intero", colonna=label, valore=value)
    result = int(number)
    if minimum is not None and result < minimum:
        raise RisikoError(f"non può essere minore di {minimum}", colonna=label, valore=value)
    if maximum is not None and result > maximum:
        raise RisikoError(f"non può superare {maximum}", colonna=label, valore=value)
    return result


def to_flag(value: Any, label: str) -> bool:
    """A yes/no cell: 1, True, S, SI, Sì, X are yes; blank, 0, N, NO are no."""
    if value is None or value is False:
        return False
    if value is True:
        return True
    if isinstance(value, (int, float)):
        if value in (0, 1):
            return bool(value)
    else:
        word = str(value).strip().casefold()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
        problem = not_typed(value, label)
        if problem is not None:
            raise problem
    raise RisikoError("scrivere S/1/X per sì, vuoto/0/N per no", colonna=label, valore=value)


def to_elimination(value: Any, label: str = "eliminato") -> tuple[bool, int | None]:
    """(eliminated, order): blank = survived; 1, 2, … = order of elimination; S = order unknown."""
    if is_blank(value) or value is False:
        return False, None
    if isinstance(value, str) and value.strip().casefold() in TRUE_WORDS - {"1"}:
        return True, None
    if isinstance(value, str) and value.strip().casefold() in FALSE_WORDS:
        return False, None
    if value is True:
        return True, None
    try:
        order = to_int(value, label, minimum=0, maximum=5)
    except RisikoError as err:
        if not err.messaggio.startswith(NEED_NUMBER):
            raise
        raise RisikoError("scrivere l'ordine di eliminazione (1 il primo eliminato, 2 il "
                          "secondo, …) oppure S se non è noto; vuoto se non eliminato",
                          colonna=label, valore=value) from None
    return (order is not None and order > 0), (order or None)


def to_text(value: Any) -> str | None:
    """A text cell stripped; None when blank. Numbers typed as IDs lose a trailing '.0'."""
    if type(value) is float and value.is_integer():
        return str(int(value))
    if is_blank(value):
        return None
    return str(value).strip()


def cell_error(err: RisikoError) -> str:
    """The text a worksheet function shows in a cell for `err`."""
    return f"{ERROR_PREFIX} {err}"


def is_error(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(ERROR_PREFIX)


def parse_column(values: list[Any], parse: Callable[..., T], label: str,
                 errors: dict[int, RisikoError] | None = None,
                 **options: Any) -> list[T | None]:
    """parse(value, label, **options) for a whole column. A bad cell becomes None and its
    located RisikoError goes to `errors[row index]` (the first per row is kept), so one
    bad row never stops the others. Integer columns of plain floats take a fast path."""
    if parse is to_int and values and set(map(type, values)) == {float}:
        low, high = options.get("minimum", 0), options.get("maximum")
        if (low is None or min(values) >= low) and (high is None or max(values) <= high) \
                and all(map(float.is_integer, values)):
            return cast(list[T | None], list(map(int, values)))  # parse is to_int
    blank = parse(None, label, **options)  # empty cells are the same everywhere
    out: list[T | None] = []
    for row, value in enumerate(values):
        if value is None:
            out.append(blank)
            continue
        try:
            out.append(parse(value, label, **options))
        except RisikoError as err:
            out.append(None)
            if errors is None:
                raise err.located(riga=row + 1) from None
            errors.setdefault(row, err.located(riga=row + 1))
    return out


def per_row(values: list[Any], compute: Callable[[Any, int], T]) -> list[T | str]:
    """compute(value, row) for every row; a RisikoError becomes that row's message."""
    out: list[T | str] = []
    for row, value in enumerate(values, start=1):
        try:
            out.append(compute(value, row))
        except RisikoError as err:
            out.append(cell_error(err.located(riga=row)))
    return out


def as_date(value: Any) -> dt.date | None:
    """A date cell's day (a date-time's date, a date typed as text «01/03/2025»); None for
    anything else."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, str):
        try:
            return dt.datetime.strptime(value.strip(), "%d/%m/%Y").date()
        except ValueError:
            return None
    return value if isinstance(value, dt.date) else None
