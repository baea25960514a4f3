"""Final phases: spareggio (000), ripescaggio (003-a), semifinals with and without a
direct finalist (001, 003-b), top-k direct finalists (004), a 100+ field split in two
parallel tournaments (001 §8), replacements of withdrawn qualifiers (001 §8, 003 Art.
3), knockout (002), the final ranking (001 §7). Expected values are computed by hand."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from risiko_xl.errors import RisikoError
from risiko_xl.formulas.legacy import flat_phases
from risiko_xl.standings import (
    FINAL,
    PLAYOFF,
    QUALIFYING,
    SEMIFINAL,
    WITHDRAWN,
    Entrant,
    GameResult,
    PhaseRules,
    StandingsRules,
    compute_standings,
    final_ranking,
    next_phase,
    replace_withdrawn,
)
from risiko_xl.standings.config import DirectFinal, Split
from tests.support.seed_chains import CHAIN_000, CHAIN_001, CHAIN_003A

MASTER = flat_phases(kind="semifinals", direct_final="sole_leader", split_over=99)
MASTER_RULES = StandingsRules(rounds=2, chain=CHAIN_001)


def seat(round_no: int, number: int, *players: tuple[str, str], phase: str = QUALIFYING,
         risiko: str = "") -> list[GameResult]:
    """One table's results, players listed by placement (the first won)."""
    return [GameResult(pid, round_no, phase, number, pos, Fraction(points),
                       risiko=pid == risiko, players=len(players))
            for pos, (pid, points) in enumerate(players, 1)]


def people(ids, withdrawn=(), clubs=None) -> list[Entrant]:
    return [Entrant(pid, name=f"Nome {pid}", club=(clubs or {}).get(pid),
                    state=WITHDRAWN if pid in withdrawn else "Attivo") for pid in ids]


def ids_of(table) -> list[str]:
    return [q.player for q in table]


# --- seed 000: spareggio -------------------------------------------------------------------

CAST_000 = list("ABCDEFGHIJKL")
RESULTS_000 = [  # bonus method (objective points + 50/15/5), 4 rounds, 3 tables of 4
    *seat(1, 1, ("A", "150"), ("G", "60"), ("J", "20"), ("L", "5"), risiko="A"),
    *seat(1, 2, ("B", "90"), ("D", "50"), ("H", "30"), ("K", "10")),
    *seat(1, 3, ("I", "95"), ("C", "70"), ("E", "40"), ("F", "25")),
    *seat(2, 1, ("C", "95"), ("A", "45"), ("H", "25"), ("L", "10")),
    *seat(2, 2, ("D", "85"), ("B", "40"), ("I", "5"), ("J", "0")),
    *seat(2, 3, ("E", "80"), ("F", "45"), ("G", "20"), ("K", "15")),
    *seat(3, 1, ("B", "100"), ("C", "50"), ("K", "20"), ("I", "0")),
    *seat(3, 2, ("A", "90"), ("E", "45"), ("J", "25"), ("L", "5")),
    *seat(3, 3, ("F", "70"), ("D", "40"), ("H", "30"), ("G", "10")),
    *seat(4, 1, ("C", "85"), ("D", "45"), ("G", "25"), ("K", "5")),
    *seat(4, 2, ("B", "75"), ("F", "35"), ("L", "20"), ("H", "10")),
    *seat(4, 3, ("E", "80"), ("A", "30"), ("I", "10"), ("J", "5")),
]
RULES_000 = StandingsRules(rounds=4, chain=CHAIN_000)
PHASES_000 = flat_phases(kind="playoff", playoff_ranks=(4, 5, 6), playoff_extra=("best_game",),
                        final_direct=3, final_size=4)


def test_000_spareggio_selection_and_final():
    # Totals by hand: A 315, B 305, C 300, E 245, D 220, F 175, G 115, I 110, H 95,
    # J 50, K 50, L 40. Art. 2: spareggio = 4th, 5th, 6th of the Generale (E, D, F) and
    # the best single game among the rest: I's 95 (G 60, H 30, J 25, K 20, L 20); A's
    # 150 does not count, A is a finalist.
    ent = people(CAST_000)
    st = compute_standings(ent, RESULTS_000, RULES_000, seed=0)
    assert [r.player for r in st.rows[:9]] == list("ABCEDFGIH")
    step = next_phase(ent, RESULTS_000, st, PHASES_000, RULES_000, seed=0)
    assert step.phase == PLAYOFF and step.round_no == 5
    assert [f.player for f in step.finalists] == ["A", "B", "C"]
    (table,) = step.tables
    assert ids_of(table) == ["E", "D", "F", "I"]
    assert [q.reason for q in table] == [
        "4° in classifica generale", "5° in classifica generale", "6° in classifica generale",
        # the phase is named by the Fase column: the reason does not repeat it
        "miglior punteggio su singola partita tra gli esclusi (95)"]
    # Art. 2: the final is the first three and the spareggio's winner
    played = RESULTS_000 + seat(5, 1, ("D", "70"), ("I", "40"), ("E", "20"), ("F", "10"),
                                phase=PLAYOFF)
    final = next_phase(ent, played, st, PHASES_000, RULES_000, seed=0)
    assert final.phase == FINAL and final.round_no == 6
    assert ids_of(final.tables[0]) == ["A", "B", "C", "D"]
    assert final.tables[0][3].reason == "vincitore dello spareggio"
    over = played + seat(6, 1, ("B", "90"), ("A", "60"), ("D", "40"), ("C", "10"), phase=FINAL)
    assert next_phase(ent, over, st, PHASES_000, RULES_000, seed=0) is None
    ranking = final_ranking(ent, over, st, PHASES_000, RULES_000, seed=0)
    assert [(r.player, r.stage) for r in ranking[:5]] == [
        ("B", FINAL), ("A", FINAL), ("D", FINAL), ("C", FINAL), ("E", PLAYOFF)]


