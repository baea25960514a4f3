"""A results post built from the tournament as posts show it (`PostSource`).

`post_from` chooses what a post of a round says: the round's results game table by game
table (only tables whose every result is typed), the standings once the whole round is
played (the final ranking after the final), the next round's tables, the qualifiers,
the draw certificates and who withdrew (000 Art. 4). Players are named as the setting
«Nomi nei post» says (`names`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction

from risiko_xl.books import schema
from risiko_xl.cells import to_text
from risiko_xl.clock import italian_time
from risiko_xl.draw.plan import PLAN_LABEL
from risiko_xl.draw.repair import REPAIR_LABEL
from risiko_xl.errors import RisikoError
from risiko_xl.formulas.words import announce, variant_words
from risiko_xl.names import FORMS, FULL, NAME
from risiko_xl.publish.post import (
    TRADEMARK,
    Certificate,
    Dropped,
    GameTable,
    PlayerLine,
    Post,
    Qualified,
    Ranking,
    Standing,
    Withdrawal,
)
from risiko_xl.standings.model import DISQUALIFIED, FINAL, QUALIFYING, WITHDRAWN
from risiko_xl.tournament.post_source import GameKey, PostSource, QualifierLine, RankList

NAMES_KEY = "Nomi nei post"  # how posts show players (`names.FORMS`; default FULL)


def names_form(source: PostSource) -> str:
    """The setting «Nomi nei post»: `nome e soprannome` (blank), `nome` or `soprannome`;
    anything else is refused, located on its `Impostazioni` row."""
    value = source.settings.get(NAMES_KEY)
    text = to_text(value)
    if text is None:
        return FULL
    found = {f.casefold(): f for f in FORMS}.get(" ".join(text.split()).casefold())
    if found is None:
        raise RisikoError(f"impostazione «{NAMES_KEY}»: valore non ammesso (ammessi: "
                          f"{', '.join(FORMS)})", foglio=schema.SETTINGS.sheet,
                          riga=source.setting_rows.get(NAMES_KEY), colonna="Valore",
                          valore=value)
    return found


def post_name(source: PostSource, player: str, identity: bool = False) -> str:
    """How posts name `player` (setting «Nomi nei post»). With `identity` (the final
    ranking, where identity matters) the real name is always shown: `soprannome` then
    gives the full form."""
    entrant = source.by_id.get(player)
    if entrant is None:
        return player
    form = names_form(source)
    return entrant.shown(form if not identity or form in (FULL, NAME) else FULL)


def _order(value: str | None, row: int) -> int | None:
    """Ordine of a Risultati row, typed before the game (the turn order drawn at the
    table) or with its result; None when blank. Anything else than a whole number from 1
    to 6 is refused on its row (as `classifica` refuses it): an announcement never shows
    a turn order it could not read."""
    if value is None:
        return None
    number = value[:-2] if value.endswith(".0") else value
    if not (number.isdigit() and 1 <= int(number) <= 6):
        raise RisikoError("ordine di gioco: serve un numero intero da 1 a 6",
                          foglio=schema.RESULTS.sheet, riga=row, colonna="Ordine", valore=value)
    return int(number)


def _game_tables(source: PostSource, keys: list[GameKey]) -> tuple[GameTable, ...]:
    scored = {(g.round_no, g.phase, g.player): g for g in source.results}
    out = []
    for round_no, phase, number in keys:
        lines = []
        for seated in source.games[round_no, phase, number]:
            game = scored.get((round_no, phase, seated.player))
            entrant = source.by_id[seated.player]
            lines.append(PlayerLine(seated.position, seated.player,
                                    post_name(source, seated.player), entrant.club or "",
                                    game.table_points if game else None,
                                    game.points if game else None,
                                    bool(game and game.risiko), bool(game and game.eliminated),
                                    _order(seated.order, seated.row),
                                    game.tie_break if game else "",
                                    game.penalty if game else 0))
        if all(p.points is not None for p in lines):  # a played table: by place; the
            # turn order belongs to the announcement, not to the results
            lines = [replace(p, order=None) for p in lines]
            lines.sort(key=lambda p: (int(p.position.rstrip("=") or 99), p.name))
        elif all(p.order is not None for p in lines):  # announced: in turn order
            orders = sorted(p.order or 0 for p in lines)
            if orders != list(range(1, len(lines) + 1)):
                raise RisikoError(f"ordine di gioco al tavolo {number} del turno {round_no}: "
                                  f"servono i numeri da 1 a {len(lines)}, una volta "
                                  "ciascuno", foglio=schema.RESULTS.sheet, colonna="Ordine",
                                  valore=", ".join(map(str, orders)))
            lines.sort(key=lambda p: p.order or 0)
        else:  # an order typed for some players only is not shown yet
            lines = [replace(p, order=None) for p in lines]
        method = source.formula.scoring  # the factor its points were scaled by (×1,25)
        factor = method.factors.get(len(lines), Fraction(1)) if method.game.scaled else 1
        out.append(GameTable(source.phase_title(phase), round_no, number, tuple(lines),
                             Fraction(factor)))
    return tuple(out)


def played_round(source: PostSource) -> int | None:
    """The last round whose every table has its results."""
    done = [n for n in source.rounds if source.round_played(n)]
    return done[-1] if done else None


def default_round(source: PostSource) -> int | None:
    """The round a post speaks of when none is named: the last round drawn when none of
    its results is typed yet (its tables are announced; a final-phase round too) — or,
    when several rounds were drawn at once (`sorteggia --tutti`), the first of the last
    rounds with no result typed, the next to play — else the last round whose every
    result is in, and while none is, the round being typed (its tables, the results in so
    far). A round drawn in advance by the plan is not news once the round before
    it is played: the post is that round's (results, standings), and the planned round's
    tables come in its «prossimo turno» section."""
    drawn = source.rounds
    blank = {n for n in drawn if source.round_blank(n)}
    if drawn and drawn[-1] in blank:
        first = len(drawn) - 1
        while first > 0 and drawn[first - 1] in blank:
            first -= 1
        before = drawn[first - 1] if first > 0 else None
        if before is not None and source.round_played(before) \
                and _planned(source, drawn[first]):
            return before
        return drawn[first]
    return played_round(source) or (drawn[-1] if drawn else None)


def current_round(source: PostSource) -> int | None:
    """The round in play, as the venue shows it: the first round drawn whose results are
    not all typed (its tables, the results as they come in), else the last drawn."""
    drawn = source.rounds
    return next((n for n in drawn if not source.round_played(n)),
                drawn[-1] if drawn else None)


def _planned(source: PostSource, round_no: int) -> bool:
    """Whether round `round_no` was seated by a plan of every round (drawn in advance)."""
    return any(d.round_no == str(round_no) and d.procedure == PLAN_LABEL
               for d in source.draws)


def _ranking_of(source: PostSource, ranks: RankList, title: str, top: int | None
                ) -> Ranking:
    """`ranks` as a post shows them: its first `top` lines, players named as posts name
    them, a result the standings drop in parentheses."""
    rows = tuple(Standing(line.position, line.player,
                          post_name(source, line.player, identity=ranks.identity),
                          source.by_id[line.player].club or "",
                          tuple(Dropped(v) if n <= ranks.rounds and n in line.dropped else v
                                for n, v in enumerate(line.values, start=1)))
                 for line in ranks.lines[:top])
    legend = []
    if any(line.dropped for line in ranks.lines[:top]):
        legend.append("tra parentesi il risultato scartato")
    if any(v is None for line in ranks.lines[:top] for v in line.values[:ranks.rounds]):
        legend.append("«–»: turno non giocato")
    if legend:
        title += f" ({'; '.join(legend)})"
    return Ranking(title, ranks.columns, rows, len(ranks.lines), ranks.rounds, ranks.note)


def _ranking(source: PostSource, round_no: int, phase: str,
             top: int | None) -> Ranking | None:
    if round_no == source.rounds[-1] and source.final is not None:
        return _ranking_of(source, source.final, "Classifica finale", top)
    if phase == QUALIFYING:
        return _ranking_of(source, source.standings[round_no],
                           f"Classifica dopo il turno {round_no}", top)
    return None


def post_from(source: PostSource, round_no: int | None = None, top: int | None = None,
              now: dt.datetime | None = None, trademark: bool = True) -> Post:
    """The post of round `round_no`. By default the last round drawn when none of its
    results is typed yet (the post announces its tables), else the last round whose
    results are all in. Results are shown only for tables whose results are all typed,
    the standings only once the whole round is played: a post never shows what does not
    exist yet."""
    if round_no is None:
        round_no = default_round(source)
    drawn = source.rounds
    if round_no is None or round_no not in drawn:
        shown = "nessuno" if not drawn else ", ".join(map(str, drawn))
        what = f"per il turno {round_no}" if round_no else "(nessun turno sorteggiato)"
        raise RisikoError(f"niente da pubblicare {what}: turni presenti in Risultati: "
                          f"{shown}", foglio="Risultati", colonna="Turno",
                          **({} if round_no is None else {"valore": round_no}))
    keys = sorted(k for k in source.games if k[0] == round_no)
    upcoming = sorted(k for k in source.games if k[0] == round_no + 1)
    phase = keys[0][1]
    names_form(source)  # a bad «Nomi nei post» is refused even before any name is shown
    game_tables = _game_tables(source, keys)
    played = all(p.points is not None for g in game_tables for p in g.players)
    return Post(
        tournament=source.name,
        club=to_text(source.settings.get("Club organizzatore")) or "",
        venue=to_text(source.settings.get("Sede")) or "",
        round_no=round_no, phase=source.phase_title(phase),
        published=italian_time(now).replace(second=0, microsecond=0),
        appeal_hours=source.formula.appeal_hours, decimals=source.formula.scoring.decimals,
        table_decimals=source.formula.scoring.table_decimals,
        results=game_tables,
        ranking=_ranking(source, round_no, phase, top) if played else None,
        next_tables=_game_tables(source, upcoming),
        # announced: how this round's players qualified; played: the next phase's
        qualified=_qualified(source, round_no + (1 if played else 0), played),
        certificates=_certificates(source, round_no),
        withdrawals=_withdrawals(source),
        trademark=TRADEMARK if trademark else None,
        formula=_formula(source, round_no, phase))


def _formula(source: PostSource, round_no: int, phase: str) -> tuple[str, ...]:
    """The formula in words for the first round's post (003 Art. 2: the formulation
    «sarà comunicata» before play), with the case the first round's field is in."""
    if round_no != 1 or phase != QUALIFYING:
        return ()
    players = source.first_field or len({
        seat.player for (number, stage, _), seats in source.games.items()
        if number == 1 and stage == QUALIFYING for seat in seats})
    chosen = (variant_words(source.variant, players),) if source.variant and players else ()
    return (*chosen, *announce(source.formula, players or None)[1:])


