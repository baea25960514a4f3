"""Builds the tournament workbook from the schema, reproducibly (same bytes every time)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.books import formula_cells, schema
from risiko_xl.books.new_workbook import FIXED_TIME, add_table, reproducible_bytes
from risiko_xl.books.openpyxl_book import put
from risiko_xl.books.openpyxl_look import print_setup
from risiko_xl.cells import is_blank
from risiko_xl.files.writes import atomic_write
from risiko_xl.formulas import load, names
from risiko_xl.formulas.model import Formula
from risiko_xl.rules.methods import METHODS
from risiko_xl.rules.territories import TERRITORIES
from risiko_xl.sheets import live_formulas
from risiko_xl.sheets.formula_sheet import IN_SETTINGS, formula_table
from risiko_xl.sheets.formula_sheet import formula_settings as settings_of
from risiko_xl.sheets.look import points_format

DEFAULT_SETTINGS: dict[str, Any] = {
    "Nome torneo": "Torneo di RisiKo!", "Club organizzatore": "", "Sede": "",
    "Formula": "master", "Metodo punteggio": "millesimi", "Turni preliminari": 2,
    "Scarti": 0, "Seme sorteggio": "", "Variante formula": "", "Calcolo": "",
    "Indirizzo pubblicazione": "",  # the room screen's QR code (publish/screen.py)
    "Nomi nei post": "nome e soprannome",  # how posts show players (publish/building.py)
    **dict.fromkeys(schema.ACTION_KEYS, ""),
}

XLWINGS_CONF = "xlwings.conf"
XLWINGS_SETTINGS = (("UDF Modules", "risiko_xl.udfs"),)

def _dropdown(sheet: Worksheet, spec: schema.TableSpec, header: str, values: tuple[str, ...],
              rows: int = 2000) -> None:
    column = get_column_letter(spec.headers.index(header) + 1)
    validation = DataValidation(type="list", formula1='"' + ",".join(values) + '"',
                                allow_blank=True, showErrorMessage=True,
                                errorTitle="Valore non valido",
                                error=f"Scegliere tra: {', '.join(values)}")
    validation.add(f"{column}2:{column}{rows}")
    sheet.add_data_validation(validation)


def _setting_dropdown(sheet: Worksheet, key: str, values: tuple[str, ...]) -> None:
    """A list of choices on the `Valore` cell of setting `key`; other text stays allowed
    (e.g. the path of one's own formula file)."""
    row = schema.SETTING_KEYS.index(key) + 2
    validation = DataValidation(type="list", formula1='"' + ",".join(values) + '"',
                                allow_blank=True, showErrorMessage=False,
                                promptTitle=key, prompt="Scegliere dall'elenco",
                                showInputMessage=True)
    validation.add(f"B{row}")
    sheet.add_data_validation(validation)


def _number_format(sheet: Worksheet, spec: schema.TableSpec, header: str, fmt: str,
                   rows: int = 2000) -> None:
    column = spec.headers.index(header) + 1
    for row in range(2, rows + 1):
        sheet.cell(row, column).number_format = fmt


def _print_setup(sheet: Worksheet, landscape: bool = False) -> None:
    print_setup(sheet, landscape)
    sheet.freeze_panes = "A2"


def build(settings: dict[str, Any] | None = None, formulas: bool = False,
          formula: Formula | None = None) -> Workbook:
    """A new tournament workbook with every sheet and table of the schema, carrying
    `formula` (default: the preset «Formula» names) in its `Formula` sheet; with
    `formulas`, the `Calcoli` sheet holds the live worksheet functions (for Excel)."""
    values = {**DEFAULT_SETTINGS, **(settings or {})}
    formula = formula or load(str(values["Formula"]))
    book = Workbook()
    torneo = book.active
    torneo.title = schema.SETTINGS.sheet
    keys: tuple[str, ...] = (*schema.SETTING_KEYS, *schema.ACTION_KEYS)
    keys += tuple(k for k in values if k not in keys)  # the optional ones given (Logo, …)
    add_table(torneo, schema.SETTINGS, [[k, values[k]] for k in keys], widths=22)
    add_table(torneo, schema.CALENDAR, [], col=4)
    _setting_dropdown(torneo, "Formula", tuple(names()))
    _setting_dropdown(torneo, "Metodo punteggio", tuple(METHODS))
    _setting_dropdown(torneo, live_formulas.MODE_KEY, live_formulas.MODES)
    _print_setup(torneo)

    rules = book.create_sheet(schema.FORMULA.sheet)
    table = formula_table(formula, settings_holding(values))
    add_table(rules, schema.FORMULA, [[row.get(h) for h in schema.FORMULA.headers]
                                   for row in table], widths=12)
    _print_setup(rules, landscape=True)

    players = book.create_sheet(schema.PLAYERS.sheet)
    add_table(players, schema.PLAYERS, [])
    _dropdown(players, schema.PLAYERS, "Stato", schema.STATES)
    _print_setup(players)

    results = book.create_sheet(schema.RESULTS.sheet)
    add_table(results, schema.RESULTS, [], widths=10)
    _dropdown(results, schema.RESULTS, "Fase", schema.PHASE_CHOICES)
    _dropdown(results, schema.RESULTS, "RisiKo!", schema.FLAGS)
    points = points_format(_decimals(values))
    _number_format(results, schema.RESULTS, "Punti torneo", points)
    _print_setup(results, landscape=True)

    standings = book.create_sheet("Classifica")
    spec = schema.standings_spec(int(values["Turni preliminari"] or 1))
    add_table(standings, spec, [], widths=9)
    _print_setup(standings)

    teams = book.create_sheet(schema.TEAMS.sheet)
    add_table(teams, schema.TEAMS, [], widths=10)
    for header in ("Totale", "Migliore scartato"):
        _number_format(teams, schema.TEAMS, header, points, rows=200)
    _print_setup(teams)

    finals = book.create_sheet(schema.QUALIFIERS.sheet)
    add_table(finals, schema.QUALIFIERS, [], widths=10)
    add_table(finals, schema.FINAL_RANKING, [], col=len(schema.QUALIFIERS.headers) + 2, widths=10)
    _print_setup(finals, landscape=True)

    draws = book.create_sheet(schema.DRAWS.sheet)
    add_table(draws, schema.DRAWS, [], widths=18)
    _print_setup(draws, landscape=True)

    archive = book.create_sheet(schema.ARCHIVE.sheet)
    add_table(archive, schema.ARCHIVE, [], widths=10)
    _print_setup(archive, landscape=True)

    put(book.create_sheet(formula_cells.SHEET)["A1"], live_formulas.NOTE)

    post = book.create_sheet("Post")
    put(post["A1"], "Post per il forum (scritto da «Post forum»)")
    post.sheet_state = "hidden"  # shown by the first post written: no page of its note alone

    board = book.create_sheet(schema.MAP.sheet)
    add_table(board, schema.MAP, [[t.name, t.continent, t.value] for t in TERRITORIES], widths=24)
    _print_setup(board)

    # xlwings reads its settings from a sheet of this name (key in A, value in B, from A1):
    # the worksheet functions live in risiko_xl.udfs, so Excel needs no per-book .py file.
    conf = book.create_sheet(XLWINGS_CONF)
    for row, (key, value) in enumerate(XLWINGS_SETTINGS, start=1):
        put(conf.cell(row, 1), key)
        put(conf.cell(row, 2), value)
    conf.column_dimensions["A"].width = 22
    conf.column_dimensions["B"].width = 30

    if formulas:
        _live_formulas(book)
    _dress(book)
    book.properties.creator = "risiko_xl"
    book.properties.created = FIXED_TIME
    book.properties.modified = FIXED_TIME
    return book


def _decimals(settings: dict[str, Any]) -> int:
    """The decimals of the points of the method the settings name (of the formula's own
    method while a variant is to be chosen); 3 when the settings name none we know."""
    from risiko_xl.errors import RisikoError
    from risiko_xl.sheets.formula_settings import tournament_formula

    try:
        return tournament_formula(settings).scoring.decimals
    except RisikoError:
        return 3


def _dress(book: Workbook) -> None:
    """The new workbook's look (`layout`): technical sheets hidden, widths, print areas."""
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.sheets.look import dress

    dress(OpenpyxlBook(Path("torneo.xlsx"), book))


def _live_formulas(book: Workbook) -> None:
    from risiko_xl.books.openpyxl_book import OpenpyxlBook
    from risiko_xl.services.standings_sheet import standings_of
    from risiko_xl.tournament.loading import load

    view = OpenpyxlBook(Path("torneo.xlsx"), book)
    columns = len(standings_of(load(view))[1].headers)
    view.set_sheet_formulas(formula_cells.SHEET, live_formulas.NOTE,
                            live_formulas.sheet_formulas(1, 1, columns))


def formula_settings(formula: Formula | str) -> dict[str, Any]:
    """Settings for a new tournament of `formula` (or the preset so named), see
    `formula_sheet.formula_settings`."""
    return settings_of(load(formula) if isinstance(formula, str) else formula)


def settings_holding(settings: dict[str, Any]) -> tuple[str, ...]:
    """The formula's rules Impostazioni holds (filled there): blank in the sheet."""
    return tuple(key for key in IN_SETTINGS if not is_blank(settings.get(key)))


def write_new(path: str | Path, settings: dict[str, Any] | None = None,
              formulas: bool = False, formula: Formula | None = None) -> Path:
    """Create a new tournament workbook at `path` (atomic; an existing file is backed up);
    `formulas`: with the live worksheet functions (see `build`)."""
    target = Path(path)
    data = reproducible_bytes(build(settings, formulas, formula))
    atomic_write(target, lambda temp: temp.write_bytes(data))
    return target
