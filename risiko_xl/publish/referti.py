"""Table score sheets (*referti*, seeds 000 Art. 24 and 003 Art. 23), as HTML and PDF.

At the end of each game the referee fills the table's score sheet and every player signs
it. `score_sheets` builds one `ScoreSheet` per game table of a round from the tournament
(`PostSource`: names, clubs, the order of play if already typed, date, time limit, a
scoring reminder); `write_referti` prints them as a print-ready HTML page or a PDF, one
or two per A4 page.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.cells import is_blank, to_int, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.files.writes import atomic_write
from risiko_xl.publish.logo import LOGO_KEY, read_logo, setting_error
from risiko_xl.publish.numbers import italian
from risiko_xl.publish.post import TRADEMARK
from risiko_xl.publish.render import data, environment, one_line
from risiko_xl.publish.safe_text import shortened
from risiko_xl.publish.score_sheet import (
    CLASSIC_HEADERS,
    SPQR_HEADERS,
    Logo,
    ScoreSheet,
    SheetPlayer,
    pages,
)
from risiko_xl.rules.games import SPQR_WIN_POINTS, SPQRISIKO
from risiko_xl.rules.placement import CRITERIA, chain
from risiko_xl.tournament.post_source import PostSource
from risiko_xl.tournament.table_codes import report_key, shown, table_code

DEFAULT_MINUTES = 90  # seeds 000 Art. 6 and 003 Art. 5: 1 ora e 30 minuti
DURATION_KEY = "Durata partita"
FORMATS = (".pdf", ".html")
TEMPLATE = "referti.html.j2"


def game_minutes(settings: dict[str, Any]) -> int:
    """The setting «Durata partita» in minutes (default 90)."""
    value = settings.get(DURATION_KEY)
    try:
        minutes = to_int(value, DURATION_KEY, minimum=10, maximum=600)
    except RisikoError as err:
        raise setting_error(DURATION_KEY, f"{err.messaggio} (minuti)", value) from None
    return DEFAULT_MINUTES if minutes is None else minutes


# --- dates -----------------------------------------------------------------------------

# A date written in digits must be a real one; other text is printed as typed ("sabato").
NUMERIC_DATE = re.compile(r"\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}")


def _as_date(value: Any) -> dt.date | dt.datetime | str | None:
    """A Calendario/Sorteggi date cell: a date, a datetime, or the text as typed."""
    if is_blank(value):
        return None
    if isinstance(value, (dt.date, dt.datetime)):
        return value
    text = str(value).strip()
    for pattern in ("%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M", "%Y-%m-%d %H:%M:%S",
                    "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"):
        try:
            return dt.datetime.strptime(text, pattern)
        except ValueError:
            pass
    for pattern in ("%d/%m/%Y", "%d/%m/%y", "%d-%m-%Y", "%Y-%m-%d", "%d.%m.%Y"):
        try:
            return dt.datetime.strptime(text, pattern).date()
        except ValueError:
            pass
    return text


def _as_time(value: Any) -> dt.time | str | None:
    if is_blank(value):
        return None
    if isinstance(value, dt.datetime):
        return value.time()
    if isinstance(value, dt.time):
        return value
    text = str(value).strip()
    match = re.fullmatch(r"(\d{1,2})[:.](\d{2})(?:[:.]\d{2})?", text)
    if match and int(match[1]) < 24 and int(match[2]) < 60:
        return dt.time(int(match[1]), int(match[2]))
    return text


def _date_text(day: Any, hour: Any = None) -> tuple[str, dt.datetime | None]:
    """(Italian text, datetime when known) of a date cell and an optional time cell."""
    date, time = _as_date(day), _as_time(hour)
    if date is None:
        return "", None
    if isinstance(date, str):
        return (f"{date}, {time}" if isinstance(time, str) else date), None
    if isinstance(date, dt.datetime):
        if time is None and date.time() != dt.time(0, 0):
            return data(date, with_time=True), date
        date = date.date()
    when = dt.datetime.combine(date, time if isinstance(time, dt.time) else dt.time(0, 0))
    if isinstance(time, dt.time):
        return data(when, with_time=True), when
    text = data(date, with_time=False)
    return (f"{text}, {time}" if time else text), when


def game_date(source: PostSource, round_no: int, phase: str
              ) -> tuple[str, dt.datetime | None]:
    """When the round is played: the Calendario row (exact phase first, then one with no
    phase), else the date of the round's draw in Sorteggi, else ('', None)."""
    planned = sorted((c for c in source.calendar if c.round_no == str(round_no)
                      and c.phase in (None, phase)),
                     key=lambda c: c.phase is None)  # exact phase first
    if planned:
        day = planned[0].date
        if isinstance(_as_date(day), str) and NUMERIC_DATE.fullmatch(str(day).strip()):
            raise RisikoError("data impossibile: scriverla come giorno/mese/anno, per esempio "
                              "21/11/2026", foglio=schema.CALENDAR.sheet, riga=planned[0].row,
                              colonna="Data", valore=day)
        return _date_text(day, planned[0].time)
    drawn = [d for d in source.draws if d.round_no == str(round_no)
             and not is_blank(d.when) and d.game_phase in (None, phase)]
    if not drawn:
        return "", None
    found = _as_date(drawn[-1].when)  # the last draw counts (a redraw replaces)
    if isinstance(found, dt.datetime):
        return data(found, with_time=False), found
    if isinstance(found, dt.date):
        return data(found, with_time=False), dt.datetime.combine(found, dt.time())
    return (found or ""), None


