"""Table sizes for every N from 3 to 1,000 under every policy."""

from __future__ import annotations

import pytest

from risiko_xl.draw import POLICIES, table_counts, table_sizes
from risiko_xl.errors import RisikoError


def _first(n: int, big: int, small: int):
    """Fewest `small` tables when seating n at tables of `big` and `small`: (bigs, smalls)."""
    for k in range(n // small + 1):
        rest = n - small * k
        if rest >= 0 and rest % big == 0:
            return rest // big, k
    return None


def _expected(n: int, policy: str):
    """Independent definition of each policy, by direct search."""
    if policy in ("standard", "quattro_cinque"):
        for f in range(n // 5 + 1):  # fewest fives with no threes
            if (n - 5 * f) % 4 == 0:
                return (f, (n - 5 * f) // 4, 0)
        if policy == "quattro_cinque":  # seed 004: tables of 4 or 5 only
            return None
        fours, threes = _first(n, 4, 3)
        return (0, fours, threes)
    if policy in ("quattro_tre", "fantasma"):
        mix = _first(n, 4, 3)
        return None if mix is None else (0, mix[0], mix[1])
    if policy == "cinque_quattro":
        mix = _first(n, 5, 4)
        return None if mix is None else (mix[0], mix[1], 0)
    return (n // 5, 0, 0) if n % 5 == 0 else None


@pytest.mark.parametrize("policy", [p for p in POLICIES if p != "eliminazione"])
def test_every_n_from_3_to_1000(policy):
    for n in range(3, 1001):
        expected = _expected(n, policy)
        if expected is None:
            with pytest.raises(RisikoError, match="non si possono sedere"):
                table_counts(n, policy)
            continue
        fives, fours, threes = table_counts(n, policy)
        assert (fives, fours, threes) == expected, n
        assert 5 * fives + 4 * fours + 3 * threes == n
        sizes = table_sizes(n, policy)
        assert sum(sizes) == n
        # 4-tables first, then 5-tables, then 3-tables (the last table numbers)
        assert sizes == [4] * fours + [5] * fives + [3] * threes


def test_eliminazione_first_round_leads_to_a_final_of_four():
    """002 «è importante che il numero totale di tavoli sia sempre multiplo del numero di
    giocatori previsti per la finale»: each table's winner goes on, so the first round has
    as many tables as the next round has players; sizes 3-5, as even as possible. 16 → 4
    tables of 4 (then a final of 4); 10 → 2 winners, no final of 4: refused."""
    from risiko_xl.draw.sizes import knockout_rounds

    assert table_counts(16, "eliminazione") == (0, 4, 0)
    assert table_counts(20, "eliminazione") == (4, 0, 0)
    assert table_counts(100, "eliminazione") == (20, 0, 0)
    with pytest.raises(RisikoError, match="eliminazione diretta"):
        table_counts(10, "eliminazione")
    for n in range(3, 301):
        try:
            tables = knockout_rounds(n)[1]
        except RisikoError:
            with pytest.raises(RisikoError):
                table_counts(n, "eliminazione")
            continue
        sizes = table_sizes(n, "eliminazione")
        assert len(sizes) == tables and sum(sizes) == n and max(sizes) - min(sizes) <= 1
        assert set(sizes) <= {3, 4, 5}


def test_standard_threes_only_for_3_6_7_11():
    with_threes = [n for n in range(3, 1001) if table_counts(n)[2]]
    assert with_threes == [3, 6, 7, 11]
    assert table_counts(6) == (0, 0, 2)
    assert table_counts(7) == (0, 1, 1)
    assert table_counts(11) == (0, 2, 1)
    assert table_counts(13) == (1, 2, 0)
    assert table_counts(19) == (3, 1, 0)


def test_impossible_mixes_are_named():
    assert [n for n in range(3, 100) if _expected(n, "quattro_tre") is None] == [5]
    assert [n for n in range(3, 100) if _expected(n, "cinque_quattro") is None] == [3, 6, 7, 11]
    with pytest.raises(RisikoError, match="cns"):
        table_counts(12, "cns")


@pytest.mark.parametrize("n", [-1, 0, 1, 2])
def test_fewer_than_three_players(n):
    with pytest.raises(RisikoError, match="almeno 3 giocatori"):
        table_counts(n)


def test_bad_policy_and_aliases():
    with pytest.raises(RisikoError, match="tavoli sconosciuta"):
        table_counts(12, "sei")
    assert table_counts(14, "ghost") == table_counts(14, "fantasma") == (0, 2, 2)
    assert table_counts(14, "5+4") == (2, 1, 0)

