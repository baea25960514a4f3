"""Excel worksheet functions (`=RISIKO_…`), thin adapters over the rules core.

Array-aware: a whole column in, a whole column out (n×1, so it spills down), one call
per column. A single cell in gives a single value out. Bad input never raises: the cell
shows an Italian message starting with `#RISIKO!`, and the other rows still compute.
On Linux the xlwings decorators leave plain functions, which the tests call with values
exactly as Excel passes them (cell → scalar, column → list, empty → None, numbers float).
How they take and give columns is `udf_columns`; how a column of rows is placed at its
tables, `udf_placement`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import xlwings as xw

from risiko_xl import cells
from risiko_xl.books import schema
from risiko_xl.cells import broadcast, cell_error, flatten, is_blank, to_int
from risiko_xl.draw.sizes import table_counts
from risiko_xl.errors import RisikoError
from risiko_xl.excel.draw_columns import draw_column
from risiko_xl.excel.function_columns import (
    SEAT_EXTRAS,
    block_error,
    column_out,
    counts,
    game_of,
    parsed,
    players_of,
    position_of,
    split_names,
)
from risiko_xl.excel.function_placement import table_positions, typed_seats
from risiko_xl.rules import game, games, territories
from risiko_xl.rules.methods import method as scoring_method
from risiko_xl.rules.placement import chain
from risiko_xl.rules.points import table_points
from risiko_xl.rules.seat import Seat
from risiko_xl.tournament.sheet_errors import on_sheet

MAP_TOTAL = territories.MAP_TOTAL


def _guarded(func: Callable[..., Any]) -> Callable[..., Any]:
    """Turn any RisikoError escaping a UDF into a `#RISIKO!` cell message."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except RisikoError as err:
            return cell_error(on_sheet(err, sheet=False))

    wrapper.__name__ = func.__name__
    wrapper.__qualname__ = func.__qualname__
    wrapper.__doc__ = func.__doc__
    wrapper.__wrapped__ = func  # type: ignore[attr-defined]  # a function object takes it
    return wrapper


# --- map ---------------------------------------------------------------------------

@xw.func
@_guarded
def RISIKO_VALORE_TERRITORIO(nome):
    """Valore di un territorio (numero di confinanti). Accetta una colonna di nomi."""
    names, scalar = flatten(nome)
    return column_out(
        cells.per_row(names, lambda v, r: "" if is_blank(v) else territories.territory_value(v)),
        scalar,
    )


@xw.func
@_guarded
def RISIKO_PUNTI_OBIETTIVO(territori):
    """Punti obiettivo: somma dei valori dei territori (celle vuote ignorate; in una cella
    più nomi separati da virgola). Un blocco con più righe e colonne dà una somma per riga."""
    block = cells.rows_2d(territori)
    if len(block) > 1 and len(block[0]) > 1:
        return column_out(cells.per_row(block, lambda row, r: territories.objective_points(
            [n for v in row for n in split_names(v)])), False)
    names = [n for row in block for v in row for n in split_names(v)]
    return territories.objective_points(names)


# --- table points, placement, tournament points -------------------------------------

@xw.func
@_guarded
def RISIKO_PUNTI_TAVOLO(punti, giocatori, gioco=None):
    """Punti tavolo: punti obiettivo ×1,25 arrotondati per eccesso ai tavoli da 5; con
    `gioco` «spqrisiko» (seed 004) i punti tavolo come sono."""
    values, scalar = flatten(punti)
    players = broadcast(len(values), giocatori, "giocatori")
    played = game_of(gioco)

    def compute(value: Any, row: int) -> Any:
        points = to_int(value, "punti obiettivo", maximum=played.map_total)
        if points is None:
            return ""
        size = players_of(players[row - 1], row)
        return table_points(points, size) if played.scaled else points

    return column_out(cells.per_row(values, compute), scalar)


