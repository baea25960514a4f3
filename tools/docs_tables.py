"""The documents' parts generated from the code, written by `make docs`:

- `docs/REGOLE-FORMULA.md`, every rule of a formula, from the rule table
  (`risiko_xl.formulas.reference.reference_markdown`);
- the table of the words of a formula file in `docs/ARCHITECTURE.md`, between
  `<!-- vocabulary -->` and `<!-- /vocabulary -->`, from the core's vocabularies.

`tests/house/test_formula_docs.py` and `tests/house/test_vocabulary.py` call the same functions and
fail when a document is not current.

    python tools/docs_tables.py            # write both
    python tools/docs_tables.py --check    # exit 1, naming the file, if one is not current
"""

from __future__ import annotations

import re
import sys
import typing
from pathlib import Path

from risiko_xl.draw import criteria as draw_criteria
from risiko_xl.draw import engine as draw_engine
from risiko_xl.formulas.reference import reference_markdown
from risiko_xl.rules import placement
from risiko_xl.rules.methods import METHODS
from risiko_xl.rules.vocabulary import Term
from risiko_xl.standings import config, model

ROOT = Path(__file__).resolve().parents[1]
RULES_PAGE = ROOT / "docs" / "REGOLE-FORMULA.md"
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
MARKERS = re.compile(r"(<!-- vocabulary -->\n)(.*?)\n?(<!-- /vocabulary -->)", re.S)

# (what a formula file or a column calls it, its table, its Literal or None, where defined)
VOCABULARIES: list[tuple[str, tuple[Term, ...], typing.Any, str]] = [
    ("`draw.procedure`, `draw.first_round`", draw_engine.DRAW_PROCEDURES,
     draw_engine.DrawProcedure, "risiko_xl.draw.engine"),
    ("`draw.criteria`", draw_criteria.DRAW_CRITERIA, draw_criteria.DrawCriterionName,
     "risiko_xl.draw.criteria"),
    ("`standings.chain`", config.STANDING_CRITERIA_TABLE, config.StandingCriterionName,
     "risiko_xl.standings.config"),
    ("`standings.withdrawn`", config.WITHDRAWN_TABLE, config.WithdrawnRule,
     "risiko_xl.standings.config"),
    ("`phases.direct.rule`", config.DIRECT_RULES_TABLE, config.DirectRule,
     "risiko_xl.standings.config"),
    ("`phases.stage.kind`", config.STAGE_KINDS_TABLE, config.StageKind,
     "risiko_xl.standings.config"),
    ("`phases.stage.recalls`", config.RECALL_CRITERIA_TABLE, config.RecallCriterion,
     "risiko_xl.standings.config"),
    ("`phases.stage.replacement`", config.REPLACEMENTS_TABLE, config.Replacement,
     "risiko_xl.standings.config"),
    ("`phases.ranking`", config.FINAL_RANKINGS_TABLE, config.FinalRanking,
     "risiko_xl.standings.config"),
    ("structure (derived)", config.PHASE_KINDS_TABLE, config.PhaseKind,
     "risiko_xl.standings.config"),
    ("`placement_chain`", placement.PLACEMENT_CHAINS, None, "risiko_xl.rules.placement"),
    ("`scoring.method`, `methods_allowed`",
     tuple(Term(m.name, m.summary, m.summary, m.article) for m in METHODS.values()),
     None, "risiko_xl.rules.methods"),
    ("column `Fase`", model.PHASES, model.Phase, "risiko_xl.standings.model"),
    ("column `Stato`", model.PLAYER_STATES, model.PlayerState, "risiko_xl.standings.model"),
]


def vocabulary_table() -> str:
    """The table of the words of a formula file, generated from the core's tables."""
    rows = ["| where | word | Italian | seed |", "|---|---|---|---|"]
    for where, table, _, module in VOCABULARIES:
        for i, term in enumerate(table):
            first = f"{where} (`{module}`)" if i == 0 else ""
            rows.append(f"| {first} | `{term.name}` | {term.label} | {term.article} |")
    return "\n".join(rows)


def written_vocabulary(text: str) -> str | None:
    """The table as it stands between the markers of `text` (None: no markers)."""
    match = MARKERS.search(text)
    return match.group(2) if match else None


def with_vocabulary(text: str) -> str:
    """`text` with the table between its markers replaced by the current one."""
    if written_vocabulary(text) is None:
        raise SystemExit(f"{ARCHITECTURE}: the markers <!-- vocabulary --> are missing")
    return MARKERS.sub(lambda m: f"{m.group(1)}{vocabulary_table()}\n{m.group(3)}", text,
                       count=1)


def stale() -> list[Path]:
    """The generated documents that differ from what the code gives."""
    found = []
    if RULES_PAGE.read_text(encoding="utf-8") != reference_markdown():
        found.append(RULES_PAGE)
    if written_vocabulary(ARCHITECTURE.read_text(encoding="utf-8")) != vocabulary_table():
        found.append(ARCHITECTURE)
    return found


def write() -> None:
    RULES_PAGE.write_text(reference_markdown(), encoding="utf-8")
    text = ARCHITECTURE.read_text(encoding="utf-8")
    ARCHITECTURE.write_text(with_vocabulary(text), encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        found = stale()
        for path in found:
            print(f"{path.relative_to(ROOT)} is not current: make docs", file=sys.stderr)
        return 1 if found else 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    write()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
