"""Builds the malformed inputs of `cases.CASES` from the base workbook, reproducibly.

    python -m tests.bad_inputs.build           # rewrite the case files next to this script
    python -m tests.bad_inputs.build --base    # first remake base.xlsx with the services

`base.xlsx` is a real tournament played through the same services as the CLI (13 players,
master formula with 3 preliminary rounds, rounds 1 and 2 drawn, typed and ranked, G013
withdrawn); it is checked in, so the cases do not change when the engine does. Remaking
it must give the layout in `BASE_LAYOUT` (the cases' expectations are written against
it); the builder refuses a base that does not.

Each workbook case is the base loaded with openpyxl, one corruption applied, and saved with
the template's reproducible writer (fixed timestamps); zip and file cases are made from
the base's bytes. `tests/cli/test_bad_inputs.py` checks the checked-in files hold what this
builder makes (part by part for zips, so another zlib's compressed bytes do not matter).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import warnings
from collections.abc import Sequence
from pathlib import Path

from openpyxl import load_workbook

from . import corrupt
from .cases import CASES, Base, Book, Case, Raw, Zip

HERE = Path(__file__).parent
BASE = HERE / "base.xlsx"
SEED = "bad-inputs"
NOW = dt.datetime(2026, 11, 21, 21, 0)

# What the cases rely on: Risultati rows 2-27 as (round, table, ID), Iscritti row n+1 =
# G00n (G013 withdrawn), the Impostazioni keys by row, the rounds of Sorteggi rows 2 and 6.
BASE_LAYOUT = {
    "Risultati": [
        (1, 1, "G010"), (1, 1, "G005"), (1, 1, "G012"), (1, 1, "G009"),
        (1, 2, "G007"), (1, 2, "G002"), (1, 2, "G006"), (1, 2, "G008"),
        (1, 3, "G011"), (1, 3, "G001"), (1, 3, "G004"), (1, 3, "G003"), (1, 3, "G013"),
        (2, 1, "G001"), (2, 1, "G005"), (2, 1, "G006"), (2, 1, "G003"),
        (2, 2, "G011"), (2, 2, "G004"), (2, 2, "G013"), (2, 2, "G002"),
        (2, 3, "G012"), (2, 3, "G008"), (2, 3, "G010"), (2, 3, "G009"), (2, 3, "G007")],
    "Iscritti": [f"G{n:03d}" for n in range(1, 14)],
    "Impostazioni": ["Nome torneo", "Club organizzatore", "Sede", "Formula",
                     "Metodo punteggio", "Turni preliminari", "Scarti", "Seme sorteggio",
                     "Variante formula"],
}


def make_base(path: Path) -> Path:
    """The base tournament, through the services (as `risiko-xl` would do it)."""
    from risiko_xl import simulate
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.services.rounds import draw_round
    from risiko_xl.services.standings_sheet import update_standings
    from risiko_xl.services.withdrawal import withdraw
    from risiko_xl.standings.model import QUALIFYING
    from risiko_xl.workbooks.template import formula_settings, write_new

    write_new(path, {**formula_settings("master"), "Turni preliminari": 3,
                     "Nome torneo": "Torneo di prova", "Seme sorteggio": SEED})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(13, 5, SEED))
    for round_no in (1, 2):
        draw_round(book, round_no, now=NOW)
        simulate.play(book, round_no, QUALIFYING, SEED)
        update_standings(book, NOW)
    withdraw(book, "G013", NOW)
    update_standings(book, NOW)
    book.save()
    backup = path.with_name(f"{path.stem}.bak{path.suffix}")
    backup.unlink(missing_ok=True)
    return path


def check_layout(data: bytes) -> None:
    """AssertionError unless the base has the rows the cases were written against."""
    book = _load(data)

    def rows(table: str, *headers: str) -> list:
        sheet, found = corrupt.table(book, table)
        columns = [corrupt.column(sheet, found, h) for h in headers]
        out = []
        for row in range(2, sheet.max_row + 1):
            values = tuple(sheet.cell(row, col).value for col in columns)
            if values[-1] is None:
                break
            out.append(values if len(values) > 1 else values[0])
        return out

    assert rows("Risultati", "Turno", "Tavolo", "ID") == BASE_LAYOUT["Risultati"]
    assert rows("Iscritti", "ID") == BASE_LAYOUT["Iscritti"]
    assert rows("Iscritti", "Stato")[12] == "Ritirato"
    assert rows("Impostazioni", "Voce") == BASE_LAYOUT["Impostazioni"]
    seatings = rows("Sorteggi", "Tavoli", "Turno")
    assert [(row, turno) for row, (tavoli, turno) in enumerate(seatings, start=2)
            if tavoli] == [(2, 1), (6, 2)]


def case_bytes(case: Case, base: bytes) -> bytes:
    """The file of `case` (Base cases have none: they run on the base itself)."""
    source = case.source
    if isinstance(source, Book):
        from risiko_xl.books.new_workbook import reproducible_bytes

        book = _load(base)
        source.edit(book)
        return reproducible_bytes(book)
    if isinstance(source, Zip):
        return corrupt.zip_bytes(source.parts(corrupt.read_parts(base)))
    if isinstance(source, Raw):
        return source.make(base)
    raise TypeError(f"{case.name}: no file to build for {type(source).__name__}")


def build(directory: Path, base: Path = BASE) -> list[Path]:
    """Write every case's file into `directory`; returns the paths written."""
    data = base.read_bytes()
    check_layout(data)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for case in CASES:
        if isinstance(case.source, Base):
            continue
        target = directory / case.file
        target.write_bytes(case_bytes(case, data))
        written.append(target)
    return written


def _load(data: bytes):
    with warnings.catch_warnings():  # openpyxl's note on the data validation extension
        warnings.simplefilter("ignore")
        return load_workbook(io.BytesIO(data))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", action="store_true", help="remake base.xlsx first")
    parser.add_argument("--out", type=Path, default=HERE, help="where to write the cases")
    args = parser.parse_args(argv)
    if args.base:
        make_base(BASE)
        print(f"Scritto {BASE}")
    written = build(args.out)
    print(f"Scritti {len(written)} file in {args.out} ({len(CASES)} casi)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
