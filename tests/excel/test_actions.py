"""The ribbon's actions and `XlwingsBook`, on a real xlwings Book (xlwings' remote engine,
see `excel_standin`): same workbook as the CLI, messages instead of tracebacks, questions
before destructive steps, the Post sheet, the referti PDF, the xlwings API subset."""

from __future__ import annotations

import copy
import datetime as dt
import inspect
import time

import pytest

from risiko_xl import actions, simulate
from risiko_xl.books.charts import STANDINGS_TITLE, ChartSpec
from risiko_xl.books.excel_text import excel_value, needs_prefix
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.books.table import Table
from risiko_xl.books.xlwings_book import XlwingsBook
from risiko_xl.demo import DEMO_SEED, DEMO_SETTINGS
from risiko_xl.errors import RisikoError
from risiko_xl.excel import button_runner, buttons
from risiko_xl.excel.ribbon import BUTTONS
from risiko_xl.services import standings_sheet
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.workbooks.template import formula_settings, write_new
from tests.support.excel_standin import ExcelStandIn, FormulaWritten, Guarded, excel_entry
from tests.support.frames import book_differences, differences, norm
from tests.support.publishing import publish

pytestmark = pytest.mark.lento  # the ribbon on an xlwings stand-in



@pytest.fixture
def excel(tmp_path, monkeypatch):
    """make(players=0, settings=None) → an ExcelStandIn on a new demo-settings workbook."""

    def make(players: int = 0, settings: dict | None = None, name: str = "torneo.xlsx"):
        path = write_new(tmp_path / name, {**formula_settings("master"), **DEMO_SETTINGS,
                                           **(settings or {})})
        return ExcelStandIn.with_players(path, monkeypatch, players)

    return make


def funcs(batch) -> list[str]:
    return [action["func"] for action in batch]


def last(stand_in: ExcelStandIn):
    return stand_in.alerts[-1]


def play_round(stand_in: ExcelStandIn, round_no: int, phase: str = QUALIFYING) -> None:
    with stand_in.session() as xl:
        simulate.play(xl, round_no, phase, DEMO_SEED)


# --- the buttons --------------------------------------------------------------------------

def test_every_button_has_an_action_callable_without_arguments():
    for button in BUTTONS:
        action = getattr(actions, button.action)
        assert callable(action)
        assert not inspect.signature(action).parameters, button.action


def test_remote_book_is_a_real_xlwings_book(excel):
    stand_in = excel()
    book = stand_in.book()
    import xlwings as xw

    assert isinstance(book, xw.Book) and book.app.engine.name == "remote"
    assert XlwingsBook(book).table_names() == OpenpyxlBook(stand_in.path).table_names()


# --- the demo: actions on Excel = CLI on the file ---------------------------------------

def play_demo_with_actions(stand_in: ExcelStandIn) -> None:
    """`demo.play_tournament`, with each service call replaced by its ribbon button."""
    rows = simulate.players(37, 9, DEMO_SEED)
    rows[-1]["Dal turno"] = 2
    with stand_in.session() as xl:
        simulate.register(xl, rows)
    for round_no in (1, 2):
        stand_in.run(actions.sorteggia_turno)
        play_round(stand_in, round_no)
        stand_in.run(actions.aggiorna_classifica)
        assert last(stand_in).mode == "info", last(stand_in).prompt
    with stand_in.session() as xl:
        leaving = xl.read_table("Classifica").rows[4]["ID"]
        row = next(r.sheet_row for r in xl.read_table("Iscritti") if r["ID"] == leaving)
    stand_in.select("Iscritti", f"C{row}")
    stand_in.answers.append("yes")
    stand_in.run(actions.ritira_giocatore)
    assert "Ritiro registrato" in last(stand_in).prompt
    stand_in.run(actions.aggiorna_classifica)
    for _ in range(6):
        stand_in.run(actions.fasi_finali)
        assert last(stand_in).mode == "info", last(stand_in).prompt
        if not stand_in.play_next_phase():
            break
    stand_in.run(actions.aggiorna_classifica)
    assert "Finale completa (turno 4): la classifica finale è nel foglio «Fasi finali» " \
        "(se un risultato cambia, di nuovo «Fasi finali»)" in last(stand_in).prompt


