"""Drawing every preliminary round at once (`risiko-xl sorteggia --tutti`).

When no draw criterion of the formula depends on results (who won, who leads), every
round can be seated before the first is played: `draw.plan.plan_rounds` seats them jointly
(for 16 players × 5 rounds, 20 × 5, 32 × 8 with nobody meeting anyone twice). Each round
gets its `Risultati` rows and one `Sorteggi` row with the plan's seed, the round's
fingerprint and procedure «pianificazione di tutti i turni», so `verify` replays the plan;
a round can still be redrawn alone (`--turno N --forza`) or repaired (`--ripara`).
"""

from __future__ import annotations

import datetime as dt
import secrets
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.settings import VARIANT_KEY
from risiko_xl.cells import to_text
from risiko_xl.draw.criteria import LABELS, PLAN_CRITERIA, build_instance
from risiko_xl.draw.engine import PROCEDURE_LABELS, quality_of
from risiko_xl.draw.fingerprint import fingerprint_data
from risiko_xl.draw.model import ENGINE_VERSION, DrawInput, DrawResult, Player, QualityItem
from risiko_xl.draw.plan import PLAN_LABEL, PlanResult, plan_rounds
from risiko_xl.draw.sizes import table_sizes
from risiko_xl.errors import RisikoError, count
from risiko_xl.formulas.draw_settings import preset
from risiko_xl.services.audit import (
    archive,
    log_draw,
    quality_text,
    refuse_notes_beside,
    table_lines,
    tables_text,
    timestamp,
    verdict,
)
from risiko_xl.services.standings_sheet import refresh_scores
from risiko_xl.sheets.formula_sheet import variant_at_first_draw
from risiko_xl.standings.model import ABSENT, ACTIVE, QUALIFYING
from risiko_xl.tournament.loading import Tournament, load

# beyond this the joint search takes minutes (22 players at 3-, 4- and 5-tables: about a
# minute for 10 rounds); a season of many evenings is drawn evening by evening
MAX_PLAN_ROUNDS = 12


@dataclass(frozen=True)
class PlanSettings:
    """What the formula asks of a joint plan: criteria (highest first) and table policy."""

    criteria: tuple[str, ...]
    policy: str


def result_dependence(t: Tournament, rounds: Sequence[int]) -> str | None:
    """Why the draws of `rounds` depend on results (an Italian clause naming the
    criterion or procedure), or None when they can be made before any result."""
    for round_no in rounds:
        chosen = preset(t.formula, round_no=round_no)
        if chosen.procedure != "optimise":
            label = PROCEDURE_LABELS.get(chosen.procedure, chosen.procedure)
            return (f"la formula sorteggia con la procedura «{label}», che sceglie a caso "
                    "turno per turno i giocatori dei tavoli da 5 (001 §8 a)")
        for c in chosen.criteria:
            if c not in PLAN_CRITERIA:
                return (f"il criterio di sorteggio «{LABELS.get(c, c)}» ({c}) dipende dai "
                        "risultati dei turni precedenti")
        if chosen.repeat_weighting != "flat":
            return ("il peso degli incontri ripetuti dipende dal turno in cui si sono "
                    "incontrati")
    return None


def plan_settings(t: Tournament, players: Sequence[Player]) -> PlanSettings:
    """The plan's settings from the formula (RisikoError naming what depends on results);
    region separation is dropped when nobody has a region, as in a single draw."""
    rounds = t.formula.standings.rounds
    if rounds > MAX_PLAN_ROUNDS:
        raise RisikoError(f"--tutti pianifica al massimo {MAX_PLAN_ROUNDS} turni insieme, la "
                          f"formula ne prevede {rounds}: sorteggiare un turno alla volta",
                          foglio="Impostazioni", colonna="Turni preliminari", valore=rounds)
    why = result_dependence(t, range(1, rounds + 1))
    if why:
        raise RisikoError(f"--tutti non si può usare con la formula «{t.formula.name}»: {why}; "
                          "sorteggiare un turno alla volta (risiko-xl sorteggia)",
                          foglio="Impostazioni", colonna="Formula", valore=t.formula.name)
    chosen = preset(t.formula, round_no=1)
    criteria = chosen.criteria
    if all(p.region is None for p in players):
        criteria = tuple(c for c in criteria if c != "region")
    return PlanSettings(tuple(criteria), chosen.policy)


