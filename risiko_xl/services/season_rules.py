"""The season's rules as the organiser types them in the season workbook's `Regole`
(`books.season_schema.RULES`): each entry, its default and what it means (written in a
new season), read into `season.standings.SeasonRules`; a value not understood is refused
with its row, the way a tournament's `Formula` sheet is."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from risiko_xl.books import season_schema as S
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.season.standings import (
    BY_POSITION,
    DEFAULT_TABLE,
    METHODS,
    TIE_BREAKS,
    SeasonRules,
)

# Regole: each entry, its default and what it says (written in the new workbook)
RULE_ROWS = (
    ("Nome stagione", "", "il titolo della classifica della stagione"),
    ("Punti", BY_POSITION, "come ogni torneo dà i punti: «" + "», «".join(METHODS) + "» (la "
     "tabella qui sotto; il totale della classifica del torneo; i punti del ranking nazionale)"),
    ("Punti per posizione", ", ".join(map(str, DEFAULT_TABLE)),
     "con «posizione»: i punti del 1°, del 2°, …; dopo l'ultimo, 0"),
    ("Punti presenza", 0, "punti in più per ogni torneo giocato"),
    ("Tornei contati", "tutti", "«tutti», oppure N: contano gli N tornei migliori di ognuno"),
    ("Minimo tornei", 1, "tornei da giocare per avere una posizione (gli altri sono elencati "
     "in fondo, senza posizione)"),
    ("Spareggi", "vittorie, miglior piazzamento, tornei giocati",
     "in ordine, fra: " + "; ".join(f"{k} ({v})" for k, v in TIE_BREAKS.items())
     + "; chi resta pari ha la stessa posizione"),
)
def _rule_error(key: str, row: Row | None, text_: str, value: Any) -> RisikoError:
    return RisikoError(f"regola «{key}»: {text_}", foglio=S.RULES.sheet,
                       riga=row.sheet_row if row is not None else None, colonna="Valore",
                       valore=value)


MAX_POINTS = 1_000_000  # a season's points per place or per presence, at most


def read_rules(book: Book) -> SeasonRules:
    """`Regole` as `SeasonRules`; a value not understood is refused with its row, and so is
    an entry the season does not know, or one written twice (nothing typed is ignored)."""
    known = {key.casefold(): key for key, _, _ in RULE_ROWS}
    rows: dict[str, Row] = {}
    for r in book.read_table(S.RULES.name):
        key = to_text(r.get("Voce"))
        if key is None:
            if to_text(r.get("Valore")) is not None:
                raise RisikoError("valore senza voce: scrivere la voce in «Voce» (una fra: "
                                  + ", ".join(known.values()) + ")", foglio=S.RULES.sheet,
                                  riga=r.sheet_row, colonna="Voce", valore=r.get("Valore"))
            continue
        folded = " ".join(key.split()).casefold()
        if folded not in known:
            raise RisikoError("voce sconosciuta (ammesse: " + ", ".join(known.values()) + ")",
                              foglio=S.RULES.sheet, riga=r.sheet_row, colonna="Voce",
                              valore=key)
        if folded in rows:
            raise RisikoError(f"la voce «{known[folded]}» è scritta due volte (anche alla riga "
                              f"{rows[folded].sheet_row}): cancellarne una",
                              foglio=S.RULES.sheet, riga=r.sheet_row, colonna="Voce",
                              valore=key)
        rows[folded] = r

    def value(key: str) -> tuple[Any, Row | None]:
        row = rows.get(key.casefold())
        return (row.get("Valore") if row is not None else None), row

    method_cell, row = value("Punti")
    method = (to_text(method_cell) or BY_POSITION).strip().casefold()
    if method not in METHODS:
        raise _rule_error("Punti", row, "ammessi " + ", ".join(f"«{m}»" for m in METHODS),
                          method_cell)
    table_cell, row = value("Punti per posizione")
    words = str(table_cell if table_cell is not None else ", ".join(map(str, DEFAULT_TABLE))) \
        .replace(";", ",").replace(" ", ",").split(",")
    if not all(w.strip().isascii() and w.strip().isdigit() and len(w.strip()) <= 7
               and int(w) <= MAX_POINTS for w in words if w.strip()):
        raise _rule_error("Punti per posizione", row, "numeri interi da 0 a "
                          f"{MAX_POINTS:_} separati da virgole (per esempio 25, 18, 15)"
                          .replace("_", "."), table_cell)
    table = tuple(int(w) for w in words if w.strip())
    presence_cell, row = value("Punti presenza")
    presence = _number("Punti presenza", presence_cell, row, Fraction(0))
    best_cell, row = value("Tornei contati")
    best = None if to_text(best_cell) in (None, "tutti") else _count(
        "Tornei contati", row, best_cell)
    minimum_cell, row = value("Minimo tornei")
    minimum = _count("Minimo tornei", row, minimum_cell, default=1)
    ties_cell, row = value("Spareggi")
    ties = tuple(t.strip().casefold() for t in (to_text(ties_cell) or "").split(",") if t.strip())
    unknown = [t for t in ties if t not in TIE_BREAKS]
    if unknown:
        raise _rule_error("Spareggi", row, f"«{unknown[0]}» non è uno spareggio (ammessi: "
                          + ", ".join(TIE_BREAKS) + ")", ties_cell)
    twice = next((t for i, t in enumerate(ties) if t in ties[:i]), None)
    if twice:
        raise _rule_error("Spareggi", row, f"«{twice}» è scritto due volte", ties_cell)
    return SeasonRules(method, table, presence, best, minimum, ties)


def _number(key: str, cell: Any, row: Row | None, default: Fraction) -> Fraction:
    if cell in (None, ""):
        return default
    try:
        number = Fraction(str(cell).replace(",", "."))
    except (ValueError, OverflowError):
        number = Fraction(-1)
    if not 0 <= number <= MAX_POINTS:
        raise _rule_error(key, row, f"serve un numero da 0 a {MAX_POINTS:_}".replace("_", "."),
                          cell)
    return number


def _count(key: str, row: Row | None, cell: Any, default: int | None = None) -> int:
    if cell in (None, "") and default is not None:
        return default
    text_ = str(cell).strip()
    n = int(text_) if text_.isascii() and text_.isdigit() and len(text_) <= 4 else 0
    if n < 1:
        raise _rule_error(key, row, "serve un numero intero da 1 a 9999", cell)
    return n


def rename(season: Book, name: str) -> None:
    """«Nome stagione» in Regole becomes `name`."""
    rules = season.read_table(S.RULES.name)
    named = [r for r in rules if (to_text(r.get("Voce")) or "").strip() == "Nome stagione"]
    for r in named:
        r["Valore"] = name
    if not named:
        rules.append({"Voce": "Nome stagione", "Valore": name})
    season.write_table(S.RULES.name, rules)
