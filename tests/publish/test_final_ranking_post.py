"""The final ranking in a post says why a player of more tournament points stands below
one of fewer (001 §7: «dal 1° al 4° posto … in base all'esito della/e finale/i; dal 5°
… in base alla somma dei singoli punti-torneo»): one Italian line under it, in every
format, naming the first such pair (one of different phases reached first)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

import pytest

from risiko_xl.publish import POST_FORMATS
from risiko_xl.publish.post import Post, Ranking, Standing
from risiko_xl.publish.posts import render_post

COLUMNS = ("Fase raggiunta", "Punti finale", "Punti torneo")
NOW = dt.datetime(2026, 11, 24, 23, 0)


def final(*lines: tuple[str, str, F | None, F]) -> Post:
    rows = tuple(Standing(str(n), f"G{n:02d}", name, "", (stage, final_points, total))
                 for n, (name, stage, final_points, total) in enumerate(lines, start=1))
    return Post("Master", "", "", 4, "Finale", NOW, None, 3,
                ranking=Ranking("Classifica finale", COLUMNS, rows, len(rows)))


IN_ORDER = [("Anna", "Finale", F(1030, 1000), F(3100, 1000)),
            ("Bruno", "Finale", F(20, 1000), F(2150, 1000)),
            ("Carla", "Finale", F(15, 1000), F(2080, 1000)),
            ("Dario", "Finale", F(10, 1000), F(2070, 1000)),
            ("Elena", "Semifinale", None, F(2060, 1000)),
            ("Fabio", "Preliminare", None, F(1040, 1000))]


def test_no_line_when_the_points_follow_the_order():
    assert final(*IN_ORDER).ranking_note() is None


def test_a_fifth_above_a_third_in_points_is_explained():
    lines = list(IN_ORDER)
    lines[4] = ("Elena", "Semifinale", None, F(2095, 1000))  # more than Carla, 3rd
    note = final(*lines).ranking_note()
    assert note == ("La classifica finale va prima per fase raggiunta (in finale per il "
                    "risultato della finale), poi per punti torneo: per questo Elena, 5° "
                    "(Semifinale), ha più punti torneo di Carla, 3° (Finale).")


def test_between_finalists_the_final_decides():
    lines = list(IN_ORDER)
    lines[1] = ("Bruno", "Finale", F(20, 1000), F(3150, 1000))  # more than Anna, 1st
    assert "Bruno, 2° (Finale), ha più punti torneo di Anna, 1° (Finale)" in \
        str(final(*lines).ranking_note())


def test_a_different_phase_is_named_before_a_pair_of_finalists():
    lines = list(IN_ORDER)
    lines[1] = ("Bruno", "Finale", F(20, 1000), F(3150, 1000))
    lines[5] = ("Fabio", "Preliminare", None, F(2065, 1000))  # more than Elena
    assert "Fabio, 6° (Preliminare), ha più punti torneo di Elena, 5° (Semifinale)" in \
        str(final(*lines).ranking_note())


@pytest.mark.parametrize("fmt", [*POST_FORMATS])
def test_every_format_prints_the_line_under_the_final_ranking(fmt):
    lines = list(IN_ORDER)
    lines[4] = ("Elena", "Semifinale", None, F(2095, 1000))
    text = render_post(final(*lines), fmt, ("classifica",))
    assert "per fase raggiunta" in text and "ha più punti torneo di Carla" in text
    assert text.index("Fabio") < text.index("per fase raggiunta")  # under the ranking
    assert "per fase raggiunta" not in render_post(final(*IN_ORDER), fmt, ("classifica",))
