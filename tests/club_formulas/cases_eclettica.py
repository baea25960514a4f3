"""RCU Eclettica (Caltanissetta): the club's published formulas, research file §3.1–3.8.

Every case starts from a shipped preset (`interno`), sets the club's rules through the
documented interface (`risiko-xl formula --imposta`, a rule typed in the Formula sheet),
registers the field, enrols a late arrival with `risiko-xl iscrivi --dal-turno`, types every
preliminary round (absences: a player simply not seated that round) and plays the final
phases through `risiko-xl finali`, down to the final ranking and `risiko-xl verifica`.

Scoring: the club never publishes its points table (research file, «Common notes»): every
case keeps the Master's «millesimi» (001 §7: table points, ×1,25 rounded up at a 5-player
table, /1000, at most 0,100, +1 to the table's winner; a RisiKo! is 1,100), except the
Memorial, whose text gives the scoring («più punti obiettivo»).

The hand computations (derivation of each case) were written before the program was run.
Notation: «1,045» = tournament points of one game; «[x]» = the result dropped; «ass» = an
absence (0, the first result dropped); «W» = a game won.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.casebook.runner import (
    Case,
    Cli,
    ExpectClassifica,
    ExpectFinale,
    ExpectQualificati,
    ExpectSheet,
    ExpectTables,
    Fill,
    P,
    S,
    Tav,
    Type,
    View,
)

CASES: list[Case] = []


def tav(turno: int, tavolo: int, *seats: tuple[str, int] | S) -> Tav:
    """A table of a preliminary round: (ID, objective points) in order of play; every seat
    has 1 point out of objective (the objective points at each table are all different,
    so the out-of-objective points never decide a place; objective plus out-of-objective
    points of a table stay within the map's 164)."""
    return Tav(turno, tavolo, [seat if isinstance(seat, S) else S(seat[0], seat[1], 1)
                               for seat in seats])


def seats(*pairs: tuple[str, int]) -> list[S]:
    """Seats of a final phase table (rows the program wrote), 1 point out of objective."""
    return [S(pid, obj, 1) for pid, obj in pairs]


ECL = "RCU Eclettica"
PIF = "RCU Il Pifferaio"
AGR = "RC Agrigento"
EAG = "RCU Eagles Palermo"
CAL = "RCU Caltanissetta"

SCORING_NOTE = (
    "Scoring: the club does not publish its points table, so the Master's «millesimi» are "
    "kept (001 §7): at a 4-player table the objective points /1000, at a 5-player table "
    "objective points ×1,25 rounded up, /1000; +1 to the table winner (most objective "
    "points; all objective points at a table are different here). ")
FINAL_RANKING_NOTE = (
    "Final ranking («Classifica finale» = «finale e somma dei punti», 001 §7): the four "
    "finalists by their place in the final, then everybody else by the sum of the "
    "tournament points of the games played (preliminaries plus a lost semifinal). The text "
    "is silent on whether a dropped preliminary result counts in that sum; the data are "
    "chosen so that both readings (standings total after the drop, or every game played) "
    "give the same order, both sums are given below as «drop / all». ")

# =============================================================================== XX 2025

XX_URL = ("https://www.ilfattonisseno.it/2025/07/risiko-club-ufficiale-caltanissetta-sfide-a-"
          "colpi-di-dadi-al-terzo-turno-del-xx-torneo-interno/")
XX_URL2 = ("https://www.ilfattonisseno.it/2025/08/caltanissetta-il-28-agosto-quinto-e-ultimo-"
           "turno-del-xx-torneo-interno-di-risiko-presso-eclettica-street-factory/")
XX_QUOTE = (
    "«Il torneo è articolato in cinque turni con uno scarto, peggior risultato o assenza, con i "
    "primi due che andranno direttamente in finale, gli altri due finalisti verranno dai due "
    "tavoli di semifinale da quattro giocatori a cui avranno diritto a partecipare chi si "
    "classificherà, alla fine dei cinque turni con l’applicazione dello scarto, dal 3° al 9° "
    "posto, l’ottavo verrà ripescato, dal 10° posto in giù, tra chi avrà ottenuto il miglior "
    "risultato avendo giocato almeno due turni di gioco.»")
XX_QUOTE2 = (
    "«Il torneo strutturato in cinque turni di gioco con lo scarto di una partita ( o per "
    "assenza o per peggiore risultato) vedrà accedere direttamente in finale i primi due della "
    "classifica, accedono in semifinale i giocatori e le giocatrici che si piazzeranno dal terzo "
    "al nono posto ed il giocatore o la giocatrice classificato dal decimo posto in giù che, "
    "avendo disputato almeno due partite, avrà realizzato il miglior risultato (in una partita) "
    "assoluto.»")

XX_PLAYERS = [
    P("G01", "Andrea", "Cammarata", ECL),
    P("G02", "Gabriele", "Lombardo", PIF),
    P("G03", "Simone", "Gulino", ECL),
    P("G04", "Martino", "Tricoli", PIF),
    P("G05", "Maria", "Pecoraro", ECL),
    P("G06", "Giulia", "Brucato", AGR),
    P("G07", "Gioele", "Matraxia", EAG),
    P("G08", "Claudio", "Taschetti", PIF),
    P("G09", "Luigi", "Candura", CAL),
    P("G10", "Marcello", "Giunta", AGR),
    P("G11", "Michele", "Moscarelli", ECL),
    P("G12", "Manuel", "Kiswarday", PIF),
    P("G13", "Giorgia", "Carapezza", AGR),
    P("G14", "Maurizio", "Gulizia", EAG),
    P("G15", "Rosario", "Falzone", CAL),
    P("G16", "Calogero", "Amico", CAL),
]

XX_DERIVATION = SCORING_NOTE + (
    "Formula: the preset «interno» is this very formula (guide §1): 5 rounds, 1 drop (an "
    "absence is a 0 and the first dropped), 1st and 2nd to the final, semifinals 3rd-9th + "
    "1 ripescato (best single game among the players ranked 10th and below with at least 2 "
    "games), 2 tables of 4, final = 2 direct + the 2 semifinal winners; only «Nome della "
    "formula» and «Titolo» are set. "
    "Field: G01-G16 registered; G17 (Salvatore Giordano, RC Agrigento) enrols with "
    "`iscrivi --dal-turno 3` after round 2 and gets the first free ID, G17. Absences: G12 "
    "round 2; G05 round 4; G16 rounds 2-5 (one game only); G17 rounds 1-2 (not yet "
    "enrolled: 0, one of them dropped). Round 1: 16 players (4 tables of 4), round 2: 14 "
    "(5+5+4), round 3: 16, round 4: 15 (5+5+5), round 5: 16. "
    "Results R1..R5 (5-table scaling spelled out), drop in [ ], total after the drop: "
    "G01 1,045 W, [0,037 (29 at 5 -> 36,25 -> 37)], 1,050 W, 0,050 (40 at 5 -> 50), 1,042 "
    "W = 3,187 (all games 3,224). G02 [0,033], 1,055 W (44 at 5 -> 55), 0,038, 1,060 W (48 "
    "at 5 -> 60), 0,040 = 2,193 (all games 2,226). G03 [0,010], 0,040 (32 at 5 -> 40), "
    "1,055 W, 0,048 (38 at 5 -> 47,5 -> 48), 1,047 W = 2,190 (all games 2,200). G04 1,052 "
    "W, 0,030, 0,041, 1,058 W (46 at 5 -> 57,5 -> 58), [0,025] = 2,181 (all games 2,206). "
    "G05 0,038, 1,070 W (56 at 5 -> 70), 0,040, [ass], 0,048 = 1,196. G06 0,046, 0,044, "
    "1,060 W, 0,043 (34 at 5 -> 42,5 -> 43), [0,028] = 1,193 (all games 1,221). G07 "
    "[0,030], 0,045 (36 at 5 -> 45), 0,042, 0,043 (34 at 5 -> 42,5 -> 43), 1,060 W = 1,190 "
    "(all games 1,220). G08 1,060 W, 0,038 (30 at 5 -> 37,5 -> 38), 0,036, 0,053 (42 at 5 "
    "-> 52,5 -> 53), [0,022] = 1,187 (all games 1,209). G09 0,037, 1,062 W, [0,020], 0,045 "
    "(36 at 5 -> 45), 0,040 = 1,184 (all games 1,204). G10 0,035, [0,020], 0,038, 0,032 "
    "(25 at 5 -> 31,25 -> 32), 1,055 W = 1,160 (all games 1,180). G13 [0,025], 0,040 (32 "
    "at 5 -> 40), 1,060 W, 0,030 (24 at 5 -> 30), 0,026 = 1,156 (all games 1,181). G14 "
    "0,045, 0,020 (16 at 5 -> 20), [0,010], 1,060 W (48 at 5 -> 60), 0,016 = 1,141 (all "
    "games 1,151). G16 1,070 W, [ass], ass, ass, ass = 1,070 (ONE game). G17 [ass], ass, "
    "0,032, 0,028 (22 at 5 -> 27,5 -> 28), 0,043 = 0,103. G12 0,020, [ass], 0,030, 0,015 "
    "(12 at 5 -> 15), 0,036 = 0,101. G11 0,020, 0,023 (18 at 5 -> 22,5 -> 23), [0,015], "
    "0,018 (14 at 5 -> 17,5 -> 18), 0,022 = 0,083 (all games 0,098). G15 0,015, 0,015 (12 "
    "at 5 -> 15), 0,018, [0,010 (8 at 5 -> 10)], 0,020 = 0,068 (all games 0,078). "
    "Standings (no equal totals, no tie-break needed): 1 G01 3,187; 2 G02 2,193; 3 G03 "
    "2,190; 4 G04 2,181; 5 G05 1,196; 6 G06 1,193; 7 G07 1,190; 8 G08 1,187; 9 G09 1,184; "
    "10 G10 1,160; 11 G13 1,156; 12 G14 1,141; 13 G16 1,070; 14 G17 0,103; 15 G12 0,101; "
    "16 G11 0,083; 17 G15 0,068. "
    "Direct finalists: G01, G02. Semifinalists by rank 3rd-9th: G03, G04, G05, G06, G07, "
    "G08, G09. Ripescato («dal 10° posto in giù ... avendo disputato almeno due partite ... "
    "il miglior risultato (in una partita) assoluto»): pool = ranks 10-17 with at least 2 "
    "games: G10 (best game 1,055), G13 (1,060), G14 (1,060), G17, G12, G11, G15 (no win); "
    "G16 has the best single game of all the excluded (1,070) but only ONE game: not "
    "eligible. Best single game 1,060: G13 (60 at a 4-table) and G14 (48 at a 5-table = 60) "
    "tie; the tie goes by the standings (preset note: «a parità di miglior partita singola "
    "decide la classifica»): G13 (11th) before G14 (12th), although G14's second best game "
    "(0,045) beats G13's (0,040). Ripescato: G13, who by rank would not be in the "
    "semifinals; G10, 10th, is out (best game 1,055). "
    "Semifinal tables (rule «semifinali»: tables by bands of the standings; two tables, so "
    "bands of two: {3rd,4th} = {G03,G04}, {5th,6th} = {G05,G06}, {7th,8th} = {G07,G08}, "
    "{9th, ripescato} = {G09,G13}) with «Club separati»: G03 and G05 are both RCU "
    "Eclettica, G04 and G08 both RCU Il Pifferaio, G06 and G13 both RC Agrigento; one per "
    "band per table and no club twice at a table leaves one split: {G03, G06, G08, G09} "
    "and {G04, G05, G07, G13}. "
    "Semifinals typed: G09 55, G03 45, G06 24, G08 20 -> G09 wins (1,055); G13 58, G05 "
    "50, G04 30, G07 22 -> G13 wins (1,058). Final: G01, G02, G09, G13. Final typed: G13 "
    "55, G01 45, G09 35, G02 20 -> 1st G13, 2nd G01, 3rd G09, 4th G02. "
) + FINAL_RANKING_NOTE + (
    "Then: G03 2,190 + 0,045 = 2,235 / 2,245; G04 2,181 + 0,030 = 2,211 / 2,236; G05 "
    "1,196 + 0,050 = 1,246 / 1,246; G06 1,193 + 0,024 = 1,217 / 1,245; G07 1,190 + 0,022 = "
    "1,212 / 1,242; G08 1,187 + 0,020 = 1,207 / 1,229; G10 1,160 / 1,180; G14 1,141 / "
    "1,151; G16 1,070 / 1,070; G17 0,103 / 0,103; G12 0,101 / 0,101; G11 0,083 / 0,098; "
    "G15 0,068 / 0,078. Final ranking: G13, G01, G09, G02, G03, G04, G05, G06, G07, G08, "
    "G10, G14, G16, G17, G12, G11, G15. verifica: nothing differs.")

XX_ROUNDS_12 = Type(
    tav(1, 1, ("G01", 45), ("G05", 38), ("G12", 20), ("G15", 15)),
    tav(1, 2, ("G04", 52), ("G06", 46), ("G11", 20), ("G09", 37)),
    tav(1, 3, ("G08", 60), ("G07", 30), ("G13", 25), ("G02", 33)),
    tav(1, 4, ("G16", 70), ("G14", 45), ("G10", 35), ("G03", 10)),
    tav(2, 1, ("G02", 44), ("G01", 29), ("G13", 32), ("G15", 12), ("G08", 30)),
    tav(2, 2, ("G05", 56), ("G03", 32), ("G14", 16), ("G11", 18), ("G07", 36)),
    tav(2, 3, ("G09", 62), ("G04", 30), ("G06", 44), ("G10", 20)),
)
XX_ROUNDS_345 = Type(
    tav(3, 1, ("G01", 50), ("G02", 38), ("G15", 18), ("G17", 32)),
    tav(3, 2, ("G03", 55), ("G04", 41), ("G12", 30), ("G14", 10)),
    tav(3, 3, ("G06", 60), ("G05", 40), ("G10", 38), ("G11", 15)),
    tav(3, 4, ("G13", 60), ("G07", 42), ("G08", 36), ("G09", 20)),
    tav(4, 1, ("G02", 48), ("G01", 40), ("G12", 12), ("G17", 22), ("G06", 34)),
    tav(4, 2, ("G04", 46), ("G03", 38), ("G11", 14), ("G07", 34), ("G13", 24)),
    tav(4, 3, ("G14", 48), ("G08", 42), ("G09", 36), ("G10", 25), ("G15", 8)),
    tav(5, 1, ("G01", 42), ("G12", 36), ("G09", 40), ("G14", 16)),
    tav(5, 2, ("G03", 47), ("G02", 40), ("G11", 22), ("G17", 43)),
    tav(5, 3, ("G07", 60), ("G05", 48), ("G15", 20), ("G13", 26)),
    tav(5, 4, ("G10", 55), ("G04", 25), ("G06", 28), ("G08", 22)),
)

CASES.append(Case(
    id="club-cl_eclettica_xx_2025-1",
    seed="cl_eclettica_xx_2025",
    formula="interno",
    articles=[XX_QUOTE, XX_URL, XX_QUOTE2, XX_URL2],
    derivation=XX_DERIVATION,
    players=XX_PLAYERS,
    steps=[
        Cli(["formula", "--imposta", "Nome della formula=eclettica_xx",
             "--imposta", "Titolo=XX Torneo interno RCU Eclettica"]),
        Cli(["formula"], says=["5 turni preliminari, 1 scarto", "I primi 2 in finale",
                               "dal 3° al 9°", "dal 10° posto in giù",
                               "almeno 2 partite"]),
        XX_ROUNDS_12,
        Cli(["iscrivi", "Salvatore Giordano", "--club", AGR, "--dal-turno", "3"],
            says="G17"),
        XX_ROUNDS_345,
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08", "G09", "G10",
                   "G13", "G14", "G16", "G17", "G12", "G11", "G15"], complete=True,
            values={"G01": {"Generale": "3,187"}, "G02": {"Generale": "2,193"},
                    "G05": {"Generale": "1,196"}, "G09": {"Generale": "1,184"},
                    "G10": {"Generale": "1,160"}, "G13": {"Generale": "1,156"},
                    "G14": {"Generale": "1,141"}, "G16": {"Generale": "1,070"},
                    "G17": {"Generale": "0,103"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02"}),
        ExpectQualificati("Semifinale",
                          ids={"G03", "G04", "G05", "G06", "G07", "G08", "G09", "G13"},
                          how={"G13": "ripescato"}, absent={"G10", "G14", "G16"}),
        ExpectTables("Semifinale",
                     tables=[{"G03", "G06", "G08", "G09"}, {"G04", "G05", "G07", "G13"}],
                     bands=[{"G03", "G04"}, {"G05", "G06"}, {"G07", "G08"},
                            {"G09", "G13"}]),
        Fill("Semifinale", seats(("G09", 55), ("G03", 45), ("G06", 24), ("G08", 20),
                                 ("G13", 58), ("G05", 50), ("G04", 30), ("G07", 22))),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G09", "G13"}),
        ExpectTables("Finale", tables=[{"G01", "G02", "G09", "G13"}]),
        Fill("Finale", seats(("G13", 55), ("G01", 45), ("G09", 35), ("G02", 20))),
        Cli(["finali"]),
        ExpectFinale(order=["G13", "G01", "G09", "G02", "G03", "G04", "G05", "G06", "G07",
                            "G08", "G10", "G14", "G16", "G17", "G12", "G11", "G15"],
                     complete=True),
        Cli(["verifica"]),
    ],
))

# ============================================================================== XVII 2025

XVII_URL = ("https://www.ilfattonisseno.it/2025/02/caltanissetta-risiko-club-ufficiale-cl-xvii-"
            "torneo-ecco-i-vincitori-del-terzo-turno/")
XVII_QUOTES = [
    "«19 tra giocatrici e giocatori divisi in quattro tavoli, tre da cinque giocatoti ed uno "
    "da quattro.»",
    "«Con le innovazioni, portate al torneo classico dal direttivo, quest’anno sino alla fine "
    "dei cinque turni, con lo scarto di una partita (o per assenza o per punteggio più basso) "
    "non si saprà con certezza chi avrà l’accesso alle semifinali. Se gli iscritti al torneo "
    "saranno inferiori a 26: i primi due della classifica andranno direttamente in finale, "
    "dalla terza alla nona posizione più un ripescato tra i non classificati che avrà "
    "totalizzato il miglior punteggio su tutti gli altri e che avrà almeno giocato due "
    "partite, saranno gli otto semifinalisti che giocheranno su due tavoli, i vincitori "
    "raggiungeranno in finale i due già classificati.»",
    "«“Abbiamo voluto dare una nuova formula al torneo per renderlo più interessante e non "
    "“scontato” sui qualificati alle semifinali. -dichiarano dal direttivo- Quindi anche chi "
    "gioca solo due partite su cinque potrà ambire alle semifinali che portano alla finale.»",
]

XVII_PLAYERS = [
    P("G01", "Carmelo", "Sciascia", ECL),
    P("G02", "Giuseppe", "Alaimo", PIF),
    P("G03", "Rosalia", "Messina", ECL),
    P("G04", "Vincenzo", "Lo Porto", CAL),
    P("G05", "Angelo", "Bonanno", PIF),
    P("G06", "Francesca", "Riggi", ECL),
    P("G07", "Totò", "Curatolo", AGR),
    P("G08", "Ignazio", "Lanza", PIF),
    P("G09", "Daniela", "Cosentino", EAG),
    P("G10", "Filippo", "Territo", EAG),
    P("G11", "Nicola", "Vullo", CAL),
    P("G12", "Serena", "Falci", ECL),
    P("G13", "Enzo", "Milazzo", PIF),
    P("G14", "Paola", "Sberna", AGR),
    P("G15", "Luca", "Naro", EAG),
    P("G16", "Marco", "Iacono", CAL),
    P("G17", "Alessia", "Tumminelli", ECL),
    P("G18", "Pietro", "Mangione", PIF),
]

XVII_DERIVATION = SCORING_NOTE + (
    "Formula: «interno» as shipped (5 rounds, 1 drop counting an absence as the first "
    "dropped, 1st-2nd direct, semifinals 3rd-9th + 1 ripescato from the 10th place down "
    "with at least 2 games, two tables of 4); only name and title set. The grid is the one "
    "for «iscritti inferiori a 26»: here 19 registered (18 + the late G19), so it applies "
    "(the grid for 26 or more is not published and is not needed). «il miglior punteggio» "
    "of the ripescato: the referee reads the best SINGLE game, as the later editions say "
    "explicitly («miglior risultato (in una partita)», XX; «maggior punteggio di una "
    "partita», XXI) and as the board's comment requires («anche chi gioca solo due partite "
    "su cinque potrà ambire alle semifinali»: a best total could never favour a two-game "
    "player); a dropped game counts (it was played). "
    "Field: G01-G18 registered; after round 3, `iscrivi --dal-turno 4` enrols Domenico "
    "Scarlata (RC Agrigento), the first free ID: G19. Absences: G12 round 3; G18 rounds "
    "1-4 (plays round 5 only); G19 rounds 1-3 (not yet enrolled). Round 1: 17 players "
    "(5+4+4+4), round 2: 17, round 3: 16 (4 tables of 4), round 4: 18 (5+5+4+4), round 5: "
    "all 19, «quattro tavoli, tre da cinque ed uno da quattro». "
    "Results R1..R5, drop in [ ], total after the drop: "
    "G01 1,060 W (48 at 5 -> 60), 0,042, 1,050 W, [0,040], 1,058 W (46 at 5 -> 57,5 -> 58) "
    "= 3,210 (all games 3,250). G02 1,050 W, 1,058 W (46 at 5 -> 57,5 -> 58), [0,038], "
    "1,055 W (44 at 5 -> 55), 0,045 (36 at 5 -> 45) = 3,208 (all games 3,246). G03 "
    "[0,040], 1,052 W, 1,048 W, 0,045 (36 at 5 -> 45), 0,043 (34 at 5 -> 42,5 -> 43) = "
    "2,188 (all games 2,228). G04 [0,025], 0,030, 0,040, 1,052 W, 1,060 W (48 at 5 -> 60) "
    "= 2,182 (all games 2,207). G05 1,055 W, 0,046, 0,046, [0,036], 0,048 = 1,195 (all "
    "games 1,231). G06 0,044 (35 at 5 -> 43,75 -> 44), 1,058 W, 0,046, 0,042, [0,036] = "
    "1,190 (all games 1,226). G07 [0,038], 0,041, 1,056 W, 0,040, 0,048 (38 at 5 -> 47,5 "
    "-> 48) = 1,185 (all games 1,223). G08 0,042, 0,043 (34 at 5 -> 42,5 -> 43), 0,045, "
    "1,050 W, [0,020] = 1,180 (all games 1,200). G09 0,037, 0,040 (32 at 5 -> 40), "
    "[0,036], 0,048 (38 at 5 -> 47,5 -> 48), 1,050 W = 1,175 (all games 1,211). G10 0,038 "
    "(30 at 5 -> 37,5 -> 38), 0,038, 1,050 W, [0,028], 0,043 (34 at 5 -> 42,5 -> 43) = "
    "1,169 (all games 1,197). G12 0,036, 1,045 W, [ass], 0,043 (34 at 5 -> 42,5 -> 43), "
    "0,038 (30 at 5 -> 37,5 -> 38) = 1,162. G11 1,045 W, [0,023 (18 at 5 -> 22,5 -> 23)], "
    "0,030, 0,033 (26 at 5 -> 32,5 -> 33), 0,028 (22 at 5 -> 27,5 -> 28) = 1,136 (all "
    "games 1,159). G19 [ass], ass, ass, 1,070 W (56 at 5 -> 70), 0,030 (24 at 5 -> 30) = "
    "1,100 (TWO games). G18 [ass], ass, ass, ass, 1,073 W (58 at 5 -> 72,5 -> 73) = 1,073 "
    "(ONE game). G13 0,025 (20 at 5 -> 25), 0,025, 0,024, 0,038 (30 at 5 -> 37,5 -> 38), "
    "[0,018 (14 at 5 -> 17,5 -> 18)] = 0,112 (all games 0,130). G14 0,022, 0,030, [0,018], "
    "0,025, 0,025 (20 at 5 -> 25) = 0,102 (all games 0,120). G17 [0,020], 0,020, 0,026, "
    "0,020 (16 at 5 -> 20), 0,023 (18 at 5 -> 22,5 -> 23) = 0,089 (all games 0,109). G15 "
    "0,018, [0,013 (10 at 5 -> 12,5 -> 13)], 0,022, 0,018 (14 at 5 -> 17,5 -> 18), 0,020 "
    "(16 at 5 -> 20) = 0,078 (all games 0,091). G16 0,019 (15 at 5 -> 18,75 -> 19), 0,015, "
    "0,018, 0,015 (12 at 5 -> 15), [0,013 (10 at 5 -> 12,5 -> 13)] = 0,067 (all games "
    "0,080). "
    "Standings (all totals different): 1 G01, 2 G02, 3 G03, 4 G04, 5 G05, 6 G06, 7 G07, "
    "8 G08, 9 G09, 10 G10, 11 G12, 12 G11, 13 G19, 14 G18, 15 G13, 16 G14, 17 G17, 18 G15, "
    "19 G16. Direct finalists G01, G02; semifinalists by rank G03-G09. Ripescato: the "
    "excluded (10th down) with at least 2 games: G10 (best game 1,050), G12 (1,045), G11 "
    "(1,045), G19 (1,070, exactly two games), G13..G16 (no win). G18's 1,073 is the best "
    "single game of all but he played ONE game: not eligible. Ripescato: G19 (1,070), who "
    "played only two games of five. (A «best total» reading would pick G10, 1,169: the case "
    "tells the two readings apart.) "
    "Semifinal bands of two: {G03,G04}, {G05,G06}, {G07,G08}, {G09,G19}; clubs: G03-G06 "
    "RCU Eclettica, G05-G08 RCU Il Pifferaio, G07-G19 RC Agrigento: one split only, "
    "{G03, G05, G07, G09} and {G04, G06, G08, G19}. Semifinals typed: G05 50, G03 40, G07 "
    "25, G09 12 -> G05 wins; G04 48, G19 35, G06 30, G08 28 -> G04 wins (G19 2nd, 0,035). "
    "Final G01, G02, G04, G05 typed: G02 52, G04 40, G01 30, G05 22 -> G02, G04, G01, G05. "
) + FINAL_RANKING_NOTE + (
    "Then: G03 2,188 + 0,040 = 2,228 / 2,268; G06 1,190 + 0,030 = 1,220 / 1,256; G07 1,185 "
    "+ 0,025 = 1,210 / 1,248; G08 1,180 + 0,028 = 1,208 / 1,228; G09 1,175 + 0,012 = "
    "1,187 / 1,223; G10 1,169 / 1,197; G12 1,162 / 1,162; G11 1,136 / 1,159; G19 1,100 + "
    "0,035 = 1,135 / 1,135: the ripescato, who lost his semifinal, ends BELOW three players "
    "who did not play the semifinals (G10, G12, G11); then G18 1,073; G13 0,112 / 0,130; "
    "G14 0,102 / 0,120; G17 0,089 / 0,109; G15 0,078 / 0,091; G16 0,067 / 0,080. "
    "Final ranking: G02, G04, G01, G05, G03, G06, G07, G08, G09, G10, G12, G11, G19, G18, "
    "G13, G14, G17, G15, G16. verifica: nothing differs.")

XVII_ROUNDS_123 = Type(
    tav(1, 1, ("G01", 48), ("G13", 20), ("G06", 35), ("G16", 15), ("G10", 30)),
    tav(1, 2, ("G02", 50), ("G07", 38), ("G14", 22), ("G09", 37)),
    tav(1, 3, ("G05", 55), ("G03", 40), ("G15", 18), ("G12", 36)),
    tav(1, 4, ("G11", 45), ("G04", 25), ("G08", 42), ("G17", 20)),
    tav(2, 1, ("G02", 46), ("G08", 34), ("G11", 18), ("G15", 10), ("G09", 32)),
    tav(2, 2, ("G03", 52), ("G05", 46), ("G13", 25), ("G16", 15)),
    tav(2, 3, ("G06", 58), ("G01", 42), ("G17", 20), ("G14", 30)),
    tav(2, 4, ("G12", 45), ("G10", 38), ("G07", 41), ("G04", 30)),
    tav(3, 1, ("G01", 50), ("G04", 40), ("G15", 22), ("G11", 30)),
    tav(3, 2, ("G03", 48), ("G02", 38), ("G16", 18), ("G09", 36)),
    tav(3, 3, ("G07", 56), ("G05", 46), ("G13", 24), ("G17", 26)),
    tav(3, 4, ("G10", 50), ("G06", 46), ("G08", 45), ("G14", 18)),
)
XVII_ROUNDS_45 = Type(
    tav(4, 1, ("G02", 44), ("G03", 36), ("G12", 34), ("G16", 12), ("G13", 30)),
    tav(4, 2, ("G19", 56), ("G09", 38), ("G17", 16), ("G15", 14), ("G11", 26)),
    tav(4, 3, ("G04", 52), ("G05", 36), ("G01", 40), ("G14", 25)),
    tav(4, 4, ("G08", 50), ("G06", 42), ("G07", 40), ("G10", 28)),
    tav(5, 1, ("G18", 58), ("G19", 24), ("G15", 16), ("G12", 30), ("G17", 18)),
    tav(5, 2, ("G01", 46), ("G02", 36), ("G13", 14), ("G14", 20), ("G10", 34)),
    tav(5, 3, ("G04", 48), ("G03", 34), ("G16", 10), ("G11", 22), ("G07", 38)),
    tav(5, 4, ("G09", 50), ("G05", 48), ("G06", 36), ("G08", 20)),
)

CASES.append(Case(
    id="club-cl_eclettica_xvii_2025-1",
    seed="cl_eclettica_xvii_2025",
    formula="interno",
    articles=[*XVII_QUOTES, XVII_URL],
    derivation=XVII_DERIVATION,
    players=XVII_PLAYERS,
    steps=[
        Cli(["formula", "--imposta", "Nome della formula=eclettica_xvii",
             "--imposta", "Titolo=XVII Torneo interno RCU Eclettica"]),
        XVII_ROUNDS_123,
        Cli(["iscrivi", "Domenico Scarlata", "--club", AGR, "--dal-turno", "4"],
            says="G19"),
        XVII_ROUNDS_45,
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08", "G09", "G10",
                   "G12", "G11", "G19", "G18", "G13", "G14", "G17", "G15", "G16"],
            complete=True,
            values={"G01": {"Generale": "3,210"}, "G02": {"Generale": "3,208"},
                    "G09": {"Generale": "1,175"}, "G10": {"Generale": "1,169"},
                    "G19": {"Generale": "1,100"}, "G18": {"Generale": "1,073"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02"}),
        ExpectQualificati("Semifinale",
                          ids={"G03", "G04", "G05", "G06", "G07", "G08", "G09", "G19"},
                          how={"G19": "ripescato"}, absent={"G10", "G18"}),
        ExpectTables("Semifinale",
                     tables=[{"G03", "G05", "G07", "G09"}, {"G04", "G06", "G08", "G19"}],
                     bands=[{"G03", "G04"}, {"G05", "G06"}, {"G07", "G08"},
                            {"G09", "G19"}]),
        Fill("Semifinale", seats(("G05", 50), ("G03", 40), ("G07", 25), ("G09", 12),
                                 ("G04", 48), ("G19", 35), ("G06", 30), ("G08", 28))),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G04", "G05"}),
        Fill("Finale", seats(("G02", 52), ("G04", 40), ("G01", 30), ("G05", 22))),
        Cli(["finali"]),
        ExpectFinale(order=["G02", "G04", "G01", "G05", "G03", "G06", "G07", "G08", "G09",
                            "G10", "G12", "G11", "G19", "G18", "G13", "G14", "G17", "G15",
                            "G16"], complete=True),
        Cli(["verifica"]),
    ],
))

# =============================================================================== XXI 2025

XXI_URL = ("https://www.ilfattonisseno.it/2025/10/risiko-club-ufficiale-eclettica-caltanissetta-"
           "xxi-torneo-i-vincitori-ai-tavoli-del-quinto-turno/")
XXI_URL2 = ("https://www.ilfattonisseno.it/2025/10/risiko-club-ufficiale-caltanissetta-il-30-"
            "ottobre-il-quinto-turno-del-xxi-torneo-interno/")
XXI_QUOTES = [
    "«Il torneo strutturato su nove turni con lo scarto di tre risultati (assenza o peggior "
    "risultato) prevede che sino a ventiquattro partecipanti i primi due della classifica al "
    "termine dei nove turni, effettuato lo scarto di tre turni, vadano direttamente in "
    "finale. I due tavoli delle semifinali, per definire gli altri due finalisti, saranno "
    "composti da sette giocatori meglio piazzati dopo i primi due, quindi sino al nono "
    "classificato, l’ottavo giocatore per completare il tavolo dei semifinalisti verrà "
    "ripescato dalla classifica dal decimo posto in giù, quindi tra i non classificati, con "
    "il maggior punteggio di una partita con il requisito di aver dovuto giocare almeno tre "
    "turni durante la fase di qualificazione del torneo.»",
    "«Il torneo che si gioca in nove turni troverà il suo epilogo con la finale l’11 "
    "dicembre e permette sino al sesto turno di iscriversi e giocare gli ultimi tre turni "
    "per potere essere tra i ripescati per la semifinale, infatti, come da regolamento "
    "interno del torneo, chi non rientra tra i qualificati nella classifica finale ha "
    "l’opportunità di andare in semifinale se ha almeno giocato tre turni e in questi "
    "ultimi ha ottenuto il miglior punteggio in una singola partita rispetto agli altri non "
    "classificati.»",
]

XXI_PLAYERS = [
    P("G01", "Simone", "Nicosia", EAG),
    P("G02", "Andrea", "Rizza", CAL),
    P("G03", "Michele", "Giarratana", ECL),
    P("G04", "Luigi", "Lo Iacono", PIF),
    P("G05", "Gabriele", "Palermo", PIF),
    P("G06", "Martino", "Ferrara", EAG),
    P("G07", "Maria Pia", "Cirrito", AGR),
    P("G08", "Giulia", "Bennici", ECL),
    P("G09", "Gioele", "Dell'Utri", CAL),
    P("G10", "Claudio", "Ruvolo", PIF),
    P("G11", "Ettore", "Lipani", ECL),
    P("G12", "Sergio", "Amorelli", CAL),
]

XXI_DERIVATION = SCORING_NOTE + (
    "Formula (guide §2): from «interno», «Turni preliminari» 9, «Scarti» 3 (absences first: "
    "«assenza o peggior risultato»), «Partite minime per il ripescaggio» 3 («aver dovuto "
    "giocare almeno tre turni»); the rest is the preset: 1st-2nd direct, semifinals "
    "3rd-9th + 1 ripescato «dal decimo posto in giù ... con il maggior punteggio di una "
    "partita», two tables of 4. The grid holds «sino a ventiquattro partecipanti»: here 13. "
    "Field: G01-G12 registered. After round 5, `iscrivi --dal-turno 6` enrols Claudio "
    "Lombardo (RC Agrigento) = G13, as the rule allows («permette sino al sesto turno di "
    "iscriversi e giocare gli ultimi tre turni»). Absences: G11 round 3; G10 round 4; G09 "
    "round 5; G08 round 8; G12 rounds 3-9 (plays rounds 1 and 2 only); G13 rounds 1-5 (not "
    "enrolled) and round 8: he plays rounds 6, 7, 9 = three games. Tables: 12 players "
    "(3 x 4) in rounds 1, 2, 6, 7, 9; 10 players (2 x 5) in rounds 3, 4, 5, 8. "
    "Results R1..R9, the 3 dropped in [ ] (absences first, then the worst), total of the "
    "other six: "
    "G01 1,052 W, [0,042], 1,058 W (46 at 5 -> 57,5 -> 58), 0,045 (36 at 5 -> 45), 1,063 W "
    "(50 at 5 -> 62,5 -> 63), [0,040], [0,044], 0,048 (38 at 5 -> 47,5 -> 48), 1,048 W = "
    "4,314 (all games 4,440). G02 [0,040], 1,055 W, 0,045 (36 at 5 -> 45), 1,060 W (48 at "
    "5 -> 60), 0,043 (34 at 5 -> 42,5 -> 43), [0,038], 1,054 W, 0,045 (36 at 5 -> 45), "
    "[0,042] = 3,302 (all games 3,422). G03 [0,035], 1,048 W, 0,043 (34 at 5 -> 42,5 -> "
    "43), 0,048 (38 at 5 -> 47,5 -> 48), 1,059 W (47 at 5 -> 58,75 -> 59), 0,042, [0,030], "
    "1,058 W (46 at 5 -> 57,5 -> 58), [0,040] = 3,298 (all games 3,403). G04 1,050 W, "
    "[0,038], 0,040 (32 at 5 -> 40), [0,038 (30 at 5 -> 37,5 -> 38)], 0,044 (35 at 5 -> "
    "43,75 -> 44), 1,052 W, [0,038], 0,040 (32 at 5 -> 40), 0,040 = 2,266 (all games "
    "2,380; the three dropped are his three results of 0,038). G05 [0,030], 1,050 W, "
    "0,038 (30 at 5 -> 37,5 -> 38), "
    "[0,033 (26 at 5 -> 32,5 -> 33)], 0,043 (34 at 5 -> 42,5 -> 43), 0,036, 1,050 W, "
    "[0,035 (28 at 5 -> 35)], 0,039 = 2,256 (all games 2,354). G06 [0,033], 0,040, 1,055 W "
    "(44 at 5 -> 55), [0,030 (24 at 5 -> 30)], 0,035 (28 at 5 -> 35), 1,050 W, 0,036, "
    "0,038 (30 at 5 -> 37,5 -> 38), [0,034] = 2,254 (all games 2,351). G07 [0,025], 0,036, "
    "0,035 (28 at 5 -> 35), 1,057 W (45 at 5 -> 56,25 -> 57), 0,033 (26 at 5 -> 32,5 -> "
    "33), [0,030], 0,034, [0,025 (20 at 5 -> 25)], 1,052 W = 2,247 (all games 2,327). G08 "
    "[0,030], 0,032, [0,018 (14 at 5 -> 17,5 -> 18)], 0,035 (28 at 5 -> 35), 0,030 (24 at "
    "5 -> 30), 1,048 W, 0,032, [ass], 0,036 = 1,213 (all games 1,261). G09 0,028, 0,030, "
    "0,033 (26 at 5 -> 32,5 -> 33), [0,025 (20 at 5 -> 25)], [ass], 0,034, [0,026], 0,030 "
    "(24 at 5 -> 30), 1,055 W = 1,210 (all games 1,261). G10 [0,022], 0,026, 0,025 (20 at "
    "5 -> 25), [ass], [0,023 (18 at 5 -> 22,5 -> 23)], 0,030, 0,024, 1,050 W (40 at 5 -> "
    "50), 0,025 = 1,180 (all games 1,225). G13 ass x5, 0,025, 1,070 W, ass, 0,028: six "
    "absences, three dropped, three count 0 = 1,123 (three games). G12 1,075 W, 0,020, "
    "then seven absences (three dropped) = 1,095 (two games). G11 0,020, [0,018], [ass], "
    "0,020 (16 at 5 -> 20), [0,018 (14 at 5 -> 17,5 -> 18)], 0,022, 0,020, 0,023 (18 at 5 "
    "-> 22,5 -> 23), 0,026 = 0,131 (all games 0,167). "
    "Standings: 1 G01 4,314; 2 G02 3,302; 3 G03 3,298; 4 G04 2,266; 5 G05 2,256; 6 G06 "
    "2,254; 7 G07 2,247; 8 G08 1,213; 9 G09 1,210; 10 G10 1,180; 11 G13 1,123; 12 G12 "
    "1,095; 13 G11 0,131. "
    "Direct: G01, G02. Semifinalists 3rd-9th: G03-G09. Ripescato, ranks 10-13 with at least "
    "three games: G10 (8 games, best 1,050), G13 (3 games, best 1,070), G11 (8 games, best "
    "0,026); G12 has the best single game (1,075) but only two games: not eligible. "
    "Ripescato: G13, the late entry of round 6. "
    "Semifinal bands of two: {G03,G04}, {G05,G06}, {G07,G08}, {G09,G13}; clubs: G03-G08 "
    "RCU Eclettica, G04-G05 RCU Il Pifferaio, G07-G13 RC Agrigento (G06 RCU Eagles "
    "Palermo, G09 RCU Caltanissetta): one split only, {G03, G05, G07, G09} and {G04, G06, "
    "G08, G13}. Semifinals typed: G07 50, G03 40, G05 30, G09 20 -> G07 wins; G08 48, G04 "
    "38, G13 30, G06 25 -> G08 wins. Final G01, G02, G07, G08 typed: G01 50, G08 42, G02 "
    "35, G07 25 -> G01, G08, G02, G07. "
) + FINAL_RANKING_NOTE + (
    "Then: G03 3,298 + 0,040 = 3,338 / 3,443; G04 2,266 + 0,038 = 2,304 / 2,418; G05 "
    "2,256 + 0,030 = 2,286 / 2,384; G06 2,254 + 0,025 = 2,279 / 2,376; G09 1,210 + 0,020 = "
    "1,230 / 1,281; G10 1,180 / 1,225; G13 1,123 + 0,030 = 1,153 / 1,153; G12 1,095; G11 "
    "0,131 / 0,167. Final ranking: G01, G08, G02, G07, G03, G04, G05, G06, G09, G10, G13, "
    "G12, G11. verifica: nothing differs.")

XXI_ROUNDS_1_5 = Type(
    tav(1, 1, ("G01", 52), ("G05", 30), ("G09", 28), ("G11", 20)),
    tav(1, 2, ("G12", 75), ("G03", 35), ("G07", 25), ("G10", 22)),
    tav(1, 3, ("G04", 50), ("G02", 40), ("G06", 33), ("G08", 30)),
    tav(2, 1, ("G02", 55), ("G04", 38), ("G10", 26), ("G11", 18)),
    tav(2, 2, ("G03", 48), ("G01", 42), ("G08", 32), ("G12", 20)),
    tav(2, 3, ("G05", 50), ("G06", 40), ("G07", 36), ("G09", 30)),
    tav(3, 1, ("G01", 46), ("G04", 32), ("G07", 28), ("G09", 26), ("G10", 20)),
    tav(3, 2, ("G06", 44), ("G02", 36), ("G03", 34), ("G05", 30), ("G08", 14)),
    tav(4, 1, ("G02", 48), ("G01", 36), ("G05", 26), ("G08", 28), ("G11", 16)),
    tav(4, 2, ("G07", 45), ("G03", 38), ("G04", 30), ("G06", 24), ("G09", 20)),
    tav(5, 1, ("G01", 50), ("G02", 34), ("G06", 28), ("G07", 26), ("G11", 14)),
    tav(5, 2, ("G03", 47), ("G04", 35), ("G05", 34), ("G08", 24), ("G10", 18)),
)
XXI_ROUNDS_6_9 = Type(
    tav(6, 1, ("G04", 52), ("G01", 40), ("G09", 34), ("G13", 25)),
    tav(6, 2, ("G06", 50), ("G02", 38), ("G10", 30), ("G11", 22)),
    tav(6, 3, ("G08", 48), ("G03", 42), ("G05", 36), ("G07", 30)),
    tav(7, 1, ("G02", 54), ("G06", 36), ("G08", 32), ("G11", 20)),
    tav(7, 2, ("G05", 50), ("G01", 44), ("G04", 38), ("G09", 26)),
    tav(7, 3, ("G13", 70), ("G07", 34), ("G03", 30), ("G10", 24)),
    tav(8, 1, ("G03", 46), ("G01", 38), ("G06", 30), ("G09", 24), ("G11", 18)),
    tav(8, 2, ("G10", 40), ("G02", 36), ("G04", 32), ("G05", 28), ("G07", 20)),
    tav(9, 1, ("G01", 48), ("G04", 40), ("G08", 36), ("G13", 28)),
    tav(9, 2, ("G07", 52), ("G02", 42), ("G06", 34), ("G11", 26)),
    tav(9, 3, ("G09", 55), ("G03", 40), ("G05", 39), ("G10", 25)),
)

CASES.append(Case(
    id="club-cl_eclettica_xxi_2025-1",
    seed="cl_eclettica_xxi_2025",
    formula="interno",
    articles=[*XXI_QUOTES, XXI_URL, XXI_URL2],
    derivation=XXI_DERIVATION,
    players=XXI_PLAYERS,
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=eclettica_xxi",
             "--imposta", "Titolo=XXI Torneo interno RCU Eclettica",
             "--imposta", "Turni preliminari=9",
             "--imposta", "Scarti=3",
             "--imposta", "Partite minime per il ripescaggio=3"]),
        Cli(["formula"], says=["9 turni preliminari, 3 scarti", "almeno 3 partite",
                               "dal 10° posto in giù"]),
        XXI_ROUNDS_1_5,
        Cli(["iscrivi", "Claudio Lombardo", "--club", AGR, "--dal-turno", "6"],
            says="G13"),
        XXI_ROUNDS_6_9,
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08", "G09", "G10",
                   "G13", "G12", "G11"], complete=True,
            values={"G01": {"Generale": "4,314"}, "G03": {"Generale": "3,298"},
                    "G09": {"Generale": "1,210"}, "G10": {"Generale": "1,180"},
                    "G13": {"Generale": "1,123"}, "G12": {"Generale": "1,095"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02"}),
        ExpectQualificati("Semifinale",
                          ids={"G03", "G04", "G05", "G06", "G07", "G08", "G09", "G13"},
                          how={"G13": "ripescato"}, absent={"G10", "G12", "G11"}),
        ExpectTables("Semifinale",
                     tables=[{"G03", "G05", "G07", "G09"}, {"G04", "G06", "G08", "G13"}],
                     bands=[{"G03", "G04"}, {"G05", "G06"}, {"G07", "G08"},
                            {"G09", "G13"}]),
        Fill("Semifinale", seats(("G07", 50), ("G03", 40), ("G05", 30), ("G09", 20),
                                 ("G08", 48), ("G04", 38), ("G13", 30), ("G06", 25))),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G07", "G08"}),
        Fill("Finale", seats(("G01", 50), ("G08", 42), ("G02", 35), ("G07", 25))),
        Cli(["finali"]),
        ExpectFinale(order=["G01", "G08", "G02", "G07", "G03", "G04", "G05", "G06", "G09",
                            "G10", "G13", "G12", "G11"], complete=True),
        Cli(["verifica"]),
    ],
))

# ============================================================================== XXII 2026

XXII_URL = ("https://www.ilfattonisseno.it/2026/02/risiko-club-ufficiale-caltanissetta-il-quarto-"
            "turno-del-xxii-torneo")
XXII_URL2 = ("https://www.ilfattonisseno.it/2026/02/risiko-club-ufficiale-caltanissetta-quinto-"
             "turno-del-xxii-torneo-i-vincitori-ai-tavoli")
XXII_QUOTES = [
    "«Quattro i tavoli con 2 tavoli da cinque giocatori» … «Gabriele Taschetti (che realizza "
    "Risiko! e concede pochi punti agli avversari del tavolo)» … «con il suo risiko! "
    "guadagna 200 punti che lo fanno passare dalla quarta posizione, della volta scorsa, "
    "alla prima»",
    "«Torneo che dà ai partecipanti punti utili per la classifica del Ranking Nazionale Live "
    "e per il Ranking interno “Eclettica”. Quattordici tra giocatrici e giocatori presenti su "
    "venti iscritti divisi in tre tavoli due da cinque ed uno da quattro concorrenti.» … "
    "«lottano tutti per le due posizioni utili per andare direttamente in finale. Ma a "
    "determinare il tutto sarà lo scarto di un turno (solo Gabriele Taschetti lo ha "
    "effettuato) che potrà ribaltare la classifica finale. Pure fluida e la classifica per "
    "essere ammessi alla semifinale che lascia prevedere il prossimo turno (sesto ed "
    "ultimo)»",
]

XXII_PLAYERS = [
    P("G01", "Gabriele", "Sardo", CAL),
    P("G02", "Andrea", "Vitale", CAL),
    P("G03", "Simone", "Dacquì", ECL),
    P("G04", "Martino", "Bellavia", PIF),
    P("G05", "Maria", "Giambra", ECL),
    P("G06", "Manuel", "Scozzaro", PIF),
    P("G07", "Giulia", "Arnone", AGR),
    P("G08", "Luigi", "Mancuso", ECL),
    P("G09", "Michele", "Costa", EAG),
    P("G10", "Gioele", "Pilato", AGR),
    P("G11", "Claudio", "Zaffuto", PIF),
    P("G12", "Marcello", "Spena", EAG),
    P("G13", "Rosa", "Zuppardo", CAL),
    P("G14", "Fabio", "Lauricella", AGR),
    P("G15", "Elena", "Raimondi", ECL),
]

XXII_DERIVATION = SCORING_NOTE + (
    "A RisiKo! is 1,100 whatever the table (001 §7; the club's own 200 points are its "
    "unpublished scale). Formula: from «interno», «Turni preliminari» 6 («prossimo turno "
    "(sesto ed ultimo)»), 1 drop («lo scarto di un turno»), 1st-2nd direct («le due "
    "posizioni utili per andare direttamente in finale»). «solo Gabriele Taschetti lo ha "
    "effettuato» after round 5: the only player who already «made» his drop is the one who "
    "missed a round; everybody else's drop is still to come and «potrà ribaltare la "
    "classifica finale»: the standings published before the last round do not drop "
    "anything, a missed round simply counts 0. Referee: «Scarti dal turno» = 6 (the drop "
    "is applied from the 6th, last, round; an absence is the first result dropped). The "
    "semifinals are not described in these articles: the referee keeps the club's formula "
    "of the same season (XX, XXI): 3rd-9th + 1 ripescato from the 10th place down with at "
    "least 2 games, two tables of 4 (the preset's rules, unchanged). "
    "Field: G01-G15 registered; after round 1 `iscrivi --dal-turno 2` enrols Salvatore "
    "Nicoletti (RCU Eagles Palermo) = G16. Absences: G01 round 2 (the «Taschetti» of this "
    "case: absent once, RisiKo! in round 4 at a 4-table, 70 objective points -> 1,100); "
    "G16 round 1 (not yet enrolled); G14 and G15 round 5 («Quattordici ... presenti ... "
    "tre tavoli due da cinque ed uno da quattro»). Round 1: 15 players (5+5+5), round 2: 15 "
    "(5+5+5), rounds 3, 4, 6: 16 (4 x 4), round 5: 14 (5+5+4). Round 5: G12 makes RisiKo! "
    "at a 5-table with 60 objective points -> 1,100 (not 60 x 1,25 = 75 -> 1,075); G04 is "
    "eliminated (first out, 0 points -> 0). "
    "Results R1..R6 (the drop of the final standings in [ ]): "
    "G01 1,060 W (48 at 5 -> 60), [ass], 0,040, 1,100 RisiKo!, 0,048 (38 at 5 -> 47,5 -> "
    "48), 1,052 W = 3,300. G02 1,063 W (50 at 5 -> 62,5 -> 63), 1,055 W (44 at 5 -> 55), "
    "0,038, [0,036], 0,043 (34 at 5 -> 42,5 -> 43), 1,048 W = 3,247 (all games 3,283). "
    "G05 1,058 W (46 at 5 -> 57,5 -> 58), 0,043 (34 at 5 -> 42,5 -> 43), [0,040], 0,040, "
    "1,063 W (50 at 5 -> 62,5 -> 63), 0,042 = 2,246 (all games 2,286). G03 0,045 (36 at 5 "
    "-> 45), 1,065 W (52 at 5 -> 65), [0,036], 1,050 W, 0,040, 0,038 = 2,238 (all games "
    "2,274). G04 0,048 (38 at 5 -> 47,5 -> 48), 0,050 (40 at 5 -> 50), 1,050 W, 0,030, [0 "
    "eliminated], 1,055 W = 2,233. G06 0,038 (30 at 5 -> 37,5 -> 38), [0,033 (26 at 5 -> "
    "32,5 -> 33)], 1,052 W, 0,042, 1,054 W, 0,036 = 2,222 (all games 2,255). G10 [0,025 "
    "(20 at 5 -> 25)], 0,050 (40 at 5 -> 50), 1,060 W, 0,038, 0,033 (26 at 5 -> 32,5 -> "
    "33), 0,034 = 1,215 (all games 1,240). G07 [0,035 (28 at 5 -> 35)], 0,048 (38 at 5 -> "
    "47,5 -> 48), 1,048 W, 0,036, 0,038 (30 at 5 -> 37,5 -> 38), 0,040 = 1,210 (all games "
    "1,245). G09 0,043 (34 at 5 -> 42,5 -> 43), 0,038 (30 at 5 -> 37,5 -> 38), 0,034, "
    "1,052 W, [0,028], 0,032 = 1,199 (all games 1,227). G08 0,040 (32 at 5 -> 40), [0,028 "
    "(22 at 5 -> 27,5 -> 28)], 0,038, 1,046 W, 0,036, 0,030 = 1,190 (all games 1,218). G16 "
    "[ass], 1,063 W (50 at 5 -> 62,5 -> 63), 0,030, 0,026, 0,038 (30 at 5 -> 37,5 -> 38), "
    "0,028 = 1,185. G12 [0,013 (10 at 5 -> 12,5 -> 13)], 0,025 (20 at 5 -> 25), 0,015, "
    "0,022, 1,100 RisiKo! (at a 5-table), 0,016 = 1,178 (all games 1,191). G11 0,030 (24 at "
    "5 -> 30), 0,028 (22 at 5 -> 27,5 -> 28), 0,030, 0,028, [0,020 (16 at 5 -> 20)], 1,045 "
    "W = 1,161 (all games 1,181). G14 0,018 (14 at 5 -> 17,5 -> 18), 0,020 (16 at 5 -> "
    "20), 0,018, 0,020, [ass], 0,026 = 0,102. G13 0,020 (16 at 5 -> 20), 0,018 (14 at 5 -> "
    "17,5 -> 18), 0,020, [0,008], 0,015 (12 at 5 -> 15), 0,018 = 0,091 (all games 0,099). "
    "G15 0,015 (12 at 5 -> 15), 0,013 (10 at 5 -> 12,5 -> 13), 0,014, 0,016, [ass], 0,020 "
    "= 0,078. "
    "Provisional standings after round 5 (nothing dropped, absences 0): 1 G01 2,248 (the "
    "RisiKo! puts him first although he missed round 2); 2 G05 2,244; 3 G03 2,236; 4 G02 "
    "2,235; 5 G06 2,219; 6 G10 1,206; 7 G07 1,205; 8 G09 1,195; 9 G08 1,188; 10 G04 1,178 "
    "(his 0 still counts); 11 G12 1,175; 12 G16 1,157; 13 G11 0,136; 14 G13 0,081; 15 G14 "
    "0,076; 16 G15 0,058. "
    "Final standings after round 6 with the drop: 1 G01 3,300 (his drop is the absence: "
    "all his games count); 2 G02 3,247; 3 G05 2,246; 4 G03 2,238; 5 G04 2,233 (the "
    "elimination's 0 is his drop; without the drop he would be 6th, 2,233 < G06 2,255: the "
    "drop «ribalta» the order); 6 G06 2,222; 7 G10 1,215; 8 G07 1,210; 9 G09 1,199; 10 "
    "G08 1,190; 11 G16 1,185; 12 G12 1,178; 13 G11 1,161; 14 G14 0,102; 15 G13 0,091; 16 "
    "G15 0,078. "
    "Direct finalists G01, G02; semifinalists 3rd-9th G05, G03, G04, G06, G10, G07, G09. "
    "Ripescato among the 10th and below with at least 2 games: G08 (best 1,046), G16 "
    "(1,063), G12 (1,100, the RisiKo!), G11 (1,045), G14, G13, G15 (no win): G12, 12th. "
    "Semifinal bands of two: {G05,G03}, {G04,G06}, {G10,G07}, {G09,G12}; the two players of "
    "each band are of the same club (RCU Eclettica, RCU Il Pifferaio, RC Agrigento, RCU "
    "Eagles Palermo) and the bands are of four different clubs: any split by bands keeps "
    "the clubs apart, so only the bands are asserted. Semifinals typed (whatever the "
    "split): G12 53, G09 52, G04 50, G05 48, G03 46, G06 20, G10 8, G07 2: each table's "
    "band-4 player has the most points: G12 and G09 win. Final G01, G02, G09, G12 typed: "
    "G12 45, G02 40, G01 35, G09 20 -> G12, G02, G01, G09. "
) + FINAL_RANKING_NOTE + (
    "Then: G05 2,246 + 0,048 = 2,294 / 2,334; G03 2,238 + 0,046 = 2,284 / 2,320; G04 2,233 "
    "+ 0,050 = 2,283 / 2,283; G06 2,222 + 0,020 = 2,242 / 2,275; G10 1,215 + 0,008 = 1,223 "
    "/ 1,248; G07 1,210 + 0,002 = 1,212 / 1,247; G08 1,190 / 1,218; G16 1,185 / 1,185; G11 "
    "1,161 / 1,181; G14 0,102 / 0,102; G13 0,091 / 0,099; G15 0,078 / 0,078. Final "
    "ranking: G12, G02, G01, G09, G05, G03, G04, G06, G10, G07, G08, G16, G11, G14, G13, "
    "G15. verifica: nothing differs.")

XXII_ROUND_1 = Type(
    tav(1, 1, ("G01", 48), ("G06", 30), ("G10", 20), ("G13", 16), ("G09", 34)),
    tav(1, 2, ("G02", 50), ("G03", 36), ("G11", 24), ("G14", 14), ("G07", 28)),
    tav(1, 3, ("G05", 46), ("G04", 38), ("G12", 10), ("G15", 12), ("G08", 32)),
)
XXII_ROUNDS_2_5 = Type(
    tav(2, 1, ("G02", 44), ("G05", 34), ("G12", 20), ("G15", 10), ("G10", 40)),
    tav(2, 2, ("G03", 52), ("G04", 40), ("G06", 26), ("G13", 14), ("G08", 22)),
    tav(2, 3, ("G16", 50), ("G07", 38), ("G09", 30), ("G11", 22), ("G14", 16)),
    tav(3, 1, ("G04", 50), ("G01", 40), ("G15", 14), ("G11", 30)),
    tav(3, 2, ("G06", 52), ("G02", 38), ("G12", 15), ("G16", 30)),
    tav(3, 3, ("G07", 48), ("G03", 36), ("G13", 20), ("G09", 34)),
    tav(3, 4, ("G10", 60), ("G05", 40), ("G14", 18), ("G08", 38)),
    tav(4, 1, S("G01", 70, 1, risiko=True), ("G02", 36), ("G16", 26), ("G13", 8)),
    tav(4, 2, ("G03", 50), ("G04", 30), ("G10", 38), ("G15", 16)),
    tav(4, 3, ("G08", 46), ("G05", 40), ("G11", 28), ("G14", 20)),
    tav(4, 4, ("G09", 52), ("G06", 42), ("G07", 36), ("G12", 22)),
    tav(5, 1, S("G12", 60, 1, risiko=True), S("G04", 0, 0, eliminato=1), ("G02", 34),
        ("G11", 16), ("G16", 30)),
    tav(5, 2, ("G05", 50), ("G01", 38), ("G07", 30), ("G13", 12), ("G10", 26)),
    tav(5, 3, ("G06", 54), ("G03", 40), ("G08", 36), ("G09", 28)),
)
XXII_ROUND_6 = Type(
    tav(6, 1, ("G01", 52), ("G03", 38), ("G12", 16), ("G14", 26)),
    tav(6, 2, ("G02", 48), ("G06", 36), ("G09", 32), ("G15", 20)),
    tav(6, 3, ("G04", 55), ("G05", 42), ("G16", 28), ("G13", 18)),
    tav(6, 4, ("G11", 45), ("G07", 40), ("G10", 34), ("G08", 30)),
)

CASES.append(Case(
    id="club-cl_eclettica_xxii_2026-1",
    seed="cl_eclettica_xxii_2026",
    formula="interno",
    articles=[*XXII_QUOTES, XXII_URL, XXII_URL2],
    derivation=XXII_DERIVATION,
    players=XXII_PLAYERS,
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=eclettica_xxii",
             "--imposta", "Titolo=XXII Torneo interno RCU Eclettica",
             "--imposta", "Turni preliminari=6",
             "--imposta", "Scarti dal turno=6"]),
        Cli(["formula"], says=["6 turni preliminari, 1 scarto", "dal 6° turno"]),
        XXII_ROUND_1,
        Cli(["iscrivi", "Salvatore Nicoletti", "--club", EAG, "--dal-turno", "2"],
            says="G16"),
        XXII_ROUNDS_2_5,
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G05", "G03", "G02", "G06", "G10", "G07", "G09", "G08", "G04",
                   "G12", "G16", "G11", "G13", "G14", "G15"], complete=True,
            values={"G01": {"Generale": "2,248"}, "G04": {"Generale": "1,178"},
                    "G12": {"Generale": "1,175"}}),
        XXII_ROUND_6,
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G02", "G05", "G03", "G04", "G06", "G10", "G07", "G09", "G08",
                   "G16", "G12", "G11", "G14", "G13", "G15"], complete=True,
            values={"G01": {"Generale": "3,300"}, "G02": {"Generale": "3,247"},
                    "G04": {"Generale": "2,233"}, "G06": {"Generale": "2,222"},
                    "G12": {"Generale": "1,178"}, "G16": {"Generale": "1,185"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02"}),
        ExpectQualificati("Semifinale",
                          ids={"G05", "G03", "G04", "G06", "G10", "G07", "G09", "G12"},
                          how={"G12": "ripescato"}, absent={"G08", "G16"}),
        ExpectTables("Semifinale",
                     players={"G05", "G03", "G04", "G06", "G10", "G07", "G09", "G12"},
                     bands=[{"G05", "G03"}, {"G04", "G06"}, {"G10", "G07"},
                            {"G09", "G12"}]),
        Fill("Semifinale", seats(("G12", 53), ("G09", 52), ("G04", 50), ("G05", 48),
                                 ("G03", 46), ("G06", 20), ("G10", 8), ("G07", 2))),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G09", "G12"}),
        Fill("Finale", seats(("G12", 45), ("G02", 40), ("G01", 35), ("G09", 20))),
        Cli(["finali"]),
        ExpectFinale(order=["G12", "G02", "G01", "G09", "G05", "G03", "G04", "G06", "G10",
                            "G07", "G08", "G16", "G11", "G14", "G13", "G15"], complete=True),
        Cli(["verifica"]),
    ],
))

