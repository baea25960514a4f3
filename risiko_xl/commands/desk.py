"""The commands of the organiser's desk that every face offers: the ribbon's buttons, the
xlwings Lite scripts and the command line read these definitions and nothing else (see
`risiko_xl.commands.model`). The checks a command runs before its service are here, so
no face accepts a workbook another refuses. Each command imports its own service when
it runs: a command pays for no other's (`risiko-xl classifica` imports no draw, no post)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from risiko_xl.books import schema
from risiko_xl.commands.model import Command, Report, Request
from risiko_xl.errors import RisikoError

if TYPE_CHECKING:
    from risiko_xl.books.book import Book

ROUND_TO_DRAW, ROUND_TO_PUBLISH, ROUND_TO_PRINT, PLAYER_TO_WITHDRAW = schema.ACTION_KEYS
SEASON_FILE = "File stagione"  # the ribbon's setting naming the season's workbook


def named(request: Request, name: str, round_no: int | None = None) -> str:
    """Command `name` as the face of `request` names it in a line suggesting it: the
    command line's own words, else its button in «» (the ribbon and the Lite scripts)."""
    if request.names is not None:
        return request.names(name, round_no)
    return f"«{COMMANDS[name].label}»"


# --- Nuovo torneo: the open workbook set up for a formula --------------------------------

def _new_question(book: Book, request: Request) -> str:
    from risiko_xl.services.buttons import tournament_settings

    values, rules = tournament_settings(book, request.formula or "master")
    return (f"Preparare un nuovo torneo con la formula «{values['Formula']}» ({rules})?\n\n"
            "Metodo punteggio, Turni preliminari e Scarti in Impostazioni verranno "
            "sostituiti.")


def _new(book: Book, request: Request) -> Report:
    from risiko_xl.services.buttons import set_tournament, tournament_settings

    values, rules = tournament_settings(book, request.formula or "master")
    set_tournament(book, values)
    return Report((f"Torneo preparato: formula «{values['Formula']}», {rules}.", "",
                   "Inserire gli iscritti nel foglio Iscritti, poi eseguire "
                   f"{named(request, 'sorteggia')}."))


# --- Ritira giocatore ------------------------------------------------------------------

def _withdraw_question(book: Book, request: Request) -> str:
    from risiko_xl.tournament.loading import load
    from risiko_xl.tournament.players import find_entrant

    entrant = find_entrant(load(book).entrants, request.player or "")
    return (f"Ritirare {entrant.name} ({entrant.id}) dal torneo?\n\nSe è già qualificato per "
            "una fase finale non ancora giocata viene sostituito come prevede la formula.")


def _withdraw(book: Book, request: Request) -> Report:
    from risiko_xl.services.withdrawal import withdraw

    return Report(withdraw(book, request.player or "", repair=request.repair,
                           file=request.file))


# --- Verifica -----------------------------------------------------------------------------

def _verify(book: Book, request: Request) -> Report:
    from risiko_xl.services.verify import verify

    lines, summary = verify(book)
    return Report((summary, *([""] if lines else []), *lines), changed=False,
                  failed=bool(lines))


# --- Sorteggia turno ---------------------------------------------------------------------

def _draw_question(book: Book, request: Request) -> str | None:
    """Asked only for a round already drawn: a redraw archives its rows."""
    from risiko_xl.services.buttons import drawn_already

    if request.round_no is None:
        return None
    what = drawn_already(book, request.round_no)
    if what is None:
        return None
    return (f"Il turno {request.round_no} {what}.\n\nSorteggiarlo di nuovo? Le sue righe "
            "attuali andranno nel foglio Archivio.")


def _draw(book: Book, request: Request) -> Report:
    from risiko_xl.services.rounds import draw_round

    drawn = draw_round(book, request.round_no, request.seed, force=request.confirmed)
    return Report((*drawn.lines, "I tavoli sono nel foglio Risultati; i referti si stampano "
                   f"con {named(request, 'referti', drawn.round_no)}."))


# --- Aggiorna classifica, Fasi finali --------------------------------------------------------

def _standings(book: Book, request: Request) -> Report:
    """The typed rows checked against the draws and the phases first (a row typed in the
    wrong table or phase is refused, not scored), then the standings."""
    from risiko_xl.services import phase_check
    from risiko_xl.services.standings_sheet import update_standings
    from risiko_xl.tournament.loading import load

    t = load(book)
    phase_check.check_seatings(t)
    phase_check.check_phase_rows(t)
    return Report(update_standings(book, finals=named(request, "finali")).lines)


