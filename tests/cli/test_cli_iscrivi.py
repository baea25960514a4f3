"""`risiko-xl iscrivi`: one player in one line, or a list by headers, with the next free
ID in the workbook's style; duplicates, unreadable lists and played rounds refused with
one located line and the file untouched."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import openpyxl
import pytest

from risiko_xl import cli, simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.services.register import next_ids, split_name
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


@pytest.fixture()
def book(tmp_path):
    path = tmp_path / "serata.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "lu_castidduzzu"]) == 0
    return path


def players(path):
    return OpenpyxlBook(path).read_table(schema.PLAYERS.name)


def refused(path, capsys, *args):
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    assert cli.main(["iscrivi", str(path), *args]) == cli.EXIT_BAD_INPUT
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("Errore: ")
    return err


def test_one_player_in_one_line(book, capsys):
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "Mario Rossi", "--club", "Rahal Maut",
                     "--regione", "Sicilia", "--nickname", "Supermario"]) == 0
    # the echo gives the full form, nickname included, as it was registered
    assert capsys.readouterr().out == ("Iscritto G01 Mario “Supermario” Rossi (Rahal Maut) "
                                       "dal turno 1\n")
    row = players(book).rows[0]
    assert (row["ID"], row["Nome"], row["Cognome"], row["Nickname"], row["Club"],
            row["Regione"], row["Stato"], row["Dal turno"]) == (
        "G01", "Mario", "Rossi", "Supermario", "Rahal Maut", "Sicilia", "Attivo", 1)


def test_a_surname_of_more_words(book, capsys):
    assert cli.main(["iscrivi", str(book), "Maria De Luca", "--cognome", "De Luca"]) == 0
    assert cli.main(["iscrivi", str(book), "Gian Maria Volonté", "--cognome",
                     "Volonté"]) == 0
    frame = players(book)
    assert list(zip(frame.column("Nome"), frame.column("Cognome"))) == [("Maria", "De Luca"),
                                                          ("Gian Maria", "Volonté")]
    assert "Iscritto G02 Gian Maria Volonté dal turno 1" in capsys.readouterr().out


def test_split_name():
    assert split_name("  Mario   Rossi ") == ("Mario", "Rossi")
    assert split_name("Maria De Luca") == ("Maria", "De Luca")  # without --cognome
    assert split_name("Maria De Luca", "de luca") == ("Maria", "de luca")
    assert split_name("Cher") == ("Cher", None)
    assert split_name("Maria", "De Luca") == ("Maria", "De Luca")


@pytest.mark.parametrize(("existing", "count", "expected"), [
    ([], 1, ["G01"]),
    ([], 150, ["G001", "G002"]),  # a list of 150 starts three digits wide
    (["G01", "G02", "G23"], 2, ["G24", "G25"]),
    (["G98", "G99"], 2, ["G100", "G101"]),  # widening when needed
    (["G001", "G002"], 1, ["G003"]),
    (["P1", "P2", "P10"], 1, ["P11"]),
    (["G01", "G02", "X9"], 1, ["G03"]),  # the prefix most IDs share
    (["MR", "LB"], 1, ["G01"]),  # no numbered ID: the default style
])
def test_next_free_id_in_the_workbook_style(existing, count, expected):
    assert next_ids(existing, count)[:len(expected)] == expected


def test_next_id_follows_a_registered_list(tmp_path, capsys):
    path = tmp_path / "master.xlsx"
    new_with_players(path, "master", 18, 5, "iscrivi")  # G001 … G018
    capsys.readouterr()
    assert cli.main(["iscrivi", str(path), "Luca Bianchi"]) == 0
    assert capsys.readouterr().out.startswith("Iscritto G019 Luca Bianchi")


def test_a_duplicate_is_refused_unless_forced(book, capsys):
    assert cli.main(["iscrivi", str(book), "Mario Rossi", "--club", "Eagles"]) == 0
    err = refused(book, capsys, "  mario   ROSSI ", "--club", "eagles")
    assert "è già iscritto: Mario Rossi (G01, foglio Iscritti riga 2)" in err and "--forza" in err
    # another club: another person
    assert cli.main(["iscrivi", str(book), "Mario Rossi", "--club", "Gufo"]) == 0
    assert cli.main(["iscrivi", str(book), "Mario Rossi", "--club", "Eagles", "--forza"]) == 0
    assert players(book).column("ID") == ["G01", "G02", "G03"]


def test_late_arrival_defaults_to_the_next_round_not_drawn(book, capsys):
    book_ = OpenpyxlBook(book)
    simulate.register(book_, simulate.players(12, 3, "tardi"))
    book_.save()
    assert cli.main(["sorteggia", str(book)]) == 0
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "Anna Verdi", "--club", "Gufo"]) == 0
    assert capsys.readouterr().out == "Iscritto G013 Anna Verdi (Gufo) dal turno 2\n"
    # round 1 drawn but not played: joining it is allowed, with the way to redraw it
    assert cli.main(["iscrivi", str(book), "Ugo Neri", "--dal-turno", "1"]) == 0
    out = capsys.readouterr().out
    assert "dal turno 1" in out and f"sorteggia {book} --turno 1 --forza" in out
    book_ = OpenpyxlBook(book)
    simulate.play(book_, 1, "Qualificazione", "tardi")
    book_.save()
    err = refused(book, capsys, "Ivo Gialli", "--dal-turno", "1")
    assert "il turno 1 è già giocato" in err and "dal turno 2" in err


def test_nothing_to_register(book, capsys):
    assert "Indicare il giocatore" in refused(book, capsys)
    assert "--da" in refused(book, capsys, "Mario Rossi", "--da", "elenco.csv")


# --- lists ------------------------------------------------------------------------------

def write_csv(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


def test_a_list_with_bom_and_semicolons(book, tmp_path, capsys):
    rows = "\n".join(f"Nome{i};Cognome{i};Club{i % 3};Sicilia" for i in range(1, 24))
    elenco = write_csv(tmp_path / "elenco.csv", "\ufeffNOME;Cognome;club;Regione\n" + rows)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert capsys.readouterr().out == "Iscritti 23 giocatori (G01–G23) da «elenco.csv»\n"
    frame = players(book)
    assert frame.column("ID") == [f"G{i:02d}" for i in range(1, 24)]
    assert frame.column("Cognome")[22] == "Cognome23" and set(frame.column("Stato")) == {
        "Attivo"}


def test_a_list_saved_by_excel_in_italy(book, tmp_path, capsys):
    """cp1252, commas, accented headers and values, an extra column, a blank line."""
    elenco = write_csv(tmp_path / "excel.csv", "Nome,Cognome,Soprannome,Città,Club\r\n"
                       "Nicolò,D'Amico,Peppe,Racalmuto,Rahal Maut\r\n,,,,\r\n"
                       "Zoë,Müller,,Palermo,\r\n", "cp1252")
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == ["Iscritti 2 giocatori (G01–G02) da «excel.csv»",
                                "Colonne ignorate: Città"]
    frame = players(book)
    assert frame.column("Nome") == ["Nicolò", "Zoë"]
    assert frame.column("Nickname") == ["Peppe", None]


def test_one_cp1252_line_in_a_utf8_list_is_named_not_guessed(book, tmp_path, capsys):
    """Issue 26: a line pasted from a cp1252 file into a UTF-8 list. Decoding the whole
    list as cp1252 would turn «Niccolò Sciarrà» (UTF-8: 4E 69 63 63 6F 6C C3 B2 …) into
    «NiccolÃ² SciarrÃ»; the list is refused instead, naming line 3 (the header is line 1),
    whose «è» is the single byte E8 of cp1252, shown as «�»."""
    elenco = tmp_path / "elenco.csv"
    elenco.write_bytes("Nome,Cognome,Club\nNiccolò,Sciarrà,RC Roma\n".encode()
                       + "Nestore,Perè,Il Gufo\n".encode("cp1252"))
    capsys.readouterr()
    assert refused(book, capsys, "--da", str(elenco)) == (
        "Errore: L'elenco «elenco.csv» è scritto in UTF-8, ma la riga 3 non lo è (forse "
        "copiata da un file in un'altra codifica): riscriverla e salvare l'elenco come «CSV "
        "UTF-8»; niente è stato iscritto (valore trovato: 'Nestore,Per\ufffd,Il Gufo')")
    assert players(book).rows == []


def test_a_utf8_list_and_a_cp1252_list_are_each_read_as_what_they_are(book, tmp_path, capsys):
    """The same two players, once in UTF-8 and once in cp1252: the same names."""
    text = "Nome,Cognome,Club\nNiccolò,Sciarrà,RC Roma\nNestore,Perè,Il Gufo\n"
    for encoding in ("utf-8", "cp1252"):
        elenco = write_csv(tmp_path / f"elenco-{encoding}.csv", text, encoding)
        assert cli.main(["iscrivi", str(book), "--da", str(elenco), "--forza"]) == 0
    capsys.readouterr()
    frame = players(book)
    assert list(zip(frame.column("Nome"), frame.column("Cognome"), strict=True)) == [
        ("Niccolò", "Sciarrà"), ("Nestore", "Perè")] * 2


def test_bytes_no_encoding_reads_are_named_by_line(book, tmp_path, capsys):
    """0x81 is neither UTF-8 (a continuation byte alone) nor cp1252 (undefined there)."""
    elenco = tmp_path / "elenco.csv"
    elenco.write_bytes(b"Nome,Cognome\nAda,Neri\nBea,Ro\x81ssi\nCarlo,Bi\x81anchi\n")
    capsys.readouterr()
    assert refused(book, capsys, "--da", str(elenco)) == (
        "Errore: L'elenco «elenco.csv» non è un testo leggibile: le righe 3 e 4 hanno "
        "caratteri che non sono né UTF-8 né Windows (cp1252); salvarlo da Excel come «CSV "
        "UTF-8» (valore trovato: 'Bea,Ro\ufffdssi')")


def test_a_list_in_xlsx_with_ids(book, tmp_path, capsys):
    elenco = tmp_path / "elenco.xlsx"
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["Iscrizioni di stasera"])  # a title row is not the header row
    sheet.append([])
    workbook.remove(sheet)
    sheet = workbook.create_sheet("Elenco")
    for row in (["ID", "Nome", "Cognome", "Club", "Dal turno"], ["A7", "Ada", "Neri", "X", 1],
                [None, "Bruno", "Blu", None, 2]):
        sheet.append(row)
    workbook.save(elenco)
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert capsys.readouterr().out.startswith("Iscritti 2 giocatori (A7–A8)")
    frame = players(book)
    assert frame.column("ID") == ["A7", "A8"] and frame.column("Dal turno") == [1, 2]


@pytest.mark.parametrize(("text", "words"), [
    ("Nome;Cognome\nMario;Rossi\n;Bianchi\n", ("riga 3", "colonna Nome", "manca il nome")),
    ("Nome;Cognome;Dal turno\nMario;Rossi;tre\n", ("riga 2", "colonna Dal turno", "'tre'")),
    ("Nome;Cognome\nMa\x07rio;Rossi\n", ("riga 2", "colonna Nome", "controllo")),
    ("Cognome;Club\nRossi;Eagles\n", ("colonna «Nome»",)),
    ("Nome;Nome\nA;B\n", ("ripetuta",)),
    ("ID;Nome\nG01;Mario\nG01;Luigi\n", ("G01", "ripetuto")),
    ("Nome;Cognome;Club\nMario;Rossi;Eagles\nmario;rossi;EAGLES\n", ("già iscritto", "riga 3")),
    ("", ("vuoto",)),
])
def test_an_unreadable_list_is_refused_whole(book, tmp_path, capsys, text, words):
    elenco = write_csv(tmp_path / "elenco.csv", text)
    err = refused(book, capsys, "--da", str(elenco))
    assert "elenco «elenco.csv»" in err.casefold()
    for word in words:
        assert word in err, (word, err)
    assert not len(players(book))  # nothing half-imported


def test_an_id_taken_in_the_workbook_is_refused(book, tmp_path, capsys):
    assert cli.main(["iscrivi", str(book), "Mario Rossi"]) == 0
    elenco = write_csv(tmp_path / "elenco.csv", "ID;Nome\ng01;Luigi\n")
    err = refused(book, capsys, "--da", str(elenco))
    assert "riga 2" in err and "G01" in err and "Mario Rossi" in err


def test_register_alias_and_the_history_names_iscrivi(book, capsys):
    assert cli.main(["register", str(book), "Mario Rossi"]) == 0
    assert cli.main(["iscrivi", str(book), "Luigi Verdi"]) == 0
    capsys.readouterr()
    assert cli.main(["ripristina", str(book), "--elenco"]) == 0
    assert "risiko-xl iscrivi" in capsys.readouterr().out


def test_the_installed_entry_point(book):
    script = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "risiko-xl"
    if not script.exists():
        pytest.skip("no installed risiko-xl entry point beside the repository")
    done = subprocess.run([str(script), "iscrivi", str(book), "Maria De Luca", "--cognome",
                           "De Luca", "--club", "Eagles"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Iscritto G01 Maria De Luca (Eagles) dal turno 1\n"


# --- what an outside tester typed -------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["Mario\u202eoiraM Neri", "--club", "X"],  # a right-to-left override
    ["Mario\u200fNeri"],  # a right-to-left mark
    ["Mario\tNeri"], ["Mario\nNeri"],
    [""], ["   "],
    ["Mario Rossi", "--cognome", "Ros\nsi\x1b[31mRED"],
    ["Mario Rossi", "--cognome", "Ros\u202esi"],
    ["Mario", "--cognome", ""],
])
def test_every_text_option_is_checked_alike(book, capsys, args):
    """A control or format character, or nothing at all, is refused in one Italian line
    (exit 2), in the name and in --cognome as in --club."""
    err = refused(book, capsys, *args)
    assert "interno" not in err
    assert ("carattere di controllo" in err) or ("è vuoto" in err), err
    assert not len(players(book))


def test_an_empty_region_agrees_in_gender(book, capsys):
    err = refused(book, capsys, "Mario Rossi", "--regione", " ")
    assert "la regione è vuota" in err


def test_a_surname_that_is_not_the_end_of_the_name_is_refused(book, capsys):
    err = refused(book, capsys, "Mario Rossi", "--cognome", "Bianchi")
    assert "«Mario Rossi» non finisce con il cognome «Bianchi»" in err
    assert "«Mario» --cognome «Bianchi»" in err  # how to use it
    with pytest.raises(cli.RisikoError):
        split_name("Mario Rossi", "Bianchi")


def test_more_values_than_headers_are_refused(book, tmp_path, capsys):
    elenco = write_csv(tmp_path / "elenco.csv", "Nome;Cognome;Club\nMario;De;Luca;Club A\n")
    err = refused(book, capsys, "--da", str(elenco))
    assert "elenco «elenco.csv», riga 2, colonna 4" in err.casefold()
    assert "più valori che intestazioni" in err and "'Club A'" in err
    assert not len(players(book))


def test_a_value_under_an_empty_header_is_refused(book, tmp_path, capsys):
    elenco = write_csv(tmp_path / "elenco.csv", "Nome;;Club\nA;X;C\n")
    err = refused(book, capsys, "--da", str(elenco))
    assert "riga 2, colonna 2" in err and "senza intestazione" in err and "'X'" in err
    # an empty column under an empty header loses nothing: accepted
    elenco = write_csv(tmp_path / "elenco.csv", "Nome;;Club\nA;;C\n")
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert players(book).column("Club") == ["C"]


def xlsx(path, sheets, active=None, hidden=()):
    workbook = openpyxl.Workbook()
    workbook.remove(workbook.active)
    for title, rows in sheets.items():
        sheet = workbook.create_sheet(title)
        for row in rows:
            sheet.append(row)
        if title in hidden:
            sheet.sheet_state = "hidden"
    if active is not None:
        workbook.active = list(sheets).index(active)
    workbook.save(path)
    return path


def test_a_hidden_first_sheet_is_not_read(book, tmp_path, capsys):
    elenco = xlsx(tmp_path / "elenco.xlsx", {
        "Vecchio": [["Nome", "Cognome"], ["Vecchio", "Iscritto"]],
        "Iscritti 2026": [["Nome", "Cognome"], ["Ada", "Neri"], ["Bruno", "Blu"]]},
        active="Vecchio", hidden=("Vecchio",))
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    # the hidden sheet's player is not registered, and not dropped in silence either
    assert capsys.readouterr().out == (
        "Iscritti 2 giocatori (G01–G02) da «elenco.xlsx», foglio «Iscritti 2026»\n"
        "Fogli con dati non letti: «Vecchio» (si legge un foglio solo: «elenco.xlsx», "
        "foglio «Iscritti 2026»; per iscrivere i giocatori di un altro foglio renderlo "
        "attivo in Excel)\n")
    assert players(book).column("Nome") == ["Ada", "Bruno"]


def test_the_active_sheet_is_read(book, tmp_path, capsys):
    elenco = xlsx(tmp_path / "elenco.xlsx", {
        "Note": [["Nome"], ["Non io"]], "Giocatori": [["Nome"], ["Ada"], ["Bruno"]]},
        active="Giocatori")
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert players(book).column("Nome") == ["Ada", "Bruno"]


def test_an_empty_sheet_names_the_others(book, tmp_path, capsys):
    elenco = xlsx(tmp_path / "elenco.xlsx", {"Foglio1": [], "Giocatori": [["Nome"], ["Ada"]]},
                  active="Foglio1")
    err = refused(book, capsys, "--da", str(elenco))
    assert "«elenco.xlsx», foglio «Foglio1» è vuoto" in err and "«Giocatori»" in err


def test_an_excel_error_in_the_list_is_refused(book, tmp_path, capsys):
    elenco = xlsx(tmp_path / "elenco.xlsx", {"Elenco": [["Nome", "Club"], ["Ada", "X"],
                                                        ["Bruno", "#N/A"]]})
    err = refused(book, capsys, "--da", str(elenco))
    assert "foglio «Elenco», cella B3" in err and "errore di Excel" in err and "#N/A" in err


@pytest.mark.parametrize("typed", ["G3", "G003", "g0003"])
def test_an_id_differing_only_by_leading_zeros_is_refused(book, tmp_path, capsys, typed):
    elenco = write_csv(tmp_path / "primi.csv", "ID;Nome\nG01;Ada\nG02;Bruno\nG03;Carlo\n")
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    elenco = write_csv(tmp_path / "elenco.csv", f"ID;Nome\nG04;Dino\n{typed};Ezio\n")
    err = refused(book, capsys, "--da", str(elenco))
    assert f"riga 3, colonna ID: ID {typed} si confonde con G03 (Carlo)" in err
    # and within one list
    elenco = write_csv(tmp_path / "elenco.csv", "ID;Nome\nA5;Dino\nA005;Ezio\n")
    assert "ID A005 si confonde con A5" in refused(book, capsys, "--da", str(elenco))


def test_next_ids_skip_a_number_taken_with_other_zeros():
    # «g3» has the letters and number of G03: the next free one is G04
    assert next_ids(["G01", "G02", "g3"], 1) == ["G04"]


def test_a_typographic_apostrophe_is_the_same_name(book, capsys):
    assert cli.main(["iscrivi", str(book), "Nicolò D'Amico", "--club", "Eagles"]) == 0
    err = refused(book, capsys, "Nicolò D\u2019Amico", "--club", "Eagles")
    assert "è già iscritto: Nicolò D'Amico (G01" in err
    for mark in ("\u2018", "`", "\u00b4"):
        assert "già iscritto" in refused(book, capsys, f"Nicolò D{mark}Amico", "--club",
                                         "Eagles")


def test_a_fifo_is_refused_before_opening(book, tmp_path, capsys):
    fifo = tmp_path / "ff.csv"
    os.mkfifo(fifo)
    err = refused(book, capsys, "--da", str(fifo))
    assert "«ff.csv» non è un file" in err
    err = refused(book, capsys, "--da", str(tmp_path))
    assert "non è un file" in err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_utf16_list_is_read(book, tmp_path, capsys, encoding):
    """Excel's «Testo Unicode»: UTF-16 with its BOM, tab-separated."""
    text = "Nome\tCognome\tClub\r\nNicolò\tD'Amico\tRahal Maut\r\n"
    if encoding == "utf-16-be":  # Python writes the BOM only for «utf-16»
        text = "\ufeff" + text
    elenco = write_csv(tmp_path / "elenco.csv", text, encoding)
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    row = players(book).rows[0]
    assert (row["Nome"], row["Cognome"], row["Club"]) == ("Nicolò", "D'Amico", "Rahal Maut")


