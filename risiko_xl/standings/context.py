"""Shared state of the final-phase computations: who is available, the results of each
phase table by table (checked complete), the ranking and its parallel tournaments."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import NoReturn

from risiko_xl.draw.rng import canonical_seed
from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.standings.config import PhaseRules, StandingsRules
from risiko_xl.standings.field import parallel_ways
from risiko_xl.standings.inputs import check_results, index_entrants
from risiko_xl.standings.model import (
    ACTIVE,
    DISQUALIFIED,
    QUALIFYING,
    WITHDRAWN,
    Entrant,
    GameResult,
)
from risiko_xl.standings.table import StandingRow, Standings, compute_standings
from risiko_xl.standings.text import name_of, ordinal

Tables = dict[int, list[GameResult]]  # table number -> rows by placement


class Context:
    """Inputs of one phase computation, checked once."""

    def __init__(self, entrants: Iterable[Entrant], results: Iterable[GameResult],
                 standings: Standings, phases: PhaseRules, rules: StandingsRules,
                 seed: int | str | None, exclude: Iterable[str] = (),
                 include: Iterable[str] = ()) -> None:
        self.entrant_list = list(entrants)
        self.index = index_entrants(self.entrant_list)
        self.results = check_results(results, self.index, rules.rounds)
        self.standings = standings
        self.phases = phases
        self.rules = rules
        self.seed = seed
        self.exclude = set(exclude)
        self.include = set(include)  # treated as available whatever their state

    # players -------------------------------------------------------------------------
    def name(self, pid: str) -> str:
        return name_of(pid, self.index)

    def available(self, pid: str) -> bool:
        """Active, not excluded, not a withdrawn row kept in the standings."""
        if pid in self.include:
            return pid in self.index and pid not in self.exclude
        entrant = self.index.get(pid)
        row = self.standings.row(pid)
        return (entrant is not None and entrant.state == ACTIVE and pid not in self.exclude
                and (row is None or not row.withdrawn))

    def rank(self, pid: str) -> int:
        """Position in the preliminary standings (0 when not in them)."""
        return self.standings.position_of(pid) or 0

    def rank_key(self, pid: str) -> int:
        """Sort key by preliminary position (players outside the standings last)."""
        return self.standings.position_of(pid) or 10**9

    def eligible(self, min_games: int = 0) -> list[StandingRow]:
        """Standings rows of the players who may still be seated, in rank order; with
        `min_games`, only those who played at least that many preliminary games (a
        club's «almeno 3 serate»: the others are skipped, the next takes the place)."""
        return [r for r in self.standings.rows
                if self.available(r.player) and r.played >= min_games]

    def for_final(self) -> list[StandingRow]:
        """The rows that may take a final place by rank (direct finalists, the final of
        the first N, a replacement from the standings): `final_min_games` played."""
        return self.eligible(self.phases.final_min_games)

    def games(self, pid: str) -> int:
        """Preliminary games the player played (0 when not in the standings)."""
        row = self.standings.row(pid) or self.full.row(pid)
        return row.played if row is not None else 0

    @cached_property
    def full(self) -> Standings:
        """The preliminary standings with every withdrawn or disqualified player kept:
        the order the phases were seated from, whatever happened since."""
        entrants = [dataclasses.replace(e, state=WITHDRAWN) if e.state == DISQUALIFIED else e
                    for e in self.entrant_list]
        rules = dataclasses.replace(self.rules, withdrawn="keep")
        return compute_standings(entrants, self.results, rules, self.seed_value,
                                 upto_round=self.standings.upto_round or None,
                                 recorded=self.standings.history)

    @property
    def seed_value(self) -> int | str:
        if self.seed is None:
            raise RisikoError("serve il seme del torneo per questa operazione")
        return self.seed

    def derived_seed(self, *parts: str) -> str:
        """A seed for one sub-draw (a group's semifinals), reproducible from the seed."""
        return "|".join((canonical_seed(self.seed_value), *parts))

    # parallel tournaments ----------------------------------------------------------------
    @property
    def ways(self) -> int:
        """How many parallel tournaments (1 unless the field is above `split.over` or
        one of `split.steps`: standings/field.py)."""
        return parallel_ways(self.phases, self.split_field)

    @cached_property
    def split_field(self) -> int:
        """The field parallel tournaments go by (`Split`): who played the games it names,
        withdrawn players included (a withdrawal does not change the case, 001 §8)."""
        least = max(1, self.phases.split.min_games)
        return sum(1 for r in self.full.rows if r.played >= least)

    @property
    def field_size(self) -> int:
        """The players of the final standings who played a preliminary game: the field
        a formula's counts go by (Il Pifferaio 2026: «in base al numero di giocatori che
        complessivamente hanno partecipato»; a registered player who never came does
        not count)."""
        return sum(1 for r in self.standings.rows if r.played)

    def group_label(self, g: int | None) -> str:
        if g is None or self.ways == 1:
            return ""
        if self.ways == 2:
            return "torneo dei dispari" if g == 1 else "torneo dei pari"
        return f"torneo parallelo {g}"

    def group_of_table(self, number: int) -> int | None:
        """Parallel tournament of a phase table from its number (see PhaseStep)."""
        k = self.ways
        return None if k == 1 else (number - 1) % k + 1

    # results -------------------------------------------------------------------------------
    def rounds_of(self, phase: str) -> list[int]:
        return sorted({r.round_no for r in self.results if r.phase == phase})

    def last_round(self) -> int:
        return max((r.round_no for r in self.results), default=0)

    def tables(self, phase: str, round_no: int, what: str) -> Tables:
        """The tables of one round of a phase, each checked complete: every expected row
        present (GameResult.players) and exactly one winner."""
        out: Tables = {}
        for r in self.results:
            if r.phase == phase and r.round_no == round_no:
                if isinstance(r.table, bool) or not isinstance(r.table, int) or r.table < 1:
                    raise RuleError("numero di tavolo non valido", field="result.table",
                                    player=r.player, round_no=round_no, phase=phase,
                                    row=r.row, valore=r.table)
                out.setdefault(r.table, []).append(r)
        for number, rows in out.items():
            rows.sort(key=lambda r: (r.position, self.rank_key(r.player), r.player))
            winners = [r.player for r in rows if r.position == 1]
            if len(winners) != 1:
                problem = "non ha un vincitore" if not winners else "ha più vincitori"
                raise RuleError(f"{what}, turno {round_no}: il tavolo {number} {problem}",
                                field="result.position", round_no=round_no, phase=phase,
                                table=number, row=rows[0].row)
            expected = max(r.players for r in rows)
            if len(rows) < expected:
                raise RuleError(
                    f"{what}, turno {round_no}: al tavolo {number} mancano dei risultati "
                    f"({len(rows)} righe su {expected} giocatori)", field="result",
                    round_no=round_no, phase=phase, table=number, row=rows[-1].row)
        return dict(sorted(out.items()))

    def check_preliminaries(self) -> None:
        """All preliminary rounds played and complete, and the standings count them all."""
        played = self.rounds_of(QUALIFYING)
        missing = [n for n in range(1, self.rules.rounds + 1) if n not in played]
        if missing:
            raise RisikoError(f"fase preliminare non conclusa: mancano i risultati del turno "
                              f"{missing[0]} (turni previsti: {self.rules.rounds})")
        for n in played:
            self.tables(QUALIFYING, n, QUALIFYING)
        if self.standings.upto_round != self.rules.rounds:
            raise RisikoError(f"la classifica deve comprendere tutti i {self.rules.rounds} "
                              f"turni preliminari", valore=self.standings.upto_round)

    # ranking cut lines ---------------------------------------------------------------------
    def check_cut(self, ranking: Sequence[StandingRow], n: int, what: str) -> None:
        """Refuse a tie nothing broke across the line after the first `n` of `ranking`."""
        if 0 < n < len(ranking) and ranking[n - 1].position == ranking[n].position:
            self.refuse_tie([r for r in ranking if r.position == ranking[n].position], what,
                            "la catena di spareggio non prevede il sorteggio")

    def refuse_tie(self, tied: Sequence[StandingRow], what: str, why: str) -> NoReturn:
        """The error for `tied` players a line cannot separate, with the referee's way:
        his order of them (`risiko-xl decidi --ordine`, `StandingsRules.rulings`)."""
        names = ", ".join(self.name(r.player) for r in tied)
        raise RisikoError(
            f"parità non risolta al {ordinal(min(r.position for r in tied))} posto fra "
            f"{names}: non si può stabilire chi accede {what} ({why}); l'arbitro decide "
            f"l'ordine con «risiko-xl decidi FILE --ordine "
            f"{','.join(r.player for r in tied)} --motivo …»")
