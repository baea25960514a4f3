"""The manifest of malformed inputs: for each, how its file is made, the command lines to
run, and what the one Italian error line must say.

Every expectation is written by hand from the corruption, knowing the base workbook
(`base.xlsx`, see `build.BASE_LAYOUT`): in `Risultati` round 1 is on rows 2-14 (tables of
4, 4, 5 from rows 2, 6, 10), round 2 on rows 15-27 (tables from rows 15, 19, 23);
`Iscritti` row n+1 holds G00n, G013 is withdrawn (row 14); `Impostazioni` rows 2-10 are
Nome torneo, Club organizzatore, Sede, Formula (master), Metodo punteggio, Turni
preliminari (3), Scarti, Seme sorteggio, Variante formula; `Sorteggi` row 2 is round 1,
row 6 round 2. A found value is written as the message shows it: text quoted ('tanti'),
numbers bare (-5), "vuoto" for an empty cell, "la data 04/03/2026" for a date.

Commands use {file} (the case's file, copied to a temporary folder) and {dir} (that
folder). Each must exit with code 2 and leave every file there byte-identical.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field

from . import corrupt as c

# The commands that would save the workbook (each reads the whole tournament first).
WORKBOOK = (("standings", "{file}"), ("draw", "{file}"))
# Every command that reads it (for a few cases of each kind: the reading is the same).
EVERY = (*WORKBOOK, ("verify", "{file}"), ("finals", "{file}"), ("post", "{file}"),
         ("referti", "{file}", "--turno", "1", "--out", "{dir}/referti.pdf"),
         ("ritira", "{file}", "G001"), ("iscrivi", "{file}", "Nuovo Giocatore"))
# A file that is no workbook of ours is refused at once (cheap): every command, export too.
FILE = (*EVERY, ("export", "{file}", "{dir}/copia.xlsx"))


@dataclass(frozen=True)
class Book:
    """The base workbook loaded with openpyxl, `edit` applied, saved again."""

    edit: c.Edit


@dataclass(frozen=True)
class Zip:
    """The base workbook's zip with its parts edited (the XML of cells, tables, …)."""

    parts: Callable[[c.Parts], c.Parts]


@dataclass(frozen=True)
class Raw:
    """Any bytes, made from the base file's bytes (ignored by most makers)."""

    make: Callable[[bytes], bytes]


@dataclass(frozen=True)
class Base:
    """The base workbook itself (the bad input is on the command line)."""


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    source: Book | Zip | Raw | Base
    commands: tuple[tuple[str, ...], ...] = WORKBOOK
    foglio: str | None = None
    riga: int | None = None
    colonna: str | None = None
    valore: str | None = None
    tavolo: int | None = None
    words: tuple[str, ...] = field(default=())
    suffix: str = ".xlsx"

    @property
    def file(self) -> str:
        return "torneo.xlsx" if isinstance(self.source, Base) else f"{self.name}{self.suffix}"


def results(*changes) -> Zip:
    return Zip(c.cells("Risultati", *changes))


def players(*changes) -> Zip:
    return Zip(c.cells("Iscritti", *changes))


def settings(row: int, value) -> Zip:
    return Zip(c.cells("Torneo", (row, "Valore", value)))


def draws(*changes) -> Zip:
    return Zip(c.cells("Sorteggi", *changes))


def text(content: str) -> Raw:
    return Raw(lambda _base: content.encode("utf-8"))


FORMULA_HEAD = """{
  "name": "serata_club",
  "title": "Serata del club",
  "source": "regolamento del club",
  "description": "Tre turni a millesimi, senza fasi finali.",
"""
FORMULA_TYPO = FORMULA_HEAD + """  "scoring": {"method": "millesimi"},
  "standings": {"rounds": 3, "dorps": 0}
}
"""
FORMULA_COMMA = """{
  "name": "serata_club",
  "title": "Serata del club"
  "source": "regolamento del club",
  "description": "Tre turni a millesimi, senza fasi finali.",
  "scoring": {"method": "millesimi"}
}
"""
FORMULA_TWICE = FORMULA_HEAD + """  "title": "Serata del club (bis)",
  "scoring": {"method": "millesimi"}
}
"""
NEW = ("new", "{dir}/nuovo.xlsx", "--formula", "{file}")
ROUND_2_TABLES = "1: G001, G005, G006, G003 | 2: G011, G004, G013, G002 | " \
                 "3: G012, G008, G010, G009, G007"