def test_demo_through_the_actions_gives_the_cli_workbook(excel, demo):
    stand_in = excel()
    play_demo_with_actions(stand_in)
    stand_in.run(actions.verifica)
    assert "nessuna differenza" in last(stand_in).prompt
    cli = OpenpyxlBook(demo)
    xl = XlwingsBook(stand_in.book())
    assert book_differences(cli, xl) == []
    # 37 players, one withdrawn after playing: 001 §7 ranks «dal 5° … posto a seguire in
    # base alla somma dei singoli punti-torneo ottenuti nelle partite giocate», his too
    assert len(xl.read_table("ClassificaFinale")) == 37
    assert xl.read_table("Iscritti").column("Stato").count("Ritirato") == 1
    charts = stand_in.sheet("Classifica")["charts"]
    assert [c["name"] for c in charts] == [STANDINGS_TITLE]
    assert stand_in.saves >= 10


# --- the book interface: XlwingsBook = OpenpyxlBook ---------------------------------------

TRICKY = Table.of([
    {"ID": "007", "Nome": '=HYPERLINK("http://x")', "Cognome": "+39", "Nickname": "@me",
     "Club": "21/11/2026 21:00:00", "Regione": "1-2", "Stato": "TRUE", "Dal turno": 2,
     "Quota": 5.5, "Note mie": "'citato"},
    {"ID": "G002", "Nome": "Anna", "Cognome": "-", "Nickname": "#tag", "Club": "3 mar",
     "Regione": None, "Stato": None, "Dal turno": 1, "Quota": None,
     "Note mie": "2026-01-01"},
    {"ID": "G003", "Nome": "Marzo 3", "Cognome": "De Luca", "Nickname": "", "Club": "Eagles 2",
     "Regione": "Lazio", "Stato": "Attivo", "Dal turno": 1.0, "Quota": dt.datetime(2026, 1, 2),
     "Note mie": "1e5"},
])


def book_operations(book) -> None:
    """Writes exercising every rule of `write_table` / `set_setting`."""
    book.write_table("Iscritti", TRICKY)
    players = book.read_table("Iscritti")
    players.append(TRICKY.rows[0].values)
    book.write_table("Iscritti", players)
    book.write_table("Risultati", Table.of([{"Turno": 1, "ID": "G002"}] * 5))
    book.write_table("Risultati", Table.of([{"Turno": 2, "ID": "G003", "Extra": "x"}]))
    book.write_table("Classifica", Table.of([{"Pos": 1, "ID": "G002", "T1": 1.5}]),
                     replace_headers=True)
    book.write_table("Qualificati", Table(["Fase"]))
    book.set_setting("Nome torneo", "=Castidduzzu")
    book.set_setting("Turno da pubblicare", 2)
    book.write_table("Squadre", Table.of([{"Pos": 1, "Squadra": "A"}]), replace_headers=True)
    book.write_table("Squadre", Table.of([{"Pos": 1, "Squadra": "A", "Nuova": 3}] * 3),
                     replace_headers=True)


def test_xlwings_book_reads_and_writes_like_the_file_book(excel, tmp_path):
    stand_in = excel()
    file_book = OpenpyxlBook(stand_in.path)
    book_operations(file_book)
    with stand_in.session() as xl:
        book_operations(xl)
        for name in file_book.table_names():  # read-after-write in one action
            assert differences(file_book.read_table(name), xl.read_table(name)) == [], name
            where = [(t.sheet, t.header_row, t.name)
                     for t in (xl.read_table(name), file_book.read_table(name))]
            assert where[0] == where[1]
    file_book.save()
    saved, xl = OpenpyxlBook(stand_in.path), XlwingsBook(stand_in.book())
    for name in saved.table_names():  # and in Excel afterwards
        assert differences(saved.read_table(name), xl.read_table(name)) == [], name
    assert {k: norm(v) for k, v in xl.settings().items()} == {
        k: norm(v) for k, v in saved.settings().items()}
    assert xl.read_table("Iscritti").by_sheet_row()[2]["Nome"] == '=HYPERLINK("http://x")'