def test_an_excel_file_named_csv_is_said_so(book, tmp_path, capsys):
    elenco = xlsx(tmp_path / "elenco.xlsx", {"Elenco": [["Nome"], ["Ada"]]})
    renamed = tmp_path / "elenco.csv"
    elenco.rename(renamed)
    err = refused(book, capsys, "--da", str(renamed))
    assert "«elenco.csv» è un file Excel" in err and "elenco.xlsx" in err
    assert err.isprintable()


def test_excel_sep_line_is_honoured(book, tmp_path, capsys):
    elenco = write_csv(tmp_path / "elenco.csv", "sep=;\nNome;Cognome;Club\nAda;Neri;Uno, Due\n"
                       "Bruno;Blu;Tre\n")
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert players(book).column("Club") == ["Uno, Due", "Tre"]
    # rows keep their numbers in messages: the header is line 2
    elenco = write_csv(tmp_path / "altro.csv", "sep=;\nNome;Cognome\n;Rossi\n")
    assert "riga 3" in refused(book, capsys, "--da", str(elenco))


def test_ids_of_a_list_in_any_order(book, tmp_path, capsys):
    elenco = write_csv(tmp_path / "elenco.csv", "ID;Nome\nG11;Ada\nG12;Bruno\nG10;Carlo\n")
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert capsys.readouterr().out.startswith("Iscritti 3 giocatori (G10–G12)")
    elenco = write_csv(tmp_path / "altri.csv", "ID;Nome\nG20;Dino\nG22;Ezio\n")
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert capsys.readouterr().out.startswith("Iscritti 2 giocatori (G20, G22)")


