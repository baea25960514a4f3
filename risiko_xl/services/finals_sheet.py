"""Final phases in the workbook (`risiko-xl finali`, *Fasi finali*).

Each call does the next step the formula prescribes: seat the spareggio / semifinals /
final (pre-filling their `Risultati` rows and listing the qualifiers and how each
qualified on `Fasi finali`), or, when the final is typed, write the final ranking.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row, Table
from risiko_xl.cells import number_or_none
from risiko_xl.errors import RisikoError
from risiko_xl.services.audit import (
    append_rows,
    log_draw,
    tables_text,
    timestamp,
)
from risiko_xl.services.decision_records import applied
from risiko_xl.services.national_column import NATIONAL_COLUMN, national_column
from risiko_xl.services.phase_check import check_phase_rows, check_seatings
from risiko_xl.services.standings_sheet import (
    LOTTERY_PROCEDURE,
    refresh_scores,
    standings_seed,
)
from risiko_xl.services.typed_columns import with_own, with_typed_notes
from risiko_xl.standings import (
    PhaseStep,
    RankRow,
    Standings,
    compute_standings,
    final_ranking,
    next_phase,
)
from risiko_xl.standings.model import ABSENT, FINAL, PLAYOFF, QUALIFYING
from risiko_xl.standings.playoff import label_of
from risiko_xl.standings.steps import Qualifier
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.scoring import cell_number

# A withdrawal as notes and Qualificati say it: the noun, the same for a man or a woman
# (the Stato keyword «Ritirato» stays: it is the value organisers choose in Iscritti).
WITHDRAWAL = "ritiro"
# The stage of players who played only the preliminary rounds (000 Art. 1 and 003 Art. 1
# «una fase preliminare»): «Fase raggiunta: Qualificazione» read as if they qualified,
# and «Fase raggiunta: Fase preliminare» repeats the header; a phase name, like «Finale».
PRELIMINARY = "Preliminare"
# the final ranking's other notes (`_note`): with WITHDRAWAL, all the notes we write there
SHARED, BY_LOTTERY = "a pari merito", "deciso per sorteggio"
BY_STANDINGS = "a pari punti in finale: decide la classifica dei turni"  # «Parità in finale»


@dataclass(frozen=True)
class FinalsUpdate:
    step: PhaseStep | None
    lines: tuple[str, ...]


def _check_complete(t: Tournament) -> None:
    rounds = t.formula.standings.rounds
    drawn = t.rounds_drawn()
    if drawn != list(range(1, rounds + 1)):
        found = ("turni " + ", ".join(str(n) for n in drawn)) if drawn else None
        missing = next((n for n in range(1, rounds + 1) if n not in drawn), None)
        why = f"manca il turno {missing}" if missing is not None else \
            f"Risultati ha anche il turno {max(drawn)}"
        raise RisikoError(f"le fasi finali iniziano dopo i {rounds} turni preliminari "
                          f"(«Turni preliminari» in Impostazioni) e {why}",
                          foglio="Risultati", colonna="Turno", valore=found)
    blank = next((r for r in t.rows if r.seat is None), None)
    if blank is not None:
        raise RisikoError(f"mancano i risultati ({blank.phase}, turno {blank.round_no})",
                          foglio="Risultati", tavolo=blank.table, riga=blank.row,
                          colonna="Punti obiettivo", valore=None)


def _numbers(step: PhaseStep) -> tuple[int, ...]:
    return step.table_numbers or tuple(range(1, len(step.tables) + 1))


def seating_text(step: PhaseStep) -> str:
    return tables_text([[q.player for q in table] for table in step.tables], _numbers(step))


def stage_title(t: Tournament, stage: str) -> str:
    """The «Fase raggiunta» of the final ranking: «Preliminare» for who played no
    final phase, else the phase as `phase_title` names it."""
    return PRELIMINARY if stage == QUALIFYING else phase_title(t, stage)


def phase_title(t: Tournament, phase: str) -> str:
    """The phase as every sheet and post names it: the playoff is «Ripescaggio» where
    the formula calls it so (003 Art. 2 «un turno di ripescaggio»), «Spareggio»
    otherwise."""
    return label_of(t.formula.phases).capitalize() if phase == PLAYOFF else phase


def step_rows(t: Tournament, step: PhaseStep, gone: tuple[tuple[Qualifier, int | None,
                                                                  str], ...] = ()
               ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The step's pre-filled `Risultati` rows and its `Qualificati` rows (direct
    finalists listed too, for the phase they skip to; `gone`: withdrawn qualifiers
    listed as replaced, with their former table and the Italian note)."""
    by_id = t.by_id
    results: list[dict[str, Any]] = []
    qualifiers: list[dict[str, Any]] = []

    def listed(q: Qualifier, phase: str, number: int | None,
               reason: str | None = None) -> None:
        entrant = by_id[q.player]
        qualifiers.append({"Fase": phase_title(t, phase), "Turno": _round_of(step, phase),
                           "Girone": q.group, "Tavolo": number, "ID": q.player,
                           "Giocatore": entrant.name, "Club": entrant.club,
                           # a withdrawn player has no place in the standings any more
                           # (000 Art. 4): his row keeps the place in its reason only
                           "Pos. classifica": q.rank or None if reason is None else None,
                           "Qualificazione": reason or q.reason})

    for number, seated in zip(_numbers(step), step.tables):
        for q in seated:
            results.append({"Turno": step.round_no, "Fase": phase_title(t, step.phase),
                            "Tavolo": number,
                            "ID": q.player, "Giocatore": by_id[q.player].name})
            listed(q, step.phase, number)
    for q in step.finalists:
        listed(q, FINAL, None)
    for q, former, why in gone:
        listed(q, FINAL if former is None and step.phase != FINAL else step.phase, former,
               why)
    return results, [{h: q.get(h) for h in schema.QUALIFIERS.headers} for q in qualifiers]