# =============================================================================== XII 2024

XII_URLS = [
    "https://www.ilfattonisseno.it/2024/05/caltanissetta-eclettica-xii-torneo-di-risiko-podio-"
    "vince-manuel-carapezza-secondo-simone-pecoraro-terza-giorgia-moscarelli/",
    "https://www.ilfattonisseno.it/2024/04/caltanissetta-concluse-le-qualificazioni-alle-"
    "semifinali-del-xii-torneo-di-risiko/",
    "https://www.ilfattonisseno.it/2025/05/caltanissetta-il-6-maggio-al-club-ufficiale-"
    "eclettica-riprendono-le-attivita-di-risiko-con-il-1-memorial-manliopasqua/",
]
XII_QUOTES = [
    "«La formula del torneo, iniziato il 21 marzo, era articolata in una fase eliminatoria in "
    "cui si giocavano 5 partite di qualificazione con semifinali e finali. Ventiquattro "
    "iscritti al torneo tra giocatrici e giocatori. Al termine della prima fase di "
    "qualificazione i primi sedici giocatori della classifica generale si sono sfidati in "
    "quattro tavoli composti da quattro giocatori, i vincitori dei rispettivi tavoli sono "
    "stati ammessi alla finale.»",
    "«La finale … ha visto vincere Manuel Carapezza (Disumanuel), al secondo posto Simone "
    "Pecoraro (Simpec07), terza Giorgia Moscarelli ( LaMoss) e quarto Maurizio Giunta "
    "(Risiko55).»",
    "(XIX, 2025, for the club's usual drop) «strutturato con la consueta formula di una fase "
    "di qualificazione con 5 partite (scartando il risultato peggiore), semifinali e "
    "finali.»",
]

