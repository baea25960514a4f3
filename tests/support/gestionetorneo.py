"""Small tournaments in GestioneTorneo's layout, built in code (`risiko_xl.gestionetorneo`
model and writer): nine players, two rounds, the same tables for every formula — a
5-table and a 4-table each round, one tie on whole points marked by a decimal (44,1
against 44) — so each formula's points can be computed by hand."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal as D

from risiko_xl.gestionetorneo.model import Info, Player, Round, Seat, Table, Workbook

CLUBS = ("RC Roma", "Il Gufo", "Le Mura")
# (round, table, [(ID, typed value), …]) in GestioneTorneo's seat order
TABLES = (
    (1, 1, ((1, "40"), (2, "21"), (3, "12"), (4, "8"), (5, "4"))),
    (1, 2, ((6, "44.1"), (7, "44"), (8, "10"), (9, "5"))),
    (2, 1, ((1, "30"), (6, "25"), (2, "20"), (7, "15"))),
    (2, 2, ((3, "50"), (8, "30"), (4, "10"), (9, "5"), (5, "2"))),
)


def players(extra: int = 0) -> tuple[Player, ...]:
    """Players 1-9 (SI), then `extra` more registered with Partecipa NO."""
    out = [Player(i, f"Nome{i}", f"Cognome{i}", f"Nick{i}" if i % 2 else "",
                  CLUBS[i % 3], True, "LAZIO", dt.date(1980, 1, i), str(5000 + i),
                  f"g{i}@esempio.it" if i == 1 else "") for i in range(1, 10)]
    out += [Player(i, f"Nome{i}", f"Cognome{i}", "", CLUBS[0], False)
            for i in range(10, 10 + extra)]
    return tuple(out)


def rounds(tables=TABLES) -> tuple[Round, ...]:
    by_round: dict[int, list[Table]] = {}
    for round_no, number, seats in tables:
        by_round.setdefault(round_no, []).append(
            Table(number, tuple(Seat(pid, D(value)) for pid, value in seats)))
    return tuple(Round(n, tuple(t)) for n, t in sorted(by_round.items()))


def tournament(kind: str, rounds_planned: int = 2, extra: int = 1) -> Workbook:
    """`kind`: the «Tipologia di Torneo» typed in TORNEO (a GestioneTorneo type name)."""
    info = Info("Circolo di Prova", "RC Roma", f"Torneo {kind}", kind, rounds_planned,
                "", (dt.date(2025, 3, 1), dt.date(2025, 3, 8)))
    return Workbook(info, players(extra), rounds())
