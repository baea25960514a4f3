"""`risiko-xl importa`: a tournament workbook made from GestioneTorneo's (`ModuloTorneo.xls`).

Iscritti become ours (`Partecipa Torneo` NO: «Ritirato»; national ID, birth date and
e-mail in the optional columns `schema.PLAYER_EXTRAS`), TORNEO fills `Impostazioni` and
`Calendario`, each round sheet becomes a round of `Risultati` (with a formula of final
phases, the sheets after its preliminary rounds become those phases: `import_gt_phases`),
recorded in `Sorteggi` as imported (procedure «importato da GestioneTorneo», no seed and
no fingerprint, so `verifica` checks the seating against it and replays nothing); the
tournament gets a fresh random «Seme sorteggio» for its lotteries and later draws. GestioneTorneo's
conventions are translated and listed in the report (`CONVENTIONS`)."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from dataclasses import replace
from decimal import ROUND_DOWN, Decimal
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.settings import VARIANT_KEY, first_draw_variant, setting_rows
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError, count
from risiko_xl.files.writes import backup_path
from risiko_xl.gestionetorneo import layout, model
from risiko_xl.names import player_name
from risiko_xl.rules.territories import MAP_TOTAL
from risiko_xl.services.audit import IMPORTED, log_draw, tables_text, timestamp
from risiko_xl.standings.model import ACTIVE, QUALIFYING, WITHDRAWN

EXTRA_FIELDS = ("id_nazionale", "nascita", "email")  # model.Player's, as schema.PLAYER_EXTRAS
RISIKO = 100  # what GestioneTorneo's referees type for a RisiKo!
# TORNEO's «Tipologia di Torneo» and «Note», kept in Impostazioni for `esporta`
TYPE_KEY, NOTE_KEY = "Tipologia GestioneTorneo", "Note torneo"
CONVENTIONS = (
    "i punti scritti in GestioneTorneo sono i punti tavolo non scalati: la formula li "
    "trasforma come fa GestioneTorneo (un 21 a un tavolo da 5 resta 21 in «Punti obiettivo»)",
    "la parte intera è il punteggio (GestioneTorneo tronca i decimali); fra punteggi interi "
    "uguali, chi ha il decimale più alto (44,1 contro 44) vince la parità: lo dice «Punti "
    "fuori obiettivo» (0 al più basso, 1 al successivo, …)",
    f"{RISIKO} o più è un RisiKo! (manuale di GestioneTorneo: «per il RisiKo deve essere "
    f"indicato 100 come punteggio»): «RisiKo!» S, {RISIKO} in «Punti obiettivo» (o quanti "
    f"ne lascia la mappa, {MAP_TOTAL}, dopo i punti degli altri)",
    "un punteggio negativo è un giocatore eliminato, 0 punti: GestioneTorneo mette prima "
    "il valore più alto, quindi con due o più eliminati di valori diversi (-1 e -2) «Eliminato» "
    "è l'ordine di eliminazione (-2 è uscito per primo: 1), con valori uguali «S» (stesso "
    "posto: gufo dà a entrambi i punti del posto migliore, come GestioneTorneo)",
    "due punteggi uguali sotto il 1° posto (20 e 20 per il 2°) restano pari: gufo dà a "
    "entrambi i punti del posto migliore, come GestioneTorneo (Partita.getPosizione)",
    "un tavolo senza punteggi (vuoto o tutto 0) è importato come sorteggiato e da giocare",
    "i punti scalati (×1,25 ai tavoli da 5, ×0,75 a quelli da 3) tengono i decimali come in "
    "GestioneTorneo: open 21 a un tavolo da 5 → 26,25, gufo 0,2625",
    "differenza: un tavolo da 3 col giocatore fittizio (ID -1) è un tavolo da 3 (×0,75); il "
    "gufo di GestioneTorneo lo conta da 4 (nessun fattore)",
)
# the formula whose GestioneTorneo type counts a typed ghost as a seat: the Torneo Gufo
# standings load the rounds with it (ExcelAccess.getClassificaTorneoGufo, withGhost true;
# setPartitaFromRow counts it), so its 3-table with the ghost scores as a 4-table; the
# Open's (getClassificaTorneoOpen, withGhost false) skip it, as we do
GHOST_SEATED = "gufo"


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
    venue and, when GestioneTorneo plans or played more rounds, the preliminary rounds.
    A formula with final phases keeps its own: GestioneTorneo's «Numero Turni Previsti»
    counts the semifinal and the final too (MasterRisiko: 4 = 2 preliminary + 2 final)."""
    from risiko_xl.formulas import load

    # a fresh seed, as `sorteggia` records one when the tournament has none: the lotteries
    # of the imported standings are then drawn on it (never on the fixed public default)
    settings: dict[str, Any] = {"Nome torneo": gt.info.nome or Path(source).stem,
                                "Club organizzatore": gt.info.organizzatore or None,
                                "Sede": gt.info.sede or None,
                                "Seme sorteggio": secrets.token_hex(4)}
    rounds = max(gt.info.turni or 0, len(gt.rounds))
    found = load(formula)
    if (rounds and not found.variants and not final_phases(formula)
            and found.standings.rounds != rounds):
        settings["Turni preliminari"] = rounds
    return settings