def test_000_finalist_withdrawing_before_the_spareggio_recompiles_the_standings():
    # Art. 4: the standings are recompiled without the withdrawn player: E (4th) moves up
    # to the final, D, F and G (now 4th-6th) play the spareggio, I keeps the best game.
    ent = people(CAST_000)
    st = compute_standings(ent, RESULTS_000, RULES_000, seed=0)
    step = next_phase(ent, RESULTS_000, st, PHASES_000, RULES_000, seed=0)
    new, q = replace_withdrawn(step, "B", ent, RESULTS_000, st, PHASES_000, rules=RULES_000)
    assert [f.player for f in new.finalists] == ["A", "C", "E"]
    assert q.player == "G" and q.replaces == "B" and "al posto di Nome B" in q.reason
    # the spareggio as seated from the recompiled standings (the same table `finals`
    # seats when the withdrawal comes first): D, F, G 4th-6th, I the best game
    assert ids_of(new.tables[0]) == ["D", "F", "G", "I"]


# --- seed 003-a: ripescaggio -----------------------------------------------------------------

CAST_003 = list("ABCDEFGH")
RESULTS_003 = [  # millesimi, 3 rounds, 2 tables of 4
    *seat(1, 1, ("A", "1.050"), ("E", "0.095"), ("F", "0.080"), ("G", "0.060")),
    *seat(1, 2, ("B", "1.040"), ("H", "0.099"), ("C", "0.030"), ("D", "0.020")),
    *seat(2, 1, ("A", "1.045"), ("E", "0.090"), ("G", "0.060"), ("H", "0.010")),
    *seat(2, 2, ("C", "1.060"), ("F", "0.075"), ("B", "0.030"), ("D", "0.025")),
    *seat(3, 1, ("B", "1.030"), ("G", "0.060"), ("F", "0.010"), ("E", "0.000")),
    *seat(3, 2, ("D", "1.035"), ("A", "0.040"), ("C", "0.020"), ("H", "0.005")),
]
RULES_003A = StandingsRules(rounds=3, drops=1, chain=CHAIN_003A)
PHASES_003A = flat_phases(kind="playoff", playoff_ranks=(4, 5),
                         playoff_extra=("best_assoluta", "best_game"), final_direct=3,
                         final_size=4, playoff_replacement="playoff")


def test_003a_ripescaggio_selection():
    # By hand (Generale drops the worst of 3, Assoluta counts all):
    #   A 2.095/2.135  B 2.070/2.100  C 1.090/1.110  D 1.060/1.080  E 0.185/0.185
    #   F 0.155/0.165  G 0.120/0.180  H 0.109/0.114
    # Art. 2: ripescaggio = 4th (D) and 5th (E) of the Generale, the best excluded of
    # the Assoluta (G, 6th there, though 7th in the Generale), the best excluded single
    # game (H's 0,099 beats F's 0,080).
    ent = people(CAST_003)
    st = compute_standings(ent, RESULTS_003, RULES_003A, seed=1)
    assert [r.player for r in st.rows] == list("ABCDEFGH")
    assert [r.player for r in st.assoluta_order()] == list("ABCDEGFH")
    assert st.row("G").total == Fraction("0.120") and st.row("G").assoluta == Fraction("0.180")
    step = next_phase(ent, RESULTS_003, st, PHASES_003A, RULES_003A, seed=1)
    assert [f.player for f in step.finalists] == ["A", "B", "C"]
    assert ids_of(step.tables[0]) == ["D", "E", "G", "H"]
    assert [q.reason for q in step.tables[0][2:]] == [
        "miglior escluso della classifica assoluta (6° in assoluta)",
        "miglior punteggio su singola partita tra gli esclusi (0,099)"]


def test_003a_replacement_comes_from_the_ranking_that_qualified():
    # Art. 3: a player qualified through the Generale is replaced from the Generale
    # (D out: F, the next, comes in); one qualified through the Assoluta from the
    # Assoluta (G out: F, next best excluded there, comes in).
    ent = people(CAST_003)
    st = compute_standings(ent, RESULTS_003, RULES_003A, seed=1)
    step = next_phase(ent, RESULTS_003, st, PHASES_003A, RULES_003A, seed=1)
    new, q = replace_withdrawn(step, "D", ent, RESULTS_003, st, PHASES_003A, rules=RULES_003A)
    assert (q.player, sorted(ids_of(new.tables[0]))) == ("F", ["E", "F", "G", "H"])
    assert q.reason.startswith("6° in classifica generale")
    new, q = replace_withdrawn(step, "G", ent, RESULTS_003, st, PHASES_003A, rules=RULES_003A)
    assert (q.player, ids_of(new.tables[0])) == ("F", ["D", "E", "F", "H"])
    assert q.reason.startswith("miglior escluso della classifica assoluta")