CASES: tuple[Case, ...] = (
    # --- Risultati: typed cells ----------------------------------------------------------
    Case("punti_testo", "text in a points cell", results((3, "Punti obiettivo", "tanti")),
         foglio="Risultati", riga=3, colonna="Punti obiettivo", valore="'tanti'",
         words=("serve un numero",),
         commands=EVERY),
    Case("punti_negativi", "negative objective points", results((7, "Punti obiettivo", -5)),
         foglio="Risultati", riga=7, colonna="Punti obiettivo", valore="-5",
         words=("minore di 0",)),
    Case("punti_oltre_mappa", "more objective points than the map's 164",
         results((8, "Punti obiettivo", 200)),
         foglio="Risultati", riga=8, colonna="Punti obiettivo", valore="200",
         words=("164",)),
    Case("punti_tavolo_oltre_mappa", "each player under 164 but the table over it: row 15 "
         "100+22, row 16 70+16 = 208 already; rows 17 (16+10) and 18 (15+27) as in the base "
         "make the table 276", results((15, "Punti obiettivo", 100),
                                       (16, "Punti obiettivo", 70)),
         # no one cell is wrong (70 alone is legal): the message gives the table's sum
         # and every row's points, located where the sum passes the map, no «valore trovato»
         foglio="Risultati", riga=16, tavolo=1,
         words=("164", "sommano 276", "righe 15 (122), 16 (86), 17 (26), 18 (42)")),
    Case("punti_decimali", "a fraction in a points cell", results((9, "Punti obiettivo", 12.5)),
         foglio="Risultati", riga=9, colonna="Punti obiettivo", valore="12.5",
         words=("intero",)),
    Case("punti_data", "Excel turned '4/3' into a date in a points cell",
         Book(c.set_values("Risultati", (10, "Punti obiettivo", dt.datetime(2026, 3, 4)))),
         foglio="Risultati", riga=10, colonna="Punti obiettivo", valore="la data 04/03/2026",
         words=("serve un numero",)),
    Case("punti_errore_na", "an #N/A error value in a points cell",
         results((11, "Punti obiettivo", "#N/A")),
         foglio="Risultati", riga=11, colonna="Punti obiettivo", valore="'#N/A'",
         words=("errore di Excel",)),
    Case("punti_formula_div0", "a formula whose cached value is #DIV/0! in a points cell",
         results((12, "Punti obiettivo", c.Formula("=1/0", "#DIV/0!"))),
         # the value the spreadsheet saved for the formula is what counts (and is shown)
         foglio="Risultati", riga=12, colonna="Punti obiettivo", valore="'#DIV/0!'",
         words=("formula", "#DIV/0!")),
    Case("fuori_obiettivo_testo", "text in the out-of-objective points",
         results((13, "Punti fuori obiettivo", "dieci")),
         foglio="Risultati", riga=13, colonna="Punti fuori obiettivo", valore="'dieci'",
         words=("serve un numero",)),
    Case("risiko_strano", "neither yes nor no in the RisiKo! column",
         results((2, "RisiKo!", "forse")),
         foglio="Risultati", riga=2, colonna="RisiKo!", valore="'forse'", words=("S/1/X",)),
    Case("due_risiko", "two RisiKo! at round 2 table 1 (rows 15 and 17)",
         results((15, "RisiKo!", "S"), (17, "RisiKo!", "S")),
         foglio="Risultati", riga=17, tavolo=1, colonna="RisiKo!", valore="'S'",
         words=("due RisiKo!",)),
    Case("risiko_ed_eliminato", "the same player has RisiKo! and is eliminated",
         results((19, "RisiKo!", "S"), (19, "Eliminato", 1)),
         foglio="Risultati", riga=19, tavolo=2, colonna="Eliminato", valore="1",
         words=("RisiKo!", "eliminato")),
    Case("eliminato_con_punti", "an eliminated player keeps his 13 points",
         results((20, "Eliminato", 1)),
         foglio="Risultati", riga=20, tavolo=2, colonna="Punti obiettivo", valore="13",
         words=("eliminato ha 0 punti",)),
    Case("eliminato_testo", "a word in the elimination column",
         results((21, "Eliminato", "boh")),
         foglio="Risultati", riga=21, colonna="Eliminato", valore="'boh'"),
    Case("eliminazione_ripetuta", "two players eliminated first at round 2 table 3",
         results((23, "Eliminato", 1), (23, "Punti obiettivo", 0),
                 (23, "Punti fuori obiettivo", 0), (24, "Eliminato", 1),
                 (24, "Punti obiettivo", 0), (24, "Punti fuori obiettivo", 0)),
         foglio="Risultati", riga=24, tavolo=3, colonna="Eliminato", valore="1",
         words=("ripetuto",)),
    Case("tutti_eliminati", "every player of round 1 table 1 eliminated",
         results(*[(row, header, value) for row in (2, 3, 4, 5) for header, value in (
             ("Eliminato", row - 1), ("Punti obiettivo", 0), ("Punti fuori obiettivo", 0))]),
         foglio="Risultati", riga=5, tavolo=1, colonna="Eliminato", valore="4",
         words=("eliminati",)),
    Case("ordine_ripetuto", "two players with turn order 1 (rows 6 and 7)",
         results((6, "Ordine", 1)),
         foglio="Risultati", riga=7, tavolo=2, colonna="Ordine", valore="1",
         words=("ordine di gioco ripetuto",)),
    Case("ordine_oltre", "turn order 9", results((8, "Ordine", 9)),
         foglio="Risultati", riga=8, colonna="Ordine", valore="9", words=("6",)),
    Case("penalita_testo", "a word in the penalty column", results((14, "Penalità", "ammonito")),
         foglio="Risultati", riga=14, colonna="Penalità", valore="'ammonito'"),
    Case("carte_testo", "a word in the optional Carte column", results((5, "Carte", "tre")),
         foglio="Risultati", riga=5, colonna="Carte", valore="'tre'"),
    Case("armate_oltre", "999 armies", results((6, "Armate totali", 999)),
         foglio="Risultati", riga=6, colonna="Armate totali", valore="999", words=("260",)),
    Case("risultato_parziale", "one player of a typed table left blank",
         results((16, "Punti obiettivo", None)),
         foglio="Risultati", riga=16, tavolo=1, colonna="Punti obiettivo", valore="vuoto",
         words=("mancante",)),
    # --- Risultati: who plays where ------------------------------------------------------
    Case("turno_testo", "a word as the round", results((18, "Turno", "secondo")),
         foglio="Risultati", riga=18, colonna="Turno", valore="'secondo'"),
    Case("turno_vuoto", "a row with a player but no round", results((22, "Turno", None)),
         foglio="Risultati", riga=22, colonna="Turno", valore="vuoto"),
    Case("turno_zero", "round 0", results((25, "Turno", 0)),
         foglio="Risultati", riga=25, colonna="Turno", valore="0", words=("minore di 1",)),
    Case("tavolo_testo", "a letter as the table", results((26, "Tavolo", "A")),
         foglio="Risultati", riga=26, colonna="Tavolo", valore="'A'"),
    Case("fase_sconosciuta", "a phase the formula does not have",
         results((27, "Fase", "Quarti")),
         foglio="Risultati", riga=27, colonna="Fase", valore="'Quarti'",
         words=("Qualificazione",)),
    Case("id_sconosciuto", "an ID nobody registered", results((4, "ID", "G099")),
         foglio="Risultati", riga=4, colonna="ID", valore="'G099'", words=("iscritti",)),
    Case("giocatore_due_volte", "G001 (round 2, row 15) typed again on row 23",
         results((23, "ID", "G001")),
         foglio="Risultati", riga=23, colonna="ID", valore="'G001'", words=("riga 15",)),
    Case("tavolo_da_6", "row 19 moved to round 2 table 3: six players there",
         results((19, "Tavolo", 3)),
         foglio="Risultati", riga=19, tavolo=3, colonna="Tavolo", valore="3",
         words=("6 giocatori",)),
    Case("tavolo_da_1", "row 27 moved to a table 4 of its own", results((27, "Tavolo", 4)),
         foglio="Risultati", riga=27, tavolo=4, colonna="Tavolo", valore="4",
         words=("1 giocatore",)),
    # --- Iscritti ------------------------------------------------------------------------
    Case("id_duplicato", "G001 registered twice (rows 2 and 5)", players((5, "ID", "G001")),
         foglio="Iscritti", riga=5, colonna="ID", valore="'G001'", words=("riga 2",)),
    # the Sorteggi record of the tables separates tables by «|», a table's number by «:»
    # and its players by «,»: an ID holding one could never be read back
    Case("id_con_virgola", "an ID typed by hand holding «,»", players((5, "ID", "A, B")),
         commands=EVERY, foglio="Iscritti", riga=5, colonna="ID", valore="'A, B'",
         words=("«,»", "non ammessi")),
    Case("id_con_sbarra", "an ID typed by hand holding «|» and «:»",
         players((6, "ID", "3: X | Y")),
         foglio="Iscritti", riga=6, colonna="ID", valore="'3: X | Y'", words=("«|» «:»",)),
    Case("stato_sconosciuto", "a state that does not exist",
         players((3, "Stato", "In pausa")),
         foglio="Iscritti", riga=3, colonna="Stato", valore="'In pausa'",
         words=("Ritirato",)),
    Case("dal_turno_testo", "a word as the first round", players((4, "Dal turno", "secondo")),
         foglio="Iscritti", riga=4, colonna="Dal turno", valore="'secondo'"),
    Case("dal_turno_data_testo", "a date typed as text as the first round",
         players((6, "Dal turno", "01/02/2026")),
         foglio="Iscritti", riga=6, colonna="Dal turno", valore="'01/02/2026'"),
    Case("dal_turno_data", "Excel turned '1/2' into a date as the first round",
         Book(c.set_values("Iscritti", (7, "Dal turno", dt.datetime(2026, 2, 1)))),
         foglio="Iscritti", riga=7, colonna="Dal turno", valore="la data 01/02/2026"),
    Case("dal_turno_zero", "first round 0", players((8, "Dal turno", 0)),
         foglio="Iscritti", riga=8, colonna="Dal turno", valore="0", words=("minore di 1",)),
    # --- columns, tables, sheets ---------------------------------------------------------
    Case("iscritti_colonna_rinominata", "Stato renamed «Stato giocatore»",
         Zip(c.rename_header("Iscritti", "Iscritti", "Stato", "Stato giocatore")),
         foglio="Iscritti", riga=1, colonna="Stato", valore="'Stato giocatore'",
         words=("manca la colonna",)),
    Case("iscritti_colonna_mancante", "the Quota column taken out of the table",
         Zip(c.drop_last_column("Iscritti")),
         foglio="Iscritti", riga=1, colonna="Quota", words=("manca la colonna",),
         valore="'intestazioni: ID, Nome, Cognome, Nickname, Club, Regione, Stato e Dal turno'"),
    Case("risultati_colonna_rinominata", "«Punti obiettivo» misspelt «Punti obbiettivo»",
         Zip(c.rename_header("Risultati", "Risultati", "Punti obiettivo",
                             "Punti obbiettivo")),
         foglio="Risultati", riga=1, colonna="Punti obiettivo", valore="'Punti obbiettivo'",
         words=("manca la colonna",)),
    Case("risultati_colonna_mancante", "the last column (Punti torneo) out of the table",
         Zip(c.drop_last_column("Risultati")),
         foglio="Risultati", riga=1, colonna="Punti torneo", words=("manca la colonna",),
         valore="'intestazioni: Turno, Fase, Tavolo, Ordine, ID, Giocatore, Punti obiettivo, "
                "Punti fuori obiettivo, RisiKo!, Eliminato, Penalità, Armate obiettivo, Armate "
                "totali, Carte, Territori obiettivo, Territori fuori, Punti tavolo e Posizione'"),
    Case("intestazione_vuota", "the Penalità header cleared",
         Zip(c.rename_header("Risultati", "Risultati", "Penalità", None)),
         foglio="Risultati", riga=1, colonna="Penalità", valore="vuoto",
         words=("manca la colonna",)),
    Case("tabella_rinominata", "the Risultati table renamed Risultati1",
         Zip(c.rename_table("Risultati", "Risultati1")),
         foglio="Risultati", valore="'Risultati1'", words=("manca la tabella",)),
    Case("intervallo_colonne", "the Iscritti table's range written as whole columns (A:I)",
         Zip(c.table_range("Iscritti", "A:I")), foglio="Iscritti", valore="'A:I'",
         words=("intervallo non valido",), commands=EVERY),
    Case("intervallo_rovesciato", "the Iscritti table's range written backwards (I13:A1)",
         Zip(c.table_range("Iscritti", "I13:A1")), foglio="Iscritti", valore="'I13:A1'",
         words=("intervallo non valido",), commands=EVERY),
    Case("foglio_eliminato", "the Iscritti sheet deleted", Book(c.delete_sheet("Iscritti")),
         words=("manca il foglio «Iscritti»",), commands=EVERY,
         valore="'fogli: Torneo, Risultati, Classifica, Squadre, Fasi finali, Sorteggi, "
                "Archivio, Post, Mappa e xlwings.conf'"),
    Case("impostazioni_senza_tabella", "the Impostazioni table removed (cells kept)",
         Book(c.remove_table("Impostazioni")),
         foglio="Torneo", words=("manca la tabella Excel «Impostazioni»",),
         valore="'tabelle: Calendario, Iscritti, Risultati, Classifica, Squadre, Qualificati, "
                "ClassificaFinale, Sorteggi, Archivio e Mappa'"),
    Case("classifica_eliminata", "the Classifica sheet deleted",
         Book(c.delete_sheet("Classifica")),
         commands=(("standings", "{file}"), ("verify", "{file}")),
         words=("manca il foglio «Classifica»",),
         valore="'fogli: Torneo, Iscritti, Risultati, Squadre, Fasi finali, Sorteggi, "
                "Archivio, Post, Mappa e xlwings.conf'"),
    Case("celle_unite_risultati", "G5:G6 merged (points of rows 5 and 6)",
         Zip(c.merge("Risultati", "G5:G6")),
         foglio="Risultati", riga=5, colonna="Punti obiettivo", valore="25",
         words=("celle unite", "G5:G6")),
    Case("celle_unite_iscritti", "first and last name merged on row 2",
         Zip(c.merge("Iscritti", "B2:C2")),
         foglio="Iscritti", riga=2, colonna="Nome", valore="'Sara'", words=("B2:C2",)),
    Case("celle_unite_impostazioni", "two setting values merged (rows 5 and 6)",
         Zip(c.merge("Torneo", "B5:B6")),
         foglio="Torneo", riga=5, colonna="Valore", valore="'master'", words=("B5:B6",)),
    # --- Impostazioni --------------------------------------------------------------------
    Case("formula_sconosciuta", "formula «mastre»", settings(5, "mastre"),
         foglio="Torneo", riga=5, colonna="Valore", valore="'mastre'", words=("master",),
         commands=EVERY),
    Case("metodo_sconosciuto", "scoring method «millesimali»", settings(6, "millesimali"),
         foglio="Torneo", riga=6, colonna="Valore", valore="'millesimali'",
         words=("Metodo punteggio",)),
    Case("turni_testo", "«tre» preliminary rounds", settings(7, "tre"),
         foglio="Torneo", riga=7, colonna="Valore", valore="'tre'",
         words=("Turni preliminari",)),
    Case("turni_assurdi", "99 preliminary rounds (at most 60)", settings(7, 99),
         foglio="Torneo", riga=7, colonna="Valore", valore="99", words=("superare 60",)),
    Case("scarti_troppi", "5 drops out of 3 rounds", settings(8, 5),
         foglio="Torneo", riga=8, colonna="Valore", valore="5", words=("Scarti",)),
    # --- Sorteggi (only verify replays the draws) ----------------------------------------
    Case("sorteggi_turno_testo", "a word as the round of a recorded draw",
         draws((2, "Turno", "uno")), commands=(("verify", "{file}"),),
         foglio="Sorteggi", riga=2, colonna="Turno", valore="'uno'"),
    Case("sorteggi_id_sconosciuto", "an unknown ID in a recorded seating",
         draws((6, "Tavoli", ROUND_2_TABLES.replace("G013", "G099"))),
         commands=(("verify", "{file}"),),
         foglio="Sorteggi", riga=6, colonna="Tavoli", valore="'G099'", words=("iscritti",)),
    Case("sorteggi_tavolo_testo", "a word as a table number in a recorded seating",
         draws((6, "Tavoli", ROUND_2_TABLES.replace("2: ", "due: "))),
         commands=(("verify", "{file}"),),
         foglio="Sorteggi", riga=6, colonna="Tavoli", valore="'due'"),
    # --- Calendario (the score sheets print the date) ------------------------------------
    Case("data_impossibile", "31 February as the date of round 2",
         Zip(c.cells("Torneo", (2, "Turno", 2), (2, "Fase", "Qualificazione"),
                     (2, "Data", "31/02/2026"))),
         commands=(("referti", "{file}", "--turno", "2", "--out", "{dir}/referti.pdf"),),
         foglio="Torneo", riga=2, colonna="Data", valore="'31/02/2026'", words=("data",)),
    # --- the file itself -----------------------------------------------------------------
    Case("vuoto", "0 bytes (a save cut short)", Raw(lambda _: b""),
         words=("«vuoto.xlsx»", "vuoto"),
         commands=FILE),
    Case("senza_tabelle", "a valid workbook with none of our tables",
         Raw(lambda _: c.foreign_workbook()),
         words=("«senza_tabelle.xlsx»", "non è la cartella di lavoro di un torneo"),
         commands=EVERY),
    Case("vecchio_formato", "an Excel 97-2003 .xls", Raw(lambda _: c.old_xls()),
         suffix=".xls", words=("«vecchio_formato.xls»", ".xls (Excel 97-2003)"),
         commands=FILE),
    Case("xls_rinominato", "an .xls renamed .xlsx", Raw(lambda _: c.old_xls()),
         words=("«xls_rinominato.xlsx»", ".xls (Excel 97-2003)"),
         commands=FILE),
    Case("csv_rinominato", "a CSV renamed .xlsx",
         text("ID;Nome;Cognome;Club\nG001;Sara;Rizzo;Eagles Roma\n"),
         words=("«csv_rinominato.xlsx»", "CSV"),
         commands=FILE),
    Case("html_rinominato", "a web page saved as .xls",
         text("<html><body><table><tr><td>ID</td><td>Nome</td></tr></table></body></html>"),
         suffix=".xls", words=("«html_rinominato.xls»", "HTML"),
         commands=FILE),
    Case("protetto_password", "a password-protected (encrypted) workbook",
         Raw(lambda _: c.encrypted_xlsx()),
         words=("«protetto_password.xlsx»", "protetto da password", "toglierla in Excel"),
         commands=FILE),
    Case("troncato", "the first half of the workbook (a copy cut short)",
         Raw(lambda base: base[:len(base) // 2]),
         words=("«troncato.xlsx»", "troncato"),
         commands=FILE),
    Case("troncato_fine", "the workbook without its last 10 bytes",
         Raw(lambda base: base[:-10]), words=("«troncato_fine.xlsx»", "troncato"),
         commands=FILE),
    Case("zip_qualunque", "a plain zip renamed .xlsx",
         Raw(lambda _: c.zip_bytes({"leggimi.txt": b"Iscritti del torneo\n"})),
         words=("«zip_qualunque.xlsx»", "archivio zip"),
         commands=FILE),
    Case("documento_word", "a Word document renamed .xlsx", Raw(lambda _: c.docx()),
         words=("«documento_word.xlsx»", "Word"),
         commands=FILE),
    Case("foglio_ods", "a LibreOffice .ods", Raw(lambda _: c.ods()), suffix=".ods",
         words=("«foglio_ods.ods»", "OpenDocument"),
         commands=FILE),
    Case("xlsb_binario", "an Excel binary workbook (.xlsb) renamed .xlsx",
         Raw(lambda _: c.xlsb()), words=("«xlsb_binario.xlsx»", ".xlsb"), commands=FILE),
    Case("xml_danneggiato", "xl/workbook.xml cut in the middle",
         Zip(c.truncate_part("xl/workbook.xml", 0.5)),
         words=("«xml_danneggiato.xlsx»", "XML della parte «xl/workbook.xml» è danneggiato"),
         commands=FILE),
    Case("parte_mancante", "the Risultati sheet's part missing from the zip",
         Zip(c.drop_part("xl/worksheets/sheet3.xml")),
         words=("«parte_mancante.xlsx»", "foglio «Risultati»", "danneggiato"),
         commands=FILE),
    Case("bomba_xml", "billion laughs: nested entities in xl/workbook.xml",
         Zip(c.doctype("xl/workbook.xml", c.BILLION_LAUGHS, "&lol9;")),
         words=("«bomba_xml.xlsx»", "DTD"),
         commands=FILE),
    Case("xxe", "an external entity (file:///etc/passwd) in xl/workbook.xml",
         Zip(c.doctype("xl/workbook.xml", c.EXTERNAL_ENTITY, "&xxe;")),
         words=("«xxe.xlsx»", "DTD"),
         commands=FILE),
    # the read-only commands' fast reading refused these as the whole load does (the
    # adversary of issue 28: a DTD anywhere read, a part whose data fails its checksum)
    Case("dtd_nel_foglio", "a DTD declared (never used) in the Risultati sheet's part",
         Zip(c.doctype("xl/worksheets/sheet3.xml", '<!DOCTYPE r [<!ENTITY nn "Rossi">]>',
                       "")),
         words=("DTD",), commands=FILE),
    Case("parte_alterata", "a sheet part's compressed bytes altered (its CRC fails)",
         Raw(c.altered_part("xl/worksheets/sheet3.xml")),
         words=("danneggiato",), commands=FILE),
    Case("zip_bomba", "a 30 MB part of zeros (about 30 KB compressed)",
         Zip(c.add_part("xl/media/riempitivo.bin", c.bomb_part(30 * 2**20))),
         words=("«zip_bomba.xlsx»", "xl/media/riempitivo.bin", "zip bomb"),
         commands=FILE),
    # --- the command line (on the good base workbook) ------------------------------------
    Case("turno_zero_arg", "draw --turno 0", Base(),
         commands=(("draw", "{file}", "--turno", "0"),), words=("--turno", "'0'")),
    Case("turno_negativo_arg", "draw --turno -1", Base(),
         commands=(("draw", "{file}", "--turno", "-1"),), words=("--turno", "'-1'")),
    Case("turno_testo_arg", "draw --turno tre", Base(),
         commands=(("draw", "{file}", "--turno", "tre"),), words=("--turno", "'tre'")),
    Case("turno_oltre_arg", "draw --turno 99 (the formula has 3 rounds)", Base(),
         commands=(("draw", "{file}", "--turno", "99"),),
         foglio="Torneo", valore="99", words=("3 turni preliminari",)),
    Case("turno_senza_valore", "draw --turno with nothing after", Base(),
         commands=(("draw", "{file}", "--turno"),), words=("--turno", "manca il valore")),
    Case("turno_gia_giocato", "draw --turno 2: round 2 has results (first on row 15)",
         Base(), commands=(("draw", "{file}", "--turno", "2"),),
         foglio="Risultati", riga=15, colonna="Turno", valore="2", words=("--forza",)),
    Case("forza_con_valore", "draw --forza=si", Base(),
         commands=(("draw", "{file}", "--forza=si"),), words=("--forza", "'si'")),
    Case("opzione_sconosciuta", "standings --bogus", Base(),
         commands=(("standings", "{file}", "--bogus"),), words=("--bogus",)),
    Case("comando_sconosciuto", "a command that does not exist", Base(),
         commands=(("graduatoria", "{file}"),), words=("'graduatoria'", "classifica")),
    Case("file_non_indicato", "standings without a file", Base(),
         commands=(("standings",),), words=("file",)),
    Case("file_inesistente", "a file that is not there", Base(),
         commands=(("standings", "{dir}/nessuno.xlsx"), ("verify", "{dir}/nessuno.xlsx")),
         words=("non trovato", "nessuno.xlsx")),
    Case("cartella_non_file", "a folder instead of the workbook", Base(),
         commands=(("standings", "{dir}"), ("draw", "{dir}")), words=("cartella",)),
    Case("new_su_cartella", "new with a folder as the workbook to create", Base(),
         commands=(("new", "{dir}", "--formula", "master"),), words=("cartella",)),
    Case("new_cartella_inesistente", "new into a folder that does not exist", Base(),
         commands=(("new", "{dir}/manca/nuovo.xlsx", "--formula", "master"),),
         words=("manca", "non esiste")),
    Case("export_su_cartella", "export with a folder as the copy", Base(),
         commands=(("export", "{file}", "{dir}"),), words=("cartella",)),
    Case("formula_sconosciuta_arg", "new --formula mastre", Base(),
         commands=(("new", "{dir}/nuovo.xlsx", "--formula", "mastre"),),
         valore="'mastre'", words=("master",)),
    Case("formula_json_refuso", "a user formula with «dorps» for «drops»", text(FORMULA_TYPO),
         suffix=".json", commands=(NEW,),
         words=("formula_json_refuso.json", "standings.dorps", "drops")),
    Case("formula_json_annidata", "a user formula of 100,000 nested brackets",
         text("[" * 100_000 + "]" * 100_000), suffix=".json", commands=(NEW,),
         words=("formula_json_annidata.json", "annidate")),
    Case("formula_json_virgola", "a user formula missing a comma at the end of line 3",
         text(FORMULA_COMMA), suffix=".json", commands=(NEW,),
         words=("formula_json_virgola.json", "riga 4, colonna 3", "virgola")),
    Case("formula_json_chiave_doppia", "a user formula with «title» twice",
         text(FORMULA_TWICE), suffix=".json", commands=(NEW,),
         valore="'title'", words=("formula_json_chiave_doppia.json", "due volte")),
    Case("formato_sconosciuto", "post --formato foo", Base(),
         commands=(("post", "{file}", "--formato", "foo"),), words=("--formato", "'foo'")),
    Case("primi_zero", "post --primi 0", Base(),
         commands=(("post", "{file}", "--primi", "0"),), words=("--primi", "'0'")),
    Case("sezione_sconosciuta", "post --sezioni foo", Base(),
         commands=(("post", "{file}", "--sezioni", "foo"),), valore="'foo'"),
    Case("post_turno_assente", "post --turno 5", Base(),
         commands=(("post", "{file}", "--turno", "5"),),
         foglio="Risultati", colonna="Turno", valore="5"),
    Case("referti_senza_turno", "referti without --turno", Base(),
         commands=(("referti", "{file}"),), words=("--turno",)),
    Case("referti_turno_assente", "referti --turno 5", Base(),
         commands=(("referti", "{file}", "--turno", "5", "--out", "{dir}/r.pdf"),),
         foglio="Risultati", colonna="Turno", valore="5"),
    Case("per_pagina_tre", "referti --per-pagina 3", Base(),
         commands=(("referti", "{file}", "--turno", "1", "--per-pagina", "3"),),
         words=("--per-pagina", "3")),
    Case("ritira_sconosciuto", "ritira G099", Base(), commands=(("ritira", "{file}", "G099"),),
         foglio="Iscritti", colonna="ID", words=("ID G099 non trovato", "forse intendevi")),
    Case("ritira_gia_ritirato", "ritira G013, withdrawn already (row 14)", Base(),
         commands=(("ritira", "{file}", "G013"),),
         foglio="Iscritti", riga=14, colonna="Stato", valore="'Ritirato'", words=("già",)),
    Case("finali_troppo_presto", "finals before round 3 is played", Base(),
         commands=(("finals", "{file}"),),
         foglio="Risultati", colonna="Turno", valore="'turni 1, 2'", words=("turno 3",)),
    Case("export_stesso_file", "export onto the workbook itself", Base(),
         commands=(("export", "{file}", "{file}"),), words=("nome diverso",)),
    Case("export_non_xlsx", "export to a .pdf", Base(),
         commands=(("export", "{file}", "{dir}/copia.pdf"),), words=(".xlsx",)),
    Case("out_cartella_inesistente", "post --out into a folder that does not exist", Base(),
         commands=(("post", "{file}", "--out", "{dir}/manca/post.txt"),),
         words=("cartella", "manca", "non esiste")),
    Case("post_sulla_cartella_di_lavoro", "post --out naming the workbook or its backup",
         Base(), commands=(("post", "{file}", "--out", "{file}"),
                           ("referti", "{file}", "--turno", "1", "--out", "{file}")),
         words=("cartella di lavoro stessa",)),
    *(Case(f"punti_{name}", f"points typed as {value!r} (Python would read {read})",
           results((9, "Punti obiettivo", value)), foglio="Risultati", riga=9,
           colonna="Punti obiettivo", valore=repr(value), words=("virgola",))
      for name, value, read in (("migliaia", "1.000", 1), ("trattino_basso", "1_3", 13),
                                ("esponente", "1e1", 10))),
    Case("impostazione_doppia", "the setting Formula written twice (rows 5 and 10)",
         Book(c.set_values("Impostazioni", (10, "Voce", "Formula"), (10, "Valore", "eagles"))),
         foglio="Torneo", riga=10, colonna="Voce", valore="'Formula'",
         words=("righe 5 e 10", "due volte")),
    Case("id_cancellato", "a results row whose ID was cleared (its game would vanish)",
         results((9, "ID", None)), foglio="Risultati", riga=9, colonna="ID",
         words=("riga senza ID",)),
    Case("iscritto_senza_id", "a player typed with a name but no ID",
         Book(c.set_values("Iscritti", (15, "Nome", "Ultimo"), (15, "Cognome", "Arrivato"))),
         foglio="Iscritti", riga=15, colonna="ID", words=("riga senza ID", "Ultimo")),
    Case("tavolo_spostato", "two drawn players swapped between tables after the draw",
         results((9, "Tavolo", 3), (9, "Ordine", 2), (10, "Tavolo", 2), (10, "Ordine", 3)),
         # (finals first wants the 3 rounds); the post too (organiser 31: it showed
         # tables nobody drew, which `classifica` refused)
         commands=(("standings", "{file}"), ("post", "{file}")),
         foglio="Risultati", riga=9, colonna="Tavolo", valore="3",
         words=("nel turno 1 era sorteggiato al tavolo 2 (Sorteggi, riga 2)",
                "--turno 1 --forza")),
    Case("righe_staccate_sotto_risultati", "results typed below Risultati after empty rows",
         Book(c.set_values("Risultati", (60, "Turno", 2), (60, "ID", "G001"))),
         foglio="Risultati", riga=60, valore="2", words=("staccati",)),
)
