"""Where GestioneTorneo keeps each thing in its workbook, written once for the reader, the
writer and the tests. Rows and columns are 1-based, as a message names them.

Source: `src/main/java/it/desimone/risiko/torneo/batch/ExcelAccess.java` (constants
`SCHEDA_*`, `posizione*`, `leggiSchedaTorneo`, `getListaGiocatori`, `scriviPartite`,
`setPartitaFromRow`, `scriviClassifica`, `scriviClassificaRidotta`) and its template
`resources/ModuloTorneo.xls`.
"""

from __future__ import annotations

# sheets
TOURNAMENT = "TORNEO"
PLAYERS = "Iscritti"
STANDINGS = "Classifica"
SHORT_STANDINGS = "Classifica Ridotta"
ROUND_SUFFIX = "° Turno"  # «1° Turno», «2° Turno», …


def round_sheet(number: int) -> str:
    """The sheet of round `number` («2° Turno»)."""
    return f"{number}{ROUND_SUFFIX}"


# TORNEO, as the template lays it out: the title in C1, a label in column C, its value in
# column D (`leggiSchedaTorneo` reads column D only); round k's date in row 7 + k, its
# number in column B and «Data Turno k» in column C (a formula: shown up to D6's rounds)
TITLE = "SCHEDA DATI TORNEO"
NUMBER_COLUMN, LABEL_COLUMN, VALUE_COLUMN = 2, 3, 4
INFO_ROWS = {  # field -> (row, label as the template writes it)
    "sede": (2, "Sede Torneo"),
    "organizzatore": (3, "Organizzatore"),
    "nome": (4, "Nome Torneo"),
    "tipo": (5, "Tipologia di Torneo"),
    "turni": (6, "Numero Turni Previsti"),
    "note": (7, "Note"),
}
# «Tipologia di Torneo»: the names `SchedaTorneo.TipoTorneo.parseTipoTorneo` reads (case
# aside; any other fails ExcelValidator: «Non è stata indicata una corretta tipologia di
# Torneo»), spelled as the template's list (sheet Dati, column C) spells its nine; the
# enum's tenth, «Campionato Nazionale», is not in that list
TOURNAMENT_TYPES = ("Raduno Nazionale", "Torneo Master", "Torneo Open", "Torneo Interclub",
                    "Campionato periodico", "Torneo a Squadre", "Torneo 2VS2",
                    "Torneo a Inviti", "Amichevoli", "Campionato Nazionale")
# the types whose standings GestioneTorneo computes with final phases: its MasterRisiko
# and RadunoNazionale (`ExcelAccess.scriviClassifica` → `getClassificaMaster2020`,
# `getClassificaRadunoNazionale2020`: turns 1–2 qualifying, 3 the semifinals, 4 the final,
# whose players come first); every other type's standings (`getClassificaTorneoOpen`,
# `getClassificaTorneoGufo`, `getClassificaCampionatoGufo`, `getClassificaNazionaleRisiko`,
# …) sum every «N° Turno» sheet as a round
FINALS_TYPES = ("Torneo Master", "Raduno Nazionale")
DATE_FIRST_ROW, DATE_ROUNDS = 8, 30
DATE_LABEL = "Data Turno "
# our own line, below the dates where GestioneTorneo reads nothing: the formula played, so
# that `importa` takes it back where «Tipologia di Torneo» is only the closest type
FORMULA_ROW, FORMULA_LABEL = DATE_FIRST_ROW + DATE_ROUNDS + 1, "Formula risiko-xl"


def tournament_type(name: str) -> str | None:
    """`name` as GestioneTorneo reads it (trimmed, case aside), None when it reads none."""
    return next((t for t in TOURNAMENT_TYPES if t.casefold() == name.strip().casefold()),
                None)


CLOSEST_TYPE = "Torneo Open"  # written for a formula that names no GestioneTorneo type


def written_type(name: str) -> str:
    """The type written back for a formula whose GestioneTorneo type is `name` (its
    preset's «gestionetorneo»; empty for a formula of one's own): `CLOSEST_TYPE` when
    GestioneTorneo reads none."""
    return tournament_type(name) or CLOSEST_TYPE


# Iscritti: headers on row 3, players from row 4 (`posizione*`, `getListaGiocatori`); a
# header is matched by how it starts («Data di Nascita (gg/mm/aaaa)»)
PLAYERS_HEADER_ROW, PLAYERS_FIRST_ROW = 3, 4
PLAYER_COLUMNS = ("ID", "Nome", "Cognome", "Nickname", "Club", "Partecipa Torneo", "Regione",
                  "Data di Nascita", "ID NAZIONALE")
PLAYER_FIELDS = ("id", "nome", "cognome", "nickname", "club", "partecipa", "regione",
                 "nascita", "id_nazionale")
EMAIL_HEADERS = ("email", "e-mail", "mail")  # not in GestioneTorneo's list: found by header
PRESENT, ABSENT = "SI", "NO"  # Partecipa Torneo

# round sheets: pairs of rows, «Tavolo N°k» in column A, then up to five triples
# (ID, «Nome Cognome\nClub», typed points) from column A (`scriviPartite`)
TABLE_PREFIX = "Tavolo N°"
SEATS_MAX = 5
TRIPLE = 3  # columns per seat: ID, name, points
GHOST_ID = -1  # GiocatoreDTO.FITTIZIO, the ghost of a 3-table made up to four


def table_header(number: int) -> str:
    return f"{TABLE_PREFIX}{number}"


# Classifica (`scriviClassifica`): header on row 1, a player per row; pt1…ptN one per round
STANDINGS_HEAD = ("Pos.", "Nome", "Cognome", "Nick", "Club o Famiglia")
POINTS_PREFIX = "pt"  # pt1…ptN and pt_tot: the points columns
STANDINGS_TAIL = ("v_tot", f"{POINTS_PREFIX}_tot", "id")
SHORT_COLUMNS = ("Pos.", "Nome", "Cognome", "pt_tot", "id")  # `scriviClassificaRidotta`


def standings_headers(rounds: int) -> tuple[str, ...]:
    return (*STANDINGS_HEAD, *(f"{POINTS_PREFIX}{i}" for i in range(1, rounds + 1)),
            *STANDINGS_TAIL)
