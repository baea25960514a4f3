"""Withdrawals and replacements exactly as the regulations say (001 §8, 003 Art. 3,
000 Art. 4), through the core and through the `risiko-xl` commands on a workbook: a
withdrawal gives the same tables whether it comes before `finals` seats the phase or
after. Expected values are computed by hand from the data in tests/support/phase_books.py."""

from __future__ import annotations

import pytest

from risiko_xl import cli
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.formulas.legacy import flat_phases
from risiko_xl.standings import (
    FINAL,
    PLAYOFF,
    compute_standings,
    next_phase,
    replace_withdrawn,
)
from tests.support.phase_books import (
    CAST_GAMES,
    CAST_IDS,
    EAGLES_GAMES,
    EAGLES_IDS,
    MASTER_GAMES,
    MASTER_IDS,
    add,
    build,
    core,
    games,
    people,
    tables,
)

SEED = "ritiri"


def seating(step) -> dict[int, set[str]]:
    numbers = step.table_numbers or tuple(range(1, len(step.tables) + 1))
    return {n: {q.player for q in t} for n, t in zip(numbers, step.tables)}


def bands_ok(step, bands: list[set[str]]) -> None:
    """Every table holds exactly one player of each band."""
    assert sorted(p for t in seating(step).values() for p in t) == \
        sorted(p for b in bands for p in b)
    for table in seating(step).values():
        assert [len(table & band) for band in bands] == [1] * len(bands)


def run(*args: str) -> int:
    return cli.main([*args])


def repeated(listed) -> bool:
    """Whether a (Fase, Turno, ID) is listed twice."""
    keys = [(r["Fase"], r["Turno"], r["ID"]) for r in listed]
    return len(set(keys)) != len(keys)


def qualifiers(path):
    return OpenpyxlBook(path).read_table(schema.QUALIFIERS.name)


def both_ways(tmp_path, formula, ids, played, player, extra=None, before=None):
    """Two copies of a tournament: `player` withdrawn before `finals` seats the next
    phase, and after. Returns the two paths and the output of the late `ritira`."""
    early, late = tmp_path / "prima.xlsx", tmp_path / "dopo.xlsx"
    for path in (early, late):
        build(path, formula, ids, played, SEED, **(extra or {}))
        if before:
            before(path)
    assert run("ritira", str(early), player) == 0
    assert run("finals", str(early)) == 0
    assert run("finals", str(late)) == 0
    return early, late


# --- 001 §8: the direct finalist withdraws before the semifinals -----------------------------

# 001 §8: «Nella prima ipotesi si giocheranno quattro semifinali»; the ranking without
# P01 (P05 also won both games, but nobody else goes straight to the final):
# 1-4 P05 P02 P09 P03, 5-8 P13 P04 P17 P06, 9-12 P10 P07 P08 P14, 13-16 P11 P15 P12 P18.
FOUR_BANDS = [{"P05", "P02", "P09", "P03"}, {"P13", "P04", "P17", "P06"},
              {"P10", "P07", "P08", "P14"}, {"P11", "P15", "P12", "P18"}]


def test_001_direct_finalist_withdrawn_before_the_semifinals_core():
    rules, phases = core("master")
    ent = people(MASTER_IDS)
    st = compute_standings(ent, MASTER_GAMES, rules, SEED)
    step = next_phase(ent, MASTER_GAMES, st, phases, rules, SEED)
    assert [f.player for f in step.finalists] == ["P01"] and len(step.tables) == 3
    # after the semifinals were seated
    after, q = replace_withdrawn(step, "P01", ent, MASTER_GAMES, st, phases, rules=rules,
                                 seed=SEED)
    assert after.finalists == () and len(after.tables) == 4
    bands_ok(after, FOUR_BANDS)
    assert q.replaces == "P01" and q.player in {"P11", "P15", "P12", "P18"}
    # before they were seated: the same tables
    out = people(MASTER_IDS, withdrawn={"P01"})
    st_out = compute_standings(out, MASTER_GAMES, rules, SEED)
    early = next_phase(out, MASTER_GAMES, st_out, phases, rules, SEED)
    assert early.finalists == () and seating(early) == seating(after)
    assert ("ritiro di Nome P01, finalista diretto, prima delle semifinali: si "
            "giocano 4 semifinali") in early.notes


