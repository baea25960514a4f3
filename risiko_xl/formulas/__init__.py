"""Tournament formulas ("formule") as data: one JSON file per preset in `presets/`,
loaded and validated by `load`, resolved to a variant by player count with `resolve`,
and a formula's draw settings turned into the draw engine's input (`draw_settings`).

The top of the core: imports `rules`, `standings`, `draw`, `errors` and `names` only,
never a face, a book or a spreadsheet library (checked by `lint-imports`); nothing in
the core imports it.
"""

from risiko_xl.formulas.loader import load, names, parse
from risiko_xl.formulas.model import DrawRules, Formula, TeamRules, Variant
from risiko_xl.formulas.variants import resolve

__all__ = ["DrawRules", "Formula", "TeamRules", "Variant", "load", "names", "parse", "resolve"]