XII_CLUB = {
    "G01": ECL, "G02": PIF, "G03": AGR, "G04": EAG,
    "G05": PIF, "G06": AGR, "G07": EAG, "G08": ECL,
    "G09": AGR, "G10": EAG, "G11": ECL, "G12": PIF,
    "G13": EAG, "G14": ECL, "G15": PIF, "G19": AGR,
    "G16": CAL, "G17": CAL, "G18": CAL,
}
XII_NAMES = {
    "G01": ("Manuel", "Volpe"), "G02": ("Simone", "Lo Bue"), "G03": ("Giorgia", "Dimino"),
    "G04": ("Maurizio", "Schifano"), "G05": ("Rocco", "Di Vita"), "G06": ("Ilenia", "Mosca"),
    "G07": ("Davide", "Pellitteri"), "G08": ("Chiara", "Tabbì"), "G09": ("Lorenzo", "Cuva"),
    "G10": ("Antonio", "Gangi"), "G11": ("Veronica", "Butera"), "G12": ("Saverio", "Augello"),
    "G13": ("Tiziana", "Lo Verme"), "G14": ("Emanuele", "Sorce"), "G15": ("Graziella", "Urso"),
    "G16": ("Fabrizio", "Calì"), "G17": ("Nunzia", "Miccichè"), "G18": ("Paolo", "Fasciana"),
}
XII_PLAYERS = [P(pid, nome, cognome, XII_CLUB[pid])
               for pid, (nome, cognome) in XII_NAMES.items()]