@pytest.mark.lento
def test_001_direct_finalist_withdrawn_before_the_semifinals_cli(tmp_path, capsys):
    early, late = both_ways(tmp_path, "master", MASTER_IDS, MASTER_GAMES, "P01")
    capsys.readouterr()
    assert run("ritira", str(late), "P01") == 0
    out = capsys.readouterr().out
    assert "entra per il ritiro di Nome P01 al tavolo" in out
    assert tables(OpenpyxlBook(early), 3) == tables(OpenpyxlBook(late), 3)
    assert len(tables(OpenpyxlBook(late), 3)) == 4
    listed = qualifiers(late)
    p01 = [r for r in listed if r["ID"] == "P01"]
    # no longer «finalista diretto» alone: listed once, as withdrawn
    assert len(p01) == 1 and "— ritiro" in p01[0]["Qualificazione"]
    assert p01[0]["Pos. classifica"] is None  # out of the standings (000 Art. 4)
    assert not repeated(listed)
    assert len(listed) == 17  # 16 semifinalists and the withdrawn finalist
    assert run("verify", str(late)) == 0 and run("verify", str(early)) == 0


# --- 001 §8: a semifinalist withdraws after the semifinals were seated -----------------------

# Seated: P01 direct; 2-4 P05 P02 P09, 5-7 P03 P13 P04, 8-10 P17 P06 P10, 11-13 P07 P08 P14.
# 001 §8 «Stabilita la classifica delle eliminatorie al netto di eventuali giocatori
# qualificati per la semifinale ma ritirati»: without P02 the bands are 2-4 P05 P09 P03,
# 5-7 P13 P04 P17, 8-10 P06 P10 P07, 11-13 P08 P14 P11: P11 (14th) enters.
THREE_BANDS = [{"P05", "P09", "P03"}, {"P13", "P04", "P17"}, {"P06", "P10", "P07"},
               {"P08", "P14", "P11"}]


def test_001_semifinalist_withdrawn_bands_recomputed_core():
    rules, phases = core("master")
    ent = people(MASTER_IDS)
    st = compute_standings(ent, MASTER_GAMES, rules, SEED)
    step = next_phase(ent, MASTER_GAMES, st, phases, rules, SEED)
    bands_ok(step, [{"P05", "P02", "P09"}, {"P03", "P13", "P04"}, {"P17", "P06", "P10"},
                    {"P07", "P08", "P14"}])
    after, q = replace_withdrawn(step, "P02", ent, MASTER_GAMES, st, phases, rules=rules,
                                 seed=SEED)
    assert q.player == "P11" and q.replaces == "P02"
    assert [f.player for f in after.finalists] == ["P01"]
    bands_ok(after, THREE_BANDS)
    table = next(n for n, t in seating(after).items() if "P11" in t)
    assert f"Nome P11 sostituisce Nome P02 al tavolo {table} della semifinale" in after.notes
    out = people(MASTER_IDS, withdrawn={"P02"})
    st_out = compute_standings(out, MASTER_GAMES, rules, SEED)
    assert seating(next_phase(out, MASTER_GAMES, st_out, phases, rules, SEED)) == \
        seating(after)


