"""What a final phase seats: qualifiers (who, and why, in Italian) and the phase step."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from risiko_xl.standings.model import FINAL

# How a qualifier got the place (Qualifier.via); a replacement keeps the slot's kind.
VIA_RANK = "rank"  # by position in the standings
VIA_DIRECT = "direct"  # direct finalist (sole leader, top k)
VIA_SEMIFINAL = "semifinal"  # semifinal winner (from_table)
VIA_PLAYOFF = "playoff"  # spareggio/ripescaggio winner (from_table)
VIA_KNOCKOUT = "knockout"  # knockout table winner (from_table)
WON_AT_A_TABLE = (VIA_SEMIFINAL, VIA_PLAYOFF, VIA_KNOCKOUT)
VIA_BEST_GAME = "best_game"  # best single game among the excluded
VIA_BEST_ASSOLUTA = "best_assoluta"  # best excluded player of the Assoluta
VIA_REFEREE = "referee"  # seated by the referee's decision («a suo giudizio insindacabile»)


@dataclass(frozen=True)
class Qualifier:
    """A player seated in (or qualified directly for) a phase.

    `reason`: how they qualified, in Italian ("2° in classifica", "vincitore semifinale
    3"); `rank`: their position in the preliminary standings (0 if not in them);
    `group`: parallel tournament (1 = odd positions, 2 = even, …), None if single;
    `via`: the kind of place (VIA_* above); `from_table`: the table they won;
    `replaces`: the withdrawn player whose place they took.
    """

    player: str
    reason: str
    rank: int
    group: int | None = None
    via: str = VIA_RANK
    from_table: int | None = None
    replaces: str | None = None


@dataclass(frozen=True)
class PhaseStep:
    """The next phase to seat.

    `round_no`: the Turno its rows carry (last round + 1); `tables`: seats in band order;
    `table_numbers`: the Tavolo number of each table (1..n, except with parallel
    tournaments of unequal size: group g's i-th table is number (i-1)·k + g, so a
    table's tournament can be read back from its number); `group`: the parallel
    tournament when the whole step belongs to one; `table_groups`: each table's group;
    `finalists`: players already qualified for the following phase (direct finalists);
    `seed`: the seed the seating used (replacements reuse it); `lotteries`: the standings
    lotteries that decided one of its qualification lines (the lottery's players, the
    Italian line naming the round it decides), see `announce_lotteries`.
    """

    phase: str
    round_no: int
    tables: tuple[tuple[Qualifier, ...], ...]
    group: int | None = None
    notes: tuple[str, ...] = ()
    table_numbers: tuple[int, ...] = ()
    table_groups: tuple[int | None, ...] = ()
    finalists: tuple[Qualifier, ...] = ()
    seed: int | str | None = None
    lotteries: tuple[tuple[tuple[str, ...], str], ...] = ()

    def players(self) -> tuple[str, ...]:
        """Everyone seated, table by table."""
        return tuple(q.player for table in self.tables for q in table)

    def qualifier(self, player: str) -> Qualifier | None:
        """The player's seat or direct place in this step, if any."""
        for q in (*(q for table in self.tables for q in table), *self.finalists):
            if q.player == player:
                return q
        return None


def role_of(step: PhaseStep, player: str) -> str | None:
    """The phase a player is seated in by `step` (its finalists: the final), else None."""
    q = step.qualifier(player)
    if q is None:
        return None
    return FINAL if q in step.finalists else step.phase


def lottery_lines(step: PhaseStep, rows: Sequence[Any],
                  draws: Sequence[Any]) -> dict[tuple[str, ...], tuple[str, str, str]]:
    """The lotteries that decide a qualification line of `step` (seated from the standings
    `rows`): two neighbours placed apart only by the same lottery (`draws`) and seated in
    different phases (or one left out). Keyed by the lottery's players: (the player
    ahead, the one behind, an Italian line naming the round the lottery decides)."""
    out: dict[tuple[str, ...], tuple[str, str, str]] = {}
    for a, b in pairwise(rows):
        ra, rb = role_of(step, a.player), role_of(step, b.player)
        if ra == rb or not (a.by_lottery and b.by_lottery) or _won_at_a_table(step, a, b):
            continue
        for draw in draws:
            if a.player in draw.players and b.player in draw.players \
                    and draw.players not in out:
                out[draw.players] = (a.player, b.player, (
                    f"decide il posto fra «{ra or 'esclusi'}» e «{rb or 'esclusi'}» "
                    f"al turno {step.round_no}"))
    return out


def _won_at_a_table(step: PhaseStep, *rows: Any) -> bool:
    """Whether one of `rows` is seated by a game won, not by its standing (seed 002 «il
    vincitore di ogni partita accede direttamente al turno successivo»): the standings'
    order between them decides nothing there."""
    return any(q is not None and q.via in WON_AT_A_TABLE
               for q in (step.qualifier(r.player) for r in rows))


def announce_lotteries(step: PhaseStep, rows: Sequence[Any], draws: Sequence[Any],
                       name: Callable[[str], str]) -> PhaseStep:
    """`step` with a note for each lottery that decided one of its lines (the referee's
    audit: a lottery deciding the 16th semifinal seat or a spareggio seat is announced)."""
    lines = lottery_lines(step, rows, draws)
    if not lines:
        return step
    notes = [f"Sorteggio per parità: {name(a)} davanti a {name(b)} ({text})"
             for a, b, text in lines.values()]
    return dataclasses.replace(step, notes=(*step.notes, *notes), lotteries=tuple(
        (players, text) for players, (_, _, text) in lines.items()))


def with_decision(step: PhaseStep, enter: str, leave: str | None, table: int | None,
                  reason: str, rank: int, name: Callable[[str], str]) -> PhaseStep:
    """`step` as the referee decided it: `enter` takes `leave`'s seat (or a seat at
    `table` when nobody leaves), its reason the referee's («decisione dell'arbitro: …»);
    a note says it. 003 Art. 1 and 000: the referee decides «a suo giudizio
    insindacabile»; the regulation's own seating stays in `Sorteggi` beside the decision.
    A decision whose `leave` the step does not seat, or whose `enter` it seats already,
    leaves the step as it is (the decision was already applied, or does not concern it)."""
    numbers = step.table_numbers or tuple(range(1, len(step.tables) + 1))
    if step.qualifier(enter) is not None:
        return step
    why = f"decisione dell'arbitro: {reason}"
    if leave is not None:
        q = step.qualifier(leave)
        if q is None:
            return step
        new = Qualifier(enter, why, rank, q.group, VIA_REFEREE, q.from_table, leave)
        tables = tuple(tuple(new if x.player == leave else x for x in t) for t in step.tables)
        finalists = tuple(new if x.player == leave else x for x in step.finalists)
        note = f"Decisione dell'arbitro: {name(enter)} al posto di {name(leave)} ({reason})"
        return dataclasses.replace(step, tables=tables, finalists=finalists,
                                   notes=(*step.notes, note))
    if table is None or table not in numbers:
        return step
    at = numbers.index(table)
    group = step.table_groups[at] if step.table_groups else None
    new = Qualifier(enter, why, rank, group, VIA_REFEREE)
    tables = tuple((*t, new) if i == at else t for i, t in enumerate(step.tables))
    note = f"Decisione dell'arbitro: {name(enter)} al tavolo {table} ({reason})"
    return dataclasses.replace(step, tables=tables, notes=(*step.notes, note))
