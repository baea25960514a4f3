"""The referee's scenario A of session 30 (files in his /tmp/arbitro31), computed by hand
from seed 001 §7: «In caso di parità in classifica si utilizzeranno questi criteri:
• punteggio torneo più alto nella migliore prestazione • punteggio torneo più alto nella
seconda migliore prestazione • punteggio torneo più alto nella terza eventuale
prestazione • piazzamento in classifica al turno precedente». Four rounds; a late entry
(no round 1) and an absent player (round 2 counts 0) among the ties. Since each player's
best results are kept only as deep as the chain reads them (the third), this holds the
deepest criterion to the hand order."""

from __future__ import annotations

from fractions import Fraction

from risiko_xl.standings import Entrant, GameResult, StandingsRules, compute_standings

ROUNDS = {  # the referee's sorted results, put back in rounds (None: not played)
    "G01": (90, 35, 25, 20), "G02": (20, 90, 32, 28), "G04": (30, 20, 90, 30),
    "G03": (80, 40, 30, 20), "G12": (None, 80, 40, 20), "G06": (10, 80, 10, 40),
    "G05": (80, None, 35, 25),  # absent in round 2: «il turno vale 0» (003 Art. 4)
}
HAND = ["G01", "G02", "G04", "G03", "G12", "G06", "G05"]  # the referee's positions 3–10


def test_the_referees_ties_on_the_second_and_third_best() -> None:
    entrants = [Entrant(pid, from_round=2 if pid == "G12" else 1) for pid in ROUNDS]
    results = [GameResult(pid, n, "Qualificazione", 1, 2, Fraction(points))
               for pid, points_by_round in ROUNDS.items()
               for n, points in enumerate(points_by_round, 1) if points is not None]
    standings = compute_standings(entrants, results, StandingsRules(rounds=4), seed=1)
    assert [row.player for row in standings.rows] == HAND
    assert [row.total for row in standings.rows] == [170] * 4 + [140] * 3
    assert not any(row.by_lottery for row in standings.rows)
