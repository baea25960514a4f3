"""Posts and score sheets of a workbook, as the faces make them: the tournament read
once (`services.publication.post_source`), then handed to `publish`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from risiko_xl.books.book import Book
from risiko_xl.publish import posts, referti
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
