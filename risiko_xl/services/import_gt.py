"""`risiko-xl importa`: a tournament workbook made from GestioneTorneo's (`ModuloTorneo.xls`).

Iscritti become ours (`Partecipa Torneo` NO: «Ritirato»; national ID, birth date and
e-mail in the optional columns `schema.PLAYER_EXTRAS`), TORNEO fills `Impostazioni` and
`Calendario`, each round sheet becomes a round of `Risultati` (with a formula of final
phases, the sheets after its preliminary rounds become those phases: `import_gt_phases`),
recorded in `Sorteggi` as imported (procedure «importato da GestioneTorneo», no seed and
no fingerprint, so `verifica` checks the seating against it and replays nothing); the
tournament gets a fresh random «Seme sorteggio» for its lotteries and later draws. GestioneTorneo's
conventions are translated table by table (`import_gt_tables`) and listed in the report."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.settings import VARIANT_KEY
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError, count
from risiko_xl.files.writes import backup_path
from risiko_xl.gestionetorneo import layout, model
from risiko_xl.services.audit import IMPORTED, log_draw, tables_text, timestamp
from risiko_xl.services.gt_terms import NOTE_KEY, TYPE_KEY, sheets_hold_finals
from risiko_xl.services.import_gt_tables import conventions, player_names, table_rows
from risiko_xl.sheets.formula_sheet import variant_at_first_draw
from risiko_xl.standings.config import PHASES_OF_KIND
from risiko_xl.standings.model import ACTIVE, QUALIFYING, WITHDRAWN

if TYPE_CHECKING:
    pass

EXTRA_FIELDS = ("id_nazionale", "nascita", "email")  # model.Player's, as schema.PLAYER_EXTRAS
# TORNEO's «Tipologia di Torneo» and «Note», kept in Impostazioni for `esporta`
def default_out(source: Path) -> Path:
    """`ModuloTorneo.xls` → `ModuloTorneo.xlsx` (an .xlsx source: `ModuloTorneo-torneo.xlsx`)."""
    out = source.with_suffix(".xlsx")
    return out if out != source else source.with_name(source.stem + "-torneo.xlsx")


def formula_of(gt: model.Workbook, chosen: str | None, file: str) -> str:
    """Our formula: `chosen` (--formula), the one `esporta` wrote below TORNEO's dates
    (`layout.FORMULA_ROW`) or the one TORNEO's «Tipologia di Torneo» names (its
    GestioneTorneo name is an alias of a preset)."""
    from risiko_xl.formulas import load
    from risiko_xl.formulas.loader import names

    if chosen:
        return load(chosen).name
    if gt.info.formula:
        try:
            return load(gt.info.formula).name
        except RisikoError:
            pass  # a formula of one's own, not here: the type decides
    sheet, row = f"{layout.TOURNAMENT} di {file}", layout.INFO_ROWS["tipo"][0]
    hint = "indicare la formula con --formula (formule: " + ", ".join(names()) + ")"
    if not gt.info.tipo:
        raise RisikoError(f"manca la tipologia di torneo: {hint}", foglio=sheet, riga=row,
                          colonna="D", valore=None)
    try:
        return load(gt.info.tipo).name
    except RisikoError:
        raise RisikoError(f"tipologia di torneo senza una formula corrispondente: {hint}",
                          foglio=sheet, riga=row, colonna="D", valore=gt.info.tipo) from None


def settings_of(gt: model.Workbook, formula: str, source: str) -> dict[str, Any]:
    """TORNEO's details as our settings (over the formula's `base`): name, organiser,
    venue and the preliminary rounds: every round sheet is one, and «Numero Turni
    Previsti» when larger (GestioneTorneo sums every sheet as a round), except where
    GestioneTorneo's type plays final phases (`sheets_hold_finals`): the formula keeps
    its own, as «Numero Turni Previsti» counts the semifinal and the final too
    (MasterRisiko: 4 = 2 preliminary + 2 final)."""
    from risiko_xl.formulas import load

    # a fresh seed, as `sorteggia` records one when the tournament has none: the lotteries
    # of the imported standings are then drawn on it (never on the fixed public default)
    settings: dict[str, Any] = {"Nome torneo": gt.info.nome or Path(source).stem,
                                "Club organizzatore": gt.info.organizzatore or None,
                                "Sede": gt.info.sede or None,
                                "Seme sorteggio": secrets.token_hex(4)}
    rounds = max(gt.info.turni or 0, len(gt.rounds))
    found = load(formula)
    if (rounds and not found.variants and not sheets_hold_finals(found)
            and found.standings.rounds != rounds):
        settings["Turni preliminari"] = rounds
    return settings


def check_out(out: Path, force: bool) -> None:
    """The workbook to write: an .xlsx, never over an existing file without `force`."""
    if out.suffix.lower() != ".xlsx":
        raise RisikoError("il torneo importato si salva in formato .xlsx", valore=out.name)
    if out.exists() and not force:
        raise RisikoError("il file esiste già: per sostituirlo usare --forza (la versione "
                          f"attuale resta nella copia {backup_path(out).name})",
                          valore=str(out))


def fill(book: Book, gt: model.Workbook, source: str, formula: str,
         now: dt.datetime | None = None) -> list[str]:
    """Write `gt`'s players, dates and rounds into the new tournament `book` (made with
    `settings_of`); the report's lines."""
    from risiko_xl.formulas import load
    from risiko_xl.services.standings_sheet import refresh_scores, update_standings

    settings = book.settings()
    rounds = to_text(settings.get("Turni preliminari"))
    finals: tuple[model.Round, ...] = ()
    found = load(formula)
    last = int(rounds) if rounds else found.standings.rounds
    phases = PHASES_OF_KIND[found.phases.kind] if sheets_hold_finals(found) else ()
    if phases:
        finals = tuple(r for r in gt.rounds if r.number > last)
        gt = replace(gt, rounds=tuple(r for r in gt.rounds if r.number <= last))
    lines = [f"Importato {source}: {count(len(gt.players), 'giocatore', 'giocatori')}, "
             f"{count(len(gt.rounds), 'turno', 'turni')}, "
             f"{count(sum(len(r.tables) for r in gt.rounds), 'tavolo', 'tavoli')}; formula "
             f"{formula}" + (f", turni preliminari {rounds}" if rounds else "")]
    _calendar(book, gt.info, last, phases)
    lines += _kept(book, gt.info, formula, source)
    _players(book, gt)
    lines += _rounds(book, gt, source, now, formula)
    if gt.rounds and gt.rounds[0].tables:
        seated = sum(len(t.seats) for t in gt.rounds[0].tables)
        variant = variant_at_first_draw(book, settings, seated)
        if variant is not None:
            book.set_setting(VARIANT_KEY, variant)
    if any(s.value is not None for r in gt.rounds for t in r.tables for s in t.seats):
        try:
            update = update_standings(book, now)
        except RisikoError as err:
            raise _on_source(err, book, gt, source) from None
        lines.append(update.lines[0])
        if update.standings.lottery:  # each one listed by «classifica» and in Sorteggi
            lines.append(f"Parità della classifica decise per sorteggio: "
                         f"{len(update.standings.lottery)} (registrate in Sorteggi)")
    elif gt.rounds:
        refresh_scores(book, now)
    if finals:
        try:
            from risiko_xl.services.import_gt_phases import import_phases  # reads cells

            lines += import_phases(book, finals, gt, source, formula, now)
        except RisikoError as err:  # a rule refusing a phase's row: said on its sheet
            raise _on_source(err, book, replace(gt, rounds=gt.rounds + finals),
                             source) from None
    lines += _left_out(gt, source, finals)
    lines.append(f"Seme sorteggio {to_text(settings.get('Seme sorteggio'))} (nuovo, casuale; in "
                 "Impostazioni): decide i sorteggi delle parità e dei turni successivi")
    lines += ["Convenzioni di GestioneTorneo tradotte:",
              *(f"- {c}" for c in conventions(found))]
    return lines


