"""The venue's web application (Starlette): a handful of read-only pages and nothing
else of the disk — no static folder, no path taken from the address, so no address
serves the workbook, its history or any other file. Every answer forbids framing,
sniffing and scripts from elsewhere; only GET (and HEAD) are answered.

    /            the round's tables or results and the standings (phones)
    /schermo     the room screen
    /tavolo      «il mio tavolo» (?chi=ID or a part of the name, at most 80 characters)
    /versione    the state and the clock as JSON, polled by the pages (`sala.js`)
    /sala.js     that script
    /organizzatore?chiave=K   the organiser's page: the key printed in the terminal sets
                 a cookie (HttpOnly, SameSite=Strict) and the page runs the clock
    POST /orologio  the clock's actions: the cookie and the key in the form (a page of
                 another site can send neither), the same origin, at most 1 KB
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from urllib.parse import parse_qs, quote

from starlette.applications import Starlette
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
from risiko_xl.sala import pages
from risiko_xl.sala.clock import Clock
from risiko_xl.sala.room import Room, State

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
LARGEST_FORM = 1024  # bytes
SCRIPT = (TEMPLATES / "sala" / "sala.js").read_text(encoding="utf-8")
WAITING = ("<!DOCTYPE html><html lang=\"it\"><head><meta charset=\"utf-8\"><meta "
           "name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Sala"
           "</title></head><body><p>Il torneo non si legge ancora.</p></body></html>")


def application(room: Room, clock: Clock | None = None, key: str | None = None) -> Starlette:
    """The application over `room`, with the round's `clock` run by whoever holds `key`
    (no key: nobody)."""
    clock = clock or Clock()

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
        note = request.query_params.get("esito", "")[:200]
        return HTMLResponse(pages.live(pages.desk_page(clock.view(), key or "", note),
                                       room.state()), headers=HEADERS)

    async def clock_action(request: Request) -> Response:
        origin = request.headers.get("origin")
        if origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}":
            return PlainTextResponse("Richiesta da un altro sito.", 403, headers=HEADERS)
        if int(request.headers.get("content-length") or 0) > LARGEST_FORM:
            return PlainTextResponse("Richiesta troppo grande.", 413, headers=HEADERS)
        body = b""
        try:
            async for chunk in request.stream():
                body += chunk
                if len(body) > LARGEST_FORM:
                    return PlainTextResponse("Richiesta troppo grande.", 413,
                                             headers=HEADERS)
        except ClientDisconnect:  # a phone gone half way: nothing to answer, nothing said
            return Response(status_code=400)
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        if not (organiser(request) and holds(form.get("chiave", ""))):
            return PlainTextResponse("Solo l'organizzatore.", 403, headers=HEADERS)
        try:
            clock.act(form.get("azione", ""), _whole(form, "minuti"), _whole(form, "tavolo"))
            said = "fatto"
        except RisikoError as err:
            said = err.messaggio
        return RedirectResponse(f"/organizzatore?esito={quote(said)}", 303, headers=HEADERS)

    def script(request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript", headers=HEADERS)

    posts = pages.Posts()
    routes = [Route("/", page(lambda state: pages.phone_page(posts, state))),
              Route("/schermo", page(lambda state: pages.screen_page(posts, state))),
              Route("/tavolo", table), Route("/versione", version),
              Route("/sala.js", script), Route("/organizzatore", desk),
              Route("/orologio", clock_action, methods=["POST"])]
    app = Starlette(routes=routes)
    app.router.redirect_slashes = False  # a redirect would be built from the Host header
    return app


def _whole(form: dict[str, str], field: str) -> int | None:
    """The form's number `field` (None: left empty); RisikoError for anything but ASCII
    digits (never read as «empty», which would mean «the whole room» or the default)."""
    text = form.get(field, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise RisikoError(f"«{field}»: serve un numero intero", valore=text[:20])
    return int(text)
