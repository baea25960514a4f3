"""Seed 002: the box rules of RisiKo! (1997), «Regole da torneo» — presets `italiana`
and `eliminazione`, scoring methods 1, 2, 3 (`classico_1`, `classico_2`, `classico_3`).

Facts of the seed every case leans on:
- «Metodo 1 — Ogni giocatore somma il valore di tutti i territori da lui occupati al
  termine della partita, indipendentemente dal fatto che facciano parte o meno del suo
  obiettivo ... Se un giocatore raggiunge l'obiettivo ... ottiene un bonus di 50 punti».
  In the workbook a territory's value is typed split in `Punti obiettivo` (territories of
  the objective) and `Punti fuori obiettivo` (the others); `RisiKo!` = objective reached.
- The 42 territories are always all occupied, so at a table the values add up to 164
  (twice the 82 borders); every table below respects it.
- The box rules know no ×1,25: «richiede un numero di giocatori al tavolo costante per
  evitare disparità di punteggi» (the disparity is avoided by constant tables, not by a
  coefficient).
- «All'italiana ... una classifica generale data dal totale di ciascuno»; «Ad eliminazione
  diretta ... il vincitore di ogni partita accede direttamente al turno successivo e così
  via fino alla finalissima» and «il numero totale di tavoli sia sempre multiplo del numero
  di giocatori previsti per la finale».
The seed gives no tie-break at all: no case asserts the order of players equal on points.
"""

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
    S,
    Tav,
    Type,
    View,
)

SEED = "002"

M1 = ("Metodo 1: «Ogni giocatore somma il valore di tutti i territori da lui occupati al "
      "termine della partita, indipendentemente dal fatto che facciano parte o meno del suo "
      "obiettivo \"principale\" o \"secondario\". Se un giocatore raggiunge l'obiettivo "
      "stabilito all'inizio della partita prima dello scadere del tempo prefissato, ottiene "
      "un bonus di 50 punti da aggiungere a quelli ottenuti.»")
M2 = ("Metodo 2: «Ogni giocatore somma il valore dei territori da lui occupati facenti parte "
      "del suo obiettivo. Altri territori al di fuori dell'obiettivo non hanno alcun valore. "
      "Se un giocatore raggiunge il proprio obiettivo prima dello scadere del tempo, somma il "
      "valore di tutti i territori da lui occupati, anche quelli al di fuori dell'obiettivo.»")
M3 = ("Metodo 3: «Al calcolo dei punti ottenuti grazie ai territori, si aggiunge un punto per "
      "ogni armata presente sulla piancia. Questo calcolo può essere applicato sia al metodo 1 "
      "che al metodo 2. Naturalmente, a seconda dei casi, saranno valide tutte le armate oppure "
      "solamente quelle all'interno degli obiettivi.»")
ITALIANA = ("All'italiana: «Ad ogni partita i giocatori accumulano i punti ottenuti che vanno a "
            "costituire una classifica generale data dal totale di ciascuno.»")
COSTANTE = ("«È certamente il metodo migliore per tornei informali fra amici, ma richiede un "
            "numero di giocatori al tavolo costante per evitare disparità di punteggi.»")
ELIM = ("Ad eliminazione diretta: «il vincitore di ogni partita accede direttamente al turno "
        "successivo e così via fino alla finalissima.»")
MULTIPLO = ("«Per la buona riuscita del torneo, è importante che il numero totale di tavoli sia "
            "sempre multiplo del numero di giocatori previsti per la finale. Ad esempio, se "
            "abbiamo 100 partecipanti e ... desideriamo una finale a 5, avremo un primo turno "
            "eliminatorio costituito da 20 tavoli ciascuno con 5 concorrenti e una successiva "
            "semifinale con 5 tavoli ciascuno con 4 concorrenti.»")
GIOCATORI = "«Da 3 a 6 giocatori»"


def players(n: int, clubs: int = 4) -> list:
    return [P(f"G{i:02d}", f"Nome{i}", f"Cognome{i}", f"Club{(i - 1) % clubs + 1}")
            for i in range(1, n + 1)]


def tav(turno: int, tavolo: int, *seats: tuple, fase: str = "Qualificazione") -> Tav:
    """seats: (ID, punti obiettivo, punti fuori obiettivo[, "R" for objective reached])."""
    out = []
    for seat in seats:
        pid, obj, fuori, *flag = seat
        out.append(S(pid, obj, fuori, risiko=bool(flag and flag[0] == "R")))
    return Tav(turno, tavolo, out, fase)