# --- content ---------------------------------------------------------------------------

def scoring_reminder(source: PostSource, players: int) -> tuple[str, ...]:
    """Short lines: this tournament and its scoring, then what matters at this table (the
    footer names this tournament, never the formula's title when a name is set)."""
    scoring = source.formula.scoring
    lines = [f"{source.name} — punteggio: {scoring.summary}."]
    if scoring.game == SPQRISIKO:
        return (*lines, *SPQR_REMINDER)
    rules = []
    factor = scoring.factors.get(players)
    if factor is not None and factor != 1:
        example = italian(Fraction(scoring.factored(21, players), scoring.scaled_parts),
                          scoring.table_decimals)
        rules.append(f"Tavolo da {players}: punti obiettivo ×{italian(factor, 2)} "
                     f"{scoring.rounding} (es. 21 → {example}).")
    rules.append("RisiKo! = obiettivo raggiunto: vince il tavolo.")
    rules.append("Chi è eliminato totalizza 0 punti tavolo.")
    lines.append(" ".join(rules))
    lines.append(tie_reminder(source.formula.placement_chain))
    return tuple(lines)


def tie_reminder(name: str) -> str:
    """The formula's tie-breaks at the table, in order (000 Art. 26, 001 §7, 003 Art. 23):
    what the referee notes on the sheet when two players end level."""
    steps = [f"{n}) {CRITERIA[c][1]}" + (" (chi gioca dopo è davanti)" if c == "later_turn"
                                         else "")
             for n, c in enumerate(chain(name), start=1)]
    return "Parità di punti obiettivo: " + "; ".join(steps) + " — annotarli nelle note."


# Seed 004 «Durata e scopo del gioco» and «Gestione delle situazioni di parità».
SPQR_REMINDER = (
    f"S.P.Q.RisiKo!: vince chi, alla fine di un turno completo, raggiunge o supera i "
    f"{SPQR_WIN_POINTS} punti; in «Punti obiettivo» i punti tavolo del segnapunti, come sono.",
    "Parità: 1) coefficiente: 5 per CDP, 5 per supremazia, 3 per vessillo-salvacondotto "
    "non usato, 1 per provincia, 1 per mare;",
    "2) valore esercito: 10 per vessillo, 3 per nave, 1 per legionario; 3) ordine inverso "
    "di gioco (chi gioca dopo è davanti).",
)


def sheet_headers(source: PostSource) -> tuple[str, ...]:
    """The headers of the sheet's players' table for the formula's game."""
    return SPQR_HEADERS if source.formula.scoring.game == SPQRISIKO else CLASSIC_HEADERS


def printable(text: str) -> str:
    """Typed text as a sheet prints it: one line, no bidirectional controls (a U+202E in
    a name would reverse the rest of the line), at most `safe_text.LONGEST` characters."""
    return shortened(one_line(text))


def _phase_order(phase: str) -> int:
    return schema.PHASES.index(phase) if phase in schema.PHASES else len(schema.PHASES)


