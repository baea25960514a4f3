"""The exported GestioneTorneo workbook as GestioneTorneo reads it and an organiser prints
it (an organiser's and a referee's report): a «Tipologia di Torneo» GestioneTorneo knows
(`SchedaTorneo.TipoTorneo.parseTipoTorneo`), the imported one and the tournament's note
back as they were, TORNEO laid out as the template `resources/ModuloTorneo.xls`, and the
look of `ExcelAccess.creaSchedaTurno` / `scriviClassifica` kept through LibreOffice's .xls
(each won game light green, the club never cut, Iscritti's headers above the first row)."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import openpyxl
import pytest

from risiko_xl import cli
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.settings import Settings
from risiko_xl.formulas import load
from risiko_xl.formulas.loader import names
from risiko_xl.gestionetorneo import layout, look, reader, writer
from risiko_xl.services import export_gt
from risiko_xl.services.gt_terms import NOTE_KEY, TYPE_KEY
from tests.support.gestionetorneo import tournament
from tests.support.gestionetorneo_master import FINAL, PRELIMINARY, SEMIFINALS, master, rounds
from tests.support.lo_print import sheet_pdf
from tests.support.pdf_text import page_texts
from tests.support.programs import need_program

# src/main/java/it/desimone/risiko/torneo/dto/SchedaTorneo.java (GestioneTorneo):
#     public enum TipoTorneo{
#           CAMPIONATO_NAZIONALE("Campionato Nazionale", "CNI")
#         , RADUNO_NAZIONALE("Raduno Nazionale", "RDN")
#         , MASTER("Torneo Master", "MST")
#         , OPEN("Torneo Open", "OPN")
#         , INTERCLUB("Torneo Interclub", "ITC")
#         , CAMPIONATO("Campionato Periodico", "CPP")
#         , TORNEO_A_SQUADRE("Torneo a Squadre", "SQD")
#         , TORNEO_2VS2("Torneo 2VS2", "2V2")
#         , TORNEO_A_INVITI("Torneo a Inviti", "IVT")
#         , AMICHEVOLI("Amichevoli", "AMC");
# parseTipoTorneo: `torneo.getTipoTorneo().equalsIgnoreCase(tipologiaTorneo.trim())`
TIPO_TORNEO = ("Campionato Nazionale", "Raduno Nazionale", "Torneo Master", "Torneo Open",
               "Torneo Interclub", "Campionato Periodico", "Torneo a Squadre", "Torneo 2VS2",
               "Torneo a Inviti", "Amichevoli")


def parse_tipo_torneo(name: str) -> str | None:
    """GestioneTorneo's parseTipoTorneo, as quoted above."""
    return next((t for t in TIPO_TORNEO if t.casefold() == name.strip().casefold()), None)


# what each preset is exported as, and whether GestioneTorneo has the formula itself
EXPORTED = {"master": ("Torneo Master", True), "raduno": ("Raduno Nazionale", True),
            "open": ("Torneo Open", True), "nazionale": ("Campionato Nazionale", True),
            "gufo": ("Torneo Open", False), "campionato_gufo": ("Campionato periodico", False),
            "rtu": ("Campionato periodico", False), "cns": ("Torneo a Squadre", True),
            "eagles": ("Torneo Open", False), "eliminazione": ("Torneo Open", False),
            "italiana": ("Torneo Open", False), "lu_castidduzzu": ("Torneo Open", False),
            "santeufemia": ("Torneo Open", False), "victory": ("Torneo Open", False),
            "interno": ("Campionato periodico", False)}


def test_the_types_are_gestionetorneos_ten():
    assert sorted(t.casefold() for t in layout.TOURNAMENT_TYPES) == \
        sorted(t.casefold() for t in TIPO_TORNEO)


@pytest.mark.parametrize("name", names())
def test_each_formula_is_exported_as_a_type_gestionetorneo_reads(name):
    formula = load(name)
    for each in (formula, *(v.formula for v in formula.variants)):
        assert parse_tipo_torneo(each.gestionetorneo) is not None
    kind, lines = export_gt._type(SimpleNamespace(settings=Settings(), formula=formula))
    assert (kind, not lines) == EXPORTED[name]
    if lines:  # the closest one, said so
        assert lines == (f" (la più vicina fra quelle che GestioneTorneo legge: la formula "
                         f"{name} non ne ha una sua; per sceglierne un'altra, scriverla in "
                         f"Impostazioni, «{TYPE_KEY}»)")


