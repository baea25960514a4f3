"""Tournament formulas ("formule") as data: one JSON file per preset in `presets/`,
loaded and validated by `load`, resolved to a variant by player count with `resolve`."""

from risiko_xl.formulas.loader import load, names, parse, resolve
from risiko_xl.formulas.model import DrawRules, Formula, TeamRules, Variant

__all__ = ["DrawRules", "Formula", "TeamRules", "Variant", "load", "names", "parse", "resolve"]
