"""Club formulas (issue 25, «Must show»): Cesenatico, Modena, Verona, Marsala, and the
one-day Masters of Palermo, Bologna and Sant'Eufemia a Maiella.

Each formula is set through the documented interface only (a shipped preset, then
`risiko-xl formula --imposta` or a rule typed in the Formula sheet), and played from the
registrations to the final ranking, with a late arrival (`iscrivi --dal-turno 2` or a row
typed in Iscritti with «Dal turno») and absences (a player not seated in a round). The
expectations were computed by hand from the quoted text before the program was run.

Tables are written compactly: `tav(turno, tavolo, "G01:45 G02:20 G03:0e G04:86r")` is one
table, seats in order of play, each «ID:punti obiettivo», `e` = eliminated (0 fuori),
`r` = RisiKo!; every other seat has 1 point out of objective (the objective points at a
table are distinct, so the out-of-objective points never decide anything).
"""

from __future__ import annotations

from tests.casebook.runner import (
    Case,
    Cli,
    Enrol,
    ExpectClassifica,
    ExpectFinale,
    ExpectQualificati,
    ExpectRisultati,
    ExpectTables,
    Fill,
    P,
    Rule,
    S,
    Setting,
    Tav,
    Type,
)


def tav(turno: int, tavolo: int, spec: str, fase: str = "Qualificazione") -> Tav:
    seats = []
    for token in spec.split():
        pid, value = token.split(":")
        eliminated = value.endswith("e")
        risiko = value.endswith("r")
        points = int(value.rstrip("er"))
        seats.append(S(pid, points, 0 if eliminated else 1, risiko=risiko,
                       eliminato=1 if eliminated else None))
    return Tav(turno, tavolo, seats, fase=fase)


def band_fill(fase: str, bands: list[list[str]], points: list[int]) -> Fill:
    """Every player of band k scores points[k] (3 out of objective): each table holds one
    player per band, so every table is decided the same way whoever sits where."""
    return Fill(fase, [S(pid, p, 3) for band, p in zip(bands, points) for pid in band])


def ordered(*ids: str) -> list[str]:
    return list(ids)


CASES: list[Case] = []

# =============================================================== 3.18 RCU Modena, Coppa Maialino

MODENA_SRC = ("https://forum.egcommunity.it/showthread.php?t=76353&s=ef1a16c2a5b9fbbf9e07136e"
              "7e5dc296&p=1546143")
MODENA_QUOTE = (
    "«Punti Torneo guadagnati per ogni partita: vincitore: 200 (201 in caso di RisiKo!) altri "
    "giocatori: 100 - (differenza dei punti tavolo dal primo) Esempio: Annalisa 20, Marco 23, "
    "Luigi 44, Franco (vincitore) 45 Franco, in quanto vincitore, totalizza 200 punti torneo. "
    "Annalisa ha finito la partita con 25 punti di distacco dal vincitore, avrà quindi "
    "100-25=75 punti torneo. Marco 100-22=78 e Luigi 100-1=99. Note: 1. in caso di parità di "
    "punti tavolo, il vincitore viene decretato secondo i seguenti criteri: punti fuori "
    "obiettivo, ordine inverso di gioco 2. ad un giocatore eliminato non vengono assegnati "
    "punti (Punti Torneo = 0) 3. ad un giocatore che totalizza 0 punti tavolo senza essere "
    "eliminato, vengono assegnati comunque (100 - differenza dei punti tavolo dal primo) Punti "
    "Torneo 4. sono ammessi tavoli da 3 e tavoli da 5, massimizzando comunque i tavoli da 4 "
    "Classifica Coppa Maialino E' ordinata per Punti Torneo e tiene conto dei migliori 6 "
    "risultati su 8 giornate. Il vincitore della Coppa Maialino verrà decretato da una finale "
    "fra i primi 4 in Classifica.» — forum EGCommunity, RCU Modena 2024, " + MODENA_SRC)

MODENA_FORMULA = Cli([
    "formula",
    "--imposta", "Nome della formula=coppa_maialino",
    "--imposta", "Titolo=Coppa Maialino (RCU Modena)",
    "--imposta", "Fonte=" + MODENA_SRC,
    "--imposta", "Metodo punteggio=spartac",
    "--imposta", "Punteggio fisso del vincitore=200",
    "--imposta", "Punteggio del RisiKo!=201",
    "--imposta", "Punteggio degli eliminati=0",
    "--imposta", "Fattori per tavolo=nessuno",
    "--imposta", "Turni preliminari=8",
    "--imposta", "Scarti=0",
    "--imposta", "Risultati contati=6",
    "--imposta", "Fase prima della finale=nessuna",
], says=["Finale dei primi 4", "migliori 6"])

MODENA_PLAYERS = [
    P("G01", "Franco", "Ferrari", "RCU Modena"),
    P("G02", "Annalisa", "Bertoni", "RCU Modena"),
    P("G03", "Marco", "Malagoli", "RC Carpi"),
    P("G04", "Luigi", "Barbieri", "RCU Modena"),
    P("G05", "Elena", "Guidetti", "RC Sassuolo"),
    P("G06", "Paolo", "Ferretti", "RC Carpi"),
    P("G07", "Chiara", "Montanari", "RCU Modena"),
    P("G08", "Davide", "Gualtieri", "RC Sassuolo"),
    P("G09", "Sara", "Venturelli", "RCU Modena"),
    P("G10", "Matteo", "Po", "RC Carpi"),
    P("G11", "Giulia", "Zanasi", "RC Sassuolo"),
    P("G12", "Andrea", "Righi", "RCU Modena"),
]

MODENA_R1 = Type(tav(1, 1, "G01:47 G04:43 G05:27 G09:12"),
                 tav(1, 2, "G02:42 G07:32 G06:27 G10:12"),
                 tav(1, 3, "G03:52 G08:40 G11:27 G12:12"))
MODENA_LATE = Cli(["iscrivi", "Stefano Bellei", "--club", "RC Carpi", "--dal-turno", "2"],
                  says="G13")


def modena_rounds(table_8_3: str) -> list:
    return [
        Type(tav(2, 1, "G01:37 G03:35 G05:12 G13:19"),
             tav(2, 2, "G04:46 G02:39 G09:24 G12:12"),
             tav(2, 3, "G07:44 G06:35 G08:28 G10:16 G11:12")),
        Type(tav(3, 1, "G02:45 G04:40 G09:0 G13:32"),
             tav(3, 2, "G03:35 G07:24 G10:12 G11:16"),
             tav(3, 3, "G06:41 G01:35 G08:20 G12:12")),
        Type(tav(4, 1, "G01:38 G02:30 G10:12 G13:21"),
             tav(4, 2, "G04:50 G03:47 G08:36 G12:12"),
             tav(4, 3, "G07:39 G05:18 G06:15 G11:12")),
        Type(tav(5, 1, "G02:45 G04:39 G05:26 G11:12"),
             tav(5, 2, "G03:36 G07:24 G09:12 G13:21"),
             tav(5, 3, "G08:48 G01:38 G06:30 G10:17 G12:12")),
        Type(tav(6, 1, "G01:44 G03:40 G09:18 G12:12"),
             tav(6, 2, "G04:42 G02:37 G10:22 G11:12"),
             tav(6, 3, "G07:35 G06:19 G08:12 G13:24")),
        Type(tav(7, 1, "G01:40 G04:0e G07:27 G12:12"),
             tav(7, 2, "G06:46 G02:37 G11:29 G09:12"),
             tav(7, 3, "G10:42 G03:12 G08:20 G13:28")),
        Type(tav(8, 1, "G02:48 G04:0e G07:34 G09:12"),
             tav(8, 2, "G12:39 G01:31 G06:19 G10:12"),
             tav(8, 3, table_8_3)),
    ]


MODENA_FINAL = Fill("Finale", [S("G04", 50, 3), S("G03", 40, 3), S("G01", 30, 3),
                               S("G02", 20, 3)])

MODENA_DERIVATION_COMMON = (
    "Formula: from «interno», as the guide's example 5 (spartac with «Punteggio fisso del "
    "vincitore» 200, «Punteggio del RisiKo!» 201, «Punteggio degli eliminati» 0; 8 rounds, no "
    "drops, «Risultati contati» 6; «Fase prima della finale» nessuna, so the final is the "
    "first 4 of the standings). Referee's decision: the text allows tables of 3 and 5 and "
    "measures the others by «differenza dei punti tavolo dal primo» with no factor, so "
    "«Fattori per tavolo» = nessuno (the guide's example 5 leaves the spartac method's ×1,25 "
    "at a 5-table). Standings tie-breaks are not published (interno's chain stays); no tie "
    "occurs. Per game: winner 200 (201 with RisiKo!), eliminated 0, the others 100 − (winner's "
    "table points − own). Field: G01..G12 registered, G13 (Stefano Bellei) registered after "
    "round 1 with `iscrivi --dal-turno 2` (first free ID: G13). Absences: G05 rounds 3, 6, 7; "
    "G09 round 4; G11 round 8; G13 round 1 (not yet registered). Rounds 2 and 5 have a table "
    "of 5 (13 players), scored unscaled (e.g. round 2 table 3: G07 44 wins, G06 35 → 91, G08 "
    "28 → 84, G10 16 → 72, G11 12 → 68). ")

