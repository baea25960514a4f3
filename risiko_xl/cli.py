"""`risiko-xl`: the command line (headless face) over the same service functions.

Every command that changes the workbook saves it atomically, keeping the previous
version as `NAME.bak.xlsx` (`ripristina` brings it back); on an error nothing is
written. Exit codes: 0 done, 2 bad input (one Italian line naming sheet, row, column and
value), 1 anything else.
"""

from __future__ import annotations

import argparse
import difflib
import inspect
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from risiko_xl import __version__
from risiko_xl.errors import RisikoError, os_problem
from risiko_xl.publish import ALL as ALL_FORMATS
from risiko_xl.publish import FORMAT_CHOICES
from risiko_xl.publish import SECTIONS as POST_SECTIONS
from risiko_xl.tournament.sheet_errors import on_sheet

EXIT_BAD_INPUT, EXIT_FAILURE = 2, 1
WRITING = ("new", "draw", "standings", "finals", "ritira", "ripristina",  # change the file
           "iscrivi")
BAD_PATHS = (FileNotFoundError, NotADirectoryError, IsADirectoryError)  # a wrong argument
ARGPARSE_ERRORS = (  # argparse's English errors (Python 3.10-3.13), in Italian
    (r"the following arguments are required: (.*)", r"mancano argomenti obbligatori: \1"),
    (r"unrecognized arguments: (.*)", r"argomenti non riconosciuti: \1"),
    (r"one of the arguments (.*) is required", r"serve uno degli argomenti \1"),
    (r"ambiguous option: (\S+) could match (.*)", r"opzione ambigua \1 (può essere \2)"),
    (r"argument COMANDO: invalid choice: (.*?) \(choose from (.*)\)",
     r"comando sconosciuto \1 (disponibili: \2)"),
    (r"argument (\S+): invalid (\w+) value: (.*)",
     r"argomento \1: serve un numero intero (valore trovato: \3)"),
    (r"argument (\S+): invalid choice: (.*?) \(choose from (.*)\)",
     r"argomento \1: valore non ammesso \2 (ammessi: \3)"),
    (r"argument (\S+): expected one argument", r"argomento \1: manca il valore"),
    (r"argument (\S+): expected (.*) arguments?", r"argomento \1: numero di valori errato"),
    (r"argument (\S+): ignored explicit argument (.*)",
     r"argomento \1: non vuole un valore (valore trovato: \2)"),
    (r"argument (\S+): not allowed with argument (.*)",
     r"argomento \1: non si usa insieme a \2"),
    (r"argument (\S+): (.*)", r"argomento \1: \2"),  # our own ArgumentTypeError text
)


class BadArguments(Exception):
    """The command line does not parse: an Italian message for the organiser."""


# the commands in Italian; the English names of earlier versions stay as aliases
ITALIAN = {"new": "nuovo", "draw": "sorteggia", "standings": "classifica", "finals": "finali",
           "ritira": "ritira", "verify": "verifica", "ripristina": "ripristina",
           "export": "esporta", "post": "pubblica", "referti": "referti", "demo": "demo",
           "iscrivi": "iscrivi"}
ENGLISH = {"iscrivi": "register"}  # English aliases of commands born Italian


