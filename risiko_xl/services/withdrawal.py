"""Withdrawals (`risiko-xl ritira`, *Ritira giocatore*; 000 Art. 4, 001 §8): the player is
marked withdrawn in `Iscritti`; the preliminary rounds drawn with him and not played are
repaired with the fewest moves or named with the commands that mend them; a qualifier of
a phase seated and not yet played is replaced as the formula says — reseated by its
rules, or, in a phase imported from GestioneTorneo, put in his seat with the other
tables as imported.
"""

from __future__ import annotations

import datetime as dt

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row
from risiko_xl.cells import number_or_none
from risiko_xl.errors import RisikoError, listed
from risiko_xl.services.audit import (
    SUBSTITUTION,
    archive,
    log_draw,
    tables_text,
    timestamp,
)
from risiko_xl.services.decision_records import applied
from risiko_xl.services.finals_sheet import (
    WITHDRAWAL,
    phase_title,
    seating_text,
    step_rows,
    waiting_row,
)
from risiko_xl.services.phase_check import imported_rounds
from risiko_xl.services.repair_round import repair_previews, repair_round
from risiko_xl.services.standings_sheet import refresh_scores, standings_seed
from risiko_xl.standings import compute_standings, next_phase, replace_withdrawn
from risiko_xl.standings.config import REPLACEMENTS_TABLE
from risiko_xl.standings.model import (
    ABSENT,
    ACTIVE,
    FINAL,
    QUALIFYING,
    WITHDRAWN,
    GameResult,
)
from risiko_xl.standings.replacements import seats_of
from risiko_xl.standings.steps import PhaseStep, Qualifier
from risiko_xl.standings.table import Standings
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.players import find_entrant, registered_names


def withdraw(book: Book, player: str, now: dt.datetime | None = None,
             repair: bool = False, file: str = "FILE") -> tuple[str, ...]:
    """Mark `player` (an ID in any case, or a unique exact name) withdrawn. A qualifier of
    a phase seated but not yet played is replaced as the formula says (the phase's old
    rows go to `Archivio`). With `repair`, every preliminary round drawn with the player
    and not played is mended with the fewest moves (`repair_round`), also for a player
    already withdrawn who is still seated there; without it, the lines name those rounds
    and the commands (on workbook `file`) that mend or redraw them."""
    t = load(book)
    entrant = find_entrant(t.entrants, player, registered_names(  # «g13», the exact name
        book.read_table(schema.PLAYERS.name)))
    player = entrant.id
    seated = {r.round_no for r in t.rows if r.player == player and r.seat is None
              and r.phase == QUALIFYING}
    started = {r.round_no for r in t.rows if r.seat is not None and r.phase == QUALIFYING}
    unplayed = sorted(seated - started)  # a round with results typed is not repaired
    playing = sorted(seated & started)
    if entrant.state == WITHDRAWN and repair and unplayed:
        return tuple(_repair_rounds(book, unplayed, player, now))
    if entrant.state not in (ACTIVE, ABSENT):
        raise RisikoError(f"il giocatore {player} è già «{entrant.state}»: non c'è niente da "
                          "ritirare", foglio="Iscritti", riga=entrant.row, colonna="Stato",
                          valore=entrant.state)
    players = book.read_table(schema.PLAYERS.name)
    next(r for r in players if r.sheet_row == entrant.row)["Stato"] = WITHDRAWN
    book.write_table(schema.PLAYERS.name, players)
    lines = [f"Ritiro registrato: {entrant.name} ({player})."]
    if unplayed and repair:
        lines += _repair_rounds(book, unplayed, player, now)
    elif unplayed:
        lines.append(_seated_advice(unplayed, player, file))
        lines += _previews(book, unplayed, player)
    elif repair:
        lines.append("Nessun turno sorteggiato e non giocato da riparare.")
    if playing:
        where = (f"Nel turno {playing[0]}, già iniziato" if len(playing) == 1
                 else f"Nei turni {listed(playing)}, già iniziati")
        lines.append(f"{where} (risultati inseriti), il suo tavolo si gioca con la regola "
                     "del giocatore passivo: i tavoli di un turno con risultati non si "
                     "riparano.")
    pending = sorted({(r.round_no, r.phase) for r in t.rows
                      if r.seat is None and r.phase != QUALIFYING})
    if pending:
        lines += _replace(t, load(book), pending[0], player, now)
    else:
        lines += _substitute(t, load(book), player)
    _mark_withdrawn(book, t, player)
    refresh_scores(book)
    return tuple(lines)


