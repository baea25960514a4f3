"""The venue's pages over HTTP (issue 30, «Security and load»): only its few read-only
pages; no address serves the workbook or any other file; only GET; every answer with the
headers that forbid framing and foreign scripts; what was typed escaped everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from risiko_xl.books import schema
from risiko_xl.books.openpyxl_book import OpenpyxlBook
from risiko_xl.sala import room as room_module
from risiko_xl.sala.room import Room
from risiko_xl.services.rounds import draw_round
from tests.support.sala_server import Answer, request, said_after, serving
from tests.support.workbooks import new_with_players

HOSTILE = '<script>alert("x")</script> & "Rossi"'


class Client:
    def __init__(self, where: tuple[str, int]) -> None:
        self.where = where

    def get(self, path: str, params: dict[str, str] | None = None) -> Answer:
        from urllib.parse import urlencode

        return request(self.where, "GET", path + (f"?{urlencode(params)}" if params else ""))

    def send(self, method: str, path: str, body: bytes = b"") -> Answer:
        return request(self.where, method, path, body)


@pytest.fixture
def client(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(room_module, "CHECK_SECONDS", 0.0)
    path = new_with_players(tmp_path / "sala.xlsx", "master", 12, 3, "ap", seed="app")
    book = OpenpyxlBook(path)
    players = book.read_table(schema.PLAYERS.name)
    players.rows[0]["Nome"] = HOSTILE
    book.write_table(schema.PLAYERS.name, players)
    draw_round(book, 1)
    book.save()
    with serving(Room(path, "http://192.0.2.7:8000/")) as where:
        yield Client(where)


def test_the_pages_and_their_headers(client: Client) -> None:
    for address in ("/", "/schermo", "/tavolo", "/tavolo?chi=g001", "/versione", "/sala.js"):
        answer = client.get(address)
        assert answer.status == 200, address
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"
    phone = client.get("/").text
    assert '<script src="/sala.js" data-versione="1">' in phone and "Turno 1" in phone
    assert json.loads(client.get("/versione").text)["versione"] == 1
    assert 'class="qr"' in client.get("/schermo").text  # the QR code of the phones' page


def test_my_table_by_id_or_name_escaped(client: Client) -> None:
    page = client.get("/tavolo", params={"chi": "g001"}).text
    assert "<h2>Turno 1" in page and 'class="io"' in page
    assert "<script>alert" not in page and "&lt;script&gt;alert" in page
    assert "<script>alert" not in client.get("/").text  # the post escapes it as well
    several = client.get("/tavolo", params={"chi": "a"}).text
    assert "Più giocatori corrispondono" in several
    none = client.get("/tavolo", params={"chi": "<b>nessuno</b>"}).text
    assert "Nessun giocatore" in none and "<b>nessuno</b>" not in none


@pytest.mark.parametrize("address", [
    "/sala.xlsx", "/../sala.xlsx", "/%2e%2e/sala.xlsx", "/sala.xlsx.versioni/", "/etc/passwd",
    "/static/sala.xlsx", "/templates/sala/tavolo.html.j2", "//sala.xlsx", "/schermo/../..",
])
def test_no_address_serves_a_file(client: Client, address: str) -> None:
    """Sent as typed, never resolved by the client: refused."""
    answer = client.get(address)
    assert answer.status in (400, 404), address
    assert not answer.body.startswith(b"PK")


def test_only_get(client: Client) -> None:
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        assert client.send(method, "/").status == 405
    assert client.send("POST", "/tavolo", b"chi=" + b"x" * 10_000).status == 405


def test_an_oversize_query_is_refused(client: Client) -> None:
    answer = client.get("/tavolo", params={"chi": "x" * 81})
    assert answer.status == 414 and "al massimo 80 caratteri" in answer.text


KEY = "chiave-di-prova-123"


@pytest.fixture
def desk(tmp_path: Path, monkeypatch):
    from risiko_xl.sala.clock import Clock

    monkeypatch.setattr(room_module, "CHECK_SECONDS", 0.0)
    path = new_with_players(tmp_path / "sala.xlsx", "master", 12, 3, "or", seed="orologio")
    with serving(Room(path, "http://192.0.2.7:8000/"), Clock(), KEY) as where:
        yield Client(where)


def form(key: str, azione: str, **fields: str) -> bytes:
    from urllib.parse import urlencode

    return urlencode({"chiave": key, "azione": azione, **fields}).encode()


def test_only_the_organiser_runs_the_clock(desk: Client) -> None:
    where = desk.where
    assert desk.get("/organizzatore").status == 403
    assert desk.get("/organizzatore", {"chiave": "sbagliata"}).status == 403
    entered = desk.get("/organizzatore", {"chiave": KEY})
    assert entered.status == 303
    cookie = entered.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
    jar = {"Cookie": cookie.split(";")[0],
           "Content-Type": "application/x-www-form-urlencoded"}
    page = request(where, "GET", "/organizzatore", headers={"Cookie": jar["Cookie"]})
    assert page.status == 200 and "Avvia" in page.text
    start = form(KEY, "avvia", minuti="90")
    # without the cookie (a phone), with a wrong key, from another site: refused
    assert request(where, "POST", "/orologio", start,
                   {"Content-Type": jar["Content-Type"]}).status == 403
    assert request(where, "POST", "/orologio", form("sbagliata", "avvia"), jar).status == 403
    assert request(where, "POST", "/orologio", start,
                   {**jar, "Origin": "http://evil.example"}).status == 403
    assert request(where, "POST", "/orologio", start + b"&x=" + b"y" * 2000,
                   jar).status == 413
    assert json.loads(desk.get("/versione").text)["orologio"]["stato"] == "fermo"
    done = request(where, "POST", "/orologio", start,
                   {**jar, "Origin": f"http://{where[0]}:{where[1]}"})
    assert done.status == 303
    clock = json.loads(desk.get("/versione").text)["orologio"]
    assert clock["stato"] == "in corso" and 89 * 60 < clock["resta"] <= 90 * 60
    refused = request(where, "POST", "/orologio", form(KEY, "avvia", minuti="9999"), jar)
    assert "Minuti da 1" in said_after(where, refused, jar["Cookie"])
    # adversary 32: a link from someone else made the organiser's page say anything
    page = request(where, "GET", "/organizzatore?esito=Tavolo%203%20confermato",
                   headers={"Cookie": jar["Cookie"]}).text
    assert "Tavolo 3 confermato" not in page


def test_a_bad_number_in_the_organisers_form_changes_nothing(desk: Client) -> None:
    """Adversary 31: «tavolo=abc» (or ٣, 1_0) gave the whole room 5 minutes more, and
    «minuti=10000» started 90 minutes: now each says why, and the clock stays."""
    where = desk.where
    cookie = desk.get("/organizzatore", {"chiave": KEY}).headers["set-cookie"].split(";")[0]
    jar = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}
    assert request(where, "POST", "/orologio", form(KEY, "avvia", minuti="30"),
                   jar).status == 303
    before = json.loads(desk.get("/versione").text)["orologio"]
    for fields in ({"azione": "proroga", "minuti": "5", "tavolo": "abc"},
                   {"azione": "proroga", "minuti": "5", "tavolo": "٣"},
                   {"azione": "proroga", "minuti": "5", "tavolo": "0"},
                   {"azione": "avvia", "minuti": "10000"},
                   {"azione": "avvia", "minuti": "1e2"}):
        answer = request(where, "POST", "/orologio", form(KEY, **fields), jar)
        assert not said_after(where, answer, jar["Cookie"]).startswith("Orologio ")
    after = json.loads(desk.get("/versione").text)["orologio"]
    assert after["tavoli"] == {} and after["resta"] <= before["resta"] <= 30 * 60


def test_no_redirect_is_built_from_the_host_header(desk: Client) -> None:
    answer = request(desk.where, "GET", "/organizzatore/", headers={"Host": "evil.example"})
    assert answer.status == 404 and "location" not in answer.headers


def test_every_players_page_links_the_others(client: Client) -> None:
    """Organiser 32: the screen's QR code leads to `/`, which had no link to «Il mio
    tavolo» nor to the form of the score sheet: every players' page has them now."""
    for address in ("/", "/tavolo", "/referto", "/referto?codice=SBAGLIATO"):
        page = client.get(address).text
        assert page.count('href="/tavolo"') == 1 and page.count('href="/referto"') == 1, address
    assert 'href="/referto"' not in client.get("/schermo").text


