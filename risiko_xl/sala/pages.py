"""The venue's pages: the posts' own pages (the room screen, the HTML post for phones)
with the live script and the state line added, and the page of one player's table
(«il mio tavolo»), found by ID or by a part of the name."""

from __future__ import annotations

import datetime as dt
import hashlib
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from risiko_xl.names import neutral_bidi
from risiko_xl.publish.building import current_round
from risiko_xl.publish.posts import publish
from risiko_xl.publish.render import environment
from risiko_xl.sala.clock import DEFAULT_MINUTES, EXTRA_MINUTES
from risiko_xl.sala.report_pages import TableState
from risiko_xl.sala.room import State
from risiko_xl.standings.model import ACTIVE, QUALIFYING, Entrant
from risiko_xl.tournament.players import IdIndex
from risiko_xl.tournament.post_source import PostSource

LONGEST_QUERY = 80  # characters: an ID or a part of a name
MOST_FOUND = 20  # players listed when a query matches several


# the players' pages' links, at the top of each (not the room screen's, nor the organiser's)
NAV = ('<nav style="margin:0 0 8px;font:16px sans-serif">'
       + "".join(f'<a href="{href}" style="margin-right:14px">{text}</a>' for href, text in (
           ("/", "Tavoli e classifica"), ("/tavolo", "Il mio tavolo"),
           ("/referto", "Referto del tavolo"))) + "</nav>")


def with_nav(html: str) -> str:
    """`html` with the players' links (`NAV`) first in its body."""
    head, body, tail = html.partition("<body>")
    return f"{head}{body}{NAV}{tail}" if body else html


def live(html: str, state: State, screen: bool = False, follow: bool = True,
         sendings: int | None = None) -> str:
    """`html` (a page of ours, ending with `</body>`) with the state line, the round's
    clock and the script that reloads it when the tournament changes (`/sala.js`, polling
    `/versione`). A page with something typed or sent (`follow` False: a table's form,
    the answer to it) is never reloaded: it would lose the typing or send it again. On
    the room screen the line shows only when the file cannot be read, and the clock sits
    large at the bottom (the top holds the QR code); on a phone, small above the line (the
    top holds the page's links). Neither covers the page: the script says their height
    in `--sala-basso`, which a phone's page leaves free below its end (the form's «Invia»
    stays reachable) and the screen's drawing shrinks by (`schermo.html.j2`).
    `sendings`: the organiser's page reloads when the tables' results sent so far change
    too. The players' pages get their links (`NAV`)."""
    hidden = " hidden" if screen and not state.problem else ""
    place = ("left:0;right:0;bottom:0;padding:6px 18px;font:bold 40px sans-serif"
             if screen else
             "right:0;bottom:28px;padding:2px 10px;font:bold 20px sans-serif;"
             "border-top-left-radius:8px;max-width:90vw")
    version = f' data-versione="{state.version}"' if follow else ""
    version += f' data-invii="{sendings}"' if sendings is not None else ""
    room = "" if screen else "<style>body{padding-bottom:var(--sala-basso,0px)}</style>"
    line = (f'{room}<div id="sala-stato" role="status"{hidden} style="position:fixed;left:0;'
            'right:0;bottom:0;padding:4px 8px;font:14px sans-serif;background:#fff8d0;'
            f'color:#222;border-top:1px solid #caa">{escape(state.line())}</div>'
            f'<div id="sala-orologio" role="timer" hidden style="position:fixed;{place};'
            'background:#111;color:#fff"></div>'
            f'<script src="/sala.js"{version}></script>')
    if not screen and sendings is None:
        html = with_nav(html)
    head, found, tail = html.rpartition("</body>")
    return f"{head}{line}{found}{tail}" if found else html + line


# the time a post is first made with, to tell whether it says anything new
TIMELESS = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)


class Posts:
    """The posts' pages of the latest state, each made once per reading of the file, not
    at every request: every phone in the room asks again after each save. A post says
    when it was published, and the appeals' deadline runs from there (000 Art. 2:
    «ricorso entro 2 ore dalla pubblicazione»): that is when the venue first showed what
    it says, not the latest save (organiser 32: every save moved the deadline on)."""

    def __init__(self, now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)):
        self._made: dict[tuple[int, str], str] = {}
        self._first: dict[tuple[str, str], dt.datetime] = {}  # (format, its hash) → shown
        self._now = now

    def __call__(self, state: State, fmt: str) -> str:
        assert state.source is not None
        key = (state.version, fmt)
        made = self._made.get(key)
        if made is None:  # the round in play: where to sit, the results as they come
            round_no = current_round(state.source)
            said = publish(state.source, fmt, round_no, now=TIMELESS).encode()
            shown = self._first.setdefault((fmt, hashlib.sha256(said).hexdigest()),
                                           self._now())
            made = publish(state.source, fmt, round_no, now=shown)
            self._made = {k: v for k, v in self._made.items() if k[0] == state.version}
            self._made[key] = made
        return made