def _on_source(err: RisikoError, book: Book, gt: model.Workbook, file: str) -> RisikoError:
    """A rule refusing a built `Risultati` row, said on the GestioneTorneo sheet and row
    the user typed it in («foglio 1° Turno, riga 4»): the built workbook is never
    written. A tie for 1st gets GestioneTorneo's fix (a decimal for the tie's winner)."""
    if err.foglio != schema.RESULTS.sheet or err.riga is None:
        return err
    row = next((r for r in book.read_table(schema.RESULTS.name) if r.sheet_row == err.riga),
               None)
    found = None if row is None else next(
        ((layout.round_sheet(r.number), t) for r in gt.rounds for t in r.tables
         if r.number == row.get("Turno") and t.number == row.get("Tavolo")), None)
    if found is None:
        return err
    sheet, table = found
    message = err.messaggio
    if message.startswith("parità per il 1° posto"):
        message = (message.split(": compilare")[0] + ": in GestioneTorneo scrivere un "
                   "decimale per chi ha vinto lo spareggio (44,1 contro 44)")
    return RisikoError(message, foglio=f"{sheet} di {file}", riga=table.row + 1,
                       tavolo=table.number)


def _kept(book: Book, info: model.Info, formula: str, source: str) -> list[str]:
    """TORNEO's type (when GestioneTorneo reads it) and note kept in `Impostazioni`, so
    that `esporta --gestionetorneo` writes them back as they were; the report's lines (a
    type GestioneTorneo does not read is said, with the one written back)."""
    from risiko_xl.formulas import load

    kind = info.tipo.strip() if layout.tournament_type(info.tipo) else ""
    kept = [(key, value) for key, value in ((TYPE_KEY, kind), (NOTE_KEY, info.note)) if value]
    for key, value in kept:
        book.set_setting(key, value)
    lines = []
    if info.tipo.strip() and not kind:
        back = layout.written_type(load(formula).gestionetorneo)
        lines.append(f"«Tipologia di Torneo» «{' '.join(info.tipo.split())}» ({layout.TOURNAMENT}"
                     f" di {source}, riga {layout.INFO_ROWS['tipo'][0]}) non è una tipologia "
                     f"di GestioneTorneo: non conservata; formula {formula}, «esporta "
                     f"--gestionetorneo» scriverà «{back}»")
    if kept:
        lines.append("In Impostazioni, per il ritorno a GestioneTorneo: " + "; ".join(
            f"«{key}» «{' '.join(value.split())}»" for key, value in kept))
    return lines


