"""Fonts for the PDF score sheets, found on this computer when printing (never downloaded).

The main face is DejaVu Sans, shipped with the package (`dejavu/`, its licence beside it):
Latin with its accents, Greek, Cyrillic, Arabic and Hebrew. Scripts it lacks (Chinese,
Japanese, Korean, emoji) are printed with *fallback* fonts looked up by file name in the
usual font folders of Linux, macOS and Windows; Debian's `fonts-droid-fallback` (Chinese,
Japanese, Korean) and `fonts-symbola` (monochrome emoji) are the reference. A character no
font has is printed as its code point (see `referti_pdf`), never as nothing."""

from __future__ import annotations

import importlib.resources
import os
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont

# File names, best first. Colour-only emoji fonts (CBDT/sbix bitmaps, e.g. Noto Color
# Emoji, Apple Color Emoji) are left out: a PDF cannot show their glyphs.
FALLBACK_FILES = (
    # Chinese, Japanese and Korean
    "DroidSansFallback.ttf",  # Debian fonts-droid-fallback (with Hangul)
    "DroidSansFallbackFull.ttf",  # the same package (no Hangul)
    "NotoSansCJK-Regular.ttc", "NotoSansCJKsc-Regular.otf", "wqy-microhei.ttc",
    "wqy-zenhei.ttc", "msyh.ttc", "simsun.ttc", "malgun.ttf", "YuGothR.ttc", "meiryo.ttc",
    "Arial Unicode.ttf", "AppleSDGothicNeo.ttc", "Hiragino Sans GB.ttc", "PingFang.ttc",
    # emoji and symbols, monochrome
    "Symbola_hint.ttf", "Symbola.ttf", "NotoEmoji-Regular.ttf", "seguisym.ttf",
    "seguiemj.ttf", "Apple Symbols.ttf",
    # other scripts
    "NotoSans-Regular.ttf", "arialuni.ttf",
)


def main_fonts() -> tuple[Path, Path]:
    """DejaVu Sans regular and bold, shipped with the package (once taken from
    matplotlib's folder, which installed numpy for two font files)."""
    folder = Path(str(importlib.resources.files("risiko_xl.publish") / "dejavu"))
    return folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"


def font_folders() -> tuple[Path, ...]:
    """The system and user font folders of Linux (and Debian), macOS and Windows."""
    home = Path.home()
    windows = Path(os.environ.get("WINDIR", r"C:\Windows"))
    local = os.environ.get("LOCALAPPDATA")
    folders = [
        Path("/usr/share/fonts"), Path("/usr/local/share/fonts"),
        Path("/usr/share/fonts-droid-fallback"), home / ".local/share/fonts", home / ".fonts",
        Path("/System/Library/Fonts"), Path("/Library/Fonts"), home / "Library/Fonts",
        windows / "Fonts",
    ]
    if local:
        folders.append(Path(local) / "Microsoft/Windows/Fonts")
    return tuple(folders)


@cache
def _index(folders: tuple[Path, ...]) -> dict[str, Path]:
    """Lower-cased file name → first path found under `folders`."""
    found: dict[str, Path] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for root, dirs, files in os.walk(folder):
            dirs.sort()
            for name in sorted(files):
                found.setdefault(name.lower(), Path(root) / name)
    return found


def fallback_fonts(folders: Iterable[Path] | None = None) -> tuple[Path, ...]:
    """The fallback font files present, best first (a PDF loads only those that draw a
    character its text needs)."""
    index = _index(tuple(font_folders() if folders is None else folders))
    return tuple(index[name.lower()] for name in FALLBACK_FILES if name.lower() in index)


@cache
def font_cmap(path: Path) -> frozenset[int]:
    """The characters font file `path` draws (empty when it cannot be read)."""
    try:
        with TTFont(path, lazy=True, fontNumber=0) as font:
            return frozenset(font.getBestCmap() or ())
    except Exception:  # a damaged or unknown font file is simply not used
        return frozenset()


# --- which characters print, and how ------------------------------------------------

def needs_shaping(text: str) -> bool:
    """Whether `text` needs text shaping to print right: a combining mark (a base and its
    accent drawn as one), or a script from Hebrew on (right to left, or letters that join
    and change shape: Arabic, Devanagari, Thai, …), punctuation and symbols aside. Latin,
    Greek and Cyrillic names print the same without: shaping them is most of the time
    a sheet takes."""
    return any(unicodedata.combining(c) or (ord(c) >= 0x0590 and not 0x2000 <= ord(c) < 0x2C00)
               for c in text)


def _ignorable(char: str) -> bool:
    """Invisible format characters (joiners, variation selectors, tags): dropped when no
    font has them, as they only modify the characters around them."""
    return unicodedata.category(char) == "Cf" or "\ufe00" <= char <= "\ufe0f"


def visible(text: str, covered: frozenset[int]) -> str:
    """`text` with each character no font can draw as its code point («U+4E2D»)."""
    if all(ord(c) in covered for c in text):
        return text
    shown = "".join(char if ord(char) in covered else
                    "" if _ignorable(char) else f"[U+{ord(char):04X}]" for char in text)
    return shown if shown.strip() else " ".join(f"[U+{ord(c):04X}]" for c in text)
