"""The `Sorteggi` audit log and the `Archivio` of replaced rows: nothing is ever lost."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import pandas as pd

from risiko_xl.draw.criteria import LABELS
from risiko_xl.draw.model import QualityItem
from risiko_xl.workbook import schema
from risiko_xl.workbook.book import Book


def timestamp(now: dt.datetime | None = None) -> str:
    """Local date and time as shown in the logs (dd/mm/yyyy hh:mm:ss)."""
    return (now or dt.datetime.now()).strftime("%d/%m/%Y %H:%M:%S")


def quality_text(quality: Sequence[QualityItem]) -> str:
    """'coppie dello stesso club 3 (minimo possibile 3); …' — checkable by anyone."""
    return "; ".join(f"{LABELS.get(q.criterion, q.criterion)} {q.value} "
                     f"(minimo possibile {q.lower_bound})" for q in quality)


def tables_text(tables: Sequence[Sequence[str]], numbers: Sequence[int] = ()) -> str:
    """'1: A, B, C, D | 2: …' — the seating as recorded for replay."""
    numbers = numbers or range(1, len(tables) + 1)
    return " | ".join(f"{n}: {', '.join(ids)}" for n, ids in zip(numbers, tables))


def _parts(text: object) -> list[tuple[str, list[str]]]:
    if not isinstance(text, str):
        return []
    return [(number.strip(), [p.strip() for p in ids.split(",") if p.strip()])
            for number, ids in (part.split(":", 1) for part in text.split("|") if ":" in part)]


def parse_tables(text: object) -> list[list[str]]:
    """The tables of a `tables_text` (in order)."""
    return [ids for _, ids in _parts(text)]


def seating(text: object) -> dict[str, int]:
    """player -> table number, from a `tables_text`."""
    return {pid: int(number) for number, ids in _parts(text) for pid in ids}


def append_rows(book: Book, spec: schema.TableSpec, rows: list[dict[str, Any]]) -> None:
    """Append rows to table `spec` (existing rows and user columns untouched)."""
    if not rows:
        return
    frame = book.read_table(spec.name)
    book.write_table(spec.name, pd.concat([frame, pd.DataFrame(rows)], ignore_index=True))


def log_draw(book: Book, row: dict[str, Any]) -> None:
    append_rows(book, schema.DRAWS, [row])


def archive(book: Book, frame: pd.DataFrame, reason: str, now: dt.datetime | None) -> None:
    """Copy `frame`'s rows (Risultati rows about to be replaced) into `Archivio`."""
    rows = [{**record, "Archiviato il": timestamp(now), "Motivo": reason}
            for record in frame.to_dict("records")]
    append_rows(book, schema.ARCHIVE, rows)
