"""Worksheet functions called exactly as Excel passes values: a cell → scalar, a column →
list, an empty cell → None, every number a float. Expected values come from the seeds."""

import pytest

from risiko_xl import udfs
from risiko_xl.cells import ERROR_PREFIX


def col(*values):
    """A column as xlwings hands it over: numbers as floats."""
    return [float(v) if isinstance(v, int) else v for v in values]


def flat(block):
    """An n×1 result block back to a list."""
    return [row[0] for row in block]


def is_err(value):
    return isinstance(value, str) and value.startswith(ERROR_PREFIX)


def test_results_spill_down_as_n_by_1():
    out = udfs.RISIKO_PUNTI_TAVOLO(col(21, 18), 5.0)
    assert out == [[27], [23]]
    assert udfs.RISIKO_PUNTI_TAVOLO(21.0, 5.0) == 27  # one cell in, one value out


def test_seed_001_examples_through_udfs():
    # seed 001 §7, first example: A 23, B 0 eliminated, C winner 48, D 39
    tables = col(1, 1, 1, 1)
    pos = udfs.RISIKO_POSIZIONE(tables, col(23, 0, 48, 39), col(0, 0, 0, 0), col(1, 2, 3, 4),
                                None, [None, "S", None, None])
    assert flat(pos) == [3, 4, 1, 2]
    pts = udfs.RISIKO_PUNTI_TORNEO(col(23, 0, 48, 39), 4.0, pos)
    assert flat(pts) == [0.023, 0.0, 1.048, 0.039]
    # second example: B 86 with RisiKo! → 1,100
    pos = udfs.RISIKO_POSIZIONE(tables, col(13, 86, 22, 9), None, col(1, 2, 3, 4),
                                [None, "X", None, None])
    pts = udfs.RISIKO_PUNTI_TORNEO(col(13, 86, 22, 9), 4.0, pos, [None, "Sì", None, None])
    assert flat(pts) == [0.013, 1.1, 0.022, 0.009]
    # third example, 5-table: 18 → 0,023; 20 → 0,025; 8 → 0,010; 28 → 1,035; 19 → 0,024
    pts = udfs.RISIKO_PUNTI_TORNEO(col(18, 20, 8, 28, 19), 5.0, col(4, 2, 5, 1, 3))
    assert flat(pts) == [0.023, 0.025, 0.010, 1.035, 0.024]


def test_seed_003_examples_through_udfs():
    # winner 42 → 1,042; second 38 → 0,038; 5-table winner 80–86 → 1,100
    assert udfs.RISIKO_PUNTI_TORNEO(42.0, 4.0, 1.0) == 1.042
    assert udfs.RISIKO_PUNTI_TORNEO(38.0, 4.0, 2.0) == 0.038
    assert flat(udfs.RISIKO_PUNTI_TORNEO(col(80, 83, 86), 5.0, 1.0)) == [1.1, 1.1, 1.1]


def test_seed_000_bonus_method_through_udfs():
    pts = udfs.RISIKO_PUNTI_TORNEO(col(86, 30, 13, 9, 0), 5.0, col(1, 2, 3, 4, 5),
                                   metodo="bonus_50_15_5", penalita=[None, 50.0, None, None, None])
    assert flat(pts) == [150, 38 + 15 - 50, 17 + 5, 12, 0]


def test_gufo_method_keeps_gestionetorneo_decimals_through_udfs():
    # ScorePlayerTorneoGufo: 12/7/5/3/2 + points × 1,25 / 100, unrounded: 30 → 12,375,
    # 21 → 7,2625, 19 → 5,2375, 18 → 3,225, 4 → 2,05 (the seeds would round up: 7,27)
    pts = udfs.RISIKO_PUNTI_TORNEO(col(30, 21, 19, 18, 4), 5.0, col(1, 2, 3, 4, 5),
                                   metodo="gufo")
    assert flat(pts) == [12.375, 7.2625, 5.2375, 3.225, 2.05]