class _Help(argparse.HelpFormatter):
    """argparse's help with Italian headings (its own words are English)."""

    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[override]
        super().add_usage(usage, actions, groups, "Uso: " if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse with one Italian error line (no usage block), exit code 2, and Italian help
    (headings «Uso», «argomenti», «opzioni»; -h/--help described in Italian)."""

    def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        kwargs.setdefault("formatter_class", _Help)
        kwargs["add_help"] = False
        for option in ("suggest_on_error", "color"):  # Python 3.14: English hints, colours
            if option in inspect.signature(argparse.ArgumentParser).parameters:
                kwargs[option] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = "argomenti"
        self._optionals.title = "opzioni"
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help="mostra questo aiuto ed esce")

    def error(self, message: str) -> NoReturn:
        message = re.sub(r",? maybe you meant .*?\?(?= \(choose from)", "", message)
        hint = _close_choice(message)
        for pattern, italian in ARGPARSE_ERRORS:
            if re.fullmatch(pattern, message, flags=re.DOTALL):
                message = re.sub(pattern, italian, message, flags=re.DOTALL)
                break
        if hint:
            message = message.replace(" (disponibili:", f": forse intendevi «{hint}»? "
                                      "(disponibili:", 1).replace(
                " (ammessi:", f": forse intendevi «{hint}»? (ammessi:", 1)
        raise BadArguments(f"{message[:1].upper()}{message[1:]} (vedere «{self.prog} --help»)")


def _close_choice(message: str) -> str | None:
    """The choice closest to the invalid one argparse names (difflib), if any."""
    found = re.search(r"invalid choice: '?(.*?)'? \(choose from (.*)\)", message, re.DOTALL)
    if found is None:
        return None
    choices = [c.strip().strip("'") for c in found[2].split(",")]
    close = difflib.get_close_matches(found[1], choices, n=1, cutoff=0.6)
    return close[0] if close else None


def _positive(text: str) -> int:
    """An argparse type: a whole number from 1 up."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"serve un numero intero maggiore di zero (valore "
                                         f"trovato: {text!r})")
    return value


def _printable(what: str) -> Callable[[str], str]:
    """An argparse type: printable text (a seed recorded in Sorteggi, a tournament's name
    written in the workbook and printed on every sheet)."""
    def check(text: str) -> str:
        bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Cs")), None)
        if bad is not None:
            raise argparse.ArgumentTypeError(
                f"{what} contiene un carattere di controllo (U+{ord(bad):04X}): usare "
                "lettere, cifre e segni stampabili")
        if not text.strip():
            empty = "vuota" if what.startswith("la ") else "vuoto"
            raise argparse.ArgumentTypeError(f"{what} è {empty}")
        return text
    return check


ZWSP = "\u200b"


def _seed(text: str) -> str:
    """An argparse type: a draw's seed. Zero-width spaces are dropped first: a seed
    copied from a chat post carries the ones that keep it from becoming a link, and a
    recorded seed never holds one (format characters are refused below)."""
    return _printable("il seme")(text.replace(ZWSP, ""))


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="risiko-xl", description="Tornei di RisiKo! in Excel e da riga di "
                     "comando")
    parser.add_argument("--version", action="version", version=f"risiko-xl {__version__}",
                        help="mostra la versione ed esce")
    commands = parser.add_subparsers(dest="comando", required=True, metavar="COMANDO",
                                     title="comandi")

    def command(name: str, text: str) -> argparse.ArgumentParser:
        italian = ITALIAN[name]
        aliases = [name] if italian != name else []
        aliases += [ENGLISH[name]] if name in ENGLISH else []
        sub = commands.add_parser(italian, aliases=aliases, help=text, description=text)
        sub.set_defaults(command=name)  # the program's own name for it, whichever was typed
        if name not in ("demo",):
            sub.add_argument("file", type=Path, help="cartella di lavoro del torneo (.xlsx/.xlsm)")
        return sub

    new = command("new", "crea una nuova cartella di lavoro del torneo")
    new.add_argument("--formula", default=None, help="formula del torneo (es. master); "
                     "senza, il comando elenca le formule e chiede quale usare")
    new.add_argument("--nome", type=_printable("il nome"), default=None,
                     help="nome del torneo")
    new.add_argument("--forza", action="store_true", help="sostituisce un file esistente (la "
                     "versione attuale resta nella copia NOME.bak.xlsx)")
    draw = command("draw", "sorteggia un turno preliminare e prepara le righe dei risultati")
    draw.add_argument("--turno", type=_positive, default=None,
                      help="turno (predefinito: il prossimo)")
    draw.add_argument("--seme", type=_seed, default=None, help="seme del sorteggio "
                      "(predefinito: quello del torneo in Impostazioni)")
    draw.add_argument("--forza", action="store_true",
                      help="ripete un turno già sorteggiato (le righe vanno in Archivio)")
    draw.add_argument("--tutti", action="store_true",
                      help="sorteggia insieme tutti i turni preliminari, prima di giocarli "
                      "(formule i cui criteri non dipendono dai risultati)")
    command("standings", "calcola punti e classifica")
    command("finals", "prepara la fase finale successiva o la classifica finale")
    withdraw = command("ritira", "ritira un giocatore (sostituendolo se già qualificato)")
    withdraw.add_argument("id", help="ID del giocatore")
    withdraw.add_argument("--ripara", action="store_true", help="ripara i tavoli dei turni "
                          "già sorteggiati e non giocati con il minimo di spostamenti")
    command("verify", "ricalcola tutto e ripete i sorteggi, senza modificare il file")
    restore = command("ripristina", "torna alla versione precedente del file (la copia "
                      "NOME.bak.xlsx fatta dall'ultima modifica); la versione sostituita "
                      "diventa la nuova copia, quindi ripetere il comando annulla il ripristino")
    restore.add_argument("numero", nargs="?", type=_positive, default=None,
                         help="versione dello storico da riportare (1 = la più recente; "
                         "vedere --elenco)")
    restore.add_argument("--elenco", action="store_true",
                         help="elenca le ultime versioni salvate (data, comando che le ha "
                         "scritte)")
    register = command("iscrivi", "iscrive un giocatore (o un elenco con --da) e gli assegna "
                       "il primo ID libero")
    register.add_argument("nome", nargs="?", type=_printable("il nome"), default=None,
                          help="«Nome Cognome» del giocatore "
                          "(la prima parola è il nome, il resto il cognome)")
    register.add_argument("--cognome", type=_printable("il cognome"), default=None,
                          help="il cognome, quando è di più parole "
                          "(es. «Maria De Luca» --cognome «De Luca»)")
    register.add_argument("--nickname", type=_printable("il nickname"), default=None,
                          help="soprannome")
    register.add_argument("--club", type=_printable("il club"), default=None, help="club")
    register.add_argument("--regione", type=_printable("la regione"), default=None,
                          help="regione")
    register.add_argument("--dal-turno", type=_positive, default=None, help="primo turno "
                          "giocato, per chi arriva tardi (predefinito: il prossimo turno non "
                          "ancora sorteggiato)")
    register.add_argument("--da", type=Path, default=None, help="elenco da importare (.csv o "
                          ".xlsx con le intestazioni Nome, Cognome, Nickname, Club, Regione; "
                          "facoltative ID e Dal turno)")
    register.add_argument("--ripara", action="store_true", help="fa sedere i nuovi iscritti "
                          "nei turni già sorteggiati e non giocati, riparandone i tavoli con il "
                          "minimo di spostamenti")
    register.add_argument("--forza", action="store_true", help="iscrive anche un omonimo già "
                          "iscritto (stesso nome, cognome e club) e scrive anche se il file "
                          "risulta aperto in Excel o LibreOffice")
    for name in WRITING:
        if name not in ("new", "draw", "iscrivi"):  # theirs has a meaning of its own
            commands.choices[name].add_argument(
                "--forza", action="store_true",
                help="scrive anche se il file risulta aperto in Excel o LibreOffice")
    export = command("export", "copia con i soli valori, per chi non ha il componente")
    export.add_argument("out", type=Path, help="file .xlsx da scrivere")
    post = command("post", "scrive il post dei risultati di un turno (forum, chat o pagina "
                   "HTML)")
    post.add_argument("--formato", default="bbcode-vb", choices=FORMAT_CHOICES,
                      help="bbcode-vb (forum EG), bbcode-phpbb, markdown, testo, html, "
                      "schermo (pagina per proiettore o TV), tutti (ogni formato in una "
                      "cartella)")
    post.add_argument("--turno", type=_positive, default=None,
                      help="turno (predefinito: l'ultimo sorteggiato se non ha ancora "
                      "risultati, e se ne annunciano i tavoli; altrimenti l'ultimo con tutti "
                      "i risultati)")
    post.add_argument("--out", type=Path, default=None, help="file da scrivere (predefinito: "
                      "lo schermo); con --formato tutti la cartella (predefinita: NOME-post-"
                      "turno-N accanto alla cartella di lavoro)")
    post.add_argument("--primi", type=_positive, default=None,
                      help="solo i primi N della classifica")
    post.add_argument("--sezioni", default=None, help="sezioni separate da virgole fra: "
                      + ", ".join(POST_SECTIONS))
    post.add_argument("--senza-dicitura", action="store_true",
                      help="omette la dicitura legale sul marchio RisiKo! (richiesta dal RTU)")
    sheets = command("referti", "stampa i referti di gara, uno per tavolo (PDF o HTML)")
    sheets.add_argument("--turno", type=_positive, required=True, help="turno")
    sheets.add_argument("--out", type=Path, default=None, help="file .pdf o .html (predefinito: "
                        "accanto alla cartella di lavoro)")
    sheets.add_argument("--per-pagina", type=int, default=1, choices=(1, 2),
                        help="referti per foglio A4")
    demo = command("demo", "gioca un torneo dimostrativo e ne scrive la cartella di lavoro")
    demo.add_argument("dir", nargs="?", default="demo", type=Path,
                      help="cartella dei risultati (predefinita: demo)")
    demo.add_argument("--formula", default="master", help="formula (predefinita: master)")
    demo.add_argument("--giocatori", type=_positive, default=37, help="iscritti (37)")
    demo.add_argument("--club", type=_positive, default=9, help="club (9)")
    demo.add_argument("--turni", type=_positive, default=None,
                      help="turni preliminari (predefiniti: quelli della formula)")
    return parser


