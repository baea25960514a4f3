"""Refreshing the standings (`risiko-xl standings`, *Aggiorna classifica*).

Scores every typed game into the computed `Risultati` columns, computes the standings
with the formula's rules and writes the `Classifica` table; a lottery that decided a tie
is recorded in `Sorteggi` with its seed, once per set of tied players, and read back by
every later ordering of the same players. User columns added to `Classifica` follow their
player when the order changes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.canvas import Canvas
from risiko_xl.books.charts import standings_chart
from risiko_xl.books.table import Table
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError, listed
from risiko_xl.services.audit import append_rows, timestamp
from risiko_xl.services.computed_cells import identity, write_scores
from risiko_xl.standings import (
    LotteryDraw,
    StandingRow,
    Standings,
    StandingsRules,
    TeamStandings,
    compute_standings,
    next_phase,
    team_standings,
)
from risiko_xl.standings.config import WITHDRAWN_TABLE
from risiko_xl.standings.lottery import recorded_order
from risiko_xl.standings.model import DISQUALIFIED, PLAYOFF, QUALIFYING, SEMIFINAL
from risiko_xl.standings.playoff import label_of
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.scoring import cell_number

COLUMN_FIELDS = {"Totale": "total", "Generale": "total", "Assoluta": "assoluta",
                 "Vittorie": "wins", "RisiKo!": "risiko", "Fuori obiettivo": "out_points",
                 "Migliore": "best", "1°": "wins", "2°": "seconds", "3°": "thirds",
                 "4°": "fourths"}
# seed 004 «medagliere»: the count of 1st, 2nd, 3rd and 4th places over the whole tournament
MEDAL_COLUMNS = ("1°", "2°", "3°", "4°")
POINT_COLUMNS = ("Totale", "Generale", "Assoluta", "Migliore")  # hidden by the medal table
CHAIN_COLUMNS = (("risiko", "RisiKo!"), ("wins", "Vittorie"), ("out_points", "Fuori obiettivo"),
                 ("best_1", "Migliore"))
WITHDRAWN_MARK = "rit."
LOTTERY_MARK = " (sorteggio)"  # after the position of a row a lottery placed
REFEREE_MARK = " (arbitro)"  # ... and of a row the referee's ruling placed
LOTTERY_PROCEDURE = "sorteggio per parità in classifica"
TEAM_LOTTERY_PROCEDURE = "sorteggio per parità fra squadre"
RENAMED_SHOWN = 5  # names refreshed in Risultati, listed by `classifica`


@dataclass(frozen=True)
class StandingsUpdate:
    standings: Standings
    table: Table  # Classifica as written
    lines: tuple[str, ...]


def standings_seed(t: Tournament) -> str:
    """The lottery seed: the tournament's draw seed (recorded in `Impostazioni`)."""
    return to_text(t.settings.get("Seme sorteggio")) or "risiko"


def standings_table(t: Tournament, standings: Standings) -> Table:
    """The `Classifica` rows as Python computed them (also what `verify` compares)."""
    rounds = t.formula.standings.rounds
    extras = standings_columns(t.formula.standings)
    by_id = t.by_id
    drops = bool(t.formula.standings.drops or t.formula.standings.best_of) \
        and not t.formula.standings.medals
    records = []
    for row in standings.rows:
        entrant = by_id[row.player]
        record: dict[str, Any] = {
            "Pos": position_text(row),
            "ID": row.player, "Giocatore": entrant.name, "Club": entrant.club}
        for n, value in enumerate(round_values(t.formula.standings, row, rounds), 1):
            record[f"T{n}"] = value if value is None or isinstance(value, str) \
                else cell_number(Fraction(value))
        if drops:
            record[schema.DROPS_COLUMN] = ", ".join(f"T{n}" for n in row.dropped) or None
        for column in extras:
            record[column] = cell_number(Fraction(column_value(row, column)))
        records.append(record)
    columns = [*schema.STANDINGS_BASE, *(f"T{n}" for n in range(1, rounds + 1)),
               *([schema.DROPS_COLUMN] if drops else []), *extras]
    return Table.of(records, columns)



def round_values(rules: StandingsRules, row: StandingRow,
                 rounds: int) -> list[Fraction | str | None]:
    """The T1…Tn cells of a row: the points of each round, or with the medal table the
    place won («1°»), never the encoded points (None = not played)."""
    if rules.medals:
        places: list[Fraction | str | None] = [
            None if p is None else f"{p}°" for p in (*row.places, *(None,) * rounds)]
        return places[:rounds]
    return [row.rounds[n] if n < len(row.rounds) else None for n in range(rounds)]