def test_missing_table_is_the_same_error(excel):
    stand_in = excel()
    with pytest.raises(RisikoError) as from_file:
        OpenpyxlBook(stand_in.path).read_table("Nessuna")
    with pytest.raises(RisikoError) as from_excel:
        XlwingsBook(stand_in.book()).read_table("Nessuna")
    assert str(from_excel.value) == str(from_file.value)


def test_text_excel_would_convert_is_written_with_the_text_prefix():
    for text in ("=1+1", "+39", "-", "@me", "#N/A", "'x", "007", "1,5", "21/11/2026 21:00:00",
                 "2026-01-01", "3 mar", "Marzo 3", "1e5", "9 pm", "TRUE", "falso", " 12 ",
                 "3="):
        assert needs_prefix(text), text
        assert excel_entry(excel_value(text)) == text, text
    for text in ("G001", "Eagles Roma 2", "demo-2026", "T1", "Anna", "1: G001, G002 | 2: G003",
                 "Pos. classifica"):
        assert excel_value(text) == text and excel_entry(text) == text, text
    with pytest.raises(FormulaWritten):
        excel_entry("=1+1")  # what the prefix prevents
    assert excel_value("") is None and excel_value(None) is None


def test_one_read_and_one_write_per_table_and_fast_with_400_players(excel, monkeypatch):
    stand_in = excel(players=400)
    reads: list[tuple] = []
    original = stand_in.module.Range.raw_value

    def counted(rng):
        reads.append((rng.sheet.name, rng.arg1, rng.arg2))
        return original.fget(rng)

    monkeypatch.setattr(stand_in.module.Range, "raw_value",
                        property(counted, original.fset))
    start = time.perf_counter()
    drawn = stand_in.run(actions.sorteggia_turno)
    play_round(stand_in, 1)
    reads.clear()
    standings = stand_in.run(actions.aggiorna_classifica)
    elapsed = time.perf_counter() - start
    assert last(stand_in).mode == "info", last(stand_in).prompt
    for batch in (drawn, standings):
        written = [(a["sheet_position"], a["start_row"], a["start_column"]) for a in batch
                   if a["func"] == "setValues"]
        assert len(written) == len(set(written))  # one block per table (one table a sheet)
    assert sorted(reads) == sorted(set(reads))  # each table read once
    # Risultati, Classifica, Sorteggi and the note on Calcoli (values: no formulas there)
    assert funcs(drawn).count("setValues") == 4
    assert elapsed < 20


def test_only_the_documented_xlwings_subset_is_used(excel, monkeypatch):
    stand_in = excel(players=12)
    violations: list[str] = []
    guarded = lambda book: Guarded(book, violations)  # noqa: E731
    monkeypatch.setattr(buttons, "open_file", lambda path: True)
    monkeypatch.setattr("pyperclip.copy", lambda text: None)
    stand_in.run(actions.sorteggia_turno, guarded)
    play_round(stand_in, 1)
    stand_in.run(actions.aggiorna_classifica, guarded)
    stand_in.run(actions.aggiorna_classifica, guarded)  # replaces the chart
    stand_in.run(actions.post_forum, guarded)
    stand_in.run(actions.stampa_referti, guarded)
    stand_in.run(actions.verifica, guarded)
    stand_in.select("Iscritti", "B3")
    stand_in.answers.append("yes")
    stand_in.run(actions.ritira_giocatore, guarded)
    assert violations == []
    assert [a.prompt for a in stand_in.alerts if a.mode == "critical"] == []
    with pytest.raises(AttributeError):
        Guarded(stand_in.book(), violations).api  # noqa: B018
    assert violations == ["Book.api"]


# --- charts -------------------------------------------------------------------------------

