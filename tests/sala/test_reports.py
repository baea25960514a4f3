"""Results from the table (issue 30): a table's score typed on a phone opened from the QR
code of its score sheet, checked as `classifica` checks typed rows, pending until the
organiser confirms it, then written in `Risultati` by the command path.

000 Art. 24: «Alla conclusione della partita l'arbitro stila un referto; esso dovrà
essere firmato da tutti i giocatori»: the signed paper stays the authority, the phone's
copy is accepted by the organiser. The tournament is Lu Castidduzzu's (000 Art. 24: «ciascuno
riceverà un punteggio pari ai punti obiettivo raggiunti … Il vincitore del tavolo sarà
premiato con un bonus di 50 punti, il giocatore giunto 2° … 15 punti, e il 3° … 5 punti»),
so every expected figure below is computed by hand from that article."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode

import pytest
from openpyxl import load_workbook

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.files import history
from risiko_xl.sala import room as room_module
from risiko_xl.sala.clock import Clock
from risiko_xl.sala.reports import Journal, journal_file
from risiko_xl.sala.room import Room
from risiko_xl.services.rounds import draw_round
from risiko_xl.services.table_reports import BASE_COLUMNS
from risiko_xl.tournament.table_codes import REPORT_KEY, normal, shown, table_code
from tests.support.sala_server import Answer, request, said_after, serving
from tests.support.table_codes import code_of
from tests.support.workbooks import new_with_players

KEY = "organizzatore-di-prova"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
POINTS, OUT, ELIMINATED = (BASE_COLUMNS.index(c) for c in
                           ("Punti obiettivo", "Punti fuori obiettivo", "Eliminato"))


class Venue:
    def __init__(self, path: Path, where: tuple[str, int]) -> None:
        self.path = path
        self.where = where
        self.secret = str(OpenpyxlBook(path).settings()[REPORT_KEY])
        entered = request(where, "GET", f"/organizzatore?chiave={KEY}")
        self.cookie = entered.headers["set-cookie"].split(";")[0]

    def code(self, table: int, round_no: int = 1) -> str:
        return code_of(self.path, table, round_no)

    def post(self, path: str, fields: dict[str, str], **headers: str) -> Answer:
        return request(self.where, "POST", path, urlencode(fields).encode(),
                       {**FORM, **headers})

    def confirm(self, table: str) -> str:
        answer = self.post("/conferma", {"chiave": KEY, "tavolo": table}, Cookie=self.cookie)
        return said_after(self.where, answer, self.cookie)

    def desk(self) -> str:
        return request(self.where, "GET", "/organizzatore",
                       headers={"Cookie": self.cookie}).text

    def players(self, table: int) -> list[str]:
        rows = OpenpyxlBook(self.path).read_table(schema.RESULTS.name)
        return [r["ID"] for r in rows if r["Tavolo"] == table and r["Turno"] == 1]

    def names(self, table: int) -> list[str]:
        rows = OpenpyxlBook(self.path).read_table(schema.RESULTS.name)
        return [r["Giocatore"] for r in rows if r["Tavolo"] == table and r["Turno"] == 1]

    def typed(self, table: int) -> list[tuple]:
        sheet = load_workbook(self.path)["Risultati"]
        headers = [c.value for c in sheet[1]]
        at = {h: headers.index(h) for h in ("Tavolo", "Punti obiettivo", "Eliminato")}
        return [(row[at["Punti obiettivo"]], row[at["Eliminato"]])
                for row in sheet.iter_rows(min_row=2, values_only=True)
                if row[at["Tavolo"]] == table]


def result(code: str, sent: str, *seats: dict[int, str]) -> dict[str, str]:
    """A table's form: for each seat, column index → what is typed."""
    fields = {"codice": code, "invio": sent}
    for i, typed in enumerate(seats):
        fields |= {f"p{i}_{j}": value for j, value in typed.items()}
    return fields


# 40, 30 and 20 objective points and one eliminated: 40+50, 30+15, 20+5, 0 (000 Art. 24)
GOOD = ({POINTS: "40", OUT: "3"}, {POINTS: "30"}, {POINTS: "20"}, {ELIMINATED: "1"})


