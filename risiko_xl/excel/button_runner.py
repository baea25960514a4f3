"""How a ribbon action runs in Excel: on the workbook that called it (`xw.Book.caller()`
→ `XlwingsBook`), with Excel's status bar saying what is running, the changes written in
one go, the workbook saved in place (the file first kept as a backup, as the CLI does)
when the tournament changed, and one message box at the end: the outcome, a
`RisikoError` naming sheet, row and column, or an internal error in Italian (its
traceback in `risiko-xl-errori.log` next to the workbook, or on stderr); never a
traceback in Excel. The actions themselves are in `risiko_xl.actions`.
"""

from __future__ import annotations

import contextlib
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import xlwings as xw

from risiko_xl.books.replaced_formulas import excel_hint, notice
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.clock import italian_time
from risiko_xl.errors import RisikoError
from risiko_xl.files import history
from risiko_xl.files.writes import make_backup
from risiko_xl.sheets.look import dress
from risiko_xl.tournament.sheet_errors import on_sheet

LOG_NAME = "risiko-xl-errori.log"


@dataclass(frozen=True)
class Outcome:
    """What an action reports: the message shown, and whether the workbook is saved."""

    text: str
    save: bool = False
    mode: str = "info"


def run(label: str, work: Callable[[XlwingsBook], Outcome]) -> None:
    """Run `work` on the calling workbook with status bar, messages and error handling."""
    try:
        xl = XlwingsBook(xw.Book.caller())
    except Exception as err:  # not called from Excel: nobody to show a message to
        print(f"RisiKo!: «{label}» va avviato da Excel ({err})", file=sys.stderr)
        return
    _status(xl, f"RisiKo!: {label}…")
    writing = False
    try:
        outcome = work(xl)
        if xl.pending:
            writing = True
            _status(xl, f"RisiKo!: {label}, scrittura nella cartella di lavoro…")
            dress(xl)
            xl.flush()
        if xl.replaced:  # formulas the user typed, written over: said with the outcome
            versions = None if xl.path is None else history.folder(xl.path).name
            told = "\n".join(notice(xl.replaced, excel_hint(versions)))
            outcome = Outcome(f"{outcome.text}\n\n{told}", outcome.save, outcome.mode)
        if outcome.save and xl.path is not None:
            _status(xl, f"RisiKo!: {label}, salvataggio…")
            outcome = _saved(xl, xl.path, outcome)
    except RisikoError as err:
        outcome = Outcome(f"«{label}» non eseguito.\n\n{on_sheet(err)}\n\nNessuna modifica "
                          "è stata scritta nella cartella di lavoro.", mode="critical")
    except Exception as err:  # never a traceback in Excel
        outcome = Outcome(_internal_error(xl, label, err, writing), mode="critical")
    finally:
        _status(xl, None)
    try:
        xl.alert(outcome.text, mode=outcome.mode)
    except Exception as err:
        print(f"RisiKo!: {outcome.text} ({err})", file=sys.stderr)


def _saved(xl: XlwingsBook, path: Path, outcome: Outcome) -> Outcome:
    """Save in place, the file on disk first kept as `NAME.bak.xlsm` (as the CLI does); a
    failed save (read-only file, full disk) leaves the changes in the open workbook, and
    the message says so."""
    try:
        make_backup(path)
        xl.save()
    except Exception as err:
        return Outcome(f"{outcome.text}\n\nAttenzione: la cartella di lavoro non è stata "
                       f"salvata ({short(err)}): salvarla a mano.", mode="critical")
    return outcome


def short(err: Exception, limit: int = 200) -> str:
    """The first line of an error message, cut to `limit` characters."""
    lines = str(err).strip().splitlines()
    text = lines[0] if lines else type(err).__name__
    return text if len(text) <= limit else text[:limit] + "…"


def _status(xl: XlwingsBook, text: str | None) -> None:
    """The status bar is a courtesy: an engine without one (xlwings Server) is fine."""
    with contextlib.suppress(Exception):
        xl.status(text)


def _internal_error(xl: XlwingsBook, label: str, err: Exception, writing: bool) -> str:
    where = _log(xl, label)
    state = ("La scrittura nella cartella di lavoro si è interrotta: controllare i fogli "
             "oppure chiudere senza salvare." if writing
             else "La cartella di lavoro non è stata modificata.")
    return (f"Errore interno durante «{label}» ({type(err).__name__}: {short(err)})."
            f"\n\n{state}\n\nI dettagli sono in {where}: allegarli alla segnalazione del problema.")


def _log(xl: XlwingsBook, label: str) -> str:
    """Append the traceback to the log next to the workbook (or stderr); where it went."""
    text = (f"--- {italian_time():%d/%m/%Y %H:%M:%S} «{label}» "
            f"({xl.path or 'cartella di lavoro non salvata'})\n{traceback.format_exc()}\n")
    if xl.folder is not None:
        target = xl.folder / LOG_NAME
        try:
            with open(target, "a", encoding="utf-8") as handle:
                handle.write(text)
            return f"«{target}»"
        except OSError:
            pass
    print(text, file=sys.stderr)
    return "l'output di Python (stderr)"


def ask(xl: XlwingsBook, question: str) -> bool:
    """A yes/no question; anything but «Sì» (or an engine that cannot ask) is no."""
    return xl.alert(question, buttons="yes_no") == "yes"