class _Progress:
    """Phases of a command on one carriage-return line of stderr («Sorteggio…»), only when
    stderr is a terminal: tests and pipes stay clean. Cleared when the command ends."""

    def __init__(self) -> None:
        self.shown = 0

    def __call__(self, text: str) -> None:
        if not sys.stderr.isatty():
            return
        sys.stderr.write("\r" + text.ljust(self.shown))
        sys.stderr.flush()
        self.shown = len(text)

    def done(self) -> None:
        if self.shown:
            self(" " * self.shown)
            sys.stderr.write("\r")
            self.shown = 0


PHASES = {"draw": "sorteggio", "standings": "calcolo della classifica", "finals":
          "fasi finali", "iscrivi": "iscrizione", "ritira": "ritiro", "verify": "ricalcolo "
          "e ripetizione dei sorteggi", "post": "preparazione del post", "referti":
          "preparazione dei referti"}


def _on_book(args: argparse.Namespace, work: Callable, save: bool = True) -> Sequence[str]:
    """work(book) on the command's workbook, saved after unless `save` is False; the
    phases shown on a terminal (`_Progress`)."""
    from risiko_xl.books.openpyxl_book import OpenpyxlBook

    path, command = args.file, args.command
    progress = _Progress()
    try:
        progress(f"Lettura di {path.name}…")
        book = OpenpyxlBook(path)
        progress(f"{PHASES.get(command, 'lavoro').capitalize()}…")
        lines = work(book)
        if save:
            progress(f"Salvataggio di {path.name}…")
            book.save()
    finally:
        progress.done()
    return lines


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
        protected = [args.file, backup_path(args.file)]
        inside_history = Path(os.path.realpath(written)).parent == Path(
            os.path.realpath(history.folder(args.file)))
        if inside_history or any(
                _same_file(written, p) or Path(os.path.realpath(written)) == Path(
                    os.path.realpath(p)) for p in protected):
            raise RisikoError("il file da scrivere è la cartella di lavoro stessa (o una sua "
                              "copia di sicurezza): indicare un nome diverso", valore=str(written))
        if args.command == "post" and written.suffix.lower() in (".xlsx", ".xlsm", ".xls"):
            raise RisikoError("il post è testo: scriverlo in un file .txt, .md o .html, mai "
                              "sopra una cartella di lavoro", valore=str(written))


