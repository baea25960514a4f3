"""Broken formula files: every error is Italian and names the file, the key and the value."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.formulas import load

PRESETS = Path(__file__).resolve().parents[2] / "risiko_xl" / "formulas" / "presets"
MASTER = json.loads((PRESETS / "master.json").read_text(encoding="utf-8"))
EAGLES = json.loads((PRESETS / "eagles.json").read_text(encoding="utf-8"))
CNS = json.loads((PRESETS / "cns.json").read_text(encoding="utf-8"))


def broken(tmp_path: Path, base: dict, change) -> Path:
    data = copy.deepcopy(base)
    data.pop("name", None)
    change(data)
    path = tmp_path / "rotta.json"
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def error_of(path: Path) -> str:
    with pytest.raises(RisikoError) as err:
        load(path)
    text = str(err.value)
    assert str(path) in text, text  # the file
    return text


def setitem(section, key, value):
    def change(data):
        target = data
        for part in section:
            target = target[part]
        target[key] = value
    return change


# (case, base, change, key path named, value shown, other words expected)
CASES = [
    ("chiave con refuso", MASTER, setitem(["standings"], "roudns", 3),
     "standings.roudns", "'roudns'", ["chiave sconosciuta", "forse intendevi «rounds»?"]),
    ("chiave in radice", MASTER, setitem([], "titel", "x"),
     "titel", "'titel'", ["forse intendevi «title»?"]),
    ("criterio di sorteggio", MASTER, setitem(["draw", "criteria"], 1, "winers"),
     "draw.criteria[1]", "'winers'", ["criterio di sorteggio", "forse intendevi «winners»?"]),
    ("criterio di classifica", MASTER, setitem(["standings", "chain"], 0, "best1"),
     "standings.chain[0]", "'best1'", ["criterio di classifica", "«best_1»"]),
    ("tipo sbagliato: testo per intero", MASTER, setitem(["standings"], "rounds", "2"),
     "standings.rounds", "'2'", ["numero intero", "testo"]),
    ("tipo sbagliato: testo per lista", MASTER, setitem(["standings"], "chain", "best_1"),
     "standings.chain", "'best_1'", ["lista"]),
    ("tipo sbagliato: booleano per intero", MASTER, setitem([], "appeal_hours", True),
     "appeal_hours", "True", ["numero intero"]),
    ("metodo sconosciuto", MASTER, setitem(["scoring"], "method", "millesimo"),
     "scoring.method", "'millesimo'", ["metodo di punteggio", "forse intendevi «millesimi»?"]),
    ("parametro sconosciuto", MASTER, setitem(["scoring"], "params", {"bonus": [1000]}),
     "scoring.params.bonus", "'bonus'", ["forse intendevi «bonuses»?"]),
    ("parametro di tipo sbagliato", MASTER,
     setitem(["scoring"], "params", {"points_cap": "100"}),
     "scoring.params.points_cap", "'100'", ["numero intero"]),
    ("fattore non valido", MASTER, setitem(["scoring"], "params", {"factors": {"5": "5/0"}}),
     "scoring.params.factors.5", "'5/0'", ["frazione"]),
    ("scarti non minori dei turni", MASTER, setitem(["standings"], "drops", 2),
     "standings.drops", "2", ["scarti", "turni"]),
    ("best_of zero", MASTER, setitem(["standings"], "best_of", 0),
     "standings.best_of", "0", ["almeno 1"]),
    ("finale troppo grande", MASTER, setitem(["phases"], "final_size", 8),
     "phases.final_size", "8", ["da 3 a 6"]),
    ("tipo di fase", MASTER, setitem(["phases", "stage"], "kind", "semifinale"),
     "phases.stage.kind", "'semifinale'", ["forse intendevi «semifinals»?"]),
    ("catena al tavolo", MASTER, setitem([], "placement_chain", "002"),
     "placement_chain", "'002'", ["catena di piazzamento", "sconosciuta"]),
    ("politica tavoli", MASTER, setitem([], "policy", "standart"),
     "policy", "'standart'", ["forse intendevi «standard»?"]),
    ("procedura di sorteggio", MASTER, setitem(["draw"], "procedure", "cinquista"),
     "draw.procedure", "'cinquista'", ["forse intendevi «cinquisti»?"]),
    ("sorteggio non ultimo", MASTER,
     setitem(["standings"], "chain", ["lottery", "best_1"]),
     "standings.chain[0]", "'lottery'", ["ultimo"]),
    ("criterio ripetuto", MASTER,
     setitem(["draw"], "criteria", ["club", "repeat", "club"]),
     "draw.criteria[2]", "'club'", ["ripetuto"]),
    ("metodo non ammesso", MASTER, setitem([], "methods_allowed", ["raduno"]),
     "scoring.method", "'millesimi'", ["ammessi"]),
    ("semifinali e finale incoerenti", MASTER,
     setitem(["phases"], "direct", {"rule": "first", "count": 4}),
     "phases.direct.count", "4", ["da 1 a 3", "almeno una semifinale"]),
    ("squadre: risultati contati", CNS, setitem(["teams"], "best_of", 16),
     "teams.best_of", "16", ["da 1 a 15"]),
    ("spareggio senza posti", EAGLES,
     setitem(["variants", 0, "formula", "phases", "stage"], "ranks", [2, 5]),
     "variants[0].formula.phases.stage.ranks", "[2, 5]", ["direttamente in finale"]),
    ("variante: limiti non crescenti", EAGLES,
     setitem(["variants", 1], "max_players", 20),
     "variants[1].max_players", "20", ["crescere"]),
    ("variante: chiave con refuso", EAGLES,
     setitem(["variants", 0], "max_player", 28),
     "variants[0].max_player", "'max_player'", ["forse intendevi «max_players»?"]),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_broken_file_error_names_file_key_and_value(tmp_path, case):
    _, base, change, key, value, words = case
    text = error_of(broken(tmp_path, base, change))
    assert f"«{key}»" in text, text
    assert f"valore trovato: {value}" in text, text
    for word in words:
        assert word in text, text


def test_missing_required_key(tmp_path):
    text = error_of(broken(tmp_path, MASTER, lambda d: d.pop("title")))
    assert "«title»" in text and "obbligatoria" in text
    text = error_of(broken(tmp_path, MASTER, lambda d: d["standings"].pop("rounds")))
    assert "«standings.rounds»" in text and "obbligatoria" in text


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ('{\n  "title": "x"\n  "source": "y"\n}', 3, 3, "manca una virgola"),
    ('{\n  "title": "x",\n}', 3, 1, "virgolette doppie"),
    ('{\n  "title": \n}', 3, 1, "atteso un valore"),
])
def test_invalid_json_names_line_and_column(tmp_path, text, line, column, words):
    path = tmp_path / "rotta.json"
    path.write_text(text, encoding="utf-8")
    message = error_of(path)
    assert f"riga {line}, colonna {column}" in message, message
    assert words in message and "JSON non valido" in message


def test_duplicate_key(tmp_path):
    path = tmp_path / "rotta.json"
    path.write_text('{"title": "a", "title": "b"}', encoding="utf-8")
    message = error_of(path)
    assert "«title»" in message and "due volte" in message


def test_root_must_be_an_object(tmp_path):
    path = tmp_path / "rotta.json"
    path.write_text("[1, 2]", encoding="utf-8")
    message = error_of(path)
    assert "oggetto" in message and "valore trovato: [1, 2]" in message


def test_variant_cannot_nest_variants(tmp_path):
    def nest(data):
        data["variants"][0]["formula"]["variants"] = []
    text = error_of(broken(tmp_path, EAGLES, nest))
    assert "«variants[0].formula.variants»" in text


def test_good_copy_loads(tmp_path):
    """The broken-file helper itself produces valid files when nothing is changed."""
    for base in (MASTER, EAGLES, CNS):
        assert load(broken(tmp_path, base, lambda d: None)).name == "rotta"