MODENA_DERIVATION = MODENA_DERIVATION_COMMON + (
    "Points (T1..T8; «-» absent): "
    "G01 200, 200, 94 (35 vs 41), 200, 90 (38 vs 48), 200, 200, 92 (31 vs 39): best 6 = "
    "5×200 + 94 = 1094 (all 8 = 1276). "
    "G02 200, 93, 200, 92, 200, 95, 91, 200: best 6 = 800 + 95 + 93 = 988. "
    "G03 200, 98 (35 vs 37), 200, 97, 200, 96, 70 (12 vs 42), 34 (20 vs 86, RisiKo!): best 6 "
    "= 600 + 98 + 97 + 96 = 891 (all 8 = 995). "
    "G04 96, 200, 95, 200, 94, 200, 0 (eliminated), 0 (eliminated): best 6 = 600 + 96 + 95 + "
    "94 = 885 (the two zeros are the results not counted; all 8 = 885). "
    "G07 90, 200, 89, 200, 88, 200, 87, 86: best 6 = 600 + 90 + 89 + 88 = 867 (all 8 = 1040). "
    "G06 85, 91, 200, 76, 82, 84, 200, 80: best 6 = 400 + 91 + 85 + 84 + 82 = 742. "
    "G13 -, 82, 87, 83, 85, 89, 86, 201 (RisiKo!, 86 table points): 7 games, best 6 = 201 + "
    "89 + 87 + 86 + 85 + 83 = 631. "
    "G08 88, 84, 79, 86, 200, 77, 78, 44 (30 vs 86): best 6 = 200 + 88 + 86 + 84 + 79 + 78 = "
    "615. "
    "G10 70, 72, 77, 74, 69, 80, 200, 73: best 6 = 200 + 80 + 77 + 74 + 73 + 72 = 576. "
    "G12 60, 66, 71, 62, 64, 68, 72, 200: best 6 = 200 + 72 + 71 + 68 + 66 + 64 = 541. "
    "G11 75, 68, 81, 73, 67, 70, 83, -: 7 games, best 6 = 83 + 81 + 75 + 73 + 70 + 68 = 450. "
    "G09 65, 78, 55 (0 table points, not eliminated: 100 − 45, note 3), -, 76, 74, 66, 64: "
    "best 6 = 78 + 76 + 74 + 66 + 65 + 64 = 423. "
    "G05 80, 75, -, 79, 81, -, -, 38 (24 vs 86): 5 games, all counted = 353. "
    "Standings: G01 1094, G02 988, G03 891, G04 885, G07 867, G06 742, G13 631, G08 615, G10 "
    "576, G12 541, G11 450, G09 423, G05 353. The best 6 decide the 4th place: G04 (two "
    "eliminations, not counted) is 4th with 885, while on all 8 games G07 (1040) would be "
    "ahead of him. Final: G01, G02, G03, G04. Typed: G04 50, G03 40, G01 30, G02 20. Final "
    "ranking (REGOLE «Classifica finale»: finalists by their place in the final, the others "
    "by their points): G04, G03, G01, G02, then G07, G06, G13, G08, G10, G12, G11, G09, G05.")

MODENA_STANDINGS = ordered("G01", "G02", "G03", "G04", "G07", "G06", "G13", "G08", "G10",
                           "G12", "G11", "G09", "G05")

CASES.append(Case(
    id="club-cl_modena_maialino_2024-1",
    seed="cl_modena_maialino_2024",
    articles=[MODENA_QUOTE],
    derivation=MODENA_DERIVATION,
    formula="interno",
    players=MODENA_PLAYERS,
    steps=[
        MODENA_FORMULA,
        MODENA_R1,
        MODENA_LATE,
        *modena_rounds("G13:86r G03:20 G08:30 G05:24"),
        Cli(["classifica"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Punti torneo": 200},
            (1, "Qualificazione", "G04"): {"Punti torneo": 96},
            (1, "Qualificazione", "G09"): {"Punti torneo": 65},
            (2, "Qualificazione", "G11"): {"Punti torneo": 68},
            (3, "Qualificazione", "G09"): {"Punti torneo": 55},
            (5, "Qualificazione", "G12"): {"Punti torneo": 64},
            (7, "Qualificazione", "G04"): {"Punti torneo": 0},
            (8, "Qualificazione", "G13"): {"Punti torneo": 201},
            (8, "Qualificazione", "G08"): {"Punti torneo": 44},
        }),
        ExpectClassifica(order=MODENA_STANDINGS, complete=True, values={
            "G01": {"Generale": 1094}, "G03": {"Generale": 891}, "G04": {"Generale": 885},
            "G07": {"Generale": 867}, "G13": {"Generale": 631}, "G08": {"Generale": 615},
            "G11": {"Generale": 450}, "G05": {"Generale": 353}}),
        Cli(["finali"]),
        ExpectTables("Finale", tables=[{"G01", "G02", "G03", "G04"}]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G03", "G04"},
                          how={"G04": "4°"}, absent={"G07"}),
        MODENA_FINAL,
        Cli(["finali"]),
        ExpectFinale(order=ordered("G04", "G03", "G01", "G02", *MODENA_STANDINGS[4:]),
                     complete=True),
        Cli(["verifica"]),
    ],
))

