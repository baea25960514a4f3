"""`risiko-xl stagione`: the club's season workbook (`books.season_schema`).

A finished tournament enters the season as the national ranking sees it: its
GestioneTorneo model (`export_gt.gestionetorneo_model`: ours, or GestioneTorneo's own
workbook once `importa` has read it), its Classifica Ridotta's positions and the
national points they give (`season.national`). Its rows go to `Piazzamenti`, each with
the season's ID of its player (`season.names`: the national ID, then name and club as
written; what only looks alike is proposed in `Giocatori`, merged by the organiser's
«Unisci a»). Added again (the same name and first day, or the same file), a tournament
replaces its own rows: nothing counts twice. `Classifica` is then recomputed from
`Piazzamenti` under `Regole` (`season.standings`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from risiko_xl.books import season_schema as S
from risiko_xl.books.book import Book
from risiko_xl.books.table import Row, Table
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError, count
from risiko_xl.formulas.cells import decimal_text
from risiko_xl.gestionetorneo.cells import as_date
from risiko_xl.season import names
from risiko_xl.season.national import text
from risiko_xl.season.standings import (
    BY_POSITION,
    DEFAULT_TABLE,
    METHODS,
    NATIONAL,
    TIE_BREAKS,
    TOURNAMENT_POINTS,
    Placing,
    SeasonRow,
    SeasonRules,
    season_standings,
)
from risiko_xl.services.close_out import national_basis
from risiko_xl.services.export_gt import Export

# Regole: each entry, its default and what it says (written in the new workbook)
RULE_ROWS = (
    ("Nome stagione", "", "il titolo della classifica della stagione"),
    ("Punti", BY_POSITION, "come ogni torneo dà i punti: «" + "», «".join(METHODS) + "» (la "
     "tabella qui sotto; il totale della classifica del torneo; i punti del ranking nazionale)"),
    ("Punti per posizione", ", ".join(map(str, DEFAULT_TABLE)),
     "con «posizione»: i punti del 1°, del 2°, …; dopo l'ultimo, 0"),
    ("Punti presenza", 0, "punti in più per ogni torneo giocato"),
    ("Tornei contati", "tutti", "«tutti», oppure N: contano gli N tornei migliori di ognuno"),
    ("Minimo tornei", 1, "tornei da giocare per avere una posizione (gli altri sono elencati "
     "in fondo, senza posizione)"),
    ("Spareggi", "vittorie, miglior piazzamento, tornei giocati",
     "in ordine, fra: " + "; ".join(f"{k} ({v})" for k, v in TIE_BREAKS.items())
     + "; chi resta pari ha la stessa posizione"),
)
SEASON_ID = "S"


def _rule_error(key: str, row: Row | None, text_: str, value: Any) -> RisikoError:
    return RisikoError(f"regola «{key}»: {text_}", foglio=S.RULES.sheet,
                       riga=row.sheet_row if row is not None else None, colonna="Valore",
                       valore=value)


def read_rules(book: Book) -> SeasonRules:
    """`Regole` as `SeasonRules`; a value not understood is refused with its row."""
    rows = {str(r.get("Voce") or "").strip().casefold(): r for r in book.read_table(S.RULES.name)}

    def value(key: str) -> tuple[Any, Row | None]:
        row = rows.get(key.casefold())
        return (row.get("Valore") if row is not None else None), row

    method_cell, row = value("Punti")
    method = (to_text(method_cell) or BY_POSITION).strip().casefold()
    if method not in METHODS:
        raise _rule_error("Punti", row, "ammessi " + ", ".join(f"«{m}»" for m in METHODS),
                          method_cell)
    table_cell, row = value("Punti per posizione")
    try:
        table = tuple(int(v) for v in str(table_cell if table_cell is not None else
                                          ", ".join(map(str, DEFAULT_TABLE)))
                      .replace(";", ",").replace(" ", ",").split(",") if v.strip())
    except ValueError:
        raise _rule_error("Punti per posizione", row, "numeri interi separati da virgole "
                          "(per esempio 25, 18, 15)", table_cell) from None
    presence_cell, row = value("Punti presenza")
    presence = _number("Punti presenza", presence_cell, row, Fraction(0))
    best_cell, row = value("Tornei contati")
    best = None if to_text(best_cell) in (None, "tutti") else _count(
        "Tornei contati", row, best_cell)
    minimum_cell, row = value("Minimo tornei")
    minimum = _count("Minimo tornei", row, minimum_cell, default=1)
    ties_cell, row = value("Spareggi")
    ties = tuple(t.strip().casefold() for t in (to_text(ties_cell) or "").split(",") if t.strip())
    unknown = [t for t in ties if t not in TIE_BREAKS]
    if unknown:
        raise _rule_error("Spareggi", row, f"«{unknown[0]}» non è uno spareggio (ammessi: "
                          + ", ".join(TIE_BREAKS) + ")", ties_cell)
    return SeasonRules(method, table, presence, best, minimum, ties)


def _number(key: str, cell: Any, row: Row | None, default: Fraction) -> Fraction:
    if cell in (None, ""):
        return default
    try:
        return Fraction(str(cell).replace(",", "."))
    except ValueError:
        raise _rule_error(key, row, "serve un numero", cell) from None


def _count(key: str, row: Row | None, cell: Any, default: int | None = None) -> int:
    if cell in (None, "") and default is not None:
        return default
    try:
        n = int(str(cell).strip())
    except ValueError:
        n = 0
    if n < 1:
        raise _rule_error(key, row, "serve un numero intero da 1 in su", cell)
    return n


@dataclass(frozen=True)
class Entry:
    """A tournament as the season takes it: its details and one row per player ranked."""

    name: str
    day: dt.date | None
    formula: str
    kind: str
    tables: int
    rounds: int
    winner_points: str
    rows: tuple[dict[str, Any], ...]

    @property
    def fingerprint(self) -> str:
        """What the season reads of the tournament, hashed: it changes with a result."""
        digest = hashlib.sha256(repr((self.name, self.day, self.kind, self.tables,
                                      self.rounds, self.rows)).encode())
        return digest.hexdigest()[:16]


def entry_of(made: Export) -> Entry:
    """The tournament in `made` as the season reads it."""
    basis = national_basis(made)
    played: dict[int, int] = {}
    for r in made.gt.rounds:
        for table in r.tables:
            for seat in table.seats:
                played[seat.player] = played.get(seat.player, 0) + 1
    rows = tuple({
        "Pos": s.position, "ID torneo": s.player.id,
        "Giocatore": " ".join(filter(None, (s.player.nome, s.player.cognome))),
        "Club": s.player.club or None, "ID nazionale": s.player.id_nazionale or None,
        "Punti torneo": s.total, "Partite": played.get(s.player.id, 0),
        "Partite vinte": s.wins,
        "Punti ranking": basis.points(s.position).quantize(Decimal("0.000001")),
    } for s in made.gt.standings)
    info = made.gt.info
    first = next((d for d in info.dates if d is not None), None)
    winner = text(basis.points(1)) if basis.scored else f"0 ({basis.why_not()})"
    return Entry(info.nome, first, info.formula, info.tipo, basis.tables, basis.rounds, winner,
                 rows)


def add(season: Book, entry: Entry, file: str, now: dt.datetime | None = None) -> list[str]:
    """Add `entry` to the season (or refresh it when it is there already); `recompute`
    makes the standings after."""
    now = now or dt.datetime.now().replace(microsecond=0)
    tournaments = season.read_table(S.TOURNAMENTS.name)
    same = [r for r in tournaments if _same_tournament(r, entry, file)]
    if len(same) > 1:
        raise RisikoError("il torneo corrisponde a più righe di Tornei (per nome e data, o per "
                          "file): lasciarne una sola", foglio=S.TOURNAMENTS.sheet,
                          riga=same[1].sheet_row, valore=entry.name)
    numbers = [n for r in tournaments if (n := _int(r.get("N"))) is not None]
    number = _int(same[0].get("N")) if same else None
    number = number if number is not None else max(numbers, default=0) + 1
    placings = season.read_table(S.PLACINGS.name)
    before = {to_text(r.get("ID stagione")) for r in placings}
    old = [r for r in placings if _int(r.get("Torneo")) == number]
    unchanged = bool(same) and to_text(same[0].get("Impronta")) == entry.fingerprint
    kept = Table(placings.headers, [r for r in placings if _int(r.get("Torneo")) != number])
    ids = _season_ids(entry, old, kept, season.read_table(S.PLAYERS.name))
    for values, player in zip(entry.rows, ids):
        kept.append({**values, "Torneo": number, "ID stagione": player})
    season.write_table(S.PLACINGS.name, kept)
    record = {"N": number, "Torneo": entry.name, "Data": entry.day, "Formula": entry.formula,
              "Tipologia": entry.kind, "Giocatori": len(entry.rows), "Tavoli": entry.tables,
              "Turni": entry.rounds, "Punti ranking del vincitore": entry.winner_points,
              "File": file, "Impronta": entry.fingerprint, "Aggiornato il": now}
    if same:
        for key, value in record.items():
            same[0][key] = value
    else:
        tournaments.append(record)
    season.write_table(S.TOURNAMENTS.name, tournaments)
    new = sum(1 for p in ids if p not in before)
    said = (f"Torneo {number} «{entry.name}» " + (
        "già nella stagione e invariato: righe riscritte, nulla contato due volte"
        if unchanged else "aggiornato: le sue righe precedenti sono sostituite, nulla contato "
        "due volte" if same else "aggiunto") +
        f" ({count(len(entry.rows), 'giocatore', 'giocatori')}, "
        f"{count(new, 'nuovo nella stagione', 'nuovi nella stagione')})")
    return [said]


def _same_tournament(row: Row, entry: Entry, file: str) -> bool:
    day = as_date(row.get("Data"))
    return (names.exact(to_text(row.get("Torneo"))) == names.exact(entry.name)
            and day == entry.day) or (bool(file) and to_text(row.get("File")) == file)


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text_ = to_text(value)
    return int(text_) if text_ and text_.isdigit() else None


def _season_ids(entry: Entry, old: list[Row], others: Table, players: Table) -> list[str]:
    """Each row's season ID: the one it had when this tournament was added before (same
    player of the tournament), else the national ID's, else the one of the same name and
    club as written in another tournament, else a new one."""
    by_old = {_int(r.get("ID torneo")): to_text(r.get("ID stagione")) for r in old}
    national: dict[str, str] = {}
    written: dict[tuple[str, str], str] = {}
    for r in [*others.rows, *players.rows]:
        player = to_text(r.get("ID stagione"))
        if not player:
            continue
        if nid := to_text(r.get("ID nazionale")):
            national.setdefault(nid, player)
        if r in others.rows:
            written.setdefault((names.exact(to_text(r.get("Giocatore"))),
                                names.exact(to_text(r.get("Club")))), player)
    taken = [to_text(r.get("ID stagione")) or "" for r in [*others.rows, *players.rows, *old]]
    last = max((int(p[1:]) for p in taken if p[:1] == SEASON_ID and p[1:].isdigit()), default=0)
    out: list[str] = []
    for values in entry.rows:
        found = by_old.get(values["ID torneo"]) or national.get(values["ID nazionale"] or "") \
            or written.get((names.exact(values["Giocatore"]), names.exact(values["Club"])))
        if not found or found in out:
            last += 1
            found = f"{SEASON_ID}{last:03d}"
        out.append(found)
    return out


def recompute(season: Book) -> list[str]:
    """Apply the organiser's merges, rebuild `Giocatori` (with what looks alike proposed)
    and `Classifica` from `Piazzamenti` under `Regole`; the lines to print."""
    rules = read_rules(season)
    placings = season.read_table(S.PLACINGS.name)
    players = season.read_table(S.PLAYERS.name)
    lines = _merge(placings, players)
    if lines:
        season.write_table(S.PLACINGS.name, placings)
    rebuilt, proposed = _players(placings, players)
    season.write_table(S.PLAYERS.name, rebuilt)
    standings = season_standings(rules, _placings(placings))
    tournaments = sorted({n for r in placings if (n := _int(r.get("Torneo"))) is not None})
    season.write_table(S.STANDINGS.name, _standings_table(standings, rebuilt, tournaments),
                       replace_headers=True)
    ranked = [r for r in standings if r.position is not None]
    lines.append(f"Classifica della stagione: {count(len(tournaments), 'torneo', 'tornei')}, "
                 f"{count(len(ranked), 'giocatore', 'giocatori')} in classifica"
                 + (f", {len(standings) - len(ranked)} con meno di {rules.minimum} tornei"
                    if len(standings) > len(ranked) else "") + f"; punti: {_said(rules)}")
    lines += [f"Da confermare: {line}" for line in proposed]
    return lines


def _said(rules: SeasonRules) -> str:
    how = {BY_POSITION: "per posizione (" + ", ".join(map(str, rules.table[:5])) +
           (", …)" if len(rules.table) > 5 else ")"),
           TOURNAMENT_POINTS: "i punti di ogni torneo",
           NATIONAL: "i punti del ranking nazionale"}[rules.method]
    if rules.presence:
        how += f", più {decimal_text(rules.presence)} per ogni torneo giocato"
    if rules.best_of:
        how += f"; contano i {rules.best_of} tornei migliori"
    return how


def _merge(placings: Table, players: Table) -> list[str]:
    """The organiser's «Unisci a»: the row's player becomes the one named, in every
    tournament's rows (checked: an ID of the season, no loop, one national ID)."""
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

    lines = []
    for source in into:
        target = final(source)
        a, b = national.get(source), national.get(target)
        if a and b and a != b:
            raise RisikoError(f"{source} e {target} hanno ID nazionali diversi ({a}, {b}): "
                              "non sono la stessa persona", foglio=S.PLAYERS.sheet,
                              riga=rows[source].sheet_row, colonna="Unisci a", valore=target)
        moved = 0
        for r in placings:
            if to_text(r.get("ID stagione")) == source:
                r["ID stagione"] = target
                moved += 1
        lines.append(f"Unito {source} a {target}: {count(moved, 'piazzamento', 'piazzamenti')}")
    return lines


