"""Final phases in the workbook (`risiko-xl finals`, *Fasi finali*; *Ritira giocatore*).

Each call does the next step the formula prescribes: seat the spareggio / semifinals /
final (pre-filling their `Risultati` rows and listing the qualifiers and how each
qualified on `Fasi finali`), or, when the final is typed, write the final ranking.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pandas as pd

from risiko_xl.errors import RisikoError
from risiko_xl.standings import (
    PhaseStep,
    compute_standings,
    final_ranking,
    next_phase,
    replace_withdrawn,
)
from risiko_xl.standings.model import QUALIFYING, WITHDRAWN
from risiko_xl.workbook import schema
from risiko_xl.workbook.audit import append_rows, log_draw, tables_text, timestamp
from risiko_xl.workbook.book import Book
from risiko_xl.workbook.scoring import cell_number, write_computed
from risiko_xl.workbook.standings_sheet import standings_seed
from risiko_xl.workbook.state import Tournament, load


@dataclass(frozen=True)
class FinalsUpdate:
    step: PhaseStep | None
    lines: tuple[str, ...]


def _check_complete(t: Tournament) -> None:
    rounds = t.formula.standings.rounds
    drawn = t.rounds_drawn()
    if drawn != list(range(1, rounds + 1)):
        missing = next(n for n in range(1, rounds + 1) if n not in drawn)
        raise RisikoError(f"le fasi finali iniziano dopo i {rounds} turni preliminari: manca "
                          f"il turno {missing}", foglio="Risultati", colonna="Turno",
                          valore=missing)
    blank = next((r for r in t.rows if r.seat is None), None)
    if blank is not None:
        raise RisikoError(f"mancano i risultati ({blank.phase}, turno {blank.round_no})",
                          foglio="Risultati", tavolo=blank.table, riga=blank.row,
                          colonna="Punti obiettivo", valore=None)


def _step_frames(t: Tournament, step: PhaseStep) -> tuple[pd.DataFrame, pd.DataFrame]:
    by_id = t.by_id
    results, qualifiers = [], []
    for number, table in enumerate(step.tables, start=1):
        for q in table:
            results.append({"Turno": step.round_no, "Fase": step.phase, "Tavolo": number,
                            "ID": q.player, "Giocatore": by_id[q.player].name})
            qualifiers.append({"Fase": step.phase, "Turno": step.round_no,
                               "Girone": q.group, "Tavolo": number, "ID": q.player,
                               "Giocatore": by_id[q.player].name,
                               "Club": by_id[q.player].club, "Pos. classifica": q.rank,
                               "Qualificazione": q.reason})
    return pd.DataFrame(results), pd.DataFrame(qualifiers)


def run_finals(book: Book, now: dt.datetime | None = None) -> FinalsUpdate:
    """Seat the next final phase, or write the final ranking when all is played."""
    t = load(book)
    _check_complete(t)
    book.write_table(schema.RESULTS.name, write_computed(t.frame, t.computed))
    seed = standings_seed(t)
    rules = t.formula.standings
    standings = compute_standings(t.entrants, t.results, rules, seed)
    step = next_phase(t.entrants, t.results, standings, t.formula.phases, rules, seed)
    if step is None:
        return FinalsUpdate(None, _write_ranking(t, standings, seed))
    results, qualifiers = _step_frames(t, step)
    book.write_table(schema.RESULTS.name,
                     pd.concat([book.read_table(schema.RESULTS.name), results],
                               ignore_index=True))
    append_rows(book, schema.QUALIFIERS, qualifiers.to_dict("records"))
    log_draw(book, {"Turno": step.round_no, "Fase": step.phase, "Data e ora": timestamp(now),
                    "Seme": seed, "Procedura": "dalla classifica",
                    "Tavoli": tables_text([[q.player for q in tb] for tb in step.tables]),
                    "Note": "; ".join(step.notes)})
    count = len(step.tables)
    lines = [f"{step.phase} (turno {step.round_no}): {count} tavol{'o' if count == 1 else 'i'}"]
    for number, table in enumerate(step.tables, start=1):
        lines.append(f"  Tavolo {number}: " + ", ".join(
            f"{t.by_id[q.player].name} ({q.reason})" for q in table))
    lines += list(step.notes)
    return FinalsUpdate(step, tuple(lines))


def _write_ranking(t: Tournament, standings, seed: str) -> tuple[str, ...]:
    ranking = final_ranking(t.entrants, t.results, standings, t.formula.phases,
                            t.formula.standings, seed)
    by_id = t.by_id
    frame = pd.DataFrame([{"Pos": r.position, "ID": r.player, "Giocatore": by_id[r.player].name,
                           "Club": by_id[r.player].club, "Fase raggiunta": r.stage,
                           "Punti": cell_number(r.points)} for r in ranking],
                         columns=schema.FINAL_RANKING.headers)
    t.book.write_table(schema.FINAL_RANKING.name, frame)
    podium = [f"{r.position}° {by_id[r.player].name}" for r in ranking[:4]]
    return ("Classifica finale scritta: " + ", ".join(podium),)


def withdraw(book: Book, player: str, now: dt.datetime | None = None) -> tuple[str, ...]:
    """Mark `player` withdrawn; a qualifier not yet played is replaced as the formula says."""
    t = load(book)
    entrant = t.by_id.get(player)
    if entrant is None:
        raise RisikoError("ID non presente tra gli iscritti", foglio="Iscritti", colonna="ID",
                          valore=player)
    frame = book.read_table(schema.PLAYERS.name)
    frame.loc[entrant.row, "Stato"] = WITHDRAWN
    book.write_table(schema.PLAYERS.name, frame)
    lines = [f"Ritiro registrato: {entrant.name} ({player})."]
    pending = [r for r in t.rows if r.player == player and r.seat is None]
    for r in pending:
        if r.phase == QUALIFYING:
            lines.append(f"È già sorteggiato nel turno {r.round_no}: ripetere il sorteggio con "
                         "--forza oppure giocare con la regola del giocatore passivo.")
            continue
        lines.append(_replace(t, book, r, player, now))
    return tuple(lines)


def _replace(t: Tournament, book: Book, row, player: str, now: dt.datetime | None) -> str:
    seed = standings_seed(t)
    standings = compute_standings(t.entrants, t.results, t.formula.standings, seed)
    seated = [r for r in t.rows if (r.round_no, r.phase) == (row.round_no, row.phase)]
    tables: dict[int, list[str]] = {}
    for r in seated:
        tables.setdefault(r.table, []).append(r.player)
    qualifiers = book.read_table(schema.QUALIFIERS.name)
    reasons = {(str(i), str(p)): (q, g, k) for i, p, q, g, k in zip(
        qualifiers["ID"], qualifiers["Fase"], qualifiers["Qualificazione"],
        qualifiers["Girone"], qualifiers["Pos. classifica"])}
    from risiko_xl.standings import Qualifier

    step = PhaseStep(phase=row.phase, round_no=row.round_no, tables=tuple(
        tuple(Qualifier(p, *_reason(reasons, p, row.phase)) for p in tables[n])
        for n in sorted(tables)), notes=())
    _, replacement = replace_withdrawn(step, player, t.entrants, t.results, standings,
                                       t.formula.phases)
    frame = book.read_table(schema.RESULTS.name)
    frame.loc[row.row, "ID"] = replacement.player
    frame.loc[row.row, "Giocatore"] = t.by_id[replacement.player].name
    book.write_table(schema.RESULTS.name, frame)
    append_rows(book, schema.QUALIFIERS, [{
        "Fase": row.phase, "Turno": row.round_no, "Tavolo": row.table,
        "ID": replacement.player, "Giocatore": t.by_id[replacement.player].name,
        "Club": t.by_id[replacement.player].club, "Pos. classifica": replacement.rank,
        "Qualificazione": replacement.reason}])
    log_draw(book, {"Turno": row.round_no, "Fase": row.phase, "Data e ora": timestamp(now),
                    "Procedura": "sostituzione", "Note": f"{player} → {replacement.player}: "
                    f"{replacement.reason}"})
    return f"Sostituito da {t.by_id[replacement.player].name}: {replacement.reason}"


def _reason(reasons: dict, player: str, phase: str) -> tuple[str, int | None, int | None]:
    reason, group, rank = reasons.get((player, phase), ("", None, None))
    return str(reason), (None if pd.isna(rank) else int(rank)), \
        (None if group is None or pd.isna(group) else int(group))
