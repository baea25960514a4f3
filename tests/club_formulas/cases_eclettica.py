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

from tests.casebook.runner import (
    Case,
    Cli,
    ExpectClassifica,
    ExpectFinale,
    ExpectQualificati,
    ExpectTables,
    Fill,
    P,
    S,
    Tav,
    Type,
)

CASES: list[Case] = []


def tav(turno: int, tavolo: int, *seats: tuple[str, int]) -> Tav:
    """A table of a preliminary round: (ID, objective points) in order of play; every seat
    has 1 point out of objective (the objective points at each table are all different,
    so the out-of-objective points never decide a place; objective plus out-of-objective
    points of a table stay within the map's 164)."""
    return Tav(turno, tavolo, [S(pid, obj, 1) for pid, obj in seats])


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
    "2,380; the three dropped are his three results of 0,038). G05 [0,030], 1,050 W, 0,038 (30 at 5 -> 37,5 -> 38), "
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
