"""Reading a list of players to register (`risiko-xl iscrivi FILE --da elenco.csv|.xlsx`).

Columns are found by header, case, accents and spaces aside: Nome, Cognome, Nickname
(or Soprannome), Club, Regione, and optionally ID and Dal turno; other columns are
ignored (and named). A CSV may be separated by `;` or `,` (or tabs), in UTF-8 with or
without BOM or in cp1252 as Excel saves it in Italy. Anything that cannot be read is
refused with one line naming the file, row, column and value: nothing is half-imported.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from pathlib import Path
from typing import Any

from risiko_xl.cells import to_int, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.workbook.players import name_key
from risiko_xl.workbook.register import NewPlayer

HEADERS = {"nome": "Nome", "cognome": "Cognome", "nickname": "Nickname",
           "soprannome": "Nickname", "club": "Club", "regione": "Regione", "id": "ID",
           "dalturno": "Dal turno"}
FIELDS = {"Nome": "first", "Cognome": "last", "Nickname": "nickname", "Club": "club",
          "Regione": "region", "ID": "id"}
LIMIT = 32_767  # characters in an Excel cell


def _header(text: Any) -> str:
    return name_key(str(text or "")).replace(" ", "").replace("_", "")


def read_rows(path: Path) -> list[list[Any]]:
    """The file's rows as cell values (the first non-empty row holds the headers)."""
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        from risiko_xl.workbook.safe_open import load

        book = load(path, read_only=True, data_only=True)
        try:
            return [list(row) for row in book.worksheets[0].iter_rows(values_only=True)]
        finally:
            book.close()
    if suffix not in (".csv", ".txt"):
        raise RisikoError(f"l'elenco «{path.name}» deve essere un file .csv o .xlsx")
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")  # Excel's «CSV» in Italy
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(";,\t", key=first.count)
    return [list(row) for row in csv.reader(io.StringIO(text, newline=""),
                                            delimiter=delimiter)]


def read_list(path: Path) -> tuple[list[NewPlayer], list[str]]:
    """(players, ignored headers) of the list at `path`."""
    path = Path(path)
    rows = read_rows(path)
    start = next((i for i, row in enumerate(rows) if any(to_text(v) for v in row)), None)
    if start is None:
        raise RisikoError(f"l'elenco «{path.name}» è vuoto")
    columns: dict[str, int] = {}
    ignored = []
    for j, value in enumerate(rows[start]):
        known = HEADERS.get(_header(value))
        if known is None:
            if to_text(value):
                ignored.append(str(value).strip())
        elif known in columns:
            raise _error(path, start + 1, str(value), f"colonna «{known}» ripetuta", value)
        else:
            columns[known] = j
    if "Nome" not in columns:
        raise RisikoError(f"l'elenco «{path.name}» non ha la colonna «Nome» nella riga "
                          f"{start + 1} (intestazioni: Nome, Cognome, Nickname, Club, "
                          "Regione; facoltative ID e Dal turno)",
                          valore=", ".join(str(v) for v in rows[start] if to_text(v)) or None)
    players = []
    for i, row in enumerate(rows[start + 1:], start=start + 2):
        values = {h: row[j] if j < len(row) else None for h, j in columns.items()}
        if not any(to_text(v) for v in values.values()):
            continue
        players.append(_player(path, i, values))
    if not players:
        raise RisikoError(f"l'elenco «{path.name}» non contiene giocatori")
    return players, ignored


def _player(path: Path, row: int, values: dict[str, Any]) -> NewPlayer:
    fields: dict[str, Any] = {}
    for header, field in FIELDS.items():
        value = values.get(header)
        text = to_text(value)
        if text is not None:
            bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Cs")),
                       None)
            if bad is not None:
                raise _error(path, row, header, f"carattere di controllo U+{ord(bad):04X}",
                             value)
            if len(text) > LIMIT:
                raise _error(path, row, header, f"testo troppo lungo ({len(text)} caratteri)",
                             text[:20] + "…")
            text = " ".join(text.split())
        fields[field] = text
    if fields["first"] is None:
        raise _error(path, row, "Nome", "manca il nome del giocatore", None)
    if "Dal turno" in values:
        try:
            fields["from_round"] = to_int(values["Dal turno"], "Dal turno", minimum=1)
        except RisikoError as err:
            raise _error(path, row, "Dal turno", err.messaggio, values["Dal turno"]) from None
    return NewPlayer(**fields, where=_where(path, row))


def _where(path: Path, row: int) -> str:
    return f"elenco «{path.name}», riga {row}"


def _error(path: Path, row: int, column: str, problem: str, value: Any) -> RisikoError:
    """One located line: file, row, column, value."""
    return RisikoError(f"{_where(path, row)}, colonna {column}: {problem}", valore=value)