def column_value(row: StandingRow, column: str) -> Fraction | int:
    """The value of one score column of `standings_columns` for a row."""
    value: Fraction | int = getattr(row, COLUMN_FIELDS[column])
    return value


def standings_of(t: Tournament) -> tuple[Standings, Table]:
    """The standings of the typed results (the lotteries recorded in `Sorteggi` reused),
    and the `Classifica` rows showing them."""
    standings = compute_standings(t.entrants, t.results, t.formula.standings,
                                  standings_seed(t),
                                  recorded=[o for _, o in recorded_lotteries(t.book)])
    return standings, standings_table(t, standings)


def recompiled_note(t: Tournament, standings: Standings) -> str | None:
    """The line saying the standings were recompiled without players who played and then
    withdrew or were disqualified (their points no longer counted), with the formula's
    rule and its article: never a silent change of what was published. None when every
    player who played is in the standings (a withdrawn one kept, 003 Art. 3, says
    «rit.» in his own row)."""
    shown = {r.player for r in standings.rows}
    played = {g.player for g in t.results
              if g.phase == QUALIFYING and g.round_no <= standings.upto_round}
    gone = [e for e in t.entrants if e.id in played and e.id not in shown]
    if not gone:
        return None
    rule = t.formula.standings.withdrawn
    term = next(term for term in WITHDRAWN_TABLE if term.name == rule)
    who = ", ".join(f"{e.name} ({'squalifica' if e.state == DISQUALIFIED else 'ritiro'})"
                    for e in gone)
    why = [f"come vuole la formula ({term.article}: {term.measures})"
           for e in gone[:1] if any(g.state != DISQUALIFIED for g in gone)]
    why += ["chi è squalificato non resta mai in classifica"
            ] if any(g.state == DISQUALIFIED for g in gone) else []
    return f"Classifica ricompilata senza i punteggi di {who}: {'; '.join(why)}"


def position_text(row: StandingRow) -> int | str:
    """The Pos cell: the position, «3=» for a tie nothing broke, «16 (sorteggio)» for a
    place a lottery decided, «2 (arbitro)» for one the referee's ruling decided
    (`decidi --ordine`), «rit.» for a withdrawn player kept in the standings."""
    if row.withdrawn:
        return WITHDRAWN_MARK
    if row.shared:
        return f"{row.position}="
    if row.by_referee:
        return f"{row.position}{REFEREE_MARK}"
    return f"{row.position}{LOTTERY_MARK}" if row.by_lottery else row.position


def standings_columns(rules: StandingsRules) -> list[str]:
    """The Classifica's score columns: Totale (or Generale and Assoluta when results are
    dropped; never two columns that always hold the same values), the columns the
    tie-break chain reads, and any the formula adds. With the
    medal table (seed 004) the count of each place, 1° to 4°, instead of any point."""
    if rules.medals:
        columns = list(MEDAL_COLUMNS)
    else:
        columns = ["Generale", "Assoluta"] if rules.drops or rules.best_of else ["Totale"]
    columns += [column for criterion, column in CHAIN_COLUMNS if criterion in rules.chain]
    # with no result dropped Generale = Assoluta = Totale (000: both «tengono conto di
    # tutti i punteggi»): the one column Totale
    same = ("Totale", "Generale", "Assoluta") if columns[:1] == ["Totale"] else ("Totale",)
    columns += [c for c in rules.columns if c in COLUMN_FIELDS and c not in columns
                and c not in same]
    if rules.medals:
        columns = [c for c in columns if c not in POINT_COLUMNS]
    return columns


def refresh_scores(book: Book, now: dt.datetime | None = None,
                   ) -> tuple[Tournament, Standings, Table]:
    """Rewrite the computed `Risultati` cells and the `Classifica` table (values or live
    formulas, see `live`) from the workbook as it is, and record any new lottery in
    `Sorteggi`; used after every change."""
    t = load(book)
    standings, table = standings_of(t)
    write_scores(book, t, table)
    record_lotteries(book, t, standings, now)
    return t, standings, table


