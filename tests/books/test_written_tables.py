"""A table just written is read back from what was written, not from the sheet again
(`read_back`), exactly as reading the sheet would give it: every write of a played
tournament checked.

The whole suite ran once with this check on every `write_table` (2,060 tests, no
difference); here a tournament of every kind of write: draws, results typed, standings,
a withdrawal, the Calcolo setting's formulas, a long text in `Sorteggi`.
"""

from __future__ import annotations

import pytest

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.services.withdrawal import withdraw
from risiko_xl.sheets.look import save
from risiko_xl.standings.model import QUALIFYING
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # a tournament played


def exactly(table):
    """A table with each value's type: 1 and 1.0, "1" and a formula all told apart."""
    return (table.headers, table.sheet, table.header_row, table.name,
            [(row.sheet_row, {k: (type(v).__name__, v) for k, v in row.values.items()})
             for row in table.rows])


@pytest.fixture
def checked_writes(monkeypatch):
    """Every `write_table` followed by a fresh read of the sheet, compared."""
    written = []
    original = OpenpyxlBook.write_table

    def write_table(self, name, table, replace_headers=False):
        original(self, name, table, replace_headers)
        kept = self._pending[name]()
        if kept is None:
            return  # read_back declined: the next read reads the sheet
        formulas = dict(self._formulas_read)
        fresh = self._read(name)
        self._formulas_read = formulas
        assert exactly(kept) == exactly(fresh), name
        written.append(name)

    monkeypatch.setattr(OpenpyxlBook, "write_table", write_table)
    return written


@pytest.mark.parametrize("calcolo", ["valori", "formule"])
def test_every_write_of_a_tournament_reads_back_as_the_sheet(tmp_path, checked_writes,
                                                             calcolo):
    path = new_with_players(tmp_path / "t.xlsx", "master", 26, 6, "rb", seed="rilettura")
    book = OpenpyxlBook(path)
    if calcolo == "formule":
        book.set_setting("Calcolo", "formule")
    for round_no in (1, 2):
        draw_round(book, round_no)
        simulate.play(book, round_no, QUALIFYING, "rb")
        update_standings(book)
    withdraw(book, "G003")
    book.set_setting("Nome torneo", "x" * 40_000)  # a long text, kept whole
    save(book)
    assert {"Risultati", "Classifica", "Sorteggi", "Iscritti"} <= set(checked_writes)


def test_a_row_written_again_the_same_is_left_alone(tmp_path):
    """Risultati written twice in one command (a draw, then its computed cells): the
    rows that did not change are not rewritten cell by cell (issue 28), those that did
    are, and a formula is always (its value may be new)."""
    from risiko_xl.books import schema
    from risiko_xl.books.formula_cells import Formula

    book = OpenpyxlBook(new_with_players(tmp_path / "t.xlsx", "master", 12, 3, "rs",
                                         seed="riscrittura"))
    draw_round(book, 1)
    results = book.read_table(schema.RESULTS.name)
    book.write_table(schema.RESULTS.name, results)
    touched = set(book._written)
    book.write_table(schema.RESULTS.name, results)
    assert book._written == touched  # nothing put again
    book._written.clear()
    first = results.rows[0]
    first["Punti obiettivo"] = 42
    live = Formula("=1+1")
    live.value = 2
    results.rows[1]["Penalità"] = live
    book.write_table(schema.RESULTS.name, results)
    rows = {row for _, row, _ in book._written}
    assert rows == {first.sheet_row, results.rows[1].sheet_row}
    sheet = book.workbook[schema.RESULTS.sheet]
    column = results.headers.index("Punti obiettivo") + 1
    assert sheet.cell(first.sheet_row, column).value == 42
