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
from risiko_xl.draw import draw
from risiko_xl.draw.fingerprint import fingerprint
from risiko_xl.draw.model import ENGINE_VERSION, SEARCH_ONLY_VERSION
from risiko_xl.services.audit import parse_tables, tables_text
from risiko_xl.services.repair_round import replay_repair
from risiko_xl.services.rounds import round_input
from risiko_xl.tournament.loading import load
from tests.support.tournament_typing import new_book

pytestmark = pytest.mark.lento  # workbooks built: not in make test-rapido

OLD = "risiko_xl.draw 1.0 (risiko_xl 0.1.0)"  # as engine 1.0 recorded itself
OLD_1_1 = "risiko_xl.draw 1.1 (risiko_xl 0.1.0)"


@pytest.mark.parametrize("version", ["1.0", SEARCH_ONLY_VERSION])
def test_a_round_drawn_by_another_engine_is_replayed_with_its_fingerprint(tmp_path, capsys,
                                                                         version):
    """A round of engine 1.0 as it recorded itself, and one drawn without the exact
    solver (under WebAssembly, xlwings Lite: «1.3-ricerca»), which `verifica` on the
    desktop replays with the search alone."""
    path = tmp_path / "torneo.xlsx"
    new_book(path, "open", 16, "vecchio-1")
    assert cli.main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    log = book.read_table(schema.DRAWS.name)
    row = log.rows[-1]
    ids = [pid for table in parse_tables(row["Tavoli"]) for pid in table]
    inp = round_input(load(book), 1, ids, to_text(row["Seme"]) or "")
    assert fingerprint(inp) == row["Impronta"]
    alone = draw(inp, prove=False)
    assert alone.tables == parse_tables(row["Tavoli"])  # round 1: the search reaches the bounds
    assert alone.engine_version == f"risiko_xl.draw {SEARCH_ONLY_VERSION} (risiko_xl 0.1.0)"
    row["Versione motore"] = OLD if version == "1.0" else alone.engine_version
    row["Impronta"] = fingerprint(inp, version)
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


def test_a_repair_of_engine_1_1_is_replayed_its_way(tmp_path, capsys):
    """Engine 1.1 grew the first table for a late arrival (1.2 grows the one the
    criteria prefer and numbers it last): its record is replayed as 1.1 repaired."""
    path = tmp_path / "torneo.xlsx"
    new_book(path, "open", 16, "vecchio-3")
    assert cli.main(["sorteggia", str(path)]) == 0
    assert cli.main(["iscrivi", str(path), "Tardo", "--dal-turno", "1", "--ripara"]) == 0
    book = OpenpyxlBook(path)
    log = book.read_table(schema.DRAWS.name)
    drawn, repaired = log.rows[-2], log.rows[-1]
    t = load(book)
    before = parse_tables(drawn["Tavoli"])
    ids = [pid for table in before for pid in table]
    drawn["Versione motore"] = OLD_1_1  # the rows as engine 1.1 wrote them
    drawn["Impronta"] = fingerprint(round_input(t, 1, ids, "vecchio-3"), "1.1")
    old = replay_repair(t, 1, "vecchio-3", before, parse_tables(repaired["Tavoli"]), "1.1")
    assert "G017" in old.tables[0] and old.renumbered == []  # the first table grew
    repaired["Versione motore"] = OLD_1_1
    repaired["Impronta"] = old.fingerprint
    repaired["Tavoli"] = tables_text(old.tables)
    book.write_table(schema.DRAWS.name, log)
    results = book.read_table(schema.RESULTS.name)
    table_of = {pid: n for n, table in enumerate(old.tables, start=1) for pid in table}
    for row in results:
        row["Tavolo"] = table_of[row["ID"]]
    book.write_table(schema.RESULTS.name, results)
    book.save()
    capsys.readouterr()
    assert cli.main(["verifica", str(path)]) == 0
    assert "2 sorteggi ripetuti; nessuna differenza." in capsys.readouterr().out