CASES.append(Case(
    id="club-cl_modena_maialino_2024-2",
    seed="cl_modena_maialino_2024",
    articles=[MODENA_QUOTE],
    derivation=MODENA_DERIVATION_COMMON + (
        "The same tournament as case 1, except round 8 table 3: G13 completes his objective "
        "(RisiKo!) holding 60 table points (typed 60, RisiKo! S). He scores 201; the others "
        "are measured, as the text says, from «i punti tavolo dal primo», his 60: G03 20 → "
        "100 − 40 = 60, G08 30 → 100 − 30 = 70, G05 24 → 100 − 36 = 64 (the README's «a "
        "RisiKo! counts 86» for the spartac method is not in Modena's text: measured from 86 "
        "they would be 34, 44, 38). G03's 60 and G08's 70 are not among their best 6 (891 and "
        "615 as in case 1); G05 plays 5 games, all counted: 80 + 75 + 79 + 81 + 64 = 379 "
        "(353 measured from 86). Standings order as in case 1 (G05 still last): G01 1094, G02 "
        "988, G03 891, G04 885, G07 867, G06 742, G13 631, G08 615, G10 576, G12 541, G11 450, "
        "G09 423, G05 379. Final and final ranking as in case 1."),
    formula="interno",
    players=MODENA_PLAYERS,
    steps=[
        MODENA_FORMULA,
        MODENA_R1,
        MODENA_LATE,
        *modena_rounds("G13:60r G03:20 G08:30 G05:24"),
        Cli(["classifica"]),
        ExpectRisultati({
            (8, "Qualificazione", "G13"): {"Punti torneo": 201},
            (8, "Qualificazione", "G03"): {"Punti torneo": 60},
            (8, "Qualificazione", "G08"): {"Punti torneo": 70},
            (8, "Qualificazione", "G05"): {"Punti torneo": 64},
        }),
        ExpectClassifica(order=MODENA_STANDINGS, complete=True,
                         values={"G05": {"Generale": 379}, "G08": {"Generale": 615}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G03", "G04"}),
        MODENA_FINAL,
        Cli(["finali"]),
        ExpectFinale(order=ordered("G04", "G03", "G01", "G02", *MODENA_STANDINGS[4:]),
                     complete=True),
        Cli(["verifica"]),
    ],
))

# ====================================================== 3.19 Verona, minitorneo del 1° Scaligero

VERONA_SRC = ("https://forum.egcommunity.it/showthread.php?t=53495&s=665db950bf851ecccf7c2bfd2"
              "e77fada")
VERONA_QUOTE = (
    "«MINITORNEO Ogni minitorneo verrà giocato nell'arco delle 4 partite + Finale. La classifica "
    "dopo 4 partite (comprensive di uno scarto) determinerà i 4 giocatori che accederanno alla "
    "finale del minitorneo. L'accesso alla finale è condizionata dall'aver giocato ALMENO 3 "
    "partite all'interno del minitorneo stesso. Nel caso di parità fra 2 o più giocatori la "
    "classifica del minitorneo verrà determinata dai seguenti criteri (in ordine di "
    "importanza): n° vittorie – vittoria con più punti – classifica senza scarti – tiro del "
    "dado.» — forum EGCommunity, 1° Torneo Scaligero 2012/2013, " + VERONA_SRC)
VERONA_FINAL_TIE_QUOTE = (
    "«In caso di parità nella finale del minitorneo fra 2 o più giocatori la classifica finale "
    "verrà determinata dalla classifica del minitorneo che ha qualificato alla finale.» — "
    + VERONA_SRC)

VERONA_FORMULA = Cli([
    "formula",
    "--imposta", "Nome della formula=minitorneo_scaligero",
    "--imposta", "Titolo=Minitorneo del 1° Torneo Scaligero",
    "--imposta", "Turni preliminari=4",
    "--imposta", "Scarti=1",
    "--imposta", "Fase prima della finale=nessuna",
    "--imposta", "Partite minime per la finale=3",
    "--imposta", ("Spareggi in classifica=partite vinte; vittoria con più punti; classifica "
                  "senza scarti; sorteggio"),
    # «In caso di parità nella finale … la classifica finale verrà determinata dalla
    # classifica del minitorneo»
    "--imposta", "Parità in finale=classifica dei turni",
], says="almeno 3 partite")

VERONA_PLAYERS = [
    P("G01", "Alberto", "Scala", "RC Verona"),
    P("G02", "Bruno", "Dalla Valle", "RC Vicenza"),
    P("G03", "Carlo", "Ferrarini", "RC Verona"),
    P("G04", "Fabio", "Zanetti", "RC Padova"),
    P("G05", "Dario", "Bonomi", "RC Verona"),
    P("G06", "Elisa", "Girelli", "RC Brescia"),
    P("G07", "Enrico", "Tosi", "RC Verona"),
    P("G08", "Ester", "Castagna", "RC Vicenza"),
    P("G09", "Emilio", "Brunelli", "RC Padova"),
    P("G10", "Eva", "Sartori", "RC Verona"),
    P("G11", "Ettore", "Pasetto", "RC Brescia"),
    P("G12", "Erika", "Lonardi", "RC Verona"),
]

VERONA_STEPS = [
    VERONA_FORMULA,
    Type(tav(1, 1, "G01:20 G06:10 G07:5 G08:8"),
         tav(1, 2, "G02:70 G04:20 G09:12 G10:6"),
         tav(1, 3, "G03:45 G05:30 G11:25 G12:18")),
    Cli(["iscrivi", "Cesare Marchi", "--club", "RC Padova", "--dal-turno", "2"], says="G13"),
    Type(tav(2, 1, "G01:30 G05:20 G06:14 G09:9"),
         tav(2, 2, "G02:30 G04:15 G07:11 G11:7"),
         tav(2, 3, "G03:35 G13:30 G08:16 G10:13")),
    Type(tav(3, 1, "G01:40 G13:10 G10:22 G12:15"),
         tav(3, 2, "G02:30 G05:5 G06:17 G11:13"),
         tav(3, 3, "G04:60 G07:19 G08:21 G09:3")),
    Type(tav(4, 1, "G01:60 G02:50 G11:16 G08:4"),
         tav(4, 2, "G13:50 G04:10 G06:9 G07:23"),
         tav(4, 3, "G05:40 G09:27 G10:8 G12:11")),
    Cli(["classifica"]),
]
VERONA_STANDINGS = ordered("G01", "G02", "G03", "G04", "G13", "G05", "G11", "G07", "G09",
                           "G08", "G12", "G10", "G06")
VERONA_AFTER_ROUNDS = [
    ExpectClassifica(order=VERONA_STANDINGS, complete=True, values={
        "G01": {"Generale": "3,130"}, "G02": {"Generale": "3,130"}, "G03": {"Generale": "2,080"},
        "G04": {"Generale": "1,095"}, "G13": {"Generale": "1,090"}, "G05": {"Generale": "1,090"},
        "G11": {"Generale": "0,054"}, "G06": {"Generale": "0,041"}}),
    Cli(["finali"]),
    ExpectTables("Finale", tables=[{"G01", "G02", "G04", "G13"}]),
    ExpectQualificati("Finale", ids={"G01", "G02", "G04", "G13"},
                      how={"G13": "5° in classifica"}, absent={"G03", "G05"}),
]
VERONA_DERIVATION = (
    "Formula: from «interno», as the guide's example 6: 4 rounds, 1 drop, no phase before the "
    "final (final of the first 4), «Partite minime per la finale» 3, tie-breaks «partite "
    "vinte; vittoria con più punti; classifica senza scarti; sorteggio» (the die is the "
    "recorded lottery). Scoring not published for the minitorneo: the Master's millesimi "
    "(table points/1000, +1 to the winner; all tables of 4). Field: G01..G12 registered; G13 "
    "(Cesare Marchi) arrives for round 2 (`iscrivi --dal-turno 2`, first free ID G13): his "
    "round 1 is an absence (0, dropped). Absences: G03 rounds 3 and 4; G12 round 2. "
    "Points (T1..T4): "
    "G01 wins all four: 1,020, 1,030, 1,040, 1,060 → drop 1,020 → 3,130 (4 wins, best win "
    "1,060, without drops 4,150). "
    "G02 1,070, 1,030, 1,030, 0,050 (2nd with 50 at G01's table, 60) → drop 0,050 → 3,130 (3 "
    "wins, best win 1,070, without drops 3,180). "
    "G03 1,045, 1,035, absent, absent → 2,080 (2 games). "
    "G04 0,020, 0,015, 1,060, 0,010 → drop 0,010 → 1,095. "
    "G13 absent, 0,030, 0,010, 1,050 → drop the absence → 1,090 (1 win, best win 1,050, "
    "without drops 1,090). "
    "G05 0,030, 0,020, 0,005, 1,040 → drop 0,005 → 1,090 (1 win, best win 1,040, without drops "
    "1,095). "
    "G06 0,010, 0,014, 0,017, 0,009 → 0,041; G07 0,005, 0,011, 0,019, 0,023 → 0,053; G08 "
    "0,008, 0,016, 0,021, 0,004 → 0,045; G09 0,012, 0,009, 0,003, 0,027 → 0,048; G10 0,006, "
    "0,013, 0,022, 0,008 → 0,043; G11 0,025, 0,007, 0,013, 0,016 → 0,054; G12 0,018, absent, "
    "0,015, 0,011 → 0,044. "
    "Ties: G01 = G02 on 3,130: «n° vittorie» G01 4 against G02 3 (the wins of the minitorneo, "
    "the dropped game's win included: the text counts the victories, not the results kept) → "
    "G01 1st, G02 2nd (counting only the kept wins, 3 each, the best win would put G02 first). "
    "G13 = G05 on 1,090, one win each: «vittoria con più punti» G13 1,050 against G05 1,040 → "
    "G13 before G05 (without drops G05 would be ahead, 1,095 against 1,090). "
    "Standings: G01, G02, G03, G04, G13, G05, G11, G07, G09, G08, G12, G10, G06. "
    "Final: G03 is 3rd but played 2 games («ALMENO 3 partite»): he does not play it, the next "
    "with 3 games takes the place. Finalists G01, G02, G04, G13 (3 games, the late arrival); "
    "G05 6th stays out, beaten by G13 on the best win. ")

CASES.append(Case(
    id="club-cl_verona_scaligero_2012-1",
    seed="cl_verona_scaligero_2012",
    articles=[VERONA_QUOTE],
    derivation=VERONA_DERIVATION + (
        "Final typed: G13 45, G04 30, G01 25, G02 12 → G13, G04, G01, G02. The others follow "
        "by the minitorneo standings (REGOLE «Classifica finale»: the others by their points; "
        "the Verona text itself refers to «la classifica del minitorneo» after the final): G03, "
        "G05, G11, G07, G09, G08, G12, G10, G06 (summing all four games instead would give "
        "G11, G07, G09, G06 0,050, ... — not the minitorneo's ranking)."),
    formula="interno",
    players=VERONA_PLAYERS,
    steps=[
        *VERONA_STEPS,
        *VERONA_AFTER_ROUNDS,
        Fill("Finale", [S("G13", 45, 3), S("G04", 30, 3), S("G01", 25, 3), S("G02", 12, 3)]),
        Cli(["finali"]),
        ExpectFinale(order=ordered("G13", "G04", "G01", "G02", "G03", "G05", "G11", "G07",
                                   "G09", "G08", "G12", "G10", "G06"), complete=True),
        Cli(["verifica"]),
    ],
))

CASES.append(Case(
    id="club-cl_verona_scaligero_2012-2",
    seed="cl_verona_scaligero_2012",
    articles=[VERONA_QUOTE, VERONA_FINAL_TIE_QUOTE],
    derivation=VERONA_DERIVATION + (
        "Final typed with a tie for the win: G01 40 (3 out of objective, 1st to play), G04 30 "
        "(2nd), G02 20 (3rd), G13 40 (3 out of objective, 4th to play). G01 and G13 are equal "
        "in the final: «la classifica finale verrà determinata dalla classifica del minitorneo» "
        "→ G01 (1st in the minitorneo) before G13 (5th). G01 wins the minitorneo; G13 2nd, G04 "
        "3rd, G02 4th; then G03, G05, G11, G07, G09, G08, G12, G10, G06. (The Master's table "
        "rule — out-of-objective points, then the last to play — would give the win to G13; "
        "the Verona text replaces it in its final: the rule «Parità in finale» «classifica dei "
        "turni».)"),
    formula="interno",
    players=VERONA_PLAYERS,
    steps=[
        *VERONA_STEPS,
        *VERONA_AFTER_ROUNDS,
        Fill("Finale", [S("G01", 40, 3, extra={"Ordine": 1}),
                        S("G04", 30, 3, extra={"Ordine": 2}),
                        S("G02", 20, 3, extra={"Ordine": 3}),
                        S("G13", 40, 3, extra={"Ordine": 4})]),
        Cli(["finali"]),
        ExpectFinale(order=ordered("G01", "G13", "G04", "G02", "G03", "G05", "G11", "G07",
                                   "G09", "G08", "G12", "G10", "G06"), complete=True),
        Cli(["verifica"]),
    ],
))

# ================================================ 3.22 Marsala, «La guerra solo per gioco» 2011

MARSALA_SRC = ("https://www.tp24.it/2011/08/25/cultura/al-via-la-13-edizione-del-torneo-la-"
               "guerra-solo-per-gioco/39987")
MARSALA_QUOTE = (
    "«Il 27 Agosto si svolgeranno due partite di qualificazione: una alle ore 17:00 ed una alle "
    "ore 20:00, mentre il 28 Agosto si svolgerà la terza ed ultima partita di qualificazione "
    "alle ore 17:00. Ogni iscritto dovrà disputare almeno due incontri. Non sarà possibile "
    "iscriversi per disputare un solo incontro. Alla finale del 28 Agosto, ore 20:00, "
    "accederanno i 4 migliori classificati alle qualificazioni, tenendo conto dei due migliori "
    "punteggi utili conseguiti.» «I tavoli di gioco saranno composti da 4 o 5 giocatori in "
    "funzione del numero degli iscritti al torneo.» — tp24.it, 25 agosto 2011, " + MARSALA_SRC)

CASES.append(Case(
    id="club-cl_marsala_guerra_2011-1",
    seed="cl_marsala_guerra_2011",
    articles=[MARSALA_QUOTE],
    derivation=(
        "Formula: from «interno», as the guide's example 7: 3 rounds, no drops, «Risultati "
        "contati» 2, «Partite minime per la classifica» 2 (who cannot reach two games goes to "
        "the bottom), no phase before the final, «Partite minime per la finale» 2. Scoring and "
        "tie-breaks not published: the Master's millesimi (×1,25 rounded up at a table of 5, "
        "max 0,100, +1 to the winner) and interno's chain (no tie here). Field: G01..G14; G15 "
        "(Nicola Pipitone) registered for the second game with `iscrivi --dal-turno 2` (first "
        "free ID G15: he plays games 2 and 3, two games, as the text allows). G14 plays game 1 "
        "only (absent in 2 and 3); G06 is absent in game 3. Points (T1..T3, table points in "
        "brackets): "
        "G01 1,063 (50 at a table of 5 → 62,5 → 63, wins), 1,055 (44 → 55, wins), 0,028 → best "
        "2 = 2,118. "
        "G02 1,065 (52 → 65, wins), 0,038 (30 → 37,5 → 38), 1,050 (wins) → 2,115. "
        "G15 absent, 1,058 (46 → 57,5 → 58, wins), 0,038 → 1,096. "
        "G03 0,035 (28 → 35), 0,025 (20 → 25), 1,045 (wins) → 1,080 (all three: 1,105). "
        "G05 0,028, 1,048 (wins), 0,030 → 1,078 (all three: 1,106). "
        "G04 0,018 (14 → 17,5 → 18), 0,030, 1,038 (30 → 37,5 → 38, wins) → 1,068. "
        "G06 0,050 (40 → 50), 0,043 (34 → 42,5 → 43), absent → 0,093. "
        "G11 0,040 (32 → 40), 0,032 (25 → 31,25 → 32), 0,013 (10 → 12,5 → 13) → 0,072. "
        "G07 0,038 (30 → 37,5 → 38), 0,016, 0,022 → 0,060. "
        "G10 0,013 (10 → 12,5 → 13), 0,024, 0,033 (26 → 32,5 → 33) → 0,057. "
        "G13 0,028 (22 → 27,5 → 28), 0,023 (18 → 22,5 → 23), 0,024 → 0,052. "
        "G08 0,010 (8 → 10), 0,018 (14 → 17,5 → 18), 0,028 (22 → 27,5 → 28) → 0,046. "
        "G09 0,015, 0,015 (12 → 15), 0,019 (15 → 18,75 → 19) → 0,034. "
        "G12 0,022, 0,010 (8 → 10), 0,010 → 0,032. "
        "G14 1,085 (85 at a table of 4, wins), absent, absent: one game. "
        "Standings: G01 2,118, G02 2,115, G15 1,096, G03 1,080, G05 1,078, G04 1,068, G06 "
        "0,093, G11 0,072, G07 0,060, G10 0,057, G13 0,052, G08 0,046, G09 0,034, G12 0,032, "
        "and last G14: «Ogni iscritto dovrà disputare almeno due incontri», he played one, so "
        "he goes to the bottom although his 1,085 would be 4th (above G03's 1,080). The best 2 "
        "of 3 decide G03 against G05 (on all three games G05 1,106 > G03 1,105). Final: the 4 "
        "best with at least two games: G01, G02, G15, G03 (G14 out, G05 5th). Typed: G15 40, "
        "G03 35, G02 30, G01 20 → G15, G03, G02, G01; then the others by the standings: G05, "
        "G04, G06, G11, G07, G10, G13, G08, G09, G12, and G14 last (one game: at the bottom, "
        "whatever his points)."),
    formula="interno",
    players=[
        P("G01", "Giuseppe", "Angileri", "RC Marsala"),
        P("G02", "Vito", "Pellegrino", "RC Trapani"),
        P("G03", "Salvatore", "Genna", "RC Marsala"),
        P("G04", "Antonino", "Licari", "RC Mazara"),
        P("G05", "Francesca", "Bonura", "RC Marsala"),
        P("G06", "Rosario", "Parrinello", "RC Trapani"),
        P("G07", "Baldassare", "Figuccia", "RC Mazara"),
        P("G08", "Caterina", "Spanò", "RC Marsala"),
        P("G09", "Leonardo", "Sammartano", "RC Palermo"),
        P("G10", "Ignazio", "Lombardo", "RC Trapani"),
        P("G11", "Maria", "Giacalone", "RC Marsala"),
        P("G12", "Pietro", "Asaro", "RC Mazara"),
        P("G13", "Gaspare", "Di Girolamo", "RC Palermo"),
        P("G14", "Michele", "Rallo", "RC Trapani"),
    ],
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=guerra_per_gioco",
             "--imposta", "Titolo=La guerra solo per gioco (Marsala)",
             "--imposta", "Turni preliminari=3",
             "--imposta", "Scarti=0",
             "--imposta", "Risultati contati=2",
             "--imposta", "Partite minime per la classifica=2",
             "--imposta", "Fase prima della finale=nessuna",
             "--imposta", "Partite minime per la finale=2"],
            says=["almeno 2 partite", "migliori 2"]),
        Type(tav(1, 1, "G14:85 G05:28 G09:15 G12:22"),
             tav(1, 2, "G01:50 G07:30 G10:10 G13:22 G03:28"),
             tav(1, 3, "G02:52 G04:14 G06:40 G08:8 G11:32")),
        Cli(["iscrivi", "Nicola Pipitone", "--club", "RC Marsala", "--dal-turno", "2"],
            says="G15"),
        Type(tav(2, 1, "G01:44 G02:30 G09:12 G13:18 G11:25"),
             tav(2, 2, "G15:46 G03:20 G06:34 G12:8 G08:14"),
             tav(2, 3, "G05:48 G04:30 G07:16 G10:24")),
        Type(tav(3, 1, "G02:50 G01:28 G07:22 G12:10"),
             tav(3, 2, "G03:45 G15:38 G05:30 G13:24"),
             tav(3, 3, "G04:30 G08:22 G09:15 G10:26 G11:10")),
        Cli(["classifica"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Punti torneo": "1,063"},
            (1, "Qualificazione", "G14"): {"Punti torneo": "1,085"},
            (2, "Qualificazione", "G06"): {"Punti torneo": "0,043"},
            (3, "Qualificazione", "G09"): {"Punti torneo": "0,019"},
        }),
        ExpectClassifica(
            order=ordered("G01", "G02", "G15", "G03", "G05", "G04", "G06", "G11", "G07", "G10",
                          "G13", "G08", "G09", "G12", "G14"), complete=True,
            values={"G01": {"Generale": "2,118"}, "G15": {"Generale": "1,096"},
                    "G03": {"Generale": "1,080"}, "G05": {"Generale": "1,078"},
                    "G06": {"Generale": "0,093"}}),
        Cli(["finali"]),
        ExpectTables("Finale", tables=[{"G01", "G02", "G15", "G03"}]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G15", "G03"},
                          how={"G03": "4° in classifica"}, absent={"G14", "G05"}),
        Fill("Finale", [S("G15", 40, 3), S("G03", 35, 3), S("G02", 30, 3), S("G01", 20, 3)]),
        Cli(["finali"]),
        ExpectFinale(order=ordered("G15", "G03", "G02", "G01", "G05", "G04", "G06", "G11",
                                   "G07", "G10", "G13", "G08", "G09", "G12", "G14"),
                     complete=True),
        Cli(["verifica"]),
    ],
))

