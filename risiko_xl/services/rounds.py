"""Drawing a preliminary round into the workbook (`risiko-xl draw`, *Sorteggia turno*).

The draw pre-fills the round's `Risultati` rows table by table, so the referee only types
numbers, and writes an audit row to `Sorteggi` (seed, fingerprint, engine version,
quality against lower bounds, the seating) from which `verify` replays it. A round that
was already drawn is redrawn only on request (`force`); its old rows go to `Archivio`.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.settings import VARIANT_KEY
from risiko_xl.cells import to_text
from risiko_xl.draw.engine import draw
from risiko_xl.draw.model import DrawInput, DrawResult, Player
from risiko_xl.draw.plan import PLAN_LABEL
from risiko_xl.errors import RisikoError, count
from risiko_xl.formulas.draw_settings import draw_input, preset
from risiko_xl.formulas.words import announce, variant_words
from risiko_xl.names import neutral_bidi
from risiko_xl.services.all_rounds import result_dependence
from risiko_xl.services.audit import (
    archive,
    log_draw,
    procedure_text,
    quality_notes,
    quality_text,
    refuse_notes_beside,
    table_lines,
    tables_text,
    timestamp,
)
from risiko_xl.services.standings_sheet import refresh_scores
from risiko_xl.sheets.formula_sheet import variant_at_first_draw
from risiko_xl.standings.model import ABSENT, ACTIVE, QUALIFYING, Entrant
from risiko_xl.tournament.loading import Tournament, load


@dataclass(frozen=True)
class RoundDraw:
    """What a draw did, for the faces to report."""

    round_no: int
    result: DrawResult
    archived: int
    lines: tuple[str, ...]


def round_input(t: Tournament, round_no: int, ids: list[str], seed: str,
                earlier: Mapping[int, list[list[str]]] | None = None) -> DrawInput:
    """The draw engine's input for `ids` at `round_no`, from the workbook's history.
    `verify` rebuilds the same input from the recorded seating to replay a draw; with
    `earlier` (round -> tables, as Sorteggi recorded them when the draw was made) the
    history of those rounds comes from those seatings instead of today's rows."""
    entrants = t.by_id
    earlier = earlier or {}
    tables: dict[tuple[int, int], int] = Counter(
        (r.round_no, r.table) for r in t.rows
        if r.phase == QUALIFYING and r.round_no not in earlier)
    tables.update({(rn, n): len(table) for rn, seating in earlier.items()
                   for n, table in enumerate(seating, start=1)})
    places = [(r.player, r.round_no, r.table) for r in t.rows if r.phase == QUALIFYING
              and r.round_no < round_no and r.round_no not in earlier]
    places += [(pid, rn, n) for rn, seating in earlier.items() if rn < round_no
               for n, table in enumerate(seating, start=1) for pid in table]
    seats: dict[str, dict[int, int]] = {}
    for pid, rn, tb in places:
        seats.setdefault(pid, {})[rn] = tb
    winners = {g.player for g in t.results
               if g.phase == QUALIFYING and g.round_no == round_no - 1 and g.position == 1}
    players = []
    for pid in sorted(ids):
        mine = seats.get(pid, {})
        sizes = [tables[rn, tb] for rn, tb in mine.items()]
        players.append(Player(
            id=pid, club=entrants[pid].club, region=entrants[pid].region,
            history=tuple(mine.get(rn) for rn in range(1, round_no)),
            winner=pid in winners, fives=sizes.count(5), threes=sizes.count(3)))
    return draw_input(players, seed, round_no, preset(t.formula, round_no=round_no))


