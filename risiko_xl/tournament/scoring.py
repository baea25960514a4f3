"""Scoring the `Risultati` table: every game's placement, table and tournament points.

The computed columns (`Punti tavolo`, `Posizione`, `Punti torneo`) get the same values
the worksheet functions give; the typed columns are never changed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from risiko_xl.books.schema import RESULTS, SEAT_COLUMNS
from risiko_xl.books.table import Table
from risiko_xl.errors import RisikoError
from risiko_xl.rules.methods import Method
from risiko_xl.rules.placement import SEAT_FIELDS, MapTotalError, TieError, chain
from risiko_xl.rules.table import score_table
from risiko_xl.standings.model import QUALIFYING, GameResult
from risiko_xl.tournament.records import ResultRow
from risiko_xl.tournament.sheet_errors import on_sheet


def group_tables(rows: Sequence[ResultRow]) -> dict[tuple[int, str, int], list[ResultRow]]:
    """Rows per game (round, phase, table), in sheet order."""
    tables: dict[tuple[int, str, int], list[ResultRow]] = defaultdict(list)
    for r in rows:
        tables[r.key].append(r)
    return dict(tables)


Game = tuple[list[ResultRow], list[GameResult], dict[int, dict[str, Any]]]


def score_results(rows: Sequence[ResultRow], scoring: Method, placement_chain: str,
                  games: dict[tuple[int, str, int], Game] | None = None,
                  earlier: dict[tuple[int, str, int], Game] | None = None,
                  ) -> tuple[list[GameResult], dict[int, dict[str, Any]]]:
    """GameResults of every fully typed game, and the computed cells per sheet row.
    A game with some rows typed and others blank is an error naming the blank row.
    `games` is filled with each game's rows and what they gave; `earlier`: the `games`
    of a scoring by the same method and chain, whose games with the very same rows are
    not scored again."""
    criteria = chain(placement_chain)
    results: list[GameResult] = []
    computed: dict[int, dict[str, Any]] = {}
    for key, seats in group_tables(rows).items():
        known = (earlier or {}).get(key)
        if known is not None and len(known[0]) == len(seats) \
                and all(a is b for a, b in zip(known[0], seats)):
            game = known
        else:
            game = (seats, *score_game(key, seats, scoring, criteria))
        if games is not None:
            games[key] = game
        results += game[1]
        computed.update(game[2])
    return results, computed


def score_game(key: tuple[int, str, int], seats: list[ResultRow], scoring: Method,
            criteria: Any) -> tuple[list[GameResult], dict[int, dict[str, Any]]]:
    """One game's results and computed cells (none while it is not typed)."""
    round_no, phase, table = key
    results: list[GameResult] = []
    computed: dict[int, dict[str, Any]] = {}
    typed = [r for r in seats if r.seat is not None]
    if not typed:
        return results, computed
    if len(typed) < len(seats):
        blank = next(r for r in seats if r.seat is None)
        raise RisikoError(f"risultato mancante (turno {round_no}, {phase})", riga=blank.row,
                          colonna="Punti obiettivo", valore=None, foglio="Risultati",
                          tavolo=table)
    try:
        score = score_table([r.seat for r in typed if r.seat is not None], len(seats),
                            scoring, criteria, [r.penalty for r in seats])
    except TieError as err:
        raise tie_error(err, seats, round_no, phase, table) from None
    except RisikoError as err:  # a rule check on a seat: that seat's row
        # a sum over the map names no one cell: its table by round too (tables are
        # numbered again every round)
        named = f"{table} del turno {round_no}" if isinstance(err, MapTotalError) \
            else table
        raise on_sheet(err, [r.row for r in seats], named).located(
            foglio=RESULTS.sheet, tavolo=table) from None
    if phase != QUALIFYING and score.placement.unresolved:
        # a final-phase table decides every place, whatever the method: its winner goes
        # on (003 Art. 1 «I vincitori delle semifinali saranno qualificati per la
        # finale»), its second may be recalled (001 §8 «sarà ripescato il secondo del
        # suo tavolo»), the final ranks «dal 1° al 4° posto … in base all'esito della
        # finale» (001 §7); a tie is broken by the chain (001 §7 «punti dei territori
        # fuori obiettivo … criterio del "colore"») or refused, never guessed
        tie = min(score.placement.unresolved, key=lambda t: score.positions[t.seats[0]])
        raise tie_error(TieError("", tie, score.positions[tie.seats[0]]), seats,
                        round_no, phase, table)
    for i, r in enumerate(seats):
        group = score.placement.group_sizes[i]
        position = score.positions[i]
        points = score.points[i]
        computed[r.row] = {"Punti tavolo": cell_number(score.table_points[i]),
                           "Posizione": position if group == 1 else f"{position}=",
                           "Punti torneo": cell_number(points)}
        results.append(GameResult(
            player=r.player, round_no=round_no, phase=phase, table=table,
            position=position, points=points, table_points=score.table_points[i],
            out_points=r.seat.out_points or 0, risiko=r.seat.risiko,  # type: ignore[union-attr]
            eliminated=r.seat.eliminated, players=len(seats), row=r.row,  # type: ignore[union-attr]
            tie_break=score.tie_breaks[i], penalty=r.penalty))
    return results, computed