def _finals(book: Book, request: Request) -> Report:
    from risiko_xl.services.finals_sheet import run_finals

    update = run_finals(book)
    lines = list(update.lines)
    if update.step is not None:
        lines.append("Inserire i risultati nel foglio Risultati, poi eseguire di nuovo "
                     f"{named(request, 'finali')}.")
    return Report(tuple(lines))


# --- Post forum, Stampa referti --------------------------------------------------------------

def _post(book: Book, request: Request) -> Report:
    from risiko_xl.publish.posts import publish
    from risiko_xl.services.publication import post_source

    return Report(changed=False, text=publish(
        post_source(book), request.fmt, request.round_no, request.top, request.sections,
        request.trademark))


def round_to_print(book: Book, round_no: int | None) -> int:
    """The round whose score sheets are printed: the one asked, else the last drawn."""
    from risiko_xl.tournament.loading import load

    if round_no is not None:
        return round_no
    drawn = [r.round_no for r in load(book).rows]
    if not drawn:
        raise RisikoError("nessun turno sorteggiato: eseguire prima «Sorteggia turno»",
                          foglio="Risultati", colonna="Turno")
    return max(drawn)


def _score_sheets(book: Book, request: Request) -> Report:
    from risiko_xl.publish.referti import write_referti
    from risiko_xl.services.publication import post_source

    if request.where is None:
        raise RisikoError("manca il file dei referti da scrivere")
    round_no = round_to_print(book, request.round_no)
    written = write_referti(post_source(book), round_no, request.where(round_no),
                            request.per_page)
    layout = "due per pagina" if request.per_page == 2 else "uno per pagina"
    return Report((f"Scritto {written}: referti del turno {round_no}, uno per tavolo, "
                   f"{layout}",), changed=False, file=written)


# --- Aggiungi alla stagione: this finished tournament into the club's season ----------------

def _season_question(book: Book, request: Request) -> str | None:
    if request.season is not None and not request.season.exists():
        return (f"La stagione {request.season.name} non esiste ancora: crearla, con questo "
                "torneo come primo?")
    return None


def _season(book: Book, request: Request) -> Report:
    """As `risiko-xl stagione STAGIONE --aggiungi TORNEO`, the tournament read from the
    open workbook (`services.season_file`); the workbook itself is not changed."""
    from pathlib import Path

    from risiko_xl.services.season_file import finished_entry, label, update_season

    if request.season is None:
        raise RisikoError(f"manca il file della stagione («{SEASON_FILE}»)")
    tournament = Path(request.file)
    entry = finished_entry(book, tournament.name)
    where = label(tournament, request.season) if tournament.is_absolute() else tournament.name
    lines, _ = update_season(request.season, [(entry, where)], shown=request.season.name)
    return Report((*lines, "", "Il post della stagione: risiko-xl stagione "
                   f"{request.season.name} --pubblica --formato tutti"), changed=False)


COMMANDS = {c.name: c for c in (
    Command("nuovo", "Nuovo torneo", "preparazione del torneo", ("formula",), _new,
            question=_new_question, faces=("ribbon", "lite")),
    Command("ritira", "Ritira giocatore", "ritiro", ("player", "repair", "file"), _withdraw,
            question=_withdraw_question, setting=PLAYER_TO_WITHDRAW, emptied=True),
    Command("verifica", "Verifica", "ricalcolo e ripetizione dei sorteggi", (), _verify,
            writes=False),
    Command("sorteggia", "Sorteggia turno", "sorteggio", ("round_no", "seed"), _draw,
            question=_draw_question, setting=ROUND_TO_DRAW, emptied=True),
    Command("classifica", "Aggiorna classifica", "calcolo della classifica", (), _standings),
    Command("finali", "Fasi finali", "fasi finali", (), _finals),
    Command("pubblica", "Post forum", "preparazione del post",
            ("round_no", "fmt", "top", "sections", "trademark"), _post,
            setting=ROUND_TO_PUBLISH, writes=False),
    Command("referti", "Stampa referti", "preparazione dei referti",
            ("round_no", "where", "per_page"), _score_sheets, setting=ROUND_TO_PRINT,
            writes=False),
    Command("stagione", "Aggiungi alla stagione", "aggiunta alla stagione", ("season", "file"),
            _season, question=_season_question, setting=SEASON_FILE, writes=False,
            faces=("ribbon", "lite")),
)}