def _players(placings: Table, players: Table) -> tuple[Table, list[str]]:
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
        own = sorted(by_player[player], key=lambda r: _int(r.get("Torneo")) or 0)
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
    refused = [(to_text(r.get("ID stagione")) or "", other.strip().upper())
               for r in table for other in (to_text(r.get("Diverso da")) or "").split(",")
               if other.strip()]
    nationals = {to_text(r.get("ID stagione")): to_text(r.get("ID nazionale")) for r in table}
    said: dict[str, list[str]] = {}
    lines = []
    for a, b, why in names.proposals(people, refused):
        if nationals.get(a.id) and nationals.get(b.id):
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


def _order(player: str) -> tuple[int, str]:
    return (int(player[1:]) if player[1:].isdigit() else 10**9, player)


def _distinct(values: Iterable[str]) -> list[str]:
    out: list[str] = []
    for v in values:
        if v and v not in out:
            out.append(v)
    return out


def _fraction(value: Any) -> Fraction:
    """A number of the sheet, exact as typed (a float read back as its shortest form)."""
    if value in (None, ""):
        return Fraction(0)
    if isinstance(value, Fraction | int | Decimal):
        return Fraction(value)
    return Fraction(str(value).replace(",", "."))


def _placings(placings: Table) -> list[Placing]:
    out = []
    for r in placings:
        number, position, player = _int(r.get("Torneo")), _int(r.get("Pos")), \
            to_text(r.get("ID stagione"))
        if number is None or position is None or not player:
            raise RisikoError("riga incompleta (servono Torneo, Pos e ID stagione): le righe "
                              "di Piazzamenti si scrivono con risiko-xl stagione --aggiungi",
                              foglio=S.PLACINGS.sheet, riga=r.sheet_row)
        out.append(Placing(number, player, position, _fraction(r.get("Punti torneo")),
                           _int(r.get("Partite vinte")) or 0,
                           Decimal(str(r.get("Punti ranking") or 0))))
    return out


