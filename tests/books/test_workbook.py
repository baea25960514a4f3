"""The tournament workbook: schema, reproducible template, book interface, safe saves."""

import hashlib
import re
import zipfile

import pytest
from openpyxl import load_workbook

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table
from risiko_xl.errors import RisikoError
from risiko_xl.files.writes import backup_path
from risiko_xl.workbooks.template import write_new

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_rebuild_is_byte_identical(tmp_path):
    first, second = write_new(tmp_path / "a.xlsx"), write_new(tmp_path / "b.xlsx")
    assert digest(first) == digest(second)


def test_tables_and_headers_are_the_interface(tmp_path):
    book = OpenpyxlBook(write_new(tmp_path / "t.xlsx"))
    assert set(book.table_names()) == {"Impostazioni", "Calendario", "Iscritti", "Risultati",
                                       "Classifica", "Squadre", "Qualificati", "ClassificaFinale",
                                       "Sorteggi", "Archivio", "Mappa", "Regole"}
    assert book.read_table("Regole").headers == ["Sezione", "Regola", "Valore", "Variante",
                                                 "Spiegazione"]
    assert book.read_table("Iscritti").headers == [
        "ID", "Nome", "Cognome", "Nickname", "Club", "Regione", "Stato", "Dal turno", "Quota"]
    assert book.read_table("Risultati").headers == [
        "Turno", "Fase", "Tavolo", "Ordine", "ID", "Giocatore", "Punti obiettivo",
        "Punti fuori obiettivo", "RisiKo!", "Eliminato", "Penalità", "Armate obiettivo",
        "Armate totali", "Carte", "Territori obiettivo", "Territori fuori",
        # 004 «il coefficiente dei punti potenziali, il valore del proprio esercito»
        "Coefficiente", "Valore esercito", "Punti tavolo", "Posizione", "Punti torneo"]
    assert book.read_table("Classifica").headers == ["Pos", "ID", "Giocatore", "Club",
                                                     "T1", "T2", "Totale"]
    assert set(book.settings()) == {*schema.SETTING_KEYS, *schema.ACTION_KEYS}
    board = book.read_table("Mappa")
    assert len(board) == 42 and sum(board.column("Valore")) == 164


def test_write_read_roundtrip_keeps_user_columns_and_rows(tmp_path):
    path = write_new(tmp_path / "t.xlsx")
    book = OpenpyxlBook(path)
    table = Table.of([{"ID": "7", "Nome": "Anna", "Club": "Eagles", "Note mie": "vegana"},
                      {"ID": "8", "Nome": "Bruno", "Club": None, "Note mie": None}])
    book.write_table("Iscritti", table)
    book.save()
    again = OpenpyxlBook(path).read_table("Iscritti")
    assert again.column("Nome") == ["Anna", "Bruno"]
    assert again.column("Note mie") == ["vegana", None]
    assert [r.sheet_row for r in again] == [2, 3]  # sheet rows, for messages
    # a shorter write clears the old rows
    table.rows = table.rows[:1]
    book.write_table("Iscritti", table)
    assert len(book.read_table("Iscritti")) == 1


def test_formula_like_names_are_stored_as_text(tmp_path):
    path = write_new(tmp_path / "t.xlsx")
    book = OpenpyxlBook(path)
    book.write_table("Iscritti", Table.of([{"ID": "1", "Nome": '=HYPERLINK("http://x")',
                                            "Cognome": "+39", "Nickname": "@me"}]))
    book.save()
    with zipfile.ZipFile(path) as z:
        name = next(n for n in z.namelist() if n.startswith("xl/worksheets/sheet2"))
        xml = z.read(name).decode()
    assert "<f>" not in xml and "HYPERLINK" not in re.findall(r"<f>(.*?)</f>", xml)


def test_save_is_atomic_and_keeps_previous_version(tmp_path):
    path = write_new(tmp_path / "t.xlsx")
    before = digest(path)
    book = OpenpyxlBook(path)
    book.set_setting("Nome torneo", "Castidduzzu")
    book.save()
    assert digest(backup_path(path)) == before
    assert OpenpyxlBook(path).settings()["Nome torneo"] == "Castidduzzu"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp left


def test_not_a_workbook_is_a_clear_error(tmp_path):
    fake = tmp_path / "iscritti.xlsx"
    fake.write_text("ID;Nome\n1;Anna\n", encoding="utf-8")
    with pytest.raises(RisikoError, match=r"(?i)non è una cartella di lavoro"):
        OpenpyxlBook(fake)
    book = OpenpyxlBook(write_new(tmp_path / "t.xlsx"))
    with pytest.raises(RisikoError, match=r"(?i)manca la tabella"):
        book.read_table("Risultatti")


def test_shipped_template_is_current(tmp_path):
    from pathlib import Path

    shipped = Path(__file__).parents[2] / "workbook" / "torneo.xlsx"
    assert digest(shipped) == digest(write_new(tmp_path / "torneo.xlsx"))


def test_saves_keep_the_file_permissions(tmp_path):
    import os
    import stat

    path = write_new(tmp_path / "t.xlsx")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask  # not mkstemp's 0600
    path.chmod(0o640)
    OpenpyxlBook(path).save()
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_formula_and_method_settings_offer_their_lists(tmp_path):
    from openpyxl import load_workbook

    from risiko_xl.formulas import names

    sheet = load_workbook(write_new(tmp_path / "t.xlsx"))["Torneo"]
    lists = {str(v.sqref): v.formula1.strip('"').split(",")
             for v in sheet.data_validations.dataValidation}
    formula_row = schema.SETTING_KEYS.index("Formula") + 2
    assert sorted(lists[f"B{formula_row}"]) == sorted(names())
    assert "millesimi" in lists[f"B{formula_row + 1}"]


def test_xlwings_conf_sheet_points_at_our_worksheet_functions(tmp_path):
    import importlib

    path = tmp_path / "t.xlsx"
    write_new(path, {})
    sheet = load_workbook(path)["xlwings.conf"]
    config = {str(sheet.cell(r, 1).value).upper(): sheet.cell(r, 2).value
              for r in range(1, sheet.max_row + 1)}  # xlwings upper-cases the keys
    module = importlib.import_module(config["UDF MODULES"])
    assert all(callable(getattr(module, name)) for name in dir(module)
               if name.startswith("RISIKO_"))
    assert hasattr(module, "RISIKO_PUNTI_TORNEO")
