"""The command line: the demo computes the seeds' examples; errors exit with code 2."""

import subprocess
import sys

import pytest

from risiko_xl import cli

pytestmark = pytest.mark.lento  # workbooks built and played: not in make test-rapido


def test_demo_writes_and_prints_examples(tmp_path, capsys):
    assert cli.main(["demo", str(tmp_path)]) == 0
    text = (tmp_path / "esempi.txt").read_text(encoding="utf-8")
    # seed 001 §7: C winner with 48 → 1,048; 5-table winner 28 → 1,035
    assert "1,048" in text and "1,035" in text
    assert text == capsys.readouterr().out.split("Scritto")[0]


def test_console_script_runs():
    result = subprocess.run([sys.executable, "-m", "risiko_xl.cli", "--version"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and "risiko-xl" in result.stdout


@pytest.mark.parametrize("seed", ["a\x07b", "riga\nnuova", "\u202eovesciato", "   "])
def test_a_seed_with_control_characters_is_refused(tmp_path, capsys, seed):
    path = tmp_path / "torneo.xlsx"
    assert cli.main(["new", str(path), "--formula", "master"]) == 0
    before = path.read_bytes()
    assert cli.main(["draw", str(path), "--seme", seed]) == cli.EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "seme" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before


ENGLISH_HELP = ("usage:", "positional arguments", "options:", "optional arguments",
                "show this help message", "show program's version")


@pytest.mark.parametrize("command", [[], ["nuovo"], ["sorteggia"], ["classifica"], ["finali"],
                                     ["ritira"], ["verifica"], ["ripristina"], ["esporta"],
                                     ["pubblica"], ["referti"], ["demo"], ["iscrivi"]])
def test_help_speaks_italian(command, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main([*command, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("Uso: risiko-xl")
    assert not [w for w in ENGLISH_HELP if w in text.casefold()], text


def test_italian_commands_and_english_aliases_do_the_same(tmp_path, capsys):
    italian, english = tmp_path / "it.xlsx", tmp_path / "en.xlsx"
    assert cli.main(["nuovo", str(italian), "--formula", "master"]) == 0
    assert cli.main(["new", str(english), "--formula", "master"]) == 0
    for it, en in (("classifica", "standings"), ("verifica", "verify")):
        assert cli.main([it, str(italian)]) == cli.main([en, str(english)]) == 0
    capsys.readouterr()
    assert cli.main(["ripristina", str(italian), "--elenco"]) == 0
    assert "risiko-xl nuovo" in capsys.readouterr().out  # the history speaks Italian