def _calendar(book: Book, info: model.Info, last: int, phases: Sequence[str]) -> None:
    """TORNEO's dates in `Calendario`: the rounds up to `last` qualifying, each later one
    the final phase GestioneTorneo keeps there (`phases`: «3° Turno» the semifinals,
    «4° Turno» the final), whether its sheet is there or still to come."""
    rows = [{"Turno": k, "Data": day,
             "Fase": phases[k - last - 1] if last < k <= last + len(phases) else QUALIFYING}
            for k, day in enumerate(info.dates, start=1) if day is not None]
    if rows:
        table = book.read_table(schema.CALENDAR.name)
        table.extend(rows)
        book.write_table(schema.CALENDAR.name, table)


def _players(book: Book, gt: model.Workbook) -> None:
    first: dict[int, int] = {}
    for rnd in reversed(gt.rounds):
        for table in rnd.tables:
            for seat in table.seats:
                first[seat.player] = rnd.number
    later = len(gt.rounds) + 1
    extras = [(h, f) for h, f in zip(schema.PLAYER_EXTRAS, EXTRA_FIELDS)
              if any(getattr(p, f) for p in gt.players)]  # a column only when something is in it
    rows = [{"ID": str(p.id), "Nome": p.nome, "Cognome": p.cognome or None,
             "Nickname": p.nickname or None, "Club": p.club or None,
             "Regione": p.regione or None, "Stato": ACTIVE if p.partecipa else WITHDRAWN,
             "Dal turno": first.get(p.id, later if p.partecipa else 1),
             **{h: getattr(p, f) or None for h, f in extras}} for p in gt.players]
    registered = book.read_table(schema.PLAYERS.name)
    registered.extend(rows)
    book.write_table(schema.PLAYERS.name, registered)


def _rounds(book: Book, gt: model.Workbook, file: str, now: dt.datetime | None,
            formula: str) -> list[str]:
    names = player_names(gt)
    results = book.read_table(schema.RESULTS.name)
    lines = []
    for rnd in gt.rounds:
        sheet = layout.round_sheet(rnd.number)
        seating: list[list[str]] = []
        numbers: list[int] = []
        for table in rnd.tables:
            rows, said = table_rows(rnd.number, QUALIFYING, table, names, sheet, file, formula)
            lines += said
            results.extend(rows)
            if rows:
                seating.append([row["ID"] for row in rows])
                numbers.append(table.number)
        if seating:
            log_draw(book, {"Turno": rnd.number, "Fase": QUALIFYING, "Data e ora": timestamp(now),
                            "Procedura": IMPORTED, "Tavoli": tables_text(seating, numbers),
                            "Note": f"da {file}, foglio «{sheet}»"})
    book.write_table(schema.RESULTS.name, results)
    return lines


def _left_out(gt: model.Workbook, file: str, finals: Sequence[model.Round]) -> list[str]:
    """What the import could not place, with its sheet and row."""
    lines = [f"Attenzione: {note}" for note in gt.notes]
    if not finals and gt.info.turni and len(gt.rounds) > gt.info.turni:
        lines.append(f"Attenzione: {file} ha {len(gt.rounds)} fogli di turno e ne prevede "
                     f"{gt.info.turni} (foglio {layout.TOURNAMENT}, riga "
                     f"{layout.INFO_ROWS['turni'][0]}): tutti sono importati come turni di "
                     "qualificazione, come li somma GestioneTorneo")
    read = {layout.TOURNAMENT, layout.PLAYERS, *(layout.round_sheet(r.number)
                                                for r in (*gt.rounds, *finals))}
    others = [name for name in gt.sheets if name not in read]
    if others:
        standings = {layout.STANDINGS, layout.SHORT_STANDINGS} & set(others)
        lines.append("Fogli non importati: " + ", ".join(others) + (
            " (la classifica è ricalcolata dai turni)" if standings else ""))
    return lines

