"""Posts and score sheets of a workbook, as the faces make them: the tournament read
once (`services.publication.post_source`), then handed to `publish`."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path
from typing import Any

from risiko_xl.books.book import Book
from risiko_xl.publish import posts, referti
from risiko_xl.publish.post import Dropped, GameTable, PlayerLine, Post, Ranking, Standing
from risiko_xl.publish.score_sheet import ScoreSheet
from risiko_xl.services.publication import post_source


def publish(book: Book, fmt: str, *args: Any, **kwargs: Any) -> str:
    """`posts.publish` of the tournament in `book`."""
    return posts.publish(post_source(book), fmt, *args, **kwargs)


def publish_all(book: Book, *args: Any, **kwargs: Any) -> tuple[int, dict[str, str]]:
    """`posts.publish_all` of the tournament in `book`."""
    return posts.publish_all(post_source(book), *args, **kwargs)


def score_sheets(book: Book, round_no: int) -> tuple[ScoreSheet, ...]:
    """`referti.score_sheets` of the tournament in `book`."""
    return referti.score_sheets(post_source(book), round_no)


def write_referti(book: Book, round_no: int, out: Path, per_page: int = 1) -> Path:
    """`referti.write_referti` of the tournament in `book`."""
    return referti.write_referti(post_source(book), round_no, out, per_page)


NOW = dt.datetime(2026, 11, 24, 22, 0)
LONG_CLUBS = ("Associazione Culturale RisiKo! Club Val di Non e di Sole",
              "Circolo Ricreativo Sant'Eufemia d'Aspromonte", "Eagles Roma", "Gufo Torino")


def standings(rounds: int, columns: tuple[str, ...], players: int = 24,
              clubs: tuple[str, ...] = LONG_CLUBS) -> Post:
    """A played round's post whose standings have `rounds` rounds (one dropped each
    line) and the `columns` after them, players with long names and clubs."""
    rows = []
    for i in range(players):
        values: list[object] = [Fraction(1000 + 37 * i + n, 1000) for n in range(rounds)]
        values[i % rounds] = Dropped(values[i % rounds])
        values += [Fraction(2123 - i, 1000)] * (len(columns) - rounds - 2) + [i % 3, 64 - i]
        rows.append(Standing(f"{i + 1}", f"G{i:02d}", f"Massimiliano Wojciechowski-{i}",
                             clubs[i % len(clubs)], tuple(values)))  # type: ignore[arg-type]
    played = GameTable("Qualificazione", rounds, 1,
                       (PlayerLine("1", "G00", rows[0].name, rows[0].club, 50, Fraction(1)),))
    return Post("Torneo di prova", "", "", rounds, "Qualificazione", NOW, None, 3,
                results=(played,),
                ranking=Ranking("Classifica", columns, tuple(rows), players, rounds))
