"""How a formula ranks players and runs its final phases: the standings and phase rules
a formula declares (`risiko_xl/formulas/`). Plain frozen dataclasses; field names are the
keys of a formula file's "standings" and "phases" sections. The words their string
fields take are the vocabularies defined here (tie-break criteria, who goes straight to
the final, the phase before it, ripescaggio criteria, …), which the formulas loader
checks, the `Formula` sheet offers as drop-downs and the engines use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from risiko_xl.rules.vocabulary import Term, names
from risiko_xl.standings.model import FINAL, PLAYOFF, SEMIFINAL

# Tie-break criteria of a standings chain (after the main score), highest priority first.
StandingCriterionName = Literal[
    "assoluta", "best_1", "best_2", "best_3", "previous_round", "risiko", "wins", "seconds",
    "out_points", "previous_points", "best_dropped", "best_win", "games", "table_points",
    "lottery"]
STANDING_CRITERIA_TABLE: tuple[Term, ...] = (
    Term("assoluta", "classifica senza scarti",
         "la posizione in Classifica Assoluta, con tutti i risultati contati",
         "003-a Art. 2"),
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
    Term("best_win", "vittoria con più punti",
         "il punteggio della miglior partita vinta (0 a chi non ha vinto)",
         "formule dei club"),
    Term("games", "partite giocate", "il numero di partite giocate (di più è meglio)",
         "formule dei club"),
    Term("table_points", "punti tavolo",
         "la somma dei punti tavolo (punti obiettivo scalati, senza bonus)",
         "formule dei club («punti tavolo senza bonus»)"),
    Term("lottery", "sorteggio", "un sorteggio seminato e registrato (sempre ultimo)",
         "001 §8, 003 Art. 2"),
)
STANDING_CRITERIA = names(STANDING_CRITERIA_TABLE)

# The structure after the preliminaries, derived from the rules (PhaseRules.kind), and
# the phases (Fase words) each plays.
PhaseKind = Literal["none", "semifinals", "playoff", "final", "knockout"]


@dataclass(frozen=True)
class PhaseKindTerm(Term):
    """A structure after the preliminaries: the `phases` (Fase words) it plays."""

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

# The phase played before the final (Stage.kind).
StageKind = Literal["semifinals", "playoff", "knockout"]
STAGE_KINDS_TABLE: tuple[Term, ...] = (
    Term("semifinals", "semifinali",
         "tavoli per fasce di classifica, un giocatore di ogni fascia per tavolo (con 2 "
         "tavoli: 3°-4°, 5°-6°, 7°-8°, 9° e il ripescato); i vincitori vanno in finale",
         "001 §1, §8; 003-b Art. 2"),
    Term("playoff", "spareggio",
         "un tavolo per l'ultimo posto in finale; il vincitore va in finale",
         "000 Art. 2, 003-a Art. 2"),
    Term("knockout", "eliminazione diretta",
         "i vincitori di ogni tavolo passano turno dopo turno fino alla finale", "002"),
)
STAGE_KINDS = names(STAGE_KINDS_TABLE)

# The playoff's own name (Stage.label): a word the `Fase` column reads back as the playoff
# (schema.PHASES, PHASE_ALIASES), never free text («Finale» there would be read as the final)
STAGE_LABELS_TABLE: tuple[Term, ...] = (
    Term("spareggio", "spareggio", "«Spareggio» nei fogli e nei post", "000 Art. 2"),
    Term("ripescaggio", "ripescaggio", "«Ripescaggio» nei fogli e nei post", "003-a Art. 2"),
)
STAGE_LABELS = names(STAGE_LABELS_TABLE)

# Who goes straight to the final (DirectFinal.rule).
DirectRule = Literal["none", "first", "sole_leader", "unbeaten"]
DIRECT_RULES_TABLE: tuple[Term, ...] = (
    Term("none", "nessuno", "nessuno va direttamente in finale", "000, 003-a: (spareggio)"),
    Term("first", "i primi in classifica",
         "i primi N della classifica",
         "004; 000 Art. 2 («dal 1° al 3° posto»)"),
    Term("sole_leader", "il primo se da solo e imbattuto",
         "il primo, da solo in testa e vincitore di tutte le partite; "
         "le semifinali scendono di una", "001 §1, 003-b Art. 2"),
    Term("unbeaten", "i primi imbattuti",
         "fino a N primi che hanno vinto tutte le partite e hanno più punti di chi li segue",
         "GestioneTorneo (raduni)"),
)
DIRECT_RULES = names(DIRECT_RULES_TABLE)

# Who is brought back into the phase before the final (Stage.recalls).
RecallCriterion = Literal["best_game", "best_assoluta"]
RECALL_CRITERIA_TABLE: tuple[Term, ...] = (
    Term("best_game", "miglior partita singola",
         "fra gli esclusi, chi ha il miglior punteggio in una singola partita "
         "(a parità decide la classifica)", "000 Art. 2, 003-a Art. 2"),
    Term("best_assoluta", "miglior escluso in assoluta",
         "il primo degli esclusi nella Classifica Assoluta (senza scarti)", "003-a Art. 2"),
)
RECALL_CRITERIA = names(RECALL_CRITERIA_TABLE)

# Who takes the final place of a withdrawn qualifier (Stage.replacement).
Replacement = Literal["standings", "semifinal_points", "playoff"]
REPLACEMENTS_TABLE: tuple[Term, ...] = (
    Term("standings", "classifica",
         "il tavolo del ritirato, poi i migliori secondi secondo la classifica "
         "(spareggio: la classifica ricompilata)", "001 §8; 000 Art. 4"),
    Term("semifinal_points", "punti di semifinale",
         "il tavolo del ritirato, poi il miglior punteggio nelle semifinali",
         "003-b Art. 3"),
    Term("playoff", "ordine dello spareggio",
         "lo spareggio si gioca come sorteggiato; il posto va ai suoi giocatori "
         "nell'ordine di arrivo", "003-a Art. 3"),
)
REPLACEMENTS = names(REPLACEMENTS_TABLE)
STAGE_REPLACEMENTS: dict[str, tuple[str, ...]] = {
    "semifinals": ("standings", "semifinal_points"), "playoff": ("standings", "playoff"),
    "knockout": ("standings",)}

# How the players below the final are ranked (PhaseRules.ranking).
FinalRanking = Literal["final_then_total", "final_only"]
FINAL_RANKINGS_TABLE: tuple[Term, ...] = (
    Term("final_then_total", "finale e somma dei punti",
         "i finalisti per posto in finale, gli altri per i punti della classifica (scarti "
         "esclusi) più quelli delle fasi finali non vinte", "001 §7"),
    Term("final_only", "finale e turno raggiunto",
         "i finalisti per posto in finale, gli altri per turno raggiunto e posto in quella "
         "partita", "002"),
)
FINAL_RANKINGS = names(FINAL_RANKINGS_TABLE)

# How a tie on points at the final table is broken in the final ranking (final_ties).
FinalTies = Literal["table", "standings"]
FINAL_TIES_TABLE: tuple[Term, ...] = (
    Term("table", "piazzamento al tavolo",
         "decide il piazzamento al tavolo della formula (fuori obiettivo, ordine di gioco, …)",
         "001 §7"),
    Term("standings", "classifica dei turni",
         "è davanti chi era meglio nella classifica dei turni preliminari",
         "formule dei club (1° Torneo Scaligero, 2012)"),
)
FINAL_TIES = names(FINAL_TIES_TABLE)

# What happens to a withdrawn player's scores (StandingsRules.withdrawn).
WithdrawnRule = Literal["remove", "keep", "net"]
WITHDRAWN_TABLE: tuple[Term, ...] = (
    Term("remove", "tolti", "la classifica è ricompilata senza i suoi punteggi",
         "000 Art. 4"),
    Term("keep", "tenuti", "resta in classifica con i punteggi delle partite giocate",
         "003 Art. 3"),
    Term("net", "al netto",
         "fuori dalla classifica che compone le fasi finali, nella classifica finale per le "
         "partite giocate", "001 §7, §8"),
)
WITHDRAWN_RULES = names(WITHDRAWN_TABLE)


# The most preliminary rounds a tournament may declare, in a formula or in `Impostazioni`
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
    direct final place (003-b); it matters for "first" direct finalists, as a
    "sole_leader" is never made by a lottery (001 "da solo in testa"). `columns`: extra
    Classifica columns the formula shows. `medals`: the olympic medal table (seed 004
    «medagliere … vittorie, … secondi posti, … terzi posti ed infine dei quarti posti
    realizzati durante l'intero torneo»): every game counts, `drops` and `best_of` never
    remove a medal, and the standings show the count of each place instead of points.
    `min_games`: a club's «per entrare in classifica bisogna aver giocato almeno N
    serate»: a player who can no longer reach N games in the rounds left is ranked below
    everyone who can (at the end: below everyone who played N), in the standings and the
    final ranking. `drops_from`: the first round whose standings drop results (Il
    Pifferaio 2025: «con il 6° turno … inizia il cosiddetto “scarto”»); None: from the
    second round, as many as the rounds played allow. `rulings`: the referee's orders of
    players tied where no criterion (or no lottery allowed there) separates them
    (`risiko-xl decidi --ordine`, recorded in `Sorteggi`, read when the tournament loads;
    never part of a formula file): «a suo giudizio insindacabile».
    """

    rounds: int
    drops: int = 0
    best_of: int | None = None
    chain: tuple[StandingCriterionName, ...] = ("best_1", "best_2", "best_3", "previous_round",
                                                "lottery")
    withdrawn: WithdrawnRule = "remove"
    lottery_decides_direct_final: bool = True
    columns: tuple[str, ...] = ()
    medals: bool = False
    min_games: int = 0
    drops_from: int | None = None
    rulings: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class DirectFinal:
    """Who goes straight to the final, skipping the phase before it.

    `rule` "none"; "first": the first `count` of the standings (004 «i primi 2
    classificati accedono direttamente alla finale», 000 Art. 2 «dal 1° al 3° posto»; an
    unbroken tie across the line, or with `lottery_decides_direct_final` False a lottery,
    is the referee's to settle); "sole_leader": the first, alone at the top and winner of every
    game, and the phase before the final loses one table (001 §1, 003-b Art. 2);
    "unbeaten": up to `count` leaders who won every game and are ahead on points of the
    next, one table fewer each (GestioneTorneo raduni, standings/field.py).
    `field`: the count by the size of the field, the players in the final standings:
    ((up to N players, count), …) in increasing N, `count` above the last (Il Pifferaio
    2025: «16 giocatori … 2 finalisti diretti e 8 semifinalisti», «18 giocatori … un
    finalista diretto e dodici semifinalisti»; raduni: direct finalists up to 36 players
    only). Each direct finalist takes a final place, so the phase before the final has
    one table fewer.
    """

    rule: DirectRule = "none"
    count: int = 0
    field: tuple[tuple[int, int], ...] = ()

    def count_for(self, players: int) -> int:
        """The most direct finalists for a field of `players`."""
        for limit, n in self.field:
            if players <= limit:
                return n
        return self.count

    @property
    def most(self) -> int:
        """The most players this rule ever sends straight to the final."""
        return 0 if self.rule == "none" else max((self.count, *(n for _, n in self.field)))

    @property
    def fixed(self) -> bool:
        """Whether the number of direct finalists is known before the standings."""
        return self.rule in ("none", "first") and not self.field


