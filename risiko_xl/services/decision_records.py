"""The referee's decisions on seats, as `Sorteggi` records them (`risiko-xl decidi --fase
… --entra … [--esce …]`): read back, and applied to the seating a phase's rules give.
Read by `finali`, `ritira`, the checks of the phase rows and `verifica`; written by
`services.decisions`."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import overload

from risiko_xl.books import schema
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.services.audit import seating
from risiko_xl.standings.model import ACTIVE, PHASE_ALIASES, PHASE_NAMES
from risiko_xl.standings.steps import PhaseStep, with_decision
from risiko_xl.tournament.loading import Tournament
from risiko_xl.tournament.rulings import DECISION, is_ruling

_NOTE = re.compile(r"^(?:al posto di (?P<leave>\S+)|in più); motivo: (?P<reason>.*)$", re.S)


@dataclass(frozen=True)
class Decision:
    """One decision: `enter` seated at `table` of the phase's round, instead of `leave`
    (None: a seat added), for `reason`; `row` in Sorteggi."""

    round_no: int
    phase: str
    enter: str
    leave: str | None
    table: int | None
    reason: str
    row: int | None = None

    def words(self, t: Tournament) -> str:
        who = t.by_id[self.enter].name if self.enter in t.by_id else self.enter
        instead = ""
        if self.leave is not None:
            gone = t.by_id[self.leave].name if self.leave in t.by_id else self.leave
            instead = f" al posto di {gone}"
        lapsed = ""
        if self.enter in t.by_id and t.by_id[self.enter].state != ACTIVE:
            lapsed = f" (non applicata: {who} è «{t.by_id[self.enter].state}»)"
        return (f"Decisione dell'arbitro (Sorteggi, riga {self.row}): {who}{instead}, "
                f"{self.phase} turno {self.round_no}: {self.reason}{lapsed}")


def phase_word(text: str) -> str:
    """The `Fase` word of a phase typed by the organiser («semifinale», «Ripescaggio»)."""
    for word in (*PHASE_NAMES, *PHASE_ALIASES):
        if word.casefold() == text.strip().casefold():
            return PHASE_ALIASES.get(word, word)
    raise RisikoError("fase sconosciuta (ammesse: Spareggio, Ripescaggio, Semifinale, "
                      "Finale)", valore=text)


def leaving(note: object) -> str | None:
    """Who a decision's row (its «Note») takes the seat of; None: a seat added."""
    match = _NOTE.match(to_text(note) or "")
    return match["leave"] if match else None


def decisions(t: Tournament) -> list[Decision]:
    """The decisions recorded in `Sorteggi`, in order."""
    out = []
    for line in t.book.read_table(schema.DRAWS.name):
        if to_text(line.get("Procedura")) != DECISION or is_ruling(line.get("Note")):
            continue
        try:
            seats = seating(line.get("Tavoli"))
        except ValueError:  # «x: G15»: a table that is not a number
            seats = {}
        match = _NOTE.match(to_text(line.get("Note")) or "")
        turn = to_text(line.get("Turno"))
        if len(seats) != 1 or match is None or not (turn or "").isdigit():
            raise RisikoError("riga di decisione dell'arbitro non leggibile: rimetterla come "
                              "scritta da «risiko-xl decidi»", foglio=schema.DRAWS.sheet,
                              riga=line.sheet_row, colonna="Note", valore=line.get("Note"))
        (enter, table), = seats.items()
        unknown = [pid for pid in (enter, match["leave"]) if pid and pid not in t.by_id]
        if unknown:
            raise RisikoError("decisione dell'arbitro per un ID non iscritto",
                              foglio=schema.DRAWS.sheet, riga=line.sheet_row,
                              colonna="Tavoli" if unknown[0] == enter else "Note",
                              valore=unknown[0])
        phase = phase_word(to_text(line.get("Fase")) or "")
        out.append(Decision(int(turn or 0), phase, enter, match["leave"], table,
                            match["reason"], line.sheet_row))
    return out


@overload
def applied(t: Tournament, step: PhaseStep,
            recorded: Iterable[Decision] | None = None) -> PhaseStep: ...


@overload
def applied(t: Tournament, step: None,
            recorded: Iterable[Decision] | None = None) -> None: ...


@overload
def applied(t: Tournament, step: PhaseStep | None,
            recorded: Iterable[Decision] | None = None) -> PhaseStep | None: ...


def applied(t: Tournament, step: PhaseStep | None,
            recorded: Iterable[Decision] | None = None) -> PhaseStep | None:
    """`step` with the referee's decisions of its round and phase. A decision whose player
    has since withdrawn or been disqualified lapses (the seat is the formula's again),
    and a note says so."""
    if step is None:
        return None
    for d in decisions(t) if recorded is None else recorded:
        if d.round_no != step.round_no or d.phase != step.phase:
            continue
        if t.by_id[d.enter].state != ACTIVE:
            step = dataclasses.replace(step, notes=(*step.notes, (
                f"Decisione dell'arbitro (Sorteggi, riga {d.row}) non applicata: "
                f"{t.by_id[d.enter].name} è «{t.by_id[d.enter].state}»")))
            continue
        step = with_decision(step, d.enter, d.leave, d.table, d.reason, 0,
                             lambda pid: t.by_id[pid].name if pid in t.by_id else pid)
    return step