# ============================================ 3.17 Club dei Corsari, Cesenatico 2023 (Spartac)

CESENATICO_SRC = ("https://www.ilrestodelcarlino.it/cesena/cronaca/sfide-a-colpi-di-risiko-nel-"
                  "campionato-dei-corsari-c2c7002b")
CESENATICO_QUOTE = (
    "«La formula del torneo è centrata su quattro partite a somma di punti con uno di scarto, "
    "che può essere una eventuale assenza o la partita con il peggior punteggio. Il metodo del "
    "punteggio è Spartac e nella formazione dei tavoli viene data priorità a quelli ’pieni’ "
    "formati da 4 giocatori. Ci sono in palio numerosi premi, che andranno ogni sera al "
    "vincitore con il maggior punteggio, a tutti i tiri con 3 ’uno’ in attacco ed ai primi "
    "quattro in finale. [...] Le semifinali si disputeranno il 24 e la finale il 31 marzo "
    "sempre in serata.» — il Resto del Carlino, febbraio 2023, " + CESENATICO_SRC)

K_CES = ["Corsari Cesenatico", "RC Cesena", "RC Rimini", "RC Forlì"]
CES_BANDS = [["G09", "G11", "G03", "G14"], ["G02", "G10", "G18", "G01"],
             ["G04", "G12", "G17", "G08"], ["G05", "G19", "G06", "G13"]]
