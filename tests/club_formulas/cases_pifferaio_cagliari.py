"""Club formulas of RCU «Il Pifferaio» (San Cataldo, CL) and RCU Cagliari (research file
/work/research/club_formulas.md, §3.10-3.14 and §3.16), each set up from the `interno`
preset through `risiko-xl formula --imposta` (and a rule typed in the Formula sheet) and
played from the registrations to the final ranking, with late arrivals and absences.

Scoring: none of these clubs publishes its points table; every case keeps the Master's
«millesimi» (001 §7): table points (x1,25 rounded up at a 5-player table, capped at 100)
in thousandths, plus 1 to the table winner. Every table below has distinct objective
points, so «Punti fuori obiettivo» (2 for everybody) never decides a place.

The qualifiers and the rankings in each derivation were worked out by hand from the quoted
text before the program was run. Notation: «T3 1,065» = 1,065 tournament points in round 3,
«ass.» = not seated in that round (0), «[...]» = a result dropped (an absence first).
"""

from __future__ import annotations

from tests.casebook.runner import (
    Case,
    Cli,
    Enrol,
    ExpectClassifica,
    ExpectFinale,
    ExpectQualificati,
    ExpectTables,
    Fill,
    P,
    Rule,
    S,
    Tav,
    Type,
)

FUORI = 2  # out-of-objective points typed for everybody (never decisive: distinct objectives)


def rounds(data: dict[int, list[list[tuple[str, int]]]]) -> Type:
    """Type whole preliminary rounds: {turno: [table, ...]}, a table = [(ID, punti
    obiettivo), ...] in order of play, numbered 1, 2, ... in the order given."""
    return Type(*[Tav(turno, n, [S(pid, pts, FUORI) for pid, pts in table])
                  for turno, tables in sorted(data.items())
                  for n, table in enumerate(tables, start=1)])


def seats(points: dict[str, int]) -> list[S]:
    """Points typed into the rows the program pre-filled for a final phase."""
    return [S(pid, pts, FUORI) for pid, pts in points.items()]


MILLESIMI = (
    "Punteggio (not published by the club): the Master's millesimi, 001 §7: «ad ogni "
    "territorio in obiettivo verrà assegnato un punteggio tavolo ... si trasformerà "
    "automaticamente nei punti torneo di quel giocatore tramite una conversione in millesimi, "
    "aggiungendo poi al vincitore della partita una unità. Nei tavoli da 5 giocatori i "
    "punteggi si devono moltiplicare per 1,25 con eventuali arrotondamenti alla terza cifra "
    "dopo la virgola sempre per eccesso ... il punteggio massimo ottenibile ad un tavolo a 5 "
    "è pari a 1,100»")
FINALE_001 = (
    "001 §7 (Classifica finale, rule «finale e somma dei punti» of the interno preset): «dal "
    "1° al 4° posto ... in base all'esito della/e finale/i • dal 5° (o 9°) posto a seguire in "
    "base alla somma dei singoli punti-torneo ottenuti nelle partite giocate (prime due più "
    "l'eventuale semifinale non vinta)»")

CASES: list[Case] = []


# =============================================================================
# 3.13 cl_pifferaio_natale_2025 — 6° torneo «In viaggio verso il Natale»
# =============================================================================

NATALE_URL_1 = ("https://www.ilfattonisseno.it/2025/10/san-cataldo-il-22-ottobre-inizia-il-6-"
                "torneo-interno-in-viaggio-verso-natale/")
NATALE_URL_2 = ("https://www.ilfattonisseno.it/2025/11/san-cataldo-al-risiko-club-ufficiale-il-"
                "pifferaio-si-riaccendono-le-luci-con-il-6-turno-del-6-torneo/")
NATALE_URL_3 = ("https://www.ilfattonisseno.it/2025/12/risiko-club-ufficiale-il-pifferaio-di-"
                "san-cataldo-i-semifinalisti-del-sesto-torneo-interno/")
