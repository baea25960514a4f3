"""Seed 001 (Master 2017 qualifier), preset `master`: cases derived from §1, §7, §8."""

from __future__ import annotations

from .runner import (
    Case,
    Cli,
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

CASES.append(Case(
    id="001-03-tetto-1100-e-risiko-al-tavolo-da-5",
    seed=SEED,
    formula="master",
    articles=[ART7_CINQUE, ART7_RISIKO],
    derivation=(
        "Round 1, 10 players, two 5-player tables. Table 1 (no RisiKo!): G01 84 -> 84 x 1,25 "
        "= 105 -> 1 + 0,105 = 1,105, capped at 1,100; G02 33 -> 41,25 -> 42 -> 0,042; G03 12 "
        "-> 15 -> 0,015; G04 7 -> 8,75 -> 9 -> 0,009; G05 eliminated, 0 -> 0,000. Table 2: "
        "G06 RisiKo! with 86 -> 1,100 (not 86 x 1,25 = 107,5 -> 1,108); G07 30 -> 37,5 -> 38 -> "
        "0,038; G08 21 -> 26,25 -> 27 -> 0,027; G09 10 -> 12,5 -> 13 -> 0,013; G10 5 -> 6,25 "
        "-> 7 -> 0,007. Standings: G01 and G06 both 1,100: tied on total and on the best (and "
        "only) game, so only the order of the others is asserted: G02, G07, G08, G03, G09, "
        "G04, G10, G05."),
    players=field(10),
    steps=[
        Type(Tav(1, 1, [S("G01", 84, 2), S("G02", 33, 2), S("G03", 12, 2), S("G04", 7, 2),
                        S("G05", 0, 0, eliminato=1)]),
             Tav(1, 2, [S("G06", 86, 0, risiko=True), S("G07", 30, 2), S("G08", 21, 2),
                        S("G09", 10, 2), S("G10", 5, 2)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": "1,100"},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": "0,042"},
            (1, "Qualificazione", "G03"): {"Punti torneo": "0,015"},
            (1, "Qualificazione", "G04"): {"Punti torneo": "0,009"},
            (1, "Qualificazione", "G05"): {"Posizione": 5, "Punti torneo": "0"},
            (1, "Qualificazione", "G06"): {"Posizione": 1, "Punti torneo": "1,100"},
            (1, "Qualificazione", "G07"): {"Punti torneo": "0,038"},
            (1, "Qualificazione", "G08"): {"Punti torneo": "0,027"},
            (1, "Qualificazione", "G09"): {"Punti torneo": "0,013"},
            (1, "Qualificazione", "G10"): {"Punti torneo": "0,007"},
        }),
        ExpectSheet("Classifica: G01 and G06 share the top two rows, then the others in order",
                    lambda v: _check_order(v, 2, {"G01", "G06"},
                                           ["G02", "G07", "G08", "G03", "G09", "G04", "G10",
                                            "G05"])),
    ],
))

CASES.append(Case(
    id="001-04-parita-al-tavolo-fuori-obiettivo-e-colore",
    seed=SEED,
    formula="master",
    articles=[ART7_MILLESIMI, ART7_PARI],
    derivation=(
        "Round 1. Table 1: G01 and G02 both 40 points; out-of-objective points 10 against 6: "
        "G01 wins -> 1,040, G02 2nd -> 0,040; G03 30 -> 0,030 (3rd), G04 20 -> 0,020 (4th). "
        "Table 2 (order of play G05, G06, G07, G08): G05 and G07 both 40 with 6 out of "
        "objective: the colour criterion gives the win to the one who played later in the "
        "initial turn order, G07 (3rd to play) over G05 (1st): G07 1,040, G05 0,040 (2nd); "
        "G06 30 -> 0,030; G08 20 -> 0,020."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [S("G01", 40, 10), S("G02", 40, 6), S("G03", 30, 2), S("G04", 20, 2)]),
             Tav(1, 2, [S("G05", 40, 6), S("G06", 30, 2), S("G07", 40, 6), S("G08", 20, 2)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": "1,040"},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": "0,040"},
            (1, "Qualificazione", "G03"): {"Posizione": 3, "Punti torneo": "0,030"},
            (1, "Qualificazione", "G04"): {"Posizione": 4},
            (1, "Qualificazione", "G05"): {"Posizione": 2, "Punti torneo": "0,040"},
            (1, "Qualificazione", "G06"): {"Posizione": 3, "Punti torneo": "0,030"},
            (1, "Qualificazione", "G07"): {"Posizione": 1, "Punti torneo": "1,040"},
            (1, "Qualificazione", "G08"): {"Posizione": 4, "Punti torneo": "0,020"},
        }),
    ],
))

CASES.append(Case(
    id="001-05-eliminati-ultimi-e-a-zero",
    seed=SEED,
    formula="master",
    articles=[ART7_MILLESIMI,
              "§5: «Il perdente è allora definitivamente eliminato dalla partita.»",
              "§9: «Ai fini del torneo verrà equiparato ad un giocatore eliminato per primo dal "
              "tavolo»"],
    derivation=(
        "Round 1, one 4-player table: G01 50 -> 1,050; G02 30 -> 0,030; G03 eliminated first "
        "(Eliminato 1), G04 eliminated second (Eliminato 2): no territory, 0 table points -> "
        "0,000 each. Placement: G01 1st, G02 2nd, then the later eliminated above the first "
        "eliminated: G04 3rd, G03 4th (G04 also played later, so the colour criterion agrees)."),
    players=field(4),
    steps=[
        Type(Tav(1, 1, [S("G01", 50, 4), S("G02", 30, 4), S("G03", 0, 0, eliminato=1),
                        S("G04", 0, 0, eliminato=2)])),
        Cli(["standings"]),
        ExpectRisultati({
            (1, "Qualificazione", "G01"): {"Posizione": 1, "Punti torneo": "1,050"},
            (1, "Qualificazione", "G02"): {"Posizione": 2, "Punti torneo": "0,030"},
            (1, "Qualificazione", "G03"): {"Posizione": 4, "Punti torneo": 0},
            (1, "Qualificazione", "G04"): {"Posizione": 3, "Punti torneo": 0},
        }),
    ],
))

