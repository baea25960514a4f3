"""How `RISIKO_POSIZIONE` (`risiko_xl.udfs`) places a column of rows: each row's typed
seat (or the error of its bad cells, or nothing yet), the rows grouped into tables, each
table placed with the formula's chain of criteria, and a position per row, written «2=»
on a tie, or the table's `#RISIKO!` message on every row of a table that cannot be
placed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from risiko_xl.cells import cell_error
from risiko_xl.errors import RisikoError
from risiko_xl.excel.function_columns import group_rows, table_size
from risiko_xl.rules.games import Game
from risiko_xl.rules.methods import Method
from risiko_xl.rules.placement import place
from risiko_xl.rules.seat import Seat
from risiko_xl.tournament.sheet_errors import on_sheet

TypedSeat = Seat | RisikoError | None  # None: points not typed yet


def typed_seats(columns: Sequence[list[Any]], extras: dict[str, list[Any]],
                errors: dict[int, RisikoError]) -> list[TypedSeat]:
    """One seat per row from the parsed columns (points, points outside the objective,
    playing order, RisiKo!, elimination) and the extra `Seat` fields; a row with a bad
    cell gets its error, a row with nothing typed (not eliminated) None."""
    points, out_points, orders, flags, outs = columns
    if not errors and not extras and None not in points:  # every row typed and clean
        # one `Seat` per distinct row (nothing changes a seat): a column repeats the same
        # few thousand rows, and building a seat costs more than finding it
        rows = list(zip(points, out_points, orders, flags, outs))
        made = {row: Seat(*row[:4], *row[4]) for row in set(rows)}
        return list(map(made.__getitem__, rows))
    extra_rows = ([dict(zip(extras, values)) for values in zip(*extras.values())]
                  if extras else None)
    seats: list[TypedSeat] = []
    add = seats.append
    for r, (pts, out, order, flag, elimination) in enumerate(
            zip(points, out_points, orders, flags, outs)):
        is_out, order_out = elimination or (False, None)
        if errors and r in errors:
            add(errors[r])
        elif pts is None and not is_out:
            add(None)
        elif extra_rows is None:
            add(Seat(pts or 0, out, order, flag, is_out, order_out))
        else:
            add(Seat(pts or 0, out, order, flag, is_out, order_out, **extra_rows[r]))
    return seats


def table_positions(tables: list[Any], seats: list[TypedSeat], players: list[Any],
                    criteria: Sequence[str], ranking: Method | None,
                    played: Game) -> list[Any]:
    """The position of every row at its table ("" where its table has no result yet)."""
    result: list[Any] = [""] * len(seats)
    every_seat = all(type(seat) is Seat for seat in seats)  # no table to look at closer
    for key, rows in group_rows(tables).items():
        try:
            table = [seats[r] for r in rows]
            if not every_seat and set(map(type, table)) != {Seat}:
                if all(seat is None for seat in table):
                    continue  # results not typed yet
                for r, seat in zip(rows, table):
                    if seat is None:
                        raise RisikoError("valore mancante", riga=r + 1,
                                          colonna="punti obiettivo")
                    if isinstance(seat, RisikoError):
                        raise seat
            placed = [seat for seat in table if isinstance(seat, Seat)]  # all of them here
            size = table_size(rows, players)
            if len(rows) > size:
                raise RisikoError(f"{len(rows)} righe per un tavolo da {size} giocatori")
            values = None
            if ranking is not None:
                values = []
                for r, seat in zip(rows, placed):
                    try:
                        values.append(ranking.rank_points(seat, size))
                    except RisikoError as err:
                        raise on_sheet(err, sheet=False).located(riga=r + 1) from None
            try:
                placement = place(placed, criteria, values, game=played, players=size)
            except RisikoError as err:  # seat index -> row of the range
                raise on_sheet(err, [r + 1 for r in rows], key, sheet=False,
                               column=False) from None
        except RisikoError as err:
            message = cell_error(err.located(tavolo=key))
            for r in rows:
                result[r] = message
            continue
        for r, position, group in zip(rows, placement.positions, placement.group_sizes):
            result[r] = position if group == 1 else f"{position}="
    return result
