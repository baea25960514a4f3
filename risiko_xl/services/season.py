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
from risiko_xl.cells import as_date, to_text
from risiko_xl.errors import RisikoError, count
from risiko_xl.formulas.cells import decimal_text
from risiko_xl.names import neutral_bidi
from risiko_xl.season import names
from risiko_xl.season.board import BoardLine, SeasonBoard, Skipped
from risiko_xl.season.national import shown
from risiko_xl.season.rating import Strength, ratings
from risiko_xl.season.standings import (
    BY_POSITION,
    NATIONAL,
    TOURNAMENT_POINTS,
    Placing,
    SeasonRow,
    SeasonRules,
    season_standings,
)
from risiko_xl.season.standings import leaders as season_leaders
from risiko_xl.services.close_out import declared_basis, guessed_type, national_basis
from risiko_xl.services.export_gt import Export
from risiko_xl.services.season_players import merge, rebuild, season_ids, whole
from risiko_xl.services.season_rules import MAX_POINTS, read_rules


@dataclass(frozen=True)
class Entry:
    """A tournament as the season takes it: its details and one row per player ranked."""

    name: str
    day: dt.date | None
    formula: str
    kind: str
    tables: int
    rounds: int
    winner_points: float | None  # the national points of the winner (None: none)
    why_not: str  # why the tournament gives no national points
    rows: tuple[dict[str, Any], ...]
    # every table played, in order: (round, phase, table, ((GestioneTorneo's number, place), …))
    games: tuple[tuple[int, str, int, tuple[tuple[int, int], ...]], ...] = ()

    @property
    def fingerprint(self) -> str:
        """What the season reads of the tournament, hashed: it changes with a result."""
        digest = hashlib.sha256(repr((self.name, self.day, self.kind, self.tables,
                                      self.rounds, self.rows, self.games)).encode())
        return digest.hexdigest()[:16]


def entry_of(made: Export) -> Entry:
    """The tournament in `made` as the season reads it: the positions of GestioneTorneo's
    Classifica Ridotta, every game played (final phases too, sheets or not) and the
    national points, none where the type is only the closest GestioneTorneo reads."""
    basis, scored = national_basis(made), declared_basis(made)
    games: dict[int, list[int]] = {}
    tables: dict[tuple[int, str, int], list[tuple[int, int]]] = {}
    for g in sorted(made.tournament.results, key=lambda g: (g.round_no, g.table, g.position)):
        number = made.numbers[g.player]
        games.setdefault(number, []).append(g.position)
        tables.setdefault((g.round_no, g.phase, g.table), []).append((number, g.position))
    rows = tuple({
        "Pos": s.position, "ID torneo": s.player.id,
        "Giocatore": _plain(" ".join(filter(None, (s.player.nome, s.player.cognome)))),
        "Club": _plain(s.player.club) or None, "ID nazionale": s.player.id_nazionale or None,
        "Punti torneo": float(s.total), "Partite": len(games.get(s.player.id, ())),
        "Partite vinte": games.get(s.player.id, []).count(1),
        "Punti ranking": float(scored.points(s.position).quantize(Decimal("0.000001")))
        if scored else 0.0,
    } for s in made.gt.standings)
    info = made.gt.info
    first = next((d for d in info.dates if d is not None), None)
    return Entry(_plain(info.nome), first, info.formula, info.tipo, basis.tables, basis.rounds,
                 float(shown(scored.points(1))) if scored else None,
                 basis.why_not() or guessed_type(made), rows,
                 tuple((n, phase, table, tuple(seats))
                       for (n, phase, table), seats in tables.items()))


def _plain(text: str | None) -> str:
    """A name as the season writes it: on one line, without the bidirectional controls
    that would lay it out backwards (typed straight into a tournament's Iscritti, which
    `iscrivi` would have refused)."""
    return " ".join(neutral_bidi(text or "").split())