@pytest.fixture
def venue(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(room_module, "CHECK_SECONDS", 0.0)
    path = new_with_players(tmp_path / "sala.xlsx", "lu_castidduzzu", 12, 3, "rp",
                            seed="referti")
    book = OpenpyxlBook(path)
    draw_round(book, 1)
    book.save()
    with serving(Room(path, "http://192.0.2.7:8000/"), Clock(), KEY) as where:
        yield Venue(path, where)


def test_the_code_is_one_tables_and_read_as_typed() -> None:
    import base64
    import hashlib
    import hmac

    seated = ("G07", "G02", "G11", "G04")
    code = table_code("segreto", 1, "Qualificazione", 3, seated)
    # the definition in tournament/table_codes, computed here independently
    digest = hmac.new(b"segreto", b"1|Qualificazione|3|G02,G04,G07,G11",
                      hashlib.sha256).digest()
    assert code == base64.b32encode(digest).decode()[:10]
    others = {table_code("segreto", r, p, t, seated) for r in (1, 2) for p in (
        "Qualificazione", "Semifinale") for t in (1, 2, 3, 4)} - {code}
    assert len(code) == 10 and code not in others and len(others) == 15
    assert table_code("altro", 1, "Qualificazione", 3, seated) != code
    # adversary 32: a table drawn again, or last season's workbook with other players
    assert table_code("segreto", 1, "Qualificazione", 3, ("G07", "G02", "G11", "G05")) \
        != code == table_code("segreto", 1, "Qualificazione", 3, sorted(seated))
    assert normal(f"  {shown(code).lower()} ") == code == normal(code)
    assert normal(code[:9]) == normal(code + "A") == normal("9" * 10) == ""
    # base 32 has no 0, 1 or 8 (organiser 31: «WTOY6-ZI6AH» typed with 0 and 1, refused)
    assert normal("wt0y6-zi6ah") == normal("WT0Y6Z16AH") == "WTOY6ZI6AH"


def test_a_result_sent_checked_confirmed_and_found_in_risultati(venue: Venue) -> None:
    code = venue.code(1)
    form = request(venue.where, "GET", f"/referto?codice={shown(code).lower()}")
    assert form.status == 200 and "tavolo 1" in form.text
    for pid in venue.players(1):
        assert f"({pid})" in form.text
    checked = json.loads(venue.post("/referto/prova", result(code, "x", *GOOD)).text)
    assert checked["ok"] is True
    assert [(p["posto"], p["punti"]) for p in checked["posti"]] == [
        ("1°", "90"), ("2°", "45"), ("3°", "25"), ("4°", "0")]
    sent = venue.post("/referto", result(code, "invio-1", *GOOD))
    assert sent.status == 200 and "attende la conferma" in sent.text
    assert venue.typed(1) == [(None, None)] * 4  # nothing in Risultati before the organiser
    assert "da confermare" in venue.desk()
    before = len(history.versions(venue.path))
    said = venue.confirm("1")
    assert "Tavolo 1 (Qualificazione, turno 1): scritto in Risultati" in said
    assert venue.typed(1) == [(40, None), (30, None), (20, None), (None, 1)]
    assert len(history.versions(venue.path)) == before + 1  # the command path: a version
    events = [json.loads(line) for line in journal_file(venue.path).read_text().splitlines()]
    assert [e["evento"] for e in events] == ["invio", "conferma"]
    assert journal_file(venue.path).stat().st_mode & 0o077 == 0  # the owner's only


def test_the_rules_of_classifica_as_it_is_typed(venue: Venue) -> None:
    """The map's 164 points (seed 002 «Punteggi»: each territory is worth its neighbours;
    000 Art. 24), the player named on the phone, not a sheet row."""
    code = venue.code(2)
    over = json.loads(venue.post("/referto/prova", result(
        code, "x", {POINTS: "100"}, {POINTS: "50"}, {POINTS: "20"}, {ELIMINATED: "1"})).text)
    names = venue.names(2)
    assert over["ok"] is False and "164" in over["messaggio"]
    assert "riga" not in over["messaggio"] and "righe" not in over["messaggio"]
    # the table's sum, each player with the points typed (referee 31: sheet rows were
    # named, and the message was pinned to one player)
    assert over["messaggio"].startswith("I punti obiettivo del tavolo")
    assert f"{names[0]} 100" in over["messaggio"] and f"{names[1]} 50" in over["messaggio"]
    tie = json.loads(venue.post("/referto/prova", result(
        code, "x", {POINTS: "35"}, {POINTS: "35"}, {POINTS: "20"}, {ELIMINATED: "1"})).text)
    assert tie["ok"] is False and names[0] in tie["messaggio"] and names[1] in tie["messaggio"]
    assert not any(pid in tie["messaggio"] for pid in venue.players(2))  # names, not IDs
    blank = json.loads(venue.post("/referto/prova", result(
        code, "x", {POINTS: "40"}, {POINTS: "30"}, {}, {ELIMINATED: "1"})).text)
    assert blank["ok"] is False and "manca il risultato" in blank["messaggio"]
    assert venue.names(2)[2] in blank["messaggio"]  # the third seat left blank
    refused = venue.post("/referto", result(code, "y", {POINTS: "100"}, {POINTS: "90"},
                                            {POINTS: "20"}, {ELIMINATED: "1"}))
    assert refused.status == 422 and "164" in refused.text
    assert not journal_file(venue.path).exists()  # nothing pending from a refused form


def test_wrong_replayed_and_other_tables_codes(venue: Venue) -> None:
    assert request(venue.where, "GET", "/referto?codice=AAAAA-AAAAA").status == 404
    assert request(venue.where, "GET", "/referto?codice=" + "x" * 5000).status in (404, 414)
    other = request(venue.where, "GET", f"/referto?codice={venue.code(3)}")
    assert other.status == 200 and "tavolo 3" in other.text
    assert all(f"({pid})" not in other.text for pid in venue.players(1))
    assert request(venue.where, "GET", f"/referto?codice={venue.code(1, 2)}").status == 404
    code = venue.code(1)
    assert venue.post("/referto", result(code, "a", *GOOD)).status == 200
    assert "scritto" in venue.confirm("tutti")
    # the same code again, after its table was confirmed: refused, nothing changed
    assert request(venue.where, "GET", f"/referto?codice={code}").status == 409
    again = venue.post("/referto", result(code, "b", {POINTS: "1"}, {POINTS: "2"},
                                          {POINTS: "3"}, {ELIMINATED: "1"}))
    assert again.status == 409
    assert venue.typed(1) == [(40, None), (30, None), (20, None), (None, 1)]


def test_forms_from_elsewhere_or_too_large_and_the_organisers_only(venue: Venue) -> None:
    code = venue.code(1)
    fields = result(code, "c", *GOOD)
    assert venue.post("/referto", fields, Origin="http://evil.example").status == 403
    assert venue.post("/referto", {**fields, "x": "y" * 5000}).status == 413
    assert venue.post("/referto", fields).status == 200
    # a phone (no cookie), a wrong key, another site: never a confirmation
    assert venue.post("/conferma", {"chiave": KEY, "tavolo": "tutti"}).status == 403
    assert venue.post("/conferma", {"chiave": "no", "tavolo": "tutti"},
                      Cookie=venue.cookie).status == 403
    assert venue.post("/conferma", {"chiave": KEY, "tavolo": "tutti"}, Cookie=venue.cookie,
                      Origin="http://evil.example").status == 403
    # adversary 32: a browser saying the form comes from another site, and another
    # site's name pointed at the laptop (DNS rebinding: its Origin matches its Host)
    port = venue.where[1]
    for headers in ({"Sec-Fetch-Site": "cross-site"},
                    {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}):
        assert venue.post("/conferma", {"chiave": KEY, "tavolo": "tutti"},
                          Cookie=venue.cookie, **headers).status == 403
        assert venue.post("/referto", result(code, "d", *GOOD), **headers).status == 403
    assert venue.post("/referto", result(code, "e", *GOOD), Host=f"localhost:{port}",
                      Origin=f"http://localhost:{port}").status == 200
    assert venue.typed(1) == [(None, None)] * 4


def test_the_same_form_twice_is_one_sending_and_the_latest_counts(venue: Venue) -> None:
    code = venue.code(1)
    assert "attende" in venue.post("/referto", result(code, "uno", *GOOD)).text
    assert "Già ricevuto" in venue.post("/referto", result(code, "uno", *GOOD)).text
    corrected = ({POINTS: "41"}, {POINTS: "30"}, {POINTS: "20"}, {ELIMINATED: "1"})
    assert venue.post("/referto", result(code, "due", *corrected)).status == 200
    assert "2 invii" in venue.desk()
    venue.confirm("1")
    assert venue.typed(1)[0] == (41, None)
    lines = journal_file(venue.path).read_text().splitlines()
    assert len(lines) == 3  # two sendings, one confirmation


def test_a_table_typed_by_hand_meanwhile_is_a_conflict_never_overwritten(venue: Venue) -> None:
    code = venue.code(2)
    assert venue.post("/referto", result(code, "p", *GOOD)).status == 200
    book = OpenpyxlBook(venue.path)  # the organiser types the paper sheet in Excel
    rows = book.read_table(schema.RESULTS.name)
    for row, points in zip([r for r in rows if r["Tavolo"] == 2], (50, 30, 20, 10)):
        row.values.update({"Punti obiettivo": points})
    book.write_table(schema.RESULTS.name, rows)
    book.save()
    assert "conflitto" in venue.desk()
    said = venue.confirm("2")
    assert "Tavolo 2: conflitto" in said and "1° " in said  # what the phone sent, in words
    # organiser 32: and what the sheet holds, side by side (000 Art. 24, by hand: the sheet
    # 50 + 50, 30 + 15, 20 + 5, 10; the table 40 + 50, 30 + 15, 20 + 5, eliminated 0)
    sheet, _, phone = said.partition("Nel foglio: ")[2].partition("; dal tavolo: ")
    assert [p.rsplit(" ", 1)[1] for p in sheet.split(", ")] == ["100", "45", "25", "10"]
    assert [p.rsplit(" ", 1)[1] for p in phone.split(". ")[0].split(", ")] == \
        ["90", "45", "25", "0"]
    assert venue.typed(2) == [(50, None), (30, None), (20, None), (10, None)]


def test_the_missing_tables_on_the_organisers_page(venue: Venue) -> None:
    page = venue.desk()
    assert "Mancano 3 tavoli" in page
    venue.post("/referto", result(venue.code(3), "m", *GOOD))
    page = venue.desk()
    assert "Mancano 2 tavoli; 1 da confermare" in page


def test_the_journal_is_read_back_and_a_cut_line_skipped(venue: Venue) -> None:
    venue.post("/referto", result(venue.code(1), "j", *GOOD))
    with journal_file(venue.path).open("a") as out:
        out.write('{"evento": "invio", "invio": "mezzo", "tur')  # the laptop stopped here
    latest = Journal(venue.path).latest()
    assert [key[2] for key in latest] == [1] and latest[(1, "Qualificazione", 1)][1] == 1


def test_confirmed_from_the_command_line(venue: Venue, capsys) -> None:
    from risiko_xl import cli
    from risiko_xl.venue import control_file

    control_file(venue.path).write_text(json.dumps({"porta": venue.where[1], "chiave": KEY}))
    assert cli.main(["sala", str(venue.path), "--conferma", "tutti"]) == 1
    assert "Nessun risultato da confermare" in capsys.readouterr().out
    venue.post("/referto", result(venue.code(3), "k", *GOOD))
    assert cli.main(["sala", str(venue.path), "--conferma", "3"]) == 0
    assert "Tavolo 3 (Qualificazione, turno 1): scritto in Risultati" in capsys.readouterr().out
    assert venue.typed(3) == [(40, None), (30, None), (20, None), (None, 1)]


def test_a_result_sent_while_the_organiser_looks_is_not_confirmed_unseen(venue: Venue) -> None:
    """Adversary 31: the table sent X, the organiser's page showed X, a player sent Y, and
    the organiser's click on «Conferma» wrote Y. The form now carries the sending shown."""
    code = venue.code(1)
    venue.post("/referto", result(code, "x", *GOOD))
    shown_id = json.loads(journal_file(venue.path).read_text().splitlines()[0])["invio"]
    swapped = ({POINTS: "20"}, {POINTS: "30"}, {POINTS: "40"}, {ELIMINATED: "1"})
    venue.post("/referto", result(code, "y", *swapped))
    said = venue.post("/conferma", {"chiave": KEY, "tavolo": "1|Qualificazione|1",
                                    "invii": shown_id}, Cookie=venue.cookie)
    assert "nuovo invio" in said_after(venue.where, said, venue.cookie)
    assert venue.typed(1) == [(None, None)] * 4
    said = venue.confirm("1")  # from the terminal: the latest, said in words
    assert "scritto in Risultati" in said and "1° " in said
    assert venue.typed(1) == [(20, None), (30, None), (40, None), (None, 1)]


def test_the_same_form_with_other_values_is_a_new_sending(venue: Venue) -> None:
    """Adversary 31: a form sent again with corrected values and the same id was answered
    with the new places but kept the old values."""
    code = venue.code(1)
    venue.post("/referto", result(code, "stesso", *GOOD))
    corrected = ({POINTS: "42"}, {POINTS: "30"}, {POINTS: "20"}, {ELIMINATED: "1"})
    assert "Ricevuto" in venue.post("/referto", result(code, "stesso", *corrected)).text
    venue.confirm("1")
    assert venue.typed(1)[0] == (42, None)


def test_a_confirmed_result_the_sheet_lost_waits_again_and_a_conflict_set_aside(
        venue: Venue, tmp_path: Path) -> None:
    """Adversary 31: an old copy saved over a confirmed result left the table «manca»,
    its code refused and nothing to confirm. Organiser 31: a conflict could never be
    cleared."""
    import shutil

    old = tmp_path / "vecchia.xlsx"
    shutil.copy(venue.path, old)
    venue.post("/referto", result(venue.code(1), "c", *GOOD))
    venue.confirm("1")
    shutil.copy(old, venue.path)  # the old copy, saved over it
    assert "confermato, ma il foglio non l" in venue.desk()
    assert "scritto" in venue.confirm("1")
    assert venue.typed(1) == [(40, None), (30, None), (20, None), (None, 1)]
    venue.post("/referto", result(venue.code(2), "d", *GOOD))
    book = OpenpyxlBook(venue.path)
    rows = book.read_table(schema.RESULTS.name)
    for row, points in zip([r for r in rows if r["Tavolo"] == 2], (50, 30, 20, 10)):
        row.values.update({"Punti obiettivo": points})
    book.write_table(schema.RESULTS.name, rows)
    book.save()
    sending = [json.loads(x) for x in journal_file(venue.path).read_text().splitlines()][-1]
    assert '<tr class="conflitto">' in venue.desk()
    venue.post("/scarta", {"chiave": KEY, "invio": sending["invio"]}, Cookie=venue.cookie)
    assert '<tr class="conflitto">' not in venue.desk()


def test_the_form_is_never_reloaded_and_nothing_drawn_is_no_error(venue: Venue,
                                                                  tmp_path: Path) -> None:
    """Organiser 31: the form reloaded at every save, wiping what was typed, and its
    answer reloaded too, sending the form again; before the first draw the phones' page
    and the room screen answered 500."""
    form = request(venue.where, "GET", f"/referto?codice={venue.code(1)}").text
    assert '<script src="/sala.js">' in form and "data-versione" not in form
    assert "data-versione" in request(venue.where, "GET", "/").text
    blank = new_with_players(tmp_path / "vuoto.xlsx", "master", 8, 2, "vu")
    with serving(Room(blank, "http://x/")) as where:
        for page in ("/", "/schermo"):
            answer = request(where, "GET", page)
            assert answer.status == 200 and "si aggiorna da sola" in answer.text
            assert "data-versione" in answer.text  # and it follows the first draw
        assert request(where, "GET", "/nulla").headers["x-content-type-options"] == "nosniff"


def test_a_seating_changed_by_hand_stops_confirmations_as_classifica_refuses_it(
        venue: Venue) -> None:
    """Organiser 31: a player moved by hand to another table was confirmed, then
    `classifica` refused the file. A confirmation checks the seating as `classifica`
    does (the draw recorded in Sorteggi) and writes nothing."""
    venue.post("/referto", result(venue.code(3), "s", *GOOD))
    book = OpenpyxlBook(venue.path)
    rows = book.read_table(schema.RESULTS.name)
    one = next(r for r in rows if r["Tavolo"] == 1)
    two = next(r for r in rows if r["Tavolo"] == 2)
    one.values["ID"], two.values["ID"] = two["ID"], one["ID"]  # swapped by hand
    book.write_table(schema.RESULTS.name, rows)
    book.save()
    said = venue.confirm("3")
    assert "errore da correggere prima di confermare" in said
    assert venue.typed(3) == [(None, None)] * 4


def test_extra_time_for_a_table_that_is_not_there_is_refused(venue: Venue, capsys) -> None:
    """Organiser 31: «proroga --tavolo 42» was accepted with three tables drawn."""
    from risiko_xl import cli
    from risiko_xl.venue import control_file

    control_file(venue.path).write_text(json.dumps({"porta": venue.where[1], "chiave": KEY}))
    assert cli.main(["sala", str(venue.path), "--orologio", "avvia"]) == 0
    assert cli.main(["sala", str(venue.path), "--orologio", "proroga", "--tavolo", "42"]) == 2
    assert "il tavolo 42 non c'è" in capsys.readouterr().err
    assert cli.main(["sala", str(venue.path), "--orologio", "proroga", "--tavolo", "3"]) == 0


def test_a_forms_id_with_a_comma_or_a_control_is_refused(venue: Venue) -> None:
    """Adversary 32: a phone chose its form's id «P,Q»; the organiser's page lists the ids
    it showed with commas, so a later sending «Q» passed for one it had shown and a
    result the organiser never saw was written. A line feed in the id made the table
    impossible to confirm. A form's id is letters, digits, «-» and «_» only."""
    code = venue.code(1)
    for bad in ("P,Q", "L\nF", "a b", "x" * 41):
        answer = venue.post("/referto", result(code, bad, *GOOD))
        assert answer.status == 409 and "Modulo non valido" in answer.text, bad
    assert "manca" in venue.desk() and not journal_file(venue.path).exists()


def test_an_older_form_sent_again_is_the_latest_sending(venue: Venue) -> None:
    """Adversary 32: form A sent, then form B, then A again (the browser's «back»): the
    phone read «Già ricevuto» with A's values while B stayed the one to confirm. The
    latest sending counts: A again is a new sending, and tapping it twice is still one."""
    code = venue.code(1)
    other = ({POINTS: "41"}, {POINTS: "30"}, {POINTS: "20"}, {ELIMINATED: "1"})
    venue.post("/referto", result(code, "formA", *GOOD))
    venue.post("/referto", result(code, "formB", *other))
    assert "ricevuto" in venue.post("/referto", result(code, "formA", *GOOD)).text.lower()
    assert "Già ricevuto" in venue.post("/referto", result(code, "formA", *GOOD)).text
    assert "3 invii" in venue.desk()
    venue.confirm("1")
    assert venue.typed(1)[0] == (40, None)  # A's 40, not B's 41


def test_a_journal_line_cut_by_a_stop_loses_nothing_after_it(tmp_path: Path,
                                                             monkeypatch) -> None:
    """Adversary 32: with the disk full, a sending cut the journal's last line; the next
    sending, acknowledged, was glued to it and lost at the next opening, and an older one
    came back. The cut line is now closed before the next is written, and the opening
    says how many lines do not read."""
    from risiko_xl.sala.reports import Journal

    monkeypatch.setattr(room_module, "CHECK_SECONDS", 0.0)
    path = new_with_players(tmp_path / "sala.xlsx", "lu_castidduzzu", 12, 3, "rt", seed="rt")
    book = OpenpyxlBook(path)
    draw_round(book, 1)
    book.save()
    journal_file(path).write_text('{"evento": "invio", "invio": "TORN', encoding="utf-8")
    journal = Journal(path)
    assert journal.skipped == 1
    with serving(Room(path, "http://192.0.2.7:8000/"), Clock(), KEY, journal) as where:
        code = Venue(path, where).code(2)
        answer = request(where, "POST", "/referto", urlencode(result(code, "dopo", *GOOD))
                         .encode(), FORM)
        assert answer.status == 200
    again = Journal(path)
    assert again.skipped == 1 and [s.id for s, _, _ in again.latest().values()] == ["dopo"]


def test_numbers_sent_are_written_as_numbers(venue: Venue) -> None:
    """Adversary 32: «+60», «40,0», «２» were written into Risultati as text, which
    Excel's sums, sorts and filters skip. The sheet's own reading of a number decides."""
    code = venue.code(1)
    odd = ({POINTS: "+40", OUT: "3,0"}, {POINTS: "３０"}, {POINTS: "20"}, {ELIMINATED: "1"})
    assert venue.post("/referto", result(code, "numeri", *odd)).status == 200
    venue.confirm("1")
    rows = load_workbook(venue.path)["Risultati"]
    headers = [c.value for c in rows[1]]
    cells = [(r[headers.index("Punti obiettivo")], r[headers.index("Punti fuori obiettivo")])
             for r in rows.iter_rows(min_row=2, values_only=True)
             if r[headers.index("Tavolo")] == 1 and r[headers.index("Turno")] == 1]
    assert cells == [(40, 3), (30, None), (20, None), (None, None)]
    assert all(isinstance(v, int) for c in cells for v in c if v is not None)


def test_an_order_of_play_typed_by_hand_is_never_overwritten(venue: Venue) -> None:
    """Adversary 32: the order of play typed in Excel at the table's start (4, 3, 2, 1)
    was replaced by the phone's (1, 2, 3, 4) at the confirmation. A cell typed by hand
    is kept when the phone leaves it blank, and a different one is a conflict."""
    book = OpenpyxlBook(venue.path)
    rows = book.read_table(schema.RESULTS.name)
    for row, order in zip([r for r in rows if r["Tavolo"] == 1 and r["Turno"] == 1],
                          (4, 3, 2, 1)):
        row.values["Ordine"] = order
    book.write_table(schema.RESULTS.name, rows)
    book.save()
    order = BASE_COLUMNS.index("Ordine")
    sent = [dict(s) | {order: str(i)} for i, s in enumerate(GOOD, 1)]
    assert venue.post("/referto", result(venue.code(1), "ordine", *sent)).status == 200
    said = venue.confirm("1")
    assert "Ordine: nel foglio c'è 4, dal tavolo 1: conflitto" in said
    assert venue.typed(1) == [(None, None)] * 4
    assert venue.post("/referto", result(venue.code(1), "senza", *GOOD)).status == 200
    venue.confirm("1")  # the phone leaves Ordine blank: the typed order stays
    rows = OpenpyxlBook(venue.path).read_table(schema.RESULTS.name)
    assert [r["Ordine"] for r in rows if r["Tavolo"] == 1 and r["Turno"] == 1] == \
        [4, 3, 2, 1]
    assert venue.typed(1)[0] == (40, None)


def test_a_full_disk_at_the_confirmation_is_said_in_words(venue: Venue, monkeypatch) -> None:
    """The re-check: confirming on a full disk answered «500 Internal Server Error»."""
    import errno

    from risiko_xl.workbooks import on_file

    def full(*_: object, **__: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    assert venue.post("/referto", result(venue.code(1), "pieno", *GOOD)).status == 200
    monkeypatch.setattr(on_file, "on_file", full)
    said = venue.confirm("1")
    assert "Il file del torneo non si può scrivere (No space left on device)" in said
    assert venue.typed(1) == [(None, None)] * 4