CASES.append(Case(
    id="001-06-classifica-parita-migliore-prestazione",
    seed=SEED,
    formula="master",
    articles=[ART7_MILLESIMI, ART7_CLASSIFICA_PARI],
    derivation=(
        "8 players, 2 rounds of two 4-tables (points: winner first). R1 T1: G01 40 (1,040), "
        "G02 20, G03 15, G04 10; R1 T2: G05 30 (1,030), G06 25, G07 12, G08 8. R2 T1: G06 50 "
        "(1,050), G01 20, G07 15, G04 10; R2 T2: G02 45 (1,045), G05 30, G03 25, G08 5. "
        "Totals: G06 0,025 + 1,050 = 1,075; G02 0,020 + 1,045 = 1,065; G01 1,040 + 0,020 = "
        "1,060; G05 1,030 + 0,030 = 1,060; G03 0,015 + 0,025 = 0,040; G07 0,012 + 0,015 = "
        "0,027; G04 0,010 + 0,010 = 0,020; G08 0,008 + 0,005 = 0,013. G01 and G05 tie on "
        "1,060: best game 1,040 against 1,030, G01 ahead."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [S("G01", 40, 2), S("G02", 20, 2), S("G03", 15, 2), S("G04", 10, 2)]),
             Tav(1, 2, [S("G05", 30, 2), S("G06", 25, 2), S("G07", 12, 2), S("G08", 8, 2)]),
             Tav(2, 1, [S("G06", 50, 2), S("G01", 20, 2), S("G07", 15, 2), S("G04", 10, 2)]),
             Tav(2, 2, [S("G02", 45, 2), S("G05", 30, 2), S("G03", 25, 2), S("G08", 5, 2)])),
        Cli(["standings"]),
        ExpectClassifica(order=["G06", "G02", "G01", "G05", "G03", "G07", "G04", "G08"],
                         complete=True,
                         values={"G06": {"Totale": "1,075"}, "G01": {"Totale": "1,060"},
                                 "G05": {"Totale": "1,060"}, "G08": {"Totale": "0,013"}}),
    ],
))

CASES.append(Case(
    id="001-07-classifica-parita-turno-precedente",
    seed=SEED,
    formula="master",
    articles=[ART7_MILLESIMI, ART7_CLASSIFICA_PARI],
    derivation=(
        "8 players, 2 rounds. R1 T1: G01 40 (1,040), G02 30, G03 10, G04 5; R1 T2: G06 45 "
        "(1,045), G05 20, G07 12, G08 6. R2 T1: G05 40 (1,040), G01 20, G07 18, G04 3; R2 T2: "
        "G03 52 (1,052), G02 25, G06 14, G08 4. Totals: G03 0,010 + 1,052 = 1,062; G01 1,040 "
        "+ 0,020 = 1,060; G05 0,020 + 1,040 = 1,060; G06 1,045 + 0,014 = 1,059; G02 0,030 + "
        "0,025 = 0,055; G07 0,012 + 0,018 = 0,030; G08 0,006 + 0,004 = 0,010; G04 0,005 + "
        "0,003 = 0,008. G01 and G05: same total, same best (1,040), same second (0,020), no "
        "third: the standings after round 1 decide, where G01 (1,040) was ahead of G05 "
        "(0,020): G01 before G05."),
    players=field(8),
    steps=[
        Type(Tav(1, 1, [S("G01", 40, 2), S("G02", 30, 2), S("G03", 10, 2), S("G04", 5, 2)]),
             Tav(1, 2, [S("G06", 45, 2), S("G05", 20, 2), S("G07", 12, 2), S("G08", 6, 2)]),
             Tav(2, 1, [S("G05", 40, 2), S("G01", 20, 2), S("G07", 18, 2), S("G04", 3, 2)]),
             Tav(2, 2, [S("G03", 52, 2), S("G02", 25, 2), S("G06", 14, 2), S("G08", 4, 2)])),
        Cli(["standings"]),
        ExpectClassifica(order=["G03", "G01", "G05", "G06", "G02", "G07", "G08", "G04"],
                         complete=True,
                         values={"G03": {"Totale": "1,062"}, "G01": {"Totale": "1,060"},
                                 "G05": {"Totale": "1,060"}, "G06": {"Totale": "1,059"}}),
    ],
))


def _check_order(view: View, n_top: int, top: set[str], rest: list[str]) -> None:
    ids = [str(r["ID"]) for r in view.table("Classifica")]
    assert set(ids[:n_top]) == top, f"top {ids[:n_top]}, expected {sorted(top)}"
    assert ids[n_top:n_top + len(rest)] == rest, f"then {ids[n_top:]}, expected {rest}"


# --------------------------------------------------- a field of 20 for the final phases


def g(i: int) -> str:
    return f"G{i:02d}"


# Table points (round 1, round 2) of the 20-player field; every player scores 2 out of
# objective. Round 1 table j (j = 1..5), in order of play: G(j), G(5+j), G(10+j), G(15+j).
# Round 2 table j: G(5+j), G(j), G(10 + j mod 5 + 1), G(15 + (j+1) mod 5 + 1).
BASE20: dict[str, tuple[int, int]] = {}
for _j in range(1, 6):
    BASE20[g(_j)] = (61 - _j, 21 - _j)
    BASE20[g(5 + _j)] = (16 - _j, 56 - _j)
for _m in range(1, 11):
    BASE20[g(10 + _m)] = (11 - _m, 31 - _m)

FIELD20 = (
    "Field of 20 (G01..G20, one club each), 2 rounds of five 4-tables. Round 1 table j "
    "(j=1..5): G(j), G(5+j), G(10+j), G(15+j); round 2 table j: G(5+j), G(j), G(10+(j mod "
    "5)+1), G(15+((j+1) mod 5)+1). Table points (R1, R2): G01..G05 (60..56, 20..16), "
    "G06..G10 (15..11, 55..51), G11..G20 (10..1, 30..21); everybody 2 out of objective. "
    "R1 winners G01..G05 (60..56 against at most 15), R2 winners G06..G10 (55..51 against "
    "at most 30). Totals: G01 1,060+0,020 = 1,080; G02 1,078; G03 1,076; G04 1,074; G05 "
    "1,072; G06 0,015+1,055 = 1,070; G07 1,068; G08 1,066; G09 1,064; G10 1,062; G11 "
    "0,010+0,030 = 0,040; G12 0,038; G13 0,036; G14 0,034; G15 0,032; G16 0,030; G17 "
    "0,028; G18 0,026; G19 0,024; G20 0,022. Standings G01, G02, ..., G20 in this order. ")


