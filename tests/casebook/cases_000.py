"""Seed 000 (1° Torneo Lu Castidduzzu), preset `lu_castidduzzu`: Art. 2, 4, 5, 19, 24, 26."""

from __future__ import annotations

from .runner import (
    Case,
    Cli,
    Edit,
    Enrol,
    ExpectClassifica,
    ExpectFinale,
    ExpectQualificati,
    ExpectRisultati,
    ExpectSheet,
    ExpectTables,
    Fill,
    P,
    Retype,
    S,
    Tav,
    Type,
    View,
    field,
)

SEED = "000"
FORMULA = "lu_castidduzzu"

ART24_PUNTI = (
    "Art. 24: «Ogni territorio in obiettivo ha un valore pari al numero di territori con cui "
    "confina (punti obiettivo). In ogni tavolo composto da 4 giocatori, ciascuno riceverà un "
    "punteggio pari ai punti obiettivo raggiunti. In ogni tavolo composto da 5 giocatori, i punti "
    "obiettivo saranno moltiplicati per 1,25 e approssimati per eccesso.»")
ART24_BONUS = (
    "Art. 24: «Il vincitore del tavolo sarà premiato con un bonus di 50 punti, il giocatore "
    "giunto 2° al tavolo sarà premiato con un bonus di 15 punti, e il 3° classificato riceverà 5 "
    "punti di bonus.»")
ART24_PARI = (
    "Art. 24: «In caso di ex aequo fra i primi due giocatori, si considereranno i territori fuori "
    "obiettivo e si decreterà il vincitore del tavolo il giocatore che ha ottenuto il punteggio "
    "più alto dei punti fuori obiettivo. In caso di ex aequo fra 3 o 4 giocatori, avverrà la "
    "stessa cosa.»")
ART24_RISIKO = (
    "Art. 24: «Al giocatore che dovesse fare Risiko (ovvero raggiungere l'obiettivo segreto "
    "prima della fine del tempo) verranno dati 150 punti totali. In ogni caso (nei tavoli fra 5 "
    "giocatori, in cui i punti dell'obiettivo vanno moltiplicati per il coefficiente 1,25) non "
    "sarà possibile ricevere un punteggio superiore a 150.»")
ART2_CATENA = (
    "Art. 2: «il piazzamento dei giocatori verrà stabilito in considerazione della seguente "
    "classifica avulsa: - Posizione in classifica generale; - Numero di obiettivi raggiunti ...; "
    "- Numero partite vinte ...; - Somma dei punti relativi al numero di territori fuori "
    "obiettivo ...; - Sorteggio.»")



CASES: list[Case] = []

# ------------------------------------------------------------ table scoring (Art. 24)

CASES.append(Case(
    id="000-01-bonus-tavolo-da-4-e-da-5",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_PUNTI, ART24_BONUS],
    derivation=(
        "Round 1, 9 players: table 1 of 4 (G01..G04), table 2 of 5 (G05..G09). Table 1 (x1): "
        "G01 40 -> 40 + 50 = 90; G02 31 -> 31 + 15 = 46; G03 22 -> 22 + 5 = 27; G04 12 -> 12. "
        "Table 2 (x1,25 rounded up): G05 41 -> 51,25 -> 52 + 50 = 102; G06 30 -> 37,5 -> 38 "
        "+ 15 = 53; G07 21 -> 26,25 -> 27 + 5 = 32; G08 17 -> 21,25 -> 22; G09 8 -> 10. "
        "Standings: G05 102, G01 90, G06 53, G02 46, G07 32, G03 27, G08 22, G04 12, G09 10."),
    players=field(9),
    steps=[
        Type(Tav(1, 1, [S("G01", 40, 3), S("G02", 31, 3), S("G03", 22, 3), S("G04", 12, 3)]),
             Tav(1, 2, [S("G05", 41, 3), S("G06", 30, 3), S("G07", 21, 3), S("G08", 17, 3),
                        S("G09", 8, 3)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": 90},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": 46},
            (1, "Qualificazione", "G03"): {"Posizione": 3, "Punti torneo": 27},
            (1, "Qualificazione", "G04"): {"Posizione": 4, "Punti torneo": 12},
            (1, "Qualificazione", "G05"): {"Punti tavolo": 52, "Posizione": 1,
                                           "Punti torneo": 102},
            (1, "Qualificazione", "G06"): {"Punti tavolo": 38, "Punti torneo": 53},
            (1, "Qualificazione", "G07"): {"Punti tavolo": 27, "Punti torneo": 32},
            (1, "Qualificazione", "G08"): {"Punti tavolo": 22, "Punti torneo": 22},
            (1, "Qualificazione", "G09"): {"Punti tavolo": 10, "Punti torneo": 10},
        }),
        ExpectClassifica(
            order=["G05", "G01", "G06", "G02", "G07", "G03", "G08", "G04", "G09"],
            complete=True, values={"G05": {"Totale": 102}, "G09": {"Totale": 10}}),
    ],
))

CASES.append(Case(
    id="000-02-risiko-150-e-tetto-al-tavolo-da-5",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_RISIKO, ART24_PUNTI, ART24_BONUS],
    derivation=(
        "Round 1, 14 players: table 1 of 4, tables 2 and 3 of 5 (2 out of objective each). "
        "Table 1: G01 RisiKo! (86) -> 150 in all; G02 30 -> 30 + 15 = 45; G03 20 -> 25; G04 10 "
        "-> 10. Table 2 (no RisiKo!, time ran out): G05 86 -> 86 x 1,25 = 107,5 -> 108 + 50 = "
        "158, capped at 150; G06 30 -> 37,5 -> 38 + 15 = 53; G07 20 -> 25 + 5 = 30; G08 10 -> "
        "12,5 -> 13; G09 eliminated -> 0. Table 3: G10 RisiKo! with 70 -> 150 (not 70 x 1,25 = "
        "87,5 -> 88 + 50 = 138); G11 30 -> 38 + 15 = 53; G12 20 -> 30; G13 10 -> 13; G14 5 -> "
        "6,25 -> 7."),
    players=field(14),
    steps=[
        Type(Tav(1, 1, [S("G01", 86, 2, risiko=True), S("G02", 30, 2), S("G03", 20, 2),
                        S("G04", 10, 2)]),
             Tav(1, 2, [S("G05", 86, 2), S("G06", 30, 2), S("G07", 20, 2), S("G08", 10, 2),
                        S("G09", 0, 0, eliminato=1)]),
             Tav(1, 3, [S("G10", 70, 2, risiko=True), S("G11", 30, 2), S("G12", 20, 2),
                        S("G13", 10, 2), S("G14", 5, 2)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": 150},
            (1, "Qualificazione", "G02"): {"Punti torneo": 45},
            (1, "Qualificazione", "G05"): {"Posizione": 1, "Punti torneo": 150},
            (1, "Qualificazione", "G06"): {"Punti torneo": 53},
            (1, "Qualificazione", "G07"): {"Punti torneo": 30},
            (1, "Qualificazione", "G08"): {"Punti torneo": 13},
            (1, "Qualificazione", "G09"): {"Posizione": 5, "Punti torneo": 0},
            (1, "Qualificazione", "G10"): {"Posizione": 1, "Punti torneo": 150},
            (1, "Qualificazione", "G11"): {"Punti torneo": 53},
            (1, "Qualificazione", "G12"): {"Punti torneo": 30},
            (1, "Qualificazione", "G13"): {"Punti torneo": 13},
            (1, "Qualificazione", "G14"): {"Posizione": 5, "Punti torneo": 7},
        }),
    ],
))