CES_CLUB = {pid: K_CES[j] for band in CES_BANDS for j, pid in enumerate(band)}
CES_CLUB.update({"G15": K_CES[0], "G20": K_CES[1], "G16": K_CES[2], "G07": K_CES[3]})
CES_NAMES = {
    "G01": ("Luca", "Pirini"), "G02": ("Marco", "Casadei"), "G03": ("Andrea", "Zoffoli"),
    "G04": ("Davide", "Fabbri"), "G05": ("Simone", "Magnani"), "G06": ("Matteo", "Gori"),
    "G07": ("Alessandro", "Rossi"), "G08": ("Federico", "Bartolini"),
    "G09": ("Giacomo", "Amaducci"), "G10": ("Nicola", "Guidi"), "G11": ("Stefano", "Pollini"),
    "G12": ("Roberto", "Sirri"), "G13": ("Filippo", "Neri"), "G14": ("Daniele", "Babbi"),
    "G15": ("Michele", "Righini"), "G16": ("Enrico", "Montalti"), "G17": ("Paolo", "Giorgini"),
    "G18": ("Fabio", "Sama"), "G19": ("Massimo", "Brighi"), "G20": ("Lorenzo", "Foschi"),
}
CES_STANDINGS = ordered("G09", "G11", "G03", "G14", "G02", "G10", "G18", "G01", "G04", "G12",
                        "G17", "G08", "G05", "G19", "G06", "G13", "G15", "G20", "G16", "G21",
                        "G07")

CASES.append(Case(
    id="club-cl_cesenatico_corsari_2023-1",
    seed="cl_cesenatico_corsari_2023",
    articles=[CESENATICO_QUOTE],
    derivation=(
        "Formula: from «interno»: «Metodo punteggio» spartac (REGOLE-FORMULA.md: winner 100 + "
        "own table points, the others 100 − their distance from the winner; every table here "
        "is a table of 4, so no factor), 4 rounds, 1 drop (an absence is the first dropped), "
        "«Composizione dei tavoli» tavoli da 4 e da 3 («priorità a quelli ’pieni’ formati da "
        "4»). Referee's decision where the text is silent: the semifinal pool is not published "
        "(«Le semifinali si disputeranno il 24 e la finale il 31»; a final of four, «ai primi "
        "quattro in finale»): no direct finalist, the first 16 in four semifinals of 4 by bands "
        "(1st-4th, 5th-8th, 9th-12th, 13th-16th), the four winners in the final, no ripescato "
        "— rules «Finalisti diretti» nessuno (with «Numero finalisti diretti» 0), «Posti in "
        "classifica» dal 1° al 16°, «Ripescati» nessuno. Tie-breaks not published: interno's "
        "chain (no tie occurs). Field: G01..G20 (four clubs), G21 (Mirco Tappi, RC Cesena) "
        "from round 2 (`iscrivi --dal-turno 2`, first free ID). Absences: G07 rounds 2 and 4, "
        "G15 round 3, G21 round 1. Points (T1..T4) → dropped → total: "
        "G09 142, 150, 152, 146 (four wins) → 142 → 448; "
        "G11 144 (44, wins), 150, 70 (6 vs 36), 97 → 70 → 391; "
        "G03 96, 144, 137, 81 → 81 → 377; G14 93, 68, 136, 145 → 68 → 374; "
        "G02 67 (9 vs 42), 99, 92, 157 → 67 → 348; G10 88, 149, 86, 78 → 78 → 323; "
        "G18 82, 56, 146, 94 → 56 → 322; G01 146, 59, 82, 90 → 59 → 318; "
        "G04 149, 67, 95, 57 (2 vs 45) → 57 → 311; G12 75, 157, 77, 71 → 71 → 309; "
        "G17 60, 71, 86, 147 → 60 → 304; G08 58, 68, 157, 76 → 58 → 301; "
        "G05 157, 65, 57, 73 → 57 → 295; G19 62, 70, 62, 147 → 62 → 279; "
        "G06 71, 94, 90, 65 → 65 → 255; G13 87, 77, 82, 64 → 64 → 246; "
        "G15 79, 69, absent, 97 → the absence → 245; G20 70, 61, 95, 71 → 61 → 236; "
        "G16 59, 67, 69, 73 → 59 → 209; G21 absent, 60, 61, 60 → the absence → 181; "
        "G07 76, absent, 62, absent → one absence dropped, the other counts 0 → 138. "
        "Standings: G09 448, G11 391, G03 377, G14 374, G02 348, G10 323, G18 322, G01 318, G04 "
        "311, G12 309, G17 304, G08 301, G05 295, G19 279, G06 255, G13 246, G15 245, G20 236, "
        "G16 209, G21 181, G07 138. Semifinals: bands {G09, G11, G03, G14}, {G02, G10, G18, "
        "G01}, {G04, G12, G17, G08}, {G05, G19, G06, G13}; G15 (17th, one point behind G13, "
        "his absence dropped) is out. Each band has one player of each of the four clubs, so "
        "the bands and the separation of clubs agree. Semifinals typed by band: band 2 45 "
        "(wins: 145), band 1 40 (95), band 3 20 (75), band 4 10 (65). Final: G02, G10, G18, "
        "G01; typed G18 50, G01 42, G02 33, G10 20 → G18, G01, G02, G10. The others by their "
        "points, the lost semifinal added (README: standings score plus every later game): G09 "
        "448 + 95 = 543, G11 486, G03 472, G14 469, G04 311 + 75 = 386, G12 384, G17 379, G08 "
        "376, G05 295 + 65 = 360, G19 344, G06 320, G13 311, then G15 245, G20 236, G16 209, "
        "G21 181, G07 138."),
    formula="interno",
    players=[P(pid, *CES_NAMES[pid], CES_CLUB[pid]) for pid in sorted(CES_NAMES)],
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=campionato_corsari",
             "--imposta", "Titolo=Campionato dei Corsari (Risiko Club Cesenatico)",
             "--imposta", "Metodo punteggio=spartac",
             "--imposta", "Turni preliminari=4",
             "--imposta", "Scarti=1",
             "--imposta", "Composizione dei tavoli=tavoli da 4 e da 3",
             "--imposta", "Numero finalisti diretti=0",
             "--imposta", "Finalisti diretti=nessuno",
             "--imposta", "Posti in classifica=dal 1° al 16°",
             "--imposta", "Ripescati=nessuno"]),
        Type(tav(1, 1, "G19:6 G11:44 G17:4 G15:23"),
             tav(1, 2, "G01:46 G03:42 G12:21 G18:28"),
             tav(1, 3, "G06:20 G10:37 G08:7 G04:49"),
             tav(1, 4, "G16:16 G05:57 G07:33 G20:27"),
             tav(1, 5, "G14:35 G02:9 G13:29 G09:42")),
        Cli(["iscrivi", "Mirco Tappi", "--club", "RC Cesena", "--dal-turno", "2"], says="G21"),
        Type(tav(2, 1, "G08:12 G16:11 G15:13 G03:44"),
             tav(2, 2, "G05:15 G20:11 G09:50 G01:9"),
             tav(2, 3, "G12:57 G19:27 G14:25 G06:51"),
             tav(2, 4, "G02:48 G10:49 G21:9 G13:26"),
             tav(2, 5, "G04:17 G18:6 G11:50 G17:21")),
        Type(tav(3, 1, "G19:8 G05:3 G20:41 G18:46"),
             tav(3, 2, "G07:19 G16:26 G10:43 G08:57"),
             tav(3, 3, "G01:34 G21:13 G09:52 G04:47"),
             tav(3, 4, "G17:23 G02:29 G03:37 G13:19"),
             tav(3, 5, "G14:36 G12:13 G11:6 G06:26")),
        Type(tav(4, 1, "G12:18 G13:11 G11:44 G19:47"),
             tav(4, 2, "G01:35 G16:18 G14:45 G04:2"),
             tav(4, 3, "G09:46 G10:24 G05:19 G18:40"),
             tav(4, 4, "G03:28 G21:7 G15:44 G17:47"),
             tav(4, 5, "G02:57 G20:28 G06:22 G08:33")),
        Cli(["classifica"]),
        ExpectRisultati({
            (1, "Qualificazione", "G05"): {"Punti torneo": 157},
            (1, "Qualificazione", "G02"): {"Punti torneo": 67},
            (3, "Qualificazione", "G11"): {"Punti torneo": 70},
            (4, "Qualificazione", "G04"): {"Punti torneo": 57},
        }),
        ExpectClassifica(order=CES_STANDINGS, complete=True, values={
            "G09": {"Generale": 448}, "G13": {"Generale": 246}, "G15": {"Generale": 245},
            "G21": {"Generale": 181}, "G07": {"Generale": 138}}),
        Cli(["finali"]),
        ExpectTables("Semifinale", players={p for band in CES_BANDS for p in band},
                     bands=[set(b) for b in CES_BANDS]),
        ExpectQualificati("Semifinale", ids={p for band in CES_BANDS for p in band},
                          how={"G09": "fascia 1", "G13": "16° in classifica"},
                          absent={"G15", "G21"}),
        ExpectQualificati("Finale", ids=set()),
        band_fill("Semifinale", CES_BANDS, [40, 45, 20, 10]),
        Cli(["finali"]),
        ExpectTables("Finale", tables=[{"G02", "G10", "G18", "G01"}]),
        ExpectQualificati("Finale", ids={"G02", "G10", "G18", "G01"},
                          how={"G01": "vincitore semifinale"}),
        Fill("Finale", [S("G18", 50, 3), S("G01", 42, 3), S("G02", 33, 3), S("G10", 20, 3)]),
        Cli(["finali"]),
        ExpectFinale(order=ordered("G18", "G01", "G02", "G10", "G09", "G11", "G03", "G14",
                                   "G04", "G12", "G17", "G08", "G05", "G19", "G06", "G13",
                                   "G15", "G20", "G16", "G21", "G07"), complete=True),
        Cli(["verifica"]),
    ],
))