def rounds20(pts: dict[str, tuple[int, int]]) -> Type:
    r1 = [Tav(1, j, [S(i, pts[i][0], 2) for i in (g(j), g(5 + j), g(10 + j), g(15 + j))])
          for j in range(1, 6)]
    r2 = [Tav(2, j, [S(i, pts[i][1], 2) for i in (g(5 + j), g(j), g(10 + j % 5 + 1),
                                                  g(15 + (j + 1) % 5 + 1))])
          for j in range(1, 6)]
    return Type(*r1, *r2)


def ids(a: int, b: int) -> set[str]:
    return {g(i) for i in range(a, b + 1)}


def band_fill(fase: str, bands: list[set[str]], points: list[int],
              special: dict[str, int] | None = None) -> Fill:
    """Every player of band k scores points[k] (2 out of objective): each table holds one
    player per band, so every table is decided the same way whoever sits where."""
    seats = []
    for band, p in zip(bands, points):
        for pid in sorted(band):
            seats.append(S(pid, (special or {}).get(pid, p), 2))
    return Fill(fase, seats)


# D1: G01 also wins round 2 (56 against G06's 20): 2 wins, alone at the top.
D1 = dict(BASE20, G01=(60, 56), G06=(15, 20))
D1_TEXT = (
    "Variant: in round 2 table 1 G01 scores 56 and G06 20 (instead of 20 and 55): G01 wins "
    "both games, 1,060 + 1,056 = 2,116; G06 0,015 + 0,020 = 0,035. Standings: G01 2,116; "
    "G02 1,078; G03 1,076; G04 1,074; G05 1,072; G07 1,068; G08 1,066; G09 1,064; G10 "
    "1,062; G11 0,040; G12 0,038; G13 0,036; G06 0,035; G14 0,034; G15 0,032; G16 0,030; "
    "G17..G20. ")
# D2: as D1, and G02 also wins round 2 (55 against G07's 20): two players won both games.
D2 = dict(D1, G02=(59, 55), G07=(14, 20))
D2_TEXT = (
    "Variant: in round 2 G01 scores 56 and G06 20 at table 1, G02 55 and G07 20 at table 2: "
    "G01 and G02 both win both games. G01 1,060 + 1,056 = 2,116; G02 1,059 + 1,055 = 2,114; "
    "G06 0,015 + 0,020 = 0,035; G07 0,014 + 0,020 = 0,034. Standings: G01 2,116; G02 2,114; "
    "G03 1,076; G04 1,074; G05 1,072; G08 1,066; G09 1,064; G10 1,062; G11 0,040; G12 "
    "0,038; G13 0,036; G06 0,035; then G14 and G07 tie on 0,034: best game G14 0,027 "
    "against G07 0,020, so G14 before G07; G15 0,032; G16 0,030; G17 0,028; G18..G20. ")

ART1_FORMULA = (
    "§1: «più semifinali per i primi sedici classificati e finale. Nel caso in cui, dopo le due "
    "partite, un solo giocatore sia da solo in testa alla classifica, ed abbia comunque vinto "
    "entrambe le partite, le semifinali saranno solamente tre (dal secondo al tredicesimo "
    "classificato) e quel giocatore accede direttamente alla finale.»")
ART8_FASCE = (
    "§8, 3a partita: «Con quattro tavoli di semifinale gli accoppiamenti prevederanno ad ogni "
    "tavolo un giocatore classificato dal 1° al 4° posto, un giocatore classificato dal 5° "
    "all’8° posto, un giocatore classificato dal 9° al 12° posto ed un giocatore classificato "
    "dal 13° al 16° posto. Se le semifinali dovessero essere solo tre, ... un giocatore "
    "classificato dal 2° al 4° posto, ... dal 5° al 7° ..., dall’8° al 10° ... ed ... dall’11° "
    "al 13° posto.»")
ART8_NETTO = ("§8: «Stabilita la classifica delle eliminatorie al netto di eventuali giocatori "
              "qualificati per la semifinale ma ritirati»")
ART8_FINALE = (
    "§8, 4a partita: «Se un vincitore di una semifinale rinuncia a giocare la finale, sarà "
    "ripescato il secondo del suo tavolo (se anche questo rinuncia subentra il terzo ed "
    "eventualmente il quarto di quel tavolo).»")
ART8_DIRETTO = (
    "§8: «Se a rinunciare a disputare la finale fosse un finalista diretto, bisogna distinguere "
    "se tale decisione è stata comunicata prima o dopo l’inizio delle semifinali. Nella prima "
    "ipotesi si giocheranno quattro semifinali, nella seconda ipotesi verrà ripescato il secondo "
    "migliore dei tre tavoli di semifinale. In caso di ripescaggio fra i secondi arrivati ... si "
    "dovrà tenere conto della classifica parziale dopo le prime due partite»")

BANDS_BASE = [ids(1, 4), ids(5, 8), ids(9, 12), ids(13, 16)]

CASES.append(Case(
    id="001-08-semifinali-per-fasce",
    seed=SEED,
    formula="master",
    articles=[ART1_FORMULA, ART8_FASCE],
    derivation=FIELD20 + (
        "Nobody won both games (G01..G05 lost round 2, G06..G10 lost round 1): no direct "
        "finalist, four semifinals of the first 16: G01..G16; each table one of 1st-4th "
        "{G01..G04}, one of 5th-8th {G05..G08}, one of 9th-12th {G09..G12}, one of 13th-16th "
        "{G13..G16}; G17..G20 out. Every player has a club of their own, so no redistribution "
        "by club."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        ExpectClassifica(order=[g(i) for i in range(1, 21)],
                         values={"G01": {"Totale": "1,080"}, "G06": {"Totale": "1,070"},
                                 "G11": {"Totale": "0,040"}, "G20": {"Totale": "0,022"}}),
        ExpectTables("Semifinale", players=ids(1, 16), bands=BANDS_BASE),
        ExpectQualificati("Semifinale", ids=ids(1, 16), absent=ids(17, 20)),
        ExpectQualificati("Finale", ids=set()),
    ],
))

BANDS_D1 = [{"G02", "G03", "G04"}, {"G05", "G07", "G08"}, {"G09", "G10", "G11"},
            {"G12", "G13", "G06"}]

