"""Seed 001 (Master 2017 qualifier), preset `master`: cases derived from §1, §7, §8."""

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

SEED = "001"

ART7_MILLESIMI = (
    "§7: «ad ogni territorio in obiettivo verrà assegnato un punteggio tavolo pari al numero di "
    "territori confinanti con esso. La somma di tali punteggi si trasformerà automaticamente nei "
    "punti torneo di quel giocatore tramite una conversione in millesimi, aggiungendo poi al "
    "vincitore della partita una unità.»")
ART7_CINQUE = (
    "§7: «Nei tavoli da 5 giocatori i punteggi si devono moltiplicare per 1,25 con eventuali "
    "arrotondamenti alla terza cifra dopo la virgola sempre per eccesso ... In ogni caso il "
    "punteggio massimo ottenibile ad un tavolo a 5 è pari a 1,100 (quindi da 80 ad 86 punti "
    "tavolo si ottengono gli stessi punti torneo).»")
ART7_RISIKO = ("§7: «In caso di RisiKo! il punteggio torneo realizzato sarà sempre di 1,100 (non "
               "importa se ad un tavolo da 4 o da 5 giocatori).»")
ART7_PARI = (
    "§7: «In caso di parità verranno considerati i seguenti criteri per determinare il "
    "piazzamento al tavolo: * punti dei territori fuori obiettivo * criterio del “colore”: vince "
    "chi rispetto al turno di gioco iniziale era l’ultimo a giocare»")
ART7_CLASSIFICA_PARI = (
    "§7: «In caso di parità in classifica si utilizzeranno questi criteri: • punteggio torneo "
    "più alto nella migliore prestazione • punteggio torneo più alto nella seconda migliore "
    "prestazione • punteggio torneo più alto nella terza eventuale prestazione • piazzamento in "
    "classifica al turno precedente (chi era davanti resta davanti)»")


def field(n: int) -> list:
    """n players G01..Gnn, each from a club of their own (no club separation at play)."""
    return [P(f"G{i:02d}", f"Nome{i:02d}", f"Cognome{i:02d}", f"Club{i:02d}")
            for i in range(1, n + 1)]


CASES: list[Case] = []

# ----------------------------------------------------------------- table scoring (§7)

CASES.append(Case(
    id="001-01-esempi-tavoli-da-4",
    seed=SEED,
    formula="master",
    articles=[ART7_MILLESIMI, ART7_RISIKO,
              "§7 Primo esempio: «A: 23 punti tavolo -> 0,023 ... B: 0 punti tavolo ed eliminato "
              "-> 0,000 ... C: vincitore con 48 punti tavolo -> 1,048 ... D: 39 punti tavolo -> "
              "0,039»; Secondo esempio: «A: 13 -> 0,013 ... B: 86 punti tavolo e vittoria con "
              "RisiKo! -> 1,100 ... C: 22 -> 0,022 ... D: 9 -> 0,009»"],
    derivation=(
        "The seed's first two examples, typed as table 1 (G01..G04 = A..D of the first) and "
        "table 2 (G05..G08 = A..D of the second) of round 1. 4-player tables: tournament "
        "points = table points / 1000, +1 for the winner. Table 1: C (G03) has the most, 48 "
        "-> 1 + 0,048 = 1,048; D 39 -> 0,039; A 23 -> 0,023; B eliminated with 0 -> 0,000. "
        "Placement: G03 1st (48), G04 2nd (39), G01 3rd (23), G02 4th (0, eliminated). "
        "Table 2: B (G06) RisiKo! -> 1,100 whatever the table points; A 13 -> 0,013; C 22 -> "
        "0,022; D 9 -> 0,009. Standings after round 1: G06 1,100; G03 1,048; G04 0,039; "
        "G01 0,023; G07 0,022; G05 0,013; G08 0,009; G02 0,000."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [S("G01", 23, 5), S("G02", 0, 0, eliminato=1), S("G03", 48, 6),
                        S("G04", 39, 4)]),
             Tav(1, 2, [S("G05", 13, 5), S("G06", 86, 0, risiko=True), S("G07", 22, 3),
                        S("G08", 9, 4)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Punti tavolo": 23, "Posizione": 3,
                                           "Punti torneo": "0,023"},
            (1, "Qualificazione", "G02"): {"Punti tavolo": 0, "Posizione": 4,
                                           "Punti torneo": "0,000"},
            (1, "Qualificazione", "G03"): {"Punti tavolo": 48, "Posizione": 1,
                                           "Punti torneo": "1,048"},
            (1, "Qualificazione", "G04"): {"Punti tavolo": 39, "Posizione": 2,
                                           "Punti torneo": "0,039"},
            (1, "Qualificazione", "G05"): {"Punti torneo": "0,013"},
            (1, "Qualificazione", "G06"): {"Posizione": 1, "Punti torneo": "1,100"},
            (1, "Qualificazione", "G07"): {"Punti torneo": "0,022"},
            (1, "Qualificazione", "G08"): {"Punti torneo": "0,009"},
        }),
        ExpectClassifica(
            order=["G06", "G03", "G04", "G01", "G07", "G05", "G08", "G02"], complete=True,
            values={"G06": {"Totale": "1,100"}, "G03": {"Totale": "1,048"},
                    "G02": {"Totale": "0"}}),
    ],
))

CASES.append(Case(
    id="001-02-esempio-tavolo-da-5",
    seed=SEED,
    formula="master",
    articles=[ART7_MILLESIMI, ART7_CINQUE,
              "§7 Terzo esempio: «A: 18 punti tavolo -> 0,023 punti torneo (0,0225 si arrotonda "
              "per eccesso) ... B: 20 -> 0,025 ... C: 8 -> 0,010 ... D: vincitore con 28 punti "
              "tavolo -> 1,035 ... E: 19 -> 0,024 (0,02375 si arrotonda per eccesso)»"],
    derivation=(
        "The seed's third example as a 5-player table 1 of round 1 (G01..G05 = A..E). Each "
        "score x 1,25 rounded up at the third decimal: A 18 x 1,25 = 22,5 -> 0,023; B 20 -> "
        "25 -> 0,025; C 8 -> 10 -> 0,010; D 28 -> 35 -> 1 + 0,035 = 1,035 (winner: most "
        "points); E 19 -> 23,75 -> 0,024. Placement by points: D 1st, B 2nd (20), E 3rd (19), "
        "A 4th (18), C 5th (8)."),
    players=field(5),
    steps=[
        Type(Tav(1, 1, [S("G01", 18, 3), S("G02", 20, 3), S("G03", 8, 3), S("G04", 28, 3),
                        S("G05", 19, 3)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 4, "Punti torneo": "0,023"},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": "0,025"},
            (1, "Qualificazione", "G03"): {"Posizione": 5, "Punti torneo": "0,010"},
            (1, "Qualificazione", "G04"): {"Posizione": 1, "Punti torneo": "1,035"},
            (1, "Qualificazione", "G05"): {"Posizione": 3, "Punti torneo": "0,024"},
        }),
        ExpectClassifica(order=["G04", "G02", "G05", "G01", "G03"], complete=True,
                         values={"G04": {"Totale": "1,035"}, "G01": {"Totale": "0,023"}}),
    ],
))
