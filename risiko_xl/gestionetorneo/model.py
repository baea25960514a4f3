"""What GestioneTorneo's workbook holds, as plain data: the tournament's details
(`Info`), the players of `Iscritti` (`Player`), the round sheets' tables (`Round`,
`Table`, `Seat`) and, when written back, the standings (`Standing`). Each value keeps the
sheet row it was read from, so a message can name it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal


@dataclass(frozen=True)
class Info:
    """TORNEO: venue, organiser, name, type («Tipologia di Torneo»), rounds planned, note,
    the date of each round (None where none is typed) and our formula's name when the
    file was written by `esporta` (`layout.FORMULA_ROW`)."""

    sede: str = ""
    organizzatore: str = ""
    nome: str = ""
    tipo: str = ""
    turni: int | None = None
    note: str = ""
    dates: tuple[dt.date | None, ...] = ()
    formula: str = ""


@dataclass(frozen=True)
class Player:
    """One row of Iscritti; `partecipa`: «Partecipa Torneo» is SI."""

    id: int
    nome: str
    cognome: str = ""
    nickname: str = ""
    club: str = ""
    partecipa: bool = True
    regione: str = ""
    nascita: dt.date | None = None
    id_nazionale: str = ""
    email: str = ""
    row: int = 0


@dataclass(frozen=True)
class Seat:
    """A triple of a round sheet: the player's ID and the value typed (exact decimal)."""

    player: int
    value: Decimal | None  # None: nothing typed yet


@dataclass(frozen=True)
class Table:
    number: int
    seats: tuple[Seat, ...]
    row: int = 0  # the «Tavolo N°k» row; the seats are on the next one


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]


@dataclass(frozen=True)
class Standing:
    """A row of Classifica (and of Classifica Ridotta: position, names, total, id)."""

    position: int
    player: Player
    points: tuple[Decimal | None, ...]  # one per round (None: not played)
    wins: int
    total: Decimal


@dataclass(frozen=True)
class Workbook:
    info: Info
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    standings: tuple[Standing, ...] = field(default=())
    sheets: tuple[str, ...] = ()  # every sheet's name, as read
    notes: tuple[str, ...] = ()  # what the reader read blank, and why, for the report
    thousandths: bool = False  # points in thousandths (a Master): Classifica shows «0.000»
