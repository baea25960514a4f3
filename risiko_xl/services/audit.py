"""The `Sorteggi` audit log and the `Archivio` of replaced rows: nothing is ever lost."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Table
from risiko_xl.cells import column_letter, to_text
from risiko_xl.clock import italian_time
from risiko_xl.draw.criteria import KEY_CRITERIA, LABELS, SIZE_CRITERIA
from risiko_xl.draw.engine import PROCEDURE_LABELS
from risiko_xl.draw.model import DrawResult, QualityItem
from risiko_xl.draw.plan import PLAN_LABEL
from risiko_xl.draw.repair import REPAIR_LABEL
from risiko_xl.errors import RisikoError
from risiko_xl.tournament.loading import Tournament
from risiko_xl.tournament.table_codes import REPORT_KEY, report_key

IMPORTED = "importato da GestioneTorneo"  # the procedure of a round seated by another program
SUBSTITUTION = "sostituzione"  # a withdrawn qualifier replaced in a phase not yet played
VERDICT_PROVED = "ottimo dimostrato"  # a draw no seating beats (`verdict`)
# the procedures of the draw engine as Sorteggi names them: a row of one is replayable
ENGINE_PROCEDURES = frozenset((*PROCEDURE_LABELS.values(), PLAN_LABEL, REPAIR_LABEL))


def timestamp(now: dt.datetime | None = None) -> str:
    """Italian date and time as shown in the logs (dd/mm/yyyy hh:mm:ss, `clock`)."""
    return italian_time(now).strftime("%d/%m/%Y %H:%M:%S")


def _figure(q: QualityItem) -> str:
    """«3 (minimo dimostrato)» for a value the exact solver proved the least possible,
    «3 (minimo possibile 3)» for a bound an optimal draw reaches, «3 (minimo garantito 2)»
    for a proven bound that may be out of reach (`draw.bounds.exact`)."""
    if q.proved:
        return f"{q.value} (minimo dimostrato)"
    return f"{q.value} ({'minimo possibile' if q.exact else 'minimo garantito'} {q.lower_bound})"


def verdict(quality: Sequence[QualityItem]) -> str:
    """«ottimo dimostrato» when every figure sits at a bound of its optimum (no seating
    does better, criterion by criterion), else «migliore trovato», with each figure above
    its bound, the bound and the gap."""
    gaps = [f"{LABELS.get(q.criterion, q.criterion)}: {q.value}, minimo garantito "
            f"{q.lower_bound}, scarto {q.value - q.lower_bound}"
            for q in quality if not q.at_bound]
    return VERDICT_PROVED if not gaps else "migliore trovato (" + "; ".join(gaps) + ")"


def quality_text(quality: Sequence[QualityItem], result: DrawResult | None = None,
                 judged: bool = True) -> str:
    """'coppie dello stesso club: 3 (minimo garantito 3); …' — checkable by anyone. With
    the draw's `result`, the `verdict` first (unless not `judged`: a round of a joint plan,
    whose verdict is the plan's) and a criterion that cannot apply to it left out: the
    repeat of a table size the round does not have, previous winners before any round is
    played."""
    shown = [q for q in quality if result is None or _applies(q, result)]
    figures = "; ".join(f"{LABELS.get(q.criterion, q.criterion)}: {_figure(q)}" for q in shown)
    if result is None or not judged:
        return figures
    return f"{verdict(shown)} — {figures}"


def _applies(q: QualityItem, result: DrawResult) -> bool:
    size = SIZE_CRITERIA.get(q.criterion)
    if size is not None:
        return any(len(table) == size for table in result.tables)
    if q.criterion == "winners":
        return bool(q.value or q.lower_bound or result.round_no > 1)
    return True


def procedure_text(procedure: str) -> str:
    """The draw procedure as Sorteggi and posts name it (Italian; other text as is)."""
    return PROCEDURE_LABELS.get(procedure, procedure)


def _sizes_text(tables: Sequence[Sequence[str]]) -> str:
    """'23 giocatori a 5 tavoli (3 da 5, 2 da 4)'."""
    sizes = sorted((len(t) for t in tables), reverse=True)
    parts = [f"{sizes.count(s)} da {s}" for s in sorted(set(sizes), reverse=True)]
    return (f"{sum(sizes)} giocatori a {len(sizes)} tavol{'o' if len(sizes) == 1 else 'i'} "
            f"({', '.join(parts)})")


def quality_notes(result: DrawResult) -> list[str]:
    """Why a figure of the certificate is above its minimum, for the Sorteggi note: why
    the exact solver did not settle it (`DrawResult.unproved_why`), the cinquisti the
    regulation draws first (001 §8 a: «si sorteggia casualmente un numero di giocatori …
    pari al numero di tavoli da 5»), and, for a «minimo garantito», that it is a bound
    computed by counting, which the real minimum may exceed."""
    notes = [result.unproved_why] if result.unproved_why else []
    if result.cinquisti:
        notes.append("cinquisti sorteggiati: " + ", ".join(result.cinquisti))
    above = [q for q in result.quality if q.value > q.lower_bound]
    for q in above:
        if q.exact:  # never expected: an optimal draw reaches it
            notes.append(f"{LABELS.get(q.criterion, q.criterion)} sopra il minimo possibile")
    weak = [q for q in above if not q.exact]
    if weak:
        figures = ", ".join(f"{LABELS.get(q.criterion, q.criterion)} {q.value} invece di "
                            f"{q.lower_bound}" for q in weak)
        if result.cinquisti and any(q.criterion in KEY_CRITERIA for q in weak):
            why = (f"sopra il minimo garantito ({figures}): i cinquisti sono sorteggiati a "
                   "caso prima degli altri (001 §8 a) e il loro club non conta nel "
                   "sistemare gli altri (001 §8 c), così il sorteggio non cerca il minimo")
        else:
            why = (f"sopra il minimo garantito ({figures}): il minimo garantito è un conto "
                   f"per difetto, che non tiene conto dei criteri che vengono prima; con "
                   f"{_sizes_text(result.tables)} il minimo davvero raggiungibile può essere "
                   "più alto")
        notes.append(why)
    return notes


def tables_text(tables: Sequence[Sequence[str]], numbers: Sequence[int] = ()) -> str:
    """'1: A, B, C, D | 2: …' — the seating as recorded for replay."""
    numbers = numbers or range(1, len(tables) + 1)
    return " | ".join(f"{n}: {', '.join(ids)}" for n, ids in zip(numbers, tables))


def table_lines(t: Tournament, tables: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """One line per table drawn, for the organiser to read out:
    «Tavolo 3: G07 Mario Rossi (Club), G12 …» (the club only where set)."""
    def player(pid: str) -> str:
        e = t.by_id[pid]
        name = " ".join(e.name.split())  # a name typed over two lines prints on one
        text = pid if name == pid else f"{pid} {name}"
        return text + (f" ({' '.join(e.club.split())})" if e.club else "")
    return tuple(f"Tavolo {n}: " + ", ".join(map(player, table))
                 for n, table in enumerate(tables, start=1))


def _parts(text: object) -> list[tuple[str, list[str]]]:
    if not isinstance(text, str):
        return []
    return [(number.strip(), [p.strip() for p in ids.split(",") if p.strip()])
            for number, ids in (part.split(":", 1) for part in text.split("|") if ":" in part)]


def parse_tables(text: object) -> list[list[str]]:
    """The tables of a `tables_text` (in order)."""
    return [ids for _, ids in _parts(text)]


def seating(text: object) -> dict[str, int]:
    """player -> table number, from a `tables_text`."""
    return {pid: int(number) for number, ids in _parts(text) for pid in ids}


def append_rows(book: Book, spec: schema.TableSpec, rows: list[dict[str, Any]]) -> None:
    """Append rows to table `spec` (existing rows and user columns untouched)."""
    if not rows:
        return
    table = book.read_table(spec.name)
    table.extend(rows)
    book.write_table(spec.name, table)


def log_draw(book: Book, row: dict[str, Any]) -> None:
    """A draw (or a change of tables) recorded in `Sorteggi`; the tournament's secret for
    the score sheets' codes made at the first (`tournament.table_codes`): random, written
