"""Placement at a table: who won, who came 2nd, … (seeds 000 Art. 24/26, 001 §7, 003 Art. 23,
004 «Conclusione di una partita»).

A RisiKo! wins the table. Survivors follow by the quantity the scoring method scores
(objective points by default; the box methods' own totals, seed 002 «Punteggi»; the
game's points in S.P.Q.RisiKo!), ties broken by a
configurable chain of named criteria (higher value ranks ahead). Eliminated players rank
below every survivor, the later eliminated ahead. A tie the chain cannot break — equal on
every criterion, or a criterion's data missing — is reported, never guessed: the tied
players share the best of their positions and the group is listed in `unresolved`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.rules.games import CLASSICO, Game
from risiko_xl.rules.seat import Seat
from risiko_xl.rules.vocabulary import Term

# Criterion name -> (Seat attribute, Italian label). Higher value ranks ahead; for
# `later_turn` a later place in the initial turn order ranks ahead (criterio del colore).
CRITERIA: dict[str, tuple[str, str]] = {
    "out_points": ("out_points", "punti fuori obiettivo"),
    "later_turn": ("order", "ordine di gioco"),
    "armies_objective": ("armies_objective", "armate in obiettivo"),
    "armies_total": ("armies_total", "armate totali"),
    "cards": ("cards", "carte in mano"),
    "territories_objective": ("territories_objective", "territori in obiettivo"),
    "territories_outside": ("territories_outside", "territori fuori obiettivo"),
    "coefficient": ("coefficient", "Coefficiente"),  # 004: coefficiente punti potenziali
    "army_value": ("army_value", "Valore esercito"),  # 004: valore del proprio esercito
}

CHAIN_MASTER: tuple[str, ...] = ("out_points", "later_turn")  # 001 §7, 003 Art. 23
CHAIN_ART26: tuple[str, ...] = (  # 000 Art. 26
    "out_points", "armies_objective", "armies_total", "cards",
    "territories_objective", "territories_outside",
)
# 004 «Gestione delle situazioni di parità»: «il coefficiente dei punti potenziali, il
# valore del proprio esercito, l'ordine di gioco»; «si considererà l'ordine inverso di
# gioco. Privilegiando cioè l'ultimo giocatore di turno» (= later_turn).
CHAIN_004: tuple[str, ...] = ("coefficient", "army_value", "later_turn")


@dataclass(frozen=True)
class PlacementChain(Term):
    """A named placement chain (a formula's `placement_chain`): its `criteria` in order."""

    criteria: tuple[str, ...] = ()


PLACEMENT_CHAINS: tuple[PlacementChain, ...] = (
    PlacementChain("001", "MasterRisiko", "punti fuori obiettivo, poi l'ordine di gioco",
                   "001 §7", CHAIN_MASTER),
    PlacementChain("003", "Eagles", "punti fuori obiettivo, poi l'ordine di gioco",
                   "003 Art. 23", CHAIN_MASTER),
    PlacementChain("000", "Art. 26", "punti fuori obiettivo, armate in obiettivo, armate "
                   "totali, carte, territori in obiettivo, territori fuori obiettivo",
                   "000 Art. 26", CHAIN_ART26),
    PlacementChain("004", "S.P.Q.RisiKo!", "coefficiente dei punti potenziali, valore "
                   "dell'esercito, ordine inverso di gioco", "004 «Gestione delle "
                   "situazioni di parità»", CHAIN_004),
)
CHAINS: dict[str, tuple[str, ...]] = {c.name: c.criteria for c in PLACEMENT_CHAINS}
# Not a chain criterion: the order in which players were eliminated (000 Art. 24, 001 §7:
# the later eliminated ranks ahead), needed when two or more are eliminated.
ELIMINATION = "elimination"
SEAT_FIELDS = {**{c: attr for c, (attr, _) in CRITERIA.items()}, ELIMINATION: "elimination"}


class Tie(NamedTuple):
    """A tie the chain cannot break: the seats (indices), the reason, and the criteria
    whose data is missing for some of them (the data that would break it; empty when
    they are equal on every criterion of the chain)."""

    seats: tuple[int, ...]
    reason: str
    criteria: tuple[str, ...] = ()


class TieError(RuleError):
    """A tie that matters (the tied places are worth different points) and the chain
    cannot break. Carries the tied `seats` (indices), the shared `position` and the
    `criteria` whose data would break it; the workbook layer names them by its columns."""

    def __init__(self, messaggio: str, tie: Tie, position: int, **facts: Any) -> None:
        super().__init__(messaggio, **facts)
        self.tie = tie
        self.position = position


class Placement(NamedTuple):
    """Positions per seat (input order). Tied seats share the best of their positions;
    `unresolved` lists each tied group as a `Tie`; `decided` gives, per seat, the chain
    criterion that placed it apart from the players equal to it on the table's value
    (None where nobody was equal; empty when no seat was)."""

    positions: tuple[int, ...]
    group_sizes: tuple[int, ...]
    unresolved: tuple[Tie, ...]
    decided: tuple[str | None, ...] = ()

    def tie_of(self, seat: int) -> Tie | None:
        """The unresolved tie `seat` is part of, if any."""
        return next((t for t in self.unresolved if seat in t.seats), None)

    def decided_by(self, seat: int) -> str | None:
        """The criterion that placed `seat` among players of its value, if one did."""
        return self.decided[seat] if self.decided else None


def chain(name_or_criteria: str | Sequence[str]) -> tuple[str, ...]:
    """A tie-break chain by seed name ('000', '001', '003', '004') or as a list of
    criteria."""
    if isinstance(name_or_criteria, str):
        found = CHAINS.get(name_or_criteria.strip())
        if found is None:
            raise RisikoError(
                f"catena di spareggio sconosciuta; valide: {', '.join(CHAINS)}",
                valore=name_or_criteria,
            )
        return found
    for criterion in name_or_criteria:
        if criterion not in CRITERIA:
            raise RisikoError(
                f"criterio di spareggio sconosciuto; validi: {', '.join(CRITERIA)}",
                valore=criterion,
            )
    return tuple(name_or_criteria)


class MapTotalError(RuleError):
    """The points held at a table together exceed the map's total: no one value is wrong,
    so the message gives the table's sum and its addends. `seat` is the seat where the
    sum passes the map; `on_rows` names the sheet rows once the caller knows them (until
    then a seat is named by its 1-based index)."""

    def __init__(self, seats: Sequence[Seat], map_total: int, seat: int) -> None:
        self.held = [s.points + (s.out_points or 0) for s in seats]
        self.map_total = map_total
        self.outside = any(s.out_points for s in seats)
        super().__init__(self._text(range(1, len(seats) + 1)), field="seat.points", seat=seat)

    def _text(self, rows: Sequence[int], table: object = None) -> str:
        what = "i punti obiettivo" + (" e fuori obiettivo" if self.outside else "")
        return (f"{what} del tavolo{f' {table}' if table is not None else ''} sommano "
                f"{sum(self.held)}, oltre il totale della mappa ({self.map_total}): righe "
                + ", ".join(f"{r} ({v})" for r, v in zip(rows, self.held)))

    def on_rows(self, rows: Sequence[int], table: object = None, **where: Any) -> RisikoError:
        """The same error told by the caller's rows: seat i is row `rows[i - 1]`; at the
        row where the sum passes the map, with no field (no one cell is wrong, so no layer
        adds a cell's value). `where`: the caller's location (`RisikoError.located`)."""
        assert self.seat is not None
        return RuleError(self._text(rows, table), table=table,
                         row=rows[self.seat - 1]).located(**where)


def validate_table(seats: Sequence[Seat], game: Game = CLASSICO,
                   players: int | None = None) -> None:
    """Rule checks that hold at every table, whatever the scoring method. `game`: its map
    total is the most points a table can hold (none in S.P.Q.RisiKo!, whose points are the
    game's own score), and a RisiKo! exists only where it says so (seed 004 has none).
    `players`: the table's size (default: the seats given); a turn order (`Ordine`) runs
    from 1 to it, each value once (the order of play of that table's players).

    Errors (`RuleError`) name the offending seat (its 1-based index in `seats`) and field.
    """
    map_total = game.map_total
    size = len(seats) if players is None else players
    orders: set[int] = set()
    eliminations: set[int] = set()
    held = winners = out = 0
    for seat, s in enumerate(seats, start=1):
        own = s.points + (s.out_points or 0)
        held += own
        if s.risiko:
            try:
                game.check_risiko(s.risiko)
            except RisikoError as err:
                raise RuleError.of(err, seat=seat, field="seat.risiko") from None
            winners += 1
            if winners > 1:
                raise RuleError("due RisiKo! allo stesso tavolo: solo uno può completare "
                                  "l'obiettivo", seat=seat, field="seat.risiko")
        if s.eliminated:
            out += 1
            if s.risiko:
                raise RuleError("un giocatore con RisiKo! non può essere eliminato", seat=seat,
                                field="seat.eliminated")
            if own:
                raise RuleError("un giocatore eliminato ha 0 punti", seat=seat,
                                field="seat.points" if s.points else "seat.out_points",
                                valore=s.points or s.out_points)
            if s.elimination is not None:
                if s.elimination in eliminations:
                    raise RuleError("ordine di eliminazione ripetuto al tavolo", seat=seat,
                                    field="seat.elimination", valore=s.elimination)
                eliminations.add(s.elimination)
        if map_total is not None and own > map_total:
            raise RuleError(f"punti oltre il totale della mappa ({map_total}) al tavolo",
                            seat=seat, field="seat.points", valore=s.points)
        if map_total is not None and held > map_total:
            raise MapTotalError(seats, map_total, seat)
        if s.order is not None:
            if not 1 <= s.order <= size:
                raise RuleError(f"ordine di gioco fuori dal tavolo: al tavolo da {size} "
                                f"giocatori va da 1 a {size}", seat=seat, field="seat.order",
                                valore=s.order)
            if s.order in orders:
                raise RuleError("ordine di gioco ripetuto al tavolo", seat=seat,
                                field="seat.order", valore=s.order)
            orders.add(s.order)
    if seats and out == len(seats):
        raise RuleError("tutti i giocatori del tavolo risultano eliminati",
                        seat=len(seats), field="seat.eliminated")


# (seats, why they stay tied, the criteria whose data is missing, the criterion that
# placed them apart from the others of their value)
Block = tuple[list[int], str, tuple[str, ...], str | None]


def _missing(seats: Sequence[Seat], group: list[int], criteria: Sequence[str]) -> tuple[str, ...]:
    """The criteria (in chain order) whose data is missing for some seat of `group`."""
    return tuple(c for c in criteria
                 if any(getattr(seats[i], CRITERIA[c][0]) is None for i in group))


def _break(seats: Sequence[Seat], group: list[int], criteria: tuple[str, ...], depth: int,
           out: list[Block]) -> None:
    """Split `group` (equal so far) by criteria[depth:], appending ordered blocks to `out`."""
    if len(group) == 1:
        out.append((group, "", (), criteria[depth - 1] if depth else None))
        return
    if depth == len(criteria):
        out.append((group, "parità su tutti i criteri di spareggio", (), None))
        return
    attr, label = CRITERIA[criteria[depth]]
    values = [getattr(seats[i], attr) for i in group]
    if None in values:
        out.append((group, f"parità: per separarli serve il dato '{label}'",
                    _missing(seats, group, criteria[depth:]), None))
        return
    for value in sorted(set(values), reverse=True):
        _break(seats, [i for i, v in zip(group, values) if v == value], criteria, depth + 1, out)


_SINGLES = [(1,) * n for n in range(8)]


def out_orders(seats: Sequence[Seat]) -> list[int | None]:
    """Each seat's order of elimination (None for a survivor): the one typed, or for the
    eliminated «S» (order unknown) the first of the orders the typed ones leave free, shared
    by them, when those are as many as they and consecutive (1 typed for one of three
    eliminated: the other two are 2nd and 3rd out, together); else None."""
    out = [i for i, s in enumerate(seats) if s.eliminated]
    if not out:  # the common table: no one knocked out
        return [None] * len(seats)
    taken = {seats[i].elimination for i in out}
    unknown = [i for i in out if seats[i].elimination is None]
    free = [o for o in range(1, len(out) + 1) if o not in taken]
    band = free[0] if unknown and len(free) == len(unknown) and \
        free == list(range(free[0], free[0] + len(free))) and len(unknown) < len(out) \
        else None
    return [(s.elimination if s.elimination is not None else band) if s.eliminated else None
            for s in seats]


def _rank_key(seat: Seat, value: int, out: int | None) -> tuple[int, int]:
    """RisiKo! first, then survivors by `value`, then the eliminated, latest out first
    (`out`: its order from `out_orders`)."""
    if seat.risiko:
        return (0, 0)
    if seat.eliminated:
        return (2, -(out or 0))
    return (1, -value)


def place(seats: Sequence[Seat], criteria: Sequence[str] = CHAIN_MASTER,
          values: Sequence[int] | None = None, game: Game = CLASSICO,
          players: int | None = None) -> Placement:
    """Positions at one table; rows may come in any order. `values`: the quantity each
    seat scores under the table's method (default: its points); `game` and `players`
    (the table's size) as `validate_table` checks them."""
    validate_table(seats, game, players)
    if values is None:
        values = [s.points for s in seats]
    orders = out_orders(seats)
    keys = [_rank_key(s, v, o) for s, v, o in zip(seats, values, orders, strict=True)]
    ordered = sorted(range(len(seats)), key=keys.__getitem__)
    if len(set(keys)) == len(keys):  # no ties at all: the common case
        positions = [0] * len(seats)
        for position, i in enumerate(ordered, start=1):
            positions[i] = position
        return Placement(tuple(positions), _SINGLES[len(seats)], ())
    out = [i for i in ordered if seats[i].eliminated]
    unknown_out = len(out) > 1 and any(orders[i] is None for i in out)
    blocks: list[Block] = []
    start = 0
    while start < len(ordered):
        end = start + 1
        while end < len(ordered) and keys[ordered[end]] == keys[ordered[start]]:
            end += 1
        group = ordered[start:end]
        if seats[group[0]].eliminated and (unknown_out or len(group) > 1):
            # «S» players whose order is unknown: one unresolved block (all the eliminated
            # when the typed orders do not place them)
            blocks.append((out if unknown_out else group, "parità tra eliminati: indicare "
                           "l'ordine di eliminazione", (ELIMINATION,), None))
            if unknown_out:
                break  # the eliminated come last and form one unresolved block
            start = end
            continue
        if len(group) == 1:
            blocks.append((group, "", (), None))
        else:
            _break(seats, group, tuple(criteria), 0, blocks)
        start = end

    positions = [0] * len(seats)
    sizes = [1] * len(seats)
    decided: list[str | None] = [None] * len(seats)
    unresolved = []
    next_position = 1
    for group, reason, missing, criterion in blocks:
        for i in group:
            positions[i] = next_position
            sizes[i] = len(group)
            decided[i] = criterion
        if len(group) > 1:
            unresolved.append(Tie(tuple(group), reason, missing))
        next_position += len(group)
    return Placement(tuple(positions), tuple(sizes), tuple(unresolved), tuple(decided))


def tie_break(seat: Seat, criterion: str) -> str:
    """What placed `seat` apart from the players equal to it on the table's value (001 §7
    «In caso di parità verranno considerati i seguenti criteri … punti dei territori
    fuori obiettivo»): the criterion and the seat's own value, «punti fuori obiettivo 2»,
    «ordine di gioco 4°»."""
    attr, label = CRITERIA[criterion]
    return f"{label} {getattr(seat, attr)}{'°' if criterion == 'later_turn' else ''}"
