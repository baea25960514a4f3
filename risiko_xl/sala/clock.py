"""The round's clock, as the organiser runs it: started, paused, extended (for the whole
room or one table that started late), never by itself. 000 Art. 6 and 003 Art. 5 give a
game «una durata di 1 ora e 30 minuti» (the default), «una sola pausa di 5 minuti che non
inciderà sulla durata effettiva della partita» (a pause stops the clock), and say what
the end of time starts: «si procederà a concludere il "giro" in corso, che costituirà il
penultimo giro», then the last round and the «sdadata» (`END`)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from risiko_xl.errors import RisikoError
from risiko_xl.sala import CLOCK_ACTIONS

DEFAULT_MINUTES = 90  # 000 Art. 6, 003 Art. 5
EXTRA_MINUTES = 5  # an extension, when its minutes are not given
LONGEST = 600  # minutes: a round, extensions included
MOST_TABLES = 999
END = ("Tempo scaduto: si conclude il giro in corso (il penultimo), poi l'ultimo giro e la "
       "«sdadata»; al termine i referti si firmano")
ACTIONS = CLOCK_ACTIONS
DONE = dict(zip(ACTIONS, ("avviato", "in pausa", "ripreso", "prorogato", "azzerato")))


@dataclass
class Clock:
    """The clock; `now` reads seconds (a monotonic clock: the laptop's time may be set
    during the evening)."""

    now: Callable[[], float] = time.monotonic
    minutes: int = 0
    started: float | None = None
    paused_at: float | None = None
    paused: float = 0.0
    extra: dict[int | None, int] = field(default_factory=dict)  # table (None: all) → min
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def act(self, action: str, minutes: int | None = None, table: int | None = None) -> str:
        """One of `ACTIONS`, and what was done in words («Orologio avviato: 90 minuti»);
        RisikoError for what the clock's state does not allow."""
        if action not in ACTIONS:
            raise RisikoError("azione dell'orologio sconosciuta", valore=action)
        if minutes is not None and not 1 <= minutes <= LONGEST:
            raise RisikoError(f"minuti da 1 a {LONGEST}", valore=minutes)
        if table is not None and not 1 <= table <= MOST_TABLES:
            raise RisikoError(f"tavolo da 1 a {MOST_TABLES}", valore=table)
        with self._lock:
            now = self.now()
            if action == "avvia":
                self.minutes, self.started = minutes or DEFAULT_MINUTES, now
                self.paused_at, self.paused, self.extra = None, 0.0, {}
            elif self.started is None:
                raise RisikoError("l'orologio non è avviato")
            elif action == "pausa":
                if self.paused_at is not None:
                    raise RisikoError("l'orologio è già in pausa («una sola pausa»)")
                self.paused_at = now
            elif action == "riprendi":
                if self.paused_at is None:
                    raise RisikoError("l'orologio non è in pausa")
                self.paused += now - self.paused_at
                self.paused_at = None
            elif action == "proroga":
                extra = minutes or EXTRA_MINUTES
                if sum(self.extra.values()) + extra + self.minutes > LONGEST:
                    raise RisikoError(f"un turno dura al massimo {LONGEST} minuti")
                self.extra[table] = self.extra.get(table, 0) + extra
                return (f"Orologio {DONE[action]}: {extra} minuti in più " +
                        (f"al tavolo {table}" if table else "a tutti i tavoli"))
            elif action == "azzera":
                self.started, self.paused_at, self.paused, self.extra = None, None, 0.0, {}
            return f"Orologio {DONE[action]}" + (
                f": {self.minutes} minuti" if action == "avvia" else "")

    def view(self) -> dict[str, Any]:
        """The clock for the pages: «fermo», «in corso», «in pausa» or «scaduto», the
        seconds left to the room (`resta`) and to each table given more time."""
        with self._lock:
            if self.started is None:
                return {"stato": "fermo", "resta": None, "tavoli": {}, "fine": END}
            now = self.paused_at if self.paused_at is not None else self.now()
            gone = now - self.started - self.paused
            room = self.minutes + self.extra.get(None, 0)
            left = round(room * 60 - gone)
            tables = {str(t): round((room + m) * 60 - gone) for t, m in self.extra.items()
                      if t is not None}
            state = ("in pausa" if self.paused_at is not None
                     else "scaduto" if left <= 0 and all(v <= 0 for v in tables.values())
                     else "in corso")
            return {"stato": state, "resta": left, "tavoli": tables, "fine": END}