CASES.append(Case(
    id="000-03-parita-primo-e-terzo-fuori-obiettivo",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_PARI, ART24_BONUS,
              "Art. 26: «Se al termine di una partita si verifica un caso di parità e questa "
              "situazione non è compatibile con il meccanismo di attribuzione punti "
              "prestabilito, si ricorre al seguente metodo. 1) Si sommano anche i valori dei "
              "territori al di fuori dell'obiettivo.»"],
    derivation=(
        "Round 1, two 4-tables. Table 1: G01 and G02 both 40; out of objective 8 against 12: "
        "G02 wins, 40 + 50 = 90; G01 2nd, 40 + 15 = 55; G03 20 -> 25; G04 10 -> 10. Table 2: "
        "G05 50 -> 100; G06 30 -> 45; G07 and G08 both 20 for 3rd place (5 points of bonus): "
        "out of objective 5 against 9: G08 3rd, 20 + 5 = 25; G07 4th, 20."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [S("G01", 40, 8), S("G02", 40, 12), S("G03", 20, 2), S("G04", 10, 2)]),
             Tav(1, 2, [S("G05", 50, 2), S("G06", 30, 2), S("G07", 20, 5), S("G08", 20, 9)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 2, "Punti torneo": 55},
            (1, "Qualificazione", "G02"): {"Posizione": 1, "Punti torneo": 90},
            (1, "Qualificazione", "G07"): {"Posizione": 4, "Punti torneo": 20},
            (1, "Qualificazione", "G08"): {"Posizione": 3, "Punti torneo": 25},
        }),
    ],
))

ART26 = (
    "Art. 26: «1) Si sommano anche i valori dei territori al di fuori dell'obiettivo. 2) In "
    "caso di ulteriore parità, si contano le armate presenti sui territori all'interno "
    "dell'obiettivo. 3) In caso di ulteriore parità si contano tutte le armate in campo. 4) in "
    "caso di ulteriore parità, si conta il numero carte territorio in mano; 5) in caso di "
    "ulteriore parità, si conta il numero dei territori posseduti in obiettivo; 6) in caso di "
    "ulteriore parità, si conta il numero dei territori posseduti fuori obiettivo.»")


def tied(pid: str, **counts: int) -> S:
    """40 objective + 5 out of objective, with the Art. 26 counts given by header."""
    names = {"armate_obiettivo": "Armate obiettivo", "armate_totali": "Armate totali",
             "carte": "Carte", "territori_obiettivo": "Territori obiettivo",
             "territori_fuori": "Territori fuori"}
    return S(pid, 40, 5, extra={names[k]: v for k, v in counts.items()})


CASES.append(Case(
    id="000-04-parita-armate-in-obiettivo-e-armate-totali",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_PARI, ART26, ART24_BONUS],
    derivation=(
        "Round 1, two 4-tables; the two leaders of each table have 40 objective and 5 out of "
        "objective (criterion 1 equal). Table 1: armies inside the objective 20 (G01) against "
        "15 (G02): G01 wins, 90; G02 55. Table 2: armies inside the objective 15 and 15, all "
        "armies on the board 40 (G05) against 35 (G06): G05 wins, 90; G06 55. The others: "
        "G03/G07 20 -> 25, G04/G08 10 -> 10."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [tied("G01", armate_obiettivo=20, armate_totali=30),
                        tied("G02", armate_obiettivo=15, armate_totali=35),
                        S("G03", 20, 2), S("G04", 10, 2)]),
             Tav(1, 2, [tied("G05", armate_obiettivo=15, armate_totali=40),
                        tied("G06", armate_obiettivo=15, armate_totali=35),
                        S("G07", 20, 2), S("G08", 10, 2)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": 90},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": 55},
            (1, "Qualificazione", "G05"): {"Posizione": 1, "Punti torneo": 90},
            (1, "Qualificazione", "G06"): {"Posizione": 2, "Punti torneo": 55},
        }),
    ],
))

CASES.append(Case(
    id="000-05-parita-carte-territori-in-e-fuori-obiettivo",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_PARI, ART26, ART24_BONUS],
    derivation=(
        "Round 1, three 4-tables; at each the two leaders have 40 objective, 5 out of "
        "objective, 15 armies in the objective and 35 in all (criteria 1-3 equal). Table 1: "
        "cards in hand 3 (G01) against 2 (G02): G01 wins (the count: more is better, as for "
        "every criterion of the list), 90; G02 55. Table 2: cards 2 and 2; territories in "
        "the objective 9 (G06) against 8 (G05): G06 wins, 90; G05 55. Table 3: cards 2 and 2, "
        "territories in the objective 8 and 8, territories outside 4 (G09) against 3 (G10): "
        "G09 wins, 90; G10 55."),
    players=field(12),
    steps=[
        Type(Tav(1, 1, [tied("G01", armate_obiettivo=15, armate_totali=35, carte=3),
                        tied("G02", armate_obiettivo=15, armate_totali=35, carte=2),
                        S("G03", 20, 2), S("G04", 10, 2)]),
             Tav(1, 2, [tied("G05", armate_obiettivo=15, armate_totali=35, carte=2,
                             territori_obiettivo=8),
                        tied("G06", armate_obiettivo=15, armate_totali=35, carte=2,
                             territori_obiettivo=9),
                        S("G07", 20, 2), S("G08", 10, 2)]),
             Tav(1, 3, [tied("G09", armate_obiettivo=15, armate_totali=35, carte=2,
                             territori_obiettivo=8, territori_fuori=4),
                        tied("G10", armate_obiettivo=15, armate_totali=35, carte=2,
                             territori_obiettivo=8, territori_fuori=3),
                        S("G11", 20, 2), S("G12", 10, 2)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": 90},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": 55},
            (1, "Qualificazione", "G05"): {"Posizione": 2, "Punti torneo": 55},
            (1, "Qualificazione", "G06"): {"Posizione": 1, "Punti torneo": 90},
            (1, "Qualificazione", "G09"): {"Posizione": 1, "Punti torneo": 90},
            (1, "Qualificazione", "G10"): {"Posizione": 2, "Punti torneo": 55},
        }),
    ],
))

