"""The post of an evening drawn with `sorteggia --tutti`, a withdrawal and a late arrival
mended with `--ripara`: after round 1's results it is round 1's post (results, standings)
with round 2's tables to come, and its certificates are the draws in force.

From the regulations:
- 000 Art. 5: 20 players sit at five tables of 4 («si cercherà di limitare il numero di
  partite in tavoli da 5»; tables of 3 only for 11, 7, 6, 3 players): a post of such a
  round names no «ripetizioni del tavolo da 5», a criterion with nothing to count.
- 000 Art. 4: a withdrawn player is named in the post («Ritirati»).
"""

from __future__ import annotations

import re

import pytest

from risiko_xl import cli
from tests.services.test_repair_replay import evening

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def post(path, capsys) -> str:
    capsys.readouterr()
    assert cli.main(["pubblica", str(path), "--formato", "testo"]) == 0
    return capsys.readouterr().out


def test_after_round_1_the_post_is_its_results_with_round_2_to_come(tmp_path, capsys):
    path = evening(tmp_path)
    text = post(path, capsys)
    assert "CLASSIFICA DOPO IL TURNO 1" in text.upper()
    assert "TAVOLI: TURNO 2" in text.upper()
    assert "ripetizioni del tavolo da 5" not in text  # five tables of 4 each round


def test_the_certificate_in_force_follows_the_repairs_and_names_players(tmp_path,
                                                                         capsys):
    path = evening(tmp_path)
    assert cli.main(["ritira", str(path), "G007", "--ripara"]) == 0
    assert cli.main(["iscrivi", str(path), "Quarto Arrivo", "--dal-turno", "2",
                     "--ripara"]) == 0
    text = post(path, capsys)
    certificates = text[text.index("CERTIFICATO"):]
    assert certificates.count("Turno 2 (") == 1  # the joint draw and 2 repairs: one
    assert "dopo 2 riparazioni" in certificates
    assert "Quarto Arrivo (G021) (nuovo) al tavolo" in certificates
    moves = re.findall(r"(\S+ \S+) \((G\d+)\) dal tavolo (\d+) al tavolo (\d+)",
                       certificates)
    assert all(a != b for _, _, a, b in moves)  # staying at one's table is no move
    assert not re.search(r"[;:] G\d+ dal tavolo", certificates)  # never an ID alone
