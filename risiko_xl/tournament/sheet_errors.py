"""The core's errors on the workbook: a `RuleError`'s domain facts as sheet, row, column.

The core says what is wrong in its own terms (`entrant.club`, `result.phase`,
`seat.risiko`, the 2nd seat of a table); this module is the one place that knows where
those live in the workbook (`books.schema`). The services' errors reach the organiser
through `on_sheet` (the command line, the ribbon), the scoring of `Risultati` locates a
table's rule checks with it, and the worksheet functions reuse it for their ranges.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from risiko_xl.books.schema import PLAYERS, RESULTS, SEAT_COLUMNS
from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.formulas.rule_table import quoted
from risiko_xl.rules.placement import MapTotalError

ENTRANT_COLUMNS = {"id": "ID", "state": "Stato", "from_round": "Dal turno", "club": "Club"}
RESULT_COLUMNS = {"player": "ID", "phase": "Fase", "round_no": "Turno", "table": "Tavolo",
                  "position": "Posizione", "points": "Punti torneo"}

# every field a RuleError may name -> (sheet, column header; None for the whole row)
CELLS: dict[str, tuple[str, str | None]] = {
    "entrant": (PLAYERS.sheet, None),
    "result": (RESULTS.sheet, None),
    **{f"entrant.{f}": (PLAYERS.sheet, h) for f, h in ENTRANT_COLUMNS.items()},
    **{f"result.{f}": (RESULTS.sheet, h) for f, h in RESULT_COLUMNS.items()},
    **{f"seat.{f}": (RESULTS.sheet, h) for f, h in SEAT_COLUMNS.items()},
}


def on_sheet(err: RisikoError, seat_rows: Sequence[int] = (), table: Any = None, *,
             sheet: bool = True, column: bool = True) -> RisikoError:
    """`err` located on the workbook, as a plain `RisikoError` (its domain facts said as
    sheet, table, row and column); an error that is not a `RuleError` comes back as is.

    The field becomes its sheet and column header, the seat the row of that seat
    (`seat_rows[seat - 1]`, the table's rows in the order its seats were given), `table`
    the table named in the message. A table's points over the map total name every row
    with its points (`MapTotalError.on_rows`) and no column: no one cell is wrong.
    `sheet=False` for the worksheet functions, whose ranges lie on no known sheet;
    `column=False` where the message never named the column (their placement)."""
    if not isinstance(err, RuleError):
        return _with_rule(err)
    where, header = CELLS[err.field] if err.field else (None, None)
    where = where if sheet else None
    if isinstance(err, MapTotalError) and seat_rows:
        return err.on_rows(seat_rows, table, foglio=where)
    row = (seat_rows[err.seat - 1]
           if err.seat is not None and 0 < err.seat <= len(seat_rows) else None)
    return RisikoError(err.messaggio, foglio=err.foglio or where,
                       tavolo=err.tavolo if err.tavolo is not None else table,
                       riga=err.riga if err.riga is not None else row,
                       colonna=err.colonna or (header if column else None), valore=err.valore)


def _with_rule(err: RisikoError) -> RisikoError:
    """An error about a rule of the formula (`RisikoError.of_rule`) names the rule as the
    `Formula` sheet and `risiko-xl formula --imposta` call it."""
    if not err.chiave or err.foglio is not None:
        return err
    keys = [str(k) for k in err.chiave if not isinstance(k, int)]
    named = quoted(*keys)
    if named in err.messaggio:
        return err
    out = RisikoError(f"{err.messaggio} (regola {named} della formula)", valore=err.valore) \
        if err.has_value else RisikoError(f"{err.messaggio} (regola {named} della formula)")
    out.chiave = err.chiave
    return out
