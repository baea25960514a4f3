"""Every formula file valid before the phase model keeps working (issue 25: «every preset
name or formula file valid today keeps working»): the presets as the previous release
shipped them (flat "phases" keys, tests/fixtures/formule_0_23) load to exactly today's
presets, and a flat key that does not apply to its kind is refused instead of ignored."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.formulas import Formula, load, parse

BEFORE = Path(__file__).parents[1] / "fixtures" / "formule_0_23"


@pytest.mark.parametrize("name", sorted(p.stem for p in BEFORE.glob("*.json")))
def test_a_flat_file_of_the_previous_release_is_todays_formula(name):
    """The same formula, rule by rule (the notes of today's presets name the rules as the
    Formula sheet does, where the old ones named the file's keys)."""
    text = (BEFORE / f"{name}.json").read_text(encoding="utf-8")
    assert _rules(_since(parse(text, f"{name}.json", name))) == _rules(load(name))


def _rules(formula: Formula) -> Formula:
    return dataclasses.replace(formula, notes=(), variants=tuple(
        dataclasses.replace(v, formula=dataclasses.replace(v.formula, notes=()))
        for v in formula.variants))


def _since(formula: Formula) -> Formula:
    """The presets' rules changed on purpose since that release (issue 26), applied to
    the old file: eagles keeps a withdrawn player's scores (003 Art. 3 never removes
    them), master counts its parallel tournaments by who played the 2 games (001 §8 «100
    o più giocatori con 2 partite disputate»)."""
    def changed(f: Formula) -> Formula:
        if formula.name == "eagles":
            return dataclasses.replace(f, standings=dataclasses.replace(f.standings,
                                                                        withdrawn="keep"))
        if formula.name == "master":
            split = dataclasses.replace(f.phases.split, min_games=2)
            return dataclasses.replace(f, phases=dataclasses.replace(f.phases, split=split))
        return f
    if not formula.variants:
        return changed(formula)
    return dataclasses.replace(formula, variants=tuple(
        dataclasses.replace(v, formula=changed(v.formula)) for v in formula.variants))


def test_a_flat_file_by_path_loads_too(tmp_path):
    path = tmp_path / "mia.json"
    data = json.loads((BEFORE / "master.json").read_text(encoding="utf-8"))
    data["name"] = "mia"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _since(dataclasses.replace(load(path), name="master")).phases == \
        load("master").phases


def test_ripescati_of_a_flat_semifinals_file_now_count():
    """«playoff_extra is accepted in a semifinals formula and silently ignored» (issue 25):
    a flat file asking for a ripescato in the semifinals gets one."""
    data = json.loads((BEFORE / "master.json").read_text(encoding="utf-8"))
    data["phases"]["playoff_extra"] = ["best_game"]
    del data["phases"]["split_over"]  # a ripescato and parallel tournaments: refused
    phases = parse(json.dumps(data), "m.json", "m").phases
    assert phases.stage is not None and phases.stage.recalls == ("best_game",)
    assert phases.ranks(0) == tuple(range(1, 16))  # 15 by rank and the ripescato


@pytest.mark.parametrize(("key", "value"), [
    ("final_direct", 3), ("playoff_label", "ripescaggio"), ("split_over", 50)])
def test_a_flat_key_of_another_kind_is_refused_not_ignored(key, value):
    data = json.loads((BEFORE / "rtu.json").read_text(encoding="utf-8"))
    data["phases"][key] = value
    with pytest.raises(RisikoError, match=f"phases.{key}.*non si applica"):
        parse(json.dumps(data), "rtu.json", "rtu")