def _qualified(source: PostSource, round_no: int, played: bool = False
               ) -> tuple[Qualified, ...]:
    """The `Qualificati` rows of round `round_no`, each named as posts name players; when
    that round is the phase before the final, also the direct finalists, listed under the
    final's round (as qualified, without the final's game table). After the results of that
    phase (`played`, `round_no` the final's), the finalists who did not play it are the
    direct ones too. In standings order («Pos. classifica»; then by phase and table), a
    row without a place last: a list of who qualified reads best by rank, the seating is
    in the tables."""
    here = [(key, s) for key, seats in source.games.items() if key[0] == round_no
            for s in seats]
    seated = {s.player for _, s in here}
    before_final = bool(here) and here[0][0][1] not in (QUALIFYING, FINAL)
    final = source.phase_title(FINAL)
    before = [(key, s) for key, seats in source.games.items() if key[0] == round_no - 1
              for s in seats]
    after_phase = played and bool(before) and before[0][0][1] not in (QUALIFYING, FINAL)
    out = []
    for q in sorted(source.qualifiers, key=_by_rank):
        ahead = (before_final and q.round_no == str(round_no + 1) and q.phase == final
                 and q.player not in seated)
        if q.round_no != str(round_no) and not ahead:
            continue
        direct = ahead or (after_phase and q.phase == final
                           and q.player not in {s.player for _, s in before})
        out.append(Qualified(q.phase, round_no, "" if ahead else q.game_table,
                             post_name(source, q.player or "") if q.player in source.by_id
                             else q.name, q.club, q.reason, direct))
    return tuple(out)


