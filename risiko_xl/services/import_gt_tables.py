"""How a GestioneTorneo table becomes rows of `Risultati` (`importa`, for the qualifying
rounds and the final phases alike): GestioneTorneo's conventions, stated in the import's
report (`conventions`, only those of the formula imported), translated seat by seat — the
highest typed value wins, a decimal marks who won a tie, 100 is a RisiKo!, a negative value
an eliminated player, an empty table a drawn one.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from risiko_xl.errors import RisikoError
from risiko_xl.gestionetorneo import layout, model
from risiko_xl.names import player_name
from risiko_xl.rules.methods import Method
from risiko_xl.rules.seat import Seat
from risiko_xl.rules.territories import MAP_TOTAL
from risiko_xl.services.gt_terms import RISIKO

if TYPE_CHECKING:
    from risiko_xl.formulas.model import Formula

def conventions(formula: Formula) -> list[str]:
    """The report's lines on GestioneTorneo's conventions, only those that apply to
    `formula`: the scaling and the eliminated players' points said from its method."""
    method = formula.scoring
    out = [
        "i punti scritti in GestioneTorneo sono i punti tavolo non scalati (un 21 a un "
        "tavolo da 5 resta 21 in «Punti obiettivo»)",
        "la parte intera è il punteggio (GestioneTorneo tronca i decimali); fra punteggi "
        "interi uguali, chi ha il decimale più alto (44,1 contro 44) vince la parità: lo "
        "dice «Punti fuori obiettivo» (0 al più basso, 1 al successivo, …)",
        f"{RISIKO} o più è un RisiKo! (manuale di GestioneTorneo: «per il RisiKo deve essere "
        f"indicato 100 come punteggio»): «RisiKo!» S, {RISIKO} in «Punti obiettivo» (o quanti "
        f"ne lascia la mappa, {MAP_TOTAL}, dopo i punti degli altri)",
        "un valore negativo è un giocatore eliminato: 0 punti obiettivo, «Eliminato» 1 per "
        "il valore più basso (uscito per primo), 2 per il successivo (-2 → 1, -1 → 2); con "
        "valori uguali l'ordine fra loro non si sa: «Eliminato» S (-2, -1, -1 → 1, S, S: "
        "i due -1 pari dopo il -2)" + _eliminated_points(method),
        "un tavolo senza punteggi (vuoto o tutto 0) è importato come sorteggiato e da giocare",
    ]
    if getattr(method, "shared_places", False):
        out.append("due punteggi uguali sotto il 1° posto (20 e 20 per il 2°) restano pari: "
                   "entrambi prendono i punti del posto migliore, come in GestioneTorneo "
                   "(Partita.getPosizione)")
    scaled = {n: f for n, f in sorted(method.factors.items(), reverse=True) if f != 1}
    if scaled and method.game.scaled:
        size = next(iter(scaled))
        example = method.table_value(Seat(points=21), size)
        # a method measured against the winner (spartac) scales every seat; GestioneTorneo's
        # ScorePlayerCampionatoGufo scales the winner's points only
        agrees = ("come GestioneTorneo" if not method.needs_table else
                  "di ogni giocatore; differenza: GestioneTorneo scala solo i punti del "
                  "vincitore")
        out.append("la formula scala i punti tavolo (" + ", ".join(
            f"×{_comma(f)} ai tavoli da {n}" for n, f in scaled.items()) + ") "
            f"{method.rounding}, {agrees} (21 a un tavolo da {size} → "
            f"{_comma(example)})")
    else:
        out.append("la formula conta i punti tavolo come scritti, senza fattori per i "
                   "tavoli da 5 o da 3, come GestioneTorneo")
    if formula.name == GHOST_SEATED:
        out.append("differenza: un tavolo da 3 col giocatore fittizio (ID -1) è un tavolo "
                   "da 3 (×0,75); il gufo di GestioneTorneo lo conta da 4 (nessun fattore)")
    return out


