"""# RisiKo!

Il torneo è in questa cartella di lavoro. Scegliere un'azione qui sopra, compilare i campi
e premere il pulsante (o F5); il risultato compare sotto, in *Output*.

1. **Nuovo torneo**: la formula del torneo (in una copia vuota della cartella di lavoro).
2. **Iscrivi giocatore**, uno alla volta (l'ID è il successivo libero), oppure scriverli
   nel foglio *Iscritti* con il loro ID (G01, G02, …).
3. **Sorteggia turno**, poi i risultati nel foglio *Risultati*.
4. **Aggiorna classifica**, **Post forum** (nel foglio *Post*), **Stampa referti**.
5. **Fasi finali** dopo i turni preliminari; **Verifica** ricontrolla tutto.
6. A torneo finito, **Aggiungi alla stagione** (la stagione del club, un file importato).

Le funzioni `=RISIKO_…` si usano nelle celle come le altre funzioni di Excel.
Il file si salva come sempre (Excel per il web salva da sé).
"""

# The workbook's `main.py` for xlwings Lite. The workbook carries this file with the
# risiko_xl package inside (PACKAGE, written by `risiko_xl.workbooks.lite`): xlwings Lite keeps
# one module per workbook and installs only from package indexes. The worksheet functions
# are `risiko_xl.udfs`' own: under xlwings Lite `xlwings.func` registers them.

import base64
import bz2
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import xlwings as xw
from xlwings import script

PACKAGE = ""  # risiko_xl (bz2, base85); empty where the package is installed


def _unpack(package: str) -> None:
    """Put the package this file carries first on `sys.path` (unpacked once into the
    temporary folder, by content), and refuse in Italian what it leaves out."""
    if not package:
        return
    data = base64.b85decode("".join(package.split()))
    folder = Path(tempfile.gettempdir()) / f"risiko_xl-{hashlib.sha256(data).hexdigest()[:16]}"
    if not folder.is_dir():
        partial = Path(tempfile.mkdtemp(prefix="risiko_xl-"))
        for name, text in json.loads(bz2.decompress(data)).items():  # archive name → text
            target = partial.joinpath(*name.split("/"))
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8", newline="")
        os.replace(partial, folder)
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    from risiko_xl.not_in_lite import refuse

    refuse(folder)


_unpack(PACKAGE)

from risiko_xl.formulas.loader import names  # noqa: E402
from risiko_xl.lite import steps  # noqa: E402
from risiko_xl.udfs import *  # noqa: E402, F403  custom functions, registered by xlwings Lite

if TYPE_CHECKING:
    Formula = str
    PostFormat = str
else:  # the form's drop-down lists
    Formula = Literal[tuple(names())]
    PostFormat = Literal[steps.LITE_FORMATS]


@script(name="Nuovo torneo")
def nuovo_torneo(book: xw.Book, formula: Formula = "master") -> None:
    """Prepara questa cartella di lavoro, ancora senza risultati, per la `formula` scelta:
    metodo punteggio, turni preliminari e scarti vanno in *Impostazioni*."""
    steps.run(book, "Nuovo torneo", lambda xl: steps.new_tournament(xl, formula))


@script(name="Iscrivi giocatore")
def iscrivi_giocatore(book: xw.Book, nome: str = "", cognome: str = "", nickname: str = "",
                      club: str = "", dal_turno: int = 0) -> None:
    """Aggiunge il giocatore al foglio *Iscritti* con il primo ID libero, come
    `risiko-xl iscrivi`. `dal_turno` 0: dal turno successivo all'ultimo sorteggiato."""
    steps.run(book, "Iscrivi giocatore", lambda xl: steps.register_player(
        xl, nome, cognome, nickname, club, dal_turno))


@script(name="Ritira giocatore")
def ritira_giocatore(book: xw.Book, giocatore: str = "", conferma: bool = False,
                     ripara: bool = False) -> None:
    """Ritira il `giocatore` (il suo ID, oppure il giocatore della riga selezionata) e, se
    era qualificato, lo sostituisce come dice la formula. Spuntare `conferma`; con
    `ripara` i turni già sorteggiati e non giocati vengono aggiustati."""
    steps.run(book, "Ritira giocatore",
              lambda xl: steps.withdraw_player(xl, giocatore, conferma, ripara))


@script(name="Verifica")
def verifica(book: xw.Book) -> None:
    """Ricalcola ogni cella calcolata e rifà ogni sorteggio: elenca le differenze, non
    modifica niente."""
    steps.run(book, "Verifica", steps.verify_book)


@script(name="Sorteggia turno")
def sorteggia_turno(book: xw.Book, turno: int = 0, conferma: bool = False) -> None:
    """Sorteggia il turno preliminare successivo (o il `turno` indicato: 0 è il
    successivo) e ne prepara le righe in *Risultati*. Un turno già sorteggiato si
    sorteggia di nuovo spuntando `conferma` (le sue righe vanno in *Archivio*)."""
    steps.run(book, "Sorteggia turno", lambda xl: steps.draw(xl, turno, conferma))


@script(name="Aggiorna classifica")
def aggiorna_classifica(book: xw.Book) -> None:
    """Calcola i punti delle partite inserite in *Risultati* e la *Classifica*."""
    steps.run(book, "Aggiorna classifica", steps.standings)


@script(name="Fasi finali")
def fasi_finali(book: xw.Book) -> None:
    """Prepara la fase finale successiva (spareggio, semifinali, finale) o, dopo la
    finale, la classifica finale."""
    steps.run(book, "Fasi finali", steps.finals)


@script(name="Post forum")
def post_forum(book: xw.Book, turno: int = 0, formato: PostFormat = "bbcode-vb") -> None:
    """Scrive nel foglio *Post* il messaggio del `turno` nel `formato` scelto, da copiare
    nel forum o nella chat. `turno` 0: l'ultimo sorteggiato se non ha ancora risultati (se
    ne annunciano i tavoli), altrimenti l'ultimo con tutti i risultati."""
    steps.run(book, "Post forum", lambda xl: steps.post(xl, turno, formato))


@script(name="Stampa referti")
def stampa_referti(book: xw.Book, turno: int = 0) -> None:
    """Prepara i referti dei tavoli del `turno` (0: l'ultimo sorteggiato) in una pagina
    HTML, da scaricare dal menu *Files > Import/Export* di xlwings Lite e stampare."""
    steps.run(book, "Stampa referti", lambda xl: steps.score_sheets(xl, turno))


@script(name="Aggiungi alla stagione")
def aggiungi_alla_stagione(book: xw.Book, stagione: str = "stagione.xlsx",
                           conferma: bool = False) -> None:
    """Aggiunge questo torneo, finito, alla `stagione` del club (o lo aggiorna), come il
    pulsante dell'Excel classico: la stagione va prima importata dal menu *Files >
    Import* di xlwings Lite e poi riscaricata da *Files > Export*. Una stagione che non
    c'è ancora si crea spuntando `conferma`."""
    steps.run(book, "Aggiungi alla stagione",
              lambda xl: steps.add_to_season(xl, stagione, conferma))
