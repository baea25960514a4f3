"""`risiko-xl esporta --gestionetorneo`: the tournament in GestioneTorneo's layout
(`gestionetorneo.layout`), so the national ranking's route that starts from its workbook
still works: Iscritti, TORNEO, a sheet per round (the final phases after the preliminary
rounds, as GestioneTorneo keeps them), `Classifica` and `Classifica Ridotta` with our
standings, or our final ranking once the final is played. The typed values follow GestioneTorneo's
conventions, as `importa` reads them back: the objective points, a tenth more for each
place won on a tie at equal points (44,1 against 44), 100 for a RisiKo!, an eliminated
player's sign where GestioneTorneo's type reads one (`_eliminated`)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import CORE_TABLES, Book
from risiko_xl.books.season_schema import SEASON
from risiko_xl.books.settings import setting_rows
from risiko_xl.cells import as_date, to_int, to_text
from risiko_xl.errors import RisikoError, count
from risiko_xl.files.safe_open import holds_table
from risiko_xl.files.writes import backup_path
from risiko_xl.gestionetorneo import layout, model
from risiko_xl.rules.placement import out_orders
from risiko_xl.services.audit import draw_dates
from risiko_xl.services.gt_terms import NOTE_KEY, RISIKO, TYPE_KEY, sheets_hold_finals
from risiko_xl.services.standings_sheet import recorded_lotteries, standings_seed
from risiko_xl.standings import RankRow, Standings, compute_standings, final_ranking
from risiko_xl.standings.config import PHASES_OF_KIND
from risiko_xl.standings.model import DISQUALIFIED, FINAL, QUALIFYING, WITHDRAWN
from risiko_xl.tournament.loading import Tournament, load

TENTH = Decimal("0.1")
THOUSANDTHS_METHOD = "millesimi"  # the scoring method whose points GestioneTorneo shows «0.000»


def numbers(t: Tournament) -> tuple[dict[str, int], bool]:
    """Our IDs as GestioneTorneo's whole numbers: kept when every ID is one («7»), else
    1, 2, … in Iscritti order; whether they were renumbered."""
    ids = [e.id for e in t.entrants]
    if all(pid.isdigit() and int(pid) > 0 for pid in ids):
        return {pid: int(pid) for pid in ids}, False
    return {pid: n for n, pid in enumerate(ids, start=1)}, True


def _info(t: Tournament, book: Book, kind: str, sheets: int,
          finals: bool) -> tuple[model.Info, list[str]]:
    """TORNEO: «Numero Turni Previsti» the preliminary rounds (as imported: «Turni
    preliminari»), with the final phases where GestioneTorneo keeps them as round sheets
    (`finals`), never fewer than the round sheets written (its ExcelValidator: «è presente
    la scheda per il turno 5 ma il torneo prevede solo 4 turni»). Every round with a sheet
    gets its date (the validator refuses a «Data Turno N» left blank): from `Calendario`,
    else the day of the round's last draw in `Sorteggi` (said in a line)."""
    rounds = to_int(t.settings.get("Turni preliminari"), "Turni preliminari") \
        or t.formula.standings.rounds
    if finals:
        rounds += len(PHASES_OF_KIND[t.formula.phases.kind])
    planned = max(rounds, sheets)
    dates: dict[int, dt.date] = {}
    for row in book.read_table(schema.CALENDAR.name):
        turn, day = to_text(row.get("Turno")), as_date(row.get("Data"))
        if turn and turn.isdigit() and day is not None:  # final phases: their sheets' dates
            dates[int(turn)] = day
    drawn = draw_dates(book)
    seated = sheets
    taken = [n for n in range(1, seated + 1) if n not in dates and n in drawn]
    dates.update((n, drawn[n]) for n in taken)
    lines = [f"Data Turno {n}: {dates[n]:%d/%m/%Y}, data del sorteggio (in Calendario non c'è)"
             for n in taken]
    last = min(max(dates, default=0), planned)
    return model.Info(to_text(t.settings.get("Sede")) or "",
                      to_text(t.settings.get("Club organizzatore")) or "", t.name,
                      kind, planned or None, to_text(t.settings.get(NOTE_KEY)) or "",
                      tuple(dates.get(k) for k in range(1, last + 1)), t.formula.name), lines