def _round_of(step: PhaseStep, phase: str) -> int:
    """The round a `Qualificati` row of `step` names: the step's own, or for a direct
    finalist the final's, the phase that follows the step (000 Art. 4, 003 Art. 1)."""
    return step.round_no if phase == step.phase else step.round_no + 1


def waiting_row(row: Row, title: str) -> bool:
    """Whether a `Qualificati` row is a player qualified for phase `title` not yet seated
    (no table): a direct finalist listed when the phase before the final was seated."""
    return row.get("Fase") == title and number_or_none(row.get("Tavolo")) is None


def list_qualifiers(book: Book, t: Tournament, step: PhaseStep,
                     qualifiers: list[dict[str, Any]]) -> None:
    """Add the step's `Qualificati` rows. Seating the final updates the rows of its direct
    finalists (listed when the phase before it was seated) with the final's round and
    table: one row per qualifier of the final, never two."""
    listed = book.read_table(schema.QUALIFIERS.name)
    if step.phase == FINAL and len(listed) and qualifiers:
        title = phase_title(t, FINAL)
        seated: dict[Any, dict[str, Any]] = {}
        for q in qualifiers:
            seated.setdefault(q["ID"], q)
        update = [row for row in listed if waiting_row(row, title) and row.get("ID") in seated]
        if update:
            for row in update:
                for column in ("Turno", "Tavolo", "Girone"):
                    row[column] = seated[row["ID"]][column]
            book.write_table(schema.QUALIFIERS.name, listed)
            done = {row["ID"] for row in update}
            qualifiers = [q for q in qualifiers if q["ID"] not in done]
    append_rows(book, schema.QUALIFIERS, qualifiers)


def _check_no_absent(t: Tournament) -> None:
    """`Assente` is for one preliminary round (003 Art. 4, 000 Art. 5); a qualifier who
    does not come to a final phase withdraws (001 §8, 003 Art. 3, 000 Art. 4): never left
    out in silence."""
    absent = next((e for e in t.entrants if e.state == ABSENT), None)
    if absent is not None:
        raise RisikoError(f"{absent.name or absent.id} è «{ABSENT}»: l'assenza vale per un "
                          "turno preliminare; per le fasi finali rimetterlo «Attivo» oppure "
                          "ritirarlo (risiko-xl ritira)", foglio="Iscritti", riga=absent.row,
                          colonna="Stato", valore=absent.state)


def run_finals(book: Book, now: dt.datetime | None = None) -> FinalsUpdate:
    """Seat the next final phase, or write the final ranking when all is played."""
    t = load(book)
    _check_no_absent(t)
    _check_complete(t)
    check_seatings(t)
    check_phase_rows(t)
    seed = standings_seed(t)
    rules = t.formula.standings
    standings = compute_standings(t.entrants, t.results, rules, seed)
    step = applied(t, next_phase(t.entrants, t.results, standings, t.formula.phases, rules,
                                 seed))
    if step is None:
        lines = _write_ranking(t, standings, seed, now)
    else:
        lines = _seat_phase(book, t, step, seed, now)
    refresh_scores(book)
    return FinalsUpdate(step, tuple(lines))