# ========================================================= 3.28 V Master «Città di Palermo» 2025

PALERMO_SRC = ("https://www.ilfattonisseno.it/2025/10/risiko-club-ufficiale-caltanissetta-il-30-"
               "ottobre-il-quinto-turno-del-xxi-torneo-interno/")
PALERMO_QUOTE = (
    "«Il prestigioso torneo, strutturato in due partite per tutti gli iscritti, con semifinale "
    "per i primi sedici in classifica (ricavata dai risultati delle singole due partite) e "
    "finale a quattro, dava al vincitore il diritto di partecipare al Campionato Nazionale "
    "Individuale 2026.» … «Il torneo, che vedeva 62 iscritti, alla fine delle due partite, che "
    "davano accesso alle semifinali, generavano una classifica che vedeva tra i semifinalisti, "
    "i primi sedici, … sfortunata Giulia Gulino diciassettesima a pari punti con il sedicesimo "
    "ma con punti partita inferiori.» — ilfattonisseno.it, ottobre 2025, " + PALERMO_SRC)
PALERMO_QUOTE_CL = (
    "(Caltanissetta, same format) «Per le 16.30 sono previste le semifinali a cui accederanno i "
    "primi sedici della classifica finale delle prime due partite e poi alle 18.30 è prevista "
    "la finale» — https://www.ilfattonisseno.it/2025/06/risiko-club-ufficiale-cresce-lattesa-"
    "per-il-i-master-citta-di-caltanissetta/")

K_PAL = ["RCU Eagles Palermo", "RCU Caltanissetta", "RCU Il Pifferaio", "RCU Messina"]
PAL_BANDS = [["G19", "G34", "G33", "G08"], ["G25", "G05", "G17", "G35"],
             ["G15", "G02", "G27", "G36"], ["G29", "G16", "G28", "G22"]]
PAL_CLUB = {pid: K_PAL[j] for band in PAL_BANDS for j, pid in enumerate(band)}
_PAL_OTHER = ["RCU Eagles Palermo", "RCU Catania", "RC Trapani", "RCU Caltanissetta",
              "RCU Messina", "RCU Il Pifferaio"]
PAL_PLAYERS = [P(f"G{i:02d}", f"Nome{i:02d}", f"Cognome{i:02d}",
                 PAL_CLUB.get(f"G{i:02d}", _PAL_OTHER[i % 6])) for i in range(1, 38)]
PAL_STANDINGS = ordered(
    "G19", "G34", "G33", "G08", "G25", "G05", "G17", "G35", "G15", "G02", "G27", "G36", "G29",
    "G16", "G28", "G22", "G01", "G24", "G21", "G09", "G31", "G07", "G11", "G12", "G26", "G32",
    "G18", "G23", "G38", "G04", "G06", "G14", "G20", "G30", "G13", "G37", "G03", "G10")

CASES.append(Case(
    id="club-master_palermo_2025-1",
    seed="master_palermo_2025",
    articles=[PALERMO_QUOTE, PALERMO_QUOTE_CL],
    derivation=(
        "Formula: from «master» (two games summed, semifinals of the first sixteen by bands "
        "1-4, 5-8, 9-12, 13-16, final of the four winners). Changes: «Finalisti diretti» "
        "nessuno (and «Numero finalisti diretti» 0): «semifinale per i primi sedici … e finale "
        "a quattro», nobody goes straight to the final, not even a sole leader who won both "
        "games, as the Master's §1 would do; «Spareggi in classifica» = punti tavolo first («a "
        "pari punti con il sedicesimo ma con punti partita inferiori»: the tie is broken by the "
        "game points), then the Master's chain. Scoring not published: the Master's millesimi "
        "(×1,25 rounded up at a table of 5, max 0,100, +1 to the winner). Field: G01..G37 (six "
        "Sicilian clubs); G38 arrives for the second game (`iscrivi --dal-turno 2`, first free "
        "ID G38). G04 is absent in the second game. Each game: 8 tables of 4 and table 9 of 5. "
        "Points (game 1 + game 2, table points in brackets): "
        "G19 1,040 (40, wins) + 1,038 (38, wins) = 2,078, both games won, alone at the top; "
        "G34 1,067 + 0,063 = 1,130; G33 0,062 + 1,066 = 1,128; G08 1,066 + 0,061 = 1,127; "
        "G25 0,061 + 1,064 = 1,125; G05 1,064 + 0,060 = 1,124; G17 0,059 + 1,063 = 1,122; "
        "G35 1,063 + 0,058 = 1,121; G15 0,058 + 1,061 = 1,119; G02 1,061 + 0,057 = 1,118; "
        "G27 0,056 + 1,060 = 1,116; G36 1,060 + 0,055 = 1,115; G29 0,055 + 1,058 = 1,113; "
        "G16 1,058 + 0,054 = 1,112; G28 0,054 + 1,057 = 1,111; "
        "G22 0,010 (10) + 1,100 (wins the table of 5 with 85: 106,25 → 107, capped at 0,100) "
        "= 1,110; G01 1,100 (wins the table of 5 with 80: 100) + 0,010 (10) = 1,110; "
        "G24 0,027 (21 at 5 → 26,25 → 27) + 0,019 = 0,046; G21 0,020 + 0,025 (20 at 5) = "
        "0,045; G09 0,024 + 0,016 = 0,040; G31 0,016 + 0,023 = 0,039; G07 0,014 (11 at 5 → "
        "13,75 → 14) + 0,022 = 0,036; G11 0,016 + 0,019 = 0,035; G12 0,012 + 0,020 = 0,032; "
        "G26 0,022 + 0,009 = 0,031; G32 0,020 (16 at 5) + 0,008 = 0,028; G18 0,007 + 0,020 (16 "
        "at 5) = 0,027; G23 0,022 + 0,004 = 0,026; G38 absent + 0,024 (19 at 5 → 23,75 → 24) = "
        "0,024; G04 0,021 + absent = 0,021; G06 0,008 + 0,012 = 0,020; G14 0,011 + 0,007 = "
        "0,018; G20 0,007 (5 at 5 → 6,25 → 7) + 0,010 = 0,017; G30 0,011 + 0,005 = 0,016; G13 "
        "0,008 + 0,006 = 0,014; G37 0,005 + 0,005 (4 at 5) = 0,010; G03 0,004 + 0,005 = 0,009; "
        "G10 0,004 + 0,003 = 0,007. "
        "The 16th place: G22 and G01 are equal on 1,110; game points (table points) G22 10 + "
        "85 = 95 (scaled: 10 + 107 = 117) against G01 80 + 10 = 90 (scaled 100 + 10 = 110): "
        "G22 16th, G01 17th and out — the Palermo case of Giulia Gulino. (Had the tie gone on "
        "to the Master's chain, best game 1,100 each, second 0,010 each, and the standings "
        "after game 1 would have put G01 ahead; so would table points capped at 100.) "
        "Semifinals: {G19, G34, G33, G08}, {G25, G05, G17, G35}, {G15, G02, G27, G36}, {G29, "
        "G16, G28, G22}, one per band at each table; each band has one player of each of four "
        "clubs. G19 plays a semifinal. Semifinals typed by band: band 3 50 (wins), band 1 40, "
        "band 2 30, band 4 20. Final: G15, G02, G27, G36; typed G36 50, G15 40, G27 30, G02 20 "
        "→ G36, G15, G27, G02. The others by their points plus the lost semifinal (001 §7): "
        "G19 2,078 + 0,040 = 2,118, G34 1,170, G33 1,168, G08 1,167, G25 1,125 + 0,030 = "
        "1,155, G05 1,154, G17 1,152, G35 1,151, G29 1,113 + 0,020 = 1,133, G16 1,132, G28 "
        "1,131, G22 1,130, then G01 1,110 and the others by their two games (G24 … G10)."),
    formula="master",
    players=PAL_PLAYERS,
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=master_palermo",
             "--imposta", "Titolo=V Master «Città di Palermo» (RCU Eagles)",
             "--imposta", "Numero finalisti diretti=0",
             "--imposta", "Finalisti diretti=nessuno",
             "--imposta", ("Spareggi in classifica=punti tavolo; migliore prestazione; seconda "
                           "migliore prestazione; terza migliore prestazione; piazzamento al "
                           "turno precedente; sorteggio")]),
        Type(tav(1, 1, "G18:7 G33:62 G34:67 G37:5"),
             tav(1, 2, "G26:22 G25:61 G14:11 G08:66"),
             tav(1, 3, "G21:20 G17:59 G10:4 G05:64"),
             tav(1, 4, "G04:21 G15:58 G35:63 G31:16"),
             tav(1, 5, "G27:56 G02:61 G12:12 G23:22"),
             tav(1, 6, "G06:8 G29:55 G36:60 G11:16"),
             tav(1, 7, "G13:8 G28:54 G03:4 G16:58"),
             tav(1, 8, "G22:10 G09:24 G19:40 G30:11"),
             tav(1, 9, "G24:21 G01:80 G32:16 G07:11 G20:5")),
        Cli(["iscrivi", "Giulio Cascio", "--club", "RCU Catania", "--dal-turno", "2"],
            says="G38"),
        Type(tav(2, 1, "G07:22 G34:63 G33:66 G03:5"),
             tav(2, 2, "G08:61 G09:16 G25:64 G20:10"),
             tav(2, 3, "G05:60 G17:63 G06:12 G31:23"),
             tav(2, 4, "G15:61 G35:58 G10:3 G12:20"),
             tav(2, 5, "G11:19 G32:8 G02:57 G27:60"),
             tav(2, 6, "G13:6 G29:58 G36:55 G26:9"),
             tav(2, 7, "G28:57 G23:4 G16:54 G30:5"),
             tav(2, 8, "G14:7 G24:19 G01:10 G19:38"),
             tav(2, 9, "G18:16 G37:4 G38:19 G22:85 G21:20")),
        Cli(["classifica"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Punti torneo": "1,100"},
            (2, "Qualificazione", "G22"): {"Punti torneo": "1,100"},
            (2, "Qualificazione", "G38"): {"Punti torneo": "0,024"},
        }),
        ExpectClassifica(order=PAL_STANDINGS, complete=True, values={
            "G19": {"Totale": "2,078"}, "G28": {"Totale": "1,111"},
            "G22": {"Totale": "1,110"}, "G01": {"Totale": "1,110"},
            "G38": {"Totale": "0,024"}}),
        Cli(["finali"]),
        ExpectTables("Semifinale", players={p for band in PAL_BANDS for p in band},
                     bands=[set(b) for b in PAL_BANDS]),
        ExpectQualificati("Semifinale", ids={p for band in PAL_BANDS for p in band},
                          how={"G19": "1° in classifica", "G22": "16° in classifica"},
                          absent={"G01"}),
        ExpectQualificati("Finale", ids=set()),
        band_fill("Semifinale", PAL_BANDS, [40, 30, 50, 20]),
        Cli(["finali"]),
        ExpectTables("Finale", tables=[{"G15", "G02", "G27", "G36"}]),
        ExpectQualificati("Finale", ids={"G15", "G02", "G27", "G36"},
                          how={"G36": "vincitore semifinale"}),
        Fill("Finale", [S("G36", 50, 3), S("G15", 40, 3), S("G27", 30, 3), S("G02", 20, 3)]),
        Cli(["finali"]),
        ExpectFinale(order=ordered("G36", "G15", "G27", "G02", "G19", "G34", "G33", "G08",
                                   "G25", "G05", "G17", "G35", "G29", "G16", "G28", "G22",
                                   *PAL_STANDINGS[16:]), complete=True),
        Cli(["verifica"]),
    ],
))