def _round_to_draw(t: Tournament, requested: int | None) -> int:
    drawn = t.rounds_drawn()
    round_no = requested or (drawn[-1] + 1 if drawn else 1)
    rounds = t.formula.standings.rounds
    if round_no > rounds and requested is None:
        raise RisikoError(f"i {rounds} turni preliminari della formula sono già sorteggiati: "
                          "per ripeterne uno indicarlo («Turno da sorteggiare» in Excel, "
                          "--turno N --forza da riga di comando); per le fasi finali usare "
                          "«Fasi finali» (risiko-xl finali)", foglio="Risultati",
                          colonna="Turno")
    if round_no > rounds:
        raise RisikoError(f"la formula prevede {rounds} turni preliminari: per le fasi finali "
                          "usare «Fasi finali» (riga di comando: risiko-xl finali)",
                          foglio="Torneo", valore=round_no)
    if round_no > 1:
        missing = [n for n in range(1, round_no) if n not in drawn]
        if missing:
            raise RisikoError(f"il turno {missing[0]} non è ancora stato sorteggiato",
                              foglio="Risultati", colonna="Turno", valore=round_no)
        blank = t.untyped(round_no - 1)
        # a round drawn ahead with the others (sorteggia --tutti) is redrawn before the
        # earlier ones are played when its draw does not depend on their results
        ahead = round_no in drawn and result_dependence(t, [round_no]) is None
        if blank and not ahead:
            raise RisikoError(f"mancano i risultati del turno {round_no - 1}",
                              foglio="Risultati", riga=blank[0].row, tavolo=blank[0].table,
                              colonna="Punti obiettivo", valore=None)
    return round_no


def _drawn_after(book: Book, round_no: int) -> list[int]:
    """The later preliminary rounds whose latest draw in `Sorteggi` was made round by
    round (or repaired) after `round_no`: their fingerprint holds its tables. A round of
    a joint plan (`--tutti`) is not among them: the plan is replayed whole."""
    latest: dict[int, str] = {}
    for record in book.read_table(schema.DRAWS.name):
        number = record.get("Turno")
        if isinstance(number, int) and number > round_no and (
                to_text(record.get("Fase")) or QUALIFYING) == QUALIFYING:
            latest[number] = to_text(record.get("Procedura")) or ""
    return sorted(n for n, procedure in latest.items() if procedure != PLAN_LABEL)