def screen_page(posts: Posts, state: State) -> str:
    """The room screen (`pubblica --formato schermo`), its QR code pointing at the phones'
    page."""
    return live(posts(state, "schermo"), state, screen=True)


def phone_page(posts: Posts, state: State) -> str:
    """The round's tables or its results and the standings, as the HTML post shows them."""
    return live(posts(state, "html"), state)


@dataclass(frozen=True)
class Seat:
    id: str
    name: str
    club: str
    position: str
    asked: bool


def _plain(text: str) -> str:
    """A name as searched: case, accents and the phone's typographic apostrophe aside
    («toto» finds «Totò», «D’Amico» finds «D'Amico»)."""
    letters = unicodedata.normalize("NFKD", text.replace("’", "'").casefold())
    return "".join(c for c in letters if not unicodedata.combining(c))


def _found(source: PostSource, query: str) -> list[tuple[str, str, str]]:
    """The registered players `query` names: its ID exactly, else every player holding
    each of its words in a name of theirs: the name shown, first name, surname, nickname
    («Mario Rossi» finds Mario «Marione» Rossi, shown with his nickname)."""
    words = _plain(query.strip()).split()
    if not words:
        return []
    players = [(e.id, neutral_bidi(e.name or e.id), neutral_bidi(e.club or ""))
               for e in source.entrants]
    found = IdIndex([p[0] for p in players]).find(query.strip())  # «g7» for G07 too
    if any(p[0] == found for p in players):
        return [p for p in players if p[0] == found]
    names = {e.id: _plain(" ".join(n for n in (e.name, e.first, e.last, e.nickname) if n))
             for e in source.entrants}
    return [p for p in players if all(w in names[p[0]] for w in words)]


def table_page(state: State, query: str) -> str:
    """«Il mio tavolo»: the table of the player `query` names in the last round drawn,
    with the result when typed; the players it matches when several; a form to ask."""
    source = state.source
    assert source is not None
    query = query[:LONGEST_QUERY]
    found = _found(source, query)
    names = {e.id: e for e in source.entrants}
    table, why = None, "nessun turno è ancora sorteggiato"
    if len(found) == 1 and source.games:
        last = max(key[0] for key in source.games)
        pid = found[0][0]
        for (round_no, phase, number), seats in sorted(source.games.items()):
            if round_no == last and any(s.player == pid for s in seats):
                table = (round_no, source.phase_title(phase), number, [
                    Seat(s.player, neutral_bidi(names[s.player].name or s.player)
                         if s.player in names else s.player,
                         neutral_bidi((names[s.player].club or "") if s.player in names
                                      else ""), s.position, s.player == pid)
                    for s in seats])
        if table is None:
            why = _not_seated(source, names[pid], last)
    page = environment("html").get_template("sala/tavolo.html.j2").render(
        torneo=source.name, chiesto=query, trovati=found[:MOST_FOUND],
        altri=max(len(found) - MOST_FOUND, 0), tavolo=table, perche=why)
    return live(page, state)


def _not_seated(source: PostSource, entrant: Entrant, last: int) -> str:
    """Why a player sits at no table of round `last` (organiser 32: «non è seduto a nessun
    tavolo» said nothing to a player marked absent)."""
    phases = {phase for round_no, phase, _ in source.games if round_no == last}
    if entrant.state != ACTIVE:
        return f"è «{entrant.state}» nel torneo"
    if entrant.from_round > last:
        return f"gioca dal turno {entrant.from_round}"
    if QUALIFYING in phases:
        return f"è assente al turno {last}"
    return "non gioca " + ", ".join(sorted(source.phase_title(p) for p in phases)) + \
        f" (turno {last})"


def desk_page(clock: dict[str, object], key: str, note: str,
              tables: Sequence[TableState] = ()) -> str:
    """The organiser's page: the clock's state and its actions, the tables' results
    (missing, to confirm, in conflict); each form carries `key`, as the cookie does: a
    page of another site can send neither."""
    return environment("html").get_template("sala/organizzatore.html.j2").render(
        orologio=clock, chiave=key, esito=note, predefiniti=DEFAULT_MINUTES,
        in_piu=EXTRA_MINUTES, tavoli=tables,
        da_confermare=sum(t.state == "da confermare" for t in tables))