def _outputs(args: argparse.Namespace) -> list[Path]:
    """The files a command writes besides the workbook it opens."""
    if args.command == "new":
        return [args.file]
    if args.command == "export":
        return [args.out]
    return [args.out] if getattr(args, "out", None) is not None else []


def run(args: argparse.Namespace) -> int:
    """Execute one parsed command; returns the exit code. Commands that change the
    workbook hold its lock throughout and refuse a file open in Excel or LibreOffice."""
    from risiko_xl.files import history
    from risiko_xl.files.lock import open_elsewhere, refuse_if_open, writing

    _check_outputs(args)
    history.COMMAND.set(f"risiko-xl {ITALIAN[args.command]}")
    if args.command in WRITING and not getattr(args, "elenco", False):
        if args.command != "new" or args.file.exists():
            refuse_if_open(args.file, args.forza)
        with writing(args.file):
            return _run(args)
    if args.command not in ("demo",) and (where := open_elsewhere(args.file)):
        print(f"Attenzione: il file è aperto in {where}: si leggono i dati salvati per "
              "ultimi (le modifiche non salvate non contano).", file=sys.stderr)
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    from risiko_xl.services import finals_sheet, rounds, verify

    if args.command == "new":
        from risiko_xl.build.template import formula_settings, write_new

        if args.file.exists() and not args.forza:
            raise RisikoError("il file esiste già: per sostituirlo con un torneo nuovo usare "
                              "--forza (la versione attuale resta nella copia di sicurezza "
                              "NOME.bak.xlsx)", valore=str(args.file))
        settings = formula_settings(args.formula or _ask_formula())
        if args.nome:
            settings["Nome torneo"] = args.nome
        if args.file.suffix.lower() == ".xlsm":  # with the ribbon and the live functions
            from risiko_xl.build.xlsm import new_xlsm

            created = new_xlsm(args.file, settings)
        else:
            created = write_new(args.file, settings)
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
        print("\n".join(_on_book(args, _standings)))
    elif args.command == "finals":
        print("\n".join(_on_book(args, lambda b: finals_sheet.run_finals(b).lines)))
    elif args.command == "iscrivi":
        print("\n".join(_on_book(args, lambda b: _register(b, args))))
    elif args.command == "ritira":
        print("\n".join(_on_book(args, lambda b: finals_sheet.withdraw(b, args.id,
                                                                       repair=args.ripara))))
    elif args.command == "verify":
        found: list[str] = []

        def check(book) -> list[str]:
            lines, summary = verify.verify(book)
            found.extend(lines)
            return [*lines, summary]

        print("\n".join(_on_book(args, check, save=False)))
        return EXIT_FAILURE if found else 0
    elif args.command == "ripristina":
        from risiko_xl.files import restore

        if args.elenco:
            print("\n".join(restore.listing(args.file)))
        elif args.numero is not None:
            print("\n".join(restore.restore_version(args.file, args.numero)))
        else:
            print("\n".join(restore.restore(args.file)))
    elif args.command == "export":
        from risiko_xl.files.export import export_values

        print(f"Scritto {export_values(args.file, args.out)}: copia con i soli valori (senza "
              "formule né macro)")
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


