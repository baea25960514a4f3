"""The draw certificate speaks Italian and says what its minimums are (issue 15): «minimo
possibile» only for a bound a draw always reaches, «minimo garantito» for a proven bound
that may be out of reach, and a Sorteggi note explaining a figure above it (naming the
cinquisti the regulation draws). Expected texts are written by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from risiko_xl import simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.draw import bounds
from risiko_xl.draw.model import DEFAULT_CRITERIA, DrawResult, QualityItem
from risiko_xl.services.audit import parse_tables, quality_notes, quality_text
from risiko_xl.services.rounds import draw_round
from risiko_xl.workbooks.template import formula_settings, write_new

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

# 001 §8 a): «si sorteggia casualmente un numero di giocatori (da qui in poi i
# "cinquisti") pari al numero di tavoli da 5»; c): «ai fini di tale ridistribuzione non
# dovrà essere preso in considerazione il club o raggruppamento di appartenenza dei
# "cinquisti"».


def test_which_bounds_are_reachable():
    # the 5-seats can always go to the players with the fewest earlier 5-seats (bounds.py)
    assert bounds.exact("five_repeat", DEFAULT_CRITERIA)
    for criterion in ("winners", "club", "repeat"):  # counting bounds: proven, maybe weak
        assert not bounds.exact(criterion, DEFAULT_CRITERIA)
    assert not bounds.exact("three_repeat", ("five_repeat", "three_repeat"))


def test_quality_text_names_the_kind_of_minimum():
    quality = [QualityItem("five_repeat", 0, 0, exact=True), QualityItem("repeat", 10, 0)]
    assert quality_text(quality) == ("ripetizioni del tavolo da 5: 0 (minimo possibile 0); "
                                     "incontri ripetuti: 10 (minimo garantito 0)")


def _result(quality, cinquisti=()):
    sizes = (5, 5, 5, 4, 4)  # 23 players
    ids = iter(f"G{i:02d}" for i in range(1, 24))
    return DrawResult([[next(ids) for _ in range(s)] for s in sizes], "s", "f", "e",
                      quality, 2, "cinquisti" if cinquisti else "optimise",
                      cinquisti=tuple(cinquisti))


def test_no_note_when_every_figure_is_at_its_minimum():
    assert quality_notes(_result([QualityItem("repeat", 0, 0)])) == []


def test_note_explains_a_figure_above_a_weak_bound():
    notes = quality_notes(_result([QualityItem("club", 2, 2), QualityItem("repeat", 10, 0)]))
    assert notes == ["sopra il minimo garantito (incontri ripetuti 10 invece di 0): il minimo "
                     "garantito è un conto per difetto, che non tiene conto dei criteri che "
                     "vengono prima; con 23 giocatori a 5 tavoli (3 da 5, 2 da 4) il minimo "
                     "davvero raggiungibile può essere più alto"]


def test_note_names_the_cinquisti():
    """A referee's: with the cinquisti the figure is above the bound by the procedure
    (001 §8 c: «non dovrà essere preso in considerazione il club … dei "cinquisti"»), not
    because the bound may be out of reach: another draw of the same cinquisti reached 0."""
    notes = quality_notes(_result([QualityItem("club", 3, 1)], ("G03", "G11", "G17")))
    assert notes == [
        "cinquisti sorteggiati: G03, G11, G17",
        "sopra il minimo garantito (coppie dello stesso club 3 invece di 1): i cinquisti sono "
        "sorteggiati a caso prima degli altri (001 §8 a) e il loro club non conta nel "
        "sistemare gli altri (001 §8 c), così il sorteggio non cerca il minimo"]


def _sorteggi(tmp_path, formula: str, players: int) -> dict:
    path = tmp_path / f"{formula}.xlsx"
    write_new(path, {**formula_settings(formula), "Seme sorteggio": "certificato"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(players, 3, "certificato"))
    draw_round(book, 1)
    return book.read_table(schema.DRAWS.name).rows[-1].values


def test_sorteggi_of_a_master_draw_names_its_cinquista(tmp_path):
    # 9 players: one table of 5 and one of 4, so one cinquista (001 §8 a), seated at the
    # table of 5
    row = _sorteggi(tmp_path, "master", 9)
    assert row["Procedura"] == "cinquisti"
    five = next(t for t in parse_tables(row["Tavoli"]) if len(t) == 5)
    note = str(row["Note"])
    assert note.startswith("cinquisti sorteggiati: ")
    drawn = note.removeprefix("cinquisti sorteggiati: ").split(";")[0]
    assert drawn in five
    assert "ripetizioni del tavolo da 5: 0 (minimo possibile 0)" in row["Qualità"]
    assert "coppie dello stesso club: " in row["Qualità"] and "minimo garantito" in \
        row["Qualità"]


def test_sorteggi_procedure_is_in_italian(tmp_path):
    row = _sorteggi(tmp_path, "lu_castidduzzu", 8)
    assert row["Procedura"] == "ottimizzazione dei criteri"
    assert "optimise" not in str(row)


def test_the_draw_command_prints_the_note(tmp_path, capsys):
    from risiko_xl.cli import main

    path = tmp_path / "m.xlsx"
    write_new(path, {**formula_settings("master"), "Seme sorteggio": "certificato"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(9, 3, "certificato"))
    book.save()
    assert main(["sorteggia", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Nota: cinquisti sorteggiati: " in out and "optimise" not in out


def test_a_criterion_that_cannot_apply_is_left_out():
    """Found by an organiser and a referee: «di nuovo al tavolo da 3: 0» printed for a
    round without tables of 3, «coppie di vincitori» before any round was played."""
    quality = [QualityItem("five_repeat", 0, 0, exact=True),
               QualityItem("three_repeat", 0, 0, exact=True),
               QualityItem("winners", 0, 0), QualityItem("club", 1, 1)]
    first = replace(_result(quality), round_no=1)  # 23 players: 3 tables of 5, 2 of 4
    # every figure at its bound: the verdict first (issue 28)
    assert quality_text(quality, first) == ("ottimo dimostrato — ripetizioni del tavolo da "
                                            "5: 0 (minimo possibile 0); coppie dello "
                                            "stesso club: 1 (minimo garantito 1)")
    assert "coppie di vincitori: 0" in quality_text(quality, replace(first, round_no=2))
