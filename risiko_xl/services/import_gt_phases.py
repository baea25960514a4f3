"""The final phases of a GestioneTorneo workbook (`importa`): GestioneTorneo keeps a
master's or a raduno's semifinals and final as ordinary round sheets (`3° Turno`,
`4° Turno`; `ExcelAccess.getClassificaMaster2020` and `getClassificaRadunoNazionale2020`
read turns 1–4 and place the final's players first). Each sheet after the preliminary
rounds becomes the phase `risiko-xl finali` would seat there, with GestioneTorneo's tables
as seated and its points translated as the qualifying rounds' (`import_gt_tables.table_rows`),
recorded in `Qualificati` and in `Sorteggi` (procedure «importato da GestioneTorneo», no
seed: `verifica` checks the seating against the record and replays nothing).

The result is history: a seating that differs from the one the formula computes (another
direct finalist, a tie drawn otherwise) is imported as played and said in one line. A sheet
that cannot be the formula's phase (another number of tables, a player outside the field
of the final phases, a phase the formula does not have) is refused, located."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.errors import RisikoError, count
from risiko_xl.gestionetorneo import layout, model
from risiko_xl.gestionetorneo.cells import column_name
from risiko_xl.services.audit import (
    IMPORTED,
    log_draw,
    tables_text,
    timestamp,
)
from risiko_xl.services.finals_sheet import list_qualifiers, phase_title, run_finals, step_rows
from risiko_xl.services.import_gt_tables import player_names, table_rows
from risiko_xl.services.standings_sheet import refresh_scores, standings_seed
from risiko_xl.standings import PhaseStep, Standings, compute_standings, next_phase
from risiko_xl.standings.config import DirectFinal
from risiko_xl.standings.model import FINAL, SEMIFINAL
from risiko_xl.standings.steps import Qualifier
from risiko_xl.tournament.loading import Tournament, load

CHOSEN = "seduto da GestioneTorneo"  # the Qualificazione of a player the formula seats elsewhere


def import_phases(book: Book, finals: Sequence[model.Round], gt: model.Workbook, file: str,
                  formula: str, now: dt.datetime | None = None) -> list[str]:
    """Write each round sheet of `finals` (those after the preliminary rounds) as the
    next final phase of `book`; after a played final, the final ranking. The report's
    lines."""
    names = player_names(gt)
    lines: list[str] = []
    field: int | None = None  # how many players the first final phase takes
    played_final = False
    unplayed = ""  # the earlier phase sheet with a table not played, and its phase
    for rnd in finals:
        sheet = f"{layout.round_sheet(rnd.number)} di {file}"
        tables = [t for t in rnd.tables if any(s.player != layout.GHOST_ID for s in t.seats)]
        if unplayed and tables:
            raise RisikoError(_before_played(unplayed, tables), foglio=sheet,
                              riga=tables[0].row + 1, colonna="A", valore=layout.round_sheet(
                                  rnd.number))
        t = load(book)
        seed = standings_seed(t)
        standings = compute_standings(t.entrants, t.results, t.formula.standings, seed)
        step, said = _expected(t, standings, tables, sheet, seed)
        if field is None:
            field = len(step.players()) + len(step.finalists)
        _check_players(t, standings, step, tables, sheet, field)
        lines += said + _differences(t, step, tables, sheet)
        lines += _write(book, t, step, standings, tables, names, rnd.number, file, formula,
                        now)
        played = all(any(s.value for s in tb.seats) for tb in tables)
        played_final = step.phase == FINAL and played  # else typed here, then finali
        if not played:
            unplayed = f"{phase_title(t, step.phase)}|{layout.round_sheet(rnd.number)}"
    if finals:
        refresh_scores(book, now)
    if played_final:
        lines += run_finals(book, now).lines
    return lines


def _expected(t: Tournament, standings: Standings, tables: list[model.Table], sheet: str,
              seed: str) -> tuple[PhaseStep, list[str]]:
    """The phase the formula seats next, with as many tables as the sheet: the formula's
    own, or the same phase without direct finalists (GestioneTorneo has no direct
    finalist of its own: the organiser seats the tables), said in a line."""
    row = tables[0].row if tables else None
    rules, phases = t.formula.standings, t.formula.phases
    try:
        step = next_phase(t.entrants, t.results, standings, phases, rules, seed)
    except RisikoError as err:
        raise RisikoError(f"il foglio non si importa come fase finale: {err.messaggio}",
                          foglio=sheet, riga=row, colonna="A") from None
    if step is None:
        raise RisikoError(f"la formula {t.formula.name} non ha altre fasi finali dopo quelle "
                          "dei fogli precedenti: il foglio non è una sua fase", foglio=sheet,
                          riga=row, colonna="A", valore=len(tables))
    if len(tables) == len(step.tables):
        return step, []
    plain = None
    if phases.direct.rule != "none":
        try:  # the sheets seen so far may fit only the formula's own phase
            plain = next_phase(t.entrants, t.results, standings,
                               dataclasses.replace(phases, direct=DirectFinal()), rules, seed)
        except RisikoError:
            plain = None
    if plain is not None and plain.phase == step.phase and len(tables) == len(plain.tables):
        direct = ", ".join(t.by_id[q.player].name for q in step.finalists)
        return plain, [f"Differenza: {sheet}: la formula manda in finale diretta {direct}; "
                       f"GestioneTorneo gioca {len(tables)} tavoli di "
                       f"{phase_title(t, step.phase)}: importati come giocati"]
    expected = count(len(step.tables), "tavolo", "tavoli")
    if plain is not None and plain.phase == step.phase and len(plain.tables) != len(step.tables):
        expected = f"{len(step.tables)} o {len(plain.tables)} tavoli"
    raise RisikoError(f"la fase {phase_title(t, step.phase)} (turno {step.round_no}) della "
                      f"formula {t.formula.name} ha {expected}, il foglio ne ha "
                      f"{len(tables)}" + _micro_master(t, step, len(tables)), foglio=sheet,
                      riga=row, colonna="A", valore=len(tables))


def _micro_master(t: Tournament, step: PhaseStep, tables: int) -> str:
    """What to do with GestioneTorneo's «micro-master»: 2 semifinals when its 1st and 2nd
    both won both games (`Sorteggiatore.calcoloNumeroSemifinaliMicroMaster`, its manual's
    Tabella 1), the two straight to the final. Our phases cannot carry two direct
    finalists of a master (001 §1: «un solo giocatore … le semifinali saranno tre»,
    else four), so the import is refused with the way on: without the phases' sheets the
    qualifying rounds import, and `finali` draws 001's semifinals."""
    if step.phase != SEMIFINAL or tables != 2 or \
            step.round_no != t.formula.standings.rounds + 1:
        return ""
    return (f" (le 2 semifinali del «micro-master» di GestioneTorneo, che il regolamento non "
            f"prevede): cancellare dal file il foglio «{layout.round_sheet(step.round_no)}» e "
            f"quelli dopo, importarlo di nuovo e preparare con «risiko-xl finali» le "
            f"semifinali della formula {t.formula.name}")


