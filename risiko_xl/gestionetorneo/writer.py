"""Writing GestioneTorneo's workbook from the plain data of `model`, every place taken from
`layout`: built with openpyxl, then turned into `.xls` by LibreOffice headless (in a
private profile, with a time limit) when LibreOffice is installed; otherwise the `.xlsx`
is kept and the caller says so. Written through the atomic write path."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from decimal import Decimal
from pathlib import Path

from openpyxl import Workbook as XlsxBook
from openpyxl.worksheet.worksheet import Worksheet

from risiko_xl.errors import RisikoError
from risiko_xl.files.writes import atomic_write
from risiko_xl.gestionetorneo import layout, look
from risiko_xl.gestionetorneo.model import Player, Standing, Workbook

CONVERT_SECONDS = 180
LIBREOFFICE = ("soffice", "libreoffice")


def _number(value: object) -> object:
    """A Decimal as the number a spreadsheet holds (int when whole)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def build(gt: Workbook) -> XlsxBook:
    """The workbook in GestioneTorneo's layout, looking as GestioneTorneo makes it look."""
    book = XlsxBook()
    sheet = book.active
    sheet.title = layout.TOURNAMENT
    sheet.cell(1, layout.LABEL_COLUMN, layout.TITLE)
    info = gt.info
    values = {"sede": info.sede, "organizzatore": info.organizzatore, "nome": info.nome,
              "tipo": info.tipo, "turni": info.turni, "note": info.note}
    for key, (row, label) in layout.INFO_ROWS.items():
        sheet.cell(row, layout.LABEL_COLUMN, label)
        sheet.cell(row, layout.VALUE_COLUMN, values[key] if values[key] != "" else None)
    for k in range(layout.DATE_ROUNDS):
        sheet.cell(layout.DATE_FIRST_ROW + k, layout.NUMBER_COLUMN, k + 1)
        if k < len(info.dates) and info.dates[k] is not None:
            cell = sheet.cell(layout.DATE_FIRST_ROW + k, layout.VALUE_COLUMN, info.dates[k])
            cell.number_format = "DD/MM/YYYY"
    if info.formula:
        sheet.cell(layout.FORMULA_ROW, layout.LABEL_COLUMN, layout.FORMULA_LABEL)
        sheet.cell(layout.FORMULA_ROW, layout.VALUE_COLUMN, info.formula)
    _players(book.create_sheet(layout.PLAYERS), gt.players)
    by_id = {p.id: p for p in gt.players}
    for rnd in gt.rounds:
        sheet = book.create_sheet(layout.round_sheet(rnd.number))
        row = 1
        for table in rnd.tables:
            sheet.cell(row, 1, layout.table_header(table.number))
            sheet.merge_cells(start_row=row, start_column=1, end_row=row,
                              end_column=max(1, len(table.seats) * layout.TRIPLE))
            for j, seat in enumerate(table.seats):
                column = j * layout.TRIPLE + 1
                sheet.cell(row + 1, column, seat.player)
                player = by_id.get(seat.player)
                name = "" if player is None else f"{player.nome} {player.cognome}".strip()
                if player is not None and player.club:
                    name += "\n" + player.club
                sheet.cell(row + 1, column + 1, name)
                sheet.cell(row + 1, column + 2, _number(seat.value))
            row += 2
    if gt.standings:
        _standings(book, gt.standings, len(gt.rounds))
    _keep_text(book)
    _look(book, gt)
    return book


def _look(book: XlsxBook, gt: Workbook) -> None:
    """Every sheet's look (`look`), once its values are in."""
    look.tournament(book[layout.TOURNAMENT])
    look.players(book[layout.PLAYERS])
    for rnd in gt.rounds:
        look.round_sheet(book[layout.round_sheet(rnd.number)])
    if gt.standings:
        look.standings(book[layout.STANDINGS], gt.thousandths)
        look.standings(book[layout.SHORT_STANDINGS], gt.thousandths)


def _keep_text(book: XlsxBook) -> None:
    """Every value written is data: openpyxl takes a text beginning with «=» (a name, a
    nickname, a club) for a formula, so it is stored as text, with the quote prefix that
    keeps it text when typed over in Excel or converted by LibreOffice."""
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    cell.data_type = "s"
                    cell.quotePrefix = True