CASES.append(Case(
    id="001-09-finalista-diretto-e-tre-semifinali",
    seed=SEED,
    formula="master",
    articles=[ART1_FORMULA, ART8_FASCE],
    derivation=FIELD20 + D1_TEXT + (
        "G01 is alone at the top and won both games: straight to the final; three semifinals "
        "of 2nd-13th: bands 2nd-4th {G02,G03,G04}, 5th-7th {G05,G07,G08}, 8th-10th "
        "{G09,G10,G11}, 11th-13th {G12,G13,G06}; G14 (14th) and below out."),
    players=field(20),
    steps=[
        rounds20(D1),
        Cli(["finals"]),
        ExpectClassifica(order=["G01", "G02", "G03", "G04", "G05", "G07", "G08", "G09", "G10",
                                "G11", "G12", "G13", "G06", "G14"],
                         values={"G01": {"Totale": "2,116"}, "G06": {"Totale": "0,035"}}),
        ExpectTables("Semifinale", players=set().union(*BANDS_D1), bands=BANDS_D1),
        ExpectQualificati("Finale", ids={"G01"}),
        ExpectQualificati("Semifinale", ids=set().union(*BANDS_D1), absent={"G01", "G14"}),
    ],
))

BANDS_D2 = [{"G02", "G03", "G04"}, {"G05", "G08", "G09"}, {"G10", "G11", "G12"},
            {"G13", "G06", "G14"}]

CASES.append(Case(
    id="001-10-due-imbattuti-un-solo-finalista-diretto",
    seed=SEED,
    formula="master",
    articles=[ART1_FORMULA, ART8_FASCE, ART7_CLASSIFICA_PARI],
    derivation=FIELD20 + D2_TEXT + (
        "G01 is alone at the top (2,116 > 2,114) and won both games: direct finalist. G02 also "
        "won both but is 2nd: semifinalist. Three semifinals of 2nd-13th: {G02,G03,G04}, "
        "{G05,G08,G09}, {G10,G11,G12}, {G13,G06,G14}; G07 (14th after the tie-break with "
        "G14) is out."),
    players=field(20),
    steps=[
        rounds20(D2),
        Cli(["finals"]),
        ExpectClassifica(order=["G01", "G02", "G03", "G04", "G05", "G08", "G09", "G10", "G11",
                                "G12", "G13", "G06", "G14", "G07", "G15"]),
        ExpectTables("Semifinale", players=set().union(*BANDS_D2), bands=BANDS_D2),
        ExpectQualificati("Finale", ids={"G01"}),
        ExpectQualificati("Semifinale", absent={"G01", "G07"}),
    ],
))

BANDS_D2_NET = [{"G02", "G03", "G04", "G05"}, {"G08", "G09", "G10", "G11"},
                {"G12", "G13", "G06", "G14"}, {"G07", "G15", "G16", "G17"}]
D2_NET_TEXT = (
    "G01 withdraws before the semifinals: four semifinals. Standings net of G01: G02, G03, "
    "G04, G05 | G08, G09, G10, G11 | G12, G13, G06, G14 | G07, G15, G16, G17 (16th); G18.. "
    "out. Nobody goes straight to the final, though G02 too won both games and now leads "
    "alone: the rule for this withdrawal is four semifinals.")

CASES.append(Case(
    id="001-11-finalista-diretto-ritirato-prima-del-sorteggio",
    seed=SEED,
    formula="master",
    articles=[ART8_DIRETTO, ART1_FORMULA, ART8_FASCE],
    derivation=FIELD20 + D2_TEXT + D2_NET_TEXT,
    players=field(20),
    steps=[
        rounds20(D2),
        Cli(["ritira", "G01"]),
        Cli(["finals"]),
        ExpectTables("Semifinale", players=set().union(*BANDS_D2_NET), bands=BANDS_D2_NET),
        ExpectQualificati("Finale", ids=set()),
        ExpectQualificati("Semifinale", ids=set().union(*BANDS_D2_NET), absent={"G01"}),
    ],
))

CASES.append(Case(
    id="001-12-finalista-diretto-ritirato-dopo-il-sorteggio",
    seed=SEED,
    formula="master",
    articles=[ART8_DIRETTO, ART1_FORMULA, ART8_FASCE],
    derivation=FIELD20 + D2_TEXT + (
        "finals first seats G01 straight to the final and three semifinals; then G01 "
        "withdraws, before the semifinals begin. The same facts as the withdrawal before "
        "seating: ") + D2_NET_TEXT + (
        " Qualificati no longer shows G01 as a finalist holding a seat, and has no "
        "duplicated semifinal rows."),
    players=field(20),
    steps=[
        rounds20(D2),
        Cli(["finals"]),
        ExpectQualificati("Finale", ids={"G01"}),
        Cli(["ritira", "G01"]),
        ExpectTables("Semifinale", players=set().union(*BANDS_D2_NET), bands=BANDS_D2_NET),
        ExpectQualificati("Finale", ids=set()),
        ExpectQualificati("Semifinale", ids=set().union(*BANDS_D2_NET), absent={"G01"}),
        ExpectSheet("Qualificati: one row per semifinalist",
                    lambda v: _no_duplicates(v, "Semifinale")),
    ],
))


def _no_duplicates(view: View, fase: str) -> None:
    rows = [str(r["ID"]) for r in view.table("Qualificati") if r.get("Fase") == fase]
    dup = sorted({i for i in rows if rows.count(i) > 1})
    assert not dup, f"{fase} rows repeated for {dup}"


CASES.append(Case(
    id="001-13-finalista-diretto-ritirato-a-semifinali-iniziate",
    seed=SEED,
    formula="master",
    articles=[ART8_DIRETTO],
    derivation=FIELD20 + D1_TEXT + (
        "finals: G01 direct finalist, semifinals by bands {G02,G03,G04}, {G05,G07,G08}, "
        "{G09,G10,G11}, {G12,G13,G06}. The semifinals are played: each band-1 player scores "
        "40, band 2 30, band 3 20, band 4 10 (2 out of objective each), so the 2nd-4th band "
        "player wins each table and the 5th-7th band player is 2nd at each table. Then G01 "
        "withdraws (after the semifinals began): the best of the three 2nds by the standings "
        "after two games is recalled: G05 (5th) before G07 (6th) and G08 (7th). Final: G02, "
        "G03, G04 and G05."),
    players=field(20),
    steps=[
        rounds20(D1),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_D1, [40, 30, 20, 10]),
        Cli(["ritira", "G01"]),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[{"G02", "G03", "G04", "G05"}]),
        ExpectQualificati("Finale", ids={"G02", "G03", "G04", "G05"}),
    ],
))

