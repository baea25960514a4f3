"""A formula as an organiser announces it, in Italian (003 Art. 2: the formulation
«sarà comunicata» before play): the rounds and results dropped, who goes straight to the
final, the phase before it with its places and ripescati, the final, the ties. The same
lines head the first post, the room screen and `risiko-xl formula`.
"""

from __future__ import annotations

from risiko_xl.formulas.dump import method_params
from risiko_xl.formulas.model import Formula
from risiko_xl.formulas.rule_rows import to_rows
from risiko_xl.formulas.rule_table import rule_at
from risiko_xl.rules.vocabulary import labels
from risiko_xl.standings.config import (
    RECALL_CRITERIA_TABLE,
    STANDING_CRITERIA_TABLE,
    PhaseRules,
    StandingsRules,
)
from risiko_xl.standings.playoff import label_of

CRITERIA = labels(STANDING_CRITERIA_TABLE)
RECALLS = labels(RECALL_CRITERIA_TABLE)


def _games(n: int) -> str:
    return f"{n} partit{'a' if n == 1 else 'e'}"


def _places(places: tuple[int, ...]) -> str:
    if not places:
        return ""
    if len(places) > 2 and list(places) == list(range(places[0], places[-1] + 1)):
        return f"dal {places[0]}° al {places[-1]}°"
    words = [f"{p}°" for p in places]
    return ", ".join(words[:-1]) + " e " + words[-1] if len(words) > 1 else words[0]


def standings_words(rules: StandingsRules) -> list[str]:
    """The preliminary rounds: how many, what is dropped, the minimum of games."""
    line = f"{rules.rounds} turn{'o' if rules.rounds == 1 else 'i'} preliminar" \
           f"{'e' if rules.rounds == 1 else 'i'}"
    if rules.medals:
        line += ", medagliere (vittorie, poi secondi, terzi e quarti posti)"
    elif rules.best_of is not None:
        line += f", contano i migliori {rules.best_of} risultati (con meno turni, tutti)"
    elif rules.drops:
        line += (f", {rules.drops} scart{'o' if rules.drops == 1 else 'i'} (assenze "
                 "comprese: un turno saltato vale 0 ed è il primo scartato)")
        if rules.drops_from:
            line += f", dal {rules.drops_from}° turno"
    else:
        line += " a somma di punti"
    lines = [line]
    if rules.min_games:
        lines.append(f"In classifica prima chi ha giocato almeno {_games(rules.min_games)}")
    if rules.chain:
        lines.append("A parità di punti: " + ", ".join(CRITERIA.get(c, c) for c in rules.chain))
    return lines


def _direct_words(ph: PhaseRules, d: int) -> str:
    rule = ph.direct.rule
    if rule == "sole_leader":
        return ("il primo in finale se è da solo in testa e ha vinto tutte le partite"
                if d else "")
    if rule == "unbeaten":
        return (f"fino a {d} primi in finale se hanno vinto tutte le partite e hanno più "
                "punti di chi li segue") if d else ""
    if not d:
        return ""
    return "il primo in finale" if d == 1 else f"i primi {d} in finale"


def stage_name(ph: PhaseRules) -> str:
    """The phase before the final as posts name it: semifinali, spareggio, ripescaggio."""
    stage = ph.stage
    if stage is None or stage.kind == "knockout":
        return "eliminazione diretta"
    return "semifinali" if stage.kind == "semifinals" else label_of(ph)


def _stage_words(ph: PhaseRules, d: int) -> str:
    stage = ph.stage
    assert stage is not None
    tables = ph.final_size - d
    line = f"{stage_name(ph)}: {_places(ph.ranks(d))}"
    if stage.min_games:
        line += f" (fra chi ha giocato almeno {_games(stage.min_games)})"
    if stage.recalls:
        picks = [RECALLS.get(c, c) for c in stage.recalls]
        many = len(picks) > 1
        line += (f" più {'i ripescati' if many else 'un ripescato'}: " + "; ".join(picks))
        pool = "tra gli esclusi"
        if stage.recall_from:
            pool += f" dal {stage.recall_from}° posto in giù"
        if stage.recall_min_games:
            pool += f" che hanno giocato almeno {_games(stage.recall_min_games)}"
        line += f" {pool}"
    line += (f"; {tables} tavol{'o' if tables == 1 else 'i'} da {stage.table_size}")
    if stage.kind == "semifinals" and stage.club_separation:
        line += ", club separati"
    return line


