"""The formula a tournament plays, as its `Impostazioni` settings name it.

The formula is the one «Formula» names (a preset, or a file's path), the variant
«Variante formula» names or the player count gives, with the overrides the settings
give (method, rounds, drops). Messages name the setting's row of `Impostazioni`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.settings import VARIANT_KEY
from risiko_xl.cells import is_blank, to_int, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.formulas import load as load_formula
from risiko_xl.formulas import resolve
from risiko_xl.formulas.model import Formula
from risiko_xl.rules.methods import method
from risiko_xl.standings.config import MAX_ROUNDS

MEDALS = "medagliere"  # the scoring method whose standings are a medal table


def _setting_error(key: str, message: str, value: Any,
                   rows: dict[str, int] | None = None) -> RisikoError:
    return RisikoError(f"impostazione «{key}»: {message}", foglio=schema.SETTINGS.sheet,
                       riga=(rows or {}).get(key), colonna="Valore", valore=value)


def named_formula(settings: dict[str, Any], rows: dict[str, int] | None = None) -> Formula:
    """The formula «Formula» names (a preset, or a file's path), with its variants."""
    name = to_text(settings.get("Formula")) or "master"
    try:
        return load_formula(name)
    except RisikoError as err:
        raise err.located(foglio=schema.SETTINGS.sheet, riga=(rows or {}).get("Formula"),
                          colonna="Valore") from None


def tournament_formula(settings: dict[str, Any], players: int | None = None,
                       rows: dict[str, int] | None = None) -> Formula:
    """The formula the settings name, with their overrides (method, rounds, drops) applied.
    A formula with variants needs `Variante formula` or the player count to choose one.
    `rows` (key -> sheet row) locate the errors."""
    return resolved(named_formula(settings, rows), settings, players, rows)


def chosen_variant(formula: Formula, settings: dict[str, Any],
                   rows: dict[str, int] | None = None) -> Formula | None:
    """The variant `Variante formula` names (None when it names none); refused when the
    formula has no variants or no such variant."""
    key = to_text(settings.get(VARIANT_KEY))
    if key is not None and not formula.variants:
        raise _setting_error(VARIANT_KEY, f"la formula «{formula.name}» non ha varianti: "
                             "cancellare il valore", key, rows)
    if key is None:
        return None
    chosen = {v.key.casefold(): v.formula for v in formula.variants}.get(key.strip().casefold())
    if chosen is None:
        raise _setting_error(VARIANT_KEY, "variante sconosciuta (ammesse: " + ", ".join(
            v.key for v in formula.variants) + ")", key, rows)
    return chosen


def resolved(formula: Formula, settings: dict[str, Any], players: int | None = None,
             rows: dict[str, int] | None = None) -> Formula:
    """`formula` (with its variants) for this tournament: the variant `Variante formula`
    names or the player count gives, with the settings' overrides (method, rounds,
    drops)."""
    chosen = chosen_variant(formula, settings, rows)
    if chosen is not None:
        formula = chosen
    elif formula.variants and players is not None:
        formula, _ = resolve(formula, players)
    return _overridden(formula, settings, rows)


def first_draw_variant(formula: Formula, settings: dict[str, Any], players: int,
                       rows: dict[str, int] | None = None) -> str | None:
    """The variant key to record at the first draw, or None when there is nothing to write
    (no variants, or the one typed is right). A formula with variants takes the one its
    player count gives (003 Art. 2: «La formula adottata sarà determinata dal numero dei
    giocatori», decided «tra il sorteggio e l'inizio delle partite del primo turno»): a
    typed variant that disagrees is refused naming its row, never overwritten."""
    if not formula.variants:
        return None
    key = resolve(formula, players)[1]
    typed = to_text(settings.get(VARIANT_KEY))
    if typed is None:
        return key
    if key is not None and typed.strip().casefold() != key.casefold():
        limits = "; ".join(f"«{v.key}» " + (f"fino a {v.max_players} giocatori"
                                            if v.max_players is not None else "oltre")
                           for v in formula.variants)
        raise _setting_error(VARIANT_KEY, f"con {players} giocatori al sorteggio del primo "
                             f"turno la formula «{formula.name}» usa la variante «{key}» "
                             f"({limits}): la variante dipende dal numero dei giocatori; "
                             f"scrivere «{key}» o cancellare il valore", typed, rows)
    return None


def _overridden(formula: Formula, settings: dict[str, Any],
                rows: dict[str, int] | None) -> Formula:
    changes: dict[str, Any] = {}
    wanted = to_text(settings.get("Metodo punteggio"))
    if wanted and wanted.casefold() != formula.scoring.name:
        if formula.methods_allowed and wanted.casefold() not in formula.methods_allowed:
            raise _setting_error("Metodo punteggio", "metodo non previsto dalla formula "
                                 f"(ammessi: {', '.join(formula.methods_allowed)})", wanted,
                                 rows)
        try:
            changes["scoring"] = method(wanted)
        except RisikoError as err:
            raise _setting_error("Metodo punteggio", err.messaggio, wanted, rows) from None
    standings: dict[str, Any] = {}
    for key, field, minimum in (("Turni preliminari", "rounds", 1), ("Scarti", "drops", 0)):
        value = settings.get(key)
        if not is_blank(value):
            try:
                standings[field] = to_int(value, key, minimum=minimum,
                                           maximum=MAX_ROUNDS)
            except RisikoError as err:
                raise _setting_error(key, err.messaggio, value, rows) from None
    if standings:
        changes["standings"] = dataclasses.replace(formula.standings, **standings)
        rules = changes["standings"]
        if rules.drops >= rules.rounds:
            raise _setting_error("Scarti", f"gli scarti devono essere meno dei turni "
                                 f"({rules.rounds})", rules.drops, rows)
    scoring = changes.get("scoring", formula.scoring)
    if scoring.name == MEDALS:
        # seed 004: the medal table counts the places «realizzati durante l'intero torneo»:
        # no result is ever dropped, whatever «Scarti» says
        changes["standings"] = dataclasses.replace(
            changes.get("standings", formula.standings), medals=True, drops=0, best_of=None)
    return dataclasses.replace(formula, **changes) if changes else formula
