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
    Setting,
    Tav,
    Type,
)

FUORI = 2  # out-of-objective points typed for everybody (never decisive: distinct objectives)


def rounds(data: dict[int, list[list[tuple]]]) -> Type:
    """Type whole preliminary rounds: {turno: [table, ...]}, a table = [(ID, punti
    obiettivo), ...] in order of play, numbered 1, 2, ... in the order given; a seat
    (ID, punti, "RisiKo!") is a RisiKo! (objective completed)."""
    return Type(*[Tav(turno, n, [S(seat[0], seat[1], FUORI, risiko=len(seat) > 2)
                                 for seat in table])
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
        ExpectQualificati("Semifinale", ids=SEMI_16, how={"G06": "ripescato"},
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
        ExpectQualificati("Semifinale", ids=SEMI_18, how={"G17": "ripescato"},
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


# =============================================================================
# 3.14 cl_pifferaio_ciak_2026 — 7° torneo «Ciak… si gira!»
# =============================================================================

CIAK_URLS = [
    "https://www.ilfattonisseno.it/2026/01/risiko-club-ufficiale-il-pifferaio-di-san-cataldo-"
    "il-21-gennaio-al-via-il-7-torneo-interno-ciak-si-gira/",
    "https://www.ilfattonisseno.it/2026/02/san-cataldo-risiko-club-ufficiale-il-pifferaio-le-"
    "anticipazioni-per-il-5-turno-del-7-torneo-ciak-si-gira/",
    "https://www.ilfattonisseno.it/2026/02/risiko-club-ufficiale-il-pifferaio-di-san-cataldo-"
    "il-25-febbraio-le-semifinali-del-7-torneo/",
    "https://www.ilfattonisseno.it/2026/03/risiko-club-ufficiale-il-pifferaio-di-san-cataldo-"
    "il-4-marzo-al-via-la-finale-del-7-torneo-interno/",
]
CIAK_ARTICLES = [
    "«Il prossimo Torneo sarà basato su 5 partite di qualificazione, una fase di semifinale e "
    "la finalissima» — " + CIAK_URLS[0],
    "«Nella formula del torneo, infatti, è previsto l’obbligo di scartare il peggior "
    "risultato conseguito nelle prime 5 partite, anche derivante ad esempio da un’eventuale "
    "assenza da una serata di gioco.» … «chi avrà giocato tutte e 5 le partite del primo "
    "turno, dovrà scartare un intero risultato di una serata di gioco, a volte anche 90 o 95 "
    "punti in una volta»",
    "«Per la formula del Torneo, tuttavia, queste vittorie non sono ancora sufficienti a "
    "piazzare nei primi due posti della Classifica provvisoria, che vuol dire Finale "
    "Diretta» … «delineare i finalisti diretti e gli 8 semifinalisti di cui 1 ripescato con "
    "il maggior punteggio conseguito sulle partite disputate. E’ in arrivo infatti il turno "
    "che farà scartare obbligatoriamente il peggior risultato tra le partite giocate.» — "
    + CIAK_URLS[1],
    "«Saranno due tavoli con 8 giocatori che si contenderanno la vittoria della partita per "
    "accedere alla finalissima» … «Manuel Carapezza (Disumanuel) … e Andrea Kiswarday "
    "(Plasma97) …, rispettivamente primo e secondo al termine della classifica di "
    "qualificazione, e che per la formula del Torneo, che assegna delle posizioni in base al "
    "numero di giocatori che complessivamente hanno partecipato (17 giocatori in totale) "
    "hanno avuto accesso diretto all’ultima partita» — " + CIAK_URLS[2],
    "«Lillo Maira (RnS), …, che arriva alla finale dopo essere stato ripescato nel girone di "
    "qualificazione» — " + CIAK_URLS[3],
    MILLESIMI,
    FINALE_001,
]

# The rules typed in the Formula sheet (column «Valore»), as an organiser does in Excel;
# «Turni preliminari» 5 and «Scarti» 1 are already those of the interno preset.
# Renaming the formula in the sheet needs the same name in Impostazioni «Formula» too (the
# program refuses a Formula sheet whose name differs from Impostazioni, and says so).
CIAK_FORMULA = [
    Rule("Nome della formula", "pifferaio_ciak"),
    Setting("Formula", "pifferaio_ciak"),
    Rule("Titolo", "7° torneo RCU Il Pifferaio «Ciak… si gira!»"),
    Rule("Scarti dal turno", 5),
    Rule("Numero finalisti diretti", "fino a 17 giocatori: 2; oltre: 1"),
    Rule("Ripescati dal posto", "nessuno"),
    Rule("Partite minime per il ripescaggio", 0),
    Cli(["formula"], says=["5 turni preliminari", "dal 5° turno", "fino a 17 giocatori"]),
]

CIAK_PLAYERS = [
    P("G01", "Manuele", "Carrubba", "Il Pifferaio"),
    P("G02", "Andrea", "Ferrara", "Eclettica"),
    P("G03", "Luca", "Genovese", "Caltanissetta"),
    P("G04", "Fabio", "Lombardo", "Gela"),
    P("G05", "Lillo", "Mancuso", "Agrigento"),
    P("G06", "Stefano", "Marino", "Enna"),
    P("G07", "Giovanni", "Noto", "Il Pifferaio"),
    P("G08", "Dario", "Palermo", "Eclettica"),
    P("G09", "Enzo", "Russo", "Caltanissetta"),
    P("G10", "Mario", "Sanfilippo", "Gela"),
    P("G11", "Nicola", "Termini", "Agrigento"),
    P("G12", "Piero", "Alaimo", "Eclettica"),
    P("G13", "Tano", "Bonanno", "Il Pifferaio"),
    P("G14", "Ugo", "Cirrito", "Enna"),
    P("G15", "Walter", "Daniele", "Caltanissetta"),
    P("G16", "Ezio", "Fiandaca", "Gela"),
]
CIAK_G17 = Enrol(P("G17", "Lillo", "Maira", "Agrigento", dal_turno=3))

CIAK_R12 = {
    1: [[("G04", 33), ("G11", 20), ("G10", 4), ("G07", 27), ("G03", 54)],
        [("G09", 20), ("G06", 13), ("G02", 55), ("G15", 4), ("G01", 23)],
        [("G08", 33), ("G14", 8), ("G16", 25), ("G13", 50), ("G12", 7)]],
    2: [[("G01", 21), ("G02", 29), ("G14", 19), ("G16", 12), ("G07", 51)],
        [("G11", 29), ("G05", 3), ("G15", 54), ("G06", 24), ("G10", 23)],
        [("G13", 4), ("G09", 20), ("G08", 34), ("G04", 67), ("G03", 6)]],
}
CIAK_R34 = {
    3: [[("G11", 9), ("G10", 23), ("G06", 30), ("G03", 50)],
        [("G17", 16), ("G12", 20), ("G15", 31), ("G14", 65)],
        [("G09", 8), ("G05", 20), ("G04", 50), ("G07", 24)],
        [("G02", 54), ("G08", 12), ("G13", 15), ("G16", 5), ("G01", 29)]],
    4: [[("G13", 6), ("G01", 58), ("G17", 5), ("G09", 3)],
        [("G12", 24), ("G10", 11), ("G15", 10), ("G06", 64)],
        [("G02", 18), ("G11", 13), ("G07", 71), ("G16", 10)],
        [("G08", 52), ("G05", 30), ("G14", 20), ("G04", 36)]],
}
CIAK_R5 = {
    5: [[("G02", 19), ("G13", 15), ("G01", 24), ("G03", 56)],
        [("G16", 32), ("G17", 70), ("G15", 26), ("G12", 5)],
        [("G11", 23), ("G07", 29), ("G06", 32), ("G08", 67)],
        [("G14", 19), ("G04", 45), ("G10", 10), ("G09", 20), ("G05", 26)]],
}

CIAK_TEXT = (
    "SETUP. From `interno` (5 rounds, 1 drop: «5 partite di qualificazione», «l’obbligo di "
    "scartare il peggior risultato ... anche derivante ... da un’eventuale assenza»), typed in "
    "the Formula sheet: Scarti dal turno=5 (the announcement of the 5th round: «E’ in arrivo "
    "infatti il turno che farà scartare obbligatoriamente il peggior risultato»; after 4 rounds "
    "the provisional standings are plain sums); Numero finalisti diretti = «fino a 17 "
    "giocatori: 2; oltre: 1» (the club's grid «in base al numero di giocatori che "
    "complessivamente hanno partecipato»: 17 -> 2 direct finalists and 8 semifinalists, the "
    "same fill as the 6th edition); ripescato «con il maggior punteggio conseguito sulle "
    "partite disputate»: best single game among all the non-qualified (Ripescati dal "
    "posto=nessuno); the text states no minimum of games: referee fill from the club's "
    "previous editions («anche in una sola partita»): Partite minime per il ripescaggio=0. "
    "Semifinals: «due tavoli con 8 giocatori»; final: the 2 direct finalists and the 2 "
    "winners. Club separation at the semifinals: the preset's rule, kept.\n"
    "FIELD. 16 registered; G17 (Lillo Maira, Agrigento) registered late in Iscritti with Dal "
    "turno 3: rounds 1-2 absences for him. Absences: G05 round 1, G12 round 2, G03 round 4. "
    "17 players in the standings.\n"
    "PROVISIONAL STANDINGS after round 4 (plain sums of 4):\n"
    "1. G04: T1 0,042, T2 1,084, T3 1,050, T4 0,036 = 2,212\n"
    "2. G07: T1 0,034, T2 1,064, T3 0,024, T4 1,071 = 2,193\n"
    "3. G02: T1 1,069, T2 0,037, T3 1,068, T4 0,018 = 2,192\n"
    "4. G03: T1 1,068, T2 0,008, T3 1,050, T4 ass. = 2,126\n"
    "5. G08: T1 0,042, T2 0,043, T3 0,015, T4 1,052 = 1,152\n"
    "6. G01: T1 0,029, T2 0,027, T3 0,037, T4 1,058 = 1,151\n"
    "7. G06: T1 0,017, T2 0,030, T3 0,030, T4 1,064 = 1,141\n"
    "8. G14: T1 0,010, T2 0,024, T3 1,065, T4 0,020 = 1,119\n"
    "9. G15: T1 0,005, T2 1,068, T3 0,031, T4 0,010 = 1,114\n"
    "10. G13: T1 1,063, T2 0,005, T3 0,019, T4 0,006 = 1,093\n"
    "11. G11: T1 0,025, T2 0,037, T3 0,009, T4 0,013 = 0,084\n"
    "12. G10: T1 0,005, T2 0,029, T3 0,023, T4 0,011 = 0,068\n"
    "13. G16: T1 0,032, T2 0,015, T3 0,007, T4 0,010 = 0,064\n"
    "14. G09: T1 0,025, T2 0,025, T3 0,008, T4 0,003 = 0,061\n"
    "15. G05: T1 ass., T2 0,004, T3 0,020, T4 0,030 = 0,054\n"
    "16. G12: T1 0,009, T2 ass., T3 0,020, T4 0,024 = 0,053\n"
    "17. G17: T1 ass., T2 ass., T3 0,016, T4 0,005 = 0,021\n"
    "FINAL STANDINGS after round 5 (the worst result dropped, an absence first):\n"
    "1. G04: T1 0,042, T2 1,084, T3 1,050, T4 [0,036], T5 1,057 = 3,233\n"
    "2. G03: T1 1,068, T2 0,008, T3 1,050, T4 [ass.], T5 1,056 = 3,182\n"
    "3. G08: T1 0,042, T2 0,043, T3 [0,015], T4 1,052, T5 1,067 = 2,204\n"
    "4. G07: T1 0,034, T2 1,064, T3 [0,024], T4 1,071, T5 0,029 = 2,198\n"
    "5. G02: T1 1,069, T2 0,037, T3 1,068, T4 [0,018], T5 0,019 = 2,193\n"
    "6. G06: T1 [0,017], T2 0,030, T3 0,030, T4 1,064, T5 0,032 = 1,156\n"
    "7. G01: T1 0,029, T2 0,027, T3 0,037, T4 1,058, T5 [0,024] = 1,151\n"
    "8. G15: T1 [0,005], T2 1,068, T3 0,031, T4 0,010, T5 0,026 = 1,135\n"
    "9. G14: T1 [0,010], T2 0,024, T3 1,065, T4 0,020, T5 0,024 = 1,133\n"
    "10. G13: T1 1,063, T2 [0,005], T3 0,019, T4 0,006, T5 0,015 = 1,103\n"
    "11. G17: T1 [ass.], T2 ass., T3 0,016, T4 0,005, T5 1,070 = 1,091\n"
    "12. G11: T1 0,025, T2 0,037, T3 [0,009], T4 0,013, T5 0,023 = 0,098\n"
    "13. G16: T1 0,032, T2 0,015, T3 [0,007], T4 0,010, T5 0,032 = 0,089\n"
    "14. G05: T1 [ass.], T2 0,004, T3 0,020, T4 0,030, T5 0,033 = 0,087\n"
    "15. G09: T1 0,025, T2 0,025, T3 0,008, T4 [0,003], T5 0,025 = 0,083\n"
    "16. G10: T1 [0,005], T2 0,029, T3 0,023, T4 0,011, T5 0,013 = 0,076\n"
    "17. G12: T1 0,009, T2 [ass.], T3 0,020, T4 0,024, T5 0,005 = 0,058\n"
    "The drop turns the direct final: G03 (4th after round 4, absent in round 4) has his "
    "absence dropped and wins round 5: 2nd, direct finalist; G07 (2nd after round 4) drops "
    "to 4th.\n"
    "GRID: 17 players (up to 17): direct finalists G04, G03; semifinal places 3rd-9th: G08, "
    "G07, G02, G06, G01, G15, G14. RIPESCATO among 10th-17th, best single game: G17 1,070 "
    "(T5, 70 at a table of 4) > G13 1,063 (T1, 50 x 1,25 = 62,5 -> 63) > G11 0,037 > ...: "
    "G17, 11th, is ripescato, not G13, the 10th.\n"
    "SEMIFINALS: bands {G08,G07}, {G02,G06}, {G01,G15}, {G14,G17}, one of each per table; "
    "clubs: Eclettica G08 and G02, Il Pifferaio G07 and G01, Enna G06 and G14 must sit "
    "apart: with G08 at table A, G07 at B; G02 (Eclettica) at B, so G06 at A; G01 (Il "
    "Pifferaio) at A, G15 at B; G14 (Enna) at B, G17 at A. Tables {G08, G06, G01, G17} and "
    "{G07, G02, G15, G14}, the only seating with one of each band and no two of a club "
    "together. Typed: G17 58, G14 54, G08 34, G07 28, G02 26, G06 24, G15 20, G01 18: G17 "
    "wins table A, G14 table B. FINAL: G04, G03, G14, G17 (the ripescato reaches the final, "
    "as Lillo Maira did). Typed: G03 57, G17 45, G04 30, G14 20.\n"
    "FINAL RANKING: G03, G17, G04, G14; then the sum of all the games played (5 preliminary, "
    "the dropped one included, + a lost semifinal): G08 2,219 + 0,034 = 2,253; G07 2,222 + "
    "0,028 = 2,250; G02 2,211 + 0,026 = 2,237; G06 1,173 + 0,024 = 1,197; G01 1,175 + 0,018 "
    "= 1,193; G15 1,140 + 0,020 = 1,160; G13 1,108; G11 0,107; G16 0,096; G05 0,087; G09 "
    "0,086; G10 0,081; G12 0,058 (the same order with only the counted results)."
)

CIAK_SEMI = {"G08", "G07", "G02", "G06", "G01", "G15", "G14", "G17"}
CASES.append(Case(
    id="club-cl_pifferaio_ciak_2026-1",
    seed="cl_pifferaio_ciak_2026",
    formula="interno",
    articles=CIAK_ARTICLES,
    derivation=CIAK_TEXT,
    players=CIAK_PLAYERS,
    steps=[
        *CIAK_FORMULA,
        rounds(CIAK_R12),
        CIAK_G17,
        rounds(CIAK_R34),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G04", "G07", "G02", "G03", "G08", "G01", "G06", "G14", "G15", "G13",
                   "G11", "G10", "G16", "G09", "G05", "G12", "G17"],
            complete=True,
            values={"G04": {"Generale": "2,212"}, "G07": {"Generale": "2,193"},
                    "G02": {"Generale": "2,192"}, "G03": {"Generale": "2,126"}}),
        rounds(CIAK_R5),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G04", "G03", "G08", "G07", "G02", "G06", "G01", "G15", "G14", "G13",
                   "G17", "G11", "G16", "G05", "G09", "G10", "G12"],
            complete=True,
            values={"G04": {"Generale": "3,233"}, "G03": {"Generale": "3,182"},
                    "G13": {"Generale": "1,103"}, "G17": {"Generale": "1,091"},
                    "G12": {"Generale": "0,058"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G04", "G03"}),
        ExpectQualificati("Semifinale", ids=CIAK_SEMI, how={"G17": "ripescato"},
                          absent={"G13"}),
        ExpectTables("Semifinale", tables=[{"G08", "G06", "G01", "G17"},
                                           {"G07", "G02", "G15", "G14"}]),
        Fill("Semifinale", seats({"G17": 58, "G14": 54, "G08": 34, "G07": 28, "G02": 26,
                                  "G06": 24, "G15": 20, "G01": 18})),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G04", "G03", "G14", "G17"}),
        Fill("Finale", seats({"G03": 57, "G17": 45, "G04": 30, "G14": 20})),
        Cli(["finali"]),
        ExpectFinale(order=["G03", "G17", "G04", "G14", "G08", "G07", "G02", "G06", "G01",
                            "G15", "G13", "G11", "G16", "G05", "G09", "G10", "G12"],
                     complete=True),
        Cli(["verifica"]),
    ],
))


# =============================================================================
# 3.12 cl_pifferaio_spiaggia_2025 — 5° torneo «Alla conquista dell'ultima spiaggia»
# =============================================================================

SPIAGGIA_URL_1 = ("https://www.ilfattonisseno.it/2025/09/risiko-club-ufficiale-il-pifferaio-di-"
                  "san-cataldo-il-17-settembre-al-via-lultimo-turno-del-torneo-alla-conquista-"
                  "dellultima-spiaggia/")
SPIAGGIA_URL_2 = ("https://caltanissetta401.it/risiko-club-ufficiale-il-pifferaio-di-s-cataldo-"
                  "avvio-del-5-torneo-interno-alla-conquista-dellultima-spiaggia-locandina")
SPIAGGIA_ARTICLES = [
    "«Si svolgerà, infatti, il quarto e ultimo turno di qualificazione alla seconda fase della "
    "competizione, al termine del quale il giocatore primo della classifica provvisoria "
    "passerà direttamente in finale mentre gli altri qualificati dalla 2° alla 12° posizione "
    "transiteranno alla fase delle semifinali in 3 tavoli distinti, i cui vincitori avranno "
    "accesso alla finalissima. L’ultimo posto per avere accesso alle semifinali, andrà al "
    "giocatore che avrà conseguito nei quattro turni di gioco il risultato più alto anche in "
    "una sola partita tra i giocatori non già qualificati direttamente, in altre parole un "
    "giocatore “ripescato”. Questa formula di gioco permette di accedere al torneo in "
    "qualunque momento della fase di qualificazione, consentendo a qualunque giocatore di "
    "tentare il ripescaggio alla seconda fase. Altra particolarità dell’ultimo turno di "
    "dopodomani sera sarà il cosiddetto “turno di scarto” del peggior risultato conseguito, "
    "anche un’eventuale assenza, e quindi per determinare la classifica provvisoria verranno "
    "presi in considerazione solo i 3 migliori risultati su quattro.» — " + SPIAGGIA_URL_1,
    "«Sarà strutturato in 4 giornate di qualificazione, di cui una di scarto del peggior "
    "risultato, di un […]» — " + SPIAGGIA_URL_2,
    MILLESIMI,
    FINALE_001,
]

SPIAGGIA_FORMULA = Cli([
    "formula",
    "--imposta", "Nome della formula=pifferaio_spiaggia",
    "--imposta", "Titolo=5° torneo RCU Il Pifferaio «Alla conquista dell'ultima spiaggia»",
    "--imposta", "Turni preliminari=4",
    "--imposta", "Scarti dal turno=4",
    "--imposta", "Numero finalisti diretti=1",
    "--imposta", "Ripescati dal posto=nessuno",
    "--imposta", "Partite minime per il ripescaggio=0",
], says=["4 turni preliminari", "dal 4° turno"])

SPIAGGIA_PLAYERS = [
    P("G01", "Manuel", "Caruso", "Il Pifferaio"),
    P("G02", "Rocco", "Giarratana", "Eclettica"),
    P("G03", "Filippo", "Bruno", "Caltanissetta"),
    P("G04", "Emanuele", "Castello", "Gela"),
    P("G05", "Alessio", "Sanna", "Il Pifferaio"),
    P("G06", "Giacomo", "Infantino", "Agrigento"),
    P("G07", "Massimo", "Arena", "Enna"),
    P("G08", "Lorenzo", "Bellanca", "Eclettica"),
    P("G09", "Riccardo", "Cusumano", "Caltanissetta"),
    P("G10", "Simone", "Di Marco", "Gela"),
    P("G11", "Tommaso", "Emma", "Agrigento"),
    P("G12", "Valerio", "Faraci", "Enna"),
    P("G13", "Ivan", "Gueli", "Il Pifferaio"),
    P("G14", "Kevin", "Lipari", "Eclettica"),
    P("G15", "Oscar", "Milazzo", "Caltanissetta"),
    P("G16", "Pietro", "Nicoletti", "Gela"),
    P("G17", "Raffaele", "Orlando", "Agrigento"),
    P("G18", "Sandro", "Pace", "Enna"),
    P("G19", "Teresa", "Quattrocchi", "Niscemi"),
]
SPIAGGIA_G20 = Cli(["iscrivi", "Umberto Restivo", "--club", "Il Pifferaio",
                    "--dal-turno", "3"], says="G20")

SPIAGGIA_R12 = {
    1: [[("G11", 20), ("G18", 21), ("G13", 14), ("G19", 50)],
        [("G07", 36), ("G01", 61), ("G09", 13), ("G17", 9), ("G12", 28)],
        [("G03", 65), ("G08", 35), ("G10", 13), ("G05", 17), ("G14", 3)],
        [("G15", 11), ("G04", 68), ("G16", 3), ("G02", 35), ("G06", 27)]],
    2: [[("G11", 19), ("G17", 7), ("G10", 5), ("G02", 47)],
        [("G04", 25), ("G15", 26), ("G08", 14), ("G05", 64)],
        [("G09", 34), ("G12", 23), ("G06", 54), ("G03", 32)],
        [("G16", 20), ("G18", 18), ("G14", 4), ("G13", 26), ("G01", 16)]],
}
SPIAGGIA_R3 = {
    3: [[("G16", 6), ("G06", 23), ("G02", 7), ("G01", 51)],
        [("G07", 5), ("G08", 72), ("G12", 16), ("G13", 32)],
        [("G04", 9), ("G15", 27), ("G09", 51), ("G14", 34), ("G20", 21)],
        [("G17", 11), ("G18", 30), ("G05", 24), ("G10", 70), ("G03", 16)]],
}
SPIAGGIA_R4 = {
    4: [[("G08", 11), ("G18", 9), ("G02", 67), ("G16", 34)],
        [("G20", 17), ("G11", 64), ("G03", 27), ("G15", 7), ("G01", 8)],
        [("G04", 29), ("G10", 10), ("G05", 3), ("G09", 8), ("G12", 66)],
        [("G06", 16), ("G17", 33), ("G07", 50), ("G14", 19), ("G13", 12)]],
}

SPIAGGIA_TEXT = (
    "SETUP. From `interno`: «4 giornate di qualificazione» -> Turni preliminari=4; «il "
    "cosiddetto “turno di scarto” del peggior risultato conseguito, anche un’eventuale "
    "assenza ... solo i 3 migliori risultati su quattro» -> Scarti=1 (the preset's) with "
    "Scarti dal turno=4: after round 3 the provisional standings are plain sums; «il giocatore "
    "primo ... passerà direttamente in finale» -> Numero finalisti diretti=1 (fixed: this "
    "edition publishes no grid), so places 2nd-12th in «3 tavoli distinti»; ripescato «il "
    "risultato più alto anche in una sola partita tra i giocatori non già qualificati» -> "
    "best single game among all the others (Ripescati dal posto=nessuno), no minimum of games "
    "(Partite minime per il ripescaggio=0). Standings ties: the preset's chain (best single "
    "result first).\n"
    "FIELD. G01-G19 registered; G20 (Il Pifferaio) joins for round 3 (`iscrivi --dal-turno "
    "3`): «permette di accedere al torneo in qualunque momento». Absences: G07 round 2, G11 "
    "round 3; G19 plays round 1 only (absent in rounds 2-4). 20 players.\n"
    "PROVISIONAL STANDINGS after round 3 (no drop yet: plain sums of 3; G12 and G15 both "
    "0,074: G12's best result 0,035 beats G15's 0,034):\n"
    "1. G01: T1 1,077, T2 0,020, T3 1,051 = 2,148\n"
    "2. G03: T1 1,082, T2 0,032, T3 0,020 = 1,134\n"
    "3. G08: T1 0,044, T2 0,014, T3 1,072 = 1,130\n"
    "4. G04: T1 1,085, T2 0,025, T3 0,012 = 1,122\n"
    "5. G05: T1 0,022, T2 1,064, T3 0,030 = 1,116\n"
    "6. G09: T1 0,017, T2 0,034, T3 1,064 = 1,115\n"
    "7. G06: T1 0,034, T2 1,054, T3 0,023 = 1,111\n"
    "8. G10: T1 0,017, T2 0,005, T3 1,088 = 1,110\n"
    "9. G02: T1 0,044, T2 1,047, T3 0,007 = 1,098\n"
    "10. G13: T1 0,014, T2 1,033, T3 0,032 = 1,079\n"
    "11. G19: T1 1,050, T2 ass., T3 ass. = 1,050\n"
    "12. G18: T1 0,021, T2 0,023, T3 0,038 = 0,082\n"
    "13. G12: T1 0,035, T2 0,023, T3 0,016 = 0,074\n"
    "14. G15: T1 0,014, T2 0,026, T3 0,034 = 0,074\n"
    "15. G14: T1 0,004, T2 0,005, T3 0,043 = 0,052\n"
    "16. G07: T1 0,045, T2 ass., T3 0,005 = 0,050\n"
    "17. G11: T1 0,020, T2 0,019, T3 ass. = 0,039\n"
    "18. G16: T1 0,004, T2 0,025, T3 0,006 = 0,035\n"
    "19. G17: T1 0,012, T2 0,007, T3 0,014 = 0,033\n"
    "20. G20: T1 ass., T2 ass., T3 0,027 = 0,027\n"
    "FINAL STANDINGS after round 4, the worst result dropped (an absence first):\n"
    "1. G02: T1 0,044, T2 1,047, T3 [0,007], T4 1,067 = 2,158\n"
    "2. G01: T1 1,077, T2 0,020, T3 1,051, T4 [0,010] = 2,148\n"
    "3. G03: T1 1,082, T2 0,032, T3 [0,020], T4 0,034 = 1,148\n"
    "4. G04: T1 1,085, T2 0,025, T3 [0,012], T4 0,037 = 1,147\n"
    "5. G12: T1 0,035, T2 0,023, T3 [0,016], T4 1,083 = 1,141\n"
    "6. G08: T1 0,044, T2 0,014, T3 1,072, T4 [0,011] = 1,130\n"
    "7. G11: T1 0,020, T2 0,019, T3 [ass.], T4 1,080 = 1,119\n"
    "8. G10: T1 0,017, T2 [0,005], T3 1,088, T4 0,013 = 1,118\n"
    "9. G05: T1 0,022, T2 1,064, T3 0,030, T4 [0,004] = 1,116\n"
    "10. G09: T1 0,017, T2 0,034, T3 1,064, T4 [0,010] = 1,115\n"
    "11. G07: T1 0,045, T2 [ass.], T3 0,005, T4 1,063 = 1,113\n"
    "12. G06: T1 0,034, T2 1,054, T3 0,023, T4 [0,020] = 1,111\n"
    "13. G13: T1 [0,014], T2 1,033, T3 0,032, T4 0,015 = 1,080\n"
    "14. G19: T1 1,050, T2 [ass.], T3 ass., T4 ass. = 1,050\n"
    "15. G18: T1 0,021, T2 0,023, T3 0,038, T4 [0,009] = 0,082\n"
    "16. G15: T1 0,014, T2 0,026, T3 0,034, T4 [0,009] = 0,074\n"
    "17. G14: T1 [0,004], T2 0,005, T3 0,043, T4 0,024 = 0,072\n"
    "18. G17: T1 0,012, T2 [0,007], T3 0,014, T4 0,042 = 0,068\n"
    "19. G16: T1 [0,004], T2 0,025, T3 0,006, T4 0,034 = 0,065\n"
    "20. G20: T1 [ass.], T2 ass., T3 0,027, T4 0,022 = 0,049\n"
    "DIRECT FINALIST: G02 (2,158), who was 9th after round 3; G01, first of the provisional "
    "standings, is 2nd by 0,010 after his worst game (T4 0,010) is dropped. SEMIFINAL "
    "places 2nd-12th: G01, G03, G04, G12, G08, G11, G10, G05, G09, G07, G06. RIPESCATO "
    "among 13th-20th, best single game: G19 1,050 (his only game, T1) > G13 1,033 > G14 "
    "0,043 > G17 0,042 > ...: G19, 14th, is ripescato, not G13, 13th.\n"
    "SEMIFINALS: three tables of 4, bands {G01,G03,G04}, {G12,G08,G11}, {G10,G05,G09}, "
    "{G07,G06,G19}, one of each per table. Typed: G10 55, G05 52, G09 48 (one band: three "
    "tables), G01 32, G06 30, G03 28, G04 26, G12 24, G08 22, G11 20, G07 18, G19 14. FINAL: "
    "G02, G10, G05, G09. Typed: G09 58, G02 44, G05 30, G10 15.\n"
    "FINAL RANKING: G09, G02, G05, G10; then the sum of all the games played (4 preliminary, "
    "the dropped one included, + a lost semifinal): G01 2,158 + 0,032 = 2,190; G03 1,168 + "
    "0,028 = 1,196; G04 1,159 + 0,026 = 1,185; G12 1,157 + 0,024 = 1,181; G08 1,141 + 0,022 "
    "= 1,163; G06 1,131 + 0,030 = 1,161; G11 1,119 + 0,020 = 1,139; G07 1,113 + 0,018 = "
    "1,131; G13 1,094; G19 1,050 + 0,014 = 1,064; G18 0,091; G15 0,083; G14 0,076; G17 "
    "0,075; G16 0,069; G20 0,049 (the same order with only the counted results)."
)

SPIAGGIA_SEMI = {"G01", "G03", "G04", "G12", "G08", "G11", "G10", "G05", "G09", "G07", "G06",
                 "G19"}
CASES.append(Case(
    id="club-cl_pifferaio_spiaggia_2025-1",
    seed="cl_pifferaio_spiaggia_2025",
    formula="interno",
    articles=SPIAGGIA_ARTICLES,
    derivation=SPIAGGIA_TEXT,
    players=SPIAGGIA_PLAYERS,
    steps=[
        SPIAGGIA_FORMULA,
        rounds(SPIAGGIA_R12),
        SPIAGGIA_G20,
        rounds(SPIAGGIA_R3),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G03", "G08", "G04", "G05", "G09", "G06", "G10", "G02", "G13",
                   "G19", "G18", "G12", "G15", "G14", "G07", "G11", "G16", "G17", "G20"],
            complete=True,
            values={"G01": {"Generale": "2,148"}, "G02": {"Generale": "1,098"},
                    "G12": {"Generale": "0,074"}, "G15": {"Generale": "0,074"}}),
        rounds(SPIAGGIA_R4),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G02", "G01", "G03", "G04", "G12", "G08", "G11", "G10", "G05", "G09",
                   "G07", "G06", "G13", "G19", "G18", "G15", "G14", "G17", "G16", "G20"],
            complete=True,
            values={"G02": {"Generale": "2,158"}, "G01": {"Generale": "2,148"},
                    "G06": {"Generale": "1,111"}, "G13": {"Generale": "1,080"},
                    "G19": {"Generale": "1,050"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G02"}),
        ExpectQualificati("Semifinale", ids=SPIAGGIA_SEMI, how={"G19": "ripescato"},
                          absent={"G02", "G13"}),
        ExpectTables("Semifinale", players=SPIAGGIA_SEMI,
                     bands=[{"G01", "G03", "G04"}, {"G12", "G08", "G11"},
                            {"G10", "G05", "G09"}, {"G07", "G06", "G19"}]),
        Fill("Semifinale", seats({"G10": 55, "G05": 52, "G09": 48, "G01": 32, "G06": 30,
                                  "G03": 28, "G04": 26, "G12": 24, "G08": 22, "G11": 20,
                                  "G07": 18, "G19": 14})),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G02", "G10", "G05", "G09"}),
        Fill("Finale", seats({"G09": 58, "G02": 44, "G05": 30, "G10": 15})),
        Cli(["finali"]),
        ExpectFinale(order=["G09", "G02", "G05", "G10", "G01", "G03", "G04", "G12", "G08",
                            "G06", "G11", "G07", "G13", "G19", "G18", "G15", "G14", "G17",
                            "G16", "G20"], complete=True),
        Cli(["verifica"]),
    ],
))


# =============================================================================
# 3.11 cl_pifferaio_estate_2025 — 4° torneo interno «In viaggio verso l'estate»
# =============================================================================

ESTATE_URL_1 = ("https://www.ilfattonisseno.it/2025/06/san-cataldo-al-risiko-club-il-pifferaio-"
                "si-va-verso-le-finali-del-torneo-interno-in-viaggio-verso-lestate/")
ESTATE_URL_2 = ("https://www.ilfattonisseno.it/2025/06/san-cataldo-risiko-club-il-pifferaio-il-"
                "25-giugno-ce-la-finale-del-4-torneo-in-viaggio-verso-lestate/")
ESTATE_ARTICLES = [
    "«Il Torneo, che ha visto finora la partecipazione di 21 giocatori provenienti da tutta "
    "la provincia di Caltanissetta, prevede infatti che il primo della classifica raggiungerà "
    "direttamente la finale, mentre altri 12 semifinalisti prenderanno parte alle semifinali, "
    "divisi in tre tavoli da gioco, turno che si svolgerà mercoledì 18 giugno prossimo. "
    "Inoltre, il dodicesimo semifinalista sarà ammesso dal ripescaggio in classifica del "
    "giocatore non qualificato che ha ottenuto il miglior risultato nel corso dei turni di "
    "qualificazione. Quindi anche con una sola partita si può tentare ancora di qualificarsi "
    "alla fase successiva, ed è sempre ancora possibile iscriversi al torneo per usufruire "
    "di questa opportunità.» — " + ESTATE_URL_1,
    "«si sono svolte le 3 semifinali del 4° Torneo, con i vincitori dei 3 tavoli che "
    "raggiungono il finalista diretto Alessio Sansoni “Bluprofondo71” nella serata di "
    "Mercoledì 25 giugno» — " + ESTATE_URL_2,
    MILLESIMI,
    FINALE_001,
]

ESTATE_FORMULA = Cli([
    "formula",
    "--imposta", "Nome della formula=pifferaio_estate",
    "--imposta", "Titolo=4° torneo interno RC Il Pifferaio «In viaggio verso l'estate»",
    "--imposta", "Turni preliminari=4",
    "--imposta", "Scarti=0",
    "--imposta", "Numero finalisti diretti=1",
    "--imposta", "Ripescati dal posto=nessuno",
    "--imposta", "Partite minime per il ripescaggio=0",
], says=["4 turni preliminari", "Il primo in finale"])

ESTATE_TOWNS = ["Il Pifferaio", "Eclettica", "Gela", "Niscemi", "Mussomeli", "Riesi",
                "Sommatino"]
ESTATE_PLAYERS = [
    P(f"G{i:02d}", nome, cognome, ESTATE_TOWNS[(i - 1) % 7])
    for i, (nome, cognome) in enumerate([
        ("Alessio", "Sansone"), ("Biagio", "Corvo"), ("Cristian", "Dell'Aira"),
        ("Daniele", "Ferro"), ("Elio", "Giordano"), ("Franco", "Insalaco"),
        ("Gino", "La Rosa"), ("Ilario", "Mendola"), ("Jacopo", "Nobile"),
        ("Leo", "Oliveri"), ("Marta", "Pellitteri"), ("Nino", "Raimondi"),
        ("Orazio", "Sorce"), ("Patrizia", "Territo"), ("Quirino", "Urso"),
        ("Renato", "Vancheri"), ("Silvio", "Zuccalà"), ("Tiziana", "Amato"),
        ("Ubaldo", "Bennici"), ("Vito", "Collura")], start=1)
]
# the 21st player registers before the last round, «ed è sempre ancora possibile
# iscriversi al torneo»
ESTATE_G21 = Cli(["iscrivi", "Zeno Spena", "--club", "Sommatino", "--dal-turno", "4"],
                 says="G21")

ESTATE_R123 = {
    1: [[("G19", 24), ("G01", 65), ("G13", 21), ("G07", 10)],
        [("G02", 63), ("G12", 33), ("G09", 5), ("G17", 18), ("G20", 28)],
        [("G08", 33), ("G04", 56), ("G03", 34), ("G11", 5), ("G10", 4)],
        [("G14", 3), ("G05", 68), ("G18", 11), ("G06", 27), ("G16", 35)]],
    2: [[("G14", 5), ("G18", 7), ("G11", 19), ("G01", 72)],
        [("G20", 25), ("G10", 14), ("G16", 21), ("G06", 64)],
        [("G12", 30), ("G05", 16), ("G17", 4), ("G07", 68), ("G19", 35)],
        [("G15", 16), ("G04", 11), ("G02", 22), ("G13", 6), ("G09", 54)]],
    3: [[("G01", 51), ("G06", 9), ("G09", 27), ("G14", 34)],
        [("G19", 11), ("G02", 50), ("G05", 23), ("G18", 15)],
        [("G03", 62), ("G12", 24), ("G16", 20), ("G04", 16)],
        [("G20", 11), ("G08", 9), ("G10", 67), ("G07", 34)],
        [("G15", 10), ("G11", 55), ("G13", 26), ("G17", 7)]],
}
ESTATE_R4 = {
    4: [[("G21", 85), ("G09", 27), ("G04", 9), ("G10", 30)],
        [("G03", 45), ("G05", 3), ("G17", 21), ("G02", 23)],
        [("G13", 59), ("G01", 10), ("G15", 16), ("G20", 19)],
        [("G06", 8), ("G19", 31), ("G18", 22), ("G14", 47)],
        [("G08", 24), ("G07", 18), ("G11", 22), ("G16", 40)]],
}

ESTATE_TEXT = (
    "SETUP. From `interno`: 4 qualifying rounds (the last on 11 June, semifinals on 18 "
    "June); the text publishes no drop: referee decision, none (Scarti=0: a drop that was "
    "not announced cannot be applied; the club's next edition, 3.12, announces its «turno "
    "di scarto» explicitly); «il primo della classifica raggiungerà direttamente la finale» "
    "-> Numero finalisti diretti=1, hence three semifinals of places 2nd-12th (11) + the "
    "ripescato = «12 semifinalisti ... divisi in tre tavoli»; ripescato «giocatore non "
    "qualificato che ha ottenuto il miglior risultato nel corso dei turni di qualificazione. "
    "Quindi anche con una sola partita» -> best single game among all the non-qualified "
    "(Ripescati dal posto=nessuno), no minimum (Partite minime per il ripescaggio=0).\n"
    "FIELD. G01-G20 registered (clubs of the province in turn); G21 registers for round 4 "
    "(`iscrivi --dal-turno 4`), 21 players as in the article. Absences: G15 round 1, G03 and "
    "G08 round 2, G12 round 4.\n"
    "FINAL STANDINGS after round 4 (plain sums, an absence counts 0):\n"
    "1. G01: T1 1,065, T2 1,072, T3 1,051, T4 0,010 = 3,198\n"
    "2. G02: T1 1,079, T2 0,028, T3 1,050, T4 0,023 = 2,180\n"
    "3. G03: T1 0,043, T2 ass., T3 1,062, T4 1,045 = 2,150\n"
    "4. G07: T1 0,010, T2 1,085, T3 0,034, T4 0,018 = 1,147\n"
    "5. G05: T1 1,085, T2 0,020, T3 0,023, T4 0,003 = 1,131\n"
    "6. G09: T1 0,007, T2 1,068, T3 0,027, T4 0,027 = 1,129\n"
    "7. G16: T1 0,044, T2 0,021, T3 0,020, T4 1,040 = 1,125\n"
    "8. G10: T1 0,005, T2 0,014, T3 1,067, T4 0,030 = 1,116\n"
    "9. G06: T1 0,034, T2 1,064, T3 0,009, T4 0,008 = 1,115\n"
    "10. G13: T1 0,021, T2 0,008, T3 0,026, T4 1,059 = 1,114\n"
    "11. G04: T1 1,070, T2 0,014, T3 0,016, T4 0,009 = 1,109\n"
    "12. G11: T1 0,007, T2 0,019, T3 1,055, T4 0,022 = 1,103\n"
    "13. G14: T1 0,004, T2 0,005, T3 0,034, T4 1,047 = 1,090\n"
    "14. G21: T1 ass., T2 ass., T3 ass., T4 1,085 = 1,085\n"
    "15. G19: T1 0,024, T2 0,044, T3 0,011, T4 0,031 = 0,110\n"
    "16. G12: T1 0,042, T2 0,038, T3 0,024, T4 ass. = 0,104\n"
    "17. G20: T1 0,035, T2 0,025, T3 0,011, T4 0,019 = 0,090\n"
    "18. G08: T1 0,042, T2 ass., T3 0,009, T4 0,024 = 0,075\n"
    "19. G18: T1 0,014, T2 0,007, T3 0,015, T4 0,022 = 0,058\n"
    "20. G17: T1 0,023, T2 0,005, T3 0,007, T4 0,021 = 0,056\n"
    "21. G15: T1 ass., T2 0,020, T3 0,010, T4 0,016 = 0,046\n"
    "DIRECT FINALIST: G01. SEMIFINAL places 2nd-12th: G02, G03, G07, G05, G09, G16, G10, "
    "G06, G13, G04, G11. RIPESCATO among 13th-21st, best single game: G21 1,085 (his only "
    "game, T4, 85 at a table of 4) > G14 1,047 > G19 0,044 > G12 0,042 = G08 0,042 > ...: "
    "G21, 14th, is ripescato, not G14, 13th (1,090 in total but a best game of 1,047).\n"
    "SEMIFINALS: three tables of 4, bands {G02,G03,G07}, {G05,G09,G16}, {G10,G06,G13}, "
    "{G04,G11,G21}. Typed: G02 56, G03 52, G07 48 (one band: three tables), G05 30, G09 28, "
    "G16 26, G10 24, G06 22, G13 20, G04 18, G11 16, G21 14. FINAL: G01, G02, G03, G07. "
    "Typed: G07 60, G01 45, G03 28, G02 12.\n"
    "FINAL RANKING: G07, G01, G03, G02; then the sum of the games played (4 preliminary + a "
    "lost semifinal): G05 1,131 + 0,030 = 1,161; G09 1,129 + 0,028 = 1,157; G16 1,125 + "
    "0,026 = 1,151; G10 1,116 + 0,024 = 1,140; G06 1,115 + 0,022 = 1,137; G13 1,114 + 0,020 "
    "= 1,134; G04 1,109 + 0,018 = 1,127; G11 1,103 + 0,016 = 1,119; G21 1,085 + 0,014 = "
    "1,099; G14 1,090; G19 0,110; G12 0,104; G20 0,090; G08 0,075; G18 0,058; G17 0,056; "
    "G15 0,046."
)

ESTATE_SEMI = {"G02", "G03", "G07", "G05", "G09", "G16", "G10", "G06", "G13", "G04", "G11",
               "G21"}
CASES.append(Case(
    id="club-cl_pifferaio_estate_2025-1",
    seed="cl_pifferaio_estate_2025",
    formula="interno",
    articles=ESTATE_ARTICLES,
    derivation=ESTATE_TEXT,
    players=ESTATE_PLAYERS,
    steps=[
        ESTATE_FORMULA,
        rounds(ESTATE_R123),
        ESTATE_G21,
        rounds(ESTATE_R4),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G02", "G03", "G07", "G05", "G09", "G16", "G10", "G06", "G13",
                   "G04", "G11", "G14", "G21", "G19", "G12", "G20", "G08", "G18", "G17",
                   "G15"],
            complete=True,
            values={"G01": {"Totale": "3,198"}, "G11": {"Totale": "1,103"},
                    "G14": {"Totale": "1,090"}, "G21": {"Totale": "1,085"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01"}),
        ExpectQualificati("Semifinale", ids=ESTATE_SEMI, how={"G21": "ripescato"},
                          absent={"G14"}),
        ExpectTables("Semifinale", players=ESTATE_SEMI,
                     bands=[{"G02", "G03", "G07"}, {"G05", "G09", "G16"},
                            {"G10", "G06", "G13"}, {"G04", "G11", "G21"}]),
        Fill("Semifinale", seats({"G02": 56, "G03": 52, "G07": 48, "G05": 30, "G09": 28,
                                  "G16": 26, "G10": 24, "G06": 22, "G13": 20, "G04": 18,
                                  "G11": 16, "G21": 14})),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G03", "G07"}),
        Fill("Finale", seats({"G07": 60, "G01": 45, "G03": 28, "G02": 12})),
        Cli(["finali"]),
        ExpectFinale(order=["G07", "G01", "G03", "G02", "G05", "G09", "G16", "G10", "G06",
                            "G13", "G04", "G11", "G21", "G14", "G19", "G12", "G20", "G08",
                            "G18", "G17", "G15"], complete=True),
        Cli(["verifica"]),
    ],
))


# =============================================================================
# 3.10 cl_pifferaio_carnival_2025 — 2° torneo «Carnival Il Pifferaio»
# =============================================================================

CARNIVAL_URL_1 = ("https://www.ilfattonisseno.it/2025/01/risiko-club-il-pifferaio-di-san-"
                  "cataldo-il-29-gennaio-al-via-il-2-torneo-interno-2/")
CARNIVAL_URL_2 = ("https://www.ilfattonisseno.it/2025/02/san-cataldo-al-pifferaio-seconda-"
                  "giornata-del-torneo-di-risiko/")
CARNIVAL_ARTICLES = [
    "«Il torneo di Risiko che sta per iniziare prevede una prima fase di 4 giornate di "
    "qualificazione, incluso un turno nel quale il peggior risultato sarà scartato, e una "
    "fase di semifinali e la finale che decreterà il vincitore del torneo. Sarà previsto "
    "anche un mini torneo degli esclusi alle semifinali con in dote punti ranking aggiuntivi "
    "a chi sarà il vincitore. Il torneo inizia domani mercoledì 29 gennaio e proseguirà fino "
    "alla finale del 12 marzo prossimo, con la possibilità di iscriversi in ogni momento "
    "perché anche con una sola partita giocata sarà sempre possibile avanzare nel torneo e "
    "qualificarsi alle semifinali.» — " + CARNIVAL_URL_1,
    "«bisognerà attendere la conclusione delle 4 partite di qualificazione per avere la "
    "classifica definitiva. In base al numero di partecipanti al torneo, il regolamento "
    "prevede un certo numero di qualificati alla seconda fase delle semifinali e alla "
    "serata finale. … Ricordiamo che ci si puo’ iscrivere in ogni momento al torneo perché "
    "anche con una sola partita è sempre possibile qualificarsi alle semifinali.» — "
    + CARNIVAL_URL_2,
    MILLESIMI,
    "001 §7: «In caso di RisiKo! il punteggio torneo realizzato sarà sempre di 1,100 (non "
    "importa se ad un tavolo da 4 o da 5 giocatori).»",
    FINALE_001,
]

CARNIVAL_FORMULA = [
    Cli(["formula",
         "--imposta", "Nome della formula=pifferaio_carnival",
         "--imposta", "Titolo=2° torneo Carnival Il Pifferaio",
         "--imposta", "Turni preliminari=4",
         "--imposta", "Scarti dal turno=4"]),
    # the rest typed in the Formula sheet
    Rule("Numero finalisti diretti", "fino a 17 giocatori: 2; oltre: 1"),
    Rule("Ripescati dal posto", "nessuno"),
    Rule("Partite minime per il ripescaggio", 0),
    Cli(["formula"], says=["4 turni preliminari", "dal 4° turno", "fino a 17 giocatori"]),
]

CARNIVAL_PLAYERS = [
    P("G01", "Gianluca", "Abate", "Il Pifferaio"),
    P("G02", "Mirko", "Bartolotta", "Eclettica"),
    P("G03", "Alfio", "Cumbo", "Caltanissetta"),
    P("G04", "Beppe", "Dimora", "Gela"),
    P("G05", "Carlo", "Emanuello", "Il Pifferaio"),
    P("G06", "Diego", "Fasciana", "Eclettica"),
    P("G07", "Ettore", "Gallo", "Caltanissetta"),
    P("G08", "Fausto", "Iacona", "Gela"),
    P("G09", "Guido", "Lauricella", "Il Pifferaio"),
    P("G10", "Italo", "Mastrosimone", "Eclettica"),
    P("G11", "Lino", "Naro", "Caltanissetta"),
    P("G12", "Mauro", "Palumbo", "Niscemi"),
    P("G13", "Nello", "Rizza", "Il Pifferaio"),
]
CARNIVAL_G14 = Cli(["iscrivi", "Ottavio Sciascia", "--club", "Eclettica", "--dal-turno", "3"],
                   says="G14")

CARNIVAL_R12 = {
    1: [[("G04", 25), ("G08", 32), ("G01", 60), ("G05", 17)],
        [("G10", 21), ("G02", 68), ("G06", 23), ("G07", 10)],
        [("G12", 63, "RisiKo!"), ("G09", 28), ("G03", 5), ("G13", 18), ("G11", 33)]],
    2: [[("G09", 28), ("G08", 35), ("G01", 63), ("G02", 13)],
        [("G05", 20), ("G11", 25), ("G13", 32), ("G03", 72)],
        [("G04", 72), ("G07", 26), ("G06", 35), ("G10", 15)]],
}
CARNIVAL_R3 = {
    3: [[("G09", 5), ("G01", 7), ("G10", 19), ("G05", 72)],
        [("G13", 25), ("G04", 14), ("G11", 21), ("G06", 64)],
        [("G03", 35), ("G08", 16), ("G14", 4), ("G07", 68), ("G02", 30)]],
}
CARNIVAL_R4 = {
    4: [[("G03", 11), ("G07", 22), ("G01", 16), ("G08", 46)],
        [("G05", 3), ("G04", 11), ("G02", 19), ("G10", 62)],
        [("G13", 5), ("G11", 69), ("G06", 35), ("G14", 27)]],
}

CARNIVAL_TEXT = (
    "SETUP. From `interno`: «4 giornate di qualificazione» -> Turni preliminari=4; «incluso "
    "un turno nel quale il peggior risultato sarà scartato» -> Scarti=1 (the preset's); "
    "which round is not said: referee fill from the club's next 4-round edition (3.12, the "
    "«turno di scarto» is the last) -> Scarti dal turno=4; «In base al numero di partecipanti "
    "... un certo numero di qualificati»: the grid is not published: referee fill from the "
    "club's later editions (3.11, 3.13, 3.14): Numero finalisti diretti = «fino a 17 "
    "giocatori: 2; oltre: 1»; «anche con una sola partita giocata sarà sempre possibile ... "
    "qualificarsi alle semifinali» -> the ripescato by best single game among all the "
    "non-qualified (Ripescati dal posto=nessuno) with no minimum (Partite minime per il "
    "ripescaggio=0). The «mini torneo degli esclusi» is another event (another workbook, as "
    "the guide says). A RisiKo! is 1,100 (001 §7).\n"
    "FIELD. G01-G13; G14 (Eclettica) registers for round 3 (`iscrivi --dal-turno 3`). G12 "
    "(Niscemi) comes once: round 1, where he makes RisiKo! (1,100), then absent in rounds "
    "2-4; G09 absent in round 4. 14 players.\n"
    "PROVISIONAL STANDINGS after round 3 (no drop yet):\n"
    "1. G01: T1 1,060, T2 1,063, T3 0,007 = 2,130\n"
    "2. G03: T1 0,007, T2 1,072, T3 0,044 = 1,123\n"
    "3. G06: T1 0,023, T2 0,035, T3 1,064 = 1,122\n"
    "4. G07: T1 0,010, T2 0,026, T3 1,085 = 1,121\n"
    "5. G02: T1 1,068, T2 0,013, T3 0,038 = 1,119\n"
    "6. G04: T1 0,025, T2 1,072, T3 0,014 = 1,111\n"
    "7. G05: T1 0,017, T2 0,020, T3 1,072 = 1,109\n"
    "8. G12: T1 1,100, T2 ass., T3 ass. = 1,100\n"
    "9. G11: T1 0,042, T2 0,025, T3 0,021 = 0,088\n"
    "10. G08: T1 0,032, T2 0,035, T3 0,020 = 0,087\n"
    "11. G13: T1 0,023, T2 0,032, T3 0,025 = 0,080\n"
    "12. G09: T1 0,035, T2 0,028, T3 0,005 = 0,068\n"
    "13. G10: T1 0,021, T2 0,015, T3 0,019 = 0,055\n"
    "14. G14: T1 ass., T2 ass., T3 0,005 = 0,005\n"
    "FINAL STANDINGS after round 4, the worst result dropped (an absence first):\n"
    "1. G01: T1 1,060, T2 1,063, T3 [0,007], T4 0,016 = 2,139\n"
    "2. G11: T1 0,042, T2 0,025, T3 [0,021], T4 1,069 = 1,136\n"
    "3. G06: T1 [0,023], T2 0,035, T3 1,064, T4 0,035 = 1,134\n"
    "4. G07: T1 [0,010], T2 0,026, T3 1,085, T4 0,022 = 1,133\n"
    "5. G03: T1 [0,007], T2 1,072, T3 0,044, T4 0,011 = 1,127\n"
    "6. G02: T1 1,068, T2 [0,013], T3 0,038, T4 0,019 = 1,125\n"
    "7. G08: T1 0,032, T2 0,035, T3 [0,020], T4 1,046 = 1,113\n"
    "8. G04: T1 0,025, T2 1,072, T3 0,014, T4 [0,011] = 1,111\n"
    "9. G05: T1 0,017, T2 0,020, T3 1,072, T4 [0,003] = 1,109\n"
    "10. G10: T1 0,021, T2 [0,015], T3 0,019, T4 1,062 = 1,102\n"
    "11. G12: T1 1,100, T2 [ass.], T3 ass., T4 ass. = 1,100\n"
    "12. G13: T1 0,023, T2 0,032, T3 0,025, T4 [0,005] = 0,080\n"
    "13. G09: T1 0,035, T2 0,028, T3 0,005, T4 [ass.] = 0,068\n"
    "14. G14: T1 [ass.], T2 ass., T3 0,005, T4 0,027 = 0,032\n"
    "GRID: 14 players (up to 17): direct finalists G01 and G11 (9th after round 3, he wins "
    "round 4 and drops his 0,021); semifinal places 3rd-9th: G06, G07, G03, G02, G08, G04, "
    "G05. RIPESCATO among 10th-14th, best single game: G12 1,100 (RisiKo!, his only game) > "
    "G10 1,062 > G09 0,035 > G13 0,032 > G14 0,027: G12, 11th, not G10, 10th.\n"
    "SEMIFINALS: bands {G06,G07}, {G03,G02}, {G08,G04}, {G05,G12}; club separation (the "
    "preset's): Eclettica G06/G02 and Caltanissetta G07/G03 apart, so G06 sits with G03 and "
    "G07 with G02 (each table holds one of {G06,G02} and one of {G07,G03}); the Gela pair "
    "G08/G04 is one band. Typed: G03 56, G02 52, G06 30, G07 28, G08 26, G04 24, G05 22, G12 "
    "20: G03 and G02 win their tables. FINAL: G01, G11, G03, G02. Typed: G11 58, G03 40, G01 "
    "30, G02 20.\n"
    "FINAL RANKING: G11, G03, G01, G02; then the sum of all the games played (4 preliminary, "
    "dropped one included, + a lost semifinal): G06 1,157 + 0,030 = 1,187; G07 1,143 + 0,028 "
    "= 1,171; G08 1,133 + 0,026 = 1,159; G04 1,122 + 0,024 = 1,146; G05 1,112 + 0,022 = "
    "1,134; G12 1,100 + 0,020 = 1,120; G10 1,117; G13 0,085; G09 0,068; G14 0,032 (the same "
    "order with only the counted results)."
)

CARNIVAL_SEMI = {"G06", "G07", "G03", "G02", "G08", "G04", "G05", "G12"}
CASES.append(Case(
    id="club-cl_pifferaio_carnival_2025-1",
    seed="cl_pifferaio_carnival_2025",
    formula="interno",
    articles=CARNIVAL_ARTICLES,
    derivation=CARNIVAL_TEXT,
    players=CARNIVAL_PLAYERS,
    steps=[
        *CARNIVAL_FORMULA,
        rounds(CARNIVAL_R12),
        CARNIVAL_G14,
        rounds(CARNIVAL_R3),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G03", "G06", "G07", "G02", "G04", "G05", "G12", "G11", "G08",
                   "G13", "G09", "G10", "G14"],
            complete=True,
            values={"G01": {"Generale": "2,130"}, "G12": {"Generale": "1,100"},
                    "G11": {"Generale": "0,088"}}),
        rounds(CARNIVAL_R4),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G11", "G06", "G07", "G03", "G02", "G08", "G04", "G05", "G10",
                   "G12", "G13", "G09", "G14"],
            complete=True,
            values={"G01": {"Generale": "2,139"}, "G11": {"Generale": "1,136"},
                    "G10": {"Generale": "1,102"}, "G12": {"Generale": "1,100"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G11"}),
        ExpectQualificati("Semifinale", ids=CARNIVAL_SEMI, how={"G12": "ripescato"},
                          absent={"G10"}),
        ExpectTables("Semifinale", players=CARNIVAL_SEMI,
                     bands=[{"G06", "G07"}, {"G03", "G02"}, {"G08", "G04"}, {"G05", "G12"},
                            {"G06", "G02"}, {"G07", "G03"}]),
        Fill("Semifinale", seats({"G03": 56, "G02": 52, "G06": 30, "G07": 28, "G08": 26,
                                  "G04": 24, "G05": 22, "G12": 20})),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G11", "G03", "G02"}),
        Fill("Finale", seats({"G11": 58, "G03": 40, "G01": 30, "G02": 20})),
        Cli(["finali"]),
        ExpectFinale(order=["G11", "G03", "G01", "G02", "G06", "G07", "G08", "G04", "G05",
                            "G12", "G10", "G13", "G09", "G14"], complete=True),
        Cli(["verifica"]),
    ],
))


# =============================================================================
# 3.16 cl_cagliari_tour4_2018 — RCU Cagliari, «Risiko Tour 4.0»
# =============================================================================

CAGLIARI_URL = ("http://www.laprovinciadelsulcisiglesiente.com/wordpress/2018/04/riparte-"
                "domani-12-aprile-il-tour-di-risiko-organizzato-dal-vicecampione-nazionale-"
                "2017-il-rcu-cagliari/")
CAGLIARI_URL_2023 = ("https://www.rainews.it/tgr/sardegna/articoli/2023/04/torneo-di-risiko-"
                     "vince-miscali-0864820a-6cd2-4d47-8af8-1d85bea6082a.html")
CAGLIARI_ARTICLES = [
    "«I carri armati colorati si affronteranno tra Cagliari, Quartu e Selargius in dieci "
    "tappe.» … «Dieci partite, tre scarti, semifinali e finale, con partite di poco più di "
    "un’ora e mezza, secondo la collaudata formula del Club ufficiale di Risiko di Cagliari» "
    "… «La formula del Risiko Tour 4.0 prevede 10 gare ma solo sette valide (migliori "
    "punteggi) per la classifica finale. I classificati dalla seconda posizione alla "
    "tredicesima, disputeranno un turno di semifinale. I tre vincenti raggiungeranno il "
    "finalista di diritto (il primo classificato dopo le dieci gare).» — " + CAGLIARI_URL,
    "(2023) «Dopo dieci turni, semifinali e finale … Al secondo posto, solo per le "
    "statistiche e il ranking del RCU Cagliari, il club organizzatore, … Al quarto posto "
    "Agosrino Uselli che ha avuto accesso diretto alla finale in quanto ha dominato le dieci "
    "gare totalizzando oltre mille punti e vincendo sei gare su nove (si è pure permesso il "
    "lusso di non giocare l’ultima gara in quanto primo e irraggiungibile con un turno "
    "d’anticipo).» — " + CAGLIARI_URL_2023,
    MILLESIMI,
    FINALE_001,
]

CAGLIARI_FORMULA = Cli([
    "formula",
    "--imposta", "Nome della formula=risiko_tour",
    "--imposta", "Titolo=Risiko Tour 4.0 (RCU Cagliari)",
    "--imposta", "Turni preliminari=10",
    "--imposta", "Scarti=0",
    "--imposta", "Risultati contati=7",
    "--imposta", "Numero finalisti diretti=1",
    "--imposta", "Ripescati=nessuno",
], says=["10 turni preliminari", "contano i migliori 7 risultati", "dal 2° al 13°"])

CAGLIARI_PLAYERS = [
    P("G01", "Agostino", "Usai", "Cagliari"),
    P("G02", "Bruno", "Melis", "Quartu"),
    P("G03", "Cesare", "Piras", "Selargius"),
    P("G04", "Diego", "Serra", "Sestu"),
    P("G05", "Efisio", "Loi", "Cagliari"),
    P("G06", "Franco", "Murgia", "Quartu"),
    P("G07", "Gavino", "Pinna", "Selargius"),
    P("G08", "Ignazio", "Cossu", "Sestu"),
    P("G09", "Luigi", "Miscali", "Cagliari"),
    P("G10", "Marco", "Deiana", "Quartu"),
    P("G11", "Nicola", "Porcu", "Selargius"),
    P("G12", "Paolo", "Sanna", "Sestu"),
    P("G13", "Roberto", "Cadoni", "Cagliari"),
]
CAGLIARI_G14 = Cli(["iscrivi", "Salvatore Floris", "--club", "Monserrato", "--dal-turno",
                    "3"], says="G14")

CAGLIARI_R12 = {
    1: [[("G02", 9), ("G07", 14), ("G04", 53), ("G05", 19)],
        [("G03", 8), ("G08", 68), ("G01", 26), ("G10", 24)],
        [("G06", 22), ("G09", 3), ("G12", 35), ("G11", 62), ("G13", 21)]],
    2: [[("G08", 15), ("G04", 7), ("G03", 66), ("G09", 29)],
        [("G11", 9), ("G07", 15), ("G01", 62), ("G05", 23)],
        [("G13", 32), ("G10", 4), ("G02", 50), ("G12", 21)]],
}
CAGLIARI_R3_8 = {
    3: [[("G11", 24), ("G06", 26), ("G12", 3), ("G05", 50)],
        [("G13", 6), ("G03", 51), ("G14", 10), ("G02", 30), ("G01", 16)],
        [("G09", 10), ("G04", 36), ("G07", 21), ("G10", 55), ("G08", 5)]],
    4: [[("G07", 29), ("G04", 69), ("G13", 19), ("G08", 17)],
        [("G11", 5), ("G12", 34), ("G14", 27), ("G01", 65)],
        [("G10", 5), ("G02", 20), ("G05", 28), ("G06", 15), ("G03", 47)]],
    5: [[("G03", 57), ("G11", 17), ("G09", 15), ("G12", 6)],
        [("G01", 59), ("G02", 8), ("G05", 4), ("G08", 5)],
        [("G14", 3), ("G06", 22), ("G10", 25), ("G07", 61)]],
    6: [[("G04", 51), ("G14", 22), ("G05", 33), ("G07", 30)],
        [("G01", 37), ("G11", 22), ("G08", 13), ("G09", 53), ("G13", 3)],
        [("G06", 37), ("G03", 50), ("G12", 3), ("G10", 6), ("G02", 23)]],
    7: [[("G09", 56), ("G08", 25), ("G14", 8), ("G11", 15)],
        [("G05", 8), ("G12", 64), ("G03", 36), ("G13", 4)],
        [("G01", 33), ("G10", 14), ("G04", 17), ("G07", 22), ("G02", 48)]],
    8: [[("G06", 59), ("G04", 26), ("G13", 28), ("G05", 27)],
        [("G07", 22), ("G08", 70), ("G09", 19), ("G12", 8)],
        [("G03", 19), ("G02", 13), ("G01", 46), ("G10", 37), ("G14", 28)]],
}
CAGLIARI_R9_10 = {
    9: [[("G01", 62), ("G06", 12), ("G04", 3), ("G02", 26)],
        [("G03", 12), ("G12", 8), ("G13", 4), ("G11", 66), ("G05", 22)],
        [("G09", 54), ("G08", 29), ("G10", 16), ("G07", 5), ("G14", 19)]],
    10: [[("G07", 67), ("G14", 18), ("G05", 5), ("G03", 15)],
        [("G06", 3), ("G02", 17), ("G08", 7), ("G04", 61)],
        [("G13", 26), ("G11", 25), ("G10", 51), ("G09", 18)]],
}

CAGLIARI_TEXT = (
    "SETUP (the guide's own example 4). From `interno`: «10 gare» -> Turni preliminari=10; "
    "«solo sette valide (migliori punteggi)» -> Risultati contati=7 with Scarti=0 (the best 7 "
    "of the 10 results, an absence is a 0; with 7 rounds or fewer, all count); «il primo "
    "classificato dopo le dieci gare» is the «finalista di diritto» -> Numero finalisti "
    "diretti=1; «dalla seconda posizione alla tredicesima ... un turno di semifinale. I tre "
    "vincenti» -> three semifinal tables of 4, places 2nd-13th, no ripescato (Ripescati="
    "nessuno); final of 4. Semifinal tables by bands (2nd-4th, 5th-7th, 8th-10th, "
    "11th-13th, as 001 §8 for three semifinals) with the preset's club separation.\n"
    "FIELD. G01-G13 (Cagliari, Quartu, Selargius, Sestu); G14 (Monserrato) registers for "
    "round 3 (`iscrivi --dal-turno 3`): rounds 1-2 are 0 for him. Absences: G06 rounds 2 and "
    "7, G09 round 4, G04 and G13 round 5, G11 round 8, G12 round 10, and G01, first and "
    "already out of reach, skips round 10 (as the 2023 winner of the tour did).\n"
    "PROVISIONAL STANDINGS after round 8 (best 7 of 8, the one not counted in brackets):\n"
    "1. G03: T1 [0,008], T2 1,066, T3 1,064, T4 1,059, T5 1,057, T6 1,063, T7 0,036,"
    " T8 0,024 = 5,369\n"
    "2. G01: T1 0,026, T2 1,062, T3 [0,020], T4 1,065, T5 1,059, T6 0,047, T7 0,042,"
    " T8 1,058 = 4,359\n"
    "3. G04: T1 1,053, T2 0,007, T3 0,045, T4 1,069, T5 [ass.], T6 1,051, T7 0,022,"
    " T8 0,026 = 3,273\n"
    "4. G02: T1 0,009, T2 1,050, T3 0,038, T4 0,025, T5 [0,008], T6 0,029, T7 1,060,"
    " T8 0,017 = 2,228\n"
    "5. G08: T1 1,068, T2 0,015, T3 0,007, T4 0,017, T5 [0,005], T6 0,017, T7 0,025,"
    " T8 1,070 = 2,219\n"
    "6. G09: T1 0,004, T2 0,029, T3 0,013, T4 [ass.], T5 0,015, T6 1,067, T7 1,056,"
    " T8 0,019 = 2,203\n"
    "7. G07: T1 [0,014], T2 0,015, T3 0,027, T4 0,029, T5 1,061, T6 0,030, T7 0,028,"
    " T8 0,022 = 1,212\n"
    "8. G06: T1 0,028, T2 [ass.], T3 0,026, T4 0,019, T5 0,022, T6 0,047, T7 ass.,"
    " T8 1,059 = 1,201\n"
    "9. G10: T1 0,024, T2 [0,004], T3 1,069, T4 0,007, T5 0,025, T6 0,008, T7 0,018,"
    " T8 0,047 = 1,198\n"
    "10. G05: T1 0,019, T2 0,023, T3 1,050, T4 0,035, T5 [0,004], T6 0,033, T7 0,008,"
    " T8 0,027 = 1,195\n"
    "11. G12: T1 0,044, T2 0,021, T3 [0,003], T4 0,034, T5 0,006, T6 0,004, T7 1,064,"
    " T8 0,008 = 1,181\n"
    "12. G11: T1 1,078, T2 0,009, T3 0,024, T4 0,005, T5 0,017, T6 0,028, T7 0,015,"
    " T8 [ass.] = 1,176\n"
    "13. G13: T1 0,027, T2 0,032, T3 0,008, T4 0,019, T5 [ass.], T6 0,004, T7 0,004,"
    " T8 0,028 = 0,122\n"
    "14. G14: T1 [ass.], T2 ass., T3 0,013, T4 0,027, T5 0,003, T6 0,022, T7 0,008,"
    " T8 0,035 = 0,108\n"
    "FINAL STANDINGS after round 10 (best 7 of 10; the 3 not counted in brackets, absences "
    "first):\n"
    "1. G01: T1 [0,026], T2 1,062, T3 [0,020], T4 1,065, T5 1,059, T6 0,047, T7 0,042, T8 1,058,"
    " T9 1,062, T10 [ass.] = 5,395\n"
    "2. G03: T1 [0,008], T2 1,066, T3 1,064, T4 1,059, T5 1,057, T6 1,063, T7 0,036, T8 0,024,"
    " T9 [0,015], T10 [0,015] = 5,369\n"
    "3. G04: T1 1,053, T2 [0,007], T3 0,045, T4 1,069, T5 [ass.], T6 1,051, T7 0,022, T8 0,026,"
    " T9 [0,003], T10 1,061 = 4,327\n"
    "4. G09: T1 [0,004], T2 0,029, T3 [0,013], T4 [ass.], T5 0,015, T6 1,067, T7 1,056, T8 0,019,"
    " T9 1,068, T10 0,018 = 3,272\n"
    "5. G11: T1 1,078, T2 [0,009], T3 0,024, T4 [0,005], T5 0,017, T6 0,028, T7 0,015, T8 [ass.],"
    " T9 1,083, T10 0,025 = 2,270\n"
    "6. G07: T1 [0,014], T2 [0,015], T3 0,027, T4 0,029, T5 1,061, T6 0,030, T7 0,028, T8 0,022,"
    " T9 [0,007], T10 1,067 = 2,264\n"
    "7. G10: T1 0,024, T2 [0,004], T3 1,069, T4 [0,007], T5 0,025, T6 [0,008], T7 0,018, T8 0,047,"
    " T9 0,020, T10 1,051 = 2,254\n"
    "8. G08: T1 1,068, T2 0,015, T3 [0,007], T4 0,017, T5 [0,005], T6 0,017, T7 0,025, T8 1,070,"
    " T9 0,037, T10 [0,007] = 2,249\n"
    "9. G02: T1 [0,009], T2 1,050, T3 0,038, T4 0,025, T5 [0,008], T6 0,029, T7 1,060, T8 [0,017],"
    " T9 0,026, T10 0,017 = 2,245\n"
    "10. G05: T1 0,019, T2 0,023, T3 1,050, T4 0,035, T5 [0,004], T6 0,033, T7 [0,008], T8 0,027,"
    " T9 0,028, T10 [0,005] = 1,215\n"
    "11. G06: T1 0,028, T2 [ass.], T3 0,026, T4 0,019, T5 0,022, T6 0,047, T7 [ass.], T8 1,059,"
    " T9 0,012, T10 [0,003] = 1,213\n"
    "12. G12: T1 0,044, T2 0,021, T3 [0,003], T4 0,034, T5 0,006, T6 [0,004], T7 1,064, T8 0,008,"
    " T9 0,010, T10 [ass.] = 1,187\n"
    "13. G14: T1 [ass.], T2 [ass.], T3 0,013, T4 0,027, T5 [0,003], T6 0,022, T7 0,008, T8 0,035,"
    " T9 0,024, T10 0,018 = 0,147\n"
    "14. G13: T1 0,027, T2 0,032, T3 0,008, T4 0,019, T5 [ass.], T6 [0,004], T7 [0,004], T8 0,028,"
    " T9 0,005, T10 0,026 = 0,145\n"
    "«Solo sette valide» decides the last semifinal place: G14 (0,147 over his best 7) is "
    "13th and G13 (0,145) 14th and out, although G13's ten results add up to 0,153 and "
    "G14's to 0,150. DIRECT FINALIST: G01 (5,395; absent in round 10, his absence is one of "
    "the three results not counted). SEMIFINALS 2nd-13th, bands {G03,G04,G09}, "
    "{G11,G07,G10}, {G08,G02,G05}, {G06,G12,G14}; club separation: Selargius G03/G11/G07, "
    "Sestu G04/G08/G12 and Quartu G10/G02/G06 one per table (a seating exists: e.g. "
    "{G03,G10,G08,G14}, {G04,G11,G05,G06}, {G09,G07,G02,G12}). Typed: G11 58, G07 54, G10 "
    "50 (one band: three tables), G03 30, G04 28, G09 26, G08 24, G05 20, G06 18, G12 16, "
    "G14 14, G02 10. FINAL: G01, G11, G07, G10. Typed: G07 61, G01 42, G10 25, G11 15.\n"
    "FINAL RANKING: G07, G01, G10, G11 (places in the final: «solo per le statistiche e il "
    "ranking»); then the sum of all the games played (the 10 preliminary results, the 3 "
    "not counted included, + a lost semifinal): G03 5,407 + 0,030 = 5,437; G04 4,337 + "
    "0,028 = 4,365; G09 3,289 + 0,026 = 3,315; G08 2,268 + 0,024 = 2,292; G02 2,279 + 0,010 "
    "= 2,289; G05 1,232 + 0,020 = 1,252; G06 1,216 + 0,018 = 1,234; G12 1,194 + 0,016 = "
    "1,210; G14 0,150 + 0,014 = 0,164; G13 0,153 (the same order with only the 7 counted "
    "results plus the semifinal)."
)

CAGLIARI_SEMI = {"G03", "G04", "G09", "G11", "G07", "G10", "G08", "G02", "G05", "G06", "G12",
                 "G14"}
CASES.append(Case(
    id="club-cl_cagliari_tour4_2018-1",
    seed="cl_cagliari_tour4_2018",
    formula="interno",
    articles=CAGLIARI_ARTICLES,
    derivation=CAGLIARI_TEXT,
    players=CAGLIARI_PLAYERS,
    steps=[
        CAGLIARI_FORMULA,
        rounds(CAGLIARI_R12),
        CAGLIARI_G14,
        rounds(CAGLIARI_R3_8),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G03", "G01", "G04", "G02", "G08", "G09", "G07", "G06", "G10", "G05",
                   "G12", "G11", "G13", "G14"],
            complete=True,
            values={"G03": {"Generale": "5,369"}, "G01": {"Generale": "4,359"},
                    "G06": {"Generale": "1,201"}, "G14": {"Generale": "0,108"}}),
        rounds(CAGLIARI_R9_10),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G01", "G03", "G04", "G09", "G11", "G07", "G10", "G08", "G02", "G05",
                   "G06", "G12", "G14", "G13"],
            complete=True,
            values={"G01": {"Generale": "5,395"}, "G03": {"Generale": "5,369"},
                    "G14": {"Generale": "0,147"}, "G13": {"Generale": "0,145"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01"}),
        ExpectQualificati("Semifinale", ids=CAGLIARI_SEMI, absent={"G01", "G13"}),
        ExpectTables("Semifinale", players=CAGLIARI_SEMI,
                     bands=[{"G03", "G04", "G09"}, {"G11", "G07", "G10"},
                            {"G08", "G02", "G05"}, {"G06", "G12", "G14"},
                            {"G03", "G11", "G07"}, {"G04", "G08", "G12"},
                            {"G10", "G02", "G06"}]),
        Fill("Semifinale", seats({"G11": 58, "G07": 54, "G10": 50, "G03": 30, "G04": 28,
                                  "G09": 26, "G08": 24, "G05": 20, "G06": 18, "G12": 16,
                                  "G14": 14, "G02": 10})),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G11", "G07", "G10"}),
        Fill("Finale", seats({"G07": 61, "G01": 42, "G10": 25, "G11": 15})),
        Cli(["finali"]),
        ExpectFinale(order=["G07", "G01", "G10", "G11", "G03", "G04", "G09", "G08", "G02",
                            "G05", "G06", "G12", "G14", "G13"], complete=True),
        Cli(["verifica"]),
    ],
))


# The grid counts the players who took part («in base al numero di giocatori che
# complessivamente hanno partecipato (17 giocatori in totale)»), not the registrations: an
# 18th player registers for round 5 and never comes. Everything else as in case 1.
CASES.append(Case(
    id="club-cl_pifferaio_ciak_2026-2",
    seed="cl_pifferaio_ciak_2026",
    formula="interno",
    articles=CIAK_ARTICLES,
    derivation=CIAK_TEXT + (
        "\nVARIANT: before round 5 an 18th player registers (`iscrivi --dal-turno 5`: G18 "
        "Rino Spataro, Gela) and does not come: not seated in round 5, he has played no game. "
        "«che complessivamente hanno partecipato (17 giocatori in totale)»: the grid counts "
        "the players who played, 17, so still 2 direct finalists G04, G03 and the same 8 "
        "semifinalists with G17 ripescato (with 18 it would be 1 direct finalist and three "
        "semifinals). The standings of the 17 who played are those of case 1; the final "
        "phases are played as in case 1 and G18 is nowhere in them."),
    players=CIAK_PLAYERS,
    steps=[
        *CIAK_FORMULA,
        rounds(CIAK_R12),
        CIAK_G17,
        rounds(CIAK_R34),
        Cli(["iscrivi", "Rino Spataro", "--club", "Gela", "--dal-turno", "5"], says="G18"),
        rounds(CIAK_R5),
        Cli(["classifica"]),
        ExpectClassifica(
            order=["G04", "G03", "G08", "G07", "G02", "G06", "G01", "G15", "G14", "G13",
                   "G17", "G11", "G16", "G05", "G09", "G10", "G12"],
            values={"G04": {"Generale": "3,233"}, "G17": {"Generale": "1,091"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G04", "G03"}),
        ExpectQualificati("Semifinale", ids=CIAK_SEMI, how={"G17": "ripescato"},
                          absent={"G13", "G18"}),
        ExpectTables("Semifinale", tables=[{"G08", "G06", "G01", "G17"},
                                           {"G07", "G02", "G15", "G14"}]),
        Fill("Semifinale", seats({"G17": 58, "G14": 54, "G08": 34, "G07": 28, "G02": 26,
                                  "G06": 24, "G15": 20, "G01": 18})),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G04", "G03", "G14", "G17"}),
        Fill("Finale", seats({"G03": 57, "G17": 45, "G04": 30, "G14": 20})),
        Cli(["finali"]),
        ExpectFinale(order=["G03", "G17", "G04", "G14", "G08", "G07", "G02", "G06", "G01",
                            "G15", "G13", "G11", "G16", "G05", "G09", "G10", "G12"]),
        Cli(["verifica"]),
    ],
))