@pytest.mark.lento
def test_001_semifinalist_withdrawn_bands_recomputed_cli(tmp_path, capsys):
    early, late = both_ways(tmp_path, "master", MASTER_IDS, MASTER_GAMES, "P02")
    capsys.readouterr()
    assert run("ritira", str(late), "P02") == 0
    out = capsys.readouterr().out
    seated = tables(OpenpyxlBook(late), 3)
    table = next(n for n, t in seated.items() if "P11" in t)
    assert f"Nome P11 sostituisce Nome P02 al tavolo {table} della semifinale" in out
    # the bands moved up: the output says the tables were composed again, before the moves
    assert "Tavoli della semifinale ricomposti senza Nome P02" in out
    assert out.index("ricomposti") < out.index("passa da")
    assert seated == tables(OpenpyxlBook(early), 3)
    for players in seated.values():  # one player of each band at every table
        assert [len(players & band) for band in THREE_BANDS] == [1, 1, 1, 1]
    listed = qualifiers(late)
    assert not repeated(listed)
    p02 = next(r["Qualificazione"] for r in listed if r["ID"] == "P02")
    assert "ritiro, al suo posto Nome P11" in p02
    assert run("verify", str(late)) == 0


@pytest.mark.lento
def test_001_pos_classifica_after_a_semifinalist_withdrew(tmp_path):
    # «Pos. classifica» is the place in Classifica, recompiled without P02 (000 Art. 4):
    # every qualifier's matches Classifica, the replacement's too; P02, out of the
    # standings, has none (his place then is said in his row's reason)
    _early, late = both_ways(tmp_path, "master", MASTER_IDS, MASTER_GAMES, "P02")
    assert run("ritira", str(late), "P02") == 0
    book = OpenpyxlBook(late)
    places = {r["ID"]: r["Pos"] for r in book.read_table("Classifica")}
    assert "P02" not in places
    listed = qualifiers(late)
    for row in listed:
        if row["ID"] != "P02":
            assert row["Pos. classifica"] == places[row["ID"]], row.values
    p02 = next(r for r in listed if r["ID"] == "P02")
    assert p02["Pos. classifica"] is None
    assert p02["Qualificazione"].startswith("3° in classifica")
    p11 = next(r for r in listed if r["ID"] == "P11")
    assert f"{places['P11']}° in classifica" in p11["Qualificazione"]


# --- 003-a Art. 3: a finalist withdraws before the ripescaggio -------------------------------

# Generale: A B C D E G F H. Ripescaggio (Art. 2): D, E (4th, 5th), F (best excluded of the
# Assoluta, 87 against G 84), H (best single game among G and H: 45 against 44).
# Art. 3 «per la finale: … sostituito da un giocatore proveniente dalla partita di
# ripescaggio secondo l'ordine di piazzamento in tale partita»: B withdraws, the
# ripescaggio is played as drawn; it ends H, D, E, F: the final is A, C, H (winner) and
# D (2nd, in B's place).
RIPESCAGGIO = games("millesimi", 4, PLAYOFF, [("H", 50), ("D", 40), ("E", 30), ("F", 20)])


def test_003a_finalist_withdrawn_before_the_ripescaggio_core():
    rules, phases = core("eagles", "a")
    assert phases.stage is not None and phases.stage.replacement == "playoff"
    ent = people(EAGLES_IDS)
    st = compute_standings(ent, EAGLES_GAMES, rules, SEED)
    step = next_phase(ent, EAGLES_GAMES, st, phases, rules, SEED)
    assert seating(step) == {1: {"D", "E", "F", "H"}}
    after, q = replace_withdrawn(step, "B", ent, EAGLES_GAMES, st, phases, rules=rules,
                                 seed=SEED)
    assert q is None and seating(after) == {1: {"D", "E", "F", "H"}}
    assert [f.player for f in after.finalists] == ["A", "C"]
    out = people(EAGLES_IDS, withdrawn={"B"})
    st_out = compute_standings(out, EAGLES_GAMES, rules, SEED)
    early = next_phase(out, EAGLES_GAMES, st_out, phases, rules, SEED)
    assert seating(early) == seating(after)
    final = next_phase(out, EAGLES_GAMES + RIPESCAGGIO, st_out, phases, rules, SEED)
    assert final.phase == FINAL and seating(final) == {1: {"A", "C", "H", "D"}}
    assert final.qualifier("D").reason == "2° del ripescaggio, al posto di Nome B (ritiro)"


