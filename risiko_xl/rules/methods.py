"""Tournament points for one game, seeds 000–004 (docs/ARCHITECTURE.md «Scoring methods»).

Every method is a named, frozen object with its parameters. Points are exact: a method
computes an integer numerator over its fixed `full_denominator` (millesimi: thousandths),
so 1,048 is 1048/1000 and never a binary float. Scaled table points are rounded up to
whole points (seeds 000 Art. 24, 001 §7, 003 Art. 23: 21 → 27 at a 5-table) or, with
`scaled_parts`, to a finer part of a point (GestioneTorneo keeps the exact value: 100
parts, 21 → 26,25); the numerator then counts those parts too. Penalties are table
points, typed positive, taken from the total after scaling and never below zero (000
Art. 19, 003 Art. 26).

A method plays a game (`risiko_xl.rules.games`): classic RisiKo! scales table points by
table size as its `factors` say; S.P.Q.RisiKo! never does (seed 004: the game's points
count as typed). A formula gives its method its game (`Formula.game`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from risiko_xl.errors import RisikoError, RuleError
from risiko_xl.rules.games import CLASSICO, Game
from risiko_xl.rules.points import DEFAULT_FACTORS, table_points
from risiko_xl.rules.seat import Seat


@dataclass(frozen=True)
class Method:
    """Base of all scoring methods. `score` returns the numerator over `full_denominator`:
    the parameters (bonuses, caps, totals) are written over `denominator`, and every
    part of a table point (`scaled_parts`) divides it further."""

    name: str
    description: str
    denominator: int = 1
    # scaled table points are rounded up to 1/scaled_parts of a table point: 1 (whole
    # points, the seeds); 100 keeps GestioneTorneo's exact ×1,25 / ×0,75 (26,25; 0,2625)
    scaled_parts: int = 1
    point_unit: int = 1  # numerator units per table point (how penalties are charged)
    factors: Mapping[int, Fraction] = field(default_factory=lambda: dict(DEFAULT_FACTORS))
    needs_table: bool = False  # needs the whole table (e.g. the winner's points)
    game: Game = CLASSICO  # the game played: whether `factors` apply (seed 004: never)
    article: str = ""  # the seed article (or program) the method comes from

    def raw(self, seat: Seat, players: int, position: int, group: int,
            winner_points: int | None) -> int:
        raise NotImplementedError

    def score(self, seat: Seat, players: int, position: int, group: int = 1,
              winner_points: int | None = None, penalty: int = 0) -> int:
        """Numerator of the tournament points for `seat` placed `position` (shared by
        `group` players when a tie was not broken)."""
        if penalty < 0:
            raise RisikoError("la penalità si scrive come numero positivo", valore=penalty)
        if penalty and not self.point_unit:
            raise RisikoError(f"il metodo {self.name} non assegna punti: penalità non applicabile",
                              valore=penalty)
        self.game.check_risiko(seat.risiko)
        if seat.risiko and position != 1:
            raise RisikoError("un RisiKo! vince il tavolo: la posizione deve essere 1",
                              valore=position)
        total = self.raw(seat, players, position, group, winner_points)
        return max(0, total - penalty * self.point_unit * self.scaled_parts)

    @property
    def summary(self) -> str:
        """The method in a line as it scores now (a preset may change its parameters)."""
        return self.description

    def amount(self, numerator: int | None) -> str | None:
        """A whole in numerator units as the organiser reads it (1100 → «1,100»)."""
        decimals = len(str(self.denominator)) - 1
        whole, part = divmod(numerator or 0, self.denominator)
        return None if numerator is None else (
            f"{whole},{part:0{decimals}d}" if decimals else str(whole))

    def winner_points(self, seat: Seat, players: int) -> int | None:
        """The winner's points the other seats of a table are measured against, or None
        for a method that scores every seat alone (`needs_table` False)."""
        return None

    def __post_init__(self) -> None:
        for key in ("denominator", "scaled_parts"):
            value = getattr(self, key)
            if value < 1 or str(value).rstrip("0") != "1":
                raise RisikoError(f"il parametro {key} del metodo {self.name} deve essere "
                                  "1, 10, 100, 1000, …", valore=value)
        # (numerator, denominator) per table size, so scaling stays integer-only and fast
        scales = {size: (f.numerator, f.denominator) for size, f in self.factors.items()}
        object.__setattr__(self, "_scales", scales)

    @property
    def full_denominator(self) -> int:
        """What `score`'s numerators are over: `denominator` × `scaled_parts`."""
        return self.denominator * self.scaled_parts

    def value(self, numerator: int) -> Fraction:
        return Fraction(numerator, self.full_denominator)

    @property
    def decimals(self) -> int:
        """The decimals its points are shown with: 3 for thousandths (millesimi, seeds
        001/003: 1,048), 2 for hundredths (piazzamento, seed 004: 150,23; GestioneTorneo's
        Open: 46,75), 4 for GestioneTorneo's Torneo Gufo (12,2625), none for whole points
        (bonus and box methods: 150)."""
        return len(str(self.full_denominator)) - 1

    @property
    def table_decimals(self) -> int:
        """The decimals table points are shown with: none, 2 for hundredths of a point."""
        return len(str(self.scaled_parts)) - 1

    @property
    def rounding(self) -> str:
        """How scaled table points are rounded, in the words of the score sheets and of
        `importa`'s report: up to whole points (21 → 27) or keeping the decimals (26,25)."""
        return "con i decimali" if self.scaled_parts > 1 else "arrotondati per eccesso"

    def table_value(self, seat: Seat, players: int) -> Fraction:
        """The seat's table points, exact (26,25 where `scaled_parts` keeps the decimals)."""
        return Fraction(self.table_points(seat, players), self.scaled_parts)

    def table_points(self, seat: Seat, players: int) -> int:
        """The seat's objective points scaled for a table of `players` (rounded up), in
        parts of a point (`scaled_parts`); in S.P.Q.RisiKo! the game's points as typed."""
        return self.scaled(seat.points, players)

    def scaled(self, points: int, players: int) -> int:
        """`points` scaled for a table of `players`, rounded up, in parts of a point."""
        return self.factored(points, players) if self.game.scaled else points * self.scaled_parts

    def factored(self, points: int, players: int) -> int:
        """`points` × the factor of a table of `players`, rounded up to a part of a point
        (whatever the game: the box methods' points out of the objective)."""
        # `_scales` is set by __post_init__ (a cache, not a dataclass field)
        scales: dict[int, tuple[int, int]] = self._scales  # type: ignore[attr-defined]
        num, den = scales.get(players, (1, 1))
        return -(-points * self.scaled_parts * num // den)

    def rank_points(self, seat: Seat, players: int) -> int:
        """The quantity the method scores, which orders a table (seed 002 «Punteggi»:
        each method says what a player's game is worth). By default the table points;
        the box methods override it with their own total."""
        return seat.points

    def for_game(self, game: Game) -> Method:
        """This method playing `game`."""
        return self if game == self.game else dataclasses.replace(self, game=game)

    def with_params(self, **params: Any) -> Method:
        """A copy with some parameters changed (presets tune methods this way)."""
        names = {f.name for f in dataclasses.fields(self)} - set(NOT_PARAMETERS)
        for key in params:
            if key not in names:
                raise RisikoError(
                    f"parametro sconosciuto per il metodo {self.name}; validi: "
                    f"{', '.join(sorted(names))}", valore=key)
        return dataclasses.replace(self, **params)


@dataclass(frozen=True)
class PositionMethod(Method):
    """Scaled table points (optionally capped) plus a bonus by placement.

    Covers millesimi, bonus 50/15/5, table bonus, placement points, medals, Raduno and
    Gufo: they differ only in their parameters.
    """

    bonuses: tuple[int, ...] = ()  # numerator units by position 1, 2, …
    points_cap: int | None = None  # cap on the table-points part (millesimi: 100)
    total_cap: int | None = None  # cap on the whole (bonus method: 150)
    winner_cap: int | None = None  # cap on the winner's whole at a 5-player table (003 Art. 23)
    risiko_total: int | None = None  # fixed total for a RisiKo! (None: formula applies)
    shared_win: int | None = None  # bonus each for an unbroken tie for 1st (Raduno: 25)
    use_coefficient: bool = False  # coefficient as hundredths of a point (seed 004)
    # table points a RisiKo! counts, whatever the others kept (GestioneTorneo: the typed
    # 100, scaled like any score); None: the objective points written on its row
    risiko_points: int | None = None
    # bonuses by position 1, 2, … for an eliminated player (GestioneTorneo's Torneo Gufo,
    # ScorePlayerTorneoGufo.getBonusIntero: 3/2/1/0 for 2nd–5th); None: as `bonuses`
    eliminated_bonuses: tuple[int, ...] | None = None
    # an unbroken tie below 1st scores the better place (GestioneTorneo's
    # Partita.getPosizione: tied players share the better position); False: refused
    shared_places: bool = False

    @property
    def summary(self) -> str:
        """The description, then the fixed RisiKo! and the caps it has now, which a preset
        changes (003 Art. 23 lifts 001's 0,100, caps the winner of a table of 5 at 1,100)."""
        table_cap = None if self.points_cap is None else (  # table points are whole
            f"{self.points_cap} punti tavolo ({self.amount(self.points_cap * self.point_unit)})")
        return "; ".join([self.description, *(f"{words} {text}" for words, text in (
            ("RisiKo!", self.amount(self.risiko_total)), ("al massimo", table_cap),
            ("al massimo", self.amount(self.total_cap)),
            ("al tavolo da 5 il vincitore al massimo", self.amount(self.winner_cap))) if text)])

    def bonus(self, position: int, group: int, eliminated: bool = False) -> int:
        if group == 1:
            return self._bonus_at(position, eliminated)
        if position == 1 and self.shared_win is not None:
            return self.shared_win
        if position > 1 and self.shared_places:
            return self._bonus_at(position, eliminated)
        span = {self._bonus_at(p, eliminated) for p in range(position, position + group)}
        if len(span) > 1:
            raise RisikoError(
                f"parità non risolta per il {position}° posto: il metodo {self.name} "
                "assegna punti diversi ai posti in parità; indicare chi precede")
        return span.pop()

    def _bonus_at(self, position: int, eliminated: bool = False) -> int:
        table = self.bonuses
        if eliminated and self.eliminated_bonuses is not None:
            table = self.eliminated_bonuses
        return table[position - 1] if position <= len(table) else 0

    def raw(self, seat: Seat, players: int, position: int, group: int,
            winner_points: int | None) -> int:
        parts = self.scaled_parts  # every numerator-unit parameter counts in parts
        if seat.risiko and self.risiko_total is not None:
            return self.risiko_total * parts
        if seat.risiko and self.risiko_points is not None:
            points = self.scaled(self.risiko_points, players)
        else:
            points = self.table_points(seat, players)
        if self.points_cap is not None:
            points = min(points, self.points_cap * parts)
        total = points * self.point_unit + self.bonus(position, group, seat.eliminated) * parts
        if self.use_coefficient:
            total += self.coefficient_part(seat) * parts
        if self.winner_cap is not None and players == 5 and position == 1:
            # 003 Art. 23: «In un tavolo con 5 giocatori, il punteggio massimo del
            # vincitore è di 1,100 punti»: the winner only, the others keep ×1,25
            total = min(total, self.winner_cap * parts)
        return total if self.total_cap is None else min(total, self.total_cap * parts)

    def coefficient_part(self, seat: Seat) -> int:
        """Seed 004, «Metodo punti standard»: «+ dei decimali di punto uguali al
        coefficiente punti potenziali». Read as the coefficient written after the
        decimal point in two digits, i.e. hundredths (12 → +0,12; 5 → +0,05): only that
        reading keeps a higher coefficient worth more (reading 5 as 0,5 would put it
        above 12) and, for the coefficients a game produces (under 100), never reaches a
        whole point. A coefficient of 100 or more has no two-digit decimals and is
        refused; a coefficient not typed adds nothing."""
        if seat.coefficient is None:
            return 0
        unit = self.denominator // 100 if self.denominator % 100 == 0 else 0
        if not unit:
            raise RisikoError(f"il metodo {self.name} non ha i centesimi per il coefficiente",
                              valore=self.denominator)
        if not 0 <= seat.coefficient < 100:
            raise RuleError("il coefficiente punti potenziali si aggiunge in centesimi di "
                            "punto: va da 0 a 99", field="seat.coefficient",
                            valore=seat.coefficient)
        return seat.coefficient * unit


@dataclass(frozen=True)
class ClassicMethod(Method):
    """Box-rule methods (seed 002): 1 all territories (+50 objective), 2 objective only
    (all territories once achieved), 3 = `base` 1 or 2 plus one point per army."""

    variant: int = 1
    base: int = 1
    objective_bonus: int = 50

    def raw(self, seat: Seat, players: int, position: int, group: int,
            winner_points: int | None) -> int:
        if seat.eliminated:
            return 0  # no territories, no armies
        base = self.base if self.variant == 3 else self.variant
        own = self.table_points(seat, players)
        if base == 1 or seat.risiko:
            out = _required(seat.out_points, self.name, "punti fuori obiettivo")
            own += table_points(out, players, self.factors, self.scaled_parts)
        total = own + (self.objective_bonus if base == 1 and seat.risiko else 0) * self.scaled_parts
        if self.variant == 3:
            armies = seat.armies_total if base == 1 or seat.risiko else seat.armies_objective
            total += _required(armies, self.name, "armate") * self.scaled_parts
        return total

    def rank_points(self, seat: Seat, players: int) -> int:
        """The method's own total, not the objective points: 002 «Metodo 1»: «Ogni
        giocatore somma il valore di tutti i territori da lui occupati» (+50 for the
        objective); method 3 adds the armies. It does not depend on the position."""
        return self.raw(seat, players, 1, 1, None)


@dataclass(frozen=True)
class SpartacMethod(Method):
    """Spartac: the winner scores `base` + table points (RisiKo! `risiko_total`); every
    other player `base` − (winner's table points − own). A club's variants (RCU Modena
    2024, «vincitore: 200 (201 in caso di RisiKo!) … ad un giocatore eliminato non
    vengono assegnati punti»): `winner_total` a fixed score for the winner,
    `eliminated_total` a fixed score for an eliminated player."""

    base: int = 100
    risiko_total: int = 186
    needs_table: bool = True
    winner_total: int | None = None
    eliminated_total: int | None = None

    def raw(self, seat: Seat, players: int, position: int, group: int,
            winner_points: int | None) -> int:
        parts = self.scaled_parts
        if seat.risiko:
            return self.risiko_total * parts
        if seat.eliminated and self.eliminated_total is not None:
            return self.eliminated_total * parts
        own = self.table_points(seat, players)
        if position == 1:
            if self.winner_total is not None:
                return self.winner_total * parts
            return self.base * parts + own
        if winner_points is None:
            raise RisikoError(f"il metodo {self.name} richiede il tavolo di ogni riga "
                              "(per conoscere i punti del vincitore)")
        return self.base * parts - (winner_points - own)

    def winner_points(self, seat: Seat, players: int) -> int:
        """The winner's points that others are measured against (RisiKo! counts as 86;
        with a fixed `winner_total`, the winner's table points as typed), in parts of a
        point."""
        if seat.risiko and self.winner_total is None:
            return (self.risiko_total - self.base) * self.scaled_parts
        return self.table_points(seat, players)


def _required(value: int | None, method: str, label: str) -> int:
    if value is None:
        raise RisikoError(f"il metodo {method} richiede il dato '{label}'")
    return value


NO_SCALING: Mapping[int, Fraction] = {}
# the fields of a method that say what it is, not how it scores: never a preset's parameter
NOT_PARAMETERS = ("name", "description", "article")

METHODS: dict[str, Method] = {
    m.name: m
    for m in (
        PositionMethod(
            "millesimi", "punti tavolo in millesimi + 1 al vincitore",
            denominator=1000, bonuses=(1000,), points_cap=100, risiko_total=1100,
            article="001 §7"),
        PositionMethod(
            "bonus_50_15_5", "punti tavolo + 50/15/5 ai primi tre",
            bonuses=(50, 15, 5), total_cap=150, risiko_total=150, article="000 Art. 24"),
        PositionMethod("tavolo_bonus", "punti tavolo + bonus vittoria (20)", bonuses=(20,),
                       article="004 «Metodo punti tavolo con bonus»"),
        PositionMethod(
            "piazzamento", "150/100/70/50/30 per piazzamento + punti tavolo + coefficiente "
            "punti potenziali in centesimi",
            denominator=100, point_unit=100, bonuses=(15000, 10000, 7000, 5000, 3000),
            use_coefficient=True, article="004 «Metodo punti standard»"),
        PositionMethod(
            "medagliere", "medagliere: vittorie, poi secondi, terzi e quarti posti "
            "(1.000.000 / 10.000 / 100 / 1 per posto)", point_unit=0,
            bonuses=(1_000_000, 10_000, 100, 1), article="004 (medagliere)"),
        ClassicMethod("classico_1", "tutti i territori posseduti + 50 se obiettivo raggiunto",
                      factors=NO_SCALING, variant=1, article="002 «Punteggi», metodo 1"),
        ClassicMethod("classico_2", "territori in obiettivo (tutti se obiettivo raggiunto)",
                      factors=NO_SCALING, variant=2, article="002 «Punteggi», metodo 2"),
        ClassicMethod("classico_3", "metodo 1 (o 2) + 1 punto per armata",
                      factors=NO_SCALING, variant=3, article="002 «Punteggi», metodo 3"),
        # Raduno (GestioneTorneo ScorePlayerRaduno): table points as typed, no table-size
        # factor («punti partita più un bonus di 50 punti»); presets add factors (Open).
        PositionMethod("raduno", "punti tavolo come scritti + 50 al vincitore (25 a testa se "
                       "a pari merito)", factors=NO_SCALING, bonuses=(50,), shared_win=25,
                       article="GestioneTorneo (Raduno)"),
        # GestioneTorneo keeps the scaled hundredths (ScorePlayerTorneoGufo: 21 at a
        # 5-table → 0,2625): ten-thousandths of a point
        PositionMethod(
            "gufo", "12/7/5/3/2 per piazzamento + punti tavolo/100 (×1,25 a 5, ×0,75 a 3, "
            "con i decimali)",
            denominator=100, scaled_parts=100, bonuses=(1200, 700, 500, 300, 200),
            factors={5: Fraction(5, 4), 3: Fraction(3, 4)},
            article="GestioneTorneo (Torneo Gufo, scelto da 003-a)"),
        SpartacMethod("spartac", "vincitore 100 + punti (RisiKo! 186); altri 100 − distacco",
                      article="GestioneTorneo (Spartac)"),
    )
}


def method(name: str | Method, **params: Any) -> Method:
    """The scoring method called `name`, with parameters optionally overridden."""
    if isinstance(name, Method):
        found = name
    else:
        key = str(name).strip().casefold().replace(" ", "_").replace("-", "_")
        known = METHODS.get(key)
        if known is None:
            raise RisikoError(f"metodo di punteggio sconosciuto; validi: {', '.join(METHODS)}",
                              valore=name)
        found = known
    return found.with_params(**params) if params else found