def test_003a_final_replacement_follows_the_ripescaggio_placement():
    # Art. 3 "per la finale": a finalist who cannot play is replaced by the ripescaggio's
    # placement order (its winner is already in: the 2nd).
    played = RESULTS_003 + seat(4, 1, ("G", "1.030"), ("H", "0.050"), ("D", "0.040"),
                                ("E", "0.000"), phase=PLAYOFF)
    out = people(CAST_003, withdrawn={"B"})
    st_out = compute_standings(out, played, RULES_003A, seed=1)
    final = next_phase(out, played, st_out, PHASES_003A, RULES_003A, seed=1)
    assert sorted(ids_of(final.tables[0])) == ["A", "C", "G", "H"]
    h = final.qualifier("H")
    assert h.reason == "2° del ripescaggio, al posto di Nome B (ritiro)" and h.replaces == "B"


# --- seed 001: semifinals -------------------------------------------------------------------

CAST_001 = [f"P{i:02d}" for i in range(1, 21)]


def master_results(p05=("1.070", "1.050")) -> list[GameResult]:
    """20 players, 2 rounds, 5 tables of 4 (millesimi)."""
    return [
        *seat(1, 1, ("P01", "1.090"), ("P06", "0.080"), ("P11", "0.050"), ("P16", "0.020")),
        *seat(1, 2, ("P02", "1.085"), ("P07", "0.078"), ("P12", "0.048"), ("P17", "0.018")),
        *seat(1, 3, ("P03", "1.080"), ("P08", "0.076"), ("P13", "0.046"), ("P18", "0.016")),
        *seat(1, 4, ("P04", "1.075"), ("P09", "0.074"), ("P14", "0.044"), ("P19", "0.014")),
        *seat(1, 5, ("P05", p05[0]), ("P10", "0.072"), ("P15", "0.042"), ("P20", "0.012")),
        *seat(2, 1, ("P01", "1.060"), ("P02", "0.050"), ("P03", "0.040"), ("P04", "0.030")),
        *seat(2, 2, ("P05", p05[1]), ("P06", "0.045"), ("P07", "0.035"), ("P08", "0.025")),
        *seat(2, 3, ("P09", "1.045"), ("P10", "0.040"), ("P11", "0.030"), ("P12", "0.020")),
        *seat(2, 4, ("P13", "1.040"), ("P14", "0.035"), ("P15", "0.025"), ("P16", "0.015")),
        *seat(2, 5, ("P17", "1.035"), ("P18", "0.030"), ("P19", "0.020"), ("P20", "0.010")),
    ]


# Totals by hand: P01 2.150, P05 2.120, P02 1.135, P03 1.120, P09 1.119, P04 1.105,
# P13 1.086, P17 1.053, P06 0.125, P07 0.113, P10 0.112, P08 0.101, P11 0.080, P14 0.079,
# P12 0.068, P15 0.067, P18 0.046, P16 0.035, P19 0.034, P20 0.022.
RANKING_001 = ["P01", "P05", "P02", "P03", "P09", "P04", "P13", "P17", "P06", "P07", "P10",
               "P08", "P11", "P14", "P12", "P15", "P18", "P16", "P19", "P20"]


def assert_bands(tables, bands):
    """Each table holds exactly one player of each band, in band order."""
    for table in tables:
        assert [sum(1 for q in table if q.player in band) for band in bands] == [1] * len(bands)
        assert [next(i for i, b in enumerate(bands) if q.player in b) for q in table] == \
            list(range(len(bands)))
    assert sorted(q.player for t in tables for q in t) == sorted(p for b in bands for p in b)


def test_001_direct_finalist_and_three_semifinals():
    # §1: after 2 games P01 is alone in the lead and won both -> straight to the final;
    # §8: three semifinals with ranks 2-4 / 5-7 / 8-10 / 11-13, one per band per table.
    ent = people(CAST_001)
    results = master_results()
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    assert [r.player for r in st.rows] == RANKING_001
    step = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11)
    assert step.phase == SEMIFINAL and step.round_no == 3 and step.group is None
    assert [(f.player, f.reason) for f in step.finalists] == [
        ("P01", "finalista diretto: primo da solo in classifica, 2 partite vinte su 2")]
    assert len(step.tables) == 3 and step.table_numbers == (1, 2, 3)
    assert_bands(step.tables, [{"P05", "P02", "P03"}, {"P09", "P04", "P13"},
                               {"P17", "P06", "P07"}, {"P10", "P08", "P11"}])
    assert step == next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11)


