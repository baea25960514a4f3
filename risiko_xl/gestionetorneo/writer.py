"""Writing GestioneTorneo's workbook from the plain data of `model`, every place taken from
`layout`: built with openpyxl, then turned into `.xls` by LibreOffice headless (in a
private profile, with a time limit) when LibreOffice is installed; otherwise the `.xlsx`
is kept and the caller says so. Written through the atomic write path."""

from __future__ import annotations

import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

from openpyxl import Workbook as XlsxBook
from openpyxl.cell.cell import Cell
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.errors import RisikoError
from risiko_xl.files import safe_open
from risiko_xl.files.scratch import scratch_folder
from risiko_xl.files.writes import atomic_write
from risiko_xl.gestionetorneo import layout, look
from risiko_xl.gestionetorneo.model import Info, Player, Standing, Workbook

CONVERT_SECONDS = 180
LIBREOFFICE = ("soffice", "libreoffice")


def _number(value: object) -> object:
    """A Decimal as the number a spreadsheet holds (int when whole)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def build(gt: Workbook, base: XlsxBook | None = None) -> XlsxBook:
    """The workbook in GestioneTorneo's layout, looking as GestioneTorneo makes it look;
    over `base` (the organiser's own ModuloTorneo, `open_model`): its TORNEO and Iscritti
    keep their labels, look, lists and formulas and get our values, its round and
    standings sheets are written anew, every other sheet and name stays."""
    book = base or XlsxBook()
    if base is None:
        book.active.title = layout.TOURNAMENT
        book.create_sheet(layout.PLAYERS)
    _tournament(book[layout.TOURNAMENT], gt.info, labels=base is None)
    _players(book[layout.PLAYERS], gt.players, headers=base is None)
    by_id = {p.id: p for p in gt.players}
    for rnd in gt.rounds:
        sheet = book.create_sheet(layout.round_sheet(rnd.number))
        row = 1
        for table in rnd.tables:
            _put(sheet, row, 1, layout.table_header(table.number))
            sheet.merge_cells(start_row=row, start_column=1, end_row=row,
                              end_column=max(1, len(table.seats) * layout.TRIPLE))
            for j, seat in enumerate(table.seats):
                column = j * layout.TRIPLE + 1
                _put(sheet, row + 1, column, seat.player)
                player = by_id.get(seat.player)
                name = "" if player is None else f"{player.nome} {player.cognome}".strip()
                if player is not None and player.club:
                    name += "\n" + player.club
                _put(sheet, row + 1, column + 1, name)
                _put(sheet, row + 1, column + 2, _number(seat.value))
            row += 2
    if gt.standings:
        _standings(book, gt.standings, len(gt.rounds))
    if base is None:
        look.tournament(book[layout.TOURNAMENT])
        look.players(book[layout.PLAYERS])
    else:  # the model's own look, printed on one page
        look.tournament_print(book[layout.TOURNAMENT])
    for rnd in gt.rounds:
        look.round_sheet(book[layout.round_sheet(rnd.number)])
    if gt.standings:
        look.standings(book[layout.STANDINGS], gt.thousandths, _won(gt))
        look.standings(book[layout.SHORT_STANDINGS], gt.thousandths)
    return book


def _put(sheet: Worksheet, row: int, column: int, value: object) -> Cell:
    """Write `value` as data: openpyxl takes a text beginning with «=» (a name, a nickname,
    a club) for a formula, so it is stored as text, with the quote prefix that keeps it
    text when typed over in Excel or converted by LibreOffice."""
    cell = sheet.cell(row, column)
    cell.value = None if value == "" else value
    if cell.data_type == "f":
        cell.data_type = "s"
        cell.quotePrefix = True
    return cell


def _tournament(sheet: Worksheet, info: Info, labels: bool) -> None:
    """TORNEO's values in column D (with `labels`, the template's title, labels and round
    numbers too) and our formula's line below the dates."""
    values = {"sede": info.sede, "organizzatore": info.organizzatore, "nome": info.nome,
              "tipo": info.tipo, "turni": info.turni, "note": info.note}
    if labels:
        _put(sheet, 1, layout.LABEL_COLUMN, layout.TITLE)
    for key, (row, label) in layout.INFO_ROWS.items():
        if labels:
            _put(sheet, row, layout.LABEL_COLUMN, label)
        _put(sheet, row, layout.VALUE_COLUMN, values[key])
    for k in range(layout.DATE_ROUNDS):
        if labels:
            _put(sheet, layout.DATE_FIRST_ROW + k, layout.NUMBER_COLUMN, k + 1)
        day = info.dates[k] if k < len(info.dates) else None
        cell = _put(sheet, layout.DATE_FIRST_ROW + k, layout.VALUE_COLUMN, day)
        if day is not None:
            cell.number_format = "DD/MM/YYYY"
    if info.formula:
        _put(sheet, layout.FORMULA_ROW, layout.LABEL_COLUMN, layout.FORMULA_LABEL)
        _put(sheet, layout.FORMULA_ROW, layout.VALUE_COLUMN, info.formula)