def _before_played(unplayed: str, tables: list[model.Table]) -> str:
    """The refusal of a phase sheet seated (or played) after one not played."""
    title, sheet = unplayed.split("|")
    done = "giocata" if any(s.value for tb in tables for s in tb.seats) else "seduta"
    what = (f"la finale è {done} ma le semifinali no" if title == "Semifinale"
            else f"questa fase è {done} ma la fase {title} no")
    return (f"{what}: il foglio {sheet} non ha tutti i risultati; completarlo in "
            "GestioneTorneo (o svuotare questo foglio) e importare di nuovo")


def _check_players(t: Tournament, standings: Standings, step: PhaseStep,
                   tables: list[model.Table], sheet: str, field: int) -> None:
    """Every player seated in the sheet may play the phase: seated there by the formula,
    or within the field of the final phases (the first `field` of the standings) when
    the phase is the first, or a player of an earlier final phase."""
    allowed = set(step.players()) | {q.player for q in step.finalists}
    first = step.round_no == t.formula.standings.rounds + 1
    if first:  # the first `field`, and who ties the last of them (a lottery drawn otherwise)
        inside = [row for row in standings.rows if row.position <= field]
        last = inside[-1].total if inside else None
        allowed |= {row.player for row in standings.rows
                    if row.position <= field or row.total == last}
        who = f"dei primi {field} della classifica (e di chi è pari all'ultimo di essi)"
    else:
        allowed |= {g.player for g in t.results if g.round_no > t.formula.standings.rounds}
        who = "di chi ha giocato le fasi finali precedenti"
    for table in tables:
        for j, seat in enumerate(table.seats):
            pid = str(seat.player)
            if seat.player == layout.GHOST_ID or pid in allowed:
                continue
            position = standings.position_of(pid)
            where = f"è {position}° in classifica" if position else "non è in classifica"
            raise RisikoError(f"{t.by_id[pid].name} non è qualificato per la fase "
                              f"{phase_title(t, step.phase)} (turno {step.round_no}): {where}, "
                              f"la fase è {who}", foglio=sheet, riga=table.row + 1,
                              colonna=column_name(j * layout.TRIPLE + 1), valore=seat.player)