def drawn_book(book, players_count=12):
    book_ = OpenpyxlBook(book)
    simulate.register(book_, simulate.players(players_count, 3, "tardi"))
    book_.save()
    assert cli.main(["sorteggia", str(book)]) == 0


def test_a_late_list_names_who_the_drawn_round_lacks(book, tmp_path, capsys):
    drawn_book(book)
    elenco = write_csv(tmp_path / "elenco.csv", "Nome;Cognome;Dal turno\nAnna;Verdi;1\n"
                       "Ugo;Neri;1\nIvo;Gialli;2\n")
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    out = capsys.readouterr().out
    assert ("il turno 1 è già sorteggiato senza questi giocatori: G013 Anna Verdi, "
            "G014 Ugo Neri;") in out
    assert "Ivo" not in out


def test_no_round_left_says_how_to_join_the_last(tmp_path, capsys):
    """Once every preliminary round is drawn there is no next round to join."""
    path = tmp_path / "master.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "master"]) == 0
    book_ = OpenpyxlBook(path)
    simulate.register(book_, simulate.players(16, 4, "tardi"))
    book_.save()
    from risiko_xl.tournament.loading import load

    rounds = load(OpenpyxlBook(path)).formula.standings.rounds
    for round_no in range(1, rounds + 1):
        assert cli.main(["sorteggia", str(path)]) == 0
        if round_no < rounds:
            book_ = OpenpyxlBook(path)
            simulate.play(book_, round_no, "Qualificazione", "tardi")
            book_.save()
    capsys.readouterr()
    err = refused(path, capsys, "Anna Verdi")
    assert f"i {rounds} turni preliminari sono già tutti sorteggiati" in err
    assert f"--dal-turno {rounds}" in err and f"sorteggia --turno {rounds} --forza" in err
    assert "valore trovato" not in err  # nobody typed a round


