"""Service functions over plain column values (what RISIKO_SORTEGGIO and the CLI call).

Rows are 1-based within the given range in error messages. Blank ids are blank rows and
get no table. Presets ("formule") here are a small built-in table of criteria orders;
the real preset files come later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from risiko_xl.cells import to_flag, to_int, to_text
from risiko_xl.draw.engine import draw
from risiko_xl.draw.model import DrawInput, DrawResult, Player
from risiko_xl.errors import RisikoError


@dataclass(frozen=True)
class Preset:
    criteria: tuple[str, ...]
    procedure: str = "optimise"
    policy: str = "standard"


PRESETS: dict[str, Preset] = {
    "master": Preset(("five_repeat", "winners", "club", "repeat"), procedure="cinquisti"),
    "open": Preset(("five_repeat", "club", "repeat")),
    "gufo": Preset(("five_repeat", "club", "repeat")),
    "raduno": Preset(("five_repeat", "winners", "club", "region", "repeat")),
}

def preset(formula: str) -> Preset:
    """The preset named `formula` (case-insensitive)."""
    key = str(formula or "").strip().lower()
    if key not in PRESETS:
        raise RisikoError(
            "formula di sorteggio sconosciuta (ammesse: " + ", ".join(PRESETS) + ")",
            valore=formula,
        )
    return PRESETS[key]


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
    round_no: int | None = None,
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
    formula: str = "master",
    round_no: int | None = None,
    regions: Sequence[Any] | None = None,
    policy: str | None = None,
) -> tuple[DrawResult, list[Player | None]]:
    """The full DrawResult for column inputs (for the audit row), plus parsed rows."""
    chosen = preset(formula)
    rows, round_no = players_from_columns(ids, clubs, previous_tables, winners, round_no, regions)
    criteria = chosen.criteria
    if regions is None or all(p is None or p.region is None for p in rows):
        criteria = tuple(c for c in criteria if c != "region")
    inp = DrawInput(
        players=tuple(p for p in rows if p is not None),
        seed=seed,
        round_no=round_no,
        policy=policy or chosen.policy,
        criteria=criteria,
        procedure=chosen.procedure,
    )
    return draw(inp), rows


def draw_column(
    ids: Sequence[Any],
    clubs: Sequence[Any] | None,
    previous_tables: Sequence[Sequence[Any] | None] | None,
    winners: Sequence[Any] | None,
    seed: int | str,
    formula: str = "master",
    round_no: int | None = None,
) -> list[int | None]:
    """One table number per row (None for blank-id rows): RISIKO_SORTEGGIO's service."""
    result, rows = draw_from_columns(ids, clubs, previous_tables, winners, seed, formula, round_no)
    where = result.table_of()
    return [None if p is None else where[p.id] for p in rows]