NATALE_ARTICLES = [
    "«A differenza dei precedenti tornei, la nuova competizione avrà una durata piu’ lunga, 7 "
    "giornate di qualificazione, anziché 4, e la possibilità di scartare i due peggiori "
    "risultati che possono coincidere anche con una o piu’ assenze dalle serate di gioco.» — "
    + NATALE_URL_1,
    "«Con il 6° turno di domani sera, però, e con il 7° turno della prossima settimana, "
    "ultimo turno conclusivo delle qualificazioni, inizia il cosiddetto “scarto” dei due "
    "peggiori risultati di gioco, eventuale assenza compresa. Questo significa che la "
    "classifica prenderà in considerazione solo 5 risultati utili tra 7 turni di gioco per la "
    "composizione della griglia delle finali e delle semifinali, con il passaggio alla seconda "
    "fase del torneo di 2 finalisti diretti e 8 semifinalisti. Ma con la regola del "
    "ripescaggio del miglior risultato, anche in una sola partita, il Torneo è ancora aperto "
    "a tut[ti]» — " + NATALE_URL_2,
    "«la Classifica finale delle qualificazioni conteggia 18 giocatori, numero che proprio "
    "all’ultimo turno rivoluziona la formula di passaggio alle semifinali, con un finalista "
    "diretto e dodici semifinalisti, di cui un giocatore ripescato con il miglior punteggio "
    "anche in una sola partita nel corso dei sette turni della prima fase.» … «il passaggio "
    "alla seconda fase del torneo per tredici giocatori, il primo direttamente in finale e gli "
    "altri dodici a seguire alle semifinali, compreso il giocatore ripescato con il miglior "
    "punteggio.» — " + NATALE_URL_3,
    MILLESIMI,
    FINALE_001,
]

NATALE_FORMULA = Cli([
    "formula",
    "--imposta", "Nome della formula=pifferaio_natale",
    "--imposta", "Titolo=6° torneo RCU Il Pifferaio «In viaggio verso il Natale»",
    "--imposta", "Turni preliminari=7",
    "--imposta", "Scarti=2",
    "--imposta", "Scarti dal turno=6",
    "--imposta", "Numero finalisti diretti=fino a 17 giocatori: 2; oltre: 1",
    "--imposta", "Ripescati dal posto=nessuno",
    "--imposta", "Partite minime per il ripescaggio=0",
], says=["7 turni preliminari", "dal 6° turno"])

NATALE_PLAYERS = [
    P("G01", "Salvatore", "Amico", "Il Pifferaio"),
    P("G02", "Giuseppe", "Bellomo", "Eclettica"),
    P("G03", "Calogero", "Cammarata", "Caltanissetta"),
    P("G04", "Michele", "Di Forti", "Gela"),
    P("G05", "Rosario", "Falzone", "Agrigento"),
    P("G06", "Marco", "Giambra", "Eagles"),
    P("G07", "Luigi", "Iannello", "Catania"),
    P("G08", "Angelo", "Lo Presti", "Il Pifferaio"),
    P("G09", "Vincenzo", "Messina", "Eclettica"),
    P("G10", "Carmelo", "Nicosia", "Caltanissetta"),
    P("G11", "Francesco", "Pagano", "Gela"),
    P("G12", "Gaetano", "Riggi", "Agrigento"),
    P("G13", "Antonio", "Scarantino", "Eagles"),
    P("G14", "Davide", "Tumminelli", "Catania"),
    P("G15", "Paolo", "Vullo", "Il Pifferaio"),
]
# late arrivals, registered with `iscrivi` (first free ID):
NATALE_G16 = Cli(["iscrivi", "Sergio Zappulla", "--club", "Eclettica", "--dal-turno", "3"],
                 says="G16")
NATALE_G17 = Cli(["iscrivi", "Alberto Presti", "--club", "Caltanissetta", "--dal-turno", "7"],
                 says="G17")
NATALE_G18 = Cli(["iscrivi", "Ignazio Volpe", "--club", "Gela", "--dal-turno", "7"],
                 says="G18")

