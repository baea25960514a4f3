"""The one error type users see: an Italian message, with where the bad value was.

`RisikoError` locates a value on the workbook (sheet, table, row, column). The core
(`rules`, `standings`, `draw`, `formulas`) knows no workbook: it raises `RuleError`,
which says the same thing in domain facts (the record's field, player, round, phase,
table, seat), and the faces turn those into sheet, row and column
(`risiko_xl.tournament.sheet_errors.on_sheet`).
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from typing import Any, TypeVar

_NONE = object()  # "no value recorded" (a value may legitimately be None: an empty cell)
EMPTY = " (la cella è vuota)"  # what a message adds for an empty cell
_E = TypeVar("_E", bound=BaseException)


def count(n: int, one: str, many: str) -> str:
    """A number with its noun agreeing in Italian: «1 differenza», «2 differenze»."""
    return f"{n} {one if n == 1 else many}"


def listed(items: Sequence[object]) -> str:
    """Items as Italian lists them: «2», «2 e 3», «2, 3 e 4»."""
    words = [str(item) for item in items]
    return ", ".join(words[:-1]) + " e " + words[-1] if len(words) > 1 else "".join(words)


def excel_error(shown: str) -> str:
    """What a message says of a cell holding an Excel error value (#N/A, #DIV/0!)."""
    return (f"la cella contiene l'errore di Excel {shown}: correggere la formula o scrivere il "
            "valore")


class RisikoError(ValueError):
    """Bad input or a rule violation, described in Italian for the organiser.

    `foglio`, `riga`, `colonna` and `valore` locate the offending value when known;
    `str(err)` gives one readable line naming all of them. A formula's error also keeps
    the formula's key (`chiave`, its parts) and the problem alone (`problema`), so the
    `Formula` sheet can say it on the rule's row.
    """

    chiave: tuple[str | int, ...] = ()
    problema: str = ""

    def of_rule(self, *key: str) -> RisikoError:
        """This error, about the formula's rule at `key` (the faces name the rule)."""
        self.chiave = key
        return self

    def __init__(self, messaggio: str, *, foglio: str | None = None, tavolo: Any = None,
                 riga: int | None = None, colonna: str | None = None,
                 valore: Any = _NONE) -> None:
        self.messaggio = messaggio
        self.foglio = foglio
        self.tavolo = tavolo
        self.riga = riga
        self.colonna = colonna
        self.valore = valore
        super().__init__(self.testo())

    def located(self, *, foglio: str | None = None, tavolo: Any = None,
                riga: int | None = None, colonna: str | None = None,
                valore: Any = _NONE) -> RisikoError:
        """A copy with the location fields it lacks filled in (inner code knows less);
        the copy keeps its type and any domain facts (`RuleError`)."""
        out = _clone(self)
        out.foglio = self.foglio or foglio
        out.tavolo = self.tavolo if self.tavolo is not None else tavolo
        out.riga = self.riga if self.riga is not None else riga
        out.colonna = self.colonna or colonna
        out.valore = self.valore if self.valore is not _NONE else valore
        out.args = (out.testo(),)
        return out

    def reworded(self, messaggio: str) -> RisikoError:
        """A copy saying `messaggio` at the same place, with the same value."""
        out = _clone(self)
        out.messaggio = messaggio
        out.args = (out.testo(),)
        return out

    @property
    def has_value(self) -> bool:
        """Whether a found value is recorded (None, an empty cell, counts as one)."""
        return self.valore is not _NONE

    def _where(self) -> tuple[tuple[str, Any], ...]:
        """What the message names before its text, in order."""
        return (("foglio", self.foglio), ("tavolo", self.tavolo), ("riga", self.riga),
                ("colonna", self.colonna))

    def testo(self) -> str:
        """'Foglio X, tavolo T, riga N, colonna Y: messaggio (valore trovato: 'v')'; an
        empty cell is said so («(la cella è vuota)»), never «valore trovato: vuoto»."""
        where = ", ".join(f"{label} {value}" for label, value in self._where()
                          if value is not None)
        text = f"{where}: {self.messaggio}" if where else self.messaggio
        if self.valore is not _NONE:
            text += (EMPTY if self.valore is None
                     else f" (valore trovato: {shown_value(self.valore)})")
        return text[:1].upper() + text[1:]


def _clone(err: _E) -> _E:
    """A shallow copy of `err`, whatever its constructor takes."""
    out = type(err).__new__(type(err))
    out.__dict__.update(err.__dict__)
    out.args = err.args
    return out


class RuleError(RisikoError):
    """A rule the core's input breaks, told in domain facts rather than cells.

    `field` names what is wrong as «record.attribute»: `entrant.*` (a registered player:
    `id`, `state`, `from_round`, `club`), `result.*` (a game result: `player`, `phase`,
    `round_no`, `table`, `position`, `points`; `result` alone for the whole record) or
    `seat.*` (a seat at a table, `rules.seat.Seat`: `points`, `out_points`, `risiko`,
    `eliminated`, `elimination`, `order`, `coefficient`). `seat` is the 1-based index of
    the seat in the table the rules were given; `player`, `round_no`, `phase`, `table`
    say which game. `row` is the record's own `row` as the caller gave it (the core never
    computes one), kept as `riga`. The faces turn it into a `RisikoError` naming sheet,
    row and column (`tournament.sheet_errors.on_sheet`); until then the message names
    the round, table, seat and row it knows («Turno 2, tavolo 3, posto 1: …»).
    """

    def __init__(self, messaggio: str, *, field: str | None = None, player: str | None = None,
                 round_no: int | None = None, phase: str | None = None, table: Any = None,
                 seat: int | None = None, row: int | None = None,
                 valore: Any = _NONE) -> None:
        self.field = field
        self.player = player
        self.round_no = round_no
        self.phase = phase
        self.seat = seat
        super().__init__(messaggio, tavolo=table, riga=row, valore=valore)

    @classmethod
    def of(cls, err: RisikoError, *, seat: int | None = None,
           field: str | None = None) -> RuleError:
        """`err` as a RuleError with the seat (and field) it lacks filled in: a check on
        one seat does not know which seat of the table it was."""
        out = _clone(err) if isinstance(err, RuleError) else cls(
            err.messaggio, table=err.tavolo, row=err.riga, valore=err.valore)
        out.seat = out.seat if out.seat is not None else seat
        out.field = out.field or field
        out.args = (out.testo(),)
        return out

    def _where(self) -> tuple[tuple[str, Any], ...]:
        if self.foglio is not None or self.colonna is not None:  # located by a face
            return super()._where()
        return (("turno", self.round_no), ("tavolo", self.tavolo), ("posto", self.seat),
                ("riga", self.riga))


def shown_value(value: Any) -> str:
    """A found value as the message shows it: text quoted, dates as Excel shows them."""
    import datetime as dt  # here: every command line imports this module, --help too

    if isinstance(value, dt.datetime):
        return f"la data {value:%d/%m/%Y}" + (
            f" {value:%H:%M}" if value.time() != dt.time() else "")
    if isinstance(value, dt.date):
        return f"la data {value:%d/%m/%Y}"
    if isinstance(value, dt.time):
        return f"l'ora {value:%H:%M}"
    return repr(value)


def os_problem(err: OSError) -> str:
    """An operating system error in Italian (the common ones; else the system's text)."""
    known = {
        errno.ENOENT: "file o cartella inesistente",
        errno.EACCES: "permesso negato (il file è aperto in un altro programma, per "
                      "esempio Excel, oppure mancano i permessi)",
        errno.EPERM: "operazione non permessa",
        errno.EISDIR: "è una cartella, non un file",
        errno.ENOTDIR: "un elemento del percorso non è una cartella",
        errno.ENOSPC: "disco pieno",
        getattr(errno, "EDQUOT", -1): "spazio su disco esaurito (quota dell'utente)",
        errno.EFBIG: "file troppo grande per il disco o per i limiti del sistema",
        errno.EROFS: "disco di sola lettura",
        errno.EBUSY: "file in uso da un altro programma",
        errno.ENAMETOOLONG: "nome del file troppo lungo",
    }
    return known.get(err.errno or 0, err.strerror or type(err).__name__)


__all__ = ["RisikoError", "RuleError", "count", "os_problem"]
