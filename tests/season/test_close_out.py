"""`risiko-xl chiudi` (issue 29): «the checks GestioneTorneo's validator runs before
«Pubblica online» (every player with e-mail and birth date, no two players with the same
name and birth date, no ranked player without a game, rounds declared against round
sheets, …) reported each with its sheet and row, the way to fix it, and then the export
for the national ranking written only when they pass» — and each player's national
points shown with the type and table count they come from.

GestioneTorneo's ExcelValidator (github.com/Vjger/GestioneTorneo, batch/
ExcelValidator.java) says: «Non è stato indicato l'organizzatore del Torneo», «Errata
sequenza cronologica per le date dei turni», «Sono presenti due giocatori con stessi dati
anagrafici», «Il giocatore presente in classifica con l'ID … non risulta aver disputato
alcuna partita».
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table
from risiko_xl.gestionetorneo import reader, writer
from tests.support.command_line import run
from tests.support.gestionetorneo import tournament
from tests.support.season_play import evening, untyped

# the open evening: qualifying 3, 1, 2, 4, …; final 4, 1, 3, 2 (roster numbers)
RANKING = [4, 1, 3, 2, 5, 6, 7, 8, 9, 10, 11, 12]


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    return evening(tmp_path_factory.mktemp("chiudi") / "open.xlsx", "open", "Open di club",
                   [3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12], final=[4, 1, 3, 2])


def registry(path: Path, email=lambda n: f"giocatore{n}@club.it",
             born=lambda n: dt.date(1980, 1, n), organiser: str | None = "Il Gufo") -> None:
    """The organiser completes Iscritti (e-mail, birth date) and Impostazioni."""
    book = OpenpyxlBook(path)
    players = book.read_table(schema.PLAYERS.name)
    headers = [*players.headers, *(h for h in ("Email", "Data di nascita")
                                   if h not in players.headers)]
    rows = [{**row.values, "Email": email(i), "Data di nascita": born(i)}
            for i, row in enumerate(players, start=1)]
    book.write_table(schema.PLAYERS.name, Table.of(rows, headers), replace_headers=True)
    if organiser:
        book.set_setting("Club organizzatore", organiser)
    book.save()


def copy(played: Path, tmp_path: Path, **kwargs) -> Path:
    path = Path(shutil.copy(played, tmp_path / "torneo.xlsx"))
    registry(path, **kwargs)
    return path


def test_every_problem_with_its_place_and_nothing_written(played, tmp_path):
    path = Path(shutil.copy(played, tmp_path / "torneo.xlsx"))
    code, said = run("chiudi", path)
    assert code == 1
    assert "3 problemi da correggere" in said
    assert ("Foglio Torneo, riga 3, colonna Valore: manca il club organizzatore: scriverlo "
            "in Impostazioni, «Club organizzatore»") in said
    assert "Foglio Iscritti: manca la colonna «Email»" in said
    assert "per i 12 giocatori che hanno giocato" in said
    assert not (tmp_path / "torneo-ranking.xls").exists()
    assert not (tmp_path / "torneo-ranking.xlsx").exists()


def test_a_missing_email_a_bad_one_and_namesakes_born_the_same_day(played, tmp_path):
    """P04 without e-mail (Iscritti row 5), P06 «mario.rossi chez club» (row 7); the two
    Marco Bianchi (P04, P05, rows 5 and 6) born the same day."""
    emails = {4: None, 6: "esposito chez club"}
    path = copy(played, tmp_path, email=lambda n: emails.get(n, f"g{n}@club.it"),
                born=lambda n: dt.date(1980, 1, 4 if n == 5 else n))
    code, said = run("chiudi", path)
    assert code == 1, said
    lines = said.splitlines()
    assert ("- Foglio Iscritti, riga 5, colonna Email: manca l'e-mail di Marco Bianchi (ID "
            "P04): il ranking nazionale la chiede") in lines
    assert ("- Foglio Iscritti, riga 7, colonna Email: l'e-mail di Salvatore Esposito (ID P06) "
            "non è un indirizzo valido (valore trovato: 'esposito chez club')") in lines
    assert ("- Foglio Iscritti, riga 6: due giocatori con lo stesso nome e la stessa data di "
            "nascita: Marco Bianchi (ID P05) e quello della riga 5: se sono la stessa persona, "
            "tenerne una sola riga; se no, correggere la data") in lines
    assert "3 problemi" in said


def test_an_unfinished_tournament_and_dates_out_of_order(played, tmp_path):
    path = copy(played, tmp_path)
    untyped(path, 3)
    book = OpenpyxlBook(path)
    calendar = Table.of([{"Turno": 1, "Data": dt.datetime(2026, 10, 10)},
                         {"Turno": 2, "Data": dt.datetime(2026, 10, 3)}],
                        schema.CALENDAR.headers)
    book.write_table(schema.CALENDAR.name, calendar)
    book.save()
    code, said = run("chiudi", path)
    assert code == 1, said
    assert ("Foglio Risultati, riga 26: turno 3 (Finale): manca il risultato del tavolo 1: "
            "scriverlo in Risultati e rifare la classifica") in said
    assert ("Foglio Torneo, riga 3, colonna Data: il turno 2 (03/10/2026) risulta prima del "
            "turno 1 (10/10/2026): correggere le date in Calendario") in said


def test_a_type_the_national_ranking_must_be_told(tmp_path):
    """A victory evening has no GestioneTorneo type of its own: chiudi wants it declared."""
    path = evening(tmp_path / "victory.xlsx", "victory", "Victory", list(range(1, 13)))
    registry(path)
    code, said = run("chiudi", path)
    assert code == 1
    assert "la tipologia del torneo non è indicata" in said
    assert "«Tipologia GestioneTorneo»" in said


def test_closed_written_and_the_points_by_hand(played, tmp_path):
    """«Torneo Open», 3 tables × 2 rounds (the final is no round sheet of an Open), 2026:
    VT = 1,2 × 106 × 2 = 254,4 to Marco Bianchi (P04), the final's winner; 2nd 212 ×
    e^(−0,1) = 191,8255 → 191,8; 3rd 212 × e^(−0,15) = 182,4701 → 182,5; 4th 212 ×
    e^(−0,2) = 173,5709 → 173,6; 12th 212 × e^(−0,6) = 116,3481 → 116,3."""
    path = copy(played, tmp_path)
    code, said = run("chiudi", path)
    assert code == 0, said
    lines = said.splitlines()
    assert lines[0] == "Controlli di GestioneTorneo e del ranking nazionale superati."
    assert ("Punti del ranking nazionale (Torneo Open, 6 tavoli in tutto, 2 turni previsti, "
            "soglie del ") in said
    assert "1° Marco Bianchi: 254,4" in lines
    assert "2° Giuseppe D'Amico: 191,8" in lines
    assert "3° Laura Colombo: 182,5" in lines
    assert "4° Ilaria Colombo: 173,6" in lines
    assert "12° Franco Rizzi: 116,3" in lines
    written = tmp_path / "torneo-ranking.xls"
    if not written.exists():
        written = written.with_suffix(".xlsx")
    gt = reader.read(written)
    assert (gt.info.organizzatore, gt.info.tipo, len(gt.rounds)) == ("Il Gufo", "Torneo Open",
                                                                      2)
    assert all(p.email and p.nascita for p in gt.players)


def test_a_small_tournament_scores_nothing_and_says_why(tmp_path):
    """GestioneTorneo's «Torneo Open» of two rounds of two tables, March 2025, its final
    played here (not a round sheet of an Open): 4 tables, below the 6 the thresholds of
    2024 (the latest before 2025) ask."""
    source = writer.write(tournament("Torneo Open"), tmp_path / "Modulo.xlsx")
    path = tmp_path / "torneo.xlsx"
    assert run("importa", source, "--out", path)[0] == 0
    assert run("finali", path)[0] == 0
    book = OpenpyxlBook(path)
    results = book.read_table(schema.RESULTS.name)
    for row in results:
        if row["Turno"] == 3:
            row["Punti obiettivo"] = {"7": 50, "6": 30, "3": 20, "1": 10}[row["ID"]]
    book.write_table(schema.RESULTS.name, results)
    book.save()
    registry(path, born=lambda n: dt.date(1980, 1, n))
    code, said = run("chiudi", path)
    assert code == 0, said
    assert said.splitlines()[-1] == ("Ranking nazionale: nessun punto (4 tavoli in tutto: per "
                                     "il ranking nazionale del 2025 ne servono almeno 6)")


def test_the_final_ranking_shows_the_national_points(played):
    """«Shown after the final ranking (a column, the post …), with the type and the table
    count it used»: ClassificaFinale's «Punti ranking» (254,4 to the final's winner, 191,8,
    182,5, 173,6 … 116,3 as above) and the post's column and line."""
    from risiko_xl.publish.posts import publish
    from risiko_xl.services.publication import post_source

    book = OpenpyxlBook(played)
    rows = book.read_table(schema.FINAL_RANKING.name)
    assert [r["Punti ranking"] for r in rows][:4] == [254.4, 191.8, 182.5, 173.6]
    assert list(rows)[11]["Punti ranking"] == 116.3
    post = publish(post_source(book), "markdown")
    assert "| Pos. | Giocatore | Club | Fase raggiunta | Punti finale | Punti torneo | " \
           "Punti ranking |" in post
    assert ("Punti ranking: i punti del ranking nazionale (Torneo Open, 6 tavoli in tutto, "
            "2 turni previsti, soglie del ") in post


def test_no_national_column_where_the_type_is_only_guessed(tmp_path):
    """A gufo evening: GestioneTorneo has no such type, «Torneo Open» is only the closest;
    until the organiser declares it, no national points are shown."""
    path = evening(tmp_path / "gufo.xlsx", "gufo", "Gufo", list(range(1, 13)),
                   final=[1, 2, 3, 4])
    rows = OpenpyxlBook(path).read_table(schema.FINAL_RANKING.name)
    assert "Punti ranking" not in rows.headers
