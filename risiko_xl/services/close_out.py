"""`risiko-xl chiudi`: the tournament closed for the national ranking.

GestioneTorneo checks its workbook before «Pubblica online» (`ExcelValidator.
validaFoglioExcel`): TORNEO with organiser, name, a type it reads, the rounds declared
covering every round sheet and a date for each, in order; every player who played with
an ID, a name and a surname, no two with the same name and birth date; a Classifica
Ridotta listing only players who played. The national ranking also wants each player's
e-mail and birth date. `chiudi` runs all of these on our workbook, each problem said
with its sheet, row and column and what to do, plus what makes a tournament finished
(every planned round typed, the final played); only when none is left does it write the
export `esporta --gestionetorneo` writes, and say each player's national points
(`season.national`) with the type and the table count they come from.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.settings import setting_rows
from risiko_xl.cells import as_date, to_int, to_text
from risiko_xl.errors import RisikoError, count
from risiko_xl.gestionetorneo import layout
from risiko_xl.season.national import Basis, shown, text, type_of
from risiko_xl.services.export_gt import (
    Export,
    check_target,
    gestionetorneo_model,
    type_problem,
    write_export,
)
from risiko_xl.services.gt_terms import TYPE_KEY
from risiko_xl.standings.model import QUALIFYING

SETTINGS_SHEET = schema.SETTINGS.sheet
# an address as the registry takes it: a local part, «@», a domain of dotted labels
# (letters, digits, hyphens) ending in a name of two letters or more; nothing else
EMAIL_FORM = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
                        r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}")
YOUNGEST, OLDEST = 5, 110  # a birth date outside these ages is a typing slip
DATES_FROM = 2000  # a round dated before this year is a typing slip
EMAIL, BORN = schema.PLAYER_EXTRAS[2], schema.PLAYER_EXTRAS[1]


@dataclass(frozen=True)
class Closing:
    """What `chiudi` found: the problems left (each located), and the export once none is."""

    problems: tuple[RisikoError, ...]
    made: Export


def national_basis(made: Export) -> Basis:
    """The national points' basis of an exported tournament: its type, the year of its
    first round (this year when no round is dated), every table of the round sheets and
    the rounds declared."""
    info = made.gt.info
    first = next((d for d in info.dates if d is not None), None)
    year = (first or dt.date.today()).year
    tables = sum(len(r.tables) for r in made.gt.rounds)
    return Basis(info.tipo, type_of(info.tipo), year, tables, info.turni or 0)


def declared_basis(made: Export) -> Basis | None:
    """The basis of a tournament that gives national points, None where it scores nothing
    or its type is only the closest GestioneTorneo reads (a club's own formula is no
    national tournament until the organiser says which it is): what the final ranking's
    column and the season count."""
    basis = national_basis(made)
    return None if made.nearest or not basis.scored else basis


def guessed_type(made: Export) -> str:
    """Why a tournament whose type is only guessed gives no national points ("" else)."""
    return (f"tipologia non indicata: «{made.kind}» è solo la più vicina che GestioneTorneo "
            "legge" if made.nearest else "")


def national_by_player(book: Book) -> tuple[Basis, dict[str, Decimal]] | None:
    """Each player's national points (by our ID, one decimal as shown) and their basis,
    for the final ranking's column and post; None where `declared_basis` is."""
    made = gestionetorneo_model(book)
    basis = declared_basis(made)
    if basis is None:
        return None
    ours = {number: pid for pid, number in made.numbers.items()}
    return basis, {ours[s.player.id]: shown(basis.points(s.position))
                   for s in made.gt.standings}


def national_points(made: Export) -> list[tuple[int, str, Any]]:
    """(position, player, points) of Classifica Ridotta, the points exact."""
    basis = national_basis(made)
    return [(s.position, " ".join(filter(None, (s.player.nome, s.player.cognome))),
             basis.points(s.position)) for s in made.gt.standings]


def check(book: Book) -> Closing:
    """Every check of the close-out on `book`, in the order a referee would mend them."""
    made = gestionetorneo_model(book)
    rows = setting_rows(book)
    wrong_type = type_problem(made, book)
    problems = [*_settings(made, rows), *([wrong_type] if wrong_type else []),
                *unfinished(made), *_dates(book, made),
                *_players(book, made), *_standings(made)]
    return Closing(tuple(problems), made)


def _setting(key: str, rows: dict[str, int], text: str) -> RisikoError:
    return RisikoError(text, foglio=SETTINGS_SHEET, riga=rows.get(key), colonna="Valore")


