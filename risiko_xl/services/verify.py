"""`risiko-xl verify` / *Verifica*: recompute every computed cell and replay every draw;
the final-phase tables checked against what the regulation produces (phase_check.py).

Nothing is written. Each mismatch is one Italian line naming sheet, row and column with
the value found and the value computed, so a referee can check a disputed result.
"""

from __future__ import annotations

import math
import re
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row, Table
from risiko_xl.cells import is_blank, to_int, to_text
from risiko_xl.draw import exact as solver
from risiko_xl.draw.engine import draw
from risiko_xl.draw.fingerprint import fingerprint
from risiko_xl.draw.model import ENGINE_VERSION, SAME_DRAWS_AS, SAME_PLANS_AS, DrawResult
from risiko_xl.draw.plan import PLAN_LABEL, PlanResult
from risiko_xl.draw.repair import REPAIR_LABEL, RepairResult
from risiko_xl.errors import RisikoError, count
from risiko_xl.services.all_rounds import plan_of, plan_round
from risiko_xl.services.audit import (
    ENGINE_PROCEDURES,
    VERDICT_PROVED,
    parse_tables,
    procedure_text,
    quality_text,
    seating,
)
from risiko_xl.services.decision_records import decisions, leaving
from risiko_xl.services.finals_sheet import expected_ranking
from risiko_xl.services.phase_check import phase_differences
from risiko_xl.services.repair_round import replay_repair
from risiko_xl.services.rounds import round_input
from risiko_xl.services.standings_sheet import standings_of
from risiko_xl.sheets.formula_sheet import variant_at_first_draw
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.records import PHASE_WORDS
from risiko_xl.tournament.rulings import DECISION
from risiko_xl.tournament.scoring import write_computed
from risiko_xl.tournament.sheet_errors import on_sheet


def same(found: Any, expected: Any) -> bool:
    """Cell equality as a user means it: blanks alike, numbers to 1e-9, text stripped."""
    if is_blank(found) or is_blank(expected):
        return is_blank(found) and is_blank(expected)
    if isinstance(found, (int, float)) and isinstance(expected, (int, float)):
        return math.isclose(found, expected, rel_tol=0, abs_tol=1e-9)
    return str(found).strip() == str(expected).strip()


def _compare(sheet: str, found: Table, expected: Table, columns: list[str]) -> list[str]:
    lines = []
    for got, want in zip(found, expected):
        row = got.sheet_row
        for column in columns:
            value = got.get(column)
            if isinstance(value, str) and value.startswith("="):
                continue  # a live worksheet formula: Excel computes it
            if not same(value, want.get(column)):
                lines.append(f"Foglio {sheet}, riga {row}, colonna {column}: trovato "
                             f"{value!r}, calcolato {want.get(column)!r}")
    if len(found) != len(expected):
        lines.append(f"Foglio {sheet}: {len(found)} righe, calcolate {len(expected)}")
    return lines


# what `finali` computes in ClassificaFinale (names and notes are the organiser's too)
FINAL_COLUMNS = ["Pos", "ID", "Fase raggiunta", "Posto in finale", "Punti finale",
                 "Punti torneo"]


def _final_ranking(t: Tournament) -> list[str]:
    """ClassificaFinale, when written, against the one the results give now (an outsider
    changed a final's result after `finali` and `verifica` found nothing)."""
    stored = t.book.read_table(schema.FINAL_RANKING.name)
    if not len(stored):
        return []
    where = f"Foglio {schema.FINAL_RANKING.sheet}, tabella {schema.FINAL_RANKING.name}"
    try:
        expected = expected_ranking(t)
    except RisikoError as err:
        return [f"{where}: non si può ricalcolare ({on_sheet(err)})"]
    if expected is None:
        return [f"{where}: scritta, ma le fasi finali non sono tutte giocate"]
    return _compare(f"{schema.FINAL_RANKING.sheet} ({schema.FINAL_RANKING.name})", stored,
                    expected, FINAL_COLUMNS)


