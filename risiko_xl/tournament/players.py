"""Finding a registered player from what someone typed: an ID or a name.

IDs are matched without regard to case or surrounding spaces (a referee or an organiser
who types `g13` or ` G13 ` means `G13`), and on the command line without regard to leading
zeros either (`g3` is `G03` when one player has that number); two registered IDs that
differ only by case are refused where they are read (`records.read_entrants`), so the
match is never ambiguous. A player's exact name (or nickname, as shown) is accepted too
when only one player has it.
A near miss gets «forse intendevi …» (difflib over IDs and names).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Sequence

from risiko_xl.books.table import Table
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError
from risiko_xl.standings.model import Entrant


def id_key(pid: str) -> str:
    """How IDs are compared: case and surrounding spaces aside («g13 » is «G13»)."""
    return str(pid).strip().casefold()


# Characters an ID may not hold: the `Sorteggi` record of the tables («1: G01, G02 | 2:
# …») separates tables by «|», a table's number by «:» and its players by «,»; an ID
# holding one could never be read back. Refused where IDs enter (registration, Iscritti).
ID_SEPARATORS = ",|:"


def id_problem(pid: str) -> str | None:
    """Why `pid` cannot be an ID (it holds a separator of the tables' record), or None."""
    found = [c for c in ID_SEPARATORS if c in str(pid)]
    if not found:
        return None
    return ("un ID non può contenere " + " ".join(f"«{c}»" for c in found)
            + " (caratteri non ammessi negli ID: " + " ".join(f"«{c}»" for c in ID_SEPARATORS)
            + ", separano tavoli e giocatori nel foglio Sorteggi)")


APOSTROPHES = str.maketrans({c: "'" for c in "\u2019\u2018`\u00b4\u02bc\u2032"})


def name_key(text: str) -> str:
    """How names are compared: case, accents, repeated spaces and the style of apostrophe
    aside (`D’Amico`, as Excel's autocorrect writes it, is `D'Amico`)."""
    plain = unicodedata.normalize("NFKD", str(text).translate(APOSTROPHES))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return " ".join(plain.split()).casefold()


def number_key(pid: str) -> tuple[str, int] | None:
    """An ID's letters and number, leading zeros aside («G03» and «g3» → ('g', 3))."""
    match = re.fullmatch(r"([^\W\d_]*)[\s-]*(\d+)", str(pid).strip())
    return (match.group(1).casefold(), int(match.group(2))) if match else None


class IdIndex:
    """The registered IDs, indexed once to read every typed ID of a table (`find`): a
    thousand players' results used to compare each row with every ID."""

    def __init__(self, ids: Sequence[str]) -> None:
        self.exact: dict[str, str] = {}
        self.numbered: dict[tuple[str, int], list[str]] = {}
        for pid in ids:
            self.exact.setdefault(id_key(pid), pid)
            if (number := number_key(pid)) is not None:
                self.numbered.setdefault(number, []).append(pid)

    def find(self, typed: str) -> str | None:
        """The registered ID `typed` means: the same ID in any case and spacing («g13 »),
        else the only one with its letters and number, leading zeros aside («G1» for
        «G01»); None when none (or several) is."""
        exact = self.exact.get(id_key(typed))
        if exact is not None:
            return exact
        if not re.fullmatch(r"[^\W\d_]*\s*[0-9]+", str(typed).strip()):
            return None  # letters, then digits: «G-1» (GestioneTorneo's -1) is not G01
        number = number_key(typed)
        numbered = self.numbered.get(number, []) if number is not None else []
        return numbered[0] if len(numbered) == 1 else None


def registered_id(typed: str, ids: Sequence[str]) -> str | None:
    """The registered ID `typed` means, among `ids` (`IdIndex.find`)."""
    return IdIndex(ids).find(typed)


def suggestion(typed: str, entrants: Sequence[Entrant]) -> str:
    """«: forse intendevi G13?» (or «… G13 (Mario Rossi)?» when the name was close), or
    empty when nothing is close."""
    by_id = {id_key(e.id): e for e in entrants}
    close = difflib.get_close_matches(id_key(typed), list(by_id), n=1, cutoff=0.6)
    if close:
        found = by_id[close[0]]
        return f": forse intendevi {found.id}" + (f" ({found.name})" if found.name else "") + "?"
    by_name = {name_key(e.name): e for e in entrants if e.name}
    close = difflib.get_close_matches(name_key(typed), list(by_name), n=1, cutoff=0.6)
    if close:
        found = by_name[close[0]]
        return f": forse intendevi {found.id} ({found.name})?"
    return ""


def registered_names(players: Table) -> dict[str, tuple[str, ...]]:
    """ID → the names a player is known by in `Iscritti` (Nome Cognome, Nickname)."""
    out: dict[str, tuple[str, ...]] = {}
    for row in players:
        pid = to_text(row.get("ID"))
        if pid is None:
            continue
        full = " ".join(p for p in (to_text(row.get("Nome")), to_text(row.get("Cognome"))) if p)
        out[pid] = tuple(n for n in (full, to_text(row.get("Nickname"))) if n)
    return out


def find_entrant(entrants: Sequence[Entrant], typed: str,
                 names: dict[str, tuple[str, ...]] | None = None) -> Entrant:
    """The player `typed` names: their ID (any case, spaces aside; leading zeros aside when
    only one ID has that number), else their exact name
    or nickname (as shown, or any of `names`) when only one player has it. RisikoError
    with a suggestion otherwise."""
    found = registered_id(typed, [e.id for e in entrants])
    if found is not None:
        return next(e for e in entrants if e.id == found)
    named = [e for e in entrants
             if name_key(typed) in {name_key(n) for n in (e.name, *(names or {}).get(e.id, ()))
                                    if n}]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        raise RisikoError(f"più giocatori si chiamano «{str(typed).strip()}» ("
                          + ", ".join(e.id for e in named) + "): indicare l'ID",
                          foglio="Iscritti", colonna="ID")
    shown = str(typed).strip() or str(typed)
    raise RisikoError(f"ID {shown} non trovato tra gli iscritti{suggestion(typed, entrants)}",
                      foglio="Iscritti", colonna="ID")
