"""The commands that write the workbook with more than one step: `iscrivi` (one player or a
list, seated in drawn rounds with `--ripara`), `nuovo`'s choice of formula, `importa`
(GestioneTorneo's workbook into a new one)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from risiko_xl.errors import RisikoError

if TYPE_CHECKING:
    from pathlib import Path

    from risiko_xl.books.book import Book
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.books.table import Table
    from risiko_xl.tournament.loading import Tournament


def register_players(book: Book, args: argparse.Namespace) -> list[str]:
    """`iscrivi`: one player from the arguments, or a list (`--da`)."""
    from risiko_xl.services.register import (
        NewPlayer,
        id_span,
        late_warning,
        register,
        registered_as,
        split_name,
    )
    from risiko_xl.tournament.loading import load

    single = (args.nome, args.cognome, args.nickname, args.club, args.regione, args.dal_turno)
    if args.da is not None:
        from risiko_xl.services.roster import read_list

        if any(v is not None for v in single):
            raise RisikoError("con --da si iscrive l'elenco: nome, club e gli altri dati "
                              "vanno nelle sue colonne")
        players, ignored, source = read_list(args.da)
    elif args.nome is None:
        raise RisikoError("indicare il giocatore («Nome Cognome») oppure un elenco con --da")
    else:
        first, last = split_name(args.nome, args.cognome)
        players, ignored, source = [NewPlayer(first, last, args.nickname, args.club,
                                              args.regione, from_round=args.dal_turno)], [], None
    seated: list[str] = []  # already registered: --ripara seats them, nothing added
    if args.ripara and not args.forza:
        known = registered_as(book, players)
        seated = [pid for pid in known if pid is not None]
        players = [p for p, pid in zip(players, known) if pid is None]
    ids = register(book, players, args.forza) if players else []
    t = load(book)
    drawn = t.rounds_drawn()
    lines = [f"{t.by_id[pid].shown()} è già iscritto ({pid}): lo si siede ai tavoli dei "
             "turni sorteggiati" for pid in seated]
    if len(ids) == 1:
        e = t.by_id[ids[0]]
        club = f" ({e.club})" if e.club else ""
        lines += [f"Iscritto {e.id} {e.shown()}{club} dal turno {e.from_round}"
                  + (f" da {source}" if source else "")]
    elif ids:
        lines += [f"Iscritti {len(ids)} giocatori ({id_span(ids)}) da {source}"]
    if ignored:
        lines.append("Colonne ignorate: " + ", ".join(ignored))
    if source is not None and source.others:
        lines.append("Fogli con dati non letti: " + ", ".join(
            f"«{name}»" for name in source.others) + f" (si legge un foglio solo: {source}; "
            "per iscrivere i giocatori di un altro foglio renderlo attivo in Excel)")
    if args.ripara:
        return lines + _seat_arrivals(book, t, seated + ids)
    played = sorted({r.round_no for r in t.rows if r.seat is not None})
    again = (f"--da {args.da}" if args.da is not None else _quoted(args))
    for round_no in sorted({t.by_id[pid].from_round for pid in ids}):
        who = [f"{pid} {t.by_id[pid].name}".rstrip() for pid in ids
               if t.by_id[pid].from_round == round_no]
        warning = late_warning(drawn, round_no, who if len(ids) > 1 else (),
                               str(args.file), again, played)
        if warning:
            lines.append(warning)
    return lines


def _quoted(args: argparse.Namespace) -> str:
    """The player's arguments of `iscrivi` as typed, to repeat them in a command."""
    parts = [f"\"{args.nome}\""]
    for flag, value in (("--cognome", args.cognome), ("--nickname", args.nickname),
                        ("--club", args.club), ("--regione", args.regione)):
        if value is not None:
            parts.append(f"{flag} \"{value}\"")
    return " ".join(parts)


def _seat_arrivals(book: Book, t: Tournament, ids: list[str]) -> list[str]:
    """`iscrivi --ripara`: each round drawn and not played from a new player's first round
    on is repaired to seat them (`repair_round`)."""
    from risiko_xl.services.repair_round import repair_round, unplayed_rounds

    lines: list[str] = []
    for round_no in unplayed_rounds(t):
        come = [pid for pid in ids if t.by_id[pid].from_round <= round_no]
        if come:
            lines += repair_round(book, round_no, arrived=come)
    return lines or ["Nessun turno sorteggiato e non giocato da riparare."]


def _first_sentence(text: str, width: int = 96) -> str:
    """A formula's description cut to its first sentence, within `width` characters."""
    sentence = text.split(". ")[0].rstrip(".")
    return sentence if len(sentence) <= width else sentence[:width - 1].rstrip() + "…"


