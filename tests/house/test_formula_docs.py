"""The organisers' documents of the formula (issue 25, «Documented in Italian for
organisers»): the reference of every rule is generated from the rule table and must be the
file in docs/; every key of a formula has its rule; every worked example of the guide runs
and prints what the guide shows."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import re
import shlex
from pathlib import Path

import pytest

from risiko_xl.cli import main
from risiko_xl.formulas.model import DrawRules, Formula, TeamRules
from risiko_xl.formulas.reference import reference_markdown
from risiko_xl.formulas.rule_table import RULES, rule_at
from risiko_xl.rules.methods import METHODS, NOT_PARAMETERS
from risiko_xl.standings.config import DirectFinal, PhaseRules, Split, Stage, StandingsRules

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDE = DOCS / "FORMULA-DEL-CLUB.md"


def test_the_reference_is_generated_from_the_rules():
    text = (DOCS / "REGOLE-FORMULA.md").read_text(encoding="utf-8")
    assert text == reference_markdown(), "docs/REGOLE-FORMULA.md is not current: make docs"
    for rule in RULES:
        assert f"\n### {rule.name}\n" in text


SECTIONS = {"draw": DrawRules, "standings": StandingsRules, "phases": PhaseRules,
            "teams": TeamRules}
NESTED = {("phases", "direct"): DirectFinal, ("phases", "stage"): Stage,
          ("phases", "split"): Split}
SPECIAL = {("scoring",), ("variants",), ("phases", "direct", "count"),
           ("phases", "direct", "field"),  # the method's own rows; variants; «Numero …»
           ("standings", "rulings")}  # the referee's, from Sorteggi: never a formula's


def _paths() -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for f in dataclasses.fields(Formula):
        cls = SECTIONS.get(f.name)
        if cls is None:
            out.append((f.name,))
            continue
        for g in dataclasses.fields(cls):
            path = (f.name, g.name)
            inner = NESTED.get(path)
            out += [(*path, h.name) for h in dataclasses.fields(inner)] if inner else [path]
    return out


@pytest.mark.parametrize("path", _paths(), ids=".".join)
def test_every_key_of_a_formula_has_its_rule(path):
    if path in SPECIAL:
        return
    assert rule_at(path) is not None or any(r.path == path[:-1] for r in RULES), path


@pytest.mark.parametrize("method", list(METHODS))
def test_every_parameter_of_every_method_has_its_rule(method):
    for f in dataclasses.fields(METHODS[method]):
        if f.name in (*NOT_PARAMETERS, "game", "needs_table"):
            continue
        assert rule_at(("scoring", "params", f.name), method) is not None, (method, f.name)


def test_labels_of_the_drop_downs_hold_no_comma():
    """A drop-down's words are one Excel list separated by commas."""
    for rule in RULES:
        for word in rule.kind.choices():
            assert "," not in word, (rule.name, word)


def _blocks() -> list[tuple[list[str], str | None]]:
    """The guide's command blocks, each with the output printed after it (None: none)."""
    text = GUIDE.read_text(encoding="utf-8")
    found = re.findall(r"^ *```sh\n(.*?)^ *```\n(?:\n```text\n(.*?)^```)?", text, re.S | re.M)
    return [([line.strip() for line in commands.replace("\\\n", " ").splitlines()
              if line.strip()], printed or None) for commands, printed in found]


def _examples() -> list[tuple[str, list[str], str]]:
    worked = [(commands, printed) for commands, printed in _blocks() if printed is not None]
    return [(f"esempio-{n}", commands, printed)
            for n, (commands, printed) in enumerate(worked, 1)]


def _run(commands: list[str], where: Path) -> str:
    """Each command run in `where` as typed, each exiting 0; the last one's output."""
    here = os.getcwd()
    os.chdir(where)
    try:
        for command in commands:
            words = shlex.split(command)
            assert words[0] == "risiko-xl"
            out = io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                code = main(words[1:])
            assert code == 0, (command, out.getvalue())
    finally:
        os.chdir(here)
    return out.getvalue()


def test_the_how_to_runs_as_written(tmp_path):
    """The steps of «Come si fa» (the blocks before the first worked example), one after
    the other in one folder, as an organiser types them: each must just succeed."""
    steps = []
    for commands, printed in _blocks():
        if printed is not None:
            break  # the worked examples begin: «Come si fa» is over
        steps += commands
    assert len(steps) >= 3
    _run(steps, tmp_path)


def test_the_guide_has_six_worked_examples_at_least():
    assert len(_examples()) >= 6


@pytest.mark.parametrize(("name", "commands", "printed"), _examples(),
                         ids=[e[0] for e in _examples()])
def test_a_worked_example_of_the_guide_prints_what_the_guide_shows(tmp_path, name, commands,
                                                                   printed):
    assert _run(commands, tmp_path) == printed


