"""The tournament workbook's schema: sheets, Excel tables and their headers.

These names are an interface organisers and other tools rely on: columns are always
found by header, never by position, and extra user columns are preserved.
"""

from __future__ import annotations

from dataclasses import dataclass

from risiko_xl.rules.game import ARMY_LIMIT
from risiko_xl.standings import model


@dataclass(frozen=True)
class TableSpec:
    """One Excel table (ListObject): its sheet, name and headers; `computed` ones are ours."""

    sheet: str
    name: str
    headers: tuple[str, ...]
    computed: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(h for h in self.headers if h not in self.optional)


SETTINGS = TableSpec("Torneo", "Impostazioni", ("Voce", "Valore"))
CALENDAR = TableSpec("Torneo", "Calendario", ("Turno", "Fase", "Data", "Ora"))
PLAYERS = TableSpec("Iscritti", "Iscritti", (
    "ID", "Nome", "Cognome", "Nickname", "Club", "Regione", "Stato", "Dal turno", "Quota"))
# optional Iscritti columns, not in the template: written by `importa` when GestioneTorneo's
# workbook has them (the national ranking's ID, the birth date, the e-mail)
PLAYER_EXTRAS = ("ID nazionale", "Data di nascita", "Email")
ART26 = ("Armate obiettivo", "Armate totali", "Carte", "Territori obiettivo", "Territori fuori")
# S.P.Q.RisiKo! tie-breaks (seed 004 «Conclusione di una partita»), typed by the referee
SPQR = ("Coefficiente", "Valore esercito")
RESULTS = TableSpec(
    "Risultati", "Risultati",
    ("Turno", "Fase", "Tavolo", "Ordine", "ID", "Giocatore", "Punti obiettivo",
     "Punti fuori obiettivo", "RisiKo!", "Eliminato", "Penalità", *ART26, *SPQR,
     "Punti tavolo", "Posizione", "Punti torneo"),
    computed=("Punti tavolo", "Posizione", "Punti torneo"),
    optional=(*ART26, *SPQR),
)
STANDINGS_BASE = ("Pos", "ID", "Giocatore", "Club")
DROPS_COLUMN = "Scarto"  # Classifica: the rounds not counted («T3»)
QUALIFICATION_COLUMN = "Qualificazione"  # Classifica: how a player reached a final phase
STANDINGS_EXTRA = ("Totale", "Generale", "Assoluta", "Vittorie", "RisiKo!", "Fuori obiettivo",
                   "Migliore", DROPS_COLUMN, QUALIFICATION_COLUMN)
DRAWS = TableSpec("Sorteggi", "Sorteggi", (
    "Turno", "Fase", "Data e ora", "Seme", "Impronta", "Versione motore", "Procedura",
    "Qualità", "Tavoli", "Note"))
TEAMS = TableSpec("Squadre", "Squadre", (
    "Pos", "Squadra", "Totale", "Giocatori", "Partite", "Contate", "Vittorie", "Secondi",
    "Migliore scartato"))
ARCHIVE = TableSpec("Archivio", "Archivio", (*RESULTS.headers, "Archiviato il", "Motivo"))
QUALIFIERS = TableSpec("Fasi finali", "Qualificati", (
    "Fase", "Turno", "Girone", "Tavolo", "ID", "Giocatore", "Club", "Pos. classifica",
    "Qualificazione"))
# the final's place and points and the tournament total are separate columns (001 §7)
FINAL_RANKING = TableSpec("Fasi finali", "ClassificaFinale", (
    "Pos", "ID", "Giocatore", "Club", "Fase raggiunta", "Posto in finale", "Punti finale",
    "Punti torneo", "Note"))
# ClassificaFinale's column of the national ranking's points, once the tournament scores
# some (services.national_column); not in the template: written with the final ranking
NATIONAL_COLUMN = "Punti ranking"
MAP = TableSpec("Mappa", "Mappa", ("Territorio", "Continente", "Valore"))
# the formula the workbook carries, one rule per row (risiko_xl.formulas.rule_table);
# «Variante» only for a formula whose rules depend on the players at the first draw
FORMULA = TableSpec("Formula", "Regole", ("Sezione", "Regola", "Valore", "Variante",
                                          "Spiegazione"),
                    optional=("Sezione", "Variante", "Spiegazione"))

SETTING_KEYS = ("Nome torneo", "Club organizzatore", "Sede", "Formula", "Metodo punteggio",
                "Turni preliminari", "Scarti", "Seme sorteggio", "Variante formula", "Calcolo",
                "Indirizzo pubblicazione", "Nomi nei post")
# optional inputs of the ribbon's actions (the CLI takes them as arguments); emptied after use
ACTION_KEYS = ("Turno da sorteggiare", "Turno da pubblicare", "Turno da stampare",
               "Giocatore da ritirare")

# the Stato and Fase columns' words: the core's vocabularies (risiko_xl.standings.model)
STATES = model.STATES
PHASES = model.PHASE_NAMES
# what the Fase column offers: each phase followed by its other words («Ripescaggio»)
PHASE_CHOICES = tuple(word for phase in PHASES for word in
                      (phase, *(a for a, p in model.PHASE_ALIASES.items() if p == phase)))
FLAGS = ("S", "N")


def standings_spec(rounds: int, extras: tuple[str, ...] = ("Totale",)) -> TableSpec:
    """The `Classifica` table for `rounds` preliminary rounds (T1, T2, …)."""
    round_columns = tuple(f"T{i}" for i in range(1, rounds + 1))
    return TableSpec("Classifica", "Classifica", (*STANDINGS_BASE, *round_columns, *extras),
                     computed=(*STANDINGS_BASE, *round_columns, *extras))


ART26_FIELDS = {  # optional tie-break column -> (Seat field, maximum)
    "Armate obiettivo": ("armies_objective", ARMY_LIMIT * 2),
    "Armate totali": ("armies_total", ARMY_LIMIT * 2),
    "Carte": ("cards", 7),
    "Territori obiettivo": ("territories_objective", 42),
    "Territori fuori": ("territories_outside", 42),
    # seed 004 (S.P.Q.RisiKo!): coefficiente punti potenziali, valore dell'esercito
    "Coefficiente": ("coefficient", None),
    "Valore esercito": ("army_value", None),
}


# The Risultati column holding each Seat field, so a message can say which column to fill
# (the placement chain's criteria are Seat fields: `rules.placement.SEAT_FIELDS`) and a
# rule check on a seat names its cell (`tournament.sheet_errors`).
SEAT_COLUMNS = {"points": "Punti obiettivo", "out_points": "Punti fuori obiettivo",
                "order": "Ordine", "risiko": "RisiKo!", "eliminated": "Eliminato",
                "elimination": "Eliminato",
                **{field: header for header, (field, _) in ART26_FIELDS.items()}}