@dataclass(frozen=True)
class Stage:
    """The phase played before the final, whose table winners join the direct finalists.

    `kind`: "semifinals" (tables by bands of the standings: one player of each band at
    each table, clubs apart within bands when `club_separation`; 001 §8), "playoff" (one
    table for the last final place: 000 Art. 2, 003-a Art. 2) or "knockout" (table
    winners advance round after round down to the final: 002). It has as many tables as
    final places the direct finalists leave, of `table_size` players.
    `ranks`: the standings places seated (000 «il 4°, il 5°, il 6°»); empty: the places
    right after the direct finalists, as many as the tables need.
    `recalls`: ripescati, one seat each, by criterion (RECALL_CRITERIA), chosen among the
    players not otherwise qualified, from place `recall_from` down (None: all of them),
    who played at least `recall_min_games` preliminary games; they sit in the last band.
    `min_games`: the preliminary games a player needs for a seat by rank (a player with
    fewer is skipped, the next one takes the place).
    `replacement` (REPLACEMENTS): who takes the final place of a qualifier who withdraws.
    `label`: the phase's name in reasons and posts ("" = "ripescaggio" when the Assoluta
    brings someone back, else "spareggio"; semifinals: "semifinale").
    """

    kind: StageKind = "semifinals"
    table_size: int = 4
    ranks: tuple[int, ...] = ()
    recalls: tuple[RecallCriterion, ...] = ()
    recall_from: int | None = None
    recall_min_games: int = 0
    min_games: int = 0
    club_separation: bool = True
    replacement: Replacement = "standings"
    label: str = ""