def plan_players(t: Tournament, ids: Sequence[str]) -> list[Player]:
    """The plan's players: id, club and region from Iscritti (sorted by id)."""
    return [Player(id=pid, club=t.by_id[pid].club, region=t.by_id[pid].region)
            for pid in sorted(ids)]


def plan_of(t: Tournament, ids: Sequence[str], seed: str,
            engine: str = ENGINE_VERSION) -> PlanResult:
    """The joint plan of `ids` for every preliminary round, its fingerprint naming engine
    version `engine`; `verify` replays it."""
    players = plan_players(t, ids)
    settings = plan_settings(t, players)
    return plan_rounds(players, t.formula.standings.rounds, seed, settings.policy,
                       settings.criteria, engine=engine)


def round_fingerprint(plan: PlanResult, round_no: int) -> str:
    """The fingerprint recorded for one round of a plan: the plan's, with the round."""
    return fingerprint_data({"plan": plan.fingerprint, "round": round_no})


def plan_round(plan: PlanResult, round_no: int) -> DrawResult:
    """Round `round_no` of a plan as a draw result (what `verify` compares)."""
    tables = plan.rounds[round_no - 1] if round_no <= len(plan.rounds) else []
    return DrawResult(tables=tables, seed=plan.seed, fingerprint=round_fingerprint(
        plan, round_no), engine_version=plan.engine_version, quality=[], round_no=round_no)


def round_quality(plan: PlanResult, round_no: int, players: Sequence[Player], policy: str,
                  criteria: Sequence[str]) -> list[QualityItem]:
    """Round `round_no` judged as a single draw would be, after the plan's earlier rounds:
    each criterion's value and its lower bound given those rounds (`draw.bounds`)."""
    where = [{pid: t + 1 for t, table in enumerate(rd) for pid in table}
             for rd in plan.rounds[:round_no - 1]]
    seated = tuple(Player(id=p.id, club=p.club, region=p.region,
                          history=tuple(w[p.id] for w in where)) for p in players)
    inst = build_instance(DrawInput(players=seated, seed=0, round_no=round_no))
    index = {pid: i for i, pid in enumerate(inst.ids)}
    tables = [[index[p] for p in table] for table in plan.rounds[round_no - 1]]
    return quality_of(inst, tables, table_sizes(inst.n, policy), criteria)