@pytest.mark.lento
def test_003a_finalist_withdrawn_before_the_ripescaggio_cli(tmp_path, capsys):
    extra = {"Variante formula": "a"}
    early, late = both_ways(tmp_path, "eagles", EAGLES_IDS, EAGLES_GAMES, "B", extra)
    assert run("ritira", str(late), "B") == 0
    assert tables(OpenpyxlBook(early), 4) == tables(OpenpyxlBook(late), 4) == \
        {1: {"D", "E", "F", "H"}}
    listed = qualifiers(late)
    assert set(listed.column("Fase")) == {"Ripescaggio", "Finale"}  # 003-a: ripescaggio
    b = [r for r in listed if r["ID"] == "B"]
    assert len(b) == 1 and "— ritiro" in b[0]["Qualificazione"]
    assert not repeated(listed)
    for path in (early, late):
        add(OpenpyxlBook(path), RIPESCAGGIO)
        capsys.readouterr()
        assert run("finals", str(path)) == 0
        assert "2° del ripescaggio, al posto di Nome B (ritiro)" in capsys.readouterr().out
        assert tables(OpenpyxlBook(path), 5) == {1: {"A", "C", "H", "D"}}
        assert run("verify", str(path)) == 0


# --- 000 Art. 4 with Art. 2: a finalist withdraws after the spareggio --------------------------

# Totals: A 240, B 223, E 169, C 160, F 152, G 119, D 113, H 72. Spareggio (Art. 2): C, F,
# G (4th-6th) and D (best single game among the rest, 43). It ends F, G, C, D. E (3rd)
# withdraws before the final: «verrà immediatamente ricompilata la classifica, senza
# considerare i punteggi acquisiti dal giocatore ritirato»: A, B, C are the first three,
# F won the spareggio: the final is A, B, C, F (not the spareggio's 2nd, G).
SPAREGGIO = games("bonus", 5, PLAYOFF, [("F", 40), ("G", 30), ("C", 20), ("D", 10)])


def test_000_finalist_withdrawn_after_the_spareggio_core():
    rules, phases = core("lu_castidduzzu")
    played = CAST_GAMES + SPAREGGIO
    ent = people(CAST_IDS)
    st = compute_standings(ent, played, rules, SEED)
    final = next_phase(ent, played, st, phases, rules, SEED)
    assert seating(final) == {1: {"A", "B", "E", "F"}}
    after, q = replace_withdrawn(final, "E", ent, played, st, phases, rules=rules, seed=SEED)
    assert seating(after) == {1: {"A", "B", "C", "F"}}
    assert q.player == "C" and q.replaces == "E"
    assert q.reason == ("3° in classifica generale (classifica ricompilata), al posto di "
                        "Nome E (ritiro)")
    out = people(CAST_IDS, withdrawn={"E"})
    st_out = compute_standings(out, played, rules, SEED)
    assert seating(next_phase(out, played, st_out, phases, rules, SEED)) == seating(after)


def test_000_spareggio_winner_already_among_the_recompiled_first_three():
    # Decision (000 is silent): C wins the spareggio and, E withdrawn, is 3rd of the
    # recompiled classification: the spareggio's place goes to its 2nd (F).
    rules, phases = core("lu_castidduzzu")
    played = CAST_GAMES + games("bonus", 5, PLAYOFF, [("C", 40), ("F", 30), ("G", 20),
                                                      ("D", 10)])
    out = people(CAST_IDS, withdrawn={"E"})
    st_out = compute_standings(out, played, rules, SEED)
    final = next_phase(out, played, st_out, phases, rules, SEED)
    assert seating(final) == {1: {"A", "B", "C", "F"}}
    assert final.qualifier("F").reason.startswith("2° dello spareggio")


