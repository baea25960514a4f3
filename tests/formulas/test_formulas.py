"""Shipped formula presets: each loads, and its key values match the regulation it cites."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from risiko_xl.draw.criteria import CRITERIA
from risiko_xl.draw.sizes import POLICIES
from risiko_xl.errors import RisikoError
from risiko_xl.excel.draw_columns import draw_from_columns
from risiko_xl.formulas import Formula, load, names, parse, resolve
from risiko_xl.formulas.draw_settings import preset
from risiko_xl.rules import Seat, score_table
from risiko_xl.rules.placement import CHAINS
from risiko_xl.standings.config import STANDING_CRITERIA

PRESET_DIR = Path(__file__).resolve().parents[2] / "risiko_xl" / "formulas" / "presets"
EXPECTED = {"lu_castidduzzu", "master", "eagles", "italiana", "eliminazione", "rtu", "cns",
            "raduno", "santeufemia", "open", "gufo", "campionato_gufo", "victory",
            "nazionale", "interno"}


def points(formula: Formula, seats, players=None):
    return score_table(seats, players, scoring=formula.scoring,
                       criteria=CHAINS[formula.placement_chain]).points


def concrete(formula: Formula):
    """The formula itself, or each of its variants."""
    return [v.formula for v in formula.variants] or [formula]


# ------------------------------------------------------------------ every preset


def test_names_are_the_shipped_files():
    assert set(names()) == EXPECTED
    assert names() == sorted(names())
    assert {p.stem for p in PRESET_DIR.glob("*.json")} == EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_preset_loads_and_is_consistent(name):
    formula = load(name)
    assert formula.name == name
    assert formula.title.strip() and formula.description.strip()
    assert any(word in formula.source for word in ("seed", "GestioneTorneo", "club"))
    assert formula.notes, "every preset explains its choices"
    for f in concrete(formula):
        assert f.name == name
        assert f.policy in POLICIES
        assert f.placement_chain in CHAINS
        assert set(f.draw.criteria) <= set(CRITERIA)
        assert set(f.standings.chain) <= set(STANDING_CRITERIA)
        assert 0 <= f.standings.drops < f.standings.rounds
        assert isinstance(f.standings.chain, tuple) and isinstance(f.notes, tuple)
        if f.methods_allowed:
            assert f.scoring.name in f.methods_allowed
        if f.phases.kind != "none":
            assert 3 <= f.phases.final_size <= 6


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_preset_file_is_plain_json_with_english_keys(name):
    data = json.loads((PRESET_DIR / f"{name}.json").read_text(encoding="utf-8"))
    assert data["name"] == name
    assert set(data["scoring"]) <= {"method", "params"}


def test_names_are_case_insensitive_and_accept_aliases():
    assert load("MASTER") is load("master")
    assert load("  Master ") is load("master")
    assert load("MasterRisiko") is load("master")  # GestioneTorneo's name
    assert load("TorneoGufo").name == "gufo"
    assert load("CampionatoGufo").name == "campionato_gufo"
    assert load("Campionato Gufo").name == "campionato_gufo"
    assert load("RadunoNazionale").name == "raduno"
    assert load("SantEufemia").name == "santeufemia"
    assert load("Sant'Eufemia").name == "santeufemia"
    assert load("NazionaleRisiKo").name == "nazionale"
    assert load("Lu-Castidduzzu").name == "lu_castidduzzu"


# ------------------------------------------------------------- seed 000 (Lu Castidduzzu)


def test_lu_castidduzzu_seed_000():
    f = load("lu_castidduzzu")
    assert f.standings.rounds == 4  # Art. 2.1: fase preliminare di 4 giornate
    assert f.standings.drops == 0  # Art. 2: Generale e Assoluta contano tutti i punteggi
    assert f.standings.columns == ("Generale", "Assoluta")
    # Art. 2 classifica avulsa: totale, obiettivi, vittorie, punti fuori obiettivo, sorteggio
    assert f.standings.chain == ("risiko", "wins", "out_points", "lottery")
    assert f.standings.withdrawn == "remove"  # Art. 4
    # Art. 2.2-2.3: spareggio 4°, 5°, 6° + miglior partita singola; finale 1°-3° + vincitore
    assert f.phases.kind == "playoff"
    assert f.phases.ranks(3) == (4, 5, 6)
    assert f.phases.stage is not None and f.phases.stage.recalls == ("best_game",)
    assert f.phases.direct.rule == "first" and f.phases.direct.count == 3
    assert f.phases.final_size == 4
    assert f.phases.table_size == 4  # Art. 2: tavoli delle semifinali da 4
    assert f.appeal_hours == 2  # Art. 2: ricorso entro 2 ore
    assert f.placement_chain == "000"  # Art. 24/26
    assert f.policy == "standard"  # Art. 5: tavoli da 3 solo con 11, 7, 6, 3 giocatori
    assert f.draw.criteria[0] == "five_repeat"  # Art. 5: limitare le partite a 5
    assert f.scoring.name == "bonus_50_15_5"
    # Art. 24: bonus 50/15/5; al tavolo da 5 ×1,25 per eccesso; RisiKo! 150, massimo 150
    four = [Seat(30, 6, 1), Seat(22, 4, 2), Seat(12, 9, 3), Seat(5, 2, 4)]
    assert points(f, four) == (80, 37, 17, 5)
    five = [Seat(21, 6, 1), Seat(20, 4, 2), Seat(8, 9, 3), Seat(4, 1, 4), Seat(3, 2, 5)]
    assert points(f, five) == (77, 40, 15, 5, 4)
    risiko = [Seat(40, 6, 1, risiko=True), Seat(22, 4, 2), Seat(12, 9, 3), Seat(5, 2, 4)]
    assert points(f, risiko)[0] == 150


# ------------------------------------------------------------------ seed 001 (Master)


def test_master_seed_001():
    f = load("master")
    assert f.standings.rounds == 2  # §1: due partite a somma di punti
    assert f.scoring.name == "millesimi"  # §7
    # §7 criteri di parità (+ sorteggio registrato)
    assert f.standings.chain == ("best_1", "best_2", "best_3", "previous_round", "lottery")
    assert f.draw.procedure == "cinquisti"  # §8 a)-d)
    assert f.draw.criteria == ("five_repeat", "winners", "club", "repeat")  # §8 2a partita
    ph = f.phases
    assert ph.kind == "semifinals" and ph.ranks(0) == tuple(range(1, 17))  # §1: sedici
    assert ph.ranks(1) == tuple(range(2, 14))  # §1: «dal 2° al 13°»
    assert ph.direct.rule == "sole_leader"  # §1: solo in testa con 2 vittorie
    assert ph.final_size == 4 and ph.table_size == 4
    assert ph.split.over == 99 and ph.split.ways == 2  # §8: 100 o più giocatori
    assert ph.stage is not None and ph.stage.club_separation  # §8: redistribuzione per club
    assert ph.ranking == "final_then_total"  # §7 classifica finale
    assert f.placement_chain == "001"  # §7: fuori obiettivo, colore
    assert f.appeal_hours is None
    # §7 worked examples
    first = [Seat(23, 0, 1), Seat(0, 0, 2, eliminated=True), Seat(48, 5, 3), Seat(39, 0, 4)]
    assert points(f, first) == (Fraction(23, 1000), 0, Fraction(1048, 1000),
                                Fraction(39, 1000))
    third = [Seat(18, 0, 1), Seat(20, 0, 2), Seat(8, 0, 3), Seat(28, 0, 4), Seat(19, 0, 5)]
    assert points(f, third) == (Fraction(23, 1000), Fraction(25, 1000), Fraction(10, 1000),
                                Fraction(1035, 1000), Fraction(24, 1000))


# ------------------------------------------------------------------ seed 003 (Eagles)


def test_eagles_variant_by_player_count_seed_003():
    f = load("eagles")
    assert [v.key for v in f.variants] == ["a", "b"]
    assert resolve(f, 28)[1] == "a"  # Art. 2: «pari o inferiore a 28»
    assert resolve(f, 29)[1] == "b"  # Art. 2: «superiore a 28»
    assert resolve(f, 3)[1] == "a" and resolve(f, 400)[1] == "b"
    a, b = resolve(f, 28)[0], resolve(f, 29)[0]
    for v in (a, b):
        assert v.name == "eagles" and not v.variants
        assert v.appeal_hours == 72  # Art. 2
        assert v.scoring.name == "millesimi"  # Art. 23
        assert v.placement_chain == "003"
        assert set(f.notes) <= set(v.notes)  # the base notes come with each variant
    assert "a)" in a.title or "formula a" in a.title


def test_eagles_formula_a_seed_003():
    a = resolve(load("eagles"), 20)[0]
    assert a.standings.rounds == 3 and a.standings.drops == 1  # Art. 2: 3 giornate, scarto
    assert a.standings.columns == ("Generale", "Assoluta")
    # Art. 2 a): Assoluta, obiettivi, vittorie, punti fuori obiettivo, sorteggio
    assert a.standings.chain == ("assoluta", "risiko", "wins", "out_points", "lottery")
    # Art. 2 a): ripescaggio fra 4° e 5° della Generale, miglior escluso in Assoluta e
    # miglior escluso in una singola partita; finale: primi 3 + vincitore
    assert a.phases.kind == "playoff"
    assert a.phases.ranks(3) == (4, 5)
    assert a.phases.stage is not None
    assert set(a.phases.stage.recalls) == {"best_assoluta", "best_game"}
    assert a.phases.direct.count == 3 and a.phases.final_size == 4
    assert a.draw.procedure == "optimise"  # Art. 4: formula «Torneo Gufo»


def test_eagles_formula_b_seed_003():
    b = resolve(load("eagles"), 29)[0]
    assert b.standings.rounds == 2  # Art. 2 b): due giornate
    assert b.standings.chain == ("best_1", "previous_round", "lottery")  # Art. 2 b)
    assert b.standings.lottery_decides_direct_final is False  # Art. 2 b)
    assert b.phases.kind == "semifinals" and b.phases.table_size == 4
    assert b.phases.direct.rule == "sole_leader" and b.phases.final_size == 4
    assert b.draw.procedure == "cinquisti"  # Art. 4: formula «MasterRisiko»


def test_resolve_without_variants_and_bad_counts():
    master = load("master")
    assert resolve(master, 50) == (master, None)
    with pytest.raises(RisikoError, match="giocatori"):
        resolve(master, -1)
    with pytest.raises(RisikoError):
        resolve(master, "30")  # type: ignore[arg-type]


# ------------------------------------------------------------- seed 002 (box rules)


def test_italiana_and_eliminazione_seed_002():
    it = load("italiana")
    assert it.phases.kind == "none"  # classifica generale data dal totale
    assert it.standings.drops == 0
    assert it.methods_allowed == ("classico_1", "classico_2", "classico_3")
    assert it.scoring.name == "classico_1"
    ko = load("eliminazione")
    assert ko.phases.kind == "knockout"  # il vincitore accede al turno successivo
    assert ko.phases.final_size in (4, 5)  # esempio del seed: finale a 5
    assert ko.methods_allowed == ("classico_1", "classico_2", "classico_3")


# ------------------------------------------------------------------ seed 004 (RTU, CNS)


def test_rtu_seed_004():
    f = load("rtu")
    assert 4 <= f.standings.rounds <= 6  # «da 4 a 6 partite»
    assert 1 <= f.standings.drops <= 2  # «scartare 1 o 2 risultati»
    assert f.phases.kind == "final" and f.phases.final_size in (4, 5)  # «primi 4 o 5»
    assert f.methods_allowed == ("tavolo_bonus", "piazzamento", "medagliere")
    assert f.scoring.name == "tavolo_bonus" and f.scoring.bonuses == (20,)  # «in genere 20»


def test_cns_seed_004():
    f = load("cns")
    assert f.policy == "cns"  # solo tavoli da 5
    assert f.standings.rounds == 3  # tre turni
    assert f.teams is not None
    assert f.teams.players_per_round == 5  # cinque giocatori per squadra per turno
    assert f.teams.best_of == 11  # 11 migliori risultati su 15
    assert f.teams.players_per_round * f.standings.rounds == 15
    assert f.standings.chain == ("wins", "seconds", "previous_points", "best_dropped")
    assert f.scoring.name == "piazzamento"  # 150/100/70/50/30 + punti tavolo + decimali
    assert f.phases.kind == "none"


# ------------------------------------------------------ club formulas (GestioneTorneo)


def test_raduno_shared_win():
    f = load("raduno")
    assert f.scoring.name == "raduno"
    assert f.standings.rounds == 2
    assert "region" in f.draw.criteria and "winners" in f.draw.criteria
    assert f.phases.kind == "semifinals" and f.phases.final_size == 4
    sole = [Seat(30, 6, 1), Seat(22, 4, 2), Seat(12, 9, 3), Seat(5, 2, 4)]
    assert points(f, sole) == (80, 22, 12, 5)  # +50 al vincitore unico
    assert f.scoring.bonus(1, 2) == 25  # +25 a testa con vittoria condivisa


def test_open_and_santeufemia_open_scoring():
    for name in ("open", "santeufemia"):
        f = load(name)
        assert f.scoring.name == "raduno"
        assert dict(f.scoring.factors) == {5: Fraction(5, 4), 3: Fraction(3, 4)}
        assert f.scoring.points_cap == 100
        five = [Seat(86, 0, 1), Seat(21, 4, 2), Seat(8, 9, 3), Seat(4, 1, 4), Seat(3, 2, 5)]
        # vincitore a 5 al massimo 150; 21 × 1,25 = 26,25 (i decimali di GestioneTorneo)
        assert points(f, five)[:2] == (150, Fraction(2625, 100))
        three = [Seat(40, 6, 1), Seat(21, 4, 2), Seat(12, 9, 3)]
        # ×0,75 al tavolo da 3: 30 + 50, 15,75, 9
        assert points(f, three) == (80, Fraction(1575, 100), 9)
        assert f.scoring.decimals == 2 and f.scoring.scaled_parts == 100
        assert f.standings.chain[:2] == ("wins", "best_1")
    assert load("santeufemia").draw.procedure == "cinquisti"
    assert load("santeufemia").phases.ranks(0) == tuple(range(1, 17))
    assert load("open").phases.kind == "final"


def test_gufo_and_campionato_gufo():
    gufo = load("gufo")
    assert gufo.scoring.name == "gufo"
    four = [Seat(40, 6, 1), Seat(22, 4, 2), Seat(12, 9, 3), Seat(5, 2, 4)]
    assert points(gufo, four) == (Fraction(1240, 100), Fraction(722, 100),
                                  Fraction(512, 100), Fraction(305, 100))
    camp = load("campionato_gufo")
    assert camp.scoring.name == "spartac"  # 100 ± distacco
    assert points(camp, four) == (140, 82, 72, 65)
    assert camp.standings.best_of == 50
    assert camp.policy == "fantasma"
    assert camp.draw.criteria[:2] == ("three_repeat", "five_repeat")


def test_victory_wins_first_then_table_points():
    # GestioneTorneo scores «Victory» with ScorePlayerQualificazioniNazionale; manual V2.4
    # «Victory (ex OpenMaster)»: «una conversione in millesimi, aggiungendo poi al
    # vincitore della partita una unità» and «In caso di RisiKo! ... sempre di 1,100».
    f = load("victory")
    four = [Seat(47, 6, 1), Seat(22, 4, 2), Seat(12, 9, 3), Seat(5, 2, 4)]
    assert points(f, four) == (Fraction(1047, 1000), Fraction(22, 1000), Fraction(12, 1000),
                               Fraction(5, 1000))
    risiko = [Seat(40, 6, 1, risiko=True), Seat(22, 4, 2), Seat(12, 9, 3), Seat(5, 2, 4)]
    assert points(f, risiko)[0] == Fraction(1100, 1000)
    assert f.standings.chain == ("wins", "lottery")


def test_nazionale_final_stage():
    f = load("nazionale")
    assert f.scoring.name == "raduno"
    assert f.standings.rounds == 3
    assert f.standings.chain[0] == "previous_round"
    assert f.phases.kind == "semifinals" and f.phases.final_size == 4


# ------------------------------------------------------------------ user files


def test_load_a_user_file_by_path(tmp_path):
    data = json.loads((PRESET_DIR / "master.json").read_text(encoding="utf-8"))
    data.pop("name")
    data["standings"]["rounds"] = 3
    path = tmp_path / "Mio Torneo.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for ref in (path, str(path)):
        f = load(ref)
        assert f.name == "mio_torneo"  # from the file name when the file has none
        assert f.standings.rounds == 3 and f.scoring.name == "millesimi"
    with pytest.raises(RisikoError, match="non trovato"):
        load(tmp_path / "manca.json")


def test_parse_converts_lists_and_fraction_factors():
    text = json.dumps({
        "title": "t", "source": "s", "description": "d",
        "scoring": {"method": "raduno", "params": {"factors": {"5": "5/4", "3": 0.75},
                                                   "bonuses": [40]}},
        "standings": {"rounds": 3, "chain": ["wins", "lottery"]},
    })
    f = parse(text, "x.json", "x")
    assert f.standings.chain == ("wins", "lottery")
    assert f.scoring.factors == {5: Fraction(5, 4), 3: Fraction(3, 4)}
    assert f.scoring.bonuses == (40,)


def test_scaled_parts_is_a_power_of_ten():
    # the decimals a formula keeps on scaled table points: 100 (hundredths, GestioneTorneo)
    def scoring(parts):
        return json.dumps({"title": "t", "source": "s", "description": "d",
                           "scoring": {"method": "raduno",
                                       "params": {"factors": {"5": "5/4"},
                                                  "scaled_parts": parts}}})
    assert parse(scoring(100), "x.json", "x").scoring.decimals == 2
    with pytest.raises(RisikoError, match=r"1, 10, 100, 1000") as err:
        parse(scoring(4), "x.json", "x")
    assert "scaled_parts" in str(err.value)
    with pytest.raises(RisikoError, match="almeno 1"):
        parse(scoring(0), "x.json", "x")


def test_unknown_name_suggests():
    with pytest.raises(RisikoError, match="forse intendevi «master»") as err:
        load("mastr")
    assert err.value.valore == "mastr"
    with pytest.raises(RisikoError, match=r"(?i)formula sconosciuta"):
        load("boh")


# ------------------------------------------------------------------ draw service


def test_draw_presets_come_from_the_formulas():
    assert set(names()) == EXPECTED
    master = load("master")
    assert preset("master").criteria == master.draw.criteria
    assert preset("MASTER").procedure == "cinquisti"
    assert preset("cns").policy == "cns"
    preset("raduno")
    with pytest.raises(RisikoError):
        preset("boh")
    assert preset("eagles", 20).procedure == "optimise"  # formula a
    assert preset("eagles", 40).procedure == "cinquisti"  # formula b
    assert preset(master).criteria == master.draw.criteria


def test_draw_picks_the_variant_from_the_first_round():
    ids = [f"G{i}" for i in range(32)]
    first, _ = draw_from_columns(ids, None, None, None, seed=5, formula="eagles")
    assert first.procedure == "cinquisti"  # 32 > 28: formula b
    small, _ = draw_from_columns(ids[:20], None, None, None, seed=5, formula="eagles")
    assert small.procedure == "optimise"  # 20 ≤ 28: formula a
    # round 2 with 30 players, of whom 20 played round 1: still formula a
    history = [[i // 4 + 1] for i in range(20)] + [None] * 10
    later, _ = draw_from_columns(ids[:30], None, history, None, seed=5, formula="eagles",
                                 round_no=2)
    assert later.procedure == "optimise"


def test_draw_with_a_user_formula_and_unsupported_procedure(tmp_path):
    data = json.loads((PRESET_DIR / "open.json").read_text(encoding="utf-8"))
    data["name"] = "greca"
    data["draw"]["procedure"] = "greca"
    path = tmp_path / "greca.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RisikoError, match="greca"):
        draw_from_columns([f"G{i}" for i in range(8)], None, None, None, seed=1,
                          formula=str(path))
    data["draw"]["procedure"] = "optimise"
    data["draw"]["first_round"] = "cinquisti"
    path.write_text(json.dumps(data), encoding="utf-8")
    result, _ = draw_from_columns([f"G{i}" for i in range(9)], None, None, None, seed=1,
                                  formula=str(path))
    assert result.procedure == "cinquisti"


@pytest.mark.parametrize("order", [("risiko_xl.formulas", "risiko_xl.draw"),
                                   ("risiko_xl.draw", "risiko_xl.formulas"),
                                   ("risiko_xl.formulas.draw_settings",
                                    "risiko_xl.formulas.loader")])
def test_no_import_cycle(order):
    code = "; ".join(f"import {m}" for m in order) + \
        "; import risiko_xl.formulas as f; f.load('master')"
    subprocess.run([sys.executable, "-c", code], check=True)