def _settings(made: Export, rows: dict[str, int]) -> list[RisikoError]:
    """TORNEO's details (validaSchedaTorneo), and the type declared, not guessed: it
    decides the national points."""
    t, out = made.tournament, []
    if not to_text(t.settings.get("Club organizzatore")):
        out.append(_setting("Club organizzatore", rows, "manca il club organizzatore: "
                            "scriverlo in Impostazioni, «Club organizzatore»"))
    if not to_text(t.settings.get("Nome torneo")):
        out.append(_setting("Nome torneo", rows, "manca il nome del torneo: scriverlo in "
                            "Impostazioni, «Nome torneo» (è il nome del ranking nazionale)"))
    if made.nearest:
        out.append(_setting(TYPE_KEY, rows, f"la tipologia del torneo non è indicata (la "
                            f"formula {t.formula.name} non ne ha una di GestioneTorneo): "
                            f"scriverla in Impostazioni, «{TYPE_KEY}» (una fra: "
                            + ", ".join(layout.TOURNAMENT_TYPES) + "); decide i punti del "
                            "ranking nazionale"))
    return out


def unfinished(made: Export, finals: bool = True) -> list[RisikoError]:
    """Every planned preliminary round drawn and typed, and, unless `finals` is False
    (GestioneTorneo's own workbook, whose round sheets are the whole tournament for every
    type but a Master's and a Raduno's), every final phase played."""
    t, out = made.tournament, []
    planned = to_int(t.settings.get("Turni preliminari"), "Turni preliminari") \
        or t.formula.standings.rounds
    played = t.rounds_drawn()
    if len(played) < planned:
        out.append(RisikoError(
            f"sorteggiati {count(len(played), 'turno preliminare', 'turni preliminari')} su "
            f"{planned}: il torneo non è finito (se ne sono stati giocati meno, correggere "
            "«Turni preliminari» in Impostazioni)",
            foglio=schema.RESULTS.sheet))
    blank: dict[tuple[int, str], list[Any]] = defaultdict(list)
    for r in t.rows:
        if r.seat is None:
            blank[(r.round_no, r.phase)].append(r)
    for (round_no, phase), rows in sorted(blank.items()):
        tables = sorted({r.table for r in rows})
        out.append(RisikoError(
            f"turno {round_no}" + ("" if phase == QUALIFYING else f" ({phase})") +
            ": manca il risultato " + ("del tavolo " if len(tables) == 1 else "dei tavoli ")
            + ", ".join(map(str, tables)) + ": scriverlo in Risultati e rifare la classifica",
            foglio=schema.RESULTS.sheet, riga=min(r.row for r in rows if r.row)))
    if finals and t.formula.phases.kind != "none" and not made.ranking and not blank:
        out.append(RisikoError("le fasi finali non sono finite: sorteggiarle e giocarle "
                               "(risiko-xl finali) prima di chiudere il torneo",
                               foglio=schema.RESULTS.sheet))
    return out


def _dates(book: Book, made: Export) -> list[RisikoError]:
    """A date for each round sheet, in order (validazioniIncrociate, validaSchedaTorneo);
    a date typed in Calendario that is no date, or not plausible (before 2000, or after
    today), named with its row: it is never replaced by the draw's day in silence."""
    info, out = made.gt.info, []
    calendar = book.read_table(schema.CALENDAR.name)
    row_of = {to_text(r.get("Turno")): r.sheet_row for r in calendar}
    wrong: set[str | None] = set()  # rounds whose typed date is refused: no order said
    for line in calendar:
        cell = line.get("Data")
        if cell in (None, ""):
            continue
        day = as_date(cell)
        if day is None or day.year < DATES_FROM or day > dt.date.today():
            wrong.add(to_text(line.get("Turno")))
            out.append(RisikoError(
                "la data del turno " + (to_text(line.get("Turno")) or "") + (
                    " non è una data (gg/mm/aaaa)" if day is None else
                    " non è plausibile (prima del 2000 o dopo oggi)") + ": correggerla in "
                "Calendario", foglio=schema.CALENDAR.sheet, riga=line.sheet_row,
                colonna="Data", valore=cell))
    for r in made.gt.rounds:
        if r.number > len(info.dates) or info.dates[r.number - 1] is None:
            out.append(RisikoError(
                f"manca la data del turno {r.number} (né in Calendario né in Sorteggi): "
                "scriverla in Calendario", foglio=schema.CALENDAR.sheet,
                riga=row_of.get(str(r.number)), colonna="Data"))
    days = [(n, d) for n, d in enumerate(info.dates, start=1)
            if d is not None and str(n) not in wrong]
    for (n1, d1), (n2, d2) in itertools.pairwise(days):
        if d2 < d1:
            out.append(RisikoError(
                f"il turno {n2} ({d2:%d/%m/%Y}) risulta prima del turno {n1} ({d1:%d/%m/%Y}): "
                "correggere le date in Calendario", foglio=schema.CALENDAR.sheet,
                riga=row_of.get(str(n2)), colonna="Data"))
    return out


