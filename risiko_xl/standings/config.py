"""How a formula ranks players and runs its final phases: the standings and phase rules
a preset file declares (`risiko_xl/formulas/`). Plain frozen dataclasses; field names are
the keys of the preset files' "standings" and "phases" sections.
"""

from __future__ import annotations

from dataclasses import dataclass

# Tie-break criteria of a standings chain (after the main score), highest priority first.
#   assoluta        position in the Classifica Assoluta (all results counted)   003-a
#   best_1..best_3  best / 2nd best / 3rd best single result                    001, 003-b
#   previous_round  position in the standings after the previous round         001, 003-b
#   risiko          objectives completed (RisiKo!)                              000, 003-a
#   wins            games won                                                   000, 003-a, 004
#   seconds         2nd places                                                  004 CNS
#   out_points      sum of out-of-objective points                              000, 003-a
#   previous_points the main score as it stood after the previous round        004 CNS
#                   ("i punti torneo al turno precedente", read like 001's "piazzamento
#                   in classifica al turno precedente")
#   best_dropped    best of the dropped results                                 004 CNS
#   lottery         seeded lottery, recorded (always last)
STANDING_CRITERIA = ("assoluta", "best_1", "best_2", "best_3", "previous_round", "risiko",
                     "wins", "seconds", "out_points", "previous_points", "best_dropped",
                     "lottery")


@dataclass(frozen=True)
class StandingsRules:
    """Standings of the preliminary rounds.

    `drops`: worst results left out of the Generale (a missed round counts 0 and is
    dropped first); the Assoluta always counts everything. `best_of`: count only the best
    N results (CNS). `withdrawn`: "remove" (000 Art. 4) or "keep" a withdrawn player's
    scores. `lottery_decides_direct_final`: False where a lottery may never decide a
    direct final place (003-b); it matters for "top_k" direct finalists, as a
    "sole_leader" is never made by a lottery (001 "da solo in testa"). `columns`: extra
    Classifica columns the formula shows. `medals`: the olympic medal table (seed 004
    «medagliere … vittorie, … secondi posti, … terzi posti ed infine dei quarti posti
    realizzati durante l'intero torneo»): every game counts, `drops` and `best_of` never
    remove a medal, and the standings show the count of each place instead of points.
    """

    rounds: int
    drops: int = 0
    best_of: int | None = None
    chain: tuple[str, ...] = ("best_1", "best_2", "best_3", "previous_round", "lottery")
    withdrawn: str = "remove"
    lottery_decides_direct_final: bool = True
    columns: tuple[str, ...] = ("Totale",)
    medals: bool = False


@dataclass(frozen=True)
class PhaseRules:
    """What follows the preliminaries.

    `kind`:
      "none"        standings only (italiana, cns);
      "semifinals"  `semifinal_tables` semis by bands (1-4/5-8/…), table winners to the
                    final; `direct_final` "sole_leader" (001/003-b: a sole leader who won
                    every game goes straight to the final, semis shrink by one),
                    "top_k" (004: the first `direct_finalists` go to the final) or
                    "unbeaten" (GestioneTorneo raduni: up to `direct_finalists` leaders
                    who won every game and are ahead on points of the next, semis
                    shrink by one each; see standings/field.py);
      "playoff"     spareggio/ripescaggio: `playoff_ranks` of the Generale plus the
                    `playoff_extra` picks ("best_game": best single game among the rest,
                    "best_assoluta": best excluded player of the Assoluta); its winner
                    joins the first `final_direct` players in the final (000, 003-a);
      "final"       the first `final_size` of the standings play the final (rtu);
      "knockout"    table winners advance round after round down to a final of
                    `final_size` (002 eliminazione).
    `split_over`: above this many players the ranking splits into `split_ways` parallel
    tournaments (positions modulo `split_ways`), each with its own semis and final.
    `split_steps`: instead, one more parallel tournament for each of these field sizes
    the field is above (GestioneTorneo raduni: 76, 116, 156, 196).
    `direct_final_upto`: direct finalists only while the field is at most this size.
    `final_ranking`: "final_then_total" (001: 1st-4th from the final, then by the sum
    of the games played with the standings chain) or "final_only".
    `semifinal_replacement`: after a semifinal winner's table is exhausted, the place goes
    to "standings" (001 §8: best 2nd of the other semifinals by the preliminary
    standings, then best 3rd, 4th) or "semifinal_points" (003-b Art. 3: best semifinal
    score among the non-qualified). `playoff_label`: the playoff's name in reasons
    ("" = "ripescaggio" when "best_assoluta" is among the extras, else "spareggio").
    `playoff_replacement`: a playoff formula's finalist who withdraws before the final:
    "standings" (000 Art. 4: the classification is recompiled without them, the new
    first `final_direct` play the final with the playoff winner) or "playoff" (003-a Art.
    3: the playoff is played as drawn and the place goes down its placement order).
    """

    kind: str = "none"
    semifinal_tables: int = 4
    table_size: int = 4
    direct_final: str = "none"
    direct_finalists: int = 0
    playoff_ranks: tuple[int, ...] = ()
    playoff_extra: tuple[str, ...] = ()
    final_direct: int = 0
    final_size: int = 4
    split_over: int | None = None
    split_ways: int = 2
    split_steps: tuple[int, ...] = ()
    direct_final_upto: int | None = None
    club_separation: bool = True
    final_ranking: str = "final_then_total"
    semifinal_replacement: str = "standings"
    playoff_label: str = ""
    playoff_replacement: str = "standings"