@dataclass(frozen=True)
class Split:
    """Parallel tournaments for big fields: above `over` players the ranking splits into
    `ways` tournaments (positions modulo `ways`: 001 §8 «100 o più giocatori»), each with
    its own phase before the final and its own final; `steps` instead: one more parallel
    tournament for each of these field sizes the field is above (GestioneTorneo raduni:
    76, 116, 156, 196). The field counted: the players who played at least `min_games`
    preliminary games (at least one when 0), withdrawn ones too (001 §8 «Caso di 100 o più
    giocatori con 2 partite disputate»: who played, whatever happened since)."""

    over: int | None = None
    ways: int = 2
    steps: tuple[int, ...] = ()
    min_games: int = 0


@dataclass(frozen=True)
class PhaseRules:
    """What follows the preliminaries, in one model for every formula.

    `final_size`: the players at the final table (0: no final phase, the standings are
    the final ranking). The final seats the `direct` finalists and the winners of the
    `stage` tables (None: no phase before the final, the final seats the first
    `final_size` of the standings, `direct` being "first"). `split`: parallel
    tournaments. `final_min_games`: the preliminary games a player needs to play the
    final by rank (direct finalists, the final of the first N). `ranking`
    (FINAL_RANKINGS): how the players below the final are ranked. `final_ties`
    (FINAL_TIES): a tie on points at the final table broken by the table's placement
    chain, or by the preliminary standings (Verona 2012: «In caso di parità nella finale
    … la classifica finale verrà determinata dalla classifica del minitorneo»).
    """

    final_size: int = 0
    direct: DirectFinal = field(default_factory=DirectFinal)
    stage: Stage | None = None
    split: Split = field(default_factory=Split)
    final_min_games: int = 0
    ranking: FinalRanking = "final_then_total"
    final_ties: FinalTies = "table"

    @property
    def kind(self) -> PhaseKind:
        """The structure these rules make (PHASE_KINDS)."""
        if not self.final_size:
            return "none"
        if self.stage is None:
            return "final"
        return self.stage.kind

    @property
    def table_size(self) -> int:
        return self.stage.table_size if self.stage is not None else self.final_size

    def ranks(self, direct: int) -> tuple[int, ...]:
        """The standings places the stage seats by rank when `direct` players went
        straight to the final: its own `ranks`, else the places after them."""
        stage = self.stage
        if stage is None:
            return ()
        if stage.ranks:
            return stage.ranks
        seats = (self.final_size - direct) * stage.table_size - len(stage.recalls)
        return tuple(range(direct + 1, direct + 1 + seats))