def _eliminated_points(method: Method) -> str:
    """What an eliminated player scores where the method sets it apart (the gufo's
    3/2/1/0 for places 2–5, ScorePlayerTorneoGufo.getBonusIntero)."""
    bonuses = getattr(method, "eliminated_bonuses", None)
    if not bonuses:
        return ""
    return ("; l'eliminato prende " + "/".join(str(b // method.denominator)
                                            for b in bonuses[1:])
            + f" punti dal 2° al {len(bonuses)}° posto, come in GestioneTorneo")


def _comma(value: Fraction) -> str:
    """26,25; 27; 1,25: exact, with a decimal comma."""
    return str((Decimal(value.numerator) / Decimal(value.denominator)).normalize()
               ).replace(".", ",")


# the formula whose GestioneTorneo type counts a typed ghost as a seat: the Torneo Gufo
# standings load the rounds with it (ExcelAccess.getClassificaTorneoGufo, withGhost true;
# setPartitaFromRow counts it), so its 3-table with the ghost scores as a 4-table; the
# Open's (getClassificaTorneoOpen, withGhost false) skip it, as we do
GHOST_SEATED = "gufo"


def tie_ranks(values: Sequence[Decimal | None]) -> list[int | None]:
    """«Punti fuori obiettivo» for each seat: among seats whose whole points are equal but
    whose typed decimals differ, 0 for the lowest decimal, 1 for the next, …; None elsewhere."""
    typed = {i: v for i, v in enumerate(values) if v is not None}
    groups: dict[int, list[int]] = {}
    for i, v in typed.items():
        groups.setdefault(int(v.to_integral_value(ROUND_DOWN)), []).append(i)
    out: list[int | None] = [None] * len(values)
    for group in groups.values():
        decimals = sorted({typed[i] for i in group})
        if len(decimals) > 1:
            for i in group:
                out[i] = decimals.index(typed[i])
    return out


def elimination_orders(values: Sequence[Decimal | None]) -> list[int | str | None]:
    """«Eliminato» for each seat: None for a survivor; for the eliminated (typed negative),
    the order of elimination (Partita.getPosizione places the higher value better, so the
    lowest went out first: 1); equal values «S» (order unknown: a shared place), the
    others keeping their order (40, 20, -1, -1, -2: the -2 1, the two -1 «S», 2nd and 3rd
    out together); every one «S» where two groups of equal values leave it unknown."""
    out = [v for v in values if v is not None and v < 0]
    equal = {v for v in out if out.count(v) > 1}
    if len(out) < 2 or len(equal) > 1:
        return ["S" if v is not None and v < 0 else None for v in values]
    return [None if v is None or v >= 0 else "S" if v in equal else
            1 + sum(1 for o in out if o < v) for v in values]


def player_names(gt: model.Workbook) -> dict[int, str]:
    """Each GestioneTorneo ID's name as our sheets show it."""
    return {p.id: player_name(p.nome, p.cognome, p.nickname) or str(p.id) for p in gt.players}


def table_rows(round_no: int, phase: str, table: model.Table, names: dict[int, str],
               sheet: str, file: str, formula: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A table of GestioneTorneo's round sheet `sheet` as `Risultati` rows of `phase`
    (GestioneTorneo's conventions translated), and the report's lines about it."""
    lines = []
    seats = [s for s in table.seats if s.player != layout.GHOST_ID]
    if len(seats) < len(table.seats):
        counted = (f" (qui un tavolo da 3, ×0,75; GestioneTorneo lo conta da "
                   f"{len(table.seats)}: punti di questo tavolo diversi)"
                   if formula == GHOST_SEATED and len(seats) == 3 else "")
        lines.append(f"Non importato: il giocatore fittizio (ID {layout.GHOST_ID}) del "
                     f"tavolo {table.number}, foglio {sheet}, riga {table.row + 1}" + counted)
    if not seats:
        lines.append(f"Non importato: il tavolo {table.number} del foglio {sheet} "
                     f"(riga {table.row}) non ha giocatori")
        return [], lines
    played = any(s.value for s in seats)
    values = [(s.value or Decimal(0)) if played else None for s in seats]
    risiko = _risiko_points(values, sheet, table, file)
    if risiko is not None and risiko < RISIKO:
        lines.append(f"Turno {round_no}, tavolo {table.number} (foglio {sheet}, riga "
                     f"{table.row + 1}): il RisiKo! ha {risiko} punti obiettivo, non "
                     f"{RISIKO}, perché con gli altri il tavolo non superi la mappa "
                     f"({MAP_TOTAL}); conta come RisiKo! e non perde nulla (master: "
                     "1,100; raduno, open, gufo: 100 punti tavolo come in "
                     "GestioneTorneo)")
    ranks = tie_ranks([v if v is None or v >= 0 else None for v in values])
    outs = elimination_orders(values)
    rows = [_result(round_no, phase, table.number, seat.player, names[seat.player], value,
                    rank, risiko, out)
            for seat, value, rank, out in zip(seats, values, ranks, outs)]
    if not played:
        lines.append(f"Turno {round_no}, tavolo {table.number} (foglio {sheet}, riga "
                     f"{table.row}): nessun punteggio, importato come da giocare")
    return rows, lines


def _risiko_points(values: Sequence[Decimal | None], sheet: str, table: model.Table,
                   file: str) -> int | None:
    """The objective points a RisiKo! (typed 100) keeps: 100, or less where the others'
    points and 100 would hold more than the map (GestioneTorneo's 100 is a mark, not
    territories); None at a table without one. A table whose other players alone hold
    more than the map is refused (our Risultati would refuse it too, naming rows of a
    workbook not yet written)."""
    typed = [v for v in values if v is not None and v > 0]
    others = sum(int(v) for v in typed if v < RISIKO)
    if others > MAP_TOTAL:
        raise RisikoError(f"i punti del tavolo {table.number} sommano {others}, oltre il "
                          f"totale della mappa ({MAP_TOTAL})", foglio=f"{sheet} di {file}",
                          riga=table.row + 1, colonna="punti", valore=others)
    if not any(v >= RISIKO for v in typed):
        return None
    return min(RISIKO, MAP_TOTAL - others)


def _result(round_no: int, phase: str, table: int, player: int, name: str,
            value: Decimal | None, rank: int | None, risiko: int | None,
            out: int | str | None) -> dict[str, Any]:
    row: dict[str, Any] = {"Turno": round_no, "Fase": phase, "Tavolo": table,
                           "ID": str(player), "Giocatore": name}
    if value is None:
        return row
    if out is not None:
        return {**row, "Punti obiettivo": 0, "Eliminato": out}
    if value >= RISIKO:
        return {**row, "Punti obiettivo": risiko, "RisiKo!": "S"}
    return {**row, "Punti obiettivo": int(value.to_integral_value(ROUND_DOWN)),
            "Punti fuori obiettivo": rank}