def draw_round(book: Book, round_no: int | None = None, seed: str | None = None,
               force: bool = False, now: dt.datetime | None = None) -> RoundDraw:
    """Draw preliminary round `round_no` (default: the next one) and pre-fill its rows.

    Only `Attivo` players are drawn. A player marked `Assente` is left out of this round
    (003 Art. 4: a late player who does not announce himself «sarà ESCLUSO dalla
    composizione dei tavoli»; 000 Art. 5): the round counts 0 for him (dropped first where
    results are dropped), and the draw puts him back to `Attivo` for the next round.

    A redraw (`force`) without `seed` uses a fresh random seed, recorded in `Sorteggi` like
    any other (so `verify` replays it): the same seed would give the very same tables."""
    t = load(book)
    round_no = _round_to_draw(t, round_no)
    ids = [e.id for e in t.entrants if e.state == ACTIVE and e.from_round <= round_no]
    absent = [e for e in t.entrants if e.state == ABSENT]
    if len(ids) < 3:
        raise RisikoError("servono almeno 3 giocatori attivi per il sorteggio",
                          foglio="Iscritti", colonna="Stato", valore=len(ids))
    existing = [r for r in t.rows if r.phase == QUALIFYING and r.round_no == round_no]
    if existing and not force:
        typed = [r for r in existing if r.seat is not None]
        what = "ha già risultati inseriti" if typed else "è già stato sorteggiato"
        raise RisikoError(f"il turno {round_no} {what}: per sorteggiarlo di nuovo indicarlo "
                          "in «Turno da sorteggiare» in Excel, o usare --forza da riga di "
                          "comando (le righe attuali vanno nel foglio Archivio)",
                          foglio="Risultati", riga=existing[0].row, colonna="Turno",
                          valore=round_no)
    later = _drawn_after(book, round_no) if existing else []
    if later:  # its tables are the history those later draws were made from
        raise RisikoError(f"il turno {later[0]} è già stato sorteggiato dopo il turno "
                          f"{round_no}, partendo dai suoi tavoli: il turno {round_no} non si "
                          "può più sorteggiare di nuovo (verifica non potrebbe ripetere il "
                          f"sorteggio del turno {later[0]})", foglio=schema.DRAWS.sheet,
                          colonna="Turno", valore=later[0])
    if existing:
        refuse_notes_beside(book, min(r.row for r in existing),
                            f"il nuovo sorteggio del turno {round_no}")
    chosen: tuple[str, ...] = ()
    if round_no == 1:  # a formula with variants is chosen by the first draw's player count
        key = variant_at_first_draw(book, t.settings, len(ids))
        if key is not None:
            book.set_setting(VARIANT_KEY, key)
            t = load(book)  # announced before the tables (003 Art. 2)
            chosen = (f"{variant_words(key, len(ids))} — "
                      + "; ".join(announce(t.formula, len(ids))[2:]),)  # no scoring
    typed_seed = seed
    if seed is None and existing:  # a redraw gives new tables: a fresh seed, recorded
        seed = secrets.token_hex(4)
    seed = seed or to_text(t.settings.get("Seme sorteggio")) or secrets.token_hex(4)
    if not to_text(t.settings.get("Seme sorteggio")) and not existing:
        book.set_setting("Seme sorteggio", seed)
    result = draw(round_input(t, round_no, ids, seed))

    drawn = {r.row for r in existing}
    replaced = t.results_table.where(lambda row: row.sheet_row in drawn)
    if existing:
        archive(book, replaced, f"nuovo sorteggio del turno {round_no}", now)
    names = {e.id: e.name for e in t.entrants}
    results = t.results_table.where(lambda row: row.sheet_row not in drawn)
    results.extend({"Turno": round_no, "Fase": QUALIFYING, "Tavolo": number, "ID": pid,
                    "Giocatore": names[pid]}
                   for number, table in enumerate(result.tables, start=1) for pid in table)
    book.write_table(schema.RESULTS.name, results)
    log_draw(book, {
        "Turno": round_no, "Fase": QUALIFYING, "Data e ora": timestamp(now), "Seme": seed,
        "Impronta": result.fingerprint, "Versione motore": result.engine_version,
        "Procedura": procedure_text(result.procedure),
        "Qualità": quality_text(result.quality, result),
        "Tavoli": tables_text(result.tables),
        "Note": "; ".join(filter(None, (
            "nuovo sorteggio (righe precedenti archiviate)" if existing else "",
            "assenti: " + ", ".join(f"{e.id} {neutral_bidi(e.name)}" for e in absent)
            if absent else "",
            *quality_notes(result))))})
    _back_to_active(book, absent)
    refresh_scores(book)  # the new rows' computed cells (formulas or blanks)
    sizes = Counter(len(table) for table in result.tables)
    tables = count(len(result.tables), "tavolo", "tavoli")
    lines: tuple[str, ...] = (f"Turno {round_no}: {len(ids)} giocatori, {tables} ("
             + ", ".join(f"{sizes[s]} da {s}" for s in sorted(sizes, reverse=True)) + ")",
             f"Seme «{seed}», impronta {result.fingerprint[:16]}…",
             "Qualità: " + quality_text(result.quality, result))
    if existing:
        lines = (f"Nuovo sorteggio del turno {round_no} con seme "
                 + (f"«{seed}» (indicato con --seme)" if typed_seed else f"nuovo «{seed}»")
                 + f"; le {len(replaced)} righe del sorteggio precedente "
                 "sono nel foglio Archivio.", *lines)
    if absent:
        lines += (f"Assenti al turno {round_no} (non sorteggiati, il turno vale 0): "
                  + ", ".join(e.name or e.id for e in absent)
                  + f"; tornano «{ACTIVE}» per il turno successivo",)
    lines += tuple(f"Nota: {note}" for note in quality_notes(result))  # as in Sorteggi
    lines += chosen
    lines += table_lines(t, result.tables)
    return RoundDraw(round_no, result, len(replaced), lines)


def _back_to_active(book: Book, absent: list[Entrant]) -> None:
    """The absent players of the round just drawn are `Attivo` again (absence is for one
    round: 003 Art. 4 speaks of «il turno di gioco»)."""
    if not absent:
        return
    players = book.read_table(schema.PLAYERS.name)
    back = {e.row for e in absent}
    for row in players:
        if row.sheet_row in back:
            row["Stato"] = ACTIVE
    book.write_table(schema.PLAYERS.name, players)