def test_001_tie_at_the_top_gives_four_semifinals():
    # P05 with the same two results as P01 (1.090 and 1.060): equal on every criterion,
    # only the round-1 lottery separates them, so nobody is "da solo in testa" (§1):
    # four semifinals 1-4 / 5-8 / 9-12 / 13-16.
    ent = people(CAST_001)
    results = master_results(p05=("1.090", "1.060"))
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    assert {st.rows[0].player, st.rows[1].player} == {"P01", "P05"}
    assert st.rows[0].by_lottery and st.rows[1].by_lottery
    step = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11)
    assert step.finalists == () and len(step.tables) == 4
    assert_bands(step.tables, [{"P01", "P05", "P02", "P03"}, {"P09", "P04", "P13", "P17"},
                               {"P06", "P07", "P10", "P08"}, {"P11", "P14", "P12", "P15"}])
    assert any("non è da solo in testa" in n or "sorteggio" in n for n in step.notes)


def test_001_leader_without_every_win_gives_four_semifinals():
    # §1 needs both games won: round 2 is won by players who lost round 1, so the leader
    # (P01: 1.090 + 0.090 = 1.180) has one win -> four semifinals.
    ent = people(CAST_001)
    results = [r for r in master_results() if r.round_no == 1] + [
        *seat(2, 1, ("P06", "1.060"), ("P01", "0.090"), ("P02", "0.050"), ("P03", "0.040")),
        *seat(2, 2, ("P07", "1.055"), ("P04", "0.045"), ("P05", "0.035"), ("P11", "0.030")),
        *seat(2, 3, ("P08", "1.050"), ("P12", "0.040"), ("P13", "0.030"), ("P14", "0.020")),
        *seat(2, 4, ("P09", "1.045"), ("P15", "0.035"), ("P16", "0.025"), ("P17", "0.015")),
        *seat(2, 5, ("P10", "1.040"), ("P18", "0.030"), ("P19", "0.020"), ("P20", "0.010")),
    ]
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    assert (st.rows[0].player, st.rows[0].wins) == ("P01", 1)
    step = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11)
    assert step.finalists == () and len(step.tables) == 4
    assert "nessun finalista diretto: Nome P01 (1°) non ha vinto tutte le partite" in step.notes


def test_004_two_direct_finalists_and_two_semifinals():
    # Seed 004: "qualificare direttamente in finale i primi due della classifica e far
    # giocare due sole semifinali (dal 3° al 10° in classifica)".
    ent = people(CAST_001)
    results = master_results()
    st = compute_standings(ent, results, MASTER_RULES, seed=4)
    phases = flat_phases(kind="semifinals", semifinal_tables=2, direct_final="top_k",
                        direct_finalists=2, final_size=4)
    step = next_phase(ent, results, st, phases, MASTER_RULES, seed=4)
    assert [f.player for f in step.finalists] == ["P01", "P05"]
    assert_bands(step.tables, [{"P02", "P03"}, {"P09", "P04"}, {"P13", "P17"},
                               {"P06", "P07"}])


def test_clubs_are_kept_apart_within_bands():
    # 001 §8: players may be redistributed within bands to separate clubs.
    # three Roma players in bands 1, 2 and 3 of three semifinals: one per table
    ent = people(CAST_001, clubs={"P05": "Roma", "P09": "Roma", "P17": "Roma"})
    results = master_results()
    st = compute_standings(ent, results, MASTER_RULES, seed=5)
    for seed in range(5):
        step = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=seed)
        assert all(sum(q.player in {"P05", "P09", "P17"} for q in t) == 1
                   for t in step.tables)


def semis_results() -> list[GameResult]:
    """Round 3: three semifinals (P01 direct), by hand, respecting the bands."""
    return [
        *seat(3, 1, ("P05", "1.040"), ("P04", "0.060"), ("P17", "0.030"), ("P08", "0.016"),
              phase=SEMIFINAL),
        *seat(3, 2, ("P09", "1.050"), ("P02", "0.050"), ("P06", "0.040"), ("P11", "0.020"),
              phase=SEMIFINAL),
        *seat(3, 3, ("P13", "1.030"), ("P03", "0.070"), ("P07", "0.020"), ("P10", "0.005"),
              phase=SEMIFINAL),
    ]


def test_001_final_of_the_winners_and_withdrawn_winner_replacements():
    ent = people(CAST_001)
    results = master_results() + semis_results()
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    final = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11)
    assert final.phase == FINAL and final.round_no == 4
    assert ids_of(final.tables[0]) == ["P01", "P05", "P09", "P13"]
    assert [q.reason for q in final.tables[0][1:]] == [
        "vincitore semifinale 1", "vincitore semifinale 2", "vincitore semifinale 3"]
    # §8: a winner who gives up -> the 2nd of that table (P03)
    out = people(CAST_001, withdrawn={"P13"})
    st_out = compute_standings(out, results, MASTER_RULES, seed=11)
    final = next_phase(out, results, st_out, MASTER, MASTER_RULES, seed=11)
    assert ids_of(final.tables[0]) == ["P01", "P05", "P03", "P09"]
    assert final.qualifier("P03").reason == \
        "2° della semifinale 3, al posto di Nome P13 (ritiro)"
    # §8: the whole table gives up -> the best 2nd of the other semifinals by the
    # standings after two games: P02 (3rd) before P04 (6th)
    out = people(CAST_001, withdrawn={"P13", "P03", "P07", "P10"})
    st_out = compute_standings(out, results, MASTER_RULES, seed=11)
    final = next_phase(out, results, st_out, MASTER, MASTER_RULES, seed=11)
    assert ids_of(final.tables[0]) == ["P01", "P05", "P02", "P09"]
    assert final.qualifier("P02").reason.startswith("miglior 2° delle altre semifinali")
    # §8: the direct finalist gives up after the semifinals -> the best 2nd (P02)
    out = people(CAST_001, withdrawn={"P01"})
    st_out = compute_standings(out, results, MASTER_RULES, seed=11)
    final = next_phase(out, results, st_out, MASTER, MASTER_RULES, seed=11)
    assert ids_of(final.tables[0]) == ["P05", "P02", "P09", "P13"]
    assert final.qualifier("P02").replaces == "P01"


