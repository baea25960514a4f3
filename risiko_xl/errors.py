"""The one error type users see: an Italian message, with where the bad value was."""

from __future__ import annotations

from typing import Any

_NONE = object()  # "no value recorded" (a value may legitimately be None: an empty cell)


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

    def testo(self) -> str:
        """'Foglio X, tavolo T, riga N, colonna Y: messaggio (valore trovato: 'v')'."""
        where = ", ".join(
            f"{label} {value}"
            for label, value in (("foglio", self.foglio), ("tavolo", self.tavolo),
                                 ("riga", self.riga), ("colonna", self.colonna))
            if value is not None
        )
        text = f"{where}: {self.messaggio}" if where else self.messaggio
        if self.valore is not _NONE:
            shown = "vuoto" if self.valore is None else repr(self.valore)
            text += f" (valore trovato: {shown})"
        return text[:1].upper() + text[1:]


__all__ = ["RisikoError"]