def test_a_quoted_nickname_is_quoted_once(book, capsys):
    from risiko_xl.names import player_name

    # quotes around the nickname give way to ours; those inside are kept as typed
    assert player_name("Mario", "Rossi", "\u201cIl\u201d \"Duca\"") == (
        "Mario \u201cIl\u201d \"Duca\u201d Rossi")
    assert player_name("A", "B", '=HYPERLINK("http://x","y")') == (
        'A \u201c=HYPERLINK("http://x","y")\u201d B')
    assert player_name("Mario", "Rossi", "«Il Duca»") == "Mario \u201cIl Duca\u201d Rossi"
    assert player_name("Mario", "Rossi", "'Pe'") == "Mario \u201c'Pe'\u201d Rossi"


def test_a_list_of_one_names_where_it_was_read(book, tmp_path, capsys):
    elenco = xlsx(tmp_path / "elenco.xlsx", {"Stasera": [["Nome", "Club"], ["Ada", "X"]]})
    capsys.readouterr()
    assert cli.main(["iscrivi", str(book), "--da", str(elenco)]) == 0
    assert capsys.readouterr().out == ("Iscritto G01 Ada (X) dal turno 1 da «elenco.xlsx», "
                                       "foglio «Stasera»\n")


@pytest.mark.parametrize(("typed", "shown"), [("A,B", "«,»"), ("X | Y", "«|»"), ("3: Z", "«:»")])
def test_an_id_holding_a_separator_of_the_tables_record_is_refused(book, tmp_path, capsys,
                                                                   typed, shown):
    # the Sorteggi record «1: G01, G02 | 2: …» could not be read back with such an ID
    elenco = write_csv(tmp_path / "elenco.csv", f"ID,Nome,Cognome\nG01,Ada,Neri\n"
                                                f"\"{typed}\",Bruno,Verdi\n")
    err = refused(book, capsys, "--da", str(elenco))
    assert err.startswith("Errore: Elenco «elenco.csv», riga 3, colonna ID: ")
    assert f"non può contenere {shown}" in err and repr(typed) in err


