"""The wheel an organiser installs (`pip install .`) holds every package, the formula
presets and the post/referti templates, and works outside the repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.support.excel_standin import carries_key, shipped_parts

pytestmark = pytest.mark.lento  # a wheel built and installed

ROOT = Path(__file__).parents[2]



def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"]


def test_every_package_and_data_folder_is_listed():
    config = _config()
    found = {".".join(p.relative_to(ROOT).parts) for p in (ROOT / "risiko_xl").rglob("*")
             if p.is_dir() and p.name != "__pycache__"}
    found |= {"risiko_xl", *("risiko_xl.templates" + ".".join(("", *p.relative_to(
        ROOT / "templates").parts)) for p in [ROOT / "templates", *(
            d for d in (ROOT / "templates").rglob("*") if d.is_dir())])}
    assert set(config["packages"]) == found
    assert config["package-dir"] == {"risiko_xl.templates": "templates"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The wheel built from the repository, unpacked as pip installs it. Built from a copy:
    setuptools writes build/ and *.egg-info into the source folder, which the tests running
    at the same time (pytest-xdist) and the editable install read."""
    folder = tmp_path_factory.mktemp("wheel")
    source = folder / "src"
    skipped = shutil.ignore_patterns(".git", ".venv", ".hypothesis", ".pytest_cache",
                                     "__pycache__", "*.egg-info", "demo", "tests")

    def ignore(folder: str, names: list[str]) -> set[str]:  # the top build/, not risiko_xl/build
        return set(skipped(folder, names)) | ({"build"} if Path(folder) == ROOT else set())

    shutil.copytree(ROOT, source, ignore=ignore)
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(source),
                            "-w", str(folder / "dist")], capture_output=True, text=True,
                           cwd=folder, timeout=600)
    if build.returncode:
        if os.environ.get("CI") == "true":
            pytest.fail(f"pip wheel: {build.stderr[-2000:]}")
        pytest.skip(f"pip wheel non riuscito (serve l'indice PyPI): {build.stderr[-300:]}")
    wheel = next((folder / "dist").glob("risiko_xl-*.whl"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(folder / "site"), str(wheel)], check=True, timeout=300)
    return folder / "site"


def test_the_wheel_carries_no_licence_key(installed):
    """The xlwings PRO key of the tests (tests/support/excel_standin.py) is not shipped."""
    wheel = next((installed.parent / "dist").glob("risiko_xl-*.whl"))
    parts = list(shipped_parts(wheel))
    assert any(name.endswith("risiko_xl/udfs.py") for name, _ in parts)
    assert [name for name, data in parts if carries_key(data)] == []


def _run(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site)}  # the wheel's risiko_xl before the repo's
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=300)


def untimed(post: str) -> list[str]:
    """The post without its publication time (the two runs may straddle a minute)."""
    return [line for line in post.splitlines() if "Pubblicato" not in line]


def test_the_installed_wheel_posts_and_draws_from_its_own_files(installed, demo, tmp_path):
    where = _run(installed, "-c", "import risiko_xl.publish.render as r, risiko_xl as p; "
                 "print(p.__file__); print(r.TEMPLATES)", cwd=tmp_path)
    package, templates = where.stdout.split()
    assert Path(package).is_relative_to(installed) and Path(templates).is_relative_to(installed)
    post = _run(installed, "-m", "risiko_xl.cli", "post", str(demo), "--formato", "html",
                cwd=tmp_path)
    assert post.returncode == 0, post.stderr
    here = subprocess.run([sys.executable, "-m", "risiko_xl.cli", "post", str(demo),
                           "--formato", "html"], capture_output=True, text=True, timeout=300)
    assert untimed(post.stdout) == untimed(here.stdout) and "<table" in post.stdout
    new = _run(installed, "-m", "risiko_xl.cli", "new", "t.xlsx", "--formula", "eagles",  # a preset
               cwd=tmp_path)
    assert new.returncode == 0, new.stderr
