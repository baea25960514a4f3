"""Typing chosen results into a workbook, table by table, as a referee would."""

from __future__ import annotations

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.services.audit import log_draw, tables_text


def new_book(path, formula: str, count: int, seed: str = "prova", players: str = "cli",
             name: str | None = "Prova") -> None:
    """A workbook of `formula` (named `name`, or the default name) with `count` simulated
    players G001… (from the seed `players`) registered, `seed` as the draw seed."""
    named = ["--nome", name] if name else []
    assert cli.main(["nuovo", str(path), "--formula", formula, *named]) == 0
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(count, 5, players))
    book.set_setting("Seme sorteggio", seed)
    book.save()


def type_round(path, round_no: int, tables, phase: str = "Qualificazione") -> None:
    """Rewrite the rows of `round_no` so that table n seats `tables[n-1]`, a list of
    (ID, objective points, out-of-objective points) in turn order. The drawn rows are
    kept (their players must be the same), only table and numbers are typed; a seating
    other than the draw's is recorded in Sorteggi as seated by hand (standings refuses a
    round whose rows no longer match its last recorded seating)."""
    book = OpenpyxlBook(path)
    results = book.read_table(schema.RESULTS.name)
    mine = [r for r in results if r["Turno"] == round_no and r["Fase"] == phase]
    typed = {pid: (number, order, objective, out)
             for number, table in enumerate(tables, 1)
             for order, (pid, objective, out) in enumerate(table, 1)}
    ids = [r["ID"] for r in mine]
    assert set(ids) == set(typed), (sorted(ids), sorted(typed))
    for row in mine:
        number, order, objective, out = typed[row["ID"]]
        row["Tavolo"] = number
        row["Ordine"] = order
        row["Punti obiettivo"] = objective
        row["Punti fuori obiettivo"] = out
    book.write_table(schema.RESULTS.name, results)
    if phase == "Qualificazione":
        log_draw(book, {"Turno": round_no, "Fase": phase, "Procedura": "a mano",
                        "Tavoli": tables_text([[pid for pid, _, _ in t] for t in tables])})
    book.save()


def edit_rows(path, name: str, chosen, **values) -> None:
    """Type `values` (header → value) in every row of table `name` that `chosen(row)`
    picks, as the organiser would in Excel."""
    book = OpenpyxlBook(path)
    rows = book.read_table(name)
    for row in rows:
        if chosen(row):
            for header, value in values.items():
                row[header] = value
    book.write_table(name, rows)
    book.save()


def set_state(path, pid: str, state: str) -> None:
    edit_rows(path, schema.PLAYERS.name, lambda row: row["ID"] == pid, Stato=state)


def table(path, name: str):
    return OpenpyxlBook(path).read_table(name)


def as_2d(table) -> list[list]:
    """A table as a worksheet function receives it (`Tabella[#All]`)."""
    return [list(table.headers), *([row[h] for h in table.headers] for row in table)]
