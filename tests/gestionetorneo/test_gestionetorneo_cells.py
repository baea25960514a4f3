"""GestioneTorneo's cells one by one: what `gestionetorneo.writer` writes stays what was
typed (a name beginning with «=» is text, never a formula), and what `reader` reads is
checked cell by cell, refused with the GT sheet, row and column."""

from __future__ import annotations

import dataclasses
import subprocess

import openpyxl
import pytest

from risiko_xl import cli
from risiko_xl.errors import RisikoError
from risiko_xl.gestionetorneo import layout, reader, writer
from tests.support.gestionetorneo import edited, tournament
from tests.support.programs import need_program

FORMULA_LIKE = {1: ("=HYPERLINK(\"http://evil.example\",\"Lupo\")", "==Lupo==", "=1+1"),
                2: ("=NA()", "=SUM(A1:A9)", "=Club")}


def _formula_like() -> writer.Workbook:
    gt = tournament("MasterRisiko")
    players = tuple(dataclasses.replace(p, cognome=FORMULA_LIKE[p.id][0],
                                        nickname=FORMULA_LIKE[p.id][1],
                                        club=FORMULA_LIKE[p.id][2])
                    if p.id in FORMULA_LIKE else p for p in gt.players)
    return dataclasses.replace(gt, players=players)


def _assert_names_kept(read: writer.Workbook) -> None:
    for p in read.players:
        if p.id in FORMULA_LIKE:
            assert (p.cognome, p.nickname, p.club) == FORMULA_LIKE[p.id]


def test_text_beginning_with_equals_is_written_as_text(tmp_path):
    path = writer.write(_formula_like(), tmp_path / "Modulo.xlsx")
    book = openpyxl.load_workbook(path)
    formulas = [(s.title, c.coordinate) for s in book.worksheets for row in s.iter_rows()
                for c in row if c.data_type == "f"]
    # the only formulas: the template's own «Data Turno N» labels of TORNEO
    assert formulas == [(layout.TOURNAMENT, f"C{row}") for row in range(
        layout.DATE_FIRST_ROW, layout.DATE_FIRST_ROW + layout.DATE_ROUNDS)]
    cell = book[layout.PLAYERS].cell(layout.PLAYERS_FIRST_ROW, 5)
    assert (cell.value, cell.data_type, cell.quotePrefix) == ("=1+1", "s", True)
    _assert_names_kept(reader.read(path))
    seat = book[layout.round_sheet(1)].cell(2, 2).value
    assert seat == f"Nome1 {FORMULA_LIKE[1][0]}\n=1+1"


@pytest.mark.libreoffice
def test_text_beginning_with_equals_stays_text_in_the_xls(tmp_path):
    need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    path = writer.write(_formula_like(), tmp_path / "Modulo.xls")
    assert path.suffix == ".xls"
    _assert_names_kept(reader.read(path))
    out = tmp_path / "torneo.xlsx"
    assert cli.main(["importa", str(path), "--out", str(out)]) == 0



ROUND1 = layout.round_sheet(1)
WHERE = "Foglio 1° Turno di Modulo.xlsx, riga 2, colonna "


def _set(sheet: str, coordinate: str, value):
    def change(book):
        book[sheet][coordinate] = value
    return change


