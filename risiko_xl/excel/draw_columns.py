"""The column draw behind RISIKO_SORTEGGIO and the demo: Excel column values in (cells
read by `risiko_xl.cells`), the draw engine's result out.

Rows are 1-based within the given range in error messages. Blank ids are blank rows and
get no table. The engine (`risiko_xl.draw`) never sees a cell: this module parses the
columns into `Player`s and asks `risiko_xl.formulas.draw_settings` for the formula's draw settings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from risiko_xl.cells import to_flag, to_int, to_text
from risiko_xl.draw.engine import draw
from risiko_xl.draw.model import DrawResult, Player
from risiko_xl.errors import RisikoError
from risiko_xl.formulas import load
from risiko_xl.formulas.draw_settings import draw_input, first_round_players, preset
from risiko_xl.formulas.model import Formula


def _located(parse: Any, value: Any, label: str, row: int, **options: Any) -> Any:
    try:
        return parse(value, label, **options)
    except RisikoError as err:
        raise err.located(riga=row) from None


def _column(values: Sequence[Any] | None, n: int, name: str) -> list[Any]:
    if values is None:
        return [None] * n
    values = list(values)
    if len(values) != n:
        raise RisikoError(
            f"la colonna {name} ha {len(values)} righe, la colonna ID ne ha {n}",
            valore=len(values),
        )
    return values


def players_from_columns(
    ids: Sequence[Any],
    clubs: Sequence[Any] | None,
    previous_tables: Sequence[Sequence[Any] | None] | None,
    winners: Sequence[Any] | None,
    round_no: int | float | None = None,  # a float as Excel passes a number
    regions: Sequence[Any] | None = None,
) -> tuple[list[Player | None], int]:
    """Parsed players per row (None for blank rows) and the round number."""
    ids = list(ids)
    n = len(ids)
    clubs = _column(clubs, n, "club")
    regions = _column(regions, n, "regione")
    winners = _column(winners, n, "vincitori")
    previous = _column(previous_tables, n, "tavoli precedenti")
    rows: list[list[int | None]] = []
    for i, row in enumerate(previous, start=1):
        if row is None:
            rows.append([])
        elif isinstance(row, (list, tuple)):
            rows.append([_located(to_int, v, "tavolo", i, minimum=1) for v in row])
        else:
            rows.append([_located(to_int, row, "tavolo", i, minimum=1)])
    played = max((len(r) for r in rows), default=0)
    if round_no is None:
        round_no = played + 1
    if isinstance(round_no, float) and round_no.is_integer():
        round_no = int(round_no)
    if isinstance(round_no, bool) or not isinstance(round_no, int) or round_no < 1:
        raise RisikoError("numero del turno non valido", valore=round_no)
    out: list[Player | None] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(ids, start=1):
        pid = to_text(raw)
        if pid is None:
            out.append(None)
            continue
        if pid in seen:
            raise RisikoError(
                f"ID duplicato (già alla riga {seen[pid]})", riga=i, colonna="ID", valore=pid
            )
        seen[pid] = i
        history = tuple(rows[i - 1][: round_no - 1])
        out.append(
            Player(
                id=pid,
                club=to_text(clubs[i - 1]),
                region=to_text(regions[i - 1]),
                history=history,
                winner=_located(to_flag, winners[i - 1], "vincitori", i),
            )
        )
    count = sum(p is not None for p in out)
    if count < 3:
        raise RisikoError("servono almeno 3 giocatori per il sorteggio", valore=count)
    return out, round_no


def draw_from_columns(
    ids: Sequence[Any],
    clubs: Sequence[Any] | None,
    previous_tables: Sequence[Sequence[Any] | None] | None,
    winners: Sequence[Any] | None,
    seed: int | str,
    formula: str | Formula = "master",
    round_no: int | None = None,
    regions: Sequence[Any] | None = None,
    policy: str | None = None,
) -> tuple[DrawResult, list[Player | None]]:
    """The full DrawResult for column inputs (for the audit row), plus parsed rows."""
    # an unknown formula fails before the rows are read
    rules = formula if isinstance(formula, Formula) else load(formula)
    rows, round_no = players_from_columns(ids, clubs, previous_tables, winners, round_no, regions)
    chosen = preset(rules, first_round_players(rows, round_no), round_no)
    players = tuple(p for p in rows if p is not None)
    return draw(draw_input(players, seed, round_no, chosen, policy)), rows


def draw_column(
    ids: Sequence[Any],
    clubs: Sequence[Any] | None,
    previous_tables: Sequence[Sequence[Any] | None] | None,
    winners: Sequence[Any] | None,
    seed: int | str,
    formula: str | Formula = "master",
    round_no: int | None = None,
) -> list[int | None]:
    """One table number per row (None for blank-id rows): RISIKO_SORTEGGIO's service."""
    result, rows = draw_from_columns(ids, clubs, previous_tables, winners, seed, formula, round_no)
    where = result.table_of()
    return [None if p is None else where[p.id] for p in rows]