def semifinal_clubs_apart(clubs: dict[str, str]) -> Callable[[View], None]:
    """Every semifinal table holds players of four different clubs («Club separati»)."""
    def check(view: View) -> None:
        tables: dict[object, list[str]] = {}
        for r in view.table("Risultati"):
            if r.get("Fase") == "Semifinale":
                tables.setdefault(r.get("Tavolo"), []).append(clubs[str(r.get("ID"))])
        assert tables, "no semifinal tables"
        for k, cl in tables.items():
            assert len(set(cl)) == len(cl), f"table {k}: clubs {cl}"
    return check


XII_DERIVATION = SCORING_NOTE + (
    "Formula: from «interno»: no direct finalist («i primi sedici ... in quattro tavoli ... "
    "i vincitori dei rispettivi tavoli sono stati ammessi alla finale»): «Finalisti "
    "diretti» = nessuno (and its number emptied), «Posti in classifica» = dal 1° al 16°, "
    "«Ripescati» = nessuno; 5 rounds (the preset's). Drops: the XII text is silent; the "
    "club calls «5 partite (scartando il risultato peggiore)» its «consueta formula» (XIX, "
    "2025): the referee keeps 1 drop (an absence is the first dropped), the preset's. "
    "Semifinal tables: not described; the referee takes the rule «semifinali»: tables by "
    "bands of the standings, as the Master's four semifinals (001 §8: one of the 1st-4th, "
    "one of the 5th-8th, one of the 9th-12th, one of the 13th-16th at each table), clubs "
    "kept apart («Club separati»). Final ranking 1st-4th = the final's order, as the club "
    "published it. "
    "Field: G01-G18 registered; after round 1 `iscrivi --dal-turno 2` enrols Tommaso "
    "Rizzo (RC Agrigento) = G19. Absences: G15 round 3, G18 rounds 4 and 5, G19 round 1 "
    "(not yet enrolled). Round 1: 18 players (5+5+4+4), round 2: all 19 (5+5+5+4), "
    "rounds 3, 4 and 5: 18 (5+5+4+4). "
    "Results R1..R5, drop in [ ]: "
    "G01 0,043 (34 at 5 -> 42,5 -> 43), 1,074 W (59 at 5 -> 73,75 -> 74), 1,067 W (53 at "
    "5 -> 66,25 -> 67), [0,010], 1,050 W (40 at 5 -> 50) = 3,234 (all games 3,244). G02 "
    "1,043 W, 1,065 W (52 at 5 -> 65), 0,044 (35 at 5 -> 43,75 -> 44), 0,030, [0,018] = "
    "2,182 (all games 2,200). G03 1,057 W (45 at 5 -> 56,25 -> 57), 1,059 W (47 at 5 -> "
    "58,75 -> 59), 0,038 (30 at 5 -> 37,5 -> 38), 0,027 (21 at 5 -> 26,25 -> 27), [0,018 "
    "(14 at 5 -> 17,5 -> 18)] = 2,181 (all games 2,199). G04 [0,012], 0,032 (25 at 5 -> "
    "31,25 -> 32), 1,046 W, 1,058 W, 0,043 (34 at 5 -> 42,5 -> 43) = 2,179 (all games "
    "2,191). G05 [0,013], 0,033 (26 at 5 -> 32,5 -> 33), 0,035 (28 at 5 -> 35), 1,053 W (42 "
    "at 5 -> 52,5 -> 53), 1,052 W = 2,173 (all games 2,186). G06 1,042 W, 0,037 (29 at 5 "
    "-> 36,25 -> 37), [0,012 (9 at 5 -> 11,25 -> 12)], 1,058 W (46 at 5 -> 57,5 -> 58), "
    "0,027 = 2,164 (all games 2,176). G07 0,023 (18 at 5 -> 22,5 -> 23), 0,038 (30 at 5 -> "
    "37,5 -> 38), 1,074 W (59 at 5 -> 73,75 -> 74), 0,031, [0,009] = 1,166 (all games "
    "1,175). G08 0,026, 0,025 (20 at 5 -> 25), [0,013], 1,060 W, 0,042 (33 at 5 -> 41,25 "
    "-> 42) = 1,153 (all games 1,166). G09 0,027 (21 at 5 -> 26,25 -> 27), [0,010 (8 at 5 "
    "-> 10)], 1,049 W, 0,042 (33 at 5 -> 41,25 -> 42), 0,030 = 1,148 (all games 1,158). "
    "G10 [0,020], 0,020, 0,037 (29 at 5 -> 36,25 -> 37), 0,028 (22 at 5 -> 27,5 -> 28), "
    "1,062 W (49 at 5 -> 61,25 -> 62) = 1,147 (all games 1,167). G11 0,033, 1,051 W, "
    "[0,010], 0,023, 0,028 = 1,135 (all games 1,145). G12 0,037 (29 at 5 -> 36,25 -> 37), "
    "[0,013 (10 at 5 -> 12,5 -> 13)], 0,019, 0,013 (10 at 5 -> 12,5 -> 13), 1,061 W = "
    "1,130 (all games 1,143). G13 1,059 W (47 at 5 -> 58,75 -> 59), 0,023, 0,019 (15 at 5 "
    "-> 18,75 -> 19), 0,019, [0,014 (11 at 5 -> 13,75 -> 14)] = 1,120 (all games 1,134). "
    "G14 0,028 (22 at 5 -> 27,5 -> 28), 0,029 (23 at 5 -> 28,75 -> 29), [0,013], 0,040 "
    "(32 at 5 -> 40), 0,032 (25 at 5 -> 31,25 -> 32) = 0,129 (all games 0,142). G15 0,019 "
    "(15 at 5 -> 18,75 -> 19), 0,047 (37 at 5 -> 46,25 -> 47), [ass], 0,035 (28 at 5 -> "
    "35), 0,026 = 0,127. G19 [ass], 0,017 (13 at 5 -> 16,25 -> 17), 0,018 (14 at 5 -> 17,5 "
    "-> 18), 0,039 (31 at 5 -> 38,75 -> 39), 0,044 (35 at 5 -> 43,75 -> 44) = 0,118. G16 "
    "0,032 (25 at 5 -> 31,25 -> 32), 0,025, 0,023, [0,022 (17 at 5 -> 21,25 -> 22)], 0,025 "
    "(20 at 5 -> 25) = 0,105 (all games 0,127). G17 0,022, [0,017 (13 at 5 -> 16,25 -> "
    "17)], 0,029, 0,018, 0,023 (18 at 5 -> 22,5 -> 23) = 0,092 (all games 0,109). G18 "
    "0,012 (9 at 5 -> 11,25 -> 12), 0,012 (9 at 5 -> 11,25 -> 12), 0,022 (17 at 5 -> 21,25 "
    "-> 22), [ass], ass = 0,046. "
    "Standings: G01..G15 in this order, 16 G19 0,118 (the late entry: his missed round is "
    "his drop), 17 G16 0,105 (five games, his worst 0,022 dropped; without drops he would "
    "have 0,127 and the 16th place), 18 G17, 19 G18. Semifinalists: the first 16, G01-G15 "
    "and G19; out: G16, G17, G18. Bands: {G01..G04}, {G05..G08}, {G09..G12}, {G13, G14, "
    "G15, G19}; the clubs (each band has one player of RCU Eclettica, RCU Il Pifferaio, RC "
    "Agrigento, RCU Eagles Palermo) allow four tables of four different clubs, and the "
    "case asserts that. Semifinals typed (whatever the split): band 3 G09 60, G10 58, G11 "
    "56, G12 54; band 1 G01 40, G02 38, G03 36, G04 34; band 2 G05 30, G06 28, G07 26, G08 "
    "24; band 4 G13 20, G14 18, G15 16, G19 14: the band-3 player wins every table. Final "
    "G09, G10, G11, G12 typed: G11 50, G09 40, G12 30, G10 20 -> G11, G09, G12, G10. "
) + FINAL_RANKING_NOTE + (
    "Then (standings total + lost semifinal): G01 3,234 + 0,040 = 3,274 / 3,284; G02 2,220 "
    "/ 2,238; G03 2,217 / 2,235; G04 2,213 / 2,225; G05 2,203 / 2,216; G06 2,192 / 2,204; "
    "G07 1,192 / 1,201; G08 1,177 / 1,190; G13 1,140 / 1,154; G14 0,147 / 0,160; G15 0,143 "
    "/ 0,143; G19 0,132 / 0,132; then G16 0,105 / 0,127; G17 0,092 / 0,109; G18 0,046. "
    "Final ranking: G11, G09, G12, G10, G01, G02, G03, G04, G05, G06, G07, G08, G13, G14, "
    "G15, G19, G16, G17, G18. verifica: nothing differs.")