def test_a_club_beginning_with_a_dash_says_how_to_type_it(book, capsys):
    # argparse takes «-X» for an option: the message says how to write it, and that works
    err = refused(book, capsys, "Mario Rossi", "--club", "-X")
    assert "--club=-X" in err and "(valore trovato: '-X')" in err
    assert cli.main(["iscrivi", str(book), "Mario Rossi", "--club=-X"]) == 0
    assert players(book).column("Club") == ["-X"]


def test_a_name_longer_than_a_cell_is_refused_before_anything_is_written(book, tmp_path,
                                                                         capsys):
    # found by the adversary of issue 26: Nome 1,000 + Cognome 32,000 characters, each
    # under Excel's 32,767 of a cell, make a «Giocatore» of 33,001 that Risultati and
    # Classifica cannot hold whole; `classifica` then wrote a cut name `verifica` reported
    listed = tmp_path / "elenco.csv"
    listed.write_text("Nome,Cognome,Club\n" + "A" * 1000 + "," + "B" * 32_000 + ",K1\n"
                      "Anna,Rossi,K2\n", encoding="utf-8")
    err = refused(book, capsys, "--da", str(listed))
    assert "riga 2" in err and "colonna Cognome" in err and "33001 caratteri" in err
    assert "32767" in err and len(players(book)) == 0
    # typed straight into Iscritti: every command refuses it naming the row
    wb = openpyxl.load_workbook(book)
    ws = wb["Iscritti"]
    ws.append(["G01", "A" * 1000, "B" * 32_000])
    wb.save(book)
    assert cli.main(["sorteggia", str(book)]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "Foglio Iscritti, riga 2, colonna Cognome" in err and "33001 caratteri" in err


def test_the_sheets_not_read_are_named(book, tmp_path, capsys):
    # found by the adversary of issue 26: the players of a second sheet, or of a hidden
    # first sheet behind the active one, were left out without a word
    wb = openpyxl.Workbook()
    first = wb.active
    first.title = "Elenco"
    first.append(["Nome", "Cognome", "Club"])
    first.append(["Anna", "Rossi", "K1"])
    other = wb.create_sheet("Altri")
    other.append(["Nome", "Cognome", "Club"])
    other.append(["Bruno", "Verdi", "K2"])
    wb.create_sheet("Vuoto")
    listed = tmp_path / "elenco.xlsx"
    wb.save(listed)
    assert cli.main(["iscrivi", str(book), "--da", str(listed)]) == 0
    out = capsys.readouterr().out
    assert "Fogli con dati non letti: «Altri»" in out and "Vuoto" not in out
    assert [r["Nome"] for r in players(book)] == ["Anna"]


def test_an_emoji_counts_two_of_a_cells_characters(book, tmp_path, capsys):
    # found by the adversary of issue 28: a nickname of 20,000 emoji passed the check of
    # 32,767 characters, but Excel counts UTF-16 units, and an emoji is two of them
    listed = tmp_path / "elenco.csv"
    listed.write_text("Nome,Cognome,Nickname,Club\nAnna,Rossi," + "🎲" * 20_000 + ",K1\n",
                      encoding="utf-8")
    err = refused(book, capsys, "--da", str(listed))
    assert "riga 2" in err and "colonna Nickname" in err and "40000 caratteri" in err
    assert len(players(book)) == 0


def test_a_list_brings_the_email_the_birth_date_and_the_national_id(book, tmp_path, capsys):
    """The organiser's: «Colonne ignorate: Email, Data di nascita, ID nazionale» — the very
    columns `chiudi` asks for and the season matches players by. They go into Iscritti,
    the columns added where the table lacks them."""
    listed = tmp_path / "soci.csv"
    listed.write_text("Nome,Cognome,Club,E-mail,Data di nascita,ID nazionale\n"
                      "Mario,Rossi,Il Gufo,mario@club.it,01/02/1980,5001\n"
                      "Luca,Bianchi,Il Gufo,,03/04/1985,\n", encoding="utf-8")
    assert cli.main(["iscrivi", str(book), "--da", str(listed)]) == 0
    assert "ignorate" not in capsys.readouterr().out
    table = OpenpyxlBook(book).read_table(schema.PLAYERS.name)
    rossi = next(r for r in table if r["Cognome"] == "Rossi")
    assert (rossi["Email"], rossi["ID nazionale"]) == ("mario@club.it", "5001")
    assert rossi["Data di nascita"].date().isoformat() == "1980-02-01"
    wrong = tmp_path / "sbagliato.csv"
    wrong.write_text("Nome,Data di nascita\nAnna,31/02/1990\n", encoding="utf-8")
    assert cli.main(["iscrivi", str(book), "--da", str(wrong)]) == cli.EXIT_BAD_INPUT
    assert "colonna Data di nascita: non è una data (gg/mm/aaaa)" in capsys.readouterr().err
