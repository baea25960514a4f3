"""The pages of the results sent from the tables: the phone's form, opened from the QR
code of the table's score sheet (its code: `tournament.table_codes`), and the state of
every table for the organiser (missing, pending, in conflict with the sheet, written)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from risiko_xl.cells import to_int
from risiko_xl.errors import RisikoError
from risiko_xl.names import neutral_bidi
from risiko_xl.publish.numbers import italian
from risiko_xl.publish.render import environment
from risiko_xl.sala.reports import Journal, Sending
from risiko_xl.services import table_reports
from risiko_xl.services.table_reports import FLAG_COLUMNS, Key, Placed, Report
from risiko_xl.tournament.loading import Tournament
from risiko_xl.tournament.table_codes import normal, report_key, table_code

LONGEST_FIELD = 12  # characters of one typed cell


class Codes:
    """The code of every table drawn, for the latest reading (made once per reading)."""

    def __init__(self) -> None:
        self._made: tuple[int, dict[str, Key]] | None = None

    def find(self, version: int, t: Tournament, typed: str) -> Key | None:
        """The table whose score sheet carries `typed`, None for no table."""
        if self._made is None or self._made[0] != version:
            secret = report_key(t.settings)
            self._made = (version, {} if secret is None else {
                table_code(secret, *key, (r.player for r in game[0])): key
                for key, game in t.games.items()})
        return self._made[1].get(normal(typed))


def shown_name(t: Tournament, pid: str) -> str:
    """A player as the venue's pages name them."""
    return neutral_bidi(t.by_id[pid].name or pid)


def names(t: Tournament, key: Key) -> list[tuple[str, str]]:
    """(ID, name) of the table's players in seat order."""
    return [(r.player, shown_name(t, r.player)) for r in table_reports.seats(t, key)]


def field(seat: int, column: int) -> str:
    return f"p{seat}_{column}"


def _cell(column: str, text: str) -> Any:
    """A typed field as a referee would type the cell: a number as the number the sheet
    reads in it (adversary 32: «+60», «40,0», «２» were written as text, which Excel's
    sums and filters skip), anything else as typed (the rules then refuse it, in words)."""
    text = text.strip()[:LONGEST_FIELD]
    if column in FLAG_COLUMNS:
        return "S" if text else None
    try:
        return to_int(text, column, minimum=None)
    except RisikoError:
        return text


def report_of(t: Tournament, key: Key, form: Mapping[str, str]) -> Report:
    """The report the table's form holds."""
    columns = table_reports.columns(t)
    rows = table_reports.seats(t, key)
    values = tuple({c: _cell(c, form.get(field(i, j), "")) for j, c in enumerate(columns)}
                   for i in range(len(rows)))
    return Report(*key, tuple(r.player for r in rows), values)


def placed_text(t: Tournament, placed: list[Placed]) -> list[dict[str, str]]:
    """The places and points of a checked result, as the phone shows them."""
    decimals = t.formula.scoring.decimals
    return [{"nome": shown_name(t, p.player),
             "posto": f"{p.position.rstrip('=')}°" + (" pari" if p.position.endswith("=")
                                                      else ""),
             "punti": italian(p.points, decimals)} for p in placed]


def checked(t: Tournament, report: Report) -> dict[str, Any]:
    """The answer to a check as the table types: the places, or what is wrong."""
    try:
        return {"ok": True, "posti": placed_text(t, table_reports.check(t, report))}
    except RisikoError as err:
        return {"ok": False, "messaggio": str(err)}


def form_page(t: Tournament, key: Key, code: str, said: str = "",
              report: Report | None = None, placed: list[dict[str, str]] | None = None,
              problem: str = "") -> str:
    """The table's form (`report`: what was typed, shown again with the `problem` the
    rules found), or the answer after a sending (`said`, with the places it gives)."""
    columns = table_reports.columns(t)
    typed = report.values if report else ()
    return environment("html").get_template("sala/referto.html.j2").render(
        torneo=t.name, turno=key[0], fase=key[1], tavolo=key[2], codice=code,
        invio=secrets.token_urlsafe(12), colonne=list(enumerate(columns)),
        giocatori=[(i, pid, name, typed[i] if i < len(typed) else {})
                   for i, (pid, name) in enumerate(names(t, key))],
        flag=FLAG_COLUMNS, campo=field, esito=said, posti=placed or [], problema=problem,
        solo_pari=set(columns) - set(table_reports.BASE_COLUMNS))