CASES.append(Case(
    id="000-06-eliminati-al-tavolo-da-5",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_PUNTI, ART24_BONUS,
              "Art. 30, 22): «Ai fini del torneo verrà equiparato ad un giocatore eliminato per "
              "primo dal tavolo»"],
    derivation=(
        "Round 1, one 5-table: G01 40 -> 50 + 50 = 100; G02 24 -> 30 + 15 = 45; G03 8 -> 10 + "
        "5 = 15; G04 eliminated second, G05 eliminated first: no territories, 0 points, no "
        "bonus (4th and 5th). Placement: G04 4th (eliminated later), G05 5th."),
    players=field(5),
    steps=[
        Type(Tav(1, 1, [S("G01", 40, 2), S("G02", 24, 2), S("G03", 8, 2),
                        S("G04", 0, 0, eliminato=2), S("G05", 0, 0, eliminato=1)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": 100},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": 45},
            (1, "Qualificazione", "G03"): {"Posizione": 3, "Punti torneo": 15},
            (1, "Qualificazione", "G04"): {"Posizione": 4, "Punti torneo": 0},
            (1, "Qualificazione", "G05"): {"Posizione": 5, "Punti torneo": 0},
        }),
    ],
))

CASES.append(Case(
    id="000-07-due-eliminati-al-tavolo-da-4-il-terzo-prende-5",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_BONUS,
              "Art. 30, 22): «Ai fini del torneo verrà equiparato ad un giocatore eliminato per "
              "primo dal tavolo»"],
    derivation=(
        "Round 1, one 4-table: G01 60 -> 110; G02 30 -> 45; G03 eliminated second and G04 "
        "eliminated first, both 0. The one eliminated later is 3rd: G03 3rd -> 0 + 5 = 5 (the "
        "article gives the 5 points to the 3rd classified, without exceptions); G04 4th -> 0."),
    players=field(4),
    steps=[
        Type(Tav(1, 1, [S("G01", 60, 2), S("G02", 30, 2), S("G03", 0, 0, eliminato=2),
                        S("G04", 0, 0, eliminato=1)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": 110},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": 45},
            (1, "Qualificazione", "G03"): {"Posizione": 3, "Punti torneo": 5},
            (1, "Qualificazione", "G04"): {"Posizione": 4, "Punti torneo": 0},
        }),
    ],
))

CASES.append(Case(
    id="000-08-penalita-armate-in-eccesso-mai-negativo",
    seed=SEED,
    formula=FORMULA,
    articles=["Art. 19: «Chi venisse scoperto ad avere in campo più armate di quelle previste "
              "come limite, riceverà una penalizzazione di 1 punto per ogni carro eccedente il "
              "limite consentito. In ogni caso, la penalizzazione non può comportare "
              "l'attribuzione di punteggi negativi.»", ART24_BONUS],
    derivation=(
        "Round 1, one 4-table: G01 50 -> 100; G02 30 -> 45, 6 armies over the limit: -6 -> 39; "
        "G03 20 -> 25; G04 3 -> 3, 5 armies over: 3 - 5 would be -2, never negative -> 0. "
        "Placements are the same whether or not the penalties are counted (30 > 20, 3 last)."),
    players=field(4),
    steps=[
        Type(Tav(1, 1, [S("G01", 50, 2), S("G02", 30, 2, penalita=6), S("G03", 20, 2),
                        S("G04", 3, 2, penalita=5)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": 100},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": 39},
            (1, "Qualificazione", "G03"): {"Posizione": 3, "Punti torneo": 25},
            (1, "Qualificazione", "G04"): {"Posizione": 4, "Punti torneo": 0},
        }),
        ExpectClassifica(values={"G02": {"Totale": 39}, "G04": {"Totale": 0}}),
    ],
))

# ------------------------------------------------------- standings (Art. 2 chain)

CASES.append(Case(
    id="000-09-classifica-parita-obiettivi-raggiunti",
    seed=SEED,
    formula=FORMULA,
    articles=[ART2_CATENA, ART24_RISIKO, ART24_BONUS],
    derivation=(
        "8 players, 2 rounds of two 4-tables (2 out of objective each). R1 T1: G01 RisiKo! "
        "150, G02 30 -> 45, G03 20 -> 25, G04 10 -> 10; R1 T2: G05 50 -> 100, G06 30 -> 45, "
        "G07 21 -> 26, G08 10 -> 10. R2 T1: G02 40 -> 90, G03 30 -> 45, G04 20 -> 25, G01 "
        "eliminated -> 0; R2 T2: G06 45 -> 95, G05 35 -> 50, G08 22 -> 27, G07 10 -> 10. "
        "Totals: G01 150, G05 150, G06 140, G02 135, G03 70, G08 37, G07 36, G04 35. G01 and "
        "G05 tie on 150; objectives reached (RisiKo!) 1 against 0: G01 first."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [S("G01", 86, 2, risiko=True), S("G02", 30, 2), S("G03", 20, 2),
                        S("G04", 10, 2)]),
             Tav(1, 2, [S("G05", 50, 2), S("G06", 30, 2), S("G07", 21, 2), S("G08", 10, 2)]),
             Tav(2, 1, [S("G02", 40, 2), S("G03", 30, 2), S("G04", 20, 2),
                        S("G01", 0, 0, eliminato=1)]),
             Tav(2, 2, [S("G06", 45, 2), S("G05", 35, 2), S("G08", 22, 2), S("G07", 10, 2)])),
        Cli(["standings"]),
        ExpectClassifica(order=["G01", "G05", "G06", "G02", "G03", "G08", "G07", "G04"],
                         complete=True,
                         values={"G01": {"Totale": 150}, "G05": {"Totale": 150},
                                 "G04": {"Totale": 35}}),
    ],
))