# ============================================================== 3.29 Master Bologna 2014

BOLOGNA_SRC = ("http://www.oggitreviso.it/un-%E2%80%9Cmasnadiero%E2%80%9D-accede-alla-finale-"
               "nazionale-di-risiko-2015-96671")
BOLOGNA_QUOTE = (
    "«vincendo la finale con tre avversari di Bologna, Firenze e Bari. … Nella combattutissima "
    "semifinale aveva superato campioni di Monza, Faenza e Palermo.» … «Terzo in classifica "
    "generale dopo le qualificazioni, anche Elia ha disputato una delle tre semifinali, "
    "purtroppo senza troppa fortuna. La formula del “Master”, cui erano presenti 88 "
    "partecipanti da tutta Italia, prevedeva l'accesso alle semifinali dei 12 migliori "
    "punteggi dopo due partite di qualificazione.» — oggitreviso.it, 2014, " + BOLOGNA_SRC)

K_BOL = ["RCU Bologna", "RCU Firenze", "RCU Bari", "RC Monza"]
BOL_BANDS = [["G19", "G06", "G05"], ["G04", "G15", "G13"], ["G08", "G16", "G02"],
             ["G11", "G07", "G20"]]
BOL_CLUB = {pid: K_BOL[(b + j) % 4] for b, band in enumerate(BOL_BANDS)
            for j, pid in enumerate(band)}
BOL_CLUB.update({"G12": "RCU I Masnadieri", "G01": "RC Faenza", "G09": "RCU Palermo",
                 "G10": "RC Faenza", "G18": "RCU Palermo", "G14": "RCU Bologna",
                 "G17": "RC Faenza", "G03": "RCU Palermo"})

