"""Nothing rewritten after the fact, and the organiser's everyday actions as commands
(issue 26): a recompiled classification says so, with its rule and article; a post of an
earlier round run again says what changed since; the case of 001 §8 stays the case of who
played; an absence has a command; an ID typed short is the registered one; a withdrawn
qualifier's substitute is named at once; the formulation the first draw chose is said.

The expected values are worked out by hand from the articles quoted in each test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from tests.casebook.cases_000 import rounds8
from tests.casebook.cases_001 import (
    ART8_FASCE,
    ART8_NETTO,
    BANDS_BASE,
    BASE20,
    band_fill,
    rounds20,
)
from tests.casebook.cases_003 import A_RIPE, FillRipescaggio, a_base, players
from tests.casebook.runner import (
    Case,
    Cli,
    ExpectClassifica,
    ExpectSheet,
    S,
    Tav,
    Type,
    field,
    run_case,
)
from tests.support.command_line import run
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento



# ------------------------------------------------------------- recompiled, and said
LU_ARTICLE = ("000 Art. 4: «verrà immediatamente ricompilata la classifica, senza considerare "
              "i punteggi acquisiti dal giocatore ritirato»")
EIGHT = Type(  # lu_castidduzzu (000), two rounds of two tables
    Tav(1, 1, [S("G01", 50, 0), S("G02", 40, 0), S("G03", 30, 0), S("G04", 20, 0)]),
    Tav(1, 2, [S("G05", 48, 0), S("G06", 38, 0), S("G07", 28, 0), S("G08", 18, 0)]),
    Tav(2, 1, [S("G05", 45, 0), S("G01", 35, 0), S("G08", 25, 0), S("G04", 15, 0)]),
    Tav(2, 2, [S("G02", 44, 0), S("G06", 34, 0), S("G03", 24, 0), S("G07", 14, 0)]))


def test_a_recompiled_classification_says_so_with_its_article(tmp_path: Path) -> None:
    # 000 Art. 4: G02 withdraws after round 2; the standings are recompiled without his
    # points, and `classifica` and the post of round 2 (and of round 1, published before
    # his withdrawal) say so, naming the rule and the article
    case = Case(id="ricompilata-000", seed="storia", articles=[LU_ARTICLE],
                derivation=__doc__ or "", formula="lu_castidduzzu", players=field(8),
                steps=[EIGHT, Cli(["classifica"]), Cli(["ritira", "G02"]),
                       Cli(["classifica"], says=["Classifica ricompilata senza i punteggi di",
                                                 "(ritiro)", "000 Art. 4"]),
                       ExpectClassifica(absent={"G02"}),
                       Cli(["pubblica", "--turno", "2", "--formato", "testo"],
                           says="Classifica ricompilata"),
                       Cli(["pubblica", "--turno", "1", "--formato", "testo"],
                           says="Classifica ricompilata")])
    run_case(case, tmp_path)


def test_a_qualifier_row_never_contradicts_its_position(tmp_path: Path) -> None:
    # 001 §8 «al netto di eventuali giocatori qualificati per la semifinale ma ritirati»:
    # twenty players, four semifinals by bands of the standings (G01..G16, G04 4th); the
    # semifinals are played, then G03 withdraws. Net of G03 the standings read G01, G02,
    # G04 3rd, G05 4th …: G04 qualified as 4th and is 3rd now. His row says both, never
    # «3 · … · semifinale: 4° in classifica» alone; G02, above G03, did not move
    case = Case(id="qualificato-001", seed="storia", articles=[ART8_NETTO, ART8_FASCE],
                derivation=__doc__ or "", formula="master", players=field(20), steps=[
                    rounds20(BASE20), Cli(["finals"]),
                    band_fill("Semifinale", BANDS_BASE, [40, 30, 20, 10]),
                    Cli(["ritira", "G03"]), Cli(["classifica"]),
                    ExpectClassifica(absent={"G03"}, values={
                        "G04": {"Pos": 3, "Qualificazione": "semifinale: 4° in classifica "
                                "(fascia 1) — posizione alla qualificazione, ora 3°"},
                        "G02": {"Pos": 2,
                                "Qualificazione": "semifinale: 2° in classifica (fascia 1)"},
                        "G16": {"Pos": 15, "Qualificazione": "semifinale: 16° in classifica "
                                "(fascia 4) — posizione alla qualificazione, ora 15°"}})])
    run_case(case, tmp_path)


def test_a_withdrawn_eagles_player_keeps_his_row(tmp_path: Path) -> None:
    # 003 Art. 3 speaks only of who takes the seat: G01 withdraws after the three rounds
    # and stays in Classifica, marked, with the points he played; nothing recompiled
    case = Case(id="tenuto-003", seed="storia", articles=[
        "003 Art. 3: «Il giocatore che si ritira viene sostituito scorrendo in ordine la "
        "Classifica Generale stessa»"], derivation=__doc__ or "", formula="eagles",
        players=players(8), steps=[
            *a_base(), Cli(["classifica"]), Cli(["ritira", "G01"]),
            Cli(["classifica"]),
            ExpectClassifica(values={"G01": {"Pos": "rit."}}),
        ])
    run_case(case, tmp_path)


def test_the_substitute_of_a_finalist_is_named_at_once(tmp_path: Path) -> None:
    # 003 Art. 3 (formulation a): the ripescaggio played (G06 52 wins, G03 40 2nd), the
    # final not yet seated; G01 (a finalist) withdraws: «al suo posto in finale» the next
    # of the ripescaggio not in the final, G03 — said by `ritira`, before `finali`
    case = Case(id="sostituto-subito", seed="storia", articles=[
        "003 Art. 3: «… il giocatore ritirato sarà sostituito dal secondo classificato del "
        "turno di ripescaggio»"], derivation=__doc__ or "", formula="eagles",
        players=players(8), steps=[
            *a_base(), Cli(["finals"]), FillRipescaggio(seats=A_RIPE), Cli(["classifica"]),
            Cli(["ritira", "G01"], says=["Al suo posto in Finale:", ("Nome3", "G03"),
                                         "2° del ripescaggio"]),
        ])
    run_case(case, tmp_path)


# ------------------------------------------------------------- 001 §8, 100 or more
@pytest.fixture(scope="module")
def hundred(tmp_path_factory) -> Path:
    """Master, 100 players, the two rounds played."""
    path = tmp_path_factory.mktemp("cento") / "m.xlsx"
    new_with_players(path, "master", 100, 20, "cento", name="Cento")
    for round_no in (1, 2):
        assert run("sorteggia", path)[0] == 0
        book = OpenpyxlBook(path)
        simulate.play(book, round_no, "Qualificazione", "cento")
        book.save()
    assert run("classifica", path)[0] == 0
    return path


def test_a_withdrawal_keeps_the_case_of_a_hundred(tmp_path: Path, hundred: Path) -> None:
    # 001 §8 «Caso di 100 o più giocatori con 2 partite disputate»: 100 played both games;
    # the 5th withdraws: still two parallel tournaments, as many semifinal tables
    before = tmp_path / "prima.xlsx"
    before.write_bytes(hundred.read_bytes())
    code, seated = run("finali", before)
    assert code == 0 and "2 tornei paralleli" in seated, seated
    after = tmp_path / "dopo.xlsx"
    after.write_bytes(hundred.read_bytes())
    fifth = OpenpyxlBook(after).read_table("Classifica").rows[4]["ID"]
    assert run("ritira", after, fifth)[0] == 0
    code, out = run("finali", after)
    assert code == 0 and "2 tornei paralleli" in out, out
    assert out.splitlines()[0] == seated.splitlines()[0]  # «Semifinale (turno 3): N tavoli»


# ------------------------------------------------------------- the desk's actions
@pytest.fixture()
def evening(tmp_path: Path) -> Path:
    path = tmp_path / "serata.xlsx"
    new_with_players(path, "interno", 17, 5, "serata", name="Serata")
    return path


def _seated(path: Path, round_no: int) -> set[str]:
    return {r["ID"] for r in OpenpyxlBook(path).read_table("Risultati")
            if r["Turno"] == round_no}


def test_an_absence_before_the_draw(evening: Path) -> None:
    # 003 Art. 4 «sarà ESCLUSO dalla composizione dei tavoli»: G007 («g7») absent for round
    # 1 is not drawn, and «Attivo» again for round 2
    code, out = run("assente", evening, "g7")
    assert code == 0 and "«Assente» per il turno 1" in out, out
    assert run("sorteggia", evening)[0] == 0
    assert "G007" not in _seated(evening, 1) and len(_seated(evening, 1)) == 16
    players = {r["ID"]: r["Stato"] for r in OpenpyxlBook(evening).read_table("Iscritti")}
    assert players["G007"] == "Attivo"


def test_an_absence_after_the_draw_and_its_undo(evening: Path) -> None:
    # the round drawn with 17; G003 does not come: out of tonight's tables (the fewest
    # moves), the round counts 0 for him; --annulla seats him again; verifica agrees
    assert run("sorteggia", evening)[0] == 0
    code, out = run("assente", evening, "G3")
    assert code == 0 and "assente (tolto dai tavoli) del turno 1" in out, out
    assert "G003 assente: lascia il tavolo" in out
    assert "G003" not in _seated(evening, 1) and len(_seated(evening, 1)) == 16
    code, out = run("assente", evening, "G003", "--annulla")
    assert code == 0 and "rimesso ai tavoli del turno 1" in out, out
    assert "G003" in _seated(evening, 1)
    assert run("verifica", evening)[0] == 0
    code, out = run("assente", evening, "G003", "--turno", "3")
    assert code == 2 and "prossimo turno da sorteggiare (2)" in out, out


def test_an_id_typed_short_is_the_registered_one(evening: Path) -> None:
    # «G1» typed by a referee in Risultati where the IDs are G001…G017
    assert run("sorteggia", evening)[0] == 0
    wb = openpyxl.load_workbook(evening)
    sheet = wb["Risultati"]
    headers = [c.value for c in sheet[1]]
    at = headers.index("ID") + 1
    row = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, at).value == "G001")
    sheet.cell(row, at).value = "G1"
    wb.save(evening)
    code, out = run("classifica", evening)
    assert code == 0, out
    # a short form is letters then digits: «G-1» (GestioneTorneo's ghost ID -1, found by
    # the adversary of issue 26) is nobody, and withdraws nobody
    code, out = run("ritira", evening, "G-1")
    assert code == 2 and "G-1" in out
    assert run("ritira", evening, "g2")[0] == 0
    states = {r["ID"]: r["Stato"] for r in OpenpyxlBook(evening).read_table("Iscritti")}
    assert states["G001"] == "Attivo" and states["G002"] == "Ritirato"


def test_the_formulation_chosen_by_the_first_draw_is_said(tmp_path: Path) -> None:
    # 003 Art. 2: «Il superamento o meno del numero minimo di giocatori necessari per la
    # scelta della formula di gara sarà decretato tra il sorteggio e l'inizio delle partite
    # del primo turno preliminare»: 25 players (up to 28: formulation a)
    path = tmp_path / "e.xlsx"
    new_with_players(path, "eagles", 25, 6, "eagles")
    code, out = run("sorteggia", path)
    assert code == 0 and "25 giocatori al primo sorteggio: formulazione a) — 3 turni" in out
    code, post = run("pubblica", path, "--formato", "testo")
    assert "- 25 giocatori al primo sorteggio: formulazione a)" in post, post


def test_a_post_run_again_after_a_later_withdrawal_is_the_one_published(tmp_path: Path
                                                                         ) -> None:
    # 003 Art. 3 keeps a withdrawn player's games: after round 1 the leader withdraws;
    # the standings of round 1, published while he was still playing, are the same when
    # `pubblica --turno 1` is run again (found by the adversary of issue 26: «1.» became
    # «rit..», and nobody was first any more)
    path = tmp_path / "e.xlsx"
    new_with_players(path, "eagles", 20, 6, "eagles")
    assert run("sorteggia", path)[0] == 0
    book = OpenpyxlBook(path)
    simulate.play(book, 1, "Qualificazione", "eagles")
    book.save()
    assert run("classifica", path)[0] == 0
    before = run("pubblica", path, "--turno", "1", "--formato", "testo")[1]
    leader = OpenpyxlBook(path).read_table("Classifica").rows[0]["ID"]
    assert run("ritira", path, leader)[0] == 0
    after = run("pubblica", path, "--turno", "1", "--formato", "testo")[1]

    def standings(post: str) -> list[str]:
        return [line for line in post.split("CLASSIFICA")[1].splitlines()
                if line[:1].isdigit()]

    assert standings(after) == standings(before) and standings(before)[0].startswith("1. ")
    assert "rit.." not in after
    # after a round he did not play, he is marked, once
    assert run("sorteggia", path)[0] == 0
    book = OpenpyxlBook(path)
    simulate.play(book, 2, "Qualificazione", "eagles")
    book.save()
    assert run("classifica", path)[0] == 0
    later = run("pubblica", path, "--turno", "2", "--formato", "testo")[1]
    assert "rit. " in later and "rit.." not in later


def test_a_second_withdrawal_from_the_final_keeps_whom_the_first_substitute_replaced(
        tmp_path: Path) -> None:
    # 003 Art. 3 «Il giocatore che si ritira viene sostituito scorrendo in ordine la
    # Classifica Generale stessa» (here, the ripescaggio's order): eight players, formula
    # a). Standings G02, G05, G01 (the three direct finalists), G04, G06, G03, …; G01
    # withdraws before the ripescaggio, which G06 wins (52) before G03 (40) and G04 (30):
    # the final is G02, G05, G06 and G03 «2° del ripescaggio, al posto di G01». Then G05
    # withdraws: G04, 3rd of the ripescaggio, takes G05's seat, and G03 still replaced
    # G01 (found by the adversary of issue 26: G03's reason became «al posto di G05»)
    def reasons(view: Any) -> None:
        final = {r["ID"]: r["Qualificazione"] for r in view.table("Qualificati")
                 if r["Fase"] == "Finale"}
        assert final["G03"] == "2° del ripescaggio, al posto di Nome1 Cognome1 (ritiro)"
        assert final["G04"] == "3° del ripescaggio, al posto di Nome5 Cognome5 (ritiro)"

    case = Case(id="due-ritiri-003", seed="storia", articles=[
        "003 Art. 3: «Il giocatore che si ritira viene sostituito scorrendo in ordine la "
        "Classifica Generale stessa»"], derivation=__doc__ or "", formula="eagles",
        players=players(8), steps=[
            *a_base(), Cli(["finals"]), Cli(["ritira", "G01"]),
            FillRipescaggio(seats=A_RIPE), Cli(["finals"]),
            Cli(["ritira", "G05"], says=["Al suo posto: Nome4 Cognome4 (3° del ripescaggio, "
                                         "al posto di Nome5 Cognome5 (ritiro))"]),
            ExpectSheet("reasons", reasons)])
    run_case(case, tmp_path)


def test_a_withdrawn_finalist_rank_says_it_was_before_the_recompiled_standings(
        tmp_path: Path) -> None:
    # 000 Art. 4 «verrà immediatamente ricompilata la classifica, senza considerare i
    # punteggi acquisiti dal giocatore ritirato»: G02, 2nd and finalist, withdraws before
    # the spareggio; recompiled, G03 is 2nd now. G02's row says his 2nd place was before
    # the withdrawal, so two «2° in classifica generale» never stand side by side (found
    # by the adversary of issue 26)
    def rows(view: Any) -> None:
        final = {r["ID"]: r["Qualificazione"] for r in view.table("Qualificati")
                 if r["Fase"] == "Finale"}
        assert final["G02"].startswith("2° in classifica generale prima del ritiro — ritiro")
        assert final["G03"] == "2° in classifica generale"

    case = Case(id="prima-del-ritiro-000", seed="storia", articles=[LU_ARTICLE],
                derivation=__doc__ or "", formula="lu_castidduzzu", players=field(8),
                steps=[rounds8(), Cli(["finals"]), Cli(["ritira", "G02"]),
                       ExpectSheet("ranks", rows)])
    run_case(case, tmp_path)


def test_the_formulation_post_counts_the_field_of_the_first_draw(tmp_path: Path) -> None:
    # 003 Art. 2: the formulation is decided «tra il sorteggio e l'inizio delle partite
    # del primo turno» by the players at the draw: 28 drawn (a). A 29th seated in round 1
    # afterwards (`iscrivi --dal-turno 1 --ripara`) changes neither the formulation nor the
    # count the first post gives (found by the adversary of issue 26: «29 giocatori al
    # primo sorteggio: formulazione a)»)
    path = tmp_path / "e.xlsx"
    new_with_players(path, "eagles", 28, 6, "eagles")
    assert "28 giocatori al primo sorteggio: formulazione a)" in run("sorteggia", path)[1]
    code, out = run("iscrivi", path, "Ultimo Arrivato", "--dal-turno", "1", "--ripara")
    assert code == 0, out
    post = run("pubblica", path, "--turno", "1", "--formato", "testo")[1]
    assert "28 giocatori al primo sorteggio: formulazione a)" in post, post
    assert "29 giocatori" not in post
