"""The demo: the regulations' worked examples, then a whole seeded tournament.

`risiko-xl demo DIR` prints each worked example as the referee records it next to what
the rules core computes and what the regulation says, two seeded draws with their
quality certificates (DIR/esempi.txt), then plays a 37-player `master` tournament
through the same services as the CLI and writes DIR/torneo-demo.xlsx, then the last
round's post in every format and its score sheets (PDF and HTML).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from risiko_xl import simulate
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.excel.draw_columns import draw_from_columns
from risiko_xl.files.writes import atomic_write_text
from risiko_xl.publish import POST_FORMATS
from risiko_xl.publish.numbers import italian
from risiko_xl.publish.posts import file_name, publish
from risiko_xl.publish.referti import write_referti
from risiko_xl.rules import Seat, score_table
from risiko_xl.rules.methods import method
from risiko_xl.services.finals_sheet import run_finals
from risiko_xl.services.publication import post_source
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.services.verify import verify
from risiko_xl.services.withdrawal import withdraw
from risiko_xl.sheets.look import save
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import load
from risiko_xl.tournament.table_codes import REPORT_KEY, VENUE_KEY
from risiko_xl.workbooks.template import formula_settings, write_new

# (title, method, rows): rows are (player, objective points, RisiKo!, eliminated, what the
# regulation states; seed 001 §7 and 003 Art. 23 give them, seed 000 worked by hand).
EXAMPLES = [
    ("Seed 001 §7, primo esempio (tavolo da 4)", "millesimi", [
        ("A", 23, False, False, "0,023"), ("B", 0, False, True, "0,000"),
        ("C", 48, False, False, "1,048"), ("D", 39, False, False, "0,039")]),
    ("Seed 001 §7, secondo esempio (RisiKo!)", "millesimi", [
        ("A", 13, False, False, "0,013"), ("B", 86, True, False, "1,100"),
        ("C", 22, False, False, "0,022"), ("D", 9, False, False, "0,009")]),
    ("Seed 001 §7, terzo esempio (tavolo da 5)", "millesimi", [
        ("A", 18, False, False, "0,023"), ("B", 20, False, False, "0,025"),
        ("C", 8, False, False, "0,010"), ("D", 28, False, False, "1,035"),
        ("E", 19, False, False, "0,024")]),
    ("Seed 000 Art. 24, metodo bonus 50/15/5 (tavolo da 5, tetto 150)", "bonus_50_15_5", [
        ("A", 18, False, False, "23 (4°: nessun bonus)"),
        ("B", 20, False, False, "25+15=40"), ("C", 8, False, False, "10"),
        ("D", 86, False, False, "108+50=158 → 150"),
        ("E", 19, False, False, "24+5=29")]),
]


def render_examples() -> str:
    """The worked examples as a text report (Italian)."""
    lines = ["RisiKo! XL — esempi dei regolamenti calcolati dal programma", ""]
    for title, method_name, rows in EXAMPLES:
        m = method(method_name)
        seats = [Seat(points=p, out_points=0, order=i + 1, risiko=r, eliminated=e)
                 for i, (_, p, r, e, _s) in enumerate(rows)]
        result = score_table(seats, scoring=m)
        decimals = m.decimals
        lines.append(f"{title} — metodo {m.name}")
        lines.append(f"  {'Gioc.':<6}{'Obiettivo':>10}{'Tavolo':>8}{'Pos.':>6}{'Torneo':>9}"
                     f"   Atteso")
        for (player, points, _r, _e, stated), tp, pos, value in zip(
                rows, result.table_points, result.positions, result.points):
            lines.append(f"  {player:<6}{points:>10}{italian(tp, m.table_decimals):>8}{pos:>6}"
                         f"{italian(value, decimals):>9}   {stated}")
        lines.append("")
    from risiko_xl.excel import functions as udfs  # xlwings: not under WebAssembly

    lines.append("Stessi calcoli con le funzioni di Excel (RISIKO_PUNTI_TORNEO):")
    for points, players, position in ((42, 4, 1), (38, 4, 2), (21, 5, 2), (80, 5, 1)):
        value = udfs.RISIKO_PUNTI_TORNEO(float(points), float(players), float(position))
        lines.append(f"  =RISIKO_PUNTI_TORNEO({points}; {players}; {position}) → {value}")
    lines.append(f"  =RISIKO_TAVOLI(37) → {udfs.RISIKO_TAVOLI(37.0)}  (tavoli da 5, 4, 3)")
    lines.append("")
    lines += render_draws()
    return "\n".join(lines) + "\n"


DEMO_CLUBS = ["Eagles"] * 6 + ["Rahal Maut"] * 5 + ["Gufo"] * 4 + [None] * 6


def render_draws(seed: str = "demo-2026") -> list[str]:
    """Two seeded rounds for 21 players (seed 001 rules), each with its certificate."""
    ids = [f"G{i:02d}" for i in range(1, len(DEMO_CLUBS) + 1)]
    history: list[list[int | None]] = [[] for _ in ids]
    winners: list[bool] | None = None
    lines = [f"Sorteggio di 2 turni, {len(ids)} giocatori, formula master, seme «{seed}»:"]
    for round_no in (1, 2):
        result, _ = draw_from_columns(ids, DEMO_CLUBS, history, winners, seed, "master",
                                      round_no)
        lines.append(f"  Turno {round_no} (impronta {result.fingerprint[:16]}…, "
                     f"motore {result.engine_version})")
        for number, table in enumerate(result.tables, start=1):
            seated = ", ".join(f"{pid} ({DEMO_CLUBS[ids.index(pid)] or '-'})" for pid in table)
            lines.append(f"    Tavolo {number}: {seated}")
        quality = "; ".join(f"{q.criterion} {q.value} (minimo {q.lower_bound})"
                            for q in result.quality)
        lines.append(f"    Qualità: {quality}")
        where = result.table_of()
        for i, pid in enumerate(ids):
            history[i].append(where[pid])
        winners = [result.tables[where[pid] - 1][0] == pid for pid in ids]
    return lines


DEMO_SEED = "demo-2026"
DEMO_TIME = dt.datetime(2026, 11, 21, 21, 0)  # fixed, so the demo workbook is reproducible
# the score sheets' secret and the venue's address fixed too (a real tournament's secret is
# random, written by its first draw; the address is the laptop's at the venue)
DEMO_SETTINGS = {"Nome torneo": "Torneo dimostrativo RisiKo! XL",
                 "Club organizzatore": "RisiKo! Club Dimostrativo", "Sede": "Circolo Demo",
                 "Seme sorteggio": DEMO_SEED, REPORT_KEY: "chiave-della-dimostrazione",
                 VENUE_KEY: "http://192.168.1.20:8000/"}


def play_tournament(path: Path, formula: str = "master", players: int = 37, clubs: int = 9,
                    seed: str = DEMO_SEED, late: int = 1, withdraw_rank: int | None = 5,
                    now: dt.datetime = DEMO_TIME,
                    settings: dict[str, object] | None = None) -> list[str]:
    """A whole seeded tournament through the same services as the CLI: registrations (the
    last `late` players join at round 2), every preliminary round drawn, played and ranked,
    the player ranked `withdraw_rank` withdrawing before the finals, then every final phase
    and the final ranking. Writes the workbook to `path`; returns the report lines."""
    write_new(path, {**formula_settings(formula), **DEMO_SETTINGS, "Seme sorteggio": seed,
                     **(settings or {})})
    book = OpenpyxlBook(path)
    rows = simulate.players(players, clubs, seed, teams=load(book).formula.teams is not None)
    for row in rows[len(rows) - late:]:
        row["Dal turno"] = 2
    simulate.register(book, rows)
    lines = [f"Torneo dimostrativo: {players} giocatori in {clubs} club, formula {formula}, "
             f"seme «{seed}»"]
    round_no, update = 0, None
    while round_no < load(book).formula.standings.rounds:  # a variant is fixed at round 1
        round_no += 1
        lines += draw_round(book, round_no, now=now).lines
        simulate.play(book, round_no, QUALIFYING, seed)
        update = update_standings(book, now)
        lines += update.lines
    if withdraw_rank is not None and update is not None:
        leaving = update.standings.rows[withdraw_rank - 1].player
        lines += withdraw(book, leaving, now)
        lines += update_standings(book, now).lines
    while True:
        step = run_finals(book, now)
        lines += step.lines
        if step.step is None:
            break
        simulate.play(book, step.step.round_no, step.step.phase, seed)
    update_standings(book, now)
    mismatches, summary = verify(book)
    lines += [*mismatches, summary]
    save(book)
    lines.append(f"Scritto {path}")
    return lines


def run(directory: Path, formula: str = "master", players: int = 37, clubs: int = 9,
        rounds: int | None = None) -> Path:
    """Print the worked examples and play the demo tournament (by default `master`, 37
    players in 9 clubs, the formula's rounds); write both to `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    text = render_examples()
    target = atomic_write_text(directory / "esempi.txt", text)
    print(text, end="")
    print(f"Scritto {target}\n")
    workbook = directory / "torneo-demo.xlsx"
    settings: dict[str, object] = {} if rounds is None else {"Turni preliminari": rounds}
    print("\n".join(play_tournament(workbook, formula, players, clubs, settings=settings)))
    print("\n".join(write_publications(workbook, directory)))
    return workbook


def write_publications(workbook: Path, directory: Path) -> list[str]:
    """The last round's post in every format and its score sheets (PDF and HTML)."""
    source = post_source(OpenpyxlBook(workbook))
    last = source.rounds[-1]
    written = []
    for fmt in POST_FORMATS:
        target = directory / file_name(last, fmt)
        written.append(atomic_write_text(target, publish(source, fmt, last, now=DEMO_TIME)))
    for suffix in (".pdf", ".html"):
        written.append(write_referti(source, last, directory / f"referti-turno-{last}{suffix}"))
    return [f"Scritto {path}" for path in written]