NATALE_R12 = {
    1: [[("G13", 20), ("G11", 52), ("G07", 19), ("G12", 23), ("G15", 4)],
        [("G01", 67), ("G05", 22), ("G02", 29), ("G08", 25), ("G14", 9)],
        [("G06", 9), ("G03", 22), ("G09", 24), ("G10", 28), ("G04", 69)]],
    2: [[("G03", 36), ("G01", 67), ("G13", 20), ("G02", 32)],
        [("G04", 66), ("G14", 29), ("G06", 10), ("G10", 7), ("G12", 41)],
        [("G07", 20), ("G11", 19), ("G08", 40), ("G05", 23), ("G15", 50)]],
}
NATALE_R345 = {
    3: [[("G04", 71), ("G16", 30), ("G15", 27), ("G12", 26)],
        [("G08", 40), ("G07", 23), ("G13", 33), ("G02", 58)],
        [("G09", 37), ("G06", 9), ("G03", 65), ("G11", 35)],
        [("G10", 39), ("G05", 34), ("G14", 5), ("G01", 76)]],
    4: [[("G03", 42), ("G09", 45), ("G14", 8), ("G08", 4)],
        [("G07", 22), ("G11", 31), ("G15", 33), ("G02", 19), ("G13", 47)],
        [("G16", 2), ("G01", 69), ("G05", 24), ("G10", 15), ("G06", 42)]],
    5: [[("G13", 13), ("G02", 61), ("G01", 30), ("G06", 16), ("G09", 31)],
        [("G03", 35), ("G08", 44), ("G10", 49), ("G15", 10), ("G16", 14)],
        [("G04", 61), ("G12", 3), ("G11", 8), ("G07", 44), ("G05", 36)]],
}
NATALE_R6 = {
    6: [[("G01", 71), ("G04", 31), ("G02", 36), ("G08", 16)],
        [("G16", 31), ("G09", 46), ("G07", 28), ("G13", 15)],
        [("G11", 49), ("G12", 24), ("G03", 40), ("G06", 10)],
        [("G14", 4), ("G10", 27), ("G05", 32), ("G15", 35)]],
}
NATALE_R7_16 = {
    7: [[("G16", 4), ("G09", 42), ("G13", 15), ("G02", 50)],
        [("G15", 16), ("G01", 35), ("G07", 24), ("G14", 8)],
        [("G05", 52), ("G08", 45), ("G10", 18), ("G04", 35)],
        [("G11", 20), ("G12", 24), ("G06", 59), ("G03", 37)]],
}
NATALE_R7_18 = {
    7: [[("G17", 78), ("G02", 50), ("G13", 15), ("G16", 4)],
        [("G15", 16), ("G01", 35), ("G07", 40), ("G14", 8)],
        [("G05", 41), ("G08", 60), ("G10", 14), ("G04", 28), ("G18", 9)],
        [("G11", 15), ("G12", 18), ("G06", 59), ("G03", 28), ("G09", 32)]],
}


