"""How the workbook reads and prints: number formats, column widths, hidden sheets, print.

One pass, `dress(book)`, run by every face when it writes the workbook (`save`, before
Excel's flush), so every command leaves the sheets dressed the same way:

- points show the decimals of the scoring method (`Method.decimals`): `0.000` for
  thousandths (millesimi, seeds 001/003), `0.00` for hundredths (piazzamento, seed 004;
  GestioneTorneo's Open), `0.0000` for GestioneTorneo's Torneo Gufo, `0` for whole
  points (bonus and box methods, seed 002); table points `0`, or `0.00` where the method
  keeps GestioneTorneo's hundredths (`Method.table_decimals`); counts (wins, RisiKo!) `0`.
  Excel and LibreOffice show the format with the decimal comma of an Italian locale;
- a result not counted (003 Art. 2: «lo scarto del peggiore risultato») is shown in
  parentheses by its cell's number format: the cell stays a number;
- each column as wide as its longest value (header included), within limits, longer
  text and headers on more lines; headers in bold, positions centred;
- the technical sheets hidden (the workbook still reads and writes them); `Archivio`
  too while it is empty (printing the workbook would give a page of headers only), shown
  again by the pass that writes its first rows;
- each user sheet prints its tables: header row on every page, fit to the page width,
  landscape when wide, grid lines (LibreOffice prints no table style); a print area only
  where something else is beside the tables (the chart on `Classifica`); the page
  header names the tournament («Nome torneo»), the footer the sheet and the page
  («Pagina 2 di 3»).

The pass is cosmetic: a workbook it cannot read (a formula not known yet, a table
renamed) is left as it is, never refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.books.canvas import Canvas, Look, TableLook
from risiko_xl.books.table import Table
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.formulas.cells import CellProblem
from risiko_xl.formulas.rule_table import rule_named
from risiko_xl.rules.placement import chain
from risiko_xl.sheets.formula_sheet import book_formula

INTEGER = "0"
DROPPED = "({})"  # a result not counted: its own format in parentheses
ALIGNED = "_)"  # a space as wide as «)»: the others' digits stay aligned
MIN_WIDTH, MAX_WIDTH = 6, 40  # characters
# sheets nobody types into or reads at the desk
TECHNICAL_SHEETS = ("Calcoli", "xlwings.conf")
TEAMS_SHEET = schema.TEAMS.sheet
LANDSCAPE_WIDTH = 95  # characters across an A4 portrait page at a readable size
WIDE_ROUNDS = 4  # a Classifica with T1…T4 or more is printed landscape from the start
DROPS_COLUMN = schema.DROPS_COLUMN
# short marks read best centred
CENTRED = ("Pos", "Turno", "Tavolo", "Ordine", "Posizione", DROPS_COLUMN)

# the point columns of each table; every other number column holds a count or an integer
POINT_COLUMNS: Mapping[str, tuple[str, ...]] = {
    schema.RESULTS.name: ("Punti torneo",),
    schema.standings_spec(0).name: ("Totale", "Generale", "Assoluta", "Migliore"),
    schema.FINAL_RANKING.name: ("Punti finale", "Punti torneo"),
    schema.TEAMS.name: ("Totale", "Migliore scartato"),
}
# table points: whole, or with the hundredths of the formulas taken from GestioneTorneo
TABLE_POINT_COLUMNS: Mapping[str, tuple[str, ...]] = {schema.RESULTS.name: ("Punti tavolo",)}
# the national ranking's points: one decimal, as the ranking shows them
ONE_DECIMAL_COLUMNS: Mapping[str, tuple[str, ...]] = {
    schema.FINAL_RANKING.name: (schema.NATIONAL_COLUMN,)}
ONE_DECIMAL = "0.0"
INTEGER_COLUMNS: Mapping[str, tuple[str, ...]] = {
    schema.standings_spec(0).name: ("Vittorie", "RisiKo!", "Fuori obiettivo",
                                    "1°", "2°", "3°", "4°"),
}
DRESSED_TABLES = (schema.PLAYERS.name, schema.RESULTS.name, schema.standings_spec(0).name,
                  schema.QUALIFIERS.name, schema.FINAL_RANKING.name, schema.TEAMS.name,
                  schema.DRAWS.name, schema.ARCHIVE.name, schema.FORMULA.name)


def points_format(decimals: int) -> str:
    """The number format of points with `decimals` decimals: `0.000`, `0.00`, `0`."""
    return "0." + "0" * decimals if decimals else INTEGER


def _is_round(header: str) -> bool:
    return header.startswith("T") and header[1:].isdigit()


def column_formats(table: str, headers: list[str], decimals: int,
                   table_decimals: int = 0) -> dict[str, str]:
    """Number format by header of our table `table` (the organiser's columns untouched):
    points with the method's `decimals`, table points with its `table_decimals`."""
    points = points_format(decimals)
    formats = {}
    for header in headers:
        if header in POINT_COLUMNS.get(table, ()) or (
                table == schema.standings_spec(0).name and _is_round(header)):
            formats[header] = points
        elif header in TABLE_POINT_COLUMNS.get(table, ()):
            formats[header] = points_format(table_decimals)
        elif header in INTEGER_COLUMNS.get(table, ()):
            formats[header] = INTEGER
        elif header in ONE_DECIMAL_COLUMNS.get(table, ()):
            formats[header] = ONE_DECIMAL
    return formats


def dropped_rounds(text: Any) -> list[str]:
    """The round columns a `Scarto` cell names («T2, T4» → T2, T4)."""
    value = to_text(text) or ""
    return [part.strip() for part in value.split(",") if _is_round(part.strip())]


def shown_by(fmt: str | None) -> Callable[[Any], str]:
    """About what a cell of a column in number format `fmt` shows, to size the column
    (the format read once per column: a table of 6,000 rows is sized at every save)."""
    zeros = re.search(r"\.(0+)", fmt) if fmt else None
    decimals = len(zeros.group(1)) if zeros else 0
    brackets = "()" if fmt and ")" in fmt else ""

    def shown(value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return "VERO"
        if isinstance(value, (int, float)) and fmt:
            return f"{value:.{decimals}f}{brackets}"
        text = str(value)
        if text.startswith("="):  # a live formula: its value is a number or a short text
            return "0" * 8
        return max(text.splitlines() or [""], key=len)
    return shown


def width(values: list[Any], header: str, fmt: str | None = None) -> float:
    """A column's width in characters: its longest value or the longest word of its
    header (headers wrap on more lines; the filter button takes two more), within
    limits."""
    word = max((len(w) for w in header.split()), default=0) + 2
    # each value shown once (a round's number repeats on every row): by type too, as
    # True == 1 shows «VERO»
    shown = shown_by(fmt)
    longest = max(max((len(shown(v)) for _, v in dict.fromkeys(map(_typed, values))),
                      default=0), word, MIN_WIDTH)
    return float(min(longest + 1, MAX_WIDTH))


def _typed(value: Any) -> tuple[type, Any]:
    return type(value), value


def _decimals(book: Book) -> tuple[tuple[int, int] | None, bool | None, tuple[str, ...]]:
    """(decimals of the method's points and table points, whether the formula has teams,
    the optional `Risultati` columns its placement chain never reads), or None where the
    settings do not name a formula yet."""
    known = book.loaded
    if known is not None and known[0] == book.generation:
        formula = known[1].formula
    else:
        try:
            formula = book_formula(book)
        except RisikoError:
            return None, None, ()
    scoring = formula.scoring
    return ((scoring.decimals, scoring.table_decimals), formula.teams is not None,
            _unused(formula))


def _unused(formula: Any) -> tuple[str, ...]:
    """The optional tie-break columns of `Risultati` (000 Art. 26, 004) that the formula's
    placement chain never reads: folded away while empty, so the sheet reads and prints
    with the columns its referee types."""
    used = set(chain(formula.placement_chain))
    return tuple(h for h, (field_name, _) in schema.ART26_FIELDS.items() if field_name not in used)


def table_look(table: str, read: Table, decimals: tuple[int, int] | None,
               unused: tuple[str, ...] = ()) -> TableLook:
    """The look of one of our tables as `read` (`decimals`: of the points and the table
    points); `unused` columns that are empty in every row are folded away (width 0:
    hidden in Excel and LibreOffice)."""
    headers = [str(h) for h in read.headers]
    formats = column_formats(table, headers, *decimals) if decimals is not None else {}
    cells = {}
    if DROPS_COLUMN in headers and decimals is not None:
        rounds = [h for h in headers if _is_round(h) and h in formats]
        for offset, text in enumerate(read.column(DROPS_COLUMN)):
            for header in dropped_rounds(text):
                if header in rounds:
                    cells[offset, header] = DROPPED.format(formats[header])
        for header in rounds:  # the digits of counted results under the dropped ones
            formats[header] += ALIGNED
    widths = {header: 0.0 if header in unused and all(v is None for v in read.column(header))
              else width(read.column(header), header, formats.get(header))
              for header in headers if header}
    wrap = tuple(h for h, size in widths.items() if size >= MAX_WIDTH)
    return TableLook(formats, cells, widths, wrap, tuple(h for h in CENTRED if h in widths))


def rule_choices(read: Table) -> dict[tuple[int, str], tuple[str, ...]]:
    """The drop-down of each `Formula` row whose rule takes one word of a list."""
    out: dict[tuple[int, str], tuple[str, ...]] = {}
    for offset, row in enumerate(read):
        try:
            words = rule_named(str(row.get("Regola") or "")).kind.choices()
        except CellProblem:
            continue
        if words and len(",".join(words)) < 255:  # Excel's limit for a list's text
            out[offset, "Valore"] = words
    return out


def look_of(book: Book) -> Look:
    """The look of `book` as it now is (see the module's rules)."""
    decimals, teams, unused = _decimals(book)
    look = Look()
    archived: bool | None = None  # whether Archivio holds rows (None: no such table)
    names = set(book.table_names())
    for table in DRESSED_TABLES:
        if table not in names:
            continue
        try:
            read = book.read_table(table)
        except RisikoError:
            continue
        look.tables[table] = table_look(table, read, decimals,
                                        unused if table == schema.RESULTS.name else ())
        if table == schema.FORMULA.name:
            look.tables[table].choices = rule_choices(read)
        if table == schema.ARCHIVE.name:
            archived = len(read) > 0
    hidden = list(TECHNICAL_SHEETS)
    if teams is False:
        hidden.append(TEAMS_SHEET)
    if archived is False:
        hidden.append(schema.ARCHIVE.sheet)
    look.hidden = tuple(hidden)
    look.shown = tuple(sheet for sheet, shown in ((TEAMS_SHEET, teams),
                                                  (schema.ARCHIVE.sheet, archived)) if shown)
    wide = [schema.RESULTS.sheet, schema.QUALIFIERS.sheet, schema.DRAWS.sheet,
            schema.ARCHIVE.sheet, schema.FORMULA.sheet]
    standings = look.tables.get(schema.standings_spec(0).name)
    if standings is not None and (sum(standings.widths.values()) > LANDSCAPE_WIDTH or len(
            [h for h in standings.widths if _is_round(h)]) >= WIDE_ROUNDS):
        wide.append(schema.standings_spec(0).sheet)
    look.landscape = tuple(wide)
    # Classifica has a chart beside its table, Fasi finali two tables side by side (the
    # qualifiers and the final ranking): each table prints as its own area, at its own
    # width. Elsewhere the tables are all a sheet holds: no print area, so the page follows
    # the rows typed after the last save (a print area would stop at the table as saved)
    look.bounded = (schema.standings_spec(0).sheet, schema.QUALIFIERS.sheet)
    try:
        look.title = str(book.settings().get("Nome torneo") or "").strip()
    except RisikoError:  # cosmetic: a workbook without settings prints without a header
        look.title = ""
    return look


def dress(book: Book) -> None:
    """Give `book` its look (`look_of`), if it can show one (a `Canvas`)."""
    if isinstance(book, Canvas):
        book.apply_look(look_of(book))


def save(book: Book) -> None:
    """Save `book` dressed: every face saves through here, so every command leaves the
    sheets looking the same way."""
    dress(book)
    book.save()