def test_replace_withdrawn_on_the_final_step():
    # 001 §8 through replace_withdrawn: P09 (winner of semifinal 2) gives up -> P02.
    ent = people(CAST_001)
    results = master_results() + semis_results()
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    final = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11)
    new, q = replace_withdrawn(final, "P09", ent, results, st, MASTER, rules=MASTER_RULES)
    assert q.player == "P02" and q.from_table == 2
    assert q.reason == "2° della semifinale 2, al posto di Nome P09 (ritiro)"
    assert ids_of(new.tables[0]) == ["P01", "P05", "P02", "P13"]


def test_semifinal_seat_and_direct_finalist_withdrawing_before_the_semifinals():
    ent = people(CAST_001)
    results = master_results()
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    step = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11)
    # a semifinalist: the first player of the standings not qualified enters (003 Art. 3
    # "si scorrerà la Classifica"): P14; the bands are cut again from the standings «al
    # netto di eventuali giocatori qualificati per la semifinale ma ritirati» (001 §8):
    # 2-4 P05 P02 P03, 5-7 P09 P13 P17, 8-10 P06 P07 P10, 11-13 P08 P11 P14
    new, q = replace_withdrawn(step, "P04", ent, results, st, MASTER, rules=MASTER_RULES)
    assert q.player == "P14" and q.rank == 13 and q.replaces == "P04"
    assert_bands(new.tables, [{"P05", "P02", "P03"}, {"P09", "P13", "P17"},
                              {"P06", "P07", "P10"}, {"P08", "P11", "P14"}])
    assert [f.player for f in new.finalists] == ["P01"]
    # the direct finalist before the semifinals: four semifinals (001 §8), ranks 2-17
    new, q = replace_withdrawn(step, "P01", ent, results, st, MASTER, rules=MASTER_RULES)
    assert new.finalists == () and len(new.tables) == 4 and q.replaces == "P01"
    assert_bands(new.tables, [{"P05", "P02", "P03", "P09"}, {"P04", "P13", "P17", "P06"},
                              {"P07", "P10", "P08", "P11"}, {"P14", "P12", "P15", "P18"}])


def test_final_ranking_001():
    # §7: 1st-4th from the final; then by the sum of the games played (two preliminaries
    # plus a lost semifinal), ties by best, 2nd best, 3rd best result, previous round.
    ent = people(CAST_001)
    results = master_results() + semis_results() + seat(
        4, 1, ("P09", "1.045"), ("P01", "0.080"), ("P13", "0.040"), ("P05", "0.030"),
        phase=FINAL)
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    assert next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11) is None
    ranking = final_ranking(ent, results, st, MASTER, MASTER_RULES, seed=11)
    # by hand: P03 1.120+0.070, P02 1.135+0.050, P04 1.105+0.060, P17 1.053+0.030,
    # P06 0.165, P07 0.133, P08 0.101+0.016 = P10 0.112+0.005 = 0.117 (P08's best 0.076
    # beats P10's 0.072), P11 0.100, then the preliminaries alone.
    assert [r.player for r in ranking] == [
        "P09", "P01", "P13", "P05", "P03", "P02", "P04", "P17", "P06", "P07", "P08", "P10",
        "P11", "P14", "P12", "P15", "P18", "P16", "P19", "P20"]
    assert [r.position for r in ranking] == list(range(1, 21))
    assert [r.points for r in ranking[4:8]] == [Fraction(s) for s in
                                                ("1.190", "1.185", "1.165", "1.083")]
    assert ranking[0].points == Fraction("1.045")
    assert [r.stage for r in ranking] == [FINAL] * 4 + [SEMIFINAL] * 9 + [QUALIFYING] * 7


