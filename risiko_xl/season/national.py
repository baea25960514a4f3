"""A tournament's points for the national ranking («RisiKo! Live»), as the RCU computes
them from the tournament's GestioneTorneo workbook (RisiKoDataManager,
github.com/Vjger/RisiKoDataManager):

- `ranking/RankingScorer.calcolaScore`: VT = a × (100 + tables) × class, a = 1,2 for the
  winner and 1 otherwise; the class is 5 for a «Raduno Nazionale», 4 a «Torneo Master»,
  2 a «Torneo Open», 1,5 a «Torneo Interclub», and for a «Campionato Periodico» by its
  rounds (fewer than 3: 0,2; 3: 0,5; 4: 0,7; 5: 0,8; more: 1); every other type 0. The
  winner scores VT, the player in position p > 1 scores VT × e^(−p/20).
- a tournament below its type's minimum number of tables scores nothing
  (`hasMinimuNumberTablesIfManaged`, the minimum of the year in
  `resources/RankingThresholdsNew.xml`: a year not listed takes the latest one before it,
  else the last one listed, `RankingBuilderNew.scorersFactory`);
- the tables are every table of every round sheet (`ExcelGSheetsBridge`: «numeroPartite»
  summed over `getSchedeTurno()`), the rounds the «Numero Turni Previsti» of TORNEO, the
  position the one in «Classifica Ridotta».

The RCU computes in Java's BigDecimal from doubles (`new BigDecimal(1.2)`,
`new BigDecimal(Math.exp(-p/20.0))`): the same exact values here, with `Decimal(float)`,
so that a figure matches the published one to the last digit shown, which is one decimal
rounded half down (`ScorePlayer.getScoreRanking`: `setScale(1, RoundingMode.HALF_DOWN)`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_DOWN, Context, Decimal

# «Tipologia di Torneo» as GestioneTorneo writes it (SchedaTorneo.TipoTorneo), case aside
RADUNO, MASTER, OPEN, INTERCLUB, CHAMPIONSHIP = (
    "Raduno Nazionale", "Torneo Master", "Torneo Open", "Torneo Interclub",
    "Campionato Periodico")


def double(value: float) -> Decimal:
    """Java's `new BigDecimal(double)`: the binary double's exact value (1,2 is
    1,1999999999999999555910790149937383830547332763671875)."""
    return Decimal(value)


CLASSES = {RADUNO: double(5), MASTER: double(4), OPEN: double(2), INTERCLUB: double(1.5)}
# Campionato Periodico: its class by rounds; more rounds than listed: 1
CHAMPIONSHIP_CLASSES = {0: double(0.2), 1: double(0.2), 2: double(0.2), 3: double(0.5),
                        4: double(0.7), 5: double(0.8)}
# RankingThresholdsNew.xml: the minimum number of tables of every managed type, by year
MIN_TABLES = {2019: 1, 2020: 6, 2024: 6}
WINNER = double(1.2)
_EXACT = Context(prec=80)  # every product of these doubles is exact at this precision
TENTH = Decimal("0.1")


def type_of(name: str) -> str | None:
    """The national ranking's type of a «Tipologia di Torneo» (trimmed, case aside); None
    for a type the ranking does not score (a team tournament, friendlies, …)."""
    wanted = name.strip().casefold()
    return next((t for t in (*CLASSES, CHAMPIONSHIP) if t.casefold() == wanted), None)


def tournament_class(kind: str | None, rounds: int) -> Decimal:
    """The class of `kind` (RankingScorer.classe): 0 for a type not scored."""
    if kind == CHAMPIONSHIP:
        return CHAMPIONSHIP_CLASSES.get(rounds, Decimal(1))
    return CLASSES.get(kind or "", Decimal(0))


def minimum_tables(year: int) -> int:
    """The year's minimum number of tables (RankingBuilderNew.scorersFactory: the year
    listed, else the latest listed before it, else the last listed)."""
    before = [y for y in MIN_TABLES if y <= year]
    return MIN_TABLES[max(before)] if before else MIN_TABLES[max(MIN_TABLES)]


@dataclass(frozen=True)
class Basis:
    """What a tournament's national points are computed from: its type as written
    («Tipologia di Torneo»), the ranking's type (None: not scored), its year, tables,
    planned rounds; `scored`: it reaches its year's minimum number of tables."""

    written: str
    kind: str | None
    year: int
    tables: int
    rounds: int

    @property
    def minimum(self) -> int:
        return minimum_tables(self.year)

    @property
    def scored(self) -> bool:
        return self.kind is not None and self.tables >= self.minimum \
            and tournament_class(self.kind, self.rounds) > 0

    def points(self, position: int) -> Decimal:
        """The points of the player in `position` (exact, as the RCU's BigDecimal)."""
        if not self.scored or position < 1:
            return Decimal(0)
        a = WINNER if position == 1 else Decimal(1)
        vt = _EXACT.multiply(_EXACT.multiply(a, Decimal(100 + self.tables)),
                             tournament_class(self.kind, self.rounds))
        return vt if position == 1 else _EXACT.multiply(vt, double(math.exp(-position / 20.0)))

    def why_not(self) -> str:
        """Why the tournament scores nothing (Italian), "" when it scores."""
        if self.kind is None:
            return (f"la tipologia «{self.written}» non dà punti per il ranking nazionale "
                    f"(lo danno: {', '.join((*CLASSES, CHAMPIONSHIP))})")
        if self.tables < self.minimum:
            return (f"{self.tables} tavoli in tutto: per il ranking nazionale del "
                    f"{self.year} ne servono almeno {self.minimum}")
        return ""

    def describe(self) -> str:
        """The basis in words, for a report or a sheet (Italian)."""
        return (f"{self.kind or self.written}, {self.tables} tavoli in tutto, "
                f"{self.rounds} turni previsti, soglie del {self.year}")


def shown(points: Decimal) -> Decimal:
    """Points as the national ranking shows them: one decimal, half down."""
    return points.quantize(TENTH, rounding=ROUND_HALF_DOWN)


def text(points: Decimal) -> str:
    """Points as the national ranking shows them, with the decimal comma: «441,6»."""
    return format(shown(points), "f").replace(".", ",")