@pytest.mark.parametrize("change, message", [
    (_set(layout.TOURNAMENT, "D6", 100000),
     "Foglio TORNEO di Modulo.xlsx, riga 6, colonna D (Numero Turni Previsti): al massimo 60 "
     "turni (valore trovato: 100000)"),
    (_set(layout.TOURNAMENT, "D6", 1e300), "al massimo 60 turni (valore trovato: 1e+300)"),
    (_set(layout.TOURNAMENT, "D6", 0), "colonna D (Numero Turni Previsti): il numero di turni "
     "previsti è un numero intero maggiore di zero (valore trovato: 0)"),
    (_set(layout.TOURNAMENT, "D6", "１６"), "(valore trovato: '１６')"),
    (_set(ROUND1, "C2", "nan"), WHERE + "C (punti): i punti non sono un numero (valore "
     "trovato: 'nan')"),
    (_set(ROUND1, "C2", "inf"), "i punti non sono un numero (valore trovato: 'inf')"),
    (_set(ROUND1, "C2", "-inf"), "i punti non sono un numero (valore trovato: '-inf')"),
    (_set(ROUND1, "C2", "1e999"), "i punti non sono un numero (valore trovato: '1e999')"),
    (_set(ROUND1, "C2", 1e300), WHERE + "C (punti): punti oltre 9999"),
    (_set(ROUND1, "A2", None), WHERE + "A (ID): manca l'ID del giocatore, che ha nome o "
     "punti nelle celle accanto (la cella è vuota)"),
    (_set(ROUND1, "A2", "#N/A"), WHERE + "A (ID): la cella contiene l'errore di Excel #N/A: "
     "correggere la formula o scrivere il valore"),
    # a formula never computed (openpyxl saves none): its value is not known, never blank
    (_set(ROUND1, "A2", "=27+1"), WHERE + "A (ID): formula senza valore salvato: aprire e "
     "salvare il file in Excel o LibreOffice, o scrivere il valore (valore trovato: '=27+1')"),
    (_set(ROUND1, "C2", None), WHERE + "C (punti): al tavolo sono scritti i punti degli altri "
     "giocatori, qui no (la cella è vuota)"),
    (_set(ROUND1, "F2", "#N/A"), WHERE + "F (punti): la cella contiene l'errore di Excel #N/A"),
    (_set(ROUND1, "C2", "=10+8"), WHERE + "C (punti): formula senza valore salvato: aprire e "
     "salvare il file in Excel o LibreOffice, o scrivere il valore (valore trovato: '=10+8')"),
    (_set(layout.PLAYERS, "A5", "=4+1"), "Foglio Iscritti di Modulo.xlsx, riga 5, colonna A "
     "(ID): formula senza valore salvato: aprire e salvare il file in Excel o LibreOffice, o "
     "scrivere il valore (valore trovato: '=4+1')"),
    (_set(layout.PLAYERS, "A5", None), "Foglio Iscritti di Modulo.xlsx, riga 5, colonna A "
     "(ID): manca l'ID dell'iscritto (la cella è vuota)"),
])
def test_unreadable_cells_refused_with_their_place(tmp_path, capsys, change, message):
    path = edited(tmp_path, change)
    with pytest.raises(RisikoError) as found:
        reader.read(path, 60)
    assert message in str(found.value)
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert message in capsys.readouterr().err
    assert not (tmp_path / "Modulo-torneo.xlsx").exists()


def test_a_whole_empty_seat_is_no_player_and_an_unplayed_table_has_no_points(tmp_path):
    def change(book):
        for column in "ABCDEFGHIJKLMNO":  # round 1, table 1: no points typed at all
            if column in "CFILO":
                book[ROUND1][f"{column}2"] = None
    gt = reader.read(edited(tmp_path, change))
    assert [s.value for s in gt.rounds[0].tables[0].seats] == [None] * 5


def _swap_first_two_registered(book):
    """Iscritti sorted on columns B:G without the IDs of column A."""
    sheet = book[layout.PLAYERS]
    first, second = layout.PLAYERS_FIRST_ROW, layout.PLAYERS_FIRST_ROW + 1
    for column in range(2, 8):
        a, b = sheet.cell(first, column), sheet.cell(second, column)
        a.value, b.value = b.value, a.value


def test_a_seat_named_for_another_player_is_refused(tmp_path, capsys):
    path = edited(tmp_path, _swap_first_two_registered)
    message = ("Foglio 1° Turno di Modulo.xlsx, riga 2, colonna B (Nome Cognome): l'ID 1 nella "
               "cella accanto è «Nome2 Cognome2» nel foglio Iscritti (riga 4): correggere l'ID "
               "o il nome, o i risultati andrebbero al giocatore sbagliato (valore trovato: "
               "'Nome1 Cognome1')")
    with pytest.raises(RisikoError) as found:
        reader.read(path)
    assert message in str(found.value)
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert message in capsys.readouterr().err


def test_a_seat_blank_or_with_another_club_or_spacing_is_the_registered_player(tmp_path):
    def change(book):
        book[ROUND1]["B2"] = None  # GestioneTorneo reads only the ID
        book[ROUND1]["E2"] = "  nome2   COGNOME2\nUn altro club"
    gt = reader.read(edited(tmp_path, change))
    assert [s.player for s in gt.rounds[0].tables[0].seats] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("coordinate, typed, found", [
    ("C5", "Ross\u202ei", "U+202E"), ("C5", "Rossi\u200f", "U+200F"),
    ("B5", "Tab\there", "U+0009"), ("D5", "Line\nBreak", "U+000A"),
    ("E5", "Zero\u200bWidth", "U+200B"),
])
def test_names_pass_the_checks_of_iscrivi(tmp_path, capsys, coordinate, typed, found):
    path = edited(tmp_path, _set(layout.PLAYERS, coordinate, typed))
    column = {"B": "Nome", "C": "Cognome", "D": "Nickname", "E": "Club"}[coordinate[0]]
    message = (f"Foglio Iscritti di Modulo.xlsx, riga 5, colonna {coordinate[0]} ({column}): "
               f"carattere di controllo ({found}): usare lettere, cifre e segni stampabili")
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert message in capsys.readouterr().err
    assert cli.main(["nuovo", str(tmp_path / "t.xlsx"), "--formula", "open"]) == 0
    assert cli.main(["iscrivi", str(tmp_path / "t.xlsx"), "Mario", "--cognome", typed]) == \
        cli.EXIT_BAD_INPUT
    assert f"carattere di controllo ({found})" in capsys.readouterr().err


