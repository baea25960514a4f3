"""What people read (issue 15): the real name with the nickname beside it where identity
matters, the setting «Nomi nei post», and this tournament's name on score sheets and posts.
Expected names are written by hand from the registrations typed below."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from risiko_xl import simulate
from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.errors import RisikoError
from risiko_xl.names import player_name
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.standings_sheet import update_standings
from risiko_xl.standings.model import QUALIFYING
from risiko_xl.tournament.loading import load
from risiko_xl.workbooks.template import formula_settings, write_new
from tests.support.programs import need_program
from tests.support.publishing import publish, score_sheets, write_referti

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido

LONG = ("Maria Antonietta", "Lombardi-Santangelo", "Totò")
# ID -> (Nome, Cognome, Nickname) and the full form each must show
PEOPLE = {
    "G001": (("Giuseppe", "D'Amico", "Peppe"), "Giuseppe \u201cPeppe\u201d D'Amico"),
    "G002": (("Anna", "Russo", None), "Anna Russo"),
    "G003": ((None, None, "Lupo"), "Lupo"),
    "G004": (LONG, "Maria Antonietta \u201cTotò\u201d Lombardi-Santangelo"),
}


# --- the one function ---------------------------------------------------------------------

def test_full_form_puts_the_nickname_between_name_and_surname():
    assert player_name("Giuseppe", "D'Amico", "Peppe") == "Giuseppe \u201cPeppe\u201d D'Amico"
    assert player_name("Giuseppe", "D'Amico", None) == "Giuseppe D'Amico"
    assert player_name(None, None, "Peppe") == "Peppe"  # only a nickname: the nickname
    assert player_name("  Giuseppe ", " D'Amico", " Peppe ") == \
        "Giuseppe \u201cPeppe\u201d D'Amico"  # typed spaces do not show
    assert player_name("Giuseppe", "D'Amico", "\u201cPeppe\u201d") == \
        "Giuseppe \u201cPeppe\u201d D'Amico"  # quotes typed by the organiser are not doubled
    assert player_name(None, None, None) == ""


def test_post_forms():
    assert player_name("Giuseppe", "D'Amico", "Peppe", "nome") == "Giuseppe D'Amico"
    assert player_name("Giuseppe", "D'Amico", "Peppe", "soprannome") == "Peppe"
    assert player_name("Giuseppe", "D'Amico", None, "soprannome") == "Giuseppe D'Amico"
    assert player_name(None, None, "Peppe", "nome") == "Peppe"  # nothing else is known


# --- a workbook -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """8 players of master, four of them registered as in PEOPLE, round 1 played."""
    path = tmp_path_factory.mktemp("nomi") / "nomi.xlsx"
    write_new(path, {**formula_settings("master"), "Nome torneo": "Serata al Circolo",
                     "Seme sorteggio": "nomi"})
    book = OpenpyxlBook(path)
    rows = simulate.players(8, 3, "nomi")
    for row in rows:
        if row["ID"] in PEOPLE:
            row["Nome"], row["Cognome"], row["Nickname"] = PEOPLE[row["ID"]][0]
    simulate.register(book, rows)
    draw_round(book, 1)
    simulate.play(book, 1, QUALIFYING, "nomi")
    update_standings(book)
    book.save()
    return path


def _column(book, spec, header="Giocatore") -> dict[str, str]:
    table = book.read_table(spec.name)
    return dict(zip(table.column("ID"), table.column(header)))


def test_sheets_show_the_full_form(played):
    book = OpenpyxlBook(played)
    for spec in (schema.RESULTS, schema.standings_spec(0)):
        shown = _column(book, spec)
        for pid, (_, full) in PEOPLE.items():
            assert shown[pid] == full


def test_score_sheets_show_the_full_form(played):
    names = {p.player: p.name for s in score_sheets(OpenpyxlBook(played), 1) for p in s.players}
    assert {pid: names[pid] for pid in PEOPLE} == {pid: full for pid, (_, full) in PEOPLE.items()}


def _post_with(played, tmp_path, form: str | None) -> str:
    copy = tmp_path / "copia.xlsx"
    copy.write_bytes(played.read_bytes())
    book = OpenpyxlBook(copy)
    if form is not None:
        book.set_setting("Nomi nei post", form)
    return publish(book, "testo", 1)


def test_posts_follow_the_setting(played, tmp_path):
    default = _post_with(played, tmp_path, None)
    assert "Giuseppe \u201cPeppe\u201d D'Amico" in default and "Lupo" in default
    plain = _post_with(played, tmp_path, "nome")
    assert "Giuseppe D'Amico" in plain and "Peppe" not in plain and "Anna Russo" in plain
    assert "Lupo" in plain  # only a nickname registered: shown in every form
    nick = _post_with(played, tmp_path, " Soprannome ")  # case and spaces do not matter
    assert "Peppe" in nick and "Giuseppe" not in nick and "Anna Russo" in nick


def test_bad_setting_is_refused_where_it_is(played, tmp_path):
    with pytest.raises(RisikoError) as caught:
        _post_with(played, tmp_path, "cognome")
    err = caught.value
    assert err.foglio == schema.SETTINGS.sheet and err.colonna == "Valore"
    assert err.riga is not None and err.valore == "cognome"
    assert "Nomi nei post" in err.messaggio and "nome e soprannome, nome, soprannome" in \
        err.messaggio


# --- this tournament's name -----------------------------------------------------------------

def test_score_sheets_and_posts_name_this_tournament(played):
    book = OpenpyxlBook(played)
    sheets = score_sheets(book, 1)
    assert {s.tournament for s in sheets} == {"Serata al Circolo"}
    for s in sheets:  # footer: this tournament, never the formula's «Master RisiKo! (…)»
        assert s.scoring_reminder[0].startswith("Serata al Circolo — punteggio:")
        assert not any("Master" in line for line in s.scoring_reminder)
    assert "Master RisiKo!" not in publish(book, "testo", 1)


def test_without_a_name_the_formula_title_is_used(played, tmp_path):
    copy = tmp_path / "senza-nome.xlsx"
    copy.write_bytes(played.read_bytes())
    book = OpenpyxlBook(copy)
    book.set_setting("Nome torneo", "")
    title = load(book).formula.title
    assert title == "Master RisiKo! (qualificazione al Campionato Nazionale)"
    assert {s.tournament for s in score_sheets(book, 1)} == {title}
    assert publish(book, "testo", 1).splitlines()[0] == f"*{title}*"


# --- a long name on the PDF score sheet -----------------------------------------------------

def test_long_name_stays_inside_its_cell(played, tmp_path):
    """The name column is 55 mm from x = 23 mm (referti_pdf.COLUMNS): every word of
    «Maria Antonietta “Totò” Lombardi-Santangelo» is printed whole inside it."""
    pdftotext = need_program("pdftotext", "serve poppler-utils per leggere i PDF")
    from risiko_xl.publish.referti_pdf import COLUMNS, MARGIN

    right = (MARGIN + COLUMNS[0] + COLUMNS[1]) * 72 / 25.4  # points
    left = (MARGIN + COLUMNS[0]) * 72 / 25.4
    for per_page in (1, 2):
        pdf = write_referti(OpenpyxlBook(played), 1, tmp_path / f"r{per_page}.pdf", per_page)
        html = subprocess.run([pdftotext, "-bbox", "-enc", "UTF-8", str(pdf), "-"],
                              check=True, capture_output=True, text=True, timeout=60).stdout
        words = [line for line in html.splitlines() if line.strip().startswith("<word")]
        for part in ("Maria", "Antonietta", "\u201cTotò\u201d", "Lombardi-Santangelo"):
            boxes = [w for w in words if w.rstrip().endswith(f">{part}</word>")]
            assert boxes, part  # printed whole, never cut with «…»
            for box in boxes:
                x_min = float(box.split('xMin="')[1].split('"')[0])
                x_max = float(box.split('xMax="')[1].split('"')[0])
                assert left <= x_min and x_max <= right, (part, x_min, x_max, right)


# --- wording for everyone -------------------------------------------------------------------

def test_stage_of_who_played_no_final_phase(demo):
    # 000 Art. 1 «Una fase preliminare di 4 giornate», 003 Art. 1 «una fase preliminare di
    # 3 giornate»: who stopped there reached the «Preliminare» phase (not «Qualificazione»,
    # which reads as if they had qualified, nor «Fase preliminare», which repeats the
    # header «Fase raggiunta»)
    frame = OpenpyxlBook(demo).read_table(schema.FINAL_RANKING.name)
    stages = set(frame.column("Fase raggiunta"))
    assert "Preliminare" in stages and "Qualificazione" not in stages
    text = publish(OpenpyxlBook(demo), "testo", 4)
    assert "Fase raggiunta Preliminare" in text and "Qualificazione |" not in text
    assert "Fase raggiunta Fase" not in text


def test_final_ranking_in_posts_keeps_the_real_name(demo, tmp_path):
    """The final ranking is where identity matters: with «Nomi nei post» = `soprannome`
    it still shows the real name (full form), while `nome` keeps the name alone."""
    copy = tmp_path / "finale.xlsx"
    copy.write_bytes(demo.read_bytes())
    book = OpenpyxlBook(copy)
    players = book.read_table(schema.PLAYERS.name)
    first = book.read_table(schema.FINAL_RANKING.name).column("ID")[0]
    row = next(r for r in players if r["ID"] == first)
    real = f"{row['Nome']} {row['Cognome']}"
    row["Nickname"] = "Il Conte"
    book.write_table(schema.PLAYERS.name, players)
    full = f"{row['Nome']} \u201cIl Conte\u201d {row['Cognome']}"
    book.set_setting("Nomi nei post", "soprannome")
    assert full in publish(book, "testo", 4, sections=("classifica",))
    book.set_setting("Nomi nei post", "nome")
    text = publish(book, "testo", 4, sections=("classifica",))
    assert real in text and "Il Conte" not in text