def draw_all(book: Book, seed: str | None = None, force: bool = False,
             now: dt.datetime | None = None) -> tuple[str, ...]:
    """Seat every preliminary round at once (see the module docstring); returns the lines
    for the organiser: time taken, quality of the plan and of each round against the
    bounds, and every round's tables."""

    t = load(book)
    _check_players(t)
    ids = [e.id for e in t.entrants if e.state == ACTIVE]
    if len(ids) < 3:
        raise RisikoError("servono almeno 3 giocatori attivi per il sorteggio",
                          foglio="Iscritti", colonna="Stato", valore=len(ids))
    existing = [r for r in t.rows if r.phase == QUALIFYING]
    typed = [r for r in existing if r.seat is not None]
    if typed:
        raise RisikoError(f"il turno {typed[0].round_no} ha già risultati inseriti: --tutti "
                          "sorteggia tutti i turni prima di giocarli; sorteggiare i turni "
                          "rimasti uno alla volta", foglio="Risultati", riga=typed[0].row,
                          colonna="Turno", valore=typed[0].round_no)
    if existing and not force:
        raise RisikoError(f"il turno {existing[0].round_no} è già sorteggiato: per "
                          "sorteggiare di nuovo tutti i turni usare --tutti --forza (le righe "
                          "attuali vanno nel foglio Archivio)", foglio="Risultati",
                          riga=existing[0].row, colonna="Turno", valore=existing[0].round_no)
    if existing:
        refuse_notes_beside(book, min(r.row for r in existing),
                            "il nuovo sorteggio di tutti i turni")
    key = variant_at_first_draw(book, t.settings, len(ids))
    if key is not None:
        book.set_setting(VARIANT_KEY, key)
        t = load(book)
    if seed is None and existing:
        seed = secrets.token_hex(4)
    seed = seed or to_text(t.settings.get("Seme sorteggio")) or secrets.token_hex(4)
    if not to_text(t.settings.get("Seme sorteggio")) and not existing:
        book.set_setting("Seme sorteggio", seed)
    players = plan_players(t, ids)
    settings = plan_settings(t, players)
    started = time.perf_counter()
    plan = plan_of(t, ids, seed)
    seconds = time.perf_counter() - started
    rounds = len(plan.rounds)  # the variant's rounds, chosen by this draw's player count
    drawn = {r.row for r in existing}
    if existing:
        archive(book, t.results_table.where(lambda row: row.sheet_row in drawn),
                "nuovo sorteggio di tutti i turni", now)
    names = {e.id: e.name for e in t.entrants}
    results = t.results_table.where(lambda row: row.sheet_row not in drawn)
    results.extend(
        {"Turno": r, "Fase": QUALIFYING, "Tavolo": number, "ID": pid, "Giocatore": names[pid]}
        for r, rd in enumerate(plan.rounds, start=1)
        for number, table in enumerate(rd, start=1) for pid in table)
    book.write_table(schema.RESULTS.name, results)
    sizes = Counter(len(table) for table in plan.rounds[0])
    every = ("Turno unico sorteggiato" if rounds == 1
             else f"Tutti i {rounds} turni sorteggiati insieme")
    judged = verdict(plan.quality)  # the plan is judged whole (see the rounds' rows)
    lines = [f"{every} in {seconds:.2f} s: {len(ids)} "
             f"giocatori, {count(len(plan.rounds[0]), 'tavolo', 'tavoli')} per turno ("
             + ", ".join(f"{sizes[s]} da {s}" for s in sorted(sizes, reverse=True)) + ")",
             f"Seme «{seed}», impronta del piano {plan.fingerprint[:16]}…",
             f"Qualità del piano: {judged} — "  # the criteria that apply
             + quality_text(plan.quality, plan_round(plan, 1), judged=False)]
    for r, rd in enumerate(plan.rounds, start=1):
        quality = round_quality(plan, r, players, settings.policy, settings.criteria)
        # a round may take more so that all rounds take least
        figures = quality_text(quality, plan_round(plan, r), judged=False)
        log_draw(book, {
            "Turno": r, "Fase": QUALIFYING, "Data e ora": timestamp(now), "Seme": seed,
            "Impronta": round_fingerprint(plan, r), "Versione motore": plan.engine_version,
            "Procedura": PLAN_LABEL,
            "Qualità": f"piano di tutti i turni {judged} — questo turno: {figures}",
            "Tavoli": tables_text(rd),
            "Note": f"turno {r} di {rounds} pianificati insieme (impronta del piano "
                    f"{plan.fingerprint})" + ("; nuovo sorteggio (righe precedenti "
                                               "archiviate)" if existing else "")})
        lines.append(f"Turno {r}: {figures}")

    refresh_scores(book)
    for r, rd in enumerate(plan.rounds, start=1):
        lines.append(f"— Turno {r} —")
        lines += table_lines(t, rd)
    return tuple(lines)


def _check_players(t: Tournament) -> None:
    """Every player must play every round: an absent player or a late arrival is seated
    round by round, not in a plan."""
    for e in t.entrants:
        if e.state == ABSENT or (e.state == ACTIVE and e.from_round > 1):
            what = ("è «Assente»" if e.state == ABSENT
                    else f"gioca dal turno {e.from_round}")
            raise RisikoError(f"{e.name or e.id} ({e.id}) {what}: --tutti sorteggia tutti i "
                              "turni con gli stessi giocatori; sorteggiare un turno alla volta",
                              foglio="Iscritti", riga=e.row, colonna="Stato" if e.state ==
                              ABSENT else "Dal turno", valore=e.state if e.state == ABSENT
                              else e.from_round)