def update_standings(book: Book, now: dt.datetime | None = None,
                     finals: str = "«Fasi finali»") -> StandingsUpdate:
    """Score the results and rewrite `Classifica`; returns what was written, and what
    to do next once a stage is complete (`finals`: how this face names the command that
    seats the next phase, `next_hint`)."""
    renamed = identity(load(book))[1]  # before the names are refreshed
    t, standings, table = refresh_scores(book, now)
    seed = standings_seed(t)
    if isinstance(book, Canvas):
        book.set_chart(standings_chart(table))
    if t.formula.teams is not None:
        teams = team_standings(t.entrants, t.results, t.formula.teams.best_of,
                               t.formula.standings.chain, seed)
        book.write_table(schema.TEAMS.name, teams_table(teams))
        _log_team_lotteries(book, teams.lottery, seed, now)
    played = sorted({g.round_no for g in t.results if g.phase == "Qualificazione"})
    lines: tuple[str, ...] = (
        (f"Classifica aggiornata: {len(standings.rows)} giocatori, turni giocati: "
         + ", ".join(map(str, played))) if played else
        f"Classifica vuota: nessun risultato inserito ({len(t.entrants)} iscritti)",)
    recompiled = recompiled_note(t, standings)
    lines += (recompiled,) if recompiled else ()
    hint = next_hint(t, standings, finals)
    lines += (hint,) if hint else ()
    # a tie left by every criterion of the chain is decided by its last, the lottery,
    # recorded in Sorteggi (004 gives no tie-break for individual standings: rtu uses
    # 001 §7's chain): said when drawn, never silent, and not again when a later
    # classifica reuses it
    lines += tuple(f"Pari su tutti i criteri della classifica, deciso per sorteggio "
                   f"(registrato in Sorteggi): {draw.describe()}" for draw in standings.drawn)
    if renamed:  # the ID counts: the name typed beside it is replaced, and said so
        shown = "; ".join(renamed[:RENAMED_SHOWN]) + (
            f"; e altre {len(renamed) - RENAMED_SHOWN}" if len(renamed) > RENAMED_SHOWN else "")
        lines += (f"Nomi riscritti nel foglio Risultati come negli Iscritti (conta l'ID): "
                  f"{shown}",)
    return StandingsUpdate(standings, table, lines)


def _stage(t: Tournament, phase: str, tables: int) -> tuple[str, str]:
    """A stage's name for «… completa» and, as the next one, with its article."""
    if phase == QUALIFYING:
        return "Turni preliminari completi", "i turni preliminari"
    if phase == PLAYOFF:
        word = label_of(t.formula.phases)
        return f"{word.capitalize()} completo", ("lo " if word[:1] == "s" else "il ") + word
    if phase == SEMIFINAL and t.formula.phases.kind != "semifinals":
        return "Turno a eliminazione diretta completo", "il turno a eliminazione diretta"
    if phase == SEMIFINAL:
        return "Semifinali complete", "le semifinali"
    return ("Finali complete", "le finali") if tables > 1 else ("Finale completa", "la finale")


def next_hint(t: Tournament, standings: Standings, finals: str) -> str | None:
    """One line on what the standings read of the stage last drawn and what comes next,
    once the preliminaries are over: how many of a final phase's tables have their
    results, or, when the stage is complete, that `finals` seats the next phase or
    writes the final ranking (None before that, and without final phases)."""
    rounds = t.formula.standings.rounds
    last = max((r.round_no for r in t.rows), default=0)
    here = [r for r in t.rows if r.round_no == last]
    if t.formula.phases.kind == "none" or last < rounds or not here:
        return None
    phase = here[0].phase
    tables = sorted({r.table for r in here})
    blank = sorted({r.table for r in here if r.seat is None})
    done = f"{_stage(t, phase, len(tables))[0]} (turno {last})"
    if blank and phase == QUALIFYING:
        return None
    if blank:
        typed = len(tables) - len(blank)
        title = label_of(t.formula.phases).capitalize() if phase == PLAYOFF else phase
        return (f"{title} (turno {last}): risultati di {typed} tavol"
                f"{'o' if typed == 1 else 'i'} su {len(tables)}, mancano i tavoli "
                f"{listed(blank)}") if typed else None
    try:
        step = next_phase(t.entrants, t.results, standings, t.formula.phases,
                          t.formula.standings, standings_seed(t))
    except RisikoError:
        return None  # `finals` says why the next phase cannot be seated
    if step is not None:
        return f"{done}: {finals} prepara {_stage(t, step.phase, len(step.tables))[1]}"
    if phase == QUALIFYING:
        return None
    if len(t.book.read_table(schema.FINAL_RANKING.name)):
        return (f"{done}: la classifica finale è nel foglio «{schema.FINAL_RANKING.sheet}» "
                f"(se un risultato cambia, di nuovo {finals})")
    return f"{done}: {finals} scrive la classifica finale"


