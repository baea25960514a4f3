"""Reading GestioneTorneo's workbook (`.xls`, `.xlsx` or `.ods`) with python-calamine into
the plain data of `model`, every place taken from `layout`. What cannot be read is
refused with one line naming the file's sheet, row, column and the value found."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from risiko_xl.errors import RisikoError
from risiko_xl.gestionetorneo import layout
from risiko_xl.gestionetorneo.cells import (
    NOT_READ,
    POINTS_DIGITS,
    PRINTABLE,
    UNREAD,
    Rows,
    Sheets,
    as_date,
    cell,
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
    info = _info(sheets, max_rounds)
    players = _players(sheets)
    return Workbook(info, players, _rounds(sheets, {p.id: p for p in players}),
                    sheets=tuple(sheets.names))


def _info(sheets: Sheets, max_rounds: int | None) -> Info:
    rows = sheets.rows(layout.TOURNAMENT)
    sheets.check(layout.TOURNAMENT, range(1, layout.DATE_FIRST_ROW + layout.DATE_ROUNDS),
                 range(layout.LABEL_COLUMN, layout.VALUE_COLUMN + 1))
    values: dict[str, str] = {}
    for key, (row, label) in layout.INFO_ROWS.items():
        found = text(cell(rows, row, layout.LABEL_COLUMN))
        if found and not found.casefold().startswith(label.casefold()):
            raise sheets.error(f"qui GestioneTorneo scrive «{label}»", layout.TOURNAMENT, row,
                               layout.LABEL_COLUMN, found)
        values[key] = text(cell(rows, row, layout.VALUE_COLUMN))
        shown = values[key] if key != "note" else " ".join(values[key].split())  # lines
        if (bad := unprintable(shown)) is not None:  # the same rule as names
            raise sheets.error(f"carattere di controllo (U+{ord(bad):04X}): usare lettere, "
                               "cifre e segni stampabili, come per i nomi", layout.TOURNAMENT,
                               row, layout.VALUE_COLUMN, values[key], label)
    empty = [(row, layout.VALUE_COLUMN) for key, (row, _) in layout.INFO_ROWS.items()
             if not values[key]]
    for (row, column), formula in sheets.unsaved(layout.TOURNAMENT, empty).items():
        raise sheets.error("formula senza valore salvato: aprire e salvare il file in Excel o "
                           "LibreOffice, o scrivere il valore", layout.TOURNAMENT, row, column,
                           formula, next(label for r, label in layout.INFO_ROWS.values()
                                         if r == row))
    rounds = None
    if values["turni"]:
        row = layout.INFO_ROWS["turni"][0]
        rounds = whole(cell(rows, row, layout.VALUE_COLUMN))
        if rounds is None or rounds < 1:
            raise sheets.error("il numero di turni previsti è un numero intero maggiore di "
                               "zero", layout.TOURNAMENT, row, layout.VALUE_COLUMN,
                               cell(rows, row, layout.VALUE_COLUMN), "Numero Turni Previsti")
        if max_rounds is not None and rounds > max_rounds:
            raise sheets.error(f"al massimo {max_rounds} turni", layout.TOURNAMENT, row,
                               layout.VALUE_COLUMN, cell(rows, row, layout.VALUE_COLUMN),
                               "Numero Turni Previsti")
    dates = []
    for k in range(layout.DATE_ROUNDS):
        value = cell(rows, layout.DATE_FIRST_ROW + k, layout.VALUE_COLUMN)
        if value is not None and as_date(value) is None:
            raise sheets.error(f"la data del turno {k + 1} non è una data", layout.TOURNAMENT,
                               layout.DATE_FIRST_ROW + k, layout.VALUE_COLUMN, value)
        dates.append(as_date(value))
    while dates and dates[-1] is None:
        dates.pop()
    ours = text(cell(rows, layout.FORMULA_ROW, layout.LABEL_COLUMN)) == layout.FORMULA_LABEL
    return Info(values["sede"], values["organizzatore"], values["nome"], values["tipo"],
                rounds, values["note"], tuple(dates),
                text(cell(rows, layout.FORMULA_ROW, layout.VALUE_COLUMN)) if ours else "")


def _players(sheets: Sheets) -> tuple[Player, ...]:
    sheet, head = layout.PLAYERS, layout.PLAYERS_HEADER_ROW
    rows = sheets.rows(sheet)
    for column, header in enumerate(layout.PLAYER_COLUMNS, start=1):
        found = text(cell(rows, head, column))
        if not found.casefold().startswith(header.casefold()):
            raise sheets.error(f"qui GestioneTorneo ha l'intestazione «{header}» (intestazioni "
                               f"alla riga {head}, giocatori dalla riga "
                               f"{layout.PLAYERS_FIRST_ROW})", sheet, head, column,
                               found or None, header)
    width = max((len(r) for r in rows[head - 1:head]), default=0)
    email = next((c for c in range(len(layout.PLAYER_COLUMNS) + 1, width + 1)
                  if text(cell(rows, head, c)).casefold() in layout.EMAIL_HEADERS), None)
    sheets.check(sheet, range(head, len(rows) + 1),
                 range(1, max(len(layout.PLAYER_COLUMNS), email or 0) + 1))
    players: dict[int, Player] = {}
    for row in range(layout.PLAYERS_FIRST_ROW, len(rows) + 1):
        values = {f: cell(rows, row, c) for c, f in enumerate(layout.PLAYER_FIELDS, start=1)}
        if values["nome"] is None:
            continue  # the template numbers 300 empty rows; GestioneTorneo skips them too
        if values["id"] is None:
            raise sheets.error(f"manca l'ID dell'iscritto: {UNREAD}", sheet, row, 1, NOT_READ,
                               "ID")
        pid = whole(values["id"])
        if pid is None or pid <= 0:
            raise sheets.error("l'ID di un iscritto è un numero intero positivo", sheet, row,
                               1, values["id"], "ID")
        if pid in players:
            raise sheets.error(f"ID già usato alla riga {players[pid].row}", sheet, row, 1,
                               values["id"], "ID")
        for column, field in enumerate(layout.PLAYER_FIELDS, start=1):
            if field in PRINTABLE and (bad := unprintable(text(values[field]))) is not None:
                raise sheets.error(f"carattere di controllo (U+{ord(bad):04X}): usare lettere, "
                                   "cifre e segni stampabili, come per «risiko-xl iscrivi»",
                                   sheet, row, column, values[field],
                                   layout.PLAYER_COLUMNS[column - 1])
        born = values["nascita"]
        if born is not None and as_date(born) is None:
            raise sheets.error("la data di nascita non è una data (gg/mm/aaaa)", sheet, row, 8,
                               born, "Data di Nascita")
        presence = text(values["partecipa"]).upper()
        if presence not in ("", layout.PRESENT, layout.ABSENT):
            raise sheets.error(f"«Partecipa Torneo» vale {layout.PRESENT} o {layout.ABSENT}",
                               sheet, row, 6, values["partecipa"], "Partecipa Torneo")
        national = values["id_nazionale"]
        players[pid] = Player(
            pid, text(values["nome"]), text(values["cognome"]), text(values["nickname"]),
            text(values["club"]), presence == layout.PRESENT, text(values["regione"]),
            as_date(born), "" if whole(national) == 0 else text(national),
            text(cell(rows, row, email)) if email else "", row)
    return tuple(players.values())


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
    return tuple(Round(n, _tables(sheets, layout.round_sheet(n), known))
                 for n in _round_numbers(sheets))


def _tables(sheets: Sheets, sheet: str, known: dict[int, Player]) -> tuple[Table, ...]:
    rows = sheets.rows(sheet)
    sheets.check(sheet, range(1, len(rows) + 1), range(1, layout.SEATS_MAX * layout.TRIPLE + 1))
    tables: list[Table] = []
    where: dict[int, int] = {}  # table number -> its header row
    seated: dict[int, int] = {}  # player -> row
    row = 1
    while row <= len(rows):
        head = cell(rows, row, 1)
        if all(cell(rows, row, c) is None for c in range(1, len(rows[row - 1]) + 1)):
            row += 1
            continue
        label = text(head)
        number = whole(label[len(layout.TABLE_PREFIX):]) \
            if label.startswith(layout.TABLE_PREFIX) else None
        if number is None or number < 1:
            raise sheets.error(f"attesa l'intestazione di un tavolo («{layout.TABLE_PREFIX}1»"
                               "), poi i giocatori nella riga sotto", sheet, row, 1, head)
        if number in where:
            raise sheets.error(f"tavolo {number} già presente alla riga {where[number]}",
                               sheet, row, 1, head)
        where[number] = row
        seats = tuple(_seats(sheets, sheet, rows, row + 1, known, seated))
        tables.append(Table(number, seats, row))
        row += 2
    return tuple(tables)


def _same_player(sheets: Sheets, sheet: str, row: int, column: int, player: Player,
                 shown: Any) -> None:
    """The seat's «Nome Cognome» (GestioneTorneo writes it above the club, `scriviPartite`)
    is the name registered for its ID: a list of Iscritti sorted without its IDs would
    otherwise hand every result to another player. A blank cell is accepted (GestioneTorneo
    reads only the ID); a club changed in Iscritti after the draw too."""
    if shown is None:
        return
    name = text(shown).split("\n")[0]
    registered = f"{player.nome} {player.cognome}"
    if " ".join(name.split()).casefold() != " ".join(registered.split()).casefold():
        raise sheets.error(f"l'ID {player.id} nella cella accanto è «"
                           f"{' '.join(registered.split())}» nel foglio {layout.PLAYERS} "
                           f"(riga {player.row}): correggere l'ID o il nome, o i risultati "
                           "andrebbero al giocatore sbagliato", sheet, row, column + 1, name,
                           "Nome Cognome")


def _seats(sheets: Sheets, sheet: str, rows: Rows, row: int, known: dict[int, Player],
           seated: dict[int, int]) -> list[Seat]:
    seats = []
    blank: list[int] = []  # columns of the points not typed
    for j in range(layout.SEATS_MAX):
        column = j * layout.TRIPLE + 1
        value = cell(rows, row, column)
        if value is None:
            others = [c for c in (column + 1, column + 2) if cell(rows, row, c) is not None]
            if others:
                raise sheets.error(f"manca l'ID del giocatore, che ha nome o punti nelle "
                                   f"celle accanto: {UNREAD}", sheet, row, column, NOT_READ,
                                   "ID")
            continue
        pid = whole(value)
        if pid is None:
            raise sheets.error("l'ID del giocatore non è un numero", sheet, row, column, value,
                               "ID")
        if pid == 0:
            continue  # GestioneTorneo skips an ID 0
        if pid != layout.GHOST_ID and pid not in known:
            raise sheets.error("ID non presente fra gli Iscritti", sheet, row, column, value,
                               "ID")
        if pid in seated and pid != layout.GHOST_ID:
            raise sheets.error(f"giocatore già seduto in questo turno (riga {seated[pid]})",
                               sheet, row, column, value, "ID")
        seated[pid] = row
        if pid != layout.GHOST_ID:
            _same_player(sheets, sheet, row, column, known[pid], cell(rows, row, column + 1))
        typed = cell(rows, row, column + 2)
        points = None if typed is None else decimal(typed)
        if typed is not None and points is None:
            raise sheets.error("i punti non sono un numero" if abs(whole(typed) or 0) < 10
                               ** POINTS_DIGITS else f"punti oltre {10 ** POINTS_DIGITS - 1}",
                               sheet, row, column + 2, typed, "punti")
        if typed is None and pid != layout.GHOST_ID:
            blank.append(column + 2)
        seats.append(Seat(pid, points))
    if blank and any(s.value is not None for s in seats):
        raise sheets.error(f"al tavolo sono scritti i punti degli altri giocatori, qui no: "
                           f"{UNREAD}", sheet, row, blank[0], NOT_READ, "punti")
    return seats
