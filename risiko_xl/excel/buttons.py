"""The ribbon's actions: one function per button of `risiko_xl.excel.ribbon.BUTTONS`.

Each is called by Excel through `RunPython` with no arguments and does what the CLI
command does, on the workbook that called it: `xw.Book.caller()` → `XlwingsBook` → the
same service function → the results written into the open workbook, which is then
saved when the tournament changed (as the CLI saves its file). Excel's status bar shows
what is running. A `RisikoError` becomes a message box naming sheet, row and column, and
nothing is written; any other error becomes an Italian message too, never a traceback
(the details go to `risiko-xl-errori.log` next to the workbook, or to stderr): how an
action runs is `risiko_xl.excel.button_runner`.

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
- *Aggiungi alla stagione*: the season's workbook named by «File stagione» (relative to
  this workbook's folder); a season that does not exist yet is created after a question.
  The season's file must not be open in Excel meanwhile (Excel would keep its own copy).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.cells import to_int, to_text
from risiko_xl.commands.desk import COMMANDS, SEASON_FILE
from risiko_xl.commands.model import Command, Report, Request
from risiko_xl.errors import RisikoError
from risiko_xl.excel.button_runner import Outcome, ask, run, short
from risiko_xl.publish.referti import default_path
from risiko_xl.services.buttons import POST_SHEET, selected_id

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


def _request(xl: XlwingsBook, command: Command) -> tuple[Request, bool]:
    """The command's inputs as the ribbon finds them: the round or the player in the
    command's `Impostazioni` entry (the player first from the active cell's row), the
    formula in «Formula»; and whether the setting was used (emptied after)."""
    settings = xl.settings()
    request = Request(fmt=POST_FORMAT, file=str(xl.path or "FILE"))
    used = False
    if "formula" in command.inputs:
        request = dataclasses.replace(request, formula=to_text(settings.get("Formula")))
    if "round_no" in command.inputs and command.setting is not None:
        round_no = _setting_round(settings, command.setting)
        request, used = dataclasses.replace(request, round_no=round_no), round_no is not None
    if "player" in command.inputs:
        pid = selected_id(xl)
        if pid is None and command.setting is not None:
            pid, used = to_text(settings.get(command.setting)), True
        if pid is None:
            raise RisikoError("indicare il giocatore da ritirare: selezionare una cella della "
                              "sua riga nel foglio Iscritti, oppure scriverne l'ID "
                              f"nell'impostazione «{command.setting}» del foglio "
                              f"{schema.SETTINGS.sheet}", foglio=schema.PLAYERS.sheet,
                              colonna="ID")
        request = dataclasses.replace(request, player=pid)
    if "where" in command.inputs:
        request = dataclasses.replace(request, where=lambda n: _beside(xl, n))
    if "season" in command.inputs:
        request = dataclasses.replace(request, season=_season_file(xl, settings))
    return request, used


def _season_file(xl: XlwingsBook, settings: dict[str, Any]) -> Path:
    """The season's workbook «File stagione» names (relative: beside this workbook)."""
    if xl.path is None:
        raise RisikoError("salvare prima la cartella di lavoro in una cartella del computer: "
                          "la stagione vi si trova accanto")
    written = to_text(settings.get(SEASON_FILE))
    if written is None:
        raise RisikoError(f"aggiungere nel foglio {schema.SETTINGS.sheet} l'impostazione "
                          f"«{SEASON_FILE}» (una riga della tabella: Voce e Valore) con il "
                          "file della stagione, per esempio stagione-2026.xlsx: si crea "
                          "accanto a questo torneo", foglio=schema.SETTINGS.sheet)
    season = Path(written).expanduser()
    return season if season.is_absolute() else xl.path.parent / season


def _beside(xl: XlwingsBook, round_no: int) -> Path:
    if xl.path is None:
        raise RisikoError("salvare prima la cartella di lavoro in una cartella del computer: "
                          "i referti vengono scritti accanto a essa")
    return default_path(xl.path, round_no)


def _press(name: str) -> None:
    """The button of command `name`: its inputs gathered, its question asked, its work
    done, the setting it read emptied, what it reports shown."""
    command = COMMANDS[name]
    run(command.label, lambda xl: _pressed(xl, command))


def _pressed(xl: XlwingsBook, command: Command) -> Outcome:
    request, used = _request(xl, command)
    question = command.question(xl, request)
    if question is not None and not ask(xl, question):
        return Outcome("Nessuna modifica.")
    report = command.run(xl, dataclasses.replace(request, confirmed=True))
    if used and command.emptied and command.setting is not None:
        xl.set_setting(command.setting, None)
    return _shown(xl, command, report)


def _shown(xl: XlwingsBook, command: Command, report: Report) -> Outcome:
    """The report in a message box: a post written to the `Post` sheet and the clipboard,
    score sheets opened, a long list cut."""
    if report.text is not None:
        return _post(xl, report.text)
    lines = list(report.lines)
    shown = 2 + SHOWN_DIFFERENCES  # a check's summary, a blank line, its first findings
    if report.failed and len(lines) > shown:
        more = len(lines) - shown
        lines = [*lines[:shown], "… e un'altra differenza." if more == 1
                 else f"… e altre {more} differenze."]
    text = "\n".join(lines)
    if report.file is not None:
        text += "." if open_file(report.file) else ": aprirlo da lì per stamparlo."
    return Outcome(text, save=command.writes and report.changed,
                   mode="critical" if report.failed else "info")


def _post(xl: XlwingsBook, text: str) -> Outcome:
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


# --- the buttons (ribbon.BUTTONS): Torneo -------------------------------------------------

def nuovo_torneo() -> None:
    """*Nuovo torneo*: this (empty) workbook set up for the formula in «Formula»."""
    _press("nuovo")


def ritira_giocatore() -> None:
    """*Ritira giocatore*: the player on the active cell's row (or «Giocatore da
    ritirare») withdrawn, replaced if already seated in a final phase."""
    _press("ritira")


def verifica() -> None:
    """*Verifica*: every computed cell recomputed and every draw replayed; nothing
    written."""
    _press("verifica")


# --- Turno ------------------------------------------------------------------------------

def sorteggia_turno() -> None:
    """*Sorteggia turno*: the next preliminary round (or «Turno da sorteggiare», drawn
    again after a question) drawn and pre-filled in `Risultati`."""
    _press("sorteggia")


def aggiorna_classifica() -> None:
    """*Aggiorna classifica*: points of the typed games and the standings."""
    _press("classifica")


def fasi_finali() -> None:
    """*Fasi finali*: the next final phase seated, or the final ranking written."""
    _press("finali")


# --- Pubblica ---------------------------------------------------------------------------

def post_forum() -> None:
    """*Post forum*: the results post (vBulletin BBCode) in the `Post` sheet and on the
    clipboard."""
    _press("pubblica")


def stampa_referti() -> None:
    """*Stampa referti*: one score sheet per table as a PDF next to the workbook, opened."""
    _press("referti")


# --- Stagione ---------------------------------------------------------------------------

def aggiungi_alla_stagione() -> None:
    """*Aggiungi alla stagione*: this finished tournament added to (or refreshed in) the
    season «File stagione» names, which is recomputed (created after a question)."""
    _press("stagione")
