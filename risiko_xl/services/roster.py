"""Reading a list of players to register (`risiko-xl iscrivi FILE --da elenco.csv|.xlsx`).

Columns are found by header, case, accents and spaces aside: Nome, Cognome, Nickname
(or Soprannome), Club, Regione, and optionally ID and Dal turno; other columns are
ignored (and named); a value under no header is refused, never dropped. A CSV may be
separated by `;` or `,` (or tabs, or what Excel's first line `sep=;` says), in UTF-8
with or without BOM, in UTF-16 with BOM (Excel's «Testo Unicode») or in cp1252 as Excel
saves it in Italy: a list is decoded as what it is, and one whose lines are not all in
one of them is refused naming those lines (`decoded`). A workbook is read from its
active sheet (else its first visible one), named in the output, sparsely
(`files.sparse`: a space left at XFD1048576 costs nothing). Anything that cannot be read
is refused with one line naming the file, row, column and value: nothing is
half-imported.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl.utils import get_column_letter

from risiko_xl.cells import as_date, to_int, to_text
from risiko_xl.errors import RisikoError, listed
from risiko_xl.files import safe_open
from risiko_xl.names import unprintable
from risiko_xl.services.register import NewPlayer
from risiko_xl.tournament.players import name_key
from risiko_xl.typed import CELL_LIMIT, excel_length

HEADERS = {"nome": "Nome", "cognome": "Cognome", "nickname": "Nickname",
           "soprannome": "Nickname", "club": "Club", "regione": "Regione", "id": "ID",
           "dalturno": "Dal turno",
           # what the national ranking asks (`chiudi`), and the season matches players by
           "idnazionale": "ID nazionale", "email": "Email", "e-mail": "Email",
           "mail": "Email", "datadinascita": "Data di nascita", "nascita": "Data di nascita"}
EXTRAS = ("ID nazionale", "Email", "Data di nascita")  # `schema.PLAYER_EXTRAS`
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


Row = dict[int, Any]  # 0-based column -> value, only the cells that hold something
Rows = list[tuple[int, Row]]  # (1-based row number, its cells), in order


def read_rows(path: Path) -> tuple[Rows, Source]:
    """The file's rows that hold something (the first one holds the headers) and where
    they come from. Only a regular file is opened (a FIFO would never end); a workbook is
    read from its active sheet when visible, else its first visible one, and an Excel
    error (#N/A, #VALORE!) or a formula without a saved value in it is refused, naming
    the cell."""
    path = Path(path)
    if path.exists() and not path.is_file():
        raise RisikoError(f"l'elenco «{path.name}» non è un file: indicare un file .csv o .xlsx")
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _read_sheet(path)
    if suffix not in (".csv", ".txt"):
        raise RisikoError(f"l'elenco «{path.name}» deve essere un file .csv o .xlsx")
    data = safe_open.read_file(path)  # a regular file, not above safe_open.MAX_FILE
    if data.startswith(b"PK\x03\x04"):
        raise RisikoError(f"l'elenco «{path.name}» è un file Excel, non un CSV: rinominarlo "
                          f"«{path.stem}.xlsx» oppure salvarlo da Excel come CSV")
    text = decoded(data, path.name)
    lines = text.splitlines(keepends=True)
    hint = lines[0].strip() if lines else ""
    if len(hint) == 5 and hint.casefold().startswith("sep="):  # Excel's separator line
        delimiter, text = hint[4], "\n" + "".join(lines[1:])  # rows keep their numbers
    else:
        first = next((line for line in lines if line.strip()), "")
        delimiter = max(";,\t", key=first.count)
    rows = [(i, {j: value for j, value in enumerate(row) if value})
            for i, row in enumerate(csv.reader(io.StringIO(text, newline=""),
                                               delimiter=delimiter), start=1)]
    return [(i, row) for i, row in rows if row], Source(path)


UTF8_BOM = b"\xef\xbb\xbf"
NAMED_LINES = 10  # at most so many line numbers in a message


def decoded(data: bytes, name: str) -> str:
    """The text of a list, decoded as what it is: UTF-16 with its BOM (Excel's «Testo
    Unicode»); UTF-8 (with or without BOM) when every line is; cp1252 (Excel's «CSV» in
    Italy) when no line is UTF-8 beyond ASCII and the whole file is cp1252. A list in
    UTF-8 with lines that are not (pasted from a file in another encoding), or with bytes
    neither encoding reads, is refused naming those lines: decoding it all as cp1252 would
    turn every «ò» of its UTF-8 lines into «Ã²»."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise RisikoError(f"l'elenco «{name}» non è un testo UTF-16 leggibile") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    lines = data.removeprefix(UTF8_BOM).split(b"\n")  # a UTF-8 sequence never holds \n
    not_utf8 = [n for n, line in enumerate(lines, start=1) if not _decodes(line, "utf-8")]
    utf8 = data.startswith(UTF8_BOM) or any(
        not line.isascii() and _decodes(line, "utf-8") for line in lines)
    if utf8:
        one = len(not_utf8) == 1
        raise RisikoError(f"l'elenco «{name}» è scritto in UTF-8, ma {_lines(not_utf8)} "
                          f"{'non lo è' if one else 'non lo sono'} (forse "
                          f"{'copiata' if one else 'copiate'} da un file in un'altra "
                          f"codifica): {'riscriverla' if one else 'riscriverle'} e salvare "
                          "l'elenco come «CSV UTF-8»; niente è stato iscritto",
                          valore=_shown(lines[not_utf8[0] - 1], "utf-8"))
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        bad = [n for n, line in enumerate(lines, start=1) if not _decodes(line, "cp1252")]
        raise RisikoError(f"l'elenco «{name}» non è un testo leggibile: {_lines(bad)} "
                          f"{'ha' if len(bad) == 1 else 'hanno'} caratteri che non sono né "
                          "UTF-8 né Windows (cp1252); salvarlo da Excel come «CSV UTF-8»",
                          valore=_shown(lines[bad[0] - 1], "cp1252")) from None


def _shown(line: bytes, encoding: str) -> str:
    """A line as the message shows it, each byte that cannot be read as «�» (U+FFFD)."""
    return line.decode(encoding, errors="replace").rstrip("\r")


def _decodes(line: bytes, encoding: str) -> bool:
    try:
        line.decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def _lines(numbers: list[int]) -> str:
    """«la riga 4», «le righe 4 e 9», «le righe 4, 9, … e altre 3»."""
    if len(numbers) == 1:
        return f"la riga {numbers[0]}"
    shown = [str(n) for n in numbers[:NAMED_LINES]]
    if len(numbers) > NAMED_LINES:
        return f"le righe {', '.join(shown)} e altre {len(numbers) - NAMED_LINES}"
    return f"le righe {listed(shown)}"


def _read_sheet(path: Path) -> tuple[Rows, Source]:
    from risiko_xl.files.sparse import ErrorValue, Unsaved, open_sheets

    book = open_sheets(path)
    if not book.visible:
        raise RisikoError(f"l'elenco «{path.name}» non ha fogli visibili")
    sheet = book.active if book.active in book.visible else book.visible[0]
    # the other sheets holding something, hidden ones too: said, never dropped in silence
    source = Source(path, sheet, [name for name in book.names if name != sheet
                                  and next(iter(book.grid(name)), None) is not None])
    grid = book.grid(sheet)
    for row, column, value in grid:
        if isinstance(value, ErrorValue | Unsaved):
            raise RisikoError(f"elenco {source}, cella {get_column_letter(column)}{row}: "
                              f"{value.problem}", valore=getattr(value, "formula", value))
    return [(row, {column - 1: value for column, value in cells.items()})
            for row, cells in grid.rows.items()], source


def read_list(path: Path) -> tuple[list[NewPlayer], list[str], Source]:
    """(players, ignored headers, where they were read) of the list at `path`. A value
    in a column without a header (or beyond the last one) is refused: nothing typed in
    the list is silently dropped."""
    path = Path(path)
    rows, source = read_rows(path)
    start = next((k for k, (_, row) in enumerate(rows) if any(to_text(v) for v in row.values())),
                 None)
    if start is None:
        others = (": i giocatori sono forse in un altro foglio (" + ", ".join(
            f"«{name}»" for name in source.others) + "), da rendere attivo in Excel"
            if source.others else "")
        raise RisikoError(f"l'elenco {source} è vuoto{others}")
    columns: dict[str, int] = {}
    ignored = []
    at, header = rows[start]
    for j, value in sorted(header.items()):
        known = HEADERS.get(_header(value))
        if known is None:
            if to_text(value):
                ignored.append(str(value).strip())
        elif known in columns:
            raise _error(source, at, str(value), f"colonna «{known}» ripetuta", value)
        else:
            columns[known] = j
    if "Nome" not in columns:
        raise RisikoError(f"l'elenco {source} non ha la colonna «Nome» nella riga "
                          f"{at} (intestazioni: Nome, Cognome, Nickname, Club, "
                          "Regione; facoltative ID, Dal turno, ID nazionale, Email e Data di "
                          "nascita)",
                          valore=", ".join(str(v) for _, v in sorted(header.items())
                                           if to_text(v)) or None)
    named = sorted(j for j, value in header.items() if to_text(value))
    players = []
    for i, row in rows[start + 1:]:
        for j, value in sorted(row.items()):
            if to_text(value) is None or to_text(header.get(j)):
                continue
            if j > named[-1]:
                raise _error(source, i, source.column(j), "più valori che intestazioni "
                             f"(l'ultima è «{header[named[-1]]}»): il valore andrebbe perso; "
                             "toglierlo o dargli un'intestazione", value)
            raise _error(source, i, source.column(j), "colonna senza intestazione nella "
                         f"riga {at}: il valore andrebbe perso; darle un'intestazione "
                         "o toglierlo", value)
        values = {h: row.get(j) for h, j in columns.items()}
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
            if excel_length(text) > CELL_LIMIT:
                raise _error(path, row, header, "testo troppo lungo "
                             f"({excel_length(text)} caratteri)",
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
    extras = []
    for header in EXTRAS:
        value = values.get(header)
        if to_text(value) is None:
            continue
        if header == "Data di nascita":
            if as_date(value) is None:
                raise _error(path, row, header, "non è una data (gg/mm/aaaa)", value)
            value = as_date(value)
        else:
            value = " ".join(str(to_text(value)).split())
            bad = unprintable(value)
            if bad is not None or excel_length(value) > 254:
                raise _error(path, row, header, "carattere di controllo o testo troppo lungo",
                             value[:40])
        extras.append((header, value))
    return NewPlayer(**fields, where=_where(path, row), extras=tuple(extras))


def _where(source: Source, row: int) -> str:
    return f"elenco {source}, riga {row}"


def _error(path: Source, row: int, column: str, problem: str, value: Any) -> RisikoError:
    """One located line: file, row, column, value."""
    return RisikoError(f"{_where(path, row)}, colonna {column}: {problem}", valore=value)
