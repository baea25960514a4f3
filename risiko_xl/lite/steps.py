"""What each script of the xlwings Lite workbook does: the ribbon's actions
(`risiko_xl.actions`) for Excel without Python installed. What both faces read and write
alike is `risiko_xl.services.buttons`: the ribbon's module itself is not imported (nor is
its runner), so the workbook's `main.py` carries neither (docs/XLWINGS-LITE.md).

xlwings Lite hands a script the open workbook as an `xw.Book` of xlwings' remote engine,
built from the JSON the add-in sends (every sheet's values, tables, charts, the
selection); what the script writes goes back to Excel as a list of actions once it ends.
`XlwingsBook` reads and writes that book as it does for classic xlwings, and the same
services as the CLI do the work. What differs from the ribbon:

- inputs are the script's form fields, which xlwings Lite builds from the type hints of
  `main` (round, player, post format, formula; a «conferma» box instead of a yes/no
  question: xlwings Lite has no message box);
- what happened is printed: xlwings Lite shows it in its Output panel;
- nothing is saved by the script: Excel saves the workbook (on the web, by itself);
- the post goes to the `Post` sheet only (a browser add-in cannot reach the clipboard);
  score sheets are an HTML page in xlwings Lite's `FILES` folder, which its menu
  *Files > Import/Export* downloads.

A `RisikoError` is printed in Italian, naming sheet, row and column, and nothing is
written (`XlwingsBook` writes only at `flush`); any other error is printed and raised
again, so xlwings Lite applies nothing and shows the details.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import Any

from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.cells import to_int
from risiko_xl.commands.desk import COMMANDS
from risiko_xl.commands.model import Request
from risiko_xl.errors import RisikoError
from risiko_xl.publish import TEXT_FORMATS
from risiko_xl.services.buttons import POST_SHEET, selected_id
from risiko_xl.services.register import NewPlayer, register, split_name
from risiko_xl.sheets.look import dress
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import load
from risiko_xl.tournament.sheet_errors import on_sheet

FILES = Path("/data")  # xlwings Lite's folder for files (menu Files > Import/Export)
LITE_FORMATS = TEXT_FORMATS  # text a sheet holds: no chart needed
CONFIRM = "conferma"  # the form field that stands for «Sì»


def run(book: Any, label: str, work: Callable[[XlwingsBook], str]) -> str:
    """Do `work` on the workbook xlwings Lite handed over, write the changes, print (and
    return) what happened."""
    xl = XlwingsBook(book)
    try:
        text = work(xl)
        if xl.pending:
            dress(xl)
        xl.flush()
    except RisikoError as err:
        text = (f"«{label}» non eseguito.\n\n{on_sheet(err)}\n\nNessuna modifica è stata "
                "scritta nella cartella di lavoro.")
    except Exception as err:
        print(f"Errore interno durante «{label}» ({type(err).__name__}: {err}). La cartella "
              "di lavoro non è stata modificata; i dettagli qui sotto vanno allegati alla "
              "segnalazione del problema.")
        raise
    print(text)
    return text


def _round(value: Any, field: str) -> int | None:
    """A round typed in the form (a number, as JSON or text): 0 or empty is «the default
    one»."""
    try:
        return to_int(value, field, minimum=0) or None
    except RisikoError as err:
        raise RisikoError(f"il campo «{field}» vuole un numero di turno (0: quello "
                          f"predefinito): {err.messaggio}", valore=value) from None


def _ticked(value: Any) -> bool:
    """Whether a check box of the form is ticked (True, or its text)."""
    return value is True or str(value).strip().casefold() in ("true", "1", "sì", "si", "vero")


def _do(xl: XlwingsBook, name: str, request: Request, confirm: Any = True) -> str:
    """Command `name` as its script runs it: its question answered by the «conferma» box
    (a script without one is its own answer), its report as text."""
    command = COMMANDS[name]
    question = command.question(xl, request)
    if question is not None and not _ticked(confirm):
        return (f"Nessuna modifica: {' '.join(question.split())} Per procedere spuntare "
                f"«{CONFIRM}» ed eseguire di nuovo.")
    report = command.run(xl, dataclasses.replace(request, confirmed=True))
    if report.text is not None:
        xl.write_lines(POST_SHEET, report.text.splitlines())
        return (f"Post scritto nel foglio {POST_SHEET}: selezionare la colonna A, copiarla e "
                "incollarla nel forum.")
    lines = list(report.lines)
    if report.file is not None:
        lines.append(f"Scaricare {report.file.name} dal menu di xlwings Lite (Files > "
                     "Import/Export), aprirlo nel browser e stamparlo.")
    return "\n".join(lines)


def new_tournament(xl: XlwingsBook, formula: str) -> str:
    return _do(xl, "nuovo", Request(formula=formula))


def register_player(xl: XlwingsBook, name: str, last: str, nickname: str, club: str,
                    from_round: Any) -> str:
    def typed(value: Any) -> str | None:  # a form field left empty is None
        return " ".join(str(value or "").split()) or None

    if not typed(name):
        raise RisikoError("scrivere il nome del giocatore nel campo «nome»",
                          foglio="Iscritti", colonna="Nome")
    first, surname = split_name(str(name), typed(last))
    player = NewPlayer(first, surname, typed(nickname), typed(club),
                       from_round=_round(from_round, "dal_turno"))
    drawn = load(xl).rounds_drawn(QUALIFYING)
    start = player.from_round or ((drawn[-1] + 1) if drawn else 1)  # as `register` does
    new_id = register(xl, [player])[0]
    shown = " ".join(p for p in (first, surname) if p)
    club_text = f" ({player.club})" if player.club else ""
    return f"Iscritto {new_id} {shown}{club_text} dal turno {start}."


def withdraw_player(xl: XlwingsBook, player: str, confirm: Any, repair: Any) -> str:
    typed = player.strip() if isinstance(player, str) else ""
    typed = typed or selected_id(xl) or ""
    if not typed:
        raise RisikoError("indicare il giocatore da ritirare: scriverne l'ID nel campo "
                          "«giocatore», oppure selezionare una cella della sua riga nel foglio "
                          "Iscritti", foglio="Iscritti", colonna="ID")
    return _do(xl, "ritira", Request(player=typed, repair=_ticked(repair)), confirm)


def verify_book(xl: XlwingsBook) -> str:
    return _do(xl, "verifica", Request())


def draw(xl: XlwingsBook, round_no: Any, confirm: Any) -> str:
    return _do(xl, "sorteggia", Request(round_no=_round(round_no, "turno")), confirm)


def standings(xl: XlwingsBook) -> str:
    return _do(xl, "classifica", Request())


def finals(xl: XlwingsBook) -> str:
    return _do(xl, "finali", Request())


def post(xl: XlwingsBook, round_no: Any, fmt: str) -> str:
    if fmt not in LITE_FORMATS:
        raise RisikoError("formato del post non previsto: " + ", ".join(LITE_FORMATS),
                          valore=fmt)
    return _do(xl, "pubblica", Request(round_no=_round(round_no, "turno"), fmt=fmt))


def score_sheets(xl: XlwingsBook, round_no: Any) -> str:
    stem = PurePath(str(xl.book.fullname)).stem
    return _do(xl, "referti", Request(round_no=_round(round_no, "turno"), where=lambda n: (
        FILES / f"{stem}-referti-turno-{n}.html")))


def add_to_season(xl: XlwingsBook, season: str, confirm: Any) -> str:
    """«Aggiungi alla stagione» in xlwings Lite: the season is a file of its `FILES`
    folder (imported with Files > Import, downloaded again with Files > Export, as the
    score sheets are); one not there is created only with «conferma» ticked, so that a
    season not imported is never replaced by a new one holding this tournament alone."""
    name = PurePath(str(season or "").strip().replace("\\", "/")).name
    if not name:
        raise RisikoError("scrivere nel campo «stagione» il nome del file della stagione, "
                          "per esempio stagione-2026.xlsx")
    stem = PurePath(str(xl.book.fullname)).name or "torneo.xlsx"
    missing = not (FILES / name).exists() and not _ticked(confirm)
    done = _do(xl, "stagione", Request(season=FILES / name, file=stem), confirm)
    if missing:  # refused by the command's question
        return (f"{done} Se la stagione c'è già, importarla prima dal menu Files > Import "
                "di xlwings Lite.")
    return (f"{done}\nScaricare {name} dal menu di xlwings Lite (Files > Import/Export) e "
            "conservarla: la prossima volta va importata di nuovo prima di aggiungere il "
            "torneo.")
