"""One vocabulary per concept: each `Literal` names the words of its table, the lists the
code uses are computed from the tables, the loader refuses every other word at load time,
the workbook offers the same words and the table of them in docs/ARCHITECTURE.md is
generated from them (`make docs`, tools/docs_tables.py)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import typing
from pathlib import Path

import pytest

from risiko_xl.books import schema
from risiko_xl.draw import criteria as draw_criteria
from risiko_xl.draw import engine as draw_engine
from risiko_xl.errors import RisikoError
from risiko_xl.formulas import parse
from risiko_xl.rules import placement
from risiko_xl.rules.vocabulary import names
from risiko_xl.standings import config, model
from tools.docs_tables import ARCHITECTURE, VOCABULARIES, vocabulary_table, written_vocabulary

ROOT = Path(__file__).resolve().parents[2]
PRESETS = ROOT / "risiko_xl" / "formulas" / "presets"


@pytest.mark.parametrize("where, table, literal, module", VOCABULARIES)
def test_each_literal_names_the_words_of_its_table(where, table, literal, module):
    assert len(set(names(table))) == len(table), where
    if literal is not None:
        assert typing.get_args(literal) == names(table), where
    for term in table:
        assert term.label.strip() and term.measures.strip() and term.article.strip(), term


def test_the_lists_the_code_uses_come_from_the_tables():
    assert set(draw_criteria.LABELS) == set(draw_criteria.CRITERIA)
    assert draw_criteria.SIZE_CRITERIA == {"five_repeat": 5, "three_repeat": 3}
    assert draw_criteria.KEY_CRITERIA == ("winners", "club", "region")
    # all rounds are planned at once only with the criteria that read no results
    assert draw_criteria.PLAN_CRITERIA == ("five_repeat", "three_repeat", "club", "region",
                                           "repeat")
    assert set(draw_engine.PROCEDURE_LABELS) == set(draw_engine.PROCEDURES)
    assert tuple(config.PHASES_OF_KIND) == config.PHASE_KINDS
    assert placement.CHAINS["001"] == placement.CHAIN_MASTER
    assert placement.CHAINS["000"] == placement.CHAIN_ART26


def test_the_workbook_offers_the_same_words():
    assert schema.STATES == model.STATES
    assert schema.PHASES == model.PHASE_NAMES
    assert set(schema.PHASE_CHOICES) == {*model.PHASE_NAMES, *model.PHASE_ALIASES}
    assert schema.PHASE_CHOICES.index("Ripescaggio") == \
        schema.PHASE_CHOICES.index(model.PLAYOFF) + 1


def _master() -> dict[str, typing.Any]:
    return json.loads((PRESETS / "master.json").read_text(encoding="utf-8"))


def _set(data: dict[str, typing.Any], path: tuple[str, ...], value: typing.Any) -> None:
    for key in path[:-1]:
        data = data.setdefault(key, {})
    data[path[-1]] = value


@pytest.mark.parametrize("path, value, words", [
    (("draw", "procedure"), "greca", ["draw.procedure", "procedura di sorteggio sconosciuta",
                                      "optimise, cinquisti"]),
    (("draw", "first_round"), "bands", ["draw.first_round", "procedura di sorteggio"]),
    (("draw", "repeat_weighting"), "old", ["draw.repeat_weighting"]),
    (("phases", "stage", "replacement"), "lottery",
     ["phases.stage.replacement", "sostituzione dei ritirati sconosciuta",
      "standings, semifinal_points"]),
    (("phases", "direct", "rule"), "nobody",
     ["phases.direct.rule", "none, first, sole_leader, unbeaten"]),
])
def test_the_loader_refuses_what_the_engines_do_not_run(path, value, words):
    data = _master()
    _set(data, path, value)
    with pytest.raises(RisikoError) as err:
        parse(json.dumps(data), "mia.json", "mia")
    text = str(err.value)
    assert "file mia.json" in text.casefold()
    for word in words:
        assert word in text, text


def test_no_lazy_imports_hide_a_cycle_in_the_core():
    found = subprocess.run(
        ["grep", "-rn", r"^    from risiko_xl\|^        from risiko_xl", "risiko_xl/formulas",
         "risiko_xl/draw", "risiko_xl/standings", "risiko_xl/rules"],
        cwd=ROOT, capture_output=True, text=True).stdout
    assert found == ""


def test_the_architecture_lists_the_words_of_the_tables():
    """docs/ARCHITECTURE.md's table of the words, as `make docs` writes it
    (tools/docs_tables.py)."""
    written = written_vocabulary(ARCHITECTURE.read_text(encoding="utf-8"))
    assert written is not None, "docs/ARCHITECTURE.md: <!-- vocabulary --> is missing"
    assert written == vocabulary_table(), "docs/ARCHITECTURE.md's table of the words " \
        "differs from the tables in the core: make docs"


def _literal_fields() -> list[tuple[tuple[str, ...], bool]]:
    """(path, is a list) of every formula field typed with a vocabulary, nested
    sections included."""
    from risiko_xl.formulas.model import DrawRules
    from risiko_xl.standings.config import PhaseRules, StandingsRules

    out: list[tuple[tuple[str, ...], bool]] = []

    def walk(path: tuple[str, ...], cls: type) -> None:
        for key, hint in typing.get_type_hints(cls).items():
            args = [a for a in typing.get_args(hint) if a is not type(None)]
            nested = [a for a in (hint, *args) if isinstance(a, type)
                      and dataclasses.is_dataclass(a)]
            if nested:
                walk((*path, key), nested[0])
                continue
            is_list = typing.get_origin(hint) is tuple
            inner = [hint, *args] if not is_list else [args[0]]
            if any(typing.get_origin(h) is typing.Literal for h in inner):
                out.append(((*path, key), is_list))

    for section, cls in (("draw", DrawRules), ("standings", StandingsRules),
                         ("phases", PhaseRules)):
        walk((section,), cls)
    return out


def test_every_field_typed_with_a_vocabulary_is_checked_at_load_time():
    found = _literal_fields()
    assert {p for p, _ in found} >= {
        ("draw", "procedure"), ("draw", "criteria"), ("standings", "chain"),
        ("standings", "withdrawn"), ("phases", "direct", "rule"), ("phases", "stage", "kind"),
        ("phases", "stage", "recalls"), ("phases", "stage", "replacement"),
        ("phases", "ranking")}
    for path, is_list in found:
        data = _master()
        _set(data, path, ["zzz"] if is_list else "zzz")
        with pytest.raises(RisikoError) as err:
            parse(json.dumps(data), "mia.json", "mia")
        assert ".".join(path) in str(err.value) and "sconosciut" in str(err.value), err.value
