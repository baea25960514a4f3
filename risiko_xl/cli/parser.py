"""The command line's arguments: the commands' Italian names and their English aliases, the
argument types (whole numbers, printable text, seeds); argparse speaks Italian in
`italian_argparse`."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from risiko_xl import __version__
from risiko_xl.cli.italian_argparse import Parser
from risiko_xl.names import unprintable
from risiko_xl.publish import FORMAT_CHOICES, FORMAT_HELP
from risiko_xl.publish import SECTIONS as POST_SECTIONS
from risiko_xl.sala import CLOCK_ACTIONS

WRITING = ("nuovo", "sorteggia", "classifica", "finali", "ritira", "ripristina",  # change the file
           "iscrivi", "formula", "decidi", "assente", "stagione")
# the English names of earlier versions, kept as aliases of the Italian commands
ALIASES = {"nuovo": ("new",), "sorteggia": ("draw",), "classifica": ("standings",),
           "finali": ("finals",), "verifica": ("verify",), "esporta": ("export",),
           "pubblica": ("post",), "iscrivi": ("register",)}


def _workbook(text: str) -> Path:
    """An argparse type: the workbook's path. «-» (standard input or output elsewhere) is
    refused: `nuovo - > torneo.xlsx` would write a file named «-» and a message where the
    workbook was expected; every write goes to a named file (with its backup)."""
    if text == "-":
        raise argparse.ArgumentTypeError(
            "serve il nome della cartella di lavoro (es. torneo.xlsx): i comandi non leggono "
            "e non scrivono lo standard input o output (valore trovato: '-')")
    return Path(text)


def _positive(text: str) -> int:
    """An argparse type: a whole number from 1 up, in ASCII digits only (`int` would take
    «٢», «２» and «+2» too)."""
    value = int(text) if text.isascii() and text.isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"serve un numero intero maggiore di zero (valore "
                                         f"trovato: {text!r})")
    return value


def _printable(what: str) -> Callable[[str], str]:
    """An argparse type: printable text (a seed recorded in Sorteggi, a tournament's name
    written in the workbook and printed on every sheet)."""
    def check(text: str) -> str:
        bad = unprintable(text)
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


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="risiko-xl", description="Tornei di RisiKo! in Excel e da riga di "
                     "comando")
    parser.add_argument("--version", action="version", version=f"risiko-xl {__version__}",
                        help="mostra la versione ed esce")
    commands = parser.add_subparsers(dest="comando", required=True, metavar="COMANDO",
                                     title="comandi")

    def command(name: str, text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, aliases=list(ALIASES.get(name, ())), help=text,
                                  description=text)
        sub.set_defaults(command=name)  # its Italian name, whichever alias was typed
        if name == "importa":
            sub.add_argument("file", type=Path, help="cartella di lavoro di GestioneTorneo "
                             "(ModuloTorneo.xls; anche .xlsx o .ods)")
        elif name == "stagione":
            sub.add_argument("file", type=_workbook, help="cartella di lavoro della stagione "
                             "(.xlsx; creata la prima volta)")
        elif name not in ("demo",):
            sub.add_argument("file", type=_workbook,
                             help="cartella di lavoro del torneo (.xlsx/.xlsm)")
        return sub

    new = command("nuovo", "crea una nuova cartella di lavoro del torneo")
    new.add_argument("--formula", default=None, help="formula del torneo (es. master); "
                     "senza, il comando elenca le formule e chiede quale usare")
    new.add_argument("--nome", type=_printable("il nome"), default=None, help="nome del torneo")
    new.add_argument("--forza", action="store_true", help="sostituisce un file esistente (la "
                     "versione attuale resta nella copia NOME.bak.xlsx)")
    new.add_argument("--lite", action="store_true", help="con il codice per il componente "
                     "aggiuntivo xlwings Lite (Excel su Windows, Mac e web, senza installare "
                     "Python): un file .xlsx")
    draw = command("sorteggia", "sorteggia un turno preliminare e prepara le righe dei risultati")
    draw.add_argument("--turno", type=_positive, default=None,
                      help="turno (predefinito: il prossimo)")
    draw.add_argument("--seme", type=_seed, default=None, help="seme del sorteggio "
                      "(predefinito: quello del torneo in Impostazioni)")
    draw.add_argument("--forza", action="store_true",
                      help="ripete un turno già sorteggiato (le righe vanno in Archivio)")
    draw.add_argument("--tutti", action="store_true",
                      help="sorteggia insieme tutti i turni preliminari, prima di giocarli "
                      "(formule i cui criteri non dipendono dai risultati)")
    command("classifica", "calcola punti e classifica")
    command("finali", "prepara la fase finale successiva o la classifica finale")
    withdraw = command("ritira", "ritira un giocatore (sostituendolo se già qualificato)")
    withdraw.add_argument("id", help="ID del giocatore")
    withdraw.add_argument("--ripara", action="store_true", help="ripara i tavoli dei turni "
                          "già sorteggiati e non giocati con il minimo di spostamenti")
    absent = command("assente", "segna un giocatore assente per un turno preliminare (003 "
                     "Art. 4: escluso dai tavoli, il turno vale 0), o con --annulla lo rimette")
    absent.add_argument("id", help="ID del giocatore (anche «g7» per G07) o il suo nome")
    absent.add_argument("--turno", type=_positive, default=None, help="turno dell'assenza "
                        "(predefinito: quello sorteggiato e non ancora giocato, altrimenti "
                        "il prossimo da sorteggiare)")
    absent.add_argument("--annulla", action="store_true", help="annulla l'assenza: di nuovo "
                        "«Attivo», o rimesso ai tavoli del turno già sorteggiato")
    command("verifica", "ricalcola tutto e ripete i sorteggi, senza modificare il file")
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
    rules = command("formula", "dice la formula del torneo a parole; con --imposta ne cambia "
                    "le regole, con --da la riscrive da una formula del programma o da un file")
    rules.add_argument("--imposta", action="append", default=[], metavar="REGOLA=VALORE",
                       type=_printable("la regola"),
                       help="cambia una regola (ripetibile), es. --imposta \"Scarti=3\" "
                       "--imposta \"Ripescati=miglior partita singola\": si scrive nel foglio "
                       "Formula, o in Impostazioni per Metodo punteggio, Turni preliminari e "
                       "Scarti")
    rules.add_argument("--variante", default=None, type=_printable("la variante"),
                       help="con --imposta: la variante a cui vale la regola")
    rules.add_argument("--da", default=None, metavar="FORMULA",
                       help="riscrive il foglio Formula da una formula del programma (es. "
                       "master) o da un file .json")
    rules.add_argument("--esporta", type=Path, default=None, metavar="FILE.json",
                       help="scrive la formula del torneo in un file .json (per un altro "
                       "torneo: risiko-xl nuovo --formula FILE.json)")
    decide = command("decidi", "registra una decisione dell'arbitro: chi prende il posto di "
                     "chi in una fase finale, o l'ordine di giocatori pari in classifica che "
                     "la formula non separa (in Sorteggi; classifica, finali, verifica e post "
                     "la rispettano)")
    decide.add_argument("--fase", default=None, help="Spareggio (o Ripescaggio), Semifinale "
                        "o Finale")
    decide.add_argument("--entra", default=None, help="ID del giocatore che prende il posto")
    decide.add_argument("--esce", default=None, help="ID del giocatore che lo lascia: deve "
                        "sedere nella fase indicata (senza: un posto in più al tavolo indicato "
                        "con --tavolo, solo per una fase ancora da preparare)")
    decide.add_argument("--ordine", default=None, metavar="ID,ID,…", help="invece di --fase "
                        "e --entra: l'ordine deciso fra giocatori a pari in classifica (o "
                        "separati solo da un sorteggio che la formula non ammette lì), "
                        "il primo davanti; es. «G03,G02»")
    decide.add_argument("--tavolo", type=_positive, default=None, help="tavolo del posto in "
                        "più (senza --esce)")
    decide.add_argument("--motivo", required=True, type=_printable("il motivo"),
                        help="la decisione dell'arbitro, come va scritta nei post")
    season = command("stagione", "la stagione del club: aggiunge un torneo finito alla "
                     "cartella di lavoro della stagione (creata la prima volta) e ne rifà la "
                     "classifica secondo le regole del foglio Regole")
    season.add_argument("--aggiungi", type=_workbook, nargs="+", default=[], metavar="TORNEO",
                        help="tornei da aggiungere (.xlsx di risiko-xl, o .xls di "
                        "GestioneTorneo); un torneo già presente viene aggiornato, mai contato "
                        "due volte")
    season.add_argument("--unisci", nargs=2, action="append", default=[],
                        metavar=("DA", "A"), help="unisce il giocatore DA (ID stagione, es. "
                        "S012) al giocatore A: come scrivere A in «Unisci a» di Giocatori")
    season.add_argument("--nome", type=_printable("il nome"), default=None,
                        help="nome della stagione (scritto in Regole, «Nome stagione»)")
    season.add_argument("--formula", default=None, help="per un .xls di GestioneTorneo: la "
                        "formula con cui leggerlo, come in «importa»")
    season.add_argument("--pubblica", action="store_true", help="scrive anche il post della "
                        "classifica della stagione")
    season.add_argument("--formato", default="bbcode-vb", choices=FORMAT_CHOICES,
                        help="con --pubblica: " + FORMAT_HELP)
    season.add_argument("--out", type=Path, default=None, help="con --pubblica: file da "
                        "scrivere (predefinito: il terminale); con --formato tutti la "
                        "cartella (predefinita: NOME-post accanto alla stagione)")
    for name in WRITING:
        if name not in ("nuovo", "sorteggia", "iscrivi"):  # theirs has a meaning of its own
            commands.choices[name].add_argument(
                "--forza", action="store_true",
                help="scrive anche se il file risulta aperto in Excel o LibreOffice")
    export = command("esporta", "copia con i soli valori (senza macro né formule), o con "
                     "--gestionetorneo il file per GestioneTorneo")
    export.add_argument("out", type=Path, nargs="?", default=None, help="file .xlsx da scrivere")
    export.add_argument("--gestionetorneo", type=Path, default=None, metavar="FILE.xls",
                        help="scrive invece la cartella di lavoro di GestioneTorneo (Iscritti, "
                        "TORNEO, turni, Classifica e Classifica Ridotta): .xls con LibreOffice, "
                        ".xlsx se LibreOffice manca")
    export.add_argument("--modello", type=Path, default=None, metavar="ModuloTorneo.xls",
                        help="con --gestionetorneo: scrive su una copia della cartella di "
                        "lavoro di GestioneTorneo dell'organizzatore, che tiene i suoi fogli, "
                        "nomi, elenchi e formule")
    export.add_argument("--forza", action="store_true", help="sostituisce un file esistente")
    close = command("chiudi", "controlla che il torneo sia pronto per il ranking nazionale "
                    "(i controlli di GestioneTorneo prima di «Pubblica online», e-mail e date "
                    "di nascita) e solo allora scrive il file di GestioneTorneo, con i punti "
                    "del ranking di ogni giocatore")
    close.add_argument("--out", type=Path, default=None, metavar="FILE.xls",
                       help="file di GestioneTorneo da scrivere (predefinito: NOME-ranking.xls "
                       "accanto alla cartella di lavoro)")
    close.add_argument("--modello", type=Path, default=None, metavar="ModuloTorneo.xls",
                       help="scrive su una copia della cartella di lavoro di GestioneTorneo "
                       "dell'organizzatore")
    close.add_argument("--forza", action="store_true", help="sostituisce un file esistente")
    venue = command("sala", "schermo di sala e, sui telefoni della sala (senza internet), "
                    "tavoli, classifica, «il mio tavolo» e orologio, aggiornati da soli")
    venue.add_argument("--porta", type=_positive, help="predefinita: 8000")
    venue.add_argument("--indirizzo", type=_printable("l'indirizzo"), metavar="IP",
                       help="predefinito: tutte le reti; 127.0.0.1: solo qui")
    venue.add_argument("--orologio", choices=CLOCK_ACTIONS, help="l'orologio del turno")
    venue.add_argument("--minuti", type=_positive, help="con avvia (90) o proroga (5)")
    venue.add_argument("--tavolo", type=_positive, help="con proroga: solo quel tavolo")
    venue.add_argument("--conferma", type=_printable("il tavolo"), metavar="TAVOLO|tutti",
                       help="conferma i risultati mandati dai tavoli (un tavolo o tutti)")
    gt = command("importa", "crea il torneo dalla cartella di lavoro di GestioneTorneo "
                 "(iscritti, dati del torneo, turni giocati)")
    gt.add_argument("--out", type=Path, default=None, help="cartella di lavoro da scrivere "
                    "(predefinita: lo stesso nome in .xlsx)")
    gt.add_argument("--formula", default=None, help="formula del torneo (predefinita: quella "
                    "della «Tipologia di Torneo» del foglio TORNEO)")
    gt.add_argument("--forza", action="store_true", help="sostituisce un file esistente (la "
                    "versione attuale resta nello storico)")
    post = command("pubblica", "scrive il post dei risultati di un turno (forum, chat o pagina "
                   "HTML)")
    post.add_argument("--formato", default="bbcode-vb", choices=FORMAT_CHOICES,
                      help=FORMAT_HELP)
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


def command_names() -> list[str]:
    """Every command's Italian name, as `risiko-xl --help` lists them."""
    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return sorted({sub.get_default("command") for sub in action.choices.values()})
