"""Reading the organiser's tables into plain records, with located Italian errors.

`Iscritti` becomes `Entrant`s, `Risultati` becomes `ResultRow`s (one per sheet row, the
referee's typed values parsed). Columns are found by header; a missing required column
or a bad cell raises a RisikoError naming the sheet, row, column and the value found.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book, checked_table
from risiko_xl.books.table import Table
from risiko_xl.cells import is_blank, to_elimination, to_flag, to_int, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.names import player_name, too_long
from risiko_xl.rules.seat import Seat
from risiko_xl.rules.territories import MAP_TOTAL
from risiko_xl.standings.model import ACTIVE, PHASE_ALIASES, QUALIFYING, Entrant
from risiko_xl.tournament.players import (
    IdIndex,
    id_key,
    id_problem,
    suggestion,
)

PHASE_WORDS = {p.casefold(): p for p in schema.PHASES}
PHASE_WORDS.update((a.casefold(), p) for a, p in PHASE_ALIASES.items())  # «ripescaggio»
STATE_WORDS = {s.casefold(): s for s in schema.STATES}


@dataclass(frozen=True)
class Record:
    """One table row as a dict, with where it is (for messages)."""

    sheet: str
    row: int
    values: dict[str, Any]


def records(table: Table) -> list[Record]:
    return [Record(table.sheet, row.sheet_row, row.values) for row in table
            if row.sheet_row is not None]


def cell(record: Record, header: str, parse: Callable[..., Any], **options: Any) -> Any:
    """parse(value) for one cell; errors name the table's sheet, the row and the column."""
    try:
        return parse(record.values.get(header), header, **options)
    except RisikoError as err:
        raise err.located(foglio=record.sheet, riga=record.row, colonna=header) from None


def _choice(words: dict[str, str], default: str) -> Callable[..., str]:
    def parse(value: Any, label: str) -> str:
        if is_blank(value):
            return default
        found = words.get(str(value).strip().casefold())
        if found is None:
            raise RisikoError(f"valore non ammesso (ammessi: {', '.join(words.values())})",
                              valore=value)
        return found
    return parse


parse_phase = _choice(PHASE_WORDS, QUALIFYING)
parse_state = _choice(STATE_WORDS, ACTIVE)


def read_entrants(book: Book) -> list[Entrant]:
    """Registered players from `Iscritti`; a row with something typed but no ID is
    refused (it would be left out of every draw without a word)."""
    out: list[Entrant] = []
    seen: dict[str, tuple[str, int]] = {}
    for record in records(checked_table(book, schema.PLAYERS)):
        row = record.row
        pid = cell(record, "ID", text)
        if pid is None:
            _refuse_without_id(record, schema.PLAYERS, "il giocatore non sarebbe sorteggiato")
            continue
        problem = id_problem(pid)
        if problem is not None:
            raise RisikoError(problem, foglio="Iscritti", riga=row, colonna="ID", valore=pid)
        if id_key(pid) in seen:  # «G13» and «g13» would be one player typed in Risultati
            first, where = seen[id_key(pid)]
            same = "" if first == pid else (f" come «{first}»: gli ID non distinguono "
                                             "maiuscole e minuscole")
            raise RisikoError(f"ID duplicato (già alla riga {where}{same})", foglio="Iscritti",
                              riga=row, colonna="ID", valore=pid)
        seen[id_key(pid)] = (pid, row)
        words = {h: cell(record, h, text)
                 for h in ("Nome", "Cognome", "Nickname", "Club", "Regione")}
        name = player_name(words["Nome"], words["Cognome"], words["Nickname"]) or pid
        if (problem := too_long(name)) is not None:
            raise RisikoError(problem, foglio="Iscritti", riga=row,
                              colonna="Cognome" if words["Cognome"] else "Nome",
                              valore=f"{len(name)} caratteri")
        out.append(Entrant(
            id=pid,
            name=name,
            club=words["Club"], region=words["Regione"],
            state=cell(record, "Stato", parse_state),
            from_round=cell(record, "Dal turno", to_int, minimum=1) or 1,
            row=row, first=words["Nome"], last=words["Cognome"],
            nickname=words["Nickname"]))
    return out


def _refuse_without_id(record: Record, spec: schema.TableSpec, why: str) -> None:
    """RisikoError for a row of `spec` with a typed value (not only computed cells) and no
    ID: never ignored in silence."""
    for header in spec.headers:
        if header == "ID" or header in spec.computed:
            continue
        value = cell(record, header, text) if header in record.values else None
        if value is not None:
            raise RisikoError(f"riga senza ID ({header}: {value}): {why}; scrivere l'ID del "
                              "giocatore o cancellare tutta la riga", foglio=spec.sheet,
                              riga=record.row, colonna="ID")


