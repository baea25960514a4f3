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
    POST /orologio, /conferma, /scarta  the organiser's actions: the cookie and the key in
                 the form (a page of another site can send neither)
Every form must come from a page of the venue itself (its Origin) and is bounded in size.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
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
from risiko_xl.sala import forms, pages, report_pages
from risiko_xl.sala.clock import Clock
from risiko_xl.sala.forms import HEADERS, LARGEST_FORM, LARGEST_REPORT, notice, refused
from risiko_xl.sala.report_pages import TableState
from risiko_xl.sala.reports import Journal
from risiko_xl.sala.room import Room, State
from risiko_xl.services import table_reports
from risiko_xl.services.table_reports import Key

COOKIE = "sala_organizzatore"
LONGEST_CODE = 40  # characters of a code as sent
MOST_SAID = 100  # actions' answers kept for the organiser's page
SCRIPT = (TEMPLATES / "sala" / "sala.js").read_text(encoding="utf-8")
REPORT_SCRIPT = (TEMPLATES / "sala" / "referto.js").read_text(encoding="utf-8")


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
                return HTMLResponse(pages.live(notice("Il torneo non si legge ancora."),
                                               state), 503, headers=HEADERS)
            try:
                return HTMLResponse(make(state), headers=HEADERS)
            except RisikoError as err:  # nothing drawn yet, say: shown until there is
                return HTMLResponse(pages.live(notice(
                    "Niente da mostrare per ora: la pagina si aggiorna da sola appena il "
                    f"torneo cambia ({err.messaggio}).", state.source.name), state),
                    headers=HEADERS)
        return answer

    def table(request: Request) -> Response:
        asked = request.query_params.get("chi", "")
        if len(asked) > pages.LONGEST_QUERY:
            return refused(f"Richiesta troppo lunga: al massimo {pages.LONGEST_QUERY} "
                           "caratteri.", 414)
        return page(lambda state: pages.table_page(state, asked))(request)

    def version(request: Request) -> Response:
        state = room.state()
        return JSONResponse({"versione": state.version, "stato": state.line(),
                             "problema": state.problem, "orologio": clock.view(),
                             "invii": journal.count}, headers=HEADERS)

    def desk(request: Request) -> Response:
        given = request.query_params.get("chiave")
        if given is not None:  # from the terminal's address: the key kept as a cookie
            if not holds(given):
                return refused("Chiave dell'organizzatore errata.", 403)
            answer = RedirectResponse("/organizzatore", 303, headers=HEADERS)
            answer.set_cookie(COOKIE, given, httponly=True, samesite="strict")
            return answer
        if not organiser(request):
            return refused("Pagina dell'organizzatore: aprirla dall'indirizzo con la chiave "
                           "scritto nel terminale all'apertura della sala (la chiave cambia "
                           "a ogni apertura).", 403)
        note = said_here.get(request.query_params.get("esito", ""), "")
        state = room.state()
        tables = [] if state.tournament is None else report_pages.desk_tables(
            state.tournament, journal)
        return HTMLResponse(pages.live(pages.desk_page(clock.view(), key or "", note,
                                                       tables), state, sendings=journal.count),
                            headers=HEADERS)

    def names() -> set[str | None]:
        source = room.state().source
        return forms.venue_names(room.address, source.venue if source else "")

    async def organiser_form(request: Request) -> dict[str, str] | Response:
        form = await forms.posted(request, LARGEST_FORM, names())
        if isinstance(form, dict) and not (organiser(request)
                                           and holds(form.get("chiave", ""))):
            return PlainTextResponse("Solo l'organizzatore.", 403, headers=HEADERS)
        return form

    said_here: dict[str, str] = {}  # what an action said, by a token of its own

    def back(said: str) -> Response:
        """Back to the organiser's page, which says `said`: kept here under a token, so
        that a link from someone else cannot make the page say anything (adversary 32)."""
        token = secrets.token_urlsafe(9)
        said_here[token] = said
        while len(said_here) > MOST_SAID:
            del said_here[next(iter(said_here))]
        return RedirectResponse(f"/organizzatore?esito={token}", 303, headers=HEADERS)

    def answered(request: Request, said: list[tuple[bool | None, str]]) -> Response:
        """An action's lines: JSON for the command line (each done or not, None for a
        notice), the organiser's page again for a browser."""
        if "application/json" in request.headers.get("accept", ""):
            return JSONResponse({"righe": [{"fatto": d, "testo": line} for d, line in said]},
                                headers=HEADERS)
        return back("\n".join(line for _, line in said))

    async def clock_action(request: Request) -> Response:
        form = await organiser_form(request)
        if not isinstance(form, dict):
            return form
        done = False
        try:
            action, table = form.get("azione", ""), forms.whole(form, "tavolo")
            t = room.state().tournament
            playing = set() if t is None else {k[2] for k in t.games}
            if table is not None and playing and table not in playing:
                raise RisikoError(f"il tavolo {table} non c'è (tavoli: da 1 a "
                                  f"{max(playing)})")
            said, done = clock.act(action, forms.whole(form, "minuti"), table), True
        except RisikoError as err:
            said = forms.sentence(err)
        return answered(request, [(done, said)])

    def table_of(code: str) -> tuple[State, Key] | Response:
        """The reading and the table whose score sheet carries `code`, or the refusal: no
        such table, or its result already in the sheet (a code used again)."""
        state = room.state()
        t = state.tournament
        key = None if t is None else codes.find(state.version, t, code)
        if t is None or key is None:
            page = report_pages.code_page(t.name if t else "Sala", "Codice del referto non "
                                          "valido: controllare il codice stampato sul "
                                          "referto del tavolo. Se il tavolo è cambiato "
                                          "dopo la stampa (un assente, un nuovo "
                                          "sorteggio), il referto va ristampato.")
            return HTMLResponse(pages.live(page, state), 404, headers=HEADERS)
        if journal.confirmed(key) or table_reports.typed(t, key):
            return refused(f"Il risultato del tavolo {key[2]} (turno {key[0]}) è già nel "
                           "foglio del torneo. Per correggerlo rivolgersi "
                           "all'organizzatore.", 409, t.name)
        return state, key

    def report_form(request: Request) -> Response:
        code = request.query_params.get("codice", "")[:LONGEST_CODE]
        if not code.strip():  # a phone without the QR code: the code typed by hand
            state = room.state()
            name = state.tournament.name if state.tournament else "Sala"
            return HTMLResponse(pages.live(report_pages.code_page(name), state),
                                headers=HEADERS)
        found = table_of(code)
        if isinstance(found, Response):
            return found
        state, key = found
        assert state.tournament is not None
        return HTMLResponse(pages.live(report_pages.form_page(state.tournament, key, code),
                                       state, follow=False), headers=HEADERS)

    async def report_check(request: Request) -> Response:
        form = await forms.posted(request, LARGEST_REPORT, names())
        if not isinstance(form, dict):
            return form
        found = table_of(form.get("codice", "")[:LONGEST_CODE])
        if isinstance(found, Response):
            said = ("Codice del referto non valido" if found.status_code == 404
                    else "Il risultato di questo tavolo è già nel foglio del torneo")
            return JSONResponse({"ok": False, "messaggio": said}, found.status_code,
                                headers=HEADERS)
        state, key = found
        assert state.tournament is not None
        t = state.tournament
        return JSONResponse(report_pages.checked(t, report_pages.report_of(t, key, form)),
                            headers=HEADERS)

    async def report_send(request: Request) -> Response:
        form = await forms.posted(request, LARGEST_REPORT, names())
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
        sent_id = form.get("invio", "")  # checked by the journal (`FORM_ID`)
        if not said["ok"] or not sent_id:
            page = report_pages.form_page(t, key, code, report=report, problem=str(
                said.get("messaggio", "modulo incompleto")))
            return HTMLResponse(pages.live(page, state, follow=False), 422, headers=HEADERS)
        try:
            new = journal.send(sent_id, report)
        except RisikoError as err:
            return refused(forms.sentence(err), 409)
        answer = ("Ricevuto: il risultato attende la conferma dell'organizzatore" if new
                  else "Già ricevuto (lo stesso invio): attende la conferma "
                  "dell'organizzatore")
        return HTMLResponse(pages.live(report_pages.form_page(
            t, key, code, said=answer, placed=said["posti"]), state, follow=False),
            headers=HEADERS)

    async def confirm(request: Request) -> Response:
        form = await organiser_form(request)
        if not isinstance(form, dict):
            return form
        return answered(request, await confirmed(form))

    async def confirmed(form: dict[str, str]) -> list[tuple[bool | None, str]]:
        """The results `form` confirms written: each line said, and whether it was (see
        `_confirmed`)."""
        t = room.state().tournament
        if t is None:
            return [(False, "Il torneo non si legge")]
        wanted = form.get("tavolo", "").strip()
        # the sendings the organiser's page showed: one sent meanwhile is not confirmed
        # unseen (the command line, which shows nothing first, confirms the latest)
        seen = set(form["invii"].split(",")) if "invii" in form else None
        named = [s for s in report_pages.desk_tables(t, journal)
                 if s.sending is not None and wanted in ("tutti", s.ident, str(s.key[2]))]
        waiting = [s for s in named if s.state == "da confermare"]
        unseen = [s for s in waiting if seen is not None and s.sending
                  and s.sending.id not in seen]
        waiting = [s for s in waiting if s not in unseen]
        notes: list[tuple[bool | None, str]] = [
            (False, f"Tavolo {s.key[2]}: è arrivato un nuovo invio, da ricontrollare prima "
             "di confermare") for s in unseen]
        if not waiting:
            notes += [(False, f"Tavolo {s.key[2]}: {s.state}{': ' + s.said if s.said else ''}")
                      for s in named if s.state != "da confermare"]
            return notes or [(False, "Nessun risultato da confermare" + (
                "" if wanted == "tutti" else f" per il tavolo {wanted[:20]}"))]
        if len({s.key for s in waiting}) > 1 and wanted != "tutti":
            return [(False, f"Più tavoli {wanted[:20]} da confermare (turni o fasi diversi): "
                     "confermarli dalla pagina dell'organizzatore")]
        try:
            done = await run_in_threadpool(_confirmed, room, journal, waiting)
        except RisikoError as err:
            return [(False, forms.sentence(err)), *notes]
        except OSError as err:  # the re-check: a full disk answered «500»
            return [(False, f"Il file del torneo non si può scrivere ({err.strerror or err}):"
                     " non è stato scritto niente"), *notes]
        return [*done, *notes]

    async def drop(request: Request) -> Response:
        form = await organiser_form(request)
        if not isinstance(form, dict):
            return form
        t = room.state().tournament
        found = [s for s in ([] if t is None else report_pages.desk_tables(t, journal))
                 if s.sending is not None and s.sending.id == form.get("invio")
                 and s.state in ("conflitto", "da rivedere")]
        for s in found:
            if s.sending is not None:
                journal.drop(s.sending)
        return back(f"Tavolo {found[0].key[2]}: invio messo da parte" if found
                    else "Niente da mettere da parte")

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
              Route("/conferma", confirm, methods=["POST"]),
              Route("/scarta", drop, methods=["POST"])]
    async def missing(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        return PlainTextResponse("Metodo non ammesso." if status == 405 else
                                 "Pagina inesistente.", status, headers=HEADERS)

    app = Starlette(routes=routes, exception_handlers={404: missing, 405: missing})
    app.router.redirect_slashes = False  # a redirect would be built from the Host header
    return app


def _confirmed(room: Room, journal: Journal,
               tables: list[TableState]) -> list[tuple[bool | None, str]]:
    """The results the `tables` wait with written into the workbook by the command path
    (its lock, its history), each confirmation recorded; what was done, table by table
    (whether written, with the places written: what the organiser confirmed, said
    again), and what the save said after (None: a notice, neither written nor refused)."""
    from risiko_xl.files.lock import open_elsewhere
    from risiko_xl.workbooks.on_file import on_file

    if where := open_elsewhere(room.path):
        raise RisikoError(f"il file è aperto in {where}: salvarlo e chiuderlo, poi "
                          "confermare (il programma salverebbe sopra i risultati)")
    sendings = [s.sending for s in tables if s.sending is not None]
    done, notices = on_file(room.path, lambda book: table_reports.write(
        book, [s.report for s in sendings]))
    for sending, (written, _) in zip(sendings, done):
        if written:
            journal.confirm(sending)
    room.changed()
    return [*((written, f"{line}: {state.places}" if written else line)
              for state, (written, line) in zip(tables, done)),
            *((None, line) for line in notices)]