def add(season: Book, entry: Entry, file: str, now: dt.datetime | None = None) -> list[str]:
    """Add `entry` to the season (or refresh it when it is there already); `recompute`
    makes the standings after."""
    now = now or dt.datetime.now().replace(microsecond=0)
    tournaments = season.read_table(S.TOURNAMENTS.name)
    same = [r for r in tournaments if _same_tournament(r, entry)]
    if len(same) > 1:
        raise RisikoError("il torneo corrisponde a più righe di Tornei (stesso nome e stessa "
                          "data): lasciarne una sola", foglio=S.TOURNAMENTS.sheet,
                          riga=same[1].sheet_row, valore=entry.name)
    if same and to_text(same[0].get("Impronta")) == entry.fingerprint:  # rows, notes kept
        return [f"Torneo {to_text(same[0].get('N'))} «{to_text(same[0].get('Torneo'))}» già "
                "nella stagione e invariato: nulla da cambiare, nulla contato due volte"]
    reused = [r for r in tournaments if not same and to_text(r.get("File")) == file]
    numbers = [n for r in tournaments if (n := whole(r.get("N"))) is not None]
    number = whole(same[0].get("N")) if same else None
    number = number if number is not None else max(numbers, default=0) + 1
    placings = season.read_table(S.PLACINGS.name)
    before = {to_text(r.get("ID stagione")) for r in placings}
    old = [r for r in placings if whole(r.get("Torneo")) == number]
    kept = Table(placings.headers, [r for r in placings if whole(r.get("Torneo")) != number])
    ids = season_ids(entry.rows, old, kept, season.read_table(S.PLAYERS.name))
    for values, player in zip(entry.rows, ids):
        kept.append({**values, "Torneo": number, "ID stagione": player})
    season.write_table(S.PLACINGS.name, kept)
    _write_games(season, number, entry, dict(zip((r["ID torneo"] for r in entry.rows), ids)))
    record = {"N": number, "Torneo": entry.name, "Data": entry.day, "Formula": entry.formula,
              "Tipologia": entry.kind, "Giocatori": len(entry.rows), "Tavoli": entry.tables,
              "Turni": entry.rounds, "Punti ranking del vincitore": entry.winner_points,
              "Note": entry.why_not or None, "File": file, "Impronta": entry.fingerprint,
              "Aggiornato il": now}
    if same:
        for key, value in record.items():
            same[0][key] = value
    else:
        tournaments.append(record)
    season.write_table(S.TOURNAMENTS.name, tournaments)
    new = sum(1 for p in ids if p not in before)
    said = (f"Torneo {number} «{entry.name}» " + (
        "aggiornato: le sue righe precedenti sono sostituite, nulla contato due volte"
        if same else "aggiunto") +
        f" ({count(len(entry.rows), 'giocatore', 'giocatori')}, "
        f"{count(new, 'nuovo nella stagione', 'nuovi nella stagione')})")
    return [said, *(f"Il file {file} era già quello del torneo {whole(r.get('N'))} «"
                    f"{to_text(r.get('Torneo'))}»: nome o data diversi, quindi è un altro "
                    "torneo e quello resta (se era lo stesso torneo con il nome o la data "
                    "corretti, cancellarne la riga in Tornei e le sue righe in Piazzamenti "
                    "e Partite)" for r in reused)]


def _write_games(season: Book, number: int, entry: Entry, ids: dict[int, str]) -> None:
    """`Partite`: the tournament's games replace its earlier ones, each seat with its
    season ID (a seat of a player not ranked, as one disqualified, without)."""
    games = season.read_table(S.GAMES.name)
    kept = Table(games.headers, [r for r in games if whole(r.get("Torneo")) != number])
    for round_no, phase, table, seats in entry.games:
        for player, place in seats:
            kept.append({"Torneo": number, "Turno": round_no, "Fase": phase, "Tavolo": table,
                         "ID torneo": player, "Posizione": place,
                         "ID stagione": ids.get(player)})
    season.write_table(S.GAMES.name, kept)


