"""The venue's web application (Starlette): a handful of read-only pages and nothing
else of the disk — no static folder, no path taken from the address, so no address
serves the workbook, its history or any other file. Every answer forbids framing,
sniffing and scripts from elsewhere; only GET (and HEAD) are answered.

    /            the round's tables or results and the standings (phones)
    /schermo     the room screen
    /tavolo      «il mio tavolo» (?chi=ID or a part of the name, at most 80 characters)
    /versione    the state and the clock as JSON, polled by the pages (`sala.js`)
    /sala.js     that script
    /referto?codice=C   a table's form, from the QR code of its score sheet (`reports`)
    POST /referto/prova  the form checked as it is typed (JSON), by the rules of classifica
    POST /referto   the table's result sent: pending until the organiser confirms it
    /organizzatore?chiave=K   the organiser's page: the key printed in the terminal sets
                 a cookie (HttpOnly, SameSite=Strict); the page runs the clock and
                 confirms the tables' results
    POST /orologio, POST /conferma  the organiser's actions: the cookie and the key in the
                 form (a page of another site can send neither)
Every form must come from a page of the venue itself (its Origin) and is bounded in size.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from html import escape
from urllib.parse import parse_qs, quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from risiko_xl.errors import RisikoError
from risiko_xl.publish.render import TEMPLATES
from risiko_xl.sala import pages, report_pages
from risiko_xl.sala.clock import Clock
from risiko_xl.sala.reports import Journal, Sending
from risiko_xl.sala.room import Room, State
from risiko_xl.services import table_reports
from risiko_xl.services.table_reports import Key

HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; style-src 'unsafe-inline'; "
                                "img-src 'self' data:; script-src 'self'; "
                                "connect-src 'self'; form-action 'self'; base-uri 'none'; "
                                "frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # (no-referrer: a form would send «Origin: null»)
    "Cache-Control": "no-store",
}
COOKIE = "sala_organizzatore"
LARGEST_FORM = 1024  # bytes: the organiser's forms
LARGEST_REPORT = 4096  # bytes: a table's result (six players, a dozen cells each)
LONGEST_CODE = 40  # characters of a code as sent
SCRIPT = (TEMPLATES / "sala" / "sala.js").read_text(encoding="utf-8")
REPORT_SCRIPT = (TEMPLATES / "sala" / "referto.js").read_text(encoding="utf-8")
WAITING = ("<!DOCTYPE html><html lang=\"it\"><head><meta charset=\"utf-8\"><meta "
           "name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Sala"
           "</title></head><body><p>Il torneo non si legge ancora.</p></body></html>")


def application(room: Room, clock: Clock | None = None, key: str | None = None,
                journal: Journal | None = None) -> Starlette:
    """The application over `room`, with the round's `clock` run and the tables' results
    (`journal`) confirmed by whoever holds `key` (no key: nobody)."""
    clock = clock or Clock()
    journal = journal or Journal(room.path)

    def holds(given: str) -> bool:
        """Whether `given` is the organiser's key (compared in constant time)."""
        return key is not None and secrets.compare_digest(given.encode(), key.encode())

    def organiser(request: Request) -> bool:
        return holds(request.cookies.get(COOKIE, ""))

    def page(make: Callable[[State], str]) -> Callable[[Request], Response]:
        def answer(request: Request) -> Response:
            state = room.state()
            if state.source is None:
                return HTMLResponse(pages.live(WAITING, state), 503, headers=HEADERS)
            return HTMLResponse(make(state), headers=HEADERS)
        return answer

    def table(request: Request) -> Response:
        asked = request.query_params.get("chi", "")
        if len(asked) > pages.LONGEST_QUERY:
            return PlainTextResponse("Richiesta troppo lunga: al massimo "
                                     f"{pages.LONGEST_QUERY} caratteri.", 414,
                                     headers=HEADERS)
        return page(lambda state: pages.table_page(state, asked))(request)

    def version(request: Request) -> Response:
        state = room.state()
        return JSONResponse({"versione": state.version, "stato": state.line(),
                             "problema": state.problem, "orologio": clock.view()},
                            headers=HEADERS)

    def desk(request: Request) -> Response:
        given = request.query_params.get("chiave")
        if given is not None:  # from the terminal's address: the key kept as a cookie
            if not holds(given):
                return PlainTextResponse("Chiave dell'organizzatore errata.", 403,
                                         headers=HEADERS)
            answer = RedirectResponse("/organizzatore", 303, headers=HEADERS)
            answer.set_cookie(COOKIE, given, httponly=True, samesite="strict")
            return answer
        if not organiser(request):
            return PlainTextResponse("Pagina dell'organizzatore: aprirla dall'indirizzo con "
                                     "la chiave scritto nel terminale.", 403, headers=HEADERS)
        note = request.query_params.get("esito", "")[:2000]
        state = room.state()
        tables = [] if state.tournament is None else report_pages.desk_tables(
            state.tournament, journal)
        return HTMLResponse(pages.live(pages.desk_page(clock.view(), key or "", note,
                                                       tables), state), headers=HEADERS)

    async def posted(request: Request, largest: int) -> dict[str, str] | Response:
        """The form of a POST, or the refusal: another site's page, too large, cut."""
        origin = request.headers.get("origin")
        if origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}":
            return PlainTextResponse("Richiesta da un altro sito.", 403, headers=HEADERS)
        if int(request.headers.get("content-length") or 0) > largest:
            return PlainTextResponse("Richiesta troppo grande.", 413, headers=HEADERS)
        body = b""
        try:
            async for chunk in request.stream():
                body += chunk
                if len(body) > largest:
                    return PlainTextResponse("Richiesta troppo grande.", 413,
                                             headers=HEADERS)
        except ClientDisconnect:  # a phone gone half way: nothing to answer, nothing said
            return Response(status_code=400)
        return {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}

    async def organiser_form(request: Request) -> dict[str, str] | Response:
        form = await posted(request, LARGEST_FORM)
        if isinstance(form, dict) and not (organiser(request)
                                           and holds(form.get("chiave", ""))):
            return PlainTextResponse("Solo l'organizzatore.", 403, headers=HEADERS)
        return form

    def back(said: str) -> Response:
        return RedirectResponse(f"/organizzatore?esito={quote(said)}", 303, headers=HEADERS)

    async def clock_action(request: Request) -> Response:
        form = await organiser_form(request)
        if not isinstance(form, dict):
            return form
        try:
            clock.act(form.get("azione", ""), _whole(form, "minuti"), _whole(form, "tavolo"))
            said = "fatto"
        except RisikoError as err:
            said = err.messaggio
        return back(said)

    def table_of(code: str) -> tuple[State, Key] | Response:
        """The reading and the table whose score sheet carries `code`, or the refusal: no
        such table, or its result already in the sheet (a code used again)."""
        state = room.state()
        t = state.tournament
        key = None if t is None else codes.find(state.version, t, code)
        if t is None or key is None:
            return PlainTextResponse("Codice del referto non valido: controllare il codice "
                                     "stampato sul referto del tavolo.", 404, headers=HEADERS)
        if journal.confirmed(key) or table_reports.typed(t, key):
            return PlainTextResponse(f"Il risultato del tavolo {key[2]} (turno {key[0]}) è "
                                     "già nel foglio: per correggerlo rivolgersi "
                                     "all'organizzatore.", 409, headers=HEADERS)
        return state, key

    def report_form(request: Request) -> Response:
        code = request.query_params.get("codice", "")[:LONGEST_CODE]
        found = table_of(code)
        if isinstance(found, Response):
            return found
        state, key = found
        assert state.tournament is not None
        return HTMLResponse(pages.live(report_pages.form_page(state.tournament, key, code),
                                       state), headers=HEADERS)

    async def report_check(request: Request) -> Response:
        form = await posted(request, LARGEST_REPORT)
        if not isinstance(form, dict):
            return form
        found = table_of(form.get("codice", "")[:LONGEST_CODE])
        if isinstance(found, Response):
            return JSONResponse({"ok": False, "messaggio": bytes(found.body).decode()},
                                found.status_code, headers=HEADERS)
        state, key = found
        assert state.tournament is not None
        t = state.tournament
        return JSONResponse(report_pages.checked(t, report_pages.report_of(t, key, form)),
                            headers=HEADERS)

    async def report_send(request: Request) -> Response:
        form = await posted(request, LARGEST_REPORT)
        if not isinstance(form, dict):
            return form
        code = form.get("codice", "")[:LONGEST_CODE]
        found = table_of(code)
        if isinstance(found, Response):
            return found
        state, key = found
        assert state.tournament is not None
        t = state.tournament
        report = report_pages.report_of(t, key, form)
        said = report_pages.checked(t, report)
        sent_id = form.get("invio", "")[:40]
        if not said["ok"] or not sent_id:
            page = report_pages.form_page(t, key, code, report=report)
            return HTMLResponse(pages.live(page.replace(
                '<p id="controllo" role="status" aria-live="polite">',
                '<p id="controllo" role="status" aria-live="polite" class="no">'
                + escape(str(said.get("messaggio", "modulo incompleto"))), 1), state),
                422, headers=HEADERS)
        try:
            new = journal.send(sent_id, report)
        except RisikoError as err:
            return PlainTextResponse(err.messaggio, 409, headers=HEADERS)
        answer = ("Ricevuto: il risultato attende la conferma dell'organizzatore" if new
                  else "Già ricevuto (lo stesso invio): attende la conferma "
                  "dell'organizzatore")
        return HTMLResponse(pages.live(report_pages.form_page(
            t, key, code, said=answer, placed=said["posti"]), state), headers=HEADERS)

    async def confirm(request: Request) -> Response:
        form = await organiser_form(request)
        if not isinstance(form, dict):
            return form
        state = room.state()
        t = state.tournament
        if t is None:
            return back("il torneo non si legge")
        wanted = form.get("tavolo", "").strip()
        waiting = [s for s in report_pages.desk_tables(t, journal)
                   if s.sending is not None and s.state == "da confermare"
                   and wanted in ("tutti", s.ident, str(s.key[2]))]
        if not waiting:
            return back("nessun risultato da confermare" + (
                "" if wanted == "tutti" else f" per il tavolo {wanted[:20]}"))
        if len({s.key for s in waiting}) > 1 and wanted != "tutti":
            return back(f"più tavoli {wanted[:20]} da confermare (turni o fasi diversi): "
                        "confermarli dalla pagina dell'organizzatore")
        try:
            said = await run_in_threadpool(_confirmed, room, journal,
                                           [s.sending for s in waiting if s.sending])
        except RisikoError as err:
            said = [err.messaggio]
        return back("; ".join(said))

    def script(request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript", headers=HEADERS)

    def report_script(request: Request) -> Response:
        return Response(REPORT_SCRIPT, media_type="text/javascript", headers=HEADERS)

    posts = pages.Posts()
    codes = report_pages.Codes()
    routes = [Route("/", page(lambda state: pages.phone_page(posts, state))),
              Route("/schermo", page(lambda state: pages.screen_page(posts, state))),
              Route("/tavolo", table), Route("/versione", version),
              Route("/sala.js", script), Route("/referto.js", report_script),
              Route("/organizzatore", desk),
              Route("/orologio", clock_action, methods=["POST"]),
              Route("/referto", report_form), Route("/referto", report_send, methods=["POST"]),
              Route("/referto/prova", report_check, methods=["POST"]),
              Route("/conferma", confirm, methods=["POST"])]
    app = Starlette(routes=routes)
    app.router.redirect_slashes = False  # a redirect would be built from the Host header
    return app


def _confirmed(room: Room, journal: Journal, sendings: list[Sending]) -> list[str]:
    """The results `sendings` hold written into the workbook by the command path (its
    lock, its history), each confirmation recorded; what was done, table by table."""
    from risiko_xl.commands.on_file import on_file

    done = on_file(room.path, lambda book: table_reports.write(
        book, [s.report for s in sendings]))
    for sending, (written, _) in zip(sendings, done):
        if written:
            journal.confirm(sending)
    room.changed()
    return [line for _, line in done]


def _whole(form: dict[str, str], field: str) -> int | None:
    """The form's number `field` (None: left empty); RisikoError for anything but ASCII
    digits (never read as «empty», which would mean «the whole room» or the default)."""
    text = form.get(field, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise RisikoError(f"«{field}»: serve un numero intero", valore=text[:20])
    return int(text)