CASES.append(Case(
    id="000-10-classifica-parita-partite-vinte",
    seed=SEED,
    formula=FORMULA,
    articles=[ART2_CATENA, ART24_BONUS],
    derivation=(
        "8 players, 2 rounds (2 out of objective each). R1 T1: G01 40 -> 90, G02 30 -> 45, "
        "G03 20 -> 25, G04 12 -> 12; R1 T2: G06 45 -> 95, G05 35 -> 50, G07 20 -> 25, G08 10 "
        "-> 10. R2 T1: G03 50 -> 100, G02 30 -> 45, G04 20 -> 25, G01 10 -> 10; R2 T2: G07 48 "
        "-> 98, G05 35 -> 50, G08 20 -> 25, G06 12 -> 12. Totals: G03 125, G07 123, G06 107, "
        "G01 100, G05 100, G02 90, G04 37, G08 35. G01 and G05: no RisiKo! either; games won "
        "1 against 0: G01 before G05."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [S("G01", 40, 2), S("G02", 30, 2), S("G03", 20, 2), S("G04", 12, 2)]),
             Tav(1, 2, [S("G06", 45, 2), S("G05", 35, 2), S("G07", 20, 2), S("G08", 10, 2)]),
             Tav(2, 1, [S("G03", 50, 2), S("G02", 30, 2), S("G04", 20, 2), S("G01", 10, 2)]),
             Tav(2, 2, [S("G07", 48, 2), S("G05", 35, 2), S("G08", 20, 2), S("G06", 12, 2)])),
        Cli(["standings"]),
        ExpectClassifica(order=["G03", "G07", "G06", "G01", "G05", "G02", "G04", "G08"],
                         complete=True,
                         values={"G01": {"Totale": 100}, "G05": {"Totale": 100}}),
    ],
))

CASES.append(Case(
    id="000-11-classifica-parita-fuori-obiettivo",
    seed=SEED,
    formula=FORMULA,
    articles=[ART2_CATENA, ART24_BONUS],
    derivation=(
        "Round 1, two 4-tables. T1: G02 50 -> 100, G01 30 (10 out of objective) -> 45, G03 20 "
        "-> 25, G04 10 -> 10; T2: G06 48 -> 98, G05 30 (6 out of objective) -> 45, G07 18 -> "
        "23, G08 8 -> 8. G01 and G05 tie on 45, no RisiKo!, no win; out-of-objective sum 10 "
        "against 6: G01 before G05. Standings: G02, G06, G01, G05, G03, G07, G04, G08."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [S("G02", 50, 2), S("G01", 30, 10), S("G03", 20, 2), S("G04", 10, 2)]),
             Tav(1, 2, [S("G06", 48, 2), S("G05", 30, 6), S("G07", 18, 2), S("G08", 8, 2)])),
        Cli(["standings"]),
        ExpectClassifica(order=["G02", "G06", "G01", "G05", "G03", "G07", "G04", "G08"],
                         complete=True),
    ],
))

# ------------------------------------------------- a field of 8 for the final phases

ART2_FORMULA = (
    "Art. 2: «2. uno spareggio al quale parteciperanno il 4°, il 5°, il 6° in classifica "
    "generale e il giocatore che, fra quelli rimasti, otterrà il miglior punteggio su singola "
    "partita; 3. Finalissima alla quale avranno accesso i giocatori che si sono classificati "
    "dal 1° al 3° posto nella fase preliminare e i vincitori dello spareggio.»")
ART4_RITIRO = (
    "Art. 4: «Un giocatore impossibilitato a continuare il torneo potrà ritirarsi. Se il ritiro "
    "avverrà prima delle semifinali o prima dell'inizio della finale, verrà immediatamente "
    "ricompilata la classifica, senza considerare i punteggi acquisiti dal giocatore "
    "ritirato.»")

# (round, table, [(ID, objective points)]) in placement order; 3 out of objective each.
ROUNDS8 = [
    (1, 1, [("G01", 50), ("G03", 30), ("G07", 22), ("G05", 18)]),
    (1, 2, [("G02", 48), ("G04", 28), ("G06", 20), ("G08", 8)]),
    (2, 1, [("G01", 45), ("G04", 35), ("G05", 22), ("G08", 5)]),
    (2, 2, [("G02", 44), ("G03", 34), ("G07", 20), ("G06", 14)]),
    (3, 1, [("G01", 45), ("G08", 40), ("G02", 25), ("G07", 18)]),
    (3, 2, [("G03", 40), ("G05", 30), ("G04", 25), ("G06", 15)]),
    (4, 1, [("G01", 40), ("G06", 30), ("G03", 20), ("G08", 2)]),
    (4, 2, [("G02", 38), ("G04", 28), ("G05", 18), ("G07", 8)]),
]
FIELD8 = (
    "8 players, 4 rounds of two 4-tables, 3 out of objective for everybody; points = "
    "objective + 50/15/5. R1 T1: G01 50 (100), G03 30 (45), G07 22 (27), G05 18 (18); R1 T2: "
    "G02 48 (98), G04 28 (43), G06 20 (25), G08 8 (8). R2 T1: G01 45 (95), G04 35 (50), G05 "
    "22 (27), G08 5 (5); R2 T2: G02 44 (94), G03 34 (49), G07 20 (25), G06 14 (14). R3 T1: "
    "G01 45 (95), G08 40 (55), G02 25 (30), G07 18 (18); R3 T2: G03 40 (90), G05 30 (45), G04 "
    "25 (30), G06 15 (15). R4 T1: G01 40 (90), G06 30 (45), G03 20 (25), G08 2 (2); R4 T2: G02 "
    "38 (88), G04 28 (43), G05 18 (23), G07 8 (8). Totals: G01 100+95+95+90 = 380; G02 "
    "98+94+30+88 = 310; G03 45+49+90+25 = 209; G04 43+50+30+43 = 166; G05 18+27+45+23 = 113; "
    "G06 25+14+15+45 = 99; G07 27+25+18+8 = 78; G08 8+5+55+2 = 70. ")
SPAREGGIO8 = (
    "Final: 1st-3rd G01, G02, G03. Spareggio: 4th G04, 5th G05, 6th G06, and of the others "
    "(G07, G08) the best single game: G08 55 (R3) against G07's best 27: G08, though 8th. ")


