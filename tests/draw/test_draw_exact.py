"""The exact solver proves a club-size draw optimal (issue 28): where the search stops
above a counting bound, the round's lexicographic optimum is found and proved, the
certificate says «ottimo dimostrato» or «migliore trovato» with the gap, and the draw
stays reproducible. The optimum each test expects is computed here by enumerating every
seating (an oracle that shares no code with the engine), never read from the engine.

000 Art. 5 and 001 §8 ask the draw to avoid, in order, a repeated 5-seat, previous
winners together, club-mates together and players who already met («si cercherà di
evitare che due giocatori si incontrino nuovamente»): the optimum is the least value of
each in that order, the earlier ones at theirs."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import combinations

import pytest

from risiko_xl.draw import DrawInput, Player, draw
from risiko_xl.draw import exact as solver
from risiko_xl.draw.criteria import build_instance, evaluate
from risiko_xl.draw.fingerprint import fingerprint
from risiko_xl.draw.model import SAME_DRAWS_AS, SEARCH_ONLY_VERSION
from risiko_xl.services.audit import quality_notes, quality_text

pytestmark = pytest.mark.skipif(not solver.available(), reason="OR-Tools non installato")

CRITERIA = ("winners", "club", "repeat")
# twelve players, three earlier rounds at three tables of four, chosen so that every
# fourth player sat with the same three others in rounds 1 and 3: the pigeonhole count
# says 3 repeated meetings, the true least is higher
HISTORY = [
    (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3),
    (1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3),
    (1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 3, 3),
]
CLUBS = "AABBCCDDEEFF"


def _players(n: int = 12, history: list[tuple[int, ...]] = HISTORY, clubs: str = CLUBS,
             winners: tuple[int, ...] = (0, 4, 8)) -> tuple[Player, ...]:
    return tuple(Player(f"G{i:02d}", club=clubs[i % len(clubs)],
                        history=tuple(row[i] for row in history), winner=i in winners)
                 for i in range(n))


def _partitions(items: list[int], size: int):
    """Every split of `items` into tables of `size` (tables unordered)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for mates in combinations(rest, size - 1):
        left = [p for p in rest if p not in mates]
        for others in _partitions(left, size):
            yield [[first, *mates], *others]


def _optimum(inp: DrawInput) -> tuple[int, ...]:
    inst = build_instance(inp)
    return min(tuple(evaluate(inst, tables, c) for c in inp.criteria)
               for tables in _partitions(list(range(inst.n)), 4))


def test_the_solver_reaches_and_proves_the_enumerated_optimum():
    inp = DrawInput(players=_players(), seed="serata", criteria=CRITERIA)
    best = _optimum(inp)  # 5,775 seatings of 12 at three tables of 4
    result = draw(inp)
    assert tuple(q.value for q in result.quality) == best
    assert result.optimal
    # the pigeonhole bound of repeated meetings is below the optimum: only a proof says
    # that no seating does better
    pigeonhole = draw(inp, prove=False).quality[-1]
    assert pigeonhole.lower_bound < best[-1]
    assert quality_text(result.quality, result).startswith("ottimo dimostrato — ")
    assert f"incontri ripetuti: {best[-1]} (minimo dimostrato)" in quality_text(
        result.quality, result)


@pytest.mark.parametrize("seed", ["a", "b", 7, 2026])
def test_every_seed_gets_an_optimal_seating_of_its_own(seed):
    inp = DrawInput(players=_players(), seed=seed, criteria=CRITERIA)
    result = draw(inp)
    assert tuple(q.value for q in result.quality) == _optimum(inp)
    assert result.tables == draw(inp).tables  # the same seed, the same tables


def test_seats_by_the_search_alone_say_so_and_keep_their_own_fingerprint():
    inp = DrawInput(players=_players(), seed="serata", criteria=CRITERIA)
    alone = draw(inp, prove=False)
    assert SEARCH_ONLY_VERSION in SAME_DRAWS_AS  # `verifica` replays it on the desktop
    assert f"risiko_xl.draw {SEARCH_ONLY_VERSION} " in alone.engine_version
    assert alone.fingerprint == fingerprint(inp, SEARCH_ONLY_VERSION)
    assert alone.fingerprint != draw(inp).fingerprint
    assert not alone.optimal  # the search alone stops at 5 above the pigeonhole bound 3
    assert "solutore esatto non disponibile qui" in quality_notes(alone)[0]
    assert quality_text(alone.quality, alone).startswith(
        "migliore trovato (incontri ripetuti: 5, minimo garantito 3, scarto 2) — ")


def test_a_proof_not_closed_in_its_budget_gives_the_gap(monkeypatch):
    monkeypatch.setattr(solver, "DETERMINISTIC_BUDGET", 1e-6)
    inp = DrawInput(players=_players(), seed="serata", criteria=CRITERIA)
    result = draw(inp)
    repeat = result.quality[-1]
    assert not result.optimal and not repeat.proved
    gap = repeat.value - repeat.lower_bound
    assert quality_text(result.quality, result).startswith(
        f"migliore trovato (incontri ripetuti: {repeat.value}, minimo garantito "
        f"{repeat.lower_bound}, scarto {gap}) — ")
    assert quality_notes(result)[0].startswith("il solutore esatto non ha chiuso la prova")


def test_above_the_club_size_the_search_alone_seats_and_says_why(monkeypatch):
    monkeypatch.setattr(solver, "EXACT_MAX_PLAYERS", 8)
    result = draw(DrawInput(players=_players(), seed="serata", criteria=CRITERIA))
    assert not result.optimal  # the search stops above the pigeonhole bound here
    assert quality_notes(result)[0] == ("oltre 8 giocatori il solutore esatto non è usato: "
                                        "solo la ricerca")


_SCRIPT = """
import json
from risiko_xl.draw import DrawInput, draw
from tests.draw.test_draw_exact import CRITERIA, _players
res = draw(DrawInput(players=_players(), seed="serata", criteria=CRITERIA))
print(json.dumps([res.tables, res.fingerprint, res.optimal]))
"""


def test_a_proved_draw_is_the_same_in_every_process():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    outs = {subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                           check=True, cwd=root,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout
            for h in (1, 2)}
    assert len(outs) == 1 and outs.pop().strip().endswith("true]")