def final_phases(formula: str) -> bool:
    """Whether `formula` plays final phases after its preliminary rounds."""
    from risiko_xl.formulas import load

    return load(formula).phases.kind != "none"


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
    if final_phases(formula):
        last = int(rounds) if rounds else load(formula).standings.rounds
        finals = tuple(r for r in gt.rounds if r.number > last)
        gt = replace(gt, rounds=tuple(r for r in gt.rounds if r.number <= last))
    lines = [f"Importato {source}: {count(len(gt.players), 'giocatore', 'giocatori')}, "
             f"{count(len(gt.rounds), 'turno', 'turni')}, "
             f"{count(sum(len(r.tables) for r in gt.rounds), 'tavolo', 'tavoli')}; formula "
             f"{formula}" + (f", turni preliminari {rounds}" if rounds else "")]
    _calendar(book, gt.info)
    lines += _kept(book, gt.info)
    _players(book, gt)
    lines += _rounds(book, gt, source, now, formula)
    if gt.rounds and gt.rounds[0].tables:
        seated = sum(len(t.seats) for t in gt.rounds[0].tables)
        variant = first_draw_variant(settings, seated, setting_rows(book))
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
        from risiko_xl.services.import_gt_phases import import_phases

        lines += import_phases(book, finals, gt, source, formula, now)
    lines += _left_out(gt, source, finals)
    lines.append(f"Seme sorteggio {to_text(settings.get('Seme sorteggio'))} (nuovo, casuale; in "
                 "Impostazioni): decide i sorteggi delle parità e dei turni successivi")
    lines += ["Convenzioni di GestioneTorneo tradotte:", *(f"- {c}" for c in CONVENTIONS)]
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


def _kept(book: Book, info: model.Info) -> list[str]:
    """TORNEO's type (when GestioneTorneo reads it) and note kept in `Impostazioni`, so
    that `esporta --gestionetorneo` writes them back as they were; the report's line."""
    kind = info.tipo.strip() if layout.tournament_type(info.tipo) else ""
    kept = [(key, value) for key, value in ((TYPE_KEY, kind), (NOTE_KEY, info.note)) if value]
    for key, value in kept:
        book.set_setting(key, value)
    if not kept:
        return []
    return ["In Impostazioni, per il ritorno a GestioneTorneo: " + "; ".join(
        f"«{key}» «{' '.join(value.split())}»" for key, value in kept)]