def ask_formula() -> str:
    """`nuovo` without --formula: on a terminal, the formulas listed with their titles and
    one chosen by number or name; otherwise refused (never a silent default), also when
    the output goes to a file (`nuovo t.xlsx > log`: the list and the question would go
    there, and the command would wait for an answer to a question nobody sees)."""
    from risiko_xl.formulas import load
    from risiko_xl.formulas.loader import names

    choices = names()
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise RisikoError("indicare la formula con --formula: " + ", ".join(choices))
    print("Formule disponibili:")
    for number, name in enumerate(choices, start=1):
        formula = load(name)
        print(f"{number:>3}. {name:<16} {formula.title}")
        print(f"     {_first_sentence(formula.description)}")
    while True:
        try:
            answer = input("Formula (numero o nome): ").strip()
        except EOFError:
            raise RisikoError("nessuna formula scelta: indicarla con --formula") from None
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        if answer.casefold() in choices:
            return answer.casefold()
        print(f"«{answer}» non è fra le formule: scrivere un numero da 1 a {len(choices)} o "
              "un nome dell'elenco")


def formula_command(book: Book, args: argparse.Namespace) -> list[str]:
    """`formula`: said in words; --da, --imposta, --esporta (services/formula.py)."""
    from risiko_xl.services import formula

    if args.variante and not args.imposta:
        raise RisikoError("--variante vale con --imposta", valore=args.variante)
    lines: list[str] = []
    if args.da:
        if args.imposta:
            raise RisikoError("prima --da, poi --imposta in un secondo comando")
        lines = formula.start_from(book, args.da, _sheet_adder(book))
    elif args.imposta:
        lines = formula.set_rules(book, args.imposta, (args.variante or "").strip(),
                                  _sheet_adder(book))
    else:
        lines = formula.describe(book)
    if args.esporta is not None:
        lines.append(formula.export(book, args.esporta))
    return lines


def _sheet_adder(book: Book) -> Callable[[Table], None]:
    """How the command line adds the `Formula` sheet to a workbook of an earlier
    release: a new sheet after `Torneo`, its table, the rows."""
    from risiko_xl.books import schema
    from risiko_xl.books.new_workbook import STYLE
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.books.openpyxl_ranges import add_table

    assert isinstance(book, OpenpyxlBook)
    spec = schema.FORMULA

    def add(table: Table) -> None:
        if spec.sheet in book.workbook.sheetnames:
            raise RisikoError(f"la cartella di lavoro ha già un foglio «{spec.sheet}» senza la "
                              f"tabella «{spec.name}»: rinominarlo e ripetere il comando",
                              foglio=spec.sheet)
        sheet = book.workbook.create_sheet(spec.sheet, 1)
        add_table(sheet, spec.name, list(spec.headers), STYLE)
        book.write_table(spec.name, table)

    return add


def import_workbook(args: argparse.Namespace) -> list[str]:
    """`importa`: GestioneTorneo's workbook read and checked first, then our tournament
    built in a private folder and written to `--out` in one atomic step."""
    import shutil

    from risiko_xl.files.scratch import scratch_folder
    from risiko_xl.files.writes import atomic_write
    from risiko_xl.services import import_gt

    out: Path = args.out
    import_gt.check_out(out, args.forza)
    with scratch_folder("importa") as folder:
        book, lines = imported(args.file, folder / out.name, args.formula)
        atomic_write(out, lambda temp: shutil.copyfile(book.path, temp))
    return [*lines, f"Scritto {out}"]


def imported(source: Path, work: Path, formula: str | None) -> tuple[OpenpyxlBook, list[str]]:
    """GestioneTorneo's workbook `source` read and checked, then our tournament built and
    saved at `work` (`formula`: as `importa --formula`); the book and what was said."""
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.gestionetorneo.reader import read
    from risiko_xl.services import import_gt
    from risiko_xl.sheets.look import save as save_dressed
    from risiko_xl.standings.config import MAX_ROUNDS
    from risiko_xl.workbooks.template import formula_settings, write_new

    gt = read(source, MAX_ROUNDS)
    chosen = import_gt.formula_of(gt, formula, source.name)
    settings = {**formula_settings(chosen), **import_gt.settings_of(gt, chosen, source.name)}
    write_new(work, settings)
    book = OpenpyxlBook(work)
    lines = import_gt.fill(book, gt, source.name, chosen)
    save_dressed(book)
    return book, lines