into `Impostazioni` once, so that the tables drawn get codes."""
    append_rows(book, schema.DRAWS, [row])
    if report_key(book.settings()) is None:
        book.set_setting(REPORT_KEY, secrets.token_urlsafe(18))


def archive(book: Book, replaced: Table, reason: str, now: dt.datetime | None) -> None:
    """Copy the `replaced` rows (Risultati rows about to be replaced) into `Archivio`."""
    rows = [{**{h: row.get(h) for h in replaced.headers}, "Archiviato il": timestamp(now),
             "Motivo": reason} for row in replaced]
    append_rows(book, schema.ARCHIVE, rows)


def refuse_notes_beside(book: Book, first: int, redraw: str) -> None:
    """A redraw (`redraw` names it) moves Risultati's rows from sheet row `first` down (the
    old ones to Archivio, the new ones at the end): a cell typed beside the table there
    would stay in its sheet row, beside another player. Refused, nothing written: the
    organiser moves it (a column of the table, with a header, goes to Archivio with its
    row)."""
    loose = [cell for cell in book.beside(schema.RESULTS.name) if cell[0] >= first]
    if loose:
        row, col, value = loose[0]
        more = f" (e altre {len(loose) - 1})" if len(loose) > 1 else ""
        raise RisikoError(f"la cella {column_letter(col)}{row}{more}, scritta accanto alla "
                          f"tabella Risultati, resterebbe accanto a un altro giocatore dopo "
                          f"{redraw}: spostarla fuori dalle righe dei turni, o in una colonna "
                          "della tabella con la sua intestazione (va in Archivio con la sua "
                          "riga), poi sorteggiare di nuovo", foglio="Risultati", riga=row,
                          colonna=column_letter(col), valore=value)


def draw_dates(book: Book) -> dict[int, dt.date]:
    """Each round's day of its last draw in `Sorteggi` («Data e ora»); an import from
    GestioneTorneo is not a draw (its day is the import's)."""
    out: dict[int, dt.date] = {}
    for row in book.read_table(schema.DRAWS.name):
        turn, when = to_text(row.get("Turno")), row.get("Data e ora")
        if not turn or not turn.isdigit() or row.get("Procedura") == IMPORTED:
            continue
        if isinstance(when, dt.datetime | dt.date):
            out[int(turn)] = when.date() if isinstance(when, dt.datetime) else when
            continue
        try:
            out[int(turn)] = dt.datetime.strptime((to_text(when) or "")[:10], "%d/%m/%Y").date()
        except ValueError:
            continue
    return out
