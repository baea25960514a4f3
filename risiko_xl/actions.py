"""The ribbon's entry point: the name its buttons call through `RunPython` (`macros/`) for
the actions of `risiko_xl.excel.buttons`, one per button of `risiko_xl.excel.ribbon`."""

from risiko_xl.commands.desk import (
    PLAYER_TO_WITHDRAW,
    ROUND_TO_DRAW,
    ROUND_TO_PRINT,
    ROUND_TO_PUBLISH,
)
from risiko_xl.excel.buttons import (
    aggiorna_classifica,
    aggiungi_alla_stagione,
    fasi_finali,
    nuovo_torneo,
    post_forum,
    ritira_giocatore,
    sorteggia_turno,
    stampa_referti,
    verifica,
)

__all__ = ["PLAYER_TO_WITHDRAW", "ROUND_TO_DRAW", "ROUND_TO_PRINT", "ROUND_TO_PUBLISH",
           "aggiorna_classifica", "aggiungi_alla_stagione", "fasi_finali", "nuovo_torneo",
           "post_forum", "ritira_giocatore", "sorteggia_turno", "stampa_referti", "verifica"]

