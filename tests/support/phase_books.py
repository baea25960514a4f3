"""Workbooks with hand-written preliminary results, for the final-phase scenarios
(withdrawals, verify of the phases): the same results as the core tests, typed in
`Risultati` the way a referee types them (objective points, RisiKo!)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table as BookTable
from risiko_xl.formulas import load as load_formula
from risiko_xl.standings import WITHDRAWN, Entrant, GameResult
from risiko_xl.workbooks.template import formula_settings, write_new

BONUS = (50, 15, 5, 0)  # 000 Art. 24: 50/15/5 to the first three

Table = list[tuple[str, int]]  # (player, objective points), by placement

def points(method: str, objective: int, position: int) -> Fraction:
    """Tournament points by hand: millesimi (001 §7: objective/1000, +1 to the winner)
    or the bonus method (000 Art. 24: objective + 50/15/5 to the first three)."""
    if method == "millesimi":
        return Fraction(objective, 1000) + (1 if position == 1 else 0)
    return Fraction(objective + BONUS[position - 1])

def games(method: str, round_no: int, phase: str, *tables: Table) -> list[GameResult]:
    """The core's results of one round, tables numbered from 1."""
    return [GameResult(pid, round_no, phase, n, pos, points(method, obj, pos),
                       table_points=obj, out_points=0, players=len(table))
            for n, table in enumerate(tables, 1) for pos, (pid, obj) in enumerate(table, 1)]

def typed(results: list[GameResult]) -> list[dict]:
    """The same results as a referee types them in `Risultati`."""
    return [{"Turno": r.round_no, "Fase": r.phase, "Tavolo": r.table, "Ordine": r.position,
             "ID": r.player, "Giocatore": f"Nome {r.player}",
             "Punti obiettivo": r.table_points, "Punti fuori obiettivo": 0}
            for r in results]

def build(path: Path, formula: str, ids: list[str], results: list[GameResult],
          seed: str, **settings) -> OpenpyxlBook:
    """A tournament of `formula` with `ids` registered and `results` typed."""
    write_new(path, {**formula_settings(formula), "Seme sorteggio": seed, **settings})
    book = OpenpyxlBook(path)
    players = [{"ID": pid, "Nome": "Nome", "Cognome": pid, "Stato": "Attivo",
                "Dal turno": 1} for pid in ids]
    book.write_table(schema.PLAYERS.name, BookTable.of(players, schema.PLAYERS.headers))
    book.write_table(schema.RESULTS.name, BookTable.of(typed(results), schema.RESULTS.headers))
    book.save()
    return book

def add(book: OpenpyxlBook, results: list[GameResult]) -> None:
    """Type the results of a seated phase into its pre-filled rows (by round and ID)."""
    table = book.read_table(schema.RESULTS.name)
    for row in typed(results):
        hit = [r for r in table if r["Turno"] == row["Turno"] and r["ID"] == row["ID"]]
        assert len(hit) == 1, row
        for key in ("Ordine", "Punti obiettivo", "Punti fuori obiettivo"):
            hit[0][key] = row[key]
    book.write_table(schema.RESULTS.name, table)
    book.save()

def people(ids, withdrawn=()) -> list[Entrant]:
    """The core's entrants, `withdrawn` ones marked so."""
    return [Entrant(pid, name=f"Nome {pid}", state=WITHDRAWN if pid in withdrawn else "Attivo")
            for pid in ids]

def core(formula: str, variant: str | None = None):
    """The formula's standings and phase rules, as the preset files declare them."""
    f = load_formula(formula)
    if variant:
        f = next(v.formula for v in f.variants if v.key == variant)
    return f.standings, f.phases

def tables(book: OpenpyxlBook, round_no: int) -> dict[int, set[str]]:
    """The seating of one round as `Risultati` holds it: table -> players."""
    out: dict[int, set[str]] = {}
    for row in book.read_table(schema.RESULTS.name):
        if row["Turno"] == round_no:
            out.setdefault(int(row["Tavolo"]), set()).add(row["ID"])
    return out

