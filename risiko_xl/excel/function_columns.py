"""How the worksheet functions (`risiko_xl.udfs`) take and give columns: an argument
column parsed at once with its bad cells recorded by row, cells grouped into tables, a
table's size, a placement typed as «2=», and the result as one value or an n×1 block that
spills down, or a block of `#RISIKO!` messages. It imports the rules core and
`risiko_xl.cells`, nothing of the workbook (checked by `lint-imports`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from risiko_xl import cells
from risiko_xl.cells import broadcast, cell_error, flatten, is_blank, is_error, to_int
from risiko_xl.errors import RisikoError
from risiko_xl.rules import game, games
from risiko_xl.rules.points import check_players

SEAT_EXTRAS = (  # seed-000 Art. 26 columns: (argument, Seat field, label, maximum)
    ("armate_obiettivo", "armies_objective", "armate in obiettivo", game.ARMY_LIMIT * 2),
    ("armate_totali", "armies_total", "armate totali", game.ARMY_LIMIT * 2),
    ("carte", "cards", "carte", 7),
    ("territori_obiettivo", "territories_objective", "territori in obiettivo", 42),
    ("territori_fuori", "territories_outside", "territori fuori obiettivo", 42),
    # seed 004 (S.P.Q.RisiKo!), catena «004»
    ("coefficiente", "coefficient", "coefficiente", None),
    ("valore_esercito", "army_value", "valore esercito", None),
)


def column_out(values: list[Any], scalar: bool) -> Any:
    """Excel output: a scalar for a single cell, else an n×1 block that spills down."""
    return values[0] if scalar else [[v] for v in values]


def players_of(value: Any, row: int) -> int:
    n = to_int(value, "giocatori", minimum=3, maximum=6)
    if n is None:
        raise RisikoError("manca il numero di giocatori del tavolo", riga=row,
                          colonna="giocatori")
    return n


def split_names(value: Any) -> list[str]:
    if is_blank(value):
        return []
    return [p for p in str(value).replace(";", ",").split(",") if p.strip()]


def parsed(n: int, value: Any, parse: Callable[..., Any], label: str,
            errors: dict[int, RisikoError], default: Any = None, **options: Any) -> list[Any]:
    """A whole argument column parsed at once; an omitted argument is `default` throughout.
    Bad cells are recorded in `errors` by row (see `cells.parse_column`)."""
    if value is None:
        return [default] * n
    return cells.parse_column(broadcast(n, value, label), parse, label, errors, **options)


def game_of(gioco: Any) -> games.Game:
    """The game of argument `gioco`: blank = classic RisiKo!, «spqrisiko» = seed 004."""
    return games.game("classico" if is_blank(gioco) else str(gioco))


def group_rows(tables: list[Any]) -> dict[str, list[int]]:
    """Row indices per table label, in sheet order; rows with a blank table are skipped."""
    groups: dict[Any, list[int]] = {}
    for row, value in enumerate(tables):
        if value is not None:  # group by the raw cell (fast); labels are made once per table
            groups.setdefault(value, []).append(row)
    labelled: dict[str, list[int]] = {}
    for value, rows in groups.items():
        label = cells.to_text(value)
        if label in labelled:  # e.g. 3 and "3": the same table typed two ways
            labelled[label] = sorted(labelled[label] + rows)
        elif label is not None:
            labelled[label] = rows
    return labelled


def table_size(rows: list[int], players: list[Any]) -> int:
    """The table's player count: the `giocatori` cells (all equal) or its number of rows."""
    sizes = {players[r] for r in rows}
    if len(sizes) == 1:
        size = sizes.pop()
        return check_players(len(rows)) if size is None else size
    sizes.discard(None)
    if len(sizes) > 1:
        raise RisikoError("numero di giocatori diverso tra le righe dello stesso tavolo",
                          valore=", ".join(map(str, sorted(sizes))))
    return sizes.pop() if sizes else check_players(len(rows))


def position_of(value: Any, label: str) -> tuple[int, int] | str | None:
    """(position, tie group size) from 2, 2.0, '2' or '2=' (an unbroken tie); an upstream
    `#RISIKO!` message passes through unchanged; None when blank."""
    if (type(value) is int or (type(value) is float and value.is_integer())) \
            and 1 <= value <= 6:
        return int(value), 1
    if is_error(value):
        return str(value)
    if isinstance(value, str) and value.strip().endswith("="):
        return to_int(value.strip()[:-1], label, minimum=1, maximum=6) or 1, 2
    position = to_int(value, label, minimum=1, maximum=6)
    return None if position is None else (position, 1)


def counts(columns: list[tuple[Any, str]], total: Callable[..., int]) -> Any:
    """`total(*counts)` per row over several count columns (broadcast to the longest);
    a row with every count blank stays blank, a blank among typed counts is 0."""
    flat = [flatten(value) for value, _ in columns]
    n = max(len(values) for values, _ in flat)
    scalar = all(is_scalar for _, is_scalar in flat)
    wide = [broadcast(n, value, label) for value, label in columns]

    def compute(row_values: tuple[Any, ...], row: int) -> Any:
        if all(is_blank(v) for v in row_values):
            return ""
        return total(*(to_int(v, label) or 0 for v, (_, label) in zip(row_values, columns)))

    return column_out(cells.per_row(list(zip(*wide)), compute), scalar)


def block_error(err: RisikoError, rows: int, columns: int) -> list[list[str]]:
    """The message in every cell of the block, so every dependent cell shows it."""
    return [[cell_error(err)] * columns for _ in range(max(rows, 1))]
