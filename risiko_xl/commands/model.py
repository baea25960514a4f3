"""What a command is, once for every face: its Italian name, the label of its button and
script, the inputs it reads, the question asked before it changes what exists, the work
(checks and service) and the lines it reports.

A face (the command line, the ribbon, the xlwings Lite scripts) only gathers a `Request`
— from its arguments, the workbook's settings and selection, or a form — answers the
command's `question` its own way (`--forza`, a yes/no box, the «conferma» tick) and shows
the `Report`: printed, in a message box, in Lite's Output panel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from risiko_xl.books.book import Book


@dataclass(frozen=True)
class Request:
    """What a face gathered for a command; each command reads the fields it lists in
    `Command.inputs`. `confirmed`: the organiser has answered yes to the command's
    question. `names(command, round)`: how this face names another command in a line
    that suggests it («risiko-xl referti torneo.xlsx --turno 2», «Stampa referti»)."""

    round_no: int | None = None
    player: str | None = None
    repair: bool = False
    seed: str | None = None
    fmt: str = "bbcode-vb"
    formula: str | None = None
    where: Callable[[int], Path] | None = None  # the score sheets' file for a round
    per_page: int = 1
    top: int | None = None
    sections: tuple[str, ...] | None = None
    trademark: bool = True
    confirmed: bool = False
    file: str = "FILE"
    season: Path | None = None  # the club's season workbook (`stagione`)
    names: Callable[[str, int | None], str] | None = None  # None: by the button


@dataclass(frozen=True)
class Report:
    """What a command did: the lines reported, whether the workbook changed (the face
    saves it), a post's `text` or a `file` written for the face to place or open, and
    whether a check found something wrong (`verifica`: exit code 1, a critical box)."""

    lines: tuple[str, ...] = ()
    changed: bool = True
    text: str | None = None
    file: Path | None = None
    failed: bool = False


def no_question(book: Book, request: Request) -> str | None:
    return None


@dataclass(frozen=True)
class Command:
    """One command. `name`: as typed on the command line (Italian); `label`: its button
    and its Lite script; `phase`: what a terminal shows while it runs; `inputs`: the
    `Request` fields it reads; `setting`: the `Impostazioni` entry the ribbon reads its
    round or player from (emptied after use when `emptied`); `question`: the yes/no
    question asked before it replaces or removes something, None when there is nothing to
    ask; `run`: the checks and the service."""

    name: str
    label: str
    phase: str
    inputs: tuple[str, ...]
    run: Callable[[Book, Request], Report]
    question: Callable[[Book, Request], str | None] = no_question
    setting: str | None = None
    emptied: bool = False
    writes: bool = True
    faces: tuple[str, ...] = field(default=("cli", "ribbon", "lite"))
