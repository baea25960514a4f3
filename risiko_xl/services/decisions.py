"""The referee's hand (`risiko-xl decidi`): a final-phase seat given otherwise than the
formula gives it, «a suo giudizio insindacabile», recorded in `Sorteggi` with who, which
seat and the reason typed.

A decision is part of the tournament's record: `finali` seats the phase with it, the
rows it changed are accepted by `classifica` and `finali`, `verifica` reports it as the
referee's decision and not as a difference, and the qualifier's reason (Fasi finali,
posts) says so. The regulation's own seating stays computable beside it: the decision
names the seat it replaces.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Table
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.services.audit import log_draw, timestamp
from risiko_xl.services.decision_records import applied, phase_word
from risiko_xl.services.standings_sheet import recorded_lotteries, standings_seed
from risiko_xl.standings import compute_standings, next_phase
from risiko_xl.standings.model import ACTIVE, QUALIFYING
from risiko_xl.standings.steps import PhaseStep
from risiko_xl.standings.text import ordinal
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.players import registered_id
from risiko_xl.tournament.records import ResultRow
from risiko_xl.tournament.rulings import DECISION, RULING_TURN, ruling_note

REASON_LIMIT = 2_000  # characters of a decision's reason: it goes into cells and posts


def record(book: Book, phase: str, enter: str, leave: str | None, table: int | None,
           reason: str, now: dt.datetime | None = None) -> list[str]:
    """`risiko-xl decidi`: the decision recorded for the phase seated (and applied to its
    rows not played), or for the phase `finali` seats next."""
    t = load(book)
    word = phase_word(phase)
    next_step = None
    if not any(r.phase == word for r in t.rows):
        seed = standings_seed(t)
        rules = t.formula.standings
        standings = compute_standings(t.entrants, t.results, rules, seed)
        next_step = applied(t, next_phase(t.entrants, t.results, standings,
                                          t.formula.phases, rules, seed))
    return decide(t, word, enter, leave, table, reason, next_step, now)


def decide(t: Tournament, phase: str, enter: str, leave: str | None, table: int | None,
           reason: str, next_step: PhaseStep | None,
           now: dt.datetime | None = None) -> list[str]:
    """Record a decision (and apply it to a phase already seated and not played)."""
    book = t.book
    phase = phase_word(phase)
    if phase == QUALIFYING:
        raise RisikoError("i turni preliminari si sorteggiano: la decisione dell'arbitro "
                          "vale per spareggio, semifinali e finale", valore=phase)
    reason = _reason(reason)
    enter = _player(t, enter, "--entra")
    leave = _player(t, leave, "--esce") if leave else None
    if leave is not None and table is not None:
        raise RisikoError("--tavolo va solo senza --esce (il posto di chi esce è già al suo "
                          "tavolo)", valore=table)
    if t.by_id[enter].state != ACTIVE:
        raise RisikoError(f"{t.by_id[enter].name} è «{t.by_id[enter].state}»: per farlo "
                          "giocare rimetterlo «Attivo» in Iscritti", foglio="Iscritti",
                          riga=t.by_id[enter].row, colonna="Stato",
                          valore=t.by_id[enter].state)
    rows = [r for r in t.rows if r.phase == phase]
    if rows:
        round_no = max(r.round_no for r in rows)
        seated = {r.player: r for r in rows if r.round_no == round_no}
        table = _apply_to_rows(t, round_no, phase, enter, leave, table, seated, reason)
    else:
        if next_step is None or next_step.phase != phase:
            what = "nessuna" if next_step is None else next_step.phase
            raise RisikoError(f"la prossima fase da preparare è {what}, non {phase}",
                              valore=phase)
        round_no = next_step.round_no
        q = next_step.qualifier(leave) if leave else None
        if leave and q is None:
            raise RisikoError(f"{t.by_id[leave].name} non è fra i qualificati per la fase "
                              f"{phase} (turno {round_no})", valore=leave)
        if q is not None and q in next_step.finalists:
            raise RisikoError(f"{t.by_id[q.player].name} è finalista diretto e non siede "
                              f"nella fase {phase}: il suo posto in finale si decide con "
                              "--fase Finale quando «finali» prepara la finale", valore=leave)
        if next_step.qualifier(enter) is not None:
            raise RisikoError(f"{t.by_id[enter].name} è già qualificato per la fase {phase}",
                              valore=enter)
        numbers = next_step.table_numbers or tuple(range(1, len(next_step.tables) + 1))
        if leave is not None:
            table = next((n for n, seats in zip(numbers, next_step.tables)
                          if any(x.player == leave for x in seats)), None)
        elif table not in numbers:
            raise RisikoError(f"indicare il tavolo della fase ({', '.join(map(str, numbers))}) "
                              "con --tavolo", valore=table)
    log_draw(book, {"Turno": round_no, "Fase": phase, "Data e ora": timestamp(now),
                    "Procedura": DECISION,
                    "Tavoli": f"{table if table is not None else 0}: {enter}",
                    "Note": (f"al posto di {leave}" if leave else "in più")
                    + f"; motivo: {reason}"})
    instead = f" al posto di {t.by_id[leave].name}" if leave else f" al tavolo {table}"
    return [f"Decisione dell'arbitro registrata in Sorteggi: {t.by_id[enter].name}{instead} "
            f"({phase}, turno {round_no}): {reason}"]


def _reason(text: str) -> str:
    """The reason typed, on one line; refused when empty or longer than a post can say."""
    reason = " ".join(text.split())
    if not reason:
        raise RisikoError("scrivere il motivo della decisione (--motivo)")
    if len(reason) > REASON_LIMIT:
        raise RisikoError(f"--motivo: al massimo {REASON_LIMIT} caratteri (sono "
                          f"{len(reason)})", valore=reason[:40] + "…")
    return reason


def _player(t: Tournament, pid: str | None, option: str) -> str:
    """The registered ID typed after `option` («g3», «G3» for G03)."""
    found = registered_id(pid or "", list(t.by_id))
    if found is None:
        raise RisikoError(f"{option}: nessun iscritto con questo ID", foglio="Iscritti",
                          colonna="ID", valore=pid)
    return found


def _apply_to_rows(t: Tournament, round_no: int, phase: str, enter: str, leave: str | None,
                   table: int | None, seated: dict[str, ResultRow],
                   reason: str) -> int | None:
    """A phase already seated: the seat given in `Risultati` (when its game is not played)
    and in `Qualificati`; the table the decision is about."""
    if enter in seated and leave is None:
        raise RisikoError(f"{t.by_id[enter].name} siede già al tavolo {seated[enter].table} "
                          f"della fase {phase} (turno {round_no}): indicare con --esce chi "
                          "lascia il posto", foglio="Risultati", riga=seated[enter].row,
                          colonna="ID", valore=enter)
    later = [line for line in t.book.read_table(schema.QUALIFIERS.name)
             if line.get("ID") == enter and to_text(line.get("Fase")) != phase
             and isinstance(line.get("Turno"), int) and line.get("Turno") >= round_no]
    if later:  # a direct finalist, say: a seat here would leave the final's empty
        raise RisikoError(f"{t.by_id[enter].name} è già qualificato per la fase "
                          f"{to_text(later[0].get('Fase'))} (Qualificati, riga "
                          f"{later[0].sheet_row})", valore=enter)
    if enter in seated and leave is not None and leave not in seated:  # typed by hand
        _listed(t, round_no, enter, leave, reason)  # already: the decision records it
        return seated[enter].table
    if enter in seated:
        raise RisikoError(f"{t.by_id[enter].name} siede già nella fase {phase} (turno "
                          f"{round_no})", foglio="Risultati", riga=seated[enter].row,
                          colonna="ID", valore=enter)
    if leave is None:
        raise RisikoError(f"la fase {phase} è già preparata: indicare con --esce chi lascia "
                          "il posto", valore=enter)
    if leave not in seated:
        raise RisikoError(f"{t.by_id[leave].name} non siede nella fase {phase} (turno "
                          f"{round_no})", valore=leave)
    row = seated[leave]
    if row.seat is not None:
        raise RisikoError(f"la partita di {t.by_id[leave].name} è già giocata (turno "
                          f"{round_no}): la decisione va presa prima", foglio="Risultati",
                          riga=row.row, colonna="Punti obiettivo")
    results = t.results_table.copy()
    for line in results:
        if line.sheet_row == row.row:
            line["ID"], line["Giocatore"] = enter, t.by_id[enter].name
    t.book.write_table(schema.RESULTS.name, results)
    _listed(t, round_no, enter, leave, reason)
    return row.table


def _listed(t: Tournament, round_no: int, enter: str, leave: str, reason: str) -> None:
    """The `Qualificati` row of `leave` in that round given to `enter`, with the reason."""
    book = t.book
    listed: Table = book.read_table(schema.QUALIFIERS.name)
    for line in listed:
        if line.get("ID") == leave and line.get("Turno") == round_no:
            line["ID"], line["Giocatore"] = enter, t.by_id[enter].name
            line["Club"] = t.by_id[enter].club
            line["Pos. classifica"] = None
            line["Qualificazione"] = (f"decisione dell'arbitro: {reason} (al posto di "
                                      f"{t.by_id[leave].name})")
    book.write_table(schema.QUALIFIERS.name, listed)




def rule_tie(book: Book, order: str, reason: str, now: dt.datetime | None = None) -> list[str]:
    """`risiko-xl decidi --ordine`: the referee's order of players the standings leave
    tied (or separated by a lottery only), recorded in `Sorteggi` (`tournament.rulings`);
    from then on every standings, phase and post follows it. Players not tied, or only
    some of a tie, are refused: the chain of the formula orders everyone else."""
    t = load(book)
    reason = _reason(reason)
    ids = tuple(_player(t, pid, "--ordine") for pid in order.split(",") if pid.strip())
    if len(ids) < 2 or len(set(ids)) != len(ids):
        raise RisikoError("--ordine: servono almeno due ID diversi, separati da virgole "
                          "(es. «G03,G02»)", valore=order)
    rules = dataclasses.replace(t.formula.standings, rulings=())
    standings = compute_standings(t.entrants, t.results, rules, standings_seed(t),
                                  recorded=[o for _, o in recorded_lotteries(book)])
    rows = {r.player: r for r in standings.rows}
    missing = [pid for pid in ids if pid not in rows]
    if missing:
        raise RisikoError(f"{t.by_id[missing[0]].name} non è in classifica", valore=missing[0])
    positions = {rows[pid].position for pid in ids}
    drawn = next((d for d in standings.lottery if set(ids) <= set(d.players)), None)
    tie = [r.player for r in standings.rows if r.position in positions] if drawn is None \
        else list(drawn.players)
    if len(positions) > 1 and drawn is None:
        listed = ", ".join(f"{t.by_id[pid].name} {ordinal(rows[pid].position)}" for pid in ids)
        raise RisikoError(f"non sono a pari in classifica ({listed}): l'arbitro decide solo "
                          "una parità che la formula non scioglie", valore=order)
    others = [pid for pid in tie if pid not in ids]
    if others:
        raise RisikoError(f"a pari con loro anche {', '.join(t.by_id[p].name for p in others)}"
                          ": indicarli tutti nell'ordine deciso", valore=order)
    # phase_check applies the recorded decisions: imported here, not at the top
    from risiko_xl.services.phase_check import refuse_changed_phases, seated_differences

    before = seated_differences(t)
    log_draw(book, {"Turno": RULING_TURN, "Fase": QUALIFYING, "Data e ora": timestamp(now),
                    "Procedura": DECISION, "Note": ruling_note(ids, reason)})
    refuse_changed_phases(load(book), before, "quest'ordine")
    names = ", ".join(f"{t.by_id[pid].name}" for pid in ids)
    return [f"Decisione dell'arbitro registrata in Sorteggi: in classifica, nell'ordine, "
            f"{names} ({ordinal(min(positions))} posto): {reason}"]
