Attribute VB_Name = "RisiKo"
' Pulsanti della scheda RisiKo! della barra multifunzione.
' Generato da risiko_xl/excel/ribbon.py con `python -m risiko_xl.workbooks.xlsm`:
' non modificare a mano.
Option Explicit

' Torneo > Nuovo torneo
Sub NuovoTorneo(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.nuovo_torneo()"
End Sub

' Torneo > Ritira giocatore
Sub RitiraGiocatore(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.ritira_giocatore()"
End Sub

' Torneo > Verifica
Sub Verifica(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.verifica()"
End Sub

' Turno > Sorteggia turno
Sub SorteggiaTurno(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.sorteggia_turno()"
End Sub

' Turno > Aggiorna classifica
Sub AggiornaClassifica(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.aggiorna_classifica()"
End Sub

' Turno > Fasi finali
Sub FasiFinali(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.fasi_finali()"
End Sub

' Pubblica > Post forum
Sub PostForum(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.post_forum()"
End Sub

' Pubblica > Stampa referti
Sub StampaReferti(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.stampa_referti()"
End Sub

' Stagione > Aggiungi alla stagione
Sub AggiungiAllaStagione(control As IRibbonControl)
    RunPython "import risiko_xl.actions as a; a.aggiungi_alla_stagione()"
End Sub