def code_page(name: str, said: str = "") -> str:
    """The page where a code is typed by hand (a phone without the QR code)."""
    return environment("html").get_template("sala/codice.html.j2").render(torneo=name,
                                                                          esito=said)


@dataclass(frozen=True)
class TableState:
    """A table as the organiser's page lists it."""

    key: Key
    players: str
    state: str  # «manca», «da confermare», «da rivedere», «conflitto», «nel foglio»
    said: str = ""
    sending: Sending | None = None
    sendings: int = 0
    places: str = ""  # what confirming writes, in words

    @property
    def ident(self) -> str:
        return "|".join(map(str, self.key))


def desk_tables(t: Tournament, journal: Journal) -> list[TableState]:
    """The tables of every round and phase not fully typed, and every table with a result
    sent and not settled: what is missing, what waits for the confirmation, what conflicts
    with the sheet; a confirmed result the sheet lost since (an old copy saved over it)
    waits to be confirmed again."""
    latest = journal.latest()
    tables = {key: game[0] for key, game in t.games.items()}
    open_rounds = {key[:2] for key, rows in tables.items() if any(r.seat is None for r in rows)}
    unsettled = {k for k, (_, _, done) in latest.items()
                 if not done or not table_reports.typed(t, k)}
    out: list[TableState] = []
    for key in sorted({*(k for k in tables if k[:2] in open_rounds), *unsettled}):
        who = ", ".join(name for _, name in names(t, key))
        sending, count, done = latest.get(key, (None, 0, False))
        typed = table_reports.typed(t, key)
        if sending is None or (done and typed):
            out.append(TableState(key, who, "nel foglio" if typed else "manca"))
            continue
        report = sending.report
        if typed:
            same = table_reports.same_result(t, report)
            out.append(TableState(key, who, "nel foglio" if same else "conflitto",
                                  "" if same else "nel foglio c'è un risultato diverso da "
                                  "quello mandato dal tavolo. Nel foglio: " +
                                  _in_sheet(t, key) + "; dal tavolo: " +
                                  _places(t, report) + ". Vale il referto firmato",
                                  sending, count))
            continue
        try:
            placed = placed_text(t, table_reports.check(t, table_reports.over_typed(
                t, report)))
        except RisikoError as err:
            out.append(TableState(key, who, "da rivedere", err.messaggio, sending, count))
            continue
        lost = "confermato, ma il foglio non l'ha più (salvata sopra una copia vecchia?): " \
            if done else ""
        places = ", ".join(f"{p['posto']} {p['nome']} {p['punti']}" for p in placed)
        out.append(TableState(key, who, "da confermare", lost + places, sending, count,
                              places))
    return out


def _in_sheet(t: Tournament, key: Key) -> str:
    """The table's result as the sheet holds it, in the words of `_places` (organiser 32:
    a conflict said what the table sent, not what it was against)."""
    games = sorted((g for g in t.results if (g.round_no, g.phase, g.table) == key),
                   key=lambda g: g.position)
    if not games:
        return "un risultato che le regole rifiutano"
    return _words(t, [Placed(g.player, str(t.computed.get(g.row or 0, {}).get(
        "Posizione", g.position)), g.points) for g in games])


def _words(t: Tournament, placed: list[Placed]) -> str:
    return ", ".join(f"{p['posto']} {p['nome']} {p['punti']}" for p in placed_text(t, placed))


def _places(t: Tournament, report: Report) -> str:
    """What the table sent, in words (places and points, or its values as typed)."""
    try:
        return _words(t, table_reports.check(t, report))
    except RisikoError:
        return "valori che le regole rifiutano"
