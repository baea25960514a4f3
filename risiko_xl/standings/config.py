"""How a formula ranks players and runs its final phases: the standings and phase rules
a preset file declares (`risiko_xl/formulas/`). Plain frozen dataclasses; field names are
the keys of the preset files' "standings" and "phases" sections. The words their
string fields take are the vocabularies defined here (tie-break criteria, kinds of final
phase, …), which the formulas loader checks and the engines use.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from risiko_xl.rules.vocabulary import Term, names
from risiko_xl.standings.model import FINAL, PLAYOFF, SEMIFINAL

# Tie-break criteria of a standings chain (after the main score), highest priority first.
StandingCriterionName = Literal[
    "assoluta", "best_1", "best_2", "best_3", "previous_round", "risiko", "wins", "seconds",
    "out_points", "previous_points", "best_dropped", "lottery"]
STANDING_CRITERIA_TABLE: tuple[Term, ...] = (
    Term("assoluta", "posizione in Classifica Assoluta",
         "la posizione con tutti i risultati contati", "003-a Art. 2"),
    Term("best_1", "migliore prestazione", "il miglior risultato singolo", "001 §8, 003-b"),
    Term("best_2", "seconda migliore prestazione", "il secondo miglior risultato", "001 §8"),
    Term("best_3", "terza migliore prestazione", "il terzo miglior risultato", "001 §8"),
    Term("previous_round", "piazzamento al turno precedente",
         "la posizione in classifica dopo il turno precedente", "001 §8, 003-b"),
    Term("risiko", "obiettivi raggiunti", "i RisiKo! (obiettivi completati)",
         "000 Art. 2, 003-a Art. 2"),
    Term("wins", "partite vinte", "le partite vinte", "000 Art. 2, 003-a Art. 2, 004"),
    Term("seconds", "secondi posti", "i secondi posti", "004 CNS"),
    Term("out_points", "punti fuori obiettivo", "la somma dei punti fuori obiettivo",
         "000 Art. 2, 003-a Art. 2"),
    # «i punti torneo al turno precedente», read like 001's «piazzamento in classifica al
    # turno precedente»
    Term("previous_points", "punti al turno precedente",
         "il punteggio dopo il turno precedente", "004 CNS"),
    Term("best_dropped", "migliore scartato", "il migliore dei risultati scartati",
         "004 CNS"),
    Term("lottery", "sorteggio", "un sorteggio seminato e registrato (sempre ultimo)",
         "001 §8, 003 Art. 2"),
)
STANDING_CRITERIA = names(STANDING_CRITERIA_TABLE)

# Kinds of final phase (PhaseRules.kind) and the phases each plays after the preliminaries.
PhaseKind = Literal["none", "semifinals", "playoff", "final", "knockout"]


@dataclass(frozen=True)
class PhaseKindTerm(Term):
    """A kind of final phase: the `phases` (Fase words) it plays after the preliminaries."""

    phases: tuple[str, ...] = ()


PHASE_KINDS_TABLE: tuple[PhaseKindTerm, ...] = (
    PhaseKindTerm("none", "nessuna", "solo la classifica", "002 (italiana), 004 (cns)"),
    PhaseKindTerm("semifinals", "semifinali e finale",
                  "semifinali per fasce, i vincitori in finale", "001 §8, 003-b Art. 2",
                  (SEMIFINAL, FINAL)),
    PhaseKindTerm("playoff", "spareggio e finale",
                  "i primi in finale, uno spareggio per l'ultimo posto",
                  "000 Art. 2, 003-a Art. 2", (PLAYOFF, FINAL)),
    PhaseKindTerm("final", "finale", "i primi della classifica in finale", "004 (rtu)",
                  (FINAL,)),
    PhaseKindTerm("knockout", "eliminazione diretta",
                  "i vincitori di tavolo passano turno dopo turno fino alla finale", "002",
                  (SEMIFINAL, FINAL)),
)
PHASE_KINDS = names(PHASE_KINDS_TABLE)
PHASES_OF_KIND = {k.name: k.phases for k in PHASE_KINDS_TABLE}

# The other choices of StandingsRules and PhaseRules (described on the fields below).
WITHDRAWN_RULES = ("remove", "keep", "net")
DIRECT_FINAL = ("none", "sole_leader", "top_k", "unbeaten")
PLAYOFF_EXTRA = ("best_game", "best_assoluta")
FINAL_RANKINGS = ("final_then_total", "final_only")
SEMIFINAL_REPLACEMENTS = ("standings", "semifinal_points")
PLAYOFF_REPLACEMENTS = ("standings", "playoff")


# The most preliminary rounds a tournament may declare, in a preset or in `Impostazioni`
# «Turni preliminari»: one bound for both, so that the program never refuses a setting it
# wrote itself (the longest preset, «campionato_gufo», plans 60 club evenings).
MAX_ROUNDS = 60


@dataclass(frozen=True)
class StandingsRules:
    """Standings of the preliminary rounds.

    `drops`: worst results left out of the Generale (a missed round counts 0 and is
    dropped first); the Assoluta always counts everything. `best_of`: count only the best
    N results (CNS). `withdrawn`: "remove" (000 Art. 4 «verrà immediatamente ricompilata la
    classifica, senza considerare i punteggi acquisiti dal giocatore ritirato") or "keep"
    a withdrawn player's scores; "net": out of the standings as "remove" (001 §8 «la
    classifica delle eliminatorie al netto di eventuali giocatori qualificati per la
    semifinale ma ritirati»), yet ranked in the final ranking by the games played (001 §7
    «dal 5° … posto a seguire in base alla somma dei singoli punti-torneo ottenuti nelle
    partite giocate»). `lottery_decides_direct_final`: False where a lottery may never decide a
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
    chain: tuple[StandingCriterionName, ...] = ("best_1", "best_2", "best_3", "previous_round",
                                                "lottery")
    withdrawn: str = "remove"
    lottery_decides_direct_final: bool = True
    columns: tuple[str, ...] = ()
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

    kind: PhaseKind = "none"
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
