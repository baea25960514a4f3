"""Seed 004: S.P.Q.RisiKo! Tornei Ufficiali (RTU) and Campionato Nazionale a Squadre (CNS)
— presets `rtu` and `cns`.

S.P.Q.RisiKo! is its own game: the winner is who reaches 20 points on the score track
(«Viene considerato vincitore colui che alla fine di un turno completo di gioco ...
raggiunge o supera i 20 punti»); there is no 42-territory map and no ×1,25. The game's
points (seed 004's «punti tavolo») are typed in `Punti obiettivo`; the referee types the tie-break
data in the two columns `Coefficiente` (coefficiente dei punti potenziali) and `Valore
esercito`. Each case names its method in `Metodo punteggio` (the seed leaves it to the
club: «Ogni Club può decidere autonomamente, quale formula torneo e punteggio adottare»).

Decision where the seed is not explicit: «+ dei decimali di punto uguali al coefficiente
punti potenziali» is read as the coefficient in hundredths (coefficient 23 → +0,23); every
coefficient used here has two digits, so «decimali uguali al coefficiente» can only mean
that.
"""

from __future__ import annotations

import atexit
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .runner import (
    Case,
    Cli,
    ExpectClassifica,
    ExpectFinale,
    ExpectRisultati,
    ExpectSheet,
    Fill,
    P,
    Runner,
    S,
    Tav,
    Type,
    View,
    update_rows,
)

SEED = "004"

VINCITORE = ("«Viene considerato vincitore colui che alla fine di un turno completo di gioco "
             "(cioè dopo che anche l'ultimo giocatore di mano ha giocato) raggiunge o supera i "
             "20 punti.»")
BONUS = ("Metodo punti tavolo con \"bonus per la vittoria\": «I punti-torneo sono pari ai punti "
         "realizzati al tavolo, aggiungendo però un bonus per la vittoria (in genere 20).»")
STANDARD = ("Metodo punti standard: «in base al piazzamento al tavolo un giocatore riceve un "
            "certo numero di punti torneo (in base allo schema) a cui si aggiungono poi i punti "
            "tavolo realizzati, + dei decimali di punto uguali al coefficiente punti potenziali. "
            "Piazzamento Punti 1° 150 2° 100 3° 70 4° 50 5° 30»")
MEDAGLIERE = ("«Metodo (alternativo) del medagliere olimpico: la classifica tiene conto del numero "
              "di vittorie, poi del numero di secondi posti, poi del numero di terzi posti ed "
              "infine dei quarti posti realizzati durante l'intero torneo»")
PARITA = ("«Se due o più giocatori al termine della partita ottengono lo stesso punteggio, al "
          "fine di stabilire il vincitore e di assegnare le altre posizioni intermedie per la "
          "classifica, sarà necessario considerare nell'ordine: – il coefficiente dei punti "
          "potenziali, – il valore del proprio esercito, – l'ordine di gioco.»")
ORDINE = ("«Solo nel caso che dopo il confronto dei 2 precedenti criteri di giudizio, sussista "
          "un'ulteriore situazione di parità tra 2 o più giocatori, si considererà l'ordine "
          "inverso di gioco. Privilegiando cioè l'ultimo giocatore di turno rispetto a tutti gli "
          "altri e conseguentemente ogni giocatore rispetto a chi lo precede.»")
TAVOLI = ("«Per lo svolgimento di Tornei Ufficiali di S.P.Q.RisiKo! le partite possono essere "
          "giocate con tavoli da 4 o da 5 giocatori.»")
SCARTI = ("«da 4 a 6 partite con possibilità di scartare 1 o 2 risultati ... E' buona pratica "
          "prevedere poi una finale fra i primi 4 o 5 della classifica.»")
CNS_SQUADRA = ("CNS: «con una sola squadra composta da un minimo di 5 a un massimo di 15 "
               "iscritti. Composizione dei tavoli: Solo tavoli da 5 giocatori. Verranno previsti "
               "tre turni di gioco che vedranno impiegati in questo caso cinque giocatori di ogni "
               "squadra per ciascun turno.»")
CNS_CLASSIFICA = ("CNS: «Ogni squadra disputerà cioè un totale di 15 partite ... La classifica "
                  "finale sarà stilata tenendo conto degli 11 migliori risultati ottenuti da ogni "
                  "squadra, scartando quindi le 4 performance peggiori.» «Ad ogni giocatore "
                  "verranno assegnati dei punti classifica in base piazzamento al proprio tavolo "
                  "... 1° 2° 3° 4° 5° Punti 150 100 70 50 30. Oltre a questi andranno sommati ad "
                  "ogni giocatore punti equivalenti al numero dei punti tavolo realizzati e dei "
                  "decimali di punto in base al coefficiente punti potenziali»")


def players(n: int, clubs: int = 4) -> list:
    return [P(f"G{i:02d}", f"Nome{i}", f"Cognome{i}", f"Club{(i - 1) % clubs + 1}")
            for i in range(1, n + 1)]


def seat(pid: str, punti: int, coeff: int | None = None, esercito: int | None = None) -> S:
    extra = {}
    if coeff is not None:
        extra["Coefficiente"] = coeff
    if esercito is not None:
        extra["Valore esercito"] = esercito
    return S(pid, punti, extra=extra)


def tav(turno: int, tavolo: int, *seats: S) -> Tav:
    return Tav(turno, tavolo, list(seats))


