"""Seeded, plausible players and game results: for the demo, end-to-end tests, benchmarks.

A simulated game respects the rules the scoring checks: the territories' values shared
by the players never exceed the map's 164, at most one RisiKo!, an eliminated player has
0 points, and surviving players have distinct objective points (so no tie needs the
referee), turn orders are a permutation.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row, Table
from risiko_xl.draw.rng import Rng
from risiko_xl.rules.territories import MAP_TOTAL
from risiko_xl.tournament.loading import load
from risiko_xl.tournament.records import PHASE_WORDS

FIRST = ("Marco", "Giulia", "Luca", "Sara", "Andrea", "Chiara", "Paolo", "Elena", "Davide",
         "Anna", "Stefano", "Marta", "Giorgio", "Silvia", "Matteo", "Laura", "Franco",
         "Valentina", "Nicola", "Federica", "Salvatore", "Rosa", "Antonio", "Ilaria")
LAST = ("Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci",
        "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa",
        "Giordano", "Rizzo", "Lombardi", "Moretti", "Barbieri", "Fontana", "Santoro",
        "Caruso", "Mariani", "Rinaldi", "Ferrara", "Galli", "Martini", "Leone")
CLUBS = ("Eagles Roma", "Rahal Maut", "Lu Castidduzzu", "Gufo Torino", "Spartac Milano",
         "Raduno Napoli", "Victory Bari", "Sant'Eufemia", "Open Firenze", "Tigri Palermo")
REGIONS = ("Lazio", "Sicilia", "Piemonte", "Lombardia", "Campania", "Puglia", "Toscana",
           "Calabria")


def players(count: int, clubs: int, seed: str, teams: bool = False) -> list[dict[str, Any]]:
    """`count` Iscritti rows in `clubs` clubs: skewed sizes and a few without a club, or
    with `teams` equal clubs (teams of a team championship)."""
    rng = Rng(seed, "players")
    names = [(f, last) for f in FIRST for last in LAST]
    rng.shuffle(names)
    rows = []
    for i in range(count):
        first, last = names[i % len(names)]
        skewed = min(int(clubs * rng.random() ** 1.4), clubs - 1)
        club_index = i % clubs if teams or i < clubs else skewed
        club: str | None = CLUBS[club_index % len(CLUBS)] + (
            f" {club_index // len(CLUBS) + 1}" if club_index >= len(CLUBS) else "")
        if not teams and i >= clubs and rng.below(12) == 0:
            club = None
        rows.append({"ID": f"G{i + 1:03d}", "Nome": first, "Cognome": last,
                     "Nickname": None, "Club": club,
                     "Regione": REGIONS[club_index % len(REGIONS)], "Stato": "Attivo",
                     "Dal turno": 1, "Quota": 5})
    return rows


def game(rng: Rng, n: int, with_risiko: bool = True) -> list[dict[str, Any]]:
    """Typed result columns for one table of `n` players, in seat order; `with_risiko`:
    whether the game has a RisiKo! (S.P.Q.RisiKo!, seed 004, has none)."""
    orders = list(range(1, n + 1))
    rng.shuffle(orders)
    weights = [1 + rng.random() * 3 for _ in range(n)]
    eliminated = rng.below(n) if rng.below(8) == 0 else None
    risiko = rng.below(15) == 0 and with_risiko
    budget = MAP_TOTAL
    rows: list[dict[str, Any]] = []
    used: set[int] = set()
    for i in range(n):
        row: dict[str, Any] = {"Ordine": orders[i], "RisiKo!": None, "Eliminato": None,
                               "Punti obiettivo": 0, "Punti fuori obiettivo": 0}
        if i == eliminated:
            row["Eliminato"] = 1
        else:
            share = int(budget * weights[i] / sum(weights) * 0.9)
            objective = max(1, int(share * (0.35 + 0.45 * rng.random())))
            while objective in used:
                objective += 1
            used.add(objective)
            row["Punti obiettivo"] = objective
            row["Punti fuori obiettivo"] = max(0, share - objective)
        rows.append(row)
    if risiko:  # the objective completed by the player ahead on points
        best = max(range(n), key=lambda i: rows[i]["Punti obiettivo"])
        rows[best]["RisiKo!"] = "S"
    return rows


def play(book: Book, round_no: int, phase: str, seed: str) -> int:
    """Type simulated results into every untyped row of (round, phase), as the
    tournament's game allows them; returns tables."""
    with_risiko = load(book).formula.scoring.game.risiko
    results = book.read_table(schema.RESULTS.name)
    tables: dict[Any, list[Row]] = defaultdict(list)
    for row in results:
        fase = row["Fase"]
        typed = PHASE_WORDS.get(str(fase or "Qualificazione").strip().casefold(), fase)
        if row["Turno"] == round_no and typed == PHASE_WORDS.get(phase.casefold(), phase) \
                and row["Punti obiettivo"] is None and row["Eliminato"] is None:
            tables[row["Tavolo"]].append(row)
    rng = Rng(seed, "results", str(round_no), phase)
    for table in sorted(tables):
        rows = tables[table]
        for row, values in zip(rows, game(rng, len(rows), with_risiko)):
            row.values.update(values)
    book.write_table(schema.RESULTS.name, results)
    return len(tables)


def register(book: Book, rows: list[dict[str, Any]]) -> None:
    """Replace the `Iscritti` table body with `rows`."""
    book.write_table(schema.PLAYERS.name, Table.of(rows, schema.PLAYERS.headers))
