"""Results sent from the tables' phones, pending until the organiser confirms them.

They are kept in a journal beside the workbook, `TORNEO.xlsx.referti`, readable by its
owner only: one JSON line per event, each on the disk before the phone hears «ricevuto»,
so a result sent is never lost, even if the laptop stops. A venue opened again reads it
back. Nothing here writes the workbook: a confirmation goes through the command path
(`services.table_reports.write`, the lock held, the history kept).

- a sending: the table (round, phase, table), its players and the cells typed; the
  latest sending of a table counts (a correction before the confirmation);
- the same form arriving twice (a double tap, a phone sending again) is one sending:
  each form carries its own id (letters, digits, «-» and «_»: the organiser's page lists
  the ids it showed with commas); an older form sent again is a new sending, the latest;
- a confirmation closes the table: its code sends nothing more («già confermato»);
- the organiser may set a sending aside (a conflict the signed sheet settled).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from risiko_xl.clock import italian_time, utc_now
from risiko_xl.errors import RisikoError
from risiko_xl.services.table_reports import Key, Report
from risiko_xl.venue import beside

MOST_SENDINGS = 30  # per table: a code cannot fill the laptop's disk
LONGEST_LINE = 16_384  # characters of one event of the journal
FORM_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")  # a form's own id (`secrets.token_urlsafe`)


@dataclass(frozen=True)
class Sending:
    """One result as sent: the form's `id`, the report, when it arrived."""

    id: str
    report: Report
    at: str  # ISO time, UTC

    def when(self) -> str:
        return f"{italian_time(dt.datetime.fromisoformat(self.at)):%H:%M:%S}"


def journal_file(path: Path) -> Path:
    return beside(path, ".referti")


class Journal:
    """The sendings and confirmations of the venue of the workbook at `path`."""

    def __init__(self, path: Path) -> None:
        self.file = journal_file(path)
        self._lock = threading.Lock()
        self._sent: dict[Key, list[Sending]] = {}
        self._ids: set[str] = set()
        self._confirmed: dict[Key, str] = {}  # table → the sending confirmed
        self._dropped: set[str] = set()  # sendings the organiser set aside
        self.skipped = 0  # lines that do not read (a stop, a full disk): said at opening
        for event in self._events():
            self._apply(event)
        # a line cut by a stop or a full disk is closed before the next is written: else
        # the next one, glued to it, would be lost too
        self._cut = self._ends_cut()

    def _events(self) -> list[dict[str, Any]]:
        """The journal's events; a last line cut by a stop is skipped (its phone was
        never answered)."""
        try:
            lines = self.file.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []
        except OSError as err:
            raise RisikoError(f"il registro dei risultati dai tavoli non si legge "
                              f"({err.strerror})", valore=str(self.file)) from None
        events = []
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                self.skipped += bool(line.strip())
                continue
            if isinstance(event, dict):
                events.append(event)
        return events

    def _ends_cut(self) -> bool:
        try:
            with self.file.open("rb") as read:
                read.seek(0, os.SEEK_END)
                if not read.tell():
                    return False
                read.seek(-1, os.SEEK_END)
                return read.read(1) != b"\n"
        except OSError:
            return False

    def _apply(self, event: dict[str, Any]) -> None:
        try:
            key: Key = (int(event["turno"]), str(event["fase"]), int(event["tavolo"]))
            if event.get("evento") == "conferma":
                self._confirmed[key] = str(event["invio"])
                return
            if event.get("evento") == "scarto":
                self._dropped.add(str(event["invio"]))
                return
            report = Report(*key, tuple(str(p) for p in event["giocatori"]),
                            tuple(dict(v) for v in event["valori"]))
            sending = Sending(str(event["invio"]), report, str(event["ora"]))
        except (KeyError, TypeError, ValueError):
            return  # not one of ours: never a reason to lose the others
        self._sent.setdefault(key, []).append(sending)
        self._ids.add(sending.id)

    def _write(self, event: dict[str, Any]) -> None:
        """One event appended and on the disk (owner-only file)."""
        line = json.dumps(event, ensure_ascii=False)
        if len(line) > LONGEST_LINE:
            raise RisikoError("risultato troppo lungo")
        try:
            handle = os.open(self.file, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(handle, "a", encoding="utf-8") as out:
                out.write(("\n" if self._cut else "") + line + "\n")
                out.flush()
                os.fsync(out.fileno())
        except OSError as err:
            self._cut = True  # part of the line may be on the disk
            raise RisikoError("il computer della sala non riesce a registrarlo "
                              f"({err.strerror or err}): avvisare l'organizzatore") from None
        self._cut = False
        self._apply(event)

    def send(self, form_id: str, report: Report) -> bool:
        """Record a sending; False when this very form was received already (nothing new;
        the same form with other values is a new sending)."""
        if not FORM_ID.fullmatch(form_id):
            raise RisikoError("modulo non valido: riaprire la pagina del referto")
        with self._lock:
            sent = self._sent.get(report.key, [])
            if sent and sent[-1].id.partition("~")[0] == form_id \
                    and sent[-1].report == report:
                return False  # the latest sending, again (its id as the form gave it)
            if form_id in self._ids:
                form_id = f"{form_id}~{len(sent)}"
            if report.key in self._confirmed:
                raise RisikoError("il risultato di questo tavolo è già stato confermato: "
                                  "per correggerlo rivolgersi all'organizzatore")
            if len(sent) >= MOST_SENDINGS:
                raise RisikoError("troppi invii per questo tavolo: rivolgersi "
                                  "all'organizzatore")
            self._write({"evento": "invio", "invio": form_id, "turno": report.round_no,
                         "fase": report.phase, "tavolo": report.table,
                         "giocatori": list(report.players),
                         "valori": [dict(v) for v in report.values],
                         "ora": utc_now().isoformat()})
            return True

    def confirm(self, sending: Sending) -> None:
        """The organiser confirmed `sending` (written in the workbook)."""
        with self._lock:
            r = sending.report
            self._write({"evento": "conferma", "invio": sending.id, "turno": r.round_no,
                         "fase": r.phase, "tavolo": r.table, "ora": utc_now().isoformat()})

    def confirmed(self, key: Key) -> bool:
        with self._lock:
            return key in self._confirmed

    @property
    def count(self) -> int:
        """Events so far (the organiser's page reloads when it grows)."""
        with self._lock:
            return len(self._ids) + len(self._confirmed) + len(self._dropped)

    def drop(self, sending: Sending) -> None:
        """The organiser set `sending` aside (a conflict the signed sheet settled)."""
        with self._lock:
            r = sending.report
            self._write({"evento": "scarto", "invio": sending.id, "turno": r.round_no,
                         "fase": r.phase, "tavolo": r.table, "ora": utc_now().isoformat()})

    def latest(self) -> dict[Key, tuple[Sending, int, bool]]:
        """The latest sending of each table not set aside, with how many came and whether
        it was confirmed (a confirmed table the sheet lost shows again)."""
        with self._lock:
            return {key: (sent[-1], len(sent), key in self._confirmed)
                    for key, sent in self._sent.items() if sent[-1].id not in self._dropped}