def _imported(tmp_path: Path, kind: str, note: str, formula: str) -> Path:
    gt = tournament("x")
    gt = replace(gt, info=replace(gt.info, tipo=kind, note=note))
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(source), "--out", str(out), "--formula", formula]) == 0
    return out


def test_an_imported_type_and_note_go_back_as_they_were(tmp_path, capsys):
    note = "Serata al circolo\nquota 5 euro"
    out = _imported(tmp_path, "Campionato periodico", note, "gufo")
    assert "In Impostazioni, per il ritorno a GestioneTorneo: «Tipologia GestioneTorneo» " \
        "«Campionato periodico»; «Note torneo» «Serata al circolo quota 5 euro»" in \
        capsys.readouterr().out
    settings = OpenpyxlBook(out).settings()
    assert (settings[TYPE_KEY], settings[NOTE_KEY]) == ("Campionato periodico", note)
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    printed = capsys.readouterr().out
    assert "tipologia «Campionato periodico»" in printed and "la più vicina" not in printed
    sheet = openpyxl.load_workbook(back)[layout.TOURNAMENT]
    assert (sheet["D5"].value, sheet["D7"].value) == ("Campionato periodico", note)
    assert parse_tipo_torneo(sheet["D5"].value) is not None
    again = reader.read(back).info
    assert (again.tipo, again.note) == ("Campionato periodico", note)


def test_a_type_gestionetorneo_cannot_read_is_refused(tmp_path, capsys):
    out = _imported(tmp_path, "Torneo Open", "", "gufo")
    book = OpenpyxlBook(out)
    book.set_setting(TYPE_KEY, "Torneo del Gufo")
    book.save()
    capsys.readouterr()
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == \
        cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "Foglio Torneo, riga " in err and f"impostazione «{TYPE_KEY}»: GestioneTorneo non " \
        "legge questa tipologia" in err and "'Torneo del Gufo'" in err
    assert not back.exists()


def test_a_type_gestionetorneo_does_not_read_is_not_kept(tmp_path):
    out = _imported(tmp_path, "TorneoGufo", "", "gufo")  # a program's name, not a type
    assert TYPE_KEY not in OpenpyxlBook(out).settings()


def test_torneo_is_laid_out_as_the_template(tmp_path):
    """ModuloTorneo.xls: the title over C1:D1, labels in C2:C7, values in D, the rounds'
    numbers in B8:B37 beside «Data Turno N» (a formula on D6) and the dates in D."""
    path = writer.write(tournament("Torneo Master"), tmp_path / "Modulo.xlsx")
    sheet = openpyxl.load_workbook(path)[layout.TOURNAMENT]
    assert sheet["C1"].value == "SCHEDA DATI TORNEO" and "C1:D1" in sheet.merged_cells
    assert [sheet[f"C{r}"].value for r in range(2, 8)] == [
        "Sede Torneo", "Organizzatore", "Nome Torneo", "Tipologia di Torneo",
        "Numero Turni Previsti", "Note"]
    assert [sheet[f"B{r}"].value for r in range(8, 38)] == list(range(1, 31))
    assert sheet["C8"].value == '=IF($D$6>=B8,CONCATENATE("Data Turno ",B8),"")'
    assert all(sheet[f"{c}{r}"].value is None for c in "AB" for r in range(1, 8))
    assert (sheet["D5"].value, sheet["D6"].value) == ("Torneo Master", 2)
    assert sheet["D8"].value.date().isoformat() == "2025-03-01"


def _as_xlsx(xls: Path, outdir: Path) -> openpyxl.Workbook:
    """`xls` read back through LibreOffice (converted to .xlsx), as anyone opening it."""
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    profile = (outdir / "profilo").resolve().as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless", "--convert-to",
                    "xlsx", "--outdir", str(outdir), str(xls)], check=True,
                   capture_output=True, timeout=180)
    return openpyxl.load_workbook(outdir / (xls.stem + ".xlsx"))