def _seat_phase(book: Book, t: Tournament, step: PhaseStep, seed: str,
                now: dt.datetime | None) -> tuple[str, ...]:
    """Write the phase's rows and qualifiers, log its seating; returns the report lines."""
    results, qualifiers = step_rows(t, step)
    table = t.results_table.copy()
    table.extend(results)
    book.write_table(schema.RESULTS.name, table)
    list_qualifiers(book, t, step, qualifiers)
    log_draw(book, {"Turno": step.round_no, "Fase": phase_title(t, step.phase),
                    "Data e ora": timestamp(now),
                    "Seme": seed, "Procedura": "dalla classifica",
                    "Tavoli": seating_text(step),
                    "Note": "; ".join(step.notes)})
    count = len(step.tables)
    lines = [f"{phase_title(t, step.phase)} (turno {step.round_no}): {count} "
             f"tavol{'o' if count == 1 else 'i'}"]
    for number, seated in zip(_numbers(step), step.tables):
        lines.append(f"  Tavolo {number}: " + ", ".join(
            f"{t.by_id[q.player].name} ({q.reason})" for q in seated))
    shown = {line.partition(": ")[2] for line in lines[1:]}  # «Spareggio: …» repeats one
    return (*lines, *(n for n in step.notes if n.partition(": ")[2] not in shown))


def expected_ranking(t: Tournament) -> Table | None:
    """ClassificaFinale as `finali` writes it once every phase is played (without the
    national points and the organiser's notes), None while a phase is still to come:
    what `verifica` compares the sheet with."""
    seed = standings_seed(t)
    rules = t.formula.standings
    standings = compute_standings(t.entrants, t.results, rules, seed)
    if applied(t, next_phase(t.entrants, t.results, standings, t.formula.phases, rules,
                             seed)) is not None:
        return None
    return _ranking_table(t, final_ranking(t.entrants, t.results, standings,
                                           t.formula.phases, rules, seed))


def _ranking_table(t: Tournament, ranking: Sequence[RankRow]) -> Table:
    by_id = t.by_id
    return Table.of([{"Pos": r.position, "ID": r.player, "Giocatore": by_id[r.player].name,
                      "Club": by_id[r.player].club,
                      "Fase raggiunta": stage_title(t, r.stage),
                      "Posto in finale": r.final_place,
                      "Punti finale": None if r.final_points is None
                      else cell_number(r.final_points),
                      "Punti torneo": cell_number(r.total if r.total is not None
                                                  else r.points),
                      "Note": _note(r)} for r in ranking],
                    schema.FINAL_RANKING.headers)


def _write_ranking(t: Tournament, standings: Standings, seed: str,
                   now: dt.datetime | None = None) -> tuple[str, ...]:
    ranking = final_ranking(t.entrants, t.results, standings, t.formula.phases,
                            t.formula.standings, seed)
    by_id = t.by_id
    table = _ranking_table(t, ranking)
    national = national_column(t.book)
    if national is not None:  # the national ranking's points, shown (services.close_out)
        table.set_column(NATIONAL_COLUMN, [float(national[1][r.player])
                                           if r.player in national[1] else None
                                           for r in ranking])
    old = t.book.read_table(schema.FINAL_RANKING.name)  # what the organiser typed stays
    table, kept = with_typed_notes(old, table, (WITHDRAWAL, SHARED, BY_LOTTERY, BY_STANDINGS))
    t.book.write_table(schema.FINAL_RANKING.name,
                       with_own(old, table, (*schema.FINAL_RANKING.headers, NATIONAL_COLUMN)))
    new_draws = {r.lottery.players: r.lottery for r in ranking
                 if r.lottery is not None and not r.lottery.reused}
    append_rows(t.book, schema.DRAWS, [  # a tie first met here: drawn once, recorded
        {"Turno": "Classifica finale", "Fase": FINAL, "Data e ora": timestamp(now),
         "Seme": str(draw.seed), "Procedura": LOTTERY_PROCEDURE, "Note": draw.describe()}
        for draw in new_draws.values()])
    podium = [f"{r.position}° {by_id[r.player].name}" for r in ranking[:4]]
    return ("Classifica finale scritta: " + ", ".join(podium),
            *([f"Punti del ranking nazionale nella colonna «{NATIONAL_COLUMN}» "
               f"({national[0].describe()})"] if national is not None else []),
            *([f"Note scritte a mano mantenute in {schema.FINAL_RANKING.name}, dopo le "
               f"nostre: {', '.join(kept)}"] if kept else []))


def _note(r: RankRow) -> str | None:
    """What the position rests on beyond the columns: a withdrawal, a shared place, a
    lottery."""
    notes = [text for flag, text in ((r.withdrawn, WITHDRAWAL), (r.shared, SHARED),
                                     (r.by_lottery, BY_LOTTERY),
                                     (r.by_standings, BY_STANDINGS)) if flag]
    return ", ".join(notes) or None
