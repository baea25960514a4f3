"""Repairing a drawn round that is not played yet (`ritira --ripara`, `iscrivi --ripara`).

When a player withdraws, or arrives for a round already drawn, the round's tables are
mended with the fewest moves (`draw.repair`: table sizes as the policy gives for the new
count, numbered as a draw numbers them, as many players as possible stay at their table,
then the draw criteria) instead of a whole new draw. Only rounds with no result typed
are repaired: typed results never move. The repair is recorded in `Sorteggi` (procedure
«riparazione», the same seed, its fingerprint, the moves in the note), and `verify`
replays it from the seating recorded before it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import replace

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row
from risiko_xl.cells import to_int, to_text
from risiko_xl.draw.model import ENGINE_VERSION, DrawInput, DrawResult
from risiko_xl.draw.repair import REPAIR_LABEL, RepairResult, repair
from risiko_xl.errors import RisikoError, count
from risiko_xl.services.audit import (
    archive,
    log_draw,
    parse_tables,
    quality_text,
    tables_text,
    timestamp,
)
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import Tournament, load


def unplayed_rounds(t: Tournament) -> list[int]:
    """Preliminary rounds drawn with no result typed yet (the ones a repair may mend)."""
    rows = [r for r in t.rows if r.phase == QUALIFYING]
    typed = {r.round_no for r in rows if r.seat is not None}
    return sorted({r.round_no for r in rows} - typed)


def _repair(t: Tournament, round_no: int, seed: str | None, before: list[list[str]],
            withdrawn: Sequence[str], arrived: Sequence[str], engine: str = ENGINE_VERSION,
            earlier: Mapping[int, list[list[str]]] | None = None) -> RepairResult:
    """The repair of `before`; the input reads only what the criteria read: the winners
    of the round before count only when «coppie di vincitori» is a criterion (001 §8), so
    results typed after the repair in earlier rounds do not change what it depended on."""
    from risiko_xl.services.rounds import round_input

    if not seed:
        raise RisikoError(f"il sorteggio del turno {round_no} non ha un seme registrato: "
                          "ripetere il sorteggio del turno", foglio=schema.DRAWS.sheet,
                          colonna="Seme", valore=round_no)
    old_ids = sorted(pid for table in before for pid in table)
    inp = _what_criteria_read(round_input(t, round_no, old_ids, seed, earlier))
    newcomers = _what_criteria_read(
        round_input(t, round_no, list(arrived), seed, earlier)).players if arrived else ()
    return repair(inp, before, sorted(withdrawn), sorted(newcomers, key=lambda p: p.id),
                  engine)


def _what_criteria_read(inp: DrawInput) -> DrawInput:
    if "winners" in inp.criteria:
        return inp
    return replace(inp, players=tuple(replace(p, winner=False) for p in inp.players))


def replay_repair(t: Tournament, round_no: int, seed: str | None, before: list[list[str]],
                  after: list[list[str]], engine: str = ENGINE_VERSION,
                  earlier: Mapping[int, list[list[str]]] | None = None) -> RepairResult:
    """The repair that turned seating `before` into `after` (who left, who came), redone
    with the earlier rounds seated as `earlier` (round -> tables recorded in Sorteggi
    before the repair); its fingerprint names engine version `engine` (the one recorded
    with the repair)."""
    old = {pid for table in before for pid in table}
    new = {pid for table in after for pid in table}
    return _repair(t, round_no, seed, before, sorted(old - new), sorted(new - old), engine,
                   earlier)


def _last_draw(book: Book, round_no: int) -> tuple[str | None, list[list[str]]] | None:
    """(seed, tables) of the last seating of preliminary round `round_no` in Sorteggi."""
    log = book.read_table(schema.DRAWS.name)
    found = None
    for record in log:
        phase = to_text(record.get("Fase")) or QUALIFYING
        tables = parse_tables(record.get("Tavoli"))
        if phase != QUALIFYING or not tables:
            continue
        if to_int(record.get("Turno"), "Turno", minimum=1) == round_no:
            found = (to_text(record.get("Seme")), tables)
    return found


def move_lines(result: RepairResult, gone: str = "ritirato") -> list[str]:
    """One line per change: «G07 dal tavolo 3 al tavolo 5», who left (`gone`: why, in a
    word: «ritirato», «assente»), arrivals."""
    lines = [f"{m.id} {gone}: lascia il tavolo {m.from_table}" for m in result.withdrawn]
    lines += [f"{m.id} (nuovo) al tavolo {m.to_table}" for m in result.arrived]
    lines += [f"{m.id} dal tavolo {m.from_table} al tavolo {m.to_table}" for m in result.moves]
    lines += [f"il tavolo {a} diventa il tavolo {b} (cambia solo il numero: chi vi siede "
              "non si sposta)" for a, b in result.renumbered]
    return lines


def repair_round(book: Book, round_no: int, withdrawn: Sequence[str] = (),
                 arrived: Sequence[str] = (), now: dt.datetime | None = None,
                 why_gone: str = "ritirato") -> list[str]:
    """Mend round `round_no` for `withdrawn` players (seated in it: `why_gone` says why they
    leave) and `arrived` ones (not seated); returns the lines for the organiser.
    RisikoError for a round with a result typed, or with no draw recorded."""
    from risiko_xl.services.audit import table_lines
    from risiko_xl.services.phase_check import check_seatings
    from risiko_xl.services.standings_sheet import refresh_scores

    t = load(book)
    rows = [r for r in t.rows if r.phase == QUALIFYING and r.round_no == round_no]
    typed = [r for r in rows if r.seat is not None]
    if typed:
        raise RisikoError(f"il turno {round_no} ha già risultati inseriti: i suoi tavoli non "
                          "si riparano (un risultato inserito non si sposta)",
                          foglio="Risultati", riga=typed[0].row, tavolo=typed[0].table,
                          colonna="Turno", valore=round_no)
    drawn = _last_draw(book, round_no)
    if not rows or drawn is None:
        raise RisikoError(f"il turno {round_no} non ha un sorteggio registrato in Sorteggi: "
                          "non c'è niente da riparare", foglio="Risultati", colonna="Turno",
                          valore=round_no)
    check_seatings(t)  # the rows are the recorded seating
    seed, before = drawn
    seated = {pid for table in before for pid in table}
    gone = sorted(pid for pid in withdrawn if pid in seated)
    come = sorted(pid for pid in arrived if pid not in seated)
    if not gone and not come:
        return []
    result = _repair(t, round_no, seed, before, gone, come)
    table_of = {pid: n for n, table in enumerate(result.tables, start=1) for pid in table}
    row_of = {r.player: r.row for r in rows}
    changed = {row_of[pid] for pid in row_of if table_of.get(pid) != _table(before, pid)}
    archive(book, t.results_table.where(lambda row: row.sheet_row in changed),
            f"riparazione del turno {round_no}", now)
    mine = set(row_of.values())
    results = t.results_table.copy()
    block = [row for row in results if row.sheet_row in mine]
    player_at = {row: pid for pid, row in row_of.items()}
    for row in block:
        if player_at[row.read_at] in table_of:
            row["Tavolo"] = table_of[player_at[row.read_at]]
    left = {row_of[pid] for pid in gone}
    block = [row for row in block if row.sheet_row not in left]
    names = {e.id: e.name for e in t.entrants}
    block += [Row({"Turno": round_no, "Fase": QUALIFYING, "Tavolo": table_of[pid],
                   "ID": pid, "Giocatore": names[pid]}) for pid in come]
    block.sort(key=lambda row: row["Tavolo"])  # stable
    first = next(i for i, row in enumerate(results.rows) if row.sheet_row in mine)
    rest = [row for row in results.rows if row.sheet_row not in mine]
    results.rows = rest[:first] + block + rest[first:]  # where the round's rows were
    book.write_table(schema.RESULTS.name, results)
    moves = move_lines(result, why_gone)
    as_drawn = DrawResult(result.tables, seed or "", result.fingerprint, result.engine_version,
                          result.quality, round_no)  # the criteria that apply to its tables
    log_draw(book, {
        "Turno": round_no, "Fase": QUALIFYING, "Data e ora": timestamp(now), "Seme": seed,
        "Impronta": result.fingerprint, "Versione motore": result.engine_version,
        "Procedura": REPAIR_LABEL, "Qualità": quality_text(result.quality, as_drawn),
        "Tavoli": tables_text(result.tables), "Note": "; ".join(moves)})
    refresh_scores(book)
    moved = count(len(result.moves), "spostamento", "spostamenti")
    return [f"Turno {round_no} riparato con {moved} (procedura «riparazione», registrata in "
            "Sorteggi):", *moves, "Qualità: " + quality_text(result.quality, as_drawn),
            *_redraw_hint(result, round_no), *table_lines(t, result.tables)]


def _redraw_hint(result: RepairResult, round_no: int) -> list[str]:
    """When a criterion of the repaired round is above its lower bound, the line saying
    that a new draw of the round (which moves everyone) may do better."""
    if all(q.value <= q.lower_bound for q in result.quality):
        return []
    return [f"Sopra il minimo: un nuovo sorteggio del turno {round_no} («Turno da "
            f"sorteggiare» = {round_no} in Excel, sorteggia --turno {round_no} --forza) "
            "può fare meglio, ma cambia tutti i tavoli"]


def repair_previews(book: Book, rounds: Sequence[int], withdrawn: Sequence[str]) -> list[str]:
    """The quality each of `rounds` would have if repaired in turn for `withdrawn`
    (nothing written; each round after the repairs before it), for the rounds with a
    draw recorded where someone of `withdrawn` sits."""
    t = load(book)
    earlier: dict[int, list[list[str]]] = {}
    lines = []
    for round_no in sorted(rounds):
        drawn = _last_draw(book, round_no)
        if drawn is None or not drawn[0]:
            continue
        seed, before = drawn
        gone = sorted(pid for pid in withdrawn if any(pid in table for table in before))
        if not gone:
            continue
        result = _repair(t, round_no, seed, before, gone, [], earlier=earlier)
        earlier[round_no] = result.tables
        as_drawn = DrawResult(result.tables, seed or "", result.fingerprint,
                              result.engine_version, result.quality, round_no)
        moved = count(len(result.moves), "spostamento", "spostamenti")
        lines.append(f"turno {round_no}, {moved}: " + quality_text(result.quality, as_drawn))
    return lines


def _table(tables: list[list[str]], pid: str) -> int | None:
    return next((n for n, table in enumerate(tables, start=1) if pid in table), None)