@pytest.mark.libreoffice
@pytest.mark.parametrize("formula, shown", [("master", "0.000"), ("gufo", "General")])
def test_the_look_survives_the_xls(tmp_path, capsys, formula, shown):
    need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    out = _imported(tmp_path, "Torneo Master" if formula == "master" else "Torneo Open",
                    "", formula)
    back = tmp_path / "Ritorno.xls"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    capsys.readouterr()
    book = _as_xlsx(back, tmp_path / "letto")
    turn = book[layout.round_sheet(1)]
    for seat in range(layout.SEATS_MAX):  # creaSchedaTurno: 6000 and 2000 units
        id_, name, points = (openpyxl.utils.get_column_letter(seat * 3 + k) for k in (1, 2, 3))
        assert turn.column_dimensions[id_].hidden
        assert turn.column_dimensions[name].width == pytest.approx(look.NAME_WIDTH, abs=1)
        assert turn.column_dimensions[points].width == pytest.approx(look.POINTS_WIDTH, abs=1)
    assert turn["B2"].value == "Nome1 Cognome1\nIl Gufo" and turn["B2"].alignment.wrap_text
    assert turn.row_dimensions[2].height >= 2 * 12  # the club's line shows
    standings = book[layout.STANDINGS]
    headers = [c.value for c in standings[1]]
    total = standings.cell(2, headers.index("pt_tot") + 1)
    first = standings.cell(2, headers.index("pt1") + 1)
    assert (total.number_format, first.number_format) == (shown, shown)
    assert standings.cell(2, headers.index("v_tot") + 1).number_format == "General"
    club = headers.index("Club o Famiglia") + 1
    assert standings.column_dimensions[openpyxl.utils.get_column_letter(club)].width >= \
        len("Club o Famiglia")
    setup = standings.page_setup
    assert standings.sheet_properties.pageSetUpPr.fitToPage
    assert (setup.fitToWidth, setup.fitToHeight, setup.orientation) == (1, 0, "landscape")
    printed = page_texts(sheet_pdf(tmp_path / "letto" / "Ritorno.xlsx", layout.STANDINGS,
                                   tmp_path / "stampa"))
    assert len(printed) == 1 and "Club o Famiglia" in printed[0] and "pt_tot" in printed[0]
    torneo = book[layout.TOURNAMENT]
    assert torneo["C8"].value.startswith("=IF(") and torneo["C5"].value == \
        "Tipologia di Torneo"


def test_the_formula_comes_back_where_the_type_is_only_the_closest(tmp_path, capsys):
    """gufo goes to GestioneTorneo as «Torneo Open» (which `importa` takes for open): the
    formula's name below the dates, where GestioneTorneo reads nothing, brings gufo back."""
    gt = tournament("TorneoGufo")
    source = writer.write(gt, tmp_path / "Modulo.xlsx")
    out, back, again = (tmp_path / n for n in ("torneo.xlsx", "Ritorno.xlsx", "di-nuovo.xlsx"))
    assert cli.main(["importa", str(source), "--out", str(out)]) == 0
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    sheet = openpyxl.load_workbook(back)[layout.TOURNAMENT]
    assert sheet["D5"].value == "Torneo Open"
    assert (sheet[f"C{layout.FORMULA_ROW}"].value, sheet[f"D{layout.FORMULA_ROW}"].value) == \
        ("Formula risiko-xl", "gufo")
    assert layout.FORMULA_ROW > layout.DATE_FIRST_ROW + layout.DATE_ROUNDS - 1  # not read
    assert cli.main(["importa", str(back), "--out", str(again)]) == 0
    assert OpenpyxlBook(again).settings()["Formula"] == "gufo"
    capsys.readouterr()


def _model(folder: Path) -> Path:
    """An organiser's own ModuloTorneo in small: TORNEO and Iscritti as the template (a
    list on D5 from the hidden sheet Dati, named TIPO_TORNEO; a formula in ID NAZIONALE
    on every row; IDs typed ahead), an old round and Classifica, and a sheet of its own."""
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.datavalidation import DataValidation

    book = openpyxl.Workbook()
    torneo = book.active
    torneo.title = layout.TOURNAMENT
    for row, label in layout.INFO_ROWS.values():
        torneo.cell(row, 3, label)
    check = DataValidation(type="list", formula1="TIPO_TORNEO")
    check.add("D5")
    torneo.add_data_validation(check)
    players = book.create_sheet(layout.PLAYERS)
    for column, header in enumerate(layout.PLAYER_COLUMNS, start=1):
        players.cell(3, column, header)
    for row in range(4, 30):
        players.cell(row, 1, row - 3)
        players.cell(row, 9, f'=IF(B{row}<>"",LEN(B{row}),"")')
    players["B20"] = "Vecchio"  # an old player beyond ours: emptied
    dati = book.create_sheet("Dati")
    for row, kind in enumerate(layout.TOURNAMENT_TYPES, start=1):
        dati.cell(row, 1, kind)
    dati.sheet_state = "hidden"
    book.defined_names["TIPO_TORNEO"] = DefinedName(
        "TIPO_TORNEO", attr_text=f"Dati!$A$1:$A${len(layout.TOURNAMENT_TYPES)}")
    book.create_sheet(layout.round_sheet(1))["A1"] = "vecchio turno"
    book.create_sheet(layout.STANDINGS)["A1"] = "vecchia classifica"
    book.create_sheet("Statistiche del club")["A1"] = "tenuto"
    path = folder / "ModuloTorneo.xlsx"
    book.save(path)
    return path