def torneo(results: dict[str, int], turno: int = 1, fase: str = "Qualificazione"):
    return ExpectRisultati({(turno, fase, pid): {"Punti torneo": v}
                            for pid, v in results.items()})


def _tables_of(fase: str, sizes: list[int]):
    def check(view: View) -> None:
        rows = [r for r in view.table("Risultati") if r.get("Fase") == fase]
        tables: dict = {}
        for r in rows:
            tables.setdefault(r.get("Tavolo"), []).append(r.get("ID"))
        got = sorted(len(v) for v in tables.values())
        assert got == sorted(sizes), f"table sizes {got}, expected {sorted(sizes)}: {tables}"
    return check


# Round 1 of a 20-player knockout: four tables of five, each summing to 164.
# Table winners by every reading: G05 (T1), G10 (T2), G15 (T3), G20 (T4) — except in
# case 09, where table 1 is replaced.
def knockout_round(t1=None):
    t1 = t1 or tav(1, 1, ("G01", 20, 10), ("G02", 15, 10), ("G03", 20, 12),
                   ("G04", 10, 12), ("G05", 40, 15))
    return Type(
        t1,
        tav(1, 2, ("G06", 20, 10), ("G07", 15, 10), ("G08", 20, 12), ("G09", 10, 12),
            ("G10", 40, 15)),
        tav(1, 3, ("G11", 20, 10), ("G12", 15, 10), ("G13", 20, 12), ("G14", 10, 12),
            ("G15", 40, 15)),
        tav(1, 4, ("G16", 20, 10), ("G17", 15, 10), ("G18", 20, 12), ("G19", 10, 12),
            ("G20", 40, 15)),
    )


KNOCKOUT_TOTALS = "At tables 2–4: 30, 25, 32, 22, 55 (sum 164); the 5th seat wins with 55."


def _shared_place(a: str, b: str):
    def check(view: View) -> None:
        rows = {str(r.get("ID")): r for r in view.table("Classifica")}
        pa, pb = rows[a].get("Pos"), rows[b].get("Pos")
        assert str(pa).rstrip("=") == str(pb).rstrip("="), f"{a} Pos {pa}, {b} Pos {pb}"
        lots = [r for r in view.table("Sorteggi")
                if "sorteggio" in str(r.get("Procedura") or "").lower()
                and a in str(r.get("Note") or "")]
        assert not lots, f"a lottery the seed does not have: {lots}"
    return check


def _no_lottery(view: View) -> None:
    lots = [r for r in view.table("Sorteggi")
            if "sorteggio" in str(r.get("Procedura") or "").lower()
            or "parità" in str(r.get("Note") or "").lower()]
    assert not lots, f"a lottery the seed does not have: {lots}"

def _big_round1() -> Type:
    """80 players, 16 tables of 5: table k holds G(5k−4)…G(5k); the 5th seat wins with
    40+15 = 55, the others 20+10, 15+10, 20+12, 10+12 (sum 164)."""
    tables = []
    for k in range(1, 17):
        ids = [f"G{i:02d}" for i in range(5 * k - 4, 5 * k + 1)]
        pts = [(20, 10), (15, 10), (20, 12), (10, 12), (40, 15)]
        tables.append(Tav(1, k, [S(pid, o, f) for pid, (o, f) in zip(ids, pts)]))
    return Type(*tables)


