"""Numbers as Italian readers expect them (decimal comma), via Babel."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from babel.numbers import format_decimal


@lru_cache(maxsize=8192)  # a ranking shows the same few hundred values over and over
def italian(value: Fraction | int | Decimal, decimals: int = 0) -> str:
    """'1,048' for Fraction(1048, 1000) with 3 decimals; exact (no float on the way)."""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(Decimal(value), format=pattern, locale="it_IT",
                          decimal_quantization=True)