def teams_table(teams: TeamStandings) -> Table:
    """The `Squadre` rows (team championship, seed 004 CNS)."""
    return Table.of([{
        "Pos": f"{row.position}=" if row.shared else row.position, "Squadra": row.team,
        "Totale": cell_number(row.total), "Giocatori": len(row.players),
        "Partite": row.games, "Contate": row.counted, "Vittorie": row.wins,
        "Secondi": row.seconds,
        "Migliore scartato": None if row.best_dropped is None else cell_number(
            row.best_dropped)} for row in teams.rows], schema.TEAMS.headers)


def recorded_lotteries(book: Book) -> list[tuple[Any, tuple[str, ...]]]:
    """(row, drawn order) of each standings lottery recorded in `Sorteggi`, oldest first.
    A worksheet function sees only its three tables: there the lotteries are drawn again,
    from the same seed and results, hence in the same order."""
    try:
        log = book.read_table(schema.DRAWS.name)
    except RisikoError:
        return []
    if "Procedura" not in log.headers or "Note" not in log.headers:
        return []
    out = []
    for row in log:
        if to_text(row["Procedura"]) == LOTTERY_PROCEDURE:
            order = recorded_order(to_text(row["Note"]) or "")
            if len(order) > 1:
                out.append((row.sheet_row, order))
    return out


def decided_lines(t: Tournament, standings: Standings) -> dict[tuple[str, ...], str]:
    """The lotteries of the final preliminary standings that decide a qualification line
    of the first final phase (the 16th semifinal seat, a spareggio seat): their players
    -> the Italian line naming the round decided."""
    rules, phases = t.formula.standings, t.formula.phases
    if phases.kind == "none" or standings.upto_round != rules.rounds \
            or not standings.lottery:
        return {}
    preliminary = [g for g in t.results if g.phase == QUALIFYING]
    try:
        step = next_phase(t.entrants, preliminary, standings, phases, rules,
                          standings_seed(t))
    except RisikoError:
        return {}  # not seatable yet: `finals` says why
    return dict(step.lotteries) if step is not None else {}


def record_lotteries(book: Book, t: Tournament, standings: Standings,
                     now: dt.datetime | None) -> None:
    """Record in `Sorteggi` each lottery drawn for the first time (once per set of tied
    players; later orderings read it back); a lottery deciding a qualification line has
    that round named in its note (also added to a lottery recorded before)."""
    decides = decided_lines(t, standings)
    rows = [{"Turno": "Classifica", "Fase": QUALIFYING, "Data e ora": timestamp(now),
             "Seme": str(draw.seed), "Procedura": LOTTERY_PROCEDURE,
             "Note": draw.describe(decides.pop(draw.players, ""))}
            for draw in standings.drawn]
    if decides:
        log = book.read_table(schema.DRAWS.name)
        by_row = log.by_sheet_row()
        changed = False
        for index, order in recorded_lotteries(book):
            for players, text in decides.items():
                note = to_text(by_row[index]["Note"]) or ""
                if set(players) <= set(order) and text not in note:
                    by_row[index]["Note"] = note.replace(": sorteggio fra",
                                                         f" ({text}): sorteggio fra", 1)
                    changed = True
        if changed:
            book.write_table(schema.DRAWS.name, log)
    append_rows(book, schema.DRAWS, rows)


def _log_team_lotteries(book: Book, lotteries: Sequence[LotteryDraw], seed: str,
                        now: dt.datetime | None) -> None:
    """Record each tie between teams decided by lottery in `Sorteggi` (once per distinct
    outcome)."""
    logged = {str(note) for note in book.read_table(schema.DRAWS.name).column("Note")
              if note is not None}
    rows = []
    for lottery in lotteries:
        note = lottery.describe()
        if note not in logged:
            rows.append({"Turno": "Classifica", "Fase": "Qualificazione",
                         "Data e ora": timestamp(now), "Seme": seed,
                         "Procedura": TEAM_LOTTERY_PROCEDURE, "Note": note})
            logged.add(note)
    append_rows(book, schema.DRAWS, rows)
