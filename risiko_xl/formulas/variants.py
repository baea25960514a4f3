"""Formula variants: a formula whose settings depend on the player count at the first
round's draw (eagles: formula a up to 28 players, b above). A variant's "formula" is
merged over the base key by key (sections too; "notes" are appended, "scoring" and other
lists are replaced) and checked as a whole formula; `resolve` picks the variant.
"""

from __future__ import annotations

from typing import Any

from risiko_xl.errors import RisikoError
from risiko_xl.formulas.checks import build_formula
from risiko_xl.formulas.json_types import Where, as_object, check_keys, convert, describe, fields
from risiko_xl.formulas.model import Formula, Variant


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """`override` over `base`: sections merged key by key, notes appended, scoring and
    other lists replaced."""
    out = dict(base)
    for key, value in override.items():
        if key != "scoring" and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        elif key == "notes" and isinstance(value, list) and isinstance(out.get(key), list):
            out[key] = [*out[key], *value]
        else:
            out[key] = value
    return out


def variants(data: dict[str, Any], base: Formula, where: Where) -> tuple[Variant, ...]:
    raw = data["variants"]
    if not isinstance(raw, list):
        raise where.error(f"serve una lista [ ], trovato {describe(raw)}", raw)
    common = {k: v for k, v in data.items() if k != "variants"}
    out: list[Variant] = []
    previous: int | None = 0
    keys: set[str] = set()
    hints, _ = fields(Variant)
    for i, item in enumerate(raw):
        spot = where / i
        item = as_object(item, spot)
        check_keys(item, list(hints), spot)
        for name in ("key", "max_players", "formula"):
            if name not in item:
                raise (spot / name).error("chiave obbligatoria mancante", show_value=False)
        key = convert(str, item["key"], spot / "key")
        if not key.strip() or key in keys:
            raise (spot / "key").error("chiave di variante vuota o ripetuta", key)
        keys.add(key)
        limit = convert(int | None, item["max_players"], spot / "max_players")
        if previous is None:
            raise (spot / "max_players").error(
                "la variante precedente vale già per qualunque numero di giocatori "
                "(max_players null): questa non verrebbe mai scelta", limit)
        if limit is not None and limit <= previous:
            raise (spot / "max_players").error(
                f"i limiti delle varianti devono crescere (precedente: {previous})", limit)
        previous = limit
        override = as_object(item["formula"], spot / "formula")
        if "name" in override:
            raise (spot / "formula" / "name").error(
                "una variante ha il nome della formula", override["name"])
        merged = _merge(common, override)
        formula = build_formula(merged, spot / "formula", base.name, variant=True)
        out.append(Variant(key=key, max_players=limit, formula=formula))
    if not out:
        raise where.error("la lista delle varianti è vuota", raw)
    return tuple(out)


def resolve(formula: Formula, players: int) -> tuple[Formula, str | None]:
    """The concrete formula for `players` at the first round's draw, and the variant key
    (None when the formula has no variants)."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 0:
        raise RisikoError("numero di giocatori non valido", valore=players)
    if not formula.variants:
        return formula, None
    for v in formula.variants:
        if v.max_players is None or players <= v.max_players:
            return v.formula, v.key
    raise RisikoError(
        f"nessuna variante della formula «{formula.name}» vale per {players} giocatori "
        f"(la più ampia arriva a {formula.variants[-1].max_players})", valore=players)