def test_rows_of_a_table_in_any_order_and_several_tables():
    tables = col(2, 1, 2, 1, 1, 2, 1, 2)
    points = col(10, 40, 30, 5, 20, 20, 0, 5)
    order = col(1, 1, 2, 2, 3, 3, 4, 4)
    elim = [None, None, None, None, None, None, 1.0, None]
    pos = flat(udfs.RISIKO_POSIZIONE(tables, points, None, order, None, elim))
    # table 1: 40 (1st), 20 (2nd), 5 (3rd), eliminated (4th)
    # table 2: 30 (1st), 20 (2nd), 10 (3rd), 5 (4th)
    assert pos == [3, 1, 1, 3, 2, 2, 4, 4]


def test_blank_rows_and_untyped_tables_stay_blank():
    pos = udfs.RISIKO_POSIZIONE(col(1, 1, 1, None, 2, 2, 2), col(10, 20, 30, None, None, None,
                                None), None, col(1, 2, 3, None, 1, 2, 3))
    assert flat(pos) == [3, 2, 1, "", "", "", ""]
    assert flat(udfs.RISIKO_PUNTI_TORNEO(col(10, None), 4.0, col(2, None))) == [0.01, ""]


def test_bad_row_gives_message_other_tables_compute():
    pos = flat(udfs.RISIKO_POSIZIONE(col(1, 1, 1, 2, 2, 2), col(10, "dieci", 30, 5, 6, 7),
                                     None, col(1, 2, 3, 1, 2, 3)))
    assert all(is_err(v) for v in pos[:3])
    assert "riga 2" in pos[0].lower() and "dieci" in pos[0] and "tavolo 1" in pos[0].lower()
    assert pos[3:] == [3, 2, 1]
    pts = flat(udfs.RISIKO_PUNTI_TORNEO(col(10, -4, 30), 4.0, col(3, 2, 1)))
    assert pts[0] == 0.01 and is_err(pts[1]) and "-4" in pts[1] and pts[2] == 1.03


def test_upstream_error_passes_through():
    message = f"{ERROR_PREFIX} Tavolo 1: due RisiKo!"
    assert flat(udfs.RISIKO_PUNTI_TORNEO(col(10, 20), 4.0, [message, 1.0])) == [message, 1.02]


@pytest.mark.parametrize("flag", [1.0, True, "S", "si", "SI", "Sì", "sì", "X", "x"])
def test_truthy_flags(flag):
    assert udfs.RISIKO_PUNTI_TORNEO(40.0, 4.0, 1.0, flag) == 1.1


@pytest.mark.parametrize("flag", [None, 0.0, False, "N", "no", "NO", ""])
def test_falsy_flags(flag):
    assert udfs.RISIKO_PUNTI_TORNEO(40.0, 4.0, 1.0, flag) == 1.04


def test_bad_flag_is_a_message():
    out = udfs.RISIKO_PUNTI_TORNEO(40.0, 4.0, 1.0, "forse")
    assert is_err(out) and "forse" in out


def test_unresolved_tie_shows_shared_position_and_blocks_winner_bonus():
    pos = flat(udfs.RISIKO_POSIZIONE(col(1, 1, 1, 1), col(30, 30, 10, 5), col(4, 4, 1, 1),
                                     [None, None, 3.0, 4.0]))
    assert pos == ["1=", "1=", 3, 4]
    pts = flat(udfs.RISIKO_PUNTI_TORNEO(col(30, 30, 10, 5), 4.0, pos))
    assert is_err(pts[0]) and "parità" in pts[0] and pts[2:] == [0.01, 0.005]
    # Raduno shares the win: +25 each
    pts = flat(udfs.RISIKO_PUNTI_TORNEO(col(30, 30, 10, 5), 4.0, pos, metodo="raduno"))
    assert pts == [55, 55, 10, 5]


def test_art26_chain_columns():
    pos = flat(udfs.RISIKO_POSIZIONE(col(1, 1, 1), col(20, 20, 5), col(3, 3, 1), None,
                                     giocatori=3.0, catena="000", armate_obiettivo=col(9, 12, 1)))
    assert pos == [2, 1, 3]