def rounds8(rounds=ROUNDS8, upto: int = 4) -> Type:
    return Type(*[Tav(t, k, [S(pid, pts, 3) for pid, pts in seats])
                  for t, k, seats in rounds if t <= upto])


SPAREGGIO8_PLAYED = Fill("Spareggio", [S("G05", 40, 3), S("G08", 30, 3), S("G04", 20, 3),
                                       S("G06", 10, 3)])
SPAREGGIO8_TEXT = "Spareggio typed: G05 40 (wins), G08 30, G04 20, G06 10. "

CASES.append(Case(
    id="000-12-spareggio-e-miglior-partita-singola",
    seed=SEED,
    formula=FORMULA,
    articles=[ART2_FORMULA, ART2_CATENA],
    derivation=FIELD8 + SPAREGGIO8,
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        ExpectClassifica(order=["G01", "G02", "G03", "G04", "G05", "G06", "G07", "G08"],
                         values={"G01": {"Totale": 380}, "G03": {"Totale": 209},
                                 "G06": {"Totale": 99}, "G08": {"Totale": 70}}),
        ExpectTables("Spareggio", tables=[{"G04", "G05", "G06", "G08"}]),
        ExpectQualificati("Spareggio", ids={"G04", "G05", "G06", "G08"}, absent={"G07"}),
        ExpectQualificati("Finale", ids={"G01", "G02", "G03"}),
    ],
))

CASES.append(Case(
    id="000-13-finale-primi-tre-e-vincitore-spareggio",
    seed=SEED,
    formula=FORMULA,
    articles=[ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + SPAREGGIO8_TEXT + "Final: G01, G02, G03, G05.",
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        SPAREGGIO8_PLAYED,
        Cli(["finals"]),
        ExpectTables("Finale", tables=[{"G01", "G02", "G03", "G05"}]),
        ExpectQualificati("Finale", ids={"G01", "G02", "G03", "G05"}),
    ],
))

CASES.append(Case(
    id="000-14-classifica-finale-dalla-finalissima",
    seed=SEED,
    formula=FORMULA,
    articles=[ART2_FORMULA, ART24_BONUS,
              "Art. 2: «Per decretare l'ordine d'arrivo nella fase preliminare ...» (the order "
              "of the finalists is the final's: the seed names no other measure for them)"],
    derivation=FIELD8 + SPAREGGIO8 + SPAREGGIO8_TEXT + (
        "Final typed: G03 45, G01 35, G05 25, G02 15 -> G03 1st, G01 2nd, G05 3rd, G02 4th: the "
        "tournament's first four in this order (the final decides among the finalists, "
        "whatever their preliminary totals)."),
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        SPAREGGIO8_PLAYED,
        Cli(["finals"]),
        Fill("Finale", [S("G03", 45, 3), S("G01", 35, 3), S("G05", 25, 3), S("G02", 15, 3)]),
        Cli(["finals"]),
        ExpectFinale(order=["G03", "G01", "G05", "G02"]),
    ],
))

NET_G02 = (
    "G02 withdraws: the classification is recompiled without him: G01 380, G03 209, G04 166, "
    "G05 113, G06 99, G07 78, G08 70. Final: G01, G03, G04. Spareggio: G05, G06, G07 (new "
    "4th-6th) and the best single game of the others: G08 alone. ")

CASES.append(Case(
    id="000-15-finalista-ritirato-prima-dello-spareggio",
    seed=SEED,
    formula=FORMULA,
    articles=[ART4_RITIRO, ART2_FORMULA],
    derivation=FIELD8 + NET_G02,
    players=field(8),
    steps=[
        rounds8(),
        Cli(["ritira", "G02"]),
        Cli(["finals"]),
        ExpectTables("Spareggio", tables=[{"G05", "G06", "G07", "G08"}]),
        ExpectQualificati("Spareggio", ids={"G05", "G06", "G07", "G08"}),
        ExpectQualificati("Finale", ids={"G01", "G03", "G04"}),
    ],
))

CASES.append(Case(
    id="000-16-finalista-ritirato-a-spareggio-sorteggiato",
    seed=SEED,
    formula=FORMULA,
    articles=[ART4_RITIRO, ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + (
        "finals seats that spareggio; then, before it is played, " + NET_G02 +
        "Same facts, same tables as a withdrawal before the seating (000-15): G04 leaves the "
        "spareggio for the final and G07 enters it."),
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        Cli(["ritira", "G02"]),
        ExpectTables("Spareggio", tables=[{"G05", "G06", "G07", "G08"}]),
        ExpectQualificati("Spareggio", ids={"G05", "G06", "G07", "G08"}, absent={"G04"}),
        ExpectQualificati("Finale", ids={"G01", "G03", "G04"}, absent={"G02"}),
    ],
))

NET_G02_FINAL = (
    "After the spareggio, before the final, G02 withdraws: the classification is recompiled "
    "without him (G01, G03, G04, G05, ...): the final takes the new 1st-3rd, G01, G03, G04 "
    "(G04 lost the spareggio but is now 3rd), and the spareggio's winner G05; not the "
    "spareggio's 2nd G08. Final: G01, G03, G04, G05.")

CASES.append(Case(
    id="000-17-finalista-ritirato-dopo-lo-spareggio",
    seed=SEED,
    formula=FORMULA,
    articles=[ART4_RITIRO, ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + SPAREGGIO8_TEXT + NET_G02_FINAL,
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        SPAREGGIO8_PLAYED,
        Cli(["ritira", "G02"]),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[{"G01", "G03", "G04", "G05"}]),
        ExpectQualificati("Finale", ids={"G01", "G03", "G04", "G05"}, absent={"G02", "G08"}),
    ],
))

CASES.append(Case(
    id="000-18-finalista-ritirato-a-finale-sorteggiata",
    seed=SEED,
    formula=FORMULA,
    articles=[ART4_RITIRO, ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + SPAREGGIO8_TEXT + (
        "finals seats the final G01, G02, G03, G05; then, before it starts: ") + NET_G02_FINAL
    + " The same as when G02 withdraws before the final is seated (000-17).",
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        SPAREGGIO8_PLAYED,
        Cli(["finals"]),
        ExpectTables("Finale", tables=[{"G01", "G02", "G03", "G05"}]),
        Cli(["ritira", "G02"]),
        ExpectTables("Finale", tables=[{"G01", "G03", "G04", "G05"}]),
        ExpectQualificati("Finale", ids={"G01", "G03", "G04", "G05"}, absent={"G02", "G08"}),
    ],
))

