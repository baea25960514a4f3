"""The one clock of the program: every date and time shown to people is Italian time.

Tournaments are played in Italy and the regulations count deadlines on the wall clock
of the room (000/003 Art. 2: appeals «entro 2 ore dalla pubblicazione»). The computer
may keep UTC (servers, containers) or another zone: the time is therefore always read
here, as a UTC instant, and shown in the «Europe/Rome» zone, CET (UTC+1) in winter and
CEST (UTC+2) in summer. Nothing else in the package reads the system clock for a time
people see.
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

ROME = ZoneInfo("Europe/Rome")


def utc_now() -> dt.datetime:
    """The present instant (aware, UTC): the only place the clock is read."""
    return dt.datetime.now(dt.UTC)


def italian_time(moment: dt.datetime | float | None = None) -> dt.datetime:
    """`moment` as an aware Italian date and time: None is now; a number is a POSIX
    timestamp (a file's modification time); an aware datetime is converted; a naive one
    is taken as already Italian (a time typed or stored without its zone)."""
    if moment is None:
        moment = utc_now()
    elif isinstance(moment, (int, float)):
        moment = dt.datetime.fromtimestamp(moment, dt.UTC)
    if moment.tzinfo is None:
        return moment.replace(tzinfo=ROME)
    return moment.astimezone(ROME)