def results(values: dict, turno: int = 1, pos: dict | None = None) -> ExpectRisultati:
    rows = {(turno, "Qualificazione", pid): {"Punti torneo": v} for pid, v in values.items()}
    for pid, p in (pos or {}).items():
        rows[(turno, "Qualificazione", pid)]["Posizione"] = p
    return ExpectRisultati(rows)


# ------------------------------------------------------------------------------ CNS data
TEAMS = ["Aquile", "Bisonti", "Cinghiali", "Delfini", "Elefanti"]
# 15 games (3 rounds × 5 tables of 5); PERMS[g][team] = 0-based place of that team's player.
PERMS = [(0, 1, 2, 3, 4), (0, 1, 3, 2, 4), (0, 2, 1, 3, 4), (0, 1, 2, 3, 4), (1, 0, 3, 4, 2),
         (1, 0, 4, 2, 3), (1, 2, 0, 4, 3), (2, 0, 1, 4, 3), (2, 3, 4, 0, 1), (3, 4, 0, 1, 2),
         (0, 1, 2, 3, 4), (1, 0, 3, 4, 2), (2, 3, 4, 0, 1), (3, 4, 1, 2, 0), (4, 2, 0, 1, 3)]
# Place → (game points, coefficient): the tournament points are then fixed per place.
PLACE = [(22, 20), (18, 16), (14, 12), (10, 11), (6, 10)]


def cns_players(sizes: dict[str, int] | None = None) -> list:
    sizes = sizes or {t: 5 for t in TEAMS}
    out = []
    for team in TEAMS:
        for i in range(sizes.get(team, 0)):
            pid = f"{team[0]}{i + 1}"
            out.append(P(pid, f"Nome{pid}", f"Cognome{pid}", team))
    return out


def cns_rounds(perms=PERMS, points: dict | None = None) -> Type:
    """Round r (1–3), table t (1–5): one player per team; team x's player i sits at table
    (i + (r−1)·x) mod 5 + 1, so each plays once a round; places follow `perms`, points and
    coefficients PLACE unless `points[(game, team letter)]` says otherwise."""
    tables = []
    for g, perm in enumerate(perms):
        r, t = g // 5, g % 5
        seats = []
        for x, team in enumerate(TEAMS):
            i = (t - r * x) % 5
            pts, coeff = (points or {}).get((g, team[0]), PLACE[perm[x]])
            seats.append(seat(f"{team[0]}{i + 1}", pts, coeff))
        tables.append(Tav(r + 1, t + 1, seats))
    return Type(*tables)


# Places (1st..5th) per team: Aquile 4,3,4,2,2; Bisonti 3,5,3,2,2; Cinghiali 3,3,3,3,3;
# Delfini 3,2,3,4,3; Elefanti 2,2,2,4,5.
PERMS_TIE = [(0, 1, 2, 3, 4), (0, 1, 3, 2, 4), (1, 2, 0, 3, 4), (2, 0, 1, 4, 3),
             (2, 1, 4, 0, 3), (0, 1, 2, 3, 4), (1, 0, 3, 4, 2), (2, 3, 4, 0, 1),
             (3, 4, 1, 2, 0), (4, 2, 0, 1, 3), (0, 1, 2, 3, 4), (1, 0, 3, 4, 2),
             (2, 3, 4, 0, 1), (3, 4, 1, 2, 0), (4, 2, 0, 1, 3)]
# Bisonti's 2nd places (games 0, 1, 4, 5, 10) with 21 points instead of 18; its 3rd places
# (games 2, 9, 14) with 16, 16, 15 instead of 14.
POINTS_TIE = {**{(g, "B"): (21, 16) for g in (0, 1, 4, 5, 10)},
              (2, "B"): (16, 12), (9, "B"): (16, 12), (14, "B"): (15, 12)}


def squadre(order: list[str], totals: dict[str, str]) -> ExpectSheet:
    from .runner import same

    def check(view: View) -> None:
        rows = view.table("Squadre")
        got = [str(r.get("Squadra")) for r in rows if r.get("Squadra") not in (None, "")]
        assert got == order, f"Squadre order {got}, expected {order}"
        for r in rows:
            name = str(r.get("Squadra"))
            if name in totals:
                assert same(r.get("Totale"), totals[name]), (
                    f"{name} Totale {r.get('Totale')!r}, expected {totals[name]}")
    return ExpectSheet(f"Squadre {order}", check)


def _medal_rounds() -> Type:
    def t5(turno, tavolo, ids):
        return Tav(turno, tavolo, [S(pid, p) for pid, p in zip(ids, [22, 17, 13, 9, 5])])

    def t4(turno, tavolo, ids):
        return Tav(turno, tavolo, [S(pid, p) for pid, p in zip(ids, [21, 16, 11, 6])])
    return Type(t5(1, 1, ["G05", "G01", "G06", "G07", "G08"]),
                t4(1, 2, ["G09", "G02", "G03", "G04"]),
                t5(2, 1, ["G07", "G06", "G03", "G04", "G02"]),
                t4(2, 2, ["G08", "G05", "G09", "G01"]))


def _final_is_top(top: list[str]):
    def check(view: View) -> None:
        got = {str(r.get("ID")) for r in view.table("Risultati") if r.get("Fase") == "Finale"}
        ok = got in (set(top[:4]), set(top[:5]))
        assert ok, f"final {sorted(got)}, expected the first 4 or 5 of {top}"
    return check