CASES.append(Case(
    id="club-master_bologna_2014-1",
    seed="master_bologna_2014",
    articles=[BOLOGNA_QUOTE],
    derivation=(
        "Referee's fill (research file 3.29): 12 semifinalists in «tre semifinali» and a final "
        "of four need one more finalist: the 1st after the two games goes straight to the "
        "final, the 2nd-13th («i 12 migliori punteggi» after him) play three semifinals of 4 "
        "by bands (2nd-4th, 5th-7th, 8th-10th, 11th-13th, as the Master's §8 for three "
        "semifinals). Typed in the Formula sheet from «master»: «Finalisti diretti» i primi in "
        "classifica, «Numero finalisti diretti» 1, «Posti in classifica» dal 2° al 13° (and "
        "the formula's name, also in Impostazioni «Formula», as `formula` asks). This is not "
        "the Master's own rule (the 1st goes direct only when alone and with both games won): "
        "here the leader won one game only, and he is direct all the same. Scoring and "
        "tie-breaks: the Master's (millesimi; no tie occurs). Field: G01..G20 (clubs of "
        "Bologna, Firenze, Bari, Monza, Faenza, Palermo, Castelfranco's Masnadieri); G21 "
        "arrives for the second game (a row typed in Iscritti, «Dal turno» 2). G03 is absent "
        "in the second game. Points (game 1 + game 2, tables of 4): G12 1,065 (65, wins) + "
        "0,060 = 1,125 (one win); G19 0,058 + 1,063 = 1,121; G06 1,061 + 0,057 = 1,118; G05 "
        "0,056 + 1,060 = 1,116; G04 1,059 + 0,054 = 1,113; G15 0,054 + 1,057 = 1,111; G13 "
        "1,056 + 0,052 = 1,108; G08 0,051 + 1,055 = 1,106; G16 1,054 + 0,049 = 1,103; G02 "
        "0,049 + 1,052 = 1,101; G11 0,028 + 0,029 = 0,057; G07 0,024 + 0,019 = 0,043; G20 "
        "0,012 + 0,019 = 0,031; G01 0,019 + 0,011 = 0,030; G09 0,020 + 0,009 = 0,029; G10 0,008 "
        "+ 0,019 = 0,027; G18 0,011 + 0,015 = 0,026; G14 0,007 + 0,018 = 0,025; G21 absent + "
        "0,021 = 0,021; G17 0,006 + 0,008 = 0,014; G03 0,005 + absent = 0,005. Nobody won both "
        "games. Direct finalist G12. Semifinals: {G19, G06, G05}, {G04, G15, G13}, {G08, G16, "
        "G02}, {G11, G07, G20} one per band at each of the three tables; G01 (14th, 0,001 "
        "behind G20) is out. Semifinals typed by band: 5th-7th 50 (win), 2nd-4th 40, 8th-10th "
        "30, 11th-13th 20. Final: G12, G04, G15, G13; typed G15 50, G12 40, G04 30, G13 20 → "
        "G15, G12, G04, G13. The others by their points plus the lost semifinal (001 §7): G19 "
        "1,121 + 0,040 = 1,161, G06 1,158, G05 1,156, G08 1,106 + 0,030 = 1,136, G16 1,133, G02 "
        "1,131, G11 0,057 + 0,020 = 0,077, G07 0,063, G20 0,051, then G01 0,030, G09 0,029, G10 "
        "0,027, G18 0,026, G14 0,025, G21 0,021, G17 0,014, G03 0,005."),
    formula="master",
    players=[P(f"G{i:02d}", f"Nome{i:02d}", f"Cognome{i:02d}", BOL_CLUB[f"G{i:02d}"])
             for i in range(1, 21)],
    steps=[
        Rule("Nome della formula", "master_bologna"),
        Setting("Formula", "master_bologna"),
        Rule("Titolo", "Master qualificante, Festa nazionale dell'Unità (Bologna 2014)"),
        Rule("Finalisti diretti", "i primi in classifica"),
        Rule("Numero finalisti diretti", 1),
        Rule("Posti in classifica", "dal 2° al 13°"),
        Cli(["formula"], says="dal 2° al 13°"),
        Type(tav(1, 1, "G18:11 G19:58 G07:24 G12:65"),
             tav(1, 2, "G06:61 G14:7 G05:56 G20:12"),
             tav(1, 3, "G01:19 G03:5 G04:59 G15:54"),
             tav(1, 4, "G11:28 G17:6 G08:51 G13:56"),
             tav(1, 5, "G16:54 G10:8 G09:20 G02:49")),
        Enrol(P("G21", "Ivo", "Zanin", "RCU I Masnadieri", dal_turno=2)),
        Type(tav(2, 1, "G19:63 G20:19 G12:60 G14:18"),
             tav(2, 2, "G01:11 G05:60 G21:21 G06:57"),
             tav(2, 3, "G17:8 G15:57 G04:54 G11:29"),
             tav(2, 4, "G08:55 G07:19 G13:52 G09:9"),
             tav(2, 5, "G02:52 G10:19 G16:49 G18:15")),
        Cli(["classifica"]),
        ExpectClassifica(
            order=ordered("G12", "G19", "G06", "G05", "G04", "G15", "G13", "G08", "G16", "G02",
                          "G11", "G07", "G20", "G01", "G09", "G10", "G18", "G14", "G21", "G17",
                          "G03"), complete=True,
            values={"G12": {"Totale": "1,125"}, "G20": {"Totale": "0,031"},
                    "G01": {"Totale": "0,030"}, "G21": {"Totale": "0,021"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G12"}, how={"G12": "finalista diretto"}),
        ExpectTables("Semifinale", players={p for band in BOL_BANDS for p in band},
                     bands=[set(b) for b in BOL_BANDS]),
        ExpectQualificati("Semifinale", ids={p for band in BOL_BANDS for p in band},
                          how={"G19": "2° in classifica", "G20": "13° in classifica"},
                          absent={"G12", "G01"}),
        band_fill("Semifinale", BOL_BANDS, [40, 50, 30, 20]),
        Cli(["finali"]),
        ExpectTables("Finale", tables=[{"G12", "G04", "G15", "G13"}]),
        ExpectQualificati("Finale", ids={"G12", "G04", "G15", "G13"},
                          how={"G12": "finalista diretto", "G15": "vincitore semifinale"}),
        Fill("Finale", [S("G15", 50, 3), S("G12", 40, 3), S("G04", 30, 3), S("G13", 20, 3)]),
        Cli(["finali"]),
        ExpectFinale(order=ordered("G15", "G12", "G04", "G13", "G19", "G06", "G05", "G08",
                                   "G16", "G02", "G11", "G07", "G20", "G01", "G09", "G10",
                                   "G18", "G14", "G21", "G17", "G03"), complete=True),
        Cli(["verifica"]),
    ],
))

# ================================= 3.31 Sant'Eufemia a Maiella, «Il RisiKo! più grande del mondo»

SANTEUFEMIA_SRC = "https://www.notiziedabruzzo.it/?p=4858"
SANTEUFEMIA_QUOTE = (
    "«Il torneo si svolgerà con una formula leggermente semplificata rispetto agli standard "
    "abituali utilizzati dai RisiKo! Club Ufficiali in modo da permettere a chiunque conosca il "
    "gioco, ma non le regole specifiche usate nelle competizioni, di poter partecipare. Si "
    "tratta di un torneo che prevede due partite per ogni giocatore, i primi 16 classificati "
    "andranno poi a disputare la semifinale la domenica mattina e a seguire nel primo "
    "pomeriggio ci sarà la finale per i 4 vincitori delle semifinali.» — notiziedabruzzo.it, "
    + SANTEUFEMIA_SRC)

K_SE = ["RC Pescara", "RC Chieti", "RC L'Aquila", "RC Roma"]
SE_BANDS = [["G12", "G10", "G20", "G01"], ["G06", "G18", "G16", "G17"],
            ["G02", "G14", "G15", "G13"], ["G08", "G04", "G09", "G07"]]
SE_CLUB = {pid: K_SE[j] for band in SE_BANDS for j, pid in enumerate(band)}
SE_CLUB.update({"G11": "RC Pescara", "G19": "RC Sulmona", "G03": "RC Chieti",
                "G05": "RC Sulmona"})

CASES.append(Case(
    id="club-santeufemia_grande_2015c-1",
    seed="santeufemia_grande_2015c",
    articles=[SANTEUFEMIA_QUOTE],
    derivation=(
        "Formula: from «master» (two games summed, semifinals of the first sixteen by bands "
        "1-4, 5-8, 9-12, 13-16, final of the winners), with «Finalisti diretti» nessuno (and "
        "«Numero finalisti diretti» 0): «la finale per i 4 vincitori delle semifinali» — the "
        "Master's sole unbeaten leader going straight to the final is not in this formula. "
        "Scoring and tie-breaks not published: the Master's millesimi and chain (best game, "
        "second best, …). (The shipped preset «santeufemia» scores with GestioneTorneo's "
        "«raduno» points and breaks ties by wins first: neither is in the quote; not used "
        "here.) Field: G01..G20 (Abruzzo and Lazio clubs); G21 arrives for the second game "
        "(`iscrivi --dal-turno 2`, first free ID G21); G05 is absent in the second game. "
        "Points (game 1 + game 2, tables of 4): G12 1,041 (41, wins) + 1,045 (45, wins) = "
        "2,086, both won, alone at the top; G10 1,050 + 0,019 = 1,069; G20 1,047 + 0,021 = "
        "1,068; G01 0,026 + 1,039 = 1,065; G06 1,040 + 0,023 = 1,063; G18 1,046 + 0,012 = "
        "1,058; G16 0,013 + 1,044 = 1,057; G17 0,021 + 1,035 = 1,056; G02 0,010 + 1,040 = "
        "1,050; G14 0,040 + 0,035 = 0,075; G15 0,038 + 0,030 = 0,068; G13 0,036 + 0,028 = "
        "0,064; G08 0,034 + 0,026 = 0,060; G04 0,032 + 0,024 = 0,056; G09 0,030 + 0,022 = "
        "0,052; G07 0,030 + 0,020 = 0,050; G11 0,028 + 0,022 = 0,050; G19 0,015 + 0,025 = "
        "0,040; G03 0,020 + 0,018 = 0,038; G21 absent + 0,030 = 0,030; G05 0,025 + absent = "
        "0,025. The 16th place: G07 and G11 equal on 0,050, best game G07 0,030 against G11 "
        "0,028 → G07 16th, G11 17th and out. Semifinals: {G12, G10, G20, G01}, {G06, G18, G16, "
        "G17}, {G02, G14, G15, G13}, {G08, G04, G09, G07}, one per band at each table (each "
        "band has one player of each of four clubs); G12 plays a semifinal. Semifinals typed by "
        "band: 13th-16th 50 (win), 1st-4th 40, 5th-8th 30, 9th-12th 20. Final: G08, G04, G09, "
        "G07; typed G07 50, G04 40, G08 30, G09 20 → G07, G04, G08, G09. The others by their "
        "points plus the lost semifinal: G12 2,086 + 0,040 = 2,126, G10 1,109, G20 1,108, G01 "
        "1,105, G06 1,063 + 0,030 = 1,093, G18 1,088, G16 1,087, G17 1,086, G02 1,050 + 0,020 "
        "= 1,070, G14 0,095, G15 0,088, G13 0,084, then G11 0,050, G19 0,040, G03 0,038, G21 "
        "0,030, G05 0,025."),
    formula="master",
    players=[P(f"G{i:02d}", f"Nome{i:02d}", f"Cognome{i:02d}", SE_CLUB[f"G{i:02d}"])
             for i in range(1, 21)],
    steps=[
        Cli(["formula",
             "--imposta", "Nome della formula=risiko_piu_grande",
             "--imposta", "Titolo=Il RisiKo! più grande del mondo (Sant'Eufemia a Maiella)",
             "--imposta", "Numero finalisti diretti=0",
             "--imposta", "Finalisti diretti=nessuno"]),
        Type(tav(1, 1, "G03:20 G12:41 G04:32 G05:25"),
             tav(1, 2, "G19:15 G06:40 G01:26 G08:34"),
             tav(1, 3, "G18:46 G07:30 G14:40 G17:21"),
             tav(1, 4, "G11:28 G02:10 G15:38 G20:47"),
             tav(1, 5, "G10:50 G16:13 G09:30 G13:36")),
        Cli(["iscrivi", "Tommaso Di Iorio", "--club", "RC Sulmona", "--dal-turno", "2"],
            says="G21"),
        Type(tav(2, 1, "G12:45 G14:35 G07:20 G11:22"),
             tav(2, 2, "G01:39 G08:26 G04:24 G06:23"),
             tav(2, 3, "G19:25 G18:12 G09:22 G17:35"),
             tav(2, 4, "G21:30 G13:28 G20:21 G02:40"),
             tav(2, 5, "G10:19 G16:44 G15:30 G03:18")),
        Cli(["classifica"]),
        ExpectClassifica(
            order=ordered("G12", "G10", "G20", "G01", "G06", "G18", "G16", "G17", "G02", "G14",
                          "G15", "G13", "G08", "G04", "G09", "G07", "G11", "G19", "G03", "G21",
                          "G05"), complete=True,
            values={"G12": {"Totale": "2,086"}, "G07": {"Totale": "0,050"},
                    "G11": {"Totale": "0,050"}}),
        Cli(["finali"]),
        ExpectTables("Semifinale", players={p for band in SE_BANDS for p in band},
                     bands=[set(b) for b in SE_BANDS]),
        ExpectQualificati("Semifinale", ids={p for band in SE_BANDS for p in band},
                          how={"G12": "1° in classifica", "G07": "16° in classifica"},
                          absent={"G11"}),
        ExpectQualificati("Finale", ids=set()),
        band_fill("Semifinale", SE_BANDS, [40, 30, 20, 50]),
        Cli(["finali"]),
        ExpectTables("Finale", tables=[{"G08", "G04", "G09", "G07"}]),
        ExpectQualificati("Finale", ids={"G08", "G04", "G09", "G07"},
                          how={"G07": "vincitore semifinale"}),
        Fill("Finale", [S("G07", 50, 3), S("G04", 40, 3), S("G08", 30, 3), S("G09", 20, 3)]),
        Cli(["finali"]),
        ExpectFinale(order=ordered("G07", "G04", "G08", "G09", "G12", "G10", "G20", "G01",
                                   "G06", "G18", "G16", "G17", "G02", "G14", "G15", "G13",
                                   "G11", "G19", "G03", "G21", "G05"), complete=True),
        Cli(["verifica"]),
    ],
))