BANDS_NET_G03 = [{"G01", "G02", "G04", "G05"}, ids(6, 9), ids(10, 13), ids(14, 17)]
NET_G03_TEXT = (
    "G03 (3rd) withdraws before the semifinals are played. The standings net of G03: G01, "
    "G02, G04, G05 | G06..G09 | G10..G13 | G14..G17: G17 enters and every band moves up "
    "by one; each semifinal has one player from each band.")

CASES.append(Case(
    id="001-14-semifinalista-ritirato-prima-del-sorteggio",
    seed=SEED,
    formula="master",
    articles=[ART8_NETTO, ART8_FASCE, ART1_FORMULA],
    derivation=FIELD20 + NET_G03_TEXT,
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["ritira", "G03"]),
        Cli(["finals"]),
        ExpectTables("Semifinale", players=set().union(*BANDS_NET_G03), bands=BANDS_NET_G03),
        ExpectQualificati("Semifinale", ids=set().union(*BANDS_NET_G03), absent={"G03"}),
    ],
))

CASES.append(Case(
    id="001-15-semifinalista-ritirato-dopo-il-sorteggio",
    seed=SEED,
    formula="master",
    articles=[ART8_NETTO, ART8_FASCE, ART1_FORMULA],
    derivation=FIELD20 + "finals seats the four semifinals; then " + NET_G03_TEXT + (
        " The outcome is the same as when G03 withdraws before the seating: the 17th does not "
        "simply take G03's chair (that semifinal would have nobody from 1st-4th)."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        Cli(["ritira", "G03"]),
        ExpectTables("Semifinale", players=set().union(*BANDS_NET_G03), bands=BANDS_NET_G03),
        ExpectQualificati("Semifinale", ids=set().union(*BANDS_NET_G03), absent={"G03"}),
    ],
))


def mate(withdrawn: str, band: set[str]):
    """The player of `band` seated at `withdrawn`'s semifinal (known once it is seated)."""
    def find(view: View) -> str:
        rows = view.table("Risultati")
        table = {str(r["ID"]): r["Tavolo"] for r in rows if r.get("Fase") == "Semifinale"}
        found = [i for i, t in table.items() if t == table[withdrawn] and i in band]
        assert len(found) == 1, f"semifinal of {withdrawn}: {found}"
        return found[0]
    return find


def final_from_table(withdrawn: str, band: set[str], others: set[str]):
    """The final holds `others` and the player of `band` who sat at `withdrawn`'s semifinal."""
    def check(view: View) -> None:
        rows = view.table("Risultati")
        table = {str(r["ID"]): r["Tavolo"] for r in rows if r.get("Fase") == "Semifinale"}
        mate = {i for i, t in table.items() if t == table[withdrawn] and i in band}
        assert len(mate) == 1, f"semifinal of {withdrawn}: {mate}"
        final = {str(r["ID"]) for r in rows if r.get("Fase") == "Finale"}
        assert final == others | mate, f"final {sorted(final)}, expected {sorted(others | mate)}"
    return check


CASES.append(Case(
    id="001-16-vincitore-semifinale-ritirato",
    seed=SEED,
    formula="master",
    articles=[ART8_FINALE],
    derivation=FIELD20 + (
        "Four semifinals by bands. Each band-1 player (G01..G04) scores 40, band 2 (G05..G08) "
        "30, band 3 20, band 4 10: G01..G04 win their tables, the band-2 player is 2nd at "
        "each. G01 withdraws before the final: the 2nd of his own table (the one of G05..G08 "
        "seated with him) is recalled. Final: G02, G03, G04 and that player."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_BASE, [40, 30, 20, 10]),
        Cli(["ritira", "G01"]),
        Cli(["finals"]),
        ExpectSheet("final: G02, G03, G04 + the 2nd of G01's semifinal",
                    final_from_table("G01", ids(5, 8), {"G02", "G03", "G04"})),
    ],
))

CASES.append(Case(
    id="001-17-vincitore-e-secondo-ritirati-subentra-il-terzo",
    seed=SEED,
    formula="master",
    articles=[ART8_FINALE],
    derivation=FIELD20 + (
        "Four semifinals by bands; band 1 scores 40, band 2 30, band 3 20, band 4 10. finals "
        "seats the final (G01..G04); then G01 withdraws, and so does the 2nd of his table (the "
        "band-2 player there, recalled in his place): the 3rd of that table, the band-3 player "
        "(one of G09..G12) seated with G01, takes the seat. Final: G02, G03, G04 and him."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_BASE, [40, 30, 20, 10]),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[ids(1, 4)]),
        Cli(["ritira", "G01"]),
        ExpectSheet("the band-2 player of G01's semifinal replaces him",
                    final_from_table("G01", ids(5, 8), {"G02", "G03", "G04"})),
        Cli(["ritira", mate("G01", ids(5, 8))]),
        ExpectSheet("the band-3 player of G01's semifinal replaces the band-2 one",
                    final_from_table("G01", ids(9, 12), {"G02", "G03", "G04"})),
    ],
))

ART7_FINALE = (
    "§7: «La classifica finale del torneo sarà determinata: • dal 1° al 4° posto ... in base "
    "all’esito della/e finale/i • dal 5° (o 9°) posto a seguire in base alla somma dei singoli "
    "punti-torneo ottenuti nelle partite giocate (prime due più l’eventuale semifinale non "
    "vinta)»")
SEMIS_18 = (
    "Four semifinals by bands (001-08). Semifinal points: band 1 (G01..G04) 40, band 2 "
    "(G05..G08) 30, band 3 (G09..G12) 20, band 4 (G13..G16) 10 except G16 35; 2 out of "
    "objective each. Every table: the band-1 player wins (1,040); G16 is 2nd at his (35 > "
    "30). Final: G01..G04; typed G04 50, G03 40, G01 30, G02 20 -> G04, G03, G01, G02. "
    "5th on by the sum of the games played (two rounds + the lost semifinal): G05 1,072 + "
    "0,030 = 1,102; G06 1,100; G07 1,098; G08 1,096; G09 1,064 + 0,020 = 1,084; G10 1,082; "
    "G16 0,030 + 0,035 = 0,065; G11 0,040 + 0,020 = 0,060; G12 0,058; G13 0,036 + 0,010 = "
    "0,046; G14 0,044; G15 0,042; then the non-semifinalists on two games: G17 0,028, G18 "
    "0,026, G19 0,024, G20 0,022.")
