"""The referee's hand is never blocked (issue 25 §5): a final-phase seat given otherwise
than the formula gives it — «a suo giudizio insindacabile» — is recorded by
`risiko-xl decidi` (who, which seat, the reason typed) in `Sorteggi`; `classifica` and
`finali` accept it, `verifica` reports it as the referee's decision and not as a
difference, and the qualifier's reason says so.

The tournament (formula `interno` with two rounds, no drop; millesimi, 001 §7): after two
rounds G01 1,085, G02 1,082, G06 1,081, G12 1,080, G03 1,079, G04 1,071, G05 0,080, G07
0,059, G09 0,054, G10 0,041 (best 0,028), G08 0,041 (best 0,025), G11 0,033. Direct
finalists G01 and G02; semifinals 3rd-9th (G06, G12, G03, G04, G05, G07, G09) and the
ripescato from the 10th place down with 2 games, the best single game: G10 (0,028)
against G08 (0,025) and G11 (0,018). The referee seats G11 instead of G10. The
semifinals are won by the first band (G06 41, G12 40 the best at their tables): final
G01, G02, G06, G12."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.casebook.runner import (
    Case,
    Cli,
    ExpectQualificati,
    ExpectSheet,
    ExpectTables,
    Fill,
    Retype,
    S,
    Tav,
    Type,
    field,
    run_case,
)

pytestmark = pytest.mark.lento

ROUNDS = Type(
    Tav(1, 1, [S("G01", 50, 1), S("G05", 40, 1), S("G09", 30, 1), S("G12", 20, 1)]),
    Tav(1, 2, [S("G02", 48, 1), S("G06", 38, 1), S("G10", 28, 1), S("G11", 18, 1)]),
    Tav(1, 3, [S("G03", 46, 1), S("G07", 36, 1), S("G04", 26, 1), S("G08", 16, 1)]),
    Tav(2, 1, [S("G04", 45, 1), S("G01", 35, 1), S("G08", 25, 1), S("G11", 15, 1)]),
    Tav(2, 2, [S("G12", 60, 1), S("G05", 40, 1), S("G02", 34, 1), S("G09", 24, 1)]),
    Tav(2, 3, [S("G06", 43, 1), S("G03", 33, 1), S("G07", 23, 1), S("G10", 13, 1)]))
SETUP = [Cli(["formula", "--imposta", "Turni preliminari=2", "--imposta", "Scarti=0"]),
         ROUNDS, Cli(["classifica"])]
BY_RANK = {"G06", "G12", "G03", "G04", "G05", "G07", "G09"}
DECIDE = Cli(["decidi", "--fase", "Semifinale", "--entra", "G11", "--esce", "G10",
              "--motivo", "ripescato dall'arbitro: G10 non si è presentato in tempo"],
             says="Decisione dell'arbitro registrata")
SEMIS_DECIDED = [
    ExpectQualificati("Semifinale", ids=BY_RANK | {"G11"}, absent={"G10"},
                      how={"G11": "decisione dell'arbitro: ripescato dall'arbitro"}),
    ExpectTables("Semifinale", players=BY_RANK | {"G11"}),
    Cli(["classifica"]),
    Cli(["verifica"], says=["nessuna differenza", "Decisione dell'arbitro (Sorteggi, riga"]),
]
PLAY_ON = [
    Fill("Semifinale", [S("G12", 40, 1), S("G03", 30, 1), S("G05", 20, 1), S("G09", 10, 1),
                        S("G06", 41, 1), S("G04", 31, 1), S("G07", 21, 1), S("G11", 11, 1)]),
    Cli(["finali"]),
    ExpectQualificati("Finale", ids={"G01", "G02", "G06", "G12"}),
    Cli(["verifica"], says="nessuna differenza"),
]
ARTICLE = ("003 Art. 1: «L'arbitro ha facoltà di decidere a suo giudizio insindacabile» "
           "(the referee's decision is recorded, never blocked)")
DERIVATION = __doc__ or ""


def case(name: str, steps: list) -> Case:
    return Case(id=f"decisione-{name}", seed="arbitro", articles=[ARTICLE],
                derivation=DERIVATION, formula="interno", players=field(12), steps=steps)


def _seated_by_rank(view) -> None:
    ids = {r["ID"] for r in view.table("Qualificati") if r["Fase"] == "Semifinale"}
    assert ids == BY_RANK | {"G10"}, ids


@pytest.mark.parametrize("steps", [
    # the phase seated, then the referee's decision: the row changes, Qualificati says why
    [*SETUP, Cli(["finali"]), ExpectSheet("G10 ripescato", _seated_by_rank), DECIDE,
     *SEMIS_DECIDED, *PLAY_ON],
    # the decision first: `finali` seats the phase with it
    [*SETUP, DECIDE, Cli(["finali"]), *SEMIS_DECIDED, *PLAY_ON],
    # typed by hand first (refused as not qualified), then recorded: accepted
    [*SETUP, Cli(["finali"]), Retype("Semifinale", "G10", "G11"),
     Cli(["classifica"], code=2, says="non è qualificato"), DECIDE, *SEMIS_DECIDED[2:]],
], ids=["dopo-il-sorteggio", "prima-del-sorteggio", "scritta-a-mano"])
def test_the_referee_seats_a_phase_otherwise(tmp_path: Path, steps: list) -> None:
    run_case(case("semifinale", steps), tmp_path)


@pytest.mark.parametrize(("args", "says"), [
    (["--entra", "G99", "--esce", "G10"], "nessun iscritto con questo ID"),
    (["--entra", "G06", "--esce", "G10"], "siede già"),
    (["--entra", "G11", "--esce", "G08"], "non siede nella fase"),
])
def test_a_decision_that_cannot_be_is_refused(tmp_path: Path, args, says) -> None:
    run_case(case("rifiutata", [*SETUP, Cli(["finali"]), Cli(
        ["decidi", "--fase", "Semifinale", *args, "--motivo", "prova"], code=2, says=says)]),
        tmp_path)
