"""`team_standings`: the team championship (seed 004 CNS). A team is the players of one
club; its total is the sum of its best `best_of` individual results (11 of 15: the 4
worst are dropped); ties by wins, 2nd places, the total as it stood after the previous
round, the best dropped result (the chain is configurable). `check_composition` refuses
teams and rounds the CNS does not allow."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.standings.inputs import check_results, exact, index_entrants
from risiko_xl.standings.lottery import LotteryDraw, draw_lottery
from risiko_xl.standings.model import DISQUALIFIED, QUALIFYING, Entrant, GameResult
from risiko_xl.standings.tiebreak import Key, best_rank, check_chain, positions, rank_groups


@dataclass(frozen=True)
class TeamRow:
    """One team: `total` of its best `counted` of `games` results; `rounds`: the points
    of all its players in each round; `best_dropped`: best result left out (None if
    none)."""

    position: int
    team: str
    total: Fraction
    players: tuple[str, ...]
    games: int
    counted: int
    wins: int
    seconds: int
    best_dropped: Fraction | None
    rounds: tuple[Fraction, ...]
    shared: bool = False
    by_lottery: bool = False


@dataclass(frozen=True)
class TeamStandings:
    """Teams in rank order and the lotteries that decided positions."""

    rows: tuple[TeamRow, ...]
    lottery: tuple[LotteryDraw, ...] = ()
    upto_round: int = 0


class _Teams:
    """Team games by round; the standings at any round, memoised."""

    def __init__(self, games: dict[str, list[GameResult]], best_of: int,
                 chain: tuple[str, ...], seed: int | str) -> None:
        self.games = games
        self.best_of = best_of
        self.chain = chain
        self.seed = seed
        self._levels: dict[int, tuple[list[list[str]], dict[str, int], list[LotteryDraw]]] = {}

    def results(self, team: str, u: int) -> list[Fraction]:
        """The team's points up to round `u`, best first."""
        return sorted((exact(g.points, g.row) for g in self.games[team] if g.round_no <= u),
                      reverse=True)

    def total(self, team: str, u: int) -> Fraction:
        return sum(self.results(team, u)[: self.best_of], Fraction(0))

    def level(self, u: int) -> tuple[list[list[str]], dict[str, int], list[LotteryDraw]]:
        if u not in self._levels:
            draws: list[LotteryDraw] = []

            def lottery(group: list[str], first: int) -> list[str]:
                draw = draw_lottery(self.seed, f"squadre turno {u}", group, first,
                                    f"Classifica a squadre dopo il turno {u}")
                draws.append(draw)
                return list(draw.order)

            groups = rank_groups(list(self.games), lambda t: self.total(t, u), self.chain,
                                 lambda name: self.criterion(name, u), lottery)
            self._levels[u] = (groups, positions(groups), draws)
        return self._levels[u]

    def criterion(self, name: str, u: int) -> Key:
        def of(team: str) -> list[GameResult]:
            return [g for g in self.games[team] if g.round_no <= u]

        k = best_rank(name)
        if k is not None:
            return lambda t: (self.results(t, u) + [Fraction(0)] * k)[k - 1]
        keys: dict[str, Key] = {
            "assoluta": lambda t: sum(self.results(t, u), Fraction(0)),
            "risiko": lambda t: sum(1 for g in of(t) if g.risiko),
            "wins": lambda t: sum(1 for g in of(t) if g.position == 1),
            "seconds": lambda t: sum(1 for g in of(t) if g.position == 2),
            "out_points": lambda t: sum(g.out_points for g in of(t)),
            "previous_points": lambda t: self.total(t, u - 1) if u > 1 else 0,
            "previous_round": lambda t: -self.level(u - 1)[1][t] if u > 1 else 0,
            "best_dropped": lambda t: max(self.results(t, u)[self.best_of:],
                                          default=Fraction(-1)),
        }
        return keys[name]


def _team_key(club: str | None) -> str | None:
    club = (club or "").strip()
    return club.casefold() or None


