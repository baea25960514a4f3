"""`pubblica`: the sections chosen with `--sezioni`, and every format written at once."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from risiko_xl.cli.terminal import on_book
from risiko_xl.errors import RisikoError
from risiko_xl.publish import SECTIONS as POST_SECTIONS


def post_sections(args: argparse.Namespace) -> tuple[str, ...] | None:
    """`--sezioni a,b`: the chosen sections (None: the post's own choice); a list that
    names none is refused rather than giving an empty post."""
    if args.sezioni is None:
        return None
    chosen = tuple(part.strip() for part in args.sezioni.split(",") if part.strip())
    if not chosen:
        raise RisikoError("--sezioni non nomina nessuna sezione: indicarne almeno una fra "
                          + ", ".join(POST_SECTIONS), valore=args.sezioni)
    return chosen


def post_all(args: argparse.Namespace) -> list[str]:
    """`pubblica --formato tutti`: every format from one load of the workbook, written
    into a folder (default: NOME-post-turno-N beside the workbook) all or none: a full
    disk leaves the folder as it was (or none), never some posts new and some old."""
    from risiko_xl.publish.posts import file_name, publish_all
    from risiko_xl.services.publication import post_source

    sections = post_sections(args)
    round_no, texts = on_book(args, lambda b: publish_all(
        post_source(b), args.turno, args.primi, sections, not args.senza_dicitura),
        save=False)
    folder = args.out or args.file.parent / f"{args.file.stem}-post-turno-{round_no}"
    return write_posts(folder, {file_name(round_no, fmt): text for fmt, text in texts.items()})


def write_posts(folder: Path, names: dict[str, str]) -> list[str]:
    """Every post of `names` ({file name: text}) into `folder`, all or none."""
    from risiko_xl.files.writes import atomic_write_folder, writable_target

    for name in names:  # every file checked before the first is written
        target = folder / name
        if target.is_symlink():  # a link may lead to the tournament itself: never through
            raise RisikoError("il file da scrivere è un collegamento (symlink): cancellarlo o "
                              "scegliere un'altra cartella; nessun post scritto",
                              valore=str(target))
        if target.exists() and not target.is_file():
            raise RisikoError("il file da scrivere non è un file normale (una cartella, un "
                              "dispositivo o una pipe): nessun post scritto",
                              valore=str(target))
        writable_target(target)
    try:
        written = atomic_write_folder(folder, {name: _text_writer(text)
                                               for name, text in names.items()})
    except OSError as err:  # a full disk: named with the folder, left as it was
        raise OSError(err.errno, err.strerror, str(folder)) from None
    return [f"Scritto {path}" for path in written]


def _text_writer(text: str) -> Callable[[Path], object]:
    return lambda temp: temp.write_text(text, encoding="utf-8")
