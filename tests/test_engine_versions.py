"""A workbook drawn by an earlier draw engine. `verifica` replays what this engine seats
the same way (round-by-round draws of 1.0 and 1.1, `draw.model.SAME_DRAWS_AS`; their
repairs the way they repaired, `draw.repair.FIRST_TABLES_REPAIRS`; joint plans of 1.1,
`SAME_PLANS_AS`), with that version in the fingerprint, and says plainly which draws it
cannot replay: a joint plan of every round (`sorteggia --tutti`) of 1.0, since 1.1 plans
with the draw's one search and seats the plan differently."""

from __future__ import annotations

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.cells import to_text
from risiko_xl.draw.fingerprint import fingerprint
from risiko_xl.draw.model import ENGINE_VERSION
from risiko_xl.services.audit import parse_tables
from risiko_xl.services.rounds import round_input
from risiko_xl.tournament.loading import load
from tests.support.tournament_typing import new_book

pytestmark = pytest.mark.lento  # workbooks built: not in make test-rapido

OLD = "risiko_xl.draw 1.0 (risiko_xl 0.1.0)"  # as engine 1.0 recorded itself


def test_a_round_drawn_by_engine_1_0_is_replayed_with_its_fingerprint(tmp_path, capsys):
    path = tmp_path / "torneo.xlsx"
    new_book(path, "open", 16, "vecchio-1")
    assert cli.main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    log = book.read_table(schema.DRAWS.name)
    row = log.rows[-1]
    ids = [pid for table in parse_tables(row["Tavoli"]) for pid in table]
    inp = round_input(load(book), 1, ids, to_text(row["Seme"]) or "")
    assert fingerprint(inp) == row["Impronta"]
    row["Versione motore"] = OLD  # the row as engine 1.0 wrote it
    row["Impronta"] = fingerprint(inp, "1.0")
    book.write_table(schema.DRAWS.name, log)
    book.save()
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert "1 sorteggio ripetuto; nessuna differenza." in capsys.readouterr().out


def test_a_plan_of_engine_1_0_is_reported_not_replayed(tmp_path, capsys):
    path = tmp_path / "torneo.xlsx"
    new_book(path, "open", 16, "vecchio-2")
    assert cli.main(["sorteggia", str(path), "--tutti"]) == 0
    book = OpenpyxlBook(path)
    log = book.read_table(schema.DRAWS.name)
    log.set_column("Versione motore", [OLD] * len(log))
    book.write_table(schema.DRAWS.name, log)
    book.save()
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == cli.EXIT_FAILURE
    out = capsys.readouterr().out
    assert out.count("sorteggio fatto con la versione 1.0 del motore di sorteggio, che "
                     f"sedeva diversamente da questa ({ENGINE_VERSION})") == len(log)
    assert f"«{OLD}»" in out and "0 sorteggi ripetuti" in out