def _final_words(ph: PhaseRules, d: int) -> str:
    stage = ph.stage
    assert stage is not None
    name = stage_name(ph)
    who = ("i vincitori delle semifinali" if stage.kind == "semifinals" else
           f"il vincitore dello {name}" if name.startswith("s") else f"il vincitore del {name}")
    first = f"i primi {d}" if d > 1 else "il primo" if d == 1 else ""
    return f"in finale ({ph.final_size} giocatori) " + " e ".join(p for p in (first, who) if p)


def phases_words(ph: PhaseRules, players: int | None = None) -> list[str]:
    """What follows the preliminaries, one line per case of the field."""
    if ph.kind == "none":
        return ["Nessuna finale: vince la classifica"]
    if ph.kind == "knockout":
        return [f"Eliminazione diretta: passa il vincitore di ogni tavolo, turno dopo turno, "
                f"fino alla finale a {ph.final_size}"]
    if ph.kind == "final":
        line = f"Finale dei primi {ph.final_size} della classifica"
        if ph.final_min_games:
            line += f" (fra chi ha giocato almeno {_games(ph.final_min_games)})"
        return [line]
    cases: list[tuple[str, int]] = []
    direct = ph.direct
    if direct.rule == "sole_leader":
        cases = [("", 1), ("altrimenti", 0)]
    elif direct.field:
        low = 0
        for limit, n in direct.field:
            cases.append((f"con {low + 1}-{limit} giocatori in classifica" if low
                          else f"fino a {limit} giocatori in classifica", n))
            low = limit
        cases.append((f"con più di {low} giocatori", direct.count))
    else:
        cases = [("", direct.most)]
    if players is not None and direct.field:
        now = direct.count_for(players)
        cases = [c for c in cases if c[1] == now][:1] + [c for c in cases if c[1] != now]
    lines = []
    for when, d in cases:
        parts = [p for p in (_direct_words(ph, d), _stage_words(ph, d), _final_words(ph, d))
                 if p]
        text = "; ".join(parts)
        lines.append(f"{when[:1].upper()}{when[1:]}: {text}" if when else
                     f"{text[:1].upper()}{text[1:]}")
    if ph.final_min_games:
        lines.append(f"Per un posto in finale dalla classifica servono almeno "
                     f"{_games(ph.final_min_games)}")
    split = ph.split
    if split.steps:
        lines.append("Un torneo parallelo in più oltre " + ", ".join(
            str(s) for s in split.steps) + " giocatori, ciascuno con la sua finale")
    elif split.over is not None:
        lines.append(f"Oltre {split.over} giocatori: {split.ways} tornei paralleli, "
                     "ciascuno con la sua finale")
    return lines


def scoring_words(formula: Formula) -> str:
    """The method and what the formula changes of it («millesimi: … ; tetto del
    vincitore al tavolo da 5 1,1»)."""
    method = formula.scoring
    line = f"Punteggio: {method.name} ({method.summary})"
    changed = []
    rows = {r.rule: r.value for r in to_rows(
        {"scoring": {"method": method.name, "params": method_params(method)}})}
    for key in method_params(method):
        rule = rule_at(("scoring", "params", key), method.name)
        if rule is not None and rows.get(rule.name) not in ("", None):
            changed.append(f"{rule.name}: {rows[rule.name]}")
    return line + (", con " + "; ".join(changed) if changed else "")


def variant_words(key: str, players: int) -> str:
    """The formulation the first draw's field chose (003 Art. 2: «Il superamento o meno del
    numero minimo di giocatori … sarà decretato tra il sorteggio e l'inizio delle partite
    del primo turno»)."""
    return f"{players} giocatori al primo sorteggio: formulazione {key})"


def announce(formula: Formula, players: int | None = None) -> list[str]:
    """The formula in words, a line each (`players`: the field, when known, puts the
    case in effect first)."""
    return [formula.title, scoring_words(formula), *standings_words(formula.standings),
            *phases_words(formula.phases, players)]