# --- 001 Master: 20 players, 2 rounds ------------------------------------------------------
# Totals by hand (thousandths): P01 2110 and P05 2101 (both won both games), P02 1088,
# P09 1085, P03 1076, P13 1070, P04 1069, P17 1055, P06 69, P10 64, P07 58, P08 52,
# P14 49, P11 43, P15 38, P12 37, P18 34, P19 23, P16 22, P20 17.
MASTER_IDS = [f"P{i:02d}" for i in range(1, 21)]
MASTER_RANKING = ["P01", "P05", "P02", "P09", "P03", "P13", "P04", "P17", "P06", "P10",
                  "P07", "P08", "P14", "P11", "P15", "P12", "P18", "P19", "P16", "P20"]
MASTER_GAMES = [
    *games("millesimi", 1, "Qualificazione",
           [("P01", 60), ("P06", 40), ("P11", 25), ("P16", 10)],
           [("P02", 58), ("P07", 39), ("P12", 24), ("P17", 9)],
           [("P03", 56), ("P08", 38), ("P13", 23), ("P18", 8)],
           [("P04", 54), ("P09", 37), ("P14", 22), ("P19", 7)],
           [("P05", 52), ("P10", 36), ("P15", 21), ("P20", 6)]),
    *games("millesimi", 2, "Qualificazione",
           [("P01", 50), ("P02", 30), ("P03", 20), ("P04", 15)],
           [("P05", 49), ("P06", 29), ("P07", 19), ("P08", 14)],
           [("P09", 48), ("P10", 28), ("P11", 18), ("P12", 13)],
           [("P13", 47), ("P14", 27), ("P15", 17), ("P16", 12)],
           [("P17", 46), ("P18", 26), ("P19", 16), ("P20", 11)]),
]

# --- 003-a Eagles: 8 players, 3 rounds, Generale without the worst result ----------------------
# By hand (thousandths), Generale / Assoluta: A 2118/2151, B 2111/2136, C 1078/1098,
# D 1069/1081, E 90/93, G 74/84, F 65/87, H 53/58. Best single games: G 44, H 45.
EAGLES_IDS = list("ABCDEFGH")
EAGLES_GAMES = [
    *games("millesimi", 1, "Qualificazione", [("A", 60), ("E", 50), ("F", 30), ("G", 10)],
           [("B", 55), ("H", 45), ("C", 20), ("D", 15)]),
    *games("millesimi", 2, "Qualificazione", [("A", 58), ("E", 40), ("G", 30), ("H", 5)],
           [("C", 57), ("F", 35), ("B", 25), ("D", 12)]),
    *games("millesimi", 3, "Qualificazione", [("B", 56), ("G", 44), ("F", 22), ("E", 3)],
           [("D", 54), ("A", 33), ("C", 21), ("H", 8)]),
]

# --- 000 Lu Castidduzzu: 8 players, 4 rounds, objective + 50/15/5 --------------------------
# Totals by hand: A 240, B 223, E 169, C 160, F 152, G 119, D 113, H 72; best single
# games of the last two: D 43, H 38.
CAST_IDS = list("ABCDEFGH")
CAST_GAMES = [
    *games("bonus", 1, "Qualificazione", [("A", 40), ("C", 30), ("E", 20), ("G", 10)],
           [("B", 38), ("D", 28), ("F", 18), ("H", 8)]),
    *games("bonus", 2, "Qualificazione", [("A", 36), ("B", 26), ("C", 16), ("D", 6)],
           [("E", 34), ("F", 24), ("G", 14), ("H", 4)]),
    *games("bonus", 3, "Qualificazione", [("B", 39), ("A", 29), ("D", 19), ("C", 9)],
           [("F", 37), ("E", 27), ("H", 17), ("G", 7)]),
    *games("bonus", 4, "Qualificazione", [("C", 35), ("D", 25), ("A", 15), ("B", 5)],
           [("G", 33), ("H", 23), ("E", 13), ("F", 3)]),
]
