"""The season's players (`Giocatori` of the season workbook): each tournament's rows
given their season ID (`season.names`: the national ID, then name and club as written),
the organiser's «Unisci a» applied, «Diverso da» kept, and what only looks alike proposed
on the row it concerns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from risiko_xl.books import season_schema as S
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row, Table
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError, count
from risiko_xl.season import names

SEASON_ID = "S"


def whole(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text_ = to_text(value)
    return int(text_) if text_ and text_.isdigit() else None


def season_ids(rows: Sequence[Mapping[str, Any]], old: list[Row], others: Table,
               players: Table) -> list[str]:
    """Each row's season ID: the one it had when this tournament was added before, if it
    is still the same person (the same name and club, or national ID: a registrant
    corrected in the tournament is matched afresh), else the national ID's, else the one
    of the same name and club as written in another tournament, else a new one."""
    def person(r: Mapping[str, Any] | Row) -> tuple[str, str]:
        return names.exact(to_text(r.get("Giocatore"))), names.exact(to_text(r.get("Club")))

    by_old = {whole(r.get("ID torneo")): r for r in old}
    national: dict[str, str] = {}
    written: dict[tuple[str, str], str] = {}
    for table, by_name in ((others, True), (players, False)):
        for r in table:
            player = to_text(r.get("ID stagione"))
            if not player:
                continue
            if nid := to_text(r.get("ID nazionale")):
                national.setdefault(nid, player)
            if by_name:
                written.setdefault(person(r), player)
    taken = [to_text(r.get("ID stagione")) or "" for r in [*others.rows, *players.rows, *old]]
    last = max((int(p[1:]) for p in taken if p[:1] == SEASON_ID and p[1:].isdigit()), default=0)
    out: list[str] = []
    for values in rows:
        before = by_old.get(values["ID torneo"])
        same = before is not None and (person(before) == person(values) or (
            bool(values["ID nazionale"]) and to_text(before.get("ID nazionale"))
            == values["ID nazionale"]))
        found = (to_text(before.get("ID stagione")) if same and before is not None else None) \
            or national.get(values["ID nazionale"] or "") or written.get(person(values))
        if not found or found in out:
            last += 1
            found = f"{SEASON_ID}{last:03d}"
        out.append(found)
    return out


def ask_merge(season: Book, source: str, target: str) -> None:
    """«Unisci a» `target` written on `source`'s row of Giocatori, as the organiser types
    it (`recompute` checks and applies it)."""
    players = season.read_table(S.PLAYERS.name)
    row = next((r for r in players
                if (to_text(r.get("ID stagione")) or "").upper() == source.upper()), None)
    if row is None:
        raise RisikoError("nessun giocatore con questo ID stagione in Giocatori",
                          foglio=S.PLAYERS.sheet, valore=source)
    row["Unisci a"] = target.upper()
    season.write_table(S.PLAYERS.name, players)


def merge(players: Table, placings: Table, *others: Table) -> list[str]:
    """The organiser's «Unisci a»: the row's player becomes the one named, in every
    tournament's rows (`placings`, and the `others` keeping a season ID: the games),
    checked: an ID of the season, no loop, one national ID."""
    known = {to_text(r.get("ID stagione")) for r in players} | {
        to_text(r.get("ID stagione")) for r in placings}
    into: dict[str, str] = {}
    rows: dict[str, Row] = {}
    for r in players:
        source, target = to_text(r.get("ID stagione")), to_text(r.get("Unisci a"))
        if not source or not target:
            continue
        target = target.strip().upper()
        if target not in known or target == source:
            raise RisikoError("«Unisci a» vuole l'ID stagione di un altro giocatore (per "
                              "esempio S003)", foglio=S.PLAYERS.sheet, riga=r.sheet_row,
                              colonna="Unisci a", valore=r.get("Unisci a"))
        into[source], rows[source] = target, r
    national = {to_text(r.get("ID stagione")): to_text(r.get("ID nazionale")) for r in players}

    def final(player: str) -> str:
        seen = [player]
        while player in into:
            player = into[player]
            if player in seen:
                raise RisikoError("«Unisci a» fa un giro (" + " → ".join([*seen, player]) +
                                  "): toglierne uno", foglio=S.PLAYERS.sheet,
                                  riga=rows[seen[0]].sheet_row, colonna="Unisci a")
            seen.append(player)
        return player

    played: dict[str, set[int | None]] = {}
    for r in placings:
        played.setdefault(to_text(r.get("ID stagione")) or "", set()).add(whole(r.get("Torneo")))
    lines = []
    merged: dict[str, set[int | None]] = {}  # each final player: the tournaments gathered
    for source in into:
        target = final(source)
        a, b = national.get(source), national.get(target)
        gathered = merged.setdefault(target, set(played.get(target, set())))
        both = sorted(n for n in played.get(source, set()) & gathered if n is not None)
        refused = {o.strip().upper() for o in (to_text(rows[source].get("Diverso da")) or "")
                   .split(",")}
        if (a and b and a != b) or both or target in refused:
            raise RisikoError(f"{source} e {target} " + (
                f"hanno ID nazionali diversi ({a}, {b})" if a and b and a != b else
                f"hanno giocato entrambi il torneo {both[0]}" + (
                    "" if both[0] in played.get(target, set()) else
                    f" (con chi è già unito a {target})") if both else
                "sono anche «Diverso da» l'uno dall'altro") + ": non sono la stessa "
                "persona", foglio=S.PLAYERS.sheet, riga=rows[source].sheet_row,
                colonna="Unisci a", valore=target)
        gathered |= played.get(source, set())
        moved = 0
        for table in (placings, *others):
            for r in table:
                if to_text(r.get("ID stagione")) == source:
                    r["ID stagione"] = target
                    moved += table is placings
        lines.append(f"Unito {source} a {target}: {count(moved, 'piazzamento', 'piazzamenti')}")
    return lines


def rebuild(placings: Table, players: Table) -> tuple[Table, list[str]]:
    """`Giocatori` rebuilt from the placings: the name and club of the latest tournament,
    every name written, the organiser's «Diverso da» and own columns kept, and the
    proposals."""
    by_player: dict[str, list[Row]] = {}
    for r in placings:
        if player := to_text(r.get("ID stagione")):
            by_player.setdefault(player, []).append(r)
    before = {to_text(r.get("ID stagione")): r for r in players}
    people, table = [], Table(players.headers)
    for player in sorted(by_player, key=_order):
        own = sorted(by_player[player], key=lambda r: whole(r.get("Torneo")) or 0)
        latest = own[-1]
        written = _distinct(f"{to_text(r.get('Giocatore')) or ''}" + (
            f" ({club})" if (club := to_text(r.get("Club"))) else "") for r in own)
        kept = before.get(player)
        extra = {h: kept.get(h) for h in players.headers
                 if h not in S.PLAYERS.headers} if kept is not None else {}
        national = next((n for r in reversed(own) if (n := to_text(r.get("ID nazionale")))),
                        None) or (to_text(kept.get("ID nazionale")) if kept is not None else None)
        table.append({**extra, "ID stagione": player, "Giocatore": latest.get("Giocatore"),
                      "Club": latest.get("Club"), "ID nazionale": national,
                      "Nomi nei tornei": "; ".join(written),
                      "Diverso da": kept.get("Diverso da") if kept is not None else None})
        people.append(names.Person(player, tuple(_distinct(
            to_text(r.get("Giocatore")) or "" for r in own)), tuple(_distinct(
                to_text(r.get("Club")) or "" for r in own))))
    refused = _refused(table, before)
    nationals = {to_text(r.get("ID stagione")): to_text(r.get("ID nazionale")) for r in table}
    said: dict[str, list[str]] = {}
    lines = []
    pairs = list(names.proposals(people, refused))
    twice: dict[str, names.Person] = {}
    for person in people:  # one national ID, two season players: surely one person
        nid = nationals.get(person.id)
        if nid and nid in twice and frozenset((twice[nid].id, person.id)) not in {
                frozenset(p) for p in refused}:
            pairs.append((twice[nid], person, f"stesso ID nazionale {nid}"))
        elif nid:
            twice[nid] = person
    for a, b, why in pairs:
        if nationals.get(a.id) and nationals.get(b.id) and \
                nationals.get(a.id) != nationals.get(b.id):
            continue  # two national IDs: two people
        said.setdefault(b.id, []).append(f"forse è {a.id} «{a.names[-1]}» ({why}): per "
                                         f"unirli scrivere {a.id} in «Unisci a», se no in "
                                         "«Diverso da»")
        lines.append(f"{b.id} «{b.names[-1]}» forse è {a.id} «{a.names[-1]}» ({why}): "
                     f"scrivere {a.id} in «Unisci a» della riga di {b.id} in Giocatori, "
                     "oppure in «Diverso da»")
    for r in table:
        r["Proposta"] = " | ".join(said.get(to_text(r.get("ID stagione")) or "", [])) or None
    return table, lines


def _refused(table: Table, before: dict[str | None, Row]) -> list[tuple[str, str]]:
    """The pairs the organiser said are two people («Diverso da»: season IDs separated by
    commas), each ID checked."""
    known = {to_text(r.get("ID stagione")) for r in table}
    out = []
    for r in table:
        player = to_text(r.get("ID stagione")) or ""
        for other in (to_text(r.get("Diverso da")) or "").split(","):
            other = other.strip().upper()
            if not other:
                continue
            if other not in known or other == player:
                row = before.get(player)
                raise RisikoError("«Diverso da» vuole gli ID stagione di altri giocatori, "
                                  "separati da virgole (per esempio S003, S012)",
                                  foglio=S.PLAYERS.sheet,
                                  riga=row.sheet_row if row is not None else None,
                                  colonna="Diverso da", valore=r.get("Diverso da"))
            out.append((player, other))
    return out


def _order(player: str) -> tuple[int, str]:
    return (int(player[1:]) if player[1:].isdigit() else 10**9, player)


def _distinct(values: Iterable[str]) -> list[str]:
    out: list[str] = []
    for v in values:
        if v and v not in out:
            out.append(v)
    return out