XII_ROUND_1 = Type(
    tav(1, 1, ("G13", 47), ("G12", 29), ("G07", 18), ("G14", 22), ("G16", 25)),
    tav(1, 2, ("G09", 21), ("G03", 45), ("G15", 15), ("G18", 9), ("G01", 34)),
    tav(1, 3, ("G10", 20), ("G04", 12), ("G08", 26), ("G06", 42)),
    tav(1, 4, ("G02", 43), ("G05", 13), ("G11", 33), ("G17", 22)),
)
XII_ROUNDS_2_5 = Type(
    tav(2, 1, ("G03", 47), ("G07", 30), ("G09", 8), ("G18", 9), ("G04", 25)),
    tav(2, 2, ("G05", 26), ("G15", 37), ("G19", 13), ("G02", 52), ("G08", 20)),
    tav(2, 3, ("G01", 59), ("G12", 10), ("G14", 23), ("G06", 29), ("G17", 13)),
    tav(2, 4, ("G16", 25), ("G13", 23), ("G11", 51), ("G10", 20)),
    tav(3, 1, ("G07", 59), ("G10", 29), ("G06", 9), ("G19", 14), ("G05", 28)),
    tav(3, 2, ("G13", 15), ("G18", 17), ("G03", 30), ("G01", 53), ("G02", 35)),
    tav(3, 3, ("G08", 13), ("G16", 23), ("G09", 49), ("G17", 29)),
    tav(3, 4, ("G11", 10), ("G12", 19), ("G04", 46), ("G14", 13)),
    tav(4, 1, ("G12", 10), ("G09", 33), ("G03", 21), ("G05", 42), ("G14", 32)),
    tav(4, 2, ("G15", 28), ("G06", 46), ("G10", 22), ("G16", 17), ("G19", 31)),
    tav(4, 3, ("G17", 18), ("G07", 31), ("G08", 60), ("G13", 19)),
    tav(4, 4, ("G11", 23), ("G01", 10), ("G04", 58), ("G02", 30)),
    tav(5, 1, ("G08", 33), ("G04", 34), ("G14", 25), ("G10", 49), ("G13", 11)),
    tav(5, 2, ("G16", 20), ("G19", 35), ("G17", 18), ("G03", 14), ("G01", 40)),
    tav(5, 3, ("G12", 61), ("G15", 26), ("G07", 9), ("G09", 30)),
    tav(5, 4, ("G05", 52), ("G11", 28), ("G02", 18), ("G06", 27)),
)
XII_BANDS = [{"G01", "G02", "G03", "G04"}, {"G05", "G06", "G07", "G08"},
             {"G09", "G10", "G11", "G12"}, {"G13", "G14", "G15", "G19"}]

