"""`--help` and argparse's errors stay Italian on every Python the project supports
(3.11–3.14): argparse's wording changed across versions (3.12 choice formatting, 3.14
suggestions and colours). Each interpreter found imports `risiko_xl.cli` from the
repository (it imports only the standard library at top level) and runs the parser; with
CI=true, fewer than two interpreters is a failure."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from risiko_xl import cli
from risiko_xl.cli.parser import command_names

ROOT = Path(__file__).resolve().parents[2]
VERSIONS = ("3.11", "3.12", "3.13", "3.14")
ENGLISH = ("usage:", "positional arguments", "options:", "optional arguments",
           "show this help message", "show program's version", "maybe you meant",
           "invalid choice", "choose from", "error:", "the following arguments",
           "expected one argument", "unrecognized arguments", "did you mean")
COMMANDS = command_names()
RUNS = [[], *[[c] for c in COMMANDS]]
WRONG = [["classifca", "x.xlsx"], ["pubblica", "x.xlsx", "--formato", "markdwn"],
         ["referti", "x.xlsx", "--turno", "1", "--per-pagina", "3"],
         ["sorteggia", "x.xlsx", "--turno", "zero"], ["ritira"], ["verifica", "a", "b"]]
SCRIPT = """
import contextlib, io, json, sys
from risiko_xl import cli
out = []
for argv in json.loads(sys.argv[1]):
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            code = cli.main(argv)
        except SystemExit as done:
            code = done.code
    out.append([argv, code, stdout.getvalue(), stderr.getvalue()])
print(json.dumps(out))
"""


def _version(python: str) -> str | None:
    try:
        done = subprocess.run([python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                              capture_output=True, text=True, timeout=30, check=False)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def interpreters() -> dict[str, str]:
    """version → interpreter, for the supported versions found on this machine."""
    candidates = [sys.executable]
    for version in VERSIONS:
        candidates.append(shutil.which(f"python{version}") or "")
        pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
        candidates += sorted(str(p) for p in pyenv.glob(f"{version}*/bin/python"))
    found: dict[str, str] = {}
    for python in filter(None, candidates):
        version = _version(python)
        if version in VERSIONS and version not in found:
            found[version] = python
    return found


FOUND = interpreters()


def test_enough_interpreters_on_ci():
    if os.environ.get("CI", "").lower() == "true":
        assert len(FOUND) >= 2, f"Python trovati: {sorted(FOUND)}"
    elif len(FOUND) < 2:
        pytest.skip(f"solo {sorted(FOUND)}: servono almeno due versioni fra {VERSIONS}")


@pytest.mark.parametrize("version", sorted(FOUND))
def test_help_and_errors_are_italian(version, tmp_path):
    argvs = [[*argv, "--help"] for argv in RUNS] + [["--version"]] + WRONG
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FORCE_COLOR": "1", "COLUMNS": "100"}
    env.pop("NO_COLOR", None)
    done = subprocess.run([FOUND[version], "-c", SCRIPT, json.dumps(argvs)], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    for argv, code, out, err in json.loads(done.stdout):
        text = out + err
        english = [w for w in ENGLISH if w in text.casefold()]
        assert not english, (version, argv, english, text)
        assert "\x1b[" not in text, (version, argv)  # no colour codes
        if argv[-1] == "--help":
            assert code == 0 and out.startswith("Uso: risiko-xl"), (version, argv, text)
        elif argv != ["--version"]:
            assert code == cli.EXIT_BAD_INPUT and err.startswith("Errore: "), (version, argv)
            assert len(err.strip().splitlines()) == 1, (version, argv, err)
    results = {tuple(a): e for a, _c, _o, e in json.loads(done.stdout)}
    assert "forse intendevi «classifica»" in results["classifca", "x.xlsx"]
    assert "forse intendevi «markdown»" in results[
        "pubblica", "x.xlsx", "--formato", "markdwn"]