NATALE_COMMON = (
    "SETUP. From `interno`: «7 giornate di qualificazione» -> Turni preliminari=7; «scartare "
    "i due peggiori risultati ... anche con una o piu' assenze» -> Scarti=2 (an absence is a "
    "0 and the first result dropped); «Con il 6° turno ... inizia il cosiddetto scarto» -> "
    "Scarti dal turno=6 (after rounds 1-5 the provisional standings are plain sums). The "
    "grid depends on the players in the standings: 16 -> «2 finalisti diretti e 8 "
    "semifinalisti», 18 -> «un finalista diretto e dodici semifinalisti, di cui un giocatore "
    "ripescato»; the threshold for 17 is not published: referee fill from the 7th edition "
    "(17 players, 2 direct finalists, §3.14): Numero finalisti diretti = «fino a 17 "
    "giocatori: 2; oltre: 1» (with 2: two semifinals, places 3rd-9th plus the ripescato; "
    "with 1: three semifinals, places 2nd-12th plus the ripescato; final of 4 = direct "
    "finalists + semifinal winners, as in the interno preset). Ripescato «con il miglior "
    "punteggio anche in una sola partita nel corso dei sette turni»: the best single game "
    "among ALL the non-qualified (Ripescati dal posto=nessuno), with no minimum of games "
    "(Partite minime per il ripescaggio=0); a dropped game still counts for it (it was "
    "played); a tie on the best game goes to the better placed in the standings (the "
    "preset's note). Standings ties: none below (every total differs).\n"
    "FIELD. G01-G15 registered; G16 (Eclettica) arrives for round 3 (`iscrivi --dal-turno "
    "3`, first free ID G16): rounds 1-2 are absences for him. Absences: G09 round 2, G04 and "
    "G12 round 4, G14 round 5. Tables as typed in the steps (at a 5-player table x1,25 "
    "rounded up: 69 -> 86,25 -> 0,087; 47 -> 58,75 -> 0,059).\n"
    "PROVISIONAL STANDINGS after round 5 (drops not yet in force: plain sums of 5):\n"
    "1. G01: T1 1,084, T2 1,067, T3 1,076, T4 1,087, T5 0,038 = 4,352\n"
    "2. G04: T1 1,087, T2 1,083, T3 1,071, T4 ass., T5 1,077 = 4,318\n"
    "3. G02: T1 0,037, T2 0,032, T3 1,058, T4 0,024, T5 1,077 = 2,228\n"
    "4. G03: T1 0,028, T2 0,036, T3 1,065, T4 0,042, T5 0,044 = 1,215\n"
    "5. G11: T1 1,065, T2 0,024, T3 0,035, T4 0,039, T5 0,010 = 1,173\n"
    "6. G10: T1 0,035, T2 0,009, T3 0,039, T4 0,019, T5 1,062 = 1,164\n"
    "7. G13: T1 0,025, T2 0,020, T3 0,033, T4 1,059, T5 0,017 = 1,154\n"
    "8. G09: T1 0,030, T2 ass., T3 0,037, T4 1,045, T5 0,039 = 1,151\n"
    "9. G15: T1 0,005, T2 1,063, T3 0,027, T4 0,042, T5 0,013 = 1,150\n"
    "10. G08: T1 0,032, T2 0,050, T3 0,040, T4 0,004, T5 0,055 = 0,181\n"
    "11. G05: T1 0,028, T2 0,029, T3 0,034, T4 0,030, T5 0,045 = 0,166\n"
    "12. G07: T1 0,024, T2 0,025, T3 0,023, T4 0,028, T5 0,055 = 0,155\n"
    "13. G12: T1 0,029, T2 0,052, T3 0,026, T4 ass., T5 0,004 = 0,111\n"
    "14. G06: T1 0,012, T2 0,013, T3 0,009, T4 0,053, T5 0,020 = 0,107\n"
    "15. G14: T1 0,012, T2 0,037, T3 0,005, T4 0,008, T5 ass. = 0,062\n"
    "16. G16: T1 ass., T2 ass., T3 0,030, T4 0,003, T5 0,018 = 0,051\n"
    "(Had the drops been in force already, G01 would have 1,084 + 1,076 + 1,087 = 3,247.)\n"
)