def check_composition(entrants: Iterable[Entrant],
                      tables: Iterable[tuple[int, int, Sequence[tuple[str, int]]]],
                      per_round: int = 5, members: tuple[int, int] = (5, 15),
                      table_size: int | None = 5) -> None:
    """Refuse a team championship that breaks seed 004 «Campionato Nazionale a Squadre»:
    a team (the players of one club) has «da un minimo di 5 a un massimo di 15 iscritti»;
    «Solo tavoli da 5 giocatori»; «cinque giocatori di ogni squadra per ciascun turno».

    `tables`: the drawn qualifying tables as (round, table, ((player id, its row), …)),
    typed or not. Every registered player counts as a member, whatever their state. The
    error names the team (or the table) and the count found."""
    entrants = list(entrants)
    team_of: dict[str, str] = {}
    shown: dict[str, str] = {}
    roster: dict[str, list[Entrant]] = {}
    for e in entrants:
        key = _team_key(e.club)
        if key is None:
            continue
        name = shown.setdefault(key, (e.club or "").strip())
        team_of[e.id] = name
        roster.setdefault(name, []).append(e)
    least, most = members
    for name, people in roster.items():
        if not least <= len(people) <= most:
            raise RuleError(
                f"la squadra «{name}» ha {len(people)} iscritti: una squadra ne ha da {least} "
                f"a {most}", field="entrant.club", player=people[0].id, row=people[0].row,
                valore=name)
    seated: dict[int, dict[str, list[int]]] = {}
    for round_no, table, seats in tables:
        if table_size is not None and len(seats) != table_size:
            raise RuleError(
                f"il tavolo {table} del turno {round_no} ha {len(seats)} giocatori: si gioca "
                f"solo a tavoli da {table_size}", field="result.table", round_no=round_no,
                phase=QUALIFYING, table=table, row=seats[0][1] if seats else None,
                valore=table)
        teams = seated.setdefault(round_no, {})
        for player, row in seats:
            teams.setdefault(team_of.get(player, ""), []).append(row)
    for round_no, teams in sorted(seated.items()):
        wrong = [(name, teams.get(name, [])) for name in roster
                 if len(teams.get(name, [])) != per_round]
        if wrong:
            found = ", ".join(f"la squadra «{name}» ha {len(rows)} giocator"
                              f"{'e' if len(rows) == 1 else 'i'}" for name, rows in wrong)
            first = next((rows for _, rows in wrong if rows), [])
            raise RuleError(
                f"nel turno {round_no} {found}: ne giocano esattamente {per_round} per "
                "squadra in ogni turno", field="result.player", round_no=round_no,
                phase=QUALIFYING, row=min(first) if first else None, valore=wrong[0][0])


def team_standings(entrants: Iterable[Entrant], results: Iterable[GameResult],
                   teams_best_of: int, chain: Sequence[str], seed: int | str,
                   upto_round: int | None = None) -> TeamStandings:
    """Team standings after `upto_round` (default: the last qualifying round played).
    Every qualifying result of a team's players counts, except a disqualified player's."""
    if isinstance(teams_best_of, bool) or not isinstance(teams_best_of, int) \
            or teams_best_of < 1:
        raise RisikoError("il numero di risultati contati per squadra deve essere positivo",
                          valore=teams_best_of)
    index = index_entrants(entrants)
    rows = check_results(results, index, 10**6)
    played = max((r.round_no for r in rows if r.phase == QUALIFYING), default=0)
    u = played if upto_round is None else upto_round
    team_of: dict[str, str] = {}
    shown: dict[str, str] = {}
    games: dict[str, list[GameResult]] = {}
    members: dict[str, list[str]] = {}
    for e in index.values():
        club = (e.club or "").strip()
        if e.state == DISQUALIFIED or not club:
            continue
        key = club.casefold()
        shown.setdefault(key, club)
        team_of[e.id] = shown[key]
        games.setdefault(shown[key], [])
        members.setdefault(shown[key], []).append(e.id)
    for r in rows:
        if r.phase != QUALIFYING or r.round_no > u or index[r.player].state == DISQUALIFIED:
            continue
        if r.player not in team_of:
            raise RuleError("giocatore senza squadra: indicare il club", field="entrant.club",
                            player=r.player, row=index[r.player].row, valore=r.player)
        games[team_of[r.player]].append(r)
    calc = _Teams(games, teams_best_of, check_chain(chain), seed)
    groups, places, draws = calc.level(u)
    lotteried = {pid for d in draws for pid in d.players}
    out = []
    for group in groups:
        for team in group:
            res = calc.results(team, u)
            team_games = games[team]
            out.append(TeamRow(
                position=places[team], team=team, total=calc.total(team, u),
                players=tuple(members[team]), games=len(res),
                counted=min(len(res), teams_best_of),
                wins=sum(1 for g in team_games if g.position == 1),
                seconds=sum(1 for g in team_games if g.position == 2),
                best_dropped=max(res[teams_best_of:], default=None),
                rounds=tuple(sum((exact(g.points, g.row) for g in team_games
                                  if g.round_no == n), Fraction(0)) for n in range(1, u + 1)),
                shared=len(group) > 1, by_lottery=team in lotteried))
    return TeamStandings(tuple(out), tuple(draws), u)
