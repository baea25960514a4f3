"""Draw criteria: the vocabulary (`DRAW_CRITERIA`), the indexed instance they read, and
their values on a seating. Each criterion is a non-negative integer, lower is better;
a formula lists them highest priority first (`DrawRules.criteria`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from risiko_xl.draw.model import DrawInput, Player
from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.rules.vocabulary import Term, labels, names

DrawCriterionName = Literal["five_repeat", "three_repeat", "winners", "club", "region",
                            "repeat"]


@dataclass(frozen=True)
class DrawCriterion(Term):
    """A draw criterion: `table_size` for the seat criteria (counted per player seated at
    a table of that size), `keyed` for the same-key pair criteria (players sharing a
    club, a region, a previous win), `from_results` when it depends on the games played
    (so all rounds cannot be planned at once)."""

    table_size: int | None = None
    keyed: bool = False
    from_results: bool = False


DRAW_CRITERIA: tuple[DrawCriterion, ...] = (
    DrawCriterion("five_repeat", "ripetizioni del tavolo da 5",
                  "per ogni giocatore a un tavolo da 5, i tavoli da 5 già giocati (un terzo "
                  "tavolo da 5 conta 2)", "000 Art. 5, 001 §8", table_size=5),
    DrawCriterion("three_repeat", "ripetizioni del tavolo da 3",
                  "lo stesso per i tavoli da 3", "000 Art. 5", table_size=3),
    DrawCriterion("winners", "coppie di vincitori",
                  "coppie di vincitori del turno precedente allo stesso tavolo", "001 §8",
                  keyed=True, from_results=True),
    DrawCriterion("club", "coppie dello stesso club",
                  "coppie dello stesso club allo stesso tavolo (club vuoto: nessuna)",
                  "001 §8", keyed=True),
    DrawCriterion("region", "coppie della stessa regione",
                  "coppie della stessa regione allo stesso tavolo (regione vuota: nessuna)",
                  "001 §8 («raggruppamento comune»)", keyed=True),
    DrawCriterion("repeat", "incontri ripetuti",
                  "coppie allo stesso tavolo che si sono già incontrate in un turno "
                  "precedente", "001 §8"),
)
CRITERIA: tuple[str, ...] = names(DRAW_CRITERIA)
LABELS = labels(DRAW_CRITERIA)  # how the certificate names each criterion
SIZE_CRITERIA = {c.name: c.table_size for c in DRAW_CRITERIA if c.table_size is not None}
KEY_CRITERIA = tuple(c.name for c in DRAW_CRITERIA if c.keyed)
# the criteria that read no results: all rounds can be planned at once with these
PLAN_CRITERIA = tuple(c.name for c in DRAW_CRITERIA if not c.from_results)

NO_KEY = -1


@dataclass
class Instance:
    """Players as indices 0..n-1 in canonical (id-sorted) order, with interned keys."""

    ids: list[str]
    keys: dict[str, list[int]]  # criterion -> key per player (NO_KEY never matches)
    counts: dict[int, list[int]]  # table size (5/3) -> earlier seats at such tables
    met: list[dict[int, int]]  # flat: partner -> 1
    met_recent: list[dict[int, int]]  # partner -> latest round (1-based) they met
    history: list[list[int | None]]  # per earlier round, per player: table number
    round_no: int

    @property
    def n(self) -> int:
        return len(self.ids)


def _blank(value: str | None) -> bool:
    return value is None or not str(value).strip()


def _intern(values: Sequence[str | None]) -> list[int]:
    table: dict[str, int] = {}
    out = []
    for v in values:
        if _blank(v):
            out.append(NO_KEY)
        else:
            key = str(v).strip().casefold()
            out.append(table.setdefault(key, len(table)))
    return out


def check_criteria(criteria: Sequence[str]) -> tuple[str, ...]:
    """Validated criteria order (no unknown names, no duplicates)."""
    out = tuple(str(c).strip() for c in criteria)
    for c in out:
        if c not in CRITERIA:
            raise RisikoError(
                "criterio di sorteggio sconosciuto (ammessi: " + ", ".join(CRITERIA) + ")",
                valore=c,
            )
    if len(set(out)) != len(out):
        raise RisikoError("criterio di sorteggio ripetuto", valore=", ".join(out))
    return out


def canonical_players(players: Sequence[Player]) -> list[Player]:
    """Players sorted by id, after checking ids are present and unique."""
    seen: set[str] = set()
    for p in players:
        if _blank(p.id):
            raise RuleError("giocatore senza ID", field="entrant.id", valore=p.id)
        if p.id in seen:
            raise RuleError("ID giocatore duplicato", field="entrant.id", player=p.id,
                            valore=p.id)
        seen.add(p.id)
    return sorted(players, key=lambda p: p.id)


def build_instance(inp: DrawInput) -> Instance:
    """Index the players of `inp` (sorted by id, so input order never matters)."""
    players = canonical_players(inp.players)
    n = len(players)
    n_hist = max((len(p.history) for p in players), default=0)
    round_no = inp.round_no if inp.round_no is not None else n_hist + 1
    if isinstance(round_no, bool) or not isinstance(round_no, int) or round_no < 1:
        raise RisikoError("numero del turno non valido", valore=inp.round_no)
    history = [
        [p.history[r] if r < len(p.history) else None for p in players] for r in range(n_hist)
    ]
    met: list[dict[int, int]] = [{} for _ in range(n)]
    recent: list[dict[int, int]] = [{} for _ in range(n)]
    counts = {5: [0] * n, 3: [0] * n}
    for r, row in enumerate(history):
        groups: dict[int, list[int]] = {}
        for i, t in enumerate(row):
            if t is not None:
                groups.setdefault(t, []).append(i)
        for group in groups.values():
            size = len(group)
            if size in counts:
                for i in group:
                    counts[size][i] += 1
            for a in group:
                for b in group:
                    if a != b:
                        met[a][b] = 1
                        recent[a][b] = r + 1
    for i, p in enumerate(players):
        if p.fives is not None:
            counts[5][i] = int(p.fives)
        if p.threes is not None:
            counts[3][i] = int(p.threes)
    keys = {
        "club": _intern([p.club for p in players]),
        "region": _intern([p.region for p in players]),
        "winners": [1 if p.winner else NO_KEY for p in players],
    }
    return Instance(
        ids=[p.id for p in players],
        keys=keys,
        counts=counts,
        met=met,
        met_recent=recent,
        history=history,
        round_no=round_no,
    )


def evaluate(inst: Instance, tables: Sequence[Sequence[int]], criterion: str) -> int:
    """Value of one criterion on a seating (tables of player indices)."""
    if criterion in SIZE_CRITERIA:
        size = SIZE_CRITERIA[criterion]
        cnt = inst.counts[size]
        return sum(cnt[p] for t in tables if len(t) == size for p in t)
    total = 0
    if criterion in KEY_CRITERIA:
        key = inst.keys[criterion]
        for t in tables:
            for i, a in enumerate(t):
                ka = key[a]
                if ka != NO_KEY:
                    total += sum(1 for b in t[i + 1 :] if key[b] == ka)
        return total
    if criterion == "repeat":
        met = inst.met
        for t in tables:
            for i, a in enumerate(t):
                total += sum(1 for b in t[i + 1 :] if b in met[a])
        return total
    raise RisikoError("criterio di sorteggio sconosciuto", valore=criterion)
