"""Checked access to the input data: entrants by id, exact points, valid result rows."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from decimal import Decimal
from fractions import Fraction

from risiko_xl.errors import RuleError
from risiko_xl.standings.model import PHASE_NAMES, QUALIFYING, STATES, Entrant, GameResult


def index_entrants(entrants: Iterable[Entrant]) -> dict[str, Entrant]:
    """Entrants by id; a blank or repeated id, a bad state or first round is an error."""
    out: dict[str, Entrant] = {}
    for e in entrants:
        if not isinstance(e.id, str) or not e.id.strip():
            raise RuleError("ID giocatore mancante", field="entrant.id", row=e.row,
                            valore=e.id)
        if e.id in out:
            raise RuleError("ID giocatore duplicato", field="entrant.id", player=e.id,
                            row=e.row, valore=e.id)
        if e.state not in STATES:
            raise RuleError(f"stato non valido (ammessi: {', '.join(STATES)})",
                            field="entrant.state", player=e.id, row=e.row, valore=e.state)
        if isinstance(e.from_round, bool) or not isinstance(e.from_round, int) \
                or e.from_round < 1:
            raise RuleError("il turno di ingresso deve essere un intero da 1 in su",
                            field="entrant.from_round", player=e.id, row=e.row,
                            valore=e.from_round)
        out[e.id] = e
    return out


def exact(value: object, row: int | None) -> Fraction:
    """Tournament points as an exact Fraction (int, Fraction or Decimal; never a float);
    `row`: the result's own `row`, for the error."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, Decimal) and value.is_finite():
        return Fraction(value)
    raise RuleError("punti torneo non esatti: servono interi o frazioni, mai decimali binari",
                    field="result.points", row=row, valore=value)


def checked(results: Iterable[GameResult], entrants: Mapping[str, Entrant],
            rounds: int) -> Iterator[GameResult]:
    """The results one by one, each checked: a registered player, a known phase, a valid
    round (qualifying rounds 1..`rounds`) and placement, exact points, one row per player
    per round."""
    seen: dict[str, int] = {}  # player -> bit mask of the rounds seen (no allocations)
    phases = frozenset(PHASE_NAMES)
    for r in results:
        pid, round_no, position = r.player, r.round_no, r.position
        if pid not in entrants or r.phase not in phases or type(round_no) is not int \
                or type(position) is not int or round_no < 1 or position < 1 \
                or (round_no > rounds and r.phase == QUALIFYING):
            _refuse(r, entrants, rounds)
        mask = seen.get(pid, 0)
        bit = 1 << round_no
        if mask & bit:
            raise RuleError(f"due risultati dello stesso giocatore nel turno {round_no}",
                            field="result.player", player=pid, round_no=round_no,
                            phase=r.phase, row=r.row, valore=pid)
        seen[pid] = mask | bit
        if type(r.points) is not Fraction:
            exact(r.points, r.row)
        yield r


def check_results(results: Iterable[GameResult], entrants: Mapping[str, Entrant],
                  rounds: int) -> list[GameResult]:
    """The results as a list, all `checked`."""
    return list(checked(results, entrants, rounds))


def _refuse(r: GameResult, entrants: Mapping[str, Entrant], rounds: int) -> None:
    """Raise the error of a result row that failed the quick check."""
    if r.player not in entrants:
        raise RuleError("risultato di un giocatore non iscritto", field="result.player",
                        player=r.player, row=r.row, valore=r.player)
    if r.phase not in PHASE_NAMES:
        raise RuleError(f"fase sconosciuta (ammesse: {', '.join(PHASE_NAMES)})",
                        field="result.phase", player=r.player, row=r.row, valore=r.phase)
    if type(r.round_no) is not int or r.round_no < 1:
        raise RuleError("numero di turno non valido", field="result.round_no",
                        player=r.player, row=r.row, valore=r.round_no)
    if type(r.position) is not int or r.position < 1:
        raise RuleError("posizione al tavolo non valida", field="result.position",
                        player=r.player, row=r.row, valore=r.position)
    raise RuleError(f"turno di qualificazione oltre i {rounds} previsti",
                    field="result.round_no", player=r.player, row=r.row, valore=r.round_no)
