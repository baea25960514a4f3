"""The one error type users see: an Italian message, with where the bad value was."""

from __future__ import annotations

import datetime as dt
import errno
from typing import Any

_NONE = object()  # "no value recorded" (a value may legitimately be None: an empty cell)
EMPTY = " (la cella è vuota)"  # what a message adds for an empty cell


def count(n: int, one: str, many: str) -> str:
    """A number with its noun agreeing in Italian: «1 differenza», «2 differenze»."""
    return f"{n} {one if n == 1 else many}"


class RisikoError(ValueError):
    """Bad input or a rule violation, described in Italian for the organiser.

    `foglio`, `riga`, `colonna` and `valore` locate the offending value when known;
    `str(err)` gives one readable line naming all of them.
    """

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
        """A copy with the location fields it lacks filled in (inner code knows less)."""
        return RisikoError(
            self.messaggio,
            foglio=self.foglio or foglio,
            tavolo=self.tavolo if self.tavolo is not None else tavolo,
            riga=self.riga if self.riga is not None else riga,
            colonna=self.colonna or colonna,
            valore=self.valore if self.valore is not _NONE else valore,
        )

    @property
    def has_value(self) -> bool:
        """Whether a found value is recorded (None, an empty cell, counts as one)."""
        return self.valore is not _NONE

    def testo(self) -> str:
        """'Foglio X, tavolo T, riga N, colonna Y: messaggio (valore trovato: 'v')'; an
        empty cell is said so («(la cella è vuota)»), never «valore trovato: vuoto»."""
        where = ", ".join(
            f"{label} {value}"
            for label, value in (("foglio", self.foglio), ("tavolo", self.tavolo),
                                 ("riga", self.riga), ("colonna", self.colonna))
            if value is not None
        )
        text = f"{where}: {self.messaggio}" if where else self.messaggio
        if self.valore is not _NONE:
            text += (EMPTY if self.valore is None
                     else f" (valore trovato: {shown_value(self.valore)})")
        return text[:1].upper() + text[1:]


def shown_value(value: Any) -> str:
    """A found value as the message shows it: text quoted, dates as Excel shows them."""
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
        errno.EROFS: "disco di sola lettura",
        errno.EBUSY: "file in uso da un altro programma",
        errno.ENAMETOOLONG: "nome del file troppo lungo",
    }
    return known.get(err.errno or 0, err.strerror or type(err).__name__)


__all__ = ["RisikoError", "count", "os_problem"]
