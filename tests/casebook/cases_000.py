"""Seed 000 (1° Torneo Lu Castidduzzu), preset `lu_castidduzzu`: Art. 2, 4, 5, 19, 24, 26."""

from __future__ import annotations

from .runner import (
    Case,
    Cli,
    ExpectClassifica,
    ExpectRisultati,
    P,
    S,
    Tav,
    Type,
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


def field(n: int) -> list:
    """n players G01..Gnn, each from a club of their own."""
    return [P(f"G{i:02d}", f"Nome{i:02d}", f"Cognome{i:02d}", f"Club{i:02d}")
            for i in range(1, n + 1)]


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