def test_spartac_needs_tables():
    points, order = col(30, 22, 12, 9), col(1, 2, 3, 4)
    assert flat(udfs.RISIKO_PUNTI_TORNEO(points, 4.0, order, metodo="spartac",
                                         tavolo=1.0)) == [130, 92, 82, 79]
    assert is_err(flat(udfs.RISIKO_PUNTI_TORNEO(points, 4.0, order, metodo="spartac"))[1])


def test_territory_functions():
    assert udfs.RISIKO_VALORE_TERRITORIO("Stati Uniti Occ.") == 4
    assert flat(udfs.RISIKO_VALORE_TERRITORIO(["Cina", None, "Atlantide"]))[:2] == [7, ""]
    assert is_err(flat(udfs.RISIKO_VALORE_TERRITORIO(["Cina", None, "Atlantide"]))[2])
    assert udfs.RISIKO_PUNTI_OBIETTIVO(["Cina", None, "India", "Siam; Mongolia"]) == 18
    # a block: one row per player, territories across
    block = [["Cina", "India", None], ["Alaska", "Kamchatka", "Giappone"]]
    assert flat(udfs.RISIKO_PUNTI_OBIETTIVO(block)) == [10, 10]


def test_table_counts_row():
    assert udfs.RISIKO_TAVOLI(37.0) == [[1, 8, 0]]
    assert udfs.RISIKO_TAVOLI(11.0) == [[0, 2, 1]]
    assert is_err(udfs.RISIKO_TAVOLI(2.0))


def test_helpers_through_udfs():
    assert flat(udfs.RISIKO_SOGLIA_SDADATA(col(1, 2, 3, 4, 5))) == [4, 5, 6, 7, 7]
    assert udfs.RISIKO_RINFORZI(14.0) == 4
    assert udfs.RISIKO_RINFORZI(20.0, ["Asia", "Oceania"]) == 15
    assert udfs.RISIKO_TRIS(["fante", "cannone", "cavaliere"], 1.0) == 12
    assert udfs.RISIKO_TRIS("jolly, fanti, fanti", 0.0, "scatola") == 12
    assert is_err(udfs.RISIKO_TRIS("jolly, jolly, fanti"))


def test_mismatched_columns_message():
    out = udfs.RISIKO_PUNTI_TORNEO(col(1, 2, 3), col(4, 4), col(1, 2, 3))
    assert is_err(out) and "giocatori" in out


def test_sorteggio_seats_everyone_reproducibly():
    ids = [f"P{i}" for i in range(1, 22)] + [None]
    clubs = ["Eagles"] * 5 + ["Rahal"] * 4 + [None] * 13
    out = flat(udfs.RISIKO_SORTEGGIO(ids, clubs, None, None, 2026.0))
    assert out[-1] == "" and sorted(set(out[:-1])) == [1, 2, 3, 4, 5]
    assert sorted(out[:-1].count(t) for t in range(1, 6)) == [4, 4, 4, 4, 5]
    assert out[:-1].count(5) == 5  # the 5-table takes the last number
    for t in range(1, 6):  # five Eagles over five tables: never two together
        assert sum(1 for i in range(5) if out[i] == t) <= 1
    assert flat(udfs.RISIKO_SORTEGGIO(ids, clubs, None, None, 2026.0)) == out
    assert flat(udfs.RISIKO_SORTEGGIO(ids, clubs, None, None, "2027")) != out


def test_sorteggio_second_round_separates_winners_and_meetings():
    ids = [f"P{i}" for i in range(1, 17)]
    first = flat(udfs.RISIKO_SORTEGGIO(ids, None, None, None, 1.0))
    winners = [None] * 16
    for t in range(1, 5):
        winners[first.index(t)] = "S"
    second = flat(udfs.RISIKO_SORTEGGIO(ids, None, [[float(t)] for t in first], winners, 2.0))
    won = [second[i] for i in range(16) if winners[i]]
    assert sorted(won) == [1, 2, 3, 4]
    for t in range(1, 5):  # 16 players, 4 tables: nobody meets a previous table-mate
        again = [first[i] for i in range(16) if second[i] == t]
        assert len(set(again)) == 4


def test_sorteggio_bad_input_message():
    out = udfs.RISIKO_SORTEGGIO(["A", "B", "A", "C"], None, None, None, 1.0)
    assert is_err(out) and "duplicato" in out and "'A'" in out
    assert is_err(udfs.RISIKO_SORTEGGIO(["A", "B", "C"], None, None, None, None))