def _sections(args: argparse.Namespace) -> tuple[str, ...] | None:
    """`--sezioni a,b`: the chosen sections (None: the post's own choice); a list that
    names none is refused rather than giving an empty post."""
    if args.sezioni is None:
        return None
    chosen = tuple(part.strip() for part in args.sezioni.split(",") if part.strip())
    if not chosen:
        raise RisikoError("--sezioni non nomina nessuna sezione: indicarne almeno una fra "
                          + ", ".join(POST_SECTIONS), valore=args.sezioni)
    return chosen


def _post_all(args: argparse.Namespace) -> list[str]:
    """`pubblica --formato tutti`: every format from one load of the workbook, written
    into a folder (default: NOME-post-turno-N beside the workbook)."""
    from risiko_xl.files.writes import atomic_write_text, writable_target
    from risiko_xl.publish.posts import file_name, publish_all
    from risiko_xl.services.publication import post_source

    sections = _sections(args)
    round_no, texts = _on_book(args, lambda b: publish_all(
        post_source(b), args.turno, args.primi, sections, not args.senza_dicitura),
        save=False)
    folder = args.out or args.file.parent / f"{args.file.stem}-post-turno-{round_no}"
    folder.mkdir(parents=True, exist_ok=True)
    targets = {fmt: folder / file_name(round_no, fmt) for fmt in texts}
    for target in targets.values():  # every file checked before the first is written
        if target.exists() and not target.is_file():
            raise RisikoError("il file da scrivere non è un file normale (una cartella, un "
                              "dispositivo o una pipe): nessun post scritto",
                              valore=str(target))
        writable_target(target)
    return [f"Scritto {atomic_write_text(targets[fmt], text)}" for fmt, text in texts.items()]