def _players(sheet: Worksheet, players: tuple[Player, ...]) -> None:
    sheet.cell(1, 1, "Elenco Partecipanti")
    headers = [*layout.PLAYER_COLUMNS]
    headers[7] += " (gg/mm/aaaa)"  # as the template writes it
    emails = any(p.email for p in players)
    for column, header in enumerate([*headers, *(["Email"] if emails else [])], start=1):
        sheet.cell(layout.PLAYERS_HEADER_ROW, column, header)
    for row, p in enumerate(players, start=layout.PLAYERS_FIRST_ROW):
        national: object = int(p.id_nazionale) if p.id_nazionale.isdigit() else p.id_nazionale
        values = (p.id, p.nome, p.cognome, p.nickname, p.club,
                  layout.PRESENT if p.partecipa else layout.ABSENT, p.regione, p.nascita,
                  national, *([p.email] if emails else []))
        for column, value in enumerate(values, start=1):
            cell = sheet.cell(row, column, value if value != "" else None)
            if column == 8 and value is not None:
                cell.number_format = "DD/MM/YYYY"


def _standings(book: XlsxBook, standings: tuple[Standing, ...], rounds: int) -> None:
    full = book.create_sheet(layout.STANDINGS)
    short = book.create_sheet(layout.SHORT_STANDINGS)
    headers = layout.standings_headers(rounds)
    for column, header in enumerate(headers, start=1):
        full.cell(1, column, header)
    for column, header in enumerate(layout.SHORT_COLUMNS, start=1):
        short.cell(1, column, header)
    for row, s in enumerate(standings, start=2):
        p = s.player
        # GestioneTorneo writes the position and the id as text (`scriviClassifica`)
        values = {"Pos.": str(s.position), "Nome": p.nome, "Cognome": p.cognome,
                  "Nick": p.nickname, "Club o Famiglia": p.club, "v_tot": s.wins,
                  "pt_tot": _number(s.total), "id": str(p.id),
                  **{f"pt{i}": _number(v) for i, v in enumerate(s.points, start=1)}}
        for column, header in enumerate(headers, start=1):
            full.cell(row, column, values[header])
        for column, header in enumerate(layout.SHORT_COLUMNS, start=1):
            short.cell(row, column, values[header])


def libreoffice() -> str | None:
    """LibreOffice's program, when installed."""
    return next((found for name in LIBREOFFICE if (found := shutil.which(name))), None)


def destination(target: Path) -> Path:
    """The file `write` writes for `target`: an .xls only when LibreOffice can make it."""
    target = Path(target)
    if target.suffix.lower() == ".xls" and libreoffice() is not None:
        return target
    return target.with_suffix(".xlsx")


def write(gt: Workbook, target: Path) -> Path:
    """Write `gt` to `destination(target)` (.xls through LibreOffice; .xlsx as asked or
    when LibreOffice is missing). Returns the path written."""
    target = Path(target)
    book = build(gt)
    program = libreoffice()
    if program is None or destination(target).suffix.lower() == ".xlsx":
        written = target.with_suffix(".xlsx")
        atomic_write(written, lambda temp: book.save(temp))
        return written
    with tempfile.TemporaryDirectory(prefix="risiko-gt-") as folder:
        work = Path(folder)
        source = work / (target.stem + ".xlsx")
        book.save(source)
        profile = (work / "profilo").resolve().as_uri()
        try:
            subprocess.run([program, f"-env:UserInstallation={profile}", "--headless",
                            "--convert-to", "xls:MS Excel 97", "--outdir", str(work),
                            str(source)], check=True, capture_output=True,
                           timeout=CONVERT_SECONDS)
        except (subprocess.SubprocessError, OSError) as err:
            raise RisikoError("LibreOffice non è riuscito a salvare il file in formato .xls "
                              f"({type(err).__name__}): riprovare, o indicare un nome .xlsx",
                              valore=str(target)) from None
        converted = work / (target.stem + ".xls")
        if not converted.is_file():
            raise RisikoError("LibreOffice non ha scritto il file .xls: riprovare, o indicare "
                              "un nome .xlsx", valore=str(target))
        atomic_write(target, lambda temp: shutil.copyfile(converted, temp))
    return target