def _next_step(t: Tournament) -> PhaseStep | None:
    """The phase `finali` would seat now (the referee's decisions applied)."""
    rules, seed = t.formula.standings, standings_seed(t)
    standings = compute_standings(t.entrants, t.results, rules, seed)
    return applied(t, next_phase(t.entrants, t.results, standings, t.formula.phases, rules,
                                 seed))


def _substitute(before: Tournament, after: Tournament, player: str) -> list[str]:
    """Who takes the withdrawn qualifier's place in the phase not yet seated, said at once
    («Al suo posto in Finale: …, 2° del ripescaggio»), as `finali` will seat it; nothing
    when he held no place there or the phase cannot be computed yet (its results are
    missing: `finali` names the substitute when it seats it)."""
    try:
        was = _next_step(before)
        if was is None or was.qualifier(player) is None:
            return []
        now = _next_step(after)
    except RisikoError:
        return []
    if now is None:
        return []
    seats = (*(q for table in now.tables for q in table), *now.finalists)
    new = [q for q in seats if was.qualifier(q.player) is None]
    where = phase_title(after, now.phase)
    if not new:  # the place goes to whoever the phase being seated gives it to
        stage = after.formula.phases.stage
        rule = next((term for term in REPLACEMENTS_TABLE
                     if stage is not None and term.name == stage.replacement), None)
        how = f": {rule.measures} ({rule.article})" if rule is not None else ""
        return [f"Il suo posto in finale si decide con la fase {where}{how}."]
    return [f"Al suo posto in {where}: " + "; ".join(
        f"{after.by_id[q.player].name} ({q.reason})" for q in new)]


def _repair_rounds(book: Book, rounds: list[int], player: str,
                   now: dt.datetime | None) -> list[str]:
    lines: list[str] = []
    for round_no in rounds:
        lines += repair_round(book, round_no, withdrawn=[player], now=now)
    return lines


def _previews(book: Book, rounds: list[int], player: str) -> list[str]:
    """What a repair would give in each of `rounds`, to choose between repairing and
    redrawing."""
    return ["Riparando: " + text for text in repair_previews(book, rounds, [player])]


def _seated_advice(rounds: list[int], player: str, file: str) -> str:
    """What to do with the drawn, unplayed rounds `rounds` where a withdrawn player sits."""
    which = (f"nel turno {rounds[0]}, non ancora giocato" if len(rounds) == 1 else
             f"nei turni {listed(rounds)}, non ancora giocati")
    redraw = "; ".join(f"risiko-xl sorteggia {file} --turno {n} --forza" for n in rounds)
    return (f"È ancora seduto {which}: ripararne i tavoli con il minimo di spostamenti "
            f"(risiko-xl ritira {file} {player} --ripara), ripetere il sorteggio "
            f"(«Turno da sorteggiare» in Excel; {redraw}) "
            "oppure giocare con la regola del giocatore passivo.")


def _mark_withdrawn(book: Book, t: Tournament, player: str) -> None:
    """`Qualificati` rows that still give `player` a seat in a phase they have not
    played (e.g. a direct finalist listed for a final not yet seated) say «ritiro»: the
    seat is no longer theirs, and the phase, when seated, names who takes it."""
    listed = book.read_table(schema.QUALIFIERS.name)
    if not len(listed):
        return
    played = {phase_title(t, r.phase) for r in t.rows if r.player == player
              and r.seat is not None}
    changed = False
    for row in listed:
        reason = "" if row.get("Qualificazione") is None else str(row["Qualificazione"])
        if row.get("ID") == player and row.get("Fase") not in played \
                and f"— {WITHDRAWAL}" not in reason and "ritirato" not in reason:
            row["Qualificazione"] = reason + f" — {WITHDRAWAL}"
            row["Pos. classifica"] = None  # out of the standings (000 Art. 4)
            changed = True
    if changed:
        book.write_table(schema.QUALIFIERS.name, listed)


