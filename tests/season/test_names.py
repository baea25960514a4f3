"""Players across a season (issue 29): «names that only look alike («D'Amico Giuseppe» /
«Giuseppe Damico», «Peppe») are proposed, never merged without the organiser's word»."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from risiko_xl.season.names import Person, exact, look_alike, loose_words, proposals


def person(pid: str, name: str, club: str = "Il Gufo") -> Person:
    return Person(pid, (name,), (club,))


@pytest.mark.parametrize(("a", "b", "club_b", "why"), [
    ("D'Amico Giuseppe", "Giuseppe Damico", "RisiKo Club Roma", "stesso nome scritto diversamente"),
    ("Niccolò Rossi", "Niccolo' Rossi", "Il Gufo", "stesso nome scritto diversamente"),
    ("Giuseppe D'Amico", "Peppe Damico", "Altro club", "stesso cognome, nome abbreviato"),
    ("Giuseppe D'Amico", "Peppe", "Il Gufo", "soprannome o nome abbreviato, stesso club"),
    ("Giuseppe D'Amico", "Giusepe D'Amico", "Altro club", "nomi quasi uguali"),
    ("Salvatore Esposito", "Salvatore Espostio", "Il Gufo", "nomi quasi uguali"),
    # the organiser's «Anna Maria De Luca» and «Annamaria De Luca», not proposed before
    ("Anna Maria De Luca", "Annamaria De Luca", "Il Gufo", "stesso nome scritto diversamente"),
    ("Anna Maria De Luca", "Deluca Annamaria", "Altro club", "stesso nome scritto diversamente"),
])
def test_proposed(a, b, club_b, why):
    assert look_alike(person("S001", a), person("S002", b, club_b)) == why


@pytest.mark.parametrize(("a", "b", "club_b"), [
    ("Ilaria Colombo", "Laura Colombo", "Il Gufo"),  # sisters share a surname
    ("Marco Rossi", "Marta Rossi", "Il Gufo"),
    ("Luca Rossi", "Luca Russo", "Il Gufo"),
    ("Giuseppe D'Amico", "Peppe", "Altro club"),  # a bare nickname elsewhere: anybody
    ("Ugo Neri", "Ugo Nero", "Il Gufo"),  # short surnames: two families
])
def test_not_proposed(a, b, club_b):
    assert look_alike(person("S001", a), person("S002", b, club_b)) is None


def test_refused_pairs_stay_silent():
    people = [person("S001", "D'Amico Giuseppe"), person("S002", "Giuseppe Damico")]
    assert len(proposals(people)) == 1
    assert proposals(people, [("S002", "S001")]) == []


@given(st.text(min_size=1, max_size=30))
def test_a_name_looks_like_itself_written_another_way(name):
    """The loose form ignores case, accents, apostrophes and word order; the exact form
    only case and spaces."""
    words = loose_words(name)
    assert loose_words(name.upper()) == words or name.upper().casefold() != name.casefold()
    assert loose_words(" ".join(reversed(name.split()))) == words
    assert exact(f"  {name}  ") == exact(name)
