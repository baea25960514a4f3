"""What the venue answers before its pages: the security headers of every answer, a
refusal as a phone reads it, and the forms posted to it, taken only from this venue's
own pages (not another site's, whatever its name points at) and bounded in size."""

from __future__ import annotations

import contextlib
import ipaddress
from html import escape
from urllib.parse import parse_qs, urlsplit

from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from risiko_xl.errors import RisikoError
from risiko_xl.sala import pages

HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; style-src 'unsafe-inline'; "
                                "img-src 'self' data:; script-src 'self'; "
                                "connect-src 'self'; form-action 'self'; base-uri 'none'; "
                                "frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # (no-referrer: a form would send «Origin: null»)
    "Cache-Control": "no-store",
}
LARGEST_FORM = 1024  # bytes: the organiser's forms
LARGEST_REPORT = 4096  # bytes: a table's result (six players, a dozen cells each)


def sentence(err: RisikoError) -> str:
    """An error said to the organiser or a phone as a sentence of its own."""
    return err.messaggio[:1].upper() + err.messaggio[1:]


def notice(text: str, title: str = "Sala del torneo") -> str:
    """A page of one sentence, readable on a phone (a refusal, a page with nothing yet)."""
    return ("<!DOCTYPE html><html lang=\"it\"><head><meta charset=\"utf-8\"><meta "
            "name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>"
            f"{escape(title)}</title><style>body{{font:18px/1.4 sans-serif;margin:0 auto;"
            "padding:12px 12px 56px;max-width:640px}</style></head><body>"
            f"<h1 style=\"font-size:22px\">{escape(title)}</h1><p>{escape(text)}</p>"
            "</body></html>")


def refused(text: str, status: int, title: str = "Sala del torneo") -> Response:
    """A refusal as a phone shows it (a page with the players' links, not bare text)."""
    return HTMLResponse(pages.with_nav(notice(text, title)), status, headers=HEADERS)


def ours(host: str | None, names: set[str | None]) -> bool:
    """Whether `host` names this venue: an address, this computer, or one of `names` (the
    venue's as printed). A page of another site whose name was made to point at the
    laptop (DNS rebinding, adversary 32) names its own site."""
    with contextlib.suppress(ValueError):
        return ipaddress.ip_address(host or "") is not None
    return host == "localhost" or host in names


def venue_names(*addresses: str) -> set[str | None]:
    """The host names of the venue's `addresses` (its printed address, «Indirizzo sala»)."""
    return {urlsplit(a).hostname for a in addresses if a}


async def posted(request: Request, largest: int,
                 names: set[str | None]) -> dict[str, str] | Response:
    """The form of a POST, or the refusal: another site's page (its origin, a browser
    saying so, a name not among the venue's `names`), too large, cut."""
    origin = request.headers.get("origin")
    if ((origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}")
            or request.headers.get("sec-fetch-site") == "cross-site"
            or not ours(request.url.hostname, names)):
        return PlainTextResponse("Richiesta da un altro sito.", 403, headers=HEADERS)
    if int(request.headers.get("content-length") or 0) > largest:
        return PlainTextResponse("Richiesta troppo grande.", 413, headers=HEADERS)
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > largest:
                return PlainTextResponse("Richiesta troppo grande.", 413, headers=HEADERS)
    except ClientDisconnect:  # a phone gone half way: nothing to answer, nothing said
        return Response(status_code=400)
    return {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}


def whole(form: dict[str, str], field: str) -> int | None:
    """The form's number `field` (None: left empty); RisikoError for anything but ASCII
    digits (never read as «empty», which would mean «the whole room» or the default)."""
    text = form.get(field, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise RisikoError(f"«{field}»: serve un numero intero", valore=text[:20])
    return int(text)