def test_a_short_id_finds_the_player(client: Client) -> None:
    assert 'class="io"' in client.get("/tavolo", params={"chi": "g1"}).text


def test_a_client_holding_sockets_open_is_cut_off(client: Client, monkeypatch) -> None:
    """Adversary 31: connections that never sent a request stayed open for good, and 1,100
    of them (a laptop's 1,024 file handles) stopped the venue for everyone. Now one that
    sends no whole request within the time allowed is closed by the server."""
    import socket
    import time

    from risiko_xl.sala import server

    assert server.HEAD_SECONDS <= 10
    silent = [socket.create_connection(client.where) for _ in range(5)]
    half = socket.create_connection(client.where)
    half.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
    started = time.monotonic()
    for s in [*silent, half]:
        s.settimeout(server.HEAD_SECONDS + 10)
        assert s.recv(1024) == b""  # closed by the server
        s.close()
    assert time.monotonic() - started < server.HEAD_SECONDS + 10
    assert client.get("/").status == 200  # the others are served all along


def test_one_address_cannot_take_the_rooms_connections(client: Client) -> None:
    """Issue 30, «A per-address connection cap»: one machine on the room's Wi-Fi holding
    sockets open would take the connections of everyone (2,000 in all). An address holding
    `MOST_PER_ADDRESS` has any more closed at once, while other addresses are served; once
    it lets go, it is served again. (Linux routes all of 127/8 to the loopback, so a
    source address of its own is another machine here.)"""
    import socket
    import time

    from risiko_xl.sala import server

    host, port = client.where

    def from_other(address: str) -> socket.socket:
        return socket.create_connection((host, port), timeout=server.HEAD_SECONDS / 2,
                                        source_address=(address, 0))

    held = [from_other("127.0.0.5") for _ in range(server.MOST_PER_ADDRESS)]
    time.sleep(0.3)  # the server has counted them
    one_more = from_other("127.0.0.5")
    started = time.monotonic()
    assert one_more.recv(1024) == b""  # closed at once, not after HEAD_SECONDS
    assert time.monotonic() - started < server.HEAD_SECONDS / 2
    one_more.close()
    assert client.get("/").status == 200  # 127.0.0.1 is served
    other = from_other("127.0.0.6")
    other.sendall(f"GET /versione HTTP/1.1\r\nHost: {host}:{port}\r\n"
                  "Connection: close\r\n\r\n".encode())
    assert other.recv(64).startswith(b"HTTP/1.1 200")
    other.close()
    for s in held:
        s.close()
    time.sleep(0.3)
    again = from_other("127.0.0.5")
    again.sendall(f"GET /versione HTTP/1.1\r\nHost: {host}:{port}\r\n"
                  "Connection: close\r\n\r\n".encode())
    assert again.recv(64).startswith(b"HTTP/1.1 200")
    again.close()