def test_final_ranking_001_does_not_count_the_won_semifinal_of_a_withdrawn_winner():
    # 001 §7: «dal 5° (o 9°) posto a seguire in base alla somma dei singoli punti-torneo
    # ottenuti nelle partite giocate (prime due più l'eventuale semifinale non vinta)».
    # P09 wins semifinal 2 (1.050) and withdraws before the final; §8 «sarà ripescato il
    # secondo del suo tavolo»: P02. Final P02 1.045, P01 0.080, P13 0.040, P05 0.030.
    # P09 is ranked by his two preliminaries only: 0.074 + 1.045 = 1.119 (not 2.169).
    # By hand: P03 1.120 + 0.070 = 1.190, P04 1.105 + 0.060 = 1.165, P09 1.119, P17
    # 1.053 + 0.030 = 1.083, P06 0.165, P07 0.133, P08 0.117 = P10 0.117 (P08's best 0.076
    # beats 0.072), P11 0.100, then the preliminaries alone.
    ent = people(CAST_001, withdrawn={"P09"})
    results = master_results() + semis_results() + seat(
        4, 1, ("P02", "1.045"), ("P01", "0.080"), ("P13", "0.040"), ("P05", "0.030"),
        phase=FINAL)
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    ranking = final_ranking(ent, results, st, MASTER, MASTER_RULES, seed=11)
    assert [r.player for r in ranking] == [
        "P02", "P01", "P13", "P05", "P03", "P04", "P09", "P17", "P06", "P07", "P08", "P10",
        "P11", "P14", "P12", "P15", "P18", "P16", "P19", "P20"]
    p09 = ranking[6]
    assert (p09.position, p09.points, p09.total, p09.stage, p09.withdrawn) == (
        7, Fraction("1.119"), Fraction("1.119"), SEMIFINAL, True)
    # a finalist's semifinal win still counts in his tournament total: P02 lost his
    # semifinal (0.050) and won the final; P13 won semifinal 3 (1.030)
    assert ranking[2].total == Fraction("1.086") + Fraction("1.030") + Fraction("0.040")


# --- 001 §8: 100 or more players, two parallel tournaments --------------------------------

CAST_120 = [f"Q{i:03d}" for i in range(1, 121)]


def results_120() -> list[GameResult]:
    """Qi ranks i-th: Q1..Q30 win both rounds (table t = Q(t+1)), points decreasing."""
    out = []
    for round_no in (1, 2):
        for t in range(30):
            players = [CAST_120[t], CAST_120[30 + t], CAST_120[60 + t], CAST_120[90 + t]]
            pts = [Fraction(1000 + 99 - (t + 1), 1000)] + [
                Fraction(120 - (31 + t + 30 * k), 1000) for k in range(3)]
            out += seat(round_no, t + 1, *zip(players, map(str, pts)))
    return out


def test_100_plus_split_two_sets_of_three():
    # §8: over 99 players the standings split by odd and even positions; with a direct
    # finalist in each ("due terne") the odd semifinals take 3rd-25th, the even 4th-26th,
    # and the 1st and the 2nd wait in their tournament's final.
    ent = people(CAST_120)
    results = results_120()
    st = compute_standings(ent, results, MASTER_RULES, seed=8)
    assert [r.player for r in st.rows] == CAST_120
    step = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=8)
    assert [(f.player, f.group) for f in step.finalists] == [("Q001", 1), ("Q002", 2)]
    assert step.table_groups == (1, 2, 1, 2, 1, 2) and step.table_numbers == (1, 2, 3, 4, 5, 6)
    odd = [t for t, g in zip(step.tables, step.table_groups) if g == 1]
    even = [t for t, g in zip(step.tables, step.table_groups) if g == 2]
    q = CAST_120
    assert_bands(odd, [{q[2], q[4], q[6]}, {q[8], q[10], q[12]}, {q[14], q[16], q[18]},
                       {q[20], q[22], q[24]}])
    assert_bands(even, [{q[3], q[5], q[7]}, {q[9], q[11], q[13]}, {q[15], q[17], q[19]},
                        {q[21], q[23], q[25]}])
    assert all(s.group == 1 for t in odd for s in t)
    # the finals: each tournament's winners with its direct finalist
    semis = [r for n, t in zip(step.table_numbers, step.tables)
             for r in seat(3, n, *((s.player, "1.010" if i == 0 else "0.010")
                                   for i, s in enumerate(t)), phase=SEMIFINAL)]
    final = next_phase(ent, results + semis, st, MASTER, MASTER_RULES, seed=8)
    assert final.table_numbers == (1, 2) and final.table_groups == (1, 2)
    assert set(ids_of(final.tables[0])) == {"Q001"} | {t[0].player for t in odd}
    assert set(ids_of(final.tables[1])) == {"Q002"} | {t[0].player for t in even}


def test_100_plus_split_two_sets_of_four():
    # §8 "dal 1° al 31° posto nel caso di due quaterne" (no direct finalist).
    ent = people(CAST_120)
    results = results_120()
    st = compute_standings(ent, results, MASTER_RULES, seed=8)
    step = next_phase(ent, results, st, replace(MASTER, direct=DirectFinal()), MASTER_RULES, 8)
    odd = {s.player for t, g in zip(step.tables, step.table_groups) if g == 1 for s in t}
    even = {s.player for t, g in zip(step.tables, step.table_groups) if g == 2 for s in t}
    assert odd == set(CAST_120[0:31:2]) and even == set(CAST_120[1:32:2])