@xw.func
@_guarded
def RISIKO_POSIZIONE(tavolo, punti, fuori_obiettivo, ordine_gioco, risiko=None,
                     eliminato=None, giocatori=None, catena="001", armate_obiettivo=None,
                     armate_totali=None, carte=None, territori_obiettivo=None,
                     territori_fuori=None, coefficiente=None, valore_esercito=None,
                     gioco=None, metodo=None):
    """Posizione di ogni riga al suo tavolo (righe in qualsiasi ordine). RisiKo! vince;
    gli eliminati seguono i superstiti. Una parità non risolvibile appare come «2=».
    `catena`: «001» (fuori obiettivo, ordine di gioco), «000» (Art. 26, colonne extra) o
    «004» (S.P.Q.RisiKo!: coefficiente, valore esercito, ordine inverso di gioco).
    `gioco`: vuoto = RisiKo! classico; «spqrisiko» = punti tavolo, senza limite mappa.
    `metodo`: il tavolo si ordina per ciò che il metodo conta (classico_1: tutti i
    territori + 50 per l'obiettivo); vuoto = per punti obiettivo."""
    tables, scalar = flatten(tavolo)
    n = len(tables)
    criteria = chain(str(catena).strip() if not is_blank(catena) else "001")
    played = game_of(gioco)
    ranking = None if is_blank(metodo) else scoring_method(str(metodo)).for_game(played)
    errors: dict[int, RisikoError] = {}
    points = parsed(n, punti, to_int, "punti obiettivo", errors, maximum=played.map_total)
    out_points = parsed(n, fuori_obiettivo, to_int, "punti fuori obiettivo", errors,
                         maximum=MAP_TOTAL)
    orders = parsed(n, ordine_gioco, to_int, "ordine di gioco", errors, minimum=1, maximum=6)
    flags = parsed(n, risiko, cells.to_flag, "RisiKo!", errors, False)
    outs = parsed(n, eliminato, cells.to_elimination, "eliminato", errors, (False, None))
    players = parsed(n, giocatori, to_int, "giocatori", errors, minimum=3, maximum=6)
    given = dict(armate_obiettivo=armate_obiettivo, armate_totali=armate_totali, carte=carte,
                 territori_obiettivo=territori_obiettivo, territori_fuori=territori_fuori,
                 coefficiente=coefficiente, valore_esercito=valore_esercito)
    extras = {field: parsed(n, given[arg], to_int, label, errors, maximum=maximum)
              for arg, field, label, maximum in SEAT_EXTRAS if given[arg] is not None}

    seats = typed_seats((points, out_points, orders, flags, outs), extras, errors)
    return column_out(table_positions(tables, seats, players, criteria, ranking, played), scalar)


@xw.func
@_guarded
def RISIKO_PUNTI_TORNEO(punti, giocatori, posizione, risiko=None,
                        metodo="millesimi", penalita=None, fuori_obiettivo=None,
                        armate=None, tavolo=None, coefficiente=None, gioco=None):
    """Punti torneo per riga col metodo scelto (millesimi: 1,048 → 1.048). `punti` sono i
    punti obiettivo non scalati; `penalita` punti tavolo da togliere (numero positivo).
    `gioco` «spqrisiko» (seed 004): punti tavolo come sono (nessun ×1,25); `coefficiente`
    entra in centesimi nel metodo «piazzamento»."""
    values, scalar = flatten(punti)
    n = len(values)
    played = game_of(gioco)
    m = scoring_method("millesimi" if is_blank(metodo) else str(metodo)).for_game(played)
    errors: dict[int, RisikoError] = {}
    points = cells.parse_column(values, to_int, "punti obiettivo", errors,
                                maximum=played.map_total)
    players = parsed(n, giocatori, to_int, "giocatori", errors, minimum=3, maximum=6)
    positions = parsed(n, posizione, position_of, "posizione", errors)
    flags = parsed(n, risiko, cells.to_flag, "RisiKo!", errors, False)
    penalties = parsed(n, penalita, to_int, "penalità", errors, 0)
    out_points = parsed(n, fuori_obiettivo, to_int, "punti fuori obiettivo", errors,
                         maximum=MAP_TOTAL)
    armies = parsed(n, armate, to_int, "armate", errors)
    coefficients = parsed(n, coefficiente, to_int, "coefficiente", errors)
    tables = [cells.to_text(v) for v in broadcast(n, tavolo, "tavolo")]

    def seat(r: int) -> Seat:
        if r in errors:
            raise errors[r]
        if players[r] is None:
            raise RisikoError("manca il numero di giocatori del tavolo", colonna="giocatori")
        return Seat(points[r] or 0, out_points[r], None, flags[r], False, None, armies[r],
                    armies[r], coefficient=coefficients[r])

    winners: dict[str | None, int | None] = {}  # by table; a row without one finds none
    if m.needs_table:  # the winner's points of each table, for methods measured against it
        for r in range(n):
            if tables[r] is not None and isinstance(positions[r], tuple) \
                    and positions[r][0] == 1:
                with contextlib.suppress(RisikoError):  # reported on the row itself below
                    winners[tables[r]] = m.winner_points(seat(r), players[r])

    result: list[Any] = []
    for r in range(n):
        if isinstance(positions[r], str):
            result.append(positions[r])  # the placement's own message
            continue
        if points[r] is None and positions[r] is None:
            result.append("")
            continue
        try:
            if positions[r] is None:
                raise RisikoError("posizione mancante", colonna="posizione")
            position, group = positions[r]
            numerator = m.score(seat(r), players[r], position, group,
                                winners.get(tables[r]), penalties[r] or 0)
        except RisikoError as err:
            result.append(cell_error(on_sheet(err, sheet=False).located(riga=r + 1)))
            continue
        den = m.full_denominator
        result.append(numerator / den if den != 1 else numerator)
    return column_out(result, scalar)


