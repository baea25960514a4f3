"""The ribbon's actions: one function per button of `risiko_xl.ribbon.BUTTONS`.

Each is called by Excel through `RunPython` with no arguments and does what the CLI
command does, on the workbook that called it: `xw.Book.caller()` → `XlwingsBook` → the
same service function → the results written into the open workbook, which is then
saved when the tournament changed (as the CLI saves its file). Excel's status bar shows
what is running. A `RisikoError` becomes a message box naming sheet, row and column, and
nothing is written; any other error becomes an Italian message too, never a traceback
(the details go to `risiko-xl-errori.log` next to the workbook, or to stderr): how an
action runs is `risiko_xl.action_runner`.

Inputs the CLI takes as arguments come from the workbook (optional rows of the
`Impostazioni` table, Voce/Valore, added by the organiser when needed):

- *Sorteggia turno*: the next round; «Turno da sorteggiare» asks for a given round, to
  draw it again (after a yes/no question; its rows go to `Archivio`). The setting is
  emptied after the draw.
- *Ritira giocatore*: the ID on the active cell's row in `Iscritti` (or in another table
  with an ID column: `Classifica`, `Risultati`, …); otherwise «Giocatore da ritirare»
  (emptied after use). A yes/no question names the player first.
- *Post forum*: «Turno da pubblicare», default as `risiko-xl pubblica` without `--turno`:
  the last round drawn while none of its results is typed (its tables are announced),
  else the last round with every result typed.
- *Stampa referti*: «Turno da stampare», default the last round drawn.
- *Nuovo torneo*: prepares this workbook for the formula chosen in «Formula»: its scoring
  method, rounds and drops are written into `Impostazioni` (after a yes/no question).
  A workbook with results is refused: a new tournament starts from a copy of the empty
  workbook, so it keeps the ribbon.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from risiko_xl.action_runner import Outcome, ask, run, short
from risiko_xl.books import schema
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.cells import to_int, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.publish.posts import publish
from risiko_xl.publish.referti import default_path, write_referti
from risiko_xl.services.buttons import (
    POST_SHEET,
    drawn_already,
    selected_id,
    set_tournament,
    tournament_settings,
)
from risiko_xl.services.finals_sheet import run_finals
from risiko_xl.services.publication import post_source
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.services.verify import verify
from risiko_xl.services.withdrawal import withdraw
from risiko_xl.tournament.loading import load
from risiko_xl.tournament.players import find_entrant

ROUND_TO_DRAW, ROUND_TO_PUBLISH, ROUND_TO_PRINT, PLAYER_TO_WITHDRAW = schema.ACTION_KEYS
POST_FORMAT = "bbcode-vb"
SHOWN_DIFFERENCES = 15


def _setting_round(settings: dict[str, Any], key: str) -> int | None:
    value = settings.get(key)
    try:
        return to_int(value, key, minimum=1)
    except RisikoError as err:
        raise RisikoError(f"impostazione «{key}»: {err.messaggio}",
                          foglio=schema.SETTINGS.sheet, colonna="Valore",
                          valore=value) from None


def open_file(path: Path) -> bool:
    """Open `path` with the system's viewer; False when that is not possible."""
    try:
        if sys.platform.startswith("win"):
            os.startfile(path)  # type: ignore[attr-defined]  # Windows only
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        return True
    except Exception:  # no viewer, no desktop session, …
        return False


# --- Torneo -----------------------------------------------------------------------------

def nuovo_torneo() -> None:
    """*Nuovo torneo*: this (empty) workbook set up for the formula in «Formula»."""
    run("Nuovo torneo", _new_tournament)


def _new_tournament(xl: XlwingsBook) -> Outcome:
    values, rules = tournament_settings(xl, to_text(xl.settings().get("Formula")) or "master")
    if not ask(xl, f"Preparare un nuovo torneo con la formula «{values['Formula']}» "
                    f"({rules})?\n\nMetodo punteggio, Turni preliminari e Scarti in "
                    "Impostazioni verranno sostituiti."):
        return Outcome("Nessuna modifica.")
    set_tournament(xl, values)
    return Outcome(f"Torneo preparato: formula «{values['Formula']}», {rules}.\n\nInserire "
                   "gli iscritti nel foglio Iscritti, poi premere «Sorteggia turno».", save=True)


def ritira_giocatore() -> None:
    """*Ritira giocatore*: the player on the active cell's row (or «Giocatore da
    ritirare») withdrawn, replaced if already seated in a final phase."""
    run("Ritira giocatore", _withdraw)


def _player_to_withdraw(xl: XlwingsBook) -> tuple[str, bool]:
    """(ID, whether it came from the setting)."""
    pid = selected_id(xl)
    if pid is not None:
        return pid, False
    pid = to_text(xl.settings().get(PLAYER_TO_WITHDRAW))
    if pid is None:
        raise RisikoError("indicare il giocatore da ritirare: selezionare una cella della sua "
                          "riga nel foglio Iscritti, oppure scriverne l'ID nell'impostazione "
                          f"«{PLAYER_TO_WITHDRAW}» del foglio {schema.SETTINGS.sheet}",
                          foglio=schema.PLAYERS.sheet, colonna="ID")
    return pid, True


