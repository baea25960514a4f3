"""The "RisiKo!" ribbon as data: the buttons, the VBA Sub each calls and the action it runs.

One table read by the ribbon XML and VBA generator (macros/), by `actions.py` (one
function per button) and by the tests that check the three agree.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Button:
    group: str  # ribbon group label
    label: str  # button label (Italian)
    sub: str  # VBA Sub name: Sub <sub>(control As IRibbonControl)
    action: str  # function in risiko_xl.actions called through RunPython
    image: str  # built-in Office icon (imageMso)


TAB = "RisiKo!"
GROUPS = ("Torneo", "Turno", "Pubblica", "Stagione")
BUTTONS = (
    Button("Torneo", "Nuovo torneo", "NuovoTorneo", "nuovo_torneo", "FileNew"),
    Button("Torneo", "Ritira giocatore", "RitiraGiocatore", "ritira_giocatore",
           "DeclineInvitation"),
    Button("Torneo", "Verifica", "Verifica", "verifica", "ReviewAcceptChange"),
    Button("Turno", "Sorteggia turno", "SorteggiaTurno", "sorteggia_turno", "TableInsert"),
    Button("Turno", "Aggiorna classifica", "AggiornaClassifica", "aggiorna_classifica",
           "Refresh"),
    Button("Turno", "Fasi finali", "FasiFinali", "fasi_finali", "OrgChartInsert"),
    Button("Pubblica", "Post forum", "PostForum", "post_forum", "Copy"),
    Button("Pubblica", "Stampa referti", "StampaReferti", "stampa_referti", "FilePrint"),
    Button("Stagione", "Aggiungi alla stagione", "AggiungiAllaStagione",
           "aggiungi_alla_stagione", "ChartInsert"),
)
