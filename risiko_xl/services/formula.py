"""`risiko-xl formula`: the workbook's formula said in words, its rules set one by one
(«Scarti=3»), started again from a preset or a file, exported as a formula file.

A rule is set where it lives: «Metodo punteggio», «Turni preliminari» and «Scarti» in
`Impostazioni` when that is where the workbook holds them (a new workbook writes them
there), every other rule on its row of the `Formula` sheet (a row added when missing).
Nothing is written unless the whole formula reads back valid: a refused value leaves the
file as it was, with the sheet, row and value named.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.table import Table
from risiko_xl.cells import is_blank, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.files.writes import atomic_write_text
from risiko_xl.formulas import load
from risiko_xl.formulas.cells import CellProblem
from risiko_xl.formulas.dump import to_json
from risiko_xl.formulas.loader import names
from risiko_xl.formulas.model import Formula
from risiko_xl.formulas.rule_table import Rule, rule_named, switched_off
from risiko_xl.formulas.words import announce
from risiko_xl.services.phase_check import (
    check_phase_rows,
    check_seatings,
    refuse_changed_phases,
    seated_differences,
)
from risiko_xl.services.standings_sheet import standings_of
from risiko_xl.sheets.formula_sheet import (
    IN_SETTINGS,
    SHEET,
    book_formula,
    formula_settings,
    formula_table,
    sheet_rows,
    written_formula,
)
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import load as load_tournament
from risiko_xl.typed import CELL_LIMIT, excel_length

AddSheet = Callable[[Table], None]  # the face's way to add the Formula sheet to a workbook


def _players(book: Book) -> int | None:
    """The players of the first round drawn (they choose a variant), else None."""
    results = book.read_table(schema.RESULTS.name)
    first = {row.get("ID") for row in results if row.get("Turno") == 1
             and (to_text(row.get("Fase")) or QUALIFYING) == QUALIFYING}
    return len(first) or None


def describe(book: Book) -> list[str]:
    """The formula in words, where it is written and what it changes of its preset."""
    settings = book.settings()
    written = written_formula(book, settings)
    players = _players(book)
    formula = book_formula(book, players, settings)
    rows = sheet_rows(book)
    where = (f"nel foglio {SHEET.sheet}" if rows is not None else
             f"«{to_text(settings.get('Formula')) or 'master'}» dal programma (il file non ha "
             f"il foglio {SHEET.sheet}: «--imposta» o «--da» lo scrivono)")
    lines = [f"Formula «{written.name}», {where}"]
    if written.variants:
        lines.append("Varianti secondo i giocatori al primo sorteggio: " + "; ".join(
            f"«{v.key}» " + (f"fino a {v.max_players}" if v.max_players is not None
                             else "oltre") for v in written.variants)
            + (f" (in uso: «{to_text(settings.get('Variante formula'))}»)"
               if to_text(settings.get("Variante formula")) else ""))
    lines += announce(formula, players)
    lines += [f"Nota: {note}" for note in formula.notes]
    lines += _changes(written)
    return lines


def _changes(written: Formula) -> list[str]:
    """The rules that differ from the preset of the same name, if it is one."""
    if written.name not in names():
        return []
    preset = load(written.name)
    if preset == written:
        return [f"Uguale alla formula «{written.name}» del programma"]
    ours = {(r.get("Regola"), r.get("Variante")): r.get("Valore")
            for r in formula_table(written, ())}
    theirs = {(r.get("Regola"), r.get("Variante")): r.get("Valore")
              for r in formula_table(preset, ())}
    changed = [f"{rule}{f' ({variant})' if variant else ''}: {theirs.get((rule, variant), '')!s}"
               f" → {value}" for (rule, variant), value in ours.items()
               if theirs.get((rule, variant)) != value and rule != "Nota"]
    if not changed:
        return [f"Uguale alla formula «{written.name}» del programma, salvo le note"]
    return [f"Regole cambiate rispetto a «{written.name}» del programma: " + "; ".join(changed)]


def _assignment(text: str) -> tuple[Rule, str]:
    if "=" not in text:
        raise RisikoError("scrivere la regola come «Regola=valore» (es. «Scarti=3»)",
                          valore=text)
    name, value = (part.strip() for part in text.split("=", 1))
    try:
        rule = rule_named(name)
    except CellProblem as err:
        raise RisikoError(str(err), valore=name) from None
    return rule, value


def _normal(rule: Rule, value: str, unit: int = 1) -> Any:
    """The value as the cell keeps it («3» → 3, «dal 3 al 9» → «dal 3° al 9°»); points in
    the `unit` of the method in effect (its parameters are written over its denominator)."""
    if not value:
        return None
    if excel_length(value) > CELL_LIMIT:  # the cell would cut it: refused, never cut
        raise RisikoError(f"regola «{rule.name}»: testo di {excel_length(value)} caratteri, al "
                          f"massimo {CELL_LIMIT} (quanti ne tiene una cella)",
                          valore=value[:40] + "…")
    try:
        return rule.kind.write(rule.kind.read(value, unit), unit)
    except CellProblem as err:
        raise RisikoError(f"regola «{rule.name}»: {err}", valore=value) from None


def set_rules(book: Book, assignments: Sequence[str], variant: str = "",
              add_sheet: AddSheet | None = None) -> list[str]:
    """Each «Regola=valore» written where the rule lives; the formula then read back
    whole (a refusal writes nothing) and said in words."""
    before = _seated_before(book)
    lines = _ensure_sheet(book, add_sheet)
    settings = book.settings()
    table = book.read_table(SHEET.name)
    unit = written_formula(book, settings).scoring.denominator
    for text in assignments:
        rule, raw = _assignment(text)
        value = _normal(rule, raw, unit)
        if rule.repeated:  # a row per item: «Nota=testo» adds one, «Nota=» removes them all
            table, line = _repeated(table, rule, value, variant)
            lines.append(line)
            continue
        row = next((r for r in table if not is_blank(r.get("Regola"))
                    and _same(r.get("Regola"), rule.name)
                    and (to_text(r.get("Variante")) or "") == variant), None)
        held = rule.name in IN_SETTINGS and not variant and (
            not is_blank(settings.get(rule.name)) or row is None or is_blank(row.get("Valore")))
        if held:
            book.set_setting(rule.name, value)
            lines.append(f"Impostazioni: «{rule.name}» = {value if value is not None else ''}")
            continue
        if row is None:
            row = table.append({"Sezione": rule.section, "Regola": rule.name,
                                "Variante": variant or None, "Spiegazione": rule.explain})
        row["Valore"] = value
        if rule.path == ("name",) and not variant:  # Impostazioni names the formula too
            book.set_setting("Formula", value)
        emptied = [r for r in table if (to_text(r.get("Variante")) or "") == variant
                   and not is_blank(r.get("Valore")) and any(
                       _same(r.get("Regola"), off.name)
                       for off in switched_off(rule, rule.kind.read(raw, unit) if raw else None))]
        for r in emptied:
            r["Valore"] = None
        if emptied:
            lines.append("Regole che non si applicano più, svuotate: " + ", ".join(
                f"«{r.get('Regola')}»" for r in emptied))
        where = f" (variante «{variant}»)" if variant else ""
        lines.append(f"Foglio {SHEET.sheet}: «{rule.name}»{where} = "
                     f"{value if value is not None else '(vuota)'}")
    book.write_table(SHEET.name, table)
    _still_plays(book, before)
    return [*lines, "", *describe(book)]


def _repeated(table: Table, rule: Rule, value: Any, variant: str) -> tuple[Table, str]:
    """A rule of one row per item (the notes): `value` added as a row of its own, or, when
    empty, every row of the rule (in `variant`) removed; the line that says so."""
    where = f" (variante «{variant}»)" if variant else ""
    if value is None:
        kept = table.where(lambda r: not (_same(r.get("Regola"), rule.name) and (
            to_text(r.get("Variante")) or "") == variant))
        gone = len(table) - len(kept)
        said = "nessuna riga" if not gone else "tolta 1 riga" if gone == 1 else \
            f"tolte {gone} righe"
        return kept, f"Foglio {SHEET.sheet}: «{rule.name}»{where}: {said}"
    table.append({"Sezione": rule.section, "Regola": rule.name, "Valore": value,
                  "Variante": variant or None, "Spiegazione": rule.explain})
    return table, f"Foglio {SHEET.sheet}: «{rule.name}»{where} aggiunta: {value}"


def _carry_user_columns(old: Table, new: Table) -> list[str]:
    """The organiser's own columns of the sheet (a «Commenti» beside the rules) carried to
    `new`, each value to the row of the same rule and variant; their headers."""
    extra = [h for h in old.headers if h not in SHEET.headers]
    if not extra:
        return []
    by_rule = {(str(r.get("Regola") or "").strip().casefold(), to_text(r.get("Variante")) or ""):
               r for r in old if not is_blank(r.get("Regola"))}
    for header in extra:
        values = []
        for r in new:
            before = by_rule.get((str(r.get("Regola") or "").strip().casefold(),
                                  to_text(r.get("Variante")) or ""))
            values.append(None if before is None else before.get(header))
        new.set_column(header, values)
    return extra


def _seated_before(book: Book) -> list[str]:
    """What the seated final phases already differ from the formula (before a change)."""
    try:
        return seated_differences(load_tournament(book))
    except RisikoError:  # a workbook that does not read yet: its own error comes later
        return []


def _still_plays(book: Book, before: list[str]) -> None:
    """The whole formula valid, and the tournament played so far still read by it (its
    results scored, its standings computed, its seated phases the same): else the
    refusal, and nothing is saved (before: «Turni preliminari» 2 under five rounds played
    was written, and then every command refused the workbook; «Numero finalisti diretti»
    changed under seated semifinals left `verifica` with 12 differences)."""
    book_formula(book, _players(book))
    t = load_tournament(book)
    if not t.results:
        return
    try:
        standings_of(t)
        check_seatings(t)
        check_phase_rows(t)  # the final phases seated: still the formula's
    except RisikoError as err:
        raise err.reworded(f"con la formula cambiata il torneo giocato non si legge più "
                           f"({err.messaggio}): nulla è stato salvato") from None
    refuse_changed_phases(t, before, "la modifica della formula")


def _same(a: Any, b: str) -> bool:
    return " ".join(str(a).split()).casefold() == b.casefold()


def _ensure_sheet(book: Book, add_sheet: AddSheet | None) -> list[str]:
    """A workbook of an earlier release gets its `Formula` sheet, from the formula
    «Formula» names (so it runs with nothing beside it)."""
    if sheet_rows(book) is not None:
        return []
    if add_sheet is None:
        raise RisikoError(f"questa cartella di lavoro non ha il foglio {SHEET.sheet} (è di una "
                          "versione precedente): scriverlo con «risiko-xl formula FILE "
                          "--da NOME»", foglio=schema.SETTINGS.sheet)
    settings = book.settings()
    formula = written_formula(book, settings)
    held = tuple(k for k in IN_SETTINGS if not is_blank(settings.get(k)))
    add_sheet(formula_table(formula, held))
    named = to_text(settings.get("Formula")) or "master"
    if named != formula.name:
        book.set_setting("Formula", formula.name)
    return [f"Foglio {SHEET.sheet} scritto con la formula «{formula.name}» (da «{named}»): "
            "d'ora in poi il torneo usa le regole scritte lì"]


def start_from(book: Book, source: str, add_sheet: AddSheet | None = None) -> list[str]:
    """The `Formula` sheet written again from a preset (by name) or a formula file, and
    Impostazioni's «Formula», «Metodo punteggio», «Turni preliminari», «Scarti» with it."""
    formula = load(source)
    before = _seated_before(book)
    settings_of = formula_settings(formula)
    table = formula_table(formula, tuple(k for k in IN_SETTINGS
                                         if not is_blank(settings_of.get(k))))
    kept: list[str] = []
    if sheet_rows(book) is None:
        if add_sheet is None:
            raise RisikoError(f"questa cartella di lavoro non ha il foglio {SHEET.sheet}")
        add_sheet(table)
    else:
        kept = _carry_user_columns(book.read_table(SHEET.name), table)
        book.write_table(SHEET.name, table, replace_headers=True)
    for key, value in settings_of.items():
        book.set_setting(key, value)
    played = len(book.read_table(schema.RESULTS.name))
    lines = [f"Formula «{formula.name}» scritta nel foglio {SHEET.sheet} (da {source})"]
    if kept:
        lines.append("Colonne aggiunte mantenute, regola per regola: "
                     + ", ".join(f"«{h}»" for h in kept))
    if played:
        lines.append(f"Attenzione: il torneo ha già {played} righe di risultati, ora lette "
                     "con la nuova formula")
    _still_plays(book, before)
    return [*lines, "", *describe(book)]


def export(book: Book, path: Path) -> str:
    """The workbook's formula written as a formula file (JSON)."""
    formula = written_formula(book)
    written = atomic_write_text(path, to_json(formula))
    return f"Scritto {written}: la formula «{formula.name}» (si carica con --formula {path})"
