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
    NATIONAL,
    TOURNAMENT_POINTS,
    Placing,
    SeasonRow,
    SeasonRules,
    season_standings,
)
from risiko_xl.services.close_out import national_basis
from risiko_xl.services.export_gt import Export
from risiko_xl.services.season_players import merge, rebuild, season_ids, whole
from risiko_xl.services.season_rules import read_rules


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
    numbers = [n for r in tournaments if (n := whole(r.get("N"))) is not None]
    number = whole(same[0].get("N")) if same else None
    number = number if number is not None else max(numbers, default=0) + 1
    placings = season.read_table(S.PLACINGS.name)
    before = {to_text(r.get("ID stagione")) for r in placings}
    old = [r for r in placings if whole(r.get("Torneo")) == number]
    unchanged = bool(same) and to_text(same[0].get("Impronta")) == entry.fingerprint
    kept = Table(placings.headers, [r for r in placings if whole(r.get("Torneo")) != number])
    ids = season_ids(entry.rows, old, kept, season.read_table(S.PLAYERS.name))
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


def recompute(season: Book) -> list[str]:
    """Apply the organiser's merges, rebuild `Giocatori` (with what looks alike proposed)
    and `Classifica` from `Piazzamenti` under `Regole`; the lines to print."""
    rules = read_rules(season)
    placings = season.read_table(S.PLACINGS.name)
    players = season.read_table(S.PLAYERS.name)
    lines = merge(placings, players)
    if lines:
        season.write_table(S.PLACINGS.name, placings)
    rebuilt, proposed = rebuild(placings, players)
    season.write_table(S.PLAYERS.name, rebuilt)
    standings = season_standings(rules, _placings(placings))
    tournaments = sorted({n for r in placings if (n := whole(r.get("Torneo"))) is not None})
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
        number, position, player = whole(r.get("Torneo")), whole(r.get("Pos")), \
            to_text(r.get("ID stagione"))
        if number is None or position is None or not player:
            raise RisikoError("riga incompleta (servono Torneo, Pos e ID stagione): le righe "
                              "di Piazzamenti si scrivono con risiko-xl stagione --aggiungi",
                              foglio=S.PLACINGS.sheet, riga=r.sheet_row)
        out.append(Placing(number, player, position, _fraction(r.get("Punti torneo")),
                           whole(r.get("Partite vinte")) or 0,
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