def _register(book, args: argparse.Namespace) -> list[str]:
    """`iscrivi`: one player from the arguments, or a list (`--da`)."""
    from risiko_xl.services.register import NewPlayer, id_span, late_warning, register, split_name
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
    ids = register(book, players, args.forza)
    t = load(book)
    drawn = t.rounds_drawn()
    if len(ids) == 1:
        e = t.by_id[ids[0]]
        club = f" ({e.club})" if e.club else ""
        lines = [f"Iscritto {e.id} {e.shown()}{club} dal turno {e.from_round}"
                 + (f" da {source}" if source else "")]
    else:
        lines = [f"Iscritti {len(ids)} giocatori ({id_span(ids)}) da {source}"]
    if ignored:
        lines.append("Colonne ignorate: " + ", ".join(ignored))
    if args.ripara:
        return lines + _seat_arrivals(book, t, ids)
    for round_no in sorted({t.by_id[pid].from_round for pid in ids}):
        who = [f"{pid} {t.by_id[pid].name}".rstrip() for pid in ids
               if t.by_id[pid].from_round == round_no]
        warning = late_warning(drawn, round_no, who if len(ids) > 1 else ())
        if warning:
            lines.append(warning)
    return lines


def _seat_arrivals(book, t, ids: list[str]) -> list[str]:
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


def _ask_formula() -> str:
    """`nuovo` without --formula: on a terminal, the formulas listed with their titles and
    one chosen by number or name; otherwise refused (never a silent default)."""
    from risiko_xl.formulas import load
    from risiko_xl.formulas.loader import names

    choices = names()
    if not sys.stdin.isatty():
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


def _standings(book) -> Sequence[str]:
    """`standings`: the typed rows checked against the draws and the phases first."""
    from risiko_xl.services import phase_check, standings_sheet
    from risiko_xl.tournament.loading import load

    t = load(book)
    phase_check.check_seatings(t)
    phase_check.check_phase_rows(t)
    return standings_sheet.update_standings(book).lines


def _os_error(err: OSError) -> str:
    """An OSError in Italian, naming the folder when that is what is missing."""
    if err.filename is None:
        return os_problem(err)
    # a rename onto a folder: the folder in the way is the second name
    name = err.filename2 if isinstance(err, IsADirectoryError) and err.filename2 else err.filename
    path = Path(os.fsdecode(name))
    if isinstance(err, FileNotFoundError) and not path.parent.is_dir():
        return f"la cartella «{path.parent}» non esiste"
    return f"{os_problem(err)}: {path}"


class _Terminal:
    """The command's output with bidirectional controls removed: a name typed in Excel
    with U+202E would otherwise print reversed in the lines read out in the room."""

    def __init__(self, stream) -> None:  # type: ignore[no-untyped-def]
        self._stream = stream

    def write(self, text: str) -> int:
        from risiko_xl.publish.safe_text import neutral_bidi

        return self._stream.write(neutral_bidi(text))

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self._stream, name)


def main(argv: list[str] | None = None) -> int:
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Terminal(out), _Terminal(err)
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _main(argv: list[str] | None) -> int:
    try:
        args = _parser().parse_args(argv)
    except BadArguments as err:
        print(f"Errore: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return run(args)
    except RisikoError as err:
        print(f"Errore: {on_sheet(err)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # `risiko-xl draw … | head`: the work is done, the reader left
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:
        text = _os_error(err)
        print(f"Errore: {text[:1].upper()}{text[1:]}", file=sys.stderr)
        return EXIT_BAD_INPUT if isinstance(err, BAD_PATHS) else EXIT_FAILURE
    except Exception as err:  # never a traceback for the organiser
        if os.environ.get("RISIKO_DEBUG"):
            raise
        print(f"Errore interno ({type(err).__name__}): {err}. Il file non è stato modificato; "
              "segnalare il problema con il file allegato.", file=sys.stderr)
        return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