def test_chart_replaces_the_one_the_cli_drew_and_is_removed_when_empty(tmp_path, monkeypatch):
    path = write_new(tmp_path / "cli.xlsx", {**formula_settings("master"), **DEMO_SETTINGS})
    file_book = OpenpyxlBook(path)
    simulate.register(file_book, simulate.players(12, 9, DEMO_SEED))
    for round_no in (1, 2):  # the chart is drawn from two rounds with results
        draw_round(file_book, round_no)
        simulate.play(file_book, round_no, QUALIFYING, DEMO_SEED)
    update_standings(file_book)
    file_book.save()
    from_cli = ExcelStandIn(path, monkeypatch)
    assert [c["name"] for c in from_cli.sheet("Classifica")["charts"]] == ["Chart 1"]
    from_cli.run(actions.aggiorna_classifica)
    charts = from_cli.sheet("Classifica")["charts"]
    assert [(c["name"], c["title"], c["chart_type"]) for c in charts] == [
        (STANDINGS_TITLE, STANDINGS_TITLE, "BarStacked")]
    drawn = charts[0]["standin"]
    assert drawn["source"] == "Classifica!E1:F11" and drawn["x_values"] == "Classifica!C2:C11"
    assert drawn["anchor"] == "J1" and drawn["plot_by"] == "Columns"
    assert drawn["axes"]["category"]["reverse_order"] is True
    with from_cli.session() as xl:
        xl.set_chart(ChartSpec(STANDINGS_TITLE, "Classifica", "Giocatore", (), 0))
    assert from_cli.sheet("Classifica")["charts"] == []


def test_chart_errors_are_located(excel):
    xl = XlwingsBook(excel().book())
    with pytest.raises(RisikoError, match=r"colonna «T9».*Classifica"):
        xl.set_chart(ChartSpec("x", "Classifica", "Giocatore", ("T9",), 3))
    with pytest.raises(RisikoError, match="grafico non previsto"):
        xl.set_chart(ChartSpec("x", "Classifica", "Giocatore", ("T1",), 3, kind="torta"))
    assert not xl.pending


# --- errors, questions, status bar -------------------------------------------------------

def test_a_located_error_is_a_message_and_nothing_is_written(excel):
    stand_in = excel()
    before = copy.deepcopy(stand_in.payload)
    batch = stand_in.run(actions.sorteggia_turno)
    alert = last(stand_in)
    assert alert.mode == "critical" and alert.title == "RisiKo!"
    assert "Foglio Iscritti, colonna Stato: servono almeno 3 giocatori" in alert.prompt
    assert "Traceback" not in alert.prompt
    assert funcs(batch) == [] and stand_in.payload == before


def test_a_bad_cell_is_named_by_sheet_row_and_column(excel):
    stand_in = excel(players=8)
    stand_in.run(actions.sorteggia_turno)
    with stand_in.session() as xl:
        frame = xl.read_table("Risultati")
        frame.rows[2]["Punti obiettivo"] = "tanti"
        xl.write_table("Risultati", frame)
    batch = stand_in.run(actions.aggiorna_classifica)
    prompt = last(stand_in).prompt
    assert "Foglio Risultati" in prompt and "riga 4" in prompt
    assert "colonna Punti obiettivo" in prompt and "'tanti'" in prompt
    assert funcs(batch) == []


def test_an_internal_error_is_a_message_and_the_details_go_to_a_log(excel, monkeypatch):
    stand_in = excel(players=8)

    def broken(book, now=None, finals=None):
        book.write_table("Classifica", Table.of([{"Pos": 1}]))
        raise KeyError("colonna sparita")

    monkeypatch.setattr(standings_sheet, "update_standings", broken)
    batch = stand_in.run(actions.aggiorna_classifica)
    prompt = last(stand_in).prompt
    assert prompt.startswith("Errore interno durante «Aggiorna classifica» (KeyError")
    assert "non è stata modificata" in prompt and "Traceback" not in prompt
    log = stand_in.path.parent / button_runner.LOG_NAME
    assert str(log) in prompt and "Traceback" in log.read_text(encoding="utf-8")
    assert funcs(batch) == []