def score_sheets(source: PostSource, round_no: int) -> tuple[ScoreSheet, ...]:
    """One score sheet per game table of round `round_no` (every phase with that number)."""
    keys = sorted((k for k in source.games if k[0] == round_no),
                  key=lambda k: (_phase_order(k[1]), k[1], k[2]))
    if not keys:
        raise RisikoError(f"il turno {round_no} non ha tavoli: sorteggiarlo prima con "
                          "«risiko-xl sorteggia» (Sorteggia turno) o, per le fasi finali, con "
                          "«risiko-xl finali»", foglio=schema.RESULTS.sheet, colonna="Turno",
                          valore=round_no)
    settings = source.settings
    tournament = printable(source.name)
    club = printable(to_text(settings.get("Club organizzatore")) or "")
    venue = printable(to_text(settings.get("Sede")) or "")
    try:
        logo = read_logo(source.folder, settings)
    except RisikoError as err:  # named by its row of Impostazioni
        raise err.located(riga=source.setting_rows.get(LOGO_KEY)) from None
    try:
        minutes = game_minutes(settings)
    except RisikoError as err:
        raise err.located(riga=source.setting_rows.get(DURATION_KEY)) from None
    dates = {phase: game_date(source, round_no, phase) for phase in {k[1] for k in keys}}
    secret = report_key(settings)
    counts = {phase: sum(1 for k in keys if k[1] == phase) for phase in dates}
    sheets = []
    for key in keys:
        _, phase, number = key
        players = tuple(
            SheetPlayer(order=printable(s.order or ""), player=printable(s.player),
                        name=printable(source.by_id[s.player].name),
                        club=printable(source.by_id[s.player].club or ""))
            for s in source.games[key])
        if all(p.order.isdigit() for p in players):  # typed for all: in order of play
            players = tuple(sorted(players, key=lambda p: int(p.order)))
        date_text, when = dates[phase]
        code = table_code(secret, round_no, phase, number,
                          (s.player for s in source.games[key])) if secret else ""
        sheets.append(ScoreSheet(
            tournament=tournament, club=club, venue=venue, logo=logo, round_no=round_no,
            phase=source.phase_title(phase), date_text=printable(date_text),
            table_number=number, table_count=counts[phase], minutes=minutes,
            players=players, scoring_reminder=scoring_reminder(source, len(players)),
            when=when, headers=sheet_headers(source), report_code=shown(code) if code else "",
            report_url=f"{source.venue}referto?codice={code}" if code and source.venue
            else ""))
    return tuple(sheets)


# --- output ----------------------------------------------------------------------------

def render_html(sheets: Sequence[ScoreSheet], per_page: int = 1) -> str:
    """The print-ready standalone HTML page (inline CSS). The logo is stored once, as a
    data: URI in an SVG symbol, and each sheet shows it with `<use>`: a page of 40 tables
    carries it once, not 40 times."""
    logos: dict[Logo, str] = {}
    for sheet in sheets:
        if sheet.logo is not None and sheet.logo not in logos:
            logos[sheet.logo] = f"logo-{len(logos) + 1}"
    first = sheets[0]
    qr: Any = None
    if any(s.report_url for s in sheets):  # the venue's QR codes (never under Lite)
        from risiko_xl.publish.screen import qr_svg as qr
    return environment("html").get_template(TEMPLATE).render(
        title=f"Referti — {first.tournament} — turno {first.round_no}",
        pages=pages(sheets, per_page), per_page=per_page, logos=logos, trademark=TRADEMARK,
        qr=qr)


def _check_per_page(per_page: int) -> int:
    if per_page not in (1, 2):
        raise RisikoError("referti per pagina: sono ammessi 1 o 2", valore=per_page)
    return per_page


def default_path(workbook: Path, round_no: int) -> Path:
    """Where the score sheets go when no file is named: beside the workbook."""
    return workbook.with_name(f"{workbook.stem}-referti-turno-{round_no}.pdf")


def write_referti(source: PostSource, round_no: int, out: Path, per_page: int = 1) -> Path:
    """Write round `round_no`'s score sheets to `out` (.pdf or .html, by its suffix),
    `per_page` (1 or 2) to an A4 page; atomic, an existing file kept as its backup.
    Returns the path written."""
    out = Path(out)
    kind = out.suffix.lower()
    if kind not in FORMATS:
        raise RisikoError("formato dei referti non previsto: il file deve finire in .pdf o "
                          ".html", valore=out.name)
    _check_per_page(per_page)
    if not out.parent.is_dir():
        raise RisikoError("la cartella di destinazione dei referti non esiste",
                          valore=str(out.parent))
    sheets = score_sheets(source, round_no)
    if kind == ".pdf":
        if importlib.util.find_spec("fpdf") is None:  # not installed under WebAssembly
            raise RisikoError("i referti in PDF richiedono fpdf2, che qui non è installato "
                              "(Python in WebAssembly): scriverli in .html e stamparli dal "
                              "browser", valore=out.name)
        from risiko_xl.publish.referti_pdf import render_pdf  # fpdf2: loaded when printed

        payload = render_pdf(sheets, per_page)
    else:
        payload = render_html(sheets, per_page).encode("utf-8")
    atomic_write(out, lambda temp: temp.write_bytes(payload))
    return out


__all__ = ["default_path", "render_html", "score_sheets", "write_referti"]