CASES.append(Case(
    id="club-cl_eclettica_xii_2024-1",
    seed="cl_eclettica_xii_2024",
    formula="interno",
    articles=[*XII_QUOTES, *XII_URLS],
    derivation=XII_DERIVATION,
    players=XII_PLAYERS,
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=eclettica_xii",
             "--imposta", "Titolo=XII Torneo RCU Eclettica",
             "--imposta", "Finalisti diretti=nessuno",
             "--imposta", "Numero finalisti diretti=",
             "--imposta", "Posti in classifica=dal 1° al 16°",
             "--imposta", "Ripescati=nessuno"]),
        Cli(["formula"], says=["Semifinali: dal 1° al 16°", "4 tavoli da 4",
                               "i vincitori delle semifinali"]),
        XII_ROUND_1,
        Cli(["iscrivi", "Tommaso Rizzo", "--club", AGR, "--dal-turno", "2"], says="G19"),
        XII_ROUNDS_2_5,
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08", "G09", "G10",
                   "G11", "G12", "G13", "G14", "G15", "G19", "G16", "G17", "G18"],
            complete=True,
            values={"G01": {"Generale": "3,234"}, "G15": {"Generale": "0,127"},
                    "G19": {"Generale": "0,118"}, "G16": {"Generale": "0,105"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids=set()),
        ExpectQualificati("Semifinale", ids=set().union(*XII_BANDS),
                          absent={"G16", "G17", "G18"}),
        ExpectTables("Semifinale", players=set().union(*XII_BANDS), bands=XII_BANDS),
        ExpectSheet("four different clubs at every semifinal table",
                    semifinal_clubs_apart(XII_CLUB)),
        Fill("Semifinale", seats(("G09", 60), ("G10", 58), ("G11", 56), ("G12", 54),
                                 ("G01", 40), ("G02", 38), ("G03", 36), ("G04", 34),
                                 ("G05", 30), ("G06", 28), ("G07", 26), ("G08", 24),
                                 ("G13", 20), ("G14", 18), ("G15", 16), ("G19", 14))),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G09", "G10", "G11", "G12"}),
        ExpectTables("Finale", tables=[{"G09", "G10", "G11", "G12"}]),
        Fill("Finale", seats(("G11", 50), ("G09", 40), ("G12", 30), ("G10", 20))),
        Cli(["finali"]),
        ExpectFinale(order=["G11", "G09", "G12", "G10", "G01", "G02", "G03", "G04", "G05",
                            "G06", "G07", "G08", "G13", "G14", "G15", "G19", "G16", "G17",
                            "G18"], complete=True),
        Cli(["verifica"]),
    ],
))

# ============================================================================== 10° 2023

TEN_URL = ("https://www.ilfattonisseno.it/2023/12/caltanissetta-manuel-carapezza-vince-il-10-"
           "torneo-di-risiko/")
TEN_QUOTE = (
    "«Al tavolo della finale c’erano Manuel Carapezza (in finale di diritto avendo chiuso le "
    "qualificazioni in prima posizione), Andrea Kiswarday, Marcello Candura e Michele "
    "Cammarata, approdati in finale vincendo i rispettivi tavoli di semifinale. … Con il 10° "
    "torneo interno, che ha visto la partecipazione di 32 concorrenti»")

TEN_CLUB = {
    "G01": EAG,
    "G02": ECL, "G03": PIF, "G04": AGR,
    "G05": PIF, "G06": AGR, "G07": EAG,
    "G08": AGR, "G09": EAG, "G10": ECL,
    "G11": EAG, "G12": ECL, "G13": PIF,
    "G14": CAL, "G15": EAG, "G16": CAL, "G17": EAG,
}
TEN_NAMES = {
    "G01": ("Manuel", "Ferlisi"), "G02": ("Andrea", "Petix"), "G03": ("Marcello", "Iannì"),
    "G04": ("Michele", "Scalia"), "G05": ("Carla", "Bruno"), "G06": ("Giovanni", "Lipari"),
    "G07": ("Sofia", "Vizzini"), "G08": ("Gaetano", "Sinatra"), "G09": ("Irene", "Lo Monaco"),
    "G10": ("Dario", "Cigna"), "G11": ("Marta", "Bonfanti"), "G12": ("Ivan", "Cutaia"),
    "G13": ("Lucia", "Ferrigno"), "G14": ("Alberto", "Pagano"), "G15": ("Rita", "Guarneri"),
    "G16": ("Mario", "Romano"),
}
TEN_PLAYERS = [P(pid, nome, cognome, TEN_CLUB[pid])
               for pid, (nome, cognome) in TEN_NAMES.items()]

TEN_DERIVATION = SCORING_NOTE + (
    "Formula: the article gives one direct finalist, the first of the qualifications («in "
    "finale di diritto avendo chiuso le qualificazioni in prima posizione»), and three "
    "finalists from the semifinal tables («vincendo i rispettivi tavoli di semifinale»): "
    "three tables of 4, i.e. twelve semifinalists, the 2nd-13th (research file: «Plausible "
    "semifinal pool: 2nd-13th»; the same grid as the club's Master and the Tour of "
    "Cagliari); no ripescato is mentioned. The number of rounds and the drop are not in "
    "the excerpt: the referee keeps the club's «consueta formula» (5 rounds, the worst "
    "result dropped), the preset's. From «interno»: «Numero finalisti diretti» 1, "
    "«Ripescati» nessuno (the program then empties the ripescato's two rules). Semifinal "
    "tables by bands (001 §8 with three semifinals: one of the 2nd-4th, one of the 5th-7th, "
    "one of the 8th-10th, one of the 11th-13th at each), clubs apart. "
    "Field: G01-G16 registered; after round 2 `iscrivi --dal-turno 3` enrols Rosario "
    "Alessi (RCU Eagles Palermo) = G17. Absences: G06 round 2, G02 round 4, G17 rounds 1-2 "
    "(not yet enrolled). Round 1: 16 (4 x 4), round 2: 15 (5+5+5), round 3: 17 "
    "(5+4+4+4), round 4: 16 (4 x 4), round 5: 17 (5+4+4+4). "
    "Results R1..R5, drop in [ ]: "
    "G01 1,062 W, 1,067 W (53 at 5 -> 66,25 -> 67), 0,032 (25 at 5 -> 31,25 -> 32), 1,048 "
    "W, [0,018 (14 at 5 -> 17,5 -> 18)] = 3,209 (all games 3,227). G02 1,049 W, 1,067 W (53 "
    "at 5 -> 66,25 -> 67), 0,033, [ass], 1,060 W (48 at 5 -> 60) = 3,209. G03 0,017, 1,059 "
    "W (47 at 5 -> 58,75 -> 59), 0,033, 1,059 W, [0,013] = 2,168 (all games 2,181). G04 "
    "1,061 W, 0,013 (10 at 5 -> 12,5 -> 13), [0,011], 0,036, 1,048 W = 2,158 (all games "
    "2,169). G05 0,021, 0,037 (29 at 5 -> 36,25 -> 37), 1,047 W, 1,046 W, [0,015] = 2,151 "
    "(all games 2,166). G06 0,010, [ass], 1,048 W, 0,011, 1,062 W = 2,131. G07 [0,020], "
    "0,043 (34 at 5 -> 42,5 -> 43), 0,047 (37 at 5 -> 46,25 -> 47), 0,037, 1,040 W = 1,167 "
    "(all games 1,187). G08 0,037, [0,025 (20 at 5 -> 25)], 1,044 W, 0,033, 0,025 = 1,139 "
    "(all games 1,164). G09 0,030, 0,030 (24 at 5 -> 30), 0,030, 1,046 W, [0,027 (21 at 5 "
    "-> 26,25 -> 27)] = 1,136 (all games 1,163). G10 0,015, 0,027 (21 at 5 -> 26,25 -> 27), "
    "1,055 W (44 at 5 -> 55), 0,025, [0,010] = 1,122 (all games 1,132). G11 1,059 W, 0,015 "
    "(12 at 5 -> 15), 0,017, [0,011], 0,030 (24 at 5 -> 30) = 1,121 (all games 1,132). G12 "
    "0,028, 0,037 (29 at 5 -> 36,25 -> 37), [0,017 (13 at 5 -> 16,25 -> 17)], 0,037, "
    "0,048 (38 at 5 -> 47,5 -> 48) = 0,150 (all games 0,167). G13 0,038, 0,028 (22 at 5 -> "
    "27,5 -> 28), 0,023 (18 at 5 -> 22,5 -> 23), [0,008], 0,034 = 0,123 (all games 0,131). "
    "G14 0,027, 0,024 (19 at 5 -> 23,75 -> 24), 0,019, 0,036, [0,010] = 0,106 (all games "
    "0,116). G15 0,036, 0,012 (9 at 5 -> 11,25 -> 12), 0,009, 0,038, [0,008] = 0,095 (all "
    "games 0,103). G16 [0,008], 0,030 (24 at 5 -> 30), 0,026, 0,009, 0,016 = 0,081 (all "
    "games 0,089). G17 [ass], ass, 0,024, 0,021, 0,026 = 0,071. "
    "Standings: G01 and G02 both 3,209, three wins each; tie-breaks of the preset (the "
    "Master's, 001 §7): best game 1,067 both; second best G01 1,062 against G02 1,060: G01 "
    "1st, the only direct finalist (the draw is not reached). Then 3 G03 2,168 ... 13 G13 "
    "0,123, 14 G14 0,106, 15 G15, 16 G16, 17 G17: the order is G01..G17. "
    "Semifinalists 2nd-13th: G02-G13; out: G14-G17. Bands: {G02,G03,G04}, {G05,G06,G07}, "
    "{G08,G09,G10}, {G11,G12,G13}; clubs (A RCU Eclettica, B RCU Il Pifferaio, C RC "
    "Agrigento, D RCU Eagles Palermo): band 1 G02 A, G03 B, G04 C; band 2 G05 B, G06 C, "
    "G07 D; band 3 G08 C, G09 D, G10 A; band 4 G11 D, G12 A, G13 B: three tables of four "
    "different clubs are possible (e.g. A-B-C-D, B-C-D-A, C-D-A-B by band), so «Club "
    "separati» must reach them; the case asserts the bands and the clubs apart, not which "
    "split. Semifinals typed (whatever the "
    "split): band 2 G05 60, G06 58, G07 56; band 1 G02 40, G03 38, G04 36; band 3 G08 30, "
    "G09 28, G10 26; band 4 G11 20, G12 18, G13 16: the band-2 player wins every table. "
    "Final G01, G05, G06, G07 typed: G06 50, G01 40, G07 30, G05 20 -> G06, G01, G07, G05. "
) + FINAL_RANKING_NOTE + (
    "Then: G02 3,209 + 0,040 = 3,249 / 3,249; G03 2,168 + 0,038 = 2,206 / 2,219; G04 2,158 "
    "+ 0,036 = 2,194 / 2,205; G08 1,139 + 0,030 = 1,169 / 1,194; G09 1,136 + 0,028 = 1,164 "
    "/ 1,191; G10 1,122 + 0,026 = 1,148 / 1,158; G11 1,121 + 0,020 = 1,141 / 1,152; G12 "
    "0,150 + 0,018 = 0,168 / 0,185; G13 0,123 + 0,016 = 0,139 / 0,147; G14 0,106 / 0,116; "
    "G15 0,095 / 0,103; G16 0,081 / 0,089; G17 0,071. Final ranking: G06, G01, G07, G05, "
    "G02, G03, G04, G08, G09, G10, G11, G12, G13, G14, G15, G16, G17. verifica: nothing "
    "differs.")