def test_redraw_over_typed_results_asks_first(excel):
    stand_in = excel(players=10)
    stand_in.run(actions.sorteggia_turno)
    play_round(stand_in, 1)
    with stand_in.session() as xl:
        xl.set_setting(actions.ROUND_TO_DRAW, 1)
    before = copy.deepcopy(stand_in.payload)
    stand_in.answers.append("no")
    batch = stand_in.run(actions.sorteggia_turno)
    question = stand_in.alerts[-2]
    assert question.buttons == "yes_no" and "ha già 10 risultati inseriti" in question.prompt
    assert funcs(batch) == [] and stand_in.payload == before
    assert "Nessuna modifica" in last(stand_in).prompt
    stand_in.answers.append("yes")
    stand_in.run(actions.sorteggia_turno)
    assert "10 righe del sorteggio precedente" in last(stand_in).prompt
    xl = XlwingsBook(stand_in.book())
    assert len(xl.read_table("Archivio")) == 10 and len(xl.read_table("Sorteggi")) == 2
    assert xl.settings()[actions.ROUND_TO_DRAW] is None
    assert set(xl.read_table("Risultati").column("Punti obiettivo")) == {None}


def test_without_an_answer_xlwings_server_style_nothing_is_redrawn(excel, monkeypatch):
    stand_in = excel(players=10)
    stand_in.run(actions.sorteggia_turno)
    with stand_in.session() as xl:
        xl.set_setting(actions.ROUND_TO_DRAW, 1)
    before = copy.deepcopy(stand_in.payload)
    stand_in.real_alerts()  # the remote App.alert: queued for the client, no answer
    batch = stand_in.run(actions.sorteggia_turno)
    assert [a["args"][2] for a in batch if a["func"] == "alert"] == ["yes_no", "ok"]
    assert [f for f in funcs(batch) if f != "alert"] == [] and stand_in.payload == before


def test_status_bar_shows_progress_and_is_given_back(excel):
    stand_in = excel(players=8)
    stand_in.patch_status()
    stand_in.run(actions.sorteggia_turno)
    assert stand_in.statuses == ["RisiKo!: Sorteggia turno…",
                                 "RisiKo!: Sorteggia turno, scrittura nella cartella di lavoro…",
                                 "RisiKo!: Sorteggia turno, salvataggio…", False]


def test_a_failed_save_keeps_the_changes_and_says_so(excel, monkeypatch):
    stand_in = excel(players=8)

    def read_only(book, path=None, password=None):
        raise OSError("file di sola lettura")

    monkeypatch.setattr(stand_in.module.Book, "save", read_only)
    batch = stand_in.run(actions.sorteggia_turno)
    alert = last(stand_in)
    assert alert.mode == "critical" and alert.prompt.startswith("Turno 1: 8 giocatori")
    assert "non è stata salvata (file di sola lettura): salvarla a mano" in alert.prompt
    assert "setValues" in funcs(batch) and stand_in.saves == 0


# --- Ritira giocatore, Nuovo torneo -------------------------------------------------------

def state_of(stand_in: ExcelStandIn, pid: str):
    frame = XlwingsBook(stand_in.book()).read_table("Iscritti")
    return next(r["Stato"] for r in frame if r["ID"] == pid)


def test_withdraw_takes_the_active_row_and_asks(excel):
    stand_in = excel(players=8)
    stand_in.select("Iscritti", "D6")  # row 6 = fifth player
    stand_in.answers.append("no")
    assert funcs(stand_in.run(actions.ritira_giocatore)) == []
    assert "G005" in stand_in.alerts[-2].prompt and state_of(stand_in, "G005") == "Attivo"
    stand_in.answers.append("yes")
    stand_in.run(actions.ritira_giocatore)
    assert state_of(stand_in, "G005") == "Ritirato" and stand_in.saves == 1


def test_withdraw_falls_back_to_the_setting_then_explains(excel):
    stand_in = excel(players=8)
    stand_in.select("Torneo", "A1")
    stand_in.run(actions.ritira_giocatore)
    assert last(stand_in).mode == "critical"
    assert "«Giocatore da ritirare»" in last(stand_in).prompt
    with stand_in.session() as xl:
        xl.set_setting(actions.PLAYER_TO_WITHDRAW, "G007")
    stand_in.answers.append("yes")
    stand_in.run(actions.ritira_giocatore)
    assert state_of(stand_in, "G007") == "Ritirato"
    assert XlwingsBook(stand_in.book()).settings()[actions.PLAYER_TO_WITHDRAW] is None