def _replay(t: Tournament) -> tuple[list[str], int]:
    """Replay every preliminary draw from its audit row (seed + inputs → same tables, same
    fingerprint; a repair with the earlier rounds as recorded before it), and check each
    round's and phase's rows match its last recorded seating."""
    log = t.book.read_table(schema.DRAWS.name)
    lines, replayed = [], 0
    latest: dict[tuple[int, str], dict[str, int]] = {}
    plans: dict[tuple[str, str, tuple[str, ...]], PlanResult] = {}
    previous: dict[int, list[list[str]]] = {}  # round -> its last recorded tables
    for record in log:
        row = record.read_at
        tables = parse_tables(record.get("Tavoli"))
        try:
            round_no = to_int(record.get("Turno"), "Turno", minimum=1) if tables else None
        except RisikoError as err:
            raise err.located(foglio=schema.DRAWS.sheet, riga=row) from None
        if round_no is None:
            continue  # a lottery of the standings: no seating
        phase = to_text(record.get("Fase")) or QUALIFYING
        phase = PHASE_WORDS.get(phase.casefold(), phase)  # «Ripescaggio» is the playoff
        if to_text(record.get("Procedura")) == DECISION:  # the referee's: a seat changed
            seated = latest.setdefault((round_no, phase), {})
            seated.pop(leaving(record.get("Note")) or "", None)
            seated.update(_seating(record.get("Tavoli"), row))
            continue
        latest[round_no, phase] = _seating(record.get("Tavoli"), row)
        procedure = to_text(record.get("Procedura"))
        where = f"Foglio Sorteggi, riga {row}"
        if phase == QUALIFYING and procedure in ENGINE_PROCEDURES and (
                is_blank(record.get("Impronta")) or is_blank(record.get("Seme"))):
            # the adversary's: a draw of ours with its fingerprint emptied was not replayed
            empty = "impronta" if is_blank(record.get("Impronta")) else "seme"
            lines.append(f"{where}: sorteggio senza {empty}: non si può ripetere (cella "
                         "svuotata dopo il sorteggio?)")
            previous[round_no] = tables
            continue
        if phase != QUALIFYING or is_blank(record.get("Impronta")):
            if phase == QUALIFYING:
                previous[round_no] = tables
            continue
        ids = [pid for table in tables for pid in table]
        unknown = [pid for pid in ids if pid not in t.by_id]
        if unknown:
            raise RisikoError("ID non presente tra gli iscritti", foglio=schema.DRAWS.sheet,
                              riga=row, colonna="Tavoli", valore=unknown[0])
        seed = to_text(record.get("Seme")) or ""
        engine = engine_of(record.get("Versione motore"))
        if engine is None:  # every draw of the program records its engine (Impronta)
            named = to_text(record.get("Versione motore"))
            lines.append(f"{where}: la «Versione motore» "
                         + ("è vuota" if named is None else f"«{named}» non è un motore di "
                            "sorteggio di risiko-xl")
                         + ": il sorteggio non si può ripetere (cambiata dopo il sorteggio?)")
            previous[round_no] = tables
            continue
        same_as = SAME_PLANS_AS if procedure == PLAN_LABEL else SAME_DRAWS_AS
        if engine != ENGINE_VERSION and engine not in same_as:
            lines.append(f"{where}: sorteggio fatto con la versione {engine} del motore di "
                         f"sorteggio, che sedeva diversamente da questa ({ENGINE_VERSION}): "
                         "non si può ripetere qui; per ripeterlo serve risiko-xl con quel "
                         f"motore («{to_text(record.get('Versione motore'))}»)")
            previous[round_no] = tables
            continue
        if procedure == PLAN_LABEL:  # one round of a joint plan: the plan replayed once
            key = (seed, engine, tuple(sorted(ids)))
            if key not in plans:
                plans[key] = plan_of(t, ids, seed, engine)
            result: DrawResult | RepairResult = plan_round(plans[key], round_no)
            recorded = result.fingerprint
        elif procedure == REPAIR_LABEL:  # a repair of the seating recorded before it
            before = previous.get(round_no)
            if before is None:
                lines.append(f"Foglio Sorteggi, riga {row}: riparazione senza un sorteggio "
                             "precedente dello stesso turno")
                latest[round_no, phase] = _seating(record.get("Tavoli"), row)
                continue
            result = replay_repair(t, round_no, seed, before, tables, engine, previous)
            recorded = result.fingerprint
        else:
            inp = round_input(t, round_no, ids, seed)
            result = draw(inp, prove=None if engine == ENGINE_VERSION else False)
            recorded = fingerprint(inp, engine)  # the same tables, the version it names
        previous[round_no] = tables
        replayed += 1
        if recorded != to_text(record.get("Impronta")):
            lines.append(f"{where}: l'impronta dei dati non corrisponde (dati di ingresso "
                         "cambiati dopo il sorteggio: club, regioni o turni precedenti; o "
                         "la «Versione motore» cambiata)")
        elif result.tables != tables:
            lines.append(f"{where}: ripetendo il sorteggio i tavoli sono diversi da quelli "
                         "registrati" + (" (fatto col solutore esatto, che qui manca: va "
                                         "ripetuto con risiko-xl sul computer)"
                                         if engine == ENGINE_VERSION and not solver.available()
                                         else ""))
        elif engine == ENGINE_VERSION and procedure not in (PLAN_LABEL, REPAIR_LABEL) \
                and isinstance(result, DrawResult) \
                and (wrong := _certificate_difference(record, result)):
            lines.append(f"{where}: {wrong}")  # the adversary's: a false certificate
    for (round_no, phase), last in latest.items():
        rows = {r.player: r for r in t.rows if r.phase == phase and r.round_no == round_no}
        seated = {pid: r.table for pid, r in rows.items()}
        if seated != last:
            lines.append(f"Foglio Risultati, {phase} turno {round_no}: i tavoli non "
                         "corrispondono all'ultimo sorteggio registrato in Sorteggi ("
                         + _first_difference(rows, last) + ")")
    return lines, replayed