WINNERS_16 = {f"G{5 * k:02d}" for k in range(1, 17)}
# In the second round every player scores by his number, so each table's winner is the
# highest number seated there: 20 + n/5 objective points, 5 outside (n = 5…80).
ROUND2 = [S(pid, 20 + int(pid[1:]) // 5, 5) for pid in sorted(WINNERS_16)]


def _semis_then_final(view: View) -> None:
    rows = view.table("Risultati")
    semis: dict = {}
    for r in rows:
        if r.get("Fase") == "Semifinale":
            semis.setdefault(r.get("Tavolo"), set()).add(str(r.get("ID")))
    sizes = sorted(len(t) for t in semis.values())
    assert sizes == [4, 4, 4, 4], f"second round tables {semis}"
    assert set().union(*semis.values()) == WINNERS_16, f"second round {semis}"
    want = {max(t, key=lambda pid: int(pid[1:])) for t in semis.values()}
    final = {str(r.get("ID")) for r in rows if r.get("Fase") == "Finale"}
    assert final == want, f"final {sorted(final)}, expected the table winners {sorted(want)}"


CASES = [
    Case(
        id="002-01-metodo1-somma-dei-territori",
        seed=SEED,
        articles=[M1, ITALIANA],
        derivation=(
            "One 4-player table, method 1, nobody reaches the objective. Each player's score "
            "is objective + out-of-objective territory values: G01 30+20 = 50; G02 40+5 = 45; "
            "G03 25+10 = 35; G04 12+22 = 34 (50+45+35+34 = 164, the whole map). With one game "
            "the classifica generale is these totals: G01 50, G02 45, G03 35, G04 34."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_1"},
        players=players(4),
        steps=[
            Type(tav(1, 1, ("G01", 30, 20), ("G02", 40, 5), ("G03", 25, 10),
                     ("G04", 12, 22))),
            Cli(["standings"]),
            torneo({"G01": 50, "G02": 45, "G03": 35, "G04": 34}),
            ExpectClassifica(order=["G01", "G02", "G03", "G04"], values={
                "G01": {"Totale": 50}, "G02": {"Totale": 45}, "G03": {"Totale": 35},
                "G04": {"Totale": 34}}),
        ],
    ),
    Case(
        id="002-02-metodo1-bonus-50-obiettivo",
        seed=SEED,
        articles=[M1],
        derivation=(
            "Method 1, G04 reaches the objective (RisiKo!): 30 (objective) + 10 (other "
            "territories) + 50 bonus = 90. The others only sum territories: G01 20+30 = 50, "
            "G02 25+20 = 45, G03 19+10 = 29 (territories 40+50+45+29 = 164). The bonus is "
            "the only thing added; G04 is the table winner with 90."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_1"},
        players=players(4),
        steps=[
            Type(tav(1, 1, ("G01", 20, 30), ("G02", 25, 20), ("G03", 19, 10),
                     ("G04", 30, 10, "R"))),
            Cli(["standings"]),
            torneo({"G01": 50, "G02": 45, "G03": 29, "G04": 90}),
            ExpectRisultati({(1, "Qualificazione", "G04"): {"Posizione": 1}}),
            ExpectClassifica(order=["G04", "G01", "G02", "G03"]),
        ],
    ),
    Case(
        id="002-03-metodo2-solo-obiettivo-o-tutto",
        seed=SEED,
        articles=[M2],
        derivation=(
            "Method 2. Table 1, nobody reaches the objective: only objective territories "
            "count: G01 30, G02 40, G03 25, G04 12 (their 20, 5, 10, 22 outside are worth 0). "
            "Table 2, G05 reaches it: all his territories count, 60 + 14 = 74, no bonus "
            "(method 2 has none); G06 20, G07 15, G08 5 (outside points ignored). Sums of "
            "territories: 50+45+35+34 = 164 and 74+50+25+15 = 164."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_2"},
        players=players(8),
        steps=[
            Type(tav(1, 1, ("G01", 30, 20), ("G02", 40, 5), ("G03", 25, 10),
                     ("G04", 12, 22)),
                 tav(1, 2, ("G05", 60, 14, "R"), ("G06", 20, 30), ("G07", 15, 10),
                     ("G08", 5, 10))),
            Cli(["standings"]),
            torneo({"G01": 30, "G02": 40, "G03": 25, "G04": 12,
                    "G05": 74, "G06": 20, "G07": 15, "G08": 5}),
            ExpectClassifica(order=["G05", "G02", "G01", "G03", "G06", "G07", "G04", "G08"]),
        ],
    ),
    Case(
        id="002-04-metodo3-un-punto-per-armata",
        seed=SEED,
        articles=[M3],
        derivation=(
            "Method 3 adds one point per army on the board to the territory points. The "
            "table is chosen so that methods 1 and 2 agree (every held territory is in the "
            "holder's objective: 0 outside points; nobody reaches the objective; armies in "
            "objective = all armies), so whichever base the preset uses the result is the "
            "same: G01 50 + 40 armies = 90; G02 45 + 30 = 75; G03 35 + 25 = 60; G04 34 + 20 "
            "= 54."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_3"},
        players=players(4),
        steps=[
            Type(Tav(1, 1, [
                S("G01", 50, 0, extra={"Armate obiettivo": 40, "Armate totali": 40}),
                S("G02", 45, 0, extra={"Armate obiettivo": 30, "Armate totali": 30}),
                S("G03", 35, 0, extra={"Armate obiettivo": 25, "Armate totali": 25}),
                S("G04", 34, 0, extra={"Armate obiettivo": 20, "Armate totali": 20}),
            ])),
            Cli(["standings"]),
            torneo({"G01": 90, "G02": 75, "G03": 60, "G04": 54}),
            ExpectClassifica(order=["G01", "G02", "G03", "G04"]),
        ],
    ),
    Case(
        id="002-05-tavolo-da-5-senza-125",
        seed=SEED,
        articles=[M1, COSTANTE],
        derivation=(
            "A 5-player table, method 1. The box rules have no coefficient for 5-player "
            "tables (the seed's remedy for disparity is constant tables): the score is the "
            "plain sum. G01 30+10 = 40 (not 50 = 40×1,25); G02 26+10 = 36; G03 22+10 = 32; "
            "G04 20+10 = 30; G05 16+10 = 26 (sum 164)."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_1"},
        players=players(5),
        steps=[
            Type(tav(1, 1, ("G01", 30, 10), ("G02", 26, 10), ("G03", 22, 10),
                     ("G04", 20, 10), ("G05", 16, 10))),
            Cli(["standings"]),
            torneo({"G01": 40, "G02": 36, "G03": 32, "G04": 30, "G05": 26}),
        ],
    ),
    Case(
        id="002-06-italiana-classifica-somma-delle-partite",
        seed=SEED,
        articles=[ITALIANA, M1],
        derivation=(
            "Eight players, two games each at 4-player tables, method 1 (sum of territories, "
            "nobody reaches the objective). Game 1: G01 30+20=50, G02 40+5=45, G03 25+10=35, "
            "G04 12+22=34 | G05 40+20=60, G06 30+14=44, G07 20+10=30, G08 15+15=30. Game 2: "
            "G01 20+10=30, G05 30+20=50, G08 25+24=49, G04 20+15=35 | G02 40+30=70, G06 "
            "20+20=40, G03 15+15=30, G07 14+10=24. Totals: G02 45+70=115, G05 60+50=110, G06 "
            "44+40=84, G01 50+30=80, G08 30+49=79, G04 34+35=69, G03 35+30=65, G07 30+24=54. "
            "No two totals are equal, so the order needs no tie-break."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_1", "Turni preliminari": 2},
        players=players(8),
        steps=[
            Type(tav(1, 1, ("G01", 30, 20), ("G02", 40, 5), ("G03", 25, 10),
                     ("G04", 12, 22)),
                 tav(1, 2, ("G05", 40, 20), ("G06", 30, 14), ("G07", 20, 10),
                     ("G08", 15, 15)),
                 tav(2, 1, ("G01", 20, 10), ("G05", 30, 20), ("G08", 25, 24),
                     ("G04", 20, 15)),
                 tav(2, 2, ("G02", 40, 30), ("G06", 20, 20), ("G03", 15, 15),
                     ("G07", 14, 10))),
            Cli(["standings"]),
            ExpectClassifica(
                order=["G02", "G05", "G06", "G01", "G08", "G04", "G03", "G07"], complete=True,
                values={"G02": {"Totale": 115}, "G05": {"Totale": 110}, "G06": {"Totale": 84},
                        "G01": {"Totale": 80}, "G08": {"Totale": 79}, "G04": {"Totale": 69},
                        "G03": {"Totale": 65}, "G07": {"Totale": 54}}),
        ],
    ),
    Case(
        id="002-07-posizione-per-totale-del-metodo",
        seed=SEED,
        articles=[M1, ELIM],
        derivation=(
            "Method 1 scores all territories held, so the table's winner is who scores most "
            "by it, not who holds most objective points: G01 30+20 = 50 beats G02 40+5 = 45 "
            "although G02 has more objective points. Posizione: G01 1, G02 2, G03 (25+10 = "
            "35) 3, G04 (12+22 = 34) 4."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_1"},
        players=players(4),
        steps=[
            Type(tav(1, 1, ("G01", 30, 20), ("G02", 40, 5), ("G03", 25, 10),
                     ("G04", 12, 22))),
            Cli(["standings"]),
            ExpectRisultati({(1, "Qualificazione", "G01"): {"Posizione": 1},
                             (1, "Qualificazione", "G02"): {"Posizione": 2},
                             (1, "Qualificazione", "G03"): {"Posizione": 3},
                             (1, "Qualificazione", "G04"): {"Posizione": 4}}),
        ],
        ),
    Case(
        id="002-08-giocatore-eliminato-zero-punti",
        seed=SEED,
        articles=[M1, "Eliminazione di un giocatore: «Il perdente è allora definitivamente "
                  "eliminato dalla partita.»"],
        derivation=(
            "G03 is eliminated: he occupies no territory at the end, so method 1 gives him "
            "0, and he is last at the table. The others: G01 50+20 = 70, G02 40+14 = 54, G04 "
            "30+10 = 40 (70+54+40 = 164)."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_1"},
        players=players(4),
        steps=[
            Type(Tav(1, 1, [S("G01", 50, 20), S("G02", 40, 14), S("G03", 0, 0, eliminato=1),
                            S("G04", 30, 10)])),
            Cli(["standings"]),
            torneo({"G01": 70, "G02": 54, "G03": 0, "G04": 40}),
            ExpectRisultati({(1, "Qualificazione", "G03"): {"Posizione": 4}}),
            ExpectClassifica(order=["G01", "G02", "G04", "G03"]),
        ],
    ),
    Case(
        id="002-09-eliminazione-avanza-il-vincitore-del-metodo",
        seed=SEED,
        articles=[ELIM, M1],
        derivation=(
            "20 players, four tables of five, method 1; the four table winners play the "
            "final. Table 1: G01 40+2 = 42, G02 30+20 = 50, G03 20+12 = 32, G04 10+10 = 20, "
            "G05 10+10 = 20 (sum 164): the winner by the method is G02 (50), although G01 has "
            "more objective points (40). " + KNOCKOUT_TOTALS + " Final: G02, G10, G15, G20."),
        formula="eliminazione",
        settings={"Metodo punteggio": "classico_1"},
        players=players(20),
        steps=[
            knockout_round(tav(1, 1, ("G01", 40, 2), ("G02", 30, 20), ("G03", 20, 12),
                               ("G04", 10, 10), ("G05", 10, 10))),
            Cli(["finals"]),
            ExpectQualificati("Finale", ids={"G02", "G10", "G15", "G20"}),
            ExpectTables("Finale", tables=[{"G02", "G10", "G15", "G20"}]),
        ],
        ),
    Case(
        id="002-10-eliminazione-finale-e-vincitore",
        seed=SEED,
        articles=[ELIM, M1],
        derivation=(
            "20 players, four tables of five (4 tables, a multiple of the 4 finalists). At "
            "every table the 5th seat holds 40+15 = 55 and the others 30, 25, 32, 22 (sum "
            "164): winners G05, G10, G15, G20 play the final. Final: G15 60+20 = 80 (objective "
            "reached: +50 = 130), G05 20+14 = 34, G10 0 (eliminated), G20 30+20 = 50 "
            "(territories 80+34+0+50 = 164). The winner of the «finalissima» is G15 (130), "
            "first of the final ranking; the seed ranks nobody else."),
        formula="eliminazione",
        settings={"Metodo punteggio": "classico_1"},
        players=players(20),
        steps=[
            knockout_round(),
            Cli(["finals"]),
            ExpectQualificati("Finale", ids={"G05", "G10", "G15", "G20"}),
            Fill("Finale", [S("G05", 20, 14), S("G10", 0, 0, eliminato=1),
                            S("G15", 60, 20, risiko=True), S("G20", 30, 20)]),
            Cli(["finals"]),
            ExpectRisultati({(None, "Finale", "G15"): {"Punti torneo": 130, "Posizione": 1}}),
            ExpectFinale(order=["G15"]),
        ],
    ),
    Case(
        id="002-11-eliminazione-16-giocatori-4-tavoli-da-4",
        seed=SEED,
        articles=[ELIM, MULTIPLO, GIOCATORI],
        derivation=(
            "16 players: four tables of four (4 tables, a multiple of the 4 finalists; the "
            "seed's own example uses tables of 4 in its second round), whose four winners "
            "play the final of 4. The draw must seat them: exit 0, four tables of 4."),
        formula="eliminazione",
        settings={"Metodo punteggio": "classico_1", "Seme sorteggio": "casebook-002-11"},
        players=players(16),
        steps=[
            Cli(["draw"]),
            ExpectSheet("four tables of four", _tables_of("Qualificazione", [4, 4, 4, 4])),
        ],
        ),
    Case(
        id="002-12-eliminazione-10-giocatori-rifiutato",
        seed=SEED,
        articles=[MULTIPLO, GIOCATORI],
        derivation=(
            "10 players cannot reach a final of 4: a round whose winners are 4 needs 4 tables "
            "of at least 3 players (12 players); 10 players make at most 3 tables (3+3+4), "
            "whose 3 winners cannot make a final of 4. The draw is refused (exit 2) and the "
            "message names the 10 players."),
        formula="eliminazione",
        settings={"Metodo punteggio": "classico_1", "Seme sorteggio": "casebook-002-12"},
        players=players(10),
        steps=[Cli(["draw"], code=2, says="10")],
        ),
    Case(
        id="002-13-eliminazione-non-qualificato-in-finale",
        seed=SEED,
        articles=[ELIM],
        derivation=(
            "After the knockout round (winners G05, G10, G15, G20, see case 10) the "
            "organiser types the final himself with G01 — not a winner: 20+10 = 30 at table "
            "1, won by G05 with 55 — in place of G05. Only table winners reach the final, "
            "so `verify` must report a difference naming G01 (exit 1)."),
        formula="eliminazione",
        settings={"Metodo punteggio": "classico_1"},
        players=players(20),
        steps=[
            knockout_round(),
            Type(tav(2, 1, ("G01", 30, 20), ("G10", 40, 20), ("G15", 20, 10), ("G20", 10, 14),
                     fase="Finale")),
            # issue 14: a phase row whose player did not qualify is refused by standings
            Cli(["standings"], code=2, says="G01"),
            Cli(["verify"], code=1, says="G01"),
        ],
        ),
    Case(
        id="002-14-metodo3-le-armate-decidono-il-vincitore",
        seed=SEED,
        articles=[M3, ELIM],
        derivation=(
            "Method 3, every held territory inside its holder's objective (0 outside points, "
            "armies in objective = all armies, nobody reaches the objective: methods 1 and 2 "
            "agree, see case 04). Territory points 40, 50, 44, 30 (sum 164) and armies 30, "
            "12, 14, 10: G01 40+30 = 70, G02 50+12 = 62, G03 44+14 = 58, G04 30+10 = 40. The "
            "table is won by the method's score: G01 1st although G02 holds more territory "
            "points; Posizione G01 1, G02 2, G03 3, G04 4."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_3"},
        players=players(4),
        steps=[
            Type(Tav(1, 1, [
                S("G01", 40, 0, extra={"Armate obiettivo": 30, "Armate totali": 30}),
                S("G02", 50, 0, extra={"Armate obiettivo": 12, "Armate totali": 12}),
                S("G03", 44, 0, extra={"Armate obiettivo": 14, "Armate totali": 14}),
                S("G04", 30, 0, extra={"Armate obiettivo": 10, "Armate totali": 10}),
            ])),
            Cli(["standings"]),
            ExpectRisultati({(1, "Qualificazione", "G01"): {"Punti torneo": 70, "Posizione": 1},
                             (1, "Qualificazione", "G02"): {"Punti torneo": 62, "Posizione": 2},
                             (1, "Qualificazione", "G03"): {"Punti torneo": 58, "Posizione": 3},
                             (1, "Qualificazione", "G04"): {"Punti torneo": 40, "Posizione": 4}}),
        ],
        ),
    Case(
        id="002-15-italiana-parita-senza-sorteggio",
        seed=SEED,
        articles=[ITALIANA],
        derivation=(
            "Method 1, two 4-tables. Table 1: G01 30+20 = 50, G02 40+5 = 45, G03 25+10 = 35, "
            "G04 12+22 = 34. Table 2: G05 35+15 = 50, G06 30+14 = 44, G07 20+10 = 30, G08 "
            "25+15 = 40 (sums 164). G01 and G05 both total 50. The box rules rank by «il "
            "totale di ciascuno» and have no tie-break and no lottery: G01 and G05 share 1st "
            "place (the same Pos), and no lottery is drawn or recorded."),
        formula="italiana",
        settings={"Metodo punteggio": "classico_1"},
        players=players(8),
        steps=[
            Type(tav(1, 1, ("G01", 30, 20), ("G02", 40, 5), ("G03", 25, 10), ("G04", 12, 22)),
                 tav(1, 2, ("G05", 35, 15), ("G06", 30, 14), ("G07", 20, 10), ("G08", 25, 15))),
            Cli(["standings"]),
            ExpectClassifica(values={"G01": {"Totale": 50}, "G05": {"Totale": 50}}),
            ExpectSheet("G01 and G05 share the place, no lottery", _shared_place("G01", "G05")),
        ],
        ),
    Case(
        id="002-16-eliminazione-80-giocatori-tre-turni",
        seed=SEED,
        articles=[ELIM, MULTIPLO],
        derivation=(
            "80 players, method 1: first round 16 tables of 5 (16, a multiple of the 4 "
            "finalists), a second round of 4 tables of 4 with the 16 winners, then the final "
            "of the 4 winners — the seed's own scheme (100 → 20 tables of 5 → 5 tables of 4 → "
            "final of 5) for a final of 4. Round 1: at table k the 5th seat G(5k) wins with "
            "40+15 = 55 (others 30, 25, 32, 22): winners G05, G10, …, G80. Round 2: who sits "
            "with whom is the draw's; each player scores 20 + n/5 objective points + 5 "
            "outside (G05 26, G10 27, …, G80 41; at most 41+40+39+38 = 158 at a table), "
            "so each table's winner is the highest number seated there, and those four — "
            "nobody else — play the final."),
        formula="eliminazione",
        settings={"Metodo punteggio": "classico_1"},
        players=players(80, clubs=8),
        steps=[
            _big_round1(),
            Cli(["finals"]),
            Fill("Semifinale", ROUND2),
            Cli(["finals"]),
            ExpectSheet("16 winners at 4 tables of 4, then their 4 winners", _semis_then_final),
        ],
    ),
    Case(
        id="002-17-verify-eliminazione-regolare",
        seed=SEED,
        articles=[ELIM],
        derivation=(
            "The knockout of case 10 played as the program seated it (winners G05, G10, G15, "
            "G20; final won by G15): nothing differs from the regulation, so `verify` finds "
            "no difference (exit 0)."),
        formula="eliminazione",
        settings={"Metodo punteggio": "classico_1"},
        players=players(20),
        steps=[
            knockout_round(),
            Cli(["finals"]),
            Fill("Finale", [S("G05", 20, 14), S("G10", 0, 0, eliminato=1),
                            S("G15", 60, 20, risiko=True), S("G20", 30, 20)]),
            Cli(["finals"]),
            Cli(["verify"]),
        ],
    ),
    Case(
        id="002-18-eliminazione-parita-in-classifica-senza-sorteggio",
        seed=SEED,
        articles=[ELIM, ITALIANA, M1],
        derivation=(
            "20 players, four tables of five, method 1. Table 1: G05 40+20 = 60 wins, G01 "
            "40+15 = 55 is 2nd, G02 20, G03 15, G04 14 (sum 164). " + KNOCKOUT_TOTALS + " "
            "G01 (55, 2nd at his table) ties G10, G15 and G20 (55, winners) on the total. "
            "The final is the table winners G05, G10, G15, G20 («il vincitore di ogni "
            "partita accede direttamente al turno successivo»): the standings decide no "
            "seat, and seed 002 has no tie-break and no lottery (as «All'italiana», case "
            "15): G01, G10, G15 and G20 share 2nd place, no lottery is drawn, recorded in "
            "Sorteggi or announced."),
        formula="eliminazione",
        settings={"Metodo punteggio": "classico_1"},
        players=players(20),
        steps=[
            knockout_round(tav(1, 1, ("G01", 40, 15), ("G02", 10, 10), ("G03", 10, 5),
                               ("G04", 7, 7), ("G05", 40, 20))),
            Cli(["finals"]),
            ExpectQualificati("Finale", ids={"G05", "G10", "G15", "G20"}),
            ExpectClassifica(values={"G05": {"Totale": 60}, "G01": {"Totale": 55},
                                     "G10": {"Totale": 55}}),
            ExpectSheet("G01 shares 2nd with G10, G15 and G20, no lottery",
                        _shared_place("G01", "G10")),
            ExpectSheet("no lottery at all in Sorteggi", _no_lottery),
        ],
    ),
]

