"""The ribbon's «Aggiungi alla stagione»: this tournament, as the open workbook holds it,
added to the club's season (or refreshed there), the season recomputed and saved, as
`risiko-xl stagione STAGIONE --aggiungi TORNEO` does (`services.season_file`).

The season's file is named in the tournament's settings (sheet Torneo), «File stagione»
(added by the organiser: a path, relative to this workbook's folder, such as
`stagione-2026.xlsx`); it is created the first time. The tournament is read from the
open workbook, saved or not; it must be finished. The season's file must not be open in
Excel meanwhile (Excel would keep its own copy and save over this one).
"""

from __future__ import annotations

from pathlib import Path

from risiko_xl.books import schema
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.excel.button_runner import Outcome, run
from risiko_xl.services.season_file import finished_entry, label, update_season

SEASON_FILE = "File stagione"
LABEL = "Aggiungi alla stagione"


def season_path(xl: XlwingsBook) -> tuple[Path, Path]:
    """(this workbook's file, the season's file) as «File stagione» names it."""
    if xl.path is None:
        raise RisikoError("salvare prima la cartella di lavoro in una cartella del computer: "
                          "la stagione vi si ritrova accanto")
    written = to_text(xl.settings().get(SEASON_FILE))
    if written is None:
        raise RisikoError(f"aggiungere nel foglio {schema.SETTINGS.sheet} l'impostazione "
                          f"«{SEASON_FILE}» (una riga della tabella: Voce e Valore) con il "
                          "file della stagione, per esempio stagione-2026.xlsx: si crea "
                          "accanto a questo torneo", foglio=schema.SETTINGS.sheet)
    season = Path(written).expanduser()
    return xl.path, season if season.is_absolute() else xl.path.parent / season


def add_to_season() -> None:
    """The button."""
    run(LABEL, _added)


def _added(xl: XlwingsBook) -> Outcome:
    tournament, season = season_path(xl)
    entry = finished_entry(xl, tournament.name)
    lines, _ = update_season(season, [(entry, label(tournament, season))])
    return Outcome("\n".join(lines) + "\n\nPer il post della stagione: risiko-xl stagione "
                   f"{season.name} --pubblica --formato tutti")