def _players(sheet: Worksheet, players: tuple[Player, ...], headers: bool) -> None:
    """Iscritti from row 4; with `headers`, its title and headers too. Over a model, the
    rows after the last player are emptied (the ID column and formulas stay) and a
    formula of ID NAZIONALE stays where we have no national ID."""
    names = [*layout.PLAYER_COLUMNS]
    names[7] += " (gg/mm/aaaa)"  # as the template writes it
    if headers:
        _put(sheet, 1, 1, "Elenco Partecipanti")
        emails = ["Email"] if any(p.email for p in players) else []
        for column, header in enumerate([*names, *emails], start=1):
            _put(sheet, layout.PLAYERS_HEADER_ROW, column, header)
    email = next((c.column for (row, _), c in sorted(sheet._cells.items())
                  if row == layout.PLAYERS_HEADER_ROW
                  and str(c.value or "").strip().casefold() in layout.EMAIL_HEADERS), None)
    for row, p in enumerate(players, start=layout.PLAYERS_FIRST_ROW):
        national: object = int(p.id_nazionale) if p.id_nazionale.isdigit() else p.id_nazionale
        values = (p.id, p.nome, p.cognome, p.nickname, p.club,
                  layout.PRESENT if p.partecipa else layout.ABSENT, p.regione, p.nascita,
                  national)
        for column, value in enumerate(values, start=1):
            if value == "" and sheet.cell(row, column).data_type == "f":
                continue  # the model's own formula (ID NAZIONALE)
            cell = _put(sheet, row, column, value)
            if column == 8 and value is not None:
                cell.number_format = "DD/MM/YYYY"
        if email is not None:
            _put(sheet, row, email, p.email)
    _empty_below(sheet, layout.PLAYERS_FIRST_ROW + len(players),
                 {*range(2, len(names) + 1), *([email] if email else [])})


def _empty_below(sheet: Worksheet, first: int, columns: set[int]) -> None:
    """The model's Iscritti from row `first` on: the cells of `columns` emptied, but a
    formula; a text of only spaces emptied in any column (nothing typed: what Ctrl+End and
    a space leave); a cell left with no value, style or comment dropped. Only the cells the
    model holds are visited, never the rectangle up to its last row, and the sheet written
    ends at its last value: a space at A1048576 costs nothing and leaves no row 1048576."""
    for (row, column), cell in list(sheet._cells.items()):
        if row < first or cell.data_type == "f":
            continue
        if column in columns or (isinstance(cell.value, str) and not cell.value.strip()):
            cell.value = None
        if cell.value is None and not cell.has_style and cell.comment is None \
                and cell.hyperlink is None:
            del sheet._cells[row, column]


def _standings(book: XlsxBook, standings: tuple[Standing, ...], rounds: int) -> None:
    full = book.create_sheet(layout.STANDINGS)
    short = book.create_sheet(layout.SHORT_STANDINGS)
    headers = layout.standings_headers(rounds)
    for column, header in enumerate(headers, start=1):
        _put(full, 1, column, header)
    for column, header in enumerate(layout.SHORT_COLUMNS, start=1):
        _put(short, 1, column, header)
    for row, s in enumerate(standings, start=2):
        p = s.player
        # GestioneTorneo writes the position and the id as text (`scriviClassifica`)
        values = {"Pos.": str(s.position), "Nome": p.nome, "Cognome": p.cognome,
                  "Nick": p.nickname, "Club o Famiglia": p.club, "v_tot": s.wins,
                  "pt_tot": _number(s.total), "id": str(p.id),
                  **{f"pt{i}": _number(v) for i, v in enumerate(s.points, start=1)}}
        for column, header in enumerate(headers, start=1):
            _put(full, row, column, values[header])
        for column, header in enumerate(layout.SHORT_COLUMNS, start=1):
            _put(short, row, column, values[header])


