"""Findings of testers who read only the posts and the messages: times on the Italian
clock, withdrawn players named, the draw's notes in the certificate, messages that say
what is wrong, Markdown that reads well as plain text, the guide's sheet names."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from risiko_xl import cli, clock
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.publish import POST_FORMATS
from risiko_xl.publish.post import GameTable, PlayerLine, Post, Ranking, Standing, Withdrawal
from risiko_xl.publish.posts import markdown_text, render_post
from risiko_xl.rules.games import CLASSICO
from risiko_xl.rules.placement import MapTotalError, validate_table
from risiko_xl.rules.seat import Seat as GameSeat
from risiko_xl.services.audit import timestamp
from risiko_xl.standings.model import DISQUALIFIED, QUALIFYING, WITHDRAWN
from tests.support.publishing import publish
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

UTC = dt.UTC
ROOT = Path(__file__).resolve().parents[2]


def post(published: dt.datetime, **fields) -> Post:
    """A small played round: one table of four, its results all typed."""
    seats = tuple(PlayerLine(str(i), f"G0{i}", f"Giocatore {i}", "Club", 30 - i, Fraction(30 - i))
                  for i in range(1, 5))
    return Post(tournament="Torneo", club="", venue="", round_no=1, phase=QUALIFYING,
                published=published, appeal_hours=2, decimals=0,
                results=(GameTable(QUALIFYING, 1, 1, seats),), **fields)


# -- 1. Italian time -------------------------------------------------------------------

def test_a_utc_instant_is_shown_on_the_italian_clock_in_winter_and_in_summer():
    # November: CET = UTC+1; July: CEST = UTC+2 (Europe/Rome)
    assert clock.italian_time(dt.datetime(2026, 11, 24, 6, 45, tzinfo=UTC)).strftime(
        "%d/%m/%Y %H:%M") == "24/11/2026 07:45"
    assert clock.italian_time(dt.datetime(2026, 7, 14, 18, 30, tzinfo=UTC)).strftime(
        "%d/%m/%Y %H:%M") == "14/07/2026 20:30"
    # a file's modification time (POSIX seconds): 1 January 2026 00:00 UTC is 01:00 in Rome
    assert clock.italian_time(1767225600).strftime("%d/%m/%Y %H:%M") == "01/01/2026 01:00"


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_post_time_and_appeal_deadline_are_italian(fmt):
    # 000 Art. 2: «potrà essere presentato ricorso entro 2 ore dalla pubblicazione»
    # published 06:45 UTC on 24 November = 07:45 in Italy; deadline 07:45 + 2 h = 09:45
    now = dt.datetime(2026, 11, 24, 6, 45, tzinfo=UTC)
    text = render_post(post(clock.italian_time(now)), fmt, ("risultati",))
    assert "martedì 24 novembre 2026, 07:45" in text
    assert "martedì 24 novembre 2026, 09:45" in text
    assert "06:45" not in text and "08:45" not in text


def test_appeal_deadline_counts_real_hours_across_the_clock_change():
    # 000 Art. 2: «entro 2 ore dalla pubblicazione». Sunday 25 October 2026 the clocks go
    # back at 03:00 CEST (01:00 UTC). Published 00:30 UTC = 02:30 CEST; two real hours
    # later it is 02:30 UTC = 03:30 CET (the wall clock moved only one hour)
    published = clock.italian_time(dt.datetime(2026, 10, 25, 0, 30, tzinfo=UTC))
    assert published.strftime("%H:%M") == "02:30"
    assert post(published).appeal_deadline.strftime("%d/%m %H:%M") == "25/10 03:30"


def test_the_clock_is_read_in_one_place(monkeypatch):
    frozen = dt.datetime(2026, 3, 29, 1, 30, tzinfo=UTC)  # 03:30 CEST, just after the change
    monkeypatch.setattr(clock, "utc_now", lambda: frozen)
    assert clock.italian_time().strftime("%d/%m/%Y %H:%M") == "29/03/2026 03:30"
    # Sorteggi «Data e ora» and Archivio «Archiviato il» are written through `timestamp`
    assert timestamp() == "29/03/2026 03:30:00"
    assert timestamp(dt.datetime(2026, 11, 24, 6, 45, tzinfo=UTC)) == "24/11/2026 07:45:00"


def test_publish_with_a_utc_now_prints_italian_time(demo):
    text = publish(OpenpyxlBook(demo), "testo", 1,
                   now=dt.datetime(2026, 11, 24, 6, 45, tzinfo=UTC))
    assert "Pubblicato: martedì 24 novembre 2026, 07:45" in text


# -- 2. withdrawn players ----------------------------------------------------------------

def ranked(**fields) -> Post:
    rows = (Standing("1", "G01", "Giocatore 1", "Club", (Fraction(29),)),)
    return post(dt.datetime(2026, 11, 24, 21, 0),
                ranking=Ranking("Classifica dopo il turno 1", ("Totale",), rows, 1, 0), **fields)


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_every_format_names_the_withdrawn_and_disqualified_near_the_standings(fmt):
    # 000 Art. 4: «verrà immediatamente ricompilata la classifica, senza considerare i
    # punteggi acquisiti dal giocatore ritirato»: the post says who is missing, and since
    # when (the last round he played)
    gone = (Withdrawal("G06", "Mario Rossi", WITHDRAWN, 3),
            Withdrawal("G09", "Anna Verdi", DISQUALIFIED, 1),
            Withdrawal("G12", "Luca Neri", WITHDRAWN, 2))
    text = render_post(ranked(withdrawals=gone), fmt, ("classifica",))
    assert ("Ritirati: Mario Rossi (G06), dopo il turno 3; Luca Neri (G12), dopo il turno 2"
            in text)
    assert "Squalificati: Anna Verdi (G09), dopo il turno 1" in text
    assert text.lower().index("classifica dopo il turno 1") < text.index("Ritirati:")


@pytest.mark.parametrize("fmt", POST_FORMATS)
def test_no_line_when_nobody_withdrew(fmt):
    text = render_post(ranked(), fmt, ("classifica", "tavoli"))
    assert "Ritirati" not in text and "Squalificati" not in text


def test_a_post_regenerated_for_an_earlier_round_names_the_withdrawn(demo):
    # the demo's player ranked 5th withdraws after the preliminary rounds: the standings
    # of round 1, recompiled without him (000 Art. 4), say so
    players = OpenpyxlBook(demo).read_table(schema.PLAYERS.name)
    left = next(r for r in players if r["Stato"] == WITHDRAWN)
    results = OpenpyxlBook(demo).read_table(schema.RESULTS.name)
    last = int(max(r["Turno"] for r in results
                   if r["ID"] == left["ID"] and r["Punti obiettivo"] is not None))
    for fmt in POST_FORMATS:
        text = publish(OpenpyxlBook(demo), fmt, 1)
        assert f"({left['ID']}), dopo il turno {last}" in text, fmt


# -- 3. the draw's notes -------------------------------------------------------------

def test_the_draws_note_is_in_every_certificate_and_beside_the_tables(demo):
    # 001 §8 a: «si sorteggia casualmente un numero di giocatori … pari al numero di
    # tavoli da 5»: the cinquisti drawn are part of the draw's public record
    draws = OpenpyxlBook(demo).read_table(schema.DRAWS.name)
    row = [r for r in draws if r["Turno"] == 2 and "cinquisti" in (r["Note"] or "")]
    note = str(row[0]["Note"])
    for fmt in POST_FORMATS:
        certificate = publish(OpenpyxlBook(demo), fmt, 2, sections=("certificato",))
        tables = publish(OpenpyxlBook(demo), fmt, 2, sections=("tavoli",))
        for text in (certificate, tables):
            assert note in text.replace("\\_", "_"), fmt


# -- 4. messages -------------------------------------------------------------------------

def test_objective_points_over_the_map_give_the_tables_sum_and_rows():
    # each value is legal (66 ≤ 164); together 50 + 50 + 33 + 66 = 199 > 164
    seats = [GameSeat(50), GameSeat(50), GameSeat(33), GameSeat(66)]
    with pytest.raises(MapTotalError) as caught:
        validate_table(seats, CLASSICO)
    err = caught.value.on_rows([2, 3, 4, 5], 1, foglio="Risultati")
    assert str(err) == ("Foglio Risultati, tavolo 1, riga 5: i punti obiettivo"
                        " del tavolo 1 sommano 199, oltre il totale della mappa "
                        "(164): righe 2 (50), 3 (50), 4 (33), 5 (66)")
    # one seat alone over the map is still that seat's value
    with pytest.raises(RisikoError, match="valore trovato: 170"):
        validate_table([GameSeat(170), GameSeat(0), GameSeat(0)], CLASSICO)


def test_classifica_names_the_table_sum(tmp_path, capsys):
    path = tmp_path / "serata.xlsx"
    new_with_players(path, "lu_castidduzzu", 8, 4, "s")
    assert cli.main(["sorteggia", str(path)]) == 0
    book = OpenpyxlBook(path)
    results = book.read_table(schema.RESULTS.name)
    first = [r for r in results if r["Tavolo"] == 1]
    for row, points in zip(first, (50, 50, 33, 66)):
        row["Punti obiettivo"] = points
    book.write_table(schema.RESULTS.name, results)
    book.save()
    capsys.readouterr()
    assert cli.main(["classifica", str(path)]) != 0
    err = capsys.readouterr().err
    # the round too: the referee's report, tables are numbered again every round
    assert "i punti obiettivo del tavolo 1 del turno 1 sommano 199, oltre il totale della " \
        "mappa" in err
    assert "valore trovato" not in err


def test_iscrivi_echoes_the_full_name_with_the_nickname(tmp_path, capsys):
    path = tmp_path / "serata.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "lu_castidduzzu"]) == 0
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Giuseppe D'Amico", "--nickname", "Peppe",
                     "--club", "RC Agrigento"]) == 0
    assert capsys.readouterr().out == ("Iscritto G01 Giuseppe “Peppe” D'Amico (RC Agrigento) "
                                       "dal turno 1\n")


def test_markdown_escapes_an_ampersand_only_where_it_starts_an_entity():
    assert markdown_text("Dadi & Bandiere") == "Dadi & Bandiere"
    render = MarkdownIt("commonmark").render
    for name in ("Dadi & Bandiere", "A &amp; B", "C &#38; D", "E &#x26; F", "&copy;"):
        html = render(markdown_text(name))
        assert html == render(name.replace("&", "&amp;")), name  # read as typed


def test_chat_results_say_which_points_are_which():
    text = render_post(post(dt.datetime(2026, 11, 24, 21, 0)), "testo", ("risultati",))
    # seat 1: 29 tournament points, 29 table points as built by `post`
    assert "1. Giocatore 1 (Club): 29 punti torneo (29 punti tavolo)" in text


# -- 5. The guide ---------------------------------------------------------------------

def test_the_guide_names_the_sheet_that_holds_impostazioni():
    """The evening (docs/SERATA.md) says where «Indirizzo pubblicazione» is typed; no
    page sends an organiser to «Impostazioni» without its sheet."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    evening = " ".join((ROOT / "docs" / "SERATA.md").read_text(encoding="utf-8").split())
    assert "«Indirizzo pubblicazione» (nel foglio `Torneo`, tabella `Impostazioni`)" in evening
    for page in pages:
        assert "(in `Impostazioni`)" not in page.read_text(encoding="utf-8"), page.name



def test_the_dropped_result_is_marked_in_posts_as_in_the_workbook(tmp_path):
    """Found by a referee: eagles posts did not mark the round not counted. 003 Art. 2:
    «la Classifica Generale … scartando il peggior risultato»."""
    from risiko_xl.books import schema
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.demo import play_tournament

    path = tmp_path / "eagles.xlsx"
    play_tournament(path, "eagles", players=20)
    text = publish(OpenpyxlBook(path), "testo", 3, sections=("classifica",))
    assert "(tra parentesi il risultato scartato" in text.replace("\u200b", "").lower()
    frame = OpenpyxlBook(path).read_table(schema.standings_spec(3).name)
    dropped = [d for d in frame.column("Scarto") if d]
    assert dropped and text.count("(") - text.upper().count("(TRA") >= len(dropped)