def _same_tournament(row: Row, entry: Entry) -> bool:
    """The same tournament: the same name and first day, or the very same games and
    placings (its «Impronta»: a name edited in `Tornei` does not make it another). The
    same file alone is not (a club's «serata.xlsx» holds a new evening each week)."""
    if to_text(row.get("Impronta")) == entry.fingerprint:
        return True
    day = as_date(row.get("Data"))
    return names.exact(to_text(row.get("Torneo"))) == names.exact(entry.name) \
        and day == entry.day


def recompute(season: Book) -> tuple[list[str], SeasonBoard]:
    """Apply the organiser's merges, rebuild `Giocatori` (with what looks alike proposed)
    and `Classifica` from `Piazzamenti` under `Regole`: the lines to print, and the season
    as the posts, the room screen and the chart show it."""
    rules = read_rules(season)
    placings = season.read_table(S.PLACINGS.name)
    players = season.read_table(S.PLAYERS.name)
    games = season.read_table(S.GAMES.name)
    tournaments = season.read_table(S.TOURNAMENTS.name)
    lines = merge(players, placings, games)
    if lines:
        season.write_table(S.PLACINGS.name, placings)
        season.write_table(S.GAMES.name, games)
    rebuilt, proposed = rebuild(placings, players)
    season.write_table(S.PLAYERS.name, rebuilt)
    counted = _placings(placings, tournaments)
    standings = season_standings(rules, counted)
    day = _days(tournaments)
    numbers = sorted({p.tournament for p in counted})
    strength = ratings(_games(games, day))
    season.write_table(S.STANDINGS.name,
                       _standings_table(standings, rebuilt, numbers, strength, rules),
                       replace_headers=True)
    ranked = [r for r in standings if r.position is not None]
    lines.append(f"Classifica della stagione: {count(len(numbers), 'torneo', 'tornei')}, "
                 f"{count(len(ranked), 'giocatore', 'giocatori')} in classifica"
                 + (f", {len(standings) - len(ranked)} con meno di {rules.minimum} tornei"
                    if len(standings) > len(ranked) else "") + f"; punti: {_said(rules)}")
    formulas = sorted({f for r in tournaments if (f := to_text(r.get("Formula")))})
    if rules.method == TOURNAMENT_POINTS and len(formulas) > 1:
        lines.append("Attenzione: con «punti torneo» si sommano i punti di formule diverse ("
                     + ", ".join(formulas) + "), che hanno scale diverse (un millesimo del "
                     "Master contro i punti pieni di un Open): per una classifica comune "
                     "meglio «posizione» o «ranking nazionale»")
    lines += [f"Da confermare: {line}" for line in proposed]
    order = sorted(numbers, key=lambda n: (day.get(n, dt.date.max), n))
    return lines, _board(season, rules, counted, standings, rebuilt, tournaments, order,
                         strength)


def _board(season: Book, rules: SeasonRules, counted: list[Placing],
           standings: list[SeasonRow], players_table: Table, tournaments: Table,
           order: list[int], strength: dict[str, Strength]) -> SeasonBoard:
    """The season as every face shows it, from what `recompute` computed."""
    players = {to_text(r.get("ID stagione")): r for r in players_table}
    names_of = {p: to_text(r.get("Giocatore")) or p for p, r in players.items() if p}
    numbers = sorted(order)
    columns = (*(f"T{n}" for n in numbers), "Punti", "Tornei", "Vittorie",
               "Miglior piazzamento", "Punti ranking", "Valutazione")
    lines = []
    for row in standings:
        person = players.get(row.player)
        rating = strength.get(row.player)
        per = tuple((_value(row.scores[n], rules) if n in row.counted else Skipped(_value(
            row.scores[n], rules))) if n in row.scores else None for n in numbers)
        lines.append(BoardLine(row.position, row.player, names_of.get(row.player, row.player),
                               (to_text(person.get("Club")) if person is not None else None)
                               or "", (*per, _value(row.points, rules), row.played, row.wins,
                                       row.best, shown(row.national),
                                       None if rating is None else
                                       Decimal(str(round(rating.ordinal, 1))))))
    name = to_text(next((r.get("Valore") for r in season.read_table(S.RULES.name)
                         if to_text(r.get("Voce")) == "Nome stagione"), None)) or "Stagione"
    leaders = [(names_of.get(p, p), at) for p, at in season_leaders(rules, counted, order)]
    titles = {whole(r.get("N")): (to_text(r.get("Torneo")) or "", as_date(r.get("Data")))
              for r in tournaments}
    legend = "; ".join(  # «T3: Open di novembre (08/11/2026)»
        f"T{n}: {title}" + (f" ({when:%d/%m/%Y})" if when else "")
        for n in numbers for title, when in (titles.get(n, ("", None)),))
    ties = ", ".join(rules.tie_breaks) or "nessuno"
    return SeasonBoard(name, len(numbers), columns, tuple(lines), len(numbers),
                       f"Punti: {_said(rules)}. In classifica chi ha giocato almeno "
                       f"{count(rules.minimum, 'torneo', 'tornei')} («–» gli altri); a pari "
                       f"punti: {ties}, poi stessa posizione. {legend}.", tuple(leaders))