CASES.append(Case(
    id="000-19-spareggiante-ritirato-prima-di-giocare",
    seed=SEED,
    formula=FORMULA,
    articles=[ART4_RITIRO, ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + (
        "finals seats the spareggio G04, G05, G06, G08; G06 withdraws before it is played. "
        "Recompiled without G06: G01, G02, G03 | G04, G05, G07 (new 4th-6th) | G08. The "
        "spareggio: G04, G05, G07 and the best single game of the others: G08 (55). Final: "
        "G01, G02, G03 as before."),
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        Cli(["ritira", "G06"]),
        ExpectTables("Spareggio", tables=[{"G04", "G05", "G07", "G08"}]),
        ExpectQualificati("Spareggio", ids={"G04", "G05", "G07", "G08"}, absent={"G06"}),
        ExpectQualificati("Finale", ids={"G01", "G02", "G03"}),
    ],
))

CASES.append(Case(
    id="000-20-ritiro-durante-la-fase-preliminare",
    seed=SEED,
    formula=FORMULA,
    articles=[ART4_RITIRO],
    derivation=FIELD8 + (
        "Only rounds 1 and 2 are played; totals then: G01 100+95 = 195, G02 98+94 = 192, G03 "
        "45+49 = 94, G04 43+50 = 93, G07 27+25 = 52, G05 18+27 = 45, G06 25+14 = 39, G08 8+5 = "
        "13. G03 withdraws: the classification is recompiled without his points: G01, G02, "
        "G04, G07, G05, G06, G08 (G03 is no longer ranked among them)."),
    players=field(8),
    steps=[
        rounds8(upto=2),
        Cli(["ritira", "G03"]),
        Cli(["standings"]),
        ExpectClassifica(order=["G01", "G02", "G04", "G07", "G05", "G06", "G08"],
                         values={"G04": {"Totale": 93}, "G07": {"Totale": 52}}),
    ],
))

CASES.append(Case(
    id="000-21-iscrizione-a-torneo-iniziato",
    seed=SEED,
    formula=FORMULA,
    articles=["Art. 4: «E' possibile iscriversi anche a torneo iniziato, durante la fase "
              "preliminare.»", "Art. 2: «1. Una fase preliminare di 4 giornate con classifica "
              "a somma di punti»", ART24_PUNTI, ART24_BONUS],
    derivation=(
        "Round 1 as in the 8-player field: G01 100, G03 45, G07 27, G05 18; G02 98, G04 43, "
        "G06 25, G08 8. G09 enrols for round 2 (Dal turno 2). Round 2: a 5-table (x1,25 "
        "rounded up) G09 44 -> 55 + 50 = 105, G01 40 -> 50 + 15 = 65, G04 30 -> 37,5 -> 38 + "
        "5 = 43, G05 20 -> 25, G08 5 -> 6,25 -> 7; a 4-table G02 44 -> 94, G03 34 -> 49, G07 "
        "20 -> 25, G06 14 -> 14. Sums (G09's missed round adds nothing): G02 192, G01 165, "
        "G09 105, G03 94, G04 86, G07 52, G05 43, G06 39, G08 15."),
    players=field(8),
    steps=[
        rounds8(upto=1),
        Enrol(P("G09", "Nome09", "Cognome09", "Club09", dal_turno=2)),
        Type(Tav(2, 1, [S("G09", 44, 2), S("G01", 40, 2), S("G04", 30, 2), S("G05", 20, 2),
                        S("G08", 5, 2)]),
             Tav(2, 2, [S("G02", 44, 3), S("G03", 34, 3), S("G07", 20, 3), S("G06", 14, 3)])),
        Cli(["standings"]),
        ExpectRisultati({(2, "Qualificazione", "G09"): {"Punti torneo": 105},
                         (2, "Qualificazione", "G04"): {"Punti torneo": 43},
                         (2, "Qualificazione", "G08"): {"Punti torneo": 7}}),
        ExpectClassifica(order=["G02", "G01", "G09", "G03", "G04", "G07", "G05", "G06", "G08"],
                         complete=True,
                         values={"G09": {"Totale": 105}, "G01": {"Totale": 165},
                                 "G08": {"Totale": 15}}),
    ],
))

CASES.append(Case(
    id="000-22-non-qualificato-scritto-in-finale",
    seed=SEED,
    formula=FORMULA,
    articles=[ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + SPAREGGIO8_TEXT + (
        "Final: G01, G02, G03, G05. The organiser overtypes G05's final row with G07 (7th, "
        "not in the spareggio, not in the top 3): Art. 2 gives him no final seat; verify "
        "reports the difference naming G07 (exit 1)."),
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        SPAREGGIO8_PLAYED,
        Cli(["finals"]),
        Retype("Finale", "G05", "G07"),
        Cli(["verify"], code=1, says="G07"),
    ],
))

# R2 seats G07 with G01, G04, G05 and G08 with G02, G03, G06, so that G06 and G07 finish
# every round in the same place with the same points.
ROUNDS8L = [
    (1, 1, [("G01", 50), ("G03", 30), ("G07", 20), ("G05", 18)]),
    (1, 2, [("G02", 48), ("G04", 28), ("G06", 20), ("G08", 8)]),
    (2, 1, [("G01", 45), ("G04", 35), ("G07", 14), ("G05", 10)]),
    (2, 2, [("G02", 44), ("G03", 34), ("G06", 14), ("G08", 5)]),
    (3, 1, [("G01", 45), ("G08", 40), ("G02", 25), ("G07", 18)]),
    (3, 2, [("G03", 40), ("G05", 30), ("G04", 25), ("G06", 18)]),
    (4, 1, [("G01", 40), ("G03", 30), ("G06", 20), ("G08", 2)]),
    (4, 2, [("G02", 38), ("G04", 28), ("G07", 20), ("G05", 18)]),
]


