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


# TORNEO: a label in column B, its value in column D (`leggiSchedaTorneo`)
LABEL_COLUMN, VALUE_COLUMN = 2, 4
INFO_ROWS = {  # field -> (row, label as the template writes it)
    "sede": (2, "Sede Torneo"),
    "organizzatore": (3, "Organizzatore"),
    "nome": (4, "Nome Torneo"),
    "tipo": (5, "Tipologia di Torneo"),
    "turni": (6, "Numero Turni Previsti"),
    "note": (7, "Note"),
}
# «Tipologia di Torneo»: the choices of the template's list (sheet Dati, column C)
TOURNAMENT_TYPES = ("Raduno Nazionale", "Torneo Master", "Torneo Open", "Torneo Interclub",
                    "Campionato periodico", "Torneo a Squadre", "Torneo 2VS2",
                    "Torneo a Inviti", "Amichevoli")
DATE_FIRST_ROW, DATE_ROUNDS = 8, 30  # round k's date: row 7 + k, column D; its number in A

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
STANDINGS_TAIL = ("v_tot", "pt_tot", "id")
SHORT_COLUMNS = ("Pos.", "Nome", "Cognome", "pt_tot", "id")  # `scriviClassificaRidotta`


def standings_headers(rounds: int) -> tuple[str, ...]:
    return (*STANDINGS_HEAD, *(f"pt{i}" for i in range(1, rounds + 1)), *STANDINGS_TAIL)