@pytest.mark.parametrize("sheet, coordinate, column", [
    (layout.PLAYERS, "E5", "E (Club)"), (layout.PLAYERS, "F5", "F (Partecipa Torneo)"),
    (ROUND1, "F2", "F (punti)"), (layout.TOURNAMENT, "D6", "D (Numero Turni Previsti)"),
])
def test_an_error_value_is_refused_with_its_cell(tmp_path, capsys, sheet, coordinate, column):
    path = edited(tmp_path, _set(sheet, coordinate, "#DIV/0!"))
    row = coordinate[1:]
    message = (f"Foglio {sheet} di Modulo.xlsx, riga {row}, colonna {column}: la cella "
               "contiene l'errore di Excel #DIV/0!: correggere la formula o scrivere il valore")
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert message in capsys.readouterr().err


@pytest.mark.libreoffice
def test_an_error_value_in_an_xls_is_refused_with_its_cell(tmp_path, capsys):
    need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    source = edited(tmp_path, _set(layout.PLAYERS, "E5", "=NA()"))
    folder = tmp_path / "xls"
    subprocess.run(["soffice", f"-env:UserInstallation={(tmp_path / 'p').as_uri()}",
                    "--headless", "--convert-to", "xls:MS Excel 97", "--outdir", str(folder),
                    str(source)], check=True, capture_output=True, timeout=180)
    assert cli.main(["importa", str(folder / "Modulo.xls")]) == cli.EXIT_BAD_INPUT
    assert ("Foglio Iscritti di Modulo.xls, riga 5, colonna E (Club): la cella contiene "
            "l'errore di Excel #N/A"
            in capsys.readouterr().err)


def test_a_folder_as_source_is_said_to_be_a_folder(tmp_path, capsys):
    assert cli.main(["importa", str(tmp_path)]) == cli.EXIT_BAD_INPUT
    assert "Questa è una cartella, non un file: indicare il file di GestioneTorneo " \
        "(ModuloTorneo.xls)" in capsys.readouterr().err


# --- issue 26: whatever is typed where GestioneTorneo reads is imported or refused -------

NEXT_ROW = layout.PLAYERS_FIRST_ROW + 10  # row 14: after the ten players of `tournament`


def _typed(sheet: str, **cells):
    def change(book):
        for coordinate, value in cells.items():
            book[sheet][coordinate] = value
    return change


def test_a_player_without_a_first_name_is_refused_not_skipped(tmp_path, capsys):
    """Row 14 holds an ID, a surname, a club and «Partecipa Torneo» SI, no first name:
    GestioneTorneo's `getListaGiocatori` skips it in silence; the import names its cell."""
    path = edited(tmp_path, _typed(layout.PLAYERS, A14=11, C14="Bianchi", E14="RC Roma",
                                   F14="SI"))
    message = ("Foglio Iscritti di Modulo.xlsx, riga 14, colonna B (Nome): manca il nome "
               "dell'iscritto, che ha Cognome, Club e Partecipa Torneo: GestioneTorneo "
               "salterebbe la riga senza dirlo; scrivere il nome o svuotare la riga (la cella "
               "è vuota)")
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert capsys.readouterr().err.strip() == f"Errore: {message}"
    assert not (tmp_path / "Modulo-torneo.xlsx").exists()


def test_a_row_holding_only_an_id_is_one_of_the_templates_empty_rows(tmp_path):
    """The template numbers 300 rows in column A: an ID alone is no player."""
    gt = reader.read(edited(tmp_path, _typed(layout.PLAYERS, A14=11, A15=12)))
    assert [p.id for p in gt.players] == list(range(1, 11))


