"""The guide's pictures (docs/img/) are made by the code itself (tools/docs_pictures.py,
`make docs`) and committed, so the site builds without a browser. Here: they are small,
the pages and files they were painted from are still what the code makes (else: `make
docs` and commit them), and, with Chromium, the script paints each of them again."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from tests.support.programs import need_program
from tools.docs_pictures import MANIFEST, PICTURES, PICTURES_MADE, fingerprint, make, sources

KILOBYTES = 200  # the largest picture the repository takes


def _manifest() -> dict[str, dict[str, object]]:
    return json.loads((PICTURES / MANIFEST).read_text(encoding="utf-8"))


def test_every_picture_is_committed_small_and_listed():
    manifest = _manifest()
    assert sorted(manifest) == sorted(p.name for p in PICTURES_MADE)
    for picture in PICTURES_MADE:
        png = PICTURES / picture.name
        assert png.stat().st_size <= KILOBYTES * 1024, picture.name
        with Image.open(png) as image:
            assert list(image.size) == manifest[picture.name]["pixel"], picture.name
            assert image.width == picture.width, picture.name


@pytest.mark.lento
def test_the_pictures_show_what_the_code_shows(tmp_path):
    """The demo played again, the room screens written again: each picture's page has the
    SHA-256 recorded when it was painted."""
    sources(tmp_path)
    manifest = _manifest()
    stale = [p.name for p in PICTURES_MADE
             if fingerprint(tmp_path, p.source) != manifest[p.name]["sha256"]]
    assert stale == [], f"the code now shows something else: make docs ({', '.join(stale)})"


@pytest.mark.lento
@pytest.mark.chromium
def test_the_script_paints_every_picture(tmp_path):
    need_program("chromium", "dipinge le immagini della guida (pacchetto chromium)")
    need_program("pdftoppm", "rasterizza il referto (pacchetto poppler-utils)")
    made = make(tmp_path)
    assert made == _manifest()
    for picture in PICTURES_MADE:
        with Image.open(tmp_path / picture.name) as image:
            assert image.mode == "P", picture.name  # a palette: small
