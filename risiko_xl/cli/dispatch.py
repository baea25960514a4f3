"""One parsed command run: its output files checked, the workbook's lock held while it
writes, and the service the command names called."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from risiko_xl.cli import EXIT_FAILURE
from risiko_xl.cli.parser import WRITING
from risiko_xl.cli.posts import post_all, post_sections
from risiko_xl.cli.terminal import on_book, reader_left
from risiko_xl.cli.writing import ask_formula, formula_command, import_workbook, register_players
from risiko_xl.commands.model import Request
from risiko_xl.errors import RisikoError
from risiko_xl.publish import ALL as ALL_FORMATS


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
        if args.command in ("pubblica", "stagione") and args.formato == ALL_FORMATS:
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
        if args.command == "nuovo":
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
TEXT_OUTPUTS = {"pubblica": "il post è testo: scriverlo in un file .txt, .md o .html",
                "stagione": "il post è testo: scriverlo in un file .txt, .md o .html",
                "formula": "la formula si esporta in un file .json"}


def _outputs(args: argparse.Namespace) -> list[Path]:
    """The files a command writes besides the workbook it opens."""
    if args.command == "nuovo":
        return [args.file]
    if args.command == "esporta":
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
    if args.command == "chiudi":
        args.out = args.out or args.file.with_name(f"{args.file.stem}-ranking.xls")
    if args.command == "stagione" and args.out is not None and not args.pubblica:
        raise RisikoError("--out vale soltanto con --pubblica", valore=str(args.out))
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
    history.COMMAND.set(f"risiko-xl {args.command}")
    if args.command in WRITING and not _reads_only(args):
        warning = None
        if args.command not in ("nuovo", "stagione") or args.file.exists():
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


# the commands every face shares (`commands.desk`), as the command line runs them
SHARED = ("sorteggia", "classifica", "finali", "ritira", "verifica", "pubblica", "referti")


def _request(args: argparse.Namespace) -> Request:
    """A shared command's inputs from the arguments: the command line is its own answer
    to a command's question, except a redraw, which wants --forza."""
    file = str(args.file)

    def default_path(path: Path, round_no: int) -> Path:
        from risiko_xl.publish import referti  # imported by the score sheets only

        return referti.default_path(path, round_no)

    return Request(
        round_no=getattr(args, "turno", None), player=getattr(args, "id", None),
        repair=getattr(args, "ripara", False), seed=getattr(args, "seme", None),
        fmt=getattr(args, "formato", "bbcode-vb"), top=getattr(args, "primi", None),
        sections=post_sections(args) if args.command == "pubblica" else None,
        trademark=not getattr(args, "senza_dicitura", False),
        where=lambda n: args.out or default_path(args.file, n),
        per_page=getattr(args, "per_pagina", 1),
        confirmed=args.forza if args.command == "sorteggia" else True, file=file,
        names=lambda name, n: f"risiko-xl {name} {file}" + (f" --turno {n}" if n else ""))


def _shared(args: argparse.Namespace) -> int:
    """A command of `commands.desk` on the workbook; its report printed (a post written
    where --out says), exit 1 when a check found something wrong."""
    from risiko_xl.commands.desk import COMMANDS

    command = COMMANDS[args.command]
    report = on_book(args, lambda b: command.run(b, _request(args)), save=command.writes)
    try:
        if report.text is None:
            print("\n".join(report.lines))
        elif args.out is None or str(args.out) == "-":  # «-»: the screen, as Unix tools
            sys.stdout.write(report.text)
        else:
            from risiko_xl.files.writes import atomic_write_text

            what = f"del turno {args.turno}" if args.turno else "dell'ultimo turno"
            print(f"Scritto {atomic_write_text(args.out, report.text)}: post {what} (formato "
                  f"{args.formato})")
        sys.stdout.flush()
    except BrokenPipeError:  # `verifica … | head`: the exit code still says what was found
        reader_left()
    return EXIT_FAILURE if report.failed else 0