def lottery_consistent(memo: dict):
    """The 6th of Classifica sits in the spareggio and the 7th does not; one lottery row
    for G06/G07 in Sorteggi; and the order is the one seen the first time (memo)."""
    def check(view: View) -> None:
        order = [str(r["ID"]) for r in view.table("Classifica")]
        assert set(order[5:7]) == {"G06", "G07"}, f"6th-7th {order[5:7]}"
        memo.setdefault("order", order)
        assert order == memo["order"], f"order {order} changed from {memo['order']}"
        seated = {str(r["ID"]) for r in view.table("Risultati") if r.get("Fase") == "Spareggio"}
        assert seated == {"G04", "G05", order[5], "G08"}, (
            f"spareggio {sorted(seated)}, expected G04, G05, {order[5]} (6th), G08")
        draws = [r for r in view.table("Sorteggi")
                 if "sorteggio" in f"{r.get('Procedura')} {r.get('Note')}".lower()
                 and all(x in str(r.get("Note")) for x in ("G06", "G07"))]
        assert len(draws) == 1, f"{len(draws)} lottery rows for G06/G07 in Sorteggi: {draws}"
    return check


_MEMO_23: dict = {}

CASES.append(Case(
    id="000-23-sorteggio-sulla-linea-dello-spareggio",
    seed=SEED,
    formula=FORMULA,
    articles=[ART2_CATENA, ART2_FORMULA],
    derivation=(
        "8 players, 4 rounds, 3 out of objective each (points = objective + bonus). R1 T1: G01 "
        "50 (100), G03 30 (45), G07 20 (25), G05 18 (18); R1 T2: G02 48 (98), G04 28 (43), G06 "
        "20 (25), G08 8 (8). R2 T1: G01 45 (95), G04 35 (50), G07 14 (19), G05 10 (10); R2 T2: "
        "G02 44 (94), G03 34 (49), G06 14 (19), G08 5 (5). R3 T1: G01 45 (95), G08 40 (55), "
        "G02 25 (30), G07 18 (18); R3 T2: G03 40 (90), G05 30 (45), G04 25 (30), G06 18 (18). "
        "R4 T1: G01 40 (90), G03 30 (45), G06 20 (25), G08 2 (2); R4 T2: G02 38 (88), G04 28 "
        "(43), G07 20 (25), G05 18 (18). Totals: G01 380, G02 310, G03 229, G04 166, G05 91, "
        "G06 87, G07 87, G08 70. G06 and G07: 87 each, no RisiKo!, no win, out of objective 12 "
        "each: only the lottery (Sorteggio) separates them, for the 6th place, which is a "
        "spareggio seat. The spareggio: G04, G05, the lottery's 6th, and of the others the "
        "best single game: G08's 55 beats the lottery's 7th (best 25). One lottery, drawn "
        "once and recorded once in Sorteggi, and the same order in every later standings."),
    players=field(8),
    steps=[
        rounds8(ROUNDS8L),
        Cli(["finals"], says="sorteggio"),
        ExpectClassifica(order=["G01", "G02", "G03", "G04", "G05"],
                         values={"G06": {"Totale": 87}, "G07": {"Totale": 87},
                                 "G03": {"Totale": 229}, "G05": {"Totale": 91}}),
        ExpectSheet("lottery decides the 6th, once, and the spareggio follows it",
                    lottery_consistent(_MEMO_23)),
        Cli(["standings"]),
        ExpectSheet("the later standings keep the lottery's order, no second lottery row",
                    lottery_consistent(_MEMO_23)),
    ],
))

CASES.append(Case(
    id="000-24-assente-per-un-turno",
    seed=SEED,
    settings={"Seme sorteggio": "casebook-000"},
    formula=FORMULA,
    articles=["Art. 5: «Salvo nei casi in cui si dovessero verificare delle assenze ...»",
              "Art. 25: «Il Giocatore Passivo è un meccanismo che permette di disputare o "
              "completare una partita in mancanza di un giocatore (escluso o assente).»",
              "Art. 2: «Una fase preliminare di 4 giornate con classifica a somma di punti»"],
    derivation=(
        "9 players. Round 1: a 5-table G09 44 -> 55 + 50 = 105, G01 40 -> 50 + 15 = 65, G04 "
        "30 -> 38 + 5 = 43, G05 20 -> 25, G08 5 -> 7; a 4-table G02 48 -> 98, G03 30 -> 45, "
        "G06 20 -> 25, G07 10 -> 10. G09 announces he will miss round 2: Stato = Assente. The "
        "draw of round 2 seats the 8 present (two 4-tables), not G09; his round 2 adds "
        "nothing to his sum: after round 2 G09 has 105. Back to Attivo, he is drawn again for "
        "round 3."),
    players=field(9),
    steps=[
        Type(Tav(1, 1, [S("G09", 44, 2), S("G01", 40, 2), S("G04", 30, 2), S("G05", 20, 2),
                        S("G08", 5, 2)]),
             Tav(1, 2, [S("G02", 48, 3), S("G03", 30, 3), S("G06", 20, 3), S("G07", 10, 3)])),
        Edit("G09", Stato="Assente"),
        Cli(["draw", "--turno", "2"]),
        ExpectTables("Qualificazione", turno=2, players={f"G0{i}" for i in range(1, 9)}),
        Edit("G09", Stato="Attivo"),
        Fill("Qualificazione", [S(f"G0{i}", 30 - 2 * i, 3) for i in range(1, 9)], turno=2),
        Cli(["standings"]),
        ExpectClassifica(values={"G09": {"Totale": 105}}),
        Cli(["draw", "--turno", "3"]),
        ExpectTables("Qualificazione", turno=3, players={f"G0{i}" for i in range(1, 10)}),
    ],
))

CASES.append(Case(
    id="000-25-ritiro-del-ripescato-per-partita-singola",
    seed=SEED,
    formula=FORMULA,
    articles=[ART4_RITIRO, ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + (
        "finals seats the spareggio G04, G05, G06, G08; G08 withdraws before it is played. "
        "Recompiled without G08: G01..G07; top 3 G01, G02, G03; spareggio G04, G05, G06 and "
        "the best single game of the others: G07 alone (best 27). Spareggio: G04, G05, G06, "
        "G07."),
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        Cli(["ritira", "G08"]),
        ExpectTables("Spareggio", tables=[{"G04", "G05", "G06", "G07"}]),
        ExpectQualificati("Spareggio", ids={"G04", "G05", "G06", "G07"}, absent={"G08"}),
    ],
))

CASES.append(Case(
    id="000-26-spareggio-pari-fuori-obiettivo",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_PARI, ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + (
        "Spareggio typed: G05 40 with 3 out of objective, G08 40 with 7, G04 20, G06 10: G05 "
        "and G08 tie on 40, the out-of-objective points give the win to G08. Final: G01, G02, "
        "G03, G08."),
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        Fill("Spareggio", [S("G05", 40, 3), S("G08", 40, 7), S("G04", 20, 3),
                           S("G06", 10, 3)]),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[{"G01", "G02", "G03", "G08"}]),
    ],
))