def _won(gt: Workbook) -> frozenset[tuple[int, int]]:
    """The (row, column) cells of Classifica that hold a game its player won, as
    GestioneTorneo finds them (`Partita.isVincitore`): at each table of a round sheet, the
    highest value typed (none where nothing is typed)."""
    row_of = {s.player.id: row for row, s in enumerate(gt.standings, start=2)}
    column_of = {h: c for c, h in enumerate(layout.standings_headers(len(gt.rounds)), start=1)}
    won: set[tuple[int, int]] = set()
    for rnd in gt.rounds:
        column = column_of.get(f"{layout.POINTS_PREFIX}{rnd.number}")
        for table in rnd.tables:
            typed = [seat.value for seat in table.seats if seat.value is not None]
            won.update((row_of[seat.player], column) for seat in table.seats
                       if column and typed and seat.value == max(typed)
                       and seat.player in row_of)
    return frozenset(won)


def libreoffice() -> str | None:
    """LibreOffice's program, when installed."""
    return next((found for name in LIBREOFFICE if (found := shutil.which(name))), None)


def destination(target: Path) -> Path:
    """The file `write` writes for `target`: an .xls only when LibreOffice can make it."""
    target = Path(target)
    if target.suffix.lower() == ".xls" and libreoffice() is not None:
        return target
    return target.with_suffix(".xlsx")


def _convert(program: str, source: Path, kind: str, folder: Path, what: str) -> Path:
    """`source` converted by LibreOffice headless (a private profile, a time limit) to
    `kind` («xls:MS Excel 97», «xlsx») in `folder`; `what`: the file named in a message."""
    profile = (folder / "profilo").resolve().as_uri()
    try:
        subprocess.run([program, f"-env:UserInstallation={profile}", "--headless",
                        "--convert-to", kind, "--outdir", str(folder), str(source)],
                       check=True, capture_output=True, timeout=CONVERT_SECONDS)
    except (subprocess.SubprocessError, OSError) as err:
        raise RisikoError(f"LibreOffice non è riuscito a convertire il file ({type(err).__name__}"
                          "): riprovare, o indicare un nome .xlsx", valore=what) from None
    converted = folder / f"{source.stem}.{kind.split(':')[0]}"
    if not converted.is_file():
        raise RisikoError("LibreOffice non ha scritto il file convertito: riprovare, o "
                          "indicare un nome .xlsx", valore=what)
    return converted


def open_model(model: Path, folder: Path) -> XlsxBook:
    """The organiser's own GestioneTorneo workbook (.xls or .ods through LibreOffice, or
    .xlsx), checked to hold TORNEO and Iscritti, its round and standings sheets removed."""
    model = Path(model)
    if not model.is_file():
        raise RisikoError("il modello di GestioneTorneo non esiste", valore=str(model))
    source = model
    if model.suffix.lower() != ".xlsx":
        program = libreoffice()
        if program is None:
            raise RisikoError("per leggere un modello .xls serve LibreOffice (non installato): "
                              "salvarlo in formato .xlsx", valore=str(model))
        copy = folder / ("modello" + model.suffix.lower())
        shutil.copyfile(model, copy)
        source = _convert(program, copy, "xlsx", folder, str(model))
    book = safe_open.load(source)  # checked as any workbook: what is wrong said in Italian
    missing = [name for name in (layout.TOURNAMENT, layout.PLAYERS) if name not in book]
    if missing:
        raise RisikoError("il modello non è una cartella di lavoro di GestioneTorneo: manca il "
                          f"foglio «{missing[0]}» (fogli presenti: {', '.join(book.sheetnames)})",
                          valore=str(model))
    for name in list(book.sheetnames):
        if name in (layout.STANDINGS, layout.SHORT_STANDINGS) or (
                name.endswith(layout.ROUND_SUFFIX) and name[:-len(layout.ROUND_SUFFIX)].isdigit()):
            del book[name]
    return book


def write(gt: Workbook, target: Path, model: Path | None = None) -> Path:
    """Write `gt` to `destination(target)` (.xls through LibreOffice; .xlsx as asked or
    when LibreOffice is missing), over a copy of `model` when given (`open_model`).
    Returns the path written."""
    target = Path(target)
    program = libreoffice()
    with scratch_folder("gt") as work:
        book = build(gt, None if model is None else open_model(model, work))
        if program is None or destination(target).suffix.lower() == ".xlsx":
            written = target.with_suffix(".xlsx")
            atomic_write(written, lambda temp: book.save(temp))
            return written
        source = work / (target.stem + ".xlsx")
        book.save(source)
        converted = _convert(program, source, "xls:MS Excel 97", work, str(target))
        atomic_write(target, lambda temp: shutil.copyfile(converted, temp))
    return target