def _check_over_model(book: openpyxl.Workbook) -> None:
    assert book.sheetnames[:4] == [layout.TOURNAMENT, layout.PLAYERS, "Dati",
                                   "Statistiche del club"]
    assert book["Dati"].sheet_state == "hidden" and "TIPO_TORNEO" in book.defined_names
    assert book["Statistiche del club"]["A1"].value == "tenuto"
    assert [str(v.sqref) for v in book[layout.TOURNAMENT].data_validations.dataValidation] == \
        ["D5"]
    assert book[layout.round_sheet(1)]["A1"].value == layout.table_header(1)
    assert book[layout.STANDINGS]["A1"].value == "Pos."
    players = book[layout.PLAYERS]
    assert players["B4"].value == "Nome1" and players["I4"].value == 5001
    assert players["I13"].value == '=IF(B13<>"",LEN(B13),"")'  # no national ID: kept
    assert players["B20"].value is None and players["A20"].value == 17


def test_the_organisers_own_workbook_as_the_model(tmp_path, capsys):
    out = _imported(tmp_path, "Campionato periodico", "", "gufo")
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back), "--modello",
                     str(_model(tmp_path))]) == 0
    assert "Scritto su una copia di ModuloTorneo.xlsx" in capsys.readouterr().out
    _check_over_model(openpyxl.load_workbook(back))
    again = reader.read(back)
    assert (again.info.tipo, len(again.players), len(again.rounds)) == (
        "Campionato periodico", 10, 2)
    assert cli.main(["esporta", str(out), str(tmp_path / "copia.xlsx"), "--modello",
                     str(back)]) == cli.EXIT_BAD_INPUT
    assert "--modello vale soltanto con --gestionetorneo" in capsys.readouterr().err


@pytest.mark.libreoffice
def test_an_xls_model_through_libreoffice(tmp_path, capsys):
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    model = _model(tmp_path)
    subprocess.run([soffice, f"-env:UserInstallation={(tmp_path / 'p').resolve().as_uri()}",
                    "--headless", "--convert-to", "xls:MS Excel 97", "--outdir",
                    str(tmp_path), str(model)], check=True, capture_output=True, timeout=180)
    out = _imported(tmp_path, "Campionato periodico", "", "gufo")
    back = tmp_path / "Ritorno.xls"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back), "--modello",
                     str(model.with_suffix(".xls"))]) == 0
    capsys.readouterr()
    _check_over_model(_as_xlsx(back, tmp_path / "letto"))


CLUB = "QUARTU SANT'ELENA [Sardegna]"  # an organiser's longest club, cut before
# tests.support.gestionetorneo.TABLES: who won each round's tables (by the typed points)
WON = {(1, 1), (6, 1), (1, 2), (3, 2)}  # (player, round)
YELLOW, LIGHT_ORANGE, LIGHT_GREEN = (f"FF{c}" for c in (look.YELLOW, look.LIGHT_ORANGE,
                                                        look.LIGHT_GREEN))


def _long_club(tmp_path: Path) -> Path:
    """`tournament` as a Master with player 1 of a long club, imported."""
    gt = tournament("Torneo Master")
    gt = replace(gt, players=(replace(gt.players[0], club=CLUB), *gt.players[1:]))
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(writer.write(gt, tmp_path / "Modulo.xlsx")), "--out",
                     str(out), "--formula", "master"]) == 0
    return out


def _green(path: Path) -> set[tuple[int, int]]:
    """Classifica's light green cells as (player, round)."""
    sheet = openpyxl.load_workbook(path)[layout.STANDINGS]
    headers = [c.value for c in sheet[1]]
    rounds = {i: h for i, h in enumerate(headers) if str(h).startswith("pt") and h != "pt_tot"}
    return {(int(row[headers.index("id")].value), int(rounds[i][2:]))
            for row in sheet.iter_rows(min_row=2) for i in rounds
            if row[i].fill.fgColor.rgb == f"00{look.LIGHT_GREEN}"}


