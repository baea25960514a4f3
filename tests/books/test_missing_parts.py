"""A sheet, an Excel table or a column of ours that is not where it should be: the
refusal names the sheet, the header row and column where known, and the value found —
the renamed name when one looks like it, else what stands in its place."""

from __future__ import annotations

import pytest

from risiko_xl.books import schema
from risiko_xl.books.book import checked_table, missing_table
from risiko_xl.books.table import Table
from risiko_xl.errors import RisikoError

SHEETS = ["Torneo", "Iscritti", "Risultati", "Classifica", "Fasi finali", "Sorteggi"]
TABLES = ["Impostazioni", "Iscritti", "Risultati", "Classifica", "Qualificati",
          "ClassificaFinale", "Sorteggi"]


def test_a_renamed_table_is_the_value_found():
    tables = [t if t != "Iscritti" else "Iscritti2" for t in TABLES]
    err = missing_table("Iscritti", SHEETS, tables)
    assert err.foglio == "Iscritti" and err.valore == "Iscritti2"
    assert "(rinominata?)" in err.testo()


def test_a_removed_table_lists_the_tables_found_not_another_of_ours():
    # ClassificaFinale is ours and on another sheet: never taken for a renamed Classifica
    tables = [t for t in TABLES if t != "Classifica"]
    err = missing_table("Classifica", SHEETS, tables)
    assert err.foglio == "Classifica" and "rinominata" not in err.testo()
    assert err.valore == ("tabelle: Impostazioni, Iscritti, Risultati, Qualificati, "
                          "ClassificaFinale e Sorteggi")


def test_a_missing_sheet_names_a_renamed_one_or_the_sheets_found():
    err = missing_table("Sorteggi", [*SHEETS[:-1], "Sorteggi (vecchi)"], TABLES)
    assert "Manca il foglio «Sorteggi»" in err.testo() and err.valore == "Sorteggi (vecchi)"
    err = missing_table("Sorteggi", SHEETS[:-1], TABLES)
    assert err.valore == "fogli: Torneo, Iscritti, Risultati, Classifica e Fasi finali"


class OneTable:
    def __init__(self, headers: list[str]) -> None:
        self.table = Table(headers, sheet="Iscritti", header_row=1, name="Iscritti")

    def read_table(self, name: str) -> Table:
        return self.table


@pytest.mark.parametrize(("headers", "found"), [
    (["Società" if h == "Club" else h for h in schema.PLAYERS.headers], "Società"),
    (["Club di gioco" if h == "Club" else h for h in schema.PLAYERS.headers], "Club di gioco"),
    ([h for h in schema.PLAYERS.headers if h != "Club"],
     "intestazioni: " + ", ".join(h for h in schema.PLAYERS.headers[:-1] if h != "Club")
     + " e " + schema.PLAYERS.headers[-1])])
def test_a_missing_column_names_what_was_found(headers, found):
    with pytest.raises(RisikoError) as caught:
        checked_table(OneTable(headers), schema.PLAYERS)  # type: ignore[arg-type]
    err = caught.value
    assert (err.foglio, err.riga, err.colonna, err.valore) == ("Iscritti", 1, "Club", found)