@dataclass(frozen=True)
class ResultRow:
    """One `Risultati` row as typed. `seat` is None while the game's result is not typed."""

    row: int
    round_no: int
    phase: str
    table: int
    player: str
    seat: Seat | None
    penalty: int

    @property
    def key(self) -> tuple[int, str, int]:
        return self.round_no, self.phase, self.table


def read_results(book: Book, known: Sequence[str] | None = None,
                 earlier: tuple[Table, list[ResultRow]] | None = None,
                 ) -> tuple[Table, list[ResultRow]]:
    """The `Risultati` table and its parsed rows; a row with something typed but no ID
    is refused (its game would vanish and its table change size). With `known` ids, an
    unregistered ID is an error, and an ID typed in another case or with spaces is read as
    the registered one («g13» → «G13»). `earlier`: the table and rows this reading gave
    before a write, with the same `known` ids: a row holding the same values on the same
    sheet row is the same parsed row (a draw appends rows; the others are not parsed
    again)."""
    typed = checked_table(book, schema.RESULTS)
    index = None if known is None else IdIndex(known)
    seen: dict[tuple[int, str, str], int] = {}
    out: list[ResultRow] = []
    parsed: dict[int, tuple[dict[str, Any], ResultRow]] = {} if earlier is None else {
        r.row: (values, r) for values, r in zip(_values_by_row(earlier[0], earlier[1]),
                                                  earlier[1])}
    for record in records(typed):
        row = record.row
        same = parsed.get(row)
        if same is not None and same[0] == record.values:
            done = same[1]
            _once(seen, (done.round_no, done.phase, done.player), row)
            out.append(done)
            continue
        pid = cell(record, "ID", text)
        if pid is None:
            _refuse_without_id(record, schema.RESULTS, "il suo risultato non conterebbe e il "
                               "tavolo cambierebbe numero di giocatori")
            continue
        if index is not None:  # «g13», «G1» typed by a referee: the registered «G13», «G01»
            found = index.find(pid)
            if found is None:
                raise RisikoError("ID non presente tra gli iscritti" + suggestion(
                    pid, [Entrant(k) for k in index.exact.values()]), foglio="Risultati",
                    riga=row, colonna="ID", valore=pid)
            pid = found
        round_no = cell(record, "Turno", to_int, minimum=1)
        table = cell(record, "Tavolo", to_int, minimum=1)
        for header, value in (("Turno", round_no), ("Tavolo", table)):
            if value is None:
                raise RisikoError("valore mancante", foglio="Risultati", riga=row,
                                  colonna=header, valore=None)
        phase = cell(record, "Fase", parse_phase)
        _once(seen, (round_no, phase, pid), row)
        out.append(ResultRow(row, round_no, phase, table, pid, parse_seat(record),
                             cell(record, "Penalità", to_int) or 0))
    return typed, out


def _values_by_row(table: Table, rows: list[ResultRow]) -> list[dict[str, Any]]:
    """The typed values each of `rows` was parsed from."""
    by_row = table.by_sheet_row()
    return [by_row[r.row].values for r in rows]


def _once(seen: dict[tuple[int, str, str], int], key: tuple[int, str, str], row: int) -> None:
    """A player is seated once in a round of a phase (`seen`: the row of each so far)."""
    if key in seen:
        raise RisikoError(f"giocatore già presente nello stesso turno (riga {seen[key]})",
                          foglio="Risultati", riga=row, colonna="ID", valore=key[2])
    seen[key] = row


def parse_seat(record: Record) -> Seat | None:
    """The typed result. `Punti obiettivo` holds the game's points: checked against the
    map total at the table, in classic RisiKo! only (S.P.Q.RisiKo! has its own score)."""
    points = cell(record, "Punti obiettivo", to_int)
    risiko = cell(record, "RisiKo!", to_flag)
    eliminated, order = cell(record, "Eliminato", to_elimination)
    if points is None and not risiko and not eliminated:
        return None
    values = record.values  # the optional counts typed (a blank one is the Seat's None)
    extras = {field: cell(record, header, to_int, maximum=maximum)
              for header, (field, maximum) in schema.ART26_FIELDS.items()
              if values.get(header) is not None}
    return Seat(points or 0, cell(record, "Punti fuori obiettivo", to_int, maximum=MAP_TOTAL),
                cell(record, "Ordine", to_int, minimum=1, maximum=6), risiko, eliminated,
                order, **extras)


def text(value: Any, _label: str) -> str | None:
    return to_text(value)