ORDER_18 = ["G04", "G03", "G01", "G02", "G05", "G06", "G07", "G08", "G09", "G10", "G16",
            "G11", "G12", "G13", "G14", "G15", "G17", "G18", "G19", "G20"]
FINAL_18 = Fill("Finale", [S("G04", 50, 2), S("G03", 40, 2), S("G01", 30, 2),
                           S("G02", 20, 2)])

CASES.append(Case(
    id="001-18-classifica-finale",
    seed=SEED,
    formula="master",
    articles=[ART7_FINALE, ART8_FASCE],
    derivation=FIELD20 + SEMIS_18,
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_BASE, [40, 30, 20, 10], {"G16": 35}),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[ids(1, 4)]),
        ExpectRisultati({(None, "Semifinale", "G01"): {"Posizione": 1, "Punti torneo": "1,040"},
                         (None, "Semifinale", "G16"): {"Posizione": 2, "Punti torneo": "0,035"},
                         (None, "Semifinale", "G13"): {"Punti torneo": "0,010"}}),
        FINAL_18,
        Cli(["finals"]),
        ExpectFinale(order=ORDER_18, complete=True),
    ],
))

CASES.append(Case(
    id="001-19-semifinalista-sconfitto-ritirato-resta-in-classifica",
    seed=SEED,
    formula="master",
    articles=[ART7_FINALE],
    derivation=FIELD20 + SEMIS_18 + (
        " G16 withdraws after playing (and losing) his semifinal: nothing to replace, and the "
        "games he played still count: he stays 11th in the final ranking."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_BASE, [40, 30, 20, 10], {"G16": 35}),
        Cli(["ritira", "G16"]),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[ids(1, 4)]),
        FINAL_18,
        Cli(["finals"]),
        ExpectFinale(order=ORDER_18, complete=True),
    ],
))

CASES.append(Case(
    id="001-20-non-qualificato-scritto-in-finale",
    seed=SEED,
    formula="master",
    articles=[ART8_FINALE, "§8, 4° partita: «(Finale o Finali): fra i vincitori delle quattro "
              "semifinali oppure fra il qualificato diretto alla finale ed i vincitori delle "
              "tre semifinali.»"],
    derivation=FIELD20 + (
        "Four semifinals; band 1 scores 40, band 2 30, band 3 20, band 4 10: winners G01..G04, "
        "final G01..G04. The organiser overtypes G04's final row with G17, who was not even a "
        "semifinalist (17th). Nothing in §8 lets G17 into the final: verify reports the "
        "difference naming G17 (exit 1)."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_BASE, [40, 30, 20, 10]),
        Cli(["finals"]),
        Retype("Finale", "G04", "G17"),
        Cli(["verify"], code=1, says="G17"),
    ],
))

CASES.append(Case(
    id="001-21-semifinale-pari-fuori-obiettivo",
    seed=SEED,
    formula="master",
    articles=[ART7_PARI, ART8_FASCE],
    derivation=FIELD20 + (
        "Four semifinals by bands. Band 1 (G01..G04) scores 30 with 2 out of objective, band "
        "2 (G05..G08) 30 with 5 out of objective, band 3 20, band 4 10 (2 each). At every "
        "table the band-1 and band-2 players tie on 30: the out-of-objective points give the "
        "win to the band-2 player. Final: G05, G06, G07, G08."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        Fill("Semifinale", [S(i, 30, 2) for i in sorted(ids(1, 4))]
             + [S(i, 30, 5) for i in sorted(ids(5, 8))]
             + [S(i, 20, 2) for i in sorted(ids(9, 12))]
             + [S(i, 10, 2) for i in sorted(ids(13, 16))]),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[ids(5, 8)]),
    ],
))

CASES.append(Case(
    id="001-22-semifinale-pari-criterio-del-colore",
    seed=SEED,
    formula="master",
    articles=[ART7_PARI, ART8_FASCE, "§3: «ogni giocatore lancia un dado. Chi ottiene il "
              "punteggio più alto sarà il primo di mano.»"],
    derivation=FIELD20 + (
        "Four semifinals by bands. The order of play at each semifinal is the dice's: the "
        "referee types it (Ordine): band-1 player 1st, band 2 2nd, band 4 3rd, band 3 4th "
        "(last). Band 1 and band 3 score 25 with 3 out of objective, band 2 20, band 4 10. "
        "Band-1 and band-3 players tie on points and out of objective: the colour criterion "
        "gives the win to the one who played last, the band-3 player. Final: G09, G10, G11, "
        "G12."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        Fill("Semifinale", [S(i, 25, 3, extra={"Ordine": 1}) for i in sorted(ids(1, 4))]
             + [S(i, 20, 2, extra={"Ordine": 2}) for i in sorted(ids(5, 8))]
             + [S(i, 25, 3, extra={"Ordine": 4}) for i in sorted(ids(9, 12))]
             + [S(i, 10, 2, extra={"Ordine": 3}) for i in sorted(ids(13, 16))]),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[ids(9, 12)]),
    ],
))

CASES.append(Case(
    id="001-23-parita-insolubile-sulla-linea-dei-sedici",
    seed=SEED,
    formula="master",
    articles=[ART7_CLASSIFICA_PARI, ART1_FORMULA],
    derivation=FIELD20 + (
        "Variant: G17 scores 5 in round 1 and 25 in round 2, exactly as G16. Both total 0,030, "
        "best game 0,025, second 0,005, and after round 1 both had 0,005 (tied then too). "
        "Every criterion of §7 is equal and seed 001 has no lottery: the 16th semifinal seat "
        "cannot be assigned by the regulation. finals refuses (exit 2) naming both players, "
        "for the referee to decide."),
    known_defect=(
        '§7: G16 and G17 equal on every criterion, no lottery in seed 001: expected a '
        'refusal naming both; the program seats G16 as 16th without a word'),
    players=field(20),
    steps=[
        rounds20(dict(BASE20, G17=(5, 25))),
        Cli(["finals"], code=2, says=[("G16", "Cognome16"), ("G17", "Cognome17")]),
    ],
))

