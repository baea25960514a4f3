"""Excel worksheet functions (`=RISIKO_…`), thin adapters over the rules core.

Array-aware: a whole column in, a whole column out (n×1, so it spills down), one call
per column. A single cell in gives a single value out. Bad input never raises: the cell
shows an Italian message starting with `#RISIKO!`, and the other rows still compute.
On Linux the xlwings decorators leave plain functions, which the tests call with values
exactly as Excel passes them (cell → scalar, column → list, empty → None, numbers float).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import xlwings as xw

from risiko_xl import cells
from risiko_xl.cells import broadcast, cell_error, flatten, is_blank, is_error, to_int
from risiko_xl.draw.sizes import table_counts
from risiko_xl.errors import RisikoError
from risiko_xl.rules import game, territories
from risiko_xl.rules.methods import method as scoring_method
from risiko_xl.rules.placement import chain, place
from risiko_xl.rules.points import check_players, table_points
from risiko_xl.rules.seat import Seat

MAP_TOTAL = territories.MAP_TOTAL


def _column(values: list[Any], scalar: bool) -> Any:
    """Excel output: a scalar for a single cell, else an n×1 block that spills down."""
    return values[0] if scalar else [[v] for v in values]


def _guarded(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn any RisikoError escaping a UDF into a `#RISIKO!` cell message."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except RisikoError as err:
            return cell_error(err)

    wrapper.__name__ = func.__name__
    wrapper.__qualname__ = func.__qualname__
    wrapper.__doc__ = func.__doc__
    wrapper.__wrapped__ = func  # type: ignore[attr-defined]
    return wrapper


def _players(value: Any, row: int) -> int:
    n = to_int(value, "giocatori", minimum=3, maximum=6)
    if n is None:
        raise RisikoError("giocatori: manca il numero di giocatori del tavolo", riga=row)
    return n


# --- map ---------------------------------------------------------------------------

@xw.func
@_guarded
def RISIKO_VALORE_TERRITORIO(nome):
    """Valore di un territorio (numero di confinanti). Accetta una colonna di nomi."""
    names, scalar = flatten(nome)
    return _column(
        cells.per_row(names, lambda v, r: "" if is_blank(v) else territories.territory_value(v)),
        scalar,
    )


def _split_names(value: Any) -> list[str]:
    if is_blank(value):
        return []
    return [p for p in str(value).replace(";", ",").split(",") if p.strip()]


@xw.func
@_guarded
def RISIKO_PUNTI_OBIETTIVO(territori):
    """Punti obiettivo: somma dei valori dei territori (celle vuote ignorate; in una cella
    più nomi separati da virgola). Un blocco con più righe e colonne dà una somma per riga."""
    block = cells.rows_2d(territori)
    if len(block) > 1 and len(block[0]) > 1:
        return _column(cells.per_row(block, lambda row, r: territories.objective_points(
            [n for v in row for n in _split_names(v)])), False)
    names = [n for row in block for v in row for n in _split_names(v)]
    return territories.objective_points(names)


# --- table points, placement, tournament points -------------------------------------

@xw.func
@_guarded
def RISIKO_PUNTI_TAVOLO(punti, giocatori):
    """Punti tavolo: punti obiettivo ×1,25 arrotondati per eccesso ai tavoli da 5."""
    values, scalar = flatten(punti)
    players = broadcast(len(values), giocatori, "giocatori")

    def compute(value: Any, row: int) -> Any:
        points = to_int(value, "punti obiettivo", maximum=MAP_TOTAL)
        if points is None:
            return ""
        return table_points(points, _players(players[row - 1], row))

    return _column(cells.per_row(values, compute), scalar)


_SEAT_COLUMNS = (  # (argument, Seat field, label, maximum)
    ("fuori_obiettivo", "out_points", "punti fuori obiettivo", MAP_TOTAL),
    ("ordine_gioco", "order", "ordine di gioco", 6),
    ("armate_obiettivo", "armies_objective", "armate in obiettivo", game.ARMY_LIMIT * 2),
    ("armate_totali", "armies_total", "armate totali", game.ARMY_LIMIT * 2),
    ("carte", "cards", "carte", 7),
    ("territori_obiettivo", "territories_objective", "territori in obiettivo", 42),
    ("territori_fuori", "territories_outside", "territori fuori obiettivo", 42),
)


def _seat(row: int, points: Any, risiko: Any, eliminated: Any,
          extra: dict[str, list[Any]]) -> Seat | None:
    """The Seat of one sheet row (None when its points are not typed yet)."""
    try:
        is_out, order = cells.to_elimination(eliminated)
        value = to_int(points, "punti obiettivo", maximum=MAP_TOTAL)
        if value is None and not is_out:
            return None
        fields = {field: to_int(extra[arg][row], label, maximum=maximum)
                  for arg, field, label, maximum in _SEAT_COLUMNS if extra[arg][row] is not None}
        return Seat(points=value or 0, risiko=cells.to_flag(risiko, "RisiKo!"),
                    eliminated=is_out, elimination=order, **fields)
    except RisikoError as err:
        raise err.located(riga=row + 1) from None


@xw.func
@_guarded
def RISIKO_POSIZIONE(tavolo, punti, fuori_obiettivo, ordine_gioco, risiko=None,
                     eliminato=None, giocatori=None, catena="001", armate_obiettivo=None,
                     armate_totali=None, carte=None, territori_obiettivo=None,
                     territori_fuori=None):
    """Posizione di ogni riga al suo tavolo (righe in qualsiasi ordine). RisiKo! vince;
    gli eliminati seguono i superstiti. Una parità non risolvibile appare come «2=».
    `catena`: «001» (fuori obiettivo, ordine di gioco) o «000» (Art. 26, colonne extra)."""
    tables, scalar = flatten(tavolo)
    n = len(tables)
    points = broadcast(n, punti, "punti")
    flags = broadcast(n, risiko, "RisiKo!")
    outs = broadcast(n, eliminato, "eliminato")
    players = broadcast(n, giocatori, "giocatori")
    given = {"fuori_obiettivo": fuori_obiettivo, "ordine_gioco": ordine_gioco,
             "armate_obiettivo": armate_obiettivo, "armate_totali": armate_totali,
             "carte": carte, "territori_obiettivo": territori_obiettivo,
             "territori_fuori": territori_fuori}
    extra = {arg: broadcast(n, value, arg) for arg, value in given.items()}
    criteria = chain(str(catena).strip() if not is_blank(catena) else "001")

    out: list[Any] = [""] * n
    for key, rows in _group_rows(tables).items():
        try:
            seats = [_seat(r, points[r], flags[r], outs[r], extra) for r in rows]
            if all(s is None for s in seats):
                continue  # results not typed yet
            missing = [r for r, s in zip(rows, seats) if s is None]
            if missing:
                raise RisikoError("valore mancante", riga=missing[0] + 1,
                                  colonna="punti obiettivo")
            size = _table_size(rows, players, len(rows))
            if len(rows) > size:
                raise RisikoError(f"{len(rows)} righe per un tavolo da {size} giocatori")
            try:
                placement = place(seats, criteria)  # type: ignore[arg-type]
            except RisikoError as err:  # seat index -> sheet row
                raise (err if err.riga is None else RisikoError(
                    err.messaggio, riga=rows[err.riga - 1] + 1, valore=err.valore)) from None
        except RisikoError as err:
            message = cell_error(err.located(tavolo=key))
            for r in rows:
                out[r] = message
            continue
        for r, position, group in zip(rows, placement.positions, placement.group_sizes):
            out[r] = position if group == 1 else f"{position}="
    return _column(out, scalar)


def _group_rows(tables: list[Any]) -> dict[str, list[int]]:
    """Row indices per table label, in sheet order; rows with a blank table are skipped."""
    groups: dict[str, list[int]] = {}
    for row, value in enumerate(tables):
        label = cells.to_text(value)
        if label is not None:
            groups.setdefault(label, []).append(row)
    return groups


def _table_size(rows: list[int], players: list[Any], default: int) -> int:
    sizes = {to_int(players[r], "giocatori", minimum=3, maximum=6) for r in rows} - {None}
    if len(sizes) > 1:
        raise RisikoError("numero di giocatori diverso tra le righe dello stesso tavolo",
                          valore=", ".join(map(str, sorted(sizes))))
    return sizes.pop() if sizes else check_players(default)


def _position(value: Any, row: int) -> tuple[int, int]:
    """(position, tie group size) from a cell: 2, 2.0, '2' or '2=' (unbroken tie)."""
    if isinstance(value, str) and value.strip().endswith("="):
        position = to_int(value.strip()[:-1], "posizione", minimum=1, maximum=6)
        return position or 1, 2
    position = to_int(value, "posizione", minimum=1, maximum=6)
    if position is None:
        raise RisikoError("posizione mancante", riga=row, colonna="posizione")
    return position, 1


@xw.func
@_guarded
def RISIKO_PUNTI_TORNEO(punti, giocatori, posizione, risiko=None,
                        metodo="millesimi", penalita=None, fuori_obiettivo=None,
                        armate=None, tavolo=None):
    """Punti torneo per riga col metodo scelto (millesimi: 1,048 → 1.048). `punti` sono i
    punti obiettivo non scalati; `penalita` punti tavolo da togliere (numero positivo)."""
    values, scalar = flatten(punti)
    n = len(values)
    m = scoring_method("millesimi" if is_blank(metodo) else str(metodo))
    players = broadcast(n, giocatori, "giocatori")
    positions = broadcast(n, posizione, "posizione")
    flags = broadcast(n, risiko, "RisiKo!")
    penalties = broadcast(n, penalita, "penalità")
    outs = broadcast(n, fuori_obiettivo, "fuori obiettivo")
    armies = broadcast(n, armate, "armate")
    tables = broadcast(n, tavolo, "tavolo")

    def seat(r: int) -> Seat:
        return Seat(points=to_int(values[r], "punti obiettivo", maximum=MAP_TOTAL) or 0,
                    out_points=to_int(outs[r], "punti fuori obiettivo", maximum=MAP_TOTAL),
                    risiko=cells.to_flag(flags[r], "RisiKo!"),
                    armies_total=to_int(armies[r], "armate"),
                    armies_objective=to_int(armies[r], "armate"))

    winners: dict[str, int] = {}
    if m.needs_table:  # the winner's points of each table, for methods measured against it
        for r in range(n):
            key = cells.to_text(tables[r])
            if key is not None and not is_error(positions[r]) and not is_blank(values[r]):
                try:
                    if _position(positions[r], r + 1)[0] == 1:
                        winners[key] = m.winner_points(seat(r), _players(players[r], r + 1))  # type: ignore[attr-defined]
                except RisikoError:
                    pass  # reported on the row itself below

    def compute(value: Any, row: int) -> Any:
        r = row - 1
        if is_error(positions[r]):
            return positions[r]
        if is_blank(value) and is_blank(positions[r]):
            return ""
        position, group = _position(positions[r], row)
        penalty = to_int(penalties[r], "penalità") or 0
        key = cells.to_text(tables[r])
        numerator = m.score(seat(r), _players(players[r], row), position, group,
                            winners.get(key) if key is not None else None, penalty)
        return numerator / m.denominator if m.denominator != 1 else numerator

    return _column(cells.per_row(values, compute), scalar)


# --- draw and game helpers -----------------------------------------------------------

@xw.func
@_guarded
def RISIKO_TAVOLI(n):
    """Tavoli per N giocatori: riga [da 5, da 4, da 3]."""
    players = to_int(n, "giocatori", minimum=0)
    if players is None:
        raise RisikoError("manca il numero di giocatori")
    return [list(table_counts(players))]


@xw.func
@_guarded
def RISIKO_SOGLIA_SDADATA(giro):
    """Soglia di chiusura della sdadata al giro indicato: 4, 5, 6, poi 7."""
    laps, scalar = flatten(giro)

    def compute(value: Any, row: int) -> Any:
        lap = to_int(value, "giro", minimum=1)
        return "" if lap is None else game.sdadata_threshold(lap)

    return _column(cells.per_row(laps, compute), scalar)


@xw.func
@_guarded
def RISIKO_RINFORZI(territori, continenti=None):
    """Armate di rinforzo: territori // 3 + bonus dei continenti posseduti interi."""
    count = to_int(territori, "territori", maximum=42) or 0
    held = [n for row in cells.rows_2d(continenti) for v in row for n in _split_names(v)]
    return game.reinforcements(count, held)


@xw.func
@_guarded
def RISIKO_TRIS(carte, possedute=0, regole="torneo"):
    """Valore di un tris (3 celle o «fante, fante, jolly»), +2 per carta di territorio
    posseduto. `regole`: «torneo» (8/8/8/10/12) o «scatola» (4/6/8/10/12)."""
    names = [n for row in cells.rows_2d(carte) for v in row for n in _split_names(v)]
    owned = to_int(possedute, "possedute", maximum=3) or 0
    return game.tris_value(names, owned, "torneo" if is_blank(regole) else str(regole))
