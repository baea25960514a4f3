"""One parsed command run: its output files checked, the workbook's lock held while it
writes, and the service the command names called."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from risiko_xl.cli.parser import ITALIAN, WRITING
from risiko_xl.cli.posts import _post_all, _sections
from risiko_xl.cli.terminal import _on_book
from risiko_xl.cli.writing import _ask_formula, _formula, _import, _register, _standings
from risiko_xl.errors import RisikoError
from risiko_xl.publish import ALL as ALL_FORMATS

if TYPE_CHECKING:
    from risiko_xl.books.book import Book

EXIT_BAD_INPUT, EXIT_FAILURE = 2, 1


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.exists() and other.exists() and os.path.samefile(one, other)
    except OSError:
        return False


def _check_outputs(args: argparse.Namespace) -> None:
    """An output file is never the workbook, its backup or a version of its history."""
    from risiko_xl.files import history
    from risiko_xl.files.writes import backup_path

    for written in _outputs(args):
        if args.command == "post" and args.formato == ALL_FORMATS:
            if written.exists() and not written.is_dir():
                raise RisikoError("con --formato tutti, --out indica una cartella (creata se "
                                  "manca), non un file", valore=str(written))
            if Path(os.path.realpath(written)) == Path(os.path.realpath(
                    history.folder(args.file))):
                raise RisikoError("la cartella dei post non può essere lo storico delle "
                                  "versioni della cartella di lavoro: indicarne un'altra",
                                  valore=str(written))
            continue
        if written.is_dir():
            raise RisikoError(f"«{written}» è una cartella: indicare il nome del file da "
                              "scrivere")
        if args.command == "new":
            continue
        if written.exists() and not written.is_file():
            raise RisikoError("il file da scrivere non è un file normale (un dispositivo o "
                              "una pipe): indicare un file", valore=str(written))
        if written.name.startswith(("~$", ".~lock.")):  # Excel's, LibreOffice's owner file
            raise RisikoError("è il nome del file con cui Excel o LibreOffice segnano un "
                              "documento aperto: indicare un altro nome", valore=str(written))
        protected = [args.file, backup_path(args.file)]
        inside_history = Path(os.path.realpath(written)).parent == Path(
            os.path.realpath(history.folder(args.file)))
        if inside_history or any(
                _same_file(written, p) or Path(os.path.realpath(written)) == Path(
                    os.path.realpath(p)) for p in protected):
            raise RisikoError("il file da scrivere è la cartella di lavoro stessa (o una sua "
                              "copia di sicurezza): indicare un nome diverso", valore=str(written))
        if args.command in TEXT_OUTPUTS and written.suffix.lower() in (".xlsx", ".xlsm", ".xls"):
            raise RisikoError(f"{TEXT_OUTPUTS[args.command]}, mai sopra una cartella di "
                              "lavoro", valore=str(written))


# the commands that write text beside the workbook, and what they write it in
TEXT_OUTPUTS = {"post": "il post è testo: scriverlo in un file .txt, .md o .html",
                "formula": "la formula si esporta in un file .json"}


def _outputs(args: argparse.Namespace) -> list[Path]:
    """The files a command writes besides the workbook it opens."""
    if args.command == "new":
        return [args.file]
    if args.command == "export":
        if (args.out is None) == (args.gestionetorneo is None):
            raise RisikoError("indicare il file da scrivere: una copia .xlsx oppure "
                              "--gestionetorneo FILE.xls (uno dei due)")
        if args.modello is not None and args.gestionetorneo is None:
            raise RisikoError("--modello vale soltanto con --gestionetorneo",
                              valore=str(args.modello))
        return [args.out or args.gestionetorneo]
    if args.command == "importa":
        from risiko_xl.services.import_gt import default_out

        args.out = args.out or default_out(args.file)
        return [args.out]
    if args.command == "formula" and args.esporta is not None:
        return [args.esporta]
    return [args.out] if getattr(args, "out", None) is not None else []


def _reads_only(args: argparse.Namespace) -> bool:
    """A writing command asked only to read (`ripristina --elenco`, `formula` alone)."""
    if args.command == "formula":
        return not (args.imposta or args.da)
    return bool(getattr(args, "elenco", False))


def run(args: argparse.Namespace) -> int:
    """Execute one parsed command; returns the exit code. Commands that change the
    workbook hold its lock throughout and refuse a file open in Excel or LibreOffice."""
    from risiko_xl.files import history
    from risiko_xl.files.lock import open_elsewhere, refuse_if_open, writing

    _check_outputs(args)
    history.COMMAND.set(f"risiko-xl {ITALIAN[args.command]}")
    if args.command in WRITING and not _reads_only(args):
        warning = None
        if args.command != "new" or args.file.exists():
            warning = refuse_if_open(args.file, args.forza)
        with writing(args.file):
            code = _run(args)
        if warning:  # said only once the file is written: a refusal writes nothing
            print(warning, file=sys.stderr)
        return code
    if args.command not in ("demo",) and (where := open_elsewhere(args.file)):
        print(f"Attenzione: il file è aperto in {where}: si leggono i dati salvati per "
              "ultimi (le modifiche non salvate non contano).", file=sys.stderr)
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    from risiko_xl.services import finals_sheet, rounds, verify, withdrawal

    if args.command == "new":
        from risiko_xl.build.template import formula_settings, write_new
        from risiko_xl.files.writes import backup_path
        from risiko_xl.formulas import load as load_formula

        if args.file.name.lower() in (".xlsx", ".xlsm"):  # Path(".xlsx").suffix is ""
            raise RisikoError(f"manca il nome del file prima di «{args.file.name}»: per "
                              f"esempio torneo{args.file.name}", valore=str(args.file))
        if args.file.exists() and not args.forza:
            raise RisikoError("il file esiste già: per sostituirlo con un torneo nuovo usare "
                              "--forza (la versione attuale resta nella copia di sicurezza "
                              f"{backup_path(args.file).name})", valore=str(args.file))
        formula = load_formula(args.formula or _ask_formula())
        settings = formula_settings(formula)
        if args.nome:
            settings["Nome torneo"] = args.nome
        if args.lite:  # with xlwings Lite's code (build/lite.py)
            from risiko_xl.build.lite import new_lite

            if args.file.suffix.lower() != ".xlsx":
                raise RisikoError("con --lite il file deve finire in .xlsx (xlwings Lite non "
                                  "usa le macro)", valore=args.file.name)
            created = new_lite(args.file, settings, formula=formula)
        elif args.file.suffix.lower() == ".xlsm":  # with the ribbon and the live functions
            from risiko_xl.build.xlsm import new_xlsm

            created = new_xlsm(args.file, settings, formula=formula)
        else:
            created = write_new(args.file, settings, formula=formula)
        print(f"Creato {created} (formula {settings['Formula']})")
    elif args.command == "draw" and args.tutti:
        from risiko_xl.services.all_rounds import draw_all

        if args.turno is not None:
            raise RisikoError("--tutti sorteggia tutti i turni: non si usa con --turno")
        print("\n".join(_on_book(args, lambda b: draw_all(b, args.seme, args.forza))))
    elif args.command == "draw":
        print("\n".join(_on_book(args, lambda b: rounds.draw_round(
            b, args.turno, args.seme, args.forza).lines)))
    elif args.command == "standings":
        print("\n".join(_on_book(args, lambda b: _standings(b, str(args.file)))))
    elif args.command == "finals":
        print("\n".join(_on_book(args, lambda b: finals_sheet.run_finals(b).lines)))
    elif args.command == "iscrivi":
        print("\n".join(_on_book(args, lambda b: _register(b, args))))
    elif args.command == "ritira":
        print("\n".join(_on_book(args, lambda b: withdrawal.withdraw(
            b, args.id, repair=args.ripara, file=str(args.file)))))
    elif args.command == "assente":
        from risiko_xl.services.absence import mark_absent

        print("\n".join(_on_book(args, lambda b: mark_absent(
            b, args.id, args.turno, undo=args.annulla))))
    elif args.command == "verify":
        found: list[str] = []

        def check(book: Book) -> list[str]:
            lines, summary = verify.verify(book)
            found.extend(lines)
            return [*lines, summary]

        print("\n".join(_on_book(args, check, save=False)))
        return EXIT_FAILURE if found else 0
    elif args.command == "decidi":
        from risiko_xl.services.decisions import record, rule_tie

        if args.ordine is not None:
            given = [o for o, v in (("--fase", args.fase), ("--entra", args.entra),
                                    ("--esce", args.esce), ("--tavolo", args.tavolo)) if v]
            if given:
                raise RisikoError(f"--ordine non va con {', '.join(given)}: una decisione "
                                  "alla volta", valore=given[0])
            print("\n".join(_on_book(args, lambda b: rule_tie(b, args.ordine, args.motivo))))
        elif args.fase is None or args.entra is None:
            raise RisikoError("indicare --fase e --entra (un posto in una fase finale) oppure "
                              "--ordine (giocatori a pari in classifica)")
        else:
            print("\n".join(_on_book(args, lambda b: record(
                b, args.fase, args.entra, args.esce, args.tavolo, args.motivo))))
    elif args.command == "formula":
        print("\n".join(_on_book(args, lambda b: _formula(b, args),
                                 save=not _reads_only(args))))
    elif args.command == "ripristina":
        from risiko_xl.files import restore

        if args.elenco:
            print("\n".join(restore.listing(args.file)))
        elif args.numero is not None:
            print("\n".join(restore.restore_version(args.file, args.numero)))
        else:
            print("\n".join(restore.restore(args.file)))
    elif args.command == "importa":
        from risiko_xl.files.lock import refuse_if_open, writing

        warning = refuse_if_open(args.out, args.forza) if args.out.exists() else None
        with writing(args.out):
            print("\n".join(_import(args)))
        if warning:
            print(warning, file=sys.stderr)
    elif args.command == "export" and args.gestionetorneo is not None:
        from risiko_xl.services.export_gt import export_gestionetorneo

        print("\n".join(_on_book(args, lambda b: export_gestionetorneo(
            b, args.gestionetorneo, args.forza, args.modello), save=False)))
    elif args.command == "export":
        from risiko_xl.files.export import export_values

        written = export_values(args.file, args.out, args.forza)
        print(f"Scritto {written}: copia con i soli valori (senza formule né macro)")
    elif args.command == "post" and args.formato == ALL_FORMATS:
        print("\n".join(_post_all(args)))
    elif args.command == "post":
        from risiko_xl.publish.posts import publish
        from risiko_xl.services.publication import post_source

        sections = _sections(args)
        text = _on_book(args, lambda b: publish(
            post_source(b), args.formato, args.turno, args.primi, sections,
            not args.senza_dicitura), save=False)
        if args.out is None or str(args.out) == "-":  # «-»: the screen, as Unix tools
            sys.stdout.write(text)
        else:
            from risiko_xl.files.writes import atomic_write_text

            what = f"del turno {args.turno}" if args.turno else "dell'ultimo turno"
            print(f"Scritto {atomic_write_text(args.out, text)}: post {what} (formato "
                  f"{args.formato})")
    elif args.command == "referti":
        from risiko_xl.publish.referti import default_path, write_referti
        from risiko_xl.services.publication import post_source

        out = args.out or default_path(args.file, args.turno)
        written = _on_book(args, lambda b: write_referti(post_source(b), args.turno, out,
                                                               args.per_pagina), save=False)
        print(f"Scritto {written}: referti del turno {args.turno}, uno per tavolo")
    elif args.command == "demo":
        from risiko_xl import demo

        demo.run(args.dir, args.formula, args.giocatori, args.club, args.turni)
    return 0
