"""Jinja2 environments over the project's `templates/`, one per output language.

Every `{{ value }}` a template prints goes through the language's escaping (HTML
autoescape; for BBCode, Markdown and plain text a `finalize` hook), so a player called
`[url=x]y[/url]` or `<script>` is printed as text whatever template prints the name; its
line breaks and bidirectional controls (`names.neutral_bidi`) are removed first.
Markup a template builds itself is literal template text and is never escaped.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import stat
from collections.abc import Callable
from functools import cache
from pathlib import Path

import jinja2
from babel.dates import format_date, format_datetime
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from jinja2.bccache import Bucket, FileSystemBytecodeCache
from markupsafe import Markup

from risiko_xl.clock import ROME, italian_time
from risiko_xl.names import neutral_bidi
from risiko_xl.publish.numbers import italian

BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")
_INSTALLED = Path(__file__).resolve().parents[1] / "templates"  # inside a wheel
TEMPLATES = _INSTALLED if _INSTALLED.is_dir() else Path(__file__).resolve().parents[2] / "templates"


def one_line(text: str) -> str:
    """Line breaks and control characters become one blank: a name never starts a line;
    bidirectional controls are removed: a name never reverses the text after it."""
    return neutral_bidi(BREAKS.sub(" ", text))


def _finalizer(escape: Callable[[str], str]) -> Callable[[object], object]:
    def finalize(value: object) -> object:
        if value is None:
            return ""
        if isinstance(value, Markup):
            return value
        return escape(one_line(str(value)))
    return finalize


def data(value: dt.date | dt.datetime, with_time: bool = True) -> str:
    """Italian dates: «sabato 21 novembre 2026, 21:00», on the Italian clock (`clock`)."""
    if isinstance(value, dt.datetime) and with_time:
        return format_datetime(italian_time(value), "EEEE d MMMM y, HH:mm", tzinfo=ROME,
                               locale="it_IT")
    return format_date(value, "EEEE d MMMM y", locale="it_IT")


class CompiledTemplates(FileSystemBytecodeCache):
    """Each template compiled once for this computer's user, not at every post (a tenth
    of `pubblica --formato tutti`): in the user's own cache folder (`cache_folder`), each
    entry checked against its template's text. Keyed by the environment's language, whose
    options compile a template differently, and by Jinja's version; a cache that cannot
    be written is no cache."""

    def __init__(self, language: str) -> None:
        super().__init__(str(cache_folder()))
        self.language = language

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return super().get_cache_key(f"{self.language}|{jinja2.__version__}|{name}",
                                     filename)

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except OSError:
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


def cache_folder() -> Path:
    """`risiko-xl/modelli` in the user's cache folder (XDG_CACHE_HOME or ~/.cache;
    LOCALAPPDATA on Windows), made private; never a shared temporary folder, where another
    user could plant a link in its place. RuntimeError when it is not a folder of this
    user's own, readable by nobody else."""
    base = os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
    base = base or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(base) / "risiko-xl" / "modelli"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    found = os.lstat(folder)  # a link is no folder of ours: never followed, never changed
    if not stat.S_ISDIR(found.st_mode) or (hasattr(os, "getuid")
                                           and found.st_uid != os.getuid()):
        raise RuntimeError(f"cartella della cache non privata: {folder}")
    if found.st_mode & 0o077:  # ours, left open: closed
        os.chmod(folder, 0o700)
    return folder


def _compiled(language: str) -> CompiledTemplates | None:
    try:
        return CompiledTemplates(language)
    except (OSError, RuntimeError):  # no private folder to be had: no cache
        return None


@cache
def environment(language: str, escape: Callable[[str], str] | None = None) -> Environment:
    """The environment for `language` ("html" autoescapes; the others apply `escape`)."""
    html = language == "html"  # autoescaped by Jinja after `finalize`
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=html,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      bytecode_cache=_compiled(language),
                      keep_trailing_newline=not html,
                      finalize=_finalizer(escape or (lambda s: s)))
    env.filters["numero"] = italian
    env.filters["data"] = data
    env.globals["zip"] = zip
    return env