def _type(t: Tournament) -> tuple[str, str]:
    """TORNEO's «Tipologia di Torneo»: the one kept in `Impostazioni` (`TYPE_KEY`, as
    `importa` read it) as it is (`type_problem` says when GestioneTorneo reads none),
    else the formula's GestioneTorneo name; what to say when that is only the closest
    GestioneTorneo reads (and how to choose another), else ""."""
    from risiko_xl.formulas import load

    typed = to_text(t.settings.get(TYPE_KEY))
    if typed:  # as GestioneTorneo spells it, case aside («torneo master»: Torneo Master)
        return layout.tournament_type(typed) or typed.strip(), ""
    kind = layout.written_type(t.formula.gestionetorneo)
    try:
        exact = load(kind).name == t.formula.name
    except RisikoError:
        exact = False
    if exact:
        return kind, ""
    return kind, (f" (la più vicina fra quelle che GestioneTorneo legge: la formula "
                  f"{t.formula.name} non ne ha una sua; per sceglierne un'altra, scriverla in "
                  f"Impostazioni, «{TYPE_KEY}»)")


def type_problem(made: Export, book: Book) -> RisikoError | None:
    """The type kept in `Impostazioni` when GestioneTorneo reads no such type (its
    `ExcelValidator`: «Non è stata indicata una corretta tipologia di Torneo»)."""
    if layout.tournament_type(made.kind) is not None:
        return None
    return RisikoError(f"impostazione «{TYPE_KEY}»: GestioneTorneo non legge questa "
                       "tipologia (ammesse: " + ", ".join(layout.TOURNAMENT_TYPES) + ")",
                       foglio=schema.SETTINGS.sheet, riga=setting_rows(book).get(TYPE_KEY),
                       colonna="Valore", valore=made.kind)


def _players(t: Tournament, book: Book, ids: dict[str, int]) -> tuple[model.Player, ...]:
    extras = {row.get("ID") and to_text(row.get("ID")): row
              for row in book.read_table(schema.PLAYERS.name)}
    out = []
    for e in t.entrants:
        row = extras.get(e.id)
        national, born, email = (row.get(h) if row is not None else None
                                 for h in schema.PLAYER_EXTRAS)
        out.append(model.Player(ids[e.id], e.first or e.id, e.last or "", e.nickname or "",
                                e.club or "", e.state not in (WITHDRAWN, DISQUALIFIED),
                                e.region or "", as_date(born), to_text(national) or "",
                                to_text(email) or "", 0))
    return tuple(out)


def _rounds(t: Tournament, ids: dict[str, int], finals: bool) -> tuple[model.Round, ...]:
    """A sheet per round: the final phases after the preliminary ones where GestioneTorneo
    keeps them (`finals`), else the qualifying rounds only (it would sum a final as one)."""
    tables: dict[int, dict[int, list[Any]]] = defaultdict(lambda: defaultdict(list))
    for r in sorted(t.rows, key=lambda r: r.row or 0):
        if finals or r.phase == QUALIFYING:
            tables[r.round_no][r.table].append(r)
    out = []
    for round_no in sorted(tables):
        made = []
        for number, rows in sorted(tables[round_no].items()):
            values = _values(t, rows)
            made.append(model.Table(number, tuple(model.Seat(ids[r.player], v)
                                                  for r, v in zip(rows, values))))
        out.append(model.Round(round_no, tuple(made)))
    return tuple(out)


def _values(t: Tournament, rows: list[Any]) -> list[Decimal | None]:
    """The values GestioneTorneo reads: points, a tenth per place won at equal points."""
    if any(r.seat is None for r in rows):
        return [None] * len(rows)
    place = {r.row: t.computed.get(r.row, {}).get("Posizione") or 0 for r in rows}
    signs = _eliminated(t, rows)
    values: list[Decimal | None] = []
    for r in rows:
        if r.seat.eliminated:
            values.append(signs[r.row])
            continue
        if r.seat.risiko:  # GestioneTorneo's manual: «per il RisiKo deve essere indicato 100»
            values.append(Decimal(RISIKO))
            continue
        beaten = sum(1 for o in rows if (0 if o.seat.eliminated else o.seat.points) ==
                     r.seat.points and (place[o.row] or 99) > (place[r.row] or 99))
        values.append(Decimal(r.seat.points) + beaten * TENTH)
    return values


