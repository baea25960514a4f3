"""The workbook reads and prints well: number formats by scoring method, column widths,
technical sheets hidden, print setup, and the Classifica's columns (issue 15)."""

from __future__ import annotations

import subprocess
from collections import Counter
from fractions import Fraction as F
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter, range_boundaries

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.demo import play_tournament
from risiko_xl.sheets.look import MAX_WIDTH, points_format, save
from risiko_xl.workbooks.template import write_new
from tests.support.lo_print import sheet_pdf
from tests.support.pdf_text import page_texts
from tests.support.programs import need_program

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

USER_SHEETS = ("Torneo", "Iscritti", "Risultati", "Classifica", "Fasi finali", "Sorteggi",
               "Archivio", "Mappa")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Played tournaments by formula: eagles at 20 players (formula a, one drop), the
    club evening lu_castidduzzu at 23 (bonus 50/15/5) and rtu with piazzamento at 16."""
    folder = tmp_path_factory.mktemp("look")
    books = {}
    for formula, players, settings in (
            ("eagles", 20, None), ("lu_castidduzzu", 23, None),
            ("rtu", 16, {"Metodo punteggio": "piazzamento"})):
        path = folder / f"{formula}.xlsx"
        play_tournament(path, formula, players=players, settings=settings)
        books[formula] = path
    return books


def header_cells(sheet, row: int = 1) -> dict[str, int]:
    return {c.value: c.column for c in sheet[row] if c.value is not None}


def formats(path: Path, sheet: str, header: str) -> set[str]:
    ws = load_workbook(path)[sheet]
    column = header_cells(ws)[header]
    return {ws.cell(r, column).number_format for r in range(2, ws.max_row + 1)
            if ws.cell(r, column).value is not None}


# --- 1. number formats follow the scoring method -------------------------------------------

def test_points_format_by_decimals():
    assert [points_format(d) for d in (0, 2, 3)] == ["0", "0.00", "0.000"]


def test_thousandths_show_three_decimals(demo):
    # 001 §7: «giocatore C: vincitore con 48 punti tavolo -> 1,048 punti torneo»
    assert formats(demo, "Classifica", "Totale") == {"0.000"}
    assert formats(demo, "Classifica", "T1") == {"0.000"}
    assert formats(demo, "Risultati", "Punti torneo") == {"0.000"}
    assert formats(demo, "Fasi finali", "Punti torneo") == {"0.000"}
    assert formats(demo, "Risultati", "Punti tavolo") == {"0"}


def test_bonus_method_shows_whole_points(played):
    # 000 Art. 24: «Il vincitore del tavolo sarà premiato con un bonus di 50 punti»: whole
    # points, 150 and never 150,000
    path = played["lu_castidduzzu"]
    for header in ("T1", "Totale"):
        assert formats(path, "Classifica", header) == {"0"}
    assert formats(path, "Risultati", "Punti torneo") == {"0"}


def test_piazzamento_shows_two_decimals(played):
    # 004 «Metodo punti standard»: «+ dei decimali di punto uguali al coefficiente punti
    # potenziali» (hundredths: 150,23)
    path = played["rtu"]
    assert formats(path, "Classifica", "Generale") == {"0.00"}
    assert formats(path, "Risultati", "Punti torneo") == {"0.00"}


def test_counts_are_integers(played):
    # wins, RisiKo! and points outside the objective are counts, never «3,000»
    for header in ("Vittorie", "RisiKo!", "Fuori obiettivo"):
        assert formats(played["eagles"], "Classifica", header) == {"0"}


def test_new_workbook_formats_points_by_its_method(tmp_path):
    from risiko_xl.workbooks.template import formula_settings

    path = write_new(tmp_path / "club.xlsx", formula_settings("lu_castidduzzu"))
    ws = load_workbook(path)["Risultati"]
    column = header_cells(ws)["Punti torneo"]
    assert ws.cell(2, column).number_format == "0"


# --- 2. widths from the content ------------------------------------------------------------

def test_name_columns_fit_real_names(tmp_path):
    path = tmp_path / "t.xlsx"
    play_tournament(path, "master", players=20)
    book = OpenpyxlBook(path)
    frame = book.read_table(schema.PLAYERS.name)
    long_name = "Gaetano Lombardo Santangelo"
    frame.rows[0]["Cognome"] = "Lombardo Santangelo"
    frame.rows[0]["Nome"] = "Gaetano"
    book.write_table(schema.PLAYERS.name, frame)
    from risiko_xl.services.standings_sheet import update_standings

    update_standings(book)
    save(book)
    wb = load_workbook(path)
    for sheet, header in (("Classifica", "Giocatore"), ("Risultati", "Giocatore"),
                          ("Iscritti", "Cognome"), ("Fasi finali", "Giocatore")):
        ws = wb[sheet]
        letter = ws.cell(1, header_cells(ws)[header]).column_letter
        longest = max(len(str(ws.cell(r, header_cells(ws)[header]).value or ""))
                      for r in range(2, ws.max_row + 1))
        assert ws.column_dimensions[letter].width >= longest + 1, (sheet, header)
    ws = wb["Classifica"]
    names = [ws.cell(r, header_cells(ws)["Giocatore"]).value for r in range(2, ws.max_row + 1)]
    assert long_name in names


def test_widths_are_capped(demo):
    ws = load_workbook(demo)["Classifica"]
    assert max(d.width for d in ws.column_dimensions.values()) <= MAX_WIDTH


# --- 3. technical sheets hidden --------------------------------------------------------------

def test_technical_sheets_hidden_user_sheets_visible(demo):
    wb = load_workbook(demo)
    states = {ws.title: ws.sheet_state for ws in wb.worksheets}
    assert states["Calcoli"] == states["xlwings.conf"] == "hidden"
    assert states["Squadre"] == "hidden"  # master has no team championship
    assert states["Archivio"] == "hidden"  # nothing archived: no page of bare headers
    assert all(states[s] == "visible" for s in USER_SHEETS if s != "Archivio")
    assert states["Post"] == "hidden"  # no post written: no page of its note alone


def test_teams_sheet_visible_when_the_formula_has_teams(tmp_path):
    from risiko_xl.workbooks.template import formula_settings

    # 004 CNS: «La classifica finale sarà stilata tenendo conto degli 11 migliori risultati
    # ottenuti da ogni squadra»: Squadre is read at the desk
    path = write_new(tmp_path / "cns.xlsx", formula_settings("cns"))
    assert load_workbook(path)["Squadre"].sheet_state == "visible"
    path = write_new(tmp_path / "master.xlsx", formula_settings("master"))
    assert load_workbook(path)["Squadre"].sheet_state == "hidden"


def test_teams_sheet_shown_again_when_the_formula_changes_to_teams(tmp_path):
    path = write_new(tmp_path / "t.xlsx")  # master: Squadre hidden
    book = OpenpyxlBook(path)
    book.set_setting("Formula", "cns")
    book.set_setting("Metodo punteggio", "")
    save(book)
    assert load_workbook(path)["Squadre"].sheet_state == "visible"


def test_hidden_sheets_are_still_written_and_read(tmp_path):
    """The live formulas go to the hidden `Calcoli`; xlwings reads its hidden conf sheet."""
    from risiko_xl.services.standings_sheet import update_standings

    path = tmp_path / "t.xlsx"
    play_tournament(path, "master", players=20)
    book = OpenpyxlBook(path)
    book.set_setting("Calcolo", "formule")
    update_standings(book)
    save(book)
    wb = load_workbook(path)
    assert wb["Calcoli"].sheet_state == "hidden"
    assert str(wb["Calcoli"]["F3"].value.text).startswith("=RISIKO_CLASSIFICA(")
    assert wb["xlwings.conf"]["A1"].value == "UDF Modules"
    assert OpenpyxlBook(path).read_table("Classifica").rows[0]["Pos"] is not None


# --- 4. print setup ------------------------------------------------------------------------

def test_print_setup_of_every_user_sheet(demo):
    wb = load_workbook(demo)
    for name in USER_SHEETS:
        ws = wb[name]
        assert int(ws.page_setup.paperSize) == int(ws.PAPERSIZE_A4), name
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0), name
        assert ws.sheet_properties.pageSetUpPr.fitToPage, name
        assert ws.print_title_rows == "$1:$1", name  # the header row on every page
    # the chart beside Classifica is not printed: its table is the print area; elsewhere
    # the tables are all the sheet holds, printed as the used range (which follows rows
    # typed after the last save)
    ws = wb["Classifica"]
    last = range_boundaries(ws.tables["Classifica"].ref)
    assert ws.print_area == f"'Classifica'!$A$1:${get_column_letter(last[2])}${last[3]}"
    assert not wb["Iscritti"].print_area
    assert wb["Risultati"].page_setup.orientation == "landscape"
    assert wb["Iscritti"].page_setup.orientation == "portrait"


def test_classifica_landscape_when_wide(played):
    # eagles formula a: T1…T3, Scarto, Generale, Assoluta, chain columns, Qualificazione
    ws = load_workbook(played["eagles"])["Classifica"]
    assert ws.page_setup.orientation == "landscape"


@pytest.mark.libreoffice
def test_classifica_prints_on_the_page_width_with_headers_repeated(demo, tmp_path):
    pdf = sheet_pdf(demo, "Classifica", tmp_path / "pdf")
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    pages = [p for p in pages if p.strip()]
    book = OpenpyxlBook(demo)
    headers = book.read_table("Classifica").headers
    name = str(book.settings()["Nome torneo"])
    assert len(pages) >= 2  # 37 players: more than a page
    # docs/DECISIONI.md: «Intestazioni, piè di pagina e post chiamano il torneo con «Nome torneo»»
    lines = [[line.split() for line in page.splitlines() if line.strip()] for page in pages]
    assert all(page[0] == name.split() for page in lines)  # the page header
    assert all(page[-1][-4:] == ["Pagina", str(n), "di", str(len(pages))]
               for n, page in enumerate(lines, start=1))  # the footer
    first = lines[0][1]
    assert all(h in first for h in headers)  # every column on the page width
    assert lines[1][1][:4] == ["Pos", "ID", "Giocatore", "Club"]


# --- 5. Classifica columns --------------------------------------------------------------------

def test_no_duplicate_total_columns_without_drops(played):
    # 000 Art. 2: «sarà stilata sia la Classifica Generale che la Classifica Assoluta che
    # tengono conto di tutti i punteggi»: the same numbers, shown once
    columns = OpenpyxlBook(played["lu_castidduzzu"]).read_table("Classifica").headers
    assert "Totale" in columns
    assert not {"Generale", "Assoluta", "Scarto"} & set(columns)


def test_dropped_result_named_and_in_parentheses(played):
    # 003 Art. 2: «verranno stilate una classifica con lo scarto del peggiore risultato
    # (Classifica Generale) ed una classifica considerando la somma di tutti i punteggi
    # ottenuti dai singoli giocatori (Classifica Assoluta)»
    path = played["eagles"]
    frame = OpenpyxlBook(path).read_table("Classifica")
    ws = load_workbook(path)["Classifica"]
    cols = header_cells(ws)
    assert frame.headers.index("Scarto") == frame.headers.index("T3") + 1
    for record in frame:
        row = record.sheet_row
        rounds = {f"T{n}": record[f"T{n}"] for n in (1, 2, 3) if record[f"T{n}"] is not None}
        if len(rounds) < 3:
            continue
        worst = min(rounds, key=lambda k: F(str(rounds[k])))
        assert F(str(rounds[record["Scarto"]])) == F(str(rounds[worst]))
        assert F(str(record["Generale"])) == F(str(record["Assoluta"])) - F(str(rounds[worst]))
        for header in rounds:
            fmt = ws.cell(row, cols[header]).number_format
            assert fmt == ("(0.000)" if header == record["Scarto"] else "0.000_)")
            assert isinstance(ws.cell(row, cols[header]).value, (int, float))  # a number


def test_qualification_column_says_how_each_qualified(demo):
    book = OpenpyxlBook(demo)
    standings = {r["ID"]: r["Qualificazione"] for r in book.read_table("Classifica")}
    first: dict = {}
    for r in book.read_table(schema.QUALIFIERS.name):
        first.setdefault(r["ID"], (r["Fase"], r["Qualificazione"]))
    for pid, (phase, reason) in first.items():
        expected = reason if reason.startswith(phase.lower()) else f"{phase.lower()}: {reason}"
        assert standings[pid] == expected
    assert all(how is None for pid, how in standings.items() if pid not in first)


def test_no_qualification_column_before_a_phase_is_decided(tmp_path):
    from risiko_xl import simulate
    from risiko_xl.services.rounds import draw_round
    from risiko_xl.services.standings_sheet import update_standings

    path = tmp_path / "t.xlsx"
    write_new(path, {"Seme sorteggio": "look"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(12, 4, "look"))
    draw_round(book, 1)
    simulate.play(book, 1, "Qualificazione", "look")
    update_standings(book)
    save(book)
    columns = OpenpyxlBook(path).read_table("Classifica").headers
    assert "Totale" in columns and "Qualificazione" not in columns


def test_organisers_own_sheet_keeps_its_print_setup(tmp_path):
    from openpyxl.worksheet.table import Table

    path = write_new(tmp_path / "t.xlsx")
    book = OpenpyxlBook(path)
    mine = book.workbook.create_sheet("Premi")
    mine.append(["Posto", "Premio"])
    mine.append([1, "Coppa"])
    mine.add_table(Table(displayName="Premi", ref="A1:B2"))
    mine.page_setup.orientation = "landscape"
    save(book)
    ws = load_workbook(path)["Premi"]
    assert ws.page_setup.orientation == "landscape" and ws.print_title_rows is None
    assert ws.sheet_state == "visible"


def test_qualification_column_written_by_finali_itself(tmp_path):
    """Seating a phase (`finali`) rewrites Classifica: its Qualificazione column names the
    players just seated, with no other command run."""
    from risiko_xl import simulate
    from risiko_xl.services.finals_sheet import run_finals
    from risiko_xl.services.rounds import draw_round
    from risiko_xl.services.standings_sheet import update_standings

    path = tmp_path / "t.xlsx"
    write_new(path, {"Seme sorteggio": "look"})
    book = OpenpyxlBook(path)
    simulate.register(book, simulate.players(20, 5, "look"))
    for round_no in (1, 2):
        draw_round(book, round_no)
        simulate.play(book, round_no, "Qualificazione", "look")
        update_standings(book)
    run_finals(book)
    save(book)
    book = OpenpyxlBook(path)
    seated = set(book.read_table(schema.QUALIFIERS.name).column("ID"))
    standings = {r["ID"]: r["Qualificazione"] for r in book.read_table("Classifica")}
    assert seated and {pid for pid, how in standings.items() if how} == seated


def test_new_classifica_landscape_with_four_rounds_or_more(tmp_path):
    from risiko_xl.workbooks.template import formula_settings

    club = write_new(tmp_path / "club.xlsx", formula_settings("lu_castidduzzu"))  # T1…T4
    assert load_workbook(club)["Classifica"].page_setup.orientation == "landscape"
    master = write_new(tmp_path / "master.xlsx", formula_settings("master"))  # T1, T2
    assert load_workbook(master)["Classifica"].page_setup.orientation == "portrait"


def test_fasi_finali_prints_each_table_as_its_own_area(demo):
    """Found by an organiser: the qualifiers and the final ranking side by side printed
    at about 4 pt on one page width; each is now its own print area (its own page)."""
    ws = load_workbook(demo)["Fasi finali"]
    refs = sorted(t.ref for t in ws.tables.values())
    assert len(refs) == 2
    areas = [a.replace("'Fasi finali'!", "").replace("$", "") for a in ws.print_area.split(",")]
    assert sorted(areas) == refs


@pytest.mark.parametrize(("formula", "folded"), [
    # 001 §7: ties broken by «punti dei territori fuori obiettivo» and «il colore» only
    ("master", set(schema.ART26) | set(schema.SPQR)),
    # 000 Art. 26: armate, carte, territori — those columns stay; 004's are folded
    ("lu_castidduzzu", set(schema.SPQR)),
    # 004: «il coefficiente dei punti potenziali, il valore del proprio esercito»
    ("rtu", set(schema.ART26)),
])
def test_risultati_folds_the_tie_break_columns_its_regulation_never_reads(tmp_path, formula,
                                                                       folded):
    path = tmp_path / f"{formula}.xlsx"
    play_tournament(path, formula, players=20)
    ws = load_workbook(path)["Risultati"]
    hidden = {h for h, c in header_cells(ws).items()
              if ws.column_dimensions[get_column_letter(c)].hidden}
    assert hidden == folded


# --- Sorteggi: a wrapped text whole on its row ---------------------------------------------

def test_sorteggi_rows_as_tall_as_their_longest_wrapped_text(demo):
    # a row holding several long texts (Impronta, Qualità, Tavoli, Note) is as tall as
    # the one of most lines: never fewer lines than its characters fill at the width
    ws = load_workbook(demo)["Sorteggi"]
    columns = header_cells(ws)
    wrapped = [h for h in ("Impronta", "Qualità", "Tavoli", "Note")
               if ws.column_dimensions[get_column_letter(columns[h])].width >= MAX_WIDTH]
    assert {"Qualità", "Tavoli", "Note"} <= set(wrapped)
    for row in range(2, ws.max_row + 1):
        need = max(sum(-(-len(part) // MAX_WIDTH) or 1 for part in str(
            ws.cell(row, columns[h]).value or "").splitlines() or [""]) for h in wrapped)
        assert ws.row_dimensions[row].height >= 15 * need, row


@pytest.mark.libreoffice
def test_sorteggi_prints_every_word_of_its_long_texts(demo, tmp_path):
    pdf = sheet_pdf(demo, "Sorteggi", tmp_path / "pdf")
    # the cells' lines interleave in the PDF's text, and a word broken at its hyphen
    # loses it: every other character, as many times as typed
    def letters(text: str) -> Counter[str]:
        return Counter(c for c in text if not c.isspace() and c != "-")

    frame = OpenpyxlBook(demo).read_table(schema.DRAWS.name)
    typed = letters("".join(str(v or "") for h in ("Qualità", "Tavoli", "Note")
                            for v in frame.column(h)))
    assert not typed - letters("".join(page_texts(pdf)))


def test_every_cell_of_a_classifica_row_sits_at_the_same_height(demo):
    # printed, «Qualificazione» (wrapped, top) sat a line above the rest of each row
    ws = load_workbook(demo)["Classifica"]
    columns = header_cells(ws)
    wrapped = ws.cell(2, columns["Qualificazione"]).alignment
    assert wrapped.wrap_text
    for row in range(2, ws.max_row + 1):
        assert {(ws.cell(row, c).alignment.vertical or "bottom")
                for c in columns.values()} == {"bottom"}, row


@pytest.mark.libreoffice
def test_the_printed_workbook_has_no_page_of_an_empty_post(demo, tmp_path):
    # the organiser's printed workbook had a page with only the Post sheet's note
    soffice = need_program("soffice", "serve LibreOffice (pacchetto libreoffice-calc-nogui)")
    profile = (tmp_path / "profile").resolve().as_uri()
    subprocess.run([soffice, f"-env:UserInstallation={profile}", "--headless",
                    "--convert-to", "pdf", "--outdir", str(tmp_path), str(demo)],
                   check=True, capture_output=True, timeout=180)
    texts = page_texts(tmp_path / f"{demo.stem}.pdf")
    assert texts and not [t for t in texts if "Post per il forum" in t]
