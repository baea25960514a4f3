"""GestioneTorneo's terms as our workbook keeps them, shared by `importa`, `esporta` and
`chiudi` (and so by the season, in xlwings Lite too, which carries no reader of
GestioneTorneo's files): the settings that hold what only its workbook has, what its
referees type for a RisiKo!, and which types keep their final phases as round sheets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from risiko_xl.gestionetorneo import layout

if TYPE_CHECKING:
    from risiko_xl.formulas.model import Formula

TYPE_KEY, NOTE_KEY = "Tipologia GestioneTorneo", "Note torneo"
RISIKO = 100  # what GestioneTorneo's referees type for a RisiKo!


def sheets_hold_finals(found: Formula, kind: str | None = None) -> bool:
    """Whether GestioneTorneo keeps the formula's final phases as round sheets after the
    preliminary ones: only where its type (`kind`, the one declared; else the formula's)
    computes standings with them (`layout.FINALS_TYPES`); any other type sums every sheet
    as a qualifying round."""
    declared = layout.tournament_type(kind or found.gestionetorneo)
    return found.phases.kind != "none" and declared in layout.FINALS_TYPES