def _eliminated(t: Tournament, rows: list[Any]) -> dict[int, Decimal]:
    """Each eliminated seat's value. Negative where the formula's method scores an
    eliminated player apart (`eliminated_bonuses`: GestioneTorneo's Torneo Gufo,
    ScorePlayerTorneoGufo.getBonusIntero gives 3/2/1/0 «if punteggio < 0»), as `importa`
    reads it: -1 for the last out, -2 for the one before, … (Partita.getPosizione places
    the higher value better), players out together («S» placed by the others' orders,
    `out_orders`) the same, every one -1 when the order is not known. 0 elsewhere: a
    negative would lower GestioneTorneo's totals (ScorePlayerOpen: -1 → -1,25 at a 5-table;
    ScorePlayerRaduno: -1; ScorePlayerQualificazioniNazionale, the master: -0,001)."""
    out = [r for r in rows if r.seat.eliminated]
    if getattr(t.formula.scoring, "eliminated_bonuses", None) is None:
        return {r.row: Decimal(0) for r in out}
    known = dict(zip((r.row for r in rows), out_orders([r.seat for r in rows])))
    orders = {r.row: o for r in out if (o := known[r.row]) is not None}
    if len(orders) < len(out):
        return {r.row: Decimal(-1) for r in out}
    later = sorted(set(orders.values()), reverse=True)
    return {row: Decimal(-1 - later.index(o)) for row, o in orders.items()}


def _kept(t: Tournament) -> Standings:
    """The standings with every player who played: GestioneTorneo's Classifica lists each
    registered player (ExcelAccess.getClassificaMaster2020 and the others read
    `getListaGiocatori(false)`), so one who withdrew or was disqualified after playing
    stays, by points («Partecipa Torneo» NO only keeps them out of its next draws)."""
    entrants = [replace(e, state=WITHDRAWN) if e.state == DISQUALIFIED else e
                for e in t.entrants]
    return compute_standings(entrants, t.results, replace(t.formula.standings,
                                                          withdrawn="keep"),
                             standings_seed(t),
                             recorded=[o for _, o in recorded_lotteries(t.book)])


def _standings(t: Tournament, players: tuple[model.Player, ...], ids: dict[str, int],
               ranking: tuple[RankRow, ...], rounds: tuple[model.Round, ...],
               finals: bool) -> tuple[model.Standing, ...]:
    """Classifica as GestioneTorneo computes it from the round sheets: the preliminary
    standings, or once the final is played our final ranking (`getClassificaMaster2020`
    and `getClassificaRadunoNazionale2020` place the final's players first, by their
    place in it, then the others); a final phase's points in its own column where its
    sheet is written (`finals`). Only who sits in a round sheet: GestioneTorneo's
    ExcelValidator refuses a Classifica Ridotta listing a player who played no game («Il
    giocatore presente in classifica con l'ID 7 non risulta aver disputato alcuna
    partita»); the positions close up (none above the players listed, its other rule)."""
    standings = _kept(t)
    by_number = {p.id: p for p in players}
    seated = {s.player for r in rounds for tb in r.tables for s in tb.seats}
    later = sorted({r.round_no for r in t.rows if r.phase != QUALIFYING}) if finals else []
    games = {(g.player, g.round_no): g for g in t.results if g.phase != QUALIFYING}
    order = [(row.position, row.player) for row in standings.rows]
    if ranking:
        ranked = [(r.position, r.player) for r in ranking]
        rest = [p for _, p in order if p not in {p for _, p in ranked}]
        order = ranked + [(len(ranked) + i, p) for i, p in enumerate(rest, start=1)]
    listed = [(position, player, row) for position, player in order
              if ids[player] in seated and (row := standings.row(player)) is not None]
    out = []
    for position, player, row in listed:
        phase = [games.get((player, n)) for n in later]
        points = (*row.rounds, *(None if g is None else g.points for g in phase))
        total = row.total + sum(g.points for g in phase if g is not None)
        wins = row.wins + sum(1 for g in phase if g is not None and g.position == 1)
        closed = 1 + sum(1 for p, _, _ in listed if p < position)
        out.append(model.Standing(closed, by_number[ids[player]],
                                  tuple(None if v is None else _decimal(v) for v in points),
                                  wins, _decimal(total)))
    return tuple(out)