def _value(points: Fraction, rules: SeasonRules) -> Fraction | int | Decimal:
    """A season's points as shown: the national ranking's with one decimal, half down (as
    the RCU shows a sum of exact points), others exact."""
    if rules.method == NATIONAL:
        return shown(Decimal(points.numerator) / Decimal(points.denominator))
    return points.numerator if points.denominator == 1 else points


def _said(rules: SeasonRules) -> str:
    how = {BY_POSITION: "per posizione (" + ", ".join(map(str, rules.table[:5])) +
           (", …)" if len(rules.table) > 5 else ")"),
           TOURNAMENT_POINTS: "i punti di ogni torneo",
           NATIONAL: "i punti del ranking nazionale"}[rules.method]
    if rules.presence:
        how += (f", più {decimal_text(rules.presence)} per ogni torneo giocato"
                + (" (anche quelli non contati)" if rules.best_of else ""))
    if rules.best_of:
        how += f"; contano i {rules.best_of} tornei migliori"
    return how


def _fraction(row: Row, header: str) -> Fraction:
    """A number of Piazzamenti, exact as written (a float read back as its shortest form);
    a value that is no number, or beyond what a tournament gives, refused with its cell."""
    value = row.get(header)
    if value in (None, ""):
        return Fraction(0)
    try:
        number = Fraction(value) if isinstance(value, int | Decimal) and \
            not isinstance(value, bool) else Fraction(str(value).replace(",", "."))
    except (ValueError, OverflowError):
        number = None
    if number is None or abs(number) > MAX_POINTS:
        raise RisikoError(f"serve un numero (al massimo {MAX_POINTS:_})".replace("_", ".")
                          + ": le righe di Piazzamenti si scrivono con risiko-xl stagione "
                          "--aggiungi", foglio=S.PLACINGS.sheet, riga=row.sheet_row,
                          colonna=header, valore=value)
    return number


def _count_cell(row: Row, header: str) -> int:
    """A count of Piazzamenti (games played, won): a whole number from 0, else refused."""
    value = row.get(header)
    number = whole(value) if value not in (None, "") else 0
    if number is None or number < 0 or number > MAX_POINTS:
        raise RisikoError("serve un numero intero da 0 in su: le righe di Piazzamenti si "
                          "scrivono con risiko-xl stagione --aggiungi", foglio=S.PLACINGS.sheet,
                          riga=row.sheet_row, colonna=header, valore=value)
    return number