def _replace(before: Tournament, after: Tournament, phase: tuple[int, str], player: str,
             now: dt.datetime | None) -> list[str]:
    """Reseat the pending phase without `player`, by the formula's replacement rules."""
    round_no, name = phase
    seed = standings_seed(before)
    rules, phases = before.formula.standings, before.formula.phases
    played = [g for g in before.results if g.round_no < round_no]
    standings = compute_standings(before.entrants, played, rules, seed)
    step = applied(before, next_phase(before.entrants, played, standings, phases, rules,
                                      seed))  # as the referee decided it
    seated = {r.player for r in before.rows if (r.round_no, r.phase) == phase}
    imported = round_no in imported_rounds(before)  # GestioneTorneo's tables: kept
    if step is None or step.phase != name or (set(step.players()) != seated
                                              and not imported):
        raise RisikoError(f"i tavoli della fase {name} (turno {round_no}) non sono quelli "
                          "calcolati dal programma: sostituire il giocatore a mano",
                          foglio="Risultati", colonna="ID", valore=player)
    mine = step.qualifier(player)
    standings = compute_standings(after.entrants, played, rules, seed)
    if imported and player in seated:
        return _keep_seats(after, phase, player,
                           *_entering(step, player, seated, after, played, standings, seed),
                           seed, now)
    if mine is None:
        return []
    if any(r.seat is not None for r in before.rows if (r.round_no, r.phase) == phase):
        # 001 §8 «nella seconda ipotesi verrà ripescato il secondo migliore dei tre
        # tavoli di semifinale»: the final, when seated, takes him
        return [f"La fase {name} (turno {round_no}) è già iniziata: i suoi tavoli restano "
                "come sono; il posto in finale va a chi lo prende secondo la formula "
                "(il secondo migliore dei tavoli, 001 §8) quando si siede la finale."]
    new_step, replacement = replace_withdrawn(step, player, after.entrants, played, standings,
                                              phases, rules=rules, seed=seed)
    new_step = applied(after, new_step)  # the referee's seats stay his, recomputed or not
    if imported:  # a direct finalist: the phase is seated again by the formula's rules
        lines = [f"I tavoli importati della fase {name} (turno {round_no}) sono "
                 "ricomposti secondo la formula, senza il finalista diretto ritirato."]
    else:
        lines = []
    book = after.book
    seated_rows = {r.row for r in after.rows if (r.round_no, r.phase) == phase}
    archive(book, after.results_table.where(lambda row: row.sheet_row in seated_rows),
            f"sostituzione di {player} ({name}, turno {round_no})", now)
    changes = [n for n in new_step.notes if n not in step.notes]
    by = f", al suo posto {after.by_id[replacement.player].name}" if replacement else ""
    # where the standings are recompiled without him (000 Art. 4, 001 §8) his rank was
    # the one before: said, beside the newcomer's rank of the recompiled standings
    before_rank = " prima del ritiro" if rules.withdrawn != "keep" else ""
    gone = ((mine, seats_of(step)[player],
             f"{mine.reason}{before_rank} — {WITHDRAWAL}{by}"),)
    results, qualifiers = step_rows(after, new_step, gone)
    table = after.results_table.where(lambda row: row.sheet_row not in seated_rows)
    table.extend(results)
    book.write_table(schema.RESULTS.name, table)
    listed = book.read_table(schema.QUALIFIERS.name)
    # the step's rows (its phase and the direct finalists it listed) are written anew;
    # players withdrawn earlier from the same step keep their «ritiro» row
    final = phase_title(after, FINAL)
    left = {e.id for e in after.entrants if e.state != ACTIVE and e.id != player}
    listed_again = {q["ID"] for q in qualifiers}

    def kept(row: Row) -> bool:
        turn = number_or_none(row.get("Turno"))
        same = turn == round_no or (turn == round_no + 1 and waiting_row(row, final))
        return not same or (row.get("ID") in left and row.get("ID") not in listed_again)

    listed = listed.where(kept)
    listed.extend(qualifiers)
    book.write_table(schema.QUALIFIERS.name, listed)
    log_draw(book, {"Turno": round_no, "Fase": phase_title(after, name),
                    "Data e ora": timestamp(now), "Seme": seed,
                    "Procedura": SUBSTITUTION, "Tavoli": seating_text(new_step),
                    "Note": "; ".join(changes)})
    if replacement is None:
        return [*lines, "Nessun sostituto in questa fase.", *changes]
    who = after.by_id[replacement.player].name
    return [*lines, f"Al suo posto: {who} ({replacement.reason}).", *changes]