CASES.append(Case(
    id="000-27-finale-pari-fuori-obiettivo",
    seed=SEED,
    formula=FORMULA,
    articles=[ART24_PARI, ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + SPAREGGIO8_TEXT + (
        "Final G01, G02, G03, G05 typed: G03 40 with 3 out of objective, G01 40 with 9, G05 "
        "25, G02 15: G01 and G03 tie on 40, out of objective 9 against 3: G01 wins the final. "
        "Final ranking: G01, G03, G05, G02."),
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        SPAREGGIO8_PLAYED,
        Cli(["finals"]),
        Fill("Finale", [S("G03", 40, 3), S("G01", 40, 9), S("G05", 25, 3), S("G02", 15, 3)]),
        Cli(["finals"]),
        ExpectFinale(order=["G01", "G03", "G05", "G02"]),
    ],
))

CASES.append(Case(
    id="000-28-verify-dopo-una-sostituzione-regolare",
    seed=SEED,
    formula=FORMULA,
    articles=[ART4_RITIRO, ART2_FORMULA],
    derivation=FIELD8 + SPAREGGIO8 + (
        "finals seats the spareggio; G02 withdraws before it is played and the phases are "
        "recomputed as in 000-16 (final G01, G03, G04; spareggio G05, G06, G07, G08). What "
        "the workbook then holds is what the regulation produces: verify finds no difference "
        "(exit 0)."),
    players=field(8),
    steps=[
        rounds8(),
        Cli(["finals"]),
        Cli(["ritira", "G02"]),
        Cli(["verify"], says="nessuna differenza"),
    ],
))


def five_table_repeats(at_most: int):
    """Players seated at a 5-table in both round 1 and round 2: at most `at_most`."""
    def check(view: View) -> None:
        rows = [r for r in view.table("Risultati") if r.get("Fase") == "Qualificazione"]
        fives = {}
        for turno in (1, 2):
            tables: dict = {}
            for r in rows:
                if r.get("Turno") == turno:
                    tables.setdefault(r.get("Tavolo"), set()).add(str(r["ID"]))
            sizes = sorted(len(t) for t in tables.values())
            assert sizes == [4, 5], f"round {turno} tables of {sizes}, expected one of 5, one of 4"
            fives[turno] = next(t for t in tables.values() if len(t) == 5)
        both = fives[1] & fives[2]
        assert len(both) <= at_most, f"{sorted(both)} at a 5-table in rounds 1 and 2"
    return check


CASES.append(Case(
    id="000-29-sorteggio-limita-i-tavoli-da-5",
    seed=SEED,
    settings={"Seme sorteggio": "casebook-000"},
    formula=FORMULA,
    articles=["Art. 5: «saranno calcolate quante partite si disputeranno in tavoli da 5, quante "
              "in tavoli da 4, e quante in tavoli da 3 ... Per quanto possibile, si cercherà di "
              "limitare il numero di partite in tavoli da 5, che ogni giocatore disputerà "
              "durante la prima fase del torneo.»"],
    derivation=(
        "9 players: one table of 5 and one of 4 each round (no table of 3: those are only for "
        "11, 7, 6, 3 players). Round 1 is drawn and typed; round 2 is drawn: 5 seats at the "
        "5-table, 4 players who were not at the 5-table in round 1, so at most one of the "
        "round-1 five sits at a 5-table again (9 - 5 = 4 fresh players for 5 seats)."),
    players=field(9),
    steps=[
        Cli(["draw", "--turno", "1"]),
        Fill("Qualificazione", [S(f"G0{i}", 20 - i, 3) for i in range(1, 10)], turno=1),
        Cli(["draw", "--turno", "2"]),
        ExpectSheet("one 5-table and one 4-table; at most one repeat at the 5-table",
                    five_table_repeats(1)),
    ],
))

CASES.append(Case(
    id="000-30-post-con-il-termine-di-ricorso",
    seed=SEED,
    formula=FORMULA,
    articles=["Art. 2: «Al completamento di ogni giornata, verrà pubblicata la classifica, a "
              "cura del Comitato Organizzativo; a questa potrà essere presentato ricorso entro "
              "2 ore dalla pubblicazione.»"],
    derivation=(
        "Round 1 of the 8-player field typed (G01 100, G02 98, G03 45, G04 43, G07 27, G06 25, "
        "G05 18, G08 8). The published standings of the round carry the appeal deadline of "
        "Art. 2: two hours from publication; the post names the leader G01 (Nome01 "
        "Cognome01)."),
    players=field(8),
    steps=[
        rounds8(upto=1),
        Cli(["post", "--formato", "testo"], says=[("2 ore", "2 h"), "Cognome01"]),
    ],
))


def table_sizes(expected: list[int]):
    def check(view: View) -> None:
        tables: dict = {}
        for r in view.table("Risultati"):
            if r.get("Fase") == "Qualificazione" and r.get("Turno") == 1:
                tables.setdefault(r["Tavolo"], 0)
                tables[r["Tavolo"]] += 1
        assert sorted(tables.values()) == expected, (
            f"tables of {sorted(tables.values())}, expected {expected}")
    return check


CASES.append(Case(
    id="000-31-tavoli-da-3-con-11-giocatori",
    seed=SEED,
    formula=FORMULA,
    settings={"Seme sorteggio": "casebook-000"},
    articles=["Art. 5: «saranno calcolate quante partite si disputeranno in tavoli da 5, quante "
              "in tavoli da 4, e quante in tavoli da 3 (queste ultime saranno necessarie solo "
              "in presenza di 11, 7, 6, 3 giocatori). ... Per quanto possibile, si cercherà di "
              "limitare il numero di partite in tavoli da 5»"],
    derivation=(
        "11 players cannot sit at tables of 4 and 5 only (4a + 5b = 11 has no solution): a "
        "table of 3 is needed. 4 + 4 + 3 has no table of 5 and one of 3; 5 + 3 + 3 has a "
        "table of 5 and two of 3. Limiting the games at tables of 5: 4 + 4 + 3."),
    players=field(11),
    steps=[
        Cli(["draw", "--turno", "1"]),
        ExpectSheet("round 1: tables of 4, 4 and 3", table_sizes([3, 4, 4])),
    ],
))
