"""The season's post (`risiko-xl stagione --pubblica`): the club's ranking of the year in
every format the tournaments' posts have (forum BBCode, Markdown, chat text, the HTML page
with the leaders' chart, the room screen), through the same templates and escaping
(`posts.render_post`): a `Post` of no round whose only section is its ranking."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction

from risiko_xl.clock import italian_time
from risiko_xl.publish import BY_NAME, SCREEN
from risiko_xl.publish.post import (
    SEASON,
    TRADEMARK,
    Dropped,
    Number,
    Post,
    Ranking,
    Standing,
)
from risiko_xl.season.board import SeasonBoard, Skipped, Value

SECTIONS = ("classifica",)
# on a phone held upright: the place, the name, the points, the tournaments and the
# national points; the rest turning it (as a tournament's rounds and clubs)
WIDE_ONLY = ("Vittorie", "Miglior piazzamento", "Valutazione")
MAX_DECIMALS = 4  # the thousandths of a tournament's points, the Gufo's ten-thousandths


def season_post(board: SeasonBoard, now: dt.datetime | None = None,
                trademark: bool = True) -> Post:
    """`board` as a post: the ranking «Classifica della stagione», its tournaments'
    columns T1, T2, … (hidden on a phone held upright, like a tournament's rounds), a
    tournament not counted in brackets, how the points are made under it."""
    shared = Counter(line.position for line in board.lines if line.position is not None)
    rows = tuple(Standing("–" if line.position is None else
                          f"{line.position}{'=' if shared[line.position] > 1 else ''}",
                          line.player, line.name, line.club, tuple(map(_cell, line.values)))
                 for line in board.lines)
    ranking = Ranking("Classifica della stagione", board.columns, rows, len(rows),
                      rounds=board.rounds, note=board.rules, wide_only=WIDE_ONLY)
    return Post(board.name, "", "", board.tournaments, SEASON,
                italian_time(now).replace(second=0, microsecond=0), None,
                _decimals(board), ranking=ranking, trademark=TRADEMARK if trademark else None)


def _cell(value: Value) -> Number | Dropped:
    return Dropped(value.value) if isinstance(value, Skipped) else value


def _decimals(board: SeasonBoard) -> int:
    """The decimals the points need (none with points by position)."""
    needed = 0
    for line in board.lines:
        for value in line.values:
            number = value.value if isinstance(value, Skipped) else value
            if isinstance(number, Fraction) and number.denominator != 1:
                needed = max(needed, next((d for d in range(1, MAX_DECIMALS + 1)
                                           if (number * 10 ** d).denominator == 1),
                                          MAX_DECIMALS))
    return needed


def publish_season(board: SeasonBoard, fmt: str, now: dt.datetime | None = None,
                   trademark: bool = True) -> str:
    """The season's post in format `fmt`; the HTML page carries the leaders' chart."""
    from risiko_xl.publish.posts import render_post

    post = season_post(board, now, trademark)
    if fmt == SCREEN:
        post = replace(post, ranking=_on_screen(post.ranking))
    if fmt == "html" and len(board.leaders) and board.tournaments > 1:
        from risiko_xl.publish.charts import Progression, progression_page

        chart = progression_page(Progression(tuple(range(1, board.tournaments + 1)),
                                             board.leaders, step="Torneo"))
        post = replace(post, chart=chart)
    return render_post(post, fmt, SECTIONS)


def _on_screen(ranking: Ranking | None) -> Ranking | None:
    """The room screen's ranking: the place, the name, the club, the points, the
    tournaments and the national points, in type read from across the room (each
    tournament's points, the wins, the best placing and the rating stay in the posts)."""
    if ranking is None:
        return None
    keep = [i for i, c in enumerate(ranking.columns)
            if not re.fullmatch(r"T[0-9]+", c) and c not in WIDE_ONLY]
    return replace(ranking, columns=tuple(ranking.columns[i] for i in keep), rounds=0,
                   rows=tuple(replace(r, values=tuple(r.values[i] for i in keep))
                              for r in ranking.rows))


def season_files(board: SeasonBoard, now: dt.datetime | None = None) -> dict[str, str]:
    """Every format of the season's post: {file name: text} (`stagione-FORMATO.est`)."""
    return {f"stagione-{fmt}{BY_NAME[fmt].suffix}": publish_season(board, fmt, now)
            for fmt in BY_NAME}