def _players(book: Book, made: Export) -> list[RisikoError]:
    """Every player who played: name, surname, e-mail and birth date (validaSchedaIscritti,
    and the national ranking's registry); no two with the same name and birth date. A
    column Iscritti lacks altogether is one problem, not one per player."""
    seated = {s.player for r in made.gt.rounds for tb in r.tables for s in tb.seats}
    table = book.read_table(schema.PLAYERS.name)
    by_id = {to_text(r.get("ID")): r for r in table}
    numbers = dict(zip((e.id for e in made.tournament.entrants), (p.id for p in made.gt.players)))
    played = [e for e in made.tournament.entrants if numbers[e.id] in seated]
    absent = [c for c in (EMAIL, BORN) if c not in table.headers]
    out = [RisikoError(f"manca la colonna «{c}» (" + ("l'e-mail di ogni giocatore" if c == EMAIL
                       else "la data di nascita di ogni giocatore, gg/mm/aaaa") + ": il ranking "
                       f"nazionale la chiede): aggiungerla alla tabella Iscritti e riempirla "
                       f"per i {len(played)} giocatori che hanno giocato",
                       foglio=schema.PLAYERS.sheet) for c in absent]
    seen: dict[tuple[str, str, dt.date], int | None] = {}
    for entrant in played:
        row = by_id.get(entrant.id)
        at, who = entrant.row, f"{entrant.shown()} (ID {entrant.id})"
        for column, value, what in (("Nome", entrant.first, "il nome"),
                                    ("Cognome", entrant.last, "il cognome")):
            if not value:
                out.append(RisikoError(f"manca {what} di {who}: scriverlo in Iscritti",
                                       foglio=schema.PLAYERS.sheet, riga=at, colonna=column))
        email = to_text(row.get(EMAIL)) if row is not None else None
        if EMAIL in absent:
            pass
        elif not email:
            out.append(RisikoError(f"manca l'e-mail di {who}: il ranking nazionale la chiede",
                                   foglio=schema.PLAYERS.sheet, riga=at, colonna=EMAIL))
        elif not EMAIL_FORM.fullmatch(email.strip()):
            out.append(RisikoError(f"l'e-mail di {who} non è un indirizzo valido",
                                   foglio=schema.PLAYERS.sheet, riga=at, colonna=EMAIL,
                                   valore=email))
        cell = row.get(BORN) if row is not None else None
        born = as_date(cell)
        today = dt.date.today()
        if born is None or not today.year - OLDEST <= born.year <= today.year - YOUNGEST:
            if BORN not in absent:
                out.append(RisikoError(
                    (f"manca la data di nascita (gg/mm/aaaa) di {who}: il ranking nazionale "
                     "la chiede" if cell in (None, "") else
                     f"la data di nascita di {who} non è una data valida (gg/mm/aaaa)"
                     if born is None else f"la data di nascita di {who} non è plausibile "
                     f"(un giocatore fra {YOUNGEST} e {OLDEST} anni)"),
                    foglio=schema.PLAYERS.sheet, riga=at, colonna=BORN,
                    **({} if cell in (None, "") else {"valore": cell})))
            continue
        key = ((entrant.first or "").strip().casefold(),
               (entrant.last or "").strip().casefold(), born)
        if key in seen:
            out.append(RisikoError(
                f"due giocatori con lo stesso nome e la stessa data di nascita: {who} e "
                f"quello della riga {seen[key]}: se sono la stessa persona, tenerne una sola "
                "riga; se no, correggere la data", foglio=schema.PLAYERS.sheet, riga=at))
        seen[key] = at
    return out


def _standings(made: Export) -> list[RisikoError]:
    """Classifica Ridotta: only players who played, positions 1 … n (validaSchedaClassifica
    and validazioniIncrociate)."""
    seated = {s.player for r in made.gt.rounds for tb in r.tables for s in tb.seats}
    listed = made.gt.standings
    out = [RisikoError(f"{s.player.nome} {s.player.cognome} è in classifica senza aver "
                       "giocato una partita", foglio="Classifica")
           for s in listed if s.player.id not in seated]
    if not listed:
        out.append(RisikoError("la classifica è vuota: nessun risultato", foglio="Classifica"))
    out += [RisikoError(f"la posizione {s.position} supera i {len(listed)} giocatori in "
                        "classifica", foglio="Classifica") for s in listed
            if s.position > len(listed)]
    return out


def close_out(book: Book, target: Path, force: bool = False,
              base: Path | None = None) -> tuple[list[str], bool]:
    """The close-out's lines, and whether it failed (nothing written then)."""
    check_target(target, force)
    closing = check(book)
    if closing.problems:
        n = len(closing.problems)
        return ([f"Il torneo non si può ancora chiudere: {n} "
                 + ("problema" if n == 1 else "problemi") + " da correggere (il file per il "
                 "ranking nazionale non è stato scritto):",
                 *(f"- {p}" for p in closing.problems)], True)
    lines = ["Controlli di GestioneTorneo e del ranking nazionale superati.",
             *write_export(closing.made, target, base)]
    return [*lines, *points_lines(closing.made)], False


def points_lines(made: Export) -> list[str]:
    """Each player's national points, with the basis they come from."""
    basis = national_basis(made)
    if not basis.scored:
        return [f"Ranking nazionale: nessun punto ({basis.why_not()})"]
    return [f"Punti del ranking nazionale ({basis.describe()}; VT = "
            f"{text(basis.points(1))} al vincitore):",
            *(f"{position}° {name}: {text(points)}"
              for position, name, points in national_points(made))]