@dataclass
class FillSeated(Fill):
    """A `Fill` of the rows the program seated, skipping the IDs it did not seat (a final of
    4 or 5, as the preset chooses)."""


def _do_fill_seated(self: Runner, no: int, step: FillSeated) -> None:
    def fill(wb):
        for s in step.seats:
            def match(row, s=s):
                return str(row.get("ID")) == s.id and row.get("Fase") == step.fase
            update_rows(wb, "Risultati", match, s.cells())
    self._edit(fill)


Runner.do_FillSeated = _do_fill_seated  # a step of this file only


def _sizes_round1(sizes: list[int]):
    def check(view: View) -> None:
        tables: dict = {}
        for r in view.table("Risultati"):
            if r.get("Turno") == 1:
                tables.setdefault(r.get("Tavolo"), []).append(r.get("ID"))
        got = sorted((len(v) for v in tables.values()), reverse=True)
        assert got == sorted(sizes, reverse=True), f"round 1 tables {tables}"
    return check


def _totals(expected: dict[str, str]):
    """The standings total of each player, whichever column holds it (Totale, or Generale
    when the formula drops results)."""
    from .runner import same

    def check(view: View) -> None:
        rows = {str(r.get("ID")): r for r in view.table("Classifica")}
        for pid, value in expected.items():
            row = rows[pid]
            got = row.get("Totale", row.get("Generale"))
            assert same(got, value), f"{pid} total {got!r}, expected {value}: {row}"
    return check


def _squadre_counts(expected: dict[str, dict[str, int]]):
    def check(view: View) -> None:
        rows = {str(r.get("Squadra")): r for r in view.table("Squadre")}
        for team, cols in expected.items():
            for col, value in cols.items():
                assert rows[team].get(col) == value, (
                    f"{team} {col} = {rows[team].get(col)!r}, expected {value}")
    return check


_REFERTI_DIR = tempfile.mkdtemp(prefix="casebook-004-referti-")
atexit.register(shutil.rmtree, _REFERTI_DIR, True)
_REFERTI = Path(_REFERTI_DIR) / "referti-rtu.html"


def _referti_spqr(view: View) -> None:
    html = _REFERTI.read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", " ", html)
    for header in ("Coefficiente", "Valore esercito"):
        assert header in text, f"the score sheet has no column {header!r}"
    assert "1,25" not in text, "the score sheet reminds a ×1,25 that S.P.Q.RisiKo! does not have"


def _no_encoded_medals(view: View) -> None:
    for row in view.table("Classifica"):
        big = {k: v for k, v in row.items()
               if isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 100}
        assert not big, f"{row.get('ID')}: {big} (an encoded number, not medal counts)"


RTU_R = [
    tav(1, 1, S("G01", 24), S("G02", 18), S("G03", 12), S("G04", 6)),
    tav(1, 2, S("G05", 22), S("G06", 19), S("G07", 11), S("G08", 7)),
    tav(2, 1, S("G01", 10), S("G05", 21), S("G02", 15), S("G06", 8)),
    tav(2, 2, S("G03", 23), S("G04", 17), S("G07", 12), S("G08", 5)),
    tav(3, 1, S("G01", 20), S("G04", 14), S("G06", 16), S("G07", 9)),
    tav(3, 2, S("G02", 25), S("G03", 13), S("G05", 11), S("G08", 19)),
]
RTU_TEXT = (
    "Method tavolo_bonus, 8 players, three rounds of two 4-tables, Scarti 1. Round 1: G01 24 "
    "wins → 44, G02 18, G03 12, G04 6 | G05 22 wins → 42, G06 19, G07 11, G08 7. Round 2: G05 "
    "21 wins → 41, G01 10, G02 15, G06 8 | G03 23 wins → 43, G04 17, G07 12, G08 5. Round 3: "
    "G01 20 wins → 40, G04 14, G06 16, G07 9 | G02 25 wins → 45, G03 13, G05 11, G08 19. "
    "Best two of three: G01 44+40 = 84 (drops 10), G05 42+41 = 83 (drops 11), G02 18+45 = 63 "
    "(drops 15), G03 43+13 = 56 (drops 12), G06 19+16 = 35 (drops 8), G04 17+14 = 31 (drops "
    "6), G08 7+19 = 26 (drops 5), G07 12+11 = 23 (drops 9). (Without the drop G01 and G05 "
    "would both have 94.) ")
RTU_ORDER = ["G01", "G05", "G02", "G03", "G06", "G04", "G08", "G07"]