def _calendar(book: Book, info: model.Info) -> None:
    rows = [{"Turno": k, "Fase": QUALIFYING, "Data": day}
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


def tie_ranks(values: Sequence[Decimal | None]) -> list[int | None]:
    """«Punti fuori obiettivo» for each seat: among seats whose whole points are equal but
    whose typed decimals differ, 0 for the lowest decimal, 1 for the next, …; None elsewhere."""
    typed = {i: v for i, v in enumerate(values) if v is not None}
    groups: dict[int, list[int]] = {}
    for i, v in typed.items():
        groups.setdefault(int(v.to_integral_value(ROUND_DOWN)), []).append(i)
    out: list[int | None] = [None] * len(values)
    for group in groups.values():
        decimals = sorted({typed[i] for i in group})
        if len(decimals) > 1:
            for i in group:
                out[i] = decimals.index(typed[i])
    return out


def elimination_orders(values: Sequence[Decimal | None]) -> list[int | str | None]:
    """«Eliminato» for each seat: None for a survivor; for the eliminated (typed negative),
    the order of elimination when their values all differ (GestioneTorneo places the higher
    value better, so the lowest went out first: 1), else «S» (order unknown: a shared place)."""
    out = sorted(v for v in values if v is not None and v < 0)
    if len(out) > 1 and len(set(out)) == len(out):
        return [out.index(v) + 1 if v is not None and v < 0 else None for v in values]
    return ["S" if v is not None and v < 0 else None for v in values]


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


def player_names(gt: model.Workbook) -> dict[int, str]:
    """Each GestioneTorneo ID's name as our sheets show it."""
    return {p.id: player_name(p.nome, p.cognome, p.nickname) or str(p.id) for p in gt.players}


def table_rows(round_no: int, phase: str, table: model.Table, names: dict[int, str],
               sheet: str, file: str, formula: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A table of GestioneTorneo's round sheet `sheet` as `Risultati` rows of `phase`
    (GestioneTorneo's conventions translated), and the report's lines about it."""
    lines = []
    seats = [s for s in table.seats if s.player != layout.GHOST_ID]
    if len(seats) < len(table.seats):
        counted = (f" (qui un tavolo da 3, ×0,75; GestioneTorneo lo conta da "
                   f"{len(table.seats)}: punti di questo tavolo diversi)"
                   if formula == GHOST_SEATED and len(seats) == 3 else "")
        lines.append(f"Non importato: il giocatore fittizio (ID {layout.GHOST_ID}) del "
                     f"tavolo {table.number}, foglio {sheet}, riga {table.row + 1}" + counted)
    if not seats:
        lines.append(f"Non importato: il tavolo {table.number} del foglio {sheet} "
                     f"(riga {table.row}) non ha giocatori")
        return [], lines
    played = any(s.value for s in seats)
    values = [(s.value or Decimal(0)) if played else None for s in seats]
    risiko = _risiko_points(values, sheet, table, file)
    if risiko is not None and risiko < RISIKO:
        lines.append(f"Turno {round_no}, tavolo {table.number} (foglio {sheet}, riga "
                     f"{table.row + 1}): il RisiKo! ha {risiko} punti obiettivo, non "
                     f"{RISIKO}, perché con gli altri il tavolo non superi la mappa "
                     f"({MAP_TOTAL}); conta come RisiKo! e non perde nulla (master: "
                     "1,100; raduno, open, gufo: 100 punti tavolo come in "
                     "GestioneTorneo)")
    ranks = tie_ranks([v if v is None or v >= 0 else None for v in values])
    outs = elimination_orders(values)
    rows = [_result(round_no, phase, table.number, seat.player, names[seat.player], value,
                    rank, risiko, out)
            for seat, value, rank, out in zip(seats, values, ranks, outs)]
    if not played:
        lines.append(f"Turno {round_no}, tavolo {table.number} (foglio {sheet}, riga "
                     f"{table.row}): nessun punteggio, importato come da giocare")
    return rows, lines


def _risiko_points(values: Sequence[Decimal | None], sheet: str, table: model.Table,
                   file: str) -> int | None:
    """The objective points a RisiKo! (typed 100) keeps: 100, or less where the others'
    points and 100 would hold more than the map (GestioneTorneo's 100 is a mark, not
    territories); None at a table without one. A table whose other players alone hold
    more than the map is refused (our Risultati would refuse it too, naming rows of a
    workbook not yet written)."""
    typed = [v for v in values if v is not None and v > 0]
    others = sum(int(v) for v in typed if v < RISIKO)
    if others > MAP_TOTAL:
        raise RisikoError(f"i punti del tavolo {table.number} sommano {others}, oltre il "
                          f"totale della mappa ({MAP_TOTAL})", foglio=f"{sheet} di {file}",
                          riga=table.row + 1, colonna="punti", valore=others)
    if not any(v >= RISIKO for v in typed):
        return None
    return min(RISIKO, MAP_TOTAL - others)


def _result(round_no: int, phase: str, table: int, player: int, name: str,
            value: Decimal | None, rank: int | None, risiko: int | None,
            out: int | str | None) -> dict[str, Any]:
    row: dict[str, Any] = {"Turno": round_no, "Fase": phase, "Tavolo": table,
                           "ID": str(player), "Giocatore": name}
    if value is None:
        return row
    if out is not None:
        return {**row, "Punti obiettivo": 0, "Eliminato": out}
    if value >= RISIKO:
        return {**row, "Punti obiettivo": risiko, "RisiKo!": "S"}
    return {**row, "Punti obiettivo": int(value.to_integral_value(ROUND_DOWN)),
            "Punti fuori obiettivo": rank}


def _left_out(gt: model.Workbook, file: str, finals: Sequence[model.Round]) -> list[str]:
    """What the import could not place, with its sheet and row."""
    lines = []
    if not finals and gt.info.turni and len(gt.rounds) > gt.info.turni:
        lines.append(f"Attenzione: {file} ha {len(gt.rounds)} fogli di turno e ne prevede "
                     f"{gt.info.turni} (foglio {layout.TOURNAMENT}, riga "
                     f"{layout.INFO_ROWS['turni'][0]}): tutti sono importati come turni di "
                     "qualificazione (i fogli dei turni non dicono quali fossero fasi finali)")
    read = {layout.TOURNAMENT, layout.PLAYERS, *(layout.round_sheet(r.number)
                                                for r in (*gt.rounds, *finals))}
    others = [name for name in gt.sheets if name not in read]
    if others:
        standings = {layout.STANDINGS, layout.SHORT_STANDINGS} & set(others)
        lines.append("Fogli non importati: " + ", ".join(others) + (
            " (la classifica è ricalcolata dai turni)" if standings else ""))
    return lines