CASES.append(Case(
    id="001-24-sostituzione-nominata-col-tavolo",
    seed=SEED,
    formula="master",
    articles=[ART8_NETTO, ART8_FASCE],
    derivation=FIELD20 + (
        "finals seats the four semifinals; G16 (16th, band 13th-16th) withdraws before they "
        "are played. Net of G16 the bands are {G01..G04}, {G05..G08}, {G09..G12}, {G13, G14, "
        "G15, G17}: only the last band changes, G17 enters it, and each semifinal still has "
        "one player per band. The message names G17 and the semifinal table he takes."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        Cli(["ritira", "G16"], says=[("G17", "Cognome17"), "tavolo"]),
        ExpectTables("Semifinale", players=ids(1, 15) | {"G17"},
                     bands=[ids(1, 4), ids(5, 8), ids(9, 12), {"G13", "G14", "G15", "G17"}]),
    ],
))

CASES.append(Case(
    id="001-25-verify-dopo-una-sostituzione-regolare",
    seed=SEED,
    formula="master",
    articles=[ART8_FINALE],
    derivation=FIELD20 + (
        "As 001-16: semifinals by bands, band 1 scores 40, band 2 30, band 3 20, band 4 10; "
        "G01 withdraws after winning his semifinal and the 2nd of his table takes the final "
        "seat. The workbook then holds what the regulation produces: verify finds no "
        "difference (exit 0)."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_BASE, [40, 30, 20, 10]),
        Cli(["ritira", "G01"]),
        Cli(["finals"]),
        Cli(["verify"], says="nessuna differenza"),
    ],
))

CASES.append(Case(
    id="001-26-classifica-finale-parita-migliore-prestazione",
    seed=SEED,
    formula="master",
    articles=[ART7_FINALE, ART7_CLASSIFICA_PARI],
    derivation=FIELD20 + (
        "Four semifinals by bands; band 1 scores 40, band 2 30 except G06 32, band 3 20, "
        "band 4 10. Final G01..G04 typed G04 50, G03 40, G01 30, G02 20. 5th on by sums: G05 "
        "1,072 + 0,030 = 1,102 and G06 1,070 + 0,032 = 1,102 tie; best game: G05 1,056 (round "
        "1) against G06 1,055 (round 2): G05 5th, G06 6th; G07 1,098, G08 1,096, G09 1,084, "
        "G10 1,082."),
    players=field(20),
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_BASE, [40, 30, 20, 10], {"G06": 32}),
        Cli(["finals"]),
        FINAL_18,
        Cli(["finals"]),
        ExpectFinale(order=["G04", "G03", "G01", "G02", "G05", "G06", "G07", "G08", "G09",
                            "G10"]),
    ],
))


def second_round_draw(view: View) -> None:
    rows = [r for r in view.table("Risultati") if r.get("Fase") == "Qualificazione"]
    by_round: dict = {1: {}, 2: {}}
    for r in rows:
        by_round[r["Turno"]].setdefault(r["Tavolo"], set()).add(str(r["ID"]))
    for turno, tables in by_round.items():
        sizes = sorted(len(t) for t in tables.values())
        assert sizes == [4, 5], f"round {turno}: tables of {sizes}, expected 5 and 4"
    five1 = next(t for t in by_round[1].values() if len(t) == 5)
    five2 = next(t for t in by_round[2].values() if len(t) == 5)
    assert len(five1 & five2) <= 1, f"{sorted(five1 & five2)} at the 5-table twice"
    winners = {"G01", "G05"}
    for t in by_round[2].values():
        assert len(t & winners) <= 1, f"round-1 winners together in round 2: {sorted(t)}"


CASES.append(Case(
    id="001-27-secondo-turno-cinquisti-e-vincitori-separati",
    seed=SEED,
    settings={"Seme sorteggio": "casebook-001"},
    formula="master",
    articles=["§8: «Nella formazione dei tavoli si preferiranno quelli da quattro giocatori "
              "(ricorrendo eventualmente a quelli da cinque giocatori solo se il numero degli "
              "iscritti lo rendesse necessario).»",
              "§8, 2a partita: «1) minimizzazione partecipazione ad un tavolo da 5 2) "
              "separazione vincitori delle partite del primo turno 3) separazione giocatori di "
              "stesso club ... 4) separazione giocatori che hanno già giocato insieme»"],
    derivation=(
        "9 players (one club each): one table of 5 and one of 4. Round 1 is typed: the 5-table "
        "G01 50, G02 40, G03 30, G04 20, G09 10 (winner G01); the 4-table G05 50, G06 40, G07 "
        "30, G08 20 (winner G05). Round 2 is drawn: the 5-table again needs five players and "
        "only four (G05..G08) were not at it, so exactly one repeat is unavoidable and no more "
        "is allowed (priority 1); the two round-1 winners G01 and G05 sit at different tables "
        "(priority 2, reachable together with priority 1)."),
    players=field(9),
    steps=[
        Type(Tav(1, 1, [S("G01", 50, 2), S("G02", 40, 2), S("G03", 30, 2), S("G04", 20, 2),
                        S("G09", 10, 2)]),
             Tav(1, 2, [S("G05", 50, 2), S("G06", 40, 2), S("G07", 30, 2), S("G08", 20, 2)])),
        Cli(["draw", "--turno", "2"]),
        ExpectSheet("round 2: one repeat at the 5-table at most, winners apart",
                    second_round_draw),
    ],
))


def clubs_split(view: View) -> None:
    club = {"G01": "A", "G02": "A", "G03": "A", "G04": "A",
            "G05": "B", "G06": "B", "G07": "B", "G08": "B"}
    tables: dict = {}
    for r in view.table("Risultati"):
        if r.get("Fase") == "Qualificazione" and r.get("Turno") == 1:
            tables.setdefault(r["Tavolo"], []).append(club[str(r["ID"])])
    assert len(tables) == 2 and all(sorted(t) == ["A", "A", "B", "B"] for t in tables.values()), (
        f"round-1 tables by club: {tables}")


