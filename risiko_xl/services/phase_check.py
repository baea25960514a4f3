"""The final-phase rows of `Risultati` against what the regulation produces.

Each phase round (Semifinale, Spareggio, Finale) is computed again from the results
before it, with the players as they stood then. A withdrawn player with a result in that
round or a later one had not withdrawn yet (they played it); one who withdrew during the
preliminaries (no result in their last round) had withdrawn before it. For the others
the workbook does not record when they withdrew: before the round was seated (the
formula's replacement rules apply, as `ritira` applied them) or after. Every
combination is tried (at most MAX_TIMINGS, stopping at the first that fits) and the
round is accepted when one of them produces it. `verify` lists every difference by
table and player (against the closest combination); `standings` and `finals` refuse a
row whose player did not qualify for the phase under any of them.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator

from risiko_xl.books import schema
from risiko_xl.books.table import Row, Table
from risiko_xl.cells import number_or_none, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.services.audit import IMPORTED, SUBSTITUTION, seating
from risiko_xl.services.decision_records import applied
from risiko_xl.services.standings_sheet import standings_seed
from risiko_xl.standings import PhaseStep, compute_standings, next_phase
from risiko_xl.standings.model import ACTIVE, QUALIFYING, WITHDRAWN
from risiko_xl.standings.replacements import seats_of
from risiko_xl.tournament.loading import Tournament
from risiko_xl.tournament.rulings import DECISION
from risiko_xl.tournament.sheet_errors import on_sheet


def phase_rounds(t: Tournament) -> list[tuple[int, str]]:
    """(round, phase) of every final-phase round in `Risultati` seated here, in order: a
    round imported from another program (its last `Sorteggi` record says so) is history,
    checked against that record only (`check_seatings`, `verify`), never computed again."""
    imported = imported_rounds(t)
    return sorted({(r.round_no, r.phase) for r in t.rows
                   if r.phase != QUALIFYING and r.round_no not in imported})


def imported_rounds(t: Tournament) -> set[int]:
    """The rounds whose last `Sorteggi` record is an import from another program."""
    return {n for n, (_, _, procedure) in _recorded(t).items() if procedure == IMPORTED}


def _recorded(t: Tournament) -> dict[int, tuple[int, dict[str, int], str | None]]:
    """Each round's last recorded seating in `Sorteggi`: (row, seating, procedure), for
    the preliminary rounds and the final-phase rounds imported from another program."""
    log = t.book.read_table(schema.DRAWS.name)
    latest: dict[int, tuple[int, dict[str, int], str | None]] = {}
    if not {"Turno", "Fase", "Tavoli"} <= set(log.headers):
        return latest
    for line in log:
        number, procedure = to_text(line["Turno"]), to_text(line.get("Procedura"))
        if not number or not number.isdigit() or not to_text(line["Tavoli"]) \
                or procedure == DECISION:  # a seat the referee gave (services/decisions)
            continue
        after_import = procedure == SUBSTITUTION and latest.get(int(number), (0, {}, None))[
            2] == IMPORTED  # a seat of an imported phase given to a replacement
        if (to_text(line["Fase"]) or QUALIFYING) == QUALIFYING or procedure == IMPORTED \
                or after_import:
            latest[int(number)] = (line.read_at, seating(line["Tavoli"]),
                                   IMPORTED if after_import else procedure)
        else:
            latest.pop(int(number), None)  # a phase seated here after the import
    return latest


MAX_TIMINGS = 64  # combinations of withdrawal timings tried per round


def _step(t: Tournament, round_no: int, active: set[str]) -> PhaseStep | None:
    """The phase the formula seats at `round_no`, from the results before it, with the
    withdrawn players in `active` still in."""
    entrants = [dataclasses.replace(e, state=ACTIVE) if e.id in active else e
                for e in t.entrants]
    played = [g for g in t.results if g.round_no < round_no]
    seed = standings_seed(t)
    rules = t.formula.standings
    standings = compute_standings(entrants, played, rules, seed)
    return applied(t, next_phase(entrants, played, standings, t.formula.phases, rules, seed))


def expected_steps(t: Tournament, round_no: int) -> Iterator[PhaseStep | None]:
    """The steps the regulation allows at `round_no`, one per possible timing of the
    withdrawals (see the module's docstring), computed one at a time (callers stop at
    the first that fits): first with every unknown one withdrawn before the round."""
    rules = t.formula.standings
    later = {g.player for g in t.results if g.round_no >= round_no}
    last = {g.player for g in t.results if g.phase == QUALIFYING
            and g.round_no == rules.rounds}
    withdrawn = [e.id for e in t.entrants if e.state == WITHDRAWN]
    played = {p for p in withdrawn if p in later}
    unknown = [p for p in withdrawn if p not in later and p in last]
    subsets = (c for k in range(len(unknown) + 1) for c in itertools.combinations(unknown, k))
    for s in itertools.islice(subsets, MAX_TIMINGS):
        yield _step(t, round_no, played | set(s))


def _name(t: Tournament, pid: str) -> str:
    entrant = t.by_id.get(pid)
    return f"{pid} ({entrant.name})" if entrant and entrant.name else pid


def _differences(t: Tournament, round_no: int, phase: str, step: PhaseStep | None
                 ) -> list[str]:
    """The recorded round against one computed step, one line per wrong seat."""
    where = f"Foglio Risultati, {phase} turno {round_no}"
    if step is None or step.phase != phase:
        what = "nessuna fase" if step is None else f"{step.phase} (turno {step.round_no})"
        return [f"{where}: la formula non prevede questa fase dopo i risultati precedenti "
                f"(calcolato: {what})"]
    lines: list[str] = []
    expected = {p: n for p, n in seats_of(step).items() if n is not None}
    seen = set()
    for r in t.rows:
        if (r.round_no, r.phase) != (round_no, phase):
            continue
        seen.add(r.player)
        n = expected.get(r.player)
        if n is None:
            lines.append(f"{where}, tavolo {r.table}, riga {r.row}, colonna ID: "
                         f"{_name(t, r.player)} non è qualificato per questa fase")
        elif n != r.table:
            lines.append(f"{where}, tavolo {r.table}, riga {r.row}, colonna ID: "
                         f"{_name(t, r.player)} va al tavolo {n}")
    for pid, n in expected.items():
        if pid not in seen:
            q = step.qualifier(pid)
            lines.append(f"{where}, tavolo {n}: manca {_name(t, pid)}, qualificato "
                         f"({q.reason if q else '?'})")
    return lines


def _listed(t: Tournament, listed: Table, round_no: int,
            step: PhaseStep | None) -> list[str]:
    """The `Qualificati` rows of a step (those not marked withdrawn) against it."""
    if step is None or not len(listed):
        return []
    # direct finalists are listed under the final's round, the one after the step's
    finalists = {f.player for f in step.finalists}
    expected = {*step.players(), *finalists}
    def counted(row: Row) -> bool:
        pid, turn = row.get("ID"), number_or_none(row.get("Turno"))
        gone = pid not in expected and pid in t.by_id and t.by_id[pid].state != ACTIVE
        ahead = turn == round_no + 1 and pid in finalists
        return (turn == round_no or ahead) and not gone  # withdrawn: listed as replaced

    mine = [row for row in listed if counted(row)]
    if not mine:
        return []  # phases seated by hand: nothing listed to check
    where = f"Foglio {schema.QUALIFIERS.sheet}"
    lines = [f"{where}, riga {row.sheet_row}, colonna ID: {_name(t, str(row.get('ID')))} non "
             f"è qualificato (turno {round_no})" for row in mine if row.get("ID") not in expected]
    lines += [f"{where}, turno {round_no}: manca {_name(t, pid)}"
              for pid in sorted(expected - {row.get("ID") for row in mine})]
    return lines


def phase_differences(t: Tournament) -> list[str]:
    """One Italian line per seat or listed qualifier the regulation would not produce
    (`verify`)."""
    lines: list[str] = []
    listed = t.book.read_table(schema.QUALIFIERS.name)
    for round_no, phase in phase_rounds(t):
        try:
            found: list[tuple[list[str], PhaseStep | None]] = []
            for step in expected_steps(t, round_no):
                found.append((_differences(t, round_no, phase, step), step))
                if not found[-1][0]:
                    break
        except RisikoError as err:
            lines.append(f"Foglio Risultati, {phase} turno {round_no}: la fase non si può "
                         f"ricalcolare ({on_sheet(err)})")
            continue
        seats, step = min(found, key=lambda f: len(f[0]))
        lines += seats + _listed(t, listed, round_no, step)
    return lines


def seated_differences(t: Tournament) -> list[str]:
    """`phase_differences` where a final phase is seated (none before: nothing to keep)."""
    return phase_differences(t) if phase_rounds(t) else []


def refuse_changed_phases(t: Tournament, before: list[str], change: str) -> None:
    """A change (`change`, in words) that would make a phase already seated other than the
    formula now computes it is refused: the tables are out, perhaps played; nothing is
    saved. `before`: the differences there were already (a seat typed by hand)."""
    new = [line for line in seated_differences(t) if line not in before]
    if new:
        more = f" e altre {len(new) - 1}" if len(new) > 1 else ""
        raise RisikoError(f"{change} cambierebbe una fase già preparata ({new[0]}{more}): "
                          "nulla è stato salvato; per rifarla, prima «risiko-xl ripristina» "
                          "fino a prima della fase")


def check_phase_rows(t: Tournament) -> None:
    """Refuse (RisikoError naming sheet, row, column and value) the first final-phase row
    whose player did not qualify for that phase (`standings`, `finals`)."""
    for round_no, phase in phase_rounds(t):
        rows = [r for r in t.rows if (r.round_no, r.phase) == (round_no, phase)
                and not (r.seat is None and t.by_id[r.player].state != ACTIVE)]
        # (a withdrawn player in a phase not yet played is `ritira`'s business)
        allowed: set[str] = set()
        try:
            for step in expected_steps(t, round_no):
                if step is not None and step.phase == phase:
                    allowed |= set(step.players())
                if all(r.player in allowed for r in rows):
                    break
        except RisikoError:
            continue  # `finals` and `verify` report why the phase cannot be computed
        for r in rows:
            if r.player not in allowed:
                raise RisikoError(f"{_name(t, r.player)} non è qualificato per la fase "
                                  f"{phase} (turno {round_no})", foglio="Risultati",
                                  tavolo=r.table, riga=r.row, colonna="ID", valore=r.player)


def check_seatings(t: Tournament) -> None:
    """Refuse (one located RisikoError) a preliminary round, or a final-phase round
    imported from GestioneTorneo, whose `Risultati` rows no longer match its last seating
    recorded in `Sorteggi`: a row whose ID was changed or moved
    to another table, or a drawn player whose row was deleted (a game would vanish and a
    table change size, changing the others' points). Rounds seated by hand, with no draw
    recorded, are the organiser's own."""
    for round_no, (logged, recorded, procedure) in sorted(_recorded(t).items()):
        rows = [r for r in t.rows if r.round_no == round_no]
        again = (f"(Sorteggi, riga {logged}): rimettere la riga come importata"
                 if procedure == IMPORTED and any(r.phase != QUALIFYING for r in rows) else
                 f"(Sorteggi, riga {logged}): rimettere la riga come sorteggiata oppure "
                 f"ripetere il sorteggio del turno (--turno {round_no} --forza)")
        for r in rows:
            drawn = recorded.get(r.player)
            if drawn != r.table:
                what = (f"non è fra i sorteggiati del turno {round_no}" if drawn is None
                        else f"nel turno {round_no} era sorteggiato al tavolo {drawn}")
                raise RisikoError(f"{_name(t, r.player)} {what} {again}",
                                  foglio="Risultati", riga=r.row, tavolo=r.table,
                                  colonna="ID" if drawn is None else "Tavolo",
                                  valore=r.player if drawn is None else r.table)
        present = {r.player for r in rows}
        for pid, table in recorded.items():
            if pid not in present and rows:
                raise RisikoError(f"manca la riga di {_name(t, pid)}, sorteggiato al tavolo "
                                  f"{table} del turno {round_no} {again}",
                                  foglio="Risultati", tavolo=table, colonna="ID")