def _entering(step: PhaseStep, player: str, seated: set[str], after: Tournament,
              played: list[GameResult], standings: Standings, seed: str
              ) -> tuple[PhaseStep, Qualifier | None]:
    """The phase computed without `player` and who takes his seat in an imported phase,
    seated as GestioneTorneo did: the formula's replacement; when the imported tables are
    not the formula's (four semifinals where it has a direct finalist, 001 §1) and that
    one is already seated, or the formula did not seat `player` at all, the first of the
    standings not seated (001 §8 «al netto di eventuali giocatori qualificati per la
    semifinale ma ritirati»)."""
    t = after
    rules, phases = t.formula.standings, t.formula.phases
    fresh = next_phase(t.entrants, played, standings, phases, rules, seed) or step
    if step.qualifier(player) is not None:
        fresh, replacement = replace_withdrawn(step, player, t.entrants, played, standings,
                                               phases, rules=rules, seed=seed)
        if replacement is None or replacement.player not in seated:
            return fresh, replacement
    active = {e.id for e in t.entrants if e.state == ACTIVE}
    free = next((r for r in standings.rows if r.player in active
                 and r.player not in seated), None)
    if free is None:
        return fresh, None
    return fresh, Qualifier(free.player, f"{free.position}° in classifica al netto dei "
                            "ritirati, primo non seduto nella fase", free.position)


def _keep_seats(t: Tournament, phase: tuple[int, str], player: str, fresh: PhaseStep,
                replacement: Qualifier | None, seed: str,
                now: dt.datetime | None) -> list[str]:
    """`player` withdrew from a phase imported from GestioneTorneo and not yet played:
    whoever the formula's replacement rules let in takes his seat; every other seat
    stays as GestioneTorneo seated it (the rules would draw the tables anew). Each
    qualifier's position and reason become those of `fresh`, the phase computed without
    him: the standings «al netto di eventuali giocatori qualificati per la semifinale ma
    ritirati» (001 §8), so that the players below him move up one place and no two
    share one."""
    round_no, name = phase
    if replacement is None:
        return ["Nessun sostituto in questa fase."]
    book, title = t.book, phase_title(t, name)
    seat = next(r for r in t.rows if (r.round_no, r.phase, r.player) == (*phase, player))
    archive(book, t.results_table.where(lambda row: row.sheet_row == seat.row),
            f"sostituzione di {player} ({title}, turno {round_no})", now)
    entrant = t.by_id[replacement.player]
    results = t.results_table.copy()
    for row in results:
        if row.sheet_row == seat.row:
            row["ID"], row["Giocatore"] = replacement.player, entrant.name
    book.write_table(schema.RESULTS.name, results)
    qualified = book.read_table(schema.QUALIFIERS.name)
    final = phase_title(t, FINAL)
    moved = 0
    for row in qualified:
        q = fresh.qualifier(str(row.get("ID")))
        same = number_or_none(row.get("Turno")) == round_no and row.get("Fase") == title
        if q is None or not (same or waiting_row(row, final)) \
                or row.get("Qualificazione") == q.reason:
            continue
        moved += number_or_none(row.get("Pos. classifica")) != (q.rank or None)
        row["Pos. classifica"], row["Qualificazione"] = q.rank or None, q.reason
    qualified.extend([{
        "Fase": title, "Turno": round_no, "Girone": replacement.group, "Tavolo": seat.table,
        "ID": replacement.player, "Giocatore": entrant.name, "Club": entrant.club,
        "Pos. classifica": replacement.rank or None, "Qualificazione": replacement.reason}])
    book.write_table(schema.QUALIFIERS.name, qualified)
    tables: dict[int, list[str]] = {}
    for r in t.rows:
        if (r.round_no, r.phase) == phase:
            tables.setdefault(r.table, []).append(
                replacement.player if r.player == player else r.player)
    log_draw(book, {"Turno": round_no, "Fase": title, "Data e ora": timestamp(now),
                    "Seme": seed, "Procedura": SUBSTITUTION,
                    "Tavoli": tables_text(list(tables.values()), list(tables)),
                    "Note": f"{entrant.name} al posto di {t.by_id[player].name} "
                            f"({replacement.reason}); gli altri tavoli come importati"})
    lines = [f"Al suo posto: {entrant.name} ({replacement.reason}), al tavolo {seat.table} "
             "come seduto da GestioneTorneo."]
    if moved:
        lines.append(f"Qualificati: {moved} giocator{'e sale' if moved == 1 else 'i salgono'} "
                     f"di un posto in classifica senza {t.by_id[player].name}.")
    return lines