CASES.append(Case(
    id="001-28-primo-turno-separa-i-club",
    seed=SEED,
    settings={"Seme sorteggio": "casebook-001"},
    formula="master",
    articles=["§8, 1a partita: «sorteggio integrale garantendo i seguenti criteri in ordine di "
              "priorità: ... 2) la minimizzazione degli scontri diretti tra giocatori "
              "appartenenti allo stesso club o raggruppamento comune»"],
    derivation=(
        "8 players, 4 of club A (G01..G04) and 4 of club B (G05..G08): two tables of 4, no "
        "5-table. Same-club pairs at a table of a A and 4-a B: C(a,2) + C(4-a,2); 2+2 gives 1 "
        "+ 1 = 2 per table, 4 in all, against 3+1 (3 + 0 = 3 per table, 6 in all) or 4+0 (6 "
        "per table). The minimum: each table two of A and two of B."),
    players=[P(f"G0{i}", f"Nome0{i}", f"Cognome0{i}", "A" if i <= 4 else "B")
             for i in range(1, 9)],
    steps=[
        Cli(["draw", "--turno", "1"]),
        ExpectSheet("each table two players of each club", clubs_split),
    ],
))

ART8_CLUB = ("§8, 3a partita: «Prioritariamente a questa distribuzione i giocatori potranno "
             "essere redistribuiti per favorire la separazione per club o raggruppamento di "
             "appartenenza.»")


def club_apart(members: set[str]):
    def check(view: View) -> None:
        tables: dict = {}
        for r in view.table("Risultati"):
            if r.get("Fase") == "Semifinale":
                tables.setdefault(r["Tavolo"], set()).add(str(r["ID"]))
        for k, t in tables.items():
            assert len(t & members) <= 1, f"table {k} {sorted(t)}: {sorted(t & members)} same club"
    return check


CLUB_X = {"G01", "G05", "G09", "G13"}

CASES.append(Case(
    id="001-29-semifinali-per-fasce-e-club-separati",
    seed=SEED,
    formula="master",
    articles=[ART8_FASCE, ART8_CLUB],
    derivation=FIELD20 + (
        "G01, G05, G09 and G13 belong to the same club X, one in each band (1st-4th, 5th-8th, "
        "9th-12th, 13th-16th); everybody else has a club of their own. Seating them at four "
        "different semifinals keeps one player per band at each table, so both the bands and "
        "the separation of club X hold: no two of them at the same semifinal."),
    players=[P(i, f"Nome{i[1:]}", f"Cognome{i[1:]}", "X" if i in CLUB_X else f"Club{i[1:]}")
             for i in (g(k) for k in range(1, 21))],
    steps=[
        rounds20(BASE20),
        Cli(["finals"]),
        ExpectTables("Semifinale", players=ids(1, 16), bands=BANDS_BASE),
        ExpectSheet("club X at four different semifinals", club_apart(CLUB_X)),
    ],
))

BANDS_D1_NET_G03 = [{"G02", "G04", "G05"}, {"G07", "G08", "G09"}, {"G10", "G11", "G12"},
                    {"G13", "G06", "G14"}]

CASES.append(Case(
    id="001-30-finalista-diretto-e-semifinalista-ritirato",
    seed=SEED,
    formula="master",
    articles=[ART1_FORMULA, ART8_FASCE, ART8_NETTO],
    derivation=FIELD20 + D1_TEXT + (
        "G01 goes straight to the final. G03 (3rd) withdraws before the semifinals are "
        "seated: net of G03, 2nd-13th are G02, G04, G05 | G07, G08, G09 | G10, G11, G12 | "
        "G13, G06, G14: G14 (14th before) enters, each band moves up by one, and G01 is "
        "still the direct finalist."),
    players=field(20),
    steps=[
        rounds20(D1),
        Cli(["ritira", "G03"]),
        Cli(["finals"]),
        ExpectQualificati("Finale", ids={"G01"}),
        ExpectTables("Semifinale", players=set().union(*BANDS_D1_NET_G03),
                     bands=BANDS_D1_NET_G03),
    ],
))

CASES.append(Case(
    id="001-31-ripescaggio-del-secondo-per-classifica-non-per-punti",
    seed=SEED,
    formula="master",
    articles=[ART8_DIRETTO],
    derivation=FIELD20 + D1_TEXT + (
        "finals: G01 direct finalist; semifinals by bands {G02,G03,G04}, {G05,G07,G08}, "
        "{G09,G10,G11}, {G12,G13,G06}. Semifinals typed: band 1 40, band 3 20, band 4 10; the "
        "5th-7th band is 2nd at every table but with different points: G05 25, G07 31, G08 "
        "35. G01 withdraws after the semifinals began: the best of the three 2nds is taken by "
        "the standings after two games (G05 5th, G07 6th, G08 7th), not by semifinal points: "
        "G05, though his 25 is the lowest. Final: G02, G03, G04, G05."),
    players=field(20),
    steps=[
        rounds20(D1),
        Cli(["finals"]),
        band_fill("Semifinale", BANDS_D1, [40, 30, 20, 10], {"G05": 25, "G07": 31, "G08": 35}),
        Cli(["ritira", "G01"]),
        Cli(["finals"]),
        ExpectTables("Finale", tables=[{"G02", "G03", "G04", "G05"}]),
    ],
))


def sizes_23(view: View) -> None:
    tables: dict = {}
    for r in view.table("Risultati"):
        if r.get("Fase") == "Qualificazione" and r.get("Turno") == 1:
            tables[r["Tavolo"]] = tables.get(r["Tavolo"], 0) + 1
    assert sorted(tables.values()) == [4, 4, 5, 5, 5], f"tables of {sorted(tables.values())}"


CASES.append(Case(
    id="001-32-tavoli-da-5-solo-se-necessari",
    seed=SEED,
    formula="master",
    settings={"Seme sorteggio": "casebook-001"},
    articles=["§8: «Nella formazione dei tavoli si preferiranno quelli da quattro giocatori "
              "(ricorrendo eventualmente a quelli da cinque giocatori solo se il numero degli "
              "iscritti lo rendesse necessario).»", "§3: «I tavoli di gioco saranno composti "
              "da 4 o 5 giocatori»", "§8: «un numero di giocatori (da qui in poi i "
              "\"cinquisti\") pari al numero di tavoli da 5 (quindi da un minimo di zero ad un "
              "massimo di tre)»"],
    derivation=(
        "23 players at tables of 4 or 5 (4a + 5b = 23) with as few tables of 5 as possible: "
        "b = 3, a = 2 (b = 1 or 2 leave 18 or 13, not multiples of 4). Round 1: three tables "
        "of 5 and two of 4."),
    players=field(23),
    steps=[
        Cli(["draw", "--turno", "1"]),
        ExpectSheet("round 1: two tables of 4, three of 5", sizes_23),
    ],
))