def test_withdraw_from_the_setting_matches_the_id_in_any_case(excel):
    stand_in = excel(players=8)
    stand_in.select("Torneo", "A1")
    with stand_in.session() as xl:
        xl.set_setting(actions.PLAYER_TO_WITHDRAW, " g006 ")
    stand_in.answers.append("yes")
    stand_in.run(actions.ritira_giocatore)
    assert "(G006)" in stand_in.alerts[-2].prompt and state_of(stand_in, "G006") == "Ritirato"


def test_new_tournament_sets_up_the_chosen_formula(excel):
    stand_in = excel(settings={"Turni preliminari": 5, "Metodo punteggio": "bonus_50_15_5"})
    stand_in.answers.append("yes")
    stand_in.run(actions.nuovo_torneo)
    assert "formula «master»" in last(stand_in).prompt
    settings = XlwingsBook(stand_in.book()).settings()
    assert settings["Turni preliminari"] == formula_settings("master")["Turni preliminari"]
    assert settings["Metodo punteggio"] == "millesimi" and stand_in.saves == 1


def test_new_tournament_refuses_a_workbook_with_results(excel):
    stand_in = excel(players=8)
    stand_in.run(actions.sorteggia_turno)
    before = copy.deepcopy(stand_in.payload)
    stand_in.run(actions.nuovo_torneo)
    assert last(stand_in).mode == "critical" and "contiene già un torneo" in last(stand_in).prompt
    assert stand_in.payload == before


# --- Pubblica -----------------------------------------------------------------------------

def test_post_goes_to_the_post_sheet_and_the_clipboard(excel, monkeypatch):
    stand_in = excel(players=12)
    stand_in.run(actions.sorteggia_turno)
    play_round(stand_in, 1)
    stand_in.run(actions.aggiorna_classifica)
    copied: list[str] = []
    monkeypatch.setattr("pyperclip.copy", copied.append)
    stand_in.payload["sheets"] = [s for s in stand_in.payload["sheets"] if s["name"] != "Post"]
    stand_in.run(actions.post_forum)
    assert "copiato negli appunti" in last(stand_in).prompt
    assert stand_in.payload["sheets"][-1]["name"] == "Post"  # created, at the end
    (text,) = copied
    assert text.startswith("[SIZE=4][B]Torneo dimostrativo RisiKo! XL")
    assert stand_in.column("Post") == text.rstrip("\n").split("\n")
    expected = publish(XlwingsBook(stand_in.book()), "bbcode-vb")
    strip = [line for line in expected.splitlines() if not line.startswith("Pubblicato")]
    assert [line for line in text.splitlines() if not line.startswith("Pubblicato")] == strip


def test_post_survives_a_missing_clipboard(excel, monkeypatch):
    import pyperclip

    stand_in = excel(players=8)
    stand_in.run(actions.sorteggia_turno)
    play_round(stand_in, 1)

    def no_clipboard(text):
        raise pyperclip.PyperclipException("nessun meccanismo per gli appunti")

    monkeypatch.setattr("pyperclip.copy", no_clipboard)
    sheet = next(s for s in stand_in.payload["sheets"] if s["name"] == "Post")
    assert sheet["visibility"] == "Hidden"  # only its note: no printed page of it
    stand_in.run(actions.post_forum)
    prompt = last(stand_in).prompt
    assert last(stand_in).mode == "info" and "non è stato possibile copiarlo" in prompt
    assert stand_in.column("Post")[0].startswith("[SIZE=4]")
    sheet = next(s for s in stand_in.payload["sheets"] if s["name"] == "Post")
    assert sheet["visibility"] == "Visible"  # shown with the post


def test_referti_pdf_next_to_the_workbook_is_opened(excel, monkeypatch):
    stand_in = excel(players=9)
    stand_in.run(actions.sorteggia_turno)
    opened = []
    monkeypatch.setattr(buttons, "open_file", lambda path: opened.append(path) or True)
    stand_in.run(actions.stampa_referti)
    pdf = stand_in.path.with_name("torneo-referti-turno-1.pdf")
    assert opened == [pdf] and pdf.read_bytes().startswith(b"%PDF")
    assert str(pdf) in last(stand_in).prompt and last(stand_in).mode == "info"


