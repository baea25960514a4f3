"""The venue follows the workbook (issue 30): read again when a command or another program
saves it, the last good state kept — and said — while the file cannot be read."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.draw.rng import Rng
from risiko_xl.publish.screen import ADDRESS_KEY
from risiko_xl.sala import room as room_module
from risiko_xl.sala.room import Room
from tests.support.workbooks import new_with_players

URL = "http://192.0.2.7:8000/"


@pytest.fixture(autouse=True)
def no_wait(monkeypatch):
    monkeypatch.setattr(room_module, "CHECK_SECONDS", 0.0)


@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    return new_with_players(tmp_path / "sala.xlsx", "master", 12, 3, "sa", seed="sala")


def test_a_command_saving_the_file_makes_a_new_state(tournament: Path) -> None:
    room = Room(tournament, URL)
    first = room.state()
    assert first.version == 1 and first.problem is None and first.source is not None
    assert room.state().version == 1  # nothing changed: not read again
    assert cli.main(["sorteggia", str(tournament)]) == 0
    second = room.state()
    assert second.version == 2 and second.source is not None
    assert {key[0] for key in second.source.games} == {1}
    assert second.source.settings[ADDRESS_KEY] == URL  # the screen's QR: the phones' page
    assert second.line().startswith("Aggiornato alle ")


def test_a_file_that_cannot_be_read_keeps_the_last_good_state(tournament: Path) -> None:
    room = Room(tournament, URL)
    good = room.state()
    saved = tournament.read_bytes()
    tournament.write_bytes(saved[: len(saved) // 2])  # a save caught half way
    broken = room.state()
    assert broken.version == good.version and broken.source is good.source
    assert broken.problem and "non si legge" in broken.line()
    assert "restano i dati letti alle" in broken.line()
    time.sleep(0.01)
    tournament.write_bytes(saved + b"")  # written again whole (another program's save)
    again = room.state()
    assert again.problem is None and again.version == good.version + 1
    tournament.unlink()
    assert "non c'è più" in room.state().line()


def test_a_file_put_back_as_it_was_clears_the_warning(tournament: Path, tmp_path: Path) -> None:
    """Adversary 31: moved away and back (`mv` keeps its time), the file was never read
    again and every page said «non si legge» for good."""
    room = Room(tournament, URL)
    good = room.state()
    aside = tmp_path / "fuori.xlsx"
    tournament.rename(aside)
    assert room.state().problem
    aside.rename(tournament)
    back = room.state()
    assert back.problem is None and back.version == good.version


def test_each_post_is_made_once_per_reading(tournament: Path, monkeypatch) -> None:
    """Every phone asks again after each save: the pages are made once per reading of
    the file, not once per request."""
    from risiko_xl.sala import pages

    made = []
    real = pages.publish
    monkeypatch.setattr(pages, "publish", lambda source, fmt, round_no, now: made.append(
        fmt) or real(source, fmt, round_no, now=now))
    assert cli.main(["sorteggia", str(tournament)]) == 0
    room, posts = Room(tournament, URL), pages.Posts()
    for _ in range(3):
        pages.phone_page(posts, room.state())
        pages.screen_page(posts, room.state())
    assert made == ["html"] * 2 + ["schermo"] * 2  # timeless first, to know if it is new
    assert cli.main(["iscrivi", str(tournament), "Ugo Tardi"]) == 0  # a new reading
    pages.phone_page(posts, room.state())
    assert made == ["html"] * 2 + ["schermo"] * 2 + ["html"] * 2


def test_a_save_that_changes_nothing_shown_keeps_the_appeals_deadline(
        tournament: Path) -> None:
    """Organiser 32: «Pubblicato 06:37 / Ricorsi entro 08:37» on the phones, while the post
    written earlier said 06:32 / 08:32: every save moved it on. 000 Art. 2: «ricorso
    entro 2 ore dalla pubblicazione»; the venue publishes a post when it first shows it:
    a save that changes nothing shown keeps the time, a new result gives a new one."""
    import datetime as dt

    from risiko_xl.sala import pages

    class Clock:
        at = dt.datetime(2026, 11, 28, 20, 0, tzinfo=dt.UTC)

        def __call__(self) -> dt.datetime:
            return self.at

    clock = Clock()
    assert cli.main(["sorteggia", str(tournament)]) == 0
    room, posts = Room(tournament, URL), pages.Posts(clock)
    def published(page: str) -> list[str]:
        return re.findall(r"(?:Pubblicato|[Rr]icors)[^<]*", page)

    first = published(pages.phone_page(posts, room.state()))
    assert first and "21:00" in first[0]  # Italian time, winter
    clock.at += dt.timedelta(minutes=5)
    book = OpenpyxlBook(tournament)  # saved again, nothing a post shows changed
    book.save()
    again = room.state()
    assert published(pages.phone_page(posts, again)) == first
    clock.at += dt.timedelta(minutes=5)
    rows = book.read_table(schema.RESULTS.name)
    for row, values in zip([r for r in rows if r["Tavolo"] == 1],
                           simulate.game(Rng("scadenza", "t1"), 4)):
        row.values.update(values)
    book.write_table(schema.RESULTS.name, rows)
    book.save()
    assert "21:10" in published(pages.phone_page(posts, room.state()))[0]


def test_my_table_finds_a_player_by_first_name_and_surname_whatever_the_nickname() -> None:
    """Organiser 32: «Mario Rossi», registered with the nickname «Marione», was «Nessun
    giocatore»: the name shown carries the nickname between. Every word typed must be in
    a name of the player's (SALA.md: «una parte del nome»)."""
    from types import SimpleNamespace

    from risiko_xl.names import player_name
    from risiko_xl.sala.pages import _found
    from risiko_xl.standings.model import Entrant

    people = [Entrant("G01", player_name("Mario", "Rossi", "Marione"), first="Mario",
                      last="Rossi", nickname="Marione"),
              Entrant("G02", "Maria Rossini", first="Maria", last="Rossini"),
              Entrant("G03", player_name("Giuseppe", "D'Amico", "Peppe"), first="Giuseppe",
                      last="D'Amico", nickname="Peppe")]
    source = SimpleNamespace(entrants=people)

    def ids(query: str) -> list[str]:
        return [p[0] for p in _found(source, query)]  # type: ignore[arg-type]

    assert ids("Mario Rossi") == ["G01"] and ids("rossi mario") == ["G01"]
    assert ids("Marione") == ["G01"] and ids("ross") == ["G01", "G02"]
    assert ids("giuseppe d’amico") == ["G03"] and ids("Peppe D'Amico") == ["G03"]
    assert ids("Mario Verdi") == [] and ids("g2") == ["G02"]


def test_my_table_says_why_a_player_sits_nowhere(tournament: Path) -> None:
    """Organiser 32: a player marked absent read «non è seduto a nessun tavolo dell'ultimo
    turno sorteggiato». Now the page says why: absent from round 1 (`assente`), not yet
    drawn."""
    from risiko_xl.sala import pages

    room = Room(tournament, URL)
    assert "nessun turno è ancora sorteggiato" in pages.table_page(room.state(), "G005")
    assert cli.main(["sorteggia", str(tournament)]) == 0
    assert cli.main(["assente", str(tournament), "G005"]) == 0
    assert "non siede a nessun tavolo: è assente al turno 1." in pages.table_page(
        room.state(), "G005")