TEN_ROUNDS_12 = Type(
    tav(1, 1, ("G08", 37), ("G07", 20), ("G12", 28), ("G02", 49)),
    tav(1, 2, ("G01", 62), ("G10", 15), ("G03", 17), ("G13", 38)),
    tav(1, 3, ("G09", 30), ("G04", 61), ("G06", 10), ("G14", 27)),
    tav(1, 4, ("G11", 59), ("G05", 21), ("G15", 36), ("G16", 8)),
    tav(2, 1, ("G08", 20), ("G07", 34), ("G13", 22), ("G01", 53), ("G14", 19)),
    tav(2, 2, ("G12", 29), ("G03", 47), ("G16", 24), ("G15", 9), ("G04", 10)),
    tav(2, 3, ("G05", 29), ("G02", 53), ("G09", 24), ("G11", 12), ("G10", 21)),
)
TEN_ROUNDS_345 = Type(
    tav(3, 1, ("G01", 25), ("G10", 44), ("G07", 37), ("G12", 13), ("G13", 18)),
    tav(3, 2, ("G03", 33), ("G05", 47), ("G09", 30), ("G04", 11)),
    tav(3, 3, ("G17", 24), ("G16", 26), ("G06", 48), ("G14", 19)),
    tav(3, 4, ("G11", 17), ("G08", 44), ("G15", 9), ("G02", 33)),
    tav(4, 1, ("G16", 9), ("G14", 36), ("G12", 37), ("G03", 59)),
    tav(4, 2, ("G17", 21), ("G15", 38), ("G13", 8), ("G01", 48)),
    tav(4, 3, ("G04", 36), ("G05", 46), ("G11", 11), ("G10", 25)),
    tav(4, 4, ("G06", 11), ("G08", 33), ("G09", 46), ("G07", 37)),
    tav(5, 1, ("G02", 48), ("G11", 24), ("G12", 38), ("G09", 21), ("G01", 14)),
    tav(5, 2, ("G07", 40), ("G13", 34), ("G16", 16), ("G10", 10)),
    tav(5, 3, ("G03", 13), ("G17", 26), ("G04", 48), ("G15", 8)),
    tav(5, 4, ("G14", 10), ("G05", 15), ("G08", 25), ("G06", 62)),
)
TEN_BANDS = [{"G02", "G03", "G04"}, {"G05", "G06", "G07"}, {"G08", "G09", "G10"},
             {"G11", "G12", "G13"}]

CASES.append(Case(
    id="club-cl_eclettica_10_2023-1",
    seed="cl_eclettica_10_2023",
    formula="interno",
    articles=[TEN_QUOTE, TEN_URL],
    derivation=TEN_DERIVATION,
    players=TEN_PLAYERS,
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=eclettica_10",
             "--imposta", "Titolo=10° Torneo interno RCU Eclettica",
             "--imposta", "Numero finalisti diretti=1",
             "--imposta", "Ripescati=nessuno"]),
        Cli(["formula"], says=["Il primo in finale", "dal 2° al 13°", "3 tavoli da 4"]),
        TEN_ROUNDS_12,
        Cli(["iscrivi", "Rosario Alessi", "--club", EAG, "--dal-turno", "3"], says="G17"),
        TEN_ROUNDS_345,
        Cli(["classifica"]),
        ExpectClassifica(
            order=[f"G{i:02d}" for i in range(1, 18)], complete=True,
            values={"G01": {"Generale": "3,209"}, "G02": {"Generale": "3,209"},
                    "G13": {"Generale": "0,123"}, "G14": {"Generale": "0,106"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01"}),
        ExpectQualificati("Semifinale", ids=set().union(*TEN_BANDS),
                          absent={"G01", "G14", "G15", "G16", "G17"}),
        ExpectTables("Semifinale", players=set().union(*TEN_BANDS), bands=TEN_BANDS),
        ExpectSheet("four different clubs at every semifinal table",
                    semifinal_clubs_apart(TEN_CLUB)),
        Fill("Semifinale", seats(("G05", 60), ("G06", 58), ("G07", 56),
                                 ("G02", 40), ("G03", 38), ("G04", 36),
                                 ("G08", 30), ("G09", 28), ("G10", 26),
                                 ("G11", 20), ("G12", 18), ("G13", 16))),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G05", "G06", "G07"}),
        ExpectTables("Finale", tables=[{"G01", "G05", "G06", "G07"}]),
        Fill("Finale", seats(("G06", 50), ("G01", 40), ("G07", 30), ("G05", 20))),
        Cli(["finali"]),
        ExpectFinale(order=["G06", "G01", "G07", "G05", "G02", "G03", "G04", "G08", "G09",
                            "G10", "G11", "G12", "G13", "G14", "G15", "G16", "G17"],
                     complete=True),
        Cli(["verifica"]),
    ],
))

# ========================================================================= Memorial 2025

MEM_URL = ("https://www.ilfattonisseno.it/2025/05/caltanissetta-il-6-maggio-al-club-ufficiale-"
           "eclettica-riprendono-le-attivita-di-risiko-con-il-1-memorial-manliopasqua/")
MEM_URL2 = ("https://caltanissetta401.it/risiko-club-ufficiale-caltanissetta-campionato-"
            "regionale-individuale")
MEM_QUOTES = [
    "«Il campionato è strutturato su 10 giornate, a somma di punti con la possibilità di "
    "scartare i tre risultati peggiori. Risulterà campione chi alla fine delle 10 giornate "
    "avrà totalizzato più punti obiettivo. Al vincitore spetterà oltre che una targa "
    "appositamente realizzata anche un posto nella squadra che parteciperà al campionato "
    "nazionale a squadre … e accederà direttamente alla finale del campionato regionale "
    "individuale.»",
    "«Il torneo, riservato ai soci, è articolato in dieci turni con scarto dei peggiori tre "
    "risultati o assenze. … Inoltre verrà premiato il giocatore più giovane che avrà "
    "disputato almeno cinque partite.»",
]

MEM_PLAYERS = [
    P("G01", "Angela", "Pasqua", ECL),
    P("G02", "Liborio", "Amato", ECL),
    P("G03", "Giusi", "Riggio", ECL),
    P("G04", "Calogero", "Tona", ECL),
    P("G05", "Marianna", "Lo Presti", ECL),
    P("G06", "Ernesto", "Salvaggio", ECL),
    P("G07", "Manlio", "Provenzano", ECL),
    P("G08", "Rosanna", "Di Forti", ECL),
]

MEM_DERIVATION = (
    "Scoring: the text gives it: «Risulterà campione chi ... avrà totalizzato più punti "
    "obiettivo»: a game is worth its objective points, nothing else: no win bonus, no "
    "×1,25 at a 5-player table (the objective points as written on the score sheet; the "
    "referee reads «punti obiettivo» literally), no thousandths. Expressed with the method "
    "«tavolo_bonus» (table points + a win bonus) with «Bonus per posizione» 0 and «Fattori "
    "per tavolo» nessuno: the points of a game = its objective points. Aggregation: «10 "
    "giornate, a somma di punti ... scartare i tre risultati peggiori ... o assenze»: "
    "«Turni preliminari» 10, «Scarti» 3 (an absence is a 0, dropped first). No final: the "
    "champion is the first of the standings: «Fase prima della finale» nessuna, «Giocatori "
    "in finale» 0; the final ranking is the standings. Tie-breaks are not published: the "
    "preset's (best game, second best, third best, previous round, draw). Members only "
    "(«riservato ai soci»): every player is of RCU Eclettica. The prize for the youngest "
    "player with at least five games is outside the standings and not modelled. "
    "Field: G01-G08; after round 2 `iscrivi --dal-turno 3` enrols Giovanni Manlio (RCU "
    "Eclettica) = G09. Absences: G03 round 5; G05 rounds 7 and 8; G07 round 9; G09 rounds "
    "1-2 (not yet enrolled). Rounds 1, 2, 5, 7, 8, 9: 8 players (4+4); rounds 3, 4, 6, 10: "
    "9 (5+4). "
    "Objective points R1..R10, the three dropped in [ ] (absences first): "
    "G07 62, 52, 57, 58, [38], 64, [37], 64, [ass], 49 = 406 (all games 481). "
    "G08 61, [46], 49, 55, [24], 50, 57, 53, 62, [38] = 387 (all games 495). "
    "G09 [ass], [ass], 37, 37, [36], 59, 42, 48, 41, 64 = 328 (all games 364). "
    "G03 46, 29, [19], 46, [ass], 32, 46, [17], 23, 19 = 241. "
    "G01 [9], 51, 26, [18], [20], 33, 21, 20, 37, 28 = 216 (all games 263). "
    "G06 [21], 40, 28, 31, 23, [20], 32, 28, 34, [9] = 216 (all games 266). "
    "G04 29, 36, [9], [10], 20, 21, [10], 12, 47, 27 = 192. "
    "G02 24, 26, [10], 18, [10], 18, [16], 19, 28, 19 = 152. "
    "G05 13, 17, 17, 11, 23, [8], [ass], [ass], 42, 15 = 138. "
    "Standings: 1 G07 406, the champion (he missed round 9: that absence and his two worst "
    "games are the drops; on the sum of every game G08 would lead, 495 against 481: the "
    "three drops decide the title); 2 G08 387; 3 G09 328 (the late entry: his two missed "
    "rounds are two of his three drops); 4 G03 241; 5 G01 216 and 6 G06 216: equal "
    "totals, the first tie-break is the best game: G01 51 against G06 40, G01 ahead; 7 G04 "
    "192; 8 G02 152; 9 G05 138. Final ranking (no final): the same order. verifica: nothing "
    "differs.")

MEM_ROUNDS_12 = Type(
    tav(1, 1, ("G08", 61), ("G02", 24), ("G01", 9), ("G06", 21)),
    tav(1, 2, ("G05", 13), ("G03", 46), ("G04", 29), ("G07", 62)),
    tav(2, 1, ("G02", 26), ("G06", 40), ("G04", 36), ("G08", 46)),
    tav(2, 2, ("G05", 17), ("G01", 51), ("G07", 52), ("G03", 29)),
)
MEM_ROUNDS_3_10 = Type(
    tav(3, 1, ("G02", 10), ("G04", 9), ("G01", 26), ("G09", 37), ("G03", 19)),
    tav(3, 2, ("G08", 49), ("G07", 57), ("G05", 17), ("G06", 28)),
    tav(4, 1, ("G04", 10), ("G06", 31), ("G01", 18), ("G07", 58), ("G09", 37)),
    tav(4, 2, ("G02", 18), ("G08", 55), ("G05", 11), ("G03", 46)),
    tav(5, 1, ("G05", 23), ("G09", 36), ("G07", 38), ("G01", 20)),
    tav(5, 2, ("G02", 10), ("G06", 23), ("G08", 24), ("G04", 20)),
    tav(6, 1, ("G05", 8), ("G09", 59), ("G03", 32), ("G01", 33), ("G04", 21)),
    tav(6, 2, ("G08", 50), ("G06", 20), ("G07", 64), ("G02", 18)),
    tav(7, 1, ("G03", 46), ("G04", 10), ("G08", 57), ("G02", 16)),
    tav(7, 2, ("G07", 37), ("G06", 32), ("G09", 42), ("G01", 21)),
    tav(8, 1, ("G01", 20), ("G07", 64), ("G04", 12), ("G09", 48)),
    tav(8, 2, ("G02", 19), ("G03", 17), ("G08", 53), ("G06", 28)),
    tav(9, 1, ("G09", 41), ("G03", 23), ("G06", 34), ("G08", 62)),
    tav(9, 2, ("G04", 47), ("G05", 42), ("G01", 37), ("G02", 28)),
    tav(10, 1, ("G04", 27), ("G02", 19), ("G06", 9), ("G01", 28), ("G09", 64)),
    tav(10, 2, ("G07", 49), ("G08", 38), ("G05", 15), ("G03", 19)),
)
MEM_ORDER = ["G07", "G08", "G09", "G03", "G01", "G06", "G04", "G02", "G05"]

CASES.append(Case(
    id="club-cl_eclettica_memorial_2025-1",
    seed="cl_eclettica_memorial_2025",
    formula="interno",
    articles=[*MEM_QUOTES, MEM_URL, MEM_URL2],
    derivation=MEM_DERIVATION,
    players=MEM_PLAYERS,
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=memorial_manliopasqua",
             "--imposta", "Titolo=1° Memorial Manliopasqua (RCU Eclettica)",
             "--imposta", "Metodo punteggio=tavolo_bonus",
             "--imposta", "Bonus per posizione=0",
             "--imposta", "Fattori per tavolo=nessuno",
             "--imposta", "Turni preliminari=10",
             "--imposta", "Scarti=3",
             "--imposta", "Fase prima della finale=nessuna",
             "--imposta", "Giocatori in finale=0"]),
        Cli(["formula"], says=["10 turni preliminari, 3 scarti", "Nessuna finale"]),
        MEM_ROUNDS_12,
        Cli(["iscrivi", "Giovanni Manlio", "--club", ECL, "--dal-turno", "3"], says="G09"),
        MEM_ROUNDS_3_10,
        Cli(["classifica"]),
        ExpectClassifica(
            order=MEM_ORDER, complete=True,
            values={"G07": {"Generale": 406}, "G08": {"Generale": 387},
                    "G09": {"Generale": 328}, "G03": {"Generale": 241},
                    "G01": {"Generale": 216}, "G06": {"Generale": 216},
                    "G04": {"Generale": 192}, "G02": {"Generale": 152},
                    "G05": {"Generale": 138}}),
        Cli(["finali"]),
        ExpectFinale(order=MEM_ORDER, complete=True),
        Cli(["verifica"]),
    ],
))

# =============================================================================== XIX 2025

XIX_URLS = [
    "https://www.ilfattonisseno.it/2025/05/caltanissetta-il-6-maggio-al-club-ufficiale-"
    "eclettica-riprendono-le-attivita-di-risiko-con-il-1-memorial-manliopasqua/",
    "https://www.ilfattonisseno.it/2025/06/risiko-club-ufficiale-caltanissetta-i-finalisti-"
    "del-xix-torneo/",
]
XIX_QUOTES = [
    "«Giovedì 8 Maggio avrà invece inizio il XIX Torneo di RisiKo! Eclettica, strutturato "
    "con la consueta formula di una fase di qualificazione con 5 partite (scartando il "
    "risultato peggiore), semifinali e finali.»",
    "«Gli otto semifinalisti divisi in due tavoli hanno fatto rotolare i dadi … e dopo la "
    "classica sdadata vanno in finale Manuel Carapezza e Gabriele Taschetti che raggiungono "
    "il tavolo della finale in cui già siedono Andrea Kiswarday e Martino Brucato. … Giovedì "
    "26 si giocherà la finale del torneo che ha visto la partecipazione di 27 tra giocatrici "
    "e giocatori»",
]
XIX_NAMES = [
    "Rosario Sorce", "Agata Lo Giudice", "Emanuele Nicosia", "Valentina Burgio",
    "Salvatore Lombardo", "Beatrice Cancemi", "Alfonso Messina", "Carmela Sberna",
    "Diego Grasso", "Loredana Collura", "Fabio Amico", "Silvia Giunta", "Giacomo Palumbo",
    "Eleonora Ferrara", "Tommaso Scibetta", "Noemi Alessi", "Calogero Bruno",
    "Federica Iacono", "Giuseppe Capizzi", "Marina Ippolito", "Stefano Lanzalaco",
    "Ornella Pastorello", "Vittorio Russo", "Daniela Arancio", "Pasquale Falcone",
    "Cristina Genco",
]
XIX_CLUB = {"G03": ECL, "G05": ECL, "G04": PIF, "G06": PIF, "G07": AGR, "G08": EAG,
            "G09": CAL, "G27": CAL}