# --- S.P.Q.RisiKo! tie-breaks (seed 004) --------------------------------------------

@xw.func
@_guarded
def RISIKO_COEFFICIENTE(cdp, supremazie=None, salvacondotti=None, province=None, mari=None):
    """Coefficiente dei punti potenziali (S.P.Q.RisiKo!, seed 004): 5 per CDP, 5 per
    supremazia, 3 per vessillo-salvacondotto non utilizzato, 1 per provincia, 1 per mare
    dominato. Ogni argomento è una colonna di conteggi (o un numero)."""
    return counts([(cdp, "CDP"), (supremazie, "supremazie"),
                    (salvacondotti, "vessilli-salvacondotto"), (province, "province"),
                    (mari, "mari")], games.coefficient)


@xw.func
@_guarded
def RISIKO_VALORE_ESERCITO(vessilli, navi=None, legionari=None):
    """Valore dell'esercito (S.P.Q.RisiKo!, seed 004): 10 per vessillo (non i
    vessilli-salvacondotto), 3 per nave, 1 per legionario. Colonne di conteggi."""
    return counts([(vessilli, "vessilli"), (navi, "navi"), (legionari, "legionari")],
                   games.army_value)


# --- whole tables: the template's computed columns and standings ---------------------

def _tournament(impostazioni: Any, iscritti: Any, risultati: Any) -> Any:
    """The tournament of three whole tables (`Tabella[#All]`), loaded by the CLI's loader."""
    from risiko_xl.books.array_book import ArrayBook
    from risiko_xl.tournament.loading import load

    return load(ArrayBook({schema.SETTINGS.name: impostazioni, schema.PLAYERS.name: iscritti,
                           schema.RESULTS.name: risultati}))


@xw.func
@xw.arg("impostazioni", ndim=2)
@xw.arg("iscritti", ndim=2)
@xw.arg("risultati", ndim=2)
def RISIKO_RISULTATI(impostazioni, iscritti, risultati):
    """Punti tavolo, Posizione e Punti torneo di ogni riga dei risultati, con la formula e
    il metodo del torneo: argomenti Impostazioni[#All], Iscritti[#All] e le colonne
    inserite a mano di Risultati con le intestazioni. Una riga per riga dei risultati."""
    rows = len(cells.rows_2d(risultati)) - 1
    computed = schema.RESULTS.computed
    try:
        t = _tournament(impostazioni, iscritti, risultati)
    except RisikoError as err:
        return block_error(err, rows, len(computed))
    values = [[t.computed.get(row, {}).get(h, "") for h in computed]
              for row in range(2, 2 + rows)]
    return values or [[""] * len(computed)]