def test_referti_need_a_saved_workbook_and_a_viewer_is_optional(excel, monkeypatch):
    stand_in = excel(players=9)
    stand_in.run(actions.sorteggia_turno)
    stand_in.payload["book"]["name"] = "Cartel1"  # never saved: no folder
    stand_in.run(actions.stampa_referti)
    assert "Salvare prima la cartella di lavoro" in last(stand_in).prompt

    def no_viewer(*args, **kwargs):
        raise FileNotFoundError("xdg-open")

    monkeypatch.setattr(buttons.subprocess, "Popen", no_viewer)
    monkeypatch.setattr(buttons.os, "startfile", no_viewer, raising=False)
    assert buttons.open_file(stand_in.path) is False


def test_verify_reports_differences(excel):
    stand_in = excel(players=8)
    stand_in.run(actions.sorteggia_turno)
    play_round(stand_in, 1)
    stand_in.run(actions.aggiorna_classifica)
    with stand_in.session() as xl:
        frame = xl.read_table("Classifica")
        frame.rows[0]["Totale"] = 99
        xl.write_table("Classifica", frame)
    stand_in.run(actions.verifica)
    alert = last(stand_in)
    assert alert.mode == "critical" and "1 differenza." in alert.prompt  # singular agreement
    assert "Foglio Classifica, riga 2, colonna Totale: trovato 99" in alert.prompt


# --- the workbook's look --------------------------------------------------------------------

def test_excel_gets_the_same_look_as_the_file(excel, monkeypatch):
    """The number formats and widths `layout` gives the file are written to Excel too;
    the technical sheets stay hidden."""
    from risiko_xl.sheets.look import MAX_WIDTH

    stand_in = excel(players=12)
    stand_in.run(actions.sorteggia_turno)
    play_round(stand_in, 1)
    batch = stand_in.run(actions.aggiorna_classifica)
    assert "setNumberFormat" in funcs(batch) and "setColumnWidth" in funcs(batch)
    classifica = stand_in.sheet("Classifica")
    header = classifica["values"][0]
    formats = {header[column]: fmt
               for (_row, column, _rows), fmt in classifica["standin_formats"].items()}
    # 001 §7: «giocatore C: vincitore con 48 punti tavolo -> 1,048 punti torneo»
    assert formats["T1"] == formats["Totale"] == formats["Migliore"] == "0.000"
    results = stand_in.sheet("Risultati")
    assert {results["values"][0][column]: fmt for (_r, column, _n), fmt
            in results["standin_formats"].items()}["Punti tavolo"] == "0"
    widths = classifica["standin_widths"]
    name = header.index("Giocatore")
    longest = max(len(str(row[name])) for row in classifica["values"][1:13])
    assert longest + 1 <= widths[name] <= MAX_WIDTH
    assert classifica["print_area"] == f"A1:{chr(ord('A') + len(header) - 1)}13"
    for sheet in ("Calcoli", "xlwings.conf", "Squadre"):
        assert stand_in.sheet(sheet)["visibility"] == "Hidden"
    assert stand_in.sheet("Risultati")["visibility"] == "Visible"


def test_a_note_beside_the_rows_of_a_round_to_redraw_refuses_it_in_excel(excel):
    stand_in = excel(players=10)
    stand_in.run(actions.sorteggia_turno)
    values = stand_in.sheet("Risultati")["values"]
    for row in values:
        row.extend([""] * (27 - len(row)))
    values[5][26] = "arriva alle 21"  # AA6, beside round 1's 5th row
    with stand_in.session() as xl:
        xl.set_setting(actions.ROUND_TO_DRAW, 1)
    before = copy.deepcopy(stand_in.payload)
    stand_in.answers.append("yes")
    stand_in.run(actions.sorteggia_turno)
    prompt = last(stand_in).prompt
    assert "la cella AA6, scritta accanto alla tabella Risultati" in prompt
    assert "arriva alle 21" in prompt and stand_in.payload == before
