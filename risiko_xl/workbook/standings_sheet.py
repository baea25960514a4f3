"""Refreshing the standings (`risiko-xl standings`, *Aggiorna classifica*).

Scores every typed game into the computed `Risultati` columns, computes the standings
with the formula's rules and writes the `Classifica` table; a lottery that decided a tie
is recorded in `Sorteggi` with its seed. User columns added to `Classifica` follow their
player when the order changes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd

from risiko_xl.cells import to_text
from risiko_xl.standings import (
    LotteryDraw,
    StandingRow,
    Standings,
    StandingsRules,
    TeamStandings,
    compute_standings,
    team_standings,
)
from risiko_xl.workbook import schema
from risiko_xl.workbook.audit import append_rows, timestamp
from risiko_xl.workbook.book import Book
from risiko_xl.workbook.charts import standings_chart
from risiko_xl.workbook.live import write_scores
from risiko_xl.workbook.scoring import cell_number
from risiko_xl.workbook.state import Tournament, load

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


@dataclass(frozen=True)
class StandingsUpdate:
    standings: Standings
    frame: pd.DataFrame
    lines: tuple[str, ...]


def standings_seed(t: Tournament) -> str:
    """The lottery seed: the tournament's draw seed (recorded in `Impostazioni`)."""
    return to_text(t.settings.get("Seme sorteggio")) or "risiko"


def standings_frame(t: Tournament, standings: Standings) -> pd.DataFrame:
    """The `Classifica` rows as Python computed them (also what `verify` compares)."""
    rounds = t.formula.standings.rounds
    extras = standings_columns(t.formula.standings)
    by_id = t.by_id
    records = []
    for row in standings.rows:
        entrant = by_id[row.player]
        record: dict[str, Any] = {
            "Pos": (WITHDRAWN_MARK if row.withdrawn
                    else f"{row.position}=" if row.shared else row.position),
            "ID": row.player, "Giocatore": entrant.name, "Club": entrant.club}
        for n, value in enumerate(round_values(t.formula.standings, row, rounds), 1):
            record[f"T{n}"] = value if value is None or isinstance(value, str) \
                else cell_number(Fraction(value))
        for column in extras:
            record[column] = cell_number(Fraction(column_value(row, column)))
        records.append(record)
    columns = [*schema.STANDINGS_BASE, *(f"T{n}" for n in range(1, rounds + 1)), *extras]
    return pd.DataFrame(records, columns=columns)


def round_values(rules: StandingsRules, row: StandingRow,
                 rounds: int) -> list[Fraction | str | None]:
    """The T1…Tn cells of a row: the points of each round, or with the medal table the
    place won («1°»), never the encoded points (None = not played)."""
    if rules.medals:
        return [None if p is None else f"{p}°" for p in (*row.places, *(None,) * rounds)
                ][:rounds]
    return [row.rounds[n] if n < len(row.rounds) else None for n in range(rounds)]


def column_value(row: StandingRow, column: str) -> Fraction | int:
    """The value of one score column of `standings_columns` for a row."""
    return getattr(row, COLUMN_FIELDS[column])


def standings_of(t: Tournament) -> tuple[Standings, pd.DataFrame]:
    """The standings of the typed results, and the `Classifica` rows showing them."""
    standings = compute_standings(t.entrants, t.results, t.formula.standings,
                                  standings_seed(t))
    return standings, standings_frame(t, standings)


def standings_columns(rules: StandingsRules) -> list[str]:
    """The Classifica's score columns: Totale (or Generale and Assoluta when results are
    dropped), the columns the tie-break chain reads, and any the formula adds. With the
    medal table (seed 004) the count of each place, 1° to 4°, instead of any point."""
    if rules.medals:
        columns = list(MEDAL_COLUMNS)
    else:
        columns = ["Generale", "Assoluta"] if rules.drops or rules.best_of else ["Totale"]
    columns += [column for criterion, column in CHAIN_COLUMNS if criterion in rules.chain]
    columns += [c for c in rules.columns if c in COLUMN_FIELDS and c not in columns
                and not (c == "Totale" and "Generale" in columns)]
    if rules.medals:
        columns = [c for c in columns if c not in POINT_COLUMNS]
    return columns


def refresh_scores(book: Book) -> tuple[Tournament, Standings, pd.DataFrame]:
    """Rewrite the computed `Risultati` cells and the `Classifica` table (values or live
    formulas, see `live`) from the workbook as it is; used after every change."""
    t = load(book)
    standings, frame = standings_of(t)
    write_scores(book, t, frame)
    return t, standings, frame


def update_standings(book: Book, now: dt.datetime | None = None) -> StandingsUpdate:
    """Score the results and rewrite `Classifica`; returns what was written."""
    t, standings, frame = refresh_scores(book)
    seed = standings_seed(t)
    book.set_chart(standings_chart(frame))
    _log_lotteries(book, standings.lottery, seed, now)
    if t.formula.teams is not None:
        teams = team_standings(t.entrants, t.results, t.formula.teams.best_of,
                               t.formula.standings.chain, seed)
        book.write_table(schema.TEAMS.name, teams_frame(teams))
        _log_lotteries(book, teams.lottery, seed, now)
    played = sorted({g.round_no for g in t.results if g.phase == "Qualificazione"})
    lines = (f"Classifica aggiornata: {len(standings.rows)} giocatori, turni giocati: "
             + (", ".join(map(str, played)) or "nessuno"),)
    return StandingsUpdate(standings, frame, lines)


def teams_frame(teams: TeamStandings) -> pd.DataFrame:
    """The `Squadre` rows (team championship, seed 004 CNS)."""
    return pd.DataFrame([{
        "Pos": f"{row.position}=" if row.shared else row.position, "Squadra": row.team,
        "Totale": cell_number(row.total), "Giocatori": len(row.players),
        "Partite": row.games, "Contate": row.counted, "Vittorie": row.wins,
        "Secondi": row.seconds,
        "Migliore scartato": None if row.best_dropped is None else cell_number(
            row.best_dropped)} for row in teams.rows], columns=schema.TEAMS.headers)


def _log_lotteries(book: Book, lotteries: Sequence[LotteryDraw], seed: str,
                   now: dt.datetime | None) -> None:
    """Record each tie decided by lottery in `Sorteggi` (once per distinct outcome)."""
    logged = set(book.read_table(schema.DRAWS.name).get("Note", pd.Series(dtype=object))
                 .dropna().astype(str))
    rows = []
    for lottery in lotteries:
        note = lottery.describe()
        if note not in logged:
            rows.append({"Turno": "Classifica", "Fase": "Qualificazione",
                         "Data e ora": timestamp(now), "Seme": seed,
                         "Procedura": "sorteggio per parità in classifica", "Note": note})
            logged.add(note)
    append_rows(book, schema.DRAWS, rows)
