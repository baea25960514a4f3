"""Templates compiled once per user (issue 28: compiling them was a tenth of `pubblica
--formato tutti`): what is printed never depends on the cache."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader

from risiko_xl.publish import render
from risiko_xl.publish.render import CompiledTemplates


def env(folder: Path, cache: Path, language: str, html: bool) -> Environment:
    compiled = CompiledTemplates(language)
    compiled.directory = str(cache)
    return Environment(loader=FileSystemLoader(folder), autoescape=html,
                       keep_trailing_newline=not html, bytecode_cache=compiled)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "nome.j2").write_text("{{ nome }}\n", encoding="utf-8")
    return tmp_path / "t"


def test_each_language_keeps_its_own_compiled_template(folder: Path, tmp_path: Path) -> None:
    """One template, compiled with autoescape and without: each language reads back its
    own (HTML escapes, BBCode does not), first and second time alike."""
    cache = tmp_path / "cache"
    cache.mkdir()
    for _ in range(2):
        assert env(folder, cache, "html", True).get_template("nome.j2").render(
            nome="<b>") == "&lt;b&gt;"
        assert env(folder, cache, "bbcode", False).get_template("nome.j2").render(
            nome="<b>") == "<b>\n"
    assert len(list(cache.iterdir())) == 2


def test_a_changed_template_is_compiled_again(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    assert env(folder, cache, "text", False).get_template("nome.j2").render(nome="a") == "a\n"
    (folder / "nome.j2").write_text("[{{ nome }}]\n", encoding="utf-8")
    assert env(folder, cache, "text", False).get_template("nome.j2").render(nome="a") \
        == "[a]\n"


def test_a_damaged_or_unwritable_cache_is_no_cache(folder: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    env(folder, cache, "text", False).get_template("nome.j2")
    for entry in cache.iterdir():
        entry.write_bytes(b"j2 rovinato")
    assert env(folder, cache, "text", False).get_template("nome.j2").render(nome="x") == "x\n"
    gone = tmp_path / "non-esiste"  # a folder that cannot be written: rendered all the same
    assert env(folder, gone, "text", False).get_template("nome.j2").render(nome="y") == "y\n"


def test_the_cache_is_the_users_own_folder(tmp_path: Path, monkeypatch) -> None:
    """Never the shared temporary folder: another user's link planted where the cache
    goes is neither followed nor changed (no cache then), a folder left open is closed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("LOCALAPPDATA", raising=False)
    folder = render.cache_folder()
    assert folder == tmp_path / "cache" / "risiko-xl" / "modelli"
    assert folder.stat().st_mode & 0o777 == 0o700
    folder.chmod(0o755)
    assert render.cache_folder().stat().st_mode & 0o777 == 0o700
    elsewhere = tmp_path / "altrui"
    elsewhere.mkdir(mode=0o755)
    elsewhere.chmod(0o755)
    folder.rmdir()
    folder.symlink_to(elsewhere)
    assert render._compiled("html") is None
    assert elsewhere.stat().st_mode & 0o777 == 0o755  # the link's target untouched
