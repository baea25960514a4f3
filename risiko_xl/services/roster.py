"""Reading a list of players to register (`risiko-xl iscrivi FILE --da elenco.csv|.xlsx`).

Columns are found by header, case, accents and spaces aside: Nome, Cognome, Nickname
(or Soprannome), Club, Regione, and optionally ID and Dal turno; other columns are
ignored (and named); a value under no header is refused, never dropped. A CSV may be
separated by `;` or `,` (or tabs, or what Excel's first line `sep=;` says), in UTF-8
with or without BOM, in UTF-16 with BOM (Excel's «Testo Unicode») or in cp1252 as Excel
saves it in Italy. A workbook is read from its active sheet (else its first visible
one), named in the output. Anything that cannot be read is refused with one line naming
the file, row, column and value: nothing is half-imported.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter

from risiko_xl.cells import to_int, to_text
from risiko_xl.errors import RisikoError
from risiko_xl.names import unprintable
from risiko_xl.services.register import NewPlayer
from risiko_xl.tournament.players import name_key
from risiko_xl.typed import CELL_LIMIT

HEADERS = {"nome": "Nome", "cognome": "Cognome", "nickname": "Nickname",
           "soprannome": "Nickname", "club": "Club", "regione": "Regione", "id": "ID",
           "dalturno": "Dal turno"}
FIELDS = {"Nome": "first", "Cognome": "last", "Nickname": "nickname", "Club": "club",
          "Regione": "region", "ID": "id"}


def _header(text: Any) -> str:
    return name_key(str(text or "")).replace(" ", "").replace("_", "")


class Source:
    """Where a list's rows come from: the file and, for a workbook, the sheet read."""

    def __init__(self, path: Path, sheet: str | None = None, others: Sequence[str] = ()):
        self.path, self.sheet, self.others = path, sheet, list(others)

    def __str__(self) -> str:  # «elenco.xlsx», foglio «Iscritti 2026»
        sheet = f", foglio «{self.sheet}»" if self.sheet is not None else ""
        return f"«{self.path.name}»{sheet}"

    def column(self, j: int) -> str:
        """Column `j` (0-based) as the organiser sees it: a letter in Excel, a number in CSV."""
        return get_column_letter(j + 1) if self.sheet is not None else str(j + 1)