@pytest.mark.lento
def test_000_finalist_withdrawn_after_the_spareggio_cli(tmp_path, capsys):
    def spareggio(path):
        assert run("finals", str(path)) == 0
        add(OpenpyxlBook(path), SPAREGGIO)

    early, late = both_ways(tmp_path, "lu_castidduzzu", CAST_IDS, CAST_GAMES, "E",
                            before=spareggio)
    capsys.readouterr()
    assert run("ritira", str(late), "E") == 0
    out = capsys.readouterr().out
    assert "Nome C sostituisce Nome E al tavolo 1 della finale" in out
    assert tables(OpenpyxlBook(early), 6) == tables(OpenpyxlBook(late), 6) == \
        {1: {"A", "B", "C", "F"}}
    listed = qualifiers(late)
    assert not repeated(listed)
    assert run("verify", str(late)) == 0 and run("verify", str(early)) == 0


@pytest.mark.lento
def test_two_semifinalists_withdrawn_one_after_the_other(tmp_path):
    # 001 §8 twice: without P02 and P03 the bands are 2-4 P05 P09 P13, 5-7 P04 P17 P06,
    # 8-10 P10 P07 P08, 11-13 P14 P11 P15 (P11 and P15, 14th and 15th, enter).
    bands = [{"P05", "P09", "P13"}, {"P04", "P17", "P06"}, {"P10", "P07", "P08"},
             {"P14", "P11", "P15"}]
    early, late = tmp_path / "prima.xlsx", tmp_path / "dopo.xlsx"
    for path in (early, late):
        build(path, "master", MASTER_IDS, MASTER_GAMES, SEED)
    for pid in ("P02", "P03"):
        assert run("ritira", str(early), pid) == 0
    assert run("finals", str(early)) == 0
    assert run("finals", str(late)) == 0
    for pid in ("P02", "P03"):
        assert run("ritira", str(late), pid) == 0
    seated = tables(OpenpyxlBook(late), 3)
    assert seated == tables(OpenpyxlBook(early), 3)
    for players in seated.values():
        assert [len(players & band) for band in bands] == [1, 1, 1, 1]
    listed = qualifiers(late)
    assert not repeated(listed)
    gone = [r["Qualificazione"] for r in listed if r["ID"] in ("P02", "P03")]
    assert len(gone) == 2 and all("— ritiro" in text for text in gone)
    assert run("verify", str(late)) == 0


@pytest.mark.parametrize("kind", ["final", "knockout"])
def test_plain_final_and_knockout_same_tables_either_way(kind):
    # rtu (004) «finale fra i primi 4»: P05 (2nd) withdraws, the first four available
    # are P01, P02, P09, P03. Knockout (002): the round-2 table winners P01, P05, P09,
    # P13, P17 go on; P05 out, the 2nd of his table (P06) takes the place.
    from risiko_xl.standings import StandingsRules

    rules = StandingsRules(rounds=2)
    phases = flat_phases(kind=kind, final_size=4 if kind == "final" else 5)
    ent = people(MASTER_IDS)
    st = compute_standings(ent, MASTER_GAMES, rules, SEED)
    step = next_phase(ent, MASTER_GAMES, st, phases, rules, SEED)
    after, q = replace_withdrawn(step, "P05", ent, MASTER_GAMES, st, phases, rules=rules,
                                 seed=SEED)
    out = people(MASTER_IDS, withdrawn={"P05"})
    early = next_phase(out, MASTER_GAMES, compute_standings(out, MASTER_GAMES, rules, SEED),
                       phases, rules, SEED)
    assert seating(after) == seating(early)
    expected = {"P01", "P02", "P09", "P03"} if kind == "final" else \
        {"P01", "P06", "P09", "P13", "P17"}
    assert set().union(*seating(after).values()) == expected
    assert q.replaces == "P05" and q.player == ("P03" if kind == "final" else "P06")
