"""The formula a workbook carries: the `Formula` sheet, one rule per row.

A workbook made by `nuovo` holds its whole formula there (`risiko_xl.formulas.rule_table`),
so it runs and verifies on any computer with nothing beside it; a workbook of an earlier
release, with no such sheet, keeps its formula by the name (or the file) «Formula» gives
in `Impostazioni` (`formula_settings.named_formula`).

The settings organisers type in `Impostazioni` keep their meaning: «Metodo punteggio»,
«Turni preliminari», «Scarti» and «Variante formula» choose for this tournament (a new
workbook writes the first three there, its rows in the sheet stay blank). A rule written
in both places is refused naming both rows; a method chosen among the formula's «Metodi
ammessi» is a choice the formula offers, not a second writing. Every message names the
sheet, row and column of the cell and the value found.
"""

from __future__ import annotations

import copy
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book, checked_table
from risiko_xl.books.settings import setting_rows
from risiko_xl.books.table import Table
from risiko_xl.cells import is_blank, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.formulas import load
from risiko_xl.formulas.cells import CellProblem
from risiko_xl.formulas.dump import formula_rows_data
from risiko_xl.formulas.loader import from_data, names
from risiko_xl.formulas.model import Formula
from risiko_xl.formulas.rule_rows import Row, RowProblem, from_rows, row_of, to_rows
from risiko_xl.formulas.rule_table import quoted, rule_named, setting_names
from risiko_xl.formulas.variants import resolve
from risiko_xl.sheets.formula_settings import first_draw_variant, named_formula, resolved

SHEET = schema.FORMULA
IN_SETTINGS = setting_names()  # Metodo punteggio, Turni preliminari, Scarti
LABEL = f"foglio {SHEET.sheet}"


def sheet_rows(book: Book) -> list[Row] | None:
    """The rows of the `Formula` sheet, None when the workbook has none (an earlier
    release's workbook)."""
    if SHEET.name not in book.table_names():
        return None
    table = checked_table(book, SHEET)
    return [Row(line.get("Regola"), line.get("Valore"),
                (to_text(line.get("Variante")) or "").strip(),
                to_text(line.get("Sezione")) or "", "", line.sheet_row) for line in table]


def _on_sheet(problem: str, row: Row, column: str = "Valore") -> RisikoError:
    rule = to_text(row.rule)
    text = f"regola «{rule}»: {problem}" if rule and column == "Valore" else problem
    return RisikoError(text, foglio=SHEET.sheet, riga=row.row, colonna=column,
                       valore=row.value if column == "Valore" else row.rule)


def _problem(err: RowProblem) -> RisikoError:
    return _on_sheet(err.problem, err.row, "Valore" if err.in_value else "Regola")


def written_formula(book: Book, settings: dict[str, Any] | None = None) -> Formula:
    """The workbook's formula with its variants, before this tournament's choices: the
    `Formula` sheet's, else the one «Formula» names in Impostazioni."""
    settings = book.settings() if settings is None else settings
    rows = sheet_rows(book)
    if rows is None:
        return named_formula(settings, setting_rows(book))
    return formula_of_rows(rows, settings, setting_rows(book))