def test_a_sixth_player_at_a_table_is_refused(tmp_path, capsys):
    """Table 1 of round 1 seats players 1-5 in A2:O2; player 10 typed in the sixth triple
    (P2:R2) would be dropped by GestioneTorneo's `setPartitaFromRow`, which reads five."""
    path = edited(tmp_path, _typed(ROUND1, P2=10, Q2="Nome10 Cognome10", R2=3))
    message = ("Foglio 1° Turno di Modulo.xlsx, riga 2, colonna P: valore fuori dal tavolo "
               "(al tavolo 1: GestioneTorneo legge al massimo 5 giocatori, nelle colonne A–O; "
               "un sesto giocatore va in un altro tavolo): non sarebbe importato; toglierlo o "
               "spostarlo (valore trovato: 10)")
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert capsys.readouterr().err.strip() == f"Errore: {message}"


def test_points_written_as_formulas_never_computed_are_refused(tmp_path, capsys):
    """Every point of table 1 of round 1 a formula without a saved value (a file written by
    a program that does not compute): before, the table was imported as «da giocare», its
    results gone; now the first such cell, C2, is named."""
    path = edited(tmp_path, _typed(ROUND1, C2="=20+20", F2="=21", I2="=12", L2="=8",
                                   O2="=4"))
    message = ("Foglio 1° Turno di Modulo.xlsx, riga 2, colonna C (punti): formula senza "
               "valore salvato: aprire e salvare il file in Excel o LibreOffice, o scrivere il "
               "valore (valore trovato: '=20+20')")
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert capsys.readouterr().err.strip() == f"Errore: {message}"


def test_points_written_as_formulas_with_saved_values_are_imported(tmp_path):
    """The same formulas as Excel saves them, each with its value (<f>20+20</f><v>40</v>):
    table 1 of round 1 keeps its points 40, 21, 12, 8 and 4 (`tests.support` TABLES)."""
    path = writer.write(tournament("MasterRisiko"), tmp_path / "Modulo.xlsx")
    _with_formulas(path, layout.round_sheet(1), {"C2": "20+20", "F2": "21", "I2": "12",
                                                 "L2": "8", "O2": "4"})
    gt = reader.read(path)
    assert [(s.player, s.value) for s in gt.rounds[0].tables[0].seats] == [
        (1, 40), (2, 21), (3, 12), (4, 8), (5, 4)]


def _with_formulas(path, sheet: str, formulas: dict[str, str]) -> None:
    """`formulas` put before the saved values of those cells of `sheet`, in the file's XML."""
    import re
    import zipfile

    book = openpyxl.load_workbook(path, read_only=True)
    part = f"xl/worksheets/sheet{book.sheetnames.index(sheet) + 1}.xml"
    book.close()
    with zipfile.ZipFile(path) as package:
        parts = {item.filename: package.read(item) for item in package.infolist()}
    xml = parts[part].decode()
    for coordinate, formula in formulas.items():
        xml, found = re.subn(rf'(<c r="{coordinate}"[^>]*>)<v>', rf"\1<f>{formula}</f><v>", xml)
        assert found == 1, coordinate
    parts[part] = xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in parts.items():
            package.writestr(name, data)


def test_an_id_nazionale_formula_never_computed_is_said_in_the_report(tmp_path, capsys):
    """The template computes ID NAZIONALE by formula (from its sheet GIOCATORI), and a copy
    saved by a program that does not compute keeps none of its values: player 2 (row 5)
    is imported without it, and the report says so."""
    path = edited(tmp_path, _set(layout.PLAYERS, "I5", '=IF(B5<>"",LEN(B5),"")'))
    note = ("ID NAZIONALE non importato alla riga 5 del foglio Iscritti di Modulo.xlsx: è una "
            "formula senza valore salvato (aprire e salvare il file in Excel o LibreOffice "
            "per averlo)")
    gt = reader.read(path)
    assert gt.notes == (note,)
    assert [p.id_nazionale for p in gt.players[:3]] == ["5001", "", "5003"]
    assert cli.main(["importa", str(path), "--out", str(tmp_path / "t.xlsx")]) == 0
    assert f"Attenzione: {note}" in capsys.readouterr().out.splitlines()


def test_a_value_outside_the_tables_is_refused_where_it_is(tmp_path, capsys):
    """Round 1 has its tables in rows 1-4; a note typed in Z40 would not be imported."""
    path = edited(tmp_path, _typed(ROUND1, Z40="controllato"))
    message = ("Foglio 1° Turno di Modulo.xlsx, riga 40, colonna Z: valore fuori dai tavoli: "
               "GestioneTorneo legge soltanto le righe «Tavolo N°k» nella colonna A e i "
               "giocatori nella riga sotto; toglierlo o spostarlo (valore trovato: "
               "'controllato')")
    assert cli.main(["importa", str(path)]) == cli.EXIT_BAD_INPUT
    assert capsys.readouterr().err.strip() == f"Errore: {message}"
