"""`risiko-xl`: the command line (headless face) over the same service functions.

Every command that changes the workbook saves it atomically, keeping the previous
version as `NAME.bak.xlsx` (`ripristina` brings it back); on an error nothing is
written. Exit codes: 0 done, 2 bad input (one Italian line naming sheet, row, column and
value), 1 anything else.
"""

from __future__ import annotations

import argparse
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

EXIT_BAD_INPUT, EXIT_FAILURE = 2, 1
WRITING = ("new", "draw", "standings", "finals", "ritira", "ripristina")  # change the file
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
           "export": "esporta", "post": "pubblica", "referti": "referti", "demo": "demo"}


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
        super().__init__(*args, **kwargs)
        self._positionals.title = "argomenti"
        self._optionals.title = "opzioni"
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help="mostra questo aiuto ed esce")

    def error(self, message: str) -> NoReturn:
        for pattern, italian in ARGPARSE_ERRORS:
            if re.fullmatch(pattern, message, flags=re.DOTALL):
                message = re.sub(pattern, italian, message, flags=re.DOTALL)
                break
        raise BadArguments(f"{message[:1].upper()}{message[1:]} (vedere «{self.prog} --help»)")


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
            raise argparse.ArgumentTypeError(f"{what} è vuoto")
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
        sub = commands.add_parser(italian, aliases=aliases, help=text, description=text)
        sub.set_defaults(command=name)  # the program's own name for it, whichever was typed
        if name not in ("demo",):
            sub.add_argument("file", type=Path, help="cartella di lavoro del torneo (.xlsx/.xlsm)")
        return sub

    new = command("new", "crea una nuova cartella di lavoro del torneo")
    new.add_argument("--formula", default="master", help="formula del torneo (es. master)")
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
    command("standings", "calcola punti e classifica")
    command("finals", "prepara la fase finale successiva o la classifica finale")
    withdraw = command("ritira", "ritira un giocatore (sostituendolo se già qualificato)")
    withdraw.add_argument("id", help="ID del giocatore")
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
    for name in WRITING:
        if name not in ("new", "draw"):  # theirs has a meaning of its own, said in --help
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


def _on_book(path: Path, work: Callable, save: bool = True) -> Sequence[str]:
    from risiko_xl.workbook.openpyxl_book import OpenpyxlBook

    book = OpenpyxlBook(path)
    lines = work(book)
    if save:
        book.save()
    return lines


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.exists() and other.exists() and os.path.samefile(one, other)
    except OSError:
        return False


def _check_outputs(args: argparse.Namespace) -> None:
    """An output file is never the workbook, its backup or a version of its history."""
    from risiko_xl.workbook import history
    from risiko_xl.workbook.files import backup_path

    for written in _outputs(args):
        if args.command == "post" and args.formato == ALL_FORMATS:
            if written.exists() and not written.is_dir():
                raise RisikoError("con --formato tutti, --out indica una cartella (creata se "
                                  "manca), non un file", valore=str(written))
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
    from risiko_xl.workbook import history
    from risiko_xl.workbook.lock import open_elsewhere, refuse_if_open, writing

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
    from risiko_xl.workbook import finals_sheet, rounds, verify

    if args.command == "new":
        from risiko_xl.workbook.template import formula_settings, write_new

        if args.file.exists() and not args.forza:
            raise RisikoError("il file esiste già: per sostituirlo con un torneo nuovo usare "
                              "--forza (la versione attuale resta nella copia di sicurezza "
                              "NOME.bak.xlsx)", valore=str(args.file))
        settings = formula_settings(args.formula)
        if args.nome:
            settings["Nome torneo"] = args.nome
        if args.file.suffix.lower() == ".xlsm":  # with the ribbon and the live functions
            from risiko_xl.workbook.xlsm import new_xlsm

            created = new_xlsm(args.file, settings)
        else:
            created = write_new(args.file, settings)
        print(f"Creato {created} (formula {settings['Formula']})")
    elif args.command == "draw":
        print("\n".join(_on_book(args.file, lambda b: rounds.draw_round(
            b, args.turno, args.seme, args.forza).lines)))
    elif args.command == "standings":
        print("\n".join(_on_book(args.file, _standings)))
    elif args.command == "finals":
        print("\n".join(_on_book(args.file, lambda b: finals_sheet.run_finals(b).lines)))
    elif args.command == "ritira":
        print("\n".join(_on_book(args.file, lambda b: finals_sheet.withdraw(b, args.id))))
    elif args.command == "verify":
        found: list[str] = []

        def check(book) -> list[str]:
            lines, summary = verify.verify(book)
            found.extend(lines)
            return [*lines, summary]

        print("\n".join(_on_book(args.file, check, save=False)))
        return EXIT_FAILURE if found else 0
    elif args.command == "ripristina":
        from risiko_xl.workbook import restore

        if args.elenco:
            print("\n".join(restore.listing(args.file)))
        elif args.numero is not None:
            print("\n".join(restore.restore_version(args.file, args.numero)))
        else:
            print("\n".join(restore.restore(args.file)))
    elif args.command == "export":
        from risiko_xl.workbook.export import export_values

        print(f"Scritto {export_values(args.file, args.out)}")
    elif args.command == "post" and args.formato == ALL_FORMATS:
        print("\n".join(_post_all(args)))
    elif args.command == "post":
        from risiko_xl.publish.posts import publish

        sections = None if args.sezioni is None else tuple(
            part.strip() for part in args.sezioni.split(",") if part.strip())
        text = _on_book(args.file, lambda b: publish(
            b, args.formato, args.turno, args.primi, sections, not args.senza_dicitura),
            save=False)
        if args.out is None:
            sys.stdout.write(text)
        else:
            from risiko_xl.workbook.files import atomic_write_text

            print(f"Scritto {atomic_write_text(args.out, text)}")
    elif args.command == "referti":
        from risiko_xl.publish.referti import default_path, write_referti

        out = args.out or default_path(args.file, args.turno)
        written = _on_book(args.file, lambda b: write_referti(b, args.turno, out,
                                                               args.per_pagina), save=False)
        print(f"Scritto {written}")
    elif args.command == "demo":
        from risiko_xl import demo

        demo.run(args.dir, args.formula, args.giocatori, args.club, args.turni)
    return 0


def _post_all(args: argparse.Namespace) -> list[str]:
    """`pubblica --formato tutti`: every format from one load of the workbook, written
    into a folder (default: NOME-post-turno-N beside the workbook)."""
    from risiko_xl.publish.posts import file_name, publish_all
    from risiko_xl.workbook.files import atomic_write_text

    sections = None if args.sezioni is None else tuple(
        part.strip() for part in args.sezioni.split(",") if part.strip())
    round_no, texts = _on_book(args.file, lambda b: publish_all(
        b, args.turno, args.primi, sections, not args.senza_dicitura), save=False)
    folder = args.out or args.file.parent / f"{args.file.stem}-post-turno-{round_no}"
    folder.mkdir(parents=True, exist_ok=True)
    return [f"Scritto {atomic_write_text(folder / file_name(round_no, fmt), text)}"
            for fmt, text in texts.items()]


def _standings(book) -> Sequence[str]:
    """`standings`: the typed rows checked against the draws and the phases first."""
    from risiko_xl.workbook import phase_check, standings_sheet
    from risiko_xl.workbook.state import load

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


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except BadArguments as err:
        print(f"Errore: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        return run(args)
    except RisikoError as err:
        print(f"Errore: {err}", file=sys.stderr)
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
