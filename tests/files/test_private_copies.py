"""A workbook only its owner may read keeps its backup and its history private too
(adversary 30: `p.bak.xlsx` and the versions were 0644 beside a 0600 tournament that holds
e-mails and birth dates); a post is never written through a link (adversary 30: `pubblica
--formato tutti` overwrote the tournament through a link planted in its post folder)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.files.writes import backup_path
from tests.support.workbooks import new_with_players

pytestmark = pytest.mark.skipif(os.name == "nt", reason="permessi POSIX")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_backup_and_versions_keep_the_workbooks_permissions(tmp_path: Path) -> None:
    path = tmp_path / "privato.xlsx"
    assert cli.main(["nuovo", str(path), "--formula", "master"]) == 0
    folder = tmp_path / "privato.xlsx.versioni"
    public = set(folder.glob("*.xlsx"))  # written while the file was anybody's to read
    path.chmod(0o600)
    assert cli.main(["iscrivi", str(path), "Ada Neri"]) == 0
    assert cli.main(["iscrivi", str(path), "Bea Verdi"]) == 0
    assert mode(path) == 0o600
    assert mode(backup_path(path)) == 0o600
    versions = [p for p in folder.glob("*.xlsx") if p not in public]
    assert versions and all(mode(v) & 0o077 == 0 for v in versions), \
        [(v.name, oct(mode(v))) for v in versions]


def test_a_post_folder_holding_a_link_writes_nothing(tmp_path: Path, capsys) -> None:
    path = new_with_players(tmp_path / "t.xlsx", "master", 12, 3, "ln", seed="link")
    assert cli.main(["sorteggia", str(path)]) == 0
    before = path.read_bytes()
    folder = tmp_path / "post"
    folder.mkdir()
    (folder / "post-html.html").symlink_to(path)
    for name in ("post-turno-1-html.html", "post-turno-0-html.html", "post-html.html"):
        if not (folder / name).exists():
            (folder / name).symlink_to(path)
    code = cli.main(["pubblica", str(path), "--formato", "tutti", "--out", str(folder)])
    said = capsys.readouterr()
    assert code == 2 and "collegamento" in said.err + said.out
    assert path.read_bytes() == before
