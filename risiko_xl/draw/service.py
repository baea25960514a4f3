"""Service functions over plain column values (what RISIKO_SORTEGGIO and the CLI call).

Rows are 1-based within the given range in error messages. Blank ids are blank rows and
get no table. The draw settings of a formula ("formula": a preset name such as "master",
or the path of a user's formula file) come from its `DrawRules` and table policy in
`risiko_xl.formulas`; a formula with variants (eagles) is resolved by the number of
players at the first round's draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from risiko_xl.cells import to_flag, to_int, to_text
from risiko_xl.draw.engine import PROCEDURES, draw, procedures_text
from risiko_xl.draw.model import DrawInput, DrawResult, Player
from risiko_xl.errors import RisikoError

if TYPE_CHECKING:
    from risiko_xl.formulas.model import Formula


@dataclass(frozen=True)
class Preset:
    """What a formula asks of the draw engine."""

    criteria: tuple[str, ...]
    procedure: str = "optimise"
    policy: str = "standard"
    repeat_weighting: str = "flat"


def _formula(formula: str | Formula) -> Formula:
    # Imported here: risiko_xl.formulas validates against risiko_xl.draw (no import cycle).
    from risiko_xl.formulas import load
    from risiko_xl.formulas.model import Formula

    if isinstance(formula, Formula):
        return formula
    return load(formula)


def preset(formula: str | Formula, players: int | None = None,
           round_no: int | None = None) -> Preset:
    """The draw settings of `formula` (a preset name, case-insensitive, or a formula file).

    `players`: players at the first round's draw, which picks the variant of a formula
    with variants (the first variant when not given); `round_no` 1 uses the formula's
    `first_round` procedure when it has one.
    """
    from risiko_xl.formulas import resolve

    chosen = _formula(formula)
    if chosen.variants:
        chosen = resolve(chosen, players)[0] if players is not None else \
            chosen.variants[0].formula
    rules = chosen.draw
    procedure = rules.first_round if round_no == 1 and rules.first_round else rules.procedure
    if procedure not in PROCEDURES:
        raise RisikoError(
            f"la formula «{chosen.name}» sorteggia con la procedura «{procedure}», che il "
            f"sorteggio da colonne non esegue (ammesse: {procedures_text()})",
            valore=procedure,
        )
    return Preset(tuple(rules.criteria), procedure, chosen.policy, rules.repeat_weighting)


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
    formula: str | Formula = "master",
    round_no: int | None = None,
    regions: Sequence[Any] | None = None,
    policy: str | None = None,
) -> tuple[DrawResult, list[Player | None]]:
    """The full DrawResult for column inputs (for the audit row), plus parsed rows."""
    rules = _formula(formula)  # an unknown formula fails before the rows are read
    rows, round_no = players_from_columns(ids, clubs, previous_tables, winners, round_no, regions)
    chosen = preset(rules, _first_round_players(rows, round_no), round_no)
    players = tuple(p for p in rows if p is not None)
    return draw(draw_input(players, seed, round_no, chosen, policy)), rows


def draw_input(players: Sequence[Player], seed: int | str, round_no: int, chosen: Preset,
               policy: str | None = None) -> DrawInput:
    """The engine's input for `players` under a formula's draw settings; region
    separation is dropped when nobody has a region."""
    criteria = chosen.criteria
    if all(p.region is None for p in players):
        criteria = tuple(c for c in criteria if c != "region")
    return DrawInput(players=tuple(players), seed=seed, round_no=round_no,
                     policy=policy or chosen.policy, criteria=criteria,
                     procedure=chosen.procedure, repeat_weighting=chosen.repeat_weighting)


def _first_round_players(rows: Sequence[Player | None], round_no: int) -> int:
    """Players at the first round's draw (what picks a formula's variant): those now,
    in round 1; later, those with a round-1 table (all of them if none has history)."""
    players = [p for p in rows if p is not None]
    if round_no == 1:
        return len(players)
    first = sum(1 for p in players if p.history and p.history[0] is not None)
    return first or len(players)


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