def _by_rank(q: QualifierLine) -> tuple[bool, float, str, int]:
    table = q.game_table[:-2] if q.game_table.endswith(".0") else q.game_table
    return (q.rank is None, q.rank or 0, q.phase, int(table) if table.isdigit() else 0)


def _certificates(source: PostSource, round_no: int) -> tuple[Certificate, ...]:
    """The engine draws in force for round `round_no` and the next one: of each round
    and phase the last recorded (a redraw or a repair replaces what came before); a
    repair says how many repairs followed the draw, and its moves name the players as
    posts name them."""
    last: dict[tuple[str, str], int] = {}
    repairs: dict[tuple[str, str], int] = {}
    draws = [d for d in source.draws
             if d.round_no in (str(round_no), str(round_no + 1)) and d.fingerprint]
    for i, d in enumerate(draws):
        key = (d.round_no, d.phase or QUALIFYING)
        last[key] = i
        repairs[key] = repairs.get(key, 0) + 1 if d.procedure == REPAIR_LABEL else 0
    out = []
    for key, i in sorted(last.items(), key=lambda item: item[1]):
        d = draws[i]
        note = d.note or ""
        if repairs[key]:
            after = ("dopo 1 riparazione" if repairs[key] == 1
                     else f"dopo {repairs[key]} riparazioni")
            note = f"{after} del sorteggio; l'ultima: " + _named(source, note)
        out.append(Certificate(int(d.round_no), key[1], d.seed, d.fingerprint or "", d.engine,
                               d.procedure, d.quality, note))
    return tuple(out)


def _named(source: PostSource, text: str) -> str:
    """A repair's note («G07 dal tavolo 3 al tavolo 5; G09 ritirato: …») with the player
    who begins each part named as posts name players, the ID after the name (an ID
    elsewhere, «tavolo 3» where IDs are numbers, is left alone)."""
    parts = []
    for part in text.split("; "):
        pid, space, rest = part.partition(" ")
        if pid in source.by_id:
            part = f"{post_name(source, pid)} ({pid}){space}{rest}"
        parts.append(part)
    return "; ".join(parts)


def _withdrawals(source: PostSource) -> tuple[Withdrawal, ...]:
    """Players withdrawn or disqualified after playing (000 Art. 4: the standings leave
    their scores out), in ID order, each with the last round in which he has a result."""
    out = []
    for e in sorted(source.entrants, key=lambda e: e.id):
        if e.state in (WITHDRAWN, DISQUALIFIED):
            played = [key[0] for key, seats in source.games.items() for s in seats
                      if s.player == e.id and s.typed]
            if played:
                out.append(Withdrawal(e.id, post_name(source, e.id), e.state, max(played)))
    return tuple(out)