def test_a_full_room_closes_the_oldest_of_the_biggest_holder(client: Client,
                                                             monkeypatch) -> None:
    """Adversary 32: 90 addresses × 24 idle connections took the 2,000 places, and every
    phone and the organiser's own laptop got 503. Now a new connection beyond the room's
    limit closes the oldest idle one of the device holding most, and the laptop
    (127.0.0.1) is never counted: it is served whatever the room holds."""
    import socket
    import time

    from risiko_xl.sala import server

    monkeypatch.setattr(server, "MOST_CONNECTIONS", 30)
    host, port = client.where

    def from_other(address: str) -> socket.socket:
        return socket.create_connection((host, port), timeout=server.HEAD_SECONDS,
                                        source_address=(address, 0))

    crowd = {a: [from_other(a) for _ in range(10)] for a in ("127.0.0.5", "127.0.0.6")}
    crowd["127.0.0.7"] = [from_other("127.0.0.7") for _ in range(10)]
    crowd["127.0.0.5"].append(from_other("127.0.0.5"))  # the biggest holder: 11
    time.sleep(0.3)
    oldest = crowd["127.0.0.5"][0]
    phone = from_other("127.0.0.9")
    phone.sendall(f"GET /versione HTTP/1.1\r\nHost: {host}:{port}\r\n"
                  "Connection: close\r\n\r\n".encode())
    assert phone.recv(64).startswith(b"HTTP/1.1 200")  # served, not refused
    assert oldest.recv(64) == b""  # the biggest holder's oldest, closed for it
    for address in ("127.0.0.6", "127.0.0.7"):
        crowd[address][0].settimeout(0.2)
        with pytest.raises(TimeoutError):
            crowd[address][0].recv(64)  # the others keep theirs
    assert all(client.get("/versione").status == 200 for _ in range(5))  # the laptop
    for sockets in crowd.values():
        for s in sockets:
            s.close()
    phone.close()