def _placings(placings: Table, tournaments: Table) -> list[Placing]:
    """Piazzamenti read back, each row checked: a tournament of Tornei, a place from 1, a
    season ID, a player once per tournament."""
    known = {n for r in tournaments if (n := whole(r.get("N"))) is not None}
    out, seen = [], set()
    for r in placings:
        number, position, player = whole(r.get("Torneo")), whole(r.get("Pos")), \
            to_text(r.get("ID stagione"))
        missing = next((h for h, v in (("Torneo", number), ("Pos", position),
                                       ("ID stagione", player)) if not v), None)
        problem = (f"serve {'un numero intero' if missing != 'ID stagione' else 'un ID'}"
                   if missing else
                   f"il torneo {number} non è nel foglio Tornei" if number not in known else
                   "la posizione parte da 1" if position is not None and position < 1 else
                   f"{player} è già in classifica nel torneo {number}"
                   if (number, player) in seen else None)
        if problem:
            raise RisikoError(problem + ": le righe di Piazzamenti si scrivono con risiko-xl "
                              "stagione --aggiungi", foglio=S.PLACINGS.sheet,
                              riga=r.sheet_row, colonna=missing or "Torneo",
                              **({"valore": r.get(missing)} if missing else {}))
        games, won = _count_cell(r, "Partite"), _count_cell(r, "Partite vinte")
        national = _fraction(r, "Punti ranking")
        if won > games or national < 0:
            raise RisikoError("partite vinte più delle giocate, o punti ranking negativi: le "
                              "righe di Piazzamenti si scrivono con risiko-xl stagione "
                              "--aggiungi", foglio=S.PLACINGS.sheet, riga=r.sheet_row,
                              colonna="Partite vinte" if won > games else "Punti ranking")
        assert number is not None and position is not None and player is not None
        seen.add((number, player))
        out.append(Placing(number, player, position, _fraction(r, "Punti torneo"), won,
                           Decimal(national.numerator) / Decimal(national.denominator)))
    return out


def _days(tournaments: Table) -> dict[int | None, dt.date]:
    """Each tournament's first day (undated ones last): the season's order of play."""
    return {whole(r.get("N")): as_date(r.get("Data")) or dt.date.max for r in tournaments}


def _games(games: Table, day: dict[int | None, dt.date]) -> list[list[tuple[str, int]]]:
    """Every table of the season in the order played: by the tournament's first day
    (`day`; then its number), round and table; the seats of players the season knows."""
    tables: dict[tuple[Any, ...], list[tuple[str, int]]] = {}
    for r in games:
        number, player, place = whole(r.get("Torneo")), to_text(r.get("ID stagione")), \
            whole(r.get("Posizione"))
        if number is None or not player or place is None:
            continue
        key = (day.get(number, dt.date.max), number, whole(r.get("Turno")) or 0,
               to_text(r.get("Fase")) or "", whole(r.get("Tavolo")) or 0)
        tables.setdefault(key, []).append((player, place))
    return [tables[key] for key in sorted(tables)]


def _standings_table(rows: list[SeasonRow], players: Table, tournaments: list[int],
                     strength: dict[str, Strength], rules: SeasonRules) -> Table:
    """Classifica: a line per player, each tournament's points in its column «T1», «T2», …
    (in brackets when not counted), and the strength rating (`season.rating`)."""
    who = {to_text(r.get("ID stagione")): r for r in players}
    columns = [f"T{n}" for n in tournaments]
    table = Table([*S.STANDINGS.headers[:-1], *columns, S.STANDINGS.headers[-1]])
    for row in rows:
        person = who.get(row.player)
        values: dict[str, Any] = {
            "Pos": row.position, "ID stagione": row.player,
            "Giocatore": person.get("Giocatore") if person is not None else None,
            "Club": person.get("Club") if person is not None else None,
            "Punti": _shown(row.points, rules), "Tornei": row.played,
            "Contati": len(row.counted),
            "Vittorie": row.wins, "Miglior piazzamento": row.best,
            "Partite vinte": row.games_won, "Punti ranking": float(shown(row.national)),
            "Valutazione": round(strength[row.player].ordinal, 1)
            if row.player in strength else None,
            "Note": None if row.position is not None else "meno tornei del minimo"}
        for n in tournaments:
            if n in row.scores:
                cell = _shown(row.scores[n], rules)
                values[f"T{n}"] = cell if n in row.counted else \
                    f"({str(cell).replace('.', ',')})"
        table.append(values)
    return table


def _shown(value: Fraction, rules: SeasonRules) -> int | float:
    """A season's points in a cell: whole numbers as such, else the decimal value (the
    national ranking's with one decimal)."""
    shown_value = _value(value, rules)
    return shown_value if isinstance(shown_value, int) else float(shown_value)