def formula_of_rows(rows: list[Row], settings: dict[str, Any],
                    at: dict[str, int]) -> Formula:
    """The formula the rows write (the method Impostazioni chooses reads its parameters
    when the sheet names none); errors on the row and cell."""
    chosen = (to_text(settings.get("Metodo punteggio")) or "").strip().casefold() or None
    written = any(not r.variant and not is_blank(r.value) and not is_blank(r.rule)
                  and str(r.rule).strip().casefold() == "metodo punteggio" for r in rows)
    try:
        data, where = from_rows(rows, method=None if written else chosen)
        if not written and chosen:
            data.setdefault("scoring", {})["method"] = chosen
    except RowProblem as err:
        raise _problem(err) from None
    named = to_text(settings.get("Formula"))
    if named and "name" in data and named.strip() != data["name"] \
            and str(data["name"]) in names():
        switched = _switched(data, named)
        if switched is not None:
            return switched
        row = where[("name",)]
        raise RisikoError(
            f"Impostazioni dice la formula «{named}» (riga {at.get('Formula')}), il foglio "
            f"Formula contiene la formula «{data['name']}» (riga {row.row}), cambiata a mano: "
            f"rimettere "
            f"«{data['name']}» in Impostazioni, oppure ripartire da «{named}» con "
            f"«risiko-xl formula FILE --da {named}»", foglio=schema.SETTINGS.sheet,
            riga=at.get("Formula"), colonna="Valore", valore=named)
    _held(data, settings, at)
    default = named if named and named.isidentifier() else "formula"
    # a name of its own given in the sheet: the sheet's formula, whatever «Formula»
    # still says (`sync_sheet` writes the new name there)
    try:
        return from_data(data, LABEL, default)
    except RisikoError as err:
        if not err.chiave:
            raise
        found = row_of(where, err.chiave)
        if found is None:
            keys = [str(k) for k in err.chiave if not isinstance(k, int)]
            raise RisikoError(f"foglio {SHEET.sheet}: {quoted(*keys)}: {err.problema}"
                              ) from None
        raise _on_sheet(err.problema, found) from None


def _switched(data: dict[str, Any], named: str) -> Formula | None:
    """The formula Impostazioni's «Formula» names now, when the sheet still holds a preset
    exactly as shipped: choosing another preset there keeps its meaning (the sheet is
    written again, `sync_sheet`); None when the sheet was changed by hand or the name
    is not a formula (refused by the caller: a rewrite would lose those rules). A sheet
    given a name of its own is the formula: «Formula» follows that name."""
    name = str(data["name"])
    if name not in names():
        return None
    shipped = load(name)
    full = copy.deepcopy(data)  # the rules Impostazioni held, as the preset has them
    full.setdefault("scoring", {}).setdefault("method", shipped.scoring.name)
    standings = full.setdefault("standings", {})
    standings.setdefault("rounds", shipped.standings.rounds)
    standings.setdefault("drops", shipped.standings.drops)
    try:
        held = from_data(full, LABEL, name)
        wanted = load(named)
    except RisikoError:
        return None
    return wanted if shipped == held else None


def sync_sheet(book: Book, settings: dict[str, Any]) -> str | None:
    """Write the `Formula` sheet again when Impostazioni chose another preset (see
    `_switched`); the line saying so, None when there was nothing to do."""
    rows = sheet_rows(book)
    named = to_text(settings.get("Formula"))
    if rows is None or not named:
        return None
    written = next((str(r.value).strip() for r in rows if not r.variant
                    and not is_blank(r.rule) and rule_named_or_none(r.rule) == "name"), None)
    if written is None or written == named.strip():
        return None
    if written not in names():  # the sheet renamed by hand: Impostazioni follows it
        book.set_setting("Formula", written)
        return f"Impostazioni: «Formula» = {written}, il nome scritto nel foglio {SHEET.sheet}"
    formula = written_formula(book, settings)
    held = tuple(k for k in IN_SETTINGS if not is_blank(settings.get(k)))
    book.write_table(SHEET.name, formula_table(formula, held), replace_headers=True)
    played = sum(not is_blank(r.get("Punti obiettivo"))
                 for r in book.read_table(schema.RESULTS.name))
    return (f"Formula cambiata in Impostazioni: da «{written}» a «{formula.name}»; foglio "
            f"{SHEET.sheet} riscritto"
            + (f"; i {played} risultati già scritti sono letti con la nuova formula"
               if played else ""))


def rule_named_or_none(name: Any) -> str | None:
    """The key («name», …) of the rule called `name`, None when none is."""
    try:
        return ".".join(rule_named(str(name)).path)
    except CellProblem:
        return None


def _held(data: dict[str, Any], settings: dict[str, Any], at: dict[str, int]) -> None:
    """The rules Impostazioni holds where the sheet leaves them blank (a new workbook
    writes «Turni preliminari» and «Scarti» there, as organisers always typed them)."""
    for name in IN_SETTINGS:
        rule = rule_named(name)
        typed = settings.get(name)
        if is_blank(typed) or rule.path == ("scoring", "method"):
            continue
        target = data
        for key in rule.path[:-1]:
            target = target.setdefault(key, {})
        if rule.path[-1] not in target:
            try:
                target[rule.path[-1]] = rule.kind.read(typed)
            except CellProblem as err:
                raise RisikoError(f"impostazione «{name}»: {err}", foglio=schema.SETTINGS.sheet,
                                  riga=at.get(name), colonna="Valore", valore=typed) from None