def _final_ranking(t: Tournament) -> tuple[RankRow, ...]:
    """Our final ranking when the final is played, else nothing."""
    if not any(g.phase == FINAL for g in t.results) or \
            any(r.seat is None for r in t.rows if r.phase == FINAL):
        return ()
    seed = standings_seed(t)
    standings = compute_standings(t.entrants, t.results, t.formula.standings, seed)
    return final_ranking(t.entrants, t.results, standings, t.formula.phases,
                         t.formula.standings, seed)


def _decimal(value: Any) -> Decimal:
    """An exact Fraction as a decimal (thousandths stay exact: 1044/1000 → 1.044; the
    gufo's ten-thousandths too, as GestioneTorneo writes them: 124625/10000 → 12.4625)."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).normalize() \
        if hasattr(value, "numerator") else Decimal(value)


def _checks(gt: model.Workbook) -> list[str]:
    """What GestioneTorneo's own check (`ExcelValidator.validaFoglioExcel`, run before
    «Pubblica online») would refuse in the file written, that only the organiser can
    mend, in one line: its other rules hold by construction (the type is one it reads,
    «Numero Turni Previsti» covers every sheet, Classifica Ridotta lists who played)."""
    found = []
    if not gt.info.organizzatore:  # validaSchedaTorneo
        found.append("manca l'organizzatore («Club organizzatore» in Impostazioni)")
    if not gt.rounds:  # validaSchedeTurni
        found.append("nessun turno giocato")
    missing = [r.number for r in gt.rounds
               if r.number > len(gt.info.dates) or gt.info.dates[r.number - 1] is None]
    if missing:  # validazioniIncrociate: a date for each round sheet
        found.append("manca la data (né in Calendario né in Sorteggi) " + (
            "del turno " if len(missing) == 1 else "dei turni ") +
            ", ".join(str(n) for n in missing))
    days = [d for d in gt.info.dates if d is not None]
    if days != sorted(days):  # validaSchedaTorneo: «Errata sequenza cronologica»
        found.append("le date di Calendario non sono in ordine")
    seated = {s.player for r in gt.rounds for tb in r.tables for s in tb.seats}
    nameless = [str(p.id) for p in gt.players if p.id in seated and not p.cognome]
    if nameless:  # validaSchedaIscritti: «Il cognome del giocatore … non è indicato»
        found.append("manca il cognome dei giocatori con ID " + ", ".join(nameless) +
                     " (Iscritti)")
    return [f"Attenzione: il controllo di GestioneTorneo (prima di «Pubblica online») "
            f"rifiuterà il file: {what}" for what in found]


@dataclass(frozen=True)
class Export:
    """The tournament as GestioneTorneo's workbook (`gt`) and what to say of it: the type
    («Tipologia di Torneo») and, when it is only the closest one, why (`nearest`); the
    dates taken from `Sorteggi` (`dated`); whether the final phases are round sheets
    (`finals`); our final ranking when the final is played; whether the IDs were
    renumbered, and the numbers given."""

    tournament: Tournament
    gt: model.Workbook
    nearest: str
    dated: tuple[str, ...]
    finals: bool
    ranking: tuple[RankRow, ...]
    renumbered: bool
    numbers: dict[str, int]  # GestioneTorneo's number of each of our IDs

    @property
    def kind(self) -> str:
        return self.gt.info.tipo


def gestionetorneo_model(book: Book) -> Export:
    """The tournament in `book` as GestioneTorneo's workbook holds it: what `esporta
    --gestionetorneo` writes, `chiudi` checks and the national ranking reads."""
    t = load(book)
    ids, renumbered = numbers(t)
    players = _players(t, book, ids)
    kind, nearest = _type(t)
    finals = sheets_hold_finals(t.formula, kind)
    rounds = _rounds(t, ids, finals)
    info, dated = _info(t, book, kind, len(rounds), finals)
    ranking = _final_ranking(t)
    gt = model.Workbook(info, players, rounds, _standings(t, players, ids, ranking, rounds, finals),
                        thousandths=t.formula.scoring.name == THOUSANDTHS_METHOD)
    return Export(t, gt, nearest, tuple(dated), finals, ranking, renumbered, ids)


def check_target(target: Path, force: bool) -> Path:
    """The file GestioneTorneo's workbook is written to (.xlsx where LibreOffice cannot
    write .xls), refused where GestioneTorneo would refuse its name or where it exists
    without `force`."""
    target = Path(target)
    if target.suffix.lower() not in (".xls", ".xlsx"):
        raise RisikoError("il file per GestioneTorneo è .xls (o .xlsx)", valore=target.name)
    if "'" in target.name:  # GestioneTorneo's ExcelValidator.validaFile
        raise RisikoError("GestioneTorneo non accetta il carattere «'» (apostrofo) nel nome "
                          "del file: usare ad esempio «" + target.name.replace("'", "’")
                          + "»", valore=target.name)
    from risiko_xl.gestionetorneo.writer import destination  # openpyxl: only to write

    written = destination(target)
    if written.is_file() and holds_table(written, (*CORE_TABLES, *SEASON.tables)):
        raise RisikoError("il file da scrivere è la cartella di lavoro di un torneo o di una "
                          "stagione: indicare un altro nome (anche con --forza non si "
                          "sostituisce)", valore=str(written))
    if written.exists() and not force:
        raise RisikoError("il file esiste già: per sostituirlo usare --forza (la versione "
                          f"attuale resta nella copia {backup_path(written).name})",
                          valore=str(written))
    return written


def export_gestionetorneo(book: Book, target: Path, force: bool = False,
                          base: Path | None = None) -> list[str]:
    """Write `target` (.xls, or .xlsx) in GestioneTorneo's layout, over a copy of the
    organiser's own GestioneTorneo workbook `base` when given; the lines to print."""
    check_target(target, force)
    made = gestionetorneo_model(book)
    if problem := type_problem(made, book):
        raise problem
    return write_export(made, target, base)


def write_export(made: Export, target: Path, base: Path | None = None) -> list[str]:
    """Write `made` to `target` (over a copy of `base`); the lines that say what was
    written."""
    from risiko_xl.gestionetorneo import writer  # openpyxl: only to write

    gt, t, kind = made.gt, made.tournament, made.kind
    written = writer.write(gt, Path(target), base)
    lines = [f"Scritto {written}: {count(len(gt.players), 'giocatore', 'giocatori')}, "
             f"{count(len(gt.rounds), 'turno', 'turni')}, Classifica e Classifica Ridotta "
             f"nel formato di GestioneTorneo; tipologia «{kind}»{made.nearest}", *made.dated,
             *_checks(gt)]
    if base is not None:
        lines.append(f"Scritto su una copia di {Path(base).name}: i suoi altri fogli, nomi, "
                     "elenchi e formule restano")
    if written != Path(target):
        lines.append(f"LibreOffice non è installato: scritto in formato .xlsx ({written.name}) "
                     "invece di .xls; GestioneTorneo lo apre lo stesso")
    phases = sorted({(r.round_no, r.phase) for r in t.rows if r.phase != QUALIFYING})
    if phases and not made.finals:
        lines.append(f"Fasi finali non scritte come fogli di turno: la tipologia «{kind}» di "
                     "GestioneTorneo le sommerebbe come turni; Classifica e Classifica "
                     "Ridotta: " + ("la classifica finale di risiko-xl (punti dei soli turni "
                                    "di qualificazione)" if made.ranking else
                                    "la classifica dei turni di qualificazione"))
    elif phases:
        lines.append("Fasi finali nei fogli " + ", ".join(
            f"«{layout.round_sheet(n)}» ({phase})" for n, phase in phases) + ", come li tiene "
            "GestioneTorneo; Classifica e Classifica Ridotta: " + (
                "la classifica finale" if made.ranking else
                "la classifica dei turni preliminari (la finale non è ancora giocata)"))
    if made.renumbered:
        lines.append("Gli ID non sono numeri: in GestioneTorneo i giocatori sono numerati 1, "
                     "2, … nell'ordine di Iscritti")
    return lines