@xw.func
@xw.arg("impostazioni", ndim=2)
@xw.arg("iscritti", ndim=2)
@xw.arg("risultati", ndim=2)
def RISIKO_CLASSIFICA(impostazioni, iscritti, risultati):
    """La classifica con gli spareggi ufficiali della formula del torneo: una riga di
    intestazioni (Pos, ID, Giocatore, Club, T1…, Totale…), poi un giocatore per riga.
    Argomenti come RISIKO_RISULTATI."""
    from risiko_xl.services.standings_sheet import standings_of

    try:
        table = standings_of(_tournament(impostazioni, iscritti, risultati))[1]
    except RisikoError as err:
        return block_error(err, 2, len(schema.STANDINGS_BASE))
    body = [["" if row.get(h) is None else row[h] for h in table.headers] for row in table]
    return [list(table.headers), *(body or [[""] * len(table.headers)])]


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
@xw.arg("tavoli_precedenti", ndim=2)
@_guarded
def RISIKO_SORTEGGIO(id, club, tavoli_precedenti, vincitori, seme, formula="master",
                     turno=None):
    """Sorteggio dei tavoli: un numero di tavolo per riga (vuoto per le righe senza ID).
    `tavoli_precedenti`: una colonna per turno giocato (vuoto = assente); `vincitori`:
    1/S per i vincitori del turno precedente; stesso seme e stessi dati → stessi tavoli."""
    ids, scalar = flatten(id)
    n = len(ids)
    previous = None if tavoli_precedenti is None else cells.rows_2d(tavoli_precedenti)
    if previous is not None and len(previous) != n:
        raise RisikoError(f"tavoli_precedenti ha {len(previous)} righe, la colonna ID {n}")
    seed = cells.to_text(seme)  # None: a blank cell
    if seed is None:
        raise RisikoError("manca il seme del sorteggio", colonna="seme")
    tables = draw_column(ids, broadcast(n, club, "club"), previous,
                         None if vincitori is None else broadcast(n, vincitori, "vincitori"),
                         seed, "master" if is_blank(formula) else str(formula),
                         to_int(turno, "turno", minimum=1))
    return column_out(["" if t is None else t for t in tables], scalar)


@xw.func
@_guarded
def RISIKO_SOGLIA_SDADATA(giro):
    """Soglia di chiusura della sdadata al giro indicato: 4, 5, 6, poi 7."""
    laps, scalar = flatten(giro)

    def compute(value: Any, row: int) -> Any:
        lap = to_int(value, "giro", minimum=1)
        return "" if lap is None else game.sdadata_threshold(lap)

    return column_out(cells.per_row(laps, compute), scalar)


@xw.func
@_guarded
def RISIKO_ARMATE_INIZIALI(giocatori):
    """Armate iniziali di ogni giocatore (seed 002, «Preparazione»): 35 in 3, 30 in 4, 25 in
    5, 20 in 6. Accetta una colonna."""
    counts, scalar = flatten(giocatori)

    def compute(value: Any, row: int) -> Any:
        players = to_int(value, "giocatori")
        return "" if players is None else game.starting_armies(players)

    return column_out(cells.per_row(counts, compute), scalar)


@xw.func
@_guarded
def RISIKO_RINFORZI(territori, continenti=None):
    """Armate di rinforzo: territori // 3 + bonus dei continenti posseduti interi."""
    count = to_int(territori, "territori", maximum=42) or 0
    held = [n for row in cells.rows_2d(continenti) for v in row for n in split_names(v)]
    return game.reinforcements(count, held)


@xw.func
@_guarded
def RISIKO_TRIS(carte, possedute=0, regole="torneo"):
    """Valore di un tris (3 celle o «fante, fante, jolly»), +2 per carta di territorio
    posseduto. `regole`: «torneo» (8/8/8/10/12) o «scatola» (4/6/8/10/12)."""
    names = [n for row in cells.rows_2d(carte) for v in row for n in split_names(v)]
    owned = to_int(possedute, "possedute", maximum=3) or 0
    return game.tris_value(names, owned, "torneo" if is_blank(regole) else str(regole))


# the worksheet functions, one list read by both entry points (`risiko_xl.udfs` and the
# xlwings Lite `main.py`): every RISIKO_ function defined above
__all__ = sorted(name for name in dir() if name.startswith("RISIKO_"))