def test_parallel_tournaments_with_a_direct_finalist_in_one_only():
    # 40 players split in two (split_over 39, to keep the field small). Qi ranks i-th;
    # Q01 won one game only (no direct place for the odd tournament: four semifinals,
    # 1st-31st odd), Q02 won both and leads the even one alone (three semifinals,
    # 4th-26th even). Q02 must join the even final, not be replaced.
    cast = [f"Q{i:02d}" for i in range(1, 41)]
    winners = {1: cast[1:11], 2: [cast[0], cast[1], *cast[11:19]]}
    results = []
    for round_no, first in winners.items():
        rest = [p for p in cast if p not in first]
        for t, w in enumerate(first):
            table = [w, *rest[3 * t: 3 * t + 3]]
            results += [GameResult(p, round_no, QUALIFYING, t + 1, pos,
                                   Fraction((1000 - int(p[1:])) // 2 + (round_no == 2) *
                                            ((1000 - int(p[1:])) % 2)), players=4)
                        for pos, p in enumerate(table, 1)]
    ent = people(cast)
    phases = replace(MASTER, split=Split(over=39))
    st = compute_standings(ent, results, MASTER_RULES, seed=6)
    assert [r.player for r in st.rows] == cast and st.row("Q01").wins == 1
    step = next_phase(ent, results, st, phases, MASTER_RULES, seed=6)
    assert [(f.player, f.group) for f in step.finalists] == [("Q02", 2)]
    assert step.table_numbers == (1, 2, 3, 4, 5, 6, 7)
    assert step.table_groups == (1, 2, 1, 2, 1, 2, 1)
    odd = {q.player for t, g in zip(step.tables, step.table_groups) if g == 1 for q in t}
    even = {q.player for t, g in zip(step.tables, step.table_groups) if g == 2 for q in t}
    assert odd == set(cast[0:31:2]) and even == set(cast[3:26:2])
    semis = [r for n, t in zip(step.table_numbers, step.tables)
             for r in seat(3, n, *((q.player, "10" if i == 0 else "1") for i, q in enumerate(t)),
                           phase=SEMIFINAL)]
    final = next_phase(ent, results + semis, st, phases, MASTER_RULES, seed=6)
    assert "Q02" in ids_of(final.tables[1]) and len(final.tables[0]) == 4
    assert all(q.replaces is None for t in final.tables for q in t)


# --- incomplete results ------------------------------------------------------------------------


def test_incomplete_phase_results_are_refused():
    ent = people(CAST_001)
    base = master_results()
    st = compute_standings(ent, base, MASTER_RULES, seed=11)
    no_winner = [replace(r, position=2) if r.player == "P09" else r for r in semis_results()]
    with pytest.raises(RisikoError, match="tavolo 2 non ha un vincitore"):
        next_phase(ent, base + no_winner, st, MASTER, MASTER_RULES, seed=11)
    missing_row = [r for r in semis_results() if r.player != "P07"]
    with pytest.raises(RisikoError, match="al tavolo 3 mancano dei risultati"):
        next_phase(ent, base + missing_row, st, MASTER, MASTER_RULES, seed=11)
    missing_table = [r for r in semis_results() if r.table != 3 and r.table != 2]
    with pytest.raises(RisikoError, match="trovato 1 tavolo, ne servono da 3 a 4"):
        next_phase(ent, base + missing_table, st, MASTER, MASTER_RULES, seed=11)
    # four semifinals (P01 not a sole leader here) with table 4 missing: not mistaken
    # for three semifinals and a direct finalist
    tie = master_results(p05=("1.090", "1.060"))
    st_tie = compute_standings(ent, tie, MASTER_RULES, seed=11)
    step = next_phase(ent, tie, st_tie, MASTER, MASTER_RULES, seed=11)
    three = [r for n, t in zip(step.table_numbers, step.tables) if n != 1
             for r in seat(3, n, *((q.player, "0.010") for q in t), phase=SEMIFINAL)]
    with pytest.raises(RisikoError, match="mancano i risultati"):
        next_phase(ent, tie + three, st_tie, MASTER, MASTER_RULES, seed=11)
    early = [r for r in base if r.round_no == 1]
    st1 = compute_standings(ent, early, MASTER_RULES, seed=11)
    with pytest.raises(RisikoError, match="ase preliminare non conclusa"):
        next_phase(ent, early, st1, MASTER, MASTER_RULES, seed=11)


def test_unbroken_tie_on_the_qualification_line_is_refused():
    ent = people(list("ABCDE"))
    results = [*seat(1, 1, ("A", "1.050"), ("B", "0.040"), ("C", "0.030"), ("D", "0.020"),
                     ("E", "0.020"))]
    rules = StandingsRules(rounds=1, chain=("best_1",))  # no lottery: D and E share 4th
    st = compute_standings(ent, results, rules, seed=1)
    with pytest.raises(RisikoError, match="arità non risolta al 4° posto fra Nome D, Nome E"):
        next_phase(ent, results, st, flat_phases(kind="final", final_size=4), rules, seed=1)


# --- rtu final, knockout --------------------------------------------------------------------


def test_rtu_final_of_the_first_four():
    # Seed 004: "finale fra i primi 4 o 5 della classifica".
    ent = people(CAST_001)
    results = master_results()
    st = compute_standings(ent, results, MASTER_RULES, seed=2)
    step = next_phase(ent, results, st, flat_phases(kind="final", final_size=5),
                      MASTER_RULES, seed=2)
    assert step.phase == FINAL and ids_of(step.tables[0]) == RANKING_001[:5]
    assert step.tables[0][2].reason == "3° in classifica"


