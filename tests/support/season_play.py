"""A club's season played through the command line (issue 29): twelve players, evenings of
two rounds of three tables, each result chosen so that every formula ranks the same way.

Round 1 seats (o1, o4, o7, o10), (o2, o5, o8, o11), (o3, o6, o9, o12) and round 2 (o1, o5,
o9, o12), (o2, o6, o7, o10), (o3, o4, o8, o11), for `order` = o1 … o12: o1–o3 win both
games, o4–o6 are second, o7–o9 third, o10–o12 fourth, and the points fall with the order
(60, 58, 56 for the winners; 40, 38, 35; 31, 28, 26; 21, 18, 16), every round. Each
formula in the season (thousandths, +50 or +20 to the winner, the Gufo's 12/7/5/3 by
place plus points / 100) thus ranks o1 … o12 after two rounds; so does Spartac's «altri
100 − distacco» (a player's two rounds are 200 + 2 × points − the two winners' points:
o4 200 + 80 − (60 + 56) = 164, o5 200 + 76 − (58 + 60) = 158, o6 200 + 70 − (56 + 58) =
156; o7 200 + 62 − (60 + 58) = 144, o8 200 + 56 − (58 + 56) = 142, o9 200 + 52 − (56 +
60) = 136; o10 124, o11 122, o12 116; the winners 320, 316, 312); a final of the first four
is typed as `final` (its players from first to last, 50/40/30/20 points), and the
final ranking is the final's order, then o5 … o12.
"""

from __future__ import annotations

from pathlib import Path

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table
from tests.support.tournament_typing import edit_rows, type_round

# the club's players: (name, surname, club, national ID)
ROSTER = {
    1: ("Giuseppe", "D'Amico", "Il Gufo", "5001"),
    2: ("Ilaria", "Colombo", "Il Gufo", None),
    3: ("Laura", "Colombo", "Il Gufo", None),
    4: ("Marco", "Bianchi", "RisiKo Club Roma", None),
    5: ("Marco", "Bianchi", "Le Mura", None),
    6: ("Salvatore", "Esposito", "Le Mura", "5006"),
    7: ("Anna", "Russo", "RisiKo Club Roma", None),
    8: ("Paolo", "Greco", "Le Mura", None),
    9: ("Chiara", "Ferri", "Il Gufo", None),
    10: ("Davide", "Conti", "RisiKo Club Roma", None),
    11: ("Elena", "Galli", "Le Mura", None),
    12: ("Franco", "Rizzi", "Il Gufo", None),
}
POINTS = (60, 58, 56, 40, 38, 35, 31, 28, 26, 21, 18, 16)  # o1 … o12, every round
ROUNDS = (((1, 4, 7, 10), (2, 5, 8, 11), (3, 6, 9, 12)),
          ((1, 5, 9, 12), (2, 6, 7, 10), (3, 4, 8, 11)))


def evening(path: Path, formula: str, name: str, order: list[int],
            final: list[int] | None = None, national: bool = True,
            written: dict[int, tuple[str, str]] | None = None,
            kind: str | None = None) -> Path:
    """A tournament of `formula` named `name` at `path`, two rounds typed as the module
    says, the final typed when the formula has one. `national`: the national IDs typed
    in Iscritti; `written`: a player's name and surname as typed that evening; `kind`:
    the «Tipologia GestioneTorneo» the organiser declares in Impostazioni."""
    assert cli.main(["nuovo", str(path), "--formula", formula, "--nome", name]) == 0
    book = OpenpyxlBook(path)
    headers = [*schema.PLAYERS.headers, "ID nazionale"]
    rows = []
    for number, (first, last, club, nid) in ROSTER.items():
        first, last = (written or {}).get(number, (first, last))
        rows.append({"ID": f"P{number:02d}", "Nome": first, "Cognome": last, "Club": club,
                     "Stato": "Attivo", "Dal turno": 1,
                     "ID nazionale": nid if national else None})
    book.write_table(schema.PLAYERS.name, Table.of(rows, headers), replace_headers=True)
    book.set_setting("Seme sorteggio", name)
    if kind:
        book.set_setting("Tipologia GestioneTorneo", kind)
    book.save()
    assert cli.main(["formula", str(path), "--imposta", "Turni preliminari=2"]) == 0
    points = {player: POINTS[i] for i, player in enumerate(order)}
    for round_no, tables in enumerate(ROUNDS, start=1):
        assert cli.main(["sorteggia", str(path), "--turno", str(round_no)]) == 0
        seated = [[order[o - 1] for o in table] for table in tables]
        type_round(path, round_no, [[(f"P{p:02d}", points[p], 0) for p in table]
                                    for table in seated])
    assert cli.main(["classifica", str(path)]) == 0
    if final:
        assert cli.main(["finali", str(path)]) == 0
        book = OpenpyxlBook(path)
        results = book.read_table(schema.RESULTS.name)
        typed = {f"P{p:02d}": v for p, v in zip(final, (50, 40, 30, 20))}
        for row in results:
            if row["Turno"] == 3:
                row["Punti obiettivo"] = typed[row["ID"]]
                row["Punti fuori obiettivo"] = 0
        book.write_table(schema.RESULTS.name, results)
        book.save()
        assert cli.main(["finali", str(path)]) == 0
    return path


def untyped(path: Path, round_no: int) -> None:
    """The results of round `round_no` emptied, as a referee who has not typed them yet."""
    edit_rows(path, schema.RESULTS.name, lambda row: row["Turno"] == round_no,
              **{"Punti obiettivo": None})


def set_rules(season: Path, **values: object) -> None:
    """The organiser types `values` in the season's «Regole» (entry → value)."""
    from risiko_xl.books import season_schema

    book = OpenpyxlBook(season, kind=season_schema.SEASON)
    rules = book.read_table(season_schema.RULES.name)
    for row in rules:
        if row["Voce"] in values:
            row["Valore"] = values[row["Voce"]]
    book.write_table(season_schema.RULES.name, rules)
    book.save()