def _certificate_difference(record: Row, result: DrawResult) -> str:
    """What of a draw's certificate (its procedure and quality, published in every post)
    is not the replayed draw's, «» when all is. The quality is compared by its verdict
    and its figures, so that a later wording of the same figures still verifies."""
    procedure = procedure_text(result.procedure)
    quality = quality_text(result.quality, result)
    recorded = to_text(record.get("Qualità")) or ""
    if (to_text(record.get("Procedura")) or "").casefold() != procedure.casefold():
        return f"la colonna «Procedura» non è quella del sorteggio ripetuto («{procedure}»)"
    if recorded.startswith(VERDICT_PROVED) != quality.startswith(VERDICT_PROVED) or \
            re.findall(r"\d+", recorded) != re.findall(r"\d+", quality):
        return f"la colonna «Qualità» non è quella del sorteggio ripetuto («{quality}»)"
    return ""


def engine_of(text: Any) -> str | None:
    """The engine version a `Versione motore` cell names («risiko_xl.draw 1.0 (risiko_xl
    0.1.0)» → «1.0»); None for a blank cell or another text (the program writes it with
    every draw it fingerprints)."""
    found = re.match(r"\s*risiko_xl\.draw\s+(\S+)", to_text(text) or "")
    return found.group(1) if found else None


def _first_difference(rows: dict[str, Any], recorded: dict[str, int]) -> str:
    """The first player (in sheet order) seated otherwise than recorded, with their row."""
    for pid, r in sorted(rows.items(), key=lambda item: item[1].row or 0):
        if recorded.get(pid) != r.table:
            drawn = recorded.get(pid)
            return (f"riga {r.row}: {pid} al tavolo {r.table}, "
                    + (f"sorteggiato al tavolo {drawn}" if drawn is not None
                       else "non sorteggiato in questo turno"))
    missing = sorted(set(recorded) - set(rows))
    return f"{missing[0]} sorteggiato al tavolo {recorded[missing[0]]} manca in Risultati"


def _seating(text: Any, row: int) -> dict[str, int]:
    """A recorded seating; a table number that is not a number names its cell."""
    for part in str(text).split("|"):
        number = part.split(":", 1)[0].strip()
        if ":" in part and not number.isdigit():
            raise RisikoError("numero di tavolo non valido nei tavoli registrati",
                              foglio=schema.DRAWS.sheet, riga=row, colonna="Tavoli",
                              valore=number)
    return seating(text)


def _first_draw_players(t: Tournament) -> int:
    """How many players the last draw of round 1 seated (a repair, which seats a late
    arrival after the variant was decided, aside); 0 before any draw."""
    seated = 0
    for record in t.book.read_table(schema.DRAWS.name):
        phase = to_text(record.get("Fase")) or QUALIFYING
        if (PHASE_WORDS.get(phase.casefold(), phase) == QUALIFYING
                and to_text(record.get("Turno")) == "1"
                and to_text(record.get("Procedura")) != REPAIR_LABEL):
            seated = sum(map(len, parse_tables(record.get("Tavoli")))) or seated
    return seated


def verify(book: Book) -> tuple[list[str], str]:
    """(mismatch lines, summary). No mismatch means every check passed."""
    t = load(book)
    first = _first_draw_players(t)
    if first:  # the variant the first draw's player count gives (003 Art. 2)
        variant_at_first_draw(book, t.settings, first)
    computed = list(schema.RESULTS.computed)
    lines = _compare("Risultati", t.results_table,
                     write_computed(t.results_table, t.computed), computed)
    expected = standings_of(t)[1]
    stored = book.read_table(schema.standings_spec(0).name)
    if t.results or len(stored):
        lines += _compare("Classifica", stored, expected, list(expected.headers))
    lines += _final_ranking(t)
    draw_lines, replayed = _replay(t)
    lines += draw_lines
    lines += phase_differences(t)
    summary = (f"Verifica: {count(len(t.results_table), 'riga', 'righe')} di risultati, "
               f"{count(len(expected), 'riga', 'righe')} di classifica, "
               f"{count(replayed, 'sorteggio ripetuto', 'sorteggi ripetuti')}; "
               + ("nessuna differenza." if not lines
                  else f"{count(len(lines), 'differenza', 'differenze')}."))
    decided = [d.words(t) for d in decisions(t)]  # the referee's, not differences
    return lines, "\n".join([summary, *decided])
