"""A player absent for one preliminary round (`risiko-xl assente`): 003 Art. 4 «sarà
ESCLUSO dalla composizione dei tavoli», 000 Art. 5. The round counts 0 for him (the
first result dropped where results are dropped); he plays the rounds after it.

Before the round is drawn his `Stato` becomes «Assente» and the draw leaves him out (and
sets him «Attivo» again for the round after). A round already drawn and not played is
mended with the fewest moves, as for a withdrawal (`repair_round`). `--annulla` undoes
either: «Attivo» again, or the round mended to seat him as a late arrival.
"""

from __future__ import annotations

from risiko_xl.books import schema
from risiko_xl.books.book import Book
from risiko_xl.errors import RisikoError
from risiko_xl.services.repair_round import repair_round
from risiko_xl.standings.model import ABSENT, ACTIVE, QUALIFYING
from risiko_xl.tournament.loading import Tournament, load
from risiko_xl.tournament.players import find_entrant, registered_names


def _round_of(t: Tournament, asked: int | None) -> tuple[int, bool]:
    """The round the absence is for and whether it is drawn: `asked`, else the round of
    tonight (the last drawn and not played), else the next one to draw."""
    drawn = t.rounds_drawn()
    played = {r.round_no for r in t.rows if r.phase == QUALIFYING and r.seat is not None}
    rounds = t.formula.standings.rounds
    if asked is None:
        pending = [n for n in drawn if n not in played]
        asked = pending[-1] if pending else (max(drawn, default=0) + 1)
    if not 1 <= asked <= rounds:
        raise RisikoError(f"i turni preliminari vanno da 1 a {rounds}", valore=asked)
    if asked in played:
        raise RisikoError(f"il turno {asked} ha già risultati inseriti: un'assenza si segna "
                          "prima di giocarlo", valore=asked)
    if asked not in drawn and asked != max(drawn, default=0) + 1:
        raise RisikoError(f"si segna l'assenza per il prossimo turno da sorteggiare "
                          f"({max(drawn, default=0) + 1}) o per uno già sorteggiato e non "
                          "giocato", valore=asked)
    return asked, asked in drawn


def mark_absent(book: Book, typed: str, round_no: int | None = None,
                undo: bool = False) -> list[str]:
    """`risiko-xl assente`: the player out of one round, or back in it with `undo`."""
    t = load(book)
    entrant = find_entrant(t.entrants, typed, registered_names(book.read_table(
        schema.PLAYERS.name)))
    round_no, drawn = _round_of(t, round_no)
    seated = {r.player for r in t.rows if r.phase == QUALIFYING and r.round_no == round_no}
    if drawn:
        if undo == (entrant.id in seated):
            state = "siede già" if undo else "non siede"
            raise RisikoError(f"{entrant.name} {state} ai tavoli del turno {round_no}",
                              valore=entrant.id)
        if entrant.state != ACTIVE:
            raise RisikoError(f"{entrant.name} è «{entrant.state}» in Iscritti",
                              foglio="Iscritti", riga=entrant.row, colonna="Stato",
                              valore=entrant.state)
        moves = repair_round(book, round_no, arrived=[entrant.id]) if undo else \
            repair_round(book, round_no, withdrawn=[entrant.id], why_gone="assente")
        said = "rimesso ai tavoli" if undo else "assente (tolto dai tavoli)"
        return [f"{entrant.name} ({entrant.id}) {said} del turno {round_no}: il turno "
                f"{'conta' if undo else 'vale 0'} per lui", *moves]
    want, have = (ACTIVE, ABSENT) if undo else (ABSENT, ACTIVE)
    if entrant.state != have:
        raise RisikoError(f"{entrant.name} è «{entrant.state}» in Iscritti" + (
            "" if undo else ": l'assenza si segna per un giocatore «Attivo»"),
            foglio="Iscritti", riga=entrant.row, colonna="Stato", valore=entrant.state)
    players = book.read_table(schema.PLAYERS.name)
    next(r for r in players if r.sheet_row == entrant.row)["Stato"] = want
    book.write_table(schema.PLAYERS.name, players)
    if undo:
        return [f"{entrant.name} ({entrant.id}) di nuovo «{ACTIVE}»: sarà sorteggiato al "
                f"turno {round_no}"]
    return [f"{entrant.name} ({entrant.id}) «{ABSENT}» per il turno {round_no}: resta fuori "
            f"dai tavoli (il turno vale 0) e torna «{ACTIVE}» per il turno dopo (003 Art. 4, "
            "000 Art. 5); «--annulla» cancella l'assenza"]