def _seated(table: model.Table) -> list[str]:
    return [str(s.player) for s in table.seats if s.player != layout.GHOST_ID]


def _differences(t: Tournament, step: PhaseStep, tables: list[model.Table],
                 sheet: str) -> list[str]:
    """One line when GestioneTorneo seated other players (or its ghost, ID -1, in place of
    a qualifier: the one left out is named) than those the formula qualifies for the
    phase (who sits at which table within the formula's rule is a draw: never a
    difference)."""
    computed = set(step.players())
    extra = [f"{t.by_id[p].name} (tavolo {table.number}, riga {table.row + 1})"
             for table in tables for p in _seated(table) if p not in computed]
    extra += [f"il giocatore fittizio (ID {layout.GHOST_ID}, tavolo {table.number}, riga "
              f"{table.row + 1})" for table in tables for s in table.seats
              if s.player == layout.GHOST_ID]
    if not extra:
        return []
    seated = {p for table in tables for p in _seated(table)}
    missing = [f"{t.by_id[q.player].name} ({q.reason})"
               for table in step.tables for q in table if q.player not in seated]
    formula = f"la formula {t.formula.name}"
    return [f"Differenza: {sheet}: GestioneTorneo ha seduto " + ", ".join(extra) + "; "
            + (f"{formula} qualifica invece " + ", ".join(missing) if missing
               else f"{formula} non li qualifica") + ": importato come giocato in "
            "GestioneTorneo"]


def _write(book: Book, t: Tournament, step: PhaseStep, standings: Standings,
           tables: list[model.Table], names: dict[int, str], number: int, file: str,
           formula: str, now: dt.datetime | None) -> list[str]:
    """The phase's `Risultati` rows (points translated), `Qualificati` and its record."""
    sheet = layout.round_sheet(number)
    groups = step.table_groups or (step.group,) * len(step.tables)
    seated = tuple(tuple(_qualifier(t, step, standings, p, g) for p in _seated(table))
                   for table, g in zip(tables, groups))
    inside = {q.player for table in seated for q in table}
    imported = dataclasses.replace(
        step, tables=seated, table_numbers=tuple(tb.number for tb in tables),
        finalists=tuple(q for q in step.finalists if q.player not in inside))
    _, qualifiers = step_rows(t, imported)
    results = t.results_table.copy()
    lines: list[str] = []
    title = phase_title(t, step.phase)
    for table in tables:
        rows, said = table_rows(step.round_no, title, table, names, sheet, file, formula)
        results.extend(rows)
        lines += said
    book.write_table(schema.RESULTS.name, results)
    list_qualifiers(book, t, imported, qualifiers)
    log_draw(book, {"Turno": step.round_no, "Fase": title, "Data e ora": timestamp(now),
                    "Procedura": IMPORTED,
                    "Tavoli": tables_text([list(_seated(tb)) for tb in tables],
                                          [tb.number for tb in tables]),
                    "Note": f"da {file}, foglio «{sheet}»"})
    return [f"{title} (turno {step.round_no}) importata dal foglio {sheet}: "
            + count(len(tables), "tavolo", "tavoli"), *lines]


def _qualifier(t: Tournament, step: PhaseStep, standings: Standings, player: str,
               group: int | None) -> Qualifier:
    """The player's place as the formula gives it, else as GestioneTorneo seated him."""
    q = step.qualifier(player)
    if q is not None:
        return q
    rank = standings.position_of(player) or 0
    return Qualifier(player, f"{CHOSEN} ({rank}° in classifica)" if rank else CHOSEN, rank,
                     group)
