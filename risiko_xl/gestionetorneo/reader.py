"""Reading GestioneTorneo's workbook (`.xls`, `.xlsx` or `.ods`) sparsely (`cells`) into
the plain data of `model`, every place taken from `layout`. Whatever is typed where
GestioneTorneo reads is imported or refused, with one line naming the file's sheet, row,
column and the value found: a player without a first name, a sixth player at a table, a
value beside the tables, points GestioneTorneo wrote as formulas never computed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from risiko_xl.cells import as_date
from risiko_xl.errors import RisikoError, listed
from risiko_xl.files.sparse import Unsaved
from risiko_xl.gestionetorneo import layout
from risiko_xl.gestionetorneo.cells import (
    POINTS_DIGITS,
    PRINTABLE,
    Sheet,
    Sheets,
    column_name,
    decimal,
    text,
    whole,
)
from risiko_xl.gestionetorneo.model import Info, Player, Round, Seat, Table, Workbook
from risiko_xl.names import unprintable


def read(path: str | Path, max_rounds: int | None = None) -> Workbook:
    """The whole workbook: TORNEO, Iscritti and the round sheets «1° Turno», «2° Turno», …
    «Numero Turni Previsti» above `max_rounds` is refused before anything is built."""
    sheets = Sheets(Path(path))
    info = _info(sheets.sheet(layout.TOURNAMENT), max_rounds)
    players, notes = _players(sheets.sheet(layout.PLAYERS))
    return Workbook(info, players, _rounds(sheets, {p.id: p for p in players}),
                    sheets=tuple(sheets.names), notes=notes)


def _info(sheet: Sheet, max_rounds: int | None) -> Info:
    values: dict[str, str] = {}
    for key, (row, label) in layout.INFO_ROWS.items():
        found = text(sheet.cell(row, layout.LABEL_COLUMN))
        if found and not found.casefold().startswith(label.casefold()):
            raise sheet.error(f"qui GestioneTorneo scrive «{label}»", row,
                              layout.LABEL_COLUMN, found)
        values[key] = text(sheet.cell(row, layout.VALUE_COLUMN, label))
        shown = values[key] if key != "note" else " ".join(values[key].split())  # lines
        if (bad := unprintable(shown)) is not None:  # the same rule as names
            raise sheet.error(f"carattere di controllo (U+{ord(bad):04X}): usare lettere, "
                              "cifre e segni stampabili, come per i nomi", row,
                              layout.VALUE_COLUMN, values[key], label)
    rounds = None
    if values["turni"]:
        row, label = layout.INFO_ROWS["turni"]
        typed = sheet.cell(row, layout.VALUE_COLUMN)
        rounds = whole(typed)
        if rounds is None or rounds < 1:
            raise sheet.error("il numero di turni previsti è un numero intero maggiore di "
                              "zero", row, layout.VALUE_COLUMN, typed, label)
        if max_rounds is not None and rounds > max_rounds:
            raise sheet.error(f"al massimo {max_rounds} turni", row, layout.VALUE_COLUMN,
                              typed, label)
    dates = []
    for k in range(layout.DATE_ROUNDS):
        value = sheet.cell(layout.DATE_FIRST_ROW + k, layout.VALUE_COLUMN)
        if value is not None and as_date(value) is None:
            raise sheet.error(f"la data del turno {k + 1} non è una data",
                              layout.DATE_FIRST_ROW + k, layout.VALUE_COLUMN, value)
        dates.append(as_date(value))
    while dates and dates[-1] is None:
        dates.pop()
    ours = text(sheet.cell(layout.FORMULA_ROW, layout.LABEL_COLUMN)) == layout.FORMULA_LABEL
    return Info(values["sede"], values["organizzatore"], values["nome"], values["tipo"],
                rounds, values["note"], tuple(dates),
                text(sheet.cell(layout.FORMULA_ROW, layout.VALUE_COLUMN)) if ours else "")


# Iscritti: what a row without a first name may hold and still be one of the template's
# empty rows (GestioneTorneo numbers 300 of them and computes ID NAZIONALE by formula)
TEMPLATE_FIELDS = ("id", "id_nazionale")
NATIONAL = layout.PLAYER_FIELDS.index("id_nazionale") + 1


def _players(sheet: Sheet) -> tuple[tuple[Player, ...], tuple[str, ...]]:
    """Iscritti's players and the report's notes (an ID NAZIONALE read blank)."""
    head = layout.PLAYERS_HEADER_ROW
    for column, header in enumerate(layout.PLAYER_COLUMNS, start=1):
        found = text(sheet.cell(head, column))
        if not found.casefold().startswith(header.casefold()):
            raise sheet.error(f"qui GestioneTorneo ha l'intestazione «{header}» (intestazioni "
                              f"alla riga {head}, giocatori dalla riga "
                              f"{layout.PLAYERS_FIRST_ROW})", head, column, found or None,
                              header)
    email = next((c for c, v in sheet.rows.get(head, {}).items()
                  if c > len(layout.PLAYER_COLUMNS) and isinstance(v, str)
                  and v.strip().casefold() in layout.EMAIL_HEADERS), None)
    columns = dict(enumerate(layout.PLAYER_FIELDS, start=1))
    typed = {c for c, f in columns.items() if f not in TEMPLATE_FIELDS} | (
        {email} if email else set())
    players: dict[int, Player] = {}
    unsaved: list[int] = []
    for row, cells in sheet.rows.items():
        if row < layout.PLAYERS_FIRST_ROW:
            continue
        if sheet.cell(row, 2) is None:  # the first name
            _template_row(sheet, row, [c for c in cells if c in typed])
            continue  # GestioneTorneo's `getListaGiocatori` skips a row without a name
        national = None
        if isinstance(sheet.raw(row, NATIONAL), Unsaved):
            unsaved.append(row)  # the template's own formula (from GIOCATORI), not typed
        else:
            national = sheet.cell(row, NATIONAL, "ID NAZIONALE")
        values = {f: sheet.cell(row, c, layout.PLAYER_COLUMNS[c - 1])
                  for c, f in columns.items() if c != NATIONAL}
        player = _player(sheet, row, values, national,
                         text(sheet.cell(row, email, "Email")) if email else "")
        if player.id in players:
            raise sheet.error(f"ID già usato alla riga {players[player.id].row}", row, 1,
                              values["id"], "ID")
        players[player.id] = player
    where = f"alla riga {unsaved[0]}" if len(unsaved) == 1 else f"alle righe {listed(unsaved)}"
    notes = () if not unsaved else (
        f"ID NAZIONALE non importato {where} del foglio {layout.PLAYERS} di {sheet.file}: "
        "è una formula senza valore salvato (aprire e salvare il file in Excel o LibreOffice "
        "per averlo)",)
    return tuple(players.values()), notes


def _template_row(sheet: Sheet, row: int, typed: list[int]) -> None:
    """A row without a first name is one of the template's empty rows only when nothing
    else of a player is typed in it: a surname, club or «Partecipa Torneo» without a
    name is refused, never skipped in silence."""
    found = [_header(c) for c in typed if sheet.cell(row, c, _header(c)) is not None]
    if found:
        raise sheet.error(f"manca il nome dell'iscritto, che ha {listed(found)}: "
                          "GestioneTorneo salterebbe la riga senza dirlo; scrivere il nome o "
                          "svuotare la riga", row, 2, None, "Nome")


def _header(column: int) -> str:
    return layout.PLAYER_COLUMNS[column - 1] if column <= len(layout.PLAYER_COLUMNS) \
        else "Email"


def _player(sheet: Sheet, row: int, values: dict[str, Any], national: Any,
            email: str) -> Player:
    if values["id"] is None:
        raise sheet.error("manca l'ID dell'iscritto", row, 1, None, "ID")
    pid = whole(values["id"])
    if pid is None or pid <= 0:
        raise sheet.error("l'ID di un iscritto è un numero intero positivo", row, 1,
                          values["id"], "ID")
    for column, field in enumerate(layout.PLAYER_FIELDS, start=1):
        if field in PRINTABLE and (bad := unprintable(text(values[field]))) is not None:
            raise sheet.error(f"carattere di controllo (U+{ord(bad):04X}): usare lettere, "
                              "cifre e segni stampabili, come per «risiko-xl iscrivi»",
                              row, column, values[field], layout.PLAYER_COLUMNS[column - 1])
    born = values["nascita"]
    if born is not None and as_date(born) is None:
        raise sheet.error("la data di nascita non è una data (gg/mm/aaaa)", row, 8, born,
                          "Data di Nascita")
    presence = text(values["partecipa"]).upper()
    if presence not in ("", layout.PRESENT, layout.ABSENT):
        raise sheet.error(f"«Partecipa Torneo» vale {layout.PRESENT} o {layout.ABSENT}",
                          row, 6, values["partecipa"], "Partecipa Torneo")
    return Player(pid, text(values["nome"]), text(values["cognome"]),
                  text(values["nickname"]), text(values["club"]),
                  presence == layout.PRESENT, text(values["regione"]), as_date(born),
                  "" if whole(national) == 0 else text(national), email, row)


def _round_numbers(sheets: Sheets) -> list[int]:
    numbers = []
    for name in sheets.names:
        alike = re.fullmatch(r"\s*(\d+)\s*[°º˚o]?\s*turno\s*", name, re.IGNORECASE)
        if alike and name != layout.round_sheet(int(alike[1])):
            raise RisikoError(f"il foglio «{name}» di {sheets.file} sembra il turno "
                              f"{int(alike[1])}, ma GestioneTorneo lo chiama "
                              f"«{layout.round_sheet(int(alike[1]))}» (segno di grado °, uno "
                              "spazio): rinominarlo così e importare di nuovo")
        if name.endswith(layout.ROUND_SUFFIX):
            number = whole(name[:-len(layout.ROUND_SUFFIX)].strip())
            if number is None or number < 1:
                raise RisikoError(f"il foglio «{name}» di {sheets.file} sembra un turno ma non "
                                  "ha un numero («1° Turno», «2° Turno», …)")
            numbers.append(number)
    for expected, number in enumerate(sorted(numbers), start=1):
        if number != expected:
            raise RisikoError(f"manca il foglio «{layout.round_sheet(expected)}» in "
                              f"{sheets.file}: c'è «{layout.round_sheet(number)}»")
    return sorted(numbers)


def _rounds(sheets: Sheets, known: dict[int, Player]) -> tuple[Round, ...]:
    return tuple(Round(n, _tables(sheets.sheet(layout.round_sheet(n)), known))
                 for n in _round_numbers(sheets))


SEAT_COLUMNS = layout.SEATS_MAX * layout.TRIPLE  # A–O: five triples


def _tables(sheet: Sheet, known: dict[int, Player]) -> tuple[Table, ...]:
    """The tables of a round sheet: each «Tavolo N°k» row and the seats on the row below
    it. Every cell holding something belongs to one, or is refused: GestioneTorneo reads
    no more than five triples (`setPartitaFromRow`), nothing beside them."""
    tables: list[Table] = []
    where: dict[int, int] = {}  # table number -> its header row
    seated: dict[int, int] = {}  # player -> row
    seats_row = 0  # the row of the last table's seats
    for row, cells in sheet.rows.items():
        if row == seats_row:
            continue
        head = sheet.cell(row, 1)
        if head is None:  # a value outside the tables (the grid holds no blank cell)
            column = next(iter(cells))
            raise sheet.error(f"valore fuori dai tavoli: GestioneTorneo legge soltanto le "
                              f"righe «{layout.TABLE_PREFIX}k» nella colonna A e i giocatori "
                              "nella riga sotto; toglierlo o spostarlo", row, column,
                              sheet.cell(row, column))
        label = text(head)
        number = whole(label[len(layout.TABLE_PREFIX):]) \
            if label.startswith(layout.TABLE_PREFIX) else None
        if number is None or number < 1:
            raise sheet.error(f"attesa l'intestazione di un tavolo («{layout.TABLE_PREFIX}1»"
                              "), poi i giocatori nella riga sotto", row, 1, head)
        if number in where:
            raise sheet.error(f"tavolo {number} già presente alla riga {where[number]}", row,
                              1, head)
        _nothing_beside(sheet, row, 2, f"la riga del tavolo {number} ha soltanto "
                        f"«{layout.TABLE_PREFIX}{number}» nella colonna A")
        where[number] = row
        seats_row = row + 1
        _nothing_beside(sheet, seats_row, SEAT_COLUMNS + 1,
                        f"al tavolo {number}: GestioneTorneo legge al massimo "
                        f"{layout.SEATS_MAX} giocatori, nelle colonne A–"
                        f"{column_name(SEAT_COLUMNS)}; un sesto giocatore va in un altro "
                        "tavolo")
        seats = tuple(_seats(sheet, seats_row, known, seated))
        tables.append(Table(number, seats, row))
    return tuple(tables)


def _nothing_beside(sheet: Sheet, row: int, first: int, why: str) -> None:
    """Refuse the first cell of `row` from column `first` on that holds something:
    GestioneTorneo would not read it, and it would be lost."""
    for column in sheet.rows.get(row, {}):
        if column >= first and sheet.cell(row, column) is not None:
            raise sheet.error(f"valore fuori dal tavolo ({why}): non sarebbe importato; "
                              "toglierlo o spostarlo", row, column, sheet.cell(row, column))


def _same_player(sheet: Sheet, row: int, column: int, player: Player, shown: Any) -> None:
    """The seat's «Nome Cognome» (GestioneTorneo writes it above the club, `scriviPartite`)
    is the name registered for its ID: a list of Iscritti sorted without its IDs would
    otherwise hand every result to another player. A blank cell is accepted (GestioneTorneo
    reads only the ID); a club changed in Iscritti after the draw too."""
    if shown is None:
        return
    name = text(shown).split("\n")[0]
    registered = f"{player.nome} {player.cognome}"
    if " ".join(name.split()).casefold() != " ".join(registered.split()).casefold():
        raise sheet.error(f"l'ID {player.id} nella cella accanto è «"
                          f"{' '.join(registered.split())}» nel foglio {layout.PLAYERS} "
                          f"(riga {player.row}): correggere l'ID o il nome, o i risultati "
                          "andrebbero al giocatore sbagliato", row, column + 1, name,
                          "Nome Cognome")


def _seats(sheet: Sheet, row: int, known: dict[int, Player],
           seated: dict[int, int]) -> list[Seat]:
    seats = []
    blank: list[int] = []  # columns of the points not typed
    for j in range(layout.SEATS_MAX):
        column = j * layout.TRIPLE + 1
        value = sheet.cell(row, column, "ID")
        if value is None:
            others = [c for c in (column + 1, column + 2)
                      if sheet.cell(row, c, "Nome Cognome" if c == column + 1 else "punti")
                      is not None]
            if others:
                raise sheet.error("manca l'ID del giocatore, che ha nome o punti nelle celle "
                                  "accanto", row, column, None, "ID")
            continue
        pid = whole(value)
        if pid is None:
            raise sheet.error("l'ID del giocatore non è un numero", row, column, value, "ID")
        if pid == 0:
            continue  # GestioneTorneo skips an ID 0
        if pid != layout.GHOST_ID and pid not in known:
            raise sheet.error("ID non presente fra gli Iscritti", row, column, value, "ID")
        if pid in seated and pid != layout.GHOST_ID:
            raise sheet.error(f"giocatore già seduto in questo turno (riga {seated[pid]})",
                              row, column, value, "ID")
        seated[pid] = row
        if pid != layout.GHOST_ID:
            _same_player(sheet, row, column, known[pid],
                         sheet.cell(row, column + 1, "Nome Cognome"))
        typed = sheet.cell(row, column + 2, "punti")
        points = None if typed is None else decimal(typed)
        if typed is not None and points is None:
            raise sheet.error("i punti non sono un numero" if abs(whole(typed) or 0) < 10
                              ** POINTS_DIGITS else f"punti oltre {10 ** POINTS_DIGITS - 1}",
                              row, column + 2, typed, "punti")
        if typed is None and pid != layout.GHOST_ID:
            blank.append(column + 2)
        seats.append(Seat(pid, points))
    if blank and any(s.value is not None for s in seats):
        raise sheet.error("al tavolo sono scritti i punti degli altri giocatori, qui no", row,
                          blank[0], None, "punti")
    return seats