def _standings_table(rows: list[SeasonRow], players: Table, tournaments: list[int]) -> Table:
    """Classifica: a line per player, each tournament's points in its column «T1», «T2», …
    (in brackets when not counted)."""
    who = {to_text(r.get("ID stagione")): r for r in players}
    columns = [f"T{n}" for n in tournaments]
    table = Table([*S.STANDINGS.headers[:-1], *columns, S.STANDINGS.headers[-1]])
    for row in rows:
        person = who.get(row.player)
        values: dict[str, Any] = {
            "Pos": row.position, "ID stagione": row.player,
            "Giocatore": person.get("Giocatore") if person is not None else None,
            "Club": person.get("Club") if person is not None else None,
            "Punti": _shown(row.points), "Tornei": row.played, "Contati": len(row.counted),
            "Vittorie": row.wins, "Miglior piazzamento": row.best,
            "Partite vinte": row.games_won, "Punti ranking": text(row.national),
            "Note": None if row.position is not None else "meno tornei del minimo"}
        for n in tournaments:
            if n in row.scores:
                shown = _shown(row.scores[n])
                values[f"T{n}"] = shown if n in row.counted else f"({decimal_text(row.scores[n])})"
        table.append(values)
    return table


def _shown(value: Fraction) -> int | float:
    """A season's points in a cell: whole numbers as such, else the decimal value."""
    return value.numerator if value.denominator == 1 else float(value)
