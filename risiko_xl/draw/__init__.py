"""Table draws: sizes, one lexicographic cost model (`cost`) and one search (`optimise`)
that seats a round after the earlier ones fixed, repairs a round after withdrawals or
arrivals, and plans all rounds at once (`plan`); lower bounds, fixed procedures. Pure
Python, no I/O; randomness only from a seeded generator. Part of the core: it imports
only the core below it (`rules`), never `standings` or `formulas` (a formula's draw
settings are turned into a `DrawInput` by `risiko_xl.formulas.draw_settings`), a face,
a cell reader (`risiko_xl.cells`) or openpyxl/xlwings/jinja2/pandas (the import
contract in pyproject).
"""

from risiko_xl.draw.criteria import CRITERIA
from risiko_xl.draw.engine import draw
from risiko_xl.draw.fingerprint import fingerprint
from risiko_xl.draw.model import (
    DEFAULT_CRITERIA,
    ENGINE_VERSION,
    FULL_ENGINE_VERSION,
    DrawInput,
    DrawResult,
    Player,
    QualityItem,
)
from risiko_xl.draw.plan import PlanResult, plan_rounds
from risiko_xl.draw.procedures import knockout, semifinal_bands, split_parallel
from risiko_xl.draw.repair import Move, RepairResult, repair
from risiko_xl.draw.sizes import POLICIES, knockout_rounds, table_counts, table_sizes

__all__ = [
    "CRITERIA",
    "DEFAULT_CRITERIA",
    "ENGINE_VERSION",
    "FULL_ENGINE_VERSION",
    "POLICIES",
    "DrawInput",
    "DrawResult",
    "Move",
    "PlanResult",
    "Player",
    "QualityItem",
    "RepairResult",
    "draw",
    "fingerprint",
    "knockout",
    "knockout_rounds",
    "plan_rounds",
    "repair",
    "semifinal_bands",
    "split_parallel",
    "table_counts",
    "table_sizes",
]
