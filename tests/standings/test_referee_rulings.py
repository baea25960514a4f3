"""A tie the formula does not break, at a line that matters, is the referee's (the
referee's report, issue 25): `finali` refuses it naming the players and the way on;
`risiko-xl decidi --ordine` records the referee's order in `Sorteggi`; from then on the
standings («2 (arbitro)»), the direct seats, the semifinal cut and the ripescato follow
it, and `verifica` finds nothing to say. The announced formula never changes by itself
(before: a tie for the 2nd direct seat turned «i primi 2 in finale, 2 semifinali» into
«1 in finale, 3 semifinali dal 2° al 12°», which no regulation or club formula says).

003 Art. 1 «L'arbitro ha facoltà di decidere a suo giudizio insindacabile»; the guide
(docs/DECISIONI.md) «Una parità che nessun criterio rompe, su una linea che conta … è un
errore che nomina i giocatori» (the referee decides).

The evening (the referee's S12b, formula `interno` with 2 rounds, no drop, «Spareggi in
classifica» = migliore prestazione only; millesimi, 001 §7, 16 players), by hand:
G01 1,045 + 1,044 = 2,089; G02 1,040 (won T2 with 40) + 0,030 = 1,070; G03 1,040 + 0,030
= 1,070, best game 1,040 each: tied for 2nd, nothing breaks it. G05 0,028 + 1,041 = 1,069;
G04 0,030 + 1,038 = 1,068; G13 1,007 + 0,004 and G14 0,005 + 1,006 = 1,011 (best game:
G13 6th); G06 0,051; G07 0,020 + 0,013 and G08 0,018 + 0,015 = 0,033 (best game: G07 9th,
G08 10th); G09 0,030. With G03 ahead by the referee: direct G01, G03; semifinals 3rd-9th
G02 G05 G04 G13 G14 G06 G07 and the ripescato from the 10th down with 2 games, the best
single game: G08 (0,018) before G09 (0,016) and G10 (0,010)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.casebook.runner import (
    Case,
    Cli,
    ExpectClassifica,
    ExpectQualificati,
    S,
    Tav,
    Type,
    field,
    run_case,
)

pytestmark = pytest.mark.lento

ARTICLE = ("003 Art. 1: «L'arbitro ha facoltà di decidere a suo giudizio insindacabile»; "
           "docs/DECISIONI.md: an unbroken tie across a qualification line names the players "
           "and the referee decides")
SIXTEEN = Type(
    Tav(1, 1, [S("G01", 45, 0), S("G04", 30, 0), S("G07", 20, 0), S("G10", 10, 0)]),
    Tav(1, 2, [S("G02", 40, 0), S("G05", 28, 0), S("G08", 18, 0), S("G11", 8, 0)]),
    Tav(1, 3, [S("G03", 40, 0), S("G06", 26, 0), S("G09", 16, 0), S("G12", 6, 0)]),
    Tav(1, 4, [S("G13", 7, 0), S("G14", 5, 0), S("G15", 3, 0), S("G16", 1, 0)]),
    Tav(2, 1, [S("G01", 44, 0), S("G02", 30, 0), S("G08", 15, 0), S("G12", 5, 0)]),
    Tav(2, 2, [S("G04", 38, 0), S("G03", 30, 0), S("G09", 14, 0), S("G10", 4, 0)]),
    Tav(2, 3, [S("G05", 41, 0), S("G06", 25, 0), S("G07", 13, 0), S("G11", 3, 0)]),
    Tav(2, 4, [S("G14", 6, 0), S("G13", 4, 0), S("G15", 2, 0), S("G16", 1, 0)]))
TWO_ROUNDS = ["formula", "--imposta", "Turni preliminari=2", "--imposta", "Scarti=0"]
SEMIS = {"G02", "G05", "G04", "G13", "G14", "G06", "G07", "G08"}


def case(name: str, steps: list, players: int = 16) -> Case:
    return Case(id=f"parità-arbitro-{name}", seed="arbitro", articles=[ARTICLE],
                derivation=__doc__ or "", formula="interno", players=field(players),
                steps=steps)


def test_a_tie_for_the_last_direct_seat_is_the_referees(tmp_path: Path) -> None:
    run_case(case("diretti", [
        Cli([*TWO_ROUNDS, "--imposta", "Spareggi in classifica=migliore prestazione"]),
        SIXTEEN, Cli(["classifica"]),
        ExpectClassifica(order=["G01"], values={"G02": {"Pos": "2="}, "G03": {"Pos": "2="}}),
        Cli(["finali"], code=2, says=["parità non risolta al 2° posto",
                                      "direttamente alla finale", "--ordine G02,G03"]),
        # only a tie is the referee's, and the whole of it
        Cli(["decidi", "--ordine", "G03,G02,G01", "--motivo", "prova"], code=2,
            says="non sono a pari"),
        Cli(["decidi", "--ordine", "G03", "--motivo", "prova"], code=2,
            says="almeno due ID"),
        Cli(["decidi", "--ordine", "G03,G02", "--fase", "Finale", "--motivo", "prova"],
            code=2, says="una decisione alla volta"),
        Cli(["decidi", "--ordine", "G03,G02", "--motivo", "G03 più presenze nella stagione"],
            says="Decisione dell'arbitro registrata"),
        Cli(["classifica"]),
        ExpectClassifica(order=["G01", "G03", "G02", "G05", "G04", "G13", "G14", "G06", "G07",
                                "G08", "G09"],
                         values={"G03": {"Pos": "2 (arbitro)"}, "G02": {"Pos": "3 (arbitro)"}}),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G03"}),
        ExpectQualificati("Semifinale", ids=SEMIS, how={"G08": "ripescato"}),
        Cli(["verifica"], says="nessuna differenza"),
    ]), tmp_path)


def test_a_lottery_the_formula_refuses_for_a_direct_seat_is_the_referees(tmp_path):
    # the referee's S11e: the chain ends with the lottery, which separates G02 and G03,
    # but «Sorteggio per i finalisti diretti» is «no»
    run_case(case("sorteggio-escluso", [
        Cli([*TWO_ROUNDS, "--imposta", "Sorteggio per i finalisti diretti=no"]),
        SIXTEEN, Cli(["classifica"]),
        Cli(["finali"], code=2, says=["il sorteggio che li separa non vale",
                                      ("--ordine G02,G03", "--ordine G03,G02")]),
        Cli(["decidi", "--ordine", "G02,G03", "--motivo", "decide l'arbitro"]),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G02"}),
        ExpectQualificati("Semifinale", ids=SEMIS - {"G02"} | {"G03"}),
    ]), tmp_path)


TWELVE = Type(  # the referee's S12: G11 and G12 10th equal, best game 0,008 each
    Tav(1, 1, [S("G01", 45, 0), S("G04", 30, 0), S("G07", 20, 0), S("G10", 5, 0)]),
    Tav(1, 2, [S("G02", 40, 0), S("G05", 28, 0), S("G08", 18, 0), S("G11", 8, 0)]),
    Tav(1, 3, [S("G03", 40, 0), S("G06", 26, 0), S("G09", 16, 0), S("G12", 8, 0)]),
    Tav(2, 1, [S("G01", 44, 0), S("G02", 30, 0), S("G08", 15, 0), S("G12", 3, 0)]),
    Tav(2, 2, [S("G04", 38, 0), S("G03", 29, 0), S("G09", 14, 0), S("G10", 4, 0)]),
    Tav(2, 3, [S("G05", 41, 0), S("G06", 25, 0), S("G07", 13, 0), S("G11", 3, 0)]))


def test_a_tie_for_the_ripescato_is_the_referees(tmp_path: Path) -> None:
    # G11 0,008 + 0,003 and G12 0,008 + 0,003 = 0,011, 10th equal; G10 0,005 + 0,004
    run_case(case("ripescato", [
        Cli([*TWO_ROUNDS, "--imposta", "Spareggi in classifica=migliore prestazione"]),
        TWELVE, Cli(["classifica"]),
        Cli(["finali"], code=2, says=["al ripescaggio", "0,008", "--ordine G11,G12"]),
        Cli(["decidi", "--ordine", "G12,G11", "--motivo", "G11 arrivato in ritardo"]),
        Cli(["finali"]),
        ExpectQualificati("Semifinale", how={"G12": "davanti in classifica per decisione "
                                                    "dell'arbitro"}, absent={"G11"}),
        Cli(["verifica"], says="nessuna differenza"),
    ], players=12), tmp_path)


def test_a_seat_decision_must_name_a_seat_of_that_phase(tmp_path: Path) -> None:
    # the referee's S9: G01, a direct finalist, is no semifinalist to replace; a player
    # already seated is no seat given
    run_case(case("posto", [
        Cli([*TWO_ROUNDS]), SIXTEEN, Cli(["classifica"]),
        Cli(["decidi", "--fase", "Semifinale", "--entra", "G16", "--esce", "G01",
             "--motivo", "prova"], code=2, says="è finalista diretto"),
        Cli(["finali"]),
        Cli(["decidi", "--fase", "Semifinale", "--entra", "G05", "--tavolo", "1",
             "--motivo", "prova"], code=2, says="siede già al tavolo"),
        Cli(["decidi", "--motivo", "prova"], code=2, says="--ordine"),
    ]), tmp_path)


def test_an_order_that_would_reseat_a_prepared_phase_is_refused(tmp_path: Path) -> None:
    # the re-check's N1: the semifinals seated with G03 direct by the referee's order, the
    # opposite order afterwards would leave G02 unqualified at his semifinal table
    run_case(case("ordine-dopo-la-fase", [
        Cli([*TWO_ROUNDS, "--imposta", "Spareggi in classifica=migliore prestazione"]),
        SIXTEEN, Cli(["classifica"]),
        Cli(["decidi", "--ordine", "G03,G02", "--motivo", "più presenze"]),
        Cli(["finali"]),
        ExpectQualificati("Finale", ids={"G01", "G03"},
                          how={"G03": "parità decisa dall'arbitro"}),
        Cli(["decidi", "--ordine", "G02,G03", "--motivo", "ripensamento"], code=2,
            says="cambierebbe una fase già preparata"),
        Cli(["formula", "--imposta", "Numero finalisti diretti=1"], code=2,
            says="cambierebbe una fase già preparata"),
        Cli(["decidi", "--ordine", "G01,G02", "--motivo", "prova"], code=2,
            says="non sono a pari"),
        Cli(["verifica"], says="nessuna differenza"),
    ]), tmp_path)


def test_a_withdrawal_after_a_seat_decision_follows_the_decision(tmp_path: Path) -> None:
    # the re-check's N3: G16 seated instead of G08 (the ripescato) by the referee; G06
    # then withdraws: `ritira` works from the referee's tables, not the formula's
    run_case(case("ritiro-dopo-decisione", [
        Cli([*TWO_ROUNDS, "--imposta", "Spareggi in classifica=migliore prestazione"]),
        SIXTEEN, Cli(["classifica"]),
        Cli(["decidi", "--ordine", "G03,G02", "--motivo", "più presenze"]),
        Cli(["finali"]),
        Cli(["decidi", "--fase", "Semifinale", "--entra", "G16", "--esce", "G08", "--motivo",
             "G08 in ritardo"]),
        Cli(["ritira", "G06"]),
        # net of G06: 3rd-9th G02 G05 G04 G13 G14 G07 G08, the ripescato G09 (0,016); the
        # referee's seat stays his: G16 for G08
        ExpectQualificati("Semifinale", ids={"G02", "G05", "G04", "G13", "G14", "G07", "G09",
                                             "G16"}, absent={"G06", "G08"}),
        Cli(["verifica"], says="nessuna differenza"),
    ]), tmp_path)
