"""argparse in Italian: its English errors as one Italian line (exit code 2, no usage
block), its help with Italian headings, a mistyped choice answered with the closest."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from typing import Any, NoReturn

ARGPARSE_ERRORS = (  # argparse's English errors (Python 3.11-3.14), in Italian
    (r"the following arguments are required: (.*)", r"mancano argomenti obbligatori: \1"),
    (r"unrecognized arguments: (.*)", r"argomenti non riconosciuti: \1"),
    (r"one of the arguments (.*) is required", r"serve uno degli argomenti \1"),
    (r"ambiguous option: (\S+) could match (.*)", r"opzione ambigua \1 (può essere \2)"),
    (r"argument COMANDO: invalid choice: (.*?) \(choose from (.*)\)",
     r"comando sconosciuto \1 (disponibili: \2)"),
    (r"argument (\S+): invalid (\w+) value: (.*)",
     r"argomento \1: serve un numero intero (valore trovato: \3)"),
    (r"argument (\S+): invalid choice: (.*?) \(choose from (.*)\)",
     r"argomento \1: valore non ammesso \2 (ammessi: \3)"),
    (r"argument (\S+): expected one argument", r"argomento \1: manca il valore"),
    (r"argument (\S+): expected (.*) arguments?", r"argomento \1: numero di valori errato"),
    (r"argument (\S+): ignored explicit argument (.*)",
     r"argomento \1: non vuole un valore (valore trovato: \2)"),
    (r"argument (\S+): not allowed with argument (.*)",
     r"argomento \1: non si usa insieme a \2"),
    (r"argument (\S+): (.*)", r"argomento \1: \2"),  # our own ArgumentTypeError text
)


class BadArguments(Exception):
    """The command line does not parse: an Italian message for the organiser."""



class ItalianHelp(argparse.HelpFormatter):
    """argparse's help with Italian headings (its own words are English)."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "Uso: " if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """argparse with one Italian error line (no usage block), exit code 2, and Italian help
    (headings «Uso», «argomenti», «opzioni»; -h/--help described in Italian)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", ItalianHelp)
        kwargs["add_help"] = False
        if sys.version_info >= (3, 14):  # argparse's English hints and colours, off
            kwargs.update(suggest_on_error=False, color=False)
        super().__init__(*args, **kwargs)
        self._positionals.title = "argomenti"
        self._optionals.title = "opzioni"
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help="mostra questo aiuto ed esce")

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._words = list(sys.argv[1:] if args is None else args)  # for `error`
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        message = re.sub(r",? maybe you meant .*?\?(?= \(choose from)", "", message)
        dashed = _dashed_value(message, getattr(self, "_words", []))
        hint = _close_choice(message)
        for pattern, italian in ARGPARSE_ERRORS:
            if re.fullmatch(pattern, message, flags=re.DOTALL):
                message = re.sub(pattern, italian, message, flags=re.DOTALL)
                break
        if hint:
            message = message.replace(" (disponibili:", f": forse intendevi «{hint}»? "
                                      "(disponibili:", 1).replace(
                " (ammessi:", f": forse intendevi «{hint}»? (ammessi:", 1)
        if dashed:  # «--club -X»: argparse took «-X» for an option
            option, value = dashed
            shown = f'"{value}"' if " " in value else value
            message = (f"argomento {option}: un valore che inizia con «-» va unito "
                       f"all'opzione con «=»: {option}={shown} (valore trovato: {value!r})")
        raise BadArguments(f"{message[:1].upper()}{message[1:]} (vedere «{self.prog} --help»)")


def _dashed_value(message: str, words: list[str]) -> tuple[str, str] | None:
    """(option, value) when argparse found no value for an option because the word after
    it begins with «-» («--club -X»; `words`: the command line parsed)."""
    found = re.fullmatch(r"argument (\S+): expected one argument", message)
    if found is None:
        return None
    options = found[1].split("/")
    after = next((words[i + 1] for i, w in enumerate(words[:-1]) if w in options), None)
    if after is None or not after.startswith("-"):
        return None
    return options[-1], after


def _close_choice(message: str) -> str | None:
    """The choice closest to the invalid one argparse names (difflib), if any."""
    found = re.search(r"invalid choice: '?(.*?)'? \(choose from (.*)\)", message, re.DOTALL)
    if found is None:
        return None
    choices = [c.strip().strip("'") for c in found[2].split(",")]
    import difflib  # here: a mistyped choice only

    close = difflib.get_close_matches(found[1], choices, n=1, cutoff=0.6)
    return close[0] if close else None
