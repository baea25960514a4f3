"""Seed 003: 21° Torneo Open RCU Eagles Palermo — preset `eagles`.

Formula a) (≤ 28 players at the first draw): three preliminary rounds, Classifica
Generale (worst result dropped) and Assoluta (all results), a ripescaggio (4th and 5th of
the Generale, the best excluded of the Assoluta, the best single game of the excluded) and
a final of the first three of the Generale plus the ripescaggio's winner. Formula b)
(> 28 players): two rounds summed, semifinals of the first sixteen by bands, or a sole
leader with two wins straight to the final and three semifinals of the 2nd–13th.

Art. 23 scoring (every case): objective points, ×1,25 rounded up at 5-player tables, / 1000,
+1 to the table's winner; objective reached = 1,100; at most 1,100 at a 5-player table.

The ripescaggio's rows are looked up as Fase «Spareggio» or «Ripescaggio» (the workbook's
list of phases names the extra game «Spareggio»; the issue asks for «Ripescaggio»): the
regulation does not care about the label, only about who plays and who goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
    Runner,
    S,
    Tav,
    Type,
    View,
    holds_seat,
    update_rows,
)

SEED = "003"
RIPE = ("Spareggio", "Ripescaggio")

ART23 = ("Art. 23: «In ogni tavolo composto da 4 giocatori, ciascuno riceverà un punteggio pari "
         "ai punti obiettivo raggiunti. In ogni tavolo composto da 5 giocatori, i punti obiettivo "
         "saranno moltiplicati per 1,25 e approssimati per eccesso. Il punteggio da inserire nella "
         "classifica sarà calcolato dividendo i punti obiettivo ottenuti in partita (già "
         "rivalutati nei tavoli da 5) per 1000 ed assegnando un premio pari ad 1 al vincitore del "
         "tavolo. Ad esempio, se un giocatore vince una partita con il punteggio di 42 punti, "
         "riceverà un punteggio classifica pari a 1,042; il secondo classificato con 38 punti "
         "riceverà un punteggio classifica pari a 0,038 etc... il giocatore che raggiunge "
         "l'obiettivo riceverà 1,100 punti classifica. In un tavolo con 5 giocatori, il "
         "punteggio massimo del vincitore è di 1,100 punti.»")
ART23_TIE = ("Art. 23: «In caso di parità di punti obiettivo fra i primi due giocatori, verranno "
             "considerati i seguenti criteri per determinare il vincitore: 1) maggior numero di "
             "punti fuori obiettivo, 2) \"criterio del colore\": vince chi ha iniziato per ultimo "
             "al primo turno della partita.»")
ART26_NEG = ("Art. 26: «penalità in punti tavolo: cioè riduzione del punteggio conseguito al "
             "proprio tavolo dal giocatore penalizzato ... Ogni penalizzazione non può comportare "
             "l'attribuzione di punteggi negativi.» (also Art. 18: «In ogni caso, la "
             "penalizzazione non può comportare l'attribuzione di punteggi negativi.»)")
ART2_A = ("Art. 2: «Primo caso: se i giocatori partecipanti saranno di numero pari o inferiore a "
          "28, la formula sarà costituita da una fase preliminare di 3 giornate, un ripescaggio e "
          "una finalissima a cui parteciperanno 4 giocatori.»")
ART2_CLASSIFICHE = (
    "Art. 2: «Al termine di ogni turno preliminare sarà stilata la Classifica ... Nel caso di "
    "formulazione a), verranno stilate una classifica con lo scarto del peggiore risultato "
    "(Classifica Generale) ed una classifica considerando la somma di tutti i punteggi ottenuti "
    "dai singoli giocatori (Classifica Assoluta).»")
ART2_CATENA = (
    "Art. 2: «In caso di parità tra due o più giocatori nella Classifica Generale, la loro "
    "posizione in classifica sarà determinata secondo i seguenti criteri: 1) posizione in "
    "Classifica Assoluta; numero di obiettivi raggiunti (tenendo conto di tutte le partite "
    "disputate nel turno preliminare); numero partite vinte (...); somma dei punti relativi al "
    "numero di territori fuori obiettivo (...); sorteggio.»")
ART2_RIPESCAGGIO = (
    "Art. 2: «Al termine dei tre turni preliminari, i qualificati alla finale saranno i primi 3 "
    "giocatori meglio classificati nella Classifica Generale più un quarto giocatore vincitore "
    "di un turno di ripescaggio disputato tra il 4° ed il 5° della Classifica Generale, il "
    "giocatore tra gli esclusi meglio classificato in Classifica Assoluta ed il giocatore tra "
    "gli esclusi che abbia ottenuto il miglior punteggio in una singola partita.»")
ART3_ISCRIZIONI = ("Art. 3: «È possibile iscriversi anche a torneo iniziato, durante la fase "
                   "preliminare.»")
ART3_RIPE = (
    "Art. 3: «per la partita di ripescaggio: il giocatore impossibilitato a partecipare viene "
    "sostituito da un giocatore proveniente dalla classifica che gli ha permesso la "
    "qualificazione; se il sostituto è già qualificato, libererà quindi il suo posto dalla "
    "relativa classifica. (Esempio: se un giocatore che si è qualificato tramite la Classifica "
    "Generale si ritira viene sostituito scorrendo in ordine la Classifica Generale stessa. Se il "
    "sostituto dovesse essere già qualificato tramite la Classifica Assoluta questi verrà a sua "
    "volta sostituito scorrendo in ordine la Classifica Assoluta stessa. E così via ...)»")
ART3_FINALE_A = (
    "Art. 3: «per la finale: nella formulazione a), il giocatore impossibilitato a partecipare "
    "viene sostituito da un giocatore proveniente dalla partita di ripescaggio secondo l'ordine "
    "di piazzamento in tale partita.»")
ART3_FINALE_B = (
    "Art. 3: «nella formulazione b), il giocatore impossibilitato a partecipare viene sostituito "
    "dal giocatore classificatosi secondo nella stessa partita di semifinale. Se anche questo non "
    "è disponibile si procede con il terzo e poi con il quarto. Se nessuno di questi è "
    "disponibile, la sostituzione avverrà con il giocatore meglio piazzato in una classifica "
    "stilata con gli stessi criteri della classifica dei turni preliminari ma considerando i "
    "soli punteggi del turno di semifinale.»")
ART3_SEMI = ("Art. 3: «per la semifinale: si scorrerà la Classifica fino ad individuare il primo "
             "giocatore disponibile.»")
ART4_ESCLUSO = (
    "Art. 4: «Qualora un giocatore che sia in ritardo, entro tale termine temporale non "
    "comunichi ... l'intenzione di partecipare al turno di gioco, sarà ESCLUSO dalla "
    "composizione dei tavoli.» ... «(queste ultime [tavoli da 3] saranno necessarie solo in "
    "presenza di 11, 7, 6, 3 giocatori)»")
ART2_B = (
    "Art. 2: «Secondo caso: se i giocatori saranno di numero superiore a 28, la formula sarà "
    "costituita da due giornate a somma di punti, una semifinale per i primi sedici classificati "
    "e finale a cui parteciperanno 4 giocatori. Nel caso in cui, dopo i due turni preliminari, un "
    "giocatore sia da solo in testa alla classifica e avendo ottenuto 2 vittorie, questo sarà "
    "direttamente qualificato per la finale, mentre le semifinali saranno disputate da soli 12 "
    "giocatori (dal secondo al tredicesimo classificato).»")
ART2_B_CATENA = (
    "Art. 2: «Nel caso di formulazione b) ... In caso di parità tra più giocatori, la loro "
    "posizione in classifica sarà determinata secondo i seguenti criteri: punteggio torneo più "
    "alto nella migliore prestazione; piazzamento in classifica al turno precedente (chi era "
    "davanti resta davanti); sorteggio (criterio non valevole per decretare l'eventuale "
    "passaggio diretto in finale).»")
ART4_FASCE = (
    "Art. 4: «I giocatori qualificati saranno suddivisi in 4 fasce in base alla Classifica: se i "
    "giocatori sono 16 le 4 fasce saranno composte dai giocatori classificatisi ai posti dal 1° "
    "a 4°, dal 5° a 8°, da 9° a 12° e da 13° a 16°; se i giocatori sono 12 le 4 fasce saranno "
    "composte dai giocatori classificatisi ai posti dal 2° a 4°, dal 5° a 7°, da 8° a 10° e da "
    "11° a 13°. Ogni tavolo di semifinale dovrà contenere un solo giocatore appartenente ad "
    "ognuna della 4 fasce.»")


# --------------------------------------------------------------------------- helpers


@dataclass
class FillRipescaggio(Fill):
    """Type the points of the ripescaggio rows the program pre-filled (Fase Spareggio or
    Ripescaggio), by ID. A `Fill`, so the runner knows it changes the file."""

    fase: str = "Ripescaggio"
    seats: list = field(default_factory=list)


def _do_fill_ripescaggio(self: Runner, no: int, step: FillRipescaggio) -> None:
    missing: list[str] = []

    def fill(wb):
        for seat in step.seats:
            def match(row, seat=seat):
                return str(row.get("ID")) == seat.id and row.get("Fase") in RIPE
            if update_rows(wb, "Risultati", match, seat.cells()) != 1:
                missing.append(seat.id)
    self._edit(fill)
    if missing:
        self.fail(no, step, f"no single ripescaggio row for {missing}")


Runner.do_FillRipescaggio = _do_fill_ripescaggio  # a step of this file only


def ripescaggio_players(ids: set[str]) -> ExpectSheet:
    """The ripescaggio is seated with exactly these players, and Qualificati agrees."""
    def check(view: View) -> None:
        seated = {str(r.get("ID")) for r in view.table("Risultati") if r.get("Fase") in RIPE}
        assert seated == ids, f"ripescaggio seats {sorted(seated)}, expected {sorted(ids)}"
        holding = {str(r.get("ID")) for r in view.table("Qualificati")
                   if r.get("Fase") in RIPE and holds_seat(r.get("Qualificazione"))}
        assert holding == ids, (f"Qualificati of the ripescaggio {sorted(holding)}, "
                                f"expected {sorted(ids)}")
    return ExpectSheet(f"ripescaggio = {sorted(ids)}", check)


def players(n: int, clubs: int = 4) -> list:
    return [P(f"G{i:02d}", f"Nome{i}", f"Cognome{i}", f"Club{(i - 1) % clubs + 1}")
            for i in range(1, n + 1)]


def tav(turno: int, tavolo: int, *seats, fase: str = "Qualificazione") -> Tav:
    """seats: (ID, punti obiettivo) or (ID, obiettivo, fuori) or S(...)."""
    out = []
    for seat in seats:
        if isinstance(seat, S):
            out.append(seat)
        else:
            pid, obj, *rest = seat
            out.append(S(pid, obj, rest[0] if rest else 0))
    return Tav(turno, tavolo, out, fase)


def torneo(values: dict, turno: int | None = 1, fase: str = "Qualificazione"):
    return ExpectRisultati({(turno, fase, pid): {"Punti torneo": v} for pid, v in values.items()})


# ------------------------------------------------------- formula a): the base tournament
# Eight players, two 4-player tables a round (no ×1,25), the winner of each table is the
# player with most objective points (no ties).
A_R1 = [tav(1, 1, ("G01", 50), ("G02", 40), ("G03", 30), ("G04", 20)),
        tav(1, 2, ("G05", 45), ("G06", 42), ("G07", 10), ("G08", 25))]
A_R2 = [tav(2, 1, ("G01", 44), ("G05", 30), ("G03", 48), ("G07", 12)),
        tav(2, 2, ("G02", 20), ("G06", 47), ("G04", 36), ("G08", 33))]
A_R3 = [tav(3, 1, ("G01", 40), ("G06", 22), ("G04", 55), ("G07", 45)),
        tav(3, 2, ("G02", 60), ("G05", 50), ("G03", 10), ("G08", 40))]
A_SCORES = (
    "Games (4-player tables, winner = most objective points, +1): round 1 T1 G01 50 (wins, "
    "1,050), G02 40, G03 30, G04 20; T2 G05 45 (1,045), G06 42, G07 10, G08 25. Round 2 T1 G03 "
    "48 (1,048), G01 44, G05 30, G07 12; T2 G06 47 (1,047), G02 20, G04 36, G08 33. Round 3 T1 "
    "G04 55 (1,055), G01 40, G06 22, G07 45; T2 G02 60 (1,060), G05 50, G03 10, G08 40. "
    "Per player (r1; r2; r3): G01 1,050; 0,044; 0,040 — G02 0,040; 0,020; 1,060 — G03 0,030; "
    "1,048; 0,010 — G04 0,020; 0,036; 1,055 — G05 1,045; 0,030; 0,050 — G06 0,042; 1,047; "
    "0,022 — G07 0,010; 0,012; 0,045 — G08 0,025; 0,033; 0,040. ")
A_AFTER3 = (
    "After round 3, Assoluta (sum) and Generale (sum minus the worst): G01 1,134 / 1,094; G02 "
    "1,120 / 1,100; G03 1,088 / 1,078; G04 1,111 / 1,091; G05 1,125 / 1,095; G06 1,111 / "
    "1,089; G07 0,067 / 0,057; G08 0,098 / 0,073. Generale: 1 G02 1,100, 2 G05 1,095, 3 G01 "
    "1,094, 4 G04 1,091, 5 G06 1,089, 6 G03 1,078, 7 G08 0,073, 8 G07 0,057 (no ties). "
    "Finalists: G02, G05, G01. Ripescaggio: G04 (4th), G06 (5th); excluded G03, G08, G07: best "
    "in Assoluta G03 (1,088 > 0,098 > 0,067); then, among the still excluded G08 and G07, the "
    "best single game is G07's 0,045 (G08's best is 0,040) — although G08 is ahead of G07 in "
    "the Generale. Ripescaggio: G04, G06, G03, G07. ")
A_RIPE = [S("G04", 30), S("G06", 52), S("G03", 40), S("G07", 20)]
A_RIPE_TEXT = ("Ripescaggio (a 4-player table): G06 52 wins, G03 40 2nd, G04 30 3rd, G07 20 "
               "4th. ")


A_LOT = [tav(1, 1, ("G01", 50), ("G02", 40), ("G03", 30), ("G04", 20)),
         tav(1, 2, ("G05", 50), ("G06", 40), ("G07", 30), ("G08", 20)),
         tav(2, 1, ("G02", 45), ("G01", 30), ("G07", 25), ("G08", 10)),
         tav(2, 2, ("G06", 44), ("G05", 30), ("G03", 25), ("G04", 10)),
         tav(3, 1, ("G01", 10), ("G06", 20), ("G03", 35), ("G08", 24)),
         tav(3, 2, ("G05", 10), ("G02", 20), ("G07", 36), ("G04", 25))]
A_LOT_TEXT = (
    "Eight players, three rounds of two 4-tables. Round 1: G01 50 wins 1,050, G02 40, G03 "
    "30, G04 20 | G05 50 wins 1,050, G06 40, G07 30, G08 20. Round 2: G02 45 wins 1,045, G01 "
    "30, G07 25, G08 10 | G06 44 wins 1,044, G05 30, G03 25, G04 10. Round 3: G03 35 wins "
    "1,035, G01 10, G06 20, G08 24 | G07 36 wins 1,036, G05 10, G02 20, G04 25. Generale / "
    "Assoluta: G02 1,085 / 1,105; G06 1,084 / 1,104; G01 and G05 1,080 / 1,090 (1,050; "
    "0,030; 0,010 both); G07 1,066; G03 1,065 / 1,090; G04 0,045 / 0,055; G08 0,044 / "
    "0,054. G01 and G05 are level on the Generale, the Assoluta, objectives (0), wins (1) "
    "and out-of-objective points (0): only the «sorteggio» separates them, and it decides "
    "who is 3rd (final) and who 4th (ripescaggio). Ripescaggio: the 4th, G07 (5th), G03 "
    "(best excluded in the Assoluta, 1,090), G04 (best single game of the excluded G04 and "
    "G08: 0,025 > 0,024). The lottery is drawn once: `standings` run again after `finals` "
    "keeps the same order, and Sorteggi holds one record of it. ")

def a_base(stop: int = 3) -> list:
    return [Type(*A_R1, *A_R2, *(A_R3 if stop >= 3 else []))]


# ------------------------------------------------------- formula b): 29 players, 6 tables
B_R1 = {1: [("G01", 44), ("G02", 36), ("G03", 32), ("G04", 27), ("G05", 24)],
        2: [("G06", 44), ("G07", 24), ("G08", 20), ("G09", 16), ("G10", 12)],
        3: [("G11", 40), ("G12", 28), ("G13", 8), ("G14", 12), ("G15", 4)],
        4: [("G16", 36), ("G17", 32), ("G18", 16), ("G19", 4), ("G20", 20)],
        5: [("G21", 32), ("G22", 28), ("G23", 12), ("G24", 8), ("G25", 24)],
        6: [("G26", 45), ("G27", 30), ("G28", 25), ("G29", 22)]}
B_R2 = {1: [("G01", 44), ("G06", 32), ("G11", 28), ("G16", 24), ("G21", 20)],
        2: [("G02", 48), ("G07", 8), ("G12", 12), ("G17", 16), ("G22", 4)],
        3: [("G03", 48), ("G08", 4), ("G13", 44), ("G18", 8), ("G23", 32)],
        4: [("G04", 36), ("G09", 20), ("G14", 24), ("G19", 16), ("G24", 28)],
        5: [("G05", 40), ("G10", 8), ("G15", 4), ("G20", 36), ("G25", 12)],
        6: [("G27", 51), ("G26", 33), ("G28", 21), ("G29", 9)]}
# Variant: G06 wins round 2 too, with the same scores as G01 (G02 and G07 change table).
B_R2_TIE = {**B_R2,
            1: [("G01", 44), ("G07", 28), ("G11", 32), ("G16", 24), ("G21", 20)],
            2: [("G06", 44), ("G02", 20), ("G12", 12), ("G17", 16), ("G22", 4)]}
# Variant: nobody wins twice (G07 wins round-2 table 1, G06 moves to table 2).
B_R2_NODOUBLE = {**B_R2,
                 1: [("G07", 44), ("G01", 32), ("G11", 28), ("G16", 24), ("G21", 20)],
                 2: [("G02", 48), ("G06", 8), ("G12", 12), ("G17", 16), ("G22", 4)]}
# Variant of the variant: same totals, G06 with the better single game.
B_R1_BEST = {**B_R1, 2: [("G06", 52), ("G07", 24), ("G08", 20), ("G09", 16), ("G10", 12)]}
B_R2_BEST = {**B_R2_TIE,
             2: [("G06", 36), ("G02", 20), ("G12", 12), ("G17", 16), ("G22", 4)]}


def b_rounds(r1: dict, r2: dict) -> Type:
    return Type(*[tav(1, k, *v) for k, v in r1.items()], *[tav(2, k, *v) for k, v in r2.items()])


B_SCORES = (
    "29 players (formula b: more than 28). Objective points (→ ×1,25 rounded up at the "
    "5-tables), winner +1. Round 1: T1 G01 44→55 wins, G02 36→45, G03 32→40, G04 27→34 "
    "(33,75 rounded up), G05 24→30 | T2 G06 44→55 wins, G07 24→30, G08 20→25, G09 16→20, G10 "
    "12→15 | T3 G11 40→50 wins, G12 28→35, G13 8→10, G14 12→15, G15 4→5 | T4 G16 36→45 wins, "
    "G17 32→40, G18 16→20, G19 4→5, G20 20→25 | T5 G21 32→40 wins, G22 28→35, G23 12→15, G24 "
    "8→10, G25 24→30 | T6 (four players) G26 45 wins, G27 30, G28 25, G29 22. Round 2: T1 G01 "
    "44→55 wins, G06 32→40, G11 28→35, G16 24→30, G21 20→25 | T2 G02 48→60 wins, G07 8→10, "
    "G12 12→15, G17 16→20, G22 4→5 | T3 G03 48→60 wins, G08 4→5, G13 44→55, G18 8→10, G23 "
    "32→40 | T4 G04 36→45 wins, G09 20→25, G14 24→30, G19 16→20, G24 28→35 | T5 G05 40→50 "
    "wins, G10 8→10, G15 4→5, G20 36→45, G25 12→15 | T6 G27 51 wins, G26 33, G28 21, G29 9. ")
B_STANDINGS = (
    "Totals (r1 + r2): 1 G01 1,055+1,055 = 2,110 (alone, two wins); 2 G02 0,045+1,060 = "
    "1,105; 3 G03 0,040+1,060 = 1,100; 4 G06 1,055+0,040 = 1,095; 5 G11 1,050+0,035 = 1,085; "
    "6 G27 0,030+1,051 = 1,081; 7 G05 0,030+1,050 = 1,080; 8 G04 0,034+1,045 = 1,079; 9 G26 "
    "1,045+0,033 = 1,078; 10 G16 1,045+0,030 = 1,075; 11 G21 1,040+0,025 = 1,065; 12 G20 "
    "0,025+0,045 = 0,070; 13 G13 0,010+0,055 = 0,065; 14 G17 0,040+0,020 = 0,060; 15 G23 "
    "0,015+0,040 = 0,055; 16 G12 0,035+0,015 = 0,050; 17 G28 0,046; the rest 0,045 or less. ")
B_SEMI12 = ["G02", "G03", "G06", "G11", "G27", "G05", "G04", "G26", "G16", "G21", "G20", "G13"]
B_BANDS = [{"G02", "G03", "G06"}, {"G11", "G27", "G05"}, {"G04", "G26", "G16"},
           {"G21", "G20", "G13"}]
# Semifinal points by band: band 1 wins its table, band 2 is second, then band 3, band 4.
B_SEMI_POINTS = {"G02": 60, "G03": 55, "G06": 50, "G11": 40, "G27": 38, "G05": 36,
                 "G04": 30, "G26": 28, "G16": 26, "G21": 20, "G20": 18, "G13": 16}
B_SEMI_TEXT = (
    "Semifinals (4-player tables, one player of each band). Points typed by band, so that "
    "whatever the draw band 1 wins its table and band 2 is 2nd: G02 60, G03 55, G06 50 | G11 "
    "40, G27 38, G05 36 | G04 30, G26 28, G16 26 | G21 20, G20 18, G13 16. Final: G01 (direct) "
    "and the three band-1 players G02, G03, G06. ")


def _semi_of(view: View, pid: str) -> set[str]:
    rows = [r for r in view.table("Risultati") if r.get("Fase") == "Semifinale"]
    table = next(r.get("Tavolo") for r in rows if str(r.get("ID")) == pid)
    return {str(r.get("ID")) for r in rows if r.get("Tavolo") == table}


def _final_players(view: View) -> set[str]:
    return {str(r.get("ID")) for r in view.table("Risultati") if r.get("Fase") == "Finale"}


def b_final_replaced_by_second(view: View) -> None:
    """G02 (winner of his semi, band 1) withdrew: the band-2 player of his table (2nd there)
    plays the final instead; the other two semis send their band-1 winners."""
    semi = _semi_of(view, "G02")
    second = (semi & B_BANDS[1]).pop()
    want = {"G01", "G03", "G06", second}
    got = _final_players(view)
    assert got == want, f"final {sorted(got)}, expected {sorted(want)} (G02's semi {sorted(semi)})"


def b_second_of_g02(view: View) -> str:
    return (_semi_of(view, "G02") & B_BANDS[1]).pop()


def b_final_replaced_by_third(view: View) -> None:
    """G02 and then the 2nd of his semifinal withdrew: the band-3 player of that table (3rd
    there) plays the final."""
    semi = _semi_of(view, "G02")
    third = (semi & B_BANDS[2]).pop()
    want = {"G01", "G03", "G06", third}
    got = _final_players(view)
    assert got == want, f"final {sorted(got)}, expected {sorted(want)} (G02's semi {sorted(semi)})"


def _withdrawn_still_ranked(pid: str):
    def check(view: View) -> None:
        rows = [r for r in view.table("ClassificaFinale") if str(r.get("ID")) == pid]
        assert len(rows) == 1, f"{pid} has {len(rows)} rows in ClassificaFinale"
        text = " ".join(str(v) for v in rows[0].values() if v is not None).lower()
        assert "ritir" in text, f"{pid} not marked as withdrawn: {rows[0]}"
    return check


def _ripescaggio_how(expected: dict[str, str]):
    """How each ripescaggio qualifier holds his seat (a substring of Qualificazione)."""
    def check(view: View) -> None:
        for pid, text in expected.items():
            hows = [str(r.get("Qualificazione") or "") for r in view.table("Qualificati")
                    if r.get("Fase") in RIPE and str(r.get("ID")) == pid
                    and holds_seat(r.get("Qualificazione"))]
            assert any(text.lower() in h.lower() for h in hows), (
                f"{pid} holds the ripescaggio as {hows}, expected {text!r}")
    return check


def _ranks(first: int, expected: list[str]):
    """Classifica rows first..first+len−1 (1-based) hold exactly these IDs, in order."""
    def check(view: View) -> None:
        ids = [str(r.get("ID")) for r in view.table("Classifica")]
        got = ids[first - 1:first - 1 + len(expected)]
        last = first + len(expected) - 1
        assert got == expected, f"places {first}–{last}: {got}, expected {expected}"
    return check


def _labelled_ripescaggio(view: View) -> None:
    for table in ("Risultati", "Qualificati"):
        phases = {r.get("Fase") for r in view.table(table)
                  if str(r.get("ID")) in {"G04", "G06", "G03", "G07"}
                  and r.get("Fase") not in ("Qualificazione", "Finale")}
        assert phases == {"Ripescaggio"}, f"{table}: the ripescaggio is labelled {phases}"


def _before(view: View, first: str, second: str) -> None:
    ids = [str(r.get("ID")) for r in view.table("Classifica")]
    assert ids.index(first) < ids.index(second), f"{first} not before {second}: {ids}"


def _sizes(turno: int, sizes: list[int]):
    def check(view: View) -> None:
        tables: dict = {}
        for r in view.table("Risultati"):
            if r.get("Turno") == turno and r.get("Fase") == "Qualificazione":
                tables.setdefault(r.get("Tavolo"), []).append(r.get("ID"))
        got = sorted((len(v) for v in tables.values()), reverse=True)
        assert got == sorted(sizes, reverse=True), f"round {turno} tables {tables}"
    return check


def _lottery_line(view: View) -> None:
    """G01 and G05 are level on every criterion: the lottery puts one 3rd (final) and the
    other 4th (ripescaggio); `finals` follows the published order; one Sorteggi record."""
    ids = [str(r.get("ID")) for r in view.table("Classifica")]
    third, fourth = ids[2], ids[3]
    assert {third, fourth} == {"G01", "G05"}, f"3rd and 4th {third}, {fourth}: {ids}"
    finale = {str(r.get("ID")) for r in view.table("Qualificati")
              if r.get("Fase") == "Finale" and holds_seat(r.get("Qualificazione"))}
    assert finale == {"G02", "G06", third}, f"finalists {sorted(finale)}, 3rd is {third}"
    ripe = {str(r.get("ID")) for r in view.table("Risultati") if r.get("Fase") in RIPE}
    assert ripe == {fourth, "G07", "G03", "G04"}, f"ripescaggio {sorted(ripe)}, 4th {fourth}"
    lotteries = [r for r in view.table("Sorteggi")
                 if "G01" in str(r.get("Note") or "") + str(r.get("Tavoli") or "")
                 and "G05" in str(r.get("Note") or "") + str(r.get("Tavoli") or "")
                 and r.get("Fase") not in RIPE]
    assert len(lotteries) == 1, f"{len(lotteries)} lottery records for G01/G05: {lotteries}"


def rounds_of(turno: int, groups: list[list[str]]) -> list[Tav]:
    """Tables of `groups`; at each the first wins: 40, 32, 24, 16, 8 objective points."""
    return [Tav(turno, k, [S(pid, pts, 0) for pid, pts in zip(ids, [40, 32, 24, 16, 8])])
            for k, ids in enumerate(groups, start=1)]


def ids(a: int, b: int) -> list[str]:
    return [f"G{i:02d}" for i in range(a, b + 1)]


CASES = [
    # ------------------------------------------------------------------ Art. 23 scoring
    Case(
        id="003-01-millesimi-tavolo-da-4",
        seed=SEED,
        articles=[ART23],
        derivation=(
            "The article's own example at a 4-player table: G01 wins with 42 → 42/1000 + 1 = "
            "1,042; G02 38 → 0,038; G03 30 → 0,030; G04 20 → 0,020. Nothing is scaled at 4."),
        formula="eagles",
        players=players(4),
        steps=[
            Type(tav(1, 1, ("G01", 42), ("G02", 38), ("G03", 30), ("G04", 20))),
            Cli(["standings"]),
            torneo({"G01": "1,042", "G02": "0,038", "G03": "0,030", "G04": "0,020"}),
            ExpectRisultati({(1, "Qualificazione", "G01"): {"Posizione": 1},
                             (1, "Qualificazione", "G02"): {"Posizione": 2}}),
        ],
    ),
    Case(
        id="003-02-tavolo-da-5-per-125-per-eccesso",
        seed=SEED,
        articles=[ART23],
        derivation=(
            "A 5-player table: objective points ×1,25 rounded up, then /1000, +1 to the "
            "winner. G01 60 → 75 → 1,075; G02 37 → 46,25 → 47 → 0,047; G03 30 → 37,5 → 38 → "
            "0,038; G04 21 → 26,25 → 27 → 0,027; G05 eliminated with 0 → 0."),
        formula="eagles",
        players=players(5),
        steps=[
            Type(Tav(1, 1, [S("G01", 60, 0), S("G02", 37, 0), S("G03", 30, 0), S("G04", 21, 0),
                            S("G05", 0, 0, eliminato=1)])),
            Cli(["standings"]),
            torneo({"G01": "1,075", "G02": "0,047", "G03": "0,038", "G04": "0,027",
                    "G05": "0"}),
        ],
    ),
    Case(
        id="003-03-obiettivo-raggiunto-1100",
        seed=SEED,
        articles=[ART23],
        derivation=(
            "«il giocatore che raggiunge l'obiettivo riceverà 1,100 punti classifica», at a "
            "4-player table (G01, objective reached with 70 objective points: 1,100, not "
            "1,070) and at a 5-player table (G05, objective reached with 64: 1,100, not "
            "1,080). The others score their points: G02 40 → 0,040, G03 30, G04 20; at the "
            "5-table G06 40 → 50 → 0,050, G07 32 → 40 → 0,040, G08 20 → 25 → 0,025, G09 8 → "
            "10 → 0,010."),
        formula="eagles",
        players=players(9),
        steps=[
            Type(Tav(1, 1, [S("G01", 70, 0, risiko=True), S("G02", 40, 0), S("G03", 30, 0),
                            S("G04", 20, 0)]),
                 Tav(1, 2, [S("G05", 64, 0, risiko=True), S("G06", 40, 0), S("G07", 32, 0),
                            S("G08", 20, 0), S("G09", 8, 0)])),
            Cli(["standings"]),
            torneo({"G01": "1,100", "G02": "0,040", "G03": "0,030", "G04": "0,020",
                    "G05": "1,100", "G06": "0,050", "G07": "0,040", "G08": "0,025",
                    "G09": "0,010"}),
        ],
    ),
    Case(
        id="003-04-tetto-1100-al-tavolo-da-5",
        seed=SEED,
        articles=[ART23],
        derivation=(
            "«In un tavolo con 5 giocatori, il punteggio massimo del vincitore è di 1,100 "
            "punti»: G01 wins (objective not reached) with 84 → 84 × 1,25 = 105 → capped: "
            "1,100 (not 1,105). G02 36 → 45 → 0,045; G03 24 → 30 → 0,030; G04 16 → 20 → "
            "0,020; G05 4 → 5 → 0,005."),
        formula="eagles",
        players=players(5),
        steps=[
            Type(tav(1, 1, ("G01", 84), ("G02", 36), ("G03", 24), ("G04", 16), ("G05", 4))),
            Cli(["standings"]),
            torneo({"G01": "1,100", "G02": "0,045", "G03": "0,030", "G04": "0,020",
                    "G05": "0,005"}),
        ],
    ),
    Case(
        id="003-05-parita-primi-due-fuori-obiettivo",
        seed=SEED,
        articles=[ART23_TIE, ART23],
        derivation=(
            "G01 and G02 both have 40 objective points; criterion 1: more out-of-objective "
            "points. G02 has 15, G01 10: G02 wins, 1,040; G01 is 2nd, 0,040. G03 30 → 0,030, "
            "G04 20 → 0,020."),
        formula="eagles",
        players=players(4),
        steps=[
            Type(tav(1, 1, ("G01", 40, 10), ("G02", 40, 15), ("G03", 30), ("G04", 20))),
            Cli(["standings"]),
            torneo({"G01": "0,040", "G02": "1,040", "G03": "0,030", "G04": "0,020"}),
            ExpectRisultati({(1, "Qualificazione", "G02"): {"Posizione": 1},
                             (1, "Qualificazione", "G01"): {"Posizione": 2}}),
        ],
    ),
    Case(
        id="003-06-parita-primi-due-criterio-del-colore",
        seed=SEED,
        articles=[ART23_TIE],
        derivation=(
            "G01 (first to play, Ordine 1) and G03 (Ordine 3) both have 40 objective and 10 "
            "out-of-objective points. Criterion 2, «vince chi ha iniziato per ultimo al primo "
            "turno»: of the two, G03 started later, so G03 wins 1,040 and G01 gets 0,040. G02 "
            "30 → 0,030 and G04 20 → 0,020 (Ordine 2 and 4 do not matter: they are not tied)."),
        formula="eagles",
        players=players(4),
        steps=[
            Type(tav(1, 1, ("G01", 40, 10), ("G02", 30), ("G03", 40, 10), ("G04", 20))),
            Cli(["standings"]),
            torneo({"G01": "0,040", "G02": "0,030", "G03": "1,040", "G04": "0,020"}),
            ExpectRisultati({(1, "Qualificazione", "G03"): {"Posizione": 1},
                             (1, "Qualificazione", "G01"): {"Posizione": 2}}),
        ],
    ),
    Case(
        id="003-07-penalita-mai-negativa",
        seed=SEED,
        articles=[ART26_NEG, "Art. 23: «La violazione di questa regola comporta una "
                  "penalizzazione di 50 punti.»", "Art. 5: «riceverà una penalizzazione di 4 "
                  "punti»"],
        derivation=(
            "4-player table. G01 wins with 60 and has a 4-point penalty (Art. 5): 60 − 4 = 56 "
            "→ 1,056 (he still won the table: 56 is more than anyone else). G02 38 with a "
            "4-point penalty → 34 → 0,034. G03 30 with the 50-point penalty of Art. 23: 30 − "
            "50 would be negative → 0 (not −0,020). G04 20 → 0,020."),
        formula="eagles",
        players=players(4),
        steps=[
            Type(Tav(1, 1, [S("G01", 60, 0, penalita=4), S("G02", 38, 0, penalita=4),
                            S("G03", 30, 0, penalita=50), S("G04", 20, 0)])),
            Cli(["standings"]),
            torneo({"G01": "1,056", "G02": "0,034", "G03": "0", "G04": "0,020"}),
        ],
    ),
    # ------------------------------------------------------------- formula a) standings
    Case(
        id="003-08-generale-dopo-2-turni-scarta-il-peggiore-giocato",
        seed=SEED,
        articles=[ART2_CLASSIFICHE],
        derivation=(
            A_SCORES + "After round 2 of 3 the Generale drops each player's worse PLAYED "
            "result (the third round is not played yet, it is not a result): G01 1,050 "
            "(drops 0,044), G02 0,040 (drops 0,020), G03 1,048, G04 0,036, G05 1,045, G06 "
            "1,047, G07 0,012, G08 0,033; Assoluta = both games: G01 1,094, G02 0,060, G03 "
            "1,078, G04 0,056, G05 1,075, G06 1,089, G07 0,022, G08 0,058. Generale order: "
            "G01, G03, G06, G05, G02, G04, G08, G07."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(stop=2),
            Cli(["standings"]),
            ExpectClassifica(
                order=["G01", "G03", "G06", "G05", "G02", "G04", "G08", "G07"], complete=True,
                values={"G01": {"Generale": "1,050", "Assoluta": "1,094"},
                        "G02": {"Generale": "0,040", "Assoluta": "0,060"},
                        "G03": {"Generale": "1,048", "Assoluta": "1,078"},
                        "G04": {"Generale": "0,036", "Assoluta": "0,056"},
                        "G05": {"Generale": "1,045", "Assoluta": "1,075"},
                        "G06": {"Generale": "1,047", "Assoluta": "1,089"},
                        "G07": {"Generale": "0,012", "Assoluta": "0,022"},
                        "G08": {"Generale": "0,033", "Assoluta": "0,058"}}),
        ],
        ),
    Case(
        id="003-09-generale-e-assoluta-dopo-3-turni",
        seed=SEED,
        articles=[ART2_CLASSIFICHE],
        derivation=A_SCORES + A_AFTER3,
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["standings"]),
            ExpectClassifica(
                order=["G02", "G05", "G01", "G04", "G06", "G03", "G08", "G07"], complete=True,
                values={"G01": {"Generale": "1,094", "Assoluta": "1,134"},
                        "G02": {"Generale": "1,100", "Assoluta": "1,120"},
                        "G03": {"Generale": "1,078", "Assoluta": "1,088"},
                        "G04": {"Generale": "1,091", "Assoluta": "1,111"},
                        "G05": {"Generale": "1,095", "Assoluta": "1,125"},
                        "G06": {"Generale": "1,089", "Assoluta": "1,111"},
                        "G07": {"Generale": "0,057", "Assoluta": "0,067"},
                        "G08": {"Generale": "0,073", "Assoluta": "0,098"}}),
        ],
    ),
    Case(
        id="003-10-iscritto-al-secondo-turno",
        seed=SEED,
        articles=[ART3_ISCRIZIONI, ART2_CLASSIFICHE],
        derivation=(
            "Round 1, one 4-table: G01 40 wins 1,040, G02 30 → 0,030, G03 20, G04 10. G05 "
            "enrols for round 2 (a 5-table, ×1,25): G05 48 → 60 wins 1,060; G01 40 → 50 → "
            "0,050; G02 36 → 45 → 0,045; G03 24 → 30 → 0,030; G04 8 → 10 → 0,010. G05 has no "
            "round-1 result: that missing game is his worst and is the one dropped. Generale "
            "(best of 2): G05 1,060, G01 1,040, G02 0,045, G03 0,030, G04 0,010. Assoluta: G05 "
            "1,060, G01 1,090, G02 0,075, G03 0,050, G04 0,020."),
        formula="eagles",
        players=players(4),
        steps=[
            Type(tav(1, 1, ("G01", 40), ("G02", 30), ("G03", 20), ("G04", 10))),
            Enrol(P("G05", "Nome5", "Cognome5", "Club1", dal_turno=2)),
            Type(tav(2, 1, ("G05", 48), ("G01", 40), ("G02", 36), ("G03", 24), ("G04", 8))),
            Cli(["standings"]),
            ExpectClassifica(
                order=["G05", "G01", "G02", "G03", "G04"], complete=True,
                values={"G05": {"Generale": "1,060", "Assoluta": "1,060"},
                        "G01": {"Generale": "1,040", "Assoluta": "1,090"},
                        "G02": {"Generale": "0,045", "Assoluta": "0,075"},
                        "G03": {"Generale": "0,030", "Assoluta": "0,050"},
                        "G04": {"Generale": "0,010", "Assoluta": "0,020"}}),
        ],
        ),
    Case(
        id="003-11-parita-generale-decide-assoluta",
        seed=SEED,
        articles=[ART2_CATENA, ART2_CLASSIFICHE],
        derivation=(
            "Three rounds, two 4-tables each (no ×1,25). Round 1: G01 40 wins 1,040, G02 30, "
            "G03 20, G04 10 | G05 40 wins 1,040, G06 35, G07 25, G08 5. Round 2: G02 50 wins "
            "1,050, G01 30, G06 20, G07 10 | G03 45 wins 1,045, G05 30, G04 15, G08 12. Round "
            "3: G06 40 wins 1,040, G01 10, G02 20, G03 15 | G07 40 wins 1,040, G05 5, G04 20, "
            "G08 15. G01 1,040; 0,030; 0,010 → Generale 1,070 (drops 0,010), Assoluta 1,080. "
            "G05 1,040; 0,030; 0,005 → Generale 1,070, Assoluta 1,075. Tied in the Generale; "
            "criterion 1, position in the Assoluta: G01 (1,080) before G05 (1,075). The "
            "others: G02 0,030; 1,050; 0,020 → 1,080 / 1,100; G06 0,035; 0,020; 1,040 → 1,075 "
            "/ 1,095; G03 0,020; 1,045; 0,015 → 1,065 / 1,080; G07 0,025; 0,010; 1,040 → 1,065 "
            "/ 1,075 (tied with G03 in the Generale, behind him in the Assoluta); G04 0,010; "
            "0,015; 0,020 → 0,035; G08 0,005; 0,012; 0,015 → 0,027. Generale: G02, G06, G01, "
            "G05, G03, G07, G04, G08."),
        formula="eagles",
        players=players(8),
        steps=[
            Type(tav(1, 1, ("G01", 40), ("G02", 30), ("G03", 20), ("G04", 10)),
                 tav(1, 2, ("G05", 40), ("G06", 35), ("G07", 25), ("G08", 5)),
                 tav(2, 1, ("G02", 50), ("G01", 30), ("G06", 20), ("G07", 10)),
                 tav(2, 2, ("G03", 45), ("G05", 30), ("G04", 15), ("G08", 12)),
                 tav(3, 1, ("G06", 40), ("G01", 10), ("G02", 20), ("G03", 15)),
                 tav(3, 2, ("G07", 40), ("G05", 5), ("G04", 20), ("G08", 15))),
            Cli(["standings"]),
            ExpectClassifica(
                order=["G02", "G06", "G01", "G05", "G03", "G07", "G04", "G08"], complete=True,
                values={"G01": {"Generale": "1,070", "Assoluta": "1,080"},
                        "G05": {"Generale": "1,070", "Assoluta": "1,075"},
                        "G03": {"Generale": "1,065", "Assoluta": "1,080"},
                        "G07": {"Generale": "1,065", "Assoluta": "1,075"}}),
        ],
    ),
    Case(
        id="003-12-parita-generale-decidono-gli-obiettivi",
        seed=SEED,
        articles=[ART2_CATENA, ART23],
        derivation=(
            "Round 1: G01 reaches the objective at a 4-table → 1,100; G02 30, G03 20, G04 10 | "
            "G05 wins a 5-table with 80 → 100 → 1,100 (objective not reached: the 1,100 cap); "
            "G06 24 → 30, G07 16 → 20, G08 8 → 10, G09 4 → 5. Round 2, 4-table: G02 50 wins "
            "1,050, G01 20 → 0,020, G03 10, G04 5; 5-table: G06 40 → 50 wins 1,050, G05 16 → "
            "20 → 0,020, G07 12 → 15, G08 8 → 10, G09 4 → 5. Round 3, 4-table: G03 40 wins, "
            "G01 5 → 0,005, G02 10, G04 20; 5-table: G07 40 → 50 wins, G05 4 → 5 → 0,005, G06 "
            "8 → 10, G08 12 → 15, G09 16 → 20. G01 and G05: 1,100; 0,020; 0,005 → Generale "
            "1,120, Assoluta 1,125 both. Criterion 2, objectives reached over all games: G01 "
            "1, G05 0 → G01 before G05. Everybody else is below 1,120 (G02 0,030; 1,050; "
            "0,010 → 1,080; G06 the same; G07 0,020; 0,015; 1,050 → 1,070; G03 0,020; 0,010; "
            "1,040 → 1,060)."),
        formula="eagles",
        players=players(9),
        steps=[
            Type(Tav(1, 1, [S("G01", 60, 0, risiko=True), S("G02", 30, 0), S("G03", 20, 0),
                            S("G04", 10, 0)]),
                 tav(1, 2, ("G05", 80), ("G06", 24), ("G07", 16), ("G08", 8), ("G09", 4)),
                 tav(2, 1, ("G01", 20), ("G02", 50), ("G03", 10), ("G04", 5)),
                 tav(2, 2, ("G05", 16), ("G06", 40), ("G07", 12), ("G08", 8), ("G09", 4)),
                 tav(3, 1, ("G03", 40), ("G01", 5), ("G02", 10), ("G04", 20)),
                 tav(3, 2, ("G07", 40), ("G05", 4), ("G06", 8), ("G08", 12), ("G09", 16))),
            Cli(["standings"]),
            ExpectClassifica(
                order=["G01", "G05"],
                values={"G01": {"Generale": "1,120", "Assoluta": "1,125"},
                        "G05": {"Generale": "1,120", "Assoluta": "1,125"}}),
        ],
    ),
    Case(
        id="003-13-parita-generale-decidono-i-punti-fuori-obiettivo",
        seed=SEED,
        articles=[ART2_CATENA],
        derivation=(
            "Round 1: G01 40 (out-of-objective 30) wins 1,040, G02 30, G03 20, G04 10 | G05 40 "
            "(out 20) wins 1,040, G06 30, G07 20, G08 10. Round 2: G02 50 wins, G01 20 (out "
            "10) → 0,020, G03 10, G04 5 | G06 50 wins, G05 20 (out 10) → 0,020, G07 10, G08 "
            "5. Round 3: G03 45 wins, G01 5, G02 10, G04 20 | G07 44 wins, G05 5, G06 10, G08 "
            "20. G01 and G05: 1,040; 0,020; 0,005 → Generale 1,060, Assoluta 1,065, no "
            "objective reached, one win each. Criterion 4, out-of-objective points over all "
            "games: G01 30+10 = 40, G05 20+10 = 30 → G01 before G05. (G03 0,020; 0,010; 1,045 "
            "→ Generale 1,065 is ahead of both; G02 and G06 are level on everything: their "
            "order is a lottery, not asserted.)"),
        formula="eagles",
        players=players(8),
        steps=[
            Type(tav(1, 1, ("G01", 40, 30), ("G02", 30), ("G03", 20), ("G04", 10)),
                 tav(1, 2, ("G05", 40, 20), ("G06", 30), ("G07", 20), ("G08", 10)),
                 tav(2, 1, ("G02", 50), ("G01", 20, 10), ("G03", 10), ("G04", 5)),
                 tav(2, 2, ("G06", 50), ("G05", 20, 10), ("G07", 10), ("G08", 5)),
                 tav(3, 1, ("G03", 45), ("G01", 5), ("G02", 10), ("G04", 20)),
                 tav(3, 2, ("G07", 44), ("G05", 5), ("G06", 10), ("G08", 20))),
            Cli(["standings"]),
            ExpectSheet("G01 before G05", lambda v: _before(v, "G01", "G05")),
            ExpectClassifica(values={"G01": {"Generale": "1,060", "Assoluta": "1,065"},
                                     "G05": {"Generale": "1,060", "Assoluta": "1,065"}}),
        ],
    ),
    # ----------------------------------------------------- formula a) ripescaggio, final
    Case(
        id="003-14-ripescaggio-qualificati",
        seed=SEED,
        articles=[ART2_A, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + (
            "The article lists the Assoluta's pick before the single game's: taken in that "
            "order (taking the single game first would pick G03 by his 1,048 and then G08 by "
            "the Assoluta)."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            ripescaggio_players({"G04", "G06", "G03", "G07"}),
        ],
    ),
    Case(
        id="003-15-finale-primi-tre-e-vincitore-ripescaggio",
        seed=SEED,
        articles=[ART2_A, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + A_RIPE_TEXT + (
            "Final: G02, G05, G01 and G06. Final game: G01 60 wins, G02 45, G05 35, G06 20: "
            "G01 wins the tournament (the seed ranks nobody else: «una coppa per il "
            "vincitore»)."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            FillRipescaggio(seats=A_RIPE),
            Cli(["finals"]),
            ExpectQualificati("Finale", ids={"G02", "G05", "G01", "G06"}),
            ExpectTables("Finale", tables=[{"G02", "G05", "G01", "G06"}]),
            Fill("Finale", [S("G01", 60, 0), S("G02", 45, 0), S("G05", 35, 0), S("G06", 20, 0)]),
            Cli(["finals"]),
            ExpectFinale(order=["G01"]),
        ],
    ),
    Case(
        id="003-16-finalista-ritirato-prima-del-ripescaggio",
        seed=SEED,
        articles=[ART3_FINALE_A, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + (
            "The ripescaggio is seated (G04, G06, G03, G07); then G05, a finalist, withdraws "
            "before it is played. The ripescaggio is played as drawn, and G05's final seat "
            "goes to the ripescaggio's players «secondo l'ordine di piazzamento»: its 1st "
            "takes the ripescaggio's own seat, its 2nd takes G05's. " + A_RIPE_TEXT +
            "Final: G02, G01, G06, G03. Nobody enters the final without playing the "
            "ripescaggio (not G04 moved up as 4th of the Generale)."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            Cli(["ritira", "G05"]),
            ripescaggio_players({"G04", "G06", "G03", "G07"}),
            FillRipescaggio(seats=A_RIPE),
            Cli(["finals"]),
            ExpectTables("Finale", players={"G02", "G01", "G06", "G03"}),
            ExpectQualificati("Finale", ids={"G02", "G01", "G06", "G03"}),
        ],
        ),
    Case(
        id="003-17-finalista-ritirato-prima-che-il-ripescaggio-sia-sorteggiato",
        seed=SEED,
        articles=[ART3_FINALE_A, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + (
            "Same facts as case 16, but G05 withdraws right after round 3, before `finals` "
            "seats the ripescaggio. He had already earned the final (2nd of the Generale "
            "after three rounds), so the same article applies and the outcome must "
            "not depend on when `finals` was run: ripescaggio G04, G06, G03, G07 as before; "
            + A_RIPE_TEXT + "final G02, G01, G06, G03."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["standings"]),
            Cli(["ritira", "G05"]),
            Cli(["finals"]),
            ripescaggio_players({"G04", "G06", "G03", "G07"}),
            FillRipescaggio(seats=A_RIPE),
            Cli(["finals"]),
            ExpectTables("Finale", players={"G02", "G01", "G06", "G03"}),
        ],
        ),
    Case(
        id="003-18-finalista-ritirato-dopo-il-ripescaggio",
        seed=SEED,
        articles=[ART3_FINALE_A],
        derivation=A_SCORES + A_AFTER3 + A_RIPE_TEXT + (
            "The final is seated (G02, G05, G01, G06); G01 withdraws before playing it. He is "
            "replaced from the ripescaggio in its order: its 1st (G06) is already a finalist, "
            "so its 2nd, G03. Final: G02, G05, G06, G03."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            FillRipescaggio(seats=A_RIPE),
            Cli(["finals"]),
            Cli(["ritira", "G01"]),
            ExpectTables("Finale", players={"G02", "G05", "G06", "G03"}),
            ExpectQualificati("Finale", ids={"G02", "G05", "G06", "G03"}),
        ],
        ),
    Case(
        id="003-19-ripescaggio-sostituzione-a-catena",
        seed=SEED,
        articles=[ART3_RIPE, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + (
            "The ripescaggio is seated; G04, qualified for it as 4th of the GENERALE, "
            "withdraws. He is replaced scrolling the Generale: after G04 come G06 (already "
            "there as 5th) and G03 (6th) — G03 holds the Assoluta's seat, so he moves to the "
            "Generale's seat and frees the Assoluta's one, which is filled scrolling the "
            "Assoluta: G01 1,134, G05, G02 (finalists), G04 (withdrawn), G06, G03 "
            "(qualified), G08 0,098 → G08 (G07 0,067 is behind and holds the single game's "
            "seat anyway). Ripescaggio: G06, G03, G08, G07."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            Cli(["ritira", "G04"]),
            ripescaggio_players({"G06", "G03", "G08", "G07"}),
        ],
    ),
    Case(
        id="003-20-assente-non-sorteggiato",
        seed=SEED,
        articles=[ART4_ESCLUSO, ART2_CLASSIFICHE],
        derivation=(
            "Eight players; round 1 typed: G01 50 wins 1,050, G02 40, G03 30, G04 20 | G05 45 "
            "wins 1,045, G06 42, G07 10, G08 25 → G08 0,025. G08 is late for round 2 and "
            "ESCLUSO (Stato «Assente»): the round-2 draw seats the other 7, one table of 4 and "
            "one of 3 (7 is one of the counts needing a 3-table). After round 2 G08's missing "
            "game is his worst and is dropped: Generale 0,025, Assoluta 0,025. Back «Attivo», "
            "he is seated in round 3."),
        formula="eagles",
        settings={"Seme sorteggio": "casebook-003-20"},
        players=players(8),
        steps=[
            Type(*A_R1),
            Edit("G08", Stato="Assente"),
            Cli(["draw", "--turno", "2"]),
            ExpectTables("Qualificazione", turno=2,
                         players={"G01", "G02", "G03", "G04", "G05", "G06", "G07"}),
            ExpectSheet("round 2 at a 4-table and a 3-table", _sizes(2, [4, 3])),
            Fill("Qualificazione", [S(f"G0{i}", 10 + 5 * i, 0) for i in range(1, 8)], turno=2),
            Cli(["standings"]),
            ExpectClassifica(values={"G08": {"Generale": "0,025", "Assoluta": "0,025"}}),
            Edit("G08", Stato="Attivo"),
            Cli(["draw", "--turno", "3"]),
            ExpectTables("Qualificazione", turno=3, players={f"G0{i}" for i in range(1, 9)}),
        ],
        ),
    Case(
        id="003-21-non-qualificato-in-finale",
        seed=SEED,
        articles=[ART2_A, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + (
            "Without running `finals`, the organiser types a final of G02, G05, G01 and G04 "
            "(4th of the Generale, who has not won any ripescaggio). G04 is not a finalist by "
            "the article "
            "(the 4th finalist is the ripescaggio's winner, and no ripescaggio has been "
            "played). `verify` must report it naming G04 (exit 1)."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Type(tav(4, 1, ("G02", 50), ("G05", 40), ("G01", 30), ("G04", 20), fase="Finale")),
            # issue 14: a phase row whose player did not qualify is refused by standings
            # (no final is due at turn 4: the ripescaggio is; the first such row is named)
            Cli(["standings"], code=2, says="non è qualificato"),
            # verify names G04, or says no final is due at turn 4 (the ripescaggio is)
            Cli(["verify"], code=1, says=[("G04", "non prevede questa fase")]),
        ],
        ),
    # ------------------------------------------------------------------ formula b)
    Case(
        id="003-22-formula-b-finalista-diretto-e-tre-semifinali",
        seed=SEED,
        articles=[ART2_B, ART2_B_CATENA, ART4_FASCE],
        derivation=B_SCORES + B_STANDINGS + (
            "G01 is alone at the top with 2 wins: straight to the final. Semifinals: 2nd–13th, "
            "bands 2–4 {G02, G03, G06}, 5–7 {G11, G27, G05}, 8–10 {G04, G26, G16}, 11–13 {G21, "
            "G20, G13}; three tables, one player of each band at each."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2),
            Cli(["finals"]),
            ExpectClassifica(order=["G01", *B_SEMI12, "G17", "G23", "G12"]),
            ExpectQualificati("Finale", ids={"G01"}),
            ExpectQualificati("Semifinale", ids=set(B_SEMI12)),
            ExpectTables("Semifinale", players=set(B_SEMI12), bands=B_BANDS),
        ],
    ),
    Case(
        id="003-23-formula-b-semifinalista-ritirato-prima-del-sorteggio",
        seed=SEED,
        articles=[ART3_SEMI, ART4_FASCE],
        derivation=B_SCORES + B_STANDINGS + (
            "G05 (7th) withdraws after round 2, before the semifinals are seated. «si scorrerà "
            "la Classifica fino ad individuare il primo giocatore disponibile»: the first not "
            "qualified is the 14th, G17. The twelve qualifiers in standings order are G02, "
            "G03, G06, G11, G27, G04, G26, G16, G21, G20, G13, G17, and the bands are made of "
            "the QUALIFIED players «in base alla Classifica» (the only reading under which "
            "every semifinal can still hold one player of each band): {G02, G03, G06}, {G11, "
            "G27, G04}, {G26, G16, G21}, {G20, G13, G17}."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2),
            Cli(["ritira", "G05"]),
            Cli(["finals"]),
            ExpectQualificati("Semifinale", ids=set(B_SEMI12) - {"G05"} | {"G17"},
                              absent={"G05"}),
            ExpectTables("Semifinale", players=set(B_SEMI12) - {"G05"} | {"G17"},
                         bands=[{"G02", "G03", "G06"}, {"G11", "G27", "G04"},
                                {"G26", "G16", "G21"}, {"G20", "G13", "G17"}]),
        ],
    ),
    Case(
        id="003-24-formula-b-finalista-sostituito-dal-secondo-della-semifinale",
        seed=SEED,
        articles=[ART3_FINALE_B, ART4_FASCE],
        derivation=B_SCORES + B_STANDINGS + B_SEMI_TEXT + (
            "G02 withdraws before the final: «sostituito dal giocatore classificatosi secondo "
            "nella stessa partita di semifinale», i.e. the band-2 player of G02's table (which "
            "one is left to the draw; the check reads G02's table). Final: G01, G03, G06 and "
            "that player."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2),
            Cli(["finals"]),
            Fill("Semifinale", [S(pid, pts, 0) for pid, pts in B_SEMI_POINTS.items()]),
            Cli(["finals"]),
            ExpectTables("Finale", players={"G01", "G02", "G03", "G06"}),
            Cli(["ritira", "G02"]),
            ExpectSheet("G02 replaced by the 2nd of his semifinal", b_final_replaced_by_second),
        ],
    ),
    Case(
        id="003-25-formula-b-finalista-diretto-ritirato-dopo-le-semifinali",
        seed=SEED,
        articles=[ART3_FINALE_B],
        derivation=B_SCORES + B_STANDINGS + B_SEMI_TEXT + (
            "G01 withdraws before the final. He played no semifinal, so there is no «secondo "
            "nella stessa partita di semifinale»; the article's next rule applies: the best of "
            "«una classifica ... considerando i soli punteggi del turno di semifinale» among "
            "those not in the final: G11 0,040 (then G27 0,038, G05 0,036). Final: G02, G03, "
            "G06, G11."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2),
            Cli(["finals"]),
            Fill("Semifinale", [S(pid, pts, 0) for pid, pts in B_SEMI_POINTS.items()]),
            Cli(["finals"]),
            Cli(["ritira", "G01"]),
            ExpectTables("Finale", players={"G02", "G03", "G06", "G11"}),
        ],
    ),
    Case(
        id="003-26-formula-b-sorteggio-non-vale-per-la-finale-diretta",
        seed=SEED,
        articles=[ART2_B, ART2_B_CATENA, ART4_FASCE],
        derivation=B_SCORES + (
            "Changed round 2 tables 1–2: T1 G01 44→55 wins, G07 28→35, G11 32→40, G16 24→30, "
            "G21 20→25 | T2 G06 44→55 wins, G02 20→25, G12 12→15, G17 16→20, G22 4→5. G01 and "
            "G06 both 1,055 + 1,055 = 2,110 with two wins; best game 1,055 both; after round "
            "1 they were level too (1,055 each). Only the lottery separates them, and it "
            "«non [è] valevole per decretare l'eventuale passaggio diretto in finale»: nobody "
            "is alone at the top, no direct finalist, semifinals for the first sixteen. Totals: "
            "G01, G06 2,110; G03 1,100; G11 1,090; G27 1,081; G05 1,080; G04 1,079; G26 1,078; "
            "G16 1,075; G21 1,065; G02 0,045+0,025 = 0,070 and G20 0,025+0,045 = 0,070 (best "
            "0,045 both; after round 1 G02 0,045 was ahead of G20 0,025) → G02 11th, G20 12th; "
            "G13 0,065 (best 0,055) and G07 0,030+0,035 = 0,065 (best 0,035) → 13th G13, 14th "
            "G07; 15 G17 0,060; 16 G23 0,055; 17 G12 0,050. Bands: {G01, G06, G03, G11}, {G27, "
            "G05, G04, G26}, {G16, G21, G02, G20}, {G13, G07, G17, G23}: four semifinals."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2_TIE),
            Cli(["finals"]),
            ExpectQualificati("Finale", ids=set()),
            ExpectTables("Semifinale",
                         players={"G01", "G06", "G03", "G11", "G27", "G05", "G04", "G26",
                                  "G16", "G21", "G02", "G20", "G13", "G07", "G17", "G23"},
                         bands=[{"G01", "G06", "G03", "G11"}, {"G27", "G05", "G04", "G26"},
                                {"G16", "G21", "G02", "G20"}, {"G13", "G07", "G17", "G23"}]),
        ],
    ),
    Case(
        id="003-27-formula-b-finale-diretta-per-migliore-prestazione",
        seed=SEED,
        articles=[ART2_B, ART2_B_CATENA],
        derivation=B_SCORES + (
            "As case 26, but G06 scores 52→65 (1,065) in round 1 and 36→45 (1,045) in round 2: "
            "G06 and G01 both 2,110 with two wins; criterion 1, the best single game: G06 "
            "1,065 > G01 1,055 → G06 is first, alone, without any lottery: straight to the "
            "final. Semifinals 2nd–13th: G01, G03, G11, G27, G05, G04, G26, G16, G21, G02, "
            "G20, G13."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1_BEST, B_R2_BEST),
            Cli(["finals"]),
            ExpectQualificati("Finale", ids={"G06"}),
            ExpectTables("Semifinale",
                         players={"G01", "G03", "G11", "G27", "G05", "G04", "G26", "G16",
                                  "G21", "G02", "G20", "G13"},
                         bands=[{"G01", "G03", "G11"}, {"G27", "G05", "G04"},
                                {"G26", "G16", "G21"}, {"G02", "G20", "G13"}]),
        ],
    ),
    Case(
        id="003-28-sorteggio-decide-terzo-e-quarto",
        seed=SEED,
        articles=[ART2_CATENA, ART2_RIPESCAGGIO],
        derivation=A_LOT_TEXT + (
            "Whatever the lottery's result, the player it puts 3rd is a finalist and the other "
            "plays the ripescaggio."),
        formula="eagles",
        players=players(8),
        steps=[
            Type(*A_LOT),
            Cli(["standings"]),
            Cli(["finals"]),
            Cli(["standings"]),
            ExpectSheet("the lottery decides the line once, finals follow it", _lottery_line),
        ],
    ),
    Case(
        id="003-29-sorteggio-annunciato-da-finals",
        seed=SEED,
        articles=[ART2_CATENA, ART2_RIPESCAGGIO],
        derivation=A_LOT_TEXT + (
            "The lottery decides the line between the final and the ripescaggio, so the "
            "qualification that `finals` publishes must say that a «sorteggio» decided it "
            "(the issue's point 3: a lottery deciding a qualification line is announced)."),
        formula="eagles",
        players=players(8),
        steps=[
            Type(*A_LOT),
            Cli(["finals"], says="sorteggio"),
        ],
        ),
    Case(
        id="003-30-formula-b-semifinalista-ritirato-dopo-il-sorteggio",
        seed=SEED,
        articles=[ART3_SEMI, ART4_FASCE, "Art. 4: «Il sorteggio sarà effettuato la stessa sera "
                  "in cui si disputano le partite del turno di semifinale alla presenza di tutti "
                  "i giocatori qualificati e degli eventuali sostituti.»"],
        derivation=B_SCORES + B_STANDINGS + (
            "The semifinals are seated (case 22), then G05 (7th, band 5–7) withdraws before "
            "playing. The same facts as case 23 — the semifinal draw is made on the evening, "
            "with the substitutes present — give the same semifinals: G17 (14th) takes part, "
            "and the bands of the qualified are {G02, G03, G06}, {G11, G27, G04}, {G26, G16, "
            "G21}, {G20, G13, G17}, one of each at every table."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2),
            Cli(["finals"]),
            Cli(["ritira", "G05"]),
            ExpectTables("Semifinale", players=set(B_SEMI12) - {"G05"} | {"G17"},
                         bands=[{"G02", "G03", "G06"}, {"G11", "G27", "G04"},
                                {"G26", "G16", "G21"}, {"G20", "G13", "G17"}]),
        ],
        ),
    Case(
        id="003-31-formula-b-finale-e-vincitore",
        seed=SEED,
        articles=[ART2_B, "Art. 28: «È prevista l'assegnazione di una coppa per il vincitore del "
                  "torneo.»"],
        derivation=B_SCORES + B_STANDINGS + B_SEMI_TEXT + (
            "Final (a 4-table): G03 30 wins, G02 25, G01 20, G06 15. The tournament's winner is "
            "G03, first of the final ranking (the seed ranks nobody else)."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2),
            Cli(["finals"]),
            Fill("Semifinale", [S(pid, pts, 0) for pid, pts in B_SEMI_POINTS.items()]),
            Cli(["finals"]),
            Fill("Finale", [S("G01", 20, 0), S("G02", 25, 0), S("G03", 30, 0), S("G06", 15, 0)]),
            Cli(["finals"]),
            ExpectFinale(order=["G03"]),
        ],
    ),
    Case(
        id="003-32-formula-a-decisa-al-primo-turno",
        seed=SEED,
        articles=[ART2_A, "Art. 2: «Il superamento o meno del numero minimo di giocatori "
                  "necessari per la scelta della formula di gara sarà decretato tra il sorteggio "
                  "e l'inizio delle partite del primo turno preliminare ... Le nuove iscrizioni "
                  "al torneo continueranno anche al secondo ed all'eventuale terzo turno "
                  "preliminare ed il torneo continuerà con la formulazione decretata "
                  "indipendentemente dal numero definitivo di giocatori»"],
        derivation=(
            "28 players play round 1 (four 5-tables and two 4-tables): «pari o inferiore a "
            "28» → formula a), three preliminary rounds. G29 and G30 enrol for round 2 (30 "
            "players, six 5-tables): the formula stays a). After round 2 there is no semifinal "
            "yet: `finals` is refused (exit 2) because round 3 is missing."),
        formula="eagles",
        players=players(28),
        steps=[
            Type(*rounds_of(1, [ids(1, 5), ids(6, 10), ids(11, 15), ids(16, 20), ids(21, 24),
                                ids(25, 28)])),
            Enrol(P("G29", "Nome29", "Cognome29", "Club1", dal_turno=2),
                  P("G30", "Nome30", "Cognome30", "Club2", dal_turno=2)),
            Type(*rounds_of(2, [["G01", "G06", "G11", "G16", "G21"],
                                ["G02", "G07", "G12", "G17", "G22"],
                                ["G03", "G08", "G13", "G18", "G23"],
                                ["G04", "G09", "G14", "G19", "G24"],
                                ["G05", "G10", "G15", "G20", "G25"],
                                ["G26", "G27", "G28", "G29", "G30"]])),
            Cli(["finals"], code=2, says="3"),
        ],
    ),
    Case(
        id="003-33-formula-b-nessuno-con-due-vittorie-quattro-semifinali",
        seed=SEED,
        articles=[ART2_B, ART2_B_CATENA, ART4_FASCE],
        derivation=B_SCORES + (
            "Changed round 2 tables 1–2: T1 G07 44→55 wins 1,055, G01 32→40, G11 28→35, G16 "
            "24→30, G21 20→25 | T2 G02 48→60 wins 1,060, G06 8→10, G12 12→15, G17 16→20, G22 "
            "4→5. Nobody has two wins, so nobody goes straight to the final: semifinals for "
            "the first sixteen. Totals: 1 G02 0,045+1,060 = 1,105; 2 G03 1,100; 3 G01 "
            "1,055+0,040 = 1,095; G07 0,030+1,055 = 1,085 and G11 1,050+0,035 = 1,085, best "
            "game 1,055 > 1,050 → 4 G07, 5 G11 (the band line 4/5 is decided by the first "
            "criterion); 6 G27 1,081; 7 G05 1,080; 8 G04 1,079; 9 G26 1,078; 10 G16 1,075; "
            "G06 1,055+0,010 = 1,065 and G21 1,040+0,025 = 1,065, best 1,055 > 1,040 → 11 G06, "
            "12 G21; 13 G20 0,070; 14 G13 0,065; 15 G17 0,060; 16 G23 0,055; 17 G12 0,050. "
            "Bands {G02, G03, G01, G07}, {G11, G27, G05, G04}, {G26, G16, G06, G21}, {G20, "
            "G13, G17, G23}: four semifinals, one of each band at each."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2_NODOUBLE),
            Cli(["finals"]),
            ExpectQualificati("Finale", ids=set()),
            ExpectTables("Semifinale",
                         players={"G02", "G03", "G01", "G07", "G11", "G27", "G05", "G04",
                                  "G26", "G16", "G06", "G21", "G20", "G13", "G17", "G23"},
                         bands=[{"G02", "G03", "G01", "G07"}, {"G11", "G27", "G05", "G04"},
                                {"G26", "G16", "G06", "G21"}, {"G20", "G13", "G17", "G23"}]),
        ],
    ),
    Case(
        id="003-34-generale-dopo-il-primo-turno",
        seed=SEED,
        articles=[ART2_CLASSIFICHE],
        derivation=(
            A_SCORES + "After round 1 each player has one result: there is nothing to drop "
            "yet (dropping the only game would leave everybody at 0), so Generale = Assoluta "
            "= the round-1 score: G01 1,050, G05 1,045, G06 0,042, G02 0,040, G03 0,030, G08 "
            "0,025, G04 0,020, G07 0,010."),
        formula="eagles",
        players=players(8),
        steps=[
            Type(*A_R1),
            Cli(["standings"]),
            ExpectClassifica(
                order=["G01", "G05", "G06", "G02", "G03", "G08", "G04", "G07"], complete=True,
                values={"G01": {"Generale": "1,050", "Assoluta": "1,050"},
                        "G06": {"Generale": "0,042", "Assoluta": "0,042"},
                        "G07": {"Generale": "0,010", "Assoluta": "0,010"}}),
        ],
    ),
    Case(
        id="003-35-formula-b-sostituto-anch-esso-ritirato-entra-il-terzo",
        seed=SEED,
        articles=[ART3_FINALE_B],
        derivation=B_SCORES + B_STANDINGS + B_SEMI_TEXT + (
            "G02 withdraws before the final and the 2nd of his semifinal (the band-2 player of "
            "his table) takes his seat (case 24); then that player withdraws too. «Se anche "
            "questo non è disponibile si procede con il terzo»: the 3rd of G02's semifinal, "
            "the band-3 player of that table, plays the final with G01, G03, G06."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2),
            Cli(["finals"]),
            Fill("Semifinale", [S(pid, pts, 0) for pid, pts in B_SEMI_POINTS.items()]),
            Cli(["finals"]),
            Cli(["ritira", "G02"]),
            Cli(["ritira", b_second_of_g02]),
            ExpectSheet("then the 3rd of G02's semifinal", b_final_replaced_by_third),
        ],
    ),
    Case(
        id="003-36-ritirato-dopo-le-qualificazioni-resta-in-classifica-finale",
        seed=SEED,
        articles=[ART3_FINALE_A, "Art. 3: «Un giocatore impossibilitato a continuare il torneo "
                  "potrà ritirarsi.»"],
        derivation=A_SCORES + A_AFTER3 + A_RIPE_TEXT + (
            "As case 18: G01 withdraws before the final and G03 (2nd of the ripescaggio) takes "
            "his seat. Final: G05 40 wins, G02 30, G06 25, G03 20 → G05 wins the tournament. "
            "G01 played the three preliminary rounds: withdrawing from the final does not "
            "erase them, so he is still in the final ranking, once, marked as withdrawn."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            FillRipescaggio(seats=A_RIPE),
            Cli(["finals"]),
            Cli(["ritira", "G01"]),
            Fill("Finale", [S("G05", 40, 0), S("G02", 30, 0), S("G06", 25, 0), S("G03", 20, 0)]),
            Cli(["finals"]),
            ExpectFinale(order=["G05"]),
            ExpectSheet("G01 still ranked, marked withdrawn", _withdrawn_still_ranked("G01")),
        ],
    ),
    Case(
        id="003-37-ripescaggio-sostituzione-a-catena-chi-sostituisce-chi",
        seed=SEED,
        articles=[ART3_RIPE],
        derivation=A_SCORES + A_AFTER3 + (
            "As case 19: G04 (4th of the Generale) withdraws from the ripescaggio. By the "
            "article G04 is replaced by G03, who comes from G04's own classification (the "
            "Generale, 6th), and G03's Assoluta seat goes to G08. So the withdrawal's message "
            "names both moves (G03 and G08), and Qualificati shows G03 as qualified through "
            "the Generale and G08 through the Assoluta."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            Cli(["ritira", "G04"], says=[("G03", "Nome3 Cognome3"), ("G08", "Nome8 Cognome8")]),
            ExpectSheet("G03 by the Generale, G08 by the Assoluta",
                        _ripescaggio_how({"G03": "generale", "G08": "assoluta"})),
        ],
        ),
    Case(
        id="003-38-formula-b-catena-migliore-prestazione-e-turno-precedente",
        seed=SEED,
        articles=[ART2_B_CATENA],
        derivation=B_SCORES + (
            "Round 2 changed as in case 26. Below the two leaders (level: a lottery, not "
            "asserted) the order is fixed by points and the chain: 3 G03 1,100; 4 G11 1,090; "
            "5 G27 1,081; 6 G05 1,080; 7 G04 1,079; 8 G26 1,078; 9 G16 1,075; 10 G21 1,065; "
            "G02 0,045+0,025 = 0,070 and G20 0,025+0,045 = 0,070 have the same best game "
            "(0,045): second criterion, the standings after round 1, where G02 (0,045) was "
            "ahead of G20 (0,025) → 11 G02, 12 G20; G13 0,010+0,055 = 0,065 and G07 "
            "0,030+0,035 = 0,065: best game 0,055 > 0,035 → 13 G13, 14 G07; 15 G17 0,060; 16 "
            "G23 0,055; 17 G12 0,050."),
        formula="eagles",
        players=players(29),
        steps=[
            b_rounds(B_R1, B_R2_TIE),
            Cli(["standings"]),
            ExpectSheet("places 3–17", _ranks(3, [
                "G03", "G11", "G27", "G05", "G04", "G26", "G16", "G21", "G02", "G20", "G13",
                "G07", "G17", "G23", "G12"])),
        ],
    ),
    Case(
        id="003-39-verify-torneo-regolare",
        seed=SEED,
        articles=[ART2_A, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + A_RIPE_TEXT + (
            "The whole formula a) as in case 15, every phase seated by `finals` and typed as "
            "played: nothing differs from the regulation, so `verify` finds no difference "
            "(exit 0)."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            FillRipescaggio(seats=A_RIPE),
            Cli(["finals"]),
            Fill("Finale", [S("G01", 60, 0), S("G02", 45, 0), S("G05", 35, 0), S("G06", 20, 0)]),
            Cli(["finals"]),
            Cli(["verify"]),
        ],
    ),
    Case(
        id="003-40-dieci-giocatori-due-tavoli-da-5",
        seed=SEED,
        articles=[ART4_ESCLUSO],
        derivation=(
            "Art. 4: tables of 3 «saranno necessarie solo in presenza di 11, 7, 6, 3 "
            "giocatori». 10 players are not among them: 5 + 5 (the only split of 10 into "
            "tables of 4 and 5). The round-1 draw seats two tables of 5."),
        formula="eagles",
        settings={"Seme sorteggio": "casebook-003-40"},
        players=players(10),
        steps=[
            Cli(["draw"]),
            ExpectSheet("tables 5, 5", _sizes(1, [5, 5])),
        ],
    ),
    Case(
        id="003-41-undici-giocatori-un-tavolo-da-3",
        seed=SEED,
        articles=[ART4_ESCLUSO],
        derivation=(
            "11 players is one of the counts that need a table of 3 (11 cannot be made of 4s "
            "and 5s), and Art. 4 wants as few 5-player games as possible: 4 + 4 + 3."),
        formula="eagles",
        settings={"Seme sorteggio": "casebook-003-41"},
        players=players(11),
        steps=[
            Cli(["draw"]),
            ExpectSheet("tables 4, 4, 3", _sizes(1, [4, 4, 3])),
        ],
    ),
    Case(
        id="003-42-ripescaggio-parita-decisa-dai-punti-fuori-obiettivo",
        seed=SEED,
        articles=[ART23_TIE, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + (
            "Ripescaggio (G04, G06, G03, G07 at a 4-table): G06 and G03 both 40 objective "
            "points, G06 5 and G03 12 out of the objective; G04 30, G07 20. Art. 23's chain "
            "holds for every game: more out-of-objective points → G03 wins the ripescaggio "
            "and joins G02, G05, G01 in the final."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            FillRipescaggio(seats=[S("G04", 30, 5), S("G06", 40, 5), S("G03", 40, 12),
                                   S("G07", 20, 5)]),
            Cli(["finals"]),
            ExpectTables("Finale", players={"G02", "G05", "G01", "G03"}),
        ],
    ),
    Case(
        id="003-43-vincitore-del-ripescaggio-ritirato",
        seed=SEED,
        articles=[ART3_FINALE_A],
        derivation=A_SCORES + A_AFTER3 + A_RIPE_TEXT + (
            "The final is seated (G02, G05, G01, G06); G06, who won the ripescaggio, "
            "withdraws before the final. A finalist who cannot play is replaced from the "
            "ripescaggio «secondo l'ordine di piazzamento»: its 2nd, G03. Final: G02, G05, "
            "G01, G03."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            FillRipescaggio(seats=A_RIPE),
            Cli(["finals"]),
            Cli(["ritira", "G06"]),
            ExpectTables("Finale", players={"G02", "G05", "G01", "G03"}),
        ],
    ),
    Case(
        id="003-44-il-ripescaggio-si-chiama-ripescaggio",
        seed=SEED,
        articles=[ART2_A, ART2_RIPESCAGGIO],
        derivation=A_SCORES + A_AFTER3 + (
            "Formula a) has «un ripescaggio», «un turno di ripescaggio»: the extra game of "
            "G04, G06, G03, G07 is a Ripescaggio, and its rows (Risultati, Qualificati) say "
            "so — a player reading «Spareggio» would look for a tie-break that this "
            "regulation does not have."),
        formula="eagles",
        players=players(8),
        steps=[
            *a_base(),
            Cli(["finals"]),
            ExpectSheet("ripescaggio rows labelled Ripescaggio", _labelled_ripescaggio),
        ],
        ),
]
