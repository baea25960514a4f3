"""How many tables of 5, 4 and 3 seat N players (seeds 000 Art. 5, 003 Art. 4, 001 §8).

Policies:

- ``standard``: tables of 4, as few 5-tables as needed; 3-tables only when no mix of
  4s and 5s works (N in {3, 6, 7, 11}).
- ``quattro_tre``: tables of 4, as few 3-tables as needed (never 5-tables).
- ``cinque_quattro``: tables of 5, as few 4-tables as needed (never 3-tables).
- ``quattro_cinque``: as ``standard`` but never 3-tables: 3, 6, 7 and 11 players cannot be
  seated (seed 004: «le partite possono essere giocate con tavoli da 4 o da 5 giocatori»).
- ``cns``: tables of 5 only (CNS team championship, seed 004); N must be a multiple of 5.
- ``eliminazione``: the first round of a knockout (seed 002): as many tables as the
  knockout path to a final of 4 needs (each table's winner advances), sizes 3-5 as even
  as possible.
- ``fantasma``: every table has 4 seats; when N is not a multiple of 4 the last tables
  get one empty "ghost" seat each, so they seat 3 real players (counted as 3-tables).

Table numbering: 4-tables first, then 5-tables, then 3-tables (5- and 3-tables get the
last table numbers). In ``cinque_quattro``/``cns`` the 4-tables still come first.
"""

from __future__ import annotations

from functools import cache

from risiko_xl.errors import RisikoError
from risiko_xl.rules.vocabulary import Term, names

POLICY_TERMS: tuple[Term, ...] = (
    Term("standard", "tavoli da 4 e da 5",
         "tavoli da 4, i meno tavoli da 5 possibile; da 3 solo con 3, 6, 7 o 11 giocatori",
         "000 Art. 5, 003 Art. 4"),
    Term("quattro_cinque", "solo tavoli da 4 e da 5",
         "come «tavoli da 4 e da 5», mai tavoli da 3", "004"),
    Term("quattro_tre", "tavoli da 4 e da 3",
         "tavoli da 4, i meno tavoli da 3 possibile, mai da 5", "formule dei club"),
    Term("cinque_quattro", "tavoli da 5 e da 4",
         "tavoli da 5, i meno tavoli da 4 possibile", "formule dei club"),
    Term("cns", "solo tavoli da 5", "solo tavoli da 5 (il numero dei giocatori multiplo di 5)",
         "004 CNS"),
    Term("fantasma", "tavoli da 4 con il fantasma",
         "ogni tavolo ha 4 posti, un posto vuoto dove mancano giocatori", "formule dei club"),
    Term("eliminazione", "tavoli dell'eliminazione diretta",
         "tanti tavoli quanti ne chiede il tabellone fino alla finale", "002"),
)
POLICIES: tuple[str, ...] = names(POLICY_TERMS)

# English aliases accepted for the policy names.
_ALIASES = {
    "four_three": "quattro_tre",
    "4+3": "quattro_tre",
    "five_four": "cinque_quattro",
    "5+4": "cinque_quattro",
    "five": "cns",
    "ghost": "fantasma",
}


def normalise_policy(policy: str) -> str:
    """The canonical policy name; RisikoError for an unknown one."""
    key = str(policy).strip().lower()
    key = _ALIASES.get(key, key)
    if key not in POLICIES:
        raise RisikoError(
            "politica tavoli sconosciuta (ammesse: " + ", ".join(POLICIES) + ")",
            valore=policy,
        )
    return key


def table_counts(n: int, policy: str = "standard") -> tuple[int, int, int]:
    """(tables of 5, tables of 4, tables of 3) for `n` players under `policy`.

    Raises RisikoError when N < 3 or when no table mix of the policy seats N players.
    """
    policy = normalise_policy(policy)
    if isinstance(n, bool) or not isinstance(n, int):
        raise RisikoError("il numero di giocatori deve essere un intero", valore=n)
    if n < 3:
        raise RisikoError("servono almeno 3 giocatori per formare un tavolo", valore=n)
    if policy in ("standard", "quattro_cinque"):
        fives = n % 4  # 5 ≡ 1 (mod 4): each 5-table absorbs one extra player
        if 5 * fives <= n:
            return fives, (n - 5 * fives) // 4, 0
        if policy == "quattro_cinque":
            raise _impossible(n, policy)
        threes = {3: 1, 6: 2, 7: 1, 11: 1}[n]
        return 0, (n - 3 * threes) // 4, threes
    if policy in ("quattro_tre", "fantasma"):
        threes = (4 - n % 4) % 4  # 3 ≡ -1 (mod 4)
        if 3 * threes > n:
            raise _impossible(n, policy)
        return 0, (n - 3 * threes) // 4, threes
    if policy == "cinque_quattro":
        fours = (4 * n) % 5  # 4 ≡ -1 (mod 5), so fours ≡ -n ≡ 4n (mod 5)
        if 4 * fours > n:
            raise _impossible(n, policy)
        return (n - 4 * fours) // 5, fours, 0
    if policy == "eliminazione":
        tables = knockout_rounds(n)[1]  # each table's winner goes on: next round's players
        base, extra = divmod(n, tables)  # as even as possible: sizes base and base + 1
        counts = {size: 0 for size in (3, 4, 5)}
        counts[base] += tables - extra
        if extra:
            counts[base + 1] += extra
        return counts[5], counts[4], counts[3]
    # cns
    if n % 5:
        raise _impossible(n, policy)
    return n // 5, 0, 0


def table_sizes(n: int, policy: str = "standard") -> list[int]:
    """Players per table in table-number order (4s, then 5s, then 3s)."""
    fives, fours, threes = table_counts(n, policy)
    return [4] * fours + [5] * fives + [3] * threes


def _impossible(n: int, policy: str) -> RisikoError:
    return RisikoError(
        f"con la politica tavoli '{policy}' non si possono sedere {n} giocatori",
        valore=n,
    )


@cache
def _ko_path(players: int, final_size: int) -> tuple[int, ...] | None:
    if players == final_size:
        return (players,)
    best: tuple[int, ...] | None = None
    best_key = None
    for t in range(-(-players // 5), players // 3 + 1):
        if t >= players:
            break
        rest = _ko_path(t, final_size)
        if rest is None:
            continue
        key = (len(rest), abs(players - 4 * t), -t)
        if best_key is None or key < best_key:
            best, best_key = (players, *rest), key
    return best


def knockout_rounds(n: int, final_size: int = 4) -> list[int]:
    """Players in each knockout round (tables of 3-5, each table's winner advances),
    ending with one final table of `final_size` players; fewest rounds, tables as close
    to 4 as possible. E.g. 64 -> [64, 16, 4]."""
    if not 3 <= final_size <= 5:
        raise RisikoError("il tavolo finale deve avere da 3 a 5 giocatori", valore=final_size)
    path = _ko_path(n, final_size) if n >= final_size else None
    if path is None:
        raise RisikoError(
            f"impossibile un tabellone a eliminazione diretta con finale a {final_size}",
            valore=n,
        )
    return [*path, 1]