def book_formula(book: Book, players: int | None = None,
                 settings: dict[str, Any] | None = None) -> Formula:
    """This tournament's formula: the workbook's, its variant chosen (by «Variante
    formula» or `players` at the first draw), with Impostazioni's choices."""
    settings = book.settings() if settings is None else settings
    at = setting_rows(book)
    formula = written_formula(book, settings)
    rows = sheet_rows(book)
    if rows is not None:
        _written_once(rows, formula, settings, at, players)
    return resolved(formula, settings, players, at)


def _variant_key(formula: Formula, settings: dict[str, Any], players: int | None) -> str | None:
    key = to_text(settings.get("Variante formula"))
    if key or not formula.variants or players is None:
        return key.strip() if key else None
    return resolve(formula, players)[1]


def _written_once(rows: list[Row], formula: Formula, settings: dict[str, Any],
                  at: dict[str, int], players: int | None) -> None:
    """Refuse a rule written both in Impostazioni and in the sheet with other values
    (the sheet's row of the base or of the variant in effect)."""
    variant = _variant_key(formula, settings, players)
    allowed = {m.casefold() for m in formula.methods_allowed}
    for row in rows:
        if is_blank(row.value) or is_blank(row.rule) or row.variant not in ("", variant):
            continue
        try:
            rule = rule_named(str(row.rule))
        except CellProblem:  # an unknown rule was refused when the formula was read
            continue
        if rule.name not in IN_SETTINGS:
            continue
        typed = settings.get(rule.name)
        if is_blank(typed):
            continue
        try:
            same = rule.kind.read(typed) == rule.kind.read(row.value)
        except ValueError:
            same = False
        if same or (rule.name == "Metodo punteggio"
                    and str(typed).strip().casefold() in allowed):
            continue
        raise RisikoError(
            f"«{rule.name}» è scritta due volte: in Impostazioni (riga {at.get(rule.name)}: "
            f"{typed}) e nel foglio {SHEET.sheet} (riga {row.row}: {row.value}); "
            "cancellarne una", foglio=schema.SETTINGS.sheet, riga=at.get(rule.name),
            colonna="Valore", valore=typed)


def variant_at_first_draw(book: Book, settings: dict[str, Any], players: int) -> str | None:
    """The variant key the first draw records (see `settings.first_draw_variant`)."""
    return first_draw_variant(written_formula(book, settings), settings, players,
                              setting_rows(book))


# ------------------------------------------------------------------- writing


def formula_table(formula: Formula, in_settings: tuple[str, ...] = IN_SETTINGS) -> Table:
    """The `Regole` table of `formula`; the rules in `in_settings` blank in the base
    rows (Impostazioni holds them)."""
    base, variants = formula_rows_data(formula)
    rows = to_rows(base, variants)
    table = Table(list(SHEET.headers))
    for row in rows:
        value, explain = row.value, row.explain
        if not row.variant and row.rule in in_settings:
            value, explain = "", f"{explain} (si scrive in Impostazioni)"
        table.append({"Sezione": row.section, "Regola": row.rule, "Valore": value,
                      "Variante": row.variant, "Spiegazione": explain})
    return table


def formula_settings(formula: Formula) -> dict[str, Any]:
    """What a new workbook of `formula` writes in Impostazioni: its method, rounds and
    drops shown so the organiser sees them (the `Formula` sheet leaves them blank); blank
    where variants decide them later."""
    if formula.variants:
        return {"Formula": formula.name, "Metodo punteggio": "", "Turni preliminari": "",
                "Scarti": ""}
    return {"Formula": formula.name, "Metodo punteggio": formula.scoring.name,
            "Turni preliminari": formula.standings.rounds, "Scarti": formula.standings.drops}