CASES = [
    Case(
        id="004-01-tavolo-bonus-vincitore-piu-20",
        seed=SEED,
        articles=[BONUS, VINCITORE],
        derivation=(
            "A 4-player S.P.Q.RisiKo! table, method tavolo_bonus: G01 reached 24 (≥ 20 at the "
            "end of a full turn: the winner) → 24 + 20 = 44; the others score their points: "
            "G02 18, G03 12, G04 9."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus"},
        players=players(4),
        steps=[
            Type(tav(1, 1, seat("G01", 24, 21, 30), seat("G02", 18, 17, 25),
                     seat("G03", 12, 14, 20), seat("G04", 9, 11, 15))),
            Cli(["standings"]),
            results({"G01": 44, "G02": 18, "G03": 12, "G04": 9}, pos={"G01": 1}),
        ],
    ),
    Case(
        id="004-02-tavolo-bonus-tavolo-da-5-senza-125",
        seed=SEED,
        articles=[BONUS, TAVOLI],
        derivation=(
            "A 5-player table, tavolo_bonus. S.P.Q.RisiKo! has no ×1,25 (that is classic "
            "RisiKo!'s correction for objective points): G01 25 + 20 = 45; G02 21 (not 27 = "
            "21 × 1,25 rounded up); G03 15; G04 10; G05 6. Points above 20 for a non-winner "
            "are legal (G02 reached 21 in the same turn but G01 had more). The table points "
            "(Punti tavolo) are the game's points as typed: 25, 21, 15, 10, 6."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus"},
        players=players(5),
        steps=[
            Type(tav(1, 1, seat("G01", 25, 23, 30), seat("G02", 21, 18, 25),
                     seat("G03", 15, 14, 20), seat("G04", 10, 12, 15), seat("G05", 6, 10, 10))),
            Cli(["standings"]),
            results({"G01": 45, "G02": 21, "G03": 15, "G04": 10, "G05": 6}),
            ExpectRisultati({(1, "Qualificazione", pid): {"Punti tavolo": v} for pid, v in
                             {"G01": 25, "G02": 21, "G03": 15, "G04": 10, "G05": 6}.items()}),
        ],
        ),
    Case(
        id="004-03-piazzamento-tavolo-da-5",
        seed=SEED,
        articles=[STANDARD],
        derivation=(
            "Method piazzamento (punti standard), a 5-table: place points + game points + the "
            "coefficient as hundredths. G01 1st: 150 + 25 + 0,23 = 175,23; G02 2nd: 100 + 21 "
            "+ 0,18 = 121,18 (the issue's 127 would be 21 scaled ×1,25: no); G03 3rd: 70 + 15 "
            "+ 0,14 = 85,14; G04 4th: 50 + 10 + 0,12 = 60,12; G05 5th: 30 + 6 + 0,10 = 36,10."),
        formula="rtu",
        settings={"Metodo punteggio": "piazzamento"},
        players=players(5),
        steps=[
            Type(tav(1, 1, seat("G01", 25, 23, 30), seat("G02", 21, 18, 25),
                     seat("G03", 15, 14, 20), seat("G04", 10, 12, 15), seat("G05", 6, 10, 10))),
            Cli(["standings"]),
            results({"G01": "175,23", "G02": "121,18", "G03": "85,14", "G04": "60,12",
                     "G05": "36,10"},
                    pos={"G01": 1, "G02": 2, "G03": 3, "G04": 4, "G05": 5}),
        ],
        ),
    Case(
        id="004-04-piazzamento-tavolo-da-4",
        seed=SEED,
        articles=[STANDARD, TAVOLI],
        derivation=(
            "piazzamento at a 4-table (places 150/100/70/50): G01 150 + 22 + 0,20 = 172,20; G02 "
            "100 + 17 + 0,15 = 117,15; G03 70 + 12 + 0,11 = 82,11; G04 50 + 8 + 0,10 = 58,10."),
        formula="rtu",
        settings={"Metodo punteggio": "piazzamento"},
        players=players(4),
        steps=[
            Type(tav(1, 1, seat("G01", 22, 20, 30), seat("G02", 17, 15, 25),
                     seat("G03", 12, 11, 20), seat("G04", 8, 10, 15))),
            Cli(["standings"]),
            results({"G01": "172,20", "G02": "117,15", "G03": "82,11", "G04": "58,10"}),
        ],
        ),
    Case(
        id="004-05-parita-decide-il-coefficiente",
        seed=SEED,
        articles=[PARITA, STANDARD],
        derivation=(
            "G01 and G02 both end with 21 points. First criterion, the coefficiente dei punti "
            "potenziali: G02 19 > G01 16 → G02 1st: 150 + 21 + 0,19 = 171,19; G01 2nd: 100 + "
            "21 + 0,16 = 121,16 (G01's larger army, 40 vs 20, is not looked at). G03 14 → 70 "
            "+ 14 + 0,12 = 84,12; G04 9 → 50 + 9 + 0,11 = 59,11."),
        formula="rtu",
        settings={"Metodo punteggio": "piazzamento"},
        players=players(4),
        steps=[
            Type(tav(1, 1, seat("G01", 21, 16, 40), seat("G02", 21, 19, 20),
                     seat("G03", 14, 12, 25), seat("G04", 9, 11, 15))),
            Cli(["standings"]),
            results({"G01": "121,16", "G02": "171,19", "G03": "84,12", "G04": "59,11"},
                    pos={"G02": 1, "G01": 2}),
        ],
        ),
    Case(
        id="004-06-parita-decide-il-valore-dell-esercito",
        seed=SEED,
        articles=[PARITA, STANDARD],
        derivation=(
            "G01 and G02: 21 points and coefficient 16 both. Second criterion, the value of "
            "the army (10 per vessillo, 3 per ship, 1 per legionary, typed as Valore "
            "esercito): G01 35 > G02 28 → G01 1st: 150 + 21 + 0,16 = 171,16; G02 2nd: 100 + 21 "
            "+ 0,16 = 121,16. G03 14 → 84,12; G04 9 → 59,11."),
        formula="rtu",
        settings={"Metodo punteggio": "piazzamento"},
        players=players(4),
        steps=[
            Type(tav(1, 1, seat("G01", 21, 16, 35), seat("G02", 21, 16, 28),
                     seat("G03", 14, 12, 25), seat("G04", 9, 11, 15))),
            Cli(["standings"]),
            results({"G01": "171,16", "G02": "121,16", "G03": "84,12", "G04": "59,11"},
                    pos={"G01": 1, "G02": 2}),
        ],
        ),
    Case(
        id="004-07-parita-ordine-inverso-di-gioco",
        seed=SEED,
        articles=[PARITA, ORDINE, STANDARD],
        derivation=(
            "G01 (first to play, Ordine 1) and G03 (Ordine 3): 21 points, coefficient 16, army "
            "30 both. Third criterion, reverse order of play: the later player is preferred → "
            "G03 1st: 150 + 21 + 0,16 = 171,16; G01 2nd: 100 + 21 + 0,16 = 121,16. G02 14 → "
            "70 + 14 + 0,12 = 84,12; G04 9 → 50 + 9 + 0,11 = 59,11."),
        formula="rtu",
        settings={"Metodo punteggio": "piazzamento"},
        players=players(4),
        steps=[
            Type(tav(1, 1, seat("G01", 21, 16, 30), seat("G02", 14, 12, 25),
                     seat("G03", 21, 16, 30), seat("G04", 9, 11, 15))),
            Cli(["standings"]),
            results({"G01": "121,16", "G02": "84,12", "G03": "171,16", "G04": "59,11"},
                    pos={"G03": 1, "G01": 2, "G02": 3, "G04": 4}),
        ],
        ),
    Case(
        id="004-08-tavolo-bonus-parita-il-bonus-va-a-chi-vince-lo-spareggio",
        seed=SEED,
        articles=[PARITA, BONUS],
        derivation=(
            "tavolo_bonus, a 5-table: G01 and G02 both 21; coefficient G02 22 > G01 17 → G02 "
            "is the winner and alone gets the bonus: 21 + 20 = 41; G01 21. G03 15, G04 10, "
            "G05 6 as typed."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus"},
        players=players(5),
        steps=[
            Type(tav(1, 1, seat("G01", 21, 17, 30), seat("G02", 21, 22, 25),
                     seat("G03", 15, 14, 20), seat("G04", 10, 12, 15), seat("G05", 6, 10, 10))),
            Cli(["standings"]),
            results({"G01": 21, "G02": 41, "G03": 15, "G04": 10, "G05": 6},
                    pos={"G02": 1, "G01": 2}),
        ],
        ),
    Case(
        id="004-09-medagliere-sull-intero-torneo",
        seed=SEED,
        articles=[MEDAGLIERE, SCARTI],
        derivation=(
            "Method medagliere, 9 players, two rounds (a 5-table and a 4-table each), Scarti "
            "1. Places: round 1 T1 G05 1st, G01 2nd, G06 3rd, G07 4th, G08 5th | T2 G09 1st, "
            "G02 2nd, G03 3rd, G04 4th; round 2 T1 G07 1st, G06 2nd, G03 3rd, G04 4th, G02 "
            "5th | T2 G08 1st, G05 2nd, G09 3rd, G01 4th. Medals (1st, 2nd, 3rd, 4th) «durante "
            "l'intero torneo» — a drop never removes one: G05 (1,1,0,0), G09 (1,0,1,0), G07 "
            "(1,0,0,1), G08 (1,0,0,0), G06 (0,1,1,0), G01 (0,1,0,1), G02 (0,1,0,0), G03 "
            "(0,0,2,0), G04 (0,0,0,2). Ranked by wins, then 2nds, 3rds, 4ths: G05, G09, G07, "
            "G08, G06, G01, G02, G03, G04 — all distinct. (Dropping each one's worst game would "
            "tie G07 with G08 and G01 with G02: the article forbids it.)"),
        formula="rtu",
        settings={"Metodo punteggio": "medagliere", "Scarti": 1, "Turni preliminari": 2},
        players=players(9),
        steps=[
            _medal_rounds(),
            Cli(["standings"]),
            ExpectClassifica(order=["G05", "G09", "G07", "G08", "G06", "G01", "G02", "G03",
                                    "G04"], complete=True),
        ],
    ),
    Case(
        id="004-10-rtu-scarto-del-peggiore",
        seed=SEED,
        articles=[SCARTI, BONUS],
        derivation=RTU_TEXT,
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus", "Scarti": 1, "Turni preliminari": 3},
        players=players(8),
        steps=[
            Type(*RTU_R),
            Cli(["standings"]),
            ExpectClassifica(order=RTU_ORDER, complete=True, values={
                "G01": {"Generale": 84}, "G05": {"Generale": 83}, "G02": {"Generale": 63},
                "G03": {"Generale": 56}, "G06": {"Generale": 35}, "G04": {"Generale": 31},
                "G08": {"Generale": 26}, "G07": {"Generale": 23}}),
        ],
    ),
    Case(
        id="004-11-rtu-finale-fra-i-primi",
        seed=SEED,
        articles=[SCARTI],
        derivation=RTU_TEXT + (
            "«una finale fra i primi 4 o 5 della classifica»: the final holds G01, G05, G02, "
            "G03 (and G06 if the preset plays a final of 5), nobody else."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus", "Scarti": 1, "Turni preliminari": 3},
        players=players(8),
        steps=[
            Type(*RTU_R),
            Cli(["finals"]),
            ExpectSheet("final = first 4 or 5", _final_is_top(RTU_ORDER)),
        ],
    ),
    # ------------------------------------------------------------------------- CNS
    Case(
        id="004-12-cns-squadra-di-4-rifiutata",
        seed=SEED,
        articles=[CNS_SQUADRA],
        derivation=(
            "Five clubs enter; Elefanti has only 4 members (Aquile 6, the others 5: 25 "
            "players, a multiple of 5, so only the team's size is wrong). «da un minimo di 5»: "
            "the team cannot play (it could not even field five players a round). The draw is "
            "refused (exit 2), naming Elefanti and its 4 members."),
        formula="cns",
        settings={"Seme sorteggio": "casebook-004-12"},
        players=cns_players({"Aquile": 6, "Bisonti": 5, "Cinghiali": 5, "Delfini": 5,
                             "Elefanti": 4}),
        steps=[Cli(["draw"], code=2, says=["Elefanti", "4"])],
        ),
    Case(
        id="004-13-cns-squadra-di-16-rifiutata",
        seed=SEED,
        articles=[CNS_SQUADRA],
        derivation=(
            "Aquile enrols 16 members (Elefanti 9, the others 5: 40 players, a multiple of "
            "5): «a un massimo di 15 iscritti». Refused (exit 2), naming Aquile and 16."),
        formula="cns",
        settings={"Seme sorteggio": "casebook-004-13"},
        players=cns_players({"Aquile": 16, "Bisonti": 5, "Cinghiali": 5, "Delfini": 5,
                             "Elefanti": 9}),
        steps=[Cli(["draw"], code=2, says=["Aquile", "16"])],
        ),
    Case(
        id="004-14-cns-turno-con-quattro-giocatori-di-una-squadra",
        seed=SEED,
        articles=[CNS_SQUADRA],
        derivation=(
            "Round 1 is typed with five 5-player tables, but Delfini fields 4 players (D1–D4) "
            "and Aquile 6 (A1–A6; Aquile has 6 members): «cinque giocatori di ogni squadra per "
            "ciascun turno» is broken. `standings` refuses (exit 2) naming Delfini and 4."),
        formula="cns",
        players=cns_players({"Aquile": 6, "Bisonti": 5, "Cinghiali": 5, "Delfini": 5,
                             "Elefanti": 5}),
        steps=[
            Type(*[Tav(1, t + 1, [seat(pid, p, 10 + k) for k, (pid, p) in enumerate(zip(
                ids, [22, 18, 14, 10, 6]))]) for t, ids in enumerate([
                    ["A1", "B1", "C1", "D1", "E1"], ["A2", "B2", "C2", "D2", "E2"],
                    ["A3", "B3", "C3", "D3", "E3"], ["A4", "B4", "C4", "D4", "E4"],
                    ["A5", "B5", "C5", "A6", "E5"]])]),
            Cli(["standings"], code=2, says=["Delfini", "4"]),
        ],
        ),
    Case(
        id="004-15-cns-tavolo-da-4-rifiutato",
        seed=SEED,
        articles=[CNS_SQUADRA],
        derivation=(
            "Four teams of five (Aquile, Bisonti, Cinghiali, Delfini). Round 1 is typed as "
            "five tables of 4 (one player of each team at each): every team fields its five "
            "players, but «Solo tavoli da 5 giocatori» is broken — these 20 players make four "
            "tables of 5. `standings` refuses (exit 2) and says the table has 4 players."),
        formula="cns",
        players=cns_players({"Aquile": 5, "Bisonti": 5, "Cinghiali": 5, "Delfini": 5}),
        steps=[
            Type(*[Tav(1, t, [seat(f"{x}{t}", p, 10 + k) for k, (x, p) in enumerate(
                zip("ABCD", [22, 18, 14, 10]))]) for t in range(1, 6)]),
            Cli(["standings"], code=2, says="4"),
        ],
        ),
    Case(
        id="004-16-cns-classifica-a-squadre-11-migliori",
        seed=SEED,
        articles=[CNS_CLASSIFICA, CNS_SQUADRA],
        derivation=(
            "Five teams of five, three rounds of five 5-tables, one player of each team at "
            "each table. Places are typed with fixed points and coefficients: 1st 22 pts coeff "
            "20 → 150 + 22 + 0,20 = 172,20; 2nd 18/16 → 118,16; 3rd 14/12 → 84,12; 4th 10/11 "
            "→ 60,11; 5th 6/10 → 36,10. Over its 15 games (see PERMS) each team has these "
            "places (1st, 2nd, 3rd, 4th, 5th): Aquile 5,4,3,2,1; Bisonti 4,4,3,2,2; Cinghiali "
            "3,3,3,3,3; Delfini 2,2,3,4,4; Elefanti 1,2,3,4,5. The 4 worst are dropped, 11 "
            "count: Aquile drops 5th, 4th, 4th, 3rd → 5×172,20 + 4×118,16 + 2×84,12 = 861,00 + "
            "472,64 + 168,24 = 1501,88. Bisonti drops 5th, 5th, 4th, 4th → 4×172,20 + "
            "4×118,16 + 3×84,12 = 688,80 + 472,64 + 252,36 = 1413,80. Cinghiali drops 5th ×3 "
            "and a 4th → 3×172,20 + 3×118,16 + 3×84,12 + 2×60,11 = 516,60 + 354,48 + 252,36 + "
            "120,22 = 1243,66. Delfini drops 5th ×4 → 2×172,20 + 2×118,16 + 3×84,12 + 4×60,11 "
            "= 344,40 + 236,32 + 252,36 + 240,44 = 1073,52. Elefanti drops 5th ×4 → 172,20 + "
            "2×118,16 + 3×84,12 + 4×60,11 + 36,10 = 172,20 + 236,32 + 252,36 + 240,44 + 36,10 "
            "= 937,42. Order: Aquile, Bisonti, Cinghiali, Delfini, Elefanti."),
        formula="cns",
        players=cns_players(),
        steps=[
            cns_rounds(),
            Cli(["standings"]),
            squadre(TEAMS, {"Aquile": "1501,88", "Bisonti": "1413,80", "Cinghiali": "1243,66",
                            "Delfini": "1073,52", "Elefanti": "937,42"}),
        ],
        ),
    Case(
        id="004-17-cns-parita-decidono-le-vittorie",
        seed=SEED,
        articles=[CNS_CLASSIFICA, "CNS: «In caso di parità si considereranno nell'ordine: – Il "
                  "numero di vittorie. – Il numero di secondi posti. – I punti torneo al turno "
                  "precedente. – Il migliore scarto.»"],
        derivation=(
            "As case 16 (piazzamento, 1st 22/20 → 172,20; 2nd 18/16 → 118,16; 3rd 14/12 → "
            "84,12; 4th 10/11 → 60,11; 5th 6/10 → 36,10), with other places (PERMS_TIE): "
            "Aquile 4,3,4,2,2; Bisonti 3,5,3,2,2; Cinghiali 3,3,3,3,3; Delfini 3,2,3,4,3; "
            "Elefanti 2,2,2,4,5; Bisonti's five 2nd places score 21 points (121,16) and its "
            "3rd places 16, 16, 15 (86,12, 86,12, 85,12). Best 11: Aquile drops 5th ×2, 4th "
            "×2 → 4×172,20 + 3×118,16 + 4×84,12 = 688,80 + 354,48 + 336,48 = 1379,76. Bisonti "
            "drops 5th ×2, 4th ×2 → 3×172,20 + 5×121,16 + 86,12 + 86,12 + 85,12 = 516,60 + "
            "605,80 + 257,36 = 1379,76. Level: first criterion, wins: Aquile 4 > Bisonti 3 → "
            "Aquile first. Cinghiali 1243,66 (as in case 16); Delfini drops 5th ×3, 4th → "
            "3×172,20 + 2×118,16 + 3×84,12 + 3×60,11 = 516,60 + 236,32 + 252,36 + 180,33 = "
            "1185,61; Elefanti drops 5th ×4 → 2×172,20 + 2×118,16 + 2×84,12 + 4×60,11 + 36,10 "
            "= 344,40 + 236,32 + 168,24 + 240,44 + 36,10 = 1025,50."),
        formula="cns",
        players=cns_players(),
        steps=[
            cns_rounds(PERMS_TIE, POINTS_TIE),
            Cli(["standings"]),
            squadre(TEAMS, {"Aquile": "1379,76", "Bisonti": "1379,76", "Cinghiali": "1243,66",
                            "Delfini": "1185,61", "Elefanti": "1025,50"}),
        ],
        ),
    Case(
        id="004-18-rtu-sette-giocatori-rifiutati",
        seed=SEED,
        articles=[TAVOLI],
        derivation=(
            "«tavoli da 4 o da 5 giocatori»: 7 players cannot be seated (4 + 3 or 5 + 2 need "
            "a table of 3 or 2). The draw is refused (exit 2), naming the 7 players."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus", "Seme sorteggio": "casebook-004-18"},
        players=players(7),
        steps=[Cli(["draw"], code=2, says="7")],
        ),
    Case(
        id="004-19-rtu-tredici-giocatori-5-4-4",
        seed=SEED,
        articles=[TAVOLI],
        derivation=(
            "13 players at tables of 4 or 5 only: 5 + 4 + 4 is the only split (13 = 5a + 4b "
            "→ a = 1, b = 2). The draw seats one table of 5 and two of 4."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus", "Seme sorteggio": "casebook-004-19"},
        players=players(13),
        steps=[
            Cli(["draw"]),
            ExpectSheet("tables 5, 4, 4", _sizes_round1([5, 4, 4])),
        ],
    ),
    Case(
        id="004-20-rtu-finale-e-vincitore",
        seed=SEED,
        articles=[SCARTI, BONUS, VINCITORE],
        derivation=RTU_TEXT + (
            "Final of the first 4 (or 5): G03 reaches 25 and wins (45 with the bonus), G01 "
            "18, G05 12, G02 9 (G06 6 if seated). The tournament's winner is G03."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus", "Scarti": 1, "Turni preliminari": 3},
        players=players(8),
        steps=[
            Type(*RTU_R),
            Cli(["finals"]),
            FillSeated("Finale", [S("G03", 25), S("G01", 18), S("G05", 12), S("G02", 9),
                                  S("G06", 6)]),
            Cli(["finals"]),
            ExpectFinale(order=["G03"]),
        ],
    ),
    Case(
        id="004-21-medagliere-mostra-le-medaglie",
        seed=SEED,
        articles=[MEDAGLIERE],
        derivation=(
            "Same games as case 9. The standings of the medal method are read as a medal "
            "table: each row shows how many 1st, 2nd, 3rd and 4th places the player has (G05: "
            "1, 1, 0, 0), never an encoded number (1.000.000 per win, 10.000 per 2nd …) that "
            "a player cannot read. Check: no cell of a Classifica row is 100 or more."),
        formula="rtu",
        settings={"Metodo punteggio": "medagliere", "Scarti": 1, "Turni preliminari": 2},
        players=players(9),
        steps=[
            _medal_rounds(),
            Cli(["standings"]),
            ExpectSheet("medal counts, not an encoded number", _no_encoded_medals),
        ],
        ),
    Case(
        id="004-22-piazzamento-classifica-con-decimali",
        seed=SEED,
        articles=[STANDARD],
        derivation=(
            "Method piazzamento, four players, two games at a 4-table, no drop. Game 1: G01 22 "
            "(coefficient 20) → 150 + 22 + 0,20 = 172,20; G02 17 (15) → 117,15; G03 12 (11) → "
            "82,11; G04 8 (10) → 58,10. Game 2: G02 23 (21) → 173,21; G03 19 (17) → 119,17; "
            "G01 11 (13) → 70 + 11 + 0,13 = 81,13; G04 9 (10) → 59,10. Totals: G02 117,15 + "
            "173,21 = 290,36; G01 172,20 + 81,13 = 253,33; G03 82,11 + 119,17 = 201,28; G04 "
            "58,10 + 59,10 = 117,20."),
        formula="rtu",
        settings={"Metodo punteggio": "piazzamento", "Scarti": 0, "Turni preliminari": 2},
        players=players(4),
        steps=[
            Type(tav(1, 1, seat("G01", 22, 20, 30), seat("G02", 17, 15, 25),
                     seat("G03", 12, 11, 20), seat("G04", 8, 10, 15)),
                 tav(2, 1, seat("G02", 23, 21, 30), seat("G03", 19, 17, 25),
                     seat("G01", 11, 13, 20), seat("G04", 9, 10, 15))),
            Cli(["standings"]),
            ExpectClassifica(order=["G02", "G01", "G03", "G04"], complete=True),
            ExpectSheet("totals with the coefficient decimals", _totals(
                {"G02": "290,36", "G01": "253,33", "G03": "201,28", "G04": "117,20"})),
        ],
        ),
    Case(
        id="004-23-cns-partite-contate-vittorie-secondi",
        seed=SEED,
        articles=[CNS_CLASSIFICA],
        derivation=(
            "The championship of case 16: every team plays 15 games and 11 count; wins and "
            "2nd places (the first two tie-break criteria) over the 15 games: Aquile 5 and 4, "
            "Bisonti 4 and 4, Cinghiali 3 and 3, Delfini 2 and 2, Elefanti 1 and 2."),
        formula="cns",
        players=cns_players(),
        steps=[
            cns_rounds(),
            Cli(["standings"]),
            ExpectSheet("games, counted, wins, 2nd places", _squadre_counts({
                "Aquile": {"Partite": 15, "Contate": 11, "Vittorie": 5, "Secondi": 4},
                "Bisonti": {"Partite": 15, "Contate": 11, "Vittorie": 4, "Secondi": 4},
                "Cinghiali": {"Partite": 15, "Contate": 11, "Vittorie": 3, "Secondi": 3},
                "Delfini": {"Partite": 15, "Contate": 11, "Vittorie": 2, "Secondi": 2},
                "Elefanti": {"Partite": 15, "Contate": 11, "Vittorie": 1, "Secondi": 2}})),
        ],
    ),
    Case(
        id="004-24-verify-rtu-regolare",
        seed=SEED,
        articles=[SCARTI],
        derivation=RTU_TEXT + (
            "Played as in case 20 (final seated by `finals`, typed as played): `verify` finds "
            "no difference (exit 0)."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus", "Scarti": 1, "Turni preliminari": 3},
        players=players(8),
        steps=[
            Type(*RTU_R),
            Cli(["finals"]),
            FillSeated("Finale", [S("G03", 25), S("G01", 18), S("G05", 12), S("G02", 9),
                                  S("G06", 6)]),
            Cli(["finals"]),
            Cli(["verify"]),
        ],
    ),
    Case(
        id="004-25-referti-spqrisiko",
        seed=SEED,
        articles=[PARITA, VINCITORE, TAVOLI],
        derivation=(
            "The score sheet of an RTU table is where the referee writes what decides the "
            "game: the game points and, for ties, the coefficiente dei punti potenziali and "
            "the value of the army. So the sheet has the columns Coefficiente and Valore "
            "esercito, and its scoring reminder is S.P.Q.RisiKo!'s: no ×1,25 (a classic "
            "RisiKo! rule for objective points)."),
        formula="rtu",
        settings={"Metodo punteggio": "tavolo_bonus", "Seme sorteggio": "casebook-004-25"},
        players=players(9),
        steps=[
            Cli(["draw"]),
            Cli(["referti", "--turno", "1", "--out", str(_REFERTI)]),
            ExpectSheet("S.P.Q.RisiKo! score sheet", _referti_spqr),
        ],
        ),
]
