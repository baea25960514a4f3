"""What a final phase seats: qualifiers (who, and why, in Italian) and the phase step."""

from __future__ import annotations

from dataclasses import dataclass

# How a qualifier got the place (Qualifier.via); a replacement keeps the slot's kind.
VIA_RANK = "rank"  # by position in the standings
VIA_DIRECT = "direct"  # direct finalist (sole leader, top k)
VIA_SEMIFINAL = "semifinal"  # semifinal winner (from_table)
VIA_PLAYOFF = "playoff"  # spareggio/ripescaggio winner (from_table)
VIA_KNOCKOUT = "knockout"  # knockout table winner (from_table)
VIA_BEST_GAME = "best_game"  # best single game among the excluded
VIA_BEST_ASSOLUTA = "best_assoluta"  # best excluded player of the Assoluta


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
    `seed`: the seed the seating used (replacements reuse it).
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

    def players(self) -> tuple[str, ...]:
        """Everyone seated, table by table."""
        return tuple(q.player for table in self.tables for q in table)

    def qualifier(self, player: str) -> Qualifier | None:
        """The player's seat or direct place in this step, if any."""
        for q in (*(q for table in self.tables for q in table), *self.finalists):
            if q.player == player:
                return q
        return None