NATALE_16_TEXT = (
    "ROUND 7 with the same 16 players (four tables of 4). FINAL STANDINGS after 7 rounds, "
    "the 2 worst results dropped (absences first):\n"
    "1. G01: T1 1,084, T2 1,067, T3 1,076, T4 1,087, T5 [0,038], T6 1,071, T7 [1,035] = 5,385\n"
    "2. G04: T1 1,087, T2 1,083, T3 1,071, T4 [ass.], T5 1,077, T6 [0,031], T7 0,035 = 4,353\n"
    "3. G02: T1 0,037, T2 [0,032], T3 1,058, T4 [0,024], T5 1,077, T6 0,036, T7 1,050 = 3,258\n"
    "4. G11: T1 1,065, T2 0,024, T3 0,035, T4 0,039, T5 [0,010], T6 1,049, T7 [0,020] = 2,212\n"
    "5. G09: T1 [0,030], T2 [ass.], T3 0,037, T4 1,045, T5 0,039, T6 1,046, T7 0,042 = 2,209\n"
    "6. G15: T1 [0,005], T2 1,063, T3 0,027, T4 0,042, T5 [0,013], T6 1,035, T7 0,016 = 2,183\n"
    "7. G03: T1 [0,028], T2 [0,036], T3 1,065, T4 0,042, T5 0,044, T6 0,040, T7 0,037 = 1,228\n"
    "8. G05: T1 [0,028], T2 [0,029], T3 0,034, T4 0,030, T5 0,045, T6 0,032, T7 1,052 = 1,193\n"
    "9. G10: T1 0,035, T2 [0,009], T3 0,039, T4 0,019, T5 1,062, T6 0,027, T7 [0,018] = 1,182\n"
    "10. G06: T1 0,012, T2 0,013, T3 [0,009], T4 0,053, T5 0,020, T6 [0,010], T7 1,059 = 1,157\n"
    "11. G13: T1 0,025, T2 0,020, T3 0,033, T4 1,059, T5 0,017, T6 [0,015], T7 [0,015] = 1,154\n"
    "12. G08: T1 0,032, T2 0,050, T3 0,040, T4 [0,004], T5 0,055, T6 [0,016], T7 0,045 = 0,222\n"
    "13. G07: T1 [0,024], T2 0,025, T3 [0,023], T4 0,028, T5 0,055, T6 0,028, T7 0,024 = 0,160\n"
    "14. G12: T1 0,029, T2 0,052, T3 0,026, T4 [ass.], T5 [0,004], T6 0,024, T7 0,024 = 0,155\n"
    "15. G16: T1 [ass.], T2 [ass.], T3 0,030, T4 0,003, T5 0,018, T6 0,031, T7 0,004 = 0,086\n"
    "16. G14: T1 0,012, T2 0,037, T3 0,005, T4 0,008, T5 [ass.], T6 [0,004], T7 0,008 = 0,070\n"
    "GRID: 16 players in the standings (up to 17): 2 direct finalists G01, G04; semifinal "
    "places 3rd-9th: G02, G11, G09, G15, G03, G05, G10. RIPESCATO among the others "
    "(10th-16th), best single game: G06 1,059 (T7, 59 at a table of 4) and G13 1,059 (T4, "
    "47 x 1,25 -> 59) tie; then G08 0,055, G07 0,055, G12 0,052, G14 0,037, G16 0,031. The "
    "tie goes by the standings: G06 (10th, 1,157) before G13 (11th, 1,154): G06 is the "
    "ripescato, although G13 made his score first.\n"
    "SEMIFINALS: two tables of 4 by bands of the standings (3rd-4th, 5th-6th, 7th-8th, "
    "9th + ripescato): {G02,G11}, {G09,G15}, {G03,G05}, {G10,G06}, one of each band per "
    "table (club separation is possible within the bands: Eclettica G02/G09 and "
    "Caltanissetta G03/G10 sit apart). Typed: G03 60, G05 55, G02 40, G09 35, G11 30, G15 "
    "25, G10 20, G06 15: G03 and G05 (one band, so at different tables) top their tables. "
    "FINAL: G01, G04 (direct), G03, G05. Typed: G05 62, G01 40, G04 30, G03 20.\n"
    "FINAL RANKING: G05, G01, G04, G03 by their places in the final; then the sum of all the "
    "games played (7 preliminary games, dropped ones included, plus a lost semifinal at a "
    "table of 4 = points/1000): G02 3,314 + 0,040 = 3,354; G09 2,239 + 0,035 = 2,274; G11 "
    "2,242 + 0,030 = 2,272; G15 2,201 + 0,025 = 2,226; G10 1,209 + 0,020 = 1,229; G06 1,176 "
    "+ 0,015 = 1,191; G13 1,184; G08 0,242; G07 0,207; G12 0,159; G16 0,086; G14 0,074. "
    "(Counting only the results kept in the standings plus the semifinal gives the same "
    "order, so the ranking does not depend on that reading.)"
)

