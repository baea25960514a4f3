"""Small tournaments in GestioneTorneo's layout, built in code (`risiko_xl.gestionetorneo`
model and writer): nine players, two rounds, the same tables for every formula — a
5-table and a 4-table each round, one tie on whole points marked by a decimal (44,1
against 44) — so each formula's points can be computed by hand."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal as D
from fractions import Fraction as F
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.gestionetorneo.model import Info, Player, Round, Seat, Table, Workbook

CLUBS = ("RC Roma", "Il Gufo", "Le Mura")
# (round, table, [(ID, typed value), …]) in GestioneTorneo's seat order
TABLES = (
    (1, 1, ((1, "40"), (2, "21"), (3, "12"), (4, "8"), (5, "4"))),
    (1, 2, ((6, "44.1"), (7, "44"), (8, "10"), (9, "5"))),
    (2, 1, ((1, "30"), (6, "25"), (2, "20"), (7, "15"))),
    (2, 2, ((3, "50"), (8, "30"), (4, "10"), (9, "5"), (5, "2"))),
)

# Hand-computed standings (Totale) of the nine players after the two rounds of TABLES.
EXPECTED = {
    # 001 §7: «conversione in millesimi, aggiungendo poi al vincitore della partita una
    # unità. Nei tavoli da 5 giocatori i punteggi si devono moltiplicare per 1,25 con
    # eventuali arrotondamenti alla terza cifra dopo la virgola sempre per eccesso».
    # Player 1: 40 × 1,25 = 50 → 1,050 (won, 5-table) + 30 → 1,030 (won) = 2,080;
    # 3: 12 × 1,25 = 15 → 0,015 + 50 × 1,25 = 62,5 → 1,063 = 1,078; 6: 44,1 beats 44 →
    # 1,044 + 0,025 = 1,069; 7: 0,044 + 0,015; 8: 0,010 + 30 × 1,25 = 37,5 → 0,038;
    # 2: 21 × 1,25 = 26,25 → 0,027 + 0,020; 4: 10 → 0,010 + 12,5 → 0,013; 9: 0,005 +
    # 6,25 → 0,007; 5: 4 × 1,25 = 5 → 0,005 + 2,5 → 0,003.
    "MasterRisiko": {1: F(2080, 1000), 3: F(1078, 1000), 6: F(1069, 1000),
                     7: F(59, 1000), 8: F(48, 1000), 2: F(47, 1000), 4: F(23, 1000),
                     9: F(12, 1000), 5: F(8, 1000)},
    # GestioneTorneo RadunoNazionale (ScorePlayerRaduno.trascodificaPunteggio, manual V2.4
    # «i punti classifica sono dati dai punti partita più un bonus di 50 punti per il
    # vincitore»), no factor at the 5-table: 1: 40 + 50 + 30 + 50; 6: 44 + 50 + 25;
    # 3: 12 + 50 + 50; 7: 44 + 15; 2: 21 + 20; 8: 10 + 30; 4: 8 + 10; 9: 5 + 5; 5: 4 + 2.
    "RadunoNazionale": {1: 170, 6: 119, 3: 112, 7: 59, 2: 41, 8: 40, 4: 18, 9: 10, 5: 6},
    # seed 004 «Metodo punti tavolo con bonus» as GestioneTorneo's Open scores it
    # (ScorePlayerOpen: ×1,25 at 5, +50 to the sole winner), with its exact decimals
    # (the preset's scaled_parts 100): 1: 50 + 50 + 30 + 50; 3: 15 + 62,5 + 50 = 127,5;
    # 6: 44 + 50 + 25; 7: 44 + 15; 8: 10 + 37,5; 2: 26,25 + 20; 4: 10 + 12,5;
    # 9: 5 + 6,25; 5: 5 + 2,5.
    "Open": {1: 180, 3: F(1275, 10), 6: 119, 7: 59, 8: F(475, 10), 2: F(4625, 100),
             4: F(225, 10), 9: F(1125, 100), 5: F(75, 10)},
    # GestioneTorneo TorneoGufo (ScorePlayerTorneoGufo): 12/7/5/3/2 by place + points /
    # 100, ×1,25 at 5, exact: 1: 12,50 + 12,30; 6: 12,44 + 7,25; 3: 5,15 + 12,625;
    # 8: 5,10 + 7,375; 2: 7,2625 + 5,20; 7: 7,44 + 3,15; 4: 3,10 + 5,125;
    # 9: 3,05 + 3,0625; 5: 2,05 + 2,025.
    "TorneoGufo": {1: F(2480, 100), 6: F(1969, 100), 3: F(17775, 1000),
                   8: F(12475, 1000), 2: F(124625, 10000), 7: F(1059, 100),
                   4: F(8225, 1000), 9: F(61125, 10000), 5: F(4075, 1000)},
}
FORMULAS = {"MasterRisiko": "master", "RadunoNazionale": "raduno", "Open": "open",
            "TorneoGufo": "gufo"}


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


def totals(path: Path) -> dict[int, F]:
    """The imported tournament's standings: player -> Totale."""
    book = OpenpyxlBook(path)
    return {int(r["ID"]): F(str(r["Totale"])) for r in book.read_table("Classifica")}


def assert_imported(path: Path, kind: str) -> None:
    """Every player, table and typed point of `tournament(kind)` in the workbook at `path`,
    and the standings computed by hand (EXPECTED)."""
    book = OpenpyxlBook(path)
    registered = {r["ID"]: r for r in book.read_table(schema.PLAYERS.name)}
    for p in players(1):
        r = registered[str(p.id)]
        assert (r["Nome"], r["Cognome"], r["Club"], r["Stato"]) == (
            p.nome, p.cognome, p.club, "Attivo" if p.partecipa else "Ritirato")
    rows = book.read_table(schema.RESULTS.name)
    seen = {(r["Turno"], r["Tavolo"], int(r["ID"])): r for r in rows}
    for round_no, number, seats in TABLES:
        for pid, value in seats:
            assert seen[round_no, number, pid]["Punti obiettivo"] == int(D(value))
    assert (seen[1, 2, 6]["Punti fuori obiettivo"], seen[1, 2, 7]["Punti fuori obiettivo"]) \
        == (1, 0)  # 44,1 against 44
    assert len(rows) == sum(len(s) for _, _, s in TABLES)
    assert totals(path) == EXPECTED[kind]


def edited(tmp_path: Path, change: Callable[[Any], None]) -> Path:
    """A master tournament in GestioneTorneo's layout written to `tmp_path`, then edited
    by `change(workbook)` with openpyxl, as a hand at the keyboard would."""
    import openpyxl

    from risiko_xl.gestionetorneo import writer

    path = writer.write(tournament("MasterRisiko"), tmp_path / "Modulo.xlsx")
    book = openpyxl.load_workbook(path)
    change(book)
    book.save(path)
    return path