def _withdraw(xl: XlwingsBook) -> Outcome:
    typed, from_setting = _player_to_withdraw(xl)
    entrant = find_entrant(load(xl).entrants, typed)  # «g13» typed in the setting is G13
    pid = entrant.id
    who = f"{entrant.name} ({pid})"
    if not ask(xl, f"Ritirare {who} dal torneo?\n\nSe è già qualificato per una fase finale "
                    "non ancora giocata viene sostituito come prevede la formula."):
        return Outcome("Nessuna modifica.")
    lines = withdraw(xl, pid)
    if from_setting:
        xl.set_setting(PLAYER_TO_WITHDRAW, None)
    return Outcome("\n".join(lines), save=True)


def verifica() -> None:
    """*Verifica*: every computed cell recomputed and every draw replayed; nothing
    written."""
    run("Verifica", _verify)


def _verify(xl: XlwingsBook) -> Outcome:
    lines, summary = verify(xl)
    shown = lines[:SHOWN_DIFFERENCES]
    if len(lines) > len(shown):
        more = len(lines) - len(shown)
        shown.append("… e un'altra differenza." if more == 1 else f"… e altre {more} differenze.")
    return Outcome("\n".join([summary, *([""] if shown else []), *shown]),
                   mode="critical" if lines else "info")


# --- Turno ------------------------------------------------------------------------------

def sorteggia_turno() -> None:
    """*Sorteggia turno*: the next preliminary round (or «Turno da sorteggiare», drawn
    again after a question) drawn and pre-filled in `Risultati`."""
    run("Sorteggia turno", _draw)


def _draw(xl: XlwingsBook) -> Outcome:
    requested = _setting_round(xl.settings(), ROUND_TO_DRAW)
    force = False
    if requested is not None:
        what = drawn_already(xl, requested)
        if what is not None:
            if not ask(xl, f"Il turno {requested} {what}.\n\nSorteggiarlo di nuovo? Le sue "
                            "righe attuali andranno nel foglio Archivio."):
                return Outcome(f"Nessuna modifica: il turno {requested} resta com'è.")
            force = True
    drawn = draw_round(xl, requested, force=force)
    if requested is not None:
        xl.set_setting(ROUND_TO_DRAW, None)
    lines = list(drawn.lines)  # a redraw's first line names its new seed and the Archivio
    lines.append("I tavoli sono nel foglio Risultati; i referti si stampano con «Stampa "
                 "referti».")
    return Outcome("\n".join(lines), save=True)


def aggiorna_classifica() -> None:
    """*Aggiorna classifica*: points of the typed games and the standings."""
    run("Aggiorna classifica", lambda xl: Outcome("\n".join(update_standings(xl).lines),
                                                  save=True))


def fasi_finali() -> None:
    """*Fasi finali*: the next final phase seated, or the final ranking written."""
    run("Fasi finali", _finals)


def _finals(xl: XlwingsBook) -> Outcome:
    update = run_finals(xl)
    lines = list(update.lines)
    if update.step is not None:
        lines.append("Inserire i risultati nel foglio Risultati, poi premere di nuovo «Fasi "
                     "finali».")
    return Outcome("\n".join(lines), save=True)


# --- Pubblica ---------------------------------------------------------------------------

def post_forum() -> None:
    """*Post forum*: the results post (vBulletin BBCode) in the `Post` sheet and on the
    clipboard."""
    run("Post forum", _post)


def _post(xl: XlwingsBook) -> Outcome:
    round_no = _setting_round(xl.settings(), ROUND_TO_PUBLISH)
    text = publish(post_source(xl), POST_FORMAT, round_no)
    xl.write_lines(POST_SHEET, text.splitlines())
    where = f"Post scritto nel foglio {POST_SHEET}"
    try:
        import pyperclip

        pyperclip.copy(text)
    except Exception as err:  # no clipboard (no desktop session, missing tool, …)
        return Outcome(f"{where}, ma non è stato possibile copiarlo negli appunti "
                       f"({short(err)}): "
                       f"selezionare la colonna A del foglio {POST_SHEET} e copiarla.")
    return Outcome(f"{where} e copiato negli appunti: incollarlo nel forum.")


def stampa_referti() -> None:
    """*Stampa referti*: one score sheet per table as a PDF next to the workbook, opened."""
    run("Stampa referti", _referti)


def _referti(xl: XlwingsBook) -> Outcome:
    if xl.path is None:
        raise RisikoError("salvare prima la cartella di lavoro in una cartella del computer: "
                          "i referti vengono scritti accanto a essa")
    round_no = _setting_round(xl.settings(), ROUND_TO_PRINT)
    if round_no is None:
        drawn = [r.round_no for r in load(xl).rows]
        if not drawn:
            raise RisikoError("nessun turno sorteggiato: premere prima «Sorteggia turno»",
                              foglio=schema.RESULTS.sheet, colonna="Turno")
        round_no = max(drawn)
    written = write_referti(post_source(xl), round_no, default_path(xl.path, round_no))
    text = f"Referti del turno {round_no} scritti in {written}"
    if open_file(written):
        return Outcome(text + ".")
    return Outcome(text + ": aprirlo da lì per stamparlo.")