NATALE_18_TEXT = (
    "The same rounds 1-6; before round 7 two more players register (`iscrivi --dal-turno "
    "7`: G17 Caltanissetta, G18 Gela): 18 in the standings, which «proprio all'ultimo "
    "turno rivoluziona la formula». Round 7: tables of 4, 4, 5, 5; G17 wins his only game "
    "with 78 (1,078). FINAL STANDINGS after 7 rounds, 2 worst dropped (for G17 and G18, "
    "rounds 1-6 are absences, 0):\n"
    "1. G01: T1 1,084, T2 1,067, T3 1,076, T4 1,087, T5 [0,038], T6 1,071, T7 [0,035] = 5,385\n"
    "2. G04: T1 1,087, T2 1,083, T3 1,071, T4 [ass.], T5 1,077, T6 [0,031], T7 0,035 = 4,353\n"
    "3. G02: T1 0,037, T2 [0,032], T3 1,058, T4 [0,024], T5 1,077, T6 0,036, T7 0,050 = 2,258\n"
    "4. G11: T1 1,065, T2 0,024, T3 0,035, T4 0,039, T5 [0,010], T6 1,049, T7 [0,019] = 2,212\n"
    "5. G09: T1 [0,030], T2 [ass.], T3 0,037, T4 1,045, T5 0,039, T6 1,046, T7 0,040 = 2,207\n"
    "6. G15: T1 [0,005], T2 1,063, T3 0,027, T4 0,042, T5 [0,013], T6 1,035, T7 0,016 = 2,183\n"
    "7. G08: T1 0,032, T2 0,050, T3 0,040, T4 [0,004], T5 0,055, T6 [0,016], T7 1,075 = 1,252\n"
    "8. G03: T1 [0,028], T2 0,036, T3 1,065, T4 0,042, T5 0,044, T6 0,040, T7 [0,035] = 1,227\n"
    "9. G10: T1 0,035, T2 [0,009], T3 0,039, T4 0,019, T5 1,062, T6 0,027, T7 [0,018] = 1,182\n"
    "10. G07: T1 [0,024], T2 0,025, T3 [0,023], T4 0,028, T5 0,055, T6 0,028, T7 1,040 = 1,176\n"
    "11. G06: T1 0,012, T2 0,013, T3 [0,009], T4 0,053, T5 0,020, T6 [0,010], T7 1,074 = 1,172\n"
    "12. G13: T1 0,025, T2 0,020, T3 0,033, T4 1,059, T5 0,017, T6 [0,015], T7 [0,015] = 1,154\n"
    "13. G17: T1-T6 ass. (two dropped), T7 1,078 = 1,078\n"
    "14. G05: T1 [0,028], T2 [0,029], T3 0,034, T4 0,030, T5 0,045, T6 0,032, T7 0,052 = 0,193\n"
    "15. G12: T1 0,029, T2 0,052, T3 0,026, T4 [ass.], T5 [0,004], T6 0,024, T7 0,023 = 0,154\n"
    "16. G16: T1 [ass.], T2 [ass.], T3 0,030, T4 0,003, T5 0,018, T6 0,031, T7 0,004 = 0,086\n"
    "17. G14: T1 0,012, T2 0,037, T3 0,005, T4 0,008, T5 [ass.], T6 [0,004], T7 0,008 = 0,070\n"
    "18. G18: T1-T6 ass., T7 0,012 = 0,012\n"
    "GRID: 18 players (over 17): ONE direct finalist, G01; G04, 2nd, now plays a semifinal; "
    "semifinal places 2nd-12th: G04, G02, G11, G09, G15, G08, G03, G10, G07, G06, G13. "
    "RIPESCATO among 13th-18th, best single game: G17 1,078 (his only game) > G05 0,052 = G12 "
    "0,052 > G14 0,037 > G16 0,031 > G18 0,012: G17, «anche in una sola partita».\n"
    "SEMIFINALS: three tables of 4, bands 2nd-4th {G04,G02,G11}, 5th-7th {G09,G15,G08}, "
    "8th-10th {G03,G10,G07}, 11th-12th + ripescato {G06,G13,G17}, one of each per table "
    "(clubs can be kept apart within them). Typed: G09 56, G15 52, G08 48 (one band: three "
    "different tables, each the best of its table), G10 38, G04 30, G02 26, G11 24, G03 22, "
    "G07 20, G13 18, G06 16, G17 14. FINAL: G01, G09, G15, G08. Typed: G01 55, G08 40, G09 "
    "30, G15 20.\n"
    "FINAL RANKING: G01, G08, G09, G15; then the sum of all games played (7 preliminary, "
    "dropped included, + lost semifinal): G04 4,384 + 0,030 = 4,414; G02 2,314 + 0,026 = "
    "2,340; G11 2,241 + 0,024 = 2,265; G03 1,290 + 0,022 = 1,312; G10 1,209 + 0,038 = "
    "1,247; G07 1,223 + 0,020 = 1,243; G06 1,191 + 0,016 = 1,207; G13 1,184 + 0,018 = "
    "1,202; G17 1,078 + 0,014 = 1,092; G05 0,250; G12 0,158; G16 0,086; G14 0,074; G18 "
    "0,012 (the same order with only the counted results plus the semifinal)."
)

NATALE_PROVISIONAL = ExpectClassifica(
    order=["G01", "G04", "G02", "G03", "G11", "G10", "G13", "G09", "G15", "G08", "G05", "G07",
           "G12", "G06", "G14", "G16"],
    complete=True,
    values={"G01": {"Generale": "4,352"}, "G04": {"Generale": "4,318"},
            "G09": {"Generale": "1,151"}, "G16": {"Generale": "0,051"}})

NATALE_PREFIX = [
    NATALE_FORMULA,
    rounds(NATALE_R12),
    NATALE_G16,
    rounds(NATALE_R345),
    Cli(["classifica"]),
    NATALE_PROVISIONAL,
    rounds(NATALE_R6),
]

