"""How a player's name is written: the one place that decides it.

Identity matters on the score sheets players sign, in the rankings and in the list of
qualifiers: there the real name is shown, with the nickname between typographic quotes
where one is set — «Giuseppe “Peppe” D'Amico» (Nome “Nickname” Cognome). Posts follow the
setting «Nomi nei post»: `nome e soprannome` (that same form, the default), `nome` (first
and last name only) or `soprannome` (the nickname, else the name). A player registered
with only a nickname is shown by the nickname in every form. Quotes typed in a nickname,
of any style, are dropped before ours are added (`“Il” "Duca"` is shown “Il Duca”).
"""

from __future__ import annotations

import re
import unicodedata

from risiko_xl.typed import CELL_LIMIT, excel_length

FULL, NAME, NICKNAME = "nome e soprannome", "nome", "soprannome"
FORMS = (FULL, NAME, NICKNAME)
OPEN, CLOSE = "\u201c", "\u201d"  # “ ”
QUOTES = OPEN + CLOSE + '"\u201e\u00ab\u00bb'  # any style of quotes


BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


def neutral_bidi(text: str) -> str:
    """`text` without bidirectional embedding, override and isolate characters: invisible,
    they lay out the text after them backwards (`publish.safe_text`)."""
    return BIDI_CONTROLS.sub("", text)


def unprintable(text: str) -> str | None:
    """The first character of `text` that a name must not hold: a control character (a
    tab, a line break), a format one (a bidi override, a zero-width space) or a surrogate;
    None when there is none. Every way a name comes in (`iscrivi`, a list of players,
    GestioneTorneo's Iscritti) refuses the same ones."""
    return next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Cs")), None)


def _clean(part: str | None) -> str:
    return " ".join(str(part).split()) if part is not None else ""


def player_name(first: str | None, last: str | None, nickname: str | None,
                form: str = FULL) -> str:
    """The player's name in `form` (one of `FORMS`); '' when nothing is known. Quotes
    typed around a nickname give way to ours; quotes inside it are kept as typed.

    >>> player_name("Giuseppe", "D'Amico", "Peppe")
    'Giuseppe “Peppe” D\\'Amico'
    """
    first, last, nick = _clean(first), _clean(last), _clean(_clean(nickname).strip(QUOTES))
    real = " ".join(p for p in (first, last) if p)
    if form == NICKNAME:
        return nick or real
    if form == NAME or not nick or not real:
        return real or nick
    if nick.casefold() == real.casefold():  # the nickname is the name itself
        return real
    quoted = f"{OPEN}{nick}{CLOSE}"
    return " ".join(p for p in (first, quoted, last) if p)


def too_long(shown: str) -> str | None:
    """Why a player's name as the sheets show it (Nome «Nickname» Cognome) cannot be
    written: longer than one Excel cell holds (`Risultati` and `Classifica` hold it whole
    in one cell; openpyxl would cut it without a word); None when it fits."""
    length = excel_length(shown)
    if length <= CELL_LIMIT:
        return None
    return (f"il nome come compare nei fogli (Nome, Nickname e Cognome) ha {length} "
            f"caratteri: una cella di Excel ne tiene {CELL_LIMIT} (un'emoji conta 2); "
            "accorciarlo")
