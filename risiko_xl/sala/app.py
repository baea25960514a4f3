"""The venue's web application (Starlette): a handful of read-only pages and nothing
else of the disk — no static folder, no path taken from the address, so no address
serves the workbook, its history or any other file. Every answer forbids framing,
sniffing and scripts from elsewhere; only GET (and HEAD) are answered.

    /            the round's tables or results and the standings (phones)
    /schermo     the room screen
    /tavolo      «il mio tavolo» (?chi=ID or a part of the name, at most 80 characters)
    /versione    the state as JSON, polled by the pages (`sala.js`)
    /sala.js     that script
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from risiko_xl.publish.render import TEMPLATES
from risiko_xl.sala import pages
from risiko_xl.sala.room import Room, State

HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; style-src 'unsafe-inline'; "
                                "img-src 'self' data:; script-src 'self'; "
                                "connect-src 'self'; form-action 'self'; base-uri 'none'; "
                                "frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
SCRIPT = (TEMPLATES / "sala" / "sala.js").read_text(encoding="utf-8")
WAITING = ("<!DOCTYPE html><html lang=\"it\"><head><meta charset=\"utf-8\"><meta "
           "name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Sala"
           "</title></head><body><p>Il torneo non si legge ancora.</p></body></html>")


def application(room: Room) -> Starlette:
    """The application over `room`."""

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
                             "problema": state.problem}, headers=HEADERS)

    def script(request: Request) -> Response:
        return Response(SCRIPT, media_type="text/javascript", headers=HEADERS)

    routes = [Route("/", page(pages.phone_page)), Route("/schermo", page(pages.screen_page)),
              Route("/tavolo", table), Route("/versione", version),
              Route("/sala.js", script)]
    return Starlette(routes=routes)
