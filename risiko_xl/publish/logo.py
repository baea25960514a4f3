"""The club's logo on the score sheets: the setting «Logo», read once and bounded.

A PNG or JPEG file, relative to the workbook's folder or absolute; its file size and its
pixels are checked before it is decoded (a phone photo passes, 100 MB of anything does
not), and what is printed is one small upright copy without metadata (`Logo`), stored
once however many sheets print it.
"""

from __future__ import annotations

import io
import os
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

from risiko_xl.books import schema
from risiko_xl.cells import to_text
from risiko_xl.errors import RisikoError, os_problem
from risiko_xl.publish.numbers import italian
from risiko_xl.publish.score_sheet import LOGO_PIXELS, Logo


def setting_error(key: str, message: str, value: Any) -> RisikoError:
    """A setting of the score sheets («Logo», «Durata partita») refused, naming its cell."""
    return RisikoError(f"tabella {schema.SETTINGS.name}, voce «{key}»: {message}",
                       foglio=schema.SETTINGS.sheet, colonna="Valore", valore=value)

LOGO_KEY = "Logo"

LOGO_SUFFIXES = (".png", ".jpg", ".jpeg")

# The largest logo accepted: a phone photo (4000×3000, 12 million pixels) and a 24-megapixel
# camera's (6000×4000) pass; a 10000×10000 image (100 million pixels, 400 MB once decoded)
# is refused before it is decoded. The sheet prints it at most 4 cm wide.
LOGO_MAX_PIXELS = 25_000_000

# Its file too is bounded: the same photos weigh a few MB as JPEG (up to 15 for the camera's
# finest); a small picture followed by 100 MB of anything else (a PNG's extra chunks, a
# JPEG's comments) is refused before it is read, whatever its pixels. What is printed is a
# copy of at most LOGO_PIXELS, made from the file once per print.
LOGO_MAX_BYTES = 20_000_000

# An embedded colour profile is kept when it is a usual one (sRGB's is 3 kB, the largest
# printer profiles a few hundred kB); a bigger one is left out (the colours read as sRGB).
LOGO_MAX_PROFILE = 1_000_000

JPEG_QUALITY = 90


def read_logo(folder: Path | None, settings: dict[str, Any]) -> Logo | None:
    """The setting «Logo»: a PNG/JPEG file, relative to the workbook's `folder` (the
    current one when the workbook has none) or absolute, read once, checked (format, file
    size, pixels) and turned into the copy printed (`Logo`)."""
    value = settings.get(LOGO_KEY)
    text = to_text(value)
    if text is None:
        return None
    path = Path(text).expanduser()
    if not path.is_absolute():
        path = (folder or Path.cwd()) / path
    if path.suffix.lower() not in LOGO_SUFFIXES:
        raise setting_error(LOGO_KEY, "il logo deve essere un'immagine PNG o JPEG", value)
    if path.exists() and not path.is_file():
        raise setting_error(LOGO_KEY, f"«{path}» non è un file d'immagine (è una cartella "
                             "o un dispositivo): indicare il file PNG o JPEG del logo", value)
    if not path.is_file():
        raise setting_error(LOGO_KEY, f"file del logo non trovato ({path}); un percorso "
                             "relativo parte dalla cartella del file del torneo",
                             value)
    try:
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            data = handle.read(LOGO_MAX_BYTES + 1) if size <= LOGO_MAX_BYTES else b""
    except OSError as err:
        raise setting_error(LOGO_KEY, f"il file del logo {path.name} non si può leggere "
                             f"({os_problem(err)})", value) from None
    if size > LOGO_MAX_BYTES or len(data) > LOGO_MAX_BYTES:  # grown while read: as big
        raise setting_error(LOGO_KEY, f"il file del logo {path.name} pesa "
                             f"{_megabytes(max(size, len(data)))}, oltre il limite di "
                             f"{_megabytes(LOGO_MAX_BYTES)} (un logo pesa di solito meno di "
                             "1 MB): ridurlo o salvarlo di nuovo in PNG o JPEG", value)
    return _printed_logo(path, data, value)


def _megabytes(size: int) -> str:
    """A file size as the organiser reads it: «100,1 MB», rounded up (a file one byte over
    a 20 MB limit says «20,1 MB»), «20 MB» when round."""
    tenths = -(-size // 100_000)
    return f"{italian(Fraction(tenths, 10), 0 if tenths % 10 == 0 else 1)} MB"


def _printed_logo(path: Path, data: bytes, value: Any) -> Logo:
    """The copy of the logo file's `data` that is printed: upright (a photo's EXIF
    orientation applied), scaled down to `LOGO_PIXELS` on its longer side, re-encoded in
    its own format without metadata; the size checked from the header before decoding."""
    from PIL import Image, ImageOps  # Pillow: loaded when a logo is printed

    try:
        with warnings.catch_warnings():  # the size is checked here, in Italian
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=("PNG", "JPEG")) as image:
                width, height = image.size  # read from the header: nothing decoded yet
                if width * height > LOGO_MAX_PIXELS:
                    raise _logo_too_big(path, f"{width}×{height} pixel", value)
                kind = "PNG" if image.format == "PNG" else "JPEG"  # a phone's MPO is one
                image.draft(None, (LOGO_PIXELS, LOGO_PIXELS))  # a JPEG decodes reduced
                upright = ImageOps.exif_transpose(image)
                upright.thumbnail((LOGO_PIXELS, LOGO_PIXELS))
                profile = image.info.get("icc_profile")
                out = io.BytesIO()
                options: dict[str, Any] = {"quality": JPEG_QUALITY} if kind == "JPEG" else {}
                if profile and len(profile) <= LOGO_MAX_PROFILE:
                    options["icc_profile"] = profile
                else:
                    upright.info.pop("icc_profile", None)
                upright.save(out, format=kind, **options)
    except RisikoError:
        raise
    except Image.DecompressionBombError:  # Pillow's own limit, far above ours
        raise _logo_too_big(path, "più di 178 milioni di pixel", value) from None
    except Exception:  # any decoding failure means the file is not a usable image
        raise setting_error(LOGO_KEY, f"il file {path.name} non è un'immagine PNG o "
                             "JPEG leggibile", value) from None
    return Logo(path=path, kind=kind, width=upright.width, height=upright.height,
                data=out.getvalue())


def _logo_too_big(path: Path, found: str, value: Any) -> RisikoError:
    return setting_error(LOGO_KEY, f"il logo {path.name} misura {found}, oltre il limite "
                          f"di {LOGO_MAX_PIXELS // 1_000_000} milioni di pixel (una foto del "
                          "telefono, 4000×3000, va bene): ridurlo", value)


