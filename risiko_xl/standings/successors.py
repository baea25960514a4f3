"""Successors: who takes a place left by a withdrawn qualifier, in order (not to be
confused with a tie-break chain, which orders tied players).

Seed 001 §8: a semifinal winner is replaced by the 2nd, 3rd, 4th of that semifinal, then
by the best 2nd of the other semifinals by the preliminary standings, then the best 3rd,
the best 4th; a direct finalist who withdraws after the semifinals by the best 2nd.
Seed 003 Art. 3: b) the same table first, then a ranking of the semifinal points alone,
then the preliminary standings; a) the ripescaggio's placement order, then the Generale.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from risiko_xl.errors import RisikoError
from risiko_xl.standings.context import Context, Tables
from risiko_xl.standings.text import ordinal, points

Candidate = tuple[str, str]  # (player, Italian reason)


def standings_successors(ctx: Context, what: str = "in classifica") -> Iterator[Candidate]:
    """The preliminary standings, best first (those who may take a final place by rank:
    `Context.for_final`)."""
    for row in ctx.for_final():
        yield row.player, f"{ordinal(row.position)} {what}"


def same_table(tables: Tables, table: int, label: str) -> Iterator[Candidate]:
    """The other players of the table the withdrawn player won, by placement."""
    for r in tables[table][1:]:
        yield r.player, f"{ordinal(r.position)} {label} {table}"


def semifinal_successors(ctx: Context, tables: Tables, group_tables: Sequence[int],
                    table: int | None) -> Iterator[Candidate]:
    """Replacements for a semifinal winner (`table`) or a direct finalist (None)."""
    if table is not None:
        yield from same_table(tables, table, "della semifinale")
    others = [t for t in group_tables if t != table]
    losers = [r for t in others for r in tables[t][1:]]
    stage = ctx.phases.stage
    if stage is not None and stage.replacement == "semifinal_points":
        losers.sort(key=lambda r: (-r.points, ctx.rank_key(r.player), r.player))
        for r in losers:
            yield r.player, (f"miglior punteggio nelle semifinali tra i non qualificati "
                             f"({points(r.points)})")
    else:
        for place in sorted({r.position for r in losers}):
            pool = sorted((r for r in losers if r.position == place),
                          key=lambda r: (ctx.rank_key(r.player), r.player))
            for r in pool:
                yield r.player, (f"miglior {ordinal(place)} delle altre semifinali "
                                 f"({ordinal(ctx.rank(r.player))} in classifica)")
    yield from standings_successors(ctx)


def to_label(label: str) -> str:
    """'allo spareggio', 'al ripescaggio'."""
    article = "allo" if label[:1] == "s" and label[1:2] not in "aeiou" else "al"
    return f"{article} {label}"


def of_label(label: str) -> str:
    """'dello spareggio', 'del ripescaggio'."""
    article = "dello" if label[:1] == "s" and label[1:2] not in "aeiou" else "del"
    return f"{article} {label}"


def playoff_successors(ctx: Context, tables: Tables, label: str) -> Iterator[Candidate]:
    """The spareggio/ripescaggio placement order, then the Generale."""
    for number, rows in tables.items():
        where = f" (tavolo {number})" if len(tables) > 1 else ""
        for r in rows[1:]:
            yield r.player, f"{ordinal(r.position)} {of_label(label)}{where}"
    yield from standings_successors(ctx, "in classifica generale")


def pick(ctx: Context, successors: Iterable[Candidate], taken: set[str]) -> Candidate:
    """The first available candidate not already seated."""
    for pid, reason in successors:
        if pid not in taken and ctx.available(pid):
            return pid, reason
    raise RisikoError("nessun sostituto disponibile per il posto lasciato libero")


def replacing(reason: str, ctx: Context, withdrawn: str | None) -> str:
    """'<reason>, al posto di Mario Rossi (ritiro)': «ritiro», the noun, says it of a
    man or a woman alike."""
    who = ctx.name(withdrawn) if withdrawn else "un qualificato"
    return f"{reason}, al posto di {who} (ritiro)"
