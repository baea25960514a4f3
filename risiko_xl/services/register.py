"""Registering players in `Iscritti` (`risiko-xl iscrivi`): one, or a whole list.

Each new player gets the next free ID in the workbook's own style: the prefix most IDs
share and their zero-padding, one above the highest number (`G23` → `G24`, `G99` →
`G100`); an empty workbook starts at `G01` (`G001` for a list of 100 or more). An ID
with the letters and number of one registered (`G3` or `G003` beside `G03`) is refused:
`ritira G3` could not tell them apart. A player already registered (same Nome, Cognome
and Club, case, accents, spaces and the style of apostrophe aside) is refused unless
forced. A late arrival plays from `Dal turno` (default: the next round
not yet drawn). Either every player of a list is registered or none is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError, listed
from risiko_xl.names import player_name, too_long
from risiko_xl.standings.model import ACTIVE, QUALIFYING
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.players import id_key, id_problem, name_key, number_key

NUMBERED = re.compile(r"^(\D*?)(\d+)$")
DEFAULT_PREFIX = "G"


@dataclass(frozen=True)
class NewPlayer:
    """One player to register; `where` locates them in an imported list («riga 5»)."""

    first: str
    last: str | None = None
    nickname: str | None = None
    club: str | None = None
    region: str | None = None
    id: str | None = None
    from_round: int | None = None
    where: str = ""  # «elenco «x.csv», riga 5» for a player of a list
    extras: tuple[tuple[str, object], ...] = ()  # Iscritti's optional columns (the e-mail…)

    def error(self, message: str, column: str, *value: object) -> RisikoError:
        """A refusal located in the list the player comes from, or in Iscritti; the value
        found is named only when given (a value computed, not typed, is not «found»)."""
        found: dict[str, Any] = {"valore": value[0]} if value else {}
        if self.where:
            return RisikoError(f"{self.where}, colonna {column}: {message}", **found)
        return RisikoError(message, foglio=schema.PLAYERS.sheet, colonna=column, **found)

    @property
    def name(self) -> str:
        return " ".join(p for p in (self.first, self.last) if p)


def split_name(full: str, last: str | None = None) -> tuple[str, str | None]:
    """(Nome, Cognome) from «Nome Cognome»: the first word is the first name, the rest
    the surname; `last` given (--cognome «De Luca») takes the words it ends with, or is
    the surname of a first name typed alone. A name of several words that does not end
    with `last` is refused: what was typed would be lost or written twice."""
    words = " ".join(str(full).split())
    if not words:
        raise RisikoError("manca il nome del giocatore")
    if last is not None:
        last = " ".join(last.split())
        if not last:
            raise RisikoError("il cognome è vuoto")
        if words.casefold().endswith(" " + last.casefold()):
            return words[: -len(last) - 1], last
        if " " not in words:
            return words, last
        raise RisikoError(f"il nome «{words}» non finisce con il cognome «{last}»: scrivere "
                          f"il nome completo con --cognome uguale alle sue ultime parole "
                          f"(es. «Maria De Luca» --cognome «De Luca»), oppure il solo nome "
                          f"(«{words.split()[0]}» --cognome «{last}»)")
    first, _, rest = words.partition(" ")
    return first, rest or None


def next_ids(existing: Sequence[str], count: int) -> list[str]:
    """`count` free IDs in the style of `existing` (see the module docstring)."""
    numbered = [(m[1], m[2]) for pid in existing if (m := NUMBERED.match(pid))]
    if numbered:
        prefix = Counter(p for p, _ in numbered).most_common(1)[0][0]
        digits = [d for p, d in numbered if p == prefix]
        width, start = max(len(d) for d in digits), max(int(d) for d in digits) + 1
    else:
        prefix, start = DEFAULT_PREFIX, 1
        width = max(2, len(str(count)))
    taken = {id_key(pid) for pid in existing} | {number_key(pid) for pid in existing}
    out: list[str] = []
    number = start
    while len(out) < count:
        pid = f"{prefix}{number:0{width}d}"
        if id_key(pid) not in taken and number_key(pid) not in taken:
            out.append(pid)
        number += 1
    return out


def _person_key(first: str | None, last: str | None, club: str | None) -> tuple[str, ...]:
    return tuple(name_key(v or "") for v in (first, last, club))


def registered_as(book: Book, players: Sequence[NewPlayer]) -> list[str | None]:
    """For each of `players`, the ID of the «Attivo» player registered with the same Nome,
    Cognome and Club (what `register` refuses as a duplicate), or None."""
    t = load(book)
    active = {_person_key(e.first, e.last, e.club): e.id for e in t.entrants
              if e.state == ACTIVE}
    return [active.get(_person_key(p.first, p.last, p.club)) for p in players]


def register(book: Book, players: Sequence[NewPlayer], force: bool = False) -> list[str]:
    """Append `players` to `Iscritti` (all or none); returns their IDs. RisikoError for an
    ID taken, a player registered twice (unless `force`) or a round already played."""
    t = load(book)
    table = book.read_table(schema.PLAYERS.name)
    drawn = t.rounds_drawn(QUALIFYING)
    default_round = (drawn[-1] + 1) if drawn else 1
    ids = [e.id for e in t.entrants]
    registered = {id_key(e.id): e.id for e in t.entrants}
    numbers = {number_key(e.id): e.id for e in t.entrants if number_key(e.id)}
    people: dict[tuple[str, ...], str] = {}
    for values in table:
        row = values.sheet_row
        pid = to_text(values.get("ID"))
        if pid is not None:
            first, last = to_text(values.get("Nome")), to_text(values.get("Cognome"))
            shown = " ".join(p for p in (first, last) if p)
            people.setdefault(_person_key(first, last, to_text(values.get("Club"))),
                              f"{shown} ({pid}, foglio Iscritti riga {row})")
    fresh = iter(next_ids(ids + [p.id for p in players if p.id], sum(not p.id for p in players)))
    rows: list[dict[str, object]] = []
    out: list[str] = []
    for p in players:
        typed_round = p.from_round
        pid, start = p.id or next(fresh), p.from_round or default_round
        p = replace(p, id=pid, from_round=start)
        problem = id_problem(pid)
        if problem is not None:
            raise p.error(problem, "ID", pid)
        owner = registered.get(id_key(pid))
        if owner is not None:
            raise p.error(f"ID {pid} già assegnato a {owner} ({t.by_id[owner].name})"
                          if owner in t.by_id else f"ID {pid} ripetuto nell'elenco",
                          "ID", pid)
        twin = numbers.get(number_key(pid)) if number_key(pid) else None
        if twin is not None:
            whose = f"{twin} ({t.by_id[twin].name})" if twin in t.by_id else twin
            raise p.error(f"ID {pid} si confonde con {whose}: stesse lettere e stesso "
                          "numero (gli zeri iniziali non contano); sceglierne un altro",
                          "ID", pid)
        problem = too_long(player_name(p.first, p.last, p.nickname) or pid)
        if problem is not None:  # Risultati and Classifica hold it in one cell
            raise p.error(problem, "Cognome" if p.last else "Nome", p.name[:40] + "…")
        key = _person_key(p.first, p.last, p.club)
        if key in people and not force:
            club = f" del club {p.club}" if p.club else ""
            raise p.error(f"{p.name}{club} è già iscritto: {people[key]}; per iscrivere un "
                          "omonimo usare --forza", "Nome", p.name)
        _check_round(t, p, start, drawn, typed_round is not None)
        _check_reach(t, p, start, force)
        registered[id_key(pid)] = pid
        if number_key(pid):
            numbers[number_key(pid)] = pid
        people.setdefault(key, f"{p.name} ({pid}, {p.where or 'questo comando'})")
        rows.append({"ID": pid, "Nome": p.first, "Cognome": p.last, "Nickname": p.nickname,
                     "Club": p.club, "Regione": p.region, "Stato": ACTIVE,
                     "Dal turno": p.from_round, **dict(p.extras)})
        out.append(pid)
    # the sheet's columns, and an optional one (the e-mail, …) a list brings: added
    table.headers = [*table.headers, *(h for h in schema.PLAYER_EXTRAS if h not in
                                       table.headers and any(h in r for r in rows))]
    table.extend({h: row.get(h) for h in table.headers} for row in rows)
    book.write_table(schema.PLAYERS.name, table)
    return out


def _check_round(t: Tournament, p: NewPlayer, start: int, drawn: list[int],
                 typed: bool = True) -> None:
    """A late arrival cannot join a round already played, nor a round beyond the
    formula's preliminary rounds (when they are all drawn, the way in is the last round,
    redrawn or repaired)."""
    rounds = t.formula.standings.rounds
    played = {r.round_no for r in t.rows if r.phase == QUALIFYING and r.seat is not None}
    first_open = max(played, default=0) + 1  # the first round not played
    if drawn and start > rounds:
        if rounds in played:
            problem = (f"i {rounds} turni preliminari sono già tutti giocati: {p.name} non "
                       "giocherebbe nessun turno")
        elif set(range(1, rounds + 1)) <= set(drawn):
            problem = (f"i {rounds} turni preliminari sono già tutti sorteggiati, non c'è un "
                       f"turno successivo: per far giocare {p.name} l'ultimo, iscriverlo con "
                       f"--dal-turno {rounds} e sorteggiare di nuovo (risiko-xl sorteggia "
                       f"--turno {rounds} --forza) o ripararne i tavoli (--ripara)")
        else:
            problem = (f"la formula prevede {rounds} turni preliminari: non c'è un turno "
                       f"{start}; iscrivere {p.name} con --dal-turno da {first_open} "
                       f"a {rounds}")
        raise p.error(problem, "Dal turno", *([start] if typed else []))
    if start in played:
        if first_open > rounds:
            problem = (f"i {rounds} turni preliminari sono già tutti giocati: {p.name} non "
                       "giocherebbe nessun turno")
        else:
            how = (f"--dal-turno {first_open} --ripara: il turno è già sorteggiato e "
                   "--ripara lo siede ai tavoli" if first_open in drawn
                   else f"--dal-turno {first_open}")
            problem = (f"il turno {start} è già giocato: iscrivere {p.name} dal "
                       f"turno {first_open} ({how})")
        raise p.error(problem, "Dal turno", start)


def _check_reach(t: Tournament, p: NewPlayer, start: int, force: bool) -> None:
    """A late arrival who could not play the games the standings ask for is refused
    (Marsala 2011: «Ogni iscritto dovrà disputare almeno due incontri. Non sarà possibile
    iscriversi per disputare un solo incontro»), unless `force`."""
    rules = t.formula.standings
    left = rules.rounds - start + 1
    if force or not rules.min_games or left >= rules.min_games:
        return
    raise p.error(f"dal turno {start} {p.name} giocherebbe al più {left} partit"
                  f"{'a' if left == 1 else 'e'} e la formula ne chiede almeno "
                  f"{rules.min_games} per la classifica («Partite minime per la classifica»): "
                  "per iscriverlo comunque usare --forza", "Dal turno", start)


def late_warning(drawn: list[int], from_round: int, who: Sequence[str] = (),
                 file: str = "FILE", again: str = "…", played: Sequence[int] = ()) -> str | None:
    """The line telling that rounds from `from_round` on were drawn (and not `played`)
    without the new players `who` («G13 Anna Verdi»; none named: «questo giocatore»),
    with the commands on workbook `file` that repair them (`iscrivi` with the arguments
    `again` and --ripara) or redraw them."""
    missed = [n for n in drawn if n >= from_round and n not in played]
    if not missed:
        return None
    if len(who) > 1:
        missing = "questi giocatori: " + ", ".join(who) + ";"
        them = "farli"
    else:
        missing = "questo giocatore" + (f" ({who[0]}):" if who else ":")
        them = "farlo"
    which = (f"il turno {missed[0]} è già sorteggiato" if len(missed) == 1 else
             f"i turni {listed(missed)} sono già sorteggiati")
    redraw = "; ".join(f"risiko-xl sorteggia {file} --turno {n} --forza" for n in missed)
    return (f"Attenzione: {which} senza {missing} per {them} giocare ripararne i tavoli "
            f"con il minimo di spostamenti (risiko-xl iscrivi {file} {again} --ripara) "
            f"oppure sorteggiarli di nuovo ({redraw})")


def id_span(ids: Sequence[str]) -> str:
    """The IDs registered, as a range when they are consecutive («G10–G12», in whatever
    order they came), else listed one by one («A7, B2»)."""
    found = [number_key(pid) for pid in ids]
    keys = [k for k in found if k is not None]
    if len(ids) > 1 and len(keys) == len(ids) and len({k[0] for k in keys}) == 1:
        ordered = sorted(zip(keys, ids))
        numbers = [k[1] for k, _ in ordered]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"{ordered[0][1]}–{ordered[-1][1]}"
    return ", ".join(ids)