def test_knockout_winners_advance_to_the_final():
    # Seed 002: 16 players -> 4 tables -> the 4 winners play the final.
    cast = [f"K{i:02d}" for i in range(1, 17)]
    ent = people(cast)
    points = ["1.050", "0.040", "0.030", "0.020"]  # winners: 1.050, 1.049, 1.048, 1.047
    results = [r for t in range(4) for r in seat(
        1, t + 1, *((cast[4 * t + k], str(Fraction(points[k]) - (t if k == 0 else 0) / 1000))
                    for k in range(4)))]
    rules = StandingsRules(rounds=1, chain=("best_1", "lottery"))
    st = compute_standings(ent, results, rules, seed=3)
    phases = flat_phases(kind="knockout", final_size=4, final_ranking="final_only")
    step = next_phase(ent, results, st, phases, rules, seed=3)
    assert step.phase == FINAL and set(ids_of(step.tables[0])) == {"K01", "K05", "K09", "K13"}
    assert step.tables[0][0].reason == "vincitore tavolo 1 (turno 1)"


def test_knockout_announces_no_standings_lottery_as_deciding_a_seat():
    # Seed 002 «il vincitore di ogni partita accede direttamente al turno successivo»: the
    # final is the four table winners whatever the standings say. K02 (55, 2nd at table 1
    # behind K01's 60) ties the winners K05, K09, K13 (55 each) on the total. A formula
    # whose chain draws lotteries orders the four, but the lottery decides no seat: it is
    # not announced as deciding «esclusi» against «Finale».
    cast = [f"K{i:02d}" for i in range(1, 17)]
    ent = people(cast)
    tables = [("60", "55", "20", "10")] + [("55", "30", "20", "10")] * 3
    results = [r for t in range(4) for r in seat(
        1, t + 1, *((cast[4 * t + k], p) for k, p in enumerate(tables[t])))]
    rules = StandingsRules(rounds=1, chain=("lottery",))
    st = compute_standings(ent, results, rules, seed=3)
    assert any({"K02", "K05"} <= set(d.players) for d in st.lottery)
    phases = flat_phases(kind="knockout", final_size=4, final_ranking="final_only")
    step = next_phase(ent, results, st, phases, rules, seed=3)
    assert set(ids_of(step.tables[0])) == {"K01", "K05", "K09", "K13"}
    assert step.lotteries == ()
    assert not any(n.startswith("Sorteggio per parità") for n in step.notes)


def bare(step):
    """The step as the workbook rebuilds it from its sheets: seats with reason, rank and
    group only, no direct finalists, no table numbers, no seed."""
    from risiko_xl.standings import PhaseStep, Qualifier
    return PhaseStep(step.phase, step.round_no, tuple(
        tuple(Qualifier(q.player, q.reason, q.rank, q.group) for q in t) for t in step.tables))


def test_replacements_work_on_a_step_rebuilt_from_the_sheet():
    ent = people(CAST_001)
    results = master_results() + semis_results()
    st = compute_standings(ent, results, MASTER_RULES, seed=11)
    final = next_phase(ent, results, st, MASTER, MASTER_RULES, seed=11)
    # a semifinal winner: his table is read from the results (001 §8)
    _, q = replace_withdrawn(bare(final), "P09", ent, results, st, MASTER, seed=11)
    assert (q.player, q.from_table) == ("P02", 2)
    # the direct finalist, not seated in the semifinal round's rows: found again
    prelim = master_results()
    semis = next_phase(ent, prelim, st, MASTER, MASTER_RULES, seed=11)
    new, q = replace_withdrawn(bare(semis), "P01", ent, prelim, st, MASTER,
                               rules=MASTER_RULES, seed=11)
    assert len(new.tables) == 4 and q.player in {"P14", "P12", "P15", "P18"}
    # 003-a ripescaggio seat
    ent3 = people(CAST_003)
    st3 = compute_standings(ent3, RESULTS_003, RULES_003A, seed=1)
    step = next_phase(ent3, RESULTS_003, st3, PHASES_003A, RULES_003A, seed=1)
    new, q = replace_withdrawn(bare(step), "D", ent3, RESULTS_003, st3, PHASES_003A,
                               rules=RULES_003A, seed=1)
    assert q.player == "F" and sorted(ids_of(new.tables[0])) == ["E", "F", "G", "H"]
    assert not any("passa in finale" in n for n in new.notes)


def test_final_ranking_after_a_plain_final_and_without_phases():
    # rtu (004): final of the first 4, then the others by their preliminary total.
    ent = people(CAST_001)
    results = master_results() + seat(3, 1, ("P03", "1.050"), ("P01", "0.060"),
                                      ("P02", "0.040"), ("P05", "0.010"), phase=FINAL)
    st = compute_standings(ent, results, MASTER_RULES, seed=2)
    phases = flat_phases(kind="final", final_size=4)
    ranking = final_ranking(ent, results, st, phases, MASTER_RULES, seed=2)
    assert [r.player for r in ranking] == ["P03", "P01", "P02", "P05"] + [
        p for p in RANKING_001 if p not in {"P01", "P02", "P03", "P05"}]
    assert ranking[4].points == Fraction("1.119") and ranking[4].stage == QUALIFYING
    with pytest.raises(RisikoError, match="finale non è ancora stata giocata"):
        final_ranking(ent, master_results(), st, phases, MASTER_RULES, seed=2)
    plain = final_ranking(ent, master_results(), st, PhaseRules(), MASTER_RULES, seed=2)
    assert [r.player for r in plain] == RANKING_001