_CYCLE = [EAG, CAL, AGR, PIF, ECL]
XIX_PLAYERS = [
    P(f"G{i:02d}", name.split()[0], name.split(maxsplit=1)[1],
      XIX_CLUB.get(f"G{i:02d}", _CYCLE[i % 5]))
    for i, name in enumerate(XIX_NAMES, 1)
]

XIX_DERIVATION = SCORING_NOTE + (
    "Formula: «5 partite (scartando il risultato peggiore), semifinali e finali»; the "
    "final article shows two direct finalists («in cui già siedono») and eight "
    "semifinalists on two tables whose winners join them. Who the eight are is not said: "
    "the referee takes the club's formula of the same year (XVII, XX): 3rd-9th + 1 "
    "ripescato (best single game from the 10th place down, at least 2 games): the preset "
    "«interno» unchanged (name and title only). With 27 players the XVII's condition «Se "
    "gli iscritti al torneo saranno inferiori a 26» is not met, yet the club played the "
    "2 + 8 grid: the referee does not make the grid depend on the number of players. "
    "Tie-breaks are the preset's (best game, second best, ...). "
    "Field: G01-G26 registered; after round 1 `iscrivi --dal-turno 2` enrols Gaetano "
    "Calà (RCU Caltanissetta) = G27. Absences: G16 and G21 round 2, G08 round 3, G07 and "
    "G18 round 4, G13 round 5, G27 round 1 (not yet enrolled). Round 1: 26 players "
    "(5+5+4+4+4+4), round 2: 25 (5+4+4+4+4+4), round 3: 26, round 4: 25, round 5: 26. "
    "Results R1..R5, drop in [ ]: "
    "G01 1,072 W (57 at 5 -> 71,25 -> 72), [0,015 (12 at 5 -> 15)], 1,055 W, 1,048 W, "
    "0,028 = 3,203 (all games 3,218). G02 [0,008], 1,058 W, 1,068 W (54 at 5 -> 67,5 -> "
    "68), 1,055 W, 0,017 (13 at 5 -> 16,25 -> 17) = 3,198 (all games 3,206). G03 1,055 W, "
    "1,050 W, [0,028], 0,036, 0,044 (35 at 5 -> 43,75 -> 44) = 2,185 (all games 2,213). "
    "G04 1,055 W, [0,018], 1,053 W, 0,034, 0,029 = 2,171 (all games 2,189). G05 [0,009], "
    "0,025, 1,047 W, 0,038, 1,057 W = 2,167 (all games 2,176). G06 0,034, [0,011], 1,052 "
    "W, 1,047 W, 0,020 = 2,153 (all games 2,164). G07 1,042 W, 1,044 W, 0,013, [ass], "
    "0,042 (33 at 5 -> 41,25 -> 42) = 2,141. G08 0,020, 1,041 W, [ass], 0,011, 1,059 W (47 "
    "at 5 -> 58,75 -> 59) = 2,131. G09 0,036, 1,070 W (56 at 5 -> 70), [0,022], 0,027, "
    "0,034 (27 at 5 -> 33,75 -> 34) = 1,167 (all games 1,189). G10 0,025 (20 at 5 -> 25), "
    "0,034, 0,045 (36 at 5 -> 45), [0,024], 1,063 W (50 at 5 -> 62,5 -> 63) = 1,167 (all "
    "games 1,191). G11 1,062 W (49 at 5 -> 61,25 -> 62), 0,010 (8 at 5 -> 10), 0,042 (33 "
    "at 5 -> 41,25 -> 42), 0,044 (35 at 5 -> 43,75 -> 44), [0,009] = 1,158 (all games "
    "1,167). G12 0,022, 0,033, 0,032 (25 at 5 -> 31,25 -> 32), 1,061 W, [0,018] = 1,148 "
    "(all games 1,166). G13 0,037, 1,060 W, 0,033 (26 at 5 -> 32,5 -> 33), 0,016, [ass] = "
    "1,146. G14 0,022 (17 at 5 -> 21,25 -> 22), 0,023, 0,036, 1,058 W, [0,017] = 1,139 "
    "(all games 1,156). G15 0,043 (34 at 5 -> 42,5 -> 43), 0,035, [0,018 (14 at 5 -> 17,5 "
    "-> 18)], 0,019 (15 at 5 -> 18,75 -> 19), 1,042 W = 1,139 (all games 1,157). G27 "
    "[ass], 0,008, 1,078 W (62 at 5 -> 77,5 -> 78), 0,021, 0,028 = 1,135. G16 0,035 (28 "
    "at 5 -> 35), [ass], 0,019 (15 at 5 -> 18,75 -> 19), 1,058 W (46 at 5 -> 57,5 -> 58), "
    "0,014 (11 at 5 -> 13,75 -> 14) = 1,126. G17 0,022 (17 at 5 -> 21,25 -> 22), [0,008], "
    "0,017 (13 at 5 -> 16,25 -> 17), 0,035, 1,052 W = 1,126 (all games 1,134). G18 0,017 "
    "(13 at 5 -> 16,25 -> 17), 0,018, 0,021, [ass], 1,042 W = 1,098. G19 1,041 W, 0,022, "
    "0,014 (11 at 5 -> 13,75 -> 14), [0,011], 0,020 = 1,097 (all games 1,108). G20 0,047 "
    "(37 at 5 -> 46,25 -> 47), 0,019 (15 at 5 -> 18,75 -> 19), 0,037, 0,040 (32 at 5 -> "
    "40), [0,012 (9 at 5 -> 11,25 -> 12)] = 0,143 (all games 0,155). G21 0,030 (24 at 5 "
    "-> 30), [ass], 0,022, 0,036, 0,037 = 0,125. G22 0,023, [0,013], 0,037, 0,017 (13 at 5 "
    "-> 16,25 -> 17), 0,037 = 0,114 (all games 0,127). G23 0,032, 0,026, 0,031, 0,017, "
    "[0,013] = 0,106 (all games 0,119). G24 0,024, [0,011], 0,023, 0,037, 0,020 (16 at 5 "
    "-> 20) = 0,104 (all games 0,115). G25 [0,009], 0,014, 0,036, 0,017, 0,029 (23 at 5 "
    "-> 28,75 -> 29) = 0,096 (all games 0,105). G26 0,034, 0,020 (16 at 5 -> 20), [0,016], "
    "0,018, 0,024 = 0,096 (all games 0,112). "
    "Standings with the tie-breaks: G09 and G10 both 1,167: best game G09 1,070 against "
    "G10 1,063: G09 9th (in the semifinals), G10 10th (out; on the sum of every game G10 "
    "would be ahead, 1,191 against 1,189, and that is NOT the club's tie-break); G14 and "
    "G15 both 1,139: best game 1,058 against 1,042: G14 first; G16 and G17 both 1,126: "
    "1,058 against 1,052: G16 first; G25 and G26 both 0,096: 0,036 against 0,034: G25 "
    "first. Order: G01 ... G15, G27, G16 ... G26. "
    "Direct: G01, G02. Semifinalists 3rd-9th: G03-G09. Ripescato, 10th and below with at "
    "least 2 games, best single game: G27 1,078 (16th, four games), before G10 1,063, G11 "
    "1,062, G12 1,061, G13 1,060, G14 and G16 1,058, ... Bands of two: {G03,G04}, "
    "{G05,G06}, {G07,G08}, {G09,G27}; G03 and G05 are RCU Eclettica, G04 and G06 RCU Il "
    "Pifferaio: G03 sits with G06 and G04 with G05 (the other two bands are free). "
    "Semifinals typed (whatever the split): G07 60, G08 58, G03 40, G04 38, G05 30, G06 28, "
    "G09 20, G27 18: G07 and G08 win. Final G01, G02, G07, G08 typed: G08 50, G01 40, G07 "
    "30, G02 20 -> G08, G01, G07, G02. "
) + FINAL_RANKING_NOTE + (
    "The two readings agree down to the 11th place (below, the dropped results reorder "
    "players and some sums are equal, for which the text gives no rule: not asserted): G03 "
    "2,185 + 0,040 = 2,225 / 2,253; G04 2,171 + 0,038 = 2,209 / 2,227; G05 2,167 + 0,030 = "
    "2,197 / 2,206; G06 2,153 + 0,028 = 2,181 / 2,192; G09 1,167 + 0,020 = 1,187 / 1,209; "
    "G10 1,167 / 1,191; G11 1,158 / 1,167 (the ripescato G27, 1,135 + 0,018 = 1,153, comes "
    "after them in both). Final ranking: G08, G01, G07, G02, G03, G04, G05, G06, G09, G10, "
    "G11, ... verifica: nothing differs.")

XIX_ROUND_1 = Type(
    tav(1, 1, ("G14", 17), ("G20", 37), ("G10", 20), ("G21", 24), ("G01", 57)),
    tav(1, 2, ("G11", 49), ("G16", 28), ("G17", 17), ("G15", 34), ("G18", 13)),
    tav(1, 3, ("G07", 42), ("G23", 32), ("G13", 37), ("G06", 34)),
    tav(1, 4, ("G08", 20), ("G04", 55), ("G26", 34), ("G02", 8)),
    tav(1, 5, ("G05", 9), ("G19", 41), ("G12", 22), ("G09", 36)),
    tav(1, 6, ("G22", 23), ("G03", 55), ("G24", 24), ("G25", 9)),
)
XIX_ROUNDS_2_5 = Type(
    tav(2, 1, ("G20", 15), ("G11", 8), ("G01", 12), ("G26", 16), ("G09", 56)),
    tav(2, 2, ("G04", 18), ("G14", 23), ("G27", 8), ("G03", 50)),
    tav(2, 3, ("G10", 34), ("G08", 41), ("G22", 13), ("G15", 35)),
    tav(2, 4, ("G07", 44), ("G18", 18), ("G24", 11), ("G19", 22)),
    tav(2, 5, ("G17", 8), ("G12", 33), ("G06", 11), ("G02", 58)),
    tav(2, 6, ("G25", 14), ("G13", 60), ("G23", 26), ("G05", 25)),
    tav(3, 1, ("G11", 33), ("G19", 11), ("G27", 62), ("G15", 14), ("G13", 26)),
    tav(3, 2, ("G16", 15), ("G12", 25), ("G02", 54), ("G17", 13), ("G10", 36)),
    tav(3, 3, ("G23", 31), ("G18", 21), ("G25", 36), ("G05", 47)),
    tav(3, 4, ("G01", 55), ("G24", 23), ("G22", 37), ("G21", 22)),
    tav(3, 5, ("G09", 22), ("G26", 16), ("G20", 37), ("G04", 53)),
    tav(3, 6, ("G06", 52), ("G07", 13), ("G03", 28), ("G14", 36)),
    tav(4, 1, ("G15", 15), ("G11", 35), ("G22", 13), ("G16", 46), ("G20", 32)),
    tav(4, 2, ("G12", 61), ("G26", 18), ("G21", 36), ("G17", 35)),
    tav(4, 3, ("G27", 21), ("G03", 36), ("G01", 48), ("G08", 11)),
    tav(4, 4, ("G24", 37), ("G14", 58), ("G25", 17), ("G13", 16)),
    tav(4, 5, ("G19", 11), ("G02", 55), ("G05", 38), ("G10", 24)),
    tav(4, 6, ("G09", 27), ("G23", 17), ("G04", 34), ("G06", 47)),
    tav(5, 1, ("G24", 16), ("G08", 47), ("G02", 13), ("G03", 35), ("G25", 23)),
    tav(5, 2, ("G16", 11), ("G10", 50), ("G20", 9), ("G09", 27), ("G07", 33)),
    tav(5, 3, ("G12", 18), ("G14", 17), ("G17", 52), ("G26", 24)),
    tav(5, 4, ("G05", 57), ("G19", 20), ("G01", 28), ("G21", 37)),
    tav(5, 5, ("G22", 37), ("G18", 42), ("G04", 29), ("G23", 13)),
    tav(5, 6, ("G27", 28), ("G15", 42), ("G11", 9), ("G06", 20)),
)
XIX_SEMI = {"G03", "G04", "G05", "G06", "G07", "G08", "G09", "G27"}


def xix_clubs(view: View) -> None:
    table = {str(r.get("ID")): r.get("Tavolo") for r in view.table("Risultati")
             if r.get("Fase") == "Semifinale"}
    assert table["G03"] == table["G06"] != table["G04"] == table["G05"], table


CASES.append(Case(
    id="club-cl_eclettica_xix_2025-1",
    seed="cl_eclettica_xix_2025",
    formula="interno",
    articles=[*XIX_QUOTES, *XIX_URLS],
    derivation=XIX_DERIVATION,
    players=XIX_PLAYERS,
    steps=[
        Cli(["formula", "--imposta", "Nome della formula=eclettica_xix",
             "--imposta", "Titolo=XIX Torneo RCU Eclettica"]),
        XIX_ROUND_1,
        Cli(["iscrivi", "Gaetano Calà", "--club", CAL, "--dal-turno", "2"], says="G27"),
        XIX_ROUNDS_2_5,
        Cli(["classifica"]),
        ExpectClassifica(
            order=[f"G{i:02d}" for i in range(1, 16)] + ["G27"]
            + [f"G{i:02d}" for i in range(16, 27)], complete=True,
            values={"G09": {"Generale": "1,167"}, "G10": {"Generale": "1,167"},
                    "G14": {"Generale": "1,139"}, "G15": {"Generale": "1,139"},
                    "G27": {"Generale": "1,135"}, "G26": {"Generale": "0,096"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02"}),
        ExpectQualificati("Semifinale", ids=XIX_SEMI, how={"G27": "ripescato"},
                          absent={"G10", "G11"}),
        ExpectTables("Semifinale", players=XIX_SEMI,
                     bands=[{"G03", "G04"}, {"G05", "G06"}, {"G07", "G08"},
                            {"G09", "G27"}]),
        ExpectSheet("clubs apart: G03 with G06, G04 with G05", xix_clubs),
        Fill("Semifinale", seats(("G07", 60), ("G08", 58), ("G03", 40), ("G04", 38),
                                 ("G05", 30), ("G06", 28), ("G09", 20), ("G27", 18))),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G07", "G08"}),
        Fill("Finale", seats(("G08", 50), ("G01", 40), ("G07", 30), ("G02", 20))),
        Cli(["finali"]),
        ExpectFinale(order=["G08", "G01", "G07", "G02", "G03", "G04", "G05", "G06", "G09",
                            "G10", "G11"]),
        Cli(["verifica"]),
    ],
))