ELIMINATION_HINT = "l'ordine di eliminazione: 1 il primo eliminato, 2 il secondo, …"


def _joined(items: Sequence[str], word: str) -> str:
    """'A', 'A e B', 'A, B e C' (with `word` = 'e' or 'o')."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def _in_chain_order(columns: Sequence[str]) -> str:
    """The columns a tie needs, as the chain reads them: the first decides, each next one
    only if still equal («Punti fuori obiettivo (e, se ancora pari, Ordine)»; 001 §7 and
    003 Art. 23 «1) maggior numero di punti fuori obiettivo, 2) "criterio del colore"»).
    A later column alone never breaks it while an earlier one is blank."""
    if len(columns) == 1:
        return columns[0]
    return f"{columns[0]} (e, se ancora pari, {', poi '.join(columns[1:])})"


def tie_error(err: TieError, seats: Sequence[ResultRow], round_no: int, phase: str,
              table: int) -> RisikoError:
    """A tie the chain cannot break, as the organiser fixes it: who is tied and which
    `Risultati` columns to fill, in the chain's order («parità al tavolo 3 del turno 2 fra
    G07 e G12: compilare Punti fuori obiettivo (e, se ancora pari, Ordine)»), located on
    the first tied row (no column: the message names them, and no «valore trovato» for
    cells that are simply blank)."""
    tied = [seats[i] for i in err.tie.seats]
    columns = list(dict.fromkeys(SEAT_COLUMNS[SEAT_FIELDS[c]] for c in err.tie.criteria))
    named = [f"{c} ({ELIMINATION_HINT})" if c == SEAT_COLUMNS["elimination"] else c
             for c in columns]
    where = f"turno {round_no}" + ("" if phase == QUALIFYING else f" ({phase})")
    head = (f"parità per il {err.position}° posto al tavolo {table} del {where} fra "
            f"{_joined([r.player for r in tied], 'e')}")
    why = ("i posti in parità valgono punti diversi" if phase == QUALIFYING
           else "il tavolo deve avere un solo vincitore" if err.position == 1
           else "in una fase finale ogni posto del tavolo va deciso")
    if columns:
        fix = f"compilare {_in_chain_order(named)} ({why})"
    else:
        fix = f"pari su tutti i criteri di spareggio della formula: {why}, verificare i dati"
    return RisikoError(f"{head}: {fix}", foglio="Risultati", riga=tied[0].row)


def cell_number(value: Fraction) -> int | float:
    """An exact value as a cell number (integers stay integers)."""
    return int(value) if value.denominator == 1 else float(value)


def write_computed(results: Table, computed: dict[int, dict[str, Any]]) -> Table:
    """`results` with the computed columns filled (blank where a game is not typed yet)."""
    out = results.copy()
    for header in ("Punti tavolo", "Posizione", "Punti torneo"):
        out.set_column(header, [computed.get(row.sheet_row, {}).get(header)
                                if row.sheet_row is not None else None for row in out])
    return out