def test_a_device_is_an_ipv4_address_or_an_ipv6_64() -> None:
    from risiko_xl.sala.server import device

    assert device("10.0.0.7") == "10.0.0.7" and device("::ffff:10.0.0.7") == "10.0.0.7"
    assert device("2001:db8:1:2:aaaa::1") == device("2001:db8:1:2:bbbb::9") \
        == "2001:db8:1:2::/64"
    assert device("127.0.0.1") == device("::1") == "" != device("127.0.0.5")


def test_a_body_trickled_a_byte_at_a_time_is_cut_off(client: Client) -> None:
    """Adversary 32: a POST whose body came a byte every 5 s held its connection for more
    than 300 s. A form is a few kilobytes: its body must come within `BODY_SECONDS`."""
    import socket
    import time

    from risiko_xl.sala import server

    slow = socket.create_connection(client.where, timeout=server.BODY_SECONDS + 15)
    slow.sendall(b"POST /referto HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab")
    started = time.monotonic()
    try:
        while time.monotonic() - started < server.BODY_SECONDS + 10:
            slow.sendall(b"c")
            time.sleep(1)
    except OSError:  # closed by the server: writing fails
        pass
    assert time.monotonic() - started < server.BODY_SECONDS + 10  # cut, not waited out
    slow.close()


def test_connections_that_never_read_are_closed_too(client: Client, monkeypatch) -> None:
    """Adversary 32: connections asking 200 pages at once and never reading them went
    past the room's limit (2,990 held, 545 MB): a closed connection waited to hand over
    its answer first. Now one closed for the room is dropped at once."""
    import contextlib
    import socket
    import time

    from risiko_xl.sala import server

    monkeypatch.setattr(server, "MOST_CONNECTIONS", 3)
    host, port = client.where
    asks = f"GET /schermo HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode() * 200
    readers = []
    for address in ("127.0.0.5", "127.0.0.6", "127.0.0.7", "127.0.0.8", "127.0.0.9"):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        s.bind((address, 0))
        s.connect((host, port))
        s.setblocking(False)
        with contextlib.suppress(BlockingIOError):  # never read: the server's buffers fill
            s.send(asks)
        readers.append(s)
        time.sleep(0.3)
    held = sum(len(c) for state in list(server._HELD.values()) for c in state.values())
    assert held <= 3
    assert client.get("/versione").status == 200
    for s in readers:
        s.close()


def test_a_burst_of_arrivals_never_holds_more_than_the_room(client: Client,
                                                            monkeypatch) -> None:
    """The second re-check: 120 addresses × 24 connections arriving at once were all
    kept (2,880 for a room of 2,000): every arrival of a burst closed the same victim."""
    import socket
    import time

    from risiko_xl.sala import server

    monkeypatch.setattr(server, "MOST_CONNECTIONS", 20)
    host, port = client.where
    crowd = [socket.create_connection((host, port), source_address=(f"127.0.1.{a}", 0))
             for a in range(1, 7) for _ in range(10)]
    time.sleep(0.5)
    held = sum(len(c) for state in list(server._HELD.values()) for c in state.values())
    assert held <= 20
    still = 0
    for s in crowd:
        s.settimeout(0.05)
        try:
            still += s.recv(1) != b""
        except TimeoutError:
            still += 1  # open, waiting
        except OSError:
            pass  # reset: closed by the server
        s.close()
    assert still <= 20
    assert client.get("/versione").status == 200
