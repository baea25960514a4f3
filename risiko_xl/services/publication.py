"""What posts, score sheets and charts show, read once from the workbook (`post_source`).

The faces (`pubblica`, `referti`, the ribbon's *Post forum* and *Stampa referti*) call
`post_source(book)` and hand the result to `publish`, which reads no workbook itself.
The standings after each preliminary round and the final ranking are computed here as
the `Classifica` and `ClassificaFinale` sheets show them (the lotteries recorded in
`Sorteggi` reused).
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.settings import VARIANT_KEY, setting_rows
from risiko_xl.books.table import Row
from risiko_xl.cells import is_blank, number_or_none, to_text
from risiko_xl.services.audit import procedure_text, seating
from risiko_xl.services.finals_sheet import phase_title, stage_title
from risiko_xl.services.national_column import NATIONAL_COLUMN, national_column
from risiko_xl.services.standings_sheet import (
    MEDAL_COLUMNS,
    column_value,
    position_text,
    recompiled_note,
    recorded_lotteries,
    round_values,
    standings_columns,
    standings_seed,
)
from risiko_xl.standings import compute_standings, final_ranking
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.standings.table import StandingRow
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.post_source import (
    CalendarLine,
    DrawLine,
    PostSource,
    QualifierLine,
    RankLine,
    RankList,
    SeatedPlayer,
)
from risiko_xl.tournament.records import PHASE_WORDS
from risiko_xl.tournament.scoring import group_tables
from risiko_xl.tournament.table_codes import VENUE_KEY, report_key
from risiko_xl.venue import venue_url


def post_source(book: Book) -> PostSource:
    """Everything a post, a score sheet or a chart of this tournament shows; refused as
    `classifica` refuses it when a drawn round's rows were moved by hand
    (`check_seatings`: a post would show tables nobody drew, and standings the sheet
    cannot compute)."""
    from risiko_xl.services.phase_check import check_seatings

    t = load(book)
    check_seatings(t)
    recorded = [o for _, o in recorded_lotteries(book)]
    typed = t.results_table.by_sheet_row()
    games = {key: tuple(SeatedPlayer(r.row, r.player, r.seat is not None,
                                     to_text(t.computed.get(r.row, {}).get("Posizione")) or "",
                                     to_text(typed[r.row].get("Ordine")))
                        for r in rows)
             for key, rows in group_tables(t.rows).items()}
    phases = {*schema.PHASES, *(key[1] for key in games)}
    return PostSource(
        name=t.name, formula=t.formula, entrants=tuple(t.entrants),
        results=tuple(t.results), games=games, settings=dict(t.settings),
        setting_rows=setting_rows(book),
        phase_titles={phase: phase_title(t, phase) for phase in phases},
        standings={n: _standings(t, n, recorded) for n in sorted(
            {g.round_no for g in t.results if g.phase == QUALIFYING})},
        final=_final(t, book, recorded),
        qualifiers=_qualifiers(book), draws=_draws(book), calendar=_calendar(book),
        folder=_folder(book), variant=to_text(t.settings.get(VARIANT_KEY)) or "",
        venue=_venue(book, t.settings),
        first_field=_first_field(book))


def _standings(t: Tournament, round_no: int, recorded: list[tuple[str, ...]]) -> RankList:
    """The standings after `round_no`, as `Classifica` shows them."""
    rules = t.formula.standings
    standings = compute_standings(t.entrants, t.results, rules, standings_seed(t),
                                  upto_round=round_no, recorded=recorded)
    columns = standings_columns(rules)
    withdrawn = {row.player for row in standings.rows if row.withdrawn}
    last_played: dict[str, int] = {}  # of the withdrawn kept in the standings (003 Art. 3)
    for g in t.results:
        if g.player in withdrawn and g.phase == QUALIFYING:
            last_played[g.player] = max(g.round_no, last_played.get(g.player, 0))

    def shown(row: StandingRow) -> str:
        """«rit.» only after a round the player no longer played: the standings of a
        round he played are shown as they were published then (003 Art. 3 keeps him)."""
        if row.withdrawn and last_played.get(row.player, 0) >= round_no:
            row = dataclasses.replace(row, withdrawn=False)
        return str(position_text(row))

    lines = tuple(RankLine(row.player, shown(row), row.position,
                           (*round_values(rules, row, round_no),
                            *(column_value(row, c) for c in columns)),
                           tuple(sorted(row.dropped)))
                  for row in standings.rows)
    return RankList((*(f"T{n}" for n in range(1, round_no + 1)), *columns), lines, round_no,
                    note=recompiled_note(t, standings))


def _final(t: Tournament, book: Book, recorded: list[tuple[str, ...]]) -> RankList | None:
    """The final ranking (`ClassificaFinale`) once it is written and the last round is
    played; with the medal table (seed 004) the places won over the whole tournament."""
    last = max((r.round_no for r in t.rows), default=None)
    if last is None or any(r.seat is None for r in t.rows if r.round_no == last) \
            or not _rows(book, schema.FINAL_RANKING):
        return None
    seed = standings_seed(t)
    standings = compute_standings(t.entrants, t.results, t.formula.standings, seed,
                                  recorded=recorded)
    ranking = final_ranking(t.entrants, t.results, standings, t.formula.phases,
                            t.formula.standings, seed)
    if t.formula.standings.medals:  # seed 004: the medals of the whole tournament
        medals = _medals(t)
        columns: tuple[str, ...] = ("Fase raggiunta", *MEDAL_COLUMNS)
        values: dict[str, tuple[Fraction | int | Decimal | str | None, ...]] = {
            r.player: (stage_title(t, r.stage), *medals.get(r.player, (0,) * 4))
            for r in ranking}
    else:  # the final's points and the tournament total in their own columns, as in
        # ClassificaFinale (the finalists are ordered by the final, not by the total)
        columns = ("Fase raggiunta", "Punti finale", "Punti torneo")
        values = {r.player: (stage_title(t, r.stage), r.final_points,
                             r.points if r.total is None else r.total) for r in ranking}
    national = national_column(book)
    if national is not None:  # the national ranking's points after the final ranking
        columns = (*columns, NATIONAL_COLUMN)
        values = {p: (*v, national[1].get(p)) for p, v in values.items()}
    level = [t.by_id[r.player].name for r in ranking if r.by_standings]
    note = (f"A pari punti al tavolo della finale ({', '.join(level)}) l'ordine lo dà la "
            "classifica dei turni preliminari, come dice la formula («Parità in finale»)."
            if level else None)
    if national is not None:
        note = " ".join(filter(None, (note, f"{NATIONAL_COLUMN}: i punti del ranking "
                                      f"nazionale ({national[0].describe()}).")))
    return RankList(columns, tuple(
        RankLine(r.player, f"{r.position}{'=' if r.shared else ''}", r.position,
                 values[r.player]) for r in ranking), identity=True, note=note)


def _medals(t: Tournament) -> dict[str, tuple[int, ...]]:
    """1st, 2nd, 3rd and 4th places of each player over every game played (seed 004
    «medagliere … realizzati durante l'intero torneo»)."""
    out: dict[str, list[int]] = {}
    for g in t.results:
        if 1 <= g.position <= 4:
            out.setdefault(g.player, [0] * 4)[g.position - 1] += 1
    return {pid: tuple(counts) for pid, counts in out.items()}


def _rows(book: Book, spec: schema.TableSpec) -> list[Row]:
    """The rows of the Excel table `spec` (none when the workbook lacks it)."""
    if spec.name not in book.table_names():
        return []
    return book.read_table(spec.name).rows


def _qualifiers(book: Book) -> tuple[QualifierLine, ...]:
    return tuple(QualifierLine(to_text(r["Turno"]), str(r["Fase"]), to_text(r["Tavolo"]) or "",
                               to_text(r["ID"]), str(r["Giocatore"]),
                               to_text(r["Club"]) or "", str(r["Qualificazione"]),
                               number_or_none(r["Pos. classifica"]))
                 for r in book.read_table(schema.QUALIFIERS.name))


def _draws(book: Book) -> tuple[DrawLine, ...]:
    return tuple(DrawLine(r.read_at, to_text(r.get("Turno")) or "", to_text(r.get("Fase")),
                          _phase(r.get("Fase")),
                          to_text(r.get("Seme")) or "", to_text(r.get("Impronta")),
                          to_text(r.get("Versione motore")) or "",
                          procedure_text(to_text(r.get("Procedura")) or ""),
                          to_text(r.get("Qualità")) or "", to_text(r.get("Note")) or "",
                          r.get("Data e ora"))
                 for r in book.read_table(schema.DRAWS.name))


def _first_field(book: Book) -> int | None:
    """The players of the first draw of round 1 as `Sorteggi` recorded it: the field that
    chose the formulation (003 Art. 2), whoever was seated or left after (None: no
    draw recorded)."""
    for r in book.read_table(schema.DRAWS.name):
        if to_text(r.get("Turno")) == "1" and _phase(r.get("Fase")) in (None, QUALIFYING):
            try:
                return len(seating(r.get("Tavoli"))) or None
            except ValueError:
                return None
    return None


def _calendar(book: Book) -> tuple[CalendarLine, ...]:
    """The `Calendario` rows with a round and a date."""
    return tuple(CalendarLine(r.read_at, to_text(r["Turno"]), _phase(r.get("Fase")),
                              r["Data"], r.get("Ora"))
                 for r in _rows(book, schema.CALENDAR)
                 if "Turno" in r.values and "Data" in r.values and not is_blank(r["Data"]))


def _phase(cell: Any) -> str | None:
    """The phase a Calendario or Sorteggi cell names, as `Risultati` names it (None when
    blank)."""
    text = to_text(cell)
    return None if text is None else PHASE_WORDS.get(text.casefold(), text)


def _venue(book: Book, settings: dict[str, Any]) -> str:
    """Where the score sheets' codes send phones, for a tournament that has codes."""
    if report_key(settings) is None:
        return ""
    return venue_url(None if book.path is None else Path(book.path),
                     to_text(settings.get(VENUE_KEY)))


def _folder(book: Book) -> Path | None:
    return None if book.path is None else Path(book.path).parent