SEMI_16 = {"G02", "G11", "G09", "G15", "G03", "G05", "G10", "G06"}
CASES.append(Case(
    id="club-cl_pifferaio_natale_2025-1",
    seed="cl_pifferaio_natale_2025",
    formula="interno",
    articles=NATALE_ARTICLES,
    derivation=NATALE_COMMON + NATALE_16_TEXT,
    players=NATALE_PLAYERS,
    steps=[
        *NATALE_PREFIX,
        rounds(NATALE_R7_16),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G04", "G02", "G11", "G09", "G15", "G03", "G05", "G10", "G06",
                   "G13", "G08", "G07", "G12", "G16", "G14"],
            complete=True,
            values={"G01": {"Generale": "5,385"}, "G04": {"Generale": "4,353"},
                    "G10": {"Generale": "1,182"}, "G06": {"Generale": "1,157"},
                    "G13": {"Generale": "1,154"}, "G16": {"Generale": "0,086"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G04"}),
        ExpectQualificati("Semifinale", ids=SEMI_16, how={"G06": "ripescat"},
                          absent={"G13", "G01", "G04"}),
        ExpectTables("Semifinale", players=SEMI_16,
                     bands=[{"G02", "G11"}, {"G09", "G15"}, {"G03", "G05"}, {"G10", "G06"}]),
        Fill("Semifinale", seats({"G03": 60, "G05": 55, "G02": 40, "G09": 35, "G11": 30,
                                  "G15": 25, "G10": 20, "G06": 15})),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G04", "G03", "G05"}),
        ExpectTables("Finale", tables=[{"G01", "G04", "G03", "G05"}]),
        Fill("Finale", seats({"G05": 62, "G01": 40, "G04": 30, "G03": 20})),
        Cli(["finali"]),
        ExpectFinale(order=["G05", "G01", "G04", "G03", "G02", "G09", "G11", "G15", "G10",
                            "G06", "G13", "G08", "G07", "G12", "G16", "G14"], complete=True),
        Cli(["verifica"]),
    ],
))

SEMI_18 = {"G04", "G02", "G11", "G09", "G15", "G08", "G03", "G10", "G07", "G06", "G13", "G17"}
CASES.append(Case(
    id="club-cl_pifferaio_natale_2025-2",
    seed="cl_pifferaio_natale_2025",
    formula="interno",
    articles=NATALE_ARTICLES,
    derivation=NATALE_COMMON + NATALE_18_TEXT,
    players=NATALE_PLAYERS,
    steps=[
        *NATALE_PREFIX,
        NATALE_G17,
        NATALE_G18,
        rounds(NATALE_R7_18),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G04", "G02", "G11", "G09", "G15", "G08", "G03", "G10", "G07",
                   "G06", "G13", "G17", "G05", "G12", "G16", "G14", "G18"],
            complete=True,
            values={"G01": {"Generale": "5,385"}, "G13": {"Generale": "1,154"},
                    "G17": {"Generale": "1,078"}, "G18": {"Generale": "0,012"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01"}),
        ExpectQualificati("Semifinale", ids=SEMI_18, how={"G17": "ripescat"},
                          absent={"G01", "G05"}),
        ExpectTables("Semifinale", players=SEMI_18,
                     bands=[{"G04", "G02", "G11"}, {"G09", "G15", "G08"},
                            {"G03", "G10", "G07"}, {"G06", "G13", "G17"}]),
        Fill("Semifinale", seats({"G09": 56, "G15": 52, "G08": 48, "G10": 38, "G04": 30,
                                  "G02": 26, "G11": 24, "G03": 22, "G07": 20, "G13": 18,
                                  "G06": 16, "G17": 14})),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G09", "G15", "G08"}),
        ExpectTables("Finale", tables=[{"G01", "G09", "G15", "G08"}]),
        Fill("Finale", seats({"G01": 55, "G08": 40, "G09": 30, "G15": 20})),
        Cli(["finali"]),
        ExpectFinale(order=["G01", "G08", "G09", "G15", "G04", "G02", "G11", "G03", "G10",
                            "G07", "G06", "G13", "G17", "G05", "G12", "G16", "G14", "G18"],
                     complete=True),
        Cli(["verifica"]),
    ],
))