def read_rows(path: Path) -> tuple[list[list[Any]], Source]:
    """The file's rows as cell values (the first non-empty row holds the headers) and
    where they come from. Only a regular file is opened (a FIFO would never end); a
    workbook is read from its active sheet when visible, else its first visible one,
    and an Excel error (#N/A, #VALORE!) in it is refused, naming the cell."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise RisikoError(f"l'elenco «{path.name}» non è un file: indicare un file .csv o .xlsx")
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _read_sheet(path)
    if suffix not in (".csv", ".txt"):
        raise RisikoError(f"l'elenco «{path.name}» deve essere un file .csv o .xlsx")
    data = path.read_bytes()
    if data.startswith(b"PK\x03\x04"):
        raise RisikoError(f"l'elenco «{path.name}» è un file Excel, non un CSV: rinominarlo "
                          f"«{path.stem}.xlsx» oppure salvarlo da Excel come CSV")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # Excel's «Testo Unicode»
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise RisikoError(f"l'elenco «{path.name}» non è un testo UTF-16 leggibile") \
                from None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")  # Excel's «CSV» in Italy
    lines = text.splitlines(keepends=True)
    hint = lines[0].strip() if lines else ""
    if len(hint) == 5 and hint.casefold().startswith("sep="):  # Excel's separator line
        delimiter, text = hint[4], "\n" + "".join(lines[1:])  # rows keep their numbers
    else:
        first = next((line for line in lines if line.strip()), "")
        delimiter = max(";,\t", key=first.count)
    rows = [list(row) for row in csv.reader(io.StringIO(text, newline=""),
                                            delimiter=delimiter)]
    return rows, Source(path)


def _read_sheet(path: Path) -> tuple[list[list[Any]], Source]:
    from risiko_xl.files.safe_open import load

    book = load(path, read_only=True, data_only=True)
    try:
        visible = [ws for ws in book.worksheets if ws.sheet_state == "visible"]
        if not visible:
            raise RisikoError(f"l'elenco «{path.name}» non ha fogli visibili")
        active = book.active
        sheet = active if active in visible else visible[0]
        source = Source(path, sheet.title, [ws.title for ws in visible if ws is not sheet])
        rows = []
        for i, row in enumerate(sheet.iter_rows(), start=1):
            for j, cell in enumerate(row):
                if cell.data_type == "e":
                    raise RisikoError(f"elenco {source}, cella {get_column_letter(j + 1)}{i}: "
                                      "errore di Excel al posto di un valore: correggerlo o "
                                      "svuotare la cella", valore=cell.value)
            rows.append([cell.value for cell in row])
        return rows, source
    finally:
        book.close()


def read_list(path: Path) -> tuple[list[NewPlayer], list[str], Source]:
    """(players, ignored headers, where they were read) of the list at `path`. A value
    in a column without a header (or beyond the last one) is refused: nothing typed in
    the list is silently dropped."""
    path = Path(path)
    rows, source = read_rows(path)
    start = next((i for i, row in enumerate(rows) if any(to_text(v) for v in row)), None)
    if start is None:
        others = (": i giocatori sono forse in un altro foglio (" + ", ".join(
            f"«{name}»" for name in source.others) + "), da rendere attivo in Excel"
            if source.others else "")
        raise RisikoError(f"l'elenco {source} è vuoto{others}")
    columns: dict[str, int] = {}
    ignored = []
    header = rows[start]
    for j, value in enumerate(header):
        known = HEADERS.get(_header(value))
        if known is None:
            if to_text(value):
                ignored.append(str(value).strip())
        elif known in columns:
            raise _error(source, start + 1, str(value), f"colonna «{known}» ripetuta", value)
        else:
            columns[known] = j
    if "Nome" not in columns:
        raise RisikoError(f"l'elenco {source} non ha la colonna «Nome» nella riga "
                          f"{start + 1} (intestazioni: Nome, Cognome, Nickname, Club, "
                          "Regione; facoltative ID e Dal turno)",
                          valore=", ".join(str(v) for v in header if to_text(v)) or None)
    named = [j for j, value in enumerate(header) if to_text(value)]
    players = []
    for i, row in enumerate(rows[start + 1:], start=start + 2):
        for j, value in enumerate(row):
            if to_text(value) is None or (j < len(header) and to_text(header[j])):
                continue
            if j > named[-1]:
                raise _error(source, i, source.column(j), "più valori che intestazioni "
                             f"(l'ultima è «{header[named[-1]]}»): il valore andrebbe perso; "
                             "toglierlo o dargli un'intestazione", value)
            raise _error(source, i, source.column(j), "colonna senza intestazione nella "
                         f"riga {start + 1}: il valore andrebbe perso; darle un'intestazione "
                         "o toglierlo", value)
        values = {h: row[j] if j < len(row) else None for h, j in columns.items()}
        if not any(to_text(v) for v in values.values()):
            continue
        players.append(_player(source, i, values))
    if not players:
        raise RisikoError(f"l'elenco {source} non contiene giocatori")
    return players, ignored, source


def _player(path: Source, row: int, values: dict[str, Any]) -> NewPlayer:
    fields: dict[str, Any] = {}
    for header, field in FIELDS.items():
        value = values.get(header)
        text = to_text(value)
        if text is not None:
            bad = unprintable(text)
            if bad is not None:
                raise _error(path, row, header, f"carattere di controllo U+{ord(bad):04X}",
                             value)
            if len(text) > CELL_LIMIT:
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


def _where(source: Source, row: int) -> str:
    return f"elenco {source}, riga {row}"


def _error(path: Source, row: int, column: str, problem: str, value: Any) -> RisikoError:
    """One located line: file, row, column, value."""
    return RisikoError(f"{_where(path, row)}, colonna {column}: {problem}", valore=value)
