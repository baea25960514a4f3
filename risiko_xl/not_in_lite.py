"""What the xlwings Lite workbook leaves out of the package it carries, and the Italian
refusal when something left out is called there.

The workbook's `main.py` carries the modules its scripts and worksheet functions reach
(`risiko_xl.workbooks.lite` follows their imports); the rest of the package stays out, so
that `main.py` stays well under the size the add-in saves without trouble
(docs/XLWINGS-LITE.md): the command line, the builders of the workbooks, GestioneTorneo's
files, the PDF score sheets (fpdf2 has no WebAssembly wheel), the HTML post's chart and
the room screen, the ribbon's runner, the history of versions. Their names travel with
the package (`MANIFEST`, one module a line); `refuse` puts a finder last on
`sys.meta_path` that turns the import of one of them into a `RisikoError` in Italian,
which a script prints as «… non eseguito» and a worksheet function shows as
`#RISIKO! …`: a refusal, never a traceback. Outside the workbook nothing here runs.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from risiko_xl.errors import RisikoError

MANIFEST = "risiko_xl/lite/left_out.txt"  # inside the package the workbook carries
_GT = "l'importazione e l'esportazione dei file di GestioneTorneo"
_PDF = "i referti in PDF (la pagina HTML dei referti si stampa in PDF dal browser)"
_RIBBON = "la scheda RisiKo! dell'Excel classico"
_SEASON = "la stagione del club dal prompt («risiko-xl stagione»: i suoi post)"
_CLOSED = "la lettura e la scrittura del file a cartella chiusa (comandi «risiko-xl»)"
_VENUE = "la sala sui telefoni dei giocatori e i risultati dai tavoli («risiko-xl sala»)"
# module (or package) → what the organiser misses; tests/lite/test_lite_envelope.py checks that
# every module the workbook leaves out has one
REASONS: tuple[tuple[str, str], ...] = (
    ("risiko_xl.cli", "i comandi «risiko-xl» dal prompt"),
    ("risiko_xl.workbooks", "la preparazione delle cartelle di lavoro («risiko-xl nuovo»)"),
    ("risiko_xl.ovba", "la scrittura delle macro di torneo.xlsm"),
    ("risiko_xl.demo", "il torneo dimostrativo («risiko-xl demo»)"),
    ("risiko_xl.simulate", "i giocatori e i risultati simulati del torneo dimostrativo"),
    ("risiko_xl.gestionetorneo", _GT),
    ("risiko_xl.services.import_gt", _GT),
    ("risiko_xl.services.import_gt_phases", _GT),
    ("risiko_xl.services.import_gt_tables", _GT),
    ("risiko_xl.publish.season_post", _SEASON),
    ("risiko_xl.services.formula", "il comando «risiko-xl formula» (la formula in parole, "
                                   "le sue regole cambiate una per una)"),
    ("risiko_xl.services.roster", "l'iscrizione da un elenco CSV o Excel "
                                  "(«risiko-xl iscrivi --da»)"),
    ("risiko_xl.services.absence", "il giocatore assente per un turno "
                                   "(«risiko-xl assente»)"),
    ("risiko_xl.services.decisions", "le decisioni dell'arbitro su posti e pareggi "
                                      "(«risiko-xl decidi»)"),
    ("risiko_xl.formulas.reference", "il riepilogo delle regole delle formule "
                                     "(docs/REGOLE-FORMULA.md)"),
    ("risiko_xl.publish.referti_pdf", _PDF),
    ("risiko_xl.publish.fonts", _PDF),
    ("risiko_xl.publish.charts", "il post in formato HTML con il grafico della classifica"),
    ("risiko_xl.publish.screen", "lo schermo di sala"),
    ("risiko_xl.sala", _VENUE),
    ("risiko_xl.services.table_reports", _VENUE),
    ("risiko_xl.workbooks.on_file", _CLOSED),
    ("risiko_xl.actions", _RIBBON),
    ("risiko_xl.excel.buttons", _RIBBON),
    ("risiko_xl.excel.button_runner", _RIBBON),
    ("risiko_xl.excel.ribbon", _RIBBON),
    ("risiko_xl.files.export", "la copia con i soli valori («risiko-xl esporta»)"),
    ("risiko_xl.files.restore", "il ritorno alla versione precedente («risiko-xl ripristina»)"),
    ("risiko_xl.files", _CLOSED),
    ("risiko_xl.books", _CLOSED),
)
ANY = "questa parte di RisiKo! XL"


def reason(module: str) -> str:
    """What the organiser misses when `module` is left out."""
    for prefix, text in REASONS:
        if module == prefix or module.startswith(prefix + "."):
            return text
    return ANY


def refusal(module: str) -> RisikoError:
    """The Italian error for calling, under xlwings Lite, the left-out `module`."""
    return RisikoError(f"non disponibile con xlwings Lite: {reason(module)}. Questa parte di "
                       f"RisiKo! XL ({module}) non è nella cartella di lavoro, per tenerla "
                       "leggera: si usa con il programma installato sul computer (comandi "
                       "«risiko-xl» o scheda RisiKo! dell'Excel classico, "
                       "docs/INSTALLA-EXCEL.md)")


class LeftOut:
    """A finder (last on `sys.meta_path`) that refuses the modules left out of the
    package the workbook carries."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname in self.modules:
            raise refusal(fullname)
        return None


def refuse(folder: Path) -> LeftOut:
    """Put the finder for the modules `folder`'s package leaves out (its `MANIFEST`)
    last on `sys.meta_path`, in place of one a previous load put there."""
    manifest = Path(folder) / MANIFEST
    modules = manifest.read_text(encoding="utf-8").split() if manifest.is_file() else []
    finder = LeftOut(modules)
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__qualname__ != LeftOut.__qualname__
                        or type(f).__module__ != __name__]
    sys.meta_path.append(finder)
    return finder
