"""draw_column: the service behind RISIKO_SORTEGGIO (plain column values in, table numbers out)."""

from __future__ import annotations

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.excel.draw_columns import draw_column, draw_from_columns
from risiko_xl.formulas import names

IDS = ["A1", "A2", None, "A3", "B1", "B2", "B3", "C1", "C2", "", "C3", "D1", "D2", "D3"]
CLUBS = ["Roma", "Roma", None, "Roma", "Etna", "Etna", "Etna", None, None, None, "Po", "Po",
         None, "Sile"]  # fmt: skip


def test_one_table_number_per_row_and_blank_rows():
    out = draw_column(IDS, CLUBS, None, None, seed=42)
    assert len(out) == len(IDS)
    assert out[2] is None and out[9] is None
    numbers = [t for t in out if t is not None]
    assert sorted(set(numbers)) == [1, 2, 3]  # 12 players: three tables of 4
    assert all(numbers.count(t) == 4 for t in (1, 2, 3))
    for club in ("Roma", "Etna"):  # 3 clubmates over 3 tables: all apart
        tables = [t for t, c in zip(out, CLUBS) if c == club]
        assert len(set(tables)) == 3


def test_reproducible_and_seed_types():
    a = draw_column(IDS, CLUBS, None, None, seed="serata")
    assert a == draw_column(IDS, CLUBS, None, None, seed="serata")
    assert draw_column(IDS, CLUBS, None, None, seed=7) == draw_column(
        IDS, CLUBS, None, None, seed=7.0
    )


def test_previous_tables_and_winners():
    ids = [f"G{i}" for i in range(16)]
    prev = [[i // 4 + 1] for i in range(16)]
    winners = [i % 4 == 0 for i in range(16)]
    result, _ = draw_from_columns(ids, None, prev, winners, seed=3)
    q = result.quality_dict()
    assert result.round_no == 2
    assert q["winners"] == (0, 0) and q["repeat"] == (0, 0)
    out = draw_column(ids, None, prev, winners, seed=3)
    winner_tables = [t for t, w in zip(out, winners) if w]
    assert len(set(winner_tables)) == 4
    # round_no=1 ignores the history columns
    first, _ = draw_from_columns(ids, None, prev, winners, seed=3, round_no=1)
    assert first.round_no == 1


def test_formulas():
    assert set(names()) >= {"master", "open", "gufo", "raduno"}
    for formula in ("master", "OPEN", "gufo", "raduno"):
        out = draw_column(IDS, CLUBS, None, None, seed=1, formula=formula)
        assert len(out) == len(IDS)
    result, _ = draw_from_columns(IDS, CLUBS, None, None, seed=1, formula="raduno")
    assert "region" not in result.quality_dict()  # no regions given: skipped
    with pytest.raises(RisikoError, match=r"(?i)formula"):
        draw_column(IDS, CLUBS, None, None, seed=1, formula="boh")


def test_errors_name_row_and_value():
    ids = ["A", "B", "C", "B"]
    with pytest.raises(RisikoError) as err:
        draw_column(ids, None, None, None, seed=1)
    assert err.value.riga == 4 and err.value.valore == "B"
    assert "duplicato" in str(err.value) and "Riga 4" in str(err.value)
    with pytest.raises(RisikoError) as err:
        draw_column(["A", "B", "C", "D"], None, [[1], [1], ["x"], [1]], None, seed=1)
    assert err.value.riga == 3
    with pytest.raises(RisikoError, match="vincitori"):
        draw_column(["A", "B", "C", "D"], None, None, [1, 0, "forse", 0], seed=1)
    with pytest.raises(RisikoError, match="righe"):
        draw_column(["A", "B", "C", "D"], ["x"], None, None, seed=1)
    with pytest.raises(RisikoError, match="almeno 3"):
        draw_column(["A", None, "B"], None, None, None, seed=1)
    with pytest.raises(RisikoError, match="seme"):
        draw_column(["A", "B", "C"], None, None, None, seed=None)