def test_public_signatures_as_xlwings_registers_them():
    """xlwings registers a UDF from inspect.signature (following __wrapped__): these names
    and argument orders are the public interface of the issue."""
    import inspect

    expected = {
        "RISIKO_VALORE_TERRITORIO": ["nome"],
        "RISIKO_PUNTI_OBIETTIVO": ["territori"],
        "RISIKO_PUNTI_TAVOLO": ["punti", "giocatori"],
        "RISIKO_POSIZIONE": ["tavolo", "punti", "fuori_obiettivo", "ordine_gioco", "risiko",
                             "eliminato", "giocatori"],
        "RISIKO_PUNTI_TORNEO": ["punti", "giocatori", "posizione", "risiko", "metodo",
                                "penalita"],
        "RISIKO_TAVOLI": ["n"],
        "RISIKO_SOGLIA_SDADATA": ["giro"],
        "RISIKO_RINFORZI": ["territori", "continenti"],
        "RISIKO_ARMATE_INIZIALI": ["giocatori"],
        "RISIKO_TRIS": ["carte", "possedute", "regole"],
        "RISIKO_SORTEGGIO": ["id", "club", "tavoli_precedenti", "vincitori", "seme", "formula",
                             "turno"],
    }
    for name, args in expected.items():
        params = list(inspect.signature(getattr(udfs, name)).parameters.values())
        assert [p.name for p in params[: len(args)]] == args, name
        assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params), name
        assert getattr(udfs, name).__name__ == name
    defaults = inspect.signature(udfs.RISIKO_PUNTI_TORNEO).parameters
    assert defaults["metodo"].default == "millesimi" and defaults["risiko"].default is None


def test_initial_armies():
    # 002 «Preparazione»: «35 armate se si gioca in 3 - 30 armate se si gioca in 4 - 25
    # armate se si gioca in 5 - 20 armate se si gioca in 6»
    assert udfs.RISIKO_ARMATE_INIZIALI(4.0) == 30
    assert udfs.RISIKO_ARMATE_INIZIALI("5") == 25
    assert flat(udfs.RISIKO_ARMATE_INIZIALI(col(3, 4, 5, 6, None))) == [35, 30, 25, 20, ""]
    for bad in (1.0, 7.0, "tre", 4.5):
        out = udfs.RISIKO_ARMATE_INIZIALI(bad)
        assert is_err(out) and out.startswith("#RISIKO!"), (bad, out)
    assert "da 3 a 6" in udfs.RISIKO_ARMATE_INIZIALI(7.0)
    out = flat(udfs.RISIKO_ARMATE_INIZIALI(col(4, "tre", 6)))
    assert out[0] == 30 and is_err(out[1]) and "riga 2" in out[1].casefold() and out[2] == 20


def test_the_documented_signatures_are_the_functions_own():
    """Each `RISIKO_…` in the organisers' table (docs/FUNZIONI.md), its arguments in order
    and the optional ones in brackets, as `risiko_xl.udfs` defines them (`…` stands for
    arguments left out)."""
    import inspect
    import re
    from pathlib import Path

    from risiko_xl import udfs

    page = Path(__file__).resolve().parents[2] / "docs" / "FUNZIONI.md"
    rows = [line for line in page.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `RISIKO_")]
    shown = {m[0]: m[1] for row in rows
             for m in re.findall(r"`(RISIKO_\w+)\(([^)]*)\)`", row.split(" | ")[0])}
    assert sorted(shown) == sorted(n for n in dir(udfs) if n.startswith("RISIKO_"))
    for name, text in shown.items():
        parameters = inspect.signature(getattr(udfs, name)).parameters
        expected = iter(parameters)
        for argument in (a.strip() for a in text.split(";")):
            if argument == "…":
                continue
            bare = argument.strip("[]")
            assert bare in parameters, (name, bare)
            assert bare in expected, (name, bare, "order")  # consumes up to it
            optional = parameters[bare].default is not inspect.Parameter.empty
            assert argument.startswith("[") == optional, (name, argument)