def test_each_won_game_is_light_green(tmp_path, capsys):
    """scriviClassifica: `partita.isVincitore(giocatore)` → styleCellClassWin, LIGHT_GREEN;
    the other cells yellow on GestioneTorneo's first row (numeroRiga 1), orange on the
    next; Classifica Ridotta, cloned without pt1…ptN, has no green."""
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(_long_club(tmp_path)), "--gestionetorneo", str(back)]) == 0
    capsys.readouterr()
    book = openpyxl.load_workbook(back)
    sheet = book[layout.STANDINGS]
    assert _green(back) == WON
    for r, colour in ((2, look.YELLOW), (3, look.LIGHT_ORANGE), (4, look.YELLOW)):
        assert sheet.cell(r, 1).fill.fgColor.rgb == f"00{colour}"
    assert not any(c.fill.fgColor.rgb == f"00{look.LIGHT_GREEN}"
                   for row in book[layout.SHORT_STANDINGS].iter_rows() for c in row)


def test_the_final_phases_won_are_light_green(tmp_path, capsys):
    """A master played to its final: each table's winner (the highest typed value, as
    `Partita.isVincitore`) green in its round's column, the semifinals and the final too."""
    tables = (*PRELIMINARY, *SEMIFINALS, *FINAL)
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(master(tmp_path, *rounds(*tables))), "--out",
                     str(out)]) == 0
    back = tmp_path / "Ritorno.xlsx"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(back)]) == 0
    capsys.readouterr()
    assert _green(back) == {(max(seats, key=lambda s: s[1])[0], n) for n, _, seats in tables}


def _club_fits(book: openpyxl.Workbook) -> None:
    """Classifica in Arial 10 bold, whatever the workbook's own font, the club's column
    wider than CLUB in Arial 10 bold (in widths of «0», POI's autoSizeColumn unit)."""
    sheet = book[layout.STANDINGS]
    club = [c.value for c in sheet[1]].index("Club o Famiglia") + 1
    cell = next(c for c in sheet[openpyxl.utils.get_column_letter(club)] if c.value == CLUB)
    assert (cell.font.name, cell.font.sz, cell.font.b) == ("Arial", 10, True)
    width = sheet.column_dimensions[openpyxl.utils.get_column_letter(club)].width
    assert width >= look.text_width()(CLUB) + 1 > len(CLUB) + 1


@pytest.mark.libreoffice
def test_the_standings_and_players_look_through_the_xls(tmp_path, capsys):
    """Read back through LibreOffice: the first row yellow, a won game light green, the club
    not cut, plain and over a model; Iscritti's header row three lines tall (the
    template's 38.25 points), so «Data di Nascita (gg/mm/aaaa)» stays above the first
    player."""
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    out = _long_club(tmp_path)
    model = _model(tmp_path)
    subprocess.run([soffice, f"-env:UserInstallation={(tmp_path / 'p').resolve().as_uri()}",
                    "--headless", "--convert-to", "xls:MS Excel 97", "--outdir",
                    str(tmp_path), str(model)], check=True, capture_output=True, timeout=180)
    plain, over = tmp_path / "Piano.xls", tmp_path / "Modello.xls"
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(plain)]) == 0
    assert cli.main(["esporta", str(out), "--gestionetorneo", str(over), "--modello",
                     str(model.with_suffix(".xls"))]) == 0
    capsys.readouterr()
    books = {path: _as_xlsx(path, tmp_path / path.stem) for path in (plain, over)}
    for book in books.values():
        _club_fits(book)
        sheet = book[layout.STANDINGS]
        headers = [c.value for c in sheet[1]]
        first = sheet.cell(2, headers.index("pt1") + 1)  # player 1 won round 1
        assert (sheet.cell(2, 1).fill.fgColor.rgb, first.fill.fgColor.rgb,
                sheet.cell(3, 1).fill.fgColor.rgb) == (YELLOW, LIGHT_GREEN, LIGHT_ORANGE)
    players = books[plain][layout.PLAYERS]
    assert players.row_dimensions[layout.PLAYERS_HEADER_ROW].height == \
        pytest.approx(look.HEADER_ROW_HEIGHT, abs=0.5)
    header = players.cell(layout.PLAYERS_HEADER_ROW, 8)
    assert header.value == "Data di Nascita (gg/mm/aaaa)" and header.alignment.wrap_text
