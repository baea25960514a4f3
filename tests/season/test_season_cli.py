"""A club's season through the command line (issue 29 «Must show»): two tournaments
imported from GestioneTorneo and five evenings of five formulas, players matched across
them, a look-alike proposed and confirmed, a namesake refused, a tournament added twice
and one refreshed after a correction; the season's standings under two rule sets and the
national points, every figure worked out by hand below.

The tournaments and their final rankings (season IDs as the season gives them):
- N1, GestioneTorneo «Torneo Open» (tests/support/gestionetorneo: players 1 … 9 with
  national IDs 5001 …): 1, 3, 6, 7, 8, 2, 4, 9, 5 (totals 180, 127,5, 119, 59, 47,5,
  46,25, 22,5, 11,25, 7,5) → S001 … S009 in that order;
- N2, GestioneTorneo «TorneoGufo»: 1, 6, 3, 8, 2, 7, 4, 9, 5 (24,80, 19,69, 17,775, …);
- N3 campionato_gufo, N4 victory, N5 open (final), N6 gufo (final), N7 rtu (final): the club's
  twelve (tests/support/season_play), D'Amico with national ID 5001 (= GestioneTorneo's
  player 1: S001) and Esposito 5006 (= player 6: S003) in N3; the others new, S010 (Ilaria
  Colombo) … S019 (Franco Rizzi) in N3's order, the two Marco Bianchi S012 (Roma) and S013
  (Le Mura). N4 and N5 carry no national ID and write «Giuseppe Damico».
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from risiko_xl.books import schema
from risiko_xl.books import season_schema as S
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.gestionetorneo import writer
from tests.support.command_line import run
from tests.support.gestionetorneo import tournament
from tests.support.lo_reader import sheets_as_csv
from tests.support.season_play import evening, set_rules, untyped

ORDERS = {  # the final ranking of each evening, by roster number
    "n3": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    "n4": [2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11],
    "n5": [4, 1, 3, 2, 5, 6, 7, 8, 9, 10, 11, 12],  # qualifying 3, 1, 2, 4; final 4, 1, 3, 2
    "n6": [6, 3, 5, 4, 2, 1, 12, 11, 10, 9, 8, 7],  # qualifying 6, 5, 4, 3; final 6, 3, 5, 4
    "n7": [1, 2, 6, 7, 3, 8, 4, 9, 5, 10, 11, 12],  # qualifying 1, 6, 2, 7; final 1, 2, 6, 7
}
DAMICO = {1: ("Giuseppe", "Damico")}


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("stagione")
    return {
        "n1": writer.write(tournament("Torneo Open"), folder / "gt-open.xlsx"),
        "n2": writer.write(tournament("TorneoGufo"), folder / "gt-gufo.xlsx"),
        "n3": evening(folder / "n3.xlsx", "campionato_gufo", "Campionato di settembre",
                      ORDERS["n3"], kind="Campionato periodico"),
        "n4": evening(folder / "n4.xlsx", "victory", "Victory di ottobre", ORDERS["n4"],
                      national=False, written=DAMICO, kind="Torneo Open"),
        "n5": evening(folder / "n5.xlsx", "open", "Open di novembre",
                      [3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12], final=[4, 1, 3, 2],
                      national=False, written=DAMICO),
        "n6": evening(folder / "n6.xlsx", "gufo", "Gufo di dicembre",
                      [6, 5, 4, 3, 2, 1, 12, 11, 10, 9, 8, 7], final=[6, 3, 5, 4],
                      kind="Torneo Open"),
        "n7": evening(folder / "n7.xlsx", "rtu", "RTU di gennaio",
                      [1, 6, 2, 7, 3, 8, 4, 9, 5, 10, 11, 12], final=[1, 2, 6, 7],
                      kind="Campionato periodico"),
    }


def standings(season: Path) -> list[tuple]:
    book = OpenpyxlBook(season, kind=S.SEASON)
    return [(r["Pos"], r["ID stagione"], r["Punti"])
            for r in book.read_table(S.STANDINGS.name)]


def table(season: Path, spec) -> list:
    return list(OpenpyxlBook(season, kind=S.SEASON).read_table(spec.name))


def write_in_players(season: Path, player: str, column: str, value: str) -> None:
    """The organiser types in Giocatori."""
    book = OpenpyxlBook(season, kind=S.SEASON)
    players = book.read_table(S.PLAYERS.name)
    for row in players:
        if row["ID stagione"] == player:
            row[column] = value
    book.write_table(S.PLAYERS.name, players)
    book.save()


# rule set A: 25/18/15/12/10/8/6/4/2/1 by final position, every tournament, ties by
# tournaments won, best placing, tournaments played:
# S001 N1 1st 25 + N2 1st 25 + N3 1st 25 + N4 2nd 18 + N5 2nd 18 + N6 6th 8 + N7 1st 25 = 144
# S003 N1 3rd 15 + N2 2nd 18 + N3 6th 8 + N4 5th 10 + N5 6th 8 + N6 1st 25 + N7 3rd 15 = 99
# S010 N3 2nd 18 + N4 1st 25 + N5 4th 12 + N6 5th 10 + N7 2nd 18 = 83
# S012 N3 4th 12 + N4 3rd 15 + N5 1st 25 + N6 4th 12 + N7 7th 6 = 70, one tournament won
# S011 N3 3rd 15 + N4 4th 12 + N5 3rd 15 + N6 2nd 18 + N7 5th 10 = 70, none won
# S013 10 + 8 + 10 + 15 + 2 = 45; S002 18 + 15 = 33; S014 6 + 4 + 6 + 0 + 12 = 28
# S005 10 + 12 = 22, best 4th; S015 4 + 6 + 4 + 0 + 8 = 22, best 6th; S004 12 + 8 = 20
# S006 8 + 10 = 18; S007 6 + 6 = 12; S016 2 + 1 + 2 + 1 + 4 = 10; S008 4 + 4 = 8
# S017 1 + 2 + 1 + 2 + 1 = 7; S019 0 + 0 + 0 + 6 + 0 = 6; S018 0 + 0 + 0 + 4 + 0 = 4,
# best 8th; S009 2 + 2 = 4, best 9th
RULES_A = [(1, "S001", 144), (2, "S003", 99), (3, "S010", 83), (4, "S012", 70),
           (5, "S011", 70), (6, "S013", 45), (7, "S002", 33), (8, "S014", 28),
           (9, "S005", 22), (10, "S015", 22), (11, "S004", 20), (12, "S006", 18),
           (13, "S007", 12), (14, "S016", 10), (15, "S008", 8), (16, "S017", 7),
           (17, "S019", 6), (18, "S018", 4), (19, "S009", 4)]


@pytest.fixture(scope="module")
def season(files, tmp_path_factory) -> Path:
    """The season as the organiser builds it, step by step (each step's words checked)."""
    path = tmp_path_factory.mktemp("club") / "stagione-2026.xlsx"
    code, said = run("stagione", path, "--aggiungi", files["n1"], files["n2"], files["n3"],
                     "--nome", "Ranking interno 2026")
    assert code == 0, said
    assert "Creata la stagione" in said
    assert "Torneo 1 «Torneo Torneo Open» aggiunto (9 giocatori, 9 nuovi" in said
    assert "Torneo 2 «Torneo TorneoGufo» aggiunto (9 giocatori, 0 nuovi" in said
    # N3: D'Amico and Esposito known by their national IDs, ten new
    assert "Torneo 3 «Campionato di settembre» aggiunto (12 giocatori, 10 nuovi" in said
    assert "S013 «Marco Bianchi» forse è S012 «Marco Bianchi» (stesso nome)" in said

    code, said = run("stagione", path, "--aggiungi", files["n4"])
    assert code == 0, said
    # «Giuseppe Damico» is not «Giuseppe D'Amico»: a new player, proposed, not merged
    assert "aggiunto (12 giocatori, 1 nuovo nella stagione)" in said
    assert ("S020 «Giuseppe Damico» forse è S001 «Giuseppe D'Amico» (stesso nome scritto "
            "diversamente)") in said

    # the organiser confirms one and says the namesakes are two people
    write_in_players(path, "S013", "Diverso da", "S012")
    code, said = run("stagione", path, "--unisci", "S020", "S001")
    assert code == 0, said
    assert "Unito S020 a S001: 1 piazzamento" in said
    assert "Da confermare" not in said

    # the decision is kept: «Giuseppe Damico» of N5 is S001 at once
    code, said = run("stagione", path, "--aggiungi", files["n5"], files["n6"], files["n7"])
    assert code == 0, said
    assert said.count("0 nuovi nella stagione") == 3 and "Da confermare" not in said
    return path


def test_rules_by_position(season):
    assert standings(season) == RULES_A
    players = {r["ID stagione"]: r for r in table(season, S.PLAYERS)}
    assert "S020" not in players
    assert players["S001"]["Nomi nei tornei"] == ("Nome1 Cognome1 (Il Gufo); Giuseppe "
                                                  "D'Amico (Il Gufo); Giuseppe Damico (Il Gufo)")
    assert players["S001"]["ID nazionale"] == "5001"
    assert players["S013"]["Diverso da"] == "S012" and players["S013"]["Proposta"] is None
    # 9 + 9 + 5 × 12 rows, each tournament's once
    assert len(table(season, S.PLACINGS)) == 78


def test_each_tournament_points_in_its_column(season):
    """S001's row: T1 25, T2 25, T3 25, T4 18, T5 18, T6 8, T7 25."""
    row = next(r for r in table(season, S.STANDINGS) if r["ID stagione"] == "S001")
    assert [row[f"T{n}"] for n in range(1, 8)] == [25, 25, 25, 18, 18, 8, 25]
    assert (row["Tornei"], row["Vittorie"], row["Miglior piazzamento"]) == (7, 4, 1)


def test_national_points_of_each_tournament(season):
    """N1 and N2: 4 tables in all, below 2024's minimum of 6 (the thresholds 2025 takes):
    nothing. N4 … N6: «Torneo Open» (open's own; declared for victory and gufo, which have
    no GestioneTorneo type of their own), 3 tables × 2 rounds = 6 (a final played here is
    no round sheet of an Open): VT = 1,2 × 106 × 2 = 254,4. N3 and N7 (campionato_gufo,
    rtu): «Campionato periodico» declared, 2 rounds, class 0,2: VT = 1,2 × 106 × 0,2 =
    25,44 → 25,4."""
    tournaments = table(season, S.TOURNAMENTS)
    assert [r["Tavoli"] for r in tournaments] == [4, 4, 6, 6, 6, 6, 6]
    assert [r["Tipologia"] for r in tournaments][2:] == [
        "Campionato periodico", "Torneo Open", "Torneo Open", "Torneo Open",
        "Campionato periodico"]
    assert [r["Punti ranking del vincitore"] for r in tournaments] == [
        None, None, 25.4, 254.4, 254.4, 254.4, 25.4]
    assert tournaments[0]["Note"].startswith("4 tavoli in tutto: per il ranking nazionale")
    placing = {(r["Torneo"], r["ID stagione"]): r["Punti ranking"]
               for r in table(season, S.PLACINGS)}
    # N4 2nd: 212 × e^(−0,1) = 191,8255; N3 12th: 21,2 × e^(−0,6) = 11,6348
    assert placing[(4, "S001")] == pytest.approx(191.8255, abs=1e-4)
    assert placing[(3, "S019")] == pytest.approx(11.6348, abs=1e-4)
    assert placing[(1, "S001")] == 0


def test_rules_national_best_three_minimum_four(season, tmp_path):
    """«ranking nazionale», the best 3, 4 tournaments to be ranked (S002, S004 … S009
    played 2: unranked). An Open's places (× 212 × e^(−p/20)): 1st 254,4, 2nd 191,8255,
    3rd 182,4701, 4th 173,5709, 5th 165,1058, 6th 157,0535, 7th 149,3939, 8th 142,1078,
    9th 135,1772, 10th 128,5845, 11th 122,3134, 12th 116,3481; a championship's of N3 and
    N7 a tenth of those (× 0,2 instead of × 2), never among anyone's best three here.
    Places in N4, N5, N6:
    S012 (3, 1, 4): 182,4701 + 254,4 + 173,5709 = 610,4410
    S010 (1, 4, 5): 254,4 + 173,5709 + 165,1058 = 593,0767
    S003 (5, 6, 1): 165,1058 + 157,0535 + 254,4 = 576,5593
    S011 (4, 3, 2): 173,5709 + 182,4701 + 191,8255 = 547,8665
    S001 (2, 2, 6): 191,8255 + 191,8255 + 157,0535 = 540,7045
    S013 (6, 5, 3): 157,0535 + 165,1058 + 182,4701 = 504,6294
    S015 (7, 8, 11): 149,3939 + 142,1078 + 122,3134 = 413,8151
    S014 (8, 7, 12): 142,1078 + 149,3939 + 116,3481 = 407,8498
    S017 (9, 10, 9): 135,1772 + 128,5845 + 135,1772 = 398,9389
    S016 (10, 9, 10): 128,5845 + 135,1772 + 128,5845 = 392,3462
    S019 (11, 12, 7): 122,3134 + 116,3481 + 149,3939 = 388,0554
    S018 (12, 11, 8): 116,3481 + 122,3134 + 142,1078 = 380,7693"""
    copy = shutil.copy(season, tmp_path / "stagione-b.xlsx")
    set_rules(copy, **{"Punti": "ranking nazionale", "Tornei contati": 3,
                       "Minimo tornei": 4})
    code, said = run("stagione", copy)
    assert code == 0, said
    assert "punti: i punti del ranking nazionale; contano i 3 tornei migliori" in said
    # shown as the RCU shows a sum of exact points: one decimal, half down
    expected = [("S012", 610.4), ("S010", 593.1), ("S003", 576.6), ("S011", 547.9),
                ("S001", 540.7), ("S013", 504.6), ("S015", 413.8), ("S014", 407.8),
                ("S017", 398.9), ("S016", 392.3), ("S019", 388.1), ("S018", 380.8)]
    found = standings(copy)
    assert [(pos, pid, points) for pos, pid, points in found[:12]] == [
        (i, pid, hand) for i, (pid, hand) in enumerate(expected, start=1)]
    assert {pid for pos, pid, _ in found[12:]} == {"S002", "S004", "S005", "S006", "S007",
                                                     "S008", "S009"}
    assert all(pos is None for pos, _, _ in found[12:])


def test_added_twice_counted_once(season, files, tmp_path):
    copy = shutil.copy(season, tmp_path / "stagione.xlsx")
    code, said = run("stagione", copy, "--aggiungi", files["n5"])
    assert code == 0, said
    assert "Torneo 5 «Open di novembre» già nella stagione e invariato" in said
    assert standings(copy) == RULES_A
    assert len(table(copy, S.PLACINGS)) == 78


def test_refreshed_after_a_correction(season, files, tmp_path):
    """N3's referee corrects a score: Laura Colombo (P03) made 61, not 56, in round 2.
    Spartac's «vincitore 100 + punti»: P01 160 + 160 = 320; P03 156 + 161 = 317; P02 158 +
    158 = 316: Laura 2nd (18), Ilaria 3rd (15); at her table the others lose 5 each, and
    keep their order (o4 159 > o5 158, o8 137 > o9 136, o11 117 > o12 116). S010 83 − 3 =
    80, S011 70 + 3 = 73, now ahead of S012 (70)."""
    folder = tmp_path / "corretto"
    folder.mkdir()
    season_copy = shutil.copy(season, folder / "stagione.xlsx")
    n3 = shutil.copy(files["n3"], folder / "n3.xlsx")
    # the season keeps the file as given: the copy is found by name and first day
    book = OpenpyxlBook(n3)
    results = book.read_table(schema.RESULTS.name)
    for row in results:
        if row["Turno"] == 2 and row["ID"] == "P03":
            row["Punti obiettivo"] = 61
    book.write_table(schema.RESULTS.name, results)
    book.save()
    assert run("classifica", n3)[0] == 0
    code, said = run("stagione", season_copy, "--aggiungi", n3)
    assert code == 0, said
    assert "Torneo 3 «Campionato di settembre» aggiornato: le sue righe precedenti sono " \
           "sostituite" in said
    rows = standings(season_copy)
    assert rows[:5] == [(1, "S001", 144), (2, "S003", 99), (3, "S010", 80),
                        (4, "S011", 73), (5, "S012", 70)]
    assert len(table(season_copy, S.PLACINGS)) == 78
    tournaments = table(season_copy, S.TOURNAMENTS)
    assert len(tournaments) == 7 and tournaments[2]["File"] == "n3.xlsx"


def test_an_unfinished_tournament_is_refused(files, tmp_path):
    half = shutil.copy(files["n5"], tmp_path / "meta.xlsx")
    untyped(half, 3)
    season = tmp_path / "s.xlsx"
    code, said = run("stagione", season, "--aggiungi", half)
    assert code == 2
    assert "Il torneo meta.xlsx non è finito: turno 3 (Finale): manca il risultato del " \
           "tavolo 1" in said
    assert not season.exists()


def test_a_rule_not_understood_names_its_row(season, tmp_path):
    copy = shutil.copy(season, tmp_path / "s.xlsx")
    set_rules(copy, **{"Spareggi": "vittorie, simpatia"})
    code, said = run("stagione", copy)
    assert code == 2
    assert "Foglio Regole, riga" in said and "«simpatia» non è uno spareggio" in said
    # nothing written: the standings are the ones before
    assert standings(copy) == RULES_A


@pytest.mark.libreoffice
def test_the_season_as_libreoffice_reads_it(season, tmp_path):
    """The organiser's own program reads what was written: every sheet, the standings'
    first row as RULES_A says, the strength rating a number."""
    sheets = sheets_as_csv(season, tmp_path / "lo")
    assert set(sheets) == {"Classifica", "Regole", "Tornei", "Giocatori", "Piazzamenti",
                           "Partite"}
    header, first = sheets["Classifica"][0], sheets["Classifica"][1]
    row = dict(zip(header, first))
    assert (row["Pos"], row["ID stagione"], row["Punti"]) == ("1", "S001", "144")
    assert row["Giocatore"] == "Giuseppe D'Amico"
    float(row["Valutazione"])
    # 9 + 9 + 5 evenings of 12 players × 2 rounds, plus the 3 finals of 4
    assert len(sheets["Partite"]) - 1 == 2 * 9 + 2 * 9 + 5 * 24 + 3 * 4


def test_the_strength_rating_is_shown_never_used(season):
    """S001 won 4 of the 7 tournaments: the best rating; the rating never moves a place."""
    rows = table(season, S.STANDINGS)
    best = max(rows, key=lambda r: r["Valutazione"])
    assert best["ID stagione"] == "S001"
    assert [(r["Pos"], r["ID stagione"], r["Punti"]) for r in rows] == RULES_A


def test_the_season_post_in_every_format(season, tmp_path):
    """S001's national points over the season: N3 25,44 + N4 191,8255 + N5 191,8255 + N6
    157,0535 + N7 25,44 = 591,5845 → 591,6."""
    copy = shutil.copy(season, tmp_path / "stagione.xlsx")
    code, said = run("stagione", copy, "--pubblica", "--formato", "tutti")
    assert code == 0, said
    folder = tmp_path / "stagione-post"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["stagione-bbcode-vb.txt", "stagione-bbcode-phpbb.txt", "stagione-markdown.md",
         "stagione-testo.txt", "stagione-html.html", "stagione-schermo.html"])
    text = (folder / "stagione-markdown.md").read_text(encoding="utf-8")
    assert text.startswith("# Ranking interno 2026\n\n**Tornei giocati: 7**")
    first = next(line for line in text.splitlines() if line.startswith("| 1 |"))
    assert first.startswith("| 1 | Giuseppe D'Amico | Il Gufo | 25 | 25 | 25 | 18 | 18 | 8 | "
                            "25 | 144 | 7 | 4 | 1 | 591,6 |")
    code, said = run("stagione", copy, "--pubblica", "--formato", "testo")
    assert code == 0 and "*Ranking interno 2026*" in said
    code, said = run("stagione", copy, "--out", tmp_path / "x.txt")
    assert code == 2 and "--out vale soltanto con --pubblica" in said
