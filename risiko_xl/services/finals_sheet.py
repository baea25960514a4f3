"""Final phases in the workbook (`risiko-xl finals`, *Fasi finali*; *Ritira giocatore*).

Each call does the next step the formula prescribes: seat the spareggio / semifinals /
final (pre-filling their `Risultati` rows and listing the qualifiers and how each
qualified on `Fasi finali`), or, when the final is typed, write the final ranking.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row, Table
from risiko_xl.cells import number_or_none
from risiko_xl.errors import RisikoError, listed
from risiko_xl.services.audit import (
    SUBSTITUTION,
    append_rows,
    archive,
    log_draw,
    tables_text,
    timestamp,
)
from risiko_xl.services.phase_check import check_phase_rows, check_seatings, imported_rounds
from risiko_xl.services.standings_sheet import (
    LOTTERY_PROCEDURE,
    refresh_scores,
    standings_seed,
)
from risiko_xl.standings import (
    PhaseStep,
    RankRow,
    Standings,
    compute_standings,
    final_ranking,
    next_phase,
    replace_withdrawn,
)
from risiko_xl.standings.model import ABSENT, ACTIVE, FINAL, PLAYOFF, QUALIFYING, WITHDRAWN
from risiko_xl.standings.playoff import label_of
from risiko_xl.standings.replacements import seats_of
from risiko_xl.standings.steps import Qualifier
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.players import find_entrant, registered_names
from risiko_xl.tournament.scoring import cell_number

# A withdrawal as notes and Qualificati say it: the noun, the same for a man or a woman
# (the Stato keyword «Ritirato» stays: it is the value organisers choose in Iscritti).
WITHDRAWAL = "ritiro"
# The stage of players who played only the preliminary rounds (000 Art. 1 and 003 Art. 1
# «una fase preliminare»): «Fase raggiunta: Qualificazione» read as if they qualified,
# and «Fase raggiunta: Fase preliminare» repeats the header; a phase name, like «Finale».
PRELIMINARY = "Preliminare"


@dataclass(frozen=True)
class FinalsUpdate:
    step: PhaseStep | None
    lines: tuple[str, ...]


def _check_complete(t: Tournament) -> None:
    rounds = t.formula.standings.rounds
    drawn = t.rounds_drawn()
    if drawn != list(range(1, rounds + 1)):
        missing = next(n for n in range(1, rounds + 1) if n not in drawn)
        found = ("turni " + ", ".join(str(n) for n in drawn)) if drawn else None
        raise RisikoError(f"le fasi finali iniziano dopo i {rounds} turni preliminari "
                          f"(«Turni preliminari» in Impostazioni) e manca il turno {missing}",
                          foglio="Risultati", colonna="Turno", valore=found)
    blank = next((r for r in t.rows if r.seat is None), None)
    if blank is not None:
        raise RisikoError(f"mancano i risultati ({blank.phase}, turno {blank.round_no})",
                          foglio="Risultati", tavolo=blank.table, riga=blank.row,
                          colonna="Punti obiettivo", valore=None)


def _numbers(step: PhaseStep) -> tuple[int, ...]:
    return step.table_numbers or tuple(range(1, len(step.tables) + 1))


def _seating(step: PhaseStep) -> str:
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


def _waiting(row: Row, title: str) -> bool:
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
        update = [row for row in listed if _waiting(row, title) and row.get("ID") in seated]
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
    step = next_phase(t.entrants, t.results, standings, t.formula.phases, rules, seed)
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
                    "Tavoli": _seating(step),
                    "Note": "; ".join(step.notes)})
    count = len(step.tables)
    lines = [f"{phase_title(t, step.phase)} (turno {step.round_no}): {count} "
             f"tavol{'o' if count == 1 else 'i'}"]
    for number, seated in zip(_numbers(step), step.tables):
        lines.append(f"  Tavolo {number}: " + ", ".join(
            f"{t.by_id[q.player].name} ({q.reason})" for q in seated))
    shown = {line.partition(": ")[2] for line in lines[1:]}  # «Spareggio: …» repeats one
    return (*lines, *(n for n in step.notes if n.partition(": ")[2] not in shown))


def _write_ranking(t: Tournament, standings: Standings, seed: str,
                   now: dt.datetime | None = None) -> tuple[str, ...]:
    ranking = final_ranking(t.entrants, t.results, standings, t.formula.phases,
                            t.formula.standings, seed)
    by_id = t.by_id
    table = Table.of([{"Pos": r.position, "ID": r.player, "Giocatore": by_id[r.player].name,
                        "Club": by_id[r.player].club,
                        "Fase raggiunta": stage_title(t, r.stage),
                        "Posto in finale": r.final_place,
                        "Punti finale": None if r.final_points is None
                        else cell_number(r.final_points),
                        "Punti torneo": cell_number(r.total if r.total is not None
                                                    else r.points),
                        "Note": _note(r)} for r in ranking],
                     schema.FINAL_RANKING.headers)
    t.book.write_table(schema.FINAL_RANKING.name, table)
    new_draws = {r.lottery.players: r.lottery for r in ranking
                 if r.lottery is not None and not r.lottery.reused}
    append_rows(t.book, schema.DRAWS, [  # a tie first met here: drawn once, recorded
        {"Turno": "Classifica finale", "Fase": FINAL, "Data e ora": timestamp(now),
         "Seme": str(draw.seed), "Procedura": LOTTERY_PROCEDURE, "Note": draw.describe()}
        for draw in new_draws.values()])
    podium = [f"{r.position}° {by_id[r.player].name}" for r in ranking[:4]]
    return ("Classifica finale scritta: " + ", ".join(podium),)


def _note(r: RankRow) -> str | None:
    """What the position rests on beyond the columns: a withdrawal, a shared place, a
    lottery."""
    notes = [text for flag, text in ((r.withdrawn, WITHDRAWAL), (r.shared, "a pari merito"),
                                     (r.by_lottery, "deciso per sorteggio")) if flag]
    return ", ".join(notes) or None


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
    _mark_withdrawn(book, t, player)
    refresh_scores(book)
    return tuple(lines)


def _repair_rounds(book: Book, rounds: list[int], player: str,
                   now: dt.datetime | None) -> list[str]:
    from risiko_xl.services.repair_round import repair_round

    lines: list[str] = []
    for round_no in rounds:
        lines += repair_round(book, round_no, withdrawn=[player], now=now)
    return lines


def _previews(book: Book, rounds: list[int], player: str) -> list[str]:
    """What a repair would give in each of `rounds`, to choose between repairing and
    redrawing."""
    from risiko_xl.services.repair_round import repair_previews

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
    step = next_phase(before.entrants, played, standings, phases, rules, seed)
    seated = {r.player for r in before.rows if (r.round_no, r.phase) == phase}
    imported = round_no in imported_rounds(before)  # GestioneTorneo's tables: kept
    if step is None or step.phase != name or (set(step.players()) != seated
                                              and not imported):
        raise RisikoError(f"i tavoli della fase {name} (turno {round_no}) non sono quelli "
                          "calcolati dal programma: sostituire il giocatore a mano",
                          foglio="Risultati", colonna="ID", valore=player)
    mine = step.qualifier(player)
    if mine is None:
        return []
    standings = compute_standings(after.entrants, played, rules, seed)
    new_step, replacement = replace_withdrawn(step, player, after.entrants, played, standings,
                                              phases, rules=rules, seed=seed)
    if imported:
        from risiko_xl.services.import_gt_phases import replace_seat

        return replace_seat(after, phase, player, replacement, seed, now)
    book = after.book
    seated_rows = {r.row for r in after.rows if (r.round_no, r.phase) == phase}
    archive(book, after.results_table.where(lambda row: row.sheet_row in seated_rows),
            f"sostituzione di {player} ({name}, turno {round_no})", now)
    changes = [n for n in new_step.notes if n not in step.notes]
    by = f", al suo posto {after.by_id[replacement.player].name}" if replacement else ""
    gone = ((mine, seats_of(step)[player], f"{mine.reason} — {WITHDRAWAL}{by}"),)
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
        same = turn == round_no or (turn == round_no + 1 and _waiting(row, final))
        return not same or (row.get("ID") in left and row.get("ID") not in listed_again)

    listed = listed.where(kept)
    listed.extend(qualifiers)
    book.write_table(schema.QUALIFIERS.name, listed)
    log_draw(book, {"Turno": round_no, "Fase": phase_title(after, name),
                    "Data e ora": timestamp(now), "Seme": seed,
                    "Procedura": SUBSTITUTION, "Tavoli": _seating(new_step),
                    "Note": "; ".join(changes)})
    if replacement is None:
        return ["Nessun sostituto in questa fase.", *changes]
    who = after.by_id[replacement.player].name
    return [f"Al suo posto: {who} ({replacement.reason}).", *changes]