def _run(args: argparse.Namespace) -> int:
    if args.command == "nuovo":
        from risiko_xl.files.writes import backup_path
        from risiko_xl.formulas import load as load_formula
        from risiko_xl.workbooks.template import formula_settings, write_new

        if args.file.name.lower() in (".xlsx", ".xlsm"):  # Path(".xlsx").suffix is ""
            raise RisikoError(f"manca il nome del file prima di «{args.file.name}»: per "
                              f"esempio torneo{args.file.name}", valore=str(args.file))
        if args.file.exists() and not args.forza:
            raise RisikoError("il file esiste già: per sostituirlo con un torneo nuovo usare "
                              "--forza (la versione attuale resta nella copia di sicurezza "
                              f"{backup_path(args.file).name})", valore=str(args.file))
        formula = load_formula(args.formula or ask_formula())
        settings = formula_settings(formula)
        if args.nome:
            settings["Nome torneo"] = args.nome
        if args.lite:  # with xlwings Lite's code (build/lite.py)
            from risiko_xl.workbooks.lite import new_lite

            if args.file.suffix.lower() != ".xlsx":
                raise RisikoError("con --lite il file deve finire in .xlsx (xlwings Lite non "
                                  "usa le macro)", valore=args.file.name)
            created = new_lite(args.file, settings, formula=formula)
        elif args.file.suffix.lower() == ".xlsm":  # with the ribbon and the live functions
            from risiko_xl.workbooks.xlsm import new_xlsm

            created = new_xlsm(args.file, settings, formula=formula)
        else:
            created = write_new(args.file, settings, formula=formula)
        print(f"Creato {created} (formula {settings['Formula']})")
    elif args.command == "sorteggia" and args.tutti:
        from risiko_xl.services.all_rounds import draw_all

        if args.turno is not None:
            raise RisikoError("--tutti sorteggia tutti i turni: non si usa con --turno")
        print("\n".join(on_book(args, lambda b: draw_all(b, args.seme, args.forza))))
    elif args.command == "pubblica" and args.formato == ALL_FORMATS:
        print("\n".join(post_all(args)))
    elif args.command in SHARED:
        return _shared(args)
    elif args.command == "iscrivi":
        print("\n".join(on_book(args, lambda b: register_players(b, args))))
    elif args.command == "assente":
        from risiko_xl.services.absence import mark_absent

        print("\n".join(on_book(args, lambda b: mark_absent(
            b, args.id, args.turno, undo=args.annulla))))
    elif args.command == "decidi":
        from risiko_xl.services.decisions import record, rule_tie

        if args.ordine is not None:
            given = [o for o, v in (("--fase", args.fase), ("--entra", args.entra),
                                    ("--esce", args.esce), ("--tavolo", args.tavolo)) if v]
            if given:
                raise RisikoError(f"--ordine non va con {', '.join(given)}: una decisione "
                                  "alla volta", valore=given[0])
            print("\n".join(on_book(args, lambda b: rule_tie(b, args.ordine, args.motivo))))
        elif args.fase is None or args.entra is None:
            raise RisikoError("indicare --fase e --entra (un posto in una fase finale) oppure "
                              "--ordine (giocatori a pari in classifica)")
        else:
            print("\n".join(on_book(args, lambda b: record(
                b, args.fase, args.entra, args.esce, args.tavolo, args.motivo))))
    elif args.command == "formula":
        print("\n".join(on_book(args, lambda b: formula_command(b, args),
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
            print("\n".join(import_workbook(args)))
        if warning:
            print(warning, file=sys.stderr)
    elif args.command == "esporta" and args.gestionetorneo is not None:
        from risiko_xl.services.export_gt import export_gestionetorneo

        print("\n".join(on_book(args, lambda b: export_gestionetorneo(
            b, args.gestionetorneo, args.forza, args.modello), save=False)))
    elif args.command == "stagione":
        from risiko_xl.cli.season import season_command

        print("\n".join(season_command(args)))
    elif args.command == "sala" and args.conferma:
        from risiko_xl.sala.serve import confirm

        lines, refused = confirm(args.file, args.conferma)
        print("\n".join(lines))
        return EXIT_FAILURE if refused else 0
    elif args.command == "sala" and args.orologio:
        from risiko_xl.sala.serve import control

        print(control(args.file, args.orologio, args.minuti, args.tavolo))
    elif args.command == "sala":
        from risiko_xl.sala.serve import serve

        serve(args.file, args.porta, args.indirizzo)
    elif args.command == "chiudi":
        from risiko_xl.services.close_out import close_out

        lines, failed = on_book(args, lambda b: close_out(b, args.out, args.forza, args.modello),
                                save=False)
        print("\n".join(lines))
        return EXIT_FAILURE if failed else 0
    elif args.command == "esporta":
        from risiko_xl.files.export import export_values

        written = export_values(args.file, args.out, args.forza)
        print(f"Scritto {written}: copia con i soli valori (senza formule né macro)")
    elif args.command == "demo":
        from risiko_xl import demo

        demo.run(args.dir, args.formula, args.giocatori, args.club, args.turni)
    return 0
